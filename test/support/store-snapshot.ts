/**
 * A store's observable state, for tests that assert "refused, and nothing changed": every
 * namespace through the engine (items of every status, stats, links, outcomes, vectors, the
 * audit chain) and every row of every real table straight from the SQLite file.
 *
 *   const before = await storeSnapshot(mem, path);
 *   await expect(mem.forget("b3")).rejects.toThrow();
 *   expect(await storeSnapshot(mem, path)).toEqual(before);
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import type { Memory } from "../../src/core/engine.js";

/** Everything observable about the store, through the engine and straight from the file. */
export async function storeSnapshot(
  mem: Memory,
  path: string,
  known: readonly string[] = [],
): Promise<unknown> {
  const store = mem.store;
  const namespaces = [...new Set([...known, ...(await store.auditNamespaces())])].sort();
  const perNamespace = [];
  for (const namespace of namespaces) {
    const beliefs = await mem.list({ namespace, layer: "belief", status: "any", limit: 10_000 });
    const episodes = await mem.list({ namespace, layer: "episode", status: "any", limit: 10_000 });
    const ids = [...beliefs, ...episodes].map((i) => i.id);
    perNamespace.push({
      namespace,
      stats: await mem.stats({ namespace }),
      beliefs,
      episodes,
      links: await Promise.all(ids.map((id) => store.links(id, namespace))),
      outcomes: await Promise.all(beliefs.map((b) => store.outcomes(b.id, namespace))),
      vectors: [...(await store.getVectors(ids, namespace)).entries()].map(([id, v]) => [id, digest(v)]),
      auditHead: await store.auditHeadMark(namespace),
      audit: await store.listAudit({ namespace, limit: 100_000 }),
    });
  }
  return { perNamespace, verify: await mem.verifyAudit(), tables: dumpTables(path) };
}

/** Blobs (vectors, vec0 chunks of a megabyte or more) compare by hash, so a diff stays readable. */
export const digest = (bytes: Uint8Array | Float32Array): string =>
  `sha256:${createHash("sha256")
    .update(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    .digest("hex")}`;

/**
 * Every row of every real table. Virtual tables are covered by their shadow tables; sqlite-vec's
 * vector chunks (a megabyte and more each) are left out, since the `vectors` table holds the same vectors.
 */
export function dumpTables(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%\\_vector\\_chunks%' ESCAPE '\\' ORDER BY name",
      )
      .all() as { name: string }[];
    // Some tables are WITHOUT ROWID, so rows are put in a stable order here rather than in SQL.
    const rows = (name: string) =>
      db
        .prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`)
        .all()
        .map((row) =>
          Object.fromEntries(
            Object.entries(row as Record<string, unknown>).map(([k, v]) => [
              k,
              v instanceof Uint8Array ? digest(v) : typeof v === "bigint" ? String(v) : v,
            ]),
          ),
        )
        .map((row) => ({ key: JSON.stringify(row), row }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((r) => r.row);
    return Object.fromEntries(tables.map(({ name }) => [name, rows(name)]));
  } finally {
    db.close();
  }
}
