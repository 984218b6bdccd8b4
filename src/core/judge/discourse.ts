/**
 * What a statement leaves to the conversation around it. People do not repeat what they just said:
 * "the printer on floor 2 is broken" is followed by "it's fixed now", "my bank is chase" by "moved my
 * accounts to ally". The newer statement names its subject by a pronoun, or not at all, so it shares
 * no word with the statement it changes, and no word-based pairing finds the two. Read from the
 * tagger's parts of speech: how the statement opens (after discourse markers such as "btw", "nvm",
 * "ok so"), and whether it announces a change.
 *
 * Requires the tagger: `await loadTagger()` first.
 *
 *   leansOnContext("they moved it to the kitchen on 4")      // true: "they" … "it" point back
 *   leansOnContext("switched to chrome, firefox kept crashing") // true: a change of something unnamed
 *   leansOnContext("i'm vegetarian")                          // false: says all it means
 *   leansOnContext("the wifi password is sunflower22")        // false: names its subject
 */
import { analysisOf, CHANGE_LEMMAS, changeOf, wordsOf } from "./analysis.js";
import type { TaggedWord } from "./tagger.js";

/**
 * Words that open a chat turn without being part of its clause: interjections and discourse
 * markers, a closed class (the tagger reads several of them as nouns: "btw", "fyi", "nvm").
 */
const MARKERS = new Set(
  (
    "btw fyi nvm lol lmao ok okay k oh ah so well hey hi hello oops sorry wait no yes yeah yep yup nope " +
    "actually also anyway anyways ugh hmm hm pls please update correction ps ah uh um right alright " +
    "honestly basically finally just quick note reminder"
  ).split(" "),
);

/** Markers of several words: "heads up", "scratch that", "never mind", "by the way", "just so you know". */
const MARKER_PHRASES: readonly string[][] = [
  "heads up",
  "scratch that",
  "never mind",
  "turns out",
  "turned out",
  "by the way",
  "my bad",
  "so yeah",
  "just so you know",
  "quick update",
  "good news",
  "bad news",
].map((s) => s.split(" "));

/** Pronouns that point back to something said before (not the speaker: "i", "we", "you"). */
const ANAPHORS = new Set(
  "it it's its they they're they've them that that's this those these he he's she she's".split(" "),
);

/** A retraction replaces what was just said: "nvm", "scratch that", "never mind", "correction". */
const RETRACTION_RE =
  /\b(?:nvm|never ?mind|scratch that|correction|my bad|on second thought|wait,? no|i was wrong|i misread|typo)\b/i;

/** The clause's first word after the discourse markers, or null. */
function opening(words: readonly TaggedWord[]): TaggedWord | null {
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const lower = w.text.toLowerCase();
    const phrase = MARKER_PHRASES.find((m) => m.every((x, k) => words[i + k]?.text.toLowerCase() === x));
    if (phrase) {
      i += phrase.length;
      continue;
    }
    if (MARKERS.has(lower) || w.pos === "INTJ" || w.pos === "PUNCT" || w.pos === "SYM") {
      i++;
      continue;
    }
    // An adverb before the subject says when or how ("so we finally moved", "finally upgraded").
    if (w.pos === "ADV" && i + 1 < words.length) {
      i++;
      continue;
    }
    return w;
  }
  return null;
}

/** Possessives that open a noun phrase: "my bank is chase" names its subject. */
const POSSESSIVES = new Set("my our your his her their".split(" "));
const NOUN_PHRASE = new Set(["DET", "NOUN", "PROPN", "NUM", "ADJ", "X"]);

/**
 * Whether the statement needs what was said before it to be understood: its subject is a pronoun
 * that points back ("it", "they", "that"); or it does not open on a noun phrase of its own and
 * points back later ("had to move that one to thursday"), announces a change ("switched to chrome",
 * "we moved everything over to linear", "moved my accounts to ally") or retracts what was said
 * ("nvm let's just do a zoom call").
 */
export function leansOnContext(text: string): boolean {
  const words = wordsOf(analysisOf(text));
  const first = opening(words);
  if (!first) return false;
  const lower = first.text.toLowerCase().replace(/’/g, "'");
  if (ANAPHORS.has(lower)) return true;
  const namesSubject = POSSESSIVES.has(lower) || (first.pos !== "PRON" && NOUN_PHRASE.has(first.pos));
  if (namesSubject) return false;
  if (first.pos === "VERB" && CHANGE_LEMMAS.has(first.lemma)) return true;
  if (words.some((w) => ANAPHORS.has(w.text.toLowerCase().replace(/’/g, "'")))) return true;
  return RETRACTION_RE.test(text) || changeOf(analysisOf(text));
}
