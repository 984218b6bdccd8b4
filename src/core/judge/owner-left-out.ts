/**
 * Another person's thing, then a thing of that kind named with "the" and no owner. "my brother's
 * car is a Fiesta" / "the car is a Golf now": the bare definite says one car is in mind, but not
 * whose — the speaker's own, the brother's, or the one the talk is about. Whose the older's was is
 * said; whose the newer's is, is not. A change of the speaker's car replaces nothing of the
 * brother's, so the cheap judge cannot tell a change from another owner's value: deferred.
 *
 * The older's owner is another person: a name with "'s" ("Sam's car"), a person's noun with "'s"
 * (WordNet's `isPerson`: "my brother's car", "Mum's dentist"; with no lexicon every possessive
 * noun may be a person's), or another person's pronoun ("his", "her", "their", "your"). The newer
 * names the head with "the" (adjectives may stand between), no noun after it and no owner of its
 * own, and names neither the owner nor a third person ("he", "she", "they" …) who may be the owner.
 *
 * Not read (the existing rules decide): the speaker's own thing ("my car is a Fiesta" / "the car is
 * a Golf now"); the owner given again, by name or by pronoun ("my brother's car is a Fiesta" / "his
 * car is a Golf now", "my brother traded it in, the car is a Golf now"); a thing's part, not a
 * person's ("the cat's litter is clay" / "the litter is pine pellets now": `headNamedAlone`); a head
 * with another noun after it ("the car park is full now").
 *
 *   ownerLeftOut(older("my brother's car is a Fiesta"), newer("the car is a Golf now"), …) // → "car"
 *   ownerLeftOut(older("her car is a Fiesta"), newer("the car is a Golf now"), …)          // → "car"
 *   ownerLeftOut(older("my car is a Fiesta"), newer("the car is a Golf now"), …)           // → null
 *   ownerLeftOut(older("my brother's car is a Fiesta"), newer("his car is a Golf now"), …) // → null
 *   ownerLeftOut(older("the cat's litter is clay"), newer("the litter is pine pellets now"), …) // → null
 */
import type { Lexicon } from "../ports.js";
import { contentTokens, stem } from "../text.js";
import { type Analysis, isPossessive, ownedHead, possessorOf, wordsOf } from "./analysis.js";
import type { TaggedWord } from "./tagger.js";

/** Another person's possessive pronoun: the thing is not the speaker's. */
const OTHER_PERSON_POSSESSIVE = /^(?:his|her|their|your)$/i;
/** A third person who may be the older's owner, named again by the newer. */
const THIRD_PERSON = /^(?:he|she|they|him|her|them|his|hers|their|theirs)$/i;
/** The speaker's own possessives: "my car", "our car". */
const SPEAKER_POSSESSIVE = /^(?:my|our)$/i;

const isNoun = (w: TaggedWord | undefined) => w !== undefined && w.pos === "NOUN";
/** A verb right after an adjective ends the phrase at it: "Priya's flat is …" (the tagger's "flat" is ADJ). */
const isVerb = (w: TaggedWord | undefined) => w !== undefined && (w.pos === "AUX" || w.pos === "VERB");

/** The owner a word opens when it is another person's possessive, as written (lower-case), else null. */
function otherPersonOwner(w: TaggedWord, lexicon: Lexicon | undefined): string | null {
  if (OTHER_PERSON_POSSESSIVE.test(w.text)) return w.text.toLowerCase();
  const possessor = possessorOf(w.text);
  if (possessor === null) return null;
  const owner = possessor.toLowerCase();
  if (w.pos === "PROPN") return owner;
  if (w.pos !== "NOUN") return null;
  return !lexicon || lexicon.isPerson(owner) ? owner : null;
}

/** Whether the newer names `head` with "the", adjectives between or none, and no noun after it. */
function namedBare(words: readonly TaggedWord[], head: string): boolean {
  return words.some((w, i) => {
    if (isPossessive(w.text) || stem(w.text.toLowerCase()) !== head) return false;
    if (!isNoun(w) && !(w.pos === "ADJ" && isVerb(words[i + 1]))) return false;
    if (isNoun(words[i + 1]) || words[i + 1]?.pos === "PROPN") return false;
    let k = i - 1;
    while (words[k]?.pos === "ADJ") k--;
    return words[k]?.text.toLowerCase() === "the";
  });
}

/** Whether the newer gives `head` an owner of its own: "my car", "his car", "Sam's car". */
function ownedInNewer(words: readonly TaggedWord[], head: string): boolean {
  return words.some(
    (w, i) =>
      (isPossessive(w.text) || SPEAKER_POSSESSIVE.test(w.text) || OTHER_PERSON_POSSESSIVE.test(w.text)) &&
      ownedHead(words, i + 1) === head,
  );
}

/**
 * The head of a thing the older gives another person ("my brother's car", "her car", "Sam's car")
 * and the newer names with "the" alone and no owner, naming neither that owner nor a third person;
 * null when none. `aboutOlder` and `aboutNewer` are what each statement is about (its subject, or
 * what its verb of change acts on): the head must be in both.
 */
export function ownerLeftOut(
  older: Analysis,
  newer: Analysis,
  aboutOlder: ReadonlySet<string>,
  aboutNewer: ReadonlySet<string>,
  lexicon?: Lexicon,
): string | null {
  const wordsA = wordsOf(older);
  const wordsB = wordsOf(newer);
  if (wordsB.some((w) => THIRD_PERSON.test(w.text))) return null;
  for (let i = 0; i < wordsA.length; i++) {
    const owner = otherPersonOwner(wordsA[i]!, lexicon);
    if (owner === null) continue;
    const head = ownedHead(wordsA, i + 1);
    if (head === null || !aboutOlder.has(head) || !aboutNewer.has(head)) continue;
    // The newer names the owner again ("my brother traded it in, the car …"): the car may be his.
    if (contentTokens(owner).some((t) => newer.content.has(t))) continue;
    if (ownedInNewer(wordsB, head) || !namedBare(wordsB, head)) continue;
    return head;
  }
  return null;
}
