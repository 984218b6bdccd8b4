/**
 * Calendar times a query names ("on October 13, 2023", "in August 2023", "in June", "2026-03-01"):
 * recall ranks what was said within them above what was said at other times, at equal match
 * (`policy.timeWeight`). Read from the words alone, with no clock: only absolute dates, never
 * "yesterday" or "last week" (they need the time the question was asked). Days and months are
 * UTC, as stored times are.
 *
 *   namedTimes("What painting did Melanie show on October 13, 2023?")[0].contains("2023-10-13T14:00:00.000Z") // → true
 *   namedTimes("When did Melanie go camping in June?")[0].contains("2023-06-27T10:00:00.000Z")               // → true
 *   namedTimes("What may Caroline paint next?")                                                              // → []
 */

import { alternationOf, calendarWords, monthNames } from "../calendar-words.js";

/** A time the query names and whether a stored time falls within it. */
export interface NamedTime {
  /** The words that name it, as the query says them ("October 13, 2023"). */
  readonly text: string;
  /** True when the ISO time `at` is within it. */
  contains(at: string): boolean;
}

/** The months' names in calendar order, lower case. */
export const MONTHS: readonly string[] = monthNames();

/** A month's name, full or abbreviated ("Sept", "Oct."), case-insensitive: only read beside a number. */
const MONTH = `(${alternationOf(calendarWords({ months: "clipped" }))})\\.?`;
/** A month's full name, capitalised ("May", not the modal "may"; "March", not "march"): read alone. */
const MONTH_NAME = `(${MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1)).join("|")})`;
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "(\\d{4})";

const monthOf = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3)));

/** One calendar day, or one day of a month in any year when the year is not said. */
function day(text: string, month: number, date: number, year: number | null): NamedTime | null {
  if (month < 0 || date < 1 || date > 31) return null;
  return {
    text,
    contains: (at) => {
      const t = new Date(at);
      return (
        t.getUTCMonth() === month && t.getUTCDate() === date && (year === null || t.getUTCFullYear() === year)
      );
    },
  };
}

/** One month of a year, or that month in any year. */
function month(text: string, m: number, year: number | null): NamedTime | null {
  if (m < 0) return null;
  return {
    text,
    contains: (at) => {
      const t = new Date(at);
      return t.getUTCMonth() === m && (year === null || t.getUTCFullYear() === year);
    },
  };
}

/**
 * The forms read, most specific first; each match is blanked before the next form is tried, so
 * "October 13, 2023" is one day, not also October 2023.
 */
const FORMS: { re: RegExp; read: (m: RegExpExecArray) => NamedTime | null }[] = [
  // 2023-10-13
  {
    re: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    read: (m) => day(m[0], Number(m[2]) - 1, Number(m[3]), Number(m[1])),
  },
  // 13 October 2023 · 1 February, 2023 · 3rd of June 2023
  {
    re: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+${YEAR}\\b`, "gi"),
    read: (m) => day(m[0], monthOf(m[2]!), Number(m[1]), Number(m[3])),
  },
  // October 13, 2023 · May 23 2023
  {
    re: new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, "gi"),
    read: (m) => day(m[0], monthOf(m[1]!), Number(m[2]), Number(m[3])),
  },
  // August 2023 · Dec. 2022
  {
    re: new RegExp(`\\b${MONTH},?\\s+${YEAR}\\b`, "gi"),
    read: (m) => month(m[0], monthOf(m[1]!), Number(m[2])),
  },
  // 13 October · October 13 (any year)
  {
    re: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}\\b|\\b${MONTH}\\s+${DAY}\\b`, "gi"),
    read: (m) =>
      m[1] ? day(m[0], monthOf(m[2]!), Number(m[1]), null) : day(m[0], monthOf(m[3]!), Number(m[4]), null),
  },
  // in June · during early August (a month's capitalised name after a preposition that means
  // within it; "since June", "until June", "by June" name a bound, not the month, and are not read)
  {
    re: new RegExp(`\\b(?:in|during|throughout|of)\\s+(?:early\\s+|late\\s+|mid-?)?${MONTH_NAME}\\b`, "g"),
    read: (m) => month(m[1]!, monthOf(m[1]!), null),
  },
];

/** The calendar times a query names, in the order of `FORMS` (see the module's examples). */
export function namedTimes(query: string): NamedTime[] {
  let rest = query;
  const out: NamedTime[] = [];
  for (const { re, read } of FORMS) {
    rest = rest.replace(re, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      const time = read(m);
      if (time) out.push(time);
      return " ".repeat(args[0].length);
    });
  }
  return out;
}
