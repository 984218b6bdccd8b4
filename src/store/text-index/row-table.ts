/**
 * The text index's rowid → entry table. Rowids are mostly small sequential integers (SQLite's),
 * so most live in a typed array indexed by rowid (4 bytes a row, where a `Map` costs ~40 at a
 * million rows); a rowid far past the rows held (a PostgreSQL namespace's share of a store-wide
 * sequence) goes to a `Map`, so a sparse set of large rowids never allocates their span.
 *
 *   const rows = new RowTable();
 *   rows.set(7, 0);
 *   rows.get(7);        // 0
 *   rows.delete(7);
 *   rows.size;          // 0
 */
/** A `RowTable`'s contents, as a worker thread hands them over. */
export interface RowTableState {
  dense: Int32Array<ArrayBuffer>;
  sparse: [number, number][];
  size: number;
}

export class RowTable {
  /** Entry + 1 by rowid, 0 for none; every rowid below its length is here, never in `sparse`. */
  private dense: Int32Array<ArrayBuffer> = new Int32Array(0);
  private readonly sparse = new Map<number, number>();
  size = 0;

  get(rowid: number): number | undefined {
    if (rowid < this.dense.length) {
      const v = this.dense[rowid]!;
      return v === 0 ? undefined : v - 1;
    }
    return this.sparse.get(rowid);
  }

  set(rowid: number, entry: number): void {
    // The array covers rowids up to about twice the rows held: denser stores fit it, sparse ones use the map.
    if (rowid >= this.dense.length && rowid < 2 * this.size + 1024) this.grow(rowid);
    if (rowid < this.dense.length) {
      if (this.dense[rowid] === 0) this.size++;
      this.dense[rowid] = entry + 1;
      return;
    }
    if (!this.sparse.has(rowid)) this.size++;
    this.sparse.set(rowid, entry);
  }

  delete(rowid: number): void {
    if (rowid < this.dense.length) {
      if (this.dense[rowid] !== 0) this.size--;
      this.dense[rowid] = 0;
    } else if (this.sparse.delete(rowid)) this.size--;
  }

  /** Its contents, for `TextIndex.toTransferable` (the array is handed over, not copied). */
  exported(): RowTableState {
    return { dense: this.dense, sparse: [...this.sparse], size: this.size };
  }

  /** A table holding what `exported` gave. */
  static adopt(state: RowTableState): RowTable {
    const t = new RowTable();
    t.dense = state.dense;
    for (const [r, e] of state.sparse) t.sparse.set(r, e);
    t.size = state.size;
    return t;
  }

  /** Extends the array past `rowid` (doubling), moving the map's rowids it now covers. */
  private grow(rowid: number): void {
    const grown = new Int32Array(Math.max(rowid + 1, 2 * this.dense.length, 1024));
    grown.set(this.dense);
    this.dense = grown;
    for (const [r, e] of this.sparse)
      if (r < grown.length) {
        grown[r] = e + 1;
        this.sparse.delete(r);
      }
  }
}
