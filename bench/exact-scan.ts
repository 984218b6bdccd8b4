/**
 * The yardstick for recall and context latency: an in-memory exact scan, which is what brainmem's
 * retrieval does. brainmem (Python) keeps every memory's unit vector as a row of one float32 numpy
 * matrix, embeds the query once, takes one matrix-vector product (numpy's `matrix @ q`: a tight
 * dot-product loop over contiguous memory) and picks the top k by partial selection
 * (`argpartition`), sorting only those k. `prepareExactScan` does exactly that over the active
 * beliefs of `mem`'s namespace: one contiguous Float32Array of n × d unit rows, the query embedded
 * and normalised once, one pass of dot products, and a k-slot selection (no object per row, no sort
 * of all n). Issue 18 holds Strata's recall p95 and context p50 to 1.2× this scan's, measured in
 * the same run.
 *
 * `prepareNaiveScan` is the bench's first yardstick (fourth and fifth passes in
 * docs/benchmarks.md): an object per row, a cosine with both norms per row, a full sort. It costs
 * several times the matrix scan and so flattered Strata; it is kept so old figures can be compared.
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
  /** One query: embedded, scored against every vector, the top k (best first). */
  search(query: string): Promise<{ id: string; score: number }[]>;
}

/** Every active belief of `mem`'s namespace with its stored vector, in rowid order. */
async function activeVectors(mem: Memory): Promise<{ ids: string[]; vectors: Float32Array[] }> {
  const beliefs = await mem.store.listBeliefs(
    { namespaces: [mem.namespace], statuses: ["active"] },
    { limit: 10_000_000, offset: 0 },
  );
  const stored = await mem.store.getVectors(
    beliefs.map((b) => b.id),
    mem.namespace,
  );
  const ids: string[] = [];
  const vectors: Float32Array[] = [];
  for (const b of beliefs) {
    const v = stored.get(b.id);
    if (!v) continue;
    ids.push(b.id);
    vectors.push(Float32Array.from(v));
  }
  return { ids, vectors };
}

/**
 * brainmem's scan: one n × d float32 matrix of unit rows, one matrix-vector product per query,
 * top k by partial selection.
 */
export async function prepareExactScan(mem: Memory, k: number): Promise<ExactScan> {
  const { ids, vectors } = await activeVectors(mem);
  const n = vectors.length;
  const d = vectors[0]?.length ?? 0;
  const matrix = new Float32Array(n * d);
  for (let i = 0; i < n; i++) {
    const v = vectors[i]!;
    let norm = 0;
    for (let j = 0; j < d; j++) norm += v[j]! * v[j]!;
    const inv = 1 / (Math.sqrt(norm) || 1);
    for (let j = 0; j < d; j++) matrix[i * d + j] = v[j]! * inv;
  }
  const scores = new Float32Array(n);
  const q = new Float32Array(d);
  const top = new Int32Array(k);
  const search = async (query: string) => {
    const [qv] = await mem.embedder.embed([query]);
    let qn = 0;
    for (let j = 0; j < d; j++) qn += qv![j]! * qv![j]!;
    const inv = 1 / (Math.sqrt(qn) || 1);
    for (let j = 0; j < d; j++) q[j] = qv![j]! * inv;
    // matrix @ q: four running sums per row, as a vectorised dot product keeps (about 1.7× a
    // one-sum loop in V8, which has no SIMD for this).
    const d4 = d - (d % 4);
    for (let i = 0, o = 0; i < n; i++, o += d) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j < d4; j += 4) {
        s0 += matrix[o + j]! * q[j]!;
        s1 += matrix[o + j + 1]! * q[j + 1]!;
        s2 += matrix[o + j + 2]! * q[j + 2]!;
        s3 += matrix[o + j + 3]! * q[j + 3]!;
      }
      for (; j < d; j++) s0 += matrix[o + j]! * q[j]!;
      scores[i] = s0 + s1 + s2 + s3;
    }
    // Partial selection: the k best indices, kept sorted best first (k is small).
    let held = 0;
    for (let i = 0; i < n; i++) {
      const s = scores[i]!;
      if (held === k && s <= scores[top[k - 1]!]!) continue;
      let at = held < k ? held++ : k - 1;
      while (at > 0 && scores[top[at - 1]!]! < s) {
        top[at] = top[at - 1]!;
        at--;
      }
      top[at] = i;
    }
    const out: { id: string; score: number }[] = [];
    for (let r = 0; r < held; r++) out.push({ id: ids[top[r]!]!, score: scores[top[r]!]! });
    return out;
  };
  return { vectors: n, search };
}

/** The bench's first yardstick: an object and a cosine per row, all of them sorted, the top k. */
export async function prepareNaiveScan(mem: Memory, k: number): Promise<ExactScan> {
  const { ids, vectors } = await activeVectors(mem);
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
