/**
 * The stores' in-process BM25 index: the same ranking as FTS5's `bm25()` over SQLite's
 * `porter unicode61` tables, without scoring every matching row of every namespace and status on
 * each query. SQLite keeps one per store, PostgreSQL one per namespace (../postgres/text-cache.ts);
 * either way each row is ranked as FTS5 would rank it over its namespace's rows alone.
 *
 * - **Terms** come from FTS5's tokenizer reproduced (fts5-tokenizer.ts), so each row holds
 *   exactly the terms FTS5 indexed for it.
 * - **Statistics are per namespace** (a namespace is a security boundary: another tenant's rows
 *   must not move a score), each kept as FTS5 keeps its store-wide ones: N is every row of the
 *   namespace put (all statuses, forgotten rows with their blanked text included), the average
 *   length is over all of them, and a term's document frequency counts every such row holding
 *   it. On a store of one namespace they are FTS5's own, so scores equal `bm25()`'s.
 * - **Postings are partitioned** by (namespace, current), where current means active (and, for
 *   episodes, not superseded): a query for the active rows of a namespace touches only their
 *   postings. Other status filters also scan the namespace's other partition, checking each
 *   row's status; that partition's postings are built on its first search, so a process that
 *   only asks about the current state never holds them.
 * - **Scores** follow FTS5's arithmetic step for step (k1 = 1.2, b = 0.75, idf = ln((N − n +
 *   0.5) / (n + 0.5)) with C's own `log()`, 1e-6 when ≤ 0, one term per query phrase summed in
 *   query order), so they equal `-rank` to the last bit and ties fall back to rowid order.
 *
 *   const index = new TextIndex();
 *   index.load("b", rows);                                          // [rowid, TextRow] pairs
 *   index.put("b", 7, { namespace: "default", status: "active", current: true, text: "Retry limit is 5" });
 *   const phrases = index.phrases(["retry", "limits"]);            // ["retri", "limit"]
 *   index.search("b", phrases!, ["default"], { currentOnly: true, statuses: ["active"] }).take(10);
 *   // [{ rowid: 7, score: … }, …]
 */

import { collectBuffers } from "../transferable.js";
import { Fts5Tokenizer } from "./fts5-tokenizer.js";
import { libmLog } from "./reference-db.js";
import { packPair, TF_MORE, unpackPair } from "./row-pairs.js";
import { RowTable, type RowTableState } from "./row-table.js";

export type TextLayer = "b" | "e";

/** A row as the index needs it. */
export interface TextRow {
  namespace: string;
  status: string;
  /** Searched by current-state queries: active and (episodes) not superseded. */
  current: boolean;
  text: string;
}

/** Which rows a search scores, beyond their namespace. */
export interface TextScope {
  /** Only rows that are current (the common "active now" filter). */
  currentOnly: boolean;
  /** Statuses allowed, or null for every status but forgotten. */
  statuses: readonly string[] | null;
}

export interface TextHit {
  rowid: number;
  /** BM25, higher is better: FTS5's `-rank`. */
  score: number;
}

/** One partition's arrays, as `TextIndex.toTransferable` hands them over. */
interface PartitionState {
  id: number;
  namespace: string;
  indexed: boolean;
  /** size, dead, poolSize, pairs. */
  counts: [number, number, number, number];
  rowids: Float64Array<ArrayBuffer>;
  lengths: Int32Array<ArrayBuffer>;
  statuses: Uint8Array<ArrayBuffer>;
  alive: Uint8Array<ArrayBuffer>;
  from: Int32Array<ArrayBuffer>;
  count: Int32Array<ArrayBuffer>;
  pool: Uint32Array<ArrayBuffer>;
  /** Term t's posting list is `postings[postingStarts[t]…postingStarts[t + 1]]` (none when empty); `tfs` likewise. */
  postingStarts: Int32Array<ArrayBuffer>;
  postings: Int32Array<ArrayBuffer>;
  tfStarts: Int32Array<ArrayBuffer>;
  tfs: Uint8Array<ArrayBuffer>;
  maxTf: Int32Array<ArrayBuffer>;
  minLength: Int32Array<ArrayBuffer>;
}

interface LayerState {
  /** The vocabulary, by term id. */
  terms: string[];
  df: Int32Array<ArrayBuffer>;
  rows: RowTableState;
  entryPart: Int32Array<ArrayBuffer>;
  entrySlot: Int32Array<ArrayBuffer>;
  freeEntries: number[];
  entries: number;
  tokens: number;
  partitions: { key: string; part: PartitionState }[];
  namespaces: NamespaceStatsState[];
}

/** One namespace's statistics, as `TextIndex.toTransferable` hands them over. */
interface NamespaceStatsState {
  namespace: string;
  rows: number;
  tokens: number;
  df: Int32Array<ArrayBuffer>;
}

/** A `TextIndex` as another thread hands it over (`toTransferable`, `fromTransferable`). */
export interface TextIndexState {
  statusCodes: [string, number][];
  b: LayerState;
  e: LayerState;
}

const K1 = 1.2;
const B = 0.75;
const STATUS_FORGOTTEN = 1;
/** Scratch for one unpacked (term, tf) pair. */
const PAIR = new Int32Array(2);

/** One (namespace, current) slice of a layer: slots of rows and a posting list per term. */
class Partition {
  size = 0;
  dead = 0;
  rowids = new Float64Array(64);
  lengths = new Int32Array(64);
  statuses = new Uint8Array(64);
  alive = new Uint8Array(64);
  /**
   * Each row's distinct (term id, tf) pairs live in `pool` from word `from[slot]`, `count[slot]`
   * pairs, one word each as a rule (`packPair`: 4 bytes, not 8).
   */
  from = new Int32Array(64);
  count = new Int32Array(64);
  pool = new Uint32Array(256);
  poolSize = 0;
  /** Pairs in the pool, live and dead (a pair may take more than one word). */
  pairs = 0;
  /**
   * By term id: [postings, slot, slot, …], and beside it in `tfs` each posting's tf at the same
   * index, in one byte (`TF_MORE`: 255 or more, read from the row's pool pairs): 5 bytes a
   * posting, not 8. Built at once from the pool after a bulk load.
   */
  postings: (Int32Array | undefined)[] = [];
  tfs: (Uint8Array | undefined)[] = [];
  /**
   * By term id, over every posting the list has held: the largest tf and the shortest row. A
   * term's BM25 part grows with tf and falls with length, so they bound what the term can add to
   * any row's score (`search` with `top` stops once that bound cannot matter). Removing a row
   * leaves them loose, never wrong; `index` makes them tight again.
   */
  maxTf = new Int32Array(0);
  minLength = new Int32Array(0);
  /**
   * False until the postings are built. A non-current partition (archived, retired and superseded
   * rows: most of a long-lived store) builds them on its first search; until then its rows cost
   * only their pool pairs, and current-state queries never pay for them.
   */
  indexed: boolean;
  /**
   * Pairs of terms whose posting lists were compared (`sameSlots`), by `pairKey`: the lists'
   * length when they held the same slots, or -1 when they did not.
   */
  readonly sameSlots = new Map<number, number>();
  /** Ordered pairs of terms compared by `subsetOf`, by key: the first list's length when within the second, or -1. */
  readonly subsets = new Map<number, number>();

  constructor(
    readonly id: number,
    readonly namespace: string,
    indexed = true,
  ) {
    this.indexed = indexed;
  }

  get live(): number {
    return this.size - this.dead;
  }

  /** Adds a row of `count` distinct terms (`terms[i]`, `tfs[i]` times); `post`: into the postings too. */
  add(
    rowid: number,
    length: number,
    status: number,
    terms: Int32Array,
    tfs: Int32Array,
    count: number,
    post: boolean,
  ): number {
    if (this.size === this.rowids.length) {
      const n = this.size * 2;
      this.rowids = growF64(this.rowids, n);
      this.lengths = growI32(this.lengths, n);
      this.statuses = growU8(this.statuses, n);
      this.alive = growU8(this.alive, n);
      this.from = growI32(this.from, n);
      this.count = growI32(this.count, n);
    }
    const slot = this.size++;
    this.rowids[slot] = rowid;
    this.lengths[slot] = length;
    this.statuses[slot] = status;
    this.alive[slot] = 1;
    this.from[slot] = this.poolSize;
    this.count[slot] = count;
    this.pairs += count;
    // At most three words a pair (a term id and a tf past their escapes).
    if (this.poolSize + 3 * count > this.pool.length)
      this.pool = growU32(this.pool, Math.max(this.pool.length * 2, this.poolSize + 3 * count));
    for (let i = 0; i < count; i++) {
      this.poolSize = packPair(this.pool, this.poolSize, terms[i]!, tfs[i]!);
      if (post && this.indexed) this.post(terms[i]!, slot, tfs[i]!);
    }
    return slot;
  }

  /** The tf of `term` in the row at `slot` (a posting's tf byte of `TF_MORE` says "look here"). */
  tfOf(slot: number, term: number): number {
    const pool = this.pool;
    for (let i = 0, p = this.from[slot]!; i < this.count[slot]!; i++) {
      p = unpackPair(pool, p, PAIR);
      if (PAIR[0] === term) return PAIR[1]!;
    }
    throw new Error(`text index: term ${term} is not in slot ${slot}'s pairs`);
  }

  private post(term: number, slot: number, tf: number): void {
    let list = this.postings[term];
    if (term >= this.maxTf.length) {
      const n = Math.max(1024, 2 * term + 2);
      this.maxTf = growI32(this.maxTf, n);
      this.minLength = growI32(this.minLength, n);
    }
    let tfs = this.tfs[term];
    if (!list || !tfs) {
      list = new Int32Array(5);
      tfs = new Uint8Array(5);
      this.postings[term] = list;
      this.tfs[term] = tfs;
      this.maxTf[term] = tf;
      this.minLength[term] = this.lengths[slot]!;
    } else {
      if (tf > this.maxTf[term]!) this.maxTf[term] = tf;
      if (this.lengths[slot]! < this.minLength[term]!) this.minLength[term] = this.lengths[slot]!;
    }
    const n = list[0]!;
    if (2 + n > list.length) {
      list = growI32(list, 2 * (n + 1));
      tfs = growU8(tfs, list.length);
      this.postings[term] = list;
      this.tfs[term] = tfs;
    }
    list[1 + n] = slot;
    tfs[1 + n] = Math.min(tf, TF_MORE);
    list[0] = n + 1;
  }

  /**
   * Its arrays for another thread: the posting lists packed into one array each (a list per term
   * would be a transfer apiece), every other array as it is (handed over, not copied).
   */
  exported(): PartitionState {
    const starts = (lists: (Int32Array | Uint8Array | undefined)[]) => {
      const out = new Int32Array(lists.length + 1);
      for (let t = 0; t < lists.length; t++) out[t + 1] = out[t]! + (lists[t]?.length ?? 0);
      return out;
    };
    const postingStarts = starts(this.postings);
    const tfStarts = starts(this.tfs);
    const postings = new Int32Array(postingStarts[this.postings.length]!);
    const tfs = new Uint8Array(tfStarts[this.tfs.length]!);
    this.postings.forEach((list, t) => {
      if (list) postings.set(list, postingStarts[t]!);
    });
    this.tfs.forEach((list, t) => {
      if (list) tfs.set(list, tfStarts[t]!);
    });
    return {
      id: this.id,
      namespace: this.namespace,
      indexed: this.indexed,
      counts: [this.size, this.dead, this.poolSize, this.pairs],
      rowids: this.rowids,
      lengths: this.lengths,
      statuses: this.statuses,
      alive: this.alive,
      from: this.from,
      count: this.count,
      pool: this.pool,
      postingStarts,
      postings,
      tfStarts,
      tfs,
      maxTf: this.maxTf,
      minLength: this.minLength,
    };
  }

  /** The partition `exported` gave: each posting list a view on the packed array (a list that grows moves out). */
  static adopt(s: PartitionState): Partition {
    const p = new Partition(s.id, s.namespace, s.indexed);
    [p.size, p.dead, p.poolSize, p.pairs] = s.counts;
    p.rowids = s.rowids;
    p.lengths = s.lengths;
    p.statuses = s.statuses;
    p.alive = s.alive;
    p.from = s.from;
    p.count = s.count;
    p.pool = s.pool;
    const unpack = <T extends Int32Array | Uint8Array>(starts: Int32Array, packed: T) => {
      const lists: (T | undefined)[] = new Array(starts.length - 1);
      for (let t = 0; t + 1 < starts.length; t++)
        if (starts[t + 1]! > starts[t]!) lists[t] = packed.subarray(starts[t]!, starts[t + 1]!) as T;
      return lists;
    };
    p.postings = unpack(s.postingStarts, s.postings);
    p.tfs = unpack(s.tfStarts, s.tfs);
    p.maxTf = s.maxTf;
    p.minLength = s.minLength;
    return p;
  }

  /** (Re)builds every posting list from the live slots' pairs, each list allocated once. */
  index(vocabulary: number): void {
    const sizes = new Int32Array(vocabulary);
    const pool = this.pool;
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      for (let i = 0, p = this.from[s]!; i < this.count[s]!; i++) {
        p = unpackPair(pool, p, PAIR);
        sizes[PAIR[0]!]!++;
      }
    }
    const postings: (Int32Array | undefined)[] = new Array(vocabulary);
    const tfs: (Uint8Array | undefined)[] = new Array(vocabulary);
    for (let t = 0; t < vocabulary; t++)
      if (sizes[t]! > 0) {
        postings[t] = new Int32Array(1 + sizes[t]!);
        tfs[t] = new Uint8Array(1 + sizes[t]!);
      }
    const maxTf = new Int32Array(Math.max(1024, vocabulary));
    const minLength = new Int32Array(maxTf.length).fill(0x7fffffff);
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      const length = this.lengths[s]!;
      for (let i = 0, p = this.from[s]!; i < this.count[s]!; i++) {
        p = unpackPair(pool, p, PAIR);
        const term = PAIR[0]!;
        const tf = PAIR[1]!;
        const list = postings[term]!;
        const n = list[0]!;
        list[1 + n] = s;
        tfs[term]![1 + n] = Math.min(tf, TF_MORE);
        list[0] = n + 1;
        if (tf > maxTf[term]!) maxTf[term] = tf;
        if (length < minLength[term]!) minLength[term] = length;
      }
    }
    this.postings = postings;
    this.tfs = tfs;
    this.maxTf = maxTf;
    this.minLength = minLength;
    this.indexed = true;
  }

  /** Gives back the room the row pool kept for growth (after a bulk load, which grew it by doubling). */
  trim(): void {
    if (this.pool.length > this.poolSize + 256) this.pool = this.pool.slice(0, this.poolSize + 256);
  }

  remove(slot: number): void {
    if (!this.alive[slot]) return;
    this.alive[slot] = 0;
    this.dead++;
  }

  /** Drops dead slots (renumbering the rest) and rebuilds the postings; returns old slot → new, or -1. */
  compact(vocabulary: number): Int32Array {
    const remap = new Int32Array(this.size).fill(-1);
    const pool = new Uint32Array(Math.max(256, this.poolSize));
    let used = 0;
    let next = 0;
    let pairs = 0;
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      remap[s] = next;
      const from = this.from[s]!;
      const count = this.count[s]!;
      let to = from;
      for (let i = 0; i < count; i++) to = unpackPair(this.pool, to, PAIR);
      pool.set(this.pool.subarray(from, to), used);
      this.rowids[next] = this.rowids[s]!;
      this.lengths[next] = this.lengths[s]!;
      this.statuses[next] = this.statuses[s]!;
      this.from[next] = used;
      this.count[next] = count;
      this.alive[next] = 1;
      used += to - from;
      pairs += count;
      next++;
    }
    this.alive.fill(0, next, this.size);
    this.pool = pool;
    this.poolSize = used;
    this.pairs = pairs;
    this.size = next;
    this.dead = 0;
    if (this.indexed) this.index(vocabulary);
    return remap;
  }
}

function growI32(a: Int32Array, n: number) {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
function growU32(a: Uint32Array, n: number) {
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}
function growU8(a: Uint8Array, n: number) {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}
function growF64(a: Float64Array, n: number) {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/** A row with no terms (empty text): it counts in N, and sits in no partition. */
const NO_PARTITION = -1;

/**
 * One namespace's BM25 statistics: its rows (N), their total length and each term's document
 * frequency, over every row of the namespace the layer holds (all statuses, as FTS5 counts). A
 * search scores each row with its own namespace's, so no other namespace's rows move its score.
 */
class NamespaceStats {
  constructor(
    readonly id: number,
    readonly namespace: string,
    public rows = 0,
    public tokens = 0,
    public df = new Int32Array(64),
  ) {}
}

class Layer {
  readonly terms = new Map<string, number>();
  df = new Int32Array(1024);
  /** Scratch for counting a row's terms: the put that last saw each term, and where it counted it. */
  seenBy = new Int32Array(1024);
  countedAt = new Int32Array(1024);
  /** Rowid → entry; an entry is a partition id (or NO_PARTITION) and a slot, in typed arrays. */
  readonly rows: RowTable;
  entryPart = new Int32Array(1024);
  entrySlot = new Int32Array(1024);
  private readonly freeEntries: number[] = [];
  private entries = 0;
  /** Σ row lengths, over every row. */
  tokens = 0;
  readonly partitions = new Map<string, Partition>();
  readonly partitionList: Partition[] = [];
  /** True while a bulk load defers the postings. */
  loading = false;
  /** Each namespace's statistics, by name and by id. */
  readonly namespaces = new Map<string, NamespaceStats>();
  readonly namespaceList: NamespaceStats[] = [];

  constructor(rows?: RowTableState) {
    this.rows = rows ? RowTable.adopt(rows) : new RowTable();
  }

  /** Its contents for another thread (`TextIndex.toTransferable`). */
  exported(): LayerState {
    return {
      terms: [...this.terms.keys()],
      df: this.df,
      rows: this.rows.exported(),
      entryPart: this.entryPart,
      entrySlot: this.entrySlot,
      freeEntries: this.freeEntries,
      entries: this.entries,
      tokens: this.tokens,
      partitions: [...this.partitions].map(([key, part]) => ({ key, part: part.exported() })),
      namespaces: this.namespaceList.map((n) => ({
        namespace: n.namespace,
        rows: n.rows,
        tokens: n.tokens,
        df: n.df as Int32Array<ArrayBuffer>,
      })),
    };
  }

  /** The layer `exported` gave. */
  static adopt(s: LayerState): Layer {
    const l = new Layer(s.rows);
    for (let id = 0; id < s.terms.length; id++) l.terms.set(s.terms[id]!, id);
    l.df = s.df;
    l.seenBy = new Int32Array(s.df.length);
    l.countedAt = new Int32Array(s.df.length);
    l.entryPart = s.entryPart;
    l.entrySlot = s.entrySlot;
    l.freeEntries.push(...s.freeEntries);
    l.entries = s.entries;
    l.tokens = s.tokens;
    for (const { key, part } of s.partitions) {
      const p = Partition.adopt(part);
      if (p.id !== l.partitionList.length)
        throw new Error("TextIndex.fromTransferable: partitions out of order");
      l.partitions.set(key, p);
      l.partitionList.push(p);
    }
    for (const n of s.namespaces) {
      const stats = new NamespaceStats(l.namespaceList.length, n.namespace, n.rows, n.tokens, n.df);
      l.namespaces.set(n.namespace, stats);
      l.namespaceList.push(stats);
    }
    return l;
  }

  /** The namespace's statistics (made empty on first use when `create`). */
  namespaceStats(namespace: string, create: boolean): NamespaceStats | undefined {
    let n = this.namespaces.get(namespace);
    if (!n && create) {
      n = new NamespaceStats(this.namespaceList.length, namespace);
      this.namespaces.set(namespace, n);
      this.namespaceList.push(n);
    }
    return n;
  }

  termId(term: string, create: boolean): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      if (!create) return -1;
      id = this.terms.size;
      this.terms.set(term, id);
      if (id >= this.df.length) {
        this.df = growI32(this.df, this.df.length * 2);
        this.seenBy = growI32(this.seenBy, this.df.length);
        this.countedAt = growI32(this.countedAt, this.df.length);
      }
    }
    return id;
  }

  partition(namespace: string, current: boolean, create: boolean): Partition | undefined {
    const key = `${current ? 1 : 0}\u0000${namespace}`;
    let p = this.partitions.get(key);
    if (!p && create) {
      p = new Partition(this.partitionList.length, namespace, current);
      this.partitions.set(key, p);
      this.partitionList.push(p);
    }
    return p;
  }

  setEntry(rowid: number, part: number, slot: number): void {
    let e = this.freeEntries.pop();
    if (e === undefined) {
      e = this.entries++;
      if (e >= this.entryPart.length) {
        this.entryPart = growI32(this.entryPart, this.entryPart.length * 2);
        this.entrySlot = growI32(this.entrySlot, this.entryPart.length);
      }
    }
    this.entryPart[e] = part;
    this.entrySlot[e] = slot;
    this.rows.set(rowid, e);
  }

  deleteEntry(rowid: number, e: number): void {
    this.rows.delete(rowid);
    this.freeEntries.push(e);
  }
}

/**
 * The candidates of one search, handed out best first (score descending, then rowid). A search
 * with `top` holds only rows that can be among its best `top` (`certain` = top): asking past them
 * runs the whole search once (`widen`) and goes on from there, so every hit handed out is the
 * exhaustive search's hit at that rank.
 */
export class Ranking {
  private taken = 0;
  private sorted: TextHit[] | null = null;

  constructor(
    private scores: Float64Array,
    private rowids: Float64Array,
    /** Rows held: every row that matched a phrase, or (a search with `top`) the rows kept. */
    private held: number,
    private certain = held,
    private widen: (() => Ranking) | null = null,
  ) {}

  get size(): number {
    return this.held;
  }

  /** The next `count` hits in rank order (fewer when the candidates run out). */
  take(count: number): TextHit[] {
    if (this.widen && this.taken + count > this.certain) {
      const all = this.widen();
      this.widen = null;
      this.scores = all.scores;
      this.rowids = all.rowids;
      this.held = all.held;
      this.certain = all.held;
      this.sorted = null;
    }
    const end = Math.min(this.size, this.taken + count);
    if (end <= this.taken) return [];
    let out: TextHit[];
    if (!this.sorted && this.taken === 0 && end * 8 < this.size) out = this.best(end);
    else {
      this.sorted ??= this.all();
      out = this.sorted.slice(this.taken, end);
    }
    this.taken = end;
    return out;
  }

  private all(): TextHit[] {
    const out: TextHit[] = [];
    for (let i = 0; i < this.size; i++) out.push({ rowid: this.rowids[i]!, score: this.scores[i]! });
    return out.sort(byRank);
  }

  /** The best `k` without sorting every candidate: a bounded heap of candidate indexes, worst on top. */
  private best(k: number): TextHit[] {
    const { scores, rowids } = this;
    const worse = (a: number, b: number) =>
      scores[a]! < scores[b]! || (scores[a] === scores[b] && rowids[a]! > rowids[b]!);
    const heap = new Int32Array(k);
    let n = 0;
    for (let i = 0; i < this.size; i++) {
      if (n < k) {
        let j = n++;
        while (j > 0) {
          const p = (j - 1) >> 1;
          if (!worse(i, heap[p]!)) break;
          heap[j] = heap[p]!;
          j = p;
        }
        heap[j] = i;
      } else if (worse(heap[0]!, i)) {
        let j = 0;
        for (;;) {
          const l = 2 * j + 1;
          if (l >= k) break;
          const r = l + 1;
          const c = r < k && worse(heap[r]!, heap[l]!) ? r : l;
          if (!worse(heap[c]!, i)) break;
          heap[j] = heap[c]!;
          j = c;
        }
        heap[j] = i;
      }
    }
    const out: TextHit[] = [];
    for (let j = 0; j < n; j++) out.push({ rowid: rowids[heap[j]!]!, score: scores[heap[j]!]! });
    return out.sort(byRank);
  }
}

const byRank = (a: TextHit, b: TextHit) => b.score - a.score || a.rowid - b.rowid;

interface Weights {
  ids: number[];
  idf: number[];
  avgdl: number;
}

/**
 * The phrases the namespace holds, as term ids, with their idf (FTS5's arithmetic over the
 * namespace's own N and document frequencies), and the namespace's average row length.
 */
function weights(l: Layer, ns: NamespaceStats | undefined, phrases: readonly string[]): Weights {
  const ids: number[] = [];
  const idf: number[] = [];
  if (!ns || ns.rows === 0) return { ids, idf, avgdl: 0 };
  const n = ns.rows;
  for (const p of phrases) {
    const id = l.termId(p, false);
    if (id < 0 || id >= ns.df.length || ns.df[id] === 0) continue;
    const hits = ns.df[id]!;
    const v = libmLog((n - hits + 0.5) / (hits + 0.5));
    ids.push(id);
    idf.push(v <= 0 ? 1e-6 : v);
  }
  return { ids, idf, avgdl: ns.tokens / n };
}

/** One query term's part of a row's BM25 score: FTS5's arithmetic, operation for operation. */
function termScore(idf: number, tf: number, length: number, avgdl: number): number {
  return idf * ((tf * (K1 + 1.0)) / (tf + K1 * (1 - B + (B * length) / avgdl)));
}

/** A twin list's part of a row's score in `prune` (`tf` its posting's byte, as the list's own). */
function twinScore(
  part: Partition,
  slot: number,
  tf: number,
  idf: number,
  term: number,
  avgdl: number,
): number {
  return termScore(idf, tf === TF_MORE ? part.tfOf(slot, term) : tf, part.lengths[slot]!, avgdl);
}

/** `Partition.sameSlots`' key for two term ids (none past 2^26 terms: compared each time then). */
const pairKey = (a: number, b: number) =>
  Math.max(a, b) < 0x4000000 ? Math.min(a, b) * 0x4000000 + Math.max(a, b) : -1;

/**
 * Whether terms `a` and `b` have posting lists holding the same slots in `part` (two words every
 * row holds both or neither of). Compared once per pair and length (`Partition.sameSlots`): one
 * walk of both lists, a fraction of one search's walk of either.
 */
function sameSlots(part: Partition, a: number, b: number): boolean {
  const x = part.postings[a]!;
  const y = part.postings[b]!;
  const n = x[0]!;
  if (y[0] !== n) return false;
  if (a === b) return true;
  const key = pairKey(a, b);
  const at = key < 0 ? undefined : part.sameSlots.get(key);
  if (at === n) return true;
  // -1: a slot differs. A list only grows at its end (its slots stay), and a rebuild renumbers
  // every list's slots alike, so lists that differed in a live slot still differ.
  if (at === -1) return false;
  let same = true;
  for (let i = 1; i <= n; i++)
    if (x[i] !== y[i]) {
      same = false;
      break;
    }
  if (key >= 0) {
    if (part.sameSlots.size >= SAME_SLOTS_KEPT) part.sameSlots.clear();
    part.sameSlots.set(key, same ? n : -1);
  }
  return same;
}

/** Lists shorter than this are not compared by `subsetOf` (walking them costs little anyway). */
const SUBSET_MIN = 1024;

/**
 * Whether every slot of term `a`'s posting list in `part` is in term `b`'s (every row holding the
 * word `a` holds `b`: "ttl" in a store where it only comes as "cache ttl"). Lists under
 * `SUBSET_MIN` postings are not compared (false). Compared once per pair and length of `a`'s list
 * (`Partition.subsets`): one walk of `a`'s list galloping through `b`'s, stopping at the first slot
 * `b` lacks.
 */
function subsetOf(part: Partition, a: number, b: number): boolean {
  if (a === b) return true;
  const x = part.postings[a]!;
  const y = part.postings[b]!;
  const n = x[0]!;
  const ny = y[0]!;
  if (n < SUBSET_MIN || n > ny) return false;
  const key = Math.max(a, b) < 0x4000000 ? a * 0x4000000 + b : -1;
  const at = key < 0 ? undefined : part.subsets.get(key);
  if (at === n) return true;
  // -1: `a` holds a slot `b` lacks. Lists only grow at their end, with slots new to both (a
  // rebuild renumbers every list alike), so that slot stays `a`'s alone.
  if (at === -1) return false;
  let within = true;
  for (let i = 1, j = 1; i <= n; i++) {
    const slot = x[i]!;
    let step = 1;
    while (j + step <= ny && y[j + step - 1]! < slot) step *= 2;
    let hi = Math.min(ny + 1, j + step);
    while (j < hi) {
      const mid = (j + hi) >>> 1;
      if (y[mid]! < slot) j = mid + 1;
      else hi = mid;
    }
    if (j > ny || y[j] !== slot) {
      within = false;
      break;
    }
  }
  if (key >= 0) {
    if (part.subsets.size >= SAME_SLOTS_KEPT) part.subsets.clear();
    part.subsets.set(key, within ? n : -1);
  }
  return within;
}

/** Pairs a partition remembers the comparison of (`sameSlots`), before it forgets them all. */
const SAME_SLOTS_KEPT = 65_536;

/** A row FTS5 matched, as `scoreMatches` reads it. */
export interface MatchedRow {
  rowid: number;
  namespace: string;
  text: string;
}

/**
 * FTS5's BM25 of each matched row with its own namespace's statistics, as the index scores it (the
 * same arithmetic, summed in query order): `phrases` are the query's terms tokenized (a term of
 * several tokens is a phrase, matched as consecutive tokens; one of none matches nothing), `rows`
 * every row of the namespaces that any phrase matches (so each phrase's document frequency is
 * counted from them), `stats` each namespace's rows and total length. Rows matching nothing are
 * left out; the rest come back in the order given.
 *
 *   scoreMatches(tokenizer, [["retri"], ["limit"]], rows, new Map([["default", { rows: 40, tokens: 310 }]]));
 */
export function scoreMatches(
  tokenizer: Fts5Tokenizer,
  phrases: readonly (readonly string[])[],
  rows: readonly MatchedRow[],
  stats: ReadonlyMap<string, { rows: number; tokens: number }>,
): TextHit[] {
  const tfs: Int32Array[] = [];
  const lengths: number[] = [];
  const df = new Map<string, Int32Array>();
  for (const row of rows) {
    const tokens = tokenizer.tokenize(row.text);
    const tf = new Int32Array(phrases.length);
    for (let q = 0; q < phrases.length; q++) {
      const p = phrases[q]!;
      if (p.length === 0) continue;
      for (let i = 0; i + p.length <= tokens.length; i++) {
        let j = 0;
        while (j < p.length && tokens[i + j] === p[j]) j++;
        if (j === p.length) tf[q]!++;
      }
    }
    tfs.push(tf);
    lengths.push(tokens.length);
    let counts = df.get(row.namespace);
    if (!counts) {
      counts = new Int32Array(phrases.length);
      df.set(row.namespace, counts);
    }
    for (let q = 0; q < phrases.length; q++) if (tf[q]! > 0) counts[q]!++;
  }
  const idfs = new Map<string, Float64Array>();
  for (const [namespace, counts] of df) {
    const n = stats.get(namespace)?.rows ?? 0;
    const idf = new Float64Array(phrases.length);
    for (let q = 0; q < phrases.length; q++) {
      const v = libmLog((n - counts[q]! + 0.5) / (counts[q]! + 0.5));
      idf[q] = v <= 0 ? 1e-6 : v;
    }
    idfs.set(namespace, idf);
  }
  const out: TextHit[] = [];
  rows.forEach((row, r) => {
    const st = stats.get(row.namespace);
    if (!st || st.rows === 0) return;
    const avgdl = st.tokens / st.rows;
    const idf = idfs.get(row.namespace)!;
    const tf = tfs[r]!;
    let score = 0;
    let matched = false;
    for (let q = 0; q < phrases.length; q++) {
      if (tf[q] === 0) continue;
      score = score + termScore(idf[q]!, tf[q]!, lengths[r]!, avgdl);
      matched = true;
    }
    if (matched) out.push({ rowid: row.rowid, score });
  });
  return out;
}

/** Row lengths below this get their own bounds in `prune` (longer rows use the lists' bounds). */
const LENGTH_BOUNDS = 512;

/** Relative slack on pruning's comparisons, for partial sums added in another order than FTS5's. */
const SLACK_UP = 1 + 1e-9;
const SLACK_DOWN = 1 - 1e-9;

export class TextIndex {
  private readonly tokenizer: Fts5Tokenizer;
  private layers: Record<TextLayer, Layer> = { b: new Layer(), e: new Layer() };
  private readonly statusCodes = new Map<string, number>([["forgotten", STATUS_FORGOTTEN]]);
  private acc = new Float64Array(1024);
  private touched = new Int32Array(1024);
  private foundScores = new Float64Array(1024);
  private foundRowids = new Float64Array(1024);
  /** `prune`'s scratch: its min-heap of the best scores, its lists' cursors, the rows it keeps. */
  private heap = new Float64Array(128);
  private cursorAt = new Int32Array(16);
  private cursorEnds = new Int32Array(16);
  private prefix = new Float64Array(16);
  private without = new Float64Array(16);
  private requiredLists = new Int32Array(16);
  private requiredOrder = new Int32Array(16);
  private keptSlots = new Int32Array(1024);
  /**
   * `prune`'s bounds by row length: for a row of length L < LENGTH_BOUNDS, `lengthPrefix[L·m + i]`
   * is lists 0…i's bounds added up at that length (filled when a row of that length first comes
   * up in a search: `lengthSeen[L]` holds the search's stamp).
   */
  private lengthPrefix = new Float64Array(0);
  private lengthSeen = new Int32Array(LENGTH_BOUNDS);
  private pruneStamp = 0;
  private allowedTable = new Uint8Array(256);
  /** `prune`'s scratch: a kept row's tf of each query word. */
  private tfByWord = new Int32Array(24);
  private keptScores = new Float64Array(1024);
  /**
   * What the last search read (for tests and benchmarks): postings walked in list order, rows
   * looked up in a list by `prune`'s galloping search, the postings of the lists it searched, and
   * how many lists were still essential when it ended (summed over partitions).
   */
  readonly work = { walked: 0, lookedUp: 0, postings: 0, essential: 0 };
  /** A row's distinct term ids and counts while it is added. */
  private rowTerms = new Int32Array(256);
  private rowTfs = new Int32Array(256);
  private puts = 0;

  constructor(tokenizer = new Fts5Tokenizer()) {
    this.tokenizer = tokenizer;
  }

  /** Adds or replaces a row. */
  put(layer: TextLayer, rowid: number, row: TextRow): void {
    this.remove(layer, rowid);
    const l = this.layers[layer];
    const tokens = this.tokenizer.tokenize(row.text);
    if (tokens.length > this.rowTerms.length) {
      this.rowTerms = new Int32Array(tokens.length);
      this.rowTfs = new Int32Array(tokens.length);
    }
    const terms = this.rowTerms;
    const tfs = this.rowTfs;
    if (this.puts === 0x7fffffff) {
      this.puts = 0;
      for (const each of Object.values(this.layers)) each.seenBy.fill(0);
    }
    const stamp = ++this.puts;
    const ns = l.namespaceStats(row.namespace, true)!;
    let count = 0;
    for (const t of tokens) {
      const id = l.termId(t, true);
      if (l.seenBy[id] === stamp) tfs[l.countedAt[id]!]!++;
      else {
        l.seenBy[id] = stamp;
        l.countedAt[id] = count;
        terms[count] = id;
        tfs[count++] = 1;
        l.df[id]!++;
        if (id >= ns.df.length) ns.df = growI32(ns.df, Math.max(ns.df.length * 2, l.terms.size));
        ns.df[id]!++;
      }
    }
    l.tokens += tokens.length;
    ns.rows++;
    ns.tokens += tokens.length;
    if (count === 0) {
      // The slot of a row in no partition names its namespace's statistics.
      l.setEntry(rowid, NO_PARTITION, ns.id);
      return;
    }
    const part = l.partition(row.namespace, row.current, true)!;
    const slot = part.add(rowid, tokens.length, this.statusCode(row.status), terms, tfs, count, !l.loading);
    l.setEntry(rowid, part.id, slot);
  }

  remove(layer: TextLayer, rowid: number): void {
    const l = this.layers[layer];
    const e = l.rows.get(rowid);
    if (e === undefined) return;
    l.deleteEntry(rowid, e);
    if (l.entryPart[e] === NO_PARTITION) {
      l.namespaceList[l.entrySlot[e]!]!.rows--;
      return;
    }
    const part = l.partitionList[l.entryPart[e]!]!;
    const slot = l.entrySlot[e]!;
    const ns = l.namespaceStats(part.namespace, false)!;
    l.tokens -= part.lengths[slot]!;
    ns.rows--;
    ns.tokens -= part.lengths[slot]!;
    for (let i = 0, p = part.from[slot]!; i < part.count[slot]!; i++) {
      p = unpackPair(part.pool, p, PAIR);
      l.df[PAIR[0]!]!--;
      ns.df[PAIR[0]!]!--;
    }
    part.remove(slot);
    // Dead slots still cost a posting visit each: compact once they are a quarter of the partition.
    if (!l.loading && part.dead > 64 && part.dead * 4 > part.size) {
      part.compact(l.terms.size);
      for (let s = 0; s < part.size; s++) l.entrySlot[l.rows.get(part.rowids[s]!)!] = s;
    }
  }

  /** Replaces the layer with `rows`, every posting list allocated once at the end. */
  load(layer: TextLayer, rows: Iterable<readonly [number, TextRow]>): void {
    const l = new Layer();
    this.layers[layer] = l;
    l.loading = true;
    for (const [rowid, row] of rows) this.put(layer, rowid, row);
    l.loading = false;
    for (const part of l.partitionList) {
      if (part.indexed) part.index(l.terms.size);
      part.trim();
    }
  }

  /** Forgets every row of the layer. */
  clear(layer: TextLayer): void {
    this.layers[layer] = new Layer();
  }

  /**
   * The index as plain data and the buffers to transfer with it, for a worker thread to hand
   * back what it built: typed arrays are moved (this index is unusable afterwards), each
   * partition's posting lists packed into one array; the vocabulary (strings) is cloned.
   * `fromTransferable` makes the same index again: every search, put and remove on it gives what
   * it gives on this one.
   *
   *   const { state, transfer } = index.toTransferable();
   *   port.postMessage(state, transfer);
   *   // elsewhere: TextIndex.fromTransferable(state)
   */
  toTransferable(): { state: TextIndexState; transfer: ArrayBuffer[] } {
    const state: TextIndexState = {
      statusCodes: [...this.statusCodes],
      b: this.layers.b.exported(),
      e: this.layers.e.exported(),
    };
    const buffers = new Set<ArrayBuffer>();
    collectBuffers(state, buffers);
    return { state, transfer: [...buffers] };
  }

  /** The index `toTransferable` gave. */
  static fromTransferable(state: TextIndexState, tokenizer?: Fts5Tokenizer): TextIndex {
    const index = new TextIndex(tokenizer);
    index.statusCodes.clear();
    for (const [name, code] of state.statusCodes) index.statusCodes.set(name, code);
    index.layers.b = Layer.adopt(state.b);
    index.layers.e = Layer.adopt(state.e);
    return index;
  }

  /** Bytes of the layer's partitions' typed arrays: row tables, pools and the postings built so far. */
  bytes(layer: TextLayer): number {
    let n = 0;
    for (const part of this.layers[layer].partitionList) {
      n +=
        part.rowids.byteLength + part.lengths.byteLength + part.statuses.byteLength + part.alive.byteLength;
      n += part.from.byteLength + part.count.byteLength + part.pool.byteLength;
      for (const list of part.postings) if (list) n += list.byteLength;
      for (const tfs of part.tfs) if (tfs) n += tfs.byteLength;
    }
    return n;
  }

  /** Rows and their total length: FTS5's N and Σ dl. */
  stats(layer: TextLayer): { rows: number; tokens: number } {
    const l = this.layers[layer];
    return { rows: l.rows.size, tokens: l.tokens };
  }

  /**
   * The query's phrases as index terms, one per term, or null when a term is not exactly one
   * token (FTS5 would read it as a multi-token phrase, or an empty one): the caller asks FTS5.
   */
  phrases(terms: readonly string[]): string[] | null {
    const out: string[] = [];
    for (const t of terms) {
      const tokens = this.tokenizer.tokenize(t);
      if (tokens.length !== 1) return null;
      out.push(tokens[0]!);
    }
    return out;
  }

  /**
   * Every row of the namespaces in scope matching any phrase, scored as FTS5's bm25 scores it.
   * With `top`, only the rows that can be among the best `top` are scored in full (max-score
   * pruning, `prune`): the same hits and scores to the last bit for the first `top`, and the
   * Ranking runs the whole search if asked for more.
   */
  search(
    layer: TextLayer,
    phrases: readonly string[],
    namespaces: readonly string[],
    scope: TextScope,
    top?: number,
  ): Ranking {
    const l = this.layers[layer];
    const allowed = this.allowed(scope.statuses);
    const allowedCodes = this.allowedCodes(scope.statuses);
    // Each partition scored with its namespace's own statistics.
    const parts: [Partition, Weights][] = [];
    for (const ns of new Set(namespaces)) {
      const w = weights(l, l.namespaceStats(ns, false), phrases);
      const current = l.partition(ns, true, false);
      if (current) parts.push([current, w]);
      if (!scope.currentOnly) {
        const other = l.partition(ns, false, false);
        if (other) parts.push([other, w]);
      }
    }
    const pruned = top !== undefined && top > 0;
    this.work.walked = 0;
    this.work.lookedUp = 0;
    this.work.postings = 0;
    this.work.essential = 0;
    let found = 0;
    for (const [part, { ids, idf, avgdl }] of parts) {
      if (part.live === 0 || ids.length === 0) continue;
      if (!part.indexed) part.index(l.terms.size);
      if (this.acc.length < part.size) {
        this.acc = new Float64Array(Math.max(part.size, this.acc.length * 2));
        this.touched = new Int32Array(this.acc.length);
      }
      found = pruned
        ? this.prune(part, ids, idf, avgdl, allowedCodes, top, found)
        : this.exhaustive(part, ids, idf, avgdl, allowed, found);
    }
    const scores = this.foundScores.slice(0, found);
    const rowids = this.foundRowids.slice(0, found);
    if (!pruned) return new Ranking(scores, rowids, found);
    return new Ranking(scores, rowids, found, top, () => this.search(layer, phrases, namespaces, scope));
  }

  /**
   * The named rows' scores for the phrases, as `search` scores them (the same statistics and
   * arithmetic, to the last bit), whatever their status; a row the index does not hold, outside
   * the namespaces, or matching no phrase is left out. In the order asked.
   *
   *   index.scoreRows("e", index.phrases(["retry", "limits"])!, [7, 12], ["default"]); // [{ rowid: 7, score: … }]
   */
  scoreRows(
    layer: TextLayer,
    phrases: readonly string[],
    rowids: readonly number[],
    namespaces: readonly string[],
  ): TextHit[] {
    const l = this.layers[layer];
    const out: TextHit[] = [];
    // Each row scored with its namespace's own statistics.
    const inScope = new Map<string, Weights>();
    for (const ns of namespaces) inScope.set(ns, weights(l, l.namespaceStats(ns, false), phrases));
    for (const rowid of rowids) {
      const e = l.rows.get(rowid);
      if (e === undefined || l.entryPart[e] === NO_PARTITION) continue;
      const part = l.partitionList[l.entryPart[e]!]!;
      const w = inScope.get(part.namespace);
      if (!w || w.ids.length === 0) continue;
      const { ids, idf, avgdl } = w;
      const s = l.entrySlot[e]!;
      // Summed in query order, as `exhaustive` sums them.
      let score = 0;
      let matched = false;
      for (let q = 0; q < ids.length; q++) {
        const term = ids[q]!;
        for (let i = 0, p = part.from[s]!; i < part.count[s]!; i++) {
          p = unpackPair(part.pool, p, PAIR);
          if (PAIR[0] === term) {
            score = score + termScore(idf[q]!, PAIR[1]!, part.lengths[s]!, avgdl);
            matched = true;
            break;
          }
        }
      }
      if (matched) out.push({ rowid, score });
    }
    return out;
  }

  /** Room in `found…` for `more` hits past `found`. */
  private reserve(found: number, more: number): void {
    if (this.foundScores.length >= found + more) return;
    const n = Math.max(found + more, this.foundScores.length * 2);
    this.foundScores = growF64(this.foundScores, n);
    this.foundRowids = growF64(this.foundRowids, n);
  }

  /** Scores every row of `part` matching a query term into `found…`; returns the new count. */
  private exhaustive(
    part: Partition,
    ids: readonly number[],
    idf: readonly number[],
    avgdl: number,
    allowed: (code: number) => boolean,
    found: number,
  ): number {
    const acc = this.acc;
    const touched = this.touched;
    let nTouched = 0;
    const lengths = part.lengths;
    // Term at a time, in query order: each row's sum is built in FTS5's order, so it is the same double.
    for (let q = 0; q < ids.length; q++) {
      const term = ids[q]!;
      const list = part.postings[term];
      const tfs = part.tfs[term];
      if (!list || !tfs) continue;
      const w = idf[q]!;
      const end = 1 + list[0]!;
      this.work.walked += end - 1;
      for (let i = 1; i < end; i++) {
        const s = list[i]!;
        const tf = tfs[i]!;
        const score = termScore(w, tf === TF_MORE ? part.tfOf(s, term) : tf, lengths[s]!, avgdl);
        if (acc[s] === 0) touched[nTouched++] = s;
        acc[s] = acc[s]! + score;
      }
    }
    this.reserve(found, nTouched);
    for (let i = 0; i < nTouched; i++) {
      const s = touched[i]!;
      const score = acc[s]!;
      acc[s] = 0;
      if (!part.alive[s] || !allowed(part.statuses[s]!)) continue;
      this.foundScores[found] = score;
      this.foundRowids[found++] = part.rowids[s]!;
    }
    return found;
  }

  /**
   * Max-score pruning, document at a time (MaxScore, Turtle & Flood 1995): the rows of `part`
   * that can be among its best `top`, each with its exact score, into `found…`; returns the new
   * count.
   *
   * Each query term's list adds at most its bound (idf × the BM25 part at the list's largest tf
   * and shortest row) to any row. The lists are ordered by bound, smallest first, and walked
   * together in slot order (each list is sorted by slot). θ is the `top`-th best score so far
   * among the rows that are alive and allowed. The lists whose bounds add up to less than θ are
   * *non-essential*: a row only they hold cannot reach θ, so candidates come only from the other
   * (essential) lists, and a candidate looks itself up in a non-essential list (a galloping
   * search forward from where that list's cursor stands) only while its score so far plus the
   * bounds of the lists not yet looked at can still reach θ. As θ grows, more lists become
   * non-essential: on common words the long lists are looked into, not walked.
   *
   * A list is *required* once the bounds of every other list add up to less than θ: a row without
   * it cannot reach θ. The essential lists' walk then leaps, every cursor galloping forward, to
   * the next slot all required lists hold, without reading the rows in between (their lengths,
   * statuses, look-ups): on common words whose top rows share two or three of them, most of the
   * rarest word's list is passed over.
   *
   * Every row that can score at least the final θ is kept, ties included, and scored again from
   * its own (term, tf) pairs in query order, FTS5's order of addition, so each score is the same
   * double as the exhaustive search's. A slack of 1e-9 on every comparison covers the running
   * sums' different order of addition.
   */
  private prune(
    part: Partition,
    ids: readonly number[],
    idf: readonly number[],
    avgdl: number,
    allowed: Uint8Array,
    top: number,
    found: number,
  ): number {
    // The query's lists in this partition, smallest bound first. A list holding exactly the
    // slots of an earlier one (two words that always occur together: "deploy day", "log level")
    // is its *twin*: walked as one list, the pair's bound and score the two words' together.
    const order: number[] = [];
    const bound: number[] = [];
    /** twinOf[q]: the later query word whose list is q's, or -1; q's bound then includes it. */
    const twinOf: number[] = [];
    for (let q = 0; q < ids.length; q++) {
      const term = ids[q]!;
      const list = part.postings[term];
      const u = list ? termScore(idf[q]!, part.maxTf[term]!, part.minLength[term]!, avgdl) : 0;
      bound.push(u * SLACK_UP);
      twinOf.push(-1);
      if (u <= 0) continue;
      const leader =
        list![0]! < SUBSET_MIN
          ? undefined
          : order.find((r) => twinOf[r] === -1 && sameSlots(part, ids[r]!, term));
      if (leader === undefined) {
        order.push(q);
        continue;
      }
      twinOf[leader] = q;
      bound[leader] = bound[leader]! + u * SLACK_UP;
    }
    order.sort((a, b) => bound[a]! - bound[b]! || a - b);
    const m = order.length;
    if (m === 0) return found;
    const lists: Int32Array[] = [];
    const tfLists: Uint8Array[] = [];
    const weights: number[] = [];
    const terms: number[] = [];
    const maxTfs: number[] = [];
    /** By list: its twin's tfs (the same index as the list's own), weight, term and largest tf, or null. */
    const twinTfs: (Uint8Array | null)[] = [];
    const twinWeights: number[] = [];
    const twinTerms: number[] = [];
    const twinMaxTfs: number[] = [];
    const cursor = this.cursors(m);
    const ends = this.cursorEnds;
    /** prefix[i]: the bounds of lists 0…i added up. */
    const prefix = this.prefix;
    /** without[i]: the bounds of every list but i added up (what a row lacking list i can reach). */
    const without = this.without;
    for (let i = 0; i < m; i++) {
      const q = order[i]!;
      const list = part.postings[ids[q]!]!;
      lists.push(list);
      tfLists.push(part.tfs[ids[q]!]!);
      weights.push(idf[q]!);
      terms.push(ids[q]!);
      maxTfs.push(part.maxTf[ids[q]!]!);
      const t = twinOf[q]!;
      twinTfs.push(t < 0 ? null : part.tfs[ids[t]!]!);
      twinWeights.push(t < 0 ? 0 : idf[t]!);
      twinTerms.push(t < 0 ? -1 : ids[t]!);
      twinMaxTfs.push(t < 0 ? 0 : part.maxTf[ids[t]!]!);
      cursor[i] = 1;
      ends[i] = 1 + list[0]!;
      prefix[i] = (i === 0 ? 0 : prefix[i - 1]!) + bound[q]!;
    }
    // A row lacking list i lacks every list held within it (`subsetOf`: "ttl" within "cache",
    // "cron" within "job"), so it reaches at most the other lists' bounds.
    // Short lists are never compared (`SUBSET_MIN`): a search of only short lists skips it all.
    let long = 0;
    for (let i = 0; i < m; i++) if (lists[i]![0]! >= SUBSET_MIN) long++;
    for (let i = 0; i < m; i++) {
      let sum = 0;
      for (let j = 0; j < m; j++)
        if (j !== i && (long < 2 || !subsetOf(part, ids[order[j]!]!, ids[order[i]!]!)))
          sum += bound[order[j]!]!;
      without[i] = sum;
    }
    /** The lists by `without`, smallest first: the order they become required in. */
    const byWithout = this.byWithout(m);
    // Without a list within another, a larger bound leaves a smaller `without`: the last list first.
    for (let i = 0; i < m; i++) byWithout[i] = m - 1 - i;
    if (long >= 2) byWithout.subarray(0, m).sort((a, b) => without[a]! - without[b]! || b - a);
    let nextRequired = 0;
    if (this.heap.length < top) this.heap = new Float64Array(top);
    const heap = this.heap;
    if (this.lengthPrefix.length < LENGTH_BOUNDS * m) this.lengthPrefix = new Float64Array(LENGTH_BOUNDS * m);
    if (this.pruneStamp === 0x7fffffff) {
      this.pruneStamp = 0;
      this.lengthSeen.fill(0);
    }
    const stamp = ++this.pruneStamp;
    let inHeap = 0;
    let theta = Number.NEGATIVE_INFINITY;
    /** Lists 0…essential−1 are non-essential. */
    let essential = 0;
    /**
     * The required lists, `requiredLists[0…required)`, largest index first: every row that can
     * reach θ holds them (`without` < θ).
     */
    const requiredLists = this.requiredLists;
    let required = 0;
    const lengths = part.lengths;
    const alive = part.alive;
    const statuses = part.statuses;
    let kept = 0;
    let walked = 0;
    let lookedUp = 0;
    for (;;) {
      let d: number;
      let score = 0;
      if (essential === m - 1) {
        // One essential list (the common case once θ has grown): its next posting is the candidate.
        let c = cursor[essential]!;
        if (c >= ends[essential]!) break;
        d = lists[essential]![c]!;
        if (required > 0 && (required > 1 || requiredLists[0] !== essential)) {
          // Required non-essential lists, largest bound first: a slot one of them lacks cannot
          // reach θ, so the essential list leaps to that list's next slot (both galloping
          // forward) without reading the rows in between.
          let k = 0;
          while (k < required) {
            const i = requiredLists[k]!;
            if (i === essential) {
              k++;
              continue;
            }
            const at = this.seek(lists[i]!, cursor[i]!, ends[i]!, d);
            cursor[i] = at;
            lookedUp++;
            if (at >= ends[i]!) {
              c = ends[essential]!;
              break;
            }
            const next = lists[i]![at]!;
            if (next === d) {
              k++;
              continue;
            }
            c = this.seek(lists[essential]!, c, ends[essential]!, next);
            if (c >= ends[essential]!) break;
            d = lists[essential]![c]!;
            k = 0;
          }
          if (c >= ends[essential]!) {
            cursor[essential] = c;
            break;
          }
        }
        cursor[essential] = c + 1;
        walked++;
        if (alive[d] !== 1 || allowed[statuses[d]!] !== 1) continue;
        const tf = tfLists[essential]![c]!;
        score = termScore(
          weights[essential]!,
          tf === TF_MORE ? part.tfOf(d, terms[essential]!) : tf,
          lengths[d]!,
          avgdl,
        );
        const twin = twinTfs[essential];
        if (twin)
          score += twinScore(part, d, twin[c]!, twinWeights[essential]!, twinTerms[essential]!, avgdl);
      } else {
        // The next candidate: the smallest slot under an essential list's cursor.
        d = 0x7fffffff;
        for (let i = essential; i < m; i++)
          if (cursor[i]! < ends[i]!) d = Math.min(d, lists[i]![cursor[i]!]!);
        if (d === 0x7fffffff) break;
        if (required > 0) {
          // Only a slot every required list holds can reach θ: the candidate moves on to the
          // next such slot that an essential list holds, every cursor galloping forward.
          d = this.leap(lists, cursor, ends, essential, requiredLists, required, m, d);
          if (d === 0x7fffffff) break;
        }
        const eligible = alive[d] === 1 && allowed[statuses[d]!] === 1;
        for (let i = essential; i < m; i++) {
          const c = cursor[i]!;
          if (c >= ends[i]! || lists[i]![c] !== d) continue;
          cursor[i] = c + 1;
          walked++;
          if (!eligible) continue;
          const tf = tfLists[i]![c]!;
          score += termScore(weights[i]!, tf === TF_MORE ? part.tfOf(d, terms[i]!) : tf, lengths[d]!, avgdl);
          const twin = twinTfs[i];
          if (twin) score += twinScore(part, d, twin[c]!, twinWeights[i]!, twinTerms[i]!, avgdl);
        }
        if (!eligible) continue;
      }
      // The non-essential lists, largest bound first, while the row can still reach θ: bounded at
      // the row's own length (the lists' largest tf there), tighter than at their shortest rows.
      const length = lengths[d]!;
      let byLength = prefix;
      let at = 0;
      if (length < LENGTH_BOUNDS && essential > 0) {
        byLength = this.lengthPrefix;
        at = length * m;
        if (this.lengthSeen[length] !== stamp) {
          this.lengthSeen[length] = stamp;
          let sum = 0;
          for (let j = 0; j < m; j++) {
            sum += termScore(weights[j]!, maxTfs[j]!, length, avgdl) * SLACK_UP;
            if (twinTfs[j]) sum += termScore(twinWeights[j]!, twinMaxTfs[j]!, length, avgdl) * SLACK_UP;
            byLength[at + j] = sum;
          }
        }
      }
      let i = essential - 1;
      for (; i >= 0; i--) {
        if ((score + byLength[at + i]!) * SLACK_UP < theta) break;
        const list = lists[i]!;
        const end = ends[i]!;
        lookedUp++;
        const lo = this.seek(list, cursor[i]!, end, d);
        cursor[i] = lo;
        if (lo < end && list[lo] === d) {
          const tf = tfLists[i]![lo]!;
          score += termScore(weights[i]!, tf === TF_MORE ? part.tfOf(d, terms[i]!) : tf, lengths[d]!, avgdl);
          const twin = twinTfs[i];
          if (twin) score += twinScore(part, d, twin[lo]!, twinWeights[i]!, twinTerms[i]!, avgdl);
        }
      }
      if (i >= 0 || score * SLACK_UP < theta) continue;
      this.keep(kept++, d, score);
      if (inHeap < top) {
        let j = inHeap++;
        while (j > 0) {
          const p = (j - 1) >> 1;
          if (heap[p]! <= score) break;
          heap[j] = heap[p]!;
          j = p;
        }
        heap[j] = score;
        if (inHeap < top) continue;
      } else {
        if (score <= heap[0]!) continue;
        let j = 0;
        for (;;) {
          const l = 2 * j + 1;
          if (l >= top) break;
          const r = l + 1;
          const c = r < top && heap[r]! < heap[l]! ? r : l;
          if (heap[c]! >= score) break;
          heap[j] = heap[c]!;
          j = c;
        }
        heap[j] = score;
      }
      theta = heap[0]! * SLACK_DOWN;
      while (essential < m && prefix[essential]! < theta) essential++;
      while (nextRequired < m && without[byWithout[nextRequired]!]! < theta) {
        // Kept largest index first (a larger bound first, as the lists are sorted).
        const i = byWithout[nextRequired++]!;
        let k = required++;
        for (; k > 0 && requiredLists[k - 1]! < i; k--) requiredLists[k] = requiredLists[k - 1]!;
        requiredLists[k] = i;
      }
    }
    this.work.walked += walked;
    this.work.lookedUp += lookedUp;
    this.work.essential += m - essential;
    for (let i = 0; i < m; i++) this.work.postings += ends[i]! - 1;
    const from = part.from;
    const count = part.count;
    const pool = part.pool;
    const keptSlots = this.keptSlots;
    const keptScores = this.keptScores;
    this.reserve(found, kept);
    if (this.tfByWord.length < ids.length) this.tfByWord = new Int32Array(2 * ids.length);
    const tfByWord = this.tfByWord;
    for (let k = 0; k < kept; k++) {
      if (keptScores[k]! * SLACK_UP < theta) continue;
      const s = keptSlots[k]!;
      // The exact score: the row's pairs read once (each query word's tf), then summed in query
      // order as `exhaustive` sums them.
      tfByWord.fill(0, 0, ids.length);
      for (let i = 0, p = from[s]!; i < count[s]!; i++) {
        p = unpackPair(pool, p, PAIR);
        for (let q = 0; q < ids.length; q++) if (ids[q] === PAIR[0]) tfByWord[q] = PAIR[1]!;
      }
      let score = 0;
      for (let q = 0; q < ids.length; q++)
        if (tfByWord[q]! > 0) score = score + termScore(idf[q]!, tfByWord[q]!, lengths[s]!, avgdl);
      this.foundScores[found] = score;
      this.foundRowids[found++] = part.rowids[s]!;
    }
    return found;
  }

  /** Cursor scratch for `m` lists (`cursorEnds`, `prefix`, `without` and `requiredLists` beside it). */
  private cursors(m: number): Int32Array {
    if (this.cursorAt.length < m) {
      this.cursorAt = new Int32Array(2 * m);
      this.cursorEnds = new Int32Array(2 * m);
      this.prefix = new Float64Array(2 * m);
      this.without = new Float64Array(2 * m);
      this.requiredLists = new Int32Array(2 * m);
    }
    return this.cursorAt;
  }

  /** `prune`'s scratch for `m` lists in the order they become required. */
  private byWithout(m: number): Int32Array {
    if (this.requiredOrder.length < m) this.requiredOrder = new Int32Array(2 * m);
    return this.requiredOrder;
  }

  /**
   * The first slot at or past `d` that lists `required…m−1` all hold and one of the essential
   * lists `essential…m−1` holds (0x7fffffff when none), with every list's cursor moved up to it:
   * the postings passed over are rows that lack a required list.
   */
  private leap(
    lists: Int32Array[],
    cursor: Int32Array,
    ends: Int32Array,
    essential: number,
    requiredLists: Int32Array,
    required: number,
    m: number,
    from: number,
  ): number {
    let d = from;
    for (;;) {
      let held = true;
      for (let k = 0; k < required; k++) {
        const i = requiredLists[k]!;
        const at = this.seek(lists[i]!, cursor[i]!, ends[i]!, d);
        cursor[i] = at;
        this.work.lookedUp++;
        if (at >= ends[i]!) return 0x7fffffff;
        const next = lists[i]![at]!;
        if (next !== d) {
          d = next;
          held = false;
          break;
        }
      }
      if (!held) continue;
      let next = 0x7fffffff;
      for (let i = essential; i < m; i++) {
        const at = this.seek(lists[i]!, cursor[i]!, ends[i]!, d);
        cursor[i] = at;
        if (at < ends[i]!) next = Math.min(next, lists[i]![at]!);
      }
      if (next === d || next === 0x7fffffff) return next;
      d = next;
    }
  }

  /**
   * The first position in `list[from…end)` holding a slot at or past `slot` (`end` when none): a
   * galloping search forward from `from`, then a binary search back.
   */
  private seek(list: Int32Array, from: number, end: number, slot: number): number {
    let lo = from;
    if (lo >= end || list[lo]! >= slot) return lo;
    let step = 1;
    let hi = lo + 1;
    while (hi < end && list[hi]! < slot) {
      lo = hi;
      step *= 2;
      hi = lo + step;
    }
    if (hi > end) hi = end;
    lo++;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Records the `k`-th row kept by `prune`: its slot and its running score. */
  private keep(k: number, slot: number, score: number): void {
    if (k === this.keptSlots.length) {
      this.keptSlots = growI32(this.keptSlots, 2 * k);
      this.keptScores = growF64(this.keptScores, 2 * k);
    }
    this.keptSlots[k] = slot;
    this.keptScores[k] = score;
  }

  private statusCode(status: string): number {
    let c = this.statusCodes.get(status);
    if (c === undefined) {
      c = this.statusCodes.size + 1;
      if (c > 255) throw new Error("too many distinct statuses");
      this.statusCodes.set(status, c);
    }
    return c;
  }

  /** `allowed` as a table by status code (1: allowed), for `prune`'s inner loop. */
  private allowedCodes(statuses: readonly string[] | null): Uint8Array {
    const table = this.allowedTable;
    if (statuses === null) {
      table.fill(1);
      table[STATUS_FORGOTTEN] = 0;
    } else {
      table.fill(0);
      for (const s of statuses) table[this.statusCode(s)] = 1;
    }
    return table;
  }

  private allowed(statuses: readonly string[] | null): (code: number) => boolean {
    if (statuses === null) return (c) => c !== STATUS_FORGOTTEN;
    const codes = new Set(statuses.map((s) => this.statusCode(s)));
    return (c) => codes.has(c);
  }
}
