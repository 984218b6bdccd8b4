/**
 * The PostgreSQL store's vector search without pgvector: the in-process exact index
 * (../vector-index.ts) that SQLite uses, kept current by replaying the change log the schema's
 * triggers write (`vector_changes`: one row per vector written or deleted and per status change).
 * Each search first reads the log past the last position this process applied — one indexed
 * round trip when nothing changed — and refreshes only the rows named there, so every process
 * (and every server in front of one database) sees every other's writes without shipping the
 * namespace's vectors over the wire per query.
 *
 * Namespaces load lazily, on their first search: a server answering for a few namespaces of a
 * big shared database holds only those. Log order is commit order because the store serialises
 * writers with its advisory write lock.
 *
 *   const cache = new VectorCache((table) => `"strata".${table}`);
 *   const hits = await cache.search(db, "b", query, ["default"], "active", 10);
 */
import { type StatusScope, type VectorHit, VectorIndex, type VectorLayer } from "../vector-index.js";
import type { SqlQueryable } from "./postgres-driver.js";

/** Log rows read per round trip while catching up. */
const PAGE = 5000;

/** A `real[]` as the driver returns it (an array, or its text form) as a Float32Array. */
export const toFloat32 = (v: unknown): Float32Array =>
  Float32Array.from(
    Array.isArray(v)
      ? (v as number[])
      : String(v)
          .replace(/[{}]/g, "")
          .split(",")
          .filter((x) => x.length > 0)
          .map(Number),
  );

const layerOf = (id: string): VectorLayer | null => (id[0] === "b" || id[0] === "e" ? id[0] : null);
const rowidOf = (id: string) => Number(id.slice(1));

export class VectorCache {
  private index = new VectorIndex();
  /** The last log position applied. */
  private seq = 0;
  private readonly loaded = new Set<string>();
  /** One sync at a time: two searches racing would both replay the same entries. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Open write transactions in this process; while any is, applied entries are remembered. */
  private open = 0;
  /** Entries applied while a transaction was open (they may be its own, uncommitted). */
  private applied: { seq: number; id: string }[] = [];
  /** Namespaces loaded while a transaction was open (their rows may include its writes). */
  private loadedInTx = false;
  /** Ids to read again before the next search (a transaction that wrote them rolled back). */
  private readonly refetch = new Set<string>();

  constructor(private readonly t: (table: string) => string) {}

  /** The `limit` nearest rows of the namespaces by cosine, current with the database as `db` sees it. */
  async search(
    db: SqlQueryable,
    layer: VectorLayer,
    query: Float32Array,
    namespaces: readonly string[],
    scope: StatusScope,
    limit: number,
  ): Promise<VectorHit[]> {
    await this.sync(db, namespaces);
    return this.index.search(layer, query, namespaces, scope, limit);
  }

  /** A write transaction begins: returns the mark to pass to `rolledBack` if it fails. */
  begin(): number {
    this.open++;
    return this.seq;
  }

  /** The transaction committed: what it applied is committed state now. */
  committed(): void {
    this.end();
  }

  /**
   * The transaction rolled back: entries applied since `mark` may have been its own, now undone.
   * Those rows are read again from committed state before the next search.
   */
  rolledBack(mark: number): void {
    if (this.loadedInTx) this.reset();
    else if (this.seq > mark) {
      for (const e of this.applied) if (e.seq > mark) this.refetch.add(e.id);
      this.seq = mark;
    }
    this.end();
  }

  private end(): void {
    this.open = Math.max(0, this.open - 1);
    if (this.open === 0) {
      this.applied = [];
      this.loadedInTx = false;
    }
  }

  private reset(): void {
    this.index = new VectorIndex();
    this.seq = 0;
    this.loaded.clear();
    this.refetch.clear();
    this.applied = [];
    this.loadedInTx = false;
  }

  private sync(db: SqlQueryable, namespaces: readonly string[]): Promise<void> {
    const run = this.queue.then(() => this.catchUp(db, namespaces));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async catchUp(db: SqlQueryable, namespaces: readonly string[]): Promise<void> {
    const [bounds] = await db.query(
      `SELECT min(seq)::text AS first, max(seq)::text AS last FROM ${this.t("vector_changes")}`,
    );
    const first = bounds?.first === null || bounds?.first === undefined ? null : Number(bounds.first);
    const last = bounds?.last === null || bounds?.last === undefined ? 0 : Number(bounds.last);
    // The log was pruned past what this process applied (it was idle through many writes):
    // start over from the tables.
    if (this.loaded.size > 0 && first !== null && first > this.seq + 1) this.reset();
    const changed = new Set(this.refetch);
    this.refetch.clear();
    while (this.loaded.size > 0 && last > this.seq) {
      const rows = await db.query(
        `SELECT seq::text AS seq, id, namespace FROM ${this.t("vector_changes")} WHERE seq > $1::bigint ORDER BY seq LIMIT ${PAGE}`,
        [String(this.seq)],
      );
      for (const r of rows) {
        const seq = Number(r.seq);
        const id = r.id as string;
        if (this.loaded.has(r.namespace as string)) changed.add(id);
        if (this.open > 0) this.applied.push({ seq, id });
        this.seq = seq;
      }
      if (rows.length < PAGE) break;
    }
    if (this.loaded.size === 0) this.seq = Math.max(this.seq, last);
    if (changed.size > 0) await this.refresh(db, [...changed]);
    for (const ns of new Set(namespaces)) if (!this.loaded.has(ns)) await this.load(db, ns);
  }

  /** Reads the named rows' vectors and statuses again. */
  private async refresh(db: SqlQueryable, ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      const found = new Set<string>();
      const rows = await db.query(
        `SELECT id, namespace, vector FROM ${this.t("vectors")} WHERE id = ANY($1::text[])`,
        [chunk],
      );
      for (const r of rows) {
        const id = r.id as string;
        const layer = layerOf(id);
        if (!layer) continue;
        found.add(id);
        this.index.put(layer, rowidOf(id), 0, r.namespace as string, toFloat32(r.vector));
      }
      for (const id of chunk) {
        const layer = layerOf(id);
        if (layer && !found.has(id)) this.index.remove(layer, rowidOf(id));
      }
      const beliefs = chunk.filter((id) => id[0] === "b").map((id) => String(rowidOf(id)));
      const episodes = chunk.filter((id) => id[0] === "e").map((id) => String(rowidOf(id)));
      if (beliefs.length > 0) await this.statuses(db, "b", "rid = ANY($1::bigint[])", [beliefs]);
      if (episodes.length > 0) await this.statuses(db, "e", "rid = ANY($1::bigint[])", [episodes]);
    }
  }

  /** Every vector and status of a namespace, on its first search. */
  private async load(db: SqlQueryable, namespace: string): Promise<void> {
    const rows = await db.query(`SELECT id, vector FROM ${this.t("vectors")} WHERE namespace = $1`, [
      namespace,
    ]);
    for (const r of rows) {
      const id = r.id as string;
      const layer = layerOf(id);
      if (layer) this.index.put(layer, rowidOf(id), 0, namespace, toFloat32(r.vector));
    }
    await this.statuses(db, "b", "namespace = $1", [namespace]);
    await this.statuses(db, "e", "namespace = $1", [namespace]);
    this.loaded.add(namespace);
    if (this.open > 0) this.loadedInTx = true;
  }

  private async statuses(db: SqlQueryable, layer: VectorLayer, where: string, params: unknown[]) {
    // An episode replaced by a later one is out of the active scope, as in SQLite.
    const sql =
      layer === "b"
        ? `SELECT rid::text AS rid, status FROM ${this.t("beliefs")} WHERE ${where}`
        : `SELECT rid::text AS rid, CASE WHEN superseded_by IS NOT NULL AND superseded_by <> '' THEN 'superseded' ELSE status END AS status
           FROM ${this.t("episodes")} WHERE ${where}`;
    for (const r of await db.query(sql, params))
      this.index.setStatus(layer, Number(r.rid), r.status as string);
  }
}
