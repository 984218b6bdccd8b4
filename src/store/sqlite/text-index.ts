/**
 * The SQLite store's in-process BM25 index: the same ranking as FTS5's `bm25()` over the
 * store's `porter unicode61` tables, without scoring every matching row of every namespace
 * and status on each query.
 *
 * - **Terms** come from FTS5's tokenizer reproduced (fts5-tokenizer.ts), so each row holds
 *   exactly the terms FTS5 indexed for it.
 * - **Statistics stay global**, as FTS5 keeps them: N is every row of the table (all namespaces
 *   and statuses, forgotten rows with their blanked text included), the average length is over
 *   all of them, and a term's document frequency counts every row holding it.
 * - **Postings are partitioned** by (namespace, current), where current means active (and, for
 *   episodes, not superseded): a query for the active rows of a namespace touches only their
 *   postings. Other status filters also scan the namespace's other partition, checking each
 *   row's status.
 * - **Scores** follow FTS5's arithmetic step for step (k1 = 1.2, b = 0.75, idf = ln((N − n +
 *   0.5) / (n + 0.5)) floored at 1e-6 with C's own `log()`, one term per query phrase summed in
 *   query order), so they equal `-rank` to the last bit and ties fall back to rowid order.
 *
 *   const index = new TextIndex();
 *   index.put("b", 7, { namespace: "default", status: "active", current: true, text: "Retry limit is 5" });
 *   const phrases = index.phrases(["retry", "limits"]);            // ["retri", "limit"]
 *   index.search("b", phrases!, ["default"], { currentOnly: true, statuses: null }).take(10);
 */
import { Fts5Tokenizer } from "./fts5-tokenizer.js";
import { libmLog } from "./reference-db.js";

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

const K1 = 1.2;
const B = 0.75;
const STATUS_FORGOTTEN = 1;

/** One (namespace, current) slice of a layer: slots of rows and a posting list per term. */
class Partition {
  size = 0;
  dead = 0;
  rowids = new Float64Array(64);
  lengths = new Int32Array(64);
  statuses = new Uint8Array(64);
  alive = new Uint8Array(64);
  /** Each row's term ids live in `pool` from `from[slot]`, `count[slot]` of them (for its removal). */
  from = new Int32Array(64);
  count = new Int32Array(64);
  pool = new Int32Array(256);
  poolSize = 0;
  /** By term id: [pairs, slot, tf, slot, tf, …]. */
  readonly postings = new Map<number, Int32Array>();

  get live(): number {
    return this.size - this.dead;
  }

  add(rowid: number, length: number, status: number, terms: Int32Array, tfs: Int32Array): number {
    if (this.size === this.rowids.length) this.grow(this.size * 2);
    const slot = this.size++;
    this.rowids[slot] = rowid;
    this.lengths[slot] = length;
    this.statuses[slot] = status;
    this.alive[slot] = 1;
    this.from[slot] = this.poolSize;
    this.count[slot] = terms.length;
    if (this.poolSize + terms.length > this.pool.length)
      this.pool = grown(this.pool, Math.max(this.pool.length * 2, this.poolSize + terms.length));
    for (let i = 0; i < terms.length; i++) {
      this.pool[this.poolSize++] = terms[i]!;
      this.post(terms[i]!, slot, tfs[i]!);
    }
    return slot;
  }

  private post(term: number, slot: number, tf: number): void {
    let list = this.postings.get(term);
    if (!list) {
      list = new Int32Array(5);
      this.postings.set(term, list);
    }
    const n = list[0]!;
    if (1 + 2 * (n + 1) > list.length) {
      list = grown(list, 1 + 4 * (n + 1));
      this.postings.set(term, list);
    }
    list[1 + 2 * n] = slot;
    list[2 + 2 * n] = tf;
    list[0] = n + 1;
  }

  private grow(n: number): void {
    this.rowids = grown(this.rowids, n);
    this.lengths = grown(this.lengths, n);
    this.statuses = grown(this.statuses, n);
    this.alive = grown(this.alive, n);
    this.from = grown(this.from, n);
    this.count = grown(this.count, n);
  }

  remove(slot: number): void {
    if (!this.alive[slot]) return;
    this.alive[slot] = 0;
    this.dead++;
  }

  /** The term ids of a slot. */
  termsOf(slot: number): Int32Array {
    return this.pool.subarray(this.from[slot]!, this.from[slot]! + this.count[slot]!);
  }

  /** Drops dead slots from the rows, the pool and every posting list (slots are renumbered). */
  compact(): void {
    const remap = new Int32Array(this.size).fill(-1);
    const pool = new Int32Array(Math.max(256, this.poolSize));
    let used = 0;
    let next = 0;
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      remap[s] = next;
      const from = this.from[s]!;
      const count = this.count[s]!;
      pool.set(this.pool.subarray(from, from + count), used);
      this.rowids[next] = this.rowids[s]!;
      this.lengths[next] = this.lengths[s]!;
      this.statuses[next] = this.statuses[s]!;
      this.from[next] = used;
      this.count[next] = count;
      this.alive[next] = 1;
      used += count;
      next++;
    }
    this.alive.fill(0, next, this.size);
    this.pool = pool;
    this.poolSize = used;
    for (const [term, list] of this.postings) {
      const n = list[0]!;
      let w = 0;
      for (let i = 0; i < n; i++) {
        const to = remap[list[1 + 2 * i]!]!;
        if (to < 0) continue;
        list[1 + 2 * w] = to;
        list[2 + 2 * w] = list[2 + 2 * i]!;
        w++;
      }
      if (w === 0) this.postings.delete(term);
      else list[0] = w;
    }
    this.size = next;
    this.dead = 0;
  }
}

function grown<T extends Int32Array | Uint8Array | Float64Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

/** Where a row is: its partition (null when it has no terms) and slot. */
interface Entry {
  part: Partition | null;
  slot: number;
  length: number;
}

class Layer {
  readonly terms = new Map<string, number>();
  df = new Int32Array(1024);
  readonly rows = new Map<number, Entry>();
  /** Σ row lengths, over every row. */
  tokens = 0;
  readonly partitions = new Map<string, Partition>();

  termId(term: string, create: boolean): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      if (!create) return -1;
      id = this.terms.size;
      this.terms.set(term, id);
      if (id >= this.df.length) this.df = grown(this.df, this.df.length * 2);
    }
    return id;
  }

  partition(namespace: string, current: boolean, create: boolean): Partition | undefined {
    const key = `${current ? 1 : 0}\u0000${namespace}`;
    let p = this.partitions.get(key);
    if (!p && create) {
      p = new Partition();
      this.partitions.set(key, p);
    }
    return p;
  }
}

/** The candidates of one search, handed out best first (score descending, then rowid). */
export class Ranking {
  private taken = 0;
  private sorted: TextHit[] | null = null;

  constructor(
    private readonly scores: Float64Array,
    private readonly rowids: Float64Array,
    /** Rows that matched at least one phrase. */
    readonly size: number,
  ) {}

  /** The next `count` hits in rank order (fewer when the candidates run out). */
  take(count: number): TextHit[] {
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

  /** The best `k` without sorting every candidate: a bounded min-heap of the worst kept first. */
  private best(k: number): TextHit[] {
    const heap: TextHit[] = [];
    const worse = (a: TextHit, b: TextHit) => a.score < b.score || (a.score === b.score && a.rowid > b.rowid);
    for (let i = 0; i < this.size; i++) {
      const h = { rowid: this.rowids[i]!, score: this.scores[i]! };
      if (heap.length < k) {
        heap.push(h);
        let j = heap.length - 1;
        while (j > 0) {
          const p = (j - 1) >> 1;
          if (!worse(heap[j]!, heap[p]!)) break;
          [heap[j], heap[p]] = [heap[p]!, heap[j]!];
          j = p;
        }
      } else if (worse(heap[0]!, h)) {
        heap[0] = h;
        let j = 0;
        for (;;) {
          const l = 2 * j + 1;
          if (l >= k) break;
          const r = l + 1;
          const c = r < k && worse(heap[r]!, heap[l]!) ? r : l;
          if (!worse(heap[c]!, heap[j]!)) break;
          [heap[j], heap[c]] = [heap[c]!, heap[j]!];
          j = c;
        }
      }
    }
    return heap.sort(byRank);
  }
}

const byRank = (a: TextHit, b: TextHit) => b.score - a.score || a.rowid - b.rowid;

export class TextIndex {
  private readonly tokenizer: Fts5Tokenizer;
  private readonly layers: Record<TextLayer, Layer> = { b: new Layer(), e: new Layer() };
  private readonly statusCodes = new Map<string, number>([["forgotten", STATUS_FORGOTTEN]]);
  private acc = new Float64Array(1024);
  private touched = new Int32Array(1024);

  constructor(tokenizer = new Fts5Tokenizer()) {
    this.tokenizer = tokenizer;
  }

  /** Adds or replaces a row. */
  put(layer: TextLayer, rowid: number, row: TextRow): void {
    this.remove(layer, rowid);
    const l = this.layers[layer];
    const tokens = this.tokenizer.tokenize(row.text);
    const tf = new Map<number, number>();
    for (const t of tokens) {
      const id = l.termId(t, true);
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    const terms = Int32Array.from(tf.keys());
    const tfs = Int32Array.from(tf.values());
    for (const id of terms) l.df[id] = l.df[id]! + 1;
    l.tokens += tokens.length;
    if (terms.length === 0) {
      l.rows.set(rowid, { part: null, slot: -1, length: 0 });
      return;
    }
    const part = l.partition(row.namespace, row.current, true)!;
    const slot = part.add(rowid, tokens.length, this.statusCode(row.status), terms, tfs);
    l.rows.set(rowid, { part, slot, length: tokens.length });
  }

  remove(layer: TextLayer, rowid: number): void {
    const l = this.layers[layer];
    const e = l.rows.get(rowid);
    if (!e) return;
    l.rows.delete(rowid);
    l.tokens -= e.length;
    if (!e.part) return;
    const part = e.part;
    for (const id of part.termsOf(e.slot)) l.df[id] = l.df[id]! - 1;
    part.remove(e.slot);
    // Dead slots still cost a posting visit each: compact once they are a quarter of the partition.
    if (part.dead > 64 && part.dead * 4 > part.size) {
      part.compact();
      for (let s = 0; s < part.size; s++) l.rows.get(part.rowids[s]!)!.slot = s;
    }
  }

  /** Forgets every row of the layer. */
  clear(layer: TextLayer): void {
    this.layers[layer] = new Layer();
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

  /** Every row of the namespaces in scope matching any phrase, scored as FTS5's bm25 scores it. */
  search(
    layer: TextLayer,
    phrases: readonly string[],
    namespaces: readonly string[],
    scope: TextScope,
  ): Ranking {
    const l = this.layers[layer];
    const n = l.rows.size;
    const ids: number[] = [];
    const idf: number[] = [];
    for (const p of phrases) {
      const id = l.termId(p, false);
      if (id < 0 || l.df[id] === 0) continue;
      const hits = l.df[id]!;
      const v = libmLog((n - hits + 0.5) / (hits + 0.5));
      ids.push(id);
      idf.push(v <= 0 ? 1e-6 : v);
    }
    const avgdl = l.tokens / n;
    const allowed = this.allowed(scope.statuses);
    const parts: Partition[] = [];
    for (const ns of new Set(namespaces)) {
      const current = l.partition(ns, true, false);
      if (current) parts.push(current);
      if (!scope.currentOnly) {
        const other = l.partition(ns, false, false);
        if (other) parts.push(other);
      }
    }
    const scores: number[] = [];
    const rowids: number[] = [];
    for (const part of parts) {
      if (part.live === 0 || ids.length === 0) continue;
      if (this.acc.length < part.size) {
        this.acc = new Float64Array(Math.max(part.size, this.acc.length * 2));
        this.touched = new Int32Array(this.acc.length);
      }
      const acc = this.acc;
      const touched = this.touched;
      let nTouched = 0;
      const lengths = part.lengths;
      // Term at a time, in query order: each row's sum is built in FTS5's order, so it is the same double.
      for (let q = 0; q < ids.length; q++) {
        const list = part.postings.get(ids[q]!);
        if (!list) continue;
        const w = idf[q]!;
        const end = 1 + 2 * list[0]!;
        for (let i = 1; i < end; i += 2) {
          const s = list[i]!;
          const f = list[i + 1]!;
          const score = w * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * lengths[s]!) / avgdl)));
          if (acc[s] === 0) touched[nTouched++] = s;
          acc[s] = acc[s]! + score;
        }
      }
      for (let i = 0; i < nTouched; i++) {
        const s = touched[i]!;
        const score = acc[s]!;
        acc[s] = 0;
        if (!part.alive[s] || !allowed(part.statuses[s]!)) continue;
        scores.push(score);
        rowids.push(part.rowids[s]!);
      }
    }
    return new Ranking(Float64Array.from(scores), Float64Array.from(rowids), scores.length);
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

  private allowed(statuses: readonly string[] | null): (code: number) => boolean {
    if (statuses === null) return (c) => c !== STATUS_FORGOTTEN;
    const codes = new Set(statuses.map((s) => this.statusCode(s)));
    return (c) => codes.has(c);
  }
}
