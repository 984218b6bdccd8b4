/**
 * The compact copy of the vectors a cold search reads: each belief's or episode's vector as its
 * nonzero components (the hashed embedder sets ~48 of 384 dimensions) in the `vector_components`
 * table, keyed by (layer, namespace, active, rid). A fresh process's first vector search (a CLI
 * call, a hook) reads one key range, ~300 bytes per active row, instead of finding each active
 * row through the (namespace, status) index and then its 1.5 KB vector by id.
 *
 * The components are the stored float32s themselves, so the scores are the index's exact ones
 * (`scanPackedSparse`), with no re-rank. `active` (the row exists in the vector's namespace and
 * is current: active, and for an episode not superseded) is kept by the schema's triggers
 * (migration 6), whoever writes. A vector whose components would not be smaller than the vector
 * (a dense embedder), or whose components no Strata write filled in (a row inserted into
 * `vectors` by hand), has NULL components: a cold search that meets one answers from the
 * `vectors` table as before, so the answer is exact either way.
 *
 *   const blob = vectorComponents(vector);        // null when it would not be smaller
 *   const hits = scanComponents(stmt, "b", query, ["default"], 10); // null: use the vectors table
 */
import type Database from "better-sqlite3";
import { scanPackedSparse, type VectorHit, type VectorLayer } from "../vector-index.js";

type Stmt = Database.Statement<unknown[], unknown>;

/**
 * The nonzero components of row `rid`'s `vector` as one record: a header (the rid's low 32 bits,
 * its next 16, then the count `n`, each little-endian), the `n` float32 values, then their `n`
 * dimensions (uint16), in dimension order, padded to a multiple of 4 bytes. Records so laid end to
 * end stay aligned, so SQLite can hand a cold search a whole key range as one concatenated blob.
 * Null when the record is not smaller than the vector itself (about two thirds or more of its
 * dimensions set), or a dimension or the rid does not fit.
 */
export function vectorComponents(vector: Float32Array, rid: number): Buffer | null {
  if (vector.length > 0x10000 || !Number.isSafeInteger(rid) || rid < 0 || rid >= 2 ** 48) return null;
  let n = 0;
  for (let d = 0; d < vector.length; d++) if (vector[d] !== 0) n++;
  const size = recordSize(n);
  if (size >= vector.length * 4) return null;
  const bytes = new ArrayBuffer(size);
  const head = new DataView(bytes);
  head.setUint32(0, rid % 2 ** 32, true);
  head.setUint16(4, Math.floor(rid / 2 ** 32), true);
  head.setUint16(6, n, true);
  const values = new Float32Array(bytes, 8, n);
  const dims = new Uint16Array(bytes, 8 + n * 4, n);
  for (let d = 0, i = 0; d < vector.length; d++)
    if (vector[d] !== 0) {
      values[i] = vector[d]!;
      dims[i++] = d;
    }
  return Buffer.from(bytes);
}

/** Whether this machine stores numbers little-endian (the records' byte order): then typed arrays can write them. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * `vectorComponents(vectors[i], rids[i])` for every i, the same bytes, laid out in one buffer that
 * each record views (a bulk insert's: one allocation a statement instead of five a row).
 */
export function vectorComponentsMany(
  vectors: readonly Float32Array[],
  rids: readonly number[],
): (Buffer | null)[] {
  if (!LITTLE_ENDIAN) return vectors.map((v, i) => vectorComponents(v, rids[i]!));
  const counts = new Int32Array(vectors.length);
  let total = 0;
  for (let i = 0; i < vectors.length; i++) {
    const vector = vectors[i]!;
    const rid = rids[i]!;
    counts[i] = -1;
    if (vector.length > 0x10000 || !Number.isSafeInteger(rid) || rid < 0 || rid >= 2 ** 48) continue;
    let n = 0;
    for (let d = 0; d < vector.length; d++) if (vector[d] !== 0) n++;
    const size = recordSize(n);
    if (size >= vector.length * 4) continue;
    counts[i] = n;
    total += size;
  }
  const bytes = new ArrayBuffer(total);
  const u32 = new Uint32Array(bytes);
  const u16 = new Uint16Array(bytes);
  const f32 = new Float32Array(bytes);
  const out: (Buffer | null)[] = new Array(vectors.length);
  let at = 0; // in bytes; every record starts and ends on a multiple of 4
  for (let i = 0; i < vectors.length; i++) {
    const n = counts[i]!;
    if (n < 0) {
      out[i] = null;
      continue;
    }
    const vector = vectors[i]!;
    const rid = rids[i]!;
    u32[at >> 2] = rid % 2 ** 32;
    u16[(at >> 1) + 2] = Math.floor(rid / 2 ** 32);
    u16[(at >> 1) + 3] = n;
    let value = (at + 8) >> 2;
    let dim = (at + 8 + n * 4) >> 1;
    for (let d = 0; d < vector.length; d++)
      if (vector[d] !== 0) {
        f32[value++] = vector[d]!;
        u16[dim++] = d;
      }
    const size = recordSize(n);
    out[i] = Buffer.from(bytes, at, size);
    at += size;
  }
  return out;
}

/** A record's bytes: header, values, dimensions padded to 4. */
export const recordSize = (n: number) => 8 + n * 4 + (n + (n & 1)) * 2;

/** SQL: whether the row of vector `v` (a `vectors` row) is current in the vector's namespace. */
const CURRENT: Record<VectorLayer, string> = {
  b: `EXISTS (SELECT 1 FROM beliefs r WHERE r.rowid = CAST(substr(v.id, 2) AS INTEGER)
        AND r.namespace = v.namespace AND r.status = 'active')`,
  e: `EXISTS (SELECT 1 FROM episodes r WHERE r.rowid = CAST(substr(v.id, 2) AS INTEGER)
        AND r.namespace = v.namespace AND r.status = 'active' AND coalesce(r.superseded_by, '') = '')`,
};

/**
 * The statement that writes a vector's components before the vector itself is inserted (the
 * trigger's own placeholder insert then finds the row there and leaves it).
 */
export const INSERT_COMPONENTS_SQL: Record<VectorLayer, string> = {
  b: `INSERT OR REPLACE INTO vector_components(layer, namespace, active, rid, dim, components)
      SELECT 'b', v.namespace, ${CURRENT.b}, CAST(substr(v.id, 2) AS INTEGER), ?, ?
      FROM (SELECT ? AS id, ? AS namespace) v`,
  e: `INSERT OR REPLACE INTO vector_components(layer, namespace, active, rid, dim, components)
      SELECT 'e', v.namespace, ${CURRENT.e}, CAST(substr(v.id, 2) AS INTEGER), ?, ?
      FROM (SELECT ? AS id, ? AS namespace) v`,
};

/** Migration 6's table and the triggers that keep its key (namespace, active) current. */
export const VECTOR_COMPONENTS_SCHEMA = `
  CREATE TABLE vector_components (
    layer TEXT NOT NULL,
    namespace TEXT NOT NULL,
    active INTEGER NOT NULL,
    rid INTEGER NOT NULL,
    dim INTEGER NOT NULL,
    components BLOB,
    PRIMARY KEY (layer, namespace, active, rid)
  ) WITHOUT ROWID;

  CREATE TRIGGER vectors_components_insert_b AFTER INSERT ON vectors WHEN new.id >= 'b' AND new.id < 'c' BEGIN
    INSERT OR IGNORE INTO vector_components(layer, namespace, active, rid, dim)
      SELECT 'b', v.namespace, ${CURRENT.b}, CAST(substr(v.id, 2) AS INTEGER), new.dim
      FROM (SELECT new.id AS id, new.namespace AS namespace) v;
  END;
  CREATE TRIGGER vectors_components_insert_e AFTER INSERT ON vectors WHEN new.id >= 'e' AND new.id < 'f' BEGIN
    INSERT OR IGNORE INTO vector_components(layer, namespace, active, rid, dim)
      SELECT 'e', v.namespace, ${CURRENT.e}, CAST(substr(v.id, 2) AS INTEGER), new.dim
      FROM (SELECT new.id AS id, new.namespace AS namespace) v;
  END;
  CREATE TRIGGER vectors_components_delete AFTER DELETE ON vectors
    WHEN (old.id >= 'b' AND old.id < 'c') OR (old.id >= 'e' AND old.id < 'f')
  BEGIN
    DELETE FROM vector_components WHERE layer = substr(old.id, 1, 1) AND namespace = old.namespace
      AND active IN (0, 1) AND rid = CAST(substr(old.id, 2) AS INTEGER);
  END;
  -- Strata never updates a vector in place (a new vector is a delete and an insert); a hand edit
  -- leaves the new vector without components, so cold searches read the vectors table.
  CREATE TRIGGER vectors_components_update AFTER UPDATE ON vectors
    WHEN (old.id >= 'b' AND old.id < 'c') OR (old.id >= 'e' AND old.id < 'f')
      OR (new.id >= 'b' AND new.id < 'c') OR (new.id >= 'e' AND new.id < 'f')
  BEGIN
    DELETE FROM vector_components WHERE layer = substr(old.id, 1, 1) AND namespace = old.namespace
      AND active IN (0, 1) AND rid = CAST(substr(old.id, 2) AS INTEGER);
    INSERT OR REPLACE INTO vector_components(layer, namespace, active, rid, dim)
      SELECT substr(v.id, 1, 1), v.namespace,
        CASE substr(v.id, 1, 1) WHEN 'b' THEN ${CURRENT.b} ELSE ${CURRENT.e} END,
        CAST(substr(v.id, 2) AS INTEGER), new.dim
      FROM (SELECT new.id AS id, new.namespace AS namespace) v
      WHERE (v.id >= 'b' AND v.id < 'c') OR (v.id >= 'e' AND v.id < 'f');
  END;

  CREATE TRIGGER beliefs_components_insert AFTER INSERT ON beliefs WHEN new.status = 'active' BEGIN
    UPDATE vector_components SET active = 1
      WHERE layer = 'b' AND namespace = new.namespace AND active = 0 AND rid = new.rowid;
  END;
  CREATE TRIGGER beliefs_components_delete AFTER DELETE ON beliefs WHEN old.status = 'active' BEGIN
    UPDATE vector_components SET active = 0
      WHERE layer = 'b' AND namespace = old.namespace AND active = 1 AND rid = old.rowid;
  END;
  CREATE TRIGGER beliefs_components_update AFTER UPDATE OF rowid, namespace, status ON beliefs
    WHEN old.rowid IS NOT new.rowid OR old.namespace IS NOT new.namespace
      OR (old.status = 'active') IS NOT (new.status = 'active')
  BEGIN
    UPDATE vector_components SET active = 0
      WHERE layer = 'b' AND namespace = old.namespace AND active = 1 AND rid = old.rowid;
    UPDATE vector_components SET active = 1
      WHERE layer = 'b' AND namespace = new.namespace AND active = 0 AND rid = new.rowid
        AND new.status = 'active';
  END;

  CREATE TRIGGER episodes_components_insert AFTER INSERT ON episodes
    WHEN new.status = 'active' AND coalesce(new.superseded_by, '') = ''
  BEGIN
    UPDATE vector_components SET active = 1
      WHERE layer = 'e' AND namespace = new.namespace AND active = 0 AND rid = new.rowid;
  END;
  CREATE TRIGGER episodes_components_delete AFTER DELETE ON episodes
    WHEN old.status = 'active' AND coalesce(old.superseded_by, '') = ''
  BEGIN
    UPDATE vector_components SET active = 0
      WHERE layer = 'e' AND namespace = old.namespace AND active = 1 AND rid = old.rowid;
  END;
  CREATE TRIGGER episodes_components_update AFTER UPDATE OF rowid, namespace, status, superseded_by ON episodes
    WHEN old.rowid IS NOT new.rowid OR old.namespace IS NOT new.namespace
      OR (old.status = 'active' AND coalesce(old.superseded_by, '') = '')
        IS NOT (new.status = 'active' AND coalesce(new.superseded_by, '') = '')
  BEGIN
    UPDATE vector_components SET active = 0
      WHERE layer = 'e' AND namespace = old.namespace AND active = 1 AND rid = old.rowid;
    UPDATE vector_components SET active = 1
      WHERE layer = 'e' AND namespace = new.namespace AND active = 0 AND rid = new.rowid
        AND new.status = 'active' AND coalesce(new.superseded_by, '') = '';
  END;
`;

/**
 * Migration 6's fill: the components of every vector already stored, read page by page (the
 * connection cannot write while a read is open) and written in multi-row statements.
 * `onProgress` hears the vectors done of the total after each page (a million take ~20 CPU-s).
 */
export function fillVectorComponents(
  db: Database.Database,
  onProgress?: (done: number, total: number) => void,
): void {
  const PAGE = 1024;
  const total = onProgress
    ? ((db.prepare("SELECT count(*) AS n FROM vectors").get() as { n: number }).n ?? 0)
    : 0;
  let done = 0;
  onProgress?.(0, total);
  const read = db
    .prepare(
      `SELECT v.rowid, v.id, v.namespace, v.dim, v.vector,
         CASE WHEN v.id < 'c' THEN ${CURRENT.b} ELSE ${CURRENT.e} END
       FROM vectors v WHERE v.rowid > ? AND ((v.id >= 'b' AND v.id < 'c') OR (v.id >= 'e' AND v.id < 'f'))
       ORDER BY v.rowid LIMIT ${PAGE}`,
    )
    .raw(true);
  const writes = new Map<number, Database.Statement>();
  const write = (n: number) => {
    let s = writes.get(n);
    if (!s) {
      s = db.prepare(
        `INSERT OR REPLACE INTO vector_components(layer, namespace, active, rid, dim, components) VALUES ${Array.from({ length: n }, () => "(?, ?, ?, ?, ?, ?)").join(",")}`,
      );
      writes.set(n, s);
    }
    return s;
  };
  for (let after = 0; ; ) {
    const rows = read.all(after) as [number, string, string, number, Buffer, number][];
    if (rows.length === 0) return;
    const values: unknown[] = [];
    for (const [, id, namespace, dim, blob, active] of rows) {
      const vector =
        blob.byteOffset % 4 === 0
          ? new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)
          : new Float32Array(Uint8Array.from(blob).buffer);
      const rid = Number(id.slice(1));
      values.push(id[0], namespace, active, rid, dim, vectorComponents(vector, rid));
    }
    write(rows.length).run(values);
    after = rows[rows.length - 1]![0];
    done += rows.length;
    onProgress?.(Math.min(done, total), total);
  }
}

/** Rows a cold search reads per statement: ~1.2 MB of records at the hashed embedder's density. */
const PAGE_ROWS = 4096;

/**
 * A cold active search from the components: the `limit` nearest current rows of the namespaces,
 * exactly as the index ranks them. Each statement hands over a page of the key range as one blob
 * (SQLite concatenates the records; a row crossing into JavaScript on its own costs more than
 * reading it). Null when a row in range has no components (a dense embedder, a hand-inserted
 * vector): the caller then reads the `vectors` table.
 *
 * `kept`: pages read by earlier searches, kept by the caller while the file is unchanged (a
 * background build's cold searches, each of which would read the same range again); a range read
 * here is added to it.
 */
export function scanComponents(
  stmt: (sql: string) => Stmt,
  layer: VectorLayer,
  query: Float32Array,
  namespaces: readonly string[],
  limit: number,
  kept?: ComponentPages,
): VectorHit[] | null {
  if (!kept) {
    let complete = true;
    const all = (function* () {
      for (const ns of namespaces) {
        const pages = readRange(stmt, layer, ns, query.length);
        for (const blob of pages) {
          if (blob === null) {
            complete = false;
            return;
          }
          yield blob;
        }
      }
    })();
    const hits = scanPackedSparse(query, all, limit);
    return complete ? hits : null;
  }
  const ranges: Buffer[] = [];
  for (const ns of namespaces) {
    const key = `${layer}\u0000${query.length}\u0000${ns}`;
    let pages = kept.get(key);
    if (pages === undefined) {
      pages = keepRange(readRange(stmt, layer, ns, query.length));
      kept.set(key, pages);
    }
    if (pages === null) return null;
    ranges.push(...pages);
  }
  return scanPackedSparse(query, ranges, limit);
}

/**
 * The pages cold searches read, kept between them (`scanComponents`' `kept`): one namespace's key
 * range of a layer and dimension, as read, or null when a row there has no components. Valid only
 * while the file is unchanged: the holder drops it on any write, by this connection or another.
 */
export type ComponentPages = Map<string, Buffer[] | null>;

/**
 * Bytes of one block of kept pages: above glibc's largest mmap threshold (32 MB), so each block is
 * a mapping of its own, returned to the system when it is collected. The pages as SQLite hands
 * them over (~1.2 MB each) sit among the process's other allocations, where a few hundred of them
 * freed together stay in the allocator's heap (at 1M rows, ~290 MB held after the build ended).
 * A block's unused tail is never written, so it takes address space, not memory.
 */
const KEPT_BLOCK = 64 * 2 ** 20;

/**
 * A range's pages as kept: copied end to end into `KEPT_BLOCK` blocks (records stay whole and
 * aligned: every page is whole records, a multiple of 4 bytes), each page freed as soon as it is
 * copied; a range of one page is kept as it is. Null when a row has no components.
 */
function keepRange(pages: Iterable<Buffer | null>): Buffer[] | null {
  const blocks: Buffer[] = [];
  let block: Buffer | null = null;
  let used = 0;
  let first: Buffer | null = null;
  const copy = (page: Buffer) => {
    if (block === null || used + page.length > block.length) {
      if (block) blocks.push(block.subarray(0, used));
      block = Buffer.allocUnsafeSlow(Math.max(KEPT_BLOCK, page.length));
      used = 0;
    }
    page.copy(block, used);
    used += page.length;
  };
  for (const page of pages) {
    if (page === null) return null;
    // The first page waits for a second: a range of one page needs no block.
    if (first === null && block === null) first = page;
    else {
      if (first) copy(first);
      first = null;
      copy(page);
    }
  }
  if (first) return [first];
  if (block) blocks.push((block as Buffer).subarray(0, used));
  return blocks;
}

/** One namespace's key range, page by page; a null page: a row there has no components (stop). */
function* readRange(
  stmt: (sql: string) => Stmt,
  layer: VectorLayer,
  ns: string,
  dim: number,
): Generator<Buffer | null> {
  const page = stmt(
    `SELECT CAST(group_concat(c, '') AS BLOB), max(rid), count(*), count(c) FROM (
       SELECT components AS c, rid FROM vector_components
       WHERE layer = ? AND namespace = ? AND active = 1 AND rid > ? AND dim = ?
       ORDER BY layer, namespace, active, rid LIMIT ${PAGE_ROWS}) /* cold components */`,
  ).raw(true);
  for (let after = -1; ; ) {
    const [blob, last, n, filled] = page.get(layer, ns, after, dim) as [
      Buffer | null,
      number,
      number,
      number,
    ];
    if (n === 0) return;
    if (filled < n) {
      yield null;
      return;
    }
    yield blob!;
    if (n < PAGE_ROWS) return;
    after = last;
  }
}
