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
