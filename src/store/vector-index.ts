/**
 * The stores' in-process vector index: exact cosine search, kept in memory per (layer,
 * dimension, namespace) as an inverted index over nonzero dimensions. A query only touches the
 * postings of its own nonzero dimensions, so sparse vectors (the hashed n-gram embedder sets a
 * few dozen of 384 dimensions) cost a fraction of a full scan; a dense embedder degenerates to a
 * full scan over contiguous arrays, which is what sqlite-vec's exact search does too.
 *
 * Postings are compact: a posting list holds the low 16 bits of its slots (two bytes each; the
 * high bits once per block of 65,536 slots, as the list is in slot order) and its values either
 * as they are (`float32`) or as one signed byte with a per-row scale (`int8`). An `int8` search keeps a bound on each row's quantisation error,
 * so it knows which rows could still reach the top `limit`; only those are scored again from
 * their stored vectors (`readExact`), with the same arithmetic as a full scan. Its hits and
 * scores are therefore exactly `float32`'s, never an approximation.
 *
 * A first build from the store goes through `load`, which lays each posting list out once at its
 * length (plus a sixteenth) instead of growing it by doubling.
 *
 * The store's `vectors` table stays the source of truth. SQLite keeps the index current for its
 * own writes and reconciles it when another process commits (`PRAGMA data_version`); PostgreSQL
 * without pgvector replays the change log its triggers write (postgres/vector-cache.ts).
 *
 *   const index = new VectorIndex();
 *   index.put("b", 7, 12, "default", vector);           // vectors-table rowid 12
 *   index.setStatus("b", 7, "active");
 *   index.search("b", query, ["default"], "active", 10); // [{ rowid: 7, score: 0.83 }, …]
 *
 *   const compact = new VectorIndex({ precision: "int8", readExact: (layer, rowids) => vectorsOf(layer, rowids) });
 */

import { RowTable, type RowTableState } from "./text-index/row-table.js";
import { collectBuffers } from "./transferable.js";
import { BLOCK, type ListModel, probedLists, trainLists } from "./vector-index/lists.js";

export type VectorLayer = "b" | "e";

/** `active`: only rows whose status is active; `live`: every status but forgotten. */
export type StatusScope = "active" | "live";

export interface VectorHit {
  /** Rowid of the belief or episode. */
  rowid: number;
  /** Cosine similarity. */
  score: number;
}

export interface VectorIndexOptions {
  /**
   * `float32` keeps every nonzero component as stored and scores straight from the index;
   * `int8` keeps one byte per component (with a scale per row) and re-scores the rows its error
   * bound cannot rule out from their stored vectors through `readExact`. Same hits and scores
   * either way. Default `float32`.
   */
  precision?: "float32" | "int8";
  /**
   * `int8`: the stored vectors of these rows (a row missing from the answer is skipped). `vrows`
   * are their `vectors`-table rowids (as given to `put`), in the same order, for a read by key.
   */
  readExact?: (
    layer: VectorLayer,
    rowids: readonly number[],
    vrows: readonly number[],
  ) => Map<number, Float32Array>;
  /**
   * Which rows a search looks at. `exact` (default): every row of the namespaces, so the hits are
   * the exact top `limit`. `approximate`: in a partition (one layer, dimension and namespace) of
   * at least `APPROXIMATE_MIN_ROWS` rows searched, only the rows of the lists whose centroids are
   * nearest the query (see `probes`) and the rows added since the lists were trained; the rows
   * found are scored exactly, so a hit's score is its exact score, but a row of an unprobed list
   * can be missed. `auto`: approximate where the rows searched are at least `approximateFrom`,
   * exact below (so a smaller store's results are exactly `exact`'s).
   */
  search?: VectorSearchMode;
  /** `auto`: rows searched in one partition from which the search is approximate. Default `APPROXIMATE_FROM`. */
  approximateFrom?: number;
  /**
   * Share of the rows laid out in lists that an approximate search scores: its nearest lists until
   * their rows reach it (at least one list, and rows for 8 × `limit`), plus the tail. Default `PROBE_ROWS`.
   */
  probes?: number;
}

export type VectorSearchMode = "exact" | "approximate" | "auto";

/**
 * `auto`: searched rows from which a search is approximate. At 1M all-active beliefs, scoring
 * `PROBE_ROWS` of the rows finds 0.99 of the exact top 10 and 0.97 of the top 50 (docs/benchmarks.md,
 * "Read side, tenth pass"); below this, exact search is cheap enough (≤ ~25 ms at 200k) to keep.
 */
export const APPROXIMATE_FROM = 200_000;
/** Fewer rows than this are always searched exactly (lists of a few rows save nothing). */
export const APPROXIMATE_MIN_ROWS = 1_024;
/** Default share of the rows an approximate search scores (its nearest lists until their rows reach it). */
export const PROBE_ROWS = 0.03;
/** Lists are trained again when the rows added since (the tail every search scans) pass this share of the rows laid out. */
export const RETRAIN_SHARE = 1 / 4;

const STATUS_UNKNOWN = 0;
const STATUS_ACTIVE = 1;
const STATUS_FORGOTTEN = 2;

/** Rowids a far page of status codes holds (a power of two). */
const STATUS_PAGE = 64;

/**
 * Status codes: small integers in a byte array indexed by rowid, as long as rowids stay near the
 * rows known (up to about twice their count, as `RowTable`); a rowid far past them (an imported
 * `e1000000000`, and the store's sequence after it) goes to a page of `STATUS_PAGE` codes kept by
 * page, so no rowid allocates the span below it. Unknown rows count as active. The search reads
 * a code per row it keeps, so the array read stays the common case.
 */
class StatusTable {
  private codes = new Uint8Array(1024);
  /** Codes of rowids past `codes`, by `rowid % STATUS_PAGE`, in pages by `floor(rowid / STATUS_PAGE)`. */
  private far = new Map<number, Uint8Array>();
  /** Rowids with a code (the array grows while rowids stay below about twice this). */
  private known = 0;
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
    const c = this.code(status);
    if (rowid >= this.codes.length && rowid < 2 * this.known + 1024) this.grow(rowid);
    if (rowid < this.codes.length) {
      if (this.codes[rowid] === STATUS_UNKNOWN) this.known++;
      this.codes[rowid] = c;
      return;
    }
    const key = Math.floor(rowid / STATUS_PAGE);
    let page = this.far.get(key);
    if (page === undefined) {
      page = new Uint8Array(STATUS_PAGE);
      this.far.set(key, page);
    }
    if (page[rowid % STATUS_PAGE] === STATUS_UNKNOWN) this.known++;
    page[rowid % STATUS_PAGE] = c;
  }

  /** Extends the array past `rowid` (doubling), moving the pages' codes it now covers. */
  private grow(rowid: number): void {
    let n = this.codes.length;
    while (n <= rowid) n *= 2;
    this.codes = resize(this.codes, n);
    for (const [key, page] of this.far) {
      if (key * STATUS_PAGE >= n) continue;
      for (let i = 0; i < STATUS_PAGE; i++)
        if (page[i] !== STATUS_UNKNOWN) this.codes[key * STATUS_PAGE + i] = page[i]!;
      this.far.delete(key);
    }
  }

  bytes(): number {
    return this.codes.byteLength + this.far.size * STATUS_PAGE;
  }

  clear(): void {
    this.codes.fill(STATUS_UNKNOWN);
    this.far.clear();
    this.known = 0;
  }

  /** Its codes and names, for `VectorIndex.toTransferable`. */
  exported(): StatusTableState {
    const far: [number, number][] = [];
    for (const [key, page] of this.far)
      for (let i = 0; i < STATUS_PAGE; i++)
        if (page[i] !== STATUS_UNKNOWN) far.push([key * STATUS_PAGE + i, page[i]!]);
    return { codes: this.codes, far, known: this.known, names: [...this.byName] };
  }

  /** Takes over exported codes and names (`VectorIndex.fromTransferable`). */
  adopt(state: StatusTableState): void {
    this.codes = state.codes;
    this.far = new Map();
    for (const [rowid, c] of state.far) {
      const key = Math.floor(rowid / STATUS_PAGE);
      let page = this.far.get(key);
      if (page === undefined) {
        page = new Uint8Array(STATUS_PAGE);
        this.far.set(key, page);
      }
      page[rowid % STATUS_PAGE] = c;
    }
    this.known = state.known;
    this.byName.clear();
    for (const [name, code] of state.names) this.byName.set(name, code);
  }

  /** True when the row passes the scope. */
  passes(rowid: number, scope: StatusScope): boolean {
    const c = rowid < this.codes.length ? this.codes[rowid]! : this.farCode(rowid);
    return scope === "active" ? c === STATUS_ACTIVE || c === STATUS_UNKNOWN : c !== STATUS_FORGOTTEN;
  }

  private farCode(rowid: number): number {
    const page = this.far.get(Math.floor(rowid / STATUS_PAGE));
    return page === undefined ? STATUS_UNKNOWN : page[rowid % STATUS_PAGE]!;
  }
}

interface StatusTableState {
  codes: Uint8Array<ArrayBuffer>;
  far: [number, number][];
  known: number;
  names: [string, number][];
}

/** A posting list's values: the components themselves, or their int8 codes. */
type Values = Float32Array | Int8Array;

/**
 * One (layer, dimension, namespace): slots of rows, with a posting list per dimension. A list
 * holds its slots in ascending order: their low 16 bits (`low`) beside their values (`values`),
 * `count` used, and per block of 65,536 slots the end of its postings (`blockEnd`, `blocks` used).
 */
class Partition {
  readonly dim: number;
  readonly int8: boolean;
  /** Its place in its layer's `partitionList`. */
  readonly id: number;
  /** Slots used (live and dead). */
  size = 0;
  dead = 0;
  rowids = new Float64Array(64);
  alive = new Uint8Array(64);
  invNorm = new Float64Array(64);
  /** int8: the value of one code step, per slot (max |component| / 127). */
  scale: Float64Array;
  /**
   * int8: the row's largest rounding error, per slot, in 510ths of a step rounded up (1…255): no
   * component of the row is further than `err[s] / 510` steps from its code (see `ERROR_STEPS`).
   */
  err: Uint8Array;
  readonly low: Uint16Array[];
  readonly blockEnd: Int32Array[];
  readonly blocks: Int32Array;
  readonly values: Values[];
  readonly count: Int32Array;
  /** While the index loads in bulk: the postings as they come, laid out at the end (`settle`). */
  staged: Staging | null = null;
  /**
   * The approximate search's lists, once trained (`layOut`): list c's rows are the slots
   * `bounds[c]…bounds[c + 1]`; slots from `bounds[nlist]` on were added since (the tail, which
   * every approximate search scans whole).
   */
  lists: PartitionLists | null = null;

  constructor(dim: number, int8: boolean, id: number) {
    this.dim = dim;
    this.int8 = int8;
    this.id = id;
    this.scale = new Float64Array(int8 ? 64 : 0);
    this.err = new Uint8Array(int8 ? 64 : 0);
    this.low = Array.from({ length: dim }, () => new Uint16Array(8));
    this.blockEnd = Array.from({ length: dim }, () => new Int32Array(1));
    this.blocks = new Int32Array(dim);
    this.values = Array.from({ length: dim }, () => (int8 ? new Int8Array(8) : new Float32Array(8)));
    this.count = new Int32Array(dim);
  }

  get live(): number {
    return this.size - this.dead;
  }

  private growRows(n: number): void {
    this.rowids = resize(this.rowids, n);
    this.alive = resize(this.alive, n);
    this.invNorm = resize(this.invNorm, n);
    if (this.int8) {
      this.scale = resize(this.scale, n);
      this.err = resize(this.err, n);
    }
  }

  add(rowid: number, vector: Float32Array): number {
    if (this.size === this.rowids.length) this.growRows(this.size * 2);
    const slot = this.size++;
    this.rowids[slot] = rowid;
    this.alive[slot] = 1;
    let norm = 0;
    let max = 0;
    for (let d = 0; d < this.dim; d++) {
      const v = vector[d]!;
      if (v === 0) continue;
      norm += v * v;
      if (Math.abs(v) > max) max = Math.abs(v);
    }
    this.invNorm[slot] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const step = max / 127;
    if (this.int8) {
      this.scale[slot] = step;
      this.err[slot] = roundingError(vector, this.dim, step);
    }
    // Every nonzero component is posted, even one whose code rounds to 0: the posting is what
    // tells a search the row shares the dimension (and so owes it an error bound).
    const staged = this.staged;
    for (let d = 0; d < this.dim; d++) {
      const v = vector[d]!;
      if (v === 0) continue;
      const value = this.int8 ? Math.round(v / step) : v;
      if (staged) {
        staged.add(d, value);
        this.count[d]!++;
      } else this.push(d, slot, value);
    }
    staged?.endRow(slot);
    return slot;
  }

  /**
   * Ends a bulk load: every posting list allocated once at its length plus a sixteenth (room for
   * later writes), filled from the staged postings in slot order, so the lists are what `push`
   * would have built, without the room and the garbage of growing each list by doubling.
   */
  settle(): void {
    const staged = this.staged;
    if (!staged) return;
    this.staged = null;
    const blocks = Math.max(1, Math.ceil(this.size / BLOCK));
    for (let d = 0; d < this.dim; d++) {
      const n = this.count[d]!;
      const room = n + (n >> 4) + 8;
      this.low[d] = new Uint16Array(room);
      this.values[d] = this.int8 ? new Int8Array(room) : new Float32Array(room);
      this.blockEnd[d] = new Int32Array(n > 0 ? blocks : 1);
      this.count[d] = 0;
      this.blocks[d] = 0;
    }
    staged.replay((d, slot, value) => this.push(d, slot, value));
  }

  push(d: number, slot: number, value: number): void {
    const n = this.count[d]!;
    if (n === this.values[d]!.length) {
      // Doubling while short; a long list grows by a quarter (less room left over at a million rows).
      const grown = n < 4096 ? Math.max(8, n * 2) : n + (n >> 2);
      this.values[d] = resize(this.values[d]!, grown);
      this.low[d] = resize(this.low[d]!, grown);
    }
    this.values[d]![n] = value;
    this.low[d]![n] = slot & 0xffff;
    this.count[d] = n + 1;
    const block = slot >>> 16;
    if (block >= this.blockEnd[d]!.length) this.blockEnd[d] = resize(this.blockEnd[d]!, block + 1);
    const ends = this.blockEnd[d]!;
    // Blocks this list skipped end where the previous one did.
    for (let b = this.blocks[d]!; b < block; b++) ends[b] = n;
    ends[block] = n + 1;
    this.blocks[d] = block + 1;
  }

  /** The slots of dimension `d`'s posting list, in order. */
  slotsOf(d: number): Int32Array {
    this.settle();
    const out = new Int32Array(this.count[d]!);
    const low = this.low[d]!;
    const ends = this.blockEnd[d]!;
    let i = 0;
    for (let b = 0; b < this.blocks[d]!; b++)
      for (const end = ends[b]!, base = b * 0x10000; i < end; i++) out[i] = base + low[i]!;
    return out;
  }

  remove(slot: number): void {
    if (!this.alive[slot]) return;
    this.alive[slot] = 0;
    this.dead++;
  }

  /**
   * A new partition holding the live slots that `keep` accepts, in slot order, with their values,
   * norms and scales copied as they are (so every score over it is the same as over this one);
   * `onSlot` hears each kept row's new slot.
   */
  derive(keep: (rowid: number) => boolean, onSlot: (rowid: number, slot: number) => void): Partition {
    this.settle();
    const part = new Partition(this.dim, this.int8, this.id);
    const remap = new Int32Array(this.size).fill(-1);
    part.growRows(Math.max(64, this.live));
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s] || !keep(this.rowids[s]!)) continue;
      const a = part.size++;
      remap[s] = a;
      part.rowids[a] = this.rowids[s]!;
      part.invNorm[a] = this.invNorm[s]!;
      if (this.int8) {
        part.scale[a] = this.scale[s]!;
        part.err[a] = this.err[s]!;
      }
      part.alive[a] = 1;
      onSlot(this.rowids[s]!, a);
    }
    this.repost(part, remap);
    part.lists = this.lists && { model: this.lists.model, bounds: carryBounds(this.lists.bounds, remap) };
    part.trim();
    return part;
  }

  /** Drops dead slots from every posting list; returns the old slot → new slot map (-1: dropped). */
  compact(): Int32Array {
    this.settle();
    const remap = new Int32Array(this.size).fill(-1);
    let next = 0;
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      remap[s] = next;
      this.rowids[next] = this.rowids[s]!;
      this.invNorm[next] = this.invNorm[s]!;
      if (this.int8) {
        this.scale[next] = this.scale[s]!;
        this.err[next] = this.err[s]!;
      }
      this.alive[next] = 1;
      next++;
    }
    this.alive.fill(0, next, this.size);
    if (this.lists) this.lists = { model: this.lists.model, bounds: carryBounds(this.lists.bounds, remap) };
    this.size = next;
    this.dead = 0;
    this.repost(this, remap);
    return remap;
  }

  /**
   * Lays the live rows out list by list (`listOf[slot]`: its list, -1 when dead), each list's rows
   * in their old order, dropping dead slots; returns the old slot → new slot map (-1: dropped).
   * Every row keeps its values, norm and scale, and every posting list its values: only the slots
   * move, so every score is what it was.
   */
  layOut(listOf: Int32Array, model: ListModel): Int32Array {
    this.settle();
    const nlist = model.nlist;
    const bounds = new Int32Array(nlist + 1);
    for (let s = 0; s < this.size; s++) if (this.alive[s]) bounds[listOf[s]! + 1]!++;
    for (let c = 0; c < nlist; c++) bounds[c + 1]! += bounds[c]!;
    const next = bounds.slice(0, nlist);
    const remap = new Int32Array(this.size).fill(-1);
    for (let s = 0; s < this.size; s++) if (this.alive[s]) remap[s] = next[listOf[s]!]!++;
    const live = bounds[nlist]!;
    const rowids = new Float64Array(Math.max(64, live));
    const invNorm = new Float64Array(rowids.length);
    const scale = new Float64Array(this.int8 ? rowids.length : 0);
    const err = new Uint8Array(this.int8 ? rowids.length : 0);
    for (let s = 0; s < this.size; s++) {
      const to = remap[s]!;
      if (to < 0) continue;
      rowids[to] = this.rowids[s]!;
      invNorm[to] = this.invNorm[s]!;
      if (this.int8) {
        scale[to] = this.scale[s]!;
        err[to] = this.err[s]!;
      }
    }
    this.rowids = rowids;
    this.invNorm = invNorm;
    this.scale = scale;
    this.err = err;
    this.alive = new Uint8Array(rowids.length).fill(1, 0, live);
    this.size = live;
    this.dead = 0;
    // Each posting list in list order: a counting sort by the list of its slot, stable, so each
    // list's postings stay in old-slot order, which is new-slot order.
    const perList = new Int32Array(nlist + 1);
    for (let d = 0; d < this.dim; d++) {
      const slots = this.slotsOf(d);
      const values = this.values[d]!;
      perList.fill(0);
      for (const s of slots) if (remap[s]! >= 0) perList[listOf[s]! + 1]!++;
      for (let c = 0; c < nlist; c++) perList[c + 1]! += perList[c]!;
      const n = perList[nlist]!;
      const newSlots = new Int32Array(n);
      const newValues = this.int8 ? new Int8Array(n) : new Float32Array(n);
      for (let i = 0; i < slots.length; i++) {
        const s = slots[i]!;
        const to = remap[s]!;
        if (to < 0) continue;
        const at = perList[listOf[s]!]!++;
        newSlots[at] = to;
        newValues[at] = values[i]!;
      }
      const room = n + (n >> 4) + 8;
      this.low[d] = new Uint16Array(room);
      this.values[d] = this.int8 ? new Int8Array(room) : new Float32Array(room);
      this.blockEnd[d] = new Int32Array(1);
      this.blocks[d] = 0;
      this.count[d] = 0;
      for (let i = 0; i < n; i++) this.push(d, newSlots[i]!, newValues[i]!);
    }
    this.lists = { model, bounds };
    return remap;
  }

  /** Writes this partition's postings into `into` (possibly itself) under `remap`, dropping -1s. */
  private repost(into: Partition, remap: Int32Array): void {
    for (let d = 0; d < this.dim; d++) {
      const slots = this.slotsOf(d);
      const values = this.values[d]!.slice(0, slots.length);
      let kept = 0;
      for (let i = 0; i < slots.length; i++) if (remap[slots[i]!]! >= 0) kept++;
      into.low[d] = new Uint16Array(Math.max(8, kept));
      into.blockEnd[d] = new Int32Array(1);
      into.blocks[d] = 0;
      into.values[d] = this.int8 ? new Int8Array(Math.max(8, kept)) : new Float32Array(Math.max(8, kept));
      into.count[d] = 0;
      for (let i = 0; i < slots.length; i++) {
        const to = remap[slots[i]!]!;
        if (to >= 0) into.push(d, to, values[i]!);
      }
    }
  }

  /** Bytes of its typed arrays (their allocated length, room for growth included). */
  bytes(): number {
    let n =
      this.rowids.byteLength +
      this.alive.byteLength +
      this.invNorm.byteLength +
      this.scale.byteLength +
      this.err.byteLength;
    for (let d = 0; d < this.dim; d++)
      n += this.low[d]!.byteLength + this.values[d]!.byteLength + this.blockEnd[d]!.byteLength;
    return n;
  }

  /**
   * Gives back the room kept for growth (after a bulk load), where more than half an array is
   * room: a copy to the used length leaves the old array behind, and the allocator keeps that
   * garbage resident. Arrays grown by doubling are at least half used, so they stay as they are:
   * at a million rows, copying every posting list to its used length gave back ~65 MB of arrays
   * and cost ~105 MB more resident memory.
   */
  trim(): void {
    const rows = Math.max(8, this.size);
    if (this.rowids.length > 2 * rows) this.growRows(rows);
    for (let d = 0; d < this.dim; d++) {
      const used = this.count[d]! + 4;
      if (this.values[d]!.length > 2 * used) {
        this.values[d] = resize(this.values[d]!, used);
        this.low[d] = resize(this.low[d]!, used);
      }
    }
  }
}

/**
 * A partition's postings during a bulk load, row after row as they come: each posting's dimension
 * and value in chunks that are never copied (each twice the last, up to 2^24 postings), and each
 * row's count. A chunk is freed whole at the end; growing 384 lists by doubling instead leaves
 * their old arrays behind as garbage and a quarter of the final ones unused on average.
 */
class Staging {
  private readonly dims: Uint16Array[] = [];
  private readonly values: Values[] = [];
  private used = 0;
  private rows = new Int32Array(1024);
  private lastSlot = -1;

  constructor(private readonly int8: boolean) {}

  add(d: number, value: number): void {
    let last = this.dims.length - 1;
    if (last < 0 || this.used === this.dims[last]!.length) {
      const n = Math.min(2 ** 24, last < 0 ? 4096 : this.dims[last]!.length * 2);
      this.dims.push(new Uint16Array(n));
      this.values.push(this.int8 ? new Int8Array(n) : new Float32Array(n));
      this.used = 0;
      last++;
    }
    this.dims[last]![this.used] = d;
    this.values[last]![this.used++] = value;
    this.rows[this.lastSlot + 1]!++;
  }

  /** The row at `slot` (the next slot) has all its postings staged. */
  endRow(slot: number): void {
    this.lastSlot = slot;
    if (slot + 2 >= this.rows.length) this.rows = resize(this.rows, this.rows.length * 2);
  }

  /** Every staged posting in the order it came: slots ascending, each row's dimensions ascending. */
  replay(post: (d: number, slot: number, value: number) => void): void {
    let slot = 0;
    let left = this.rows[0]!;
    for (let c = 0; c < this.dims.length; c++) {
      const dims = this.dims[c]!;
      const values = this.values[c]!;
      const end = c === this.dims.length - 1 ? this.used : dims.length;
      for (let i = 0; i < end; i++) {
        while (left === 0) left = this.rows[++slot]!;
        post(dims[i]!, slot, values[i]!);
        left--;
      }
    }
  }
}

/** A partition's trained lists: the model and where each list's slots begin. */
interface PartitionLists {
  model: ListModel;
  /** `nlist + 1` slot bounds; the last is where the tail (rows added since) begins. */
  bounds: Int32Array;
  /**
   * Where each bound's postings begin in each dimension's posting list (`listOffsets`): the first
   * posting of dimension d at or after slot `bounds[c]` at `[c * dim + d]`. Made on the first
   * search that wants it; dropped whenever the postings are written again (compaction, a new
   * layout, a derived view). Rows added since go after every bound, so they leave it true.
   */
  offsets?: Int32Array;
}

/** List bounds after a remap that keeps slot order (compaction, an active view): kept slots before each bound. */
function carryBounds(bounds: Int32Array, remap: Int32Array): Int32Array {
  const out = new Int32Array(bounds.length);
  let kept = 0;
  let c = 0;
  for (let s = 0; s <= remap.length; s++) {
    while (c < bounds.length && bounds[c]! <= s) out[c++] = kept;
    if (s < remap.length && remap[s]! >= 0) kept++;
  }
  while (c < bounds.length) out[c++] = kept;
  return out;
}

/** A copy of `a` of length `n` (truncated or zero-filled). */
function resize<T extends Float64Array | Float32Array | Int32Array | Int8Array | Uint8Array | Uint16Array>(
  a: T,
  n: number,
): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(n < a.length ? (a.subarray(0, n) as T) : a);
  return b;
}

const NONE = -1;

/**
 * The active rows of a partition, as a partition of their own: an `active` search (the write gate,
 * current recall) visits only them, however many archived and retired rows the store keeps. Kept
 * current as rows are added and leave `active`; a row that becomes active again (restore), or a
 * reload of every status, marks it dirty, and the next search derives it afresh.
 *
 * When nearly every live row is active (a store of current facts, a bulk import), a copy would
 * double the partition's memory to skip a few rows: the view is then the partition itself
 * (`shared`), searched with a status check per candidate. Rows leaving `active` are counted, and
 * once they are an eighth of the partition the next search decides again.
 */
interface ActiveView {
  part: Partition;
  dirty: boolean;
  shared: boolean;
  /** Shared: rows that left `active` since it was decided. */
  left: number;
}

/** A view shares its partition while at least this share of the live rows is active. */
const SHARE_ACTIVE = 7 / 8;

/**
 * One layer's rows. Each row with a vector has an entry, a small integer given in the order rows
 * are first put (`rows`: rowid → entry, a typed array for the small sequential rowids and pages
 * for far ones); where the row sits is kept in typed arrays indexed by its entry: its partition,
 * its slot there and in the partition's active view, and the `vectors` rowid it mirrors. Statuses
 * are kept by rowid (`StatusTable`, read on the search's path). A million rows cost a few dozen
 * bytes each here, whatever their largest rowid (an imported `e1000000000` costs what `e1` does).
 */
class Layer {
  readonly statuses = new StatusTable();
  readonly partitions = new Map<string, Partition>();
  readonly partitionList: Partition[] = [];
  readonly views = new Map<Partition, ActiveView>();
  rows = new RowTable();
  /** Entries given (they are never taken back: a row's entry stays its own). */
  entries = 0;
  entryPart = new Int32Array(1024).fill(NONE);
  entrySlot = new Int32Array(1024);
  entryVrow = new Float64Array(1024);
  viewSlot = new Int32Array(1024).fill(NONE);
  size = 0;
  /** During a bulk load (`VectorIndex.load`): empty partitions stage their postings. */
  loading = false;

  constructor(readonly int8: boolean) {}

  /** The row's entry, or NONE for a row never seen. */
  at(rowid: number): number {
    return this.rows.at(rowid);
  }

  /** The row's entry, given now if it has none. */
  entry(rowid: number): number {
    const e = this.rows.at(rowid);
    if (e !== NONE) return e;
    const n = this.entries++;
    if (n >= this.entryPart.length) {
      const was = this.entryPart.length;
      const grown = was * 2;
      this.entryPart = resize(this.entryPart, grown).fill(NONE, was);
      this.entrySlot = resize(this.entrySlot, grown);
      this.entryVrow = resize(this.entryVrow, grown);
      this.viewSlot = resize(this.viewSlot, grown).fill(NONE, was);
    }
    this.rows.set(rowid, n);
    return n;
  }

  /** True when the row passes the scope (a row never seen counts as active). */
  passes(rowid: number, scope: StatusScope): boolean {
    return this.statuses.passes(rowid, scope);
  }

  partOf(rowid: number): Partition | undefined {
    const e = this.at(rowid);
    const p = e === NONE ? NONE : this.entryPart[e]!;
    return p === NONE ? undefined : this.partitionList[p];
  }

  setEntry(rowid: number, part: Partition, slot: number, vrow: number): void {
    const e = this.entry(rowid);
    this.entryPart[e] = part.id;
    this.entrySlot[e] = slot;
    this.entryVrow[e] = vrow;
  }

  /** The active view of `part`, derived when missing or dirty. */
  view(part: Partition): ActiveView {
    let v = this.views.get(part);
    if (!v || v.dirty) {
      let active = 0;
      for (let s = 0; s < part.size; s++)
        if (part.alive[s]) {
          this.viewSlot[this.at(part.rowids[s]!)] = NONE;
          if (this.statuses.passes(part.rowids[s]!, "active")) active++;
        }
      if (active >= part.live * SHARE_ACTIVE) v = { part, dirty: false, shared: true, left: 0 };
      else {
        const derived = part.derive(
          (rowid) => this.passes(rowid, "active"),
          (rowid, slot) => {
            this.viewSlot[this.at(rowid)] = slot;
          },
        );
        v = { part: derived, dirty: false, shared: false, left: 0 };
      }
      this.views.set(part, v);
    }
    return v;
  }

  /** Drops a row from its partition's active view, if the view holds it. */
  leaveView(part: Partition, rowid: number): void {
    const v = this.views.get(part);
    if (!v || v.dirty) return;
    if (v.shared) {
      // The status check drops the row; decide again once many have left.
      if (++v.left * 8 > part.size) v.dirty = true;
      return;
    }
    const e = this.at(rowid);
    const slot = e === NONE ? NONE : this.viewSlot[e]!;
    if (slot === NONE) return;
    this.viewSlot[e] = NONE;
    v.part.remove(slot);
    if (v.part.dead > 64 && v.part.dead * 4 > v.part.size) {
      v.part.compact();
      for (let s = 0; s < v.part.size; s++) this.viewSlot[this.at(v.part.rowids[s]!)] = s;
    }
  }

  partition(dim: number, namespace: string, create: boolean): Partition | undefined {
    const key = `${dim}\u0000${namespace}`;
    let p = this.partitions.get(key);
    if (!p && create) {
      p = new Partition(dim, this.int8, this.partitionList.length);
      if (this.loading) p.staged = new Staging(this.int8);
      this.partitions.set(key, p);
      this.partitionList.push(p);
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

/** Cosine of `vector` and a query (its nonzero `dims`, `qinv` = 1/|query|), as the index computes it. */
function exactScore(
  query: Float32Array,
  dims: readonly number[],
  qinv: number,
  vector: Float32Array,
): number {
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
  return dot * (norm > 0 ? 1 / Math.sqrt(norm) : 0) * qinv;
}

function queryShape(query: Float32Array) {
  let qnorm = 0;
  const dims: number[] = [];
  for (let d = 0; d < query.length; d++) {
    qnorm += query[d]! * query[d]!;
    if (query[d] !== 0) dims.push(d);
  }
  return { dims, qinv: qnorm > 0 ? 1 / Math.sqrt(qnorm) : 0 };
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
  const { dims, qinv } = queryShape(query);
  const top = new TopK(Math.max(0, limit));
  for (const { rowid, vector } of rows) {
    if (vector.length !== query.length) continue;
    top.offer(exactScore(query, dims, qinv, vector), rowid);
  }
  return top.sorted();
}

/**
 * `scanVectors` over vectors packed as their nonzero components, records laid end to end in
 * `blobs` (each blob whole records), every record 4-byte aligned and little-endian: the rowid's
 * low 32 bits (u32), its next 16 (u16), the count `n` (u16), the `n` float32 values, their `n`
 * dimensions (u16) ascending, padded to 4 bytes. Every record must be at the query's dimension.
 * The same arithmetic as `scanVectors`, each sum adding the same terms in the same order (the
 * nonzero components in dimension order), so the same hits and scores bit for bit; it reads the
 * records in place, allocating nothing per row.
 */
export function scanPackedSparse(
  query: Float32Array,
  blobs: Iterable<Uint8Array>,
  limit: number,
): VectorHit[] {
  const { qinv } = queryShape(query);
  const top = new TopK(Math.max(0, limit));
  const sums = new Float64Array(2);
  for (const blob of blobs) {
    const aligned = blob.byteOffset % 4 === 0 ? blob : Uint8Array.from(blob);
    const words = aligned.byteLength >> 2;
    const u32 = new Uint32Array(aligned.buffer, aligned.byteOffset, words);
    const u16 = new Uint16Array(aligned.buffer, aligned.byteOffset, words * 2);
    const f32 = new Float32Array(aligned.buffer, aligned.byteOffset, words);
    for (let w = 0; w < words; ) {
      const rowid = u32[w]! + u16[2 * w + 2]! * 2 ** 32;
      const n = u16[2 * w + 3]!;
      const v0 = w + 2;
      const d0 = (v0 + n) * 2;
      packedSums(f32, u16, query, v0, n, d0, sums);
      const norm = sums[0]!;
      top.offer(sums[1]! * (norm > 0 ? 1 / Math.sqrt(norm) : 0) * qinv, rowid);
      w = v0 + n + ((n + 1) >> 1);
    }
  }
  return top.sorted();
}

/**
 * One packed record's sum of squares (`sums[0]`) and dot product with the query (`sums[1]`): its
 * values at `f32[v0…]`, dimensions at `u16[d0…]`. A function of its own, so a fresh process's
 * first cold search runs it optimised after a few hundred records instead of interpreting the
 * whole scan (~2× faster on the first search).
 */
function packedSums(
  f32: Float32Array,
  u16: Uint16Array,
  query: Float32Array,
  v0: number,
  n: number,
  d0: number,
  sums: Float64Array,
): void {
  let norm = 0;
  let dot = 0;
  for (let i = 0; i < n; i++) {
    const v = f32[v0 + i]!;
    if (v === 0) continue;
    norm += v * v;
    const q = query[u16[d0 + i]!]!;
    if (q !== 0) dot += v * q;
  }
  sums[0] = norm;
  sums[1] = dot;
}

/** Where block `b`'s postings of dimension `d` start in its list (its end: `blockEnd(part, d, b)`). */
const blockStart = (part: Partition, d: number, b: number) =>
  b === 0 || b > part.blocks[d]! ? 0 : part.blockEnd[d]![b - 1]!;

/** Where block `b`'s postings of dimension `d` end (the start, when the list has none there). */
const blockEnd = (part: Partition, d: number, b: number) =>
  b >= part.blocks[d]! ? 0 : part.blockEnd[d]![b]!;

/**
 * Adds the postings of the query's dimensions that fall in block `b` into `acc[slot - b·BLOCK]`:
 * the exact dot products of that block's slots. Each slot's terms are added in the same order
 * (the query's dimensions, ascending) as over the whole partition at once, so the sums are the
 * same bits; one block's accumulators (512 KB) stay in cache, where the whole partition's (8 MB
 * at a million rows) would miss on nearly every posting.
 */
function accumulateFloat32(
  part: Partition,
  query: Float32Array,
  dims: readonly number[],
  b: number,
  acc: Float64Array,
) {
  for (const d of dims) {
    const from = blockStart(part, d, b);
    const to = blockEnd(part, d, b);
    if (from >= to) continue;
    const q = query[d]!;
    const low = part.low[d]!;
    const values = part.values[d] as Float32Array;
    for (let i = from; i < to; i++) {
      const s = low[i]!;
      acc[s] = acc[s]! + values[i]! * q;
    }
  }
}

/**
 * int8, block `b`: the codes' dot product into `acc[2 (slot - b·BLOCK)]`, Σ |q_d| of the shared
 * dimensions into `acc[2 (slot - b·BLOCK) + 1]`.
 */
function accumulateInt8(
  part: Partition,
  query: Float32Array,
  dims: readonly number[],
  b: number,
  acc: Float64Array,
) {
  for (const d of dims) {
    const from = blockStart(part, d, b);
    const to = blockEnd(part, d, b);
    if (from >= to) continue;
    const q = query[d]!;
    const qa = Math.abs(q);
    const low = part.low[d]!;
    const values = part.values[d] as Int8Array;
    for (let i = from; i < to; i++) {
      const s = 2 * low[i]!;
      acc[s] = acc[s]! + values[i]! * q;
      acc[s + 1] = acc[s + 1]! + qa;
    }
  }
}

/** The first posting of dimension `d` at or after `slot` (the list's count when there is none). */
function postingIndex(part: Partition, d: number, slot: number): number {
  const b = Math.floor(slot / BLOCK);
  if (b >= part.blocks[d]!) return part.count[d]!;
  const low = part.low[d]!;
  const first = slot - b * BLOCK;
  let a = b === 0 ? 0 : part.blockEnd[d]![b - 1]!;
  let z = part.blockEnd[d]![b]!;
  while (a < z) {
    const m = (a + z) >>> 1;
    if (low[m]! < first) a = m + 1;
    else z = m;
  }
  return a;
}

/**
 * Where each list bound's postings begin, per dimension (`PartitionLists.offsets`), made once: a
 * probe of a list then reads its postings' range in every query dimension from two entries,
 * instead of two binary searches each (~120 lists × the query's dimensions a search at 1M).
 */
function listOffsets(part: Partition, lists: PartitionLists): Int32Array {
  if (lists.offsets) return lists.offsets;
  const { bounds } = lists;
  const dim = part.dim;
  const offsets = new Int32Array(bounds.length * dim);
  for (let c = 0; c < bounds.length; c++)
    for (let d = 0; d < dim; d++) offsets[c * dim + d] = postingIndex(part, d, bounds[c]!);
  lists.offsets = offsets;
  return offsets;
}

/**
 * A probed span of slots, `from…to` within one block: where its postings begin and end in
 * dimension d's list. `first` / `last` are bound indexes into `offsets` when `from` / `to` is a
 * list bound; otherwise (a span cut at a block's edge, or the tail's end) the list is searched.
 */
interface Span {
  from: number;
  to: number;
  first: number;
  last: number;
}

const spanStart = (part: Partition, offsets: Int32Array, span: Span, d: number) =>
  span.first >= 0 ? offsets[span.first * part.dim + d]! : postingIndex(part, d, span.from);

const spanEnd = (part: Partition, offsets: Int32Array, span: Span, d: number) =>
  span.last >= 0 ? offsets[span.last * part.dim + d]! : postingIndex(part, d, span.to);

/**
 * `accumulateFloat32` over a span of slots (within one block) into `acc[slot - from]`: each
 * slot's terms added in the same order, so the same sums to the bit.
 */
function accumulateFloat32Span(
  part: Partition,
  query: Float32Array,
  dims: readonly number[],
  span: Span,
  offsets: Int32Array,
  acc: Float64Array,
) {
  const shift = Math.floor(span.from / BLOCK) * BLOCK - span.from;
  for (const d of dims) {
    const lo = spanStart(part, offsets, span, d);
    const hi = spanEnd(part, offsets, span, d);
    if (lo >= hi) continue;
    const q = query[d]!;
    const low = part.low[d]!;
    const values = part.values[d] as Float32Array;
    for (let i = lo; i < hi; i++) {
      const s = low[i]! + shift;
      acc[s] = acc[s]! + values[i]! * q;
    }
  }
}

/** `accumulateInt8` over a span of slots (within one block) into `acc[2 (slot - from)]` and the next. */
function accumulateInt8Span(
  part: Partition,
  query: Float32Array,
  dims: readonly number[],
  span: Span,
  offsets: Int32Array,
  acc: Float64Array,
) {
  // A slot's pair sits at 2 · low + shift2 (the span's first slot at 0).
  const shift2 = 2 * (Math.floor(span.from / BLOCK) * BLOCK - span.from);
  for (const d of dims) {
    const lo = spanStart(part, offsets, span, d);
    const hi = spanEnd(part, offsets, span, d);
    if (lo >= hi) continue;
    const q = query[d]!;
    const qa = Math.abs(q);
    const low = part.low[d]!;
    const values = part.values[d] as Int8Array;
    for (let i = lo; i < hi; i++) {
      const s = 2 * low[i]! + shift2;
      acc[s] = acc[s]! + values[i]! * q;
      acc[s + 1] = acc[s + 1]! + qa;
    }
  }
}

/** Rows an int8 re-rank reads again at a time, past its first `limit` (`VectorIndex.rerank`). */
const RERANK_BATCH = 16;

/**
 * A row's largest rounding error in steps, by its code in `Partition.err`: code e is e / 510
 * (255 is half a step, the most rounding to the nearest code can be off).
 */
const ERROR_STEPS = Float64Array.from({ length: 256 }, (_, e) => e / 510);

/**
 * The largest distance of a nonzero component from its code (`Math.round(v / step)`), in steps,
 * as an `ERROR_STEPS` code rounded up (at least 1, so the bound always keeps room for the
 * arithmetic of the estimate, ~10^-14 of a step, far under 1/510). Rows of a few distinct
 * magnitudes (short sentences, hashed features of weights 1, 0.6 and 0.25) often round closer
 * than half a step, so their bound is tighter and fewer of them are read again.
 */
function roundingError(vector: Float32Array, dim: number, step: number): number {
  if (!(step > 0)) return 1;
  let worst = 0;
  for (let d = 0; d < dim; d++) {
    const v = vector[d]!;
    if (v === 0) continue;
    const c = v / step;
    const e = Math.abs(c - Math.round(c));
    if (e > worst) worst = e;
  }
  return Math.max(1, Math.min(255, Math.ceil((worst + 1e-9) * 510)));
}

/** Relative slack on an error bound, for the rounding of the bound's own arithmetic. */
const BOUND_SLACK = 1 + 1e-9;

/** One partition's search in progress: where `scoreSlots` reads and what it fills. */
interface Scan {
  l: Layer;
  part: Partition;
  checkStatus: boolean;
  scope: StatusScope;
  qinv: number;
  top: TopK;
  /** int8: rows to read again and their upper bounds, in pairs. */
  maybe: number[];
  /** The accumulated sums of the slots `from…to`, at `slot - from` (`2 (slot - from)` for int8). */
  acc: Float64Array;
}

/** Offers the live slots `from…to` to the search's top-k, from their accumulated sums. */
function scoreSlots(scan: Scan, from: number, to: number): void {
  const { l, part, checkStatus, scope, qinv, top, maybe, acc } = scan;
  const { alive, invNorm, rowids, scale, err } = part;
  for (let s = from; s < to; s++) {
    if (!alive[s]) continue;
    if (!part.int8) {
      const score = acc[s - from]! * invNorm[s]! * qinv;
      if (score < top.floor) continue;
      const rowid = rowids[s]!;
      if (checkStatus && !l.passes(rowid, scope)) continue;
      top.offer(score, rowid);
      continue;
    }
    // Each shared dimension's code is off by at most the row's largest rounding error (at most
    // half a step): |error| ≤ step · err · Σ|q_d|.
    const k = invNorm[s]! * qinv;
    const estimate = acc[2 * (s - from)]! * scale[s]! * k;
    const bound = acc[2 * (s - from) + 1]! * scale[s]! * ERROR_STEPS[err[s]!]! * k * BOUND_SLACK;
    if (estimate + bound < top.floor) continue;
    const rowid = rowids[s]!;
    if (checkStatus && !l.passes(rowid, scope)) continue;
    top.offer(estimate - bound, rowid);
    // A row sharing no dimension with the query scores exactly 0: nothing to read again.
    if (bound > 0) maybe.push(rowid, estimate + bound);
  }
}

export class VectorIndex {
  private readonly layers: Record<VectorLayer, Layer>;
  private readonly readExact: VectorIndexOptions["readExact"];
  private readonly mode: VectorSearchMode;
  private readonly approximateFrom: number;
  private readonly probes: number;
  private scratch = new Float64Array(0);

  constructor(options: VectorIndexOptions = {}) {
    const int8 = options.precision === "int8";
    if (int8 && !options.readExact)
      throw new Error("VectorIndex: precision int8 needs readExact (the stored vectors, for the re-rank)");
    this.mode = options.search ?? "exact";
    if (!["exact", "approximate", "auto"].includes(this.mode))
      throw new Error(`VectorIndex: search must be exact, approximate or auto, not ${String(this.mode)}`);
    this.approximateFrom = options.approximateFrom ?? APPROXIMATE_FROM;
    this.probes = options.probes ?? PROBE_ROWS;
    if (!(this.probes > 0 && this.probes <= 1))
      throw new Error(
        `VectorIndex: probes is a share of the rows, above 0 and at most 1, not ${this.probes}`,
      );
    this.readExact = options.readExact;
    this.layers = { b: new Layer(int8), e: new Layer(int8) };
  }

  /** Adds or replaces the vector of a row. `vrow` is its rowid in the `vectors` table. */
  put(layer: VectorLayer, rowid: number, vrow: number, namespace: string, vector: Float32Array): void {
    const l = this.layers[layer];
    this.remove(layer, rowid);
    const part = l.partition(vector.length, namespace, true)!;
    const slot = part.add(rowid, vector);
    l.setEntry(rowid, part, slot, vrow);
    l.size++;
    const v = l.views.get(part);
    if (v && !v.dirty && !v.shared && l.passes(rowid, "active"))
      l.viewSlot[l.at(rowid)] = v.part.add(rowid, vector);
  }

  remove(layer: VectorLayer, rowid: number): void {
    const l = this.layers[layer];
    const part = l.partOf(rowid);
    if (!part) return;
    // A shared view is the partition itself: the row leaves both at once.
    if (!l.views.get(part)?.shared) l.leaveView(part, rowid);
    const e = l.at(rowid);
    part.remove(l.entrySlot[e]!);
    l.entryPart[e] = NONE;
    l.size--;
    // Dead slots still cost a posting visit each: compact once they are a quarter of the partition.
    if (part.dead > 64 && part.dead * 4 > part.size) {
      part.compact();
      for (let s = 0; s < part.size; s++) l.entrySlot[l.at(part.rowids[s]!)] = s;
    }
  }

  setStatus(layer: VectorLayer, rowid: number, status: string): void {
    const l = this.layers[layer];
    const was = l.statuses.passes(rowid, "active");
    l.statuses.set(rowid, status);
    const is = l.statuses.passes(rowid, "active");
    const part = l.partOf(rowid);
    if (!part || was === is) return;
    if (!is) l.leaveView(part, rowid);
    else {
      // Back to active: the view needs the row's vector, which only the main partition's postings
      // hold (a shared view is the main partition: its status check lets the row in).
      const v = l.views.get(part);
      if (v && !v.shared) v.dirty = true;
    }
  }

  clearStatuses(layer: VectorLayer): void {
    const l = this.layers[layer];
    l.statuses.clear();
    for (const v of l.views.values()) v.dirty = true;
  }

  /** The `vectors` rowid the row's indexed vector mirrors, if it has one. */
  vrowOf(layer: VectorLayer, rowid: number): number | undefined {
    const l = this.layers[layer];
    return l.partOf(rowid) ? l.entryVrow[l.at(rowid)] : undefined;
  }

  /** Removes every row of the layer that `keep` does not hold (deleted from the table elsewhere). */
  retain(layer: VectorLayer, keep: ReadonlySet<number>): void {
    const gone: number[] = [];
    for (const part of this.layers[layer].partitionList)
      for (let s = 0; s < part.size; s++)
        if (part.alive[s] && !keep.has(part.rowids[s]!)) gone.push(part.rowids[s]!);
    for (const rowid of gone) this.remove(layer, rowid);
  }

  /**
   * Puts many rows at once (`put` for each of `rows`: layer, rowid, vrow, namespace, vector). A
   * partition that starts empty stages its postings and lays each list out once at the end, at
   * its length plus a sixteenth, instead of growing it by doubling; the lists hold the same
   * postings in the same order either way, so every search is the same.
   */
  load(
    rows: Iterable<
      readonly [layer: VectorLayer, rowid: number, vrow: number, namespace: string, vector: Float32Array]
    >,
  ): void {
    const layers = Object.values(this.layers);
    for (const l of layers) {
      l.loading = true;
      for (const part of l.partitionList) if (part.size === 0) part.staged = new Staging(l.int8);
    }
    try {
      for (const [layer, rowid, vrow, namespace, vector] of rows)
        this.put(layer, rowid, vrow, namespace, vector);
    } finally {
      for (const l of layers) {
        l.loading = false;
        for (const part of l.partitionList) part.settle();
      }
    }
  }

  /**
   * The whole index as plain data and the buffers of its typed arrays, for `postMessage(state,
   * transfer)`: a worker thread builds an index and hands it over without copying its arrays
   * (they are detached here, so this index is unusable afterwards). `fromTransferable` makes the
   * same index again: every search over it is the same, hit for hit and score for score.
   *
   *   const { state, transfer } = index.toTransferable();
   *   port.postMessage(state, transfer);
   *   // elsewhere: VectorIndex.fromTransferable(state, { precision, search, readExact })
   */
  toTransferable(): { state: VectorIndexState; transfer: ArrayBuffer[] } {
    const layer = (l: Layer): LayerState => {
      for (const part of l.partitionList) part.settle();
      return {
        statuses: l.statuses.exported(),
        rows: l.rows.exported(),
        entries: l.entries,
        entryPart: l.entryPart,
        entrySlot: l.entrySlot,
        entryVrow: l.entryVrow,
        viewSlot: l.viewSlot,
        size: l.size,
        partitions: [...l.partitions].map(([key, part]) => {
          const v = l.views.get(part);
          return {
            key,
            part: partitionState(part),
            view: v && {
              dirty: v.dirty,
              shared: v.shared,
              left: v.left,
              part: v.shared ? null : partitionState(v.part),
            },
          };
        }),
      };
    };
    const state: VectorIndexState = {
      int8: this.layers.b.int8,
      b: layer(this.layers.b),
      e: layer(this.layers.e),
    };
    const buffers = new Set<ArrayBuffer>();
    collectBuffers(state, buffers);
    return { state, transfer: [...buffers] };
  }

  /** The index `toTransferable` gave, with this process's options (its precision must be the state's). */
  static fromTransferable(state: VectorIndexState, options: VectorIndexOptions = {}): VectorIndex {
    const index = new VectorIndex(options);
    if (index.layers.b.int8 !== state.int8)
      throw new Error(
        `VectorIndex.fromTransferable: the state is ${state.int8 ? "int8" : "float32"}, the options are not`,
      );
    for (const name of ["b", "e"] as const) {
      const l = index.layers[name];
      const s = state[name];
      l.statuses.adopt(s.statuses);
      l.rows = RowTable.adopt(s.rows);
      l.entries = s.entries;
      l.entryPart = s.entryPart;
      l.entrySlot = s.entrySlot;
      l.entryVrow = s.entryVrow;
      l.viewSlot = s.viewSlot;
      l.size = s.size;
      for (const { key, part, view } of s.partitions) {
        const p = partitionFrom(part);
        if (p.id !== l.partitionList.length)
          throw new Error("VectorIndex.fromTransferable: partitions out of order");
        l.partitions.set(key, p);
        l.partitionList.push(p);
        if (view)
          l.views.set(p, {
            dirty: view.dirty,
            shared: view.shared,
            left: view.left,
            part: view.part ? partitionFrom(view.part) : p,
          });
      }
    }
    return index;
  }

  /** Gives back the room kept for growth, after a bulk load. */
  trim(): void {
    for (const l of Object.values(this.layers)) for (const part of l.partitionList) part.trim();
  }

  get size(): number {
    return this.layers.b.size + this.layers.e.size;
  }

  /**
   * Bytes the index holds in typed arrays: partitions, the active views that are copies, and the
   * per-row tables (what a million rows cost, for the bench and the memory tests).
   */
  bytes(): number {
    let n = 0;
    for (const l of Object.values(this.layers)) {
      n +=
        l.rows.bytes() +
        l.statuses.bytes() +
        l.entryPart.byteLength +
        l.entrySlot.byteLength +
        l.entryVrow.byteLength +
        l.viewSlot.byteLength;
      for (const part of l.partitionList)
        n +=
          part.bytes() +
          (part.lists
            ? part.lists.model.centroids.byteLength +
              part.lists.bounds.byteLength +
              (part.lists.offsets?.byteLength ?? 0)
            : 0);
      for (const v of l.views.values()) if (!v.shared) n += v.part.bytes();
    }
    return n;
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
    o: { exact?: boolean; approximate?: boolean } = {},
  ): VectorHit[] {
    const l = this.layers[layer];
    const { dims, qinv } = queryShape(query);
    // float32: the scores themselves. int8: each row's lower bound (its estimate less its error
    // bound), so the floor is the limit-th best lower bound; rows whose upper bound reaches it
    // are re-scored exactly below.
    const top = new TopK(Math.max(0, limit));
    const maybe: number[] = [];
    for (const ns of new Set(namespaces)) {
      const main = l.partition(query.length, ns, false);
      if (!main || main.live === 0) continue;
      // `approximate` asks for the lists whatever the mode, from `APPROXIMATE_MIN_ROWS` rows.
      const approximate = o.approximate
        ? this.wantsLists(l, main, scope, APPROXIMATE_MIN_ROWS)
        : !o.exact && this.mode !== "exact" && this.wantsLists(l, main, scope);
      const part = scope === "active" ? l.view(main).part : main;
      if (part.live === 0) continue;
      // float32: acc[s] is the dot product. int8: acc[2s] is the dot product of the codes and
      // acc[2s + 1] is Σ |q_d| over the dimensions the row shares with the query (its error bound).
      // One block of slots at a time (s relative to the block), accumulated then scanned.
      const width = part.int8 ? 2 : 1;
      if (this.scratch.length < BLOCK * width) this.scratch = new Float64Array(BLOCK * width);
      const acc = this.scratch;
      // Every live row is a candidate (an untouched row scores 0, above any negative one). A score
      // below the kept floor cannot enter, so most rows cost one comparison. The active view holds
      // only active rows (a row leaving `active` leaves it), so its statuses need no check.
      const scan: Scan = { l, part, checkStatus: part === main, scope, qinv, top, maybe, acc };
      if (approximate && part.lists && limit * 8 <= part.live) {
        const offsets = listOffsets(part, part.lists);
        const span: Span = { from: 0, to: 0, first: -1, last: -1 };
        for (const [from, to, first, last] of this.probedRanges(part, part.lists, query, dims, limit))
          for (let a = from; a < to; ) {
            // A span never crosses a block: its postings' slots share their high bits.
            const b = Math.min(to, (Math.floor(a / BLOCK) + 1) * BLOCK);
            span.from = a;
            span.to = b;
            span.first = a === from ? first : -1;
            span.last = b === to ? last : -1;
            acc.fill(0, 0, (b - a) * width);
            if (part.int8) accumulateInt8Span(part, query, dims, span, offsets, acc);
            else accumulateFloat32Span(part, query, dims, span, offsets, acc);
            scoreSlots(scan, a, b);
            a = b;
          }
        continue;
      }
      for (let base = 0, b = 0; base < part.size; base += BLOCK, b++) {
        const end = Math.min(part.size, base + BLOCK);
        acc.fill(0, 0, (end - base) * width);
        if (part.int8) accumulateInt8(part, query, dims, b, acc);
        else accumulateFloat32(part, query, dims, b, acc);
        scoreSlots(scan, base, end);
      }
    }
    if (!l.int8) return top.sorted();
    return this.rerank(layer, query, dims, qinv, top, maybe, limit);
  }

  /**
   * The rowids of each list of a partition (its active view for `active`), in slot order, and the
   * tail's rows last; null before the lists are trained. For tests: what a probe of each list reads.
   */
  listRows(layer: VectorLayer, dim: number, namespace: string, scope: StatusScope): number[][] | null {
    const l = this.layers[layer];
    const main = l.partition(dim, namespace, false);
    if (!main?.lists) return null;
    const part = scope === "active" ? l.view(main).part : main;
    const lists = part.lists;
    if (!lists) return null;
    const out: number[][] = [];
    const { bounds } = lists;
    for (let c = 0; c < bounds.length; c++) {
      const rows: number[] = [];
      for (let s = bounds[c]!; s < (c + 1 < bounds.length ? bounds[c + 1]! : part.size); s++)
        if (part.alive[s] && (part !== main || scope === "live" || l.passes(part.rowids[s]!, scope)))
          rows.push(part.rowids[s]!);
      out.push(rows);
    }
    return out;
  }

  /**
   * How many slots an approximate search of `query` would score in a partition (its active view
   * for `active`): its probed lists and the tail; null before the lists are trained. For tests:
   * the row budget a search keeps to.
   */
  probedSlots(
    layer: VectorLayer,
    query: Float32Array,
    namespace: string,
    scope: StatusScope,
    limit: number,
  ): number | null {
    const l = this.layers[layer];
    const main = l.partition(query.length, namespace, false);
    const part = main && (scope === "active" ? l.view(main).part : main);
    if (!part?.lists) return null;
    const { dims } = queryShape(query);
    return this.probedRanges(part, part.lists, query, dims, limit).reduce(
      (n, [from, to]) => n + to - from,
      0,
    );
  }

  /**
   * The rowids an approximate search of `query` would score in a partition (its active view for
   * `active`), live and in `scope`, in slot order; null before the lists are trained. For tests:
   * the rows whose exact top `limit` the search returns.
   */
  probedRows(
    layer: VectorLayer,
    query: Float32Array,
    namespace: string,
    scope: StatusScope,
    limit: number,
  ): number[] | null {
    const l = this.layers[layer];
    const main = l.partition(query.length, namespace, false);
    const part = main && (scope === "active" ? l.view(main).part : main);
    if (!part?.lists) return null;
    const { dims } = queryShape(query);
    const out: number[] = [];
    for (const [from, to] of this.probedRanges(part, part.lists, query, dims, limit))
      for (let s = from; s < to; s++)
        if (part.alive[s] && (part !== main || scope === "live" || l.passes(part.rowids[s]!, scope)))
          out.push(part.rowids[s]!);
    return out;
  }

  /**
   * Whether an approximate search may probe `main`'s lists (training or training them again
   * first, see `RETRAIN_SHARE`): the rows it searches are enough for the mode.
   */
  private wantsLists(
    l: Layer,
    main: Partition,
    scope: StatusScope,
    from = this.mode === "auto" ? Math.max(APPROXIMATE_MIN_ROWS, this.approximateFrom) : APPROXIMATE_MIN_ROWS,
  ): boolean {
    const searched = scope === "active" ? l.view(main).part.live : main.live;
    if (searched < from) return false;
    const lists = main.lists;
    const laidOut = lists ? lists.bounds[lists.model.nlist]! : 0;
    // Rows removed since only leave their lists emptier; rows added since sit in the tail.
    if (!lists || main.size - laidOut > laidOut * RETRAIN_SHARE) this.train(l, main);
    return true;
  }

  /** Trains `main`'s lists and lays its rows out by list; its active view is derived again if a copy. */
  private train(l: Layer, main: Partition): void {
    main.settle();
    const { lists, listOf } = trainLists(main);
    main.layOut(listOf, lists);
    for (let s = 0; s < main.size; s++) l.entrySlot[l.at(main.rowids[s]!)] = s;
    const v = l.views.get(main);
    if (v && !v.shared) v.dirty = true;
  }

  /**
   * The slot ranges an approximate search scores, ascending: the lists nearest the query until
   * their rows reach `probes` of the rows laid out (at least one list, and rows for 8 × `limit`),
   * and the tail of rows added since training. Each range is `[from, to, first, last]`: `first`
   * and `last` are the indexes of its bounds in `bounds` (-1 for the tail's end); lists next to
   * each other are one range.
   */
  private probedRanges(
    part: Partition,
    lists: PartitionLists,
    query: Float32Array,
    dims: readonly number[],
    limit: number,
  ): [number, number, number, number][] {
    const { model, bounds } = lists;
    const nlist = model.nlist;
    const budget = Math.max(limit * 8, bounds[nlist]! * this.probes);
    const probed = probedLists(model, bounds, query, dims, budget).sort((a, b) => a - b);
    const ranges: [number, number, number, number][] = [];
    for (const c of probed) {
      if (bounds[c + 1]! <= bounds[c]!) continue;
      const last = ranges[ranges.length - 1];
      if (last && last[1] === bounds[c]!) {
        last[1] = bounds[c + 1]!;
        last[3] = c + 1;
      } else ranges.push([bounds[c]!, bounds[c + 1]!, c, c + 1]);
    }
    if (part.size > bounds[nlist]!) {
      const last = ranges[ranges.length - 1];
      if (last && last[1] === bounds[nlist]!) {
        last[1] = part.size;
        last[3] = -1;
      } else ranges.push([bounds[nlist]!, part.size, nlist, -1]);
    }
    return ranges;
  }

  /**
   * int8: the exact top `limit`. A row whose upper bound is below the limit-th best lower bound
   * is beaten by `limit` rows whatever its exact score; every other row may be read again from its
   * stored vector, best upper bound first, a batch at a time, until the next upper bound is below
   * the limit-th exact score read so far: a row under it cannot enter, so the top is the same as
   * reading them all. Rows sharing no dimension with the query are already in `top` at their true
   * score, exactly 0.
   */
  private rerank(
    layer: VectorLayer,
    query: Float32Array,
    dims: readonly number[],
    qinv: number,
    approximate: TopK,
    maybe: number[],
    limit: number,
  ): VectorHit[] {
    const floor = approximate.floor;
    const candidates: number[] = [];
    for (let i = 0; i < maybe.length; i += 2) if (maybe[i + 1]! >= floor) candidates.push(i);
    candidates.sort((a, b) => maybe[b + 1]! - maybe[a + 1]! || maybe[a]! - maybe[b]!);
    const wanted = new Set(candidates.map((i) => maybe[i]!));
    const top = new TopK(Math.max(0, limit));
    // Untouched rows kept among the best lower bounds: their score is exactly 0.
    for (const h of approximate.sorted()) if (h.score === 0 && !wanted.has(h.rowid)) top.offer(0, h.rowid);
    this.work.candidates += candidates.length;
    const l = this.layers[layer];
    for (let next = 0; next < candidates.length; ) {
      const read: number[] = [];
      // The first batch fills the top; each later one is a few rows more.
      const batch = next === 0 ? Math.max(limit, RERANK_BATCH) : RERANK_BATCH;
      for (; next < candidates.length && read.length < batch; next++) {
        const i = candidates[next]!;
        if (maybe[i + 1]! < top.floor) break;
        read.push(maybe[i]!);
      }
      if (read.length === 0) break;
      this.work.reread += read.length;
      const vectors = this.readExact!(
        layer,
        read,
        read.map((rowid) => l.entryVrow[l.at(rowid)]!),
      );
      for (const rowid of read) {
        const v = vectors.get(rowid);
        if (v && v.length === query.length) top.offer(exactScore(query, dims, qinv, v), rowid);
      }
    }
    return top.sorted();
  }

  /** What int8 re-ranks have read since made: the rows whose upper bound reached the floor, and those read again. */
  readonly work = { candidates: 0, reread: 0 };
}

/** A partition as plain data (`VectorIndex.toTransferable`). */
interface PartitionState {
  dim: number;
  int8: boolean;
  id: number;
  size: number;
  dead: number;
  rowids: Float64Array<ArrayBuffer>;
  alive: Uint8Array<ArrayBuffer>;
  invNorm: Float64Array<ArrayBuffer>;
  scale: Float64Array;
  err: Uint8Array;
  low: Uint16Array[];
  blockEnd: Int32Array[];
  blocks: Int32Array;
  values: Values[];
  count: Int32Array;
  lists: PartitionLists | null;
}

interface LayerState {
  statuses: StatusTableState;
  rows: RowTableState;
  entries: number;
  entryPart: Int32Array<ArrayBuffer>;
  entrySlot: Int32Array<ArrayBuffer>;
  entryVrow: Float64Array<ArrayBuffer>;
  viewSlot: Int32Array<ArrayBuffer>;
  size: number;
  /** In partition id order. */
  partitions: {
    key: string;
    part: PartitionState;
    view: { dirty: boolean; shared: boolean; left: number; part: PartitionState | null } | null | undefined;
  }[];
}

/** A whole `VectorIndex` as plain data: structured-cloneable, its typed arrays transferable. */
export interface VectorIndexState {
  int8: boolean;
  b: LayerState;
  e: LayerState;
}

function partitionState(p: Partition): PartitionState {
  p.settle();
  return {
    dim: p.dim,
    int8: p.int8,
    id: p.id,
    size: p.size,
    dead: p.dead,
    rowids: p.rowids,
    alive: p.alive,
    invNorm: p.invNorm,
    scale: p.scale,
    err: p.err,
    low: p.low,
    blockEnd: p.blockEnd,
    blocks: p.blocks,
    values: p.values,
    count: p.count,
    lists: p.lists,
  };
}

function partitionFrom(s: PartitionState): Partition {
  const p = new Partition(s.dim, s.int8, s.id);
  p.size = s.size;
  p.dead = s.dead;
  p.rowids = s.rowids;
  p.alive = s.alive;
  p.invNorm = s.invNorm;
  p.scale = s.scale;
  p.err = s.err;
  for (let d = 0; d < s.dim; d++) {
    p.low[d] = s.low[d]!;
    p.blockEnd[d] = s.blockEnd[d]!;
    p.values[d] = s.values[d]!;
  }
  p.blocks.set(s.blocks);
  p.count.set(s.count);
  p.lists = s.lists;
  return p;
}
