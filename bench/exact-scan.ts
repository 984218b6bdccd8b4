/**
 * The yardstick for recall and context latency: an in-memory exact scan, which is what brainmem's
 * retrieval does — the query embedded, a cosine against every active belief's vector (a plain
 * loop over Float32Arrays held in memory), all of them sorted, the top k taken. Issue 18 holds
 * Strata's recall p95 and context p50 to 1.2× this scan's, measured in the same run.
 *
 *   const scan = await exactScan(mem, () => traffic.query(), { queries: 300, k: 5 });
 *   const search = await prepareExactScan(mem, 5); // one query at a time, to interleave (bench/tails.ts)
 */
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";

export interface ExactScanResult {
  /** Vectors scanned per query (the active beliefs of the bench namespace). */
  vectors: number;
  /** Wall milliseconds per query, in call order. */
  samples: number[];
}

export interface ExactScan {
  /** Vectors scanned per query (the active beliefs of the bench namespace). */
  vectors: number;
  /** One query: embedded, scored against every vector, sorted, the top k. */
  search(query: string): Promise<{ id: string; score: number }[]>;
}

/** Loads every active belief's vector of `mem`'s namespace into memory once. */
export async function prepareExactScan(mem: Memory, k: number): Promise<ExactScan> {
  const beliefs = await mem.store.listBeliefs(
    { namespaces: [mem.namespace], statuses: ["active"] },
    { limit: 10_000_000, offset: 0 },
  );
  const stored = await mem.store.getVectors(beliefs.map((b) => b.id));
  const ids: string[] = [];
  const vectors: Float32Array[] = [];
  for (const b of beliefs) {
    const v = stored.get(b.id);
    if (!v) continue;
    ids.push(b.id);
    vectors.push(Float32Array.from(v));
  }
  const norms = vectors.map((v) => Math.sqrt(v.reduce((a, x) => a + x * x, 0)) || 1);
  const search = async (q: string) => {
    const [qv] = await mem.embedder.embed([q]);
    const qn = Math.sqrt(qv!.reduce((a, x) => a + x * x, 0)) || 1;
    const scored: { id: string; score: number }[] = new Array(vectors.length);
    for (let i = 0; i < vectors.length; i++) {
      const v = vectors[i]!;
      let dot = 0;
      for (let d = 0; d < v.length; d++) dot += v[d]! * qv![d]!;
      scored[i] = { id: ids[i]!, score: dot / (norms[i]! * qn) };
    }
    scored.sort((a, b) => b.score - a.score);
    return scored.slice(0, k);
  };
  return { vectors: vectors.length, search };
}

export async function exactScan(
  mem: Memory,
  query: () => string,
  o: { queries: number; k: number; warmup?: number },
): Promise<ExactScanResult> {
  const scan = await prepareExactScan(mem, o.k);
  for (let i = 0; i < (o.warmup ?? 20); i++) await scan.search(query());
  const samples: number[] = [];
  for (let i = 0; i < o.queries; i++) {
    const q = query();
    const t = performance.now();
    await scan.search(q);
    samples.push(performance.now() - t);
  }
  return { vectors: scan.vectors, samples };
}
