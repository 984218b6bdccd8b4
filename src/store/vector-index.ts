/**
 * The stores' in-process vector index: exact cosine search, kept in memory per (layer,
 * dimension, namespace) as an inverted index over nonzero dimensions. A query only touches the
 * postings of its own nonzero dimensions, so sparse vectors (the hashed n-gram embedder sets a
 * few dozen of 384 dimensions) cost a fraction of a full scan; a dense embedder degenerates to a
 * full scan over contiguous arrays, which is what sqlite-vec's exact search does too.
 *
 * The store's `vectors` table stays the source of truth. SQLite keeps the index current for its
 * own writes and reconciles it when another process commits (`PRAGMA data_version`); PostgreSQL
 * without pgvector replays the change log its triggers write (postgres/vector-cache.ts).
 *
 *   const index = new VectorIndex();
 *   index.put("b", 7, 12, "default", vector);           // vectors-table rowid 12
 *   index.setStatus("b", 7, "active");
 *   index.search("b", query, ["default"], "active", 10); // [{ rowid: 7, score: 0.83 }, …]
 */

export type VectorLayer = "b" | "e";

/** `active`: only rows whose status is active; `live`: every status but forgotten. */
export type StatusScope = "active" | "live";

export interface VectorHit {
  /** Rowid of the belief or episode. */
  rowid: number;
  /** Cosine similarity. */
  score: number;
}

const STATUS_UNKNOWN = 0;
const STATUS_ACTIVE = 1;
const STATUS_FORGOTTEN = 2;

/** Status codes: small integers in a byte array indexed by rowid. Unknown rows count as active. */
class StatusTable {
  private codes = new Uint8Array(1024);
  private readonly byName = new Map<string, number>([
    ["active", STATUS_ACTIVE],
    ["forgotten", STATUS_FORGOTTEN],
  ]);

  code(status: string): number {
    let c = this.byName.get(status);
    if (c === undefined) {
      c = this.byName.size + 1;
      if (c > 255) throw new Error("too many distinct statuses");
      this.byName.set(status, c);
    }
    return c;
  }

  set(rowid: number, status: string): void {
    if (rowid >= this.codes.length) {
      let n = this.codes.length;
      while (n <= rowid) n *= 2;
      const grown = new Uint8Array(n);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[rowid] = this.code(status);
  }

  clear(): void {
    this.codes.fill(STATUS_UNKNOWN);
  }

  /** True when the row passes the scope. */
  passes(rowid: number, scope: StatusScope): boolean {
    const c = rowid < this.codes.length ? this.codes[rowid]! : STATUS_UNKNOWN;
    return scope === "active" ? c === STATUS_ACTIVE || c === STATUS_UNKNOWN : c !== STATUS_FORGOTTEN;
  }
}

/** One (layer, dimension, namespace): slots of rows, with a posting list per dimension. */
class Partition {
  readonly dim: number;
  /** Slots used (live and dead). */
  size = 0;
  dead = 0;
  rowids = new Float64Array(64);
  alive = new Uint8Array(64);
  invNorm = new Float64Array(64);
  readonly postSlot: Int32Array[];
  readonly postVal: Float32Array[];
  readonly postLen: Int32Array;

  constructor(dim: number) {
    this.dim = dim;
    this.postSlot = Array.from({ length: dim }, () => new Int32Array(8));
    this.postVal = Array.from({ length: dim }, () => new Float32Array(8));
    this.postLen = new Int32Array(dim);
  }

  get live(): number {
    return this.size - this.dead;
  }

  add(rowid: number, vector: Float32Array): number {
    if (this.size === this.rowids.length) {
      const n = this.size * 2;
      const rowids = new Float64Array(n);
      rowids.set(this.rowids);
      this.rowids = rowids;
      const alive = new Uint8Array(n);
      alive.set(this.alive);
      this.alive = alive;
      const invNorm = new Float64Array(n);
      invNorm.set(this.invNorm);
      this.invNorm = invNorm;
    }
    const slot = this.size++;
    this.rowids[slot] = rowid;
    this.alive[slot] = 1;
    let norm = 0;
    for (let d = 0; d < this.dim; d++) {
      const v = vector[d]!;
      if (v === 0) continue;
      norm += v * v;
      this.push(d, slot, v);
    }
    this.invNorm[slot] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    return slot;
  }

  private push(d: number, slot: number, v: number): void {
    const len = this.postLen[d]!;
    if (len === this.postSlot[d]!.length) {
      const slots = new Int32Array(len * 2);
      slots.set(this.postSlot[d]!);
      this.postSlot[d] = slots;
      const vals = new Float32Array(len * 2);
      vals.set(this.postVal[d]!);
      this.postVal[d] = vals;
    }
    this.postSlot[d]![len] = slot;
    this.postVal[d]![len] = v;
    this.postLen[d] = len + 1;
  }

  remove(slot: number): void {
    if (!this.alive[slot]) return;
    this.alive[slot] = 0;
    this.dead++;
  }

  /**
   * A new partition holding the live slots that `keep` accepts, in slot order, with their postings
   * and norms copied as they are (so every score over it is the same as over this one).
   */
  derive(keep: (rowid: number) => boolean): { part: Partition; slotOf: Map<number, number> } {
    const part = new Partition(this.dim);
    const remap = new Int32Array(this.size).fill(-1);
    const slotOf = new Map<number, number>();
    const n = this.size;
    part.rowids = new Float64Array(Math.max(64, n));
    part.alive = new Uint8Array(Math.max(64, n));
    part.invNorm = new Float64Array(Math.max(64, n));
    for (let s = 0; s < n; s++) {
      if (!this.alive[s] || !keep(this.rowids[s]!)) continue;
      const a = part.size++;
      remap[s] = a;
      part.rowids[a] = this.rowids[s]!;
      part.invNorm[a] = this.invNorm[s]!;
      part.alive[a] = 1;
      slotOf.set(this.rowids[s]!, a);
    }
    for (let d = 0; d < this.dim; d++) {
      const slots = this.postSlot[d]!;
      const vals = this.postVal[d]!;
      const len = this.postLen[d]!;
      let count = 0;
      for (let i = 0; i < len; i++) if (remap[slots[i]!]! >= 0) count++;
      const ps = new Int32Array(Math.max(8, count));
      const pv = new Float32Array(Math.max(8, count));
      let w = 0;
      for (let i = 0; i < len; i++) {
        const a = remap[slots[i]!]!;
        if (a < 0) continue;
        ps[w] = a;
        pv[w] = vals[i]!;
        w++;
      }
      part.postSlot[d] = ps;
      part.postVal[d] = pv;
      part.postLen[d] = w;
    }
    return { part, slotOf };
  }

  /** Drops dead slots from every posting list; returns the old slot → new slot map (-1: dropped). */
  compact(): Int32Array {
    const remap = new Int32Array(this.size).fill(-1);
    let next = 0;
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      remap[s] = next;
      this.rowids[next] = this.rowids[s]!;
      this.invNorm[next] = this.invNorm[s]!;
      this.alive[next] = 1;
      next++;
    }
    this.alive.fill(0, next, this.size);
    for (let d = 0; d < this.dim; d++) {
      const slots = this.postSlot[d]!;
      const vals = this.postVal[d]!;
      const len = this.postLen[d]!;
      let w = 0;
      for (let i = 0; i < len; i++) {
        const to = remap[slots[i]!]!;
        if (to < 0) continue;
        slots[w] = to;
        vals[w] = vals[i]!;
        w++;
      }
      this.postLen[d] = w;
    }
    this.size = next;
    this.dead = 0;
    return remap;
  }
}

interface Entry {
  /** Rowid of the row in the `vectors` table that this entry mirrors. */
  vrow: number;
  part: Partition;
  slot: number;
  namespace: string;
}

/**
 * The active rows of a partition, as a partition of their own: an `active` search (the write gate,
 * current recall) visits only them, however many archived and retired rows the store keeps. Kept
 * current as rows are added and leave `active`; a row that becomes active again (restore), or a
 * reload of every status, marks it dirty, and the next search derives it afresh.
 */
interface ActiveView {
  part: Partition;
  /** Belief/episode rowid → slot in `part`. */
  slotOf: Map<number, number>;
  dirty: boolean;
}

class Layer {
  readonly statuses = new StatusTable();
  /** By belief/episode rowid. */
  readonly entries = new Map<number, Entry>();
  readonly partitions = new Map<string, Partition>();
  readonly views = new Map<Partition, ActiveView>();

  /** The active view of `part`, derived when missing or dirty. */
  view(part: Partition): ActiveView {
    let v = this.views.get(part);
    if (!v || v.dirty) {
      const { part: derived, slotOf } = part.derive((rowid) => this.statuses.passes(rowid, "active"));
      v = { part: derived, slotOf, dirty: false };
      this.views.set(part, v);
    }
    return v;
  }

  /** Drops a row from its partition's active view, if the view holds it. */
  leaveView(entry: Entry, rowid: number): void {
    const v = this.views.get(entry.part);
    if (!v || v.dirty) return;
    const slot = v.slotOf.get(rowid);
    if (slot === undefined) return;
    v.slotOf.delete(rowid);
    v.part.remove(slot);
    if (v.part.dead > 64 && v.part.dead * 4 > v.part.size) {
      const remap = v.part.compact();
      for (const [r, s] of v.slotOf) v.slotOf.set(r, remap[s]!);
    }
  }

  partition(dim: number, namespace: string, create: boolean): Partition | undefined {
    const key = `${dim}\u0000${namespace}`;
    let p = this.partitions.get(key);
    if (!p && create) {
      p = new Partition(dim);
      this.partitions.set(key, p);
    }
    return p;
  }
}

/** A bounded selection of the best `limit` hits: score descending, then rowid ascending. */
class TopK {
  private readonly scores: Float64Array;
  private readonly rowids: Float64Array;
  private n = 0;
  constructor(private readonly limit: number) {
    this.scores = new Float64Array(limit);
    this.rowids = new Float64Array(limit);
  }

  /** a is worse than b. */
  private worse(sa: number, ra: number, sb: number, rb: number): boolean {
    return sa < sb || (sa === sb && ra > rb);
  }

  /** The lowest score still kept once full (a lower score cannot enter); -Infinity until then. */
  floor = Number.NEGATIVE_INFINITY;

  offer(score: number, rowid: number): void {
    if (this.limit === 0) return;
    if (this.n < this.limit) {
      // Sift up in a min-heap of "worst first".
      let i = this.n++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.worse(score, rowid, this.scores[p]!, this.rowids[p]!)) break;
        this.scores[i] = this.scores[p]!;
        this.rowids[i] = this.rowids[p]!;
        i = p;
      }
      this.scores[i] = score;
      this.rowids[i] = rowid;
      if (this.n === this.limit) this.floor = this.scores[0]!;
      return;
    }
    if (!this.worse(this.scores[0]!, this.rowids[0]!, score, rowid)) return;
    // Replace the root and sift down.
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.n) break;
      const r = l + 1;
      const c =
        r < this.n && this.worse(this.scores[r]!, this.rowids[r]!, this.scores[l]!, this.rowids[l]!) ? r : l;
      if (!this.worse(this.scores[c]!, this.rowids[c]!, score, rowid)) break;
      this.scores[i] = this.scores[c]!;
      this.rowids[i] = this.rowids[c]!;
      i = c;
    }
    this.scores[i] = score;
    this.rowids[i] = rowid;
    this.floor = this.scores[0]!;
  }

  sorted(): VectorHit[] {
    const out: VectorHit[] = [];
    for (let i = 0; i < this.n; i++) out.push({ rowid: this.rowids[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.rowid - b.rowid);
  }
}

/**
 * The `limit` most similar of `rows` by exact cosine, with the same arithmetic, order and ties as
 * `VectorIndex.search`, without keeping anything: for a process that searches once or twice (a
 * CLI call, a hook), reading the rows is cheaper than building the index. The caller passes only
 * rows that pass the search's namespace, dimension and status scope.
 */
export function scanVectors(
  query: Float32Array,
  rows: Iterable<{ rowid: number; vector: Float32Array }>,
  limit: number,
): VectorHit[] {
  let qnorm = 0;
  for (let d = 0; d < query.length; d++) qnorm += query[d]! * query[d]!;
  const qinv = qnorm > 0 ? 1 / Math.sqrt(qnorm) : 0;
  const dims: number[] = [];
  for (let d = 0; d < query.length; d++) if (query[d] !== 0) dims.push(d);
  const top = new TopK(Math.max(0, limit));
  for (const { rowid, vector } of rows) {
    if (vector.length !== query.length) continue;
    let norm = 0;
    for (let d = 0; d < vector.length; d++) {
      const v = vector[d]!;
      if (v !== 0) norm += v * v;
    }
    let dot = 0;
    for (const d of dims) {
      const v = vector[d]!;
      if (v !== 0) dot += v * query[d]!;
    }
    top.offer(dot * (norm > 0 ? 1 / Math.sqrt(norm) : 0) * qinv, rowid);
  }
  return top.sorted();
}

export class VectorIndex {
  private readonly layers: Record<VectorLayer, Layer> = { b: new Layer(), e: new Layer() };
  private scratch = new Float64Array(0);

  /** Adds or replaces the vector of a row. `vrow` is its rowid in the `vectors` table. */
  put(layer: VectorLayer, rowid: number, vrow: number, namespace: string, vector: Float32Array): void {
    const l = this.layers[layer];
    this.remove(layer, rowid);
    const part = l.partition(vector.length, namespace, true)!;
    const slot = part.add(rowid, vector);
    l.entries.set(rowid, { vrow, part, slot, namespace });
    const v = l.views.get(part);
    if (v && !v.dirty && l.statuses.passes(rowid, "active")) v.slotOf.set(rowid, v.part.add(rowid, vector));
  }

  remove(layer: VectorLayer, rowid: number): void {
    const l = this.layers[layer];
    const e = l.entries.get(rowid);
    if (!e) return;
    l.leaveView(e, rowid);
    l.entries.delete(rowid);
    e.part.remove(e.slot);
    // Dead slots still cost a posting visit each: compact once they are a quarter of the partition.
    if (e.part.dead > 64 && e.part.dead * 4 > e.part.size) {
      const remap = e.part.compact();
      for (const other of l.entries.values()) if (other.part === e.part) other.slot = remap[other.slot]!;
    }
  }

  setStatus(layer: VectorLayer, rowid: number, status: string): void {
    const l = this.layers[layer];
    const was = l.statuses.passes(rowid, "active");
    l.statuses.set(rowid, status);
    const is = l.statuses.passes(rowid, "active");
    const e = l.entries.get(rowid);
    if (!e || was === is) return;
    if (!is) l.leaveView(e, rowid);
    else {
      // Back to active: the view needs the row's vector, which only the main partition's postings hold.
      const v = l.views.get(e.part);
      if (v) v.dirty = true;
    }
  }

  clearStatuses(layer: VectorLayer): void {
    const l = this.layers[layer];
    l.statuses.clear();
    for (const v of l.views.values()) v.dirty = true;
  }

  /** The `vectors` rowid the row's indexed vector mirrors, if it has one. */
  vrowOf(layer: VectorLayer, rowid: number): number | undefined {
    return this.layers[layer].entries.get(rowid)?.vrow;
  }

  /** Removes every row of the layer that `keep` does not hold (deleted from the table elsewhere). */
  retain(layer: VectorLayer, keep: ReadonlySet<number>): void {
    for (const rowid of [...this.layers[layer].entries.keys()])
      if (!keep.has(rowid)) this.remove(layer, rowid);
  }

  get size(): number {
    return this.layers.b.entries.size + this.layers.e.entries.size;
  }

  /**
   * The `limit` most similar rows by cosine over the namespaces, at the query's dimension,
   * score descending then rowid ascending: exactly what a full exact scan returns.
   */
  search(
    layer: VectorLayer,
    query: Float32Array,
    namespaces: readonly string[],
    scope: StatusScope,
    limit: number,
  ): VectorHit[] {
    const l = this.layers[layer];
    let qnorm = 0;
    for (let d = 0; d < query.length; d++) qnorm += query[d]! * query[d]!;
    const qinv = qnorm > 0 ? 1 / Math.sqrt(qnorm) : 0;
    const top = new TopK(Math.max(0, limit));
    for (const ns of new Set(namespaces)) {
      const main = l.partition(query.length, ns, false);
      if (!main || main.live === 0) continue;
      const part = scope === "active" ? l.view(main).part : main;
      if (part.live === 0) continue;
      if (this.scratch.length < part.size)
        this.scratch = new Float64Array(Math.max(part.size, this.scratch.length * 2));
      const acc = this.scratch;
      acc.fill(0, 0, part.size);
      for (let d = 0; d < query.length; d++) {
        const q = query[d]!;
        if (q === 0) continue;
        const slots = part.postSlot[d]!;
        const vals = part.postVal[d]!;
        const len = part.postLen[d]!;
        for (let i = 0; i < len; i++) {
          const s = slots[i]!;
          acc[s] = acc[s]! + vals[i]! * q;
        }
      }
      // Every live row is a candidate (an untouched row scores 0, above any negative one). A score
      // below the kept floor cannot enter, so most rows cost one comparison. The active view holds
      // only active rows (a row leaving `active` leaves it), so its statuses need no check.
      const checkStatus = part === main;
      const alive = part.alive;
      const invNorm = part.invNorm;
      const rowids = part.rowids;
      for (let s = 0; s < part.size; s++) {
        if (!alive[s]) continue;
        const score = acc[s]! * invNorm[s]! * qinv;
        if (score < top.floor) continue;
        const rowid = rowids[s]!;
        if (checkStatus && !l.statuses.passes(rowid, scope)) continue;
        top.offer(score, rowid);
      }
    }
    return top.sorted();
  }
}
