/**
 * Whether a statement found for a question is about what the question asks: it names, as a noun, a
 * noun the question names — the same word, or a noun the lexicon derives from the same verb. "What cut
 * does my manager take?" finds "management takes 20% of touring income, not sessions": "management"
 * and "manager" are both nouns of "manage" (WordNet's derivational links), the doing and its doer,
 * one thing for a statement that says what it takes. The found-by-a-word lifts read an older only when
 * it names what the question asks (`sameThingFound`); a statement that names it by another noun of
 * the same verb is one of those.
 */
import type { Lexicon } from "../../ports.js";
import { contentTokens } from "../../text.js";
import { sentences, tagged } from "../../typed-values.js";

/**
 * The common nouns of a text, as lemmas (lower case, letters only, three or more): the tagger's NOUN,
 * and a sentence's first word it reads as a name only for its capital when the lexicon lists it as a
 * noun ("Management takes 20%…"; not "Hill's" after its first word).
 */
function commonNouns(text: string, lexicon: Lexicon): Set<string> {
  return new Set(
    sentences(text).flatMap((s) =>
      tagged(s)
        .filter((w, i) => {
          const lemma = w.lemma.toLowerCase();
          if (!/^\p{L}{3,}$/u.test(lemma)) return false;
          return w.pos === "NOUN" || (i === 0 && w.pos === "PROPN" && lexicon.lists(lemma, "noun"));
        })
        .map((w) => w.lemma.toLowerCase()),
    ),
  );
}

/**
 * `SAME_VERB_RULE`: two different common nouns that the lexicon derives, in their dominant senses,
 * from one verb ("manager", "management": "manage"; "payment", "payer": "pay"). Not two nouns of
 * different verbs ("tax", "income"), nor a noun of no verb ("splint", "brace"), nor one word with
 * itself (the same noun is read by its own words). False without a lexicon.
 *
 *   sameVerbNouns("manager", "management", wordnet) // → true
 *   sameVerbNouns("commission", "income", wordnet)  // → false
 */
export function sameVerbNouns(a: string, b: string, lexicon: Lexicon | undefined): boolean {
  if (!lexicon || a === b) return false;
  const verbs = new Set(lexicon.derivedVerbs(a));
  if (verbs.size === 0) return false;
  return lexicon.derivedVerbs(b).some((v) => verbs.has(v));
}

/**
 * Whether `statement` names, as a common noun, another noun of the same verb as a noun `question`
 * names (`SAME_VERB_RULE`, `sameVerbNouns`: "management" for "my manager"); not a word the question
 * says in another form ("shop" for "shopping": the question's own word). False without a lexicon.
 * The found-by-a-word lifts read it beside the nouns a statement shares with the question.
 * `await loadTagger()` first.
 *
 *   namesNounOfAskedVerb("management takes 20% of touring income", "What cut does my manager take?", wordnet) // → true
 *   namesNounOfAskedVerb("management takes 20% of touring income", "What cut does my manager take?")          // → false (no lexicon)
 */
export function namesNounOfAskedVerb(statement: string, question: string, lexicon?: Lexicon): boolean {
  if (!lexicon) return false;
  const asked = commonNouns(question, lexicon);
  if (asked.size === 0) return false;
  const own = new Set(contentTokens(question));
  return [...commonNouns(statement, lexicon)].some(
    (n) => !contentTokens(n).some((t) => own.has(t)) && [...asked].some((q) => sameVerbNouns(n, q, lexicon)),
  );
}
