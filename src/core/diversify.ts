/**
 * Diversity for recall and context: maximal marginal relevance over the ranked candidates.
 */
import type { RecallHit } from "./model.js";

/** A vector's nonzero entries in dimension order: their dimensions (`index`) and values. */
interface Entries {
  index: Int32Array;
  value: Float32Array;
}

/**
 * Each vector's nonzero entries, kept as long as the vector itself. A store hands the same arrays
 * to every read while its file is unchanged (the SQLite read cache) and context's candidates recur
 * call after call, so most candidates skip the scan of every dimension. Vectors are read, never
 * written, once a store has handed them out (`getVectors` in ports.ts): a changed vector is a new array.
 */
const entriesOf = new WeakMap<Float32Array, Entries>();

function entries(v: Float32Array): Entries {
  const known = entriesOf.get(v);
  if (known) return known;
  let nnz = 0;
  for (let j = 0; j < v.length; j++) if (v[j] !== 0) nnz++;
  const index = new Int32Array(nnz);
  const value = new Float32Array(nnz);
  for (let j = 0, at = 0; j < v.length; j++)
    if (v[j] !== 0) {
      index[at] = j;
      value[at++] = v[j]!;
    }
  const e = { index, value };
  entriesOf.set(v, e);
  return e;
}

/** The dot product of two vectors from their nonzero entries: the terms in dimension order. */
function dotOf(a: Entries, b: Entries): number {
  const ai = a.index;
  const bi = b.index;
  const av = a.value;
  const bv = b.value;
  let sum = 0;
  for (let i = 0, j = 0; i < ai.length && j < bi.length; ) {
    const da = ai[i]!;
    const db = bi[j]!;
    if (da < db) i++;
    else if (da > db) j++;
    else sum += av[i++]! * bv[j++]!;
  }
  return sum;
}

/** What a call did, for tests: the similarities it computed (candidate × pick). */
export interface DiversifyStats {
  similarities: number;
}

/**
 * Maximal marginal relevance: trade a little score for not repeating what was already picked.
 * Each pick takes the first candidate, in ranked order, of the highest `λ · score/top − (1 − λ) ·
 * maxSim`, where maxSim is its highest similarity to anything picked so far (0 before any).
 *
 * Lazily, and exactly: a candidate's maxSim is brought up to date with the picks made since it
 * was last looked at only when it could still win the pick. maxSim only grows, so `λ · score/top
 * − (1 − λ) · maxSim` with the maxSim last computed bounds the candidate's value from above; when
 * that bound is no more than the best value already found in this pick, the candidate cannot be
 * picked (a later candidate must be strictly better) and its similarities wait. The best value at
 * each position is the one the eager scan has there, so every pick is the eager scan's. Most
 * candidates of a ranked pool never need a similarity: the first few are picked on relevance.
 *
 * The candidates' vectors are held as their nonzero entries (hashed vectors set about 1 in 8; each
 * vector's are found once and kept with it). A similarity takes its terms in dimension order and
 * skips only products with a zero factor, so it is the dense dot product's, bit for bit. Vectors of
 * different lengths (another embedder's) are not compared.
 */
export function diversify(
  ranked: RecallHit[],
  vectors: Map<string, Float32Array>,
  k: number,
  diversity: number,
  stats?: DiversifyStats,
): RecallHit[] {
  if (diversity <= 0 || ranked.length <= 1) return ranked.slice(0, k);
  const lambda = 1 - diversity;
  const mu = 1 - lambda;
  const top = ranked[0]!.score || 1;
  const n = ranked.length;
  const relevance = new Float64Array(n);
  for (let i = 0; i < n; i++) relevance[i] = lambda * (ranked[i]!.score / top);
  const maxSim = new Float64Array(n);
  // How many of the picks with a vector each candidate's maxSim has taken in.
  const seen = new Int32Array(n);
  const taken = new Uint8Array(n);
  // The picks that have a vector, in order: what the candidates' maxSims are brought up to.
  const pickRows: Float32Array[] = [];
  const pickEntries: Entries[] = [];
  let similarities = 0;
  const picked: RecallHit[] = [];
  const want = Math.min(k, n);
  while (picked.length < want) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (taken[i] === 1) continue;
      // Its value can only be lower than this bound: it cannot beat the best found so far.
      if (best >= 0 && relevance[i]! - mu * maxSim[i]! <= bestValue) continue;
      if (best < 0) best = i;
      if (seen[i]! < pickRows.length) {
        const v = vectors.get(ranked[i]!.id);
        if (v) {
          const e = entries(v);
          let m = maxSim[i]!;
          for (let p = seen[i]!; p < pickRows.length; p++) {
            if (pickRows[p]!.length !== v.length) continue;
            const dot = dotOf(e, pickEntries[p]!);
            similarities++;
            if (dot > m) m = dot;
          }
          maxSim[i] = m;
        }
        seen[i] = pickRows.length;
      }
      const score = relevance[i]! - mu * maxSim[i]!;
      if (score > bestValue) {
        bestValue = score;
        best = i;
      }
    }
    taken[best] = 1;
    picked.push(ranked[best]!);
    const v = vectors.get(ranked[best]!.id);
    if (v) {
      pickRows.push(v);
      pickEntries.push(entries(v));
    }
  }
  if (stats) stats.similarities += similarities;
  return picked;
}
