/**
 * Cold start: a connection's first searches read the `vectors` table (and FTS5) instead of
 * building the in-process indexes. They must find exactly what the built indexes find: the same
 * ids, scores and order, for every filter and limit. And the indexes are built only when a process
 * keeps searching: a recall in a fresh process (a CLI call, a hook) builds none.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import { queryTerms } from "../../core/text.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { openMemory } from "../../open-memory.js";
import { SqliteStore } from "./sqlite-store.js";

let dir: string;
let path: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-cold-"));
  path = join(dir, "cold.db");
  const mem = await openMemory({ path, clock: testClock("2026-03-05T00:00:00Z") });
  const entities = [
    "billing gateway",
    "search gateway",
    "staging database",
    "payments queue",
    "auth service",
  ];
  const items = [];
  for (const [i, e] of entities.entries()) {
    items.push({ statement: `The retry limit of the ${e} is ${i + 3}`, at: "2026-03-01" });
    items.push({ statement: `The retry limit of the ${e} is ${i + 9}`, at: "2026-03-02" }); // archives the first
    items.push({ statement: `The owner of the ${e} is team ${e.split(" ")[0]}`, at: "2026-03-01" });
  }
  await mem.rememberMany(items);
  await mem.rememberMany([{ statement: "The retry limit of the billing gateway is 4", namespace: "other" }]);
  await mem.recordMany([
    { content: "Deploy of the billing gateway failed: lock timeout", type: "outcome", outcome: "failure" },
    { content: "The retry limit of the search gateway is 20 now", type: "decision", at: "2026-03-04" },
    "Chose blue-green deploys for the payments queue",
  ]);
  const forget = (await mem.recall("owner auth service", { k: 1 }))[0]!;
  await mem.forget(forget.id);
  await mem.close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUERIES = [
  "retry limit gateway",
  "owner of the staging database",
  "deploy failed",
  "payments",
  "nothing here xyz",
];
const BELIEF_FILTERS = [
  { namespaces: ["default"], statuses: ["active" as const] },
  { namespaces: ["default"], statuses: null },
  { namespaces: ["default", "other"], statuses: ["active" as const], kinds: ["fact" as const] },
  { namespaces: ["default"], statuses: ["archived" as const] },
];
const EPISODE_FILTERS = [
  { namespaces: ["default"], statuses: ["active" as const] },
  { namespaces: ["default"], statuses: null, includeSuperseded: true },
];

/** What a search returns on a fresh connection (its first, cold) and on one whose indexes are built. */
async function both<T>(search: (s: SqliteStore) => Promise<T>): Promise<[T, T]> {
  const cold = SqliteStore.open({ path });
  const warm = SqliteStore.open({ path, coldStart: false }); // its first search builds the indexes
  try {
    const w = await search(warm);
    return [await search(cold), w];
  } finally {
    await cold.close();
    await warm.close();
  }
}

describe("cold first search", () => {
  it("vector search from the table equals the built index, for every filter and limit", async () => {
    for (const q of QUERIES)
      for (const limit of [1, 5, 50]) {
        const v = embedText(q, 384);
        for (const f of BELIEF_FILTERS) {
          const [cold, warm] = await both((s) => s.searchBeliefVectors(v, f, limit));
          expect(cold).toEqual(warm);
        }
        for (const f of EPISODE_FILTERS) {
          const [cold, warm] = await both((s) => s.searchEpisodeVectors(v, f, limit));
          expect(cold).toEqual(warm);
        }
      }
  });

  it("text search through FTS5 equals the built BM25 index", async () => {
    for (const q of QUERIES)
      for (const limit of [1, 5, 50]) {
        for (const f of BELIEF_FILTERS) {
          const [cold, warm] = await both((s) => s.searchBeliefText(queryTerms(q), f, limit));
          expect(cold).toEqual(warm);
        }
        for (const f of EPISODE_FILTERS) {
          const [cold, warm] = await both((s) => s.searchEpisodeText(queryTerms(q), f, limit));
          expect(cold).toEqual(warm);
        }
      }
  });

  it("leaves the store's other vector reads working (statements it caches are its own)", async () => {
    const store = SqliteStore.open({ path });
    try {
      // Every active row fits in the margin, so the rescore read as many ids as getVectors reads here.
      const hits = await store.searchBeliefVectors(embedText("retry limit", 384), BELIEF_FILTERS[0]!, 1000);
      const vectors = await store.getVectors(hits.map((h) => h.id));
      expect(vectors.size).toBe(hits.length);
      for (const v of vectors.values()) expect(v).toBeInstanceOf(Float32Array);
    } finally {
      await store.close();
    }
  });

  it("the search results are not empty (the comparison compares something)", async () => {
    const [cold] = await both((s) =>
      s.searchBeliefVectors(embedText("retry limit gateway", 384), BELIEF_FILTERS[0]!, 5),
    );
    expect(cold.length).toBe(5);
  });
});

describe("cold first text search when the filter passes few of many matches", () => {
  let many: string;
  beforeAll(async () => {
    many = join(dir, "many.db");
    const mem = await openMemory({ path: many, clock: testClock("2026-03-05T00:00:00Z") });
    // 240 facts and 6 failures all match "retry limit"; half the facts are archived by their successor.
    const items = [];
    for (let i = 0; i < 120; i++) {
      items.push({ statement: `The retry limit of service s${i} is ${i + 3}`, at: "2026-03-01" });
      items.push({ statement: `The retry limit of service s${i} is ${i + 400}`, at: "2026-03-02" });
    }
    for (let i = 0; i < 6; i++)
      items.push({
        // Lengths differ, so their BM25 scores differ and the order is tested, not only ties.
        statement: `Raising the retry limit of worker w${i} broke the queue${" again".repeat(i)}`,
        kind: "failure" as const,
      });
    await mem.rememberMany(items);
    await mem.close();
  }, 60_000);

  it("ranks the filtered join in one pass: the same ids, scores and order as the built index", async () => {
    const filters = [
      { namespaces: ["default"], statuses: ["active" as const], kinds: ["failure" as const] },
      { namespaces: ["default"], statuses: ["archived" as const] },
    ];
    for (const f of filters)
      for (const limit of [5, 50, 200]) {
        const cold = SqliteStore.open({ path: many });
        const warm = SqliteStore.open({ path: many, coldStart: false });
        try {
          const terms = queryTerms("retry limit");
          const w = await warm.searchBeliefText(terms, f, limit);
          const c = await cold.searchBeliefText(terms, f, limit);
          expect(c).toEqual(w);
          // The filter leaves fewer rows than the first fetch would need: the one-pass ranking ran.
          expect(c.length).toBe(Math.min(limit, f.kinds ? 6 : 120));
        } finally {
          await cold.close();
          await warm.close();
        }
      }
  });
});

describe("when a connection builds its text index", () => {
  // A copy of a store whose FTS5 index is emptied behind its tables ('delete-all'): a search FTS5
  // answers finds nothing there, one the built index answers (read from the tables) finds the
  // rows. So each answer tells which path ran.
  const emptiedCopy = (from: string, name: string) => {
    const to = join(dir, name);
    const db = new Database(from);
    db.exec(`VACUUM INTO '${to}'`);
    db.close();
    const copy = new Database(to);
    copy.exec("INSERT INTO belief_fts(belief_fts) VALUES('delete-all')");
    const rows = copy.prepare("SELECT max(rowid) AS n FROM beliefs").get() as { n: number };
    copy.close();
    return { path: to, rows: rows.n };
  };
  const ACTIVE = { namespaces: ["default"], statuses: ["active" as const] };

  it("searches FTS5 until its searches have ranked as many matches as the layer has rows, then builds", async () => {
    const copy = emptiedCopy(path, "emptied.db");
    expect(copy.rows).toBeGreaterThan(10);
    const store = SqliteStore.open({ path: copy.path });
    try {
      // Each cold search here ranks no match and is counted as one.
      for (let i = 0; i < copy.rows; i++)
        expect(await store.searchBeliefText(queryTerms("retry limit gateway"), ACTIVE, 5)).toEqual([]);
      expect(await store.searchBeliefText(queryTerms("retry limit gateway"), ACTIVE, 5)).toHaveLength(5);
    } finally {
      await store.close();
    }
  });

  it("coldStart: false and warmIndexes() build it before the first search", async () => {
    const copy = emptiedCopy(path, "emptied-warm.db");
    const eager = SqliteStore.open({ path: copy.path, coldStart: false });
    const warmed = SqliteStore.open({ path: copy.path });
    try {
      await warmed.warmIndexes();
      expect(await eager.searchBeliefText(queryTerms("payments"), ACTIVE, 5)).toHaveLength(2);
      expect(await warmed.searchBeliefText(queryTerms("payments"), ACTIVE, 5)).toHaveLength(2);
    } finally {
      await eager.close();
      await warmed.close();
    }
  });

  it("a recall in a fresh process builds no text index, though it searches the text several times", async () => {
    // Named owners: recall also looks each top fact's rare names up (missedSuccessors), one text
    // search each, so one recall runs a dozen small searches.
    const named = join(dir, "named.db");
    const mem = await openMemory({ path: named, clock: testClock("2026-03-05T00:00:00Z") });
    const people = ["Marco Rossi", "Lena Fischer", "Hana Sato", "Omar Farouk", "Priya Nair", "Ivan Novak"];
    const areas = ["billing", "search", "payments", "ledger", "media", "support", "catalog", "pricing"];
    await mem.rememberMany(
      areas.flatMap((a, i) =>
        ["gateway", "worker", "cache", "queue", "proxy"].map((c, j) => ({
          statement: `The ${a} ${c} owner is ${people[(i + j) % people.length]}`,
        })),
      ),
    );
    await mem.close();
    const copy = emptiedCopy(named, "named-emptied.db");
    const store = SqliteStore.open({ path: copy.path });
    const fresh = await openMemory({ store, clock: testClock("2026-03-05T00:00:00Z") });
    try {
      const hits = await fresh.recall("billing gateway owner", { k: 5 });
      expect(hits.length).toBeGreaterThan(0); // found by their vectors: the text index is empty
      // Still cold: FTS5 (emptied) answers the next search, not an index built from the table.
      expect(await store.searchBeliefText(queryTerms("billing gateway owner"), ACTIVE, 5)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
