/**
 * The names a statement gives its values, read from how they are written: a word capitalised
 * inside a sentence ("I commute by bike, a blue Trek hybrid" → Trek; "I use LastPass" →
 * LastPass), never a pronoun, a title, a chat abbreviation ("FYI", "BTW") or a calendar word (a
 * day or month is a time, and many statements share one). An acronym is read as any capitalised
 * word is: a name ("BT", "IKEA"), at a sentence's start too unless the lexicon lists it ("NASA").
 *
 * `FIRST_WORD_NAME`: the first word of a sentence is capitalised by its place, so it is a name only
 * when the tagger's lexicon does not list it as an ordinary word ("Kasia walks Bolt every morning"
 * → Kasia, Bolt; "Coffee is my vice", "Yesterday we moved", "Mum drives now" → none). A name the
 * lexicon also lists as a word ("Sam", "Mark", "Trek") is not taken there: a missed name costs a
 * link, a common word read as a name costs a wrong one. The lexicon is read from its copy
 * (listed-words.ts), never from the loaded model: the same text gives the same names in every
 * process, whether or not it loaded the tagger (until the thirty-first session a process that had
 * not took no first word, so a keyword recall read fewer names than the same recall after a
 * question's had loaded it).
 *
 * `LOWER_CASE`: a text written without capitals gives no name by case; its names are the words the
 * lexicon does not list (lower-case-names.ts `lowerCaseNames`: "i bank with monzo now" → monzo).
 *
 * Recall uses them to find the newer statement that replaces an older one without sharing a word
 * with the question: an update often names the value it replaces ("My Trek got stolen so I bought
 * a Cannondale", "My new doctor is Dr. Kim, Alvarez retired").
 *
 *   namedValues("I commute by bike, a blue Trek hybrid.")  // → ["Trek"]
 *   namedValues("Our dog eats Purina kibble.")            // → ["Purina"]
 */
import { calendarWords } from "./calendar-words.js";
import { listedWord } from "./listed-words.js";
import { lowerCaseNames } from "./lower-case-names.js";
import { capitalTitles, DOTTED_TITLES, TITLES } from "./person-words.js";

const NOT_A_VALUE = new Set(
  (
    `i i'm i've i'd i'll ${[...TITLES.keys()].join(" ")} st jr sr ok okay hmm hm um umm uh erm ugh ` +
    // chat's abbreviations of a phrase, written in capitals anywhere: never a value's name
    "fyi btw imo imho tbh lol omg asap weekend weekends"
  )
    .split(" ")
    // The calendar by name, never clipped: "Jan", "Sat" and "Sun" name a person, a verb or a star as often.
    .concat(...calendarWords({ months: "names", weekdays: "names", plural: true, relative: true })),
);

const SENTENCE_END = /[.!?:;]$/;
/** A title's or an abbreviation's period, which ends no sentence ("Dr.", "St."). */
const NOT_AN_END = new RegExp(`^(?:${capitalTitles(DOTTED_TITLES)}|St)\\.$`);
// Module constants, not literals in the loop: the build writes a `\p{…}` literal as `new RegExp(…)`,
// which would compile it again for every word.
const OPENS_UPPER = /^\p{Lu}/u;
const INNER_UPPER = /\p{Ll}\p{Lu}/u;

/** A first word that may be a name: letters only, capitalised, the rest lower case or a brand's inner capital. */
const FIRST_NAME_SHAPE = /^\p{Lu}\p{L}+$/u;

export function namedValues(text: string): string[] {
  const out: string[] = [];
  let first = true;
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’&-]*[.!?:;]?/gu)) {
    const raw = m[0];
    const word = raw.replace(/[.!?:;]$/, "").replace(/[’']s$/, "");
    const startsSentence = first;
    first = SENTENCE_END.test(raw) && !NOT_AN_END.test(raw);
    if (startsSentence && !(FIRST_NAME_SHAPE.test(word) && !listedWord(word))) continue;
    if (!OPENS_UPPER.test(word) && !INNER_UPPER.test(word)) continue;
    if (NOT_A_VALUE.has(word.toLowerCase())) continue;
    if (!out.includes(word)) out.push(word);
  }
  // A writer who uses no capitals names by words the lexicon does not list ("alliant", "purina").
  for (const name of lowerCaseNames(text)) if (!out.some((w) => w.toLowerCase() === name)) out.push(name);
  return out;
}
