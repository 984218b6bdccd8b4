/**
 * Passage-level lexical scoring (MaxP, as in passage retrieval): a long text whose matching words
 * all sit in one short passage is scored as that passage, not as the whole text. BM25 divides a
 * term's weight by the document's length, so a speech-to-text run-on of 40 words that answers the
 * question in one clause ("…the hip's been worse so the doctor has me on co-codamol now…") ranks
 * below every short statement that says the same word in passing. The stores' BM25 (FTS5's
 * `bm25()`, the shared in-process index, PostgreSQL's `ts_rank_cd`) scores whole rows; this
 * rescales a row's full-text score in the core, from its text, so every store gets the same.
 *
 * Only the length normalisation is redone: the row's own score (its terms' idf and frequency) is
 * kept, multiplied by how much less BM25 would have divided it for the passage's length. A text
 * whose matching words are spread over more than one passage keeps its whole-text score, and no
 * text scores above its list's best (the scale fusion normalises by).
 */
import { sentencesOf } from "../sleep/chat-turns.js";
import { rawTokens, stem } from "../text.js";

/** Texts of at most this many words are scored whole: they are a passage already. */
export const LONG_TEXT_WORDS = 20;
/**
 * A sentence longer than this is a run-on (speech-to-text without punctuation): it is read in
 * windows of `PASSAGE_WORDS`. A sentence up to this long is a passage of its own.
 */
export const RUN_ON_WORDS = 25;
/** A window's length inside a run-on. */
export const PASSAGE_WORDS = 10;
// BM25's parameters, FTS5's defaults (the stores' in-process index uses the same).
const K1 = 1.2;
const B = 0.75;

/**
 * The windows of a text's run-on sentences: `PASSAGE_WORDS` words each, half overlapping. A
 * punctuated text has none: its sentences are short enough that BM25's whole-text score reads
 * them (measured: scoring every sentence as a passage ranked two-sentence statements that say a
 * word in passing over the short statement about it).
 */
export function passagesOf(text: string): string[][] {
  const out: string[][] = [];
  for (const sentence of sentencesOf(text)) {
    const words = rawTokens(sentence);
    if (words.length <= RUN_ON_WORDS) continue;
    const step = PASSAGE_WORDS / 2;
    for (let i = 0; i < words.length; i += step) {
      out.push(words.slice(i, i + PASSAGE_WORDS));
      if (i + PASSAGE_WORDS >= words.length) break;
    }
  }
  return out;
}

/**
 * How much a long text's BM25 score would rise if it were its best passage: BM25's length
 * normaliser for the whole text over the passage's (one occurrence of each term), or 1 when the
 * text is short, matches none of the terms, or its matching terms are not all in one passage.
 * `averageWords` is the mean length of the rows the score was listed with.
 *
 * @example
 *   passageFactor("the hip's been worse so the doctor has me on co-codamol now and i'm to stop the anti-inflammatory altogether, it makes me that sleepy and i cant do the stairs", ["hip"], 12); // → about 1.73
 *   passageFactor("my reading glasses are plus two", ["reading"], 12); // → 1 (short)
 */
export function passageFactor(text: string, terms: readonly string[], averageWords: number): number {
  const words = rawTokens(text);
  if (words.length <= LONG_TEXT_WORDS || averageWords <= 0) return 1;
  const asked = new Set(terms.map((t) => stem(t.toLowerCase())));
  const inText = new Set(words.map(stem).filter((w) => asked.has(w)));
  if (inText.size === 0) return 1;
  let best: string[] | null = null;
  for (const passage of passagesOf(text)) {
    const has = new Set(passage.map(stem).filter((w) => inText.has(w)));
    if (has.size < inText.size) continue;
    if (!best || passage.length < best.length) best = passage;
  }
  if (!best) return 1;
  const norm = (n: number) => 1 + K1 * (1 - B + (B * n) / averageWords);
  return Math.max(1, norm(words.length) / norm(best.length));
}
