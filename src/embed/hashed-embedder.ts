/**
 * The default embedder: a deterministic hashed n-gram vector (word unigrams, word bigrams,
 * character trigrams), signed feature hashing with FNV-1a. No model, no network, and never
 * salted, so every process over one store computes the same vector for the same text.
 *
 *   const e = createHashedEmbedder();           // 384 dimensions
 *   const [v] = await e.embed(["retry limit"]); // unit-length Float32Array
 */
import type { Embedder } from "../core/ports.js";
import { embedderTokensV1 } from "../core/text.js";

export interface HashedEmbedderOptions {
  /** Vector length. Default 384. */
  dimension?: number;
}

/** 32-bit FNV-1a over UTF-16 code units, seeded so the sign hash is independent of the index hash. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * FNV-1a continued from `h` over `text`: `extend(fnv1a(a), b) === fnv1a(a + b) | 0`. The bulk hashing
 * keeps hashes as signed 32-bit integers (`Math.imul` and `^` work on the same bits either way), so
 * they never leave V8's integer registers; `>>> 0` is applied where a hash becomes an index.
 */
function extend(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/** FNV-1a continued from `h` over one UTF-16 code unit. */
const step = (h: number, code: number): number => Math.imul(h ^ code, 0x01000193);

const SIGN_SEED = 0x9747b28c;
/** The two hashes of each feature prefix, so a feature's hash never builds its string. */
const W_INDEX = fnv1a("w:") | 0;
const W_SIGN = fnv1a("w:", SIGN_SEED) | 0;
const B_INDEX = fnv1a("b:") | 0;
const B_SIGN = fnv1a("b:", SIGN_SEED) | 0;
const C_INDEX = fnv1a("c:") | 0;
const C_SIGN = fnv1a("c:", SIGN_SEED) | 0;

const LT = "<".charCodeAt(0);
const GT = ">".charCodeAt(0);
const SPACE = " ".charCodeAt(0);

/**
 * The features, in this order, for each content word `w` (the vector is their signed sum):
 * `w:<w>` (weight 1), `b:<w> <next word>` (0.6), and for a word of three or more characters
 * the character trigrams `c:xyz` of `<w>` (0.25 each). A feature with index hash `h` and sign
 * hash `s` adds ±weight at `h mod dimension`, + when `s` is odd.
 */
export function embedText(text: string, dimension: number): Float32Array {
  const v = new Float32Array(dimension);
  // The v1 tokens, frozen: a stored vector must keep the features it was made with.
  const words = embedderTokensV1(text);
  const n = words.length;
  for (let i = 0; i < n; i++) {
    const w = words[i]!;
    let at = (extend(W_INDEX, w) >>> 0) % dimension;
    v[at] = v[at]! + (extend(W_SIGN, w) & 1 ? 1 : -1);
    if (i + 1 < n) {
      const next = words[i + 1]!;
      at = (extend(step(extend(B_INDEX, w), SPACE), next) >>> 0) % dimension;
      v[at] = v[at]! + (extend(step(extend(B_SIGN, w), SPACE), next) & 1 ? 0.6 : -0.6);
    }
    // The trigrams of `<w>`, sliding: a, b, c are its characters at j, j + 1, j + 2.
    const length = w.length;
    if (length + 2 > 4) {
      let a = LT;
      let b = w.charCodeAt(0);
      for (let j = 0; j + 3 <= length + 2; j++) {
        const c = j + 2 === length + 1 ? GT : w.charCodeAt(j + 1);
        at = (step(step(step(C_INDEX, a), b), c) >>> 0) % dimension;
        v[at] = v[at]! + (step(step(step(C_SIGN, a), b), c) & 1 ? 0.25 : -0.25);
        a = b;
        b = c;
      }
    }
  }
  let norm = 0;
  for (let i = 0; i < dimension; i++) norm += v[i]! * v[i]!;
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < dimension; i++) v[i] = v[i]! * inv;
  }
  return v;
}

export function createHashedEmbedder(options: HashedEmbedderOptions = {}): Embedder {
  const dimension = options.dimension ?? 384;
  return {
    id: `hashed-ngram-v1/${dimension}`,
    dimension,
    embed: async (texts) => texts.map((t) => embedText(t, dimension)),
  };
}
