/**
 * Related words for a current-state question: what a statement of the asked state may say instead
 * of the question's nouns ("Who is my dentist?": "Dr. Lindqvist at my new dental clinic…"; "What do
 * I take for hay fever?": "…How do I keep pollen out of the bedroom?"). Recall has no semantic
 * model, only words: a newer statement said in passing often shares none with the question, and
 * neither BM25 nor the hashed vector finds it. The lexicon's `relatedWords` (WordNet: synonyms,
 * derived forms, the specific nouns of a definition) gives the words; recall searches the text
 * indexes by them a second time and fuses that list at `policy.relatedWeight` of the question's own
 * (`retrieve`).
 */
import type { Lexicon } from "../ports.js";
import type { AskedSlot } from "../state-slots.js";
import { queryTerms, rawTokens, STOP_WORDS, stem } from "../text.js";
import { tagged } from "../typed-values.js";

/** At most this many related words are searched for one question. */
export const RELATED_SEARCHED = 16;

/**
 * The related words of the nouns a current-state question asks about (`askedSlot`'s attributes, the
 * words of its own slots), as full-text terms, none of the question's own (nor another form of one,
 * "shop" for "shopping"): each asked word, or two
 * adjacent asked words the lexicon lists as one noun ("hay fever", read in place of its parts),
 * expanded by `lexicon.relatedWords`. [] without a lexicon that relates words, or for a question
 * that asks no person's state (a past event, a modal, a question about the world): those keep
 * their own words only.
 *
 *   relatedTerms("Who is my dentist?", askedSlot("Who is my dentist?"), wordnet)
 *   // → ["dental", "practitioner", "dentistry"]
 */
export function relatedTerms(
  question: string,
  asked: AskedSlot | null,
  lexicon: Lexicon | undefined,
): string[] {
  // The question's own words, as the text index stems them: "shop" (derived from "shopping") is
  // the question's word again and would count its matches twice.
  const own = new Set(queryTerms(question).map(stem));
  const related = [...relatedByWord(question, asked, lexicon).values()].flat();
  return queryTerms(related.join(" "), RELATED_SEARCHED + own.size)
    .filter((t) => !own.has(stem(t)))
    .slice(0, RELATED_SEARCHED);
}

/**
 * The related words of each asked word of a current-state question (`relatedTerms`), by the word
 * as written in the question (lower case); both words of a compound the lexicon lists map to its
 * related words ("hay", "fever" → "pollinosis", "rhinitis", "pollen"). Empty without a lexicon that
 * relates words or an asked slot.
 *
 *   relatedByWord("Who is my dentist?", askedSlot("Who is my dentist?"), wordnet)
 *   // → Map { "dentist" → ["dental", "practitioner", "dentistry"] }
 */
export function relatedByWord(
  question: string,
  asked: AskedSlot | null,
  lexicon: Lexicon | undefined,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!asked || !lexicon?.relatedWords) return out;
  const relate = lexicon.relatedWords.bind(lexicon);
  const words = rawTokens(question).filter((w) => !STOP_WORDS.has(w));
  const isAsked = (w: string) => asked.attributes.has(stem(w));
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (next !== undefined && isAsked(w) && isAsked(next)) {
      const pair = relate(`${w} ${next}`);
      if (pair.length > 0) {
        out.set(w, pair);
        out.set(next, pair);
        i++;
        continue;
      }
    }
    if (isAsked(w)) {
      const single = relate(w);
      if (single.length > 0) out.set(w, single);
    }
  }
  return out;
}

/**
 * The nouns of the doer a current-state "who" question asks for (`doerAsked`, `lexicon.agentNouns`),
 * as full-text terms the question is searched by as its own words: "Who cleans our house?" →
 * ["cleaner"], since a statement names the doer ("Our cleaner Agnieszka comes every other week"),
 * not the act; it is the question's own verb in another form, as "cleaning" would be, so it counts
 * at the question's weight, not `relatedWeight`. [] for a question that asks no person's state
 * (`asked` null), whose "who" is no subject ("Who do I bank with?"), or a lexicon that names no doer.
 *
 *   doerTerms("Who cleans our house?", askedSlot("Who cleans our house?"), wordnet) // → ["cleaner"]
 */
export function doerTerms(question: string, asked: AskedSlot | null, lexicon: Lexicon | undefined): string[] {
  if (!asked || !lexicon?.agentNouns) return [];
  const doer = doerAsked(question);
  if (!doer) return [];
  const own = new Set(queryTerms(question).map(stem));
  return queryTerms(lexicon.agentNouns(doer.lemma).join(" ")).filter((t) => !own.has(stem(t)));
}

/**
 * The verb a "who" question asks the doer of: "Who cleans our house?" → cleans (clean); "Who
 * walks our dog?" → walks (walk). Null when "who" is not its subject or no verb follows it ("Who is
 * my dentist?": a copula; "Who do I bank with?": "who" is the object; "Who did you meet?").
 * Reads the tagger (`await loadTagger()` on the path that recalls).
 */
export function doerAsked(question: string): { word: string; lemma: string } | null {
  const words = tagged(question).filter((w) => w.pos !== "PUNCT");
  const [who, verb] = words;
  if (!who || !verb || who.text.toLowerCase() !== "who" || verb.pos !== "VERB") return null;
  return { word: verb.text.toLowerCase(), lemma: verb.lemma };
}
