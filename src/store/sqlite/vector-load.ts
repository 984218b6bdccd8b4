/**
 * How the SQLite store fills its in-process vector index from the `vectors` table: the rows it
 * holds (`vectorRows`), one pass that lays the index out (`loadVectorIndex`) and every row's
 * status (`readVectorStatuses`). One definition for both builders: the store's connection when a
 * search needs the index (sqlite-store.ts), and a worker thread's read-only connection when the
 * index is built in the background (index-build-worker.ts), so both make the same index.
 *
 *   const index = new VectorIndex({ precision: "float32" });
 *   loadVectorIndex((sql) => db.prepare(sql), index, false);
 *   readVectorStatuses((sql) => db.prepare(sql), index);
 */
import type Database from "better-sqlite3";
import type { VectorIndex } from "../vector-index.js";

/** A prepared statement for `sql` (the store's cache of them, or a plain `db.prepare`). */
export type Prepare = (sql: string) => Database.Statement<unknown[], Record<string, unknown>>;

/** The row id of a `vectors` id (`b12` → 12). */
export const rowidOf = (id: string) => Number(id.slice(1));

/**
 * A blob's floats: a view on the driver's buffer when it is aligned (each blob read is a fresh
 * buffer of its own, shared with nothing), else a copy.
 */
export function asFloat32(blob: Buffer): Float32Array {
  return blob.byteOffset % 4 === 0
    ? new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)
    : toFloat32(blob);
}

export function toFloat32(blob: Buffer): Float32Array {
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float32Array(copy.buffer);
}

/**
 * The `vectors` rows an index holds: every one, or those of active rows (beliefs, and episodes
 * nothing superseded). Columns: rowid, id, namespace, vector.
 */
export function vectorRows(all: boolean, columns: "key" | "whole"): string {
  const cols = columns === "key" ? "v.rowid, v.id" : "v.rowid, v.id, v.namespace, v.vector";
  if (all) return `SELECT ${cols} FROM vectors v`;
  return `SELECT ${cols} FROM beliefs r JOIN vectors v ON v.id = ('b' || r.rowid) WHERE r.status = 'active'
      UNION ALL SELECT ${cols} FROM episodes r JOIN vectors v ON v.id = ('e' || r.rowid)
      WHERE r.status = 'active' AND (r.superseded_by IS NULL OR r.superseded_by = '')`;
}

/**
 * An empty index filled from the table in one pass, each row read once and nothing kept per
 * row beyond the index itself (a million rows' listing would be a transient heap of ~100 MB,
 * which stays in the process's resident memory after it is collected).
 */
export function loadVectorIndex(prepare: Prepare, index: VectorIndex, all: boolean): void {
  const rows = prepare(`${vectorRows(all, "whole")} /* index load */`)
    .raw(true)
    .iterate() as IterableIterator<[number, string, string, Buffer]>;
  // In bulk: each posting list laid out once (see `VectorIndex.load`).
  index.load(
    (function* () {
      for (const [vrow, id, namespace, blob] of rows)
        if (id[0] === "b" || id[0] === "e")
          yield [id[0], rowidOf(id), vrow, namespace, asFloat32(blob)] as const;
    })(),
  );
}

/** Every row's status, read again (streamed: nothing kept per row but the index's status byte). */
export function readVectorStatuses(prepare: Prepare, index: VectorIndex): void {
  index.clearStatuses("b");
  for (const [rowid, status] of prepare("SELECT rowid, status FROM beliefs /* index */")
    .raw(true)
    .iterate() as IterableIterator<[number, string]>)
    index.setStatus("b", rowid, status);
  index.clearStatuses("e");
  for (const [rowid, status] of prepare(
    "SELECT rowid, CASE WHEN superseded_by IS NOT NULL AND superseded_by != '' THEN 'superseded' ELSE status END FROM episodes /* index */",
  )
    .raw(true)
    .iterate() as IterableIterator<[number, string]>)
    index.setStatus("e", rowid, status);
}
