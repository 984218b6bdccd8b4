/**
 * Another one of the asked kind (`anotherOfAskedKind`): a newer that says the question's noun of
 * another thing of that kind — another compound or adjective than the question gives it ("the loft
 * budget" for "What is our weekly grocery budget?", "the egg price" for "what is the price of our
 * large plate", "the dentist appointment" for "when's my physio appointment") or "another" or "any"
 * before it — changes that other thing, not the asked one. `newerFirst`, `sameSlotFirst` and
 * `changedValueFirst` lift no such newer.
 */

import type { TaggedWord } from "../../judge/tagger.js";
import { contentTokens, stemV1 } from "../../text.js";
import { tagged } from "../../typed-values.js";
import { holdersAsked } from "./asked-aside.js";
import { POSSESSIVE } from "./asked-identity.js";

/**
 * Modifiers that say which state of the one thing is meant, not which thing: "my new dentist", "the
 * old budget", "our usual Mass", "the current rate". A newer that says one of them says the asked thing.
 */
const STATE_MODIFIERS = new Set([
  "new",
  "old",
  "current",
  "usual",
  "regular",
  "same",
  "latest",
  "last",
  "next",
  "own",
  "main",
  "present",
  "previous",
  "former",
  "original",
  "normal",
  "actual",
  "whole",
  "little",
  "big",
  "first",
  "second",
  "only",
  "final",
  "revised",
  "updated",
  "agreed",
  "total",
  "overall",
  "full",
]);

/**
 * Determiners that make the noun after them another or any one of its kind ("another gym", "any
 * street"). Not "every" or "each": all of them, the asked one too ("now each job finishes in 5 hrs"
 * for "how long does one of my simulation jobs take").
 */
const OTHER_DETERMINERS = new Set(["another", "any"]);

const noun = (w: TaggedWord | undefined): w is TaggedWord =>
  w !== undefined && (w.pos === "NOUN" || w.pos === "PROPN");

/** A word's stems as written and as its lemma, less a possessive "'s" and an adverb's "-ly" ("weekly" → "week"). */
function stemsOf(w: TaggedWord): string[] {
  const plain = w.text.replace(POSSESSIVE, "");
  const out = [...contentTokens(plain, stemV1), ...contentTokens(w.lemma.replace(POSSESSIVE, ""), stemV1)];
  const ly = /^(\p{L}{3,})ly$/iu.exec(plain);
  if (ly) out.push(...contentTokens(ly[1]!, stemV1));
  return out;
}

/**
 * The words that say which one a noun at `i` is: the adjectives and nouns right before it (a
 * compound: "grocery budget", "physio appointment"; not a proper name, which is a value: "the Bear
 * app"), a possessor noun ("alfie's"), the nouns and adjectives of an "of" phrase after it ("the
 * price of our large plate"), and a determiner of `OTHER_DETERMINERS` before them ("another gym").
 */
function modifiersAt(words: readonly TaggedWord[], i: number): { words: TaggedWord[]; other: boolean } {
  const out: TaggedWord[] = [];
  let j = i - 1;
  while (j >= 0 && (words[j]!.pos === "ADJ" || noun(words[j]))) {
    const w = words[j]!;
    if (w.pos !== "PROPN" && !/^\p{Lu}/u.test(w.text) && !/\d/.test(w.text)) out.push(w);
    j--;
  }
  const before = words[j];
  const other =
    before !== undefined &&
    (before.pos === "DET" || before.pos === "ADJ") &&
    OTHER_DETERMINERS.has(before.lemma);
  if (words[i + 1]?.lemma === "of")
    for (let k = i + 2; k < words.length && /^(?:DET|PRON|ADJ|NOUN|PROPN|NUM)$/.test(words[k]!.pos); k++) {
      const w = words[k]!;
      if (w.pos === "ADJ" || w.pos === "NOUN") out.push(w);
    }
  return { words: out, other };
}

/**
 * True when the newer names the words of the question the older shares (`shared`, stemmed) only
 * as another thing of the asked kind: each shared word is a holder of the question's
 * (`holdersAsked`), a word the newer does not say as a noun, or a noun the newer says of another
 * one — every time it says it, with a compound word or adjective the question does not say (the
 * question giving that noun a word of its own that the newer never says: "the loft budget" for
 * "What is our weekly grocery budget?", "the dentist appointment" for "when's my physio
 * appointment"), or after "another" or "any", the question saying neither of it. A modifier that
 * says which state of the one thing ("my new dentist", "the final budget", `STATE_MODIFIERS`) and a
 * proper name ("the Obsidian app": the value) say no other thing; a compound the older says of it
 * too ("food budget" in both) ties the two together. At least one shared word must be read so. Not
 * "I transferred to the search team" for "Which team am I on?" (the question gives "team" no word
 * of its own: the modifier is the value). `await loadTagger()` first.
 *
 *   anotherOfAskedKind("What is our weekly grocery budget?", ["budget"], "Our grocery budget is £90 a week.", "The loft budget is £12,500.")  // → true
 *   anotherOfAskedKind("What is our weekly grocery budget?", ["budget"], "Our grocery budget is £90 a week.", "We raised the grocery budget to £110.")  // → false
 */
export function anotherOfAskedKind(
  question: string,
  shared: readonly string[],
  older: string,
  newer: string,
  holders: ReadonlySet<string> = holdersAsked(question),
): boolean {
  if (shared.length === 0) return false;
  const q = tagged(question);
  const qStems = new Set(q.flatMap(stemsOf));
  const theirs = tagged(newer);
  const said = new Set(theirs.flatMap(stemsOf));
  const olders = tagged(older);
  let other = 0;
  for (const word of shared) {
    if (holders.has(word)) continue;
    const mentions = [...theirs.entries()].filter(([, w]) => noun(w) && stemsOf(w).includes(word));
    // A word the newer does not say as a noun ties nothing here: the other words decide.
    if (mentions.length === 0) continue;
    // The question's nouns that are this word, and the words it gives them.
    const asked = [...q.entries()].filter(([, w]) => noun(w) && stemsOf(w).includes(word));
    if (asked.length === 0) return false;
    const own = asked.flatMap(([i]) => modifiersAt(q, i).words.flatMap(stemsOf)).filter((t) => t !== word);
    // A question that asks of each one ("how much milk does each calf get") says it so itself.
    const askedOther = asked.some(([i]) => modifiersAt(q, i).other);
    // The compounds the older says of the word: a modifier the two share ties them.
    const olderOwn = new Set(
      [...olders.entries()]
        .filter(([, w]) => noun(w) && stemsOf(w).includes(word))
        .flatMap(([i]) => modifiersAt(olders, i).words.flatMap(stemsOf)),
    );
    const another = mentions.every(([i]) => {
      const m = modifiersAt(theirs, i);
      if (m.other && !askedOther) return true;
      if (own.length === 0 || own.some((t) => said.has(t))) return false;
      const foreign = m.words.filter(
        (w) => !STATE_MODIFIERS.has(w.lemma) && !stemsOf(w).some((t) => qStems.has(t) || olderOwn.has(t)),
      );
      return foreign.length > 0;
    });
    if (!another) return false;
    other++;
  }
  return other > 0;
}
