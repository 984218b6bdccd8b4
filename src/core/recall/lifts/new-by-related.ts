/**
 * The asked thing called new by another word (`newByRelatedWord`): a newer statement that names what
 * a current-state question asks by a word WordNet relates to it, in a phrase of the speaker's that
 * calls it new ("my new dental clinic" for "Who is my dentist?").
 */
import type { Lexicon } from "../../ports.js";
import { contentTokens, rawTokens, stemV1 } from "../../text.js";
import { tagged } from "../../typed-values.js";

/** What a statement calls new: the asked word, the related word it says, and its phrase. */
export interface NewByRelated {
  /** The question's word ("dentist"). */
  asked: string;
  /** The related word the statement says ("dental"). */
  related: string;
  /** The statement's phrase that calls it new ("my new dental clinic"). */
  phrase: string;
}

/**
 * The words related to each of a question's nouns (`Lexicon.relatedWords`: a synonym's word, a
 * derived form, a definition's specific noun), by the asked word's stem (`stemV1`), each related
 * word stemmed the same way. A two-word noun of the question ("hay fever") is asked as one, under
 * each of its words. Empty without `relatedWords`.
 *
 *   relatedByAsked("Who is my dentist?", wordnet) // → Map { "dentist" → Set { "dental", "practition", "dentistry" } }
 */
export function relatedByAsked(query: string, lexicon: Lexicon): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  if (!lexicon.relatedWords) return out;
  const words = rawTokens(query).filter((w) => contentTokens(w).length > 0);
  const add = (phrase: string, under: readonly string[]) => {
    const found = lexicon.relatedWords!(phrase).flatMap((r) => contentTokens(r, stemV1));
    if (found.length === 0) return;
    for (const u of under) {
      const set = out.get(u) ?? new Set<string>();
      for (const f of found) if (f !== u) set.add(f);
      out.set(u, set);
    }
  };
  for (let i = 0; i < words.length; i++) {
    const own = contentTokens(words[i]!, stemV1);
    add(words[i]!.toLowerCase(), own);
    const next = words[i + 1];
    if (next) add(`${words[i]} ${next}`.toLowerCase(), [...own, ...contentTokens(next, stemV1)]);
  }
  return out;
}

/**
 * The phrase in which a newer statement calls the thing a question asks new by a word related to it:
 * a first-person possessive, "new", then a phrase holding one of `related` (the related words of
 * `asked`, stemmed), read with the tagger ("…at my new dental clinic…" for "dentist"). A related word
 * alone says only that the statement is about the same field ("a dental appointment"); "my new …"
 * says the speaker's one has changed. When the asked noun is a person, a phrase headed by another
 * person names another role beside it, not a new one of it ("my new dental hygienist" for
 * "dentist"). Null when there is no such phrase. `await loadTagger()` first.
 *
 *   newByRelatedWord("Dr. Lindqvist at my new dental clinic fitted me in.", "dentist", new Set(["dental"]), wordnet)
 *   // → { asked: "dentist", related: "dental", phrase: "my new dental clinic" }
 *   newByRelatedWord("My new dental hygienist is Sam.", "dentist", new Set(["dental"]), wordnet) // → null
 *   newByRelatedWord("I booked a dental check-up for May.", "dentist", new Set(["dental"]), wordnet) // → null
 */
export function newByRelatedWord(
  statement: string,
  asked: string,
  related: ReadonlySet<string>,
  lexicon: Lexicon,
): NewByRelated | null {
  const words = tagged(statement);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos !== "ADJ" && w.pos !== "NOUN") continue;
    const stem = contentTokens(w.text, stemV1)[0];
    if (!stem || !related.has(stem)) continue;
    // Its phrase: the modifiers before it back to a determiner, the nouns after it to the head.
    // The tagger may read an attributive "new" as an adverb ("my new/ADV dental clinic"), and a
    // participle after a noun as a noun ("clinic fitted/NOUN me in"): a word the lexicon lists as no
    // noun ends the phrase.
    let from = i;
    while (from > 0 && /^(?:ADJ|NOUN|ADV)$/.test(words[from - 1]!.pos)) from--;
    let head = i;
    while (
      head + 1 < words.length &&
      words[head + 1]!.pos === "NOUN" &&
      lexicon.lists(words[head + 1]!.lemma.toLowerCase(), "noun")
    )
      head++;
    const opener = words[from - 1];
    if (!opener || !/^(?:my|our)$/i.test(opener.text)) continue;
    if (!words.slice(from, i).some((m) => m.text.toLowerCase() === "new")) continue;
    const headWord = words[head]!;
    if (head !== i && lexicon.isPerson(asked) && lexicon.isPerson(headWord.lemma)) continue;
    const phrase = statement.slice(opener.start, headWord.start + headWord.text.length);
    return { asked, related: w.text.toLowerCase(), phrase };
  }
  return null;
}
