/**
 * One thing named with its modifier, then by its head alone. People name a thing once in full —
 * "litter for the cat", "the cat's litter", "cat litter" — and then, the thing being known, by its
 * head with a definite article: "the litter is pine pellets now". The modifier the newer leaves
 * out is no other attribute: "the litter" is the litter the older named (the bare definite's
 * anaphora, which a speaker uses only when one such thing is in mind).
 *
 * Read only where the modifier is plainly the head's: a possessive common noun right before the
 * head ("the cat's litter"), or the noun of a prepositional phrase "for" or "of" opens right after
 * it ("litter for the cat", "the bowl for the dog"). Not a compound ("car insurance" / "the
 * insurance …"): its first noun names a kind of the head, and the speaker may hold another. The newer
 * names the head with "the" and no noun after it ("the litter", not "the litter box"). Not a
 * person's thing: "my sister's car" / "changed the car …" — the bare "the car" may be the
 * speaker's own — so the modifier must be a noun the lexicon knows and not as a person (no lexicon:
 * nothing is read); a name is no modifier here either ("Mochi's litter").
 *
 *   headNamedAlone(older("litter for the cat is clay"), newer("the litter is pine pellets now"), "cat", lexicon)
 *   // → true
 *   headNamedAlone(older("my sister's car is red"), newer("the car is blue now"), "sister", lexicon)
 *   // → false
 */
import type { Lexicon } from "../ports.js";
import { contentTokens } from "../text.js";
import { type Analysis, isPossessive, wordsOf } from "./analysis.js";
import type { TaggedWord } from "./tagger.js";

const NOUN = (w: TaggedWord | undefined) => w !== undefined && w.pos === "NOUN";
const tokenOf = (w: TaggedWord) => contentTokens(w.text)[0];
/** The prepositions that join a modifier after its head: "litter for the cat", "the lead of the dog". */
const POST_MODIFIER = new Set(["for", "of"]);
/** What may stand between such a preposition and its noun: "for the cat", "for our dog", "for cat". */
const OPENER = /^(?:the|my|our|a|an)$/i;

/** The heads `modifier` modifies in the older: the noun after it, or the noun before its "for"/"of". */
function headsOf(words: readonly TaggedWord[], modifier: string): string[] {
  const heads: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!NOUN(w) || tokenOf(w) !== modifier) continue;
    // "the cat's litter": the possessive, then its head. Not a compound ("car insurance"): its first
    // noun names a kind of the head, and "the insurance" may be another kind the speaker holds.
    const next = words[i + 1];
    if (isPossessive(w.text) && NOUN(next) && !NOUN(words[i + 2])) heads.push(tokenOf(next!)!);
    // "litter for the cat": the head, its preposition, an opener or none, then the modifier.
    const opened = i > 0 && OPENER.test(words[i - 1]!.text) ? i - 1 : i;
    const prep = words[opened - 1];
    const head = words[opened - 2];
    if (prep && POST_MODIFIER.has(prep.text.toLowerCase()) && NOUN(head)) heads.push(tokenOf(head!)!);
  }
  return heads.filter((h) => h !== undefined && h !== modifier);
}

/** Whether the newer names `head` with "the" and no noun after it ("the litter", not "the litter box"). */
function namedAlone(words: readonly TaggedWord[], head: string): boolean {
  return words.some(
    (w, i) =>
      NOUN(w) &&
      tokenOf(w) === head &&
      i > 0 &&
      words[i - 1]!.text.toLowerCase() === "the" &&
      !NOUN(words[i + 1]) &&
      words[i + 1]?.pos !== "PROPN",
  );
}

/**
 * Whether `modifier`, a word the older's subject has and the newer does not say, only modified a
 * head the newer names alone with "the": then the newer names the older's thing, not another
 * attribute of it.
 */
export function headNamedAlone(
  older: Analysis,
  newer: Analysis,
  modifier: string,
  lexicon?: Lexicon,
): boolean {
  if (!lexicon?.lists(modifier, "noun") || lexicon.isPerson(modifier)) return false;
  const newerWords = wordsOf(newer);
  return headsOf(wordsOf(older), modifier).some((head) => namedAlone(newerWords, head));
}
