/**
 * Whether English lists a word as an ordinary word, read from a copy of the word list wink-nlp's
 * English model loads (listed-words.generated.ts, written at install by scripts/write-listed-words.ts
 * from the installed model, npm's `prepare`; not kept in git): the
 * same answer as the tagger's lexicon, in any process, with no model loaded. A keyword recall (a
 * hook's) reads names without loading wink, and reads them as a question's recall or a sleep
 * that loaded it does (docs/evaluation.md, determ31).
 *
 * The list is one string of ~85,000 words, each after a space, sorted by code unit; a lookup is a
 * binary search over it: nothing is built when the module loads (a `Set` of the words took ~0.4 s
 * to build on a loaded machine, wink's own load ~2 s).
 *
 *   listedWord("Coffee"); // → true
 *   listedWord("Kasia");  // → false
 */
import { LISTED_WORDS } from "./listed-words.generated.js";

/** True when the model's lexicon lists `word` in lower case ("coffee", "mum", "sam"; not "kasia", "netflix"). */
export function listedWord(word: string): boolean {
  const w = word.toLowerCase();
  if (!/^\p{L}{2,}$/u.test(w)) return false;
  const list = LISTED_WORDS;
  // Binary search over character offsets: each probe reads the word its offset falls in.
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = list.lastIndexOf(" ", mid) + 1;
    const end = list.indexOf(" ", start);
    if (end < 0 || start >= list.length - 1) {
      hi = start - 1;
      continue;
    }
    const found = list.slice(start, end);
    if (found === w) return true;
    if (found < w) lo = end;
    else hi = start - 1;
  }
  return false;
}
