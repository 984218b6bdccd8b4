/**
 * The pgvector collection for real: PGlite with the pgvector extension, tables shaped as LangChain's
 * langchain_pg_embedding, mem0's table and a generic one, scanned, marked and pruned through the
 * adapter and curated end to end.
 */
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import { withoutPassword } from "../../test/support/no-password.js";
import { curate } from "../core/curation/curate.js";
import { openPgvectorCollection, pgvectorCollection } from "./pgvector-collection.js";

let db: PGlite;
const vec = (i: number) => `[${i % 7},${(i * 3) % 5},1]`;

const NOTES = [
  "The checkout service runs on port 8080",
  "The billing team is led by Priya",
  "The billing team is led by Priya",
  "The checkout service runs on port 9090",
];

beforeAll(async () => {
  db = new PGlite({ extensions: { vector } });
  await db.exec(`
    CREATE EXTENSION IF NOT EXISTS vector;
    CREATE TABLE langchain_pg_collection (uuid uuid PRIMARY KEY, name varchar, cmetadata json);
    CREATE TABLE langchain_pg_embedding (
      id varchar PRIMARY KEY, collection_id uuid REFERENCES langchain_pg_collection(uuid),
      embedding vector(3), document varchar, cmetadata jsonb);
    CREATE TABLE mem0 (id uuid PRIMARY KEY, vector vector(3), payload jsonb);
    CREATE SCHEMA app;
    CREATE TABLE app.notes (id serial PRIMARY KEY, body text, meta json, created_at timestamptz, embedding vector(3));
    INSERT INTO langchain_pg_collection VALUES
      ('00000000-0000-0000-0000-00000000000a', 'ops', null),
      ('00000000-0000-0000-0000-00000000000b', 'other', null);
  `);
  for (const [i, text] of NOTES.entries()) {
    const day = `2026-03-0${i + 1}T10:00:00Z`;
    await db.query(
      "INSERT INTO langchain_pg_embedding VALUES ($1, '00000000-0000-0000-0000-00000000000a', $2, $3, $4)",
      [`lc-${i + 1}`, vec(i), text, JSON.stringify({ source: "chat", ts: day })],
    );
    await db.query("INSERT INTO mem0 VALUES ($1, $2, $3)", [
      `00000000-0000-0000-0000-00000000000${i + 1}`,
      vec(i),
      JSON.stringify({ data: text, hash: `h${i}`, created_at: day, user_id: "u1" }),
    ]);
    await db.query("INSERT INTO app.notes (body, meta, created_at, embedding) VALUES ($1, $2, $3, $4)", [
      text,
      JSON.stringify({ n: i }),
      day,
      vec(i),
    ]);
  }
  // A row of another LangChain collection, which a scoped run must never touch.
  await db.query(
    "INSERT INTO langchain_pg_embedding VALUES ('lc-x', '00000000-0000-0000-0000-00000000000b', $1, $2, '{}')",
    [vec(9), "The checkout service runs on port 1111"],
  );
});
afterAll(async () => {
  await db.close();
});

describe("pgvectorCollection over PGlite with pgvector", () => {
  it("scans mem0's table in pages with the text, payload and creation time from the payload", async () => {
    const collection = await pgvectorCollection(db, { preset: "mem0" });
    const first = await collection.scan({ cursor: null, limit: 3 });
    expect(first.records).toHaveLength(3);
    expect(first.cursor).not.toBeNull();
    const second = await collection.scan({ cursor: first.cursor, limit: 3 });
    expect(second.records).toHaveLength(1);
    expect(second.cursor).toBeNull();
    const all = [...first.records, ...second.records];
    expect(all.map((r) => r.text)).toEqual(NOTES);
    expect(all[0]).toMatchObject({
      id: "00000000-0000-0000-0000-000000000001",
      createdAt: "2026-03-01T10:00:00.000Z",
      metadata: { user_id: "u1", data: NOTES[0] },
    });
  });

  it("reads a generic schema-qualified table with a json metadata column and a timestamp column", async () => {
    const collection = await pgvectorCollection(db, {
      table: "app.notes",
      textColumn: "body",
      metadataColumn: "meta",
      createdColumn: "created_at",
    });
    const { records } = await collection.scan({ cursor: null, limit: 10 });
    expect(records.map((r) => [r.id, r.createdAt, r.metadata.n])).toEqual([
      ["1", "2026-03-01T10:00:00.000Z", 0],
      ["2", "2026-03-02T10:00:00.000Z", 1],
      ["3", "2026-03-03T10:00:00.000Z", 2],
      ["4", "2026-03-04T10:00:00.000Z", 3],
    ]);
  });

  it("refuses a missing table, a missing column and a non-JSON metadata column, naming them", async () => {
    await expect(pgvectorCollection(db, { table: "nope", textColumn: "t" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining('"nope"'),
    });
    await expect(pgvectorCollection(db, { table: "app.notes", textColumn: "text" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/no column "text".*body/),
    });
    await expect(
      pgvectorCollection(db, { table: "app.notes", textColumn: "body", metadataColumn: "body" }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("not json") });
    await expect(
      pgvectorCollection(db, { table: 'x"; drop table mem0; --', textColumn: "t" }),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    expect((await db.query("SELECT count(*)::int AS n FROM mem0")).rows).toEqual([{ n: 4 }]);
  });

  it("curates LangChain's table within one collection: report changes nothing, mark flags, delete removes exactly those", async () => {
    const { mem } = await testMemory();
    const collection = await pgvectorCollection(db, {
      preset: "langchain",
      langchainCollection: "ops",
      createdKey: "ts",
    });
    const rows = async () =>
      (await db.query("SELECT id, cmetadata FROM langchain_pg_embedding ORDER BY id")).rows as {
        id: string;
        cmetadata: Record<string, unknown>;
      }[];
    const before = await rows();
    const report = await curate(mem, collection);
    expect(report.items.map((i) => [i.recordId, i.action, i.by])).toEqual([
      ["lc-1", "superseded", "lc-4"],
      ["lc-3", "redundant", "lc-2"],
    ]);
    expect(await rows()).toEqual(before);

    await curate(mem, collection, { mode: "mark" });
    expect(
      (await rows()).map((r) => [r.id, r.cmetadata.strata_curation ?? null, r.cmetadata.source ?? null]),
    ).toEqual([
      ["lc-1", "superseded", "chat"],
      ["lc-2", null, "chat"],
      ["lc-3", "redundant", "chat"],
      ["lc-4", null, "chat"],
      ["lc-x", null, null],
    ]);

    const deleted = await curate(mem, collection, { mode: "delete", confirm: true });
    expect(deleted).toMatchObject({ synced: 0, deleted: 2 });
    expect((await rows()).map((r) => r.id)).toEqual(["lc-2", "lc-4", "lc-x"]);
  });

  it("marks a json (not jsonb) metadata column and keeps it json", async () => {
    const { mem } = await testMemory();
    const collection = await pgvectorCollection(db, {
      table: "app.notes",
      textColumn: "body",
      metadataColumn: "meta",
      createdColumn: "created_at",
    });
    const result = await curate(mem, collection, { mode: "mark", markKey: "stale" });
    expect(result.marked).toBe(2);
    const { rows } = await db.query("SELECT id, meta::text AS meta FROM app.notes ORDER BY id");
    expect(rows).toEqual([
      { id: 1, meta: '{"n": 0, "stale": "superseded"}' },
      { id: 2, meta: '{"n":1}' },
      { id: 3, meta: '{"n": 2, "stale": "redundant"}' },
      { id: 4, meta: '{"n":3}' },
    ]);
  });
});

describe("openPgvectorCollection on a real server", () => {
  const DATABASE_URL = process.env.DATABASE_URL;
  it.skipIf(!DATABASE_URL)(
    "a server asking for a password the URL and PGPASSWORD do not give is STORE_UNAVAILABLE saying where to put it",
    async () => {
      const error = await withoutPassword(DATABASE_URL!, (url) =>
        openPgvectorCollection(url, { preset: "mem0" }),
      );
      if (error === null) return; // a server that trusts this user asks for no password
      expect(error).toMatchObject({ code: "STORE_UNAVAILABLE", details: { code: "no-password" } });
      expect((error as Error).message).toMatch(/asks for a password and none was given: .*set PGPASSWORD/);
    },
  );
});
