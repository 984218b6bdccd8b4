/**
 * Whether a statement tells of one occasion rather than of what holds: a day or a part of one
 * named by deixis ("standup is at 10 tomorrow only", "the kids went to bed at 10 last night"), or
 * the statement's predicate in the past tense ("the rent was 1100 when we moved in"). Said beside
 * an older statement of a routine or a standing value in the present, such a newer statement gives
 * one instance of it, an exception or a past value, and the older's value may still hold; the
 * judge defers the pair (`unsure:one-occasion` in rules.ts).
 */
import { alternationOf, RELATIVE_DAYS } from "../calendar-words.js";
import type { TaggedWord } from "./tagger.js";

/**
 * A day or part of a day named from the speaker's now: one occasion, never a recurrence. "Every
 * morning" or "on Friday mornings" is no deixis; "this week" and "this year" are left out, since a
 * new value often holds from then ("school starts at 8:30 this year").
 */
const DEICTIC_OCCASION = new RegExp(
  `\\b(?:${alternationOf(RELATIVE_DAYS)}|last night|this (?:morning|afternoon|evening))\\b`,
  "i",
);

/**
 * Words before a deictic day that make it an onset or an end, a change that lasts: "from tomorrow",
 * "starting today", "as of today", "since yesterday", "until tomorrow".
 */
const LASTING_BEFORE =
  /\b(?:from|starting|beginning|as of|since|effective|after|until|till|til|by|for good)\s+$/i;

/**
 * The deictic occasion a text names, lower-cased, or null: "tomorrow" in "standup is at 10
 * tomorrow only"; null in "standup is at 10 from tomorrow", which says when a lasting change begins.
 *
 *   deicticOccasionOf("the kids went to bed at 10 last night") // → "last night"
 *   deicticOccasionOf("from tomorrow standup is at 10")       // → null
 */
export function deicticOccasionOf(text: string): string | null {
  const found = DEICTIC_OCCASION.exec(text);
  if (found === null) return null;
  if (LASTING_BEFORE.test(text.slice(0, found.index))) return null;
  return found[0].toLowerCase();
}

/** A participle after "was", over adverbs ("was quietly dropped", "was dialled back"). */
function passiveAfter(words: readonly TaggedWord[], from: number): boolean {
  for (let i = from; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos === "ADV" || w.pos === "PART") continue;
    return w.pos === "VERB";
  }
  return false;
}

export type Tense = "present" | "past";

const PRESENT_BE = /^(?:am|is|are|'m|’m|'s|’s|'re|’re)$/i;
const PAST_BE = /^(?:was|were)$/i;

/**
 * The tense of the word that carries a statement's predicate: the first form of "be" for the
 * copula (`is`), else the first verb whose lemma is the predicate. A present or base form is
 * "present" ("goes", "take"), a form of another shape than its lemma that is no gerund and no
 * third person is "past" ("went", "took", "moved"); null when no such word is found or its form
 * says neither (a gerund, "has", a modal's infinitive read as a base is still "present").
 *
 *   predicateTense(tag("the kids went to bed at 10"), "go") // → "past"
 *   predicateTense(tag("the rent is 1200"), "is")           // → "present"
 */
export function predicateTense(words: readonly TaggedWord[], predicate: string): Tense | null {
  if (predicate === "is") {
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w.lemma !== "be") continue;
      // "was" before a participle is a passive, an event of change ("The logo was redesigned in
      // green", "The hiring freeze was lifted"), not a past value.
      if (PAST_BE.test(w.text)) return passiveAfter(words, i + 1) ? null : "past";
      if (PRESENT_BE.test(w.text)) return "present";
      return null;
    }
    return null;
  }
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if ((w.pos !== "VERB" && w.pos !== "AUX") || w.lemma !== predicate) continue;
    const form = w.text.toLowerCase();
    // A helper before the verb says the tense: "did go", "will take", "is going".
    const helper = words[i - 1];
    if (helper?.pos === "AUX") {
      const h = helper.text.toLowerCase();
      if (/^(?:did|was|were|had)$/.test(h)) return "past";
      return /^(?:do|does|will|'ll|’ll|can|am|is|are|'m|’m|'re|’re|'s|’s)$/.test(h) ? "present" : null;
    }
    if (form.endsWith("ing")) return null;
    if (form === predicate || /(?:s|ise|ize)$/.test(form)) return "present";
    return "past";
  }
  return null;
}
