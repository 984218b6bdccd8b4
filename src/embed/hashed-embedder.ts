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

function add(vector: Float32Array, feature: string, weight: number): void {
  const h = fnv1a(feature);
  const sign = fnv1a(feature, 0x9747b28c) & 1 ? 1 : -1;
  const i = h % vector.length;
  vector[i] = vector[i]! + sign * weight;
}

export function embedText(text: string, dimension: number): Float32Array {
  const v = new Float32Array(dimension);
  const words = contentTokens(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(v, `w:${w}`, 1);
    if (i + 1 < words.length) add(v, `b:${w} ${words[i + 1]}`, 0.6);
    const padded = `<${w}>`;
    if (padded.length > 4)
      for (let j = 0; j + 3 <= padded.length; j++) add(v, `c:${padded.slice(j, j + 3)}`, 0.25);
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
