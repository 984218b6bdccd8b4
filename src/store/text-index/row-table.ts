/**
 * A rowid → entry table, for the in-process indexes (the text index's rows, the vector index's
 * per-row columns). Rowids are mostly small sequential integers (SQLite's), so most live in a
 * typed array indexed by rowid (4 bytes a row, where a `Map` costs ~40 at a million rows). A
 * rowid far past the rows held (a PostgreSQL namespace's share of a store-wide sequence, or an
 * imported id such as `e1000000000`, after which the store's sequence goes on from there) goes
 * to a page of `PAGE` rowids, kept in a `Map` by page: a run of large sequential rowids costs
 * about 4 bytes a row, a lone one one page, and no rowid ever allocates the span below it. So
 * the table's memory follows the number of rows, never the largest rowid.
 *
 *   const rows = new RowTable();
 *   rows.set(7, 0);
 *   rows.set(1_000_000_000, 1); // one page of 64, not a billion slots
 *   rows.get(7);        // 0
 *   rows.delete(7);
 *   rows.size;          // 1
 */
/** A `RowTable`'s contents, as a worker thread hands them over. */
export interface RowTableState {
  dense: Int32Array<ArrayBuffer>;
  /** Rowid and entry of every rowid past `dense`. */
  sparse: [number, number][];
  size: number;
}

/** Rowids a far page holds (a power of two). */
const PAGE = 64;

export class RowTable {
  /** Entry + 1 by rowid, 0 for none; every rowid below its length is here, never in `far`. */
  private dense: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** Rowids past `dense`: entry + 1 by `rowid % PAGE`, in pages by `floor(rowid / PAGE)`. */
  private readonly far = new Map<number, Int32Array>();
  size = 0;

  /** The rowid's entry, or -1 for none (`get` without `undefined`: the hot paths' form). */
  at(rowid: number): number {
    if (rowid < this.dense.length) return this.dense[rowid]! - 1;
    return this.farAt(rowid);
  }

  private farAt(rowid: number): number {
    const page = this.far.get(Math.floor(rowid / PAGE));
    return page === undefined ? -1 : page[rowid % PAGE]! - 1;
  }

  get(rowid: number): number | undefined {
    if (rowid < this.dense.length) {
      const v = this.dense[rowid]!;
      return v === 0 ? undefined : v - 1;
    }
    const page = this.far.get(Math.floor(rowid / PAGE));
    const v = page === undefined ? 0 : page[rowid % PAGE]!;
    return v === 0 ? undefined : v - 1;
  }

  set(rowid: number, entry: number): void {
    // The array covers rowids up to about twice the rows held: denser stores fit it, sparse ones use the pages.
    if (rowid >= this.dense.length && rowid < 2 * this.size + 1024) this.grow(rowid);
    if (rowid < this.dense.length) {
      if (this.dense[rowid] === 0) this.size++;
      this.dense[rowid] = entry + 1;
      return;
    }
    const key = Math.floor(rowid / PAGE);
    let page = this.far.get(key);
    if (page === undefined) {
      page = new Int32Array(PAGE);
      this.far.set(key, page);
    }
    if (page[rowid % PAGE] === 0) this.size++;
    page[rowid % PAGE] = entry + 1;
  }

  delete(rowid: number): void {
    if (rowid < this.dense.length) {
      if (this.dense[rowid] !== 0) this.size--;
      this.dense[rowid] = 0;
      return;
    }
    const key = Math.floor(rowid / PAGE);
    const page = this.far.get(key);
    if (page === undefined || page[rowid % PAGE] === 0) return;
    page[rowid % PAGE] = 0;
    this.size--;
    if (page.every((v) => v === 0)) this.far.delete(key);
  }

  /** Its contents, for `TextIndex.toTransferable` (the array is handed over, not copied). */
  exported(): RowTableState {
    const sparse: [number, number][] = [];
    for (const [key, page] of this.far)
      for (let i = 0; i < PAGE; i++) if (page[i] !== 0) sparse.push([key * PAGE + i, page[i]! - 1]);
    return { dense: this.dense, sparse, size: this.size };
  }

  /** A table holding what `exported` gave. */
  static adopt(state: RowTableState): RowTable {
    const t = new RowTable();
    t.dense = state.dense;
    for (const [r, e] of state.sparse) t.setFar(r, e);
    t.size = state.size;
    return t;
  }

  /** Bytes it holds in typed arrays (the dense array and the far pages). */
  bytes(): number {
    return this.dense.byteLength + this.far.size * PAGE * 4;
  }

  private setFar(rowid: number, entry: number): void {
    const key = Math.floor(rowid / PAGE);
    let page = this.far.get(key);
    if (page === undefined) {
      page = new Int32Array(PAGE);
      this.far.set(key, page);
    }
    page[rowid % PAGE] = entry + 1;
  }

  /** Extends the array past `rowid` (doubling), moving the pages' rowids it now covers. */
  private grow(rowid: number): void {
    const grown = new Int32Array(Math.max(rowid + 1, 2 * this.dense.length, 1024));
    grown.set(this.dense);
    this.dense = grown;
    for (const [key, page] of this.far) {
      if (key * PAGE >= grown.length) continue;
      for (let i = 0; i < PAGE; i++) {
        const r = key * PAGE + i;
        if (page[i] === 0) continue;
        if (r < grown.length) {
          grown[r] = page[i]!;
          page[i] = 0;
        }
      }
      if (page.every((v) => v === 0)) this.far.delete(key);
    }
  }
}
