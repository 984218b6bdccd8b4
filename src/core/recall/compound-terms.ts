/**
 * A question that names a thing by a noun of two words ("independence day", "double bass") is
 * answered by statements that name it otherwise, by a word its dictionary entry relates to it ("the
 * pines 4th of july show is at Ascend now", "the contrabass is at the luthier's"). `relatedTerms`
 * (expansion.ts) reads such a compound only among the nouns `askedSlot` reads as a person's asked
 * state; "where's the independence day show" asks none, so nothing was expanded. A compound the
 * lexicon lists names one specific thing wherever it stands in a question, so its other names are
 * searched for any question that may ask a current state, and count as the question's own words (as
 * `doerTerms` does): searched at `policy.relatedWeight` instead, a statement found only by them
 * ranked below every statement that shares a common word of the question ("show", "pay") and stayed
 * out of the top 10 on dev (fresh12 pines-july-4 42nd → 7th at k = 50). A compound's initials
 * ("physical therapy" → "pt") are not searched: they are words of their own ("independence day" →
 * "id", "pocket money" → "pm") and gained no dev question.
 */
import type { Lexicon } from "../ports.js";
import { queryTerms, rawTokens, STOP_WORDS, stem } from "../text.js";

/** At most this many words are searched for a question's compounds. */
export const COMPOUND_SEARCHED = 8;

/**
 * The other names of each two-word noun of a question the lexicon lists with one clear sense (one it
 * relates words to, `Lexicon.relatedWords`): its related words, as full-text terms, none of the
 * question's own. Two adjacent words of the question, stop
 * words aside, read as one noun only when the lexicon relates words to them together; [] without a
 * lexicon that relates words.
 *
 *   compoundTerms("what do i pay each time i go to physical therapy", wordnet)
 *   // → ["physiotherapy", "physiatrics"]
 *   compoundTerms("where's the independence day show", wordnet) // → ["july"]
 */
export function compoundTerms(question: string, lexicon: Lexicon | undefined): string[] {
  if (!lexicon?.relatedWords) return [];
  const words = rawTokens(question).filter((w) => !STOP_WORDS.has(w) && /^[a-z]+$/.test(w));
  const own = new Set(queryTerms(question).map(stem));
  const found: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const [first, second] = [words[i]!, words[i + 1]!];
    const related = lexicon.relatedWords(`${first} ${second}`);
    if (related.length === 0) continue;
    found.push(...related);
    i++;
  }
  return [...new Set(found.filter((t) => !own.has(stem(t))))].slice(0, COMPOUND_SEARCHED);
}
