/**
 * The values a sentence says with their type, read once: a number with the unit it counts (a
 * measure: "19 degrees", "300ms", "£1,420", "2.1%"), a time of day ("7pm", "7:45 pm", "noon"), a
 * date ("15 of May", "Friday") and a version ("Python 3.12"). One reader (`valuesIn`), three
 * readings of what it reads:
 *
 *   - `measuresOf`, the lexical judge's (changed-measures.ts `sameMeasureChanged`): every number
 *     with its unit in the sentences that assert what holds; no date.
 *   - `datedMeasuresOf`, recall's measure lifts' (`newerMeasureFirst`, `newerMeasureFound`): the
 *     same and a day of a month (`DATE_MEASURE`).
 *   - `typedValues`, recall's `changedValueFirst` (its typed reading, `typedValueChange`): only the
 *     values whose type says which slot they fill — a clock time, a date, a measure in a unit of
 *     measurement, a version — in every sentence, each as written.
 *
 * Named rules (each a table row both ways in typed-values.test.ts):
 *
 *   - `MEASURE`: a number (one or more NUM tokens, "1,000" is two) with its unit — the noun after
 *     it ("19 degrees", "two days") or, with no noun after, the noun or name before it ("size 11",
 *     "PostgreSQL 13"); a time of day ("7pm", "7:30 pm", "9:45") is counted in the unit "time of
 *     day". Not a date (a month or weekday as the unit: "March 2020"), not a time since ("three
 *     weeks ago": when something happened, not what holds), not in a question, a supposition or a
 *     negated clause ("if it were 22 degrees", "it's not 20 degrees"); not a unit across a comma
 *     ("to 10k, training for…": no unit).
 *   - `GLUED_UNIT`: a number with its unit's letters written on is that number in that unit
 *     ("50mg", "300ms", "2.5kg"; not an ordinal, a decade, a clock's "pm", a "k"/"m" multiplier).
 *   - `VERSION_FIRST`: a number between a name and a singular noun is the name's version ("the
 *     Postgres 17 upgrade"; "Node 22 images" still counts images).
 *   - `DATE_MEASURE` (recall's readings only): a day of a month beside a month ("15 of May", "30
 *     June", "June 30th") is a measure in "date"; the judge's reading has none (two dates are often
 *     two events).
 *   - `SYMBOL_UNIT`: a number written with a unit symbol is counted in that symbol's unit — "2.1%"
 *     in "percent" (as "2.1 percent" is), "£90" in "£" (any currency symbol, before the number or
 *     after it, spaced or not: "₹ 41,650", "40€"), and with a rate after it ("£90 a week", "$40
 *     per month") in "£ a week", "$ a month"; a signed number with no unit ("-2.25", "+1.5") in
 *     "signed number" (a lens, a balance, a handicap: the sign says it is a reading, not a count).
 *   - `CURRENCY_WORD`: a currency said by a word is counted in its sign's unit, by what CLDR says of
 *     it through `Intl` (no table of our own): a name after the number ("28 euros", "45 dollars": the
 *     last word of the currency's English name, when every currency so named has one narrow symbol
 *     and it is a Unicode currency sign — not "pounds" (£, E£, L£, and a weight) nor "rupees" (₹, Rs)),
 *     an ISO code before or after it ("USD 300": "$"; "CHF 90": "CHF"; not a code with no sign that
 *     spells a word, "TOP 5"), a sign of letters before it ("Rs 40,000", "Rs.2,800" written on). A name or code is read only
 *     as a noun or a name.
 *   - `MULTIPLIER`: a currency's amount scaled by a word of CLDR's compact notation in English or
 *     Indian English ("₹1.5 lakh" = "₹1,50,000", "$60k", "£1.2m", "2 million euros"); with no
 *     currency, a digit number before "lakh", "crore", "million"… and no noun is a measure in that
 *     word ("cover is 5 lakh", as "95k" is in "k"); "5k" or "1.2m" alone may be a race or metres.
 *   - `LOWER_CASE_MONTH` (with `DATE_MEASURE`): a month beside a day's number is a date in any
 *     case ("sept 6", "feb 15", "3rd of march"), unless the tagger reads it as a verb ("we march 5
 *     miles", "may").
 *   - `FIGURE_DATE` (with `DATE_MEASURE`, values41): a date in figures ("2026-03-11", "25/12", "on
 *     3/11", "the deadline is 12/3") is a date where something says it is one; its day and month
 *     are read only when the numbers say which is which ("25/12" and "12/25": "25 dec"), else it is
 *     counted in `DATE_IN_FIGURES` as written ("3/11": its order is a locale's, never guessed).
 *   - `DAY_OF_MONTH` (with `DATE_MEASURE`, values41): "the" and an ordinal after "on", "by",
 *     "until", "due"… ("due on the 3rd", "by the fifteenth") is a day of a month, counted in
 *     `DAY_OF_MONTH`; not "the 3rd floor", "by the second" or "from the first".
 *   - `PAST_OR_TO` (values41): minutes past or to an hour ("half past six", "quarter to seven",
 *     "twenty-five past eight") is a clock time; "ten to seven" only after a word that opens a time.
 *   - `CLOCK_RANGE` (values41): "6am-10pm", "9:00–17:30" in one token are two clock times.
 *   - `SLANG_CURRENCY` and `GRAND` (values41): "quid" after an amount is £, "bucks" $ ("forty
 *     quid", "200 bucks"); "grand" after a number is thousands ("seven grand": "measure:k", as "7k").
 *   - `CLAUSE_NEGATION`: a negation denies its own clause (`clausesOf`), not the sentence: "3 in the
 *     morning, can't sleep, pharmacist said go up to 5 mg" asserts 5 mg; a clause with no verb after
 *     a negated one goes on with it ("not 5 mg, 10 mg": unsure, neither asserted).
 *   - `NUMBER_IN_WORDS` (number-words.ts): a number said in two words or more is read as its digits
 *     are ("one hundred and eighty dollars": $180, "twenty-four kilos", "three point six five
 *     percent"); one word alone ("one", "twelve") stays as written, with no type; a point with no
 *     noun after it is no version ("plus two and a half"); "a hundred percent sure" is no value.
 *   - `O_CLOCK`: an hour before "o'clock" ("9 o'clock", "eleven oclock") is a clock time.
 *   - `DOT_CLOCK` (notfound49): the 12-hour clock written with a point, as British English writes
 *     it, is a clock time when the meridiem follows ("8.50am", "9.25 am", "8.50 p.m."; the value
 *     with a colon, "8:50am"); not a point with no meridiem ("it costs 8.50", "upgraded to 9.25"), an
 *     hour past 12 ("13.50pm") or minutes past 59 ("9.75am").
 *   - `SPOKEN_CLOCK` (`spokenClockAt`): "at half five", "dinner is half six" (British: 6:30), "at
 *     9.30", "at six thirty", "fridays at eleven", "six in the evening"; a change adverb after it is
 *     no noun it counts ("church is half ten noo").
 *   - `GIVEN_CLAUSE`: a question opened by "now that" or "given that" asserts the clause before its
 *     first comma ("Now that the fix has ended and we're on 4.6%, should we overpay?": 4.6%).
 *   - `FRENCH_CALENDAR`, `FRENCH_DATE` (values44): French month and weekday names as CLDR gives
 *     them through `Intl` (calendar-words.ts, the one vocabulary of days and months, since
 *     calendar45); a day's number and a French month after it is a date ("le 27 novembre":
 *     "27 nov"), a day's number after a weekday a day of the month ("mardi le 3").
 *   - `MAORI_WEEKDAY` (notfound48): a weekday named in te reo Māori, as New Zealand English says it
 *     ("te reo class is on Rātū now", "rostered off Rāmere"), CLDR's names and Te Taura Whiri's
 *     (calendar-words.ts), with macrons or without, is a date; not one that is an English word too ("mane").
 *   - `H_CLOCK` (values44): the 24-hour clock written with "h" ("6h38", "21h", "17 h 30") after a
 *     word that opens a time or past noon; not a duration ("a 6h drive", "took 6h", "under 2h10").
 *   - `FOUR_DIGIT_CLOCK` (notfound48, `fourDigitClockAt`): the 24-hour clock written as four digits
 *     with no colon ("0620", "2230", as rosters, armies and Hong Kong or Singapore English write it)
 *     where the words say a time: a word that opens a time before it ("by 2100"; only "at" before
 *     1900–2099, which may be a year: "at 1930", not "by 2030"), a noun of time before it ("ETA
 *     0810"), "local", "<name> time" or "hrs" after it, a leading zero with no noun it numbers
 *     ("report is now 0620"; not "room 0620"), a comparative of time ("later now, 2230"); never a
 *     count ("2230 tickets"), an amount ("$2100") or a year ("moved to 2028").
 *   - `FRENCH_NUMBER` (values44, `digitsOf`): a decimal comma ("3,50 $": 3.50) and thousands grouped
 *     by a space ("2 500 $": 2500).
 *   - `VALUE_TYPE` (`typedValues`): a time of day is a "clock" ("noon", "midday", "midnight",
 *     "EOD", "COB" too); a date is a "date" (a weekday, a month named alone but "May", a day of a
 *     month); a number in digits counted in a unit of measurement (`UNITS_OF_MEASUREMENT`: "ms",
 *     "kg", "days", "%", a currency) is a "measure:<unit>" ("300ms" and "200 ms" are both
 *     "measure:ms", "£1,420" and "£1,495 a month" both "measure:£"); a number with a point and no
 *     unit of measurement ("3.12", "v2.4.1") is a "version" (`POINTED_VALUE`). A count ("6 people",
 *     "100 requests"), one number word ("three days") or a bare number has no type: it may count anything.
 *   - `POINTED_VALUE`: a number with a point is a version in a version context (a dotted triple, a
 *     name before it, "version"/"release" beside it: "Python 3.9", "the 2.4 release"), else a
 *     measure in the noun after it, known unit or not ("1.5 bar": "measure:bar", "2.5 stone"); a
 *     signed one ("+1.5") has no type; a bare one stays a version ("it's on 24.04 now").
 *
 * `await loadTagger()` before any call.
 */

import { boundedMemo } from "./bounded-memo.js";
import {
  calendarWords,
  frenchMonth,
  isFrenchWeekday,
  isMaoriWeekday,
  monthClips,
  monthNames,
} from "./calendar-words.js";
import { adverbWords, NOW } from "./change-adverbs.js";
import { type TaggedWord, tagged } from "./judge/tagger.js";
import { listedWord } from "./listed-words.js";
import { numberInWords, type WordNumber, wordBelowHundred } from "./number-words.js";
import { clausesOf } from "./sleep/chat-turns.js";
import { isHypothetical, isNegated, isQuestion, wordTable } from "./text.js";

/** Tagged sentences, remembered (tagger.ts): one memo for the lifts, the state slots and the values read here. */
export { tagged };

/** A number and the unit it counts, as said. */
export interface Measure {
  /** The unit's lemma ("degree", "day", "size", "postgresql") or "time of day". */
  unit: string;
  /** The number as written, commas dropped ("1000", "20.5", "two", "7:30pm"). */
  value: string;
}

/** A typed value's type (`VALUE_TYPE`): "clock", "date", "measure:<unit>" ("measure:ms"), "version". */
export type ValueType = string;

/** A value a text says with its type, as written (`typedValues`). */
export interface TypedValue {
  /** The words as written, lower-cased ("300ms", "84 kg", "£1,420", "15 of may", "noon", "3.12"). */
  value: string;
  type: ValueType;
}

/** The unit a time of day is counted in. */
export const TIME_OF_DAY = "time of day";

/** The unit a signed number with no unit is counted in. */
export const SIGNED_NUMBER = "signed number";

/** The unit a day of a month is counted in ("15 of May", "30 June", "June 30th"). */
export const DATE = "date";

/**
 * "7pm", "7:30pm", "9:45", "11am": a time of day in one token; `DOT_CLOCK`: "8.50am", "9.25a.m."
 * (an hour of the 12-hour clock, a point, its minutes and the meridiem glued on).
 */
const CLOCK =
  /^\d{1,2}(?::\d{2})?(?:am|pm)$|^\d{1,2}:\d{2}$|^(?:0?[1-9]|1[0-2])\.[0-5]\d(?:am|pm|a\.m\.?|p\.m\.?)$/i;

/** True when a token is a time of day said in one token ("7pm", "9:45", "8.50am"). */
export const isClock = (token: string): boolean => CLOCK.test(token);

/**
 * "9:45": a time of day a "pm" or "am" may follow as its own token; `DOT_CLOCK`: "9.25" only with
 * one after it ("9.25 am"; "9.25" alone is a price or a version).
 */
const CLOCK_DIGITS = /^\d{1,2}:\d{2}$/;
const DOT_CLOCK_DIGITS = /^(?:0?[1-9]|1[0-2])\.[0-5]\d$/;

/** "pm" and "am" as their own token after a number ("7 pm", "9.25 a.m."; the tagger may drop the last point). */
const MERIDIEM = /^(?:am|pm|a\.m\.?|p\.m\.?)$/i;

/**
 * A clock time's value as the colon clock writes it: `DOT_CLOCK`'s point, British usage, is the
 * colon ("8.50am" and "8:50am" are one time), and "a.m." is "am".
 *
 *   clockValue("8.50am")       // → "8:50am"
 *   clockValue("9.25", "a.m.") // → "9:25am"
 */
function clockValue(digits: string, meridiem = ""): string {
  const said = `${digits}${meridiem}`.toLowerCase();
  const dotted = /^(\d{1,2})\.(\d{2})(.*)$/.exec(said);
  return (dotted ? `${dotted[1]}:${dotted[2]}${dotted[3]}` : said).replace(/\./g, "");
}

/** `O_CLOCK`: "o'clock" as people type it after an hour. */
const O_CLOCK = /^o['’]?clock$/i;

/** The hour a number says before "o'clock", 1 to 12, in digits or one word ("9", "eleven"), or null. */
function hourOf(value: string): number | null {
  const hour = /^\d{1,2}$/.test(value) ? Number(value) : (wordBelowHundred(value) ?? 0);
  return hour >= 1 && hour <= 12 ? hour : null;
}

/** The words before a time of day said without "o'clock" or "pm": "at half five", "till 11" (not "to": "upgraded to 3.15"). */
const BEFORE_A_TIME = /^(?:at|till|til|until|from|by|around|about|before|after)$/i;

/**
 * `SPOKEN_CLOCK`'s parts of the day, each the meridiem it says ("six in the evening": 6pm). A Map:
 * "six in the constructor" names no part of the day (an object's inherited `constructor` did, perf51).
 */
const DAY_PARTS: ReadonlyMap<string, "am" | "pm"> = new Map([
  ["morning", "am"],
  ["afternoon", "pm"],
  ["evening", "pm"],
  ["night", "pm"],
]);

/**
 * `SPOKEN_CLOCK`: a time of day said as people say it, with no "pm" and no "o'clock", the words
 * it spans from `i` and its value, or null. Each needs what says it is a time, not a count or a
 * version:
 *   - "half" and an hour after a word that opens a time ("at half five", "monday at half 6":
 *     half past, "5:30");
 *   - an hour with its quarter after a point, after such a word ("Mass is at 9.30", "till 10.15":
 *     "9:30"; not "at 4.6" nor "on 3.12", which are no quarter, nor "upgraded to 3.15");
 *   - an hour after "at" after a weekday ("fridays at eleven", "Tuesdays at 11": "11 o'clock"),
 *     or after "till" or "until" ("out till 11");
 *   - an hour and the part of the day, first or after such a word ("closes at six in the evening":
 *     "6pm"; "3 in the morning, can't sleep": "3am"; not "I have 3 in the morning", a count).
 * Never an hour with a noun after it ("at 11 stone", "till 11 kids") or a unit glued on.
 */
export function spokenClockAt(words: readonly TaggedWord[], i: number): { value: string; to: number } | null {
  const at = (k: number) => words[k]?.text.toLowerCase() ?? "";
  const opens = BEFORE_A_TIME.test(at(i - 1)) || isEnglishWeekday(at(i - 1));
  // "half ten noo": a change adverb after a time is no noun it counts (the tagger may read "noo" as one).
  const free = (k: number) => noCountedNounAt(words, k);
  const dayPart = (k: number) =>
    at(k) === "in" && at(k + 1) === "the" && DAY_PARTS.has(at(k + 2)) && at(k + 2) !== "night"
      ? { meridiem: DAY_PARTS.get(at(k + 2))!, to: k + 2 }
      : at(k) === "at" && at(k + 1) === "night"
        ? { meridiem: "pm" as const, to: k + 1 }
        : null;
  // "is" before a time in words opens it too ("dinner is half six", "it's ten to seven"); "to" only
  // "half" ("moved to half six"), not "ten to seven" ("the score went to ten to seven").
  const saidAsTime = opens || COPULA_BEFORE.test(at(i - 1));
  const pastOrTo = minutesPastOrTo(words, i, saidAsTime, free);
  if (pastOrTo) return pastOrTo;
  // "half six" after a word that opens a time, "is" or "to": British usage, half past ("6:30").
  if (at(i) === "half" && (saidAsTime || at(i - 1) === "to")) {
    const hour = hourOf(at(i + 1));
    return hour !== null && free(i + 2) && !/^[.:,]?\d/.test(at(i + 2))
      ? { value: `${hour}:30`, to: i + 1 }
      : null;
  }
  const quarter = /^(\d{1,2})\.(00|15|30|45)$/.exec(at(i));
  if (quarter) {
    const hour = hourOf(quarter[1]!);
    return hour !== null && BEFORE_A_TIME.test(at(i - 1)) && free(i + 1) && !MERIDIEM.test(at(i + 1))
      ? { value: `${hour}:${quarter[2]}`, to: i }
      : null;
  }
  const hour = hourOf(at(i));
  if (hour === null || (words[i]!.pos !== "NUM" && !/^\d/.test(at(i)))) return null;
  // An hour in words and its minutes in words after a word that opens a time ("at six thirty": "6:30").
  const minutes = BEFORE_A_TIME.test(at(i - 1)) && !/^\d/.test(at(i)) ? spokenMinutes(words, i + 1) : null;
  if (minutes && free(minutes.to + 1) && !MERIDIEM.test(at(minutes.to + 1)))
    return { value: `${hour}:${String(minutes.value).padStart(2, "0")}`, to: minutes.to };
  const part = opens || i === 0 ? dayPart(i + 1) : null;
  if (part) return { value: `${hour}${part.meridiem}`, to: part.to };
  const afterWeekday = at(i - 1) === "at" && isEnglishWeekday(at(i - 2));
  const till = /^(?:till|til|until)$/.test(at(i - 1));
  return (afterWeekday || till) && free(i + 1) && !/^[.:,]?\d/.test(at(i + 1))
    ? { value: `${hour} o'clock`, to: i }
    : null;
}

/** `H_CLOCK`: the words that open a time in English and in French ("at 6h38", "à 18h30", "vers 9h", "jusqu'à 23h"). */
const OPENS_AN_H_CLOCK =
  /^(?:at|till|til|until|from|by|around|before|after|à|vers|dès|avant|après|jusqu['’]à)$/i;

/** `H_CLOCK`: the words before an hour that say it is a duration ("for 14h", "under 2h10", "dans 13h"). */
const BEFORE_A_DURATION =
  /^(?:for|in|under|over|than|sub|about|took|takes|take|lasts|last|dans|pendant|en)$/i;

/**
 * `H_CLOCK`: a time of day on the 24-hour clock written with "h", as French and much of Europe
 * writes it — "6h38", "13h30", "21h", "17 h 30", "18 h" — the words it spans from `i` and its
 * value ("6:38", "21:00"), or null. The hour is 0 to 23 and the minutes two digits, 00 to 59. It
 * is a time where something says so: a word that opens a time before it ("at 6h38", "à 18h30",
 * "closes at 21h") or an hour past noon ("bedtime is 19h45": no duration is written so), not after
 * a word that says a duration ("for 14h", "under 2h10"); never with a noun after it ("a 6h drive",
 * "a 14h flight": the noun's length). An hour with no minutes before noon needs the word that
 * opens a time ("at 9h"; "took 6h" is a duration, read as before).
 */
function hClockAt(s: string, words: readonly TaggedWord[], i: number): { value: string; to: number } | null {
  const at = (k: number) => words[k]?.text.toLowerCase() ?? "";
  let hour: number;
  let minutes = "00";
  let to = i;
  const glued = /^(\d{1,2})h(\d{2})?$/i.exec(at(i));
  if (glued) {
    hour = Number(glued[1]);
    if (glued[2] !== undefined) minutes = glued[2];
  } else {
    // "17 h 30", "18 h": the hour, "h" and its minutes, each one space apart.
    const gap = (k: number) =>
      s.slice(words[k]!.start + words[k]!.text.length, words[k + 1]?.start ?? -1) === " ";
    if (!/^\d{1,2}$/.test(at(i)) || at(i + 1) !== "h" || !gap(i)) return null;
    hour = Number(at(i));
    to = i + 1;
    if (/^\d{2}$/.test(at(i + 2)) && gap(i + 1)) {
      minutes = at(i + 2);
      to = i + 2;
    }
  }
  if (hour > 23 || Number(minutes) > 59) return null;
  if (!noCountedNounAt(words, to + 1)) return null;
  const withMinutes = glued ? glued[2] !== undefined : to === i + 2;
  // "after 2h", "from 3h" with no minutes say a duration as often ("after 2h of driving").
  const opens =
    OPENS_AN_H_CLOCK.test(at(i - 1)) &&
    (withMinutes || hour >= 13 || !/^(?:before|after|from|avant|après)$/.test(at(i - 1)));
  const afternoon = hour >= 13 && !BEFORE_A_DURATION.test(at(i - 1));
  return opens || afternoon ? { value: `${hour}:${minutes}`, to } : null;
}

/** The one-word change adverbs of "now" ("now", Scots "noo"): said after a time, they are no noun it counts. */
const NOW_WORDS: ReadonlySet<string> = new Set(adverbWords(NOW));

/**
 * `SPOKEN_CLOCK`, `H_CLOCK`, `FOUR_DIGIT_CLOCK`: no noun at `k` that the time before it would count ("a 6h drive",
 * "2230 tickets"): a part of the day, a weekday (English or French) or "now" is none ("at 21h
 * tonight", "0715 Mondays", "2230 now").
 */
const noCountedNounAt = (words: readonly TaggedWord[], k: number): boolean => {
  const word = words[k]?.text.toLowerCase() ?? "";
  return !isNominal(words[k]) || DAY_PARTS.has(word) || isWeekday(word) || NOW_WORDS.has(word);
};

/**
 * `FOUR_DIGIT_CLOCK`: the words after four digits that say they are the 24-hour clock ("0600 hrs",
 * "at 2200 hours", "0810 local", "0620 HK time"); "hrs" and "hours" only where the number is read as a
 * clock for another reason too (a leading zero, a word that opens a time): "logged 1500 hours" is a
 * duration.
 */
const CLOCK_SIGN_AFTER = /^(?:local|lt|time)$/i;
const HOURS_AFTER = /^(?:hrs?|hours|h)$/i;

/** `FOUR_DIGIT_CLOCK`: the words that open a time before four digits ("at 0715", "by 2100", "till 2230"). */
const OPENS_A_FOUR_DIGIT_CLOCK = /^(?:at|till|til|until|by|from|before|after)$/i;

/** `FOUR_DIGIT_CLOCK`: a noun before four digits that names a time ("new time 2230"; "ETA"/"ETD", estimated time of arrival/departure). */
const TIME_NOUN_BEFORE = /^(?:time|eta|etd)$/i;

/** `FOUR_DIGIT_CLOCK`: the comparatives of a time ("book in later now, 2230"; "earlier, 0700"). */
const TIME_COMPARATIVE = /^(?:later|earlier|sooner)$/i;

/**
 * `FOUR_DIGIT_CLOCK`: a time of day on the 24-hour clock written as four digits with no colon, as
 * armies, airlines, rosters and Singapore, Hong Kong and much of Asia write it ("0620", "2230":
 * 06:20, 22:30) — the words it spans from `i` and its value ("6:20", "22:30"), or null. Four
 * digits are a year ("in 2029"), an amount ("2230 tickets", "$2100") or a code ("PIN 0620") as
 * often, so they are a time only where the words say so, and the hour is 00 to 23, the minutes 00
 * to 59:
 *   - a sign of the clock after them: "local", "time" ("ETA 0810 local", "0620 HK time"), or
 *     "hrs"/"hours" with a leading zero or a word that opens a time ("0600 hrs", "at 2200 hours";
 *     not "logged 1500 hours", a duration);
 *   - a leading zero, which no year or count is written with ("report is now 0620"),
 *     when no noun or name before it is what it numbers ("room 0620", "Darwin 0800") and no noun
 *     after it is what it counts;
 *   - a word that opens a time before them ("at 0715", "by 2100", "till 2230") — for a number that
 *     may be a year of our era (1900 to 2099) only "at" ("at 1930"; "by 2030", "from 2019" are years);
 *   - a noun before them that names a time ("new time 2230", "ETA 1930": estimated time of arrival);
 *   - a comparative of time before them, across "now" and a comma ("book in later now, 2230").
 * Never after a currency sign, before "%" or with a noun after it that it counts ("2230 tickets").
 */
function fourDigitClockAt(
  s: string,
  words: readonly TaggedWord[],
  i: number,
): { value: string; to: number } | null {
  const at = (k: number) => words[k]?.text.toLowerCase() ?? "";
  const digits = /^([01]\d|2[0-3])([0-5]\d)$/.exec(at(i));
  const w = words[i]!;
  if (!digits || CURRENCY.test(s[w.start - 1] ?? "") || s[w.start + w.text.length] === "%") return null;
  const hour = Number(digits[1]);
  const value = `${hour}:${digits[2]}`;
  const leadingZero = digits[1]!.startsWith("0");
  const opened = OPENS_A_FOUR_DIGIT_CLOCK.test(at(i - 1)) && (hour < 19 || hour > 20 || at(i - 1) === "at");
  // "0620 HK time": a name between the digits and "time".
  const signAt = CLOCK_SIGN_AFTER.test(at(i + 1))
    ? i + 1
    : words[i + 1]?.pos === "PROPN" && at(i + 2) === "time"
      ? i + 2
      : -1;
  if (signAt >= 0) return { value, to: signAt };
  if (HOURS_AFTER.test(at(i + 1)) && (leadingZero || opened)) return { value, to: i + 1 };
  if (!noCountedNounAt(words, i + 1)) return null;
  if ((leadingZero && !isNominal(words[i - 1])) || opened || TIME_NOUN_BEFORE.test(at(i - 1)))
    return { value, to: i };
  // "later now, 2230": a comparative of time, across the change adverb and the comma.
  let k = i - 1;
  while (k >= 0 && (at(k) === "," || NOW_WORDS.has(at(k)))) k--;
  return k < i - 1 && TIME_COMPARATIVE.test(at(k)) ? { value, to: i } : null;
}

/** `SPOKEN_CLOCK`: "is" before a time said in words ("dinner is half six", "it's quarter to seven"). */
const COPULA_BEFORE = new RegExp(`^(?:is|was|it['’]s|that['’]s|${adverbWords(NOW).join("|")})$`, "i");

/**
 * `SPOKEN_CLOCK`'s minutes said in words after an hour ("thirty" of "six thirty", "oh five", "forty-five"):
 * 1 to 59, a ten or a ten and a unit, or "oh" and a digit; the last word it spans, or null.
 */
function spokenMinutes(words: readonly TaggedWord[], k: number): { value: number; to: number } | null {
  const at = (n: number) => words[n]?.text.toLowerCase() ?? "";
  if (at(k) === "oh") {
    const digit = wordBelowHundred(at(k + 1));
    return digit !== undefined && digit >= 1 && digit <= 9 ? { value: digit, to: k + 1 } : null;
  }
  const spoken = numberInWords(
    words.map((w) => w.text),
    k,
  );
  const one = wordBelowHundred(at(k));
  const value = spoken ? Number(spoken.value) : one;
  const to = spoken ? spoken.to : k;
  return value !== undefined && Number.isInteger(value) && value >= 10 && value <= 59 && !/^\d/.test(at(k))
    ? { value, to }
    : null;
}

/** `PAST_OR_TO`'s minutes: the quarters and the fives people say before "past" and "to". */
const SAID_MINUTES = new Set([5, 10, 15, 20, 25]);

/**
 * `PAST_OR_TO`: minutes "past" or "to" an hour ("half past six": 6:30, "quarter past nine": 9:15,
 * "quarter to seven": 6:45, "twenty-five past eight": 8:25, "ten to 7": 6:50), the words it spans
 * from `i` and its value, or null. "past" says a time by itself; "to" after a number says one only
 * after a word that opens a time or "is" ("at ten to seven", "it's five to one"; not "we won ten to
 * seven"), "quarter to" always. Never with a noun after the hour ("half past six hours"?).
 */
function minutesPastOrTo(
  words: readonly TaggedWord[],
  i: number,
  opens: boolean,
  free: (k: number) => boolean,
): { value: string; to: number } | null {
  const at = (n: number) => words[n]?.text.toLowerCase() ?? "";
  let minutes: number | undefined;
  let k = i;
  if (at(i) === "half") minutes = 30;
  else if (at(i) === "quarter") minutes = 15;
  else if (/^\d{1,2}$/.test(at(i))) minutes = Number(at(i));
  else {
    const spoken = numberInWords(
      words.map((w) => w.text),
      i,
    );
    minutes = spoken ? Number(spoken.value) : wordBelowHundred(at(i));
    k = spoken ? spoken.to : i;
  }
  if (minutes === undefined || (minutes !== 30 && !SAID_MINUTES.has(minutes))) return null;
  // "ten minutes past nine".
  if (/^minutes?$/.test(at(k + 1))) k++;
  const way = at(k + 1);
  if (way !== "past" && way !== "to") return null;
  if (way === "to" && (minutes === 30 || (at(i) !== "quarter" && !opens))) return null;
  const hour = hourOf(at(k + 2));
  if (hour === null || !free(k + 3) || /^[.:,]?\d/.test(at(k + 3)) || MERIDIEM.test(at(k + 3))) return null;
  const [h, m] = way === "past" ? [hour, minutes] : [hour === 1 ? 12 : hour - 1, 60 - minutes];
  return { value: `${h}:${String(m).padStart(2, "0")}`, to: k + 2 };
}

/** `VALUE_TYPE`: a time of day said by a word ("noon", "EOD": end of day, "COB": close of business). */
const WORD_CLOCK = /^(?:noon|midday|midnight|eod|cob)$/i;

/** `VALUE_TYPE`: a weekday, one or many ("Friday", "Mondays"). */
const WEEKDAYS = calendarWords({ weekdays: "names", plural: true });
const isEnglishWeekday = (word: string): boolean => WEEKDAYS.has(word.toLowerCase());

/** Months and weekdays: a number with one of these is a date, not a measure ("sun", "sat" are no weekday here). */
const DATE_NOUNS = calendarWords({ months: "clipped", weekdays: "names" });

/** The months, by every name a date may give them, to the first three letters. */
const MONTHS = calendarWords({ months: "clipped" });

/** True when a word names a month, whole or clipped ("March", "sept", "feb"): part of a date's value. */
export const isMonthName = (word: string): boolean =>
  MONTHS.has(word.toLowerCase()) || frenchMonth(word) !== null;

/** `FRENCH_CALENDAR`: the month a French name gives ("novembre", "nov", "aout"), as `dateAt` clips it ("nov"), or null. */
function frenchMonthClip(word: string): string | null {
  const m = frenchMonth(word);
  return m === null ? null : monthClips()[m]!;
}

/** A weekday in English or French, one or many ("Friday", "Mondays", "mardi"). */
const isWeekday = (word: string): boolean => isEnglishWeekday(word) || isFrenchWeekday(word);

/** The months a lower-case word names whatever its place: not "may" or "march", which are verbs too. */
const MONTHS_IN_ANY_CASE = new Set(monthNames().filter((m) => m !== "may" && m !== "march"));

/** A noun or a name: what a number may count. */
const isNominal = (w: TaggedWord | undefined): w is TaggedWord =>
  w !== undefined && (w.pos === "NOUN" || w.pos === "PROPN") && /\p{L}/u.test(w.text);

/** A noun said in its singular form after a number other than one ("17 upgrade"; not "17 kg", which no plural changes). */
const singularAfter = (w: TaggedWord, value: string) =>
  !/^(?:1|one|a)$/i.test(value) &&
  w.text.length > 3 &&
  w.pos === "NOUN" &&
  w.lemma.toLowerCase() === w.text.toLowerCase() &&
  !/s$/i.test(w.text);

/** The sentences of a text, split after ".", "!" or "?" (a decimal point has no space after it). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A sentence that asserts what holds: not a question, a supposition or a negation. */
const asserts = (s: string) => !isQuestion(s) && !isHypothetical(s) && !isNegated(s);

/** `GIVEN_CLAUSE`: "Now that X, …?" and "Given that X, …?" presuppose X. */
const GIVEN = /^(?:now that|given that)\s+([^,?]+),/i;

/**
 * `CLAUSE_NEGATION`: where a sentence's negated clauses are written (character spans), by the
 * project's clause split (sleep/chat-turns.ts `clausesOf`). A negation denies what its own clause
 * says, not the rest of the sentence: "3 in the morning, can't sleep, pharmacist said go up to 5
 * mg" denies the sleep, not the dose. A clause with no verb of its own after a negated one is read
 * as going on with it, so it is denied too ("we're not doing 5k, 10k or a half": a list, and "not
 * 5 mg, 10 mg" a correction — unsure, so neither is asserted). A clause not found where it is
 * written denies the whole sentence.
 */
function negatedSpans(s: string): [number, number][] | null {
  const spans: [number, number][] = [];
  let from = 0;
  let denying = false;
  // The sentence's own tags, which its values are read by: a clause is not tagged again.
  const words = tagged(s);
  for (const clause of clausesOf(s)) {
    const at = s.indexOf(clause, from);
    if (at < 0) return null;
    from = at + clause.length;
    // A verb, or a pronoun with its verb contracted on ("it's", "we're": the tagger reads one word).
    const hasVerb = words.some(
      (w) =>
        w.start >= at &&
        w.start < from &&
        (w.pos === "VERB" ||
          w.pos === "AUX" ||
          (w.pos === "PRON" && /['’](?:s|re|m|ve|ll|d)$/i.test(w.text))),
    );
    denying = isNegated(clause) || (denying && !hasVerb);
    if (denying) spans.push([at, from]);
  }
  return spans;
}

/** The values a sentence asserts (`assertedParts`' reading, clause by clause for a negation). */
function assertedValues(s: string, dated: boolean): readonly ValueRead[] {
  if (asserts(s)) return valuesIn(s, dated);
  if (!isQuestion(s) && !isHypothetical(s)) {
    const denied = negatedSpans(s);
    if (denied === null) return [];
    return valuesIn(s, dated).filter((v) => !denied.some(([a, b]) => (v.at ?? 0) < b && (v.until ?? 0) > a));
  }
  const given = isQuestion(s) ? GIVEN.exec(s) : null;
  return given && asserts(given[1]!) ? valuesIn(given[1]!, dated) : [];
}

/** `SYMBOL_UNIT`: a currency symbol, any the Unicode standard names one ("£", "$", "₹", "₦", "₩"). */
const CURRENCY = /^\p{Sc}$/u;

/**
 * What CLDR says of the currencies, through `Intl` (no table of our own), each fact read on first
 * need and kept: the codes by the last word of their English name ("euro": EUR; "dollar": USD,
 * AUD, CAD…; "won": KPW, KRW), and a code's narrow symbol ("€", "$", "Rs" for the Pakistani rupee)
 * — one formatter a code, built only for the codes a word read beside a number names, so a text
 * with no currency word builds none.
 */
let codesByName: ReadonlyMap<string, readonly string[]> | undefined;
const codesNamed = (word: string): readonly string[] => {
  if (!codesByName) {
    const names = new Intl.DisplayNames("en", { type: "currency" });
    const byName = new Map<string, string[]>();
    for (const code of Intl.supportedValuesOf("currency")) {
      const word = (names.of(code) ?? "").split(" ").pop()!.toLowerCase();
      byName.set(word, [...(byName.get(word) ?? []), code]);
    }
    codesByName = byName;
  }
  return codesByName.get(word) ?? [];
};
const narrowSign = boundedMemo(
  (code: string): string =>
    new Intl.NumberFormat("en", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" })
      .formatToParts(1)
      .find((part) => part.type === "currency")?.value ?? code,
  512,
);
const isCode = (word: string) =>
  /^\p{Lu}{3}$/u.test(word) && Intl.supportedValuesOf("currency").includes(word);

/**
 * `CURRENCY_WORD`'s name: the sign a currency's name says ("euros" by its lemma "euro" → "€"), or
 * null — only when every currency so named has the same narrow symbol and it is one Unicode
 * currency sign: "dollar" is "$"; "pound" (£, E£, L£ — and a weight) and "rupee" (₹, Rs) name
 * more than one and stay unread, as do names whose symbol is letters ("mark", "gold", "rights").
 */
const nameSign = boundedMemo((lemma: string): string | null => {
  const signs = new Set(codesNamed(lemma).map(narrowSign));
  const [sign] = [...signs];
  return signs.size === 1 && CURRENCY.test(sign!) && /^\p{Ll}+$/u.test(lemma) ? sign! : null;
}, 1_024);

/**
 * `CURRENCY_WORD`'s signs of letters ("Rs", "zł", "kr", "R$"): a narrow symbol of two characters
 * or more with a small letter or a sign in it (not "KM", "CF", "R": a unit, a code or an initial
 * as often as a currency). Read all at once, and only for a short word before a number.
 */
let letterSigns: ReadonlySet<string> | undefined;
const isLetterSign = (w: TaggedWord): boolean => {
  const letters = w.text.replace(/\.$/, "");
  if (letters.length < 2 || letters.length > 3) return false;
  letterSigns ??= new Set(
    Intl.supportedValuesOf("currency")
      .map(narrowSign)
      .filter(
        (sign) =>
          !CURRENCY.test(sign) && sign.length >= 2 && /\p{L}/u.test(sign) && /[\p{Ll}\p{Sc}]/u.test(sign),
      ),
  );
  return letterSigns.has(letters);
};

/**
 * The unit a currency word says (`CURRENCY_WORD`), or null: a name by its lemma, its sign ("euros"
 * → "€"); a code, its sign or itself ("USD" → "$", "CHF"); a sign of letters as written ("Rs").
 */
function currencyWordUnit(w: TaggedWord): string | null {
  const sign = nameSign(w.lemma.toLowerCase());
  if (sign) return sign;
  if (isCode(w.text)) {
    // A code with no sign of its own that spells a word ("TOP", "ALL", "PEN") is as often that word.
    const narrow = narrowSign(w.text);
    return CURRENCY.test(narrow) ? narrow : listedWord(w.text) ? null : w.text;
  }
  return isLetterSign(w) ? w.text.replace(/\.$/, "") : null;
}

/**
 * `SLANG_CURRENCY`: the everyday names of two currencies CLDR does not give, said after an amount,
 * each its sign: "quid" (£: "forty quid", "£40"), "buck"/"bucks" ($: "two hundred bucks"). Read
 * only after a number, as a noun ("40 quid", "5 bucks"); not "grand" (a thousand of a currency the
 * words do not say: `GRAND`).
 */
const SLANG_SIGNS: ReadonlyMap<string, string> = new Map([
  ["quid", "£"],
  ["quids", "£"],
  ["buck", "$"],
  ["bucks", "$"],
]);
const slangSign = (w: TaggedWord): string | null => SLANG_SIGNS.get(w.text.toLowerCase()) ?? null;

/**
 * `GRAND`: "grand" after a number is thousands of a currency the words do not say ("seven grand",
 * "40 grand": "measure:k", as "7k" is); not a grand thing ("two grand pianos": a noun after it).
 */
const grandAfter = (words: readonly TaggedWord[], j: number): boolean =>
  /^grand$/i.test(words[j + 1]?.text ?? "") &&
  !isNominal(words[j + 2]) &&
  words[j + 2]?.pos !== "ADJ" &&
  !/^(?:one|1|a)$/i.test(words[j]!.text);

/** True when a word is a currency's name ("euros"): said after its number, not before. */
const isCurrencyName = (w: TaggedWord) => nameSign(w.lemma.toLowerCase()) !== null;

/**
 * `MULTIPLIER`: the words CLDR's compact notation scales a number by, in English and Indian
 * English (`Intl`'s "1K", "1 thousand", "1M", "1 million", "1L", "1 lakh", "1Cr", "1 crore"), to
 * the power of ten each says. Read only after a currency's amount ("₹5 lakh", "$60k", "£1.2m"):
 * the currency says the number is money, so the letter can only scale it; "5k" alone may be a
 * race and "1.2m" metres, and stay as written.
 */
let multipliers: ReadonlyMap<string, number> | undefined;
const multiplierPower = (word: string): number | undefined => {
  if (!multipliers) {
    const out = new Map<string, number>();
    for (const locale of ["en", "en-IN"])
      for (const compactDisplay of ["short", "long"] as const)
        for (let power = 3; power <= 12; power++) {
          const said = new Intl.NumberFormat(locale, { notation: "compact", compactDisplay }).format(
            10 ** power,
          );
          const found = /^1\s?(\p{L}+)$/u.exec(said)?.[1]?.toLowerCase();
          if (found && !out.has(found)) out.set(found, power);
        }
    multipliers = out;
  }
  return multipliers.get(word.toLowerCase());
};

/** A number as written ("1.5", "60") scaled by a power of ten, exactly ("150000"; no float error). */
function scaled(value: string, power: number): string {
  const [whole, fraction = ""] = value.split(".");
  const digits = `${whole}${fraction.padEnd(power, "0")}`;
  const point = whole!.length + power;
  const scaledValue = `${digits.slice(0, point)}${digits.length > point ? `.${digits.slice(point)}` : ""}`;
  return scaledValue.replace(/^0+(?=\d)/, "");
}

/**
 * `SYMBOL_UNIT`'s currency written with a number (the tagger drops the symbol), with the span it
 * is written in, or null: right before the number ("₹41,650") or one space before ("₹ 41,650"), or
 * right after it or one space after, as much of Europe writes it ("40€", "1200 €"), but not a
 * symbol that opens the next number ("2 $5 bills"). `from`/`to`: where the number's written span
 * starts and ends in `s`.
 */
function currencyOf(s: string, from: number, to: number): { symbol: string; said: string } | null {
  const start = s[from - 1] === " " ? from - 2 : from - 1;
  if (start >= 0 && CURRENCY.test(s[start]!)) return { symbol: s[start]!, said: s.slice(start, to) };
  const end = s[to] === " " ? to + 1 : to;
  if (end < s.length && CURRENCY.test(s[end]!) && !/\d/.test(s[end + 1] ?? ""))
    return { symbol: s[end]!, said: s.slice(from, end + 1) };
  return null;
}

/**
 * `FRENCH_NUMBER`: a number's digits as written, its grouping dropped ("1,420": "1420"). A comma
 * with one or two digits after it and no more is a decimal comma, as French and most of Europe
 * write it ("3,50 $": 3.50, "2,5 kg": 2.5): English groups thousands by three, so "3,50" is never
 * three hundred and fifty. Thousands grouped by a space, plain or narrow no-break ("2 500 $",
 * "12 000"), are one number (the reader already joins its parts).
 */
export function digitsOf(written: string): string {
  if (/^\d+,\d{1,2}$/.test(written)) return written.replace(",", ".");
  if (/^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?$/.test(written))
    return written.replace(/[ \u00a0\u202f]/g, "").replace(",", ".");
  return written.replace(/,/g, "");
}

/** Nothing or one space: how a currency word or a multiplier is written beside its number. */
const besideGap = (s: string, a: TaggedWord, b: TaggedWord) =>
  /^ ?$/.test(s.slice(a.start + a.text.length, b.start));

/** A currency's amount: its unit, its number (scaled by a `MULTIPLIER`), the words it spans and how it is said. */
interface CurrencyAmount {
  symbol: string;
  value: string;
  said: string;
  from: number;
  to: number;
}

/**
 * The currency of the number that spans words `i`..`j` of `s`, or null: a currency sign the tagger
 * drops (`currencyOf`: "£90", "40€"), a code or sign of letters right before it ("USD 300", "Rs
 * 40,000") or a code or currency name right after it ("300 EUR", "28 euros"), past a `MULTIPLIER`
 * said with it ("₹5 lakh", "$60k", "2 million euros"), which scales its number.
 */
function currencyAt(
  s: string,
  words: readonly TaggedWord[],
  i: number,
  j: number,
  spoken?: string,
): CurrencyAmount | null {
  const first = words[i]!;
  let last = words[j]!;
  let to = j;
  const written = spoken ?? digitsOf(s.slice(first.start, last.start + last.text.length)).toLowerCase();
  // The multiplier, glued ("60k", "1.2m") or the next word ("5 lakh", "2 million").
  const glued = /^(\d+(?:\.\d+)?)(\p{L}+)$/u.exec(written);
  const gluedPower = glued ? multiplierPower(glued[2]!) : undefined;
  const number = gluedPower !== undefined ? glued![1]! : written;
  let power = gluedPower ?? 0;
  const next = words[j + 1];
  if (power === 0 && /^\d+(?:\.\d+)?$/.test(written) && next && besideGap(s, last, next)) {
    const scale = multiplierPower(next.text);
    if (scale !== undefined && /\p{L}/u.test(next.text)) {
      power = scale;
      last = next;
      to = j + 1;
    }
  }
  const amount = (symbol: string, from: number, said: string): CurrencyAmount => ({
    symbol,
    value: power > 0 ? scaled(number, power) : number,
    said,
    from,
    to,
  });
  const sign = currencyOf(s, first.start, last.start + last.text.length);
  if (sign) return amount(sign.symbol, i, sign.said);
  // A code or a name is a word: only as a noun or a name, not "TOP 5" or "ALL 3" in capitals.
  const named = (w: TaggedWord | undefined) => w !== undefined && (w.pos === "NOUN" || w.pos === "PROPN");
  const before = words[i - 1];
  const unitBefore =
    named(before) && besideGap(s, before!, first) && !isCurrencyName(before!)
      ? currencyWordUnit(before!)
      : null;
  if (unitBefore) return amount(unitBefore, i - 1, s.slice(before!.start, last.start + last.text.length));
  const after = words[to + 1];
  const unitAfter =
    named(after) && besideGap(s, last, after!) && !isLetterSign(after!)
      ? (currencyWordUnit(after!) ?? slangSign(after!))
      : null;
  if (!unitAfter) return null;
  to += 1;
  return amount(unitAfter, i, s.slice(first.start, after!.start + after!.text.length));
}

/** Words after "a week" that say when, not how often ("$20 a week ago", "a month later"; not "from": "$1,045 a month from next month"). */
const WHEN_AFTER = /^(?:ago|later|earlier|back)$/i;

/**
 * `RATE`: the rate said after an amount's last word `to`, as " a <noun>" (" a week" for "£90 a
 * week", " a drop" for "₦1,500 per drop", " a gallon" for "$3.20 a gallon", " a head" for "€142 a
 * head"), or "". "per", "each" or "every" and a noun; "a" or "an" and a
 * singular noun that ends the phrase (the distributive "a": "£5 a pint", "£90 a week on food";
 * not "£300 a day trip", a noun before a noun). Not a time since ("$20 a week ago") nor "a lot", "a bit", "a
 * couple of" (a noun before "of").
 */
export function rateAfter(words: readonly TaggedWord[], to: number): string {
  const rateWord = words[to + 1];
  const per = words[to + 2];
  if (!rateWord || !per || per.pos !== "NOUN" || !/\p{L}/u.test(per.text)) return rateSaid(words);
  const lemma = per.lemma.toLowerCase();
  const next = words[to + 3];
  if (next && (WHEN_AFTER.test(next.text) || /^of$/i.test(next.text))) return "";
  if (/^(?:per|each|every)$/i.test(rateWord.text)) return ` a ${lemma}`;
  const singular = lemma === per.text.toLowerCase();
  return /^(?:a|an)$/i.test(rateWord.text) && singular && !isNominal(next) ? ` a ${lemma}` : rateSaid(words);
}

/** `RATE` said by a word of its own: "hourly", "weekly", "monthly", "annual" (its calendar noun). */
const RATE_WORD = /^(?:(hour|dai|night|week|fortnight|month|year)l(?:y|ies)|annual(?:ly)?)$/i;

/**
 * `RATE` said by a word of the sentence rather than after the amount ("My hourly rate is £40",
 * "the monthly rent is £1,350"): the rate, when the sentence says exactly one; else "".
 */
function rateSaid(words: readonly TaggedWord[]): string {
  const rates = new Set(
    words.flatMap((w) => {
      const m = RATE_WORD.exec(w.text);
      return m ? [(m[1] ?? "year").toLowerCase().replace(/^dai$/, "day")] : [];
    }),
  );
  return rates.size === 1 ? ` a ${[...rates][0]}` : "";
}

/** `RATE` written with a slash on its number ("$275/mo", "60/hr", "£40/month"): the number and the rate. */
const SLASH_RATE = /^(\d[\d,.]*)\/(mo|mth|month|wk|week|hr|hour|day|night|yr|year)$/i;

/** The calendar noun a slash rate's clipped word says ("mo": month, "hr": hour). */
const SLASH_RATE_NOUN = wordTable({
  mo: "month",
  mth: "month",
  wk: "week",
  hr: "hour",
  yr: "year",
});

/** `GLUED_UNIT`: a number with its unit's letters written on ("50mg", "300ms", "2.5kg", "20km"). */
const GLUED = /^(\d[\d,.]*)(\p{L}{1,3})$/u;

/** Letters after a number that are no unit: an ordinal ("3rd", French "1er"), a plural ("1990s"), a clock's, a multiplier. */
const NOT_GLUED_UNIT = /^(?:st|nd|rd|th|er|s|am|pm|k|m|bn|x)$/i;

/**
 * `VALUE_TYPE`'s units of measurement, as written after a number (spaced or glued), each to the
 * name its type gives it: durations, weights, distances, doses, sizes of data, and "k" for
 * thousands ("50k" a salary's measure). A noun a number counts ("people", "requests", "bar") is
 * no unit of measurement here.
 */
const UNITS_OF_MEASUREMENT = new Map(
  (
    "ms:ms sec:s secs:s second:s seconds:s min:min mins:min minute:minute minutes:minute hr:hr hrs:hr " +
    "hour:hour hours:hour day:day days:day week:week weeks:week month:month months:month year:year " +
    "years:year kg:kg lb:lb lbs:lb stone:stone km:km mile:mile miles:mile mg:mg ml:ml gb:gb mb:mb " +
    "tb:tb k:k kilo:kg kilos:kg kilogram:kg kilograms:kg milligram:mg milligrams:mg mcg:mcg " +
    "litre:l litres:l liter:l liters:l hectare:ha hectares:ha acre:acre acres:acre"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/**
 * The units of time said as words ("a day", "every fortnight", "two nights"): what a question's
 * word of time names (same-slot-first's `saysTime`) and, with their short forms, a span of time.
 */
export const TIME_UNITS: ReadonlySet<string> = new Set(
  "minute hour day night week weekend fortnight month year".split(" "),
);

/**
 * The units of a span of time ("in 3 weeks", "every 2 weeks", "a 1h45 half", "500 ms"), as
 * `measuresOf` names them: `TIME_UNITS` and their short forms. A question of when is answered by
 * one (changed-measures' `WHEN_ASKS_TIME`); a lone number word before one keeps no type
 * (`LONE_NUMBER_WORD`).
 */
export const SPANS_OF_TIME: ReadonlySet<string> = new Set(["ms", "s", "min", "hr", ...TIME_UNITS]);

/** A number with points, the shape of a version ("3.12", "1.27.4"). */
const POINTED = /^\d+\.\d+(?:\.\d+)?$/;

/** A version said with its "v" ("v2.4.1"). */
const V_VERSION = /^v\d+\.\d+(?:\.\d+)?$/i;

/** A dotted triple is a version whatever is beside it ("1.27.4"). */
const DOTTED_TRIPLE = /^\d+\.\d+\.\d+$/;

/** Words that say the number beside them is a version ("version 3.12", "release 2.4", "3.12 release"). */
const VERSION_WORDS = new Set(["version", "release", "build", "patch", "v", "firmware"]);

/**
 * `POINTED_VALUE`: the type of a number with a point and no unit of measurement. A version needs a
 * version context: a dotted triple ("1.27.4"), a name before it ("Python 3.9", "Kubernetes 1.27"),
 * or a version word beside it ("version 3.12", "the 2.4 release"). With none, a noun after it is
 * the unit it measures, known or not ("1.5 bar": "measure:bar", "2.5 stone": "measure:stone"). With
 * neither it stays a version, as it was read before ("the home server is on 24.04 now"); with a
 * sign ("+1.5": a reading, not a release) it has no type: it may be anything.
 */
function pointedType(
  words: readonly TaggedWord[],
  i: number,
  j: number,
  number: string,
  written: string,
): Pick<ValueRead, "type" | "said"> {
  const before = words[i - 1];
  const after = words[j + 1];
  const versionWord = (w: TaggedWord | undefined) =>
    w !== undefined && VERSION_WORDS.has(w.lemma.toLowerCase());
  if (
    DOTTED_TRIPLE.test(number) ||
    (before?.pos === "PROPN" && isNominal(before)) ||
    versionWord(before) ||
    versionWord(after)
  )
    return { type: "version", said: written };
  const lemma = after?.lemma.toLowerCase();
  if (
    after?.pos === "NOUN" &&
    isNominal(after) &&
    lemma !== undefined &&
    !DATE_NOUNS.has(lemma) &&
    !/^ago$/i.test(words[j + 2]?.text ?? "")
  )
    return { type: `measure:${lemma}`, said: `${written} ${after.text}`.toLowerCase() };
  return { type: "version", said: written };
}

/**
 * `NUMBER_IN_WORDS`'s idiom: a number in words with "percent" and an adjective after it says how
 * much of that quality, not a value ("a hundred percent sure", "ninety nine percent certain").
 */
const idiomaticPercent = (words: readonly TaggedWord[], to: number): boolean =>
  /^per ?cent$/i.test(words[to + 1]?.text ?? "") && words[to + 2]?.pos === "ADJ";

/**
 * `NUMBER_IN_WORDS`: a number said in words with a point is a measure in the noun after it, never
 * a version ("plus two and a half": a reading, said as people say amounts): with no noun, no type.
 */
const spokenOrVersion = (
  typed: Pick<ValueRead, "type" | "said">,
  spoken: boolean,
  written: string,
): Pick<ValueRead, "type" | "said"> =>
  spoken && typed.type === "version" ? { type: null, said: written.toLowerCase() } : typed;

/**
 * `LONE_NUMBER_WORD`: one number word, two to ninety-nine, read to its digits when the word right
 * beside it says it is a quantity — a unit of measurement ("twelve kilos", "twenty mg", "ten
 * days"), "percent", or a currency's name or code ("fifty dollars", "forty EUR"); a duration so
 * read keeps no type ("the half marathon is in six weeks": said in passing). Not "one" (a
 * pronoun as often: "one of the kids", "the one I liked", "one day"), not an ordinal ("a second
 * opinion"), not a word with nothing that CLDR, the units, `SLANG_CURRENCY` or `GRAND` name beside
 * it ("five kids": as written, as before; "forty quid" and "seven grand" are read since values41).
 */
export function loneNumberWord(s: string, words: readonly TaggedWord[], i: number): WordNumber | null {
  const value = wordBelowHundred(words[i]!.text);
  const after = words[i + 1];
  if (value === undefined || value < 2 || !after || !besideGap(s, words[i]!, after)) return null;
  const unit = after.text.toLowerCase();
  const named = (after.pos === "NOUN" || after.pos === "PROPN") && !isLetterSign(after);
  const quantity =
    UNITS_OF_MEASUREMENT.has(unit) ||
    /^per ?cent$/.test(unit) ||
    (named && (currencyWordUnit(after) !== null || slangSign(after) !== null)) ||
    grandAfter(words, i);
  return quantity ? { value: String(value), to: i, words: 1 } : null;
}

/**
 * `SPOKEN_SIGN`: the sign "plus" or "minus" says before the number at `i` ("the reading ones are
 * plus two and a half", "I need plus three now", "it was minus five last night"), "+" or "-", or
 * null: not a sum ("2.9% plus 30 cents", "plus two kids": a noun after the number) and not "plus
 * one" (a guest as often as a sign).
 */
function spokenSign(words: readonly TaggedWord[], i: number): "+" | "-" | null {
  const sign = words[i - 1]?.text.toLowerCase();
  if ((sign !== "plus" && sign !== "minus") || /^(?:one|1)$/i.test(words[i]!.text)) return null;
  const spoken = numberInWords(
    words.map((w) => w.text),
    i,
  );
  const last = spoken?.to ?? i;
  if (isNominal(words[last + 1]) || (words[i]!.pos !== "NUM" && !spoken)) return null;
  return sign === "plus" ? "+" : "-";
}

/** One value `valuesIn` reads in a sentence. */
interface ValueRead {
  /** Its `MEASURE` reading, or null when it is no measure (a weekday, "noon", a bare "3.12"). */
  measure: Measure | null;
  /** Where its words are written in the sentence: from `at` to before `until` (character offsets). */
  at?: number;
  until?: number;
  /** Its `VALUE_TYPE`, or null when it has none (a count, a number in words). */
  type: ValueType | null;
  /** The words as written, lower-cased. */
  said: string;
}

/**
 * The one reader: the values one sentence says, in order, each with its measure reading and its
 * type. `dated`: a day of a month is read as a date (`DATE_MEASURE`); without it, its number is
 * read as any other.
 */
const valuesIn = (sentence: string, dated: boolean): readonly ValueRead[] =>
  (dated ? datedValuesMemo : valuesMemo)(sentence);
const valuesMemo = boundedMemo((s: string) => valuesRead(s, false), 8_192);
const datedValuesMemo = boundedMemo((s: string) => valuesRead(s, true), 8_192);

/** A day of a month the number at `i` gives with a month beside it, and the words it spans, or null. */
function dateAt(
  words: readonly TaggedWord[],
  i: number,
): { value: string; from: number; to: number; unit?: string } | null {
  const day = /^(\d{1,2})(?:st|nd|rd|th|er)?$/i.exec(words[i]!.text);
  if (!day || Number(day[1]) < 1 || Number(day[1]) > 31) return null;
  // `FRENCH_DATE`: a day's number and a French month after it ("le 27 novembre", "27 nov.", "le
  // 1er juin"): French says the day first, so a French name before a number is no date ("Mars 2");
  // a name that is an English word too, with a noun after it, is that word ("3 Mars bars").
  const name = words[i + 1];
  const french = name ? frenchMonthClip(name.text) : null;
  if (
    french &&
    !/(?:st|nd|rd|th)$/i.test(day[0]!) &&
    !(listedWord(name!.text.replace(/\.$/, "")) && isNominal(words[i + 2]))
  )
    return { value: `${Number(day[1])} ${french}`, from: i, to: i + 1 };
  if (/er$/i.test(day[0]!)) return null;
  // `LOWER_CASE_MONTH`: a month beside a day's number is a date written in any case ("sept 6",
  // "feb 15", "3rd of march"), unless the tagger reads the word as a verb ("we march 5 miles").
  const month = (w: TaggedWord | undefined) =>
    w &&
    MONTHS.has(w.text.toLowerCase()) &&
    (/^\p{Lu}/u.test(w.text) || (w.pos !== "VERB" && w.pos !== "AUX"))
      ? w.text.toLowerCase().slice(0, 3)
      : null;
  const of = /^of$/i.test(words[i + 1]?.text ?? "");
  const after = month(of ? words[i + 2] : words[i + 1]);
  if (after) return { value: `${Number(day[1])} ${after}`, from: i, to: of ? i + 2 : i + 1 };
  const before = month(words[i - 1]);
  return before ? { value: `${Number(day[1])} ${before}`, from: i - 1, to: i } : null;
}

/** `CLOCK_RANGE`: two clock times joined by a dash in one token ("6am-10pm", "9:00–17:30"). */
const CLOCK_RANGE = /^(\d{1,2}(?::\d{2})?(?:am|pm)?)[-–](\d{1,2}(?::\d{2})?(?:am|pm)?)$/i;

/** The unit a date in figures is counted in when its order is a locale's ("3/11": 3 November or March 11). */
export const DATE_IN_FIGURES = "date in figures";

/** The unit a day of a month said with no month is counted in ("on the 3rd"). */
export const DAY_OF_MONTH = "day of month";

/** Words before a date that say it is one ("on 3/11", "by the 15th", "due 3/11"). */
const BEFORE_A_DATE = /^(?:on|by|until|till|til|due|before|after|since|from)$/i;

/** Nouns of a sentence that say a number in figures in it is a date ("the deadline is 12/3"). */
const DATE_WORDS = /^(?:deadline|date|birthday|appointment|anniversary)s?$/i;

/**
 * `FIGURE_DATE`: a date written in figures, and the words it spans, or null. ISO ("2026-03-11")
 * is a day of a month ("11 mar", as "11 March" is); so is a day and a month in either order when
 * the numbers say which is which ("25/12", "12/25": "25 dec"; "5/5"). Otherwise ("3/11": 3 November
 * or March 11, by the writer's locale) the order is not guessed: it is a date in figures, counted in
 * `DATE_IN_FIGURES` as written ("3/11"), comparable only with another so written. A day and month
 * with no year is read only where something says it is a date — a word before it ("on 3/11", "due
 * 3/11") or a date noun in the sentence ("the deadline is 12/3"): "rated it 8/10", "open 24/7", "a
 * 50/50 split" are no dates. Never with a noun after it ("on 3/4 time").
 */
function figureDateAt(
  s: string,
  words: readonly TaggedWord[],
  i: number,
): { value: string; from: number; to: number; unit?: string } | null {
  const text = words[i]!.text;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) {
    const [month, day] = [Number(iso[2]), Number(iso[3])];
    return month >= 1 && month <= 12 && day >= 1 && day <= 31
      ? { value: `${day} ${monthClips()[month - 1]}`, from: i, to: i }
      : null;
  }
  const figures = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/.exec(text);
  // Not a share of something ("3/4 of the way") nor a count ("on 3/4 time").
  if (!figures || isNominal(words[i + 1]) || /^of$/i.test(words[i + 1]?.text ?? "")) return null;
  const [a, b] = [Number(figures[1]), Number(figures[2])];
  if (a < 1 || b < 1 || a > 31 || b > 31 || (a > 12 && b > 12)) return null;
  const dateSaid =
    figures[3] !== undefined ||
    BEFORE_A_DATE.test(words[i - 1]?.text ?? "") ||
    words.some((w) => isNominal(w) && DATE_WORDS.test(w.text));
  if (!dateSaid || s[words[i]!.start + text.length] === "%") return null;
  if (a === b || a > 12 || b > 12) {
    const [day, month] = a > 12 || a === b ? [a, b] : [b, a];
    return { value: `${day} ${monthClips()[month - 1]}`, from: i, to: i };
  }
  return { value: `${a}/${b}`, from: i, to: i, unit: DATE_IN_FIGURES };
}

/** `DAY_OF_MONTH`'s ordinals in words, each its day: not "first" nor "second" ("from the first", "by the second"). */
const ORDINAL_DAYS: ReadonlyMap<string, number> = new Map(
  (
    "third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth " +
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
  )
    .split(" ")
    .map((word, k) => [word, k + 3] as const),
);

/**
 * `DAY_OF_MONTH`: a day of a month said with no month ("rent is due on the 3rd", "by the 15th",
 * "until the twentieth"), and the words it spans ("the 3rd"), or null: "the" and an ordinal after a
 * word that says a date (`BEFORE_A_DATE`), with no noun after it ("on the 3rd floor", "by the third
 * week" are no dates) and no month beside it (`dateAt` reads "the 3rd of March"). Counted in
 * `DAY_OF_MONTH`, its day in digits ("3"). "first" and "second" in words are not read: "from the
 * first" is the start as often, and "by the second" a rate.
 */
function dayOfMonthAt(
  words: readonly TaggedWord[],
  i: number,
): { value: string; from: number; to: number; unit?: string } | null {
  const text = words[i]!.text.toLowerCase();
  const at = (k: number) => words[k]?.text.toLowerCase() ?? "";
  // `FRENCH_DATE`: a day's number after a weekday, French style ("mardi le 3", "Tuesday le 3",
  // "mardi 3", "le jeudi 1er"), with no noun after it ("mardi 3 enfants" counts children).
  const frenchDay = /^(\d{1,2})(?:er)?$/.exec(text);
  if (
    frenchDay &&
    ((at(i - 1) === "le" && isWeekday(at(i - 2))) || isFrenchWeekday(at(i - 1))) &&
    Number(frenchDay[1]) >= 1 &&
    Number(frenchDay[1]) <= 31 &&
    !isNominal(words[i + 1]) &&
    !/^[.:,h]?\d/.test(at(i + 1))
  )
    return {
      value: String(Number(frenchDay[1])),
      from: at(i - 1) === "le" ? i - 1 : i,
      to: i,
      unit: DAY_OF_MONTH,
    };
  const digits = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(text);
  const day = digits ? Number(digits[1]) : ORDINAL_DAYS.get(text);
  if (day === undefined || day < 1 || day > 31) return null;
  if (words[i - 1]?.text.toLowerCase() !== "the" || !BEFORE_A_DATE.test(words[i - 2]?.text ?? ""))
    return null;
  // "the 3rd of the month" is one.
  const ofMonth = at(i + 1) === "of" && at(i + 2) === "the" && at(i + 3) === "month";
  if (!ofMonth && (isNominal(words[i + 1]) || /^(?:of|one)$/.test(at(i + 1)))) return null;
  return { value: String(day), from: i - 1, to: ofMonth ? i + 3 : i, unit: DAY_OF_MONTH };
}

function valuesRead(s: string, dated: boolean): ValueRead[] {
  const found: (ValueRead & { at: number; until: number })[] = [];
  const words = tagged(s);
  const texts = words.map((w) => w.text);
  // The last word of a number in words already read ("point" and its digits are no numbers of their own).
  let spokenTo = -1;
  const saidFrom = (a: TaggedWord, b: TaggedWord) => s.slice(a.start, b.start + b.text.length).toLowerCase();
  // The words a value spans: a weekday, a month or a word clock among them is no value of its own.
  const spanned = new Set<number>();
  const add = (from: number, to: number, read: ValueRead) => {
    for (let k = from; k <= to; k++) spanned.add(k);
    found.push({ ...read, at: words[from]!.start, until: words[to]!.start + words[to]!.text.length });
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // "7:45 pm", `DOT_CLOCK`'s "9.25 am": the clock's "pm" as its own token.
    const meridiem =
      (CLOCK_DIGITS.test(w.text) || DOT_CLOCK_DIGITS.test(w.text)) && MERIDIEM.test(words[i + 1]?.text ?? "")
        ? words[i + 1]
        : null;
    if (CLOCK.test(w.text) || meridiem) {
      add(i, meridiem ? i + 1 : i, {
        measure: { unit: TIME_OF_DAY, value: clockValue(w.text, meridiem?.text) },
        type: "clock",
        said: saidFrom(w, meridiem ?? w),
      });
      if (meridiem) i++;
      continue;
    }
    // The 24-hour clock: `H_CLOCK` ("at 6h38", "à 18h30", "closes at 21h", "bedtime is 19h45",
    // "17 h 30"), else `FOUR_DIGIT_CLOCK` ("at 0715", "ETA 0810 local", "report is now 0620", "0600 hrs").
    const clock24 = hClockAt(s, words, i) ?? fourDigitClockAt(s, words, i);
    if (clock24) {
      add(i, clock24.to, {
        measure: { unit: TIME_OF_DAY, value: clock24.value },
        type: "clock",
        said: saidFrom(w, words[clock24.to]!),
      });
      i = clock24.to;
      continue;
    }
    // `SPOKEN_CLOCK`: "at half five", "at 9.30", "fridays at eleven", "six in the evening".
    const spokenClock = spokenClockAt(words, i);
    if (spokenClock) {
      add(i, spokenClock.to, {
        measure: { unit: TIME_OF_DAY, value: spokenClock.value },
        type: "clock",
        said: saidFrom(w, words[spokenClock.to]!),
      });
      i = spokenClock.to;
      continue;
    }
    // `CLOCK_RANGE`: "6am-10pm", "9:00–17:30" in one token: two times of day.
    const range = CLOCK_RANGE.exec(w.text);
    if (range && (/[ap]m$/i.test(range[1]!) || /[ap]m$/i.test(range[2]!) || range[1]!.includes(":"))) {
      for (const end of [range[1]!, range[2]!])
        found.push({
          measure: { unit: TIME_OF_DAY, value: end.toLowerCase() },
          type: "clock",
          said: end.toLowerCase(),
          at: w.start + (end === range[1] ? 0 : w.text.length - end.length),
          until: w.start + (end === range[1] ? end.length : w.text.length),
        });
      spanned.add(i);
      continue;
    }
    const date = dated ? (dateAt(words, i) ?? figureDateAt(s, words, i) ?? dayOfMonthAt(words, i)) : null;
    if (date) {
      add(date.from, date.to, {
        measure: { unit: date.unit ?? DATE, value: date.value },
        type: "date",
        said: saidFrom(words[date.from]!, words[date.to]!),
      });
      continue;
    }
    // `CURRENCY_WORD`: a sign of letters with a point, written onto its number ("Rs.2,800"), which
    // the tagger reads as one word ("Rs.2") and the thousands after it.
    const dotted = /^(\p{L}{2,3})\.(\d{1,3})$/u.exec(w.text);
    if (dotted && isLetterSign({ ...w, text: dotted[1]! })) {
      let k = i;
      while (
        words[k + 1]?.pos === "NUM" &&
        /^\d{3}$/.test(words[k + 1]!.text) &&
        s[words[k + 1]!.start - 1] === ","
      )
        k++;
      const digits = `${dotted[2]}${words
        .slice(i + 1, k + 1)
        .map((x) => x.text)
        .join("")}`;
      const rate = rateAfter(words, k);
      add(i, k, {
        measure: { unit: `${dotted[1]}${rate}`, value: digits },
        type: `measure:${dotted[1]}`,
        said: saidFrom(w, words[k]!),
      });
      i = k;
      continue;
    }
    // `NUMBER_IN_WORDS`: "one hundred and eighty", "a hundred and ten", "three point six five" is
    // read as its digits are; one word alone ("one", "ten") is read as before, as written.
    if (i <= spokenTo) continue;
    // `SPOKEN_SIGN`: "plus" or "minus" before a number with no noun after it is its sign.
    const signWord = spokenSign(words, i);
    const inWords = words[i - 1]?.pos === "NUM" ? null : numberInWords(texts, i);
    const lone = words[i - 1]?.pos === "NUM" || inWords ? null : loneNumberWord(s, words, i);
    const spoken =
      words[i - 1]?.pos === "NUM"
        ? null
        : (inWords ??
          lone ??
          (signWord && (wordBelowHundred(w.text) ?? 0) >= 2
            ? { value: String(wordBelowHundred(w.text)), to: i, words: 1 }
            : null));
    if (spoken) spokenTo = spoken.to;
    if (spoken && idiomaticPercent(words, spoken.to)) continue;
    if (!spoken && (w.pos !== "NUM" || words[i - 1]?.pos === "NUM")) continue;
    // One number may be several tokens ("1,000" is "1" and "000"): read the span as written.
    let j = spoken?.to ?? i;
    if (!spoken) while (words[j + 1]?.pos === "NUM" && /^[\d,.]+$/.test(words[j + 1]!.text)) j++;
    const last = words[j]!;
    const written = s.slice(w.start, last.start + last.text.length);
    // `RATE` written on the number ("$275/mo"): the number, and the rate it is counted per.
    const slash = spoken || i !== j ? null : SLASH_RATE.exec(w.text);
    const slashRate = slash
      ? ` a ${SLASH_RATE_NOUN.get(slash[2]!.toLowerCase()) ?? slash[2]!.toLowerCase()}`
      : "";
    const value = spoken?.value ?? digitsOf(slash ? slash[1]! : written).toLowerCase();
    // `LONE_NUMBER_WORD`: a duration in one word ("in six weeks", "for two days") is read to its
    // digits but keeps no type: it is said in passing as often as it is a value.
    const loneDuration =
      lone !== null && SPANS_OF_TIME.has(UNITS_OF_MEASUREMENT.get(texts[i + 1]!.toLowerCase()) ?? "");
    const inDigits = (spoken !== null && !loneDuration) || /^\d/.test(written);
    const after = words[j + 1];
    // `O_CLOCK`: an hour with "o'clock" ("9 o'clock", "eleven oclock") is a clock time, its hour in digits.
    const hour = after && O_CLOCK.test(after.text) ? hourOf(spoken ? "" : value) : null;
    if (hour !== null) {
      add(i, j + 1, {
        measure: { unit: TIME_OF_DAY, value: `${hour} o'clock` },
        type: "clock",
        said: saidFrom(w, after!),
      });
      continue;
    }
    if (after && MERIDIEM.test(after.text)) {
      add(i, j + 1, {
        measure: { unit: TIME_OF_DAY, value: `${value}${after.text.toLowerCase().replace(/\./g, "")}` },
        type: "clock",
        said: saidFrom(w, after),
      });
      continue;
    }
    // A symbol the tagger drops says the unit: "£90", "2.1%", a sign ("-2.25").
    const symbol = s[w.start - 1] ?? "";
    const spaced = w.start < 2 || /[\s(]/u.test(s[w.start - 2]!);
    const currency = currencyAt(s, words, i, j, spoken?.value ?? (slash ? value : undefined));
    if (currency) {
      const rate = slashRate || rateAfter(words, currency.to);
      add(currency.from, currency.to, {
        measure: { unit: `${currency.symbol}${rate}`, value: currency.value },
        // `RATE` is the measure's, not the type's: people say the rate on one side only ("my day
        // rate is €650" / "€720 per day now"), and a rate in the type cost fresh9 two dev questions.
        type: inDigits ? `measure:${currency.symbol}` : null,
        said: currency.said.toLowerCase(),
      });
      i = Math.max(i, currency.to);
      continue;
    }
    // `GRAND`: "seven grand", "40 grand" is thousands, as "7k" is.
    if (grandAfter(words, j)) {
      add(i, j + 1, { measure: null, type: "measure:k", said: saidFrom(w, words[j + 1]!) });
      i = j + 1;
      continue;
    }
    if (s[last.start + last.text.length] === "%") {
      add(i, j, {
        measure: { unit: "percent", value },
        type: inDigits ? "measure:%" : null,
        said: `${written.toLowerCase()}%`,
      });
      continue;
    }
    const glued = i === j ? GLUED.exec(w.text) : null;
    const gluedUnit = glued ? UNITS_OF_MEASUREMENT.get(glued[2]!.toLowerCase()) : undefined;
    if (glued && !NOT_GLUED_UNIT.test(glued[2]!)) {
      add(i, j, {
        measure: { unit: glued[2]!.toLowerCase(), value: glued[1]!.replace(/,/g, "") },
        type: gluedUnit ? `measure:${gluedUnit}` : null,
        said: written.toLowerCase(),
      });
      continue;
    }
    // The type of a number with no symbol and no unit glued on (but a multiplier's "k": "50k"): a
    // unit of measurement after it, or a version's points.
    // `MULTIPLIER` with no currency: "cover is 5 lakh" is a measure in lakh, as "95k" is in "k"; not
    // "2 million people", which counts people.
    const multiplierAfter =
      inDigits &&
      after &&
      /^\p{L}{4,}$/u.test(after.text) &&
      multiplierPower(after.text) !== undefined &&
      !isNominal(words[j + 2])
        ? after.text.toLowerCase()
        : undefined;
    const unitAfter =
      inDigits && after ? (UNITS_OF_MEASUREMENT.get(after.text.toLowerCase()) ?? multiplierAfter) : undefined;
    const typed: Pick<ValueRead, "type" | "said"> =
      glued && gluedUnit
        ? { type: `measure:${gluedUnit}`, said: written.toLowerCase() }
        : unitAfter && after && !/^ago$/i.test(words[j + 2]?.text ?? "")
          ? { type: `measure:${unitAfter}`, said: saidFrom(w, after) }
          : // A decimal comma (`FRENCH_NUMBER`: "2,5") is no version's point ("pick 1,2 or 3").
            POINTED.test(value) && !written.includes(",") && !/^[-+−]$/u.test(symbol) && !signWord
            ? spokenOrVersion(pointedType(words, i, j, value, written), spoken !== null, written)
            : { type: null, said: written.toLowerCase() };
    const signed =
      /^[-+−]$/u.test(symbol) && spaced
        ? `${symbol.replace("−", "-")}${value}`
        : signWord && !isNominal(words[j + 1])
          ? `${signWord}${value}`
          : value;
    const before = words[i - 1];
    // `VERSION_FIRST`: a number between a name and a singular noun is the name's version, the noun
    // what the pair modifies ("the Postgres 17 upgrade", "a Node 22 image"), not a count of it.
    const version =
      before?.pos === "PROPN" && isNominal(before) && isNominal(after) && singularAfter(after, signed);
    // `MEASURE`: a unit is written beside its number, not across a comma or a dash ("to 10k, training for…").
    const beside = (a: TaggedWord, b: TaggedWord) =>
      !/[,;:–—]/u.test(s.slice(a.start + a.text.length, b.start));
    const unit = version
      ? before
      : isNominal(after) && beside(last, after!)
        ? after
        : isNominal(before) && beside(before!, w)
          ? before
          : null;
    const lemma = unit?.lemma.toLowerCase().replace(/[’']s$/, "");
    // "three weeks ago" says when, not what holds.
    const next = unit === after ? words[j + 2] : undefined;
    const measure =
      lemma === undefined
        ? signed !== value
          ? { unit: SIGNED_NUMBER, value: signed }
          : null
        : DATE_NOUNS.has(lemma) ||
            // `FRENCH_DATE`: "20 novembre" is a date, as "20 November" is ("Mars 2" is no date).
            (unit === after && frenchMonth(lemma) !== null) ||
            isFrenchWeekday(lemma) ||
            (next && /^ago$/i.test(next.text))
          ? null
          : { unit: lemma, value: signed };
    if (measure || typed.type)
      add(i, typed.type?.startsWith("measure:") && typed.said !== written.toLowerCase() ? j + 1 : j, {
        measure,
        ...typed,
      });
  }
  // The values said by a word, not a number: a weekday, a month named alone, a word clock, "v2.4".
  for (const [i, w] of words.entries()) {
    if (spanned.has(i)) continue;
    const lower = w.text.toLowerCase();
    // `FRENCH_CALENDAR`: "minuit" (midnight), "midi" (noon) after a word that opens a time ("à
    // midi"; "a midi skirt" is none); a French weekday, a French month named alone that is no
    // English word too ("en juillet"; not "mars", "sept").
    const frenchClock =
      lower === "minuit" || (lower === "midi" && OPENS_AN_H_CLOCK.test(words[i - 1]?.text ?? ""));
    const frenchDate = isFrenchWeekday(lower) || (frenchMonth(lower) !== null && !listedWord(lower));
    // `MAORI_WEEKDAY`: a weekday in te reo Māori ("on Rātū", "Rāmere"), but not one that is an English
    // word ("mane") nor a title before a name ("Ratu Sukuna", Fijian).
    const maoriDate =
      isMaoriWeekday(lower) &&
      !listedWord(lower) &&
      !(words[i + 1]?.pos === "PROPN" && /^\p{Lu}/u.test(words[i + 1]!.text));
    const type =
      WORD_CLOCK.test(w.text) || frenchClock
        ? "clock"
        : isEnglishWeekday(w.text) ||
            MONTHS_IN_ANY_CASE.has(lower) ||
            w.text === "March" ||
            frenchDate ||
            maoriDate
          ? "date"
          : V_VERSION.test(w.text)
            ? "version"
            : null;
    if (type) found.push({ measure: null, type, said: lower, at: w.start, until: w.start + w.text.length });
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * The measures one sentence says (`datedMeasuresOf`'s reading, whether it asserts or not), each
 * with where its words are written (`from` to before `to`): a scaled amount ("₹1.5 lakh": 150000)
 * is found by its place, not by its digits.
 */
export function placedMeasuresOf(sentence: string): { measure: Measure; from: number; to: number }[] {
  return valuesIn(sentence, true).flatMap((v) =>
    v.measure ? [{ measure: v.measure, from: v.at ?? 0, to: v.until ?? 0 }] : [],
  );
}

/** `MEASURE`: the numbers with their units in the asserted sentences of `text`. */
export const measuresOf = (text: string): readonly Measure[] => measuresMemo(text);
const measuresMemo = boundedMemo((text: string) => measuresRead(text, false), 8_192);

/**
 * `MEASURE` and `DATE_MEASURE`, for recall's lifts only: a day of a month is read as a measure in
 * `DATE` ("the deadline for the data migration is 15 of May" / "…pushed to 30 June"). The lexical
 * judge does not read dates as measures (two dates are often two events), so its reading
 * (`measuresOf`) is unchanged.
 */
export const datedMeasuresOf = (text: string): readonly Measure[] => datedMemo(text);
const datedMemo = boundedMemo((text: string) => measuresRead(text, true), 8_192);

function measuresRead(text: string, dated: boolean): Measure[] {
  return sentences(text).flatMap((s) =>
    assertedValues(s, dated).flatMap((v) => (v.measure ? [v.measure] : [])),
  );
}

/**
 * `VALUE_TYPE`: the typed values a text names, in every sentence (a question's too), each with its
 * type: a clock time ("7:45pm", "noon", "EOD"), a date ("Friday", "30 June", "15 of May"), a measure
 * by its unit of measurement ("300ms" and "200ms" are both "measure:ms"; "£1,420" is "measure:£") or
 * a version ("3.12"). A bare number ("5", "three") or a count ("6 people") has no type: it may count
 * anything. The value is the words as written, lower-cased.
 *
 *   typedValues("Leo goes to bed at 7pm but he's up at 5 every day.") // → [{ value: "7pm", type: "clock" }]
 *   typedValues("p95 has to be under 200ms now.")                    // → [{ value: "200ms", type: "measure:ms" }]
 */
export function typedValues(text: string): TypedValue[] {
  return sentences(text).flatMap((s) =>
    valuesIn(s, true).flatMap((v) => (v.type ? [{ value: v.said, type: v.type }] : [])),
  );
}
