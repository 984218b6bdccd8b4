/**
 * The PostgreSQL store's vector search without pgvector: the in-process index (../vector-index.ts)
 * that SQLite uses — exact, or approximate in a large namespace (`vectorSearch`) — kept current by following the store's change log
 * (change-log.ts: one row per vector written or deleted and per belief or episode changed). Each
 * search first brings the log's followers current — one indexed round trip when nothing changed,
 * shared with the other searches of the same recall — and only the rows named there are read
 * again, so every process sees every other's writes without shipping the namespace's vectors over
 * the wire per query.
 *
 * Namespaces load lazily, on their first search: a server answering for a few namespaces of a
 * big shared database holds only those.
 *
 *   const log = new ChangeLog((table) => `"strata".${table}`);
 *   const cache = new VectorCache(log);
 *   const hits = await cache.search(db, "b", query, ["default"], "active", 10);
 */
import {
  type StatusScope,
  type VectorHit,
  VectorIndex,
  type VectorLayer,
  type VectorSearchMode,
} from "../vector-index.js";
import type { Change, ChangeFollower, ChangeLog } from "./change-log.js";
import type { SqlQueryable } from "./postgres-driver.js";

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

export class VectorCache implements ChangeFollower {
  private index: VectorIndex;
  private readonly loaded = new Set<string>();

  /** `mode`: which rows a search scores (`PostgresStoreOptions.vectorSearch`). */
  constructor(
    private readonly log: ChangeLog,
    private readonly t: (table: string) => string,
    private readonly mode: VectorSearchMode = "exact",
  ) {
    this.index = new VectorIndex({ search: mode });
    log.attach(this);
  }

  /**
   * The `limit` nearest rows of the namespaces by cosine, current with the database as `db` sees
   * it. `exact`: every row, whatever the mode (a write transaction's search: the gate's candidates).
   */
  async search(
    db: SqlQueryable,
    layer: VectorLayer,
    query: Float32Array,
    namespaces: readonly string[],
    scope: StatusScope,
    limit: number,
    o: { exact?: boolean } = {},
  ): Promise<VectorHit[]> {
    await this.log.sync(db, this, namespaces);
    return this.index.search(layer, query, namespaces, scope, limit, o);
  }

  holds(namespace: string): boolean {
    return this.loaded.has(namespace);
  }

  get empty(): boolean {
    return this.loaded.size === 0;
  }

  reset(): void {
    this.index = new VectorIndex({ search: this.mode });
    this.loaded.clear();
  }

  /** Reads the named rows' vectors and statuses again. */
  async refresh(db: SqlQueryable, changes: readonly Change[]): Promise<void> {
    const ids = changes.map((c) => c.id);
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
  async load(db: SqlQueryable, namespace: string): Promise<void> {
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
