import { describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import type { RecallHit } from "../model.js";
import { diversify } from "./diversify.js";

/** The plain O(k · n · d) MMR over dense vectors: what `diversify` must return, pick for pick. */
function reference(ranked: RecallHit[], vectors: Map<string, Float32Array>, k: number, diversity: number) {
  const lambda = 1 - diversity;
  const top = ranked[0]!.score || 1;
  const picked: RecallHit[] = [];
  const rest = [...ranked];
  const maxSim = new Array<number>(rest.length).fill(0);
  while (picked.length < k && rest.length > 0) {
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < rest.length; i++) {
      const value = lambda * (rest[i]!.score / top) - (1 - lambda) * maxSim[i]!;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    const chosen = rest.splice(best, 1)[0]!;
    maxSim.splice(best, 1);
    picked.push(chosen);
    const pv = vectors.get(chosen.id);
    if (!pv) continue;
    for (let i = 0; i < rest.length; i++) {
      const v = vectors.get(rest[i]!.id);
      // Vectors of another length (another embedder's) are not compared.
      if (!v || v.length !== pv.length) continue;
      let dot = 0;
      for (let j = 0; j < v.length; j++) dot += v[j]! * pv[j]!;
      if (dot > maxSim[i]!) maxSim[i] = dot;
    }
  }
  return picked;
}

describe("diversify (MMR)", () => {
  it("picks what the reference picks for a context-sized pool (176 candidates, 44 picks, hashed-vector sparsity)", () => {
    const rand = createRandom(23);
    for (let trial = 0; trial < 8; trial++) {
      const vectors = new Map<string, Float32Array>();
      const ranked = Array.from({ length: 176 }, (_, i) => {
        const v = new Float32Array(384);
        for (let j = 0; j < 384; j++) if (rand() < 0.12) v[j] = rand() * 2 - 1;
        // Near-duplicates of an earlier candidate, as restatements are.
        if (i > 0 && rand() < 0.2) {
          const earlier = vectors.get(`b${Math.floor(rand() * i)}`);
          if (earlier) for (let j = 0; j < 384; j++) v[j] = earlier[j]! + (rand() < 0.05 ? rand() * 0.1 : 0);
        }
        vectors.set(`b${i}`, v);
        return {
          id: `b${i}`,
          score: trial % 2 === 0 ? 1 - i / 200 : Math.round(rand() * 10) / 10,
        } as RecallHit;
      });
      ranked.sort((a, b) => b.score - a.score);
      // Twice each: the second call reads every vector's entries as the first kept them.
      for (const diversity of [0.3, 0.7, 0.3, 0.7])
        expect(diversify(ranked, vectors, 44, diversity).map((h) => h.id)).toEqual(
          reference(ranked, vectors, 44, diversity).map((h) => h.id),
        );
    }
  });

  it("picks exactly what the dense O(k·n·d) reference picks, for sparse and dense vectors", () => {
    const rand = createRandom(11);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + Math.floor(rand() * 80);
      const dim = 32 + Math.floor(rand() * 64);
      const density = trial % 3 === 0 ? 1 : 0.05 + rand() * 0.3;
      const vectors = new Map<string, Float32Array>();
      const ranked = Array.from({ length: n }, (_, i) => {
        const v = new Float32Array(dim);
        for (let j = 0; j < dim; j++) if (rand() < density) v[j] = rand() * 2 - 1;
        // Some candidates share a vector (ties), some have none.
        if (i > 0 && rand() < 0.1) vectors.set(`b${i}`, vectors.get(`b${i - 1}`) ?? v);
        else if (rand() > 0.05) vectors.set(`b${i}`, v);
        return { id: `b${i}`, score: Math.round(rand() * 20) / 20 } as RecallHit;
      });
      ranked.sort((a, b) => b.score - a.score);
      for (const k of [1, 5, 44])
        for (const diversity of [0.3, 0.7])
          expect(diversify(ranked, vectors, k, diversity).map((h) => h.id)).toEqual(
            reference(ranked, vectors, k, diversity).map((h) => h.id),
          );
    }
  });

  it("picks what the reference picks when vectors differ in length (a reindex half done)", () => {
    const rand = createRandom(5);
    for (let trial = 0; trial < 30; trial++) {
      const vectors = new Map<string, Float32Array>();
      const ranked = Array.from({ length: 40 }, (_, i) => {
        const v = new Float32Array(rand() < 0.3 ? 16 : 24);
        for (let j = 0; j < v.length; j++) if (rand() < 0.3) v[j] = rand() * 2 - 1;
        vectors.set(`b${i}`, v);
        return { id: `b${i}`, score: Math.round(rand() * 10) / 10 } as RecallHit;
      });
      ranked.sort((a, b) => b.score - a.score);
      expect(diversify(ranked, vectors, 12, 0.5).map((h) => h.id)).toEqual(
        reference(ranked, vectors, 12, 0.5).map((h) => h.id),
      );
    }
  });

  it("scores a similarity as the dense sum does, bit for bit, where another order of the terms would not", () => {
    // 1 + 1e17 − 1e17 is 0 summed in dimension order and 1 summed backwards: b2 ties b3 only if
    // its similarity to the pick is exactly what the dense dot product gives.
    const pick = Float32Array.from([1, 1, 1]);
    const vectors = new Map([
      ["b1", pick],
      ["b2", Float32Array.from([1, 1e17, -1e17])],
      ["b3", Float32Array.from([0, 0, 0])],
    ]);
    const dense = (v: Float32Array) => v.reduce((sum, x, j) => sum + x * pick[j]!, 0);
    expect(dense(vectors.get("b2")!)).toBe(0);
    expect(dense(vectors.get("b2")!.slice().reverse())).toBe(1);
    const ranked = [
      { id: "b1", score: 1 },
      { id: "b2", score: 0.5 },
      { id: "b3", score: 0.5 },
    ] as RecallHit[];
    // b2 and b3 tie at similarity 0, so b2 (ranked first) is picked second; a similarity of 1 would put b3 first.
    expect(diversify(ranked, vectors, 3, 0.5).map((h) => h.id)).toEqual(["b1", "b2", "b3"]);
    expect(reference(ranked, vectors, 3, 0.5).map((h) => h.id)).toEqual(["b1", "b2", "b3"]);
  });
});
