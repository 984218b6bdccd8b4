/**
 * The question's own words in another part of speech: a question asks by a verb and the statement
 * names the thing by the noun of that verb ("when's the next time i rehearse w the country band" /
 * "wade moved the pines rehearsal UP, it's this coming thursday now"), or the other way round. The
 * stemmer does not join them ("rehearse", "rehearsal"), so neither BM25 nor the hashed vector meets
 * the statement. WordNet's derivationally related forms do (`Lexicon.derivedNouns`,
 * `Lexicon.derivedVerbs`, each read in the word's dominant sense only, so a rarer sense's forms are
 * never searched).
 */
import type { Lexicon } from "../ports.js";
import { queryTerms, STOP_WORDS, stem } from "../text.js";
import { tagged } from "../typed-values.js";

/** At most this many forms are searched for one question. */
export const FAMILY_SEARCHED = 8;

/**
 * The derived forms of a question's verbs and nouns, as full-text terms, none of the question's own
 * words nor another form the stemmer already joins to one: each VERB (not an auxiliary, not a stop
 * word) by the nouns WordNet derives from it in its dominant sense, each NOUN by the verbs. The
 * tagger must be loaded (`await loadTagger()` on the path that recalls). [] without a lexicon.
 *
 *   familyTerms("when's the next time i rehearse w the country band", wordnet) // → ["rehearsal"]
 *   familyTerms("what do i pay for the room", wordnet)                          // → ["payment"]
 */
export function familyTerms(question: string, lexicon: Lexicon | undefined): string[] {
  if (!lexicon) return [];
  const own = new Set(queryTerms(question).map(stem));
  const forms: string[] = [];
  for (const w of tagged(question)) {
    const lemma = w.lemma.toLowerCase();
    if (STOP_WORDS.has(w.text.toLowerCase()) || STOP_WORDS.has(lemma) || lemma.length < 3) continue;
    if (w.pos === "VERB") forms.push(...lexicon.derivedNouns(lemma));
    else if (w.pos === "NOUN") forms.push(...lexicon.derivedVerbs(lemma));
  }
  return queryTerms(forms.join(" "), FAMILY_SEARCHED + own.size)
    .filter((t) => !own.has(stem(t)))
    .slice(0, FAMILY_SEARCHED);
}
