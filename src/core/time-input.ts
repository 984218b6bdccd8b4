/**
 * Times, durations and times of day as the engine reads them, and numbers written in decimal
 * notation as the CLI and REST read them, with no zod: the schemas (model.ts `TimeInputSchema`,
 * the worker's options), the CLI's flags (src/cli/args.ts, the worker's flags, before the engine
 * loads) and REST's query (src/server/query.ts) share these readings, so a flag's value is refused
 * at the command line by the rule the engine would refuse it with, every duration (`worker
 * --interval 2w`, `audit --since 2w`) reads the same units, and `-k 1e2` is `?k=1e2`. One module,
 * not two: each module the CLI's start path and the engine both reach is a chunk of the build of
 * its own, a file every command loads (test/e2e/cold-start.test.ts).
 *
 *   timeInputMs("2026-03-01");          // 1772323200000
 *   timeInputMs("2026-03-01T12:00");    // 12:00 UTC, never the machine's zone
 *   timeInputMs("2026-02-30");          // NaN: no such day
 *   timeInputMs("tomorrow");            // NaN: a word, not ISO 8601
 */
import { StrataError } from "./errors.js";

/** Date.parse rolls 2026-02-30 over into March 2; a day past its month's end is refused instead. */
function isCalendarDay(value: string | number | Date): boolean {
  const m = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return true;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A date-time without a zone is read as UTC, never in the machine's local zone, so every
 * process reads the same instant ("2026-03-01T12:00" and "2026-03-01 12:00" are 12:00Z).
 */
function asUtc(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value.trim());
  return m ? `${m[1]}T${m[2]}Z` : value;
}

/**
 * The first and last instants a time may be: the years 1000–9999, in UTC, whole (the last was
 * 9999-12-31T00:00Z, so a time later that day was "not a date": surfaces53).
 */
export const EARLIEST_TIME_MS = Date.UTC(1000, 0, 1);
const LATEST_TIME_MS = Date.UTC(10000, 0, 1) - 1;

/**
 * ISO 8601 as a time is read: a day, or a day and a time of day after `T` or a space, seconds and a
 * fraction optional, then a zone (`Z`, `±hh:mm`, `±hhmm`) or none, which is UTC (`asUtc`). Anything
 * more went to Date.parse's legacy reading, in the machine's own zone: "2026-03-01 12:00 pm",
 * "2026-03-01, 12:00", "2026-03-01 (note)", even "2026-03-01\n" were 17:00Z or 05:00Z on a machine
 * in New York and 12:00Z or 00:00Z on one in UTC (attacks52; invariant 7).
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Epoch milliseconds of a time given as ISO 8601 (`ISO_TIME`: a real calendar day, a year in
 * 1000–9999; white space after it allowed), epoch milliseconds or a Date; NaN for anything else.
 */
export function timeInputMs(value: string | number | Date): number {
  const ms =
    value instanceof Date
      ? value.getTime()
      : typeof value === "number"
        ? value
        : ISO_TIME.test(value.trimEnd())
          ? Date.parse(asUtc(value.trimEnd()))
          : Number.NaN;
  return Number.isFinite(ms) && ms >= EARLIEST_TIME_MS && ms <= LATEST_TIME_MS && isCalendarDay(value)
    ? ms
    : Number.NaN;
}

/** Why `value` is no time, as every surface says it (code NOT_A_DATE on MCP and REST). */
export const notADate = (value: unknown): string =>
  `"${String(value)}" is not a date: use ISO 8601 such as 2026-03-01 or 2026-03-01T12:00:00Z`;

const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** The units a duration is written in, as a refusal names them. */
export const DURATION_UNITS = "ms, s, m, h, d, w";

/**
 * The longest duration read: the most milliseconds counted exactly (2^53 − 1, about 285,616
 * years). A longer one was read as a rounded number or Infinity, which the worker took as an
 * interval (no tick ever came) and `--at` as a time no calendar has ("Invalid time value").
 */
export const MAX_DURATION_MS = Number.MAX_SAFE_INTEGER;

/**
 * A number written in decimal notation: `Number()` alone also reads "0x10", "0b11", "0o7" and ""
 * (16, 3, 7 and 0), which neither the CLI nor REST takes (attacks52). The integer part's digits and
 * the fraction's are told apart by the point: `\d+\.?\d*` read 8,000 digits and a stray
 * character in quadratic time (the two runs share every digit).
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The number `text` writes in decimal notation, spaces around it allowed, or NaN: one reading for a
 * CLI flag (src/cli/args.ts) and a REST query parameter (src/server/query.ts). A number too large
 * for a double is Infinity, for the caller to refuse.
 *
 *   decimalNumber("1e2");  // 100
 *   decimalNumber(" +5 "); // 5
 *   decimalNumber("0x10"); // NaN
 */
export function decimalNumber(text: string): number {
  const v = text.trim();
  return DECIMAL.test(v) ? Number(v) : Number.NaN;
}

/** A duration as written, whole: numbers each with its unit, one after another. */
const DURATION = /^(?:\d+(?:ms|s|m|h|d|w))+$/;

/** A duration's words as written (`1h30m`, `2 w`) with the spaces before units dropped, or null. */
function durationParts(text: string): RegExpExecArray[] | null {
  const s = text
    .trim()
    .toLowerCase()
    .replace(/(\d)\s+(?=[a-z])/g, "$1");
  // Checked whole first, anchored: `matchAll` alone tried every start of a run of digits with no
  // unit after it ("999…9x"), a time in the square of its length (attacks51).
  return DURATION.test(s) ? [...s.matchAll(/(\d+)(ms|s|m|h|d|w)/g)] : null;
}

/**
 * Whether `text` is written as a duration (`1h30m`, `2 w`), however long: `durationMs` reads it
 * unless it is longer than `MAX_DURATION_MS`.
 */
export const isDuration = (text: string): boolean => durationParts(text) !== null;

/**
 * Milliseconds of a duration as people write one: a number and a unit (`500ms`, `30s`, `5m`,
 * `1h`, `2d`, `2w`), several in a row (`1h30m`), a space allowed before a unit (`2 w`), at most
 * `MAX_DURATION_MS`; NaN for anything else (`5`, `2weeks`, `2026-03-01`, `last week`,
 * `99999999999999999999d`).
 *
 *   durationMs("1h30m"); // 5400000
 *   durationMs("2w");    // 1209600000
 *   durationMs("2weeks") // NaN
 */
export function durationMs(text: string): number {
  const parts = durationParts(text);
  const ms = parts?.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0) ?? Number.NaN;
  return ms <= MAX_DURATION_MS ? ms : Number.NaN;
}

/**
 * Milliseconds of a duration written `500ms`, `30s`, `5m`, `1h`, `2d`, `2w` or `1h30m` (the
 * one reading, `durationMs`); `what` names the option in the error.
 *
 *   parseDuration("5m", "interval"); // 300000
 */
export function parseDuration(text: string, what: string): number {
  const ms = durationMs(text);
  if (Number.isNaN(ms) && isDuration(text))
    throw new StrataError(
      "INVALID_INPUT",
      `${what} is longer than any clock counts: "${text}" is over 285,000 years (at most ${MAX_DURATION_MS} ms); give one such as 30s, 5m, 1h or 2w.`,
      { field: what },
    );
  if (Number.isNaN(ms))
    throw new StrataError(
      "INVALID_INPUT",
      `${what} must be a duration such as 30s, 5m, 1h, 1h30m or 2w (units ${DURATION_UNITS}), got "${text}".`,
      { field: what },
    );
  return ms;
}

/** Minutes after midnight UTC of `HH:MM` (24-hour clock). */
export function parseDailyTime(text: string, what = "daily"): number {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!m)
    throw new StrataError(
      "INVALID_INPUT",
      `${what} must be a time of day in UTC written HH:MM (24-hour), such as 03:00 or 23:30, got "${text}".`,
      { field: what },
    );
  return Number(m[1]) * 60 + Number(m[2]);
}
