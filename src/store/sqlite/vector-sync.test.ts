/**
 * The SQLite store's vector index across connections (each a process in production): one opened
 * before another writes, forgets or rolls back still searches exactly what the `vectors` table holds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newBelief } from "../../../test/support/rows.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { SqliteStore } from "./sqlite-store.js";

const EMBEDDER = "hashed-ngram-v1/384";
const belief = (text: string) => newBelief(text);

async function remember(store: SqliteStore, text: string): Promise<string> {
  return store.transaction(async (tx) => {
    const id = await tx.insertBelief(belief(text));
    await tx.putVector(id, "default", EMBEDDER, embedText(text, 384));
    return id;
  });
}

const search = (store: SqliteStore, text: string, statuses: ["active"] | null = ["active"]) =>
  store.searchBeliefVectors(embedText(text, 384), { namespaces: ["default"], statuses }, 10);

// Both precisions: `auto` keeps a small store in float32, so int8 (a large store's) is asked for by name.
const PRECISIONS = ["int8", "float32"] as const;

describe.each(PRECISIONS)("SQLite vector index across connections (%s)", (vectorPrecision) => {
  let dir: string;
  let path: string;
  const open: SqliteStore[] = [];
  const connect = () => {
    const s = SqliteStore.open({ path, vectorPrecision });
    open.push(s);
    return s;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-vec-"));
    path = join(dir, "shared.db");
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("A, opened before B wrote anything, sees B's vectors; after B forgets one, A no longer finds it", async () => {
    const a = connect();
    expect(await search(a, "retry limit")).toEqual([]);
    const b = connect();
    const kept = await remember(b, "The retry limit of the billing gateway is 5");
    const gone = await remember(b, "The retry limit of the search gateway is 3");
    expect((await search(a, "retry limit gateway")).map((h) => h.id).sort()).toEqual([kept, gone].sort());

    await b.transaction(async (tx) => {
      await tx.updateBelief(gone, { status: "forgotten", text: "" });
      await tx.deleteVector(gone);
    });
    expect((await search(a, "retry limit gateway", null)).map((h) => h.id)).toEqual([kept]);
    // And A's ranking equals a fresh connection's and a scan of the table.
    const fresh = connect();
    const scan = SqliteStore.open({ path, vectorIndex: "scan" });
    open.push(scan);
    for (const q of ["retry limit", "billing gateway", "search"]) {
      const want = await search(scan, q);
      expect(await search(a, q)).toEqual(want);
      expect(await search(fresh, q)).toEqual(want);
    }
  });

  it("follows another connection's status changes and replaced vectors", async () => {
    const a = connect();
    const b = connect();
    const id = await remember(a, "The primary database of staging is Postgres");
    expect((await search(b, "primary database")).map((h) => h.id)).toEqual([id]);
    await a.transaction(async (tx) => tx.updateBelief(id, { status: "archived" }));
    expect(await search(b, "primary database")).toEqual([]);
    expect((await search(b, "primary database", null)).map((h) => h.id)).toEqual([id]);
    await a.transaction(async (tx) => {
      await tx.updateBelief(id, { status: "active" });
      await tx.putVector(id, "default", EMBEDDER, embedText("completely different words here", 384));
    });
    const [hit] = await search(b, "completely different words here");
    expect(hit?.id).toBe(id);
    expect(hit?.score).toBeCloseTo(1, 5);
  });

  it("forgets what a rolled-back transaction wrote", async () => {
    const a = connect();
    const kept = await remember(a, "The owner of the payments service is Ana");
    await expect(
      a.transaction(async (tx) => {
        const id = await tx.insertBelief(belief("The owner of the payments service is Bo"));
        await tx.putVector(
          id,
          "default",
          EMBEDDER,
          embedText("The owner of the payments service is Bo", 384),
        );
        await tx.updateBelief(kept, { status: "archived" });
        expect((await search(tx as SqliteStore, "owner payments")).map((h) => h.id)).toEqual([id]);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await search(a, "owner payments")).map((h) => h.id)).toEqual([kept]);
  });

  it("inside one transaction, a vector replaced after a search is re-ranked from its new value, not the one read before", async () => {
    // A transaction keeps the stored vectors its int8 re-ranks read (a batch re-ranks the same rows
    // again and again); putVector and deleteVector must drop what they change.
    const a = connect();
    const texts = Array.from(
      { length: 60 },
      (_, i) => `The ${["retry limit", "request timeout", "owner"][i % 3]} of service ${i} is ${i % 7}`,
    );
    const ids: string[] = [];
    for (const t of texts) ids.push(await remember(a, t));
    const query = "The retry limit of service 30 is 9";
    // Two searches: the first reads the table (cold start), the second builds the index.
    await search(a, query);
    await search(a, query);
    const [inside, gone] = await a.transaction(async (tx) => {
      const before = await search(tx as SqliteStore, query);
      expect(before[0]?.score).toBeLessThan(0.999);
      // The best hit now holds the query's own words, the second hit no vector at all.
      await tx.putVector(before[0]!.id, "default", EMBEDDER, embedText(query, 384));
      await tx.deleteVector(before[1]!.id);
      return [await search(tx as SqliteStore, query), before[1]!.id];
    });
    expect(inside[0]?.score).toBeCloseTo(1, 6);
    expect(inside.map((h) => h.id)).not.toContain(gone);
    // The same hits and scores as a connection that never saw the old vectors, and a scan.
    const scan = SqliteStore.open({ path, vectorIndex: "scan" });
    open.push(scan);
    expect(inside).toEqual(await search(connect(), query));
    expect(inside).toEqual(await search(scan, query));
  });

  it("opens a store written with sqlite-vec tables, drops them, and searches the vectors table", async () => {
    const old = connect();
    const id = await remember(old, "The request timeout of the API is 30 seconds");
    await old.close();
    const db = new Database(path);
    (createRequire(import.meta.url)("sqlite-vec") as { load(db: Database.Database): void }).load(db);
    db.exec(
      "CREATE VIRTUAL TABLE vec_belief_384 USING vec0(namespace TEXT PARTITION KEY, status TEXT, embedding float[384] distance_metric=cosine)",
    );
    db.close();

    const reopened = connect();
    expect((await search(reopened, "request timeout")).map((h) => h.id)).toEqual([id]);
    const check = new Database(path, { readonly: true });
    const names = check.prepare("SELECT name FROM sqlite_master WHERE name GLOB 'vec_*'").all();
    check.close();
    expect(names).toEqual([]);
  });

  it("a kinds filter gives what the table's scan gives, whether or not the nearest `limit` rows all pass", async () => {
    const writer = connect();
    // Facts and every third a procedure, all about retry limits: the nearest rows mix both kinds.
    const procedures = new Set<string>();
    await writer.transaction(async (tx) => {
      for (let i = 0; i < 60; i++) {
        const text = `The retry limit of gateway ${i % 12} in region ${i % 5} is ${i}`;
        const kind = i % 3 === 0 ? "procedure" : "fact";
        const id = await tx.insertBelief(newBelief(text, { kind }));
        await tx.putVector(id, "default", EMBEDDER, embedText(text, 384));
        if (kind === "procedure") procedures.add(id);
      }
    });
    const reader = connect();
    const scan = SqliteStore.open({ path, vectorIndex: "scan" });
    open.push(scan);
    const facts = { namespaces: ["default"], statuses: ["active" as const], kinds: ["fact" as const] };
    const all = { namespaces: ["default"], statuses: ["active" as const] };
    await reader.searchBeliefVectors(embedText("warm", 384), all, 1); // the cold scan; the index from here on
    let passedFirst = 0;
    let failedFirst = 0;
    for (const q of ["retry limit gateway 3", "region 4 is 9", "gateway 0 region 0", "limit 30", "retry"]) {
      const vector = embedText(q, 384);
      for (const limit of [1, 3, 8, 24, 100]) {
        const nearest = await reader.searchBeliefVectors(vector, all, limit);
        if (nearest.some((h) => procedures.has(h.id))) failedFirst++;
        else passedFirst++;
        const want = await scan.searchBeliefVectors(vector, facts, limit);
        expect(await reader.searchBeliefVectors(vector, facts, limit)).toEqual(want);
        expect(want.every((h) => !procedures.has(h.id))).toBe(true);
      }
    }
    // Both ways through the search were taken.
    expect(passedFirst).toBeGreaterThan(0);
    expect(failedFirst).toBeGreaterThan(0);
  });

  it("inside a write transaction the index sees the transaction's own writes, and after it another connection's", async () => {
    const a = connect();
    const b = connect();
    await remember(a, "The primary database of staging is Postgres");
    expect(await search(a, "primary database")).toHaveLength(1);
    const [inside, after] = await a.transaction(async (tx) => {
      const first = await search(a, "primary database");
      const id = await tx.insertBelief(belief("The primary database of production is MySQL"));
      await tx.putVector(
        id,
        "default",
        EMBEDDER,
        embedText("The primary database of production is MySQL", 384),
      );
      await tx.updateBelief(first[0]!.id, { status: "archived" });
      return [await search(a, "primary database"), id];
    });
    expect(inside.map((h) => h.id)).toEqual([after]);
    // Another connection commits once a's transaction is over: a's next transaction reads it.
    const other = await remember(b, "The primary database of testing is SQLite");
    const seen = await a.transaction(async () => search(a, "primary database"));
    expect(seen.map((h) => h.id).sort()).toEqual([after, other].sort());
  });
});

describe("SQLite vector index of active rows only", () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-vec-active-"));
    path = join(dir, "store.db");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // An active search builds the index from active rows only; what it then needs beyond them (a
  // restored row, this connection's or another's, and every status for history) it reads, so
  // each answer equals a scan of the table.
  it("finds rows restored after it was built, and every status once asked for history", async () => {
    const writer = SqliteStore.open({ path });
    const texts = Array.from({ length: 40 }, (_, i) => `The retry limit of gateway ${i} is ${i % 7}`);
    const ids: string[] = [];
    for (const t of texts) ids.push(await remember(writer, t));
    await writer.transaction(async (tx) => {
      for (const id of ids.slice(0, 30)) await tx.updateBelief(id, { status: "archived" });
    });
    const reader = SqliteStore.open({ path });
    const scan = SqliteStore.open({ path, vectorIndex: "scan" });
    const same = async (q: string) => {
      for (const statuses of [["active"], null] as const) {
        const want = await search(scan, q, statuses as ["active"] | null);
        expect(await search(reader, q, statuses as ["active"] | null)).toEqual(want);
      }
    };
    try {
      // Cold (a scan), then the index of active rows.
      for (let i = 0; i < 2; i++)
        expect((await search(reader, "retry limit gateway 3")).every((h) => ids.indexOf(h.id) >= 30)).toBe(
          true,
        );
      // Restored by the reader itself, then by another connection: both found by active searches.
      await reader.transaction(async (tx) => tx.updateBelief(ids[3]!, { status: "active" }));
      expect((await search(reader, "retry limit of gateway 3 is 3")).map((h) => h.id)).toContain(ids[3]);
      await writer.transaction(async (tx) => tx.updateBelief(ids[4]!, { status: "active" }));
      expect((await search(reader, "retry limit of gateway 4 is 4")).map((h) => h.id)).toContain(ids[4]);
      await same("retry limit gateway 4");
      // History: every status, archived rows included.
      const history = await search(reader, "retry limit of gateway 5 is 5", null);
      expect(history.map((h) => h.id)).toContain(ids[5]);
      await same("gateway 5");
      await same("retry limit is 2");
    } finally {
      for (const s of [writer, reader, scan]) await s.close();
    }
  });
});
