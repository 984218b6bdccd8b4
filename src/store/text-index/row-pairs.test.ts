/**
 * The row pool's packed pairs: every (term, tf) comes back whole, the common ones in one word,
 * the rare large ones through their escape words, laid end to end without gaps.
 */
import { describe, expect, it } from "vitest";
import { packPair, TERM_MORE, TF_MORE, unpackPair } from "./row-pairs.js";

const CASES: [term: number, tf: number, words: number][] = [
  [0, 1, 1],
  [42, 3, 1],
  [TERM_MORE - 1, TF_MORE - 1, 1],
  [7, TF_MORE, 2],
  [7, 100_000, 2],
  [TERM_MORE, 1, 2],
  [2 ** 31 - 1, 2, 2],
  [TERM_MORE + 5, TF_MORE + 1, 3],
];

describe("packed (term, tf) pairs", () => {
  it("round-trip every value, in as many words as they need", () => {
    const pool = new Uint32Array(3 * CASES.length);
    let at = 0;
    for (const [term, tf, words] of CASES) {
      const next = packPair(pool, at, term, tf);
      expect(next - at).toBe(words);
      at = next;
    }
    const pair = new Int32Array(2);
    let read = 0;
    for (const [term, tf] of CASES) {
      read = unpackPair(pool, read, pair);
      expect([...pair]).toEqual([term, tf]);
    }
    expect(read).toBe(at);
  });
});
