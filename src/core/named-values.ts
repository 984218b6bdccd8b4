/**
 * The names a statement gives its values, read from how they are written: a word capitalised
 * inside a sentence ("I commute by bike, a blue Trek hybrid" → Trek; "I use LastPass" →
 * LastPass), never a pronoun, a title or a calendar word (a day or month is a time, and many
 * statements share one).
 *
 * `FIRST_WORD_NAME`: the first word of a sentence is capitalised by its place, so it is a name only
 * when the tagger's lexicon does not list it as an ordinary word ("Kasia walks Bolt every morning"
 * → Kasia, Bolt; "Coffee is my vice", "Yesterday we moved", "Mum drives now" → none). A name the
 * lexicon also lists as a word ("Sam", "Mark", "Trek") is not taken there: a missed name costs a
 * link, a common word read as a name costs a wrong one. Before `loadTagger()` no first word is.
 *
 * Recall uses them to find the newer statement that replaces an older one without sharing a word
 * with the question: an update often names the value it replaces ("My Trek got stolen so I bought
 * a Cannondale", "My new doctor is Dr. Kim, Alvarez retired").
 *
 *   namedValues("I commute by bike, a blue Trek hybrid.")  // → ["Trek"]
 *   namedValues("Our dog eats Purina kibble.")            // → ["Purina"]
 */
import { listedWord, taggerLoaded } from "./judge/tagger.js";

const NOT_A_VALUE = new Set(
  (
    "i i'm i've i'd i'll dr mr mrs ms mx prof st jr sr ok okay hmm hm um umm uh erm ugh " +
    "monday mondays tuesday tuesdays wednesday wednesdays thursday thursdays friday fridays " +
    "saturday saturdays sunday sundays weekend weekends today tomorrow yesterday " +
    "january february march april may june july august september october november december"
  ).split(" "),
);

const SENTENCE_END = /[.!?:;]$/;
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
    first = SENTENCE_END.test(raw) && !/^(?:Dr|Mr|Mrs|Ms|Mx|St|Prof)\.$/.test(raw);
    if (startsSentence && !(FIRST_NAME_SHAPE.test(word) && taggerLoaded() && !listedWord(word))) continue;
    if (!OPENS_UPPER.test(word) && !INNER_UPPER.test(word)) continue;
    if (NOT_A_VALUE.has(word.toLowerCase())) continue;
    if (!out.includes(word)) out.push(word);
  }
  return out;
}
