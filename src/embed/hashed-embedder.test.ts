import { describe, expect, it } from "vitest";
import { createRandom } from "../../test/support/random.js";
import { contentTokens } from "../core/text.js";
import { embedText, fnv1a } from "./hashed-embedder.js";

/**
 * The embedder as first written, building each feature's string: the definition the stored
 * vectors of every store were made by, so the faster one must give the same floats, bit for bit.
 */
function reference(text: string, dimension: number): Float32Array {
  const v = new Float32Array(dimension);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    const sign = fnv1a(feature, 0x9747b28c) & 1 ? 1 : -1;
    const i = h % v.length;
    v[i] = v[i]! + sign * weight;
  };
  const words = contentTokens(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(`w:${w}`, 1);
    if (i + 1 < words.length) add(`b:${w} ${words[i + 1]}`, 0.6);
    const padded = `<${w}>`;
    if (padded.length > 4)
      for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.25);
  }
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
  }
  return v;
}

describe("hashed embedder", () => {
  it("gives the same vectors, bit for bit, as the feature strings it hashes", () => {
    const rand = createRandom(5);
    const words = [
      "the",
      "retry",
      "limit",
      "is",
      "5",
      "Postgres",
      "16.2",
      "naïve",
      "漢字",
      "🙂ok",
      "a",
      "db-01",
      "it's",
    ];
    for (let n = 0; n < 400; n++) {
      const text = Array.from(
        { length: Math.floor(rand() * 14) },
        () => words[Math.floor(rand() * words.length)],
      ).join(" ");
      for (const dimension of [384, 97]) {
        const bytes = (v: Float32Array) => [...new Uint8Array(v.buffer)];
        expect(bytes(embedText(text, dimension)), text).toEqual(bytes(reference(text, dimension)));
      }
    }
  });
});
