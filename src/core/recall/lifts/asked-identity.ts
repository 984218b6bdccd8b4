/**
 * What a question asks of a person or a thing's holder, read by the tagger for recall's lifts: the
 * thing a "who is" question asks the identity of (`identityAsked`), and a statement that names that
 * thing only as the doer of something else (`actsAsKnownDoer`). `newerFirst` and `sameSlotFirst`
 * both read them.
 */

import { VALUE_ENDS } from "../../judge/retired-values.js";
import type { TaggedWord } from "../../judge/tagger.js";
import { tagged } from "../../typed-values.js";

/** A possessive ending: "Marg's", "gaz’s". */
export const POSSESSIVE = /[’']s$/i;

/** "who", "who's", "whos": the question word that asks who someone is, with or without its "is". */
const WHO = /^who(?:[’']?s)?$/i;

/**
 * The thing a question asks the identity of, as a lemma, or null: "who" with a form of "be", then
 * the noun it asks about ("Who is my own doctor?" → "doctor", "who's biscuit's vet" → "vet"). A
 * question that asks who does something ("who services our boiler") or names a person ("Who is
 * Dana?") asks no such thing. `await loadTagger()` first.
 *
 *   identityAsked("Who is my own doctor?")    // → "doctor"
 *   identityAsked("who services our boiler")  // → null
 */
export function identityAsked(question: string): string | null {
  const words = tagged(question);
  const first = words[0];
  if (!first || !WHO.test(first.text)) return null;
  const be = /s$/i.test(first.text) ? 1 : words[1]?.pos === "AUX" && words[1].lemma === "be" ? 2 : 0;
  if (be === 0) return null;
  // The head of the phrase after "be": its last noun before a preposition ("my manager at work").
  let head: TaggedWord | undefined;
  for (const w of words.slice(be)) {
    const noun = w.pos === "NOUN" && !POSSESSIVE.test(w.text);
    if (noun) head = w;
    else if (head || !/^(?:DET|PRON|ADJ|ADV|NUM|NOUN|PROPN)$/.test(w.pos)) break;
  }
  return head?.lemma.toLowerCase() ?? null;
}

/**
 * True when a statement names the thing a "who is" question asks (`identityAsked`) only as the doer
 * of something else: each mention is the subject of a verb other than "be" ("have" with its object
 * after it is one: `mainHave`), with no "new" before it.
 * The one who acts is the one the speaker has; what changed is what they did, not who they are:
 * "the doctor took me off the tablets…" and "Vet says Biscuit's got a sensitive tummy…" are no new
 * doctor or vet. Not "My new doctor put me on…", "Client-side manager is on paternity leave, Claudia
 * is covering", "see that dentist, i've left him" (no doer), "my dentist left the practice" (a verb
 * by which the holder leaves the role), nor a statement that does not name the thing.
 * `await loadTagger()` first.
 *
 *   actsAsKnownDoer("the doctor stopped the vitamin D because my levels are fine now", "doctor")  // → true
 *   actsAsKnownDoer("My new doctor put me on statins.", "doctor")                                  // → false
 */
export function actsAsKnownDoer(statement: string, thing: string): boolean {
  const words = tagged(statement);
  const mentions = [...words.entries()].filter(
    ([, w]) => (w.pos === "NOUN" || w.pos === "PROPN") && w.lemma.toLowerCase() === thing,
  );
  if (mentions.length === 0) return false;
  return mentions.every(([i]) => {
    const verb = words[i + 1];
    // "have" with its object after it is the verb the doer does ("the doctor has me on co-codamol now").
    if (
      !verb ||
      (verb.pos !== "VERB" && !mainHave(words, i + 1)) ||
      words[i - 1]?.lemma.toLowerCase() === "new"
    )
      return false;
    // A verb by which the one who holds the role leaves it ("my dentist left the practice", "the
    // doctor moved away") changes who holds it (`VALUE_ENDS`, the judge's closed class).
    const lemma = verb.lemma.toLowerCase();
    const particle = words[i + 2]?.text.toLowerCase();
    return !VALUE_ENDS.has(lemma) && !(particle !== undefined && VALUE_ENDS.has(`${lemma}_${particle}`));
  });
}

/**
 * True when the word at `i` is "have" as a main verb, one the tagger reads as an auxiliary: its
 * object follows it, not a participle ("the doctor *has* me on co-codamol now", "the vet has him on
 * a diet"); not "the doctor has moved away", "has been", nor "has to" (a verb follows).
 *
 *   mainHave(tagged("the doctor has me on co-codamol now"), 2)  // → true
 *   mainHave(tagged("the doctor has moved away"), 2)            // → false
 */
function mainHave(words: readonly TaggedWord[], i: number): boolean {
  const have = words[i];
  const next = words[i + 1];
  if (have?.pos !== "AUX" || have.lemma.toLowerCase() !== "have" || !next) return false;
  return /^(?:PRON|DET|NOUN|PROPN|NUM)$/.test(next.pos) && !/^(?:been|got|gotten)$/i.test(next.text);
}
