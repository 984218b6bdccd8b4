/**
 * An update that says a term of the older's state ran out: "Our electricity is with Octopus Energy on
 * a fixed tariff." / "We moved over to EDF when the fixed deal ended."; "Our mortgage is fixed at
 * 2.1% until the spring." / "Now that the fix has ended and we're on 4.6%, should we overpay?". The
 * update names neither the older's value nor the question's words: it refers back to the older by a
 * word that describes it ("fixed" → "the fixed deal", "the fix") as the subject of a verb by which a
 * term, a deal or a period runs out by itself ("ended", "expired", "ran out", "lapsed"). Read with the
 * tagger (callers `await loadTagger()` first).
 *
 * - *The verb*: one of `TERM_ENDS`, said as done (a past form: "ended", "has ended", "ran out"; not
 *   "ends in May", "will end", "might expire"), taking no object ("the deal ended", not "we ended the
 *   call": the speaker ending a thing by name is `retiredValue`'s).
 * - *Its subject*: the noun phrase right before it ("the fixed deal", "the fix", "our contract"), a
 *   word of which has the stem of a word of the older's main clause that describes its state: not
 *   a word of an aside ("…, it's the one fixed point in my week"), nor of the question (those find
 *   the older already), nor of when ("until the spring", "in May"), no number.
 *
 * Not an ended term: a word of the older said only in a time phrase ("The spring term ended"), an
 * ending the speaker plans ("our fixed deal ends in March"), an ending with an object ("we ended the
 * fixed deal early"? — the speaker's act, `retiredValue`), a subject no word of the older describes
 * ("The match ended in a draw").
 *
 *   await loadTagger();
 *   const describing = describingWords("Our electricity is with Octopus Energy on a fixed tariff.", "Who is our electricity supplier?");
 *   endedTerm("We moved over to EDF when the fixed deal ended.", describing)
 *   // → { word: "fix", said: "the fixed deal", how: "end" }
 */
import { adverbWords, NOW } from "../../change-adverbs.js";
import { analysisOf, isTimePreposition, isWhenWord, mainClauseOf } from "../../judge/analysis.js";
import type { TaggedWord } from "../../judge/tagger.js";
import type { BeliefFilter, Store } from "../../ports.js";
import { contentTokens, stem } from "../../text.js";
import { tagged } from "../../typed-values.js";

/** What the newer says ran out, and how. */
export interface EndedTerm {
  /** The older's word (stemmed) the subject shares. */
  word: string;
  /** The subject as the newer writes it ("the fixed deal"). */
  said: string;
  /** The verb's lemma, with its particle ("end", "run out"). */
  how: string;
}

/**
 * Verbs (lemmas, with a particle where one belongs) by which a term, a deal, a period or an offer
 * runs out by itself, said of it as their subject: a closed class of English.
 */
const TERM_ENDS = new Set(["end", "expire", "finish", "lapse", "run_out", "come_to_an_end"]);

/** Before a verb: it is not (yet) done — a plan, a wish, a question, a negation. */
const NOT_DONE =
  /^(?:to|not|n't|never|will|won't|would|wouldn't|shall|should|can|can't|could|might|may|must|gonna|don't|doesn't|didn't|do|does|did|hasn't|hadn't|isn't|wasn't|[\p{L}]+['’]ll)$/iu;

/** Between a subject and its verb ("the fix *has* ended", "the deal *finally* ran out", "it's *noo* ended"). */
const BETWEEN = new RegExp(
  `^(?:has|had|have|is|was|were|are|been|just|finally|recently|already|${adverbWords(NOW).join("|")}|officially|['’]s)$`,
  "i",
);

/** Ends a clause: another subject may begin after it. */
const CLAUSE_END = /[,;:.!?—–]/;

const nominal = (w: TaggedWord) => w.pos === "NOUN" || w.pos === "PROPN";

/**
 * The stems of the older's words that describe its state: the content words of its main clause
 * (`mainClauseOf`: "I see my therapist on Tuesday afternoons, it's the one fixed point in my week"
 * states no "fixed" thing) outside a phrase of when ("until the spring", "since May") and outside
 * the question's words, no number, no word of when (`isWhenWord`).
 */
export function describingWords(older: string, question: string): Set<string> {
  const asked = new Set(contentTokens(question));
  const main = mainClauseOf(analysisOf(older));
  const out = new Set<string>();
  const words = tagged(older);
  let inTime = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const lower = w.text.toLowerCase();
    if (i > 0 && CLAUSE_END.test(older.slice(words[i - 1]!.start + words[i - 1]!.text.length, w.start)))
      inTime = false;
    if (isTimePreposition(stem(lower))) {
      inTime = true;
      continue;
    }
    // A time phrase runs over its determiners, adjectives, numbers and nouns.
    if (inTime) {
      if (["DET", "ADJ", "NUM", "NOUN", "PROPN"].includes(w.pos)) continue;
      inTime = false;
    }
    if (/\d/.test(lower)) continue;
    for (const t of contentTokens(w.text))
      if (main.has(t) && !asked.has(t) && !isWhenWord(t) && !isTimePreposition(t)) out.add(t);
  }
  return out;
}

/** The verb at `i` as a key of `TERM_ENDS` ("run_out", "come_to_an_end"), with the index after it. */
function verbKey(words: readonly TaggedWord[], i: number): { key: string; next: number } {
  const w = words[i]!;
  const rest = words
    .slice(i + 1, i + 4)
    .map((x) => x.text.toLowerCase())
    .join(" ");
  if (w.lemma === "come" && rest === "to an end") return { key: "come_to_an_end", next: i + 4 };
  if (words[i + 1]?.text.toLowerCase() === "out") return { key: `${w.lemma}_out`, next: i + 2 };
  return { key: w.lemma, next: i + 1 };
}

/** The forms `endedTerm` reads, for a test before the tagger: a past form of a verb of `TERM_ENDS`. */
const ENDED_FORM = /\b(?:ended|expired|finished|lapsed|ran out|run out|came to an end|come to an end)\b/i;

/** True when a text may say a term ended (`ENDED_FORM`): the tagger-free test before `endedTerm`. */
export const mayEndTerm = (text: string): boolean => ENDED_FORM.test(text);

/**
 * A word of every form `ENDED_FORM` reads, as a full-text index finds it: "end" ("ended", "came to
 * an end"), "ran" and "run" ("ran out": "out" is a stop word of PostgreSQL's English index).
 */
const ENDED_WORDS = ["ended", "end", "expired", "finished", "lapsed", "ran", "run"];

/**
 * The texts of the beliefs under `filter` that may say a term ended (`mayEndTerm`), read with one
 * full-text search; null when more than `atMost` beliefs say one of `ENDED_WORDS` (then the caller
 * searches as if it had not asked). A belief that says a term of an older's ended is one of these,
 * so an older none of them `endedTerm`s needs no search of its own: recall reads them once, not a
 * search per older.
 *
 *   const texts = await mayEndTermTexts(store, { namespaces: ["default"], statuses: ["active"] }, 64);
 *   // → ["We moved over to EDF when the fixed deal ended."], or null
 */
export async function mayEndTermTexts(
  store: Pick<Store, "searchBeliefText" | "getBeliefs">,
  filter: BeliefFilter,
  atMost: number,
): Promise<string[] | null> {
  const found = await store.searchBeliefText(ENDED_WORDS, filter, atMost + 1);
  if (found.length > atMost) return null;
  return (
    await store.getBeliefs(
      found.map((f) => f.id),
      filter.namespaces,
    )
  )
    .map((b) => b.text)
    .filter(mayEndTerm);
}

/**
 * The older's term the newer says ran out (see the module's comment), or null; `describing` is
 * `describingWords(older, question)`, read once per older.
 *
 *   endedTerm("The spring term ended last week.", describingWords("Our mortgage is fixed at 2.1% until the spring.", "What is our mortgage rate?")) // → null
 */
export function endedTerm(newer: string, describing: ReadonlySet<string>): EndedTerm | null {
  if (describing.size === 0 || !mayEndTerm(newer)) return null;
  const words = tagged(newer);
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const lower = w.text.toLowerCase();
    // The tagger reads some participles as adjectives ("the deal is ended").
    const verbal = w.pos === "VERB" || (w.pos === "ADJ" && /ed$/.test(lower));
    if (!verbal) continue;
    const { key, next } = verbKey(words, i);
    const lemma = w.pos === "ADJ" ? lower.replace(/d$/, "").replace(/e$/, "") : w.lemma;
    const k = TERM_ENDS.has(key)
      ? key
      : TERM_ENDS.has(lemma)
        ? lemma
        : TERM_ENDS.has(`${lemma}e`)
          ? `${lemma}e`
          : null;
    if (k === null) continue;
    // Done: a past form, not the base or its -s ("ends in May").
    if (lower === w.lemma || lower === `${w.lemma}s` || lower === `${w.lemma}es`) continue;
    // Without an object: what follows ends the clause or is no noun phrase.
    const after = words[next];
    if (
      after !== undefined &&
      !CLAUSE_END.test(newer.slice(words[next - 1]!.start + words[next - 1]!.text.length, after.start)) &&
      (nominal(after) || after.pos === "DET" || after.pos === "PRON")
    )
      continue;
    // Its subject: the noun phrase right before it, over the auxiliaries and adverbs between.
    let j = i - 1;
    while (j >= 0 && BETWEEN.test(words[j]!.text)) j--;
    if (words.slice(Math.max(0, j - 1), i).some((x) => NOT_DONE.test(x.text))) continue;
    const subject: TaggedWord[] = [];
    for (; j >= 0; j--) {
      const s = words[j]!;
      if (CLAUSE_END.test(newer.slice(s.start + s.text.length, words[j + 1]!.start))) break;
      if (!(nominal(s) || ["DET", "ADJ", "NUM"].includes(s.pos) || /^(?:my|our|the)$/i.test(s.text))) break;
      subject.unshift(s);
    }
    if (!subject.some(nominal)) continue;
    for (const s of subject)
      for (const t of contentTokens(s.text))
        if (describing.has(t))
          return {
            word: t,
            said: newer.slice(subject[0]!.start, subject.at(-1)!.start + subject.at(-1)!.text.length),
            how: k.replaceAll("_", " "),
          };
  }
  return null;
}
