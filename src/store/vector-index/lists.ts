/**
 * The lists of the vector index's approximate search (IVF, inverted file lists): rows grouped by
 * their nearest of `nlist` centroids, so a search scores only the rows of the few lists nearest
 * the query. Spherical k-means in two levels: `f` coarse centroids, then up to `f` centroids
 * within each coarse one (`nlist` ≈ f², about √rows), trained on a sample chosen by a hash of the
 * rowid (never `Math.random`: the same rows give the same lists). Every row is then assigned
 * through the two levels (2f dot products each, not f²), straight from the posting lists.
 *
 *   const { lists, listOf } = trainLists(partition);   // listOf[slot]: its list, -1 when dead
 *   const order = probeOrder(lists, query, dims);        // lists by centroid score, best first
 *
 * Only which rows are looked at is approximate: the rows found are scored as the exact search
 * scores them (vector-index.ts).
 */

/** What the lists read of a partition: its posting lists (see vector-index.ts's `Partition`). */
export interface ListPostings {
  readonly dim: number;
  readonly size: number;
  readonly alive: Uint8Array;
  readonly rowids: Float64Array;
  readonly low: readonly Uint16Array[];
  readonly values: readonly (Float32Array | Int8Array)[];
  readonly blockEnd: readonly Int32Array[];
  readonly blocks: Int32Array;
  /** 1 / each slot's length. */
  readonly invNorm: Float64Array;
  /** int8: each slot's code step (a stored value times it is the component); empty for float32. */
  readonly scale: Float64Array;
}

export interface ListModel {
  nlist: number;
  /** Leaf centroids, unit length, dimension-major: list c's component d at `[d * nlist + c]`. */
  centroids: Float32Array;
}

/**
 * Slots per block of a posting list (its `low` holds 16 bits): also the span one search pass
 * accumulates. Here because the lists are laid out by block; vector-index.ts imports it.
 */
export const BLOCK = 0x10000;
/** Sampled rows per list for training. */
const SAMPLE_PER_LIST = 12;
/** At least this many sampled rows (every row of a smaller partition): a few lists need more than 12 rows each. */
const MIN_SAMPLE = 4_096;
const COARSE_ROUNDS = 6;
const FINE_ROUNDS = 4;
/** k-means stops early once fewer than 1 in this many members move in a round. */
const CONVERGED = 200;
/** Assignment skips components of the unit row below this (`TrainOptions.minComponent`). */
export const MIN_COMPONENT = 0.1;

/** How lists are trained (defaults: `fanOut(live)`, `MIN_COMPONENT`). */
export interface TrainOptions {
  /** Coarse centroids, and at most as many leaves under each before balancing. */
  fanOut?: number;
  /** Assignment reads only components at least this large in the unit row (0: every one). */
  minComponent?: number;
}

/** A 32-bit mix of a rowid (murmur3's finaliser): the sample's order, fixed by the rowid alone. */
export function rowHash(rowid: number): number {
  let h = (rowid >>> 0) ^ Math.floor(rowid / 2 ** 32);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Coarse fan-out for `live` rows: about 2 live^¼, so the leaves are about 4 √live (63 and 3,969 at 1M). */
export function fanOut(live: number): number {
  return Math.max(2, Math.min(64, Math.round(2 * live ** 0.25)));
}

/** Sparse rows, compressed: row r's dimensions `dims[start[r]…start[r+1])`, values beside them. */
interface SparseRows {
  start: Int32Array;
  dims: Uint16Array;
  vals: Float32Array;
}

/** Calls `visit(slot, value)` for each posting of dimension `d`, slots ascending. */
function eachPosting(p: ListPostings, d: number, visit: (slot: number, value: number) => void): void {
  const low = p.low[d]!;
  const values = p.values[d]!;
  const ends = p.blockEnd[d]!;
  let i = 0;
  for (let b = 0; b < p.blocks[d]!; b++)
    for (const end = ends[b]!, base = b * BLOCK; i < end; i++) visit(base + low[i]!, values[i]!);
}

/** The sampled live slots, in hash order, and their rows (unit length). */
function sample(p: ListPostings, live: number, want: number): { rows: SparseRows; n: number } {
  const cut = want >= live ? 2 ** 32 : Math.ceil((want / live) * 2 ** 32);
  const picked: number[] = [];
  for (let s = 0; s < p.size; s++) if (p.alive[s] && rowHash(p.rowids[s]!) < cut) picked.push(s);
  picked.sort((a, b) => rowHash(p.rowids[a]!) - rowHash(p.rowids[b]!) || p.rowids[a]! - p.rowids[b]!);
  const index = new Int32Array(p.size).fill(-1);
  picked.forEach((s, i) => {
    index[s] = i;
  });
  const n = picked.length;
  const start = new Int32Array(n + 1);
  for (let d = 0; d < p.dim; d++)
    eachPosting(p, d, (slot) => {
      const i = index[slot]!;
      if (i >= 0) start[i + 1]!++;
    });
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const dims = new Uint16Array(start[n]!);
  const vals = new Float32Array(start[n]!);
  for (let d = 0; d < p.dim; d++)
    eachPosting(p, d, (slot, value) => {
      const i = index[slot]!;
      if (i < 0) return;
      const at = fill[i]!++;
      dims[at] = d;
      vals[at] = value;
    });
  const rows = { start, dims, vals };
  for (let i = 0; i < n; i++) normalise(rows.vals, start[i]!, start[i + 1]!);
  return { rows, n };
}

function normalise(v: Float32Array, from: number, to: number): void {
  let norm = 0;
  for (let i = from; i < to; i++) norm += v[i]! * v[i]!;
  if (norm === 0) return;
  const inv = 1 / Math.sqrt(norm);
  for (let i = from; i < to; i++) v[i] = v[i]! * inv;
}

/**
 * Spherical k-means over `members` of `rows`: `k` unit centroids (row-major, `[c * dim + d]`),
 * seeded with the first `k` members (hash order), each member's nearest centroid in `nearest`.
 * A centroid left without members keeps its place.
 */
function kmeans(
  rows: SparseRows,
  members: readonly number[],
  k: number,
  dim: number,
  rounds: number,
): { centroids: Float32Array; nearest: Int32Array } {
  const { start, dims, vals } = rows;
  const centroids = new Float32Array(k * dim);
  for (let c = 0; c < k; c++) {
    const r = members[c]!;
    for (let i = start[r]!; i < start[r + 1]!; i++) centroids[c * dim + dims[i]!] = vals[i]!;
  }
  const nearest = new Int32Array(members.length);
  const sums = new Float64Array(k * dim);
  const counts = new Int32Array(k);
  for (let round = 0; round < rounds; round++) {
    let moved = 0;
    for (let m = 0; m < members.length; m++) {
      const r = members[m]!;
      let best = 0;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        let dot = 0;
        for (let i = start[r]!; i < start[r + 1]!; i++) dot += vals[i]! * centroids[c * dim + dims[i]!]!;
        if (dot > bestScore) {
          bestScore = dot;
          best = c;
        }
      }
      if (round === 0 || nearest[m] !== best) moved++;
      nearest[m] = best;
    }
    // Converged: (almost) no member changed its centroid, so another round would change little.
    if (round === rounds - 1 || moved * CONVERGED < members.length) break;
    sums.fill(0);
    counts.fill(0);
    for (let m = 0; m < members.length; m++) {
      const r = members[m]!;
      const c = nearest[m]!;
      counts[c]!++;
      for (let i = start[r]!; i < start[r + 1]!; i++) sums[c * dim + dims[i]!]! += vals[i]!;
    }
    for (let c = 0; c < k; c++) {
      if (counts[c] === 0) continue;
      let norm = 0;
      for (let d = 0; d < dim; d++) norm += sums[c * dim + d]! ** 2;
      const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < dim; d++) centroids[c * dim + d] = sums[c * dim + d]! * inv;
    }
  }
  return { centroids, nearest };
}

/**
 * Trains lists for a partition's live rows and assigns every live slot to one (`listOf`, -1 for
 * a dead slot). Deterministic: the same rows (same rowids, vectors) give the same lists.
 */
export function trainLists(p: ListPostings, o: TrainOptions = {}): { lists: ListModel; listOf: Int32Array } {
  const dim = p.dim;
  let live = 0;
  for (let s = 0; s < p.size; s++) live += p.alive[s]!;
  const f = o.fanOut ?? fanOut(live);
  const { rows, n } = sample(p, live, Math.max(MIN_SAMPLE, f * f * SAMPLE_PER_LIST));
  const all = Array.from({ length: n }, (_, i) => i);
  const k1 = Math.max(1, Math.min(f, n));
  const coarse = kmeans(rows, all, k1, dim, COARSE_ROUNDS);
  // The second level, within each coarse centroid that kept members.
  const groups: number[][] = Array.from({ length: k1 }, () => []);
  for (let m = 0; m < n; m++) groups[coarse.nearest[m]!]!.push(m);
  const kept = groups.map((g, c) => ({ g, c })).filter(({ g }) => g.length > 0);
  const k1Kept = Math.max(1, kept.length);
  const coarseT = new Float32Array(dim * k1Kept);
  const stride = f;
  const fine = new Float32Array(k1Kept * dim * stride);
  const fineCount = new Int32Array(k1Kept);
  const leafBase = new Int32Array(k1Kept + 1);
  kept.forEach(({ g, c }, kc) => {
    for (let d = 0; d < dim; d++) coarseT[d * k1Kept + kc] = coarse.centroids[c * dim + d]!;
    const k2 = Math.min(f, g.length);
    const sub = kmeans(rows, g, k2, dim, FINE_ROUNDS);
    fineCount[kc] = k2;
    for (let j = 0; j < k2; j++)
      for (let d = 0; d < dim; d++) fine[(kc * dim + d) * stride + j] = sub.centroids[j * dim + d]!;
    leafBase[kc + 1] = leafBase[kc]! + k2;
  });
  const nlist = Math.max(1, leafBase[kept.length]!);
  const centroids = new Float32Array(dim * nlist);
  for (let kc = 0; kc < kept.length; kc++)
    for (let j = 0; j < fineCount[kc]!; j++)
      for (let d = 0; d < dim; d++)
        centroids[d * nlist + leafBase[kc]! + j] = fine[(kc * dim + d) * stride + j]!;
  const listOf = assign(
    p,
    coarseT,
    k1Kept,
    fine,
    fineCount,
    stride,
    leafBase,
    o.minComponent ?? MIN_COMPONENT,
  );
  return { lists: { nlist, centroids }, listOf };
}

/**
 * Every live slot's list: its nearest coarse centroid, then the nearest leaf under it, scored
 * from the posting lists one block of slots at a time (the block's accumulators stay in cache).
 * Values are used as stored (an int8 code is its component over a positive per-row step, and a
 * row's length does not change which centroid is nearest).
 */
function assign(
  p: ListPostings,
  coarseT: Float32Array,
  k1: number,
  fine: Float32Array,
  fineCount: Int32Array,
  f: number,
  leafBase: Int32Array,
  minComponent: number,
): Int32Array {
  // A row's small components move its centroid scores little: a posting is read only when its
  // value reaches `keep[slot]` (stored units): `minComponent` of the unit row, or half the row's
  // largest component if that is smaller (a long row, all of whose components are small).
  const int8 = p.scale.length > 0;
  const keep = new Float64Array(BLOCK);
  const listOf = new Int32Array(p.size).fill(-1);
  const width = Math.max(k1, f);
  const acc = new Float32Array(BLOCK * width);
  const coarseOf = new Int32Array(BLOCK);
  for (let base = 0, b = 0; base < p.size; base += BLOCK, b++) {
    const end = Math.min(p.size, base + BLOCK);
    keep.fill(0);
    if (minComponent > 0) {
      for (let d = 0; d < p.dim; d++) {
        if (b >= p.blocks[d]!) continue;
        const low = p.low[d]!;
        const values = p.values[d]!;
        for (let i = b === 0 ? 0 : p.blockEnd[d]![b - 1]!, to = p.blockEnd[d]![b]!; i < to; i++)
          keep[low[i]!] = Math.max(keep[low[i]!]!, Math.abs(values[i]!));
      }
      for (let s = base; s < end; s++) {
        const unit = (int8 ? p.scale[s]! : 1) * p.invNorm[s]!;
        keep[s - base] = Math.min(unit > 0 ? minComponent / unit : 0, keep[s - base]! / 2);
      }
    }
    acc.fill(0, 0, (end - base) * width);
    for (let d = 0; d < p.dim; d++) {
      if (b >= p.blocks[d]!) continue;
      const low = p.low[d]!;
      const values = p.values[d]!;
      const to = p.blockEnd[d]![b]!;
      const row = d * k1;
      for (let i = b === 0 ? 0 : p.blockEnd[d]![b - 1]!; i < to; i++) {
        const v = values[i]!;
        if (Math.abs(v) < keep[low[i]!]!) continue;
        const at = low[i]! * width;
        for (let c = 0; c < k1; c++) acc[at + c] = acc[at + c]! + v * coarseT[row + c]!;
      }
    }
    for (let s = 0; s < end - base; s++) {
      let best = 0;
      for (let c = 1; c < k1; c++) if (acc[s * width + c]! > acc[s * width + best]!) best = c;
      coarseOf[s] = best;
    }
    acc.fill(0, 0, (end - base) * width);
    for (let d = 0; d < p.dim; d++) {
      if (b >= p.blocks[d]!) continue;
      const low = p.low[d]!;
      const values = p.values[d]!;
      const to = p.blockEnd[d]![b]!;
      for (let i = b === 0 ? 0 : p.blockEnd[d]![b - 1]!; i < to; i++) {
        const s = low[i]!;
        const v = values[i]!;
        if (Math.abs(v) < keep[s]!) continue;
        const at = s * width;
        const kc = coarseOf[s]!;
        const row = (kc * p.dim + d) * f;
        for (let j = 0, k2 = fineCount[kc]!; j < k2; j++) acc[at + j] = acc[at + j]! + v * fine[row + j]!;
      }
    }
    for (let s = 0; s < end - base; s++) {
      if (!p.alive[base + s]) continue;
      const kc = coarseOf[s]!;
      let best = 0;
      for (let j = 1, k2 = fineCount[kc]!; j < k2; j++)
        if (acc[s * width + j]! > acc[s * width + best]!) best = j;
      listOf[base + s] = leafBase[kc]! + best;
    }
  }
  return listOf;
}

/** Each list's centroid score for the query (higher is nearer). */
function listScores(lists: ListModel, query: Float32Array, dims: readonly number[]): Float64Array {
  const { nlist, centroids } = lists;
  const scores = new Float64Array(nlist);
  for (const d of dims) {
    const q = query[d]!;
    const row = d * nlist;
    for (let c = 0; c < nlist; c++) scores[c] = scores[c]! + q * centroids[row + c]!;
  }
  return scores;
}

/** `lists` by score descending, ties by the lower list. */
function byScore(scores: Float64Array, lists: Int32Array): Int32Array {
  return lists.sort((a, b) => scores[b]! - scores[a]! || a - b);
}

/** The lists in the order a search probes them: nearest centroid to the query first (ties: lower list). */
export function probeOrder(lists: ListModel, query: Float32Array, dims: readonly number[]): Int32Array {
  const scores = listScores(lists, query, dims);
  return byScore(
    scores,
    Int32Array.from({ length: lists.nlist }, (_, c) => c),
  );
}

/**
 * The lists a search probes: the nearest to the query first, until their rows (`bounds[c]…
 * bounds[c + 1]` are list c's slots) reach `budget`; at least the nearest list. So a search scores
 * about `budget` rows whatever the lists' sizes: crowded lists near a query cost more lists less.
 * Only the best-scoring lists are sorted (those at or above the score of the `want`-th best, a
 * few times the lists the budget needs on average), all of them if those fall short: the same
 * lists, in the same order, as walking `probeOrder`.
 */
export function probedLists(
  lists: ListModel,
  bounds: Int32Array,
  query: Float32Array,
  dims: readonly number[],
  budget: number,
): number[] {
  const { nlist } = lists;
  const scores = listScores(lists, query, dims);
  const mean = Math.max(1, bounds[nlist]! / nlist);
  const want = Math.ceil((3 * budget) / mean) + 8;
  let candidates: Int32Array;
  if (want >= nlist) candidates = Int32Array.from({ length: nlist }, (_, c) => c);
  else {
    const floor = Float64Array.from(scores).sort()[nlist - want]!;
    const picked: number[] = [];
    for (let c = 0; c < nlist; c++) if (scores[c]! >= floor) picked.push(c);
    candidates = Int32Array.from(picked);
  }
  for (let pass = 0; pass < 2; pass++) {
    const order = byScore(scores, candidates);
    const out: number[] = [];
    let rows = 0;
    for (let i = 0; i < order.length && (i === 0 || rows < budget); i++) {
      const c = order[i]!;
      out.push(c);
      rows += bounds[c + 1]! - bounds[c]!;
    }
    if (rows >= budget || order.length === nlist) return out;
    candidates = Int32Array.from({ length: nlist }, (_, c) => c);
  }
  throw new Error("unreachable: the second pass sorts every list");
}
