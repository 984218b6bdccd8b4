/**
 * A question that asks for instances of a category ("What activities does Melanie partake in?",
 * "Which instruments does she play?", "What kind of art does Caroline make?") is answered by
 * statements that name a kind of it and rarely the category itself ("we went camping with the
 * kids", "I play clarinet"). This reads the category noun a question asks for, by its parse (the
 * tagger's parts of speech), and the kinds of that noun the lexicon holds in their dominant sense,
 * as words to search.
 *
 * The rule: the question opens with "what" or "which", optionally "kind(s)/type(s)/sort(s)/variety
 * of", then the asked noun phrase (adjectives and nouns, its head the last noun), and the phrase
 * is followed by the question's verb ("does", "has", "play"): the wh-phrase is what is asked. Its
 * head is plural (several instances asked: "activities", "books") or it follows "kind of" (which
 * kinds). Not a category question: "What is Caroline's identity?" (no noun after "what"), "What
 * did Caroline research?", "What music am I into?" (one current state: `newestKindListed` reads
 * those), "What time is the standup?", "Who supports Caroline?".
 *
 *   askedCategory(tag("What martial arts has John done?"))      // → { head: "art", phrase: "martial art" }
 *   askedCategory(tag("What kind of art does Caroline make?"))  // → { head: "art", phrase: "art" }
 *   askedCategory(tag("What did Caroline research?"))           // → null
 */
import type { TaggedWord } from "./judge/tagger.js";
import type { Lexicon } from "./ports.js";

/** The category a question asks instances of: its head noun's lemma, and the phrase with its modifiers. */
export interface AskedCategory {
  /** The head noun, as a lemma ("activities" → "activity"). */
  head: string;
  /** The modifiers and the head, lemmatised ("martial arts" → "martial art"); the head alone when none. */
  phrase: string;
}

/** "What kind of …", "which types of …": the words that ask which kinds of the noun after "of". */
const KIND_WORDS = new Set(["kind", "type", "sort", "variety"]);

/** Parts of speech a noun phrase's modifiers may have ("outdoor activities", "LGBTQ+ events", "music events"). */
const MODIFIER = new Set(["ADJ", "NOUN", "PROPN"]);

/** The category a question asks instances of (see the module's rule), or null. */
export function askedCategory(words: readonly TaggedWord[]): AskedCategory | null {
  const wh = words[0];
  if (!wh || !/^(?:what|which)$/i.test(wh.text)) return null;
  let i = 1;
  let kindOf = false;
  if (words[i]?.pos === "NOUN" && KIND_WORDS.has(words[i]!.lemma) && words[i + 1]?.lemma === "of") {
    kindOf = true;
    i += 2;
  }
  const start = i;
  while (i < words.length && MODIFIER.has(words[i]!.pos)) i++;
  const head = words[i - 1];
  const next = words[i];
  if (i === start || !head || head.pos !== "NOUN") return null;
  // The wh-phrase is what the question's verb asks about ("What books has Melanie read?").
  if (!next || (next.pos !== "AUX" && next.pos !== "VERB")) return null;
  const plural = head.text.toLowerCase() !== head.lemma;
  if (!plural && !kindOf) return null;
  const modifiers = words
    .slice(start, i - 1)
    .filter((w) => w.pos !== "PROPN")
    .map((w) => w.lemma);
  return { head: head.lemma, phrase: [...modifiers, head.lemma].join(" ") };
}

/**
 * The words of the kinds of the asked category, as the lexicon holds them: the kinds of the
 * phrase when the lexicon knows it as one noun ("martial art": "judo", "karate", …), else of its
 * head ("outdoor activity" → "activity"). Single words only (a full-text term is a word), and only
 * a kind whose own dominant sense is that kind (`nounRelation`: "kind" or "synonym"), so a word
 * that is a kind only in a rare sense of its own ("line" of "activity", as a line of work) is left
 * out. At most `max`, nearest first; with the noun they are kinds of.
 */
export function categoryKinds(
  category: AskedCategory,
  lexicon: Lexicon,
  max: number,
): { noun: string; kinds: string[] } {
  let noun = category.phrase;
  let kinds = noun !== category.head ? lexicon.nounKinds(noun) : [];
  if (kinds.length === 0) {
    noun = category.head;
    kinds = lexicon.nounKinds(noun);
  }
  const out: string[] = [];
  for (const k of kinds) {
    if (out.length >= max) break;
    if (/[\s-]/.test(k)) continue;
    const relation = lexicon.nounRelation(k, noun);
    if (relation === "kind" || relation === "synonym") out.push(k);
  }
  return { noun, kinds: out };
}
