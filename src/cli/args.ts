/**
 * Turning argv strings into the values the engine's schemas expect: numbers, lists, JSON.
 * Conversion only: whether a number is in range or a kind exists is the engine's call — but a
 * time is checked here by the engine's own reading (`timeFlag`), which needs no schema.
 */
import {
  decimalNumber,
  durationMs,
  EARLIEST_TIME_MS,
  isDuration,
  notADate,
  timeInputMs,
} from "../core/time-input.js";
import { UsageError } from "./usage-error.js";

/**
 * "12" → 12, "1e2" → 100, "+5" → 5 (as REST and the engine take them); "abc", "1.5", "0x10" → a
 * usage error naming the option. Whether it is in range is the engine's call (flag-values.ts
 * says it first for the registry's bounds).
 */
export function toInteger(value: string, what: string): number {
  const n = decimalNumber(value);
  if (!Number.isInteger(n)) throw new UsageError(`${what} must be a whole number, got "${value}".`);
  return n;
}

/** "0.6" → 0.6; "lots", "", "0x5", "Infinity" → a usage error naming the option (the range is the engine's call). */
export function toNumber(value: string, what: string): number {
  const n = decimalNumber(value);
  if (!Number.isFinite(n)) throw new UsageError(`${what} must be a number such as 0.5, got "${value}".`);
  return n;
}

/** "fact,rule" → ["fact", "rule"]. */
export const toList = (value: string): string[] =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** '{"ticket":"OPS-1"}' → { ticket: "OPS-1" }. */
export function toJson(value: string, what: string): Record<string, unknown> {
  // The value as typed (JSON reads best unquoted); an empty one is named, not left as "got .".
  const got = value.trim() === "" ? "nothing (an empty value, or an unset shell variable?)" : value;
  const refused = () =>
    new UsageError(`${what} must be a JSON object such as '{"ticket":"OPS-1"}', got ${got}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw refused();
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw refused();
  return parsed as Record<string, unknown>;
}

/**
 * One `--where field=value` added to the filter so far (the option repeats). The value is a
 * number or true/false when it reads as one, else the text as written; JSON quotes force text:
 * `--where 'build="42"'`. The field may be a dotted path (profile.theme).
 *
 *   toWhere("ticket=OPS-12", {})  // { ticket: "OPS-12" }
 *   toWhere("reviewed=true", {})  // { reviewed: true }
 *   toWhere('n="5"', {})          // { n: "5" }
 */
export function toWhere(
  value: string,
  previous: Record<string, string | number | boolean> | undefined,
): Record<string, string | number | boolean> {
  const at = value.indexOf("=");
  const field = at < 0 ? "" : value.slice(0, at).trim();
  if (field === "")
    throw new UsageError(`--where takes field=value, such as --where ticket=OPS-12; got "${value}".`);
  const raw = value.slice(at + 1);
  let parsed: unknown = raw;
  if (/^(true|false|-?\d+(\.\d+)?([eE][+-]?\d+)?|".*")$/.test(raw.trim())) {
    try {
      parsed = JSON.parse(raw.trim());
    } catch {
      parsed = raw;
    }
  }
  if (previous && Object.hasOwn(previous, field))
    throw new UsageError(`--where names ${field} twice: an item's field has one value.`);
  return { ...previous, [field]: parsed as string | number | boolean };
}

/** Drops undefined fields so the engine's strict schemas see only what the user passed. */
export function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const UNIT_WORDS: Record<string, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};
const DAY = 86_400_000;

/** The relative forms `toTime` reads, as a refusal of a time flag's value names them. */
export const RELATIVE_TIMES = '"yesterday", "3 days ago", "2w" or "last monday"';

/**
 * A time flag's parser (--at, --as-of, --since): relative times as people say them, read against
 * the clock now, and anything else checked as the engine checks a time (core/time-input.ts), so
 * `--at tomorrow` is refused before the store or the engine loads, in the words the engine's
 * refusal would be said in (flag-issues.ts). It carries the forms it reads (`reads`), which that
 * refusal names (flag-issues.ts reads them off the option's parser: importing this module there
 * would split it into a chunk of its own that every command loads, test/e2e/cold-start.test.ts).
 *
 *   program.option("--at <time>", "world time", timeFlag("--at"));
 */
export function timeFlag(flag: string): ((value: string) => string) & { readonly reads: string } {
  return Object.assign(
    (value: string): string => {
      let time: string;
      try {
        time = toTime(value, new Date());
      } catch (error) {
        // Named by its flag, as the refusal below is: `--at: cannot read the time "…"`.
        if (error instanceof UsageError) throw new UsageError(`${flag}: ${error.message}`, { flag, value });
        throw error;
      }
      if (time === value && Number.isNaN(timeInputMs(value)))
        throw new UsageError(`${flag}: ${notADate(value)}; ${flag} also reads ${RELATIVE_TIMES}.`, {
          flag,
          value,
        });
      return time;
    },
    { reads: RELATIVE_TIMES },
  );
}

/**
 * A time as people say it, relative to `now`, as an ISO time; anything else is passed on for the
 * engine to check (2026-03-01, 2026-03-01T12:00:00Z). Relative times keep the time of day:
 *
 *   "now" · "today" → now · "yesterday" → 24 hours ago · a duration back from now, "7d" / "30m" /
 *   "12h" / "2w" / "1h30m" (core/time-input.ts `durationMs`, the worker's reading too) ·
 *   "3 days ago" / "1 week ago" / "90 minutes ago" · "last monday" → the latest Monday
 *   before today (a week ago on a Monday).
 */
export function toTime(value: string, now: Date): string {
  const v = value.trim().toLowerCase();
  // Back past the year 1000 (`300000w`, `99999999999999999999d`, `50000 weeks ago`) is no time the
  // engine takes: said of what was typed, not of a date it never typed ("-003723-04-30…") or as
  // "Invalid time value" from a Date past any calendar's.
  const ago = (ms: number) => {
    const time = now.getTime() - ms;
    if (!(time >= EARLIEST_TIME_MS))
      throw new UsageError(
        `cannot read the time "${value}": it is before the year 1000, and a time is in the years 1000–9999.`,
      );
    return new Date(time).toISOString();
  };
  if (v === "now" || v === "today") return now.toISOString();
  if (v === "yesterday") return ago(DAY);
  if (isDuration(v)) return ago(durationMs(v));
  const words = /^(\d+|an?|one)\s+(minute|hour|day|week)s?\s+ago$/.exec(v);
  if (words) return ago((/^\d+$/.test(words[1]!) ? Number(words[1]) : 1) * UNIT_WORDS[words[2]!]!);
  const last = /^last\s+([a-z]+)$/.exec(v);
  if (last) {
    // "last monday": the latest of the seven days before today whose English name it is, CLDR's
    // through `Intl`, as the engine's calendar vocabulary reads them (core/calendar-words.ts). Not
    // imported from there: that module shares a chunk with core/text.ts and its ~0.8 MB of word
    // lists, which every command, `strata --help` too, then loaded (test/e2e/cold-start.test.ts).
    const dayName = new Intl.DateTimeFormat("en", { weekday: "long" });
    for (let back = 1; back <= 7; back++)
      if (dayName.format(new Date(now.getTime() - back * DAY)).toLowerCase() === last[1])
        return ago(back * DAY);
  }
  if (last || /\bago$/.test(v))
    throw new UsageError(`cannot read the time "${value}": use an ISO date (2026-03-01), ${RELATIVE_TIMES}.`);
  return value;
}
