/**
 * A change reported with no value: the statement says that a thing changed, not what it is now.
 * "I've updated the lambing date for Elin's farm", "Dad moved the appointment again", "the choir trip
 * has changed": the thing is named, its new value is not. Such a statement replaces no value — the
 * older's "March 3" is not said to be wrong by anything the newer holds in its place, and an older
 * about another thing ("Elin sells her lambs at Bryncir mart") is not touched at all — so the cheap
 * judge cannot close an older by it: deferred (`unsure:change-without-value`).
 *
 * Read on the whole statement, one clause: a subject (or none), a verb that changes a value while
 * the thing goes on (`VALUE_CHANGE`: change, update, move, reschedule, raise …), then only the
 * thing — a noun phrase, its owner ("Elin's"), a "for"/"of" phrase that the, a possessive or an
 * owner opens ("for Elin's farm", "of your appointment"), a pronoun ("changed it") — and adverbs of
 * time or repetition ("again", "today"). No number, no "to"/"from"/"instead", no second clause.
 *
 * Not read: a value said ("moved the appointment to Friday", "switched to Octopus", "swapped my
 * Fiesta for a Golf", "changed my number, it's 0770… now"); a verb that ends a thing rather than
 * changing its value ("I dropped the gym", "cut out sugar", "turned the heating off"); a statement
 * of two clauses ("the trip has changed again, it is Chester now").
 *
 *   changeWithoutValue(analysisOf("I've updated the lambing date for Elin's farm.")) // → "date"
 *   changeWithoutValue(analysisOf("The choir trip has changed."))                    // → "trip"
 *   changeWithoutValue(analysisOf("I've moved the appointment to Friday."))          // → null
 */
import { type Analysis, isPossessive, wordsOf } from "./analysis.js";
import type { TaggedWord } from "./tagger.js";

/** Verbs that change a thing's value while the thing goes on: the value is what they leave unsaid. */
const VALUE_CHANGE = new Set(
  (
    "change update alter amend modify adjust revise edit reschedule rearrange move shift postpone delay " +
    "bump push raise lower increase decrease reduce switch swap rename"
  ).split(" "),
);
/** Adverbs of time, degree or repetition that say nothing of the value: "changed again", "just moved". */
const NO_VALUE_ADVERB = /^(?:again|just|finally|already|now|today|yesterday|recently|also|even|since|back)$/i;
/** What opens a "for"/"of" phrase of owner or thing, not of value ("for a Golf" is a value). */
const OWNER_OPENER = /^(?:the|my|our|your|his|her|their|its|this|that)$/i;
/** A comma, semicolon, colon or dash, or a sentence's end with more after it: a second clause. */
const CLAUSE_BREAK = /[,;:–—]|\s-\s|[.!?]\s+\S/;
/** Forms of "be" and "get" before a participle: a passive ("was renamed", "has been moved", "got moved"). */
const PASSIVE_AUX = /^(?:is|are|was|were|been|be|being|get|gets|got|gotten)$/i;
/** Pronouns that stand for the changed thing: "I've changed it". */
const THING_PRONOUN = /^(?:it|that|this|them|those|these)$/i;
const PHRASE_OPENER = /^(?:the|my|our|your|his|her|their|its|this|that|these|those)$/i;

const nominal = (w: TaggedWord | undefined) =>
  w !== undefined && (w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "ADJ");
/** A verb form inside a noun phrase, after its opener or an adjective: "the lambing date". */
const modifierAt = (words: readonly TaggedWord[], i: number) =>
  words[i]!.pos === "VERB" &&
  (words[i - 1]?.pos === "DET" ||
    words[i - 1]?.pos === "ADJ" ||
    PHRASE_OPENER.test(words[i - 1]?.text ?? "")) &&
  (words[i + 1]?.pos === "NOUN" || words[i + 1]?.pos === "PROPN");

/**
 * The end of the noun phrase that starts at `i` (an opener or none, adjectives, nouns, names and
 * possessives, a verb form as a modifier), and its head (the last noun, lower case); null when no
 * noun is there.
 */
function phraseAt(words: readonly TaggedWord[], i: number): { end: number; head: string } | null {
  let j = i;
  if (PHRASE_OPENER.test(words[j]?.text ?? "") || words[j]?.pos === "DET") j++;
  let head: string | null = null;
  while (j < words.length && (nominal(words[j]) || modifierAt(words, j))) {
    if (words[j]!.pos === "NOUN" || words[j]!.pos === "PROPN") head = words[j]!.lemma.toLowerCase();
    j++;
  }
  return head === null ? null : { end: j, head };
}

/**
 * The head of the thing a statement says changed, when it says no value of it (see the module's
 * doc), else null.
 */
export function changeWithoutValue(x: Analysis): string | null {
  // One clause: the tagger keeps no punctuation, so a comma, a colon or a sentence inside says two.
  if (CLAUSE_BREAK.test(x.text.trim())) return null;
  const words = wordsOf(x);
  if (words.length === 0) return null;
  if (words.some((w) => w.pos === "NUM" || w.pos === "CCONJ" || w.pos === "SCONJ")) return null;
  const verbs = words.flatMap((w, i) => (w.pos === "VERB" && !modifierAt(words, i) ? [i] : []));
  if (verbs.length !== 1) return null;
  const v = verbs[0]!;
  if (!VALUE_CHANGE.has(words[v]!.lemma.toLowerCase())) return null;
  // Before the verb: its subject, auxiliaries and adverbs only ("I've", "the choir trip has", "Dad").
  const before = words.slice(0, v);
  if (
    before.some(
      (w) => !(nominal(w) || w.pos === "PRON" || w.pos === "DET" || w.pos === "AUX" || w.pos === "ADV"),
    )
  )
    return null;
  // Auxiliaries and adverbs close the subject: "the password is brindle1987 now diarmuid changed" has a
  // clause before the verb.
  const firstAux = before.findIndex((w) => w.pos === "AUX");
  if (firstAux >= 0 && before.slice(firstAux).some((w) => w.pos !== "AUX" && w.pos !== "ADV")) return null;
  // A passive takes no object: a noun phrase after it is the value ("was renamed strata-engine").
  const passive = before.some((w) => w.pos === "AUX" && PASSIVE_AUX.test(w.text));
  let k = v + 1;
  while (words[k]?.pos === "ADV" && NO_VALUE_ADVERB.test(words[k]!.text)) k++;
  let thing: string | null = null;
  if (passive && k < words.length && !NO_VALUE_ADVERB.test(words[k]!.text)) return null;
  if (THING_PRONOUN.test(words[k]?.text ?? "")) {
    thing = words[k]!.text.toLowerCase();
    k++;
  } else {
    const object = phraseAt(words, k);
    if (object !== null) {
      thing = object.head;
      k = object.end;
      // "for Elin's farm", "of your appointment": the thing's owner or whole, not a value.
      while (/^(?:for|of)$/i.test(words[k]?.text ?? "")) {
        const opener = words[k + 1];
        if (!opener || !(OWNER_OPENER.test(opener.text) || isPossessive(opener.text))) return null;
        const owner = phraseAt(words, k + 1);
        if (owner === null) return null;
        k = owner.end;
      }
    }
  }
  // No object: the subject is the thing ("the choir trip has changed").
  if (thing === null) {
    const opens = before.findIndex((w) => nominal(w) || w.pos === "DET");
    thing = opens < 0 ? null : (phraseAt(before, opens)?.head ?? null);
  }
  while (words[k]?.pos === "ADV" && NO_VALUE_ADVERB.test(words[k]!.text)) k++;
  return k === words.length ? thing : null;
}
