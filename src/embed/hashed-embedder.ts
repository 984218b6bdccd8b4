/**
 * The default embedder: a deterministic hashed n-gram vector (word unigrams, word bigrams,
 * character trigrams), signed feature hashing with FNV-1a. No model, no network, and never
 * salted, so every process over one store computes the same vector for the same text.
 *
 *   const e = createHashedEmbedder();           // 384 dimensions
 *   const [v] = await e.embed(["retry limit"]); // unit-length Float32Array
 */
import type { Embedder } from "../core/ports.js";
import { contentTokens } from "../core/text.js";

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

/** FNV-1a continued from `h` over `text`: `extend(fnv1a(a), b) === fnv1a(a + b)`. */
function extend(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** FNV-1a continued from `h` over one UTF-16 code unit. */
const step = (h: number, code: number): number => Math.imul(h ^ code, 0x01000193) >>> 0;

const SIGN_SEED = 0x9747b28c;
/** The two hashes of each feature prefix, so a feature's hash never builds its string. */
const PREFIX = {
  w: [fnv1a("w:"), fnv1a("w:", SIGN_SEED)],
  b: [fnv1a("b:"), fnv1a("b:", SIGN_SEED)],
  c: [fnv1a("c:"), fnv1a("c:", SIGN_SEED)],
} as const;

/** Adds a feature by its index hash `h` and sign hash `s` (both of `prefix:feature`). */
function add(vector: Float32Array, h: number, s: number, weight: number): void {
  const sign = s & 1 ? 1 : -1;
  const i = h % vector.length;
  vector[i] = vector[i]! + sign * weight;
}

const LT = "<".charCodeAt(0);
const GT = ">".charCodeAt(0);
const SPACE = " ".charCodeAt(0);

/**
 * The features, in this order, for each content word `w` (the vector is their signed sum):
 * `w:<w>` (weight 1), `b:<w> <next word>` (0.6), and for a word of three or more characters
 * the character trigrams `c:xyz` of `<w>` (0.25 each).
 */
export function embedText(text: string, dimension: number): Float32Array {
  const v = new Float32Array(dimension);
  const words = contentTokens(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(v, extend(PREFIX.w[0], w), extend(PREFIX.w[1], w), 1);
    if (i + 1 < words.length) {
      const next = words[i + 1]!;
      add(
        v,
        extend(step(extend(PREFIX.b[0], w), SPACE), next),
        extend(step(extend(PREFIX.b[1], w), SPACE), next),
        0.6,
      );
    }
    // The trigrams of `<w>`: position p is "<" at 0, ">" at w.length + 1, w[p - 1] between.
    if (w.length + 2 > 4) {
      const at = (p: number) => (p === 0 ? LT : p === w.length + 1 ? GT : w.charCodeAt(p - 1));
      for (let j = 0; j + 3 <= w.length + 2; j++) {
        const a = at(j);
        const b = at(j + 1);
        const c = at(j + 2);
        add(v, step(step(step(PREFIX.c[0], a), b), c), step(step(step(PREFIX.c[1], a), b), c), 0.25);
      }
    }
  }
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
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
