/**
 * PostgreSQL's bulk writes (`insertBeliefs`, `appendAudits`, the gate-off `rememberMany`) go a few
 * hundred rows a statement, not several statements a row. Real PGlite, with a client that writes
 * down every statement, in transactions too. (That the rows are those of one write per item is
 * test/contract/batch.contract.test.ts, on PGlite and real PostgreSQL.)
 */
import { describe, expect, it } from "vitest";
import { sharedPglite } from "../../../test/support/pglite.js";
import { openMemory } from "../../open-memory.js";
import { pgliteClient, type SqlClient, type SqlQueryable } from "./postgres-driver.js";
import { PostgresStore } from "./postgres-store.js";

const pglite = sharedPglite();

describe("PostgreSQL bulk writes", () => {
  it("a gate-off batch of 600 statements inserts 256 rows a statement", async () => {
    const inner = pgliteClient(pglite(), { ownsDb: false });
    const statements: string[] = [];
    const counting = (q: SqlQueryable): SqlQueryable => ({
      ...q,
      query: (sql, params) => {
        statements.push(sql);
        return q.query(sql, params);
      },
    });
    const client: SqlClient = {
      ...inner,
      query: (sql, params) => counting(inner).query(sql, params),
      transaction: (fn) => inner.transaction((tx) => fn(counting(tx))),
    };
    const store = await PostgresStore.open({ client, schema: "bulk_count", vectorIndex: "memory" });
    const mem = await openMemory({ store, clock: { now: () => new Date("2026-03-05T00:00:00.000Z") } });
    try {
      const source = (await mem.record("The deploy of service 7 failed at noon")).id;
      const items = Array.from({ length: 600 }, (_, i) => {
        const statement = `The owner of service ${i} is team ${i % 17}`;
        if (i % 10 === 0) return { statement, sources: [source] };
        if (i % 7 === 0) return { statement, namespace: "other" };
        return statement;
      });
      statements.length = 0;
      const r = await mem.rememberMany(items, { gate: "off" });
      expect(r.stored).toBe(600);
      const into = (table: string) =>
        statements.filter((s) => new RegExp(`^\\s*INSERT INTO \\S+\\.${table}\\b`).test(s)).length;
      // 600 rows: 256 + 256 + 88.
      expect(into("beliefs")).toBe(3);
      expect(into("vectors")).toBe(3);
      expect(into("belief_sources")).toBe(3);
      expect(into("audit")).toBe(3);
      // One head per chain touched (two namespaces), once per batch.
      expect(into("audit_heads")).toBe(2);
      // The rest: the lock, the chains' heads, the rids, and each sourced item's check that its
      // episode exists (60 items, one read each: the gate's check, not the store's bulk write).
      const sourceChecks = statements.filter((s) => s.includes(".episodes WHERE rid IN")).length;
      expect(sourceChecks).toBe(60);
      expect(statements.length - sourceChecks).toBeLessThan(25);
      // Every row is there, and both chains verify.
      const elsewhere = items.filter((x) => typeof x !== "string" && x.namespace === "other").length;
      expect((await mem.stats()).beliefs.total).toBe(600 - elsewhere);
      expect(await mem.verifyAudit()).toMatchObject({ ok: true, namespaces: 2 });
    } finally {
      await mem.close();
    }
  }, 120_000);
});
