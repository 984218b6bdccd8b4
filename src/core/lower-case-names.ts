/**
 * The names a text gives its values when its writer uses no capitals ("i closed my chase account
 * and moved everything to a credit union called alliant", "the vet said to switch the cat off
 * purina"). Case is the evidence `namedValues` reads a name by; a writer who types everything in
 * lower case gives none, so for such a text a word is read as a name by what the lexicon knows
 * instead: a word English does not list is a name ("alliant", "purina", "maisie"), a word it lists
 * is not ("chase", "bill", "will", "may", "rose", "mark": a missed name costs a link, a common word
 * read as a name a wrong one).
 *
 * - `writtenInLowerCase`: the text capitalises no word but the pronoun "I" (which sleep may
 *   capitalise at a statement's start) and words in capitals ("OLD", "GP"): no word opens with a
 *   capital and goes on in lower case. A text with one such word is read by its capitals.
 * - `lowerCaseNames`: in such a text, each word of three letters or more (a possessive's "'s" taken
 *   off) that holds a vowel (a run of consonants is a chat abbreviation: "ngl", "tmrw", "ppl"), that
 *   the lexicon lists neither as written nor as an inflection of a listed word ("fridays",
 *   "queueing", "cycled", "mercies"), and that is no indefinite pronoun ("everything"), no clipped
 *   day or month ("thurs", "sept": a time, as `namedValues` reads the calendar) nor a spoken
 *   contraction or chat abbreviation (`CHAT_WORDS`: "gonna", "idk"); a word right after a number
 *   is its unit ("500 megas"), not a name.
 *
 * The lexicon is read from its copy (listed-words.ts), never from a loaded model, so every process
 * reads the same names.
 *
 *   lowerCaseNames("i closed my chase account and moved everything to a credit union called alliant.") // → ["alliant"]
 *   lowerCaseNames("I closed my Chase account.")                                                      // → [] (read by its capitals)
 */
import { alternationOf, calendarWords, RELATIVE_DAYS } from "./calendar-words.js";
import { listedWord } from "./listed-words.js";
import { LOWER_CASE_TITLES } from "./person-words.js";

/** Spoken contractions and chat abbreviations with a vowel, typed in lower case: never a value's name. */
const CHAT_WORDS = new Set(
  "gonna wanna gotta hafta kinda sorta dunno lemme gimme outta lotta idk ikr imo imho omg lol lmao rofl asap fyi btw tbh ngl irl".split(
    " ",
  ),
);

/** A word that opens with a capital and goes on in lower case ("Chase", "My"): a writer who capitalises. */
const TITLE_WORD = /(?<![\p{L}\p{N}'’])\p{Lu}\p{Ll}/u;

/** The calendar's names, whose clipped forms ("thurs", "tues", "sept") are times, not values. */
const CALENDAR = [...calendarWords({ months: "names", weekdays: "names" })];

/** Text that ends on a number and a space: the next word is the number's unit. */
const AFTER_NUMBER = /\p{N}[\p{N}.,]*\s+$/u;

/**
 * A title with its period, not after a determiner or a possessive: the word after it is a name,
 * whether the lexicon lists it or not ("dr. reyes", "mrs. alvarez"). A title takes no determiner
 * ("my dr. said", "the dr. is in" are the doctor, not a name), and without its period it is often the
 * noun ("dr said to rest") or another word ("12 oak dr"): there a listed word stays a word. "ms."
 * typed in lower case is as often milliseconds ("120 ms. we shipped it") and is left out.
 */
const TITLE_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${LOWER_CASE_TITLES.join("|")})\\.\\s+$`, "u");
const DETERMINER_BEFORE =
  /(?<![\p{L}\p{N}'’])(?:the|a|an|my|our|your|his|her|their|its|this|that|whose)\s+\S+\s+$/u;

/**
 * Words after a title's period that name no one: function words, personal pronouns (a sentence that
 * ends on "…the dr." goes on with one) and times ("dr. today", "mr. and mrs. lee").
 */
const NOT_AFTER_TITLE = new RegExp(
  `^(?:the|a|an|and|or|but|of|to|in|on|at|for|with|from|by|is|are|was|were|be|been|has|had|have|will|would|can|could|we|you|he|she|they|it|me|us|him|her|them|${alternationOf(RELATIVE_DAYS)})$`,
);

/** Indefinite pronouns, which the lexicon's copy does not list all of ("everything"). */
const INDEFINITE = /^(?:every|some|any|no)(?:thing|one|body|where)$/;

/**
 * True when a text is written without capitals: no word opens with a capital and goes on in lower
 * case ("I" and words in capitals, "OLD", "GP", do not count), and it holds a letter.
 *
 *   writtenInLowerCase("gaz sold the panda, we drive a kia now") // → true
 *   writtenInLowerCase("Gaz sold the Panda.")                    // → false
 */
export function writtenInLowerCase(text: string): boolean {
  return /\p{Ll}/u.test(text) && !TITLE_WORD.test(text);
}

/** True when the lexicon lists `word` or the base of an inflection of it ("fridays", "cycled", "queueing"). */
function listedOrInflected(word: string): boolean {
  if (listedWord(word)) return true;
  const bases: string[] = [];
  if (word.endsWith("ies")) bases.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) bases.push(word.slice(0, -2));
  if (word.endsWith("s")) bases.push(word.slice(0, -1));
  if (word.endsWith("ied")) bases.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("ed")) bases.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing")) bases.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return bases.some((b) => b.length >= 3 && listedWord(b));
}

/**
 * The names of a text written without capitals (`writtenInLowerCase`), in the order said, each
 * once; none for a text that capitalises (its names are read by their capitals).
 *
 *   lowerCaseNames("maisie's hair appt moved to thurs")  // → ["maisie", "appt"]
 *   lowerCaseNames("bill will mark the rose in may")     // → []
 */
export function lowerCaseNames(text: string): string[] {
  if (!writtenInLowerCase(text)) return [];
  const out: string[] = [];
  // Words with digits are codes or measures ("goldenlotus2019", "5g"): `unlistedName` takes letters only.
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu)) {
    // A word right after a number is its unit ("500 megas", "3 hrs"), not a name.
    if (AFTER_NUMBER.test(text.slice(Math.max(0, m.index - 16), m.index))) continue;
    const word = m[0].toLowerCase().replace(/[’']s$/, "");
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    if ((unlistedName(word) || namedByTitle(word, before)) && !out.includes(word)) out.push(word);
  }
  return out;
}

/**
 * True when one word, read in a text written without capitals, is a name: three letters or more
 * (a possessive's "'s" taken off), a vowel, not listed by the lexicon as written or inflected, no
 * indefinite pronoun, clipped calendar word or chat word (see the module's comment).
 *
 *   unlistedName("maisie's") // → true
 *   unlistedName("bill")     // → false
 */
export function unlistedName(written: string): boolean {
  const word = written.toLowerCase().replace(/[’']s$/, "");
  if (!/^\p{L}{3,}$/u.test(word) || !/[aeiouy]/.test(word)) return false;
  if (CHAT_WORDS.has(word) || INDEFINITE.test(word) || listedOrInflected(word)) return false;
  return !CALENDAR.some((name) => name.startsWith(word.replace(/s$/, "")));
}

/**
 * True when `word`, read in a text written without capitals, stands after a title with its period
 * that no determiner or possessive opens (`TITLE_BEFORE`): a name even when the lexicon lists it
 * ("dr. reyes", "mrs. rose"), never a function word or a time ("mr. and mrs. lee", "dr. tomorrow").
 *
 *   namedByTitle("reyes", "my dentist is dr. ") // → true
 *   namedByTitle("reyes", "my dr. ")            // → false: "my dr." is the doctor
 */
function namedByTitle(word: string, before: string): boolean {
  if (!/^\p{L}{2,}$/u.test(word) || NOT_AFTER_TITLE.test(word)) return false;
  return TITLE_BEFORE.test(before) && !DETERMINER_BEFORE.test(before);
}
