/**
 * Diversity for recall and context: maximal marginal relevance over the ranked candidates.
 */
import type { RecallHit } from "../model.js";

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

/** Scratch for the entries listed by dimension, grown when a call needs more (diversify is synchronous). */
let whoScratch = new Int32Array(0);
let weightScratch = new Float32Array(0);

/**
 * Maximal marginal relevance: trade a little score for not repeating what was already picked.
 * Each pick takes the first candidate, in ranked order, of the highest `λ · score/top − (1 − λ) ·
 * maxSim`, where maxSim is its highest similarity to anything picked so far.
 *
 * The candidates' vectors are held as their nonzero entries (hashed vectors set about 1 in 8; each
 * vector's are found once and kept with it) and, when they all have one length, also listed by
 * dimension, so a pick's similarities visit only the entries that share one of its own nonzero
 * dimensions. Each candidate's sum still takes its terms in dimension order and skips only
 * products with a zero factor, so every similarity is the dense dot product's, bit for bit.
 * Candidates stay in place (a flag marks the picked), and nothing is allocated per pick.
 */
export function diversify(
  ranked: RecallHit[],
  vectors: Map<string, Float32Array>,
  k: number,
  diversity: number,
): RecallHit[] {
  if (diversity <= 0 || ranked.length <= 1) return ranked.slice(0, k);
  const lambda = 1 - diversity;
  const mu = 1 - lambda;
  const top = ranked[0]!.score || 1;
  const n = ranked.length;
  const rows: (Float32Array | undefined)[] = new Array(n);
  const own: (Entries | undefined)[] = new Array(n);
  const relevance = new Float64Array(n);
  let nnz = 0;
  // One length for every vector (−1: none yet, −2: lengths differ).
  let shared = -1;
  for (let i = 0; i < n; i++) {
    relevance[i] = lambda * (ranked[i]!.score / top);
    const v = vectors.get(ranked[i]!.id);
    if (!v) continue;
    rows[i] = v;
    const e = entries(v);
    own[i] = e;
    nnz += e.index.length;
    shared = shared === -1 || shared === v.length ? v.length : -2;
  }
  const maxSim = new Float64Array(n);
  const dot = new Float64Array(n);
  const taken = new Uint8Array(n);
  // By dimension (one length only): dimension d's entries are who/weight[first[d] .. first[d + 1]).
  let first: Int32Array | null = null;
  if (shared > 0) {
    if (whoScratch.length < nnz) {
      whoScratch = new Int32Array(nnz);
      weightScratch = new Float32Array(nnz);
    }
    first = new Int32Array(shared + 1);
    for (let i = 0; i < n; i++) {
      const index = own[i]?.index;
      if (index) for (let e = 0; e < index.length; e++) first[index[e]! + 1]!++;
    }
    for (let d = 0; d < shared; d++) first[d + 1]! += first[d]!;
    const fill = first.slice(0, shared);
    for (let i = 0; i < n; i++) {
      const e = own[i];
      if (!e) continue;
      const { index, value } = e;
      for (let j = 0; j < index.length; j++) {
        const slot = fill[index[j]!]!++;
        whoScratch[slot] = i;
        weightScratch[slot] = value[j]!;
      }
    }
  }
  const who = whoScratch;
  const weight = weightScratch;
  const picked: RecallHit[] = [];
  const want = Math.min(k, n);
  while (picked.length < want) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (taken[i] === 1) continue;
      if (best < 0) best = i;
      const score = relevance[i]! - mu * maxSim[i]!;
      if (score > bestValue) {
        bestValue = score;
        best = i;
      }
    }
    taken[best] = 1;
    picked.push(ranked[best]!);
    const pick = own[best];
    // The last pick's similarities would decide nothing.
    if (!pick || picked.length === want) continue;
    if (first) {
      // The pick's nonzero dimensions in order: each candidate's sum gains its terms in that order.
      dot.fill(0);
      const { index, value } = pick;
      for (let e = 0; e < index.length; e++) {
        const d = index[e]!;
        const p = value[e]!;
        for (let s = first[d]!, end = first[d + 1]!; s < end; s++) dot[who[s]!]! += weight[s]! * p;
      }
      for (let i = 0; i < n; i++) if (taken[i] === 0 && dot[i]! > maxSim[i]!) maxSim[i] = dot[i]!;
      continue;
    }
    const pv = rows[best]!;
    const d = pv.length;
    for (let i = 0; i < n; i++) {
      const e = own[i];
      if (taken[i] === 1 || !e || rows[i]!.length !== d) continue;
      const { index, value } = e;
      let sum = 0;
      for (let j = 0; j < index.length; j++) sum += value[j]! * pv[index[j]!]!;
      if (sum > maxSim[i]!) maxSim[i] = sum;
    }
  }
  return picked;
}
