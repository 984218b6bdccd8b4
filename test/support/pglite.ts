/**
 * One in-process PostgreSQL (PGlite) for a test file: started before its tests, closed after
 * them. Register it before any `afterAll` that must run while the database is still open
 * (vitest runs after-hooks in reverse order).
 *
 *   const pglite = sharedPglite();
 *   it("…", async () => { const store = await PostgresStore.open({ pglite: pglite(), schema: "s1" }); });
 */
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { pgliteClient, type SqlClient } from "../../src/store/postgres/postgres-driver.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";

export function sharedPglite(): () => PGlite {
  let db: PGlite | undefined;
  // PGlite compiles Postgres on start: slow on a busy machine.
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (!db) throw new Error("sharedPglite: the database starts in beforeAll; use it inside a test");
    return db;
  };
}

/**
 * A store on `db` in `schema` whose every statement outside a transaction is written down, in
 * order, in `statements` (what a test counts round trips by; splice it to read since the last).
 *
 *   const { store, statements } = await countedStore(pglite(), "s1");
 */
export async function countedStore(
  db: PGlite,
  schema: string,
): Promise<{ store: PostgresStore; statements: string[] }> {
  const inner = pgliteClient(db, { ownsDb: false });
  const statements: string[] = [];
  const client: SqlClient = {
    ...inner,
    query: (sql, params) => {
      statements.push(sql);
      return inner.query(sql, params);
    },
  };
  const store = await PostgresStore.open({ client, schema, vectorIndex: "memory" });
  return { store, statements };
}
