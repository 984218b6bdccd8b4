/**
 * pgstats22: PostgreSQL's ANALYZE (autovacuum runs it by itself after ~50 new rows) copies
 * sampled column values into the catalog `pg_statistic`, which no forget rewrites. Every column
 * that holds user text, or text, hashes or vectors made from it, is kept out of the statistics
 * (SET STATISTICS 0): on a new store, on a store brought up from schema version 8 (migration 9),
 * and on a table forget swapped (test/security/forget-postgres-files.test.ts checks the files).
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/postgres-statistics.test.ts
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openMemory } from "../../src/open-memory.js";
import { SCHEMA_VERSION, UNSAMPLED_COLUMNS } from "../../src/store/postgres/postgres-schema.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { testClock } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const DATABASE_URL = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll();

const open = (schema: string) => PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });

/** Each column of the store's tables with a statistics target set, as "table.column=target". */
async function targets(store: PostgresStore, schema: string): Promise<string[]> {
  const rows = await store.unsafeQuery(
    `SELECT c.relname AS t, a.attname AS col, a.attstattarget AS target FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attstattarget >= 0`,
    [schema],
  );
  return rows.map((r) => `${r.t}.${r.col}=${r.target}`).sort();
}

const expected = Object.entries(UNSAMPLED_COLUMNS)
  .flatMap(([t, cols]) => cols.map((c) => `${t}.${c}=0`))
  .sort();

/**
 * The text columns of the store's tables ANALYZE may sample, each holding no user text: ids,
 * times, enumerated words, namespace names (a caller's name for a store part, not content forget
 * erases), the audit chain's own hashes and writer names (the audit trail stays by design), the
 * embedder's name and the store's secret (a row of its own table, no copy of anything written).
 * A text, json, tsvector or array column in neither this list nor UNSAMPLED_COLUMNS fails the
 * catalog test below: a column added later must say which it is.
 */
const HOLDS_NO_USER_TEXT: Readonly<Record<string, readonly string[]>> = {
  audit: ["actor", "at", "event", "hash", "namespace", "prev_hash", "subject_id"],
  audit_heads: ["hash", "namespace"],
  belief_sources: ["belief_id", "episode_id"],
  beliefs: [
    "kind",
    "last_confirmed_at",
    "last_used_at",
    "namespace",
    "parent_id",
    "recorded_at",
    "retired_at",
    "status",
    "superseded_by",
    "valid_from",
    "valid_to",
  ],
  changes: ["id", "namespace"],
  episodes: ["at", "distilled_at", "namespace", "recorded_at", "status", "superseded_by", "type", "valid_to"],
  judged_pairs: ["a", "at", "b", "judge", "relation"],
  links: ["at", "from_id", "relation", "to_id"],
  outcomes: ["at", "belief_id"],
  strata_secrets: ["name", "value"],
  vectors: ["embedder", "id", "namespace"],
};

describe.skipIf(!DATABASE_URL)("PostgreSQL keeps user text out of pg_statistic", () => {
  it("every text column of every table is kept out of the statistics or named as holding no user text; every index expression is kept out", async () => {
    const schema = `pgstats_${process.pid}_${randomBytes(4).toString("hex")}`;
    dropLater(schema);
    const store = await open(schema);
    const mem = await openMemory({ store, clock: testClock() });
    try {
      // A vector written: the store's HNSW index (pgvector's, when the server has it) exists too.
      await mem.remember("The build runs on Fridays");
      const columns = await store.unsafeQuery(
        `SELECT c.relname AS t, a.attname AS col, a.attstattarget AS target
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
           AND a.atttypid NOT IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype, 'float4'::regtype,
             'float8'::regtype, 'bool'::regtype, 'timestamptz'::regtype)`,
        [schema],
      );
      const unclassified = columns
        .filter((r) => {
          const t = r.t as string;
          const col = r.col as string;
          return !UNSAMPLED_COLUMNS[t]?.includes(col) && !HOLDS_NO_USER_TEXT[t]?.includes(col);
        })
        .map((r) => `${r.t}.${r.col}`);
      expect(unclassified).toEqual([]);
      // An expression of an index is sampled as a column is: every one at target 0.
      const expressions = await store.unsafeQuery(
        `SELECT c.relname AS ix, a.attnum AS n, a.attstattarget AS target
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = i.indexrelid AND a.attnum > 0
         WHERE n.nspname = $1 AND i.indkey[a.attnum - 1] = 0`,
        [schema],
      );
      expect(expressions.filter((r) => Number(r.target) !== 0).map((r) => `${r.ix}.${r.n}`)).toEqual([]);
    } finally {
      await mem.close();
    }
  }, 60_000);

  it("every table of the store analysed after a canary is written through every field: no statistics row holds it", async () => {
    const schema = `pgstats_${process.pid}_${randomBytes(4).toString("hex")}`;
    dropLater(schema);
    const store = await open(schema);
    const mem = await openMemory({ store, clock: testClock(), policy: { auditContent: true } });
    try {
      const canary = `zq${randomBytes(6).toString("hex")}canary`;
      for (let i = 0; i < 60; i++) await mem.record(`An ordinary note number ${i} about the build`);
      const e = await mem.record(`The vault phrase is ${canary}`, {
        type: "outcome",
        outcome: "failure",
        session: `s-${canary}`,
        metadata: { k: canary },
      });
      const fact = await mem.remember(`The vault phrase is ${canary}`, {
        source: `told ${canary}`,
        sources: [e.id],
      });
      await mem.remember(`The vault phrase is now ${canary}x`, { metadata: { k: canary } });
      await mem.remember("Rotate the vault", { kind: "procedure", steps: [`open ${canary}`, "rotate"] });
      await mem.outcome(fact.id, true, { session: `s-${canary}` });
      await mem.consolidate();
      const tables = await store.unsafeQuery(
        "SELECT format('%I.%I', schemaname, tablename) AS t FROM pg_tables WHERE schemaname = $1",
        [schema],
      );
      for (const r of tables) await store.unsafeQuery(`ANALYZE ${r.t as string}`);
      const stats = await store.unsafeQuery(
        `SELECT tablename || '.' || attname AS col,
           concat_ws(' ', most_common_vals::text, histogram_bounds::text, most_common_elems::text) AS vals
         FROM pg_stats WHERE schemaname = $1`,
        [schema],
      );
      expect(stats.length).toBeGreaterThan(0); // ANALYZE ran
      expect(stats.filter((r) => String(r.vals).includes(canary)).map((r) => r.col)).toEqual([]);
    } finally {
      await mem.close();
    }
  }, 120_000);

  it("a new store: the user-text columns have statistics target 0, and ANALYZE samples none of them", async () => {
    const schema = `pgstats_${process.pid}_${randomBytes(4).toString("hex")}`;
    dropLater(schema);
    const store = await open(schema);
    const mem = await openMemory({ store, clock: testClock() });
    try {
      expect(await targets(store, schema)).toEqual(expected);
      for (let i = 0; i < 60; i++) await mem.record(`An ordinary note number ${i} about the build`);
      const canary = `zq${randomBytes(6).toString("hex")}canary`;
      await mem.record(`The vault phrase is ${canary}`, { session: `s-${canary}`, metadata: { k: canary } });
      await mem.remember(`The vault phrase is ${canary}`, { source: `told ${canary}` });
      await store.unsafeQuery("ANALYZE {s}.episodes");
      await store.unsafeQuery("ANALYZE {s}.beliefs");
      const stats = await store.unsafeQuery(
        `SELECT tablename || '.' || attname AS col,
           concat_ws(' ', most_common_vals::text, histogram_bounds::text, most_common_elems::text) AS vals
         FROM pg_stats WHERE schemaname = $1`,
        [schema],
      );
      const cols = stats.map((r) => r.col as string);
      // ANALYZE ran (the columns the planner uses have statistics), the user text has none.
      expect(cols).toContain("episodes.namespace");
      expect(cols).toContain("episodes.status");
      for (const c of expected.map((e) => e.slice(0, -2))) expect(cols).not.toContain(c);
      expect(stats.filter((r) => String(r.vals).includes(canary)).map((r) => r.col)).toEqual([]);
    } finally {
      await mem.close();
    }
  }, 60_000);

  it("a store at schema version 8 is brought to target 0 by migration 9", async () => {
    const schema = `pgstats_${process.pid}_${randomBytes(4).toString("hex")}`;
    dropLater(schema);
    const store = await open(schema);
    // Version 8's columns: the server's default target.
    for (const [t, cols] of Object.entries(UNSAMPLED_COLUMNS))
      for (const c of cols)
        await store.unsafeQuery(`ALTER TABLE {s}.${t} ALTER COLUMN ${c} SET STATISTICS -1`);
    await store.unsafeQuery("DELETE FROM {s}.strata_migrations WHERE version >= 9");
    expect(await targets(store, schema)).toEqual([]);
    await store.close();
    const again = await open(schema);
    try {
      expect(await targets(again, schema)).toEqual(expected);
      const rows = await again.unsafeQuery("SELECT max(version) AS v FROM {s}.strata_migrations");
      // Migration 9 ran, and every later one with it.
      expect(Number(rows[0]?.v)).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(9);
    } finally {
      await again.close();
    }
  }, 60_000);
});
