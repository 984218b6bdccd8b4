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

describe("SQLite vector index across connections", () => {
  let dir: string;
  let path: string;
  const open: SqliteStore[] = [];
  const connect = () => {
    const s = SqliteStore.open({ path });
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
});
