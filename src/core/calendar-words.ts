/**
 * The words that name a day or a month, in the languages the engine reads (English, French): one
 * vocabulary for every reader that must tell a time from a value, a name or a thing — the names
 * read from text (`namedValues`, `lowerCaseNames`, the kin's names), the typed values (a weekday
 * or a month is a date), the judge's words of when, the slot readers and the query's named times.
 * Each reader asks for what it needs (`calendarWords`): the names only, the clipped forms too, the
 * weekdays' plurals, the days named from today, the seasons.
 *
 * The names and the clipped forms are CLDR's, read through `Intl` (no table of our own): English
 * "january" … "december" and "jan" … "dec", "sunday" … "saturday" and "sun" … "sat"; French
 * "janvier" … "décembre", "janv" … "déc" (the point dropped), each also without its accents as chat
 * types them ("aout", "decembre"), and "lundi" … "dimanche". What CLDR does not list is written
 * here: the clipped forms people text ("sept", "tues", "weds", "thur", "thurs"), the days named
 * from today ("today", "tonight", "tomorrow", "yesterday", "tmrw") and the seasons.
 *
 * Several of these words are other words too ("may" the modal, "march" the verb, "sun" the star,
 * "sat" the verb, "mar" and "sept" French words): the vocabulary only lists them; a reader that
 * must set them apart says so where it reads (typed-values.ts's `MONTHS_IN_ANY_CASE`,
 * named-values.ts's calendar names, which ask for no clipped form).
 *
 *   calendarWords({ weekdays: "names" }).has("monday")                  // → true
 *   calendarWords({ weekdays: "names" }).has("mon")                     // → false
 *   calendarWords({ months: "clipped" }).has("sept")                    // → true
 *   calendarWords({ weekdays: "names", plural: true }).has("fridays")   // → true
 *   calendarWords({ relative: true }).has("tmrw")                       // → true
 *   frenchMonth("août")                                                 // → 7
 */

/** Which words of the calendar a reader asks for; each field left out asks for none of its kind. */
export interface CalendarAsk {
  /** The months by name ("march"), or clipped too (CLDR's "mar", "sep", and "sept" as people text it). */
  readonly months?: "names" | "clipped";
  /** The weekdays by name ("monday"), or clipped too (CLDR's "mon", "tue", and "tues", "weds", "thurs"). */
  readonly weekdays?: "names" | "clipped";
  /** Each weekday's name in the plural too ("mondays": a day that recurs). */
  readonly plural?: boolean;
  /** The days named from today: "today", "tonight", "tomorrow", "yesterday", and "tmrw" as texted. */
  readonly relative?: boolean;
  /** The seasons: "spring", "summer", "autumn", "fall", "winter". */
  readonly seasons?: boolean;
}

/** The clipped months people text that CLDR's English does not give ("Sept"). */
const TEXTED_MONTH_CLIPS = ["sept"];
/** The clipped weekdays people text that CLDR's English does not give ("Tues", "Weds", "Thurs"). */
const TEXTED_WEEKDAY_CLIPS = ["tues", "weds", "thur", "thurs"];
/** The days named from today, as said and as texted ("tmrw"). */
export const RELATIVE_DAYS: readonly string[] = ["today", "tonight", "tomorrow", "yesterday", "tmrw"];
/** The seasons, with American "fall". */
export const SEASONS: readonly string[] = ["spring", "summer", "autumn", "fall", "winter"];

/** A month's or a weekday's names as `Intl` formats them in one language and style, lower case, point dropped. */
function formatted(locale: string, field: "month" | "weekday", style: "long" | "short"): string[] {
  const format = new Intl.DateTimeFormat(locale, { [field]: style, timeZone: "UTC" });
  // Mid-month, so no time zone moves a date into another month; 7 January 2024 was a Sunday.
  const dates =
    field === "month"
      ? Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2024, m, 15)))
      : Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2024, 0, 7 + d)));
  return dates.map((date) => format.format(date).toLowerCase().replace(/\.$/, ""));
}

/** A word without its accents, as chat types it ("août" → "aout"). */
const unaccented = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "");

interface Calendar {
  /** English months, lower case, in calendar order ("january" … "december"). */
  readonly months: readonly string[];
  /** English months clipped, CLDR's, in calendar order ("jan" … "dec"). */
  readonly monthClips: readonly string[];
  /** English weekdays, lower case, Sunday first as `Date#getDay` numbers them. */
  readonly weekdays: readonly string[];
  /** English weekdays clipped, CLDR's, Sunday first ("sun" … "sat"). */
  readonly weekdayClips: readonly string[];
  /** French months long and short, with and without accents, to the month's number (0 for January). */
  readonly frenchMonths: ReadonlyMap<string, number>;
  /** French weekdays, long ("lundi" … "dimanche"). */
  readonly frenchWeekdays: ReadonlySet<string>;
  /** Māori weekdays, CLDR's and Te Taura Whiri's, with and without macrons ("rātū", "ratu", "mane"). */
  readonly maoriWeekdays: ReadonlySet<string>;
}

/**
 * `MAORI_WEEKDAY`: the weekdays' names Te Taura Whiri i te Reo Māori (the Māori Language
 * Commission) gives, Monday first — the names New Zealand schools, councils and media use, which
 * CLDR's "mi" does not list beside its transliterations ("Mane", "Tūrei" … "Rāhoroi", "Rātapu").
 */
const TE_TAURA_WHIRI_WEEKDAYS = ["rāhina", "rātū", "rāapa", "rāpare", "rāmere", "rāhoroi", "rātapu"];

let calendar: Calendar | undefined;
/** The calendar's names, read from `Intl` once, on first need. */
function calendarOf(): Calendar {
  if (!calendar) {
    const frenchMonths = new Map<string, number>();
    for (const style of ["long", "short"] as const)
      for (const [m, name] of formatted("fr", "month", style).entries()) {
        frenchMonths.set(name, m);
        frenchMonths.set(unaccented(name), m);
      }
    calendar = {
      months: formatted("en", "month", "long"),
      monthClips: formatted("en", "month", "short"),
      weekdays: formatted("en", "weekday", "long"),
      weekdayClips: formatted("en", "weekday", "short"),
      frenchMonths,
      frenchWeekdays: new Set(formatted("fr", "weekday", "long")),
      maoriWeekdays: new Set(
        [...formatted("mi", "weekday", "long"), ...TE_TAURA_WHIRI_WEEKDAYS].flatMap((d) => [
          d,
          unaccented(d),
        ]),
      ),
    };
  }
  return calendar;
}

/** The English months' names, lower case, in calendar order ("january" … "december"). */
export const monthNames = (): readonly string[] => calendarOf().months;

/** The English months clipped as CLDR clips them, in calendar order ("jan", "feb" … "sep" … "dec"). */
export const monthClips = (): readonly string[] => calendarOf().monthClips;

/** The English weekdays' names, lower case, Sunday first as `Date#getDay` numbers them. */
export const weekdayNames = (): readonly string[] => calendarOf().weekdays;

const asked = new Map<string, ReadonlySet<string>>();

/**
 * The calendar's words a reader asks for, lower case (see `CalendarAsk`), each ask read once.
 *
 *   calendarWords({ months: "names", weekdays: "names" })  // "january" … "december", "sunday" … "saturday"
 *   calendarWords({ months: "clipped" }).has("feb")         // → true
 *   calendarWords({ weekdays: "clipped" }).has("weds")      // → true
 *   calendarWords({ months: "names" }).has("sept")          // → false
 */
export function calendarWords(ask: CalendarAsk): ReadonlySet<string> {
  const key = JSON.stringify([ask.months, ask.weekdays, ask.plural, ask.relative, ask.seasons]);
  const known = asked.get(key);
  if (known) return known;
  const c = calendarOf();
  const words: string[] = [];
  if (ask.months) words.push(...c.months);
  if (ask.months === "clipped") words.push(...c.monthClips, ...TEXTED_MONTH_CLIPS);
  if (ask.weekdays) words.push(...c.weekdays);
  if (ask.weekdays && ask.plural) words.push(...c.weekdays.map((d) => `${d}s`));
  if (ask.weekdays === "clipped") words.push(...c.weekdayClips, ...TEXTED_WEEKDAY_CLIPS);
  if (ask.relative) words.push(...RELATIVE_DAYS);
  if (ask.seasons) words.push(...SEASONS);
  const set: ReadonlySet<string> = new Set(words);
  asked.set(key, set);
  return set;
}

/**
 * A regular expression's alternation of words, longest first so a longer word wins over its
 * prefix ("sept" before "sep"): `(?:${alternationOf(words)})`.
 *
 *   alternationOf(["sep", "sept"]) // → "sept|sep"
 */
export function alternationOf(words: Iterable<string>): string {
  return [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0)).join("|");
}

/**
 * `FRENCH_CALENDAR`: the month a French name gives, long or short, accented or not, a point after
 * it or none ("novembre", "nov.", "août", "aout"), as its number (0 for January), or null.
 *
 *   frenchMonth("Juillet") // → 6      frenchMonth("july") // → null
 */
export function frenchMonth(word: string): number | null {
  return calendarOf().frenchMonths.get(word.toLowerCase().replace(/\.$/, "")) ?? null;
}

/**
 * `FRENCH_CALENDAR`: true when a word is a French weekday's name ("mardi", "Samedi").
 *
 *   isFrenchWeekday("mardi") // → true      isFrenchWeekday("mar") // → false
 */
export const isFrenchWeekday = (word: string): boolean => calendarOf().frenchWeekdays.has(word.toLowerCase());

/**
 * `MAORI_WEEKDAY`: true when a word is a weekday's name in te reo Māori, CLDR's ("Tūrei",
 * "Paraire") or Te Taura Whiri's ("Rātū", "Rāmere"), with its macrons or without ("Ramere"). "Mane"
 * is an English word too ("a horse's mane"): a reader that must set it apart says so.
 *
 *   isMaoriWeekday("Rātū") // → true      isMaoriWeekday("ramere") // → true      isMaoriWeekday("reo") // → false
 */
export const isMaoriWeekday = (word: string): boolean => calendarOf().maoriWeekdays.has(word.toLowerCase());
