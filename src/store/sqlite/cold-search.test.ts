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
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import { createRandom } from "../../../test/support/random.js";
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
      const vectors = await store.getVectors(
        hits.map((h) => h.id),
        "default",
      );
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
          // The filter leaves fewer rows than the first fetch would need: one ranking of the filtered matches ran.
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

/**
 * The cold text search's three ways, each FTS5 ranking with its whole-table statistics: the best
 * matches then the filter (`ranked`), each match's row looked up (`one pass`), and the rows passing
 * the filter read first into a set each match is checked against (`filter first`, chosen when the
 * filter passes few of many matches: most rows archived). A seeded store where one common word is
 * in every row takes each of them; every answer must be the built index's (ids, scores, order)
 * and FTS5's own ranking of the join, which is what the cold search did before it had ways.
 */
describe("cold text search over a seeded store where common words dominate", () => {
  let seeded: string;
  const COMMON = ["gateway", "worker", "queue", "proxy"];
  const RARE = ["zephyr", "quartz", "obsidian", "saffron", "tundra", "marlin"];
  const FILLER = ["the", "of", "billing", "search", "payments", "ledger", "staging", "limit", "owner"];
  const KINDS = ["fact", "failure", "rule", "procedure"] as const;
  beforeAll(async () => {
    seeded = join(dir, "seeded-text.db");
    const next = createRandom(18);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    // Lengths vary (BM25 normalises by them) and words repeat (term frequencies above 1).
    const text = (lead: string) => {
      const words = [lead, pick(COMMON)];
      if (next() < 0.04) words.push(pick(RARE));
      for (let n = 1 + Math.floor(next() * 9); n > 0; n--) words.push(pick(next() < 0.2 ? COMMON : FILLER));
      return words.join(" ");
    };
    const mem = await openMemory({ path: seeded, clock: testClock("2026-03-05T00:00:00Z") });
    await mem.rememberMany(
      Array.from({ length: 2400 }, (_, i) => ({
        statement: `${text("service")} ${i}`,
        namespace: next() < 0.85 ? "default" : "other",
        at: `2026-03-0${1 + Math.floor(next() * 4)}`,
      })),
      { gate: "off" },
    );
    await mem.close();
    // Another writer: most rows archived (the filter passes few of the matches), kinds mixed, some
    // episodes superseded.
    const raw = new Database(seeded);
    const status = raw.prepare("UPDATE beliefs SET status = ?, kind = ? WHERE rowid = ?");
    for (const rowid of raw.prepare("SELECT rowid FROM beliefs").pluck().all() as number[])
      status.run(
        next() < 0.75 ? "archived" : pick(["active", "active", "dormant", "retired"]),
        pick(KINDS),
        rowid,
      );
    // Episodes written by hand (recording thousands through the engine takes too long for a test);
    // the schema's triggers index them in FTS5 as they index any writer's rows.
    const episode = raw.prepare(
      `INSERT INTO episodes (namespace, type, content, at, recorded_at, content_hash, status, superseded_by)
       VALUES (?, 'observation', ?, '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', ?, ?, ?)`,
    );
    raw.transaction(() => {
      for (let i = 0; i < 2200; i++)
        episode.run(
          next() < 0.85 ? "default" : "other",
          `${text("service")} run ${i}`,
          `h${i}`,
          next() < 0.7 ? "archived" : "active",
          next() < 0.1 ? "e1" : null,
        );
    })();
    raw.close();
  }, 120_000);

  const QUERIES = [
    "service",
    "gateway worker service",
    "zephyr service",
    "quartz",
    "owner limit",
    "tundra marlin",
  ];
  const BELIEF_FILTERS = [
    { namespaces: ["default"], statuses: ["active" as const] },
    { namespaces: ["default"], statuses: null },
    { namespaces: ["default"], statuses: ["archived" as const], kinds: ["fact" as const] },
    {
      namespaces: ["default", "other"],
      statuses: ["active" as const, "dormant" as const],
      kinds: ["rule" as const],
    },
    { namespaces: ["other"], statuses: ["active" as const] },
    { namespaces: ["default"], statuses: ["active" as const], at: "2026-03-02T12:00:00Z" },
  ];
  const EPISODE_FILTERS = [
    { namespaces: ["default"], statuses: ["active" as const] },
    { namespaces: ["default"], statuses: null, includeSuperseded: true },
    { namespaces: ["other"], statuses: ["archived" as const] },
  ];

  /** FTS5 ranking the join of the matches with the filtered rows: the cold search before it chose a way. */
  const rankedJoin = (
    db: Database.Database,
    layer: "b" | "e",
    q: string,
    f: (typeof BELIEF_FILTERS)[number] | (typeof EPISODE_FILTERS)[number],
    limit: number,
  ) => {
    const [fts, table] = layer === "b" ? ["belief_fts", "beliefs"] : ["episode_fts", "episodes"];
    const where = [`t.namespace IN (${f.namespaces.map(() => "?").join(",")})`];
    const params: unknown[] = [...f.namespaces];
    if (f.statuses) {
      where.push(`t.status IN (${f.statuses.map(() => "?").join(",")})`);
      params.push(...f.statuses);
    } else where.push("t.status != 'forgotten'");
    if ("kinds" in f && f.kinds) {
      where.push(`t.kind IN (${f.kinds.map(() => "?").join(",")})`);
      params.push(...f.kinds);
    }
    if ("at" in f && f.at) {
      where.push("t.valid_from <= ? AND (t.valid_to IS NULL OR t.valid_to > ?)");
      params.push(f.at, f.at);
    }
    if (layer === "e" && !("includeSuperseded" in f)) where.push("t.superseded_by IS NULL");
    const match = queryTerms(q)
      .map((t) => `"${t}"`)
      .join(" OR ");
    return (
      db
        .prepare(
          `SELECT f.rowid AS rid, f.rank AS s FROM ${fts} f JOIN ${table} t ON t.rowid = f.rowid
           WHERE ${fts} MATCH ? AND ${where.join(" AND ")} ORDER BY f.rank, f.rowid LIMIT ?`,
        )
        .all(match, ...params, limit) as { rid: number; s: number }[]
    ).map((r) => ({ id: `${layer}${r.rid}`, score: -r.s }));
  };

  it("every query, filter and limit: the built index's answer and FTS5's ranking of the join, whichever way ran", async () => {
    // FTS5's `rank` is the per-namespace BM25 only on a layer of one namespace (on several, a cold
    // search scores with each namespace's statistics: `namespaceText`, checked in the next test):
    // a copy of the store with namespace "other"'s rows moved into "default".
    const one = join(dir, "seeded-one.db");
    {
      const src = new Database(seeded, { readonly: true });
      await src.backup(one);
      src.close();
      const db = new Database(one);
      db.exec(
        "UPDATE beliefs SET namespace = 'default' WHERE namespace = 'other'; UPDATE episodes SET namespace = 'default' WHERE namespace = 'other'",
      );
      db.close();
    }
    // Which way each cold search took, from the statements it prepared.
    const ways = new Set<string>();
    const proto = SqliteStore.prototype as unknown as { stmt: (sql: string) => unknown };
    const stmt = vi.spyOn(proto, "stmt");
    const warm = SqliteStore.open({ path: one, coldStart: false });
    const raw = new Database(one, { readonly: true });
    let compared = 0;
    try {
      for (const q of QUERIES)
        for (const limit of [1, 7, 50, 400]) {
          const layers = [
            ...BELIEF_FILTERS.map((f) => ["b", f] as const),
            ...EPISODE_FILTERS.map((f) => ["e", f] as const),
          ];
          for (const [layer, f] of layers) {
            const search = (s: SqliteStore) =>
              layer === "b"
                ? s.searchBeliefText(queryTerms(q), f as (typeof BELIEF_FILTERS)[number], limit)
                : s.searchEpisodeText(queryTerms(q), f as (typeof EPISODE_FILTERS)[number], limit);
            const expected = await search(warm);
            // A fresh connection per search: each is its first, so FTS5 answers it.
            const cold = SqliteStore.open({ path: one });
            stmt.mockClear();
            try {
              expect(await search(cold)).toEqual(expected);
            } finally {
              await cold.close();
            }
            for (const [sql] of stmt.mock.calls) {
              if (sql.includes("+f.rowid IN")) ways.add(`${layer}: filter first`);
              else if (sql.includes("ORDER BY rank, rowid LIMIT ?) f")) ways.add(`${layer}: ranked`);
              else if (/JOIN \w+ \w ON \w\.rowid = f\.rowid\s+WHERE \w+_fts MATCH/.test(sql))
                ways.add(`${layer}: one pass`);
            }
            expect(rankedJoin(raw, layer, q, f, limit)).toEqual(expected);
            compared += expected.length;
          }
        }
    } finally {
      stmt.mockRestore();
      raw.close();
      await warm.close();
    }
    expect([...ways].sort()).toEqual([
      "b: filter first",
      "b: one pass",
      "b: ranked",
      "e: filter first",
      "e: one pass",
      "e: ranked",
    ]);
    expect(compared).toBeGreaterThan(5000);
  }, 120_000);

  it("on several namespaces: every query, filter and limit, cold (each namespace's statistics) equals the built index", async () => {
    const warm = SqliteStore.open({ path: seeded, coldStart: false });
    let compared = 0;
    try {
      for (const q of QUERIES)
        for (const limit of [1, 50]) {
          for (const f of BELIEF_FILTERS) {
            const expected = await warm.searchBeliefText(queryTerms(q), f, limit);
            const cold = SqliteStore.open({ path: seeded });
            try {
              expect(await cold.searchBeliefText(queryTerms(q), f, limit)).toEqual(expected);
            } finally {
              await cold.close();
            }
            compared += expected.length;
          }
          for (const f of EPISODE_FILTERS) {
            const expected = await warm.searchEpisodeText(queryTerms(q), f, limit);
            const cold = SqliteStore.open({ path: seeded });
            try {
              expect(await cold.searchEpisodeText(queryTerms(q), f, limit)).toEqual(expected);
            } finally {
              await cold.close();
            }
            compared += expected.length;
          }
        }
    } finally {
      await warm.close();
    }
    expect(compared).toBeGreaterThan(500);
  }, 120_000);

  it("never returns another namespace's row, though that namespace's rows match", async () => {
    const raw = new Database(seeded, { readonly: true });
    const namespaceOf = raw.prepare("SELECT namespace FROM beliefs WHERE rowid = ?").pluck();
    const store = SqliteStore.open({ path: seeded });
    try {
      const active = (namespace: string) =>
        raw
          .prepare(
            "SELECT count(*) FROM belief_fts f JOIN beliefs b ON b.rowid = f.rowid WHERE belief_fts MATCH 'service' AND b.namespace = ? AND b.status = 'active'",
          )
          .pluck()
          .get(namespace) as number;
      expect(active("other")).toBeGreaterThan(20); // they would be found if the set leaked
      expect(active("default")).toBeGreaterThan(60);
      // Many matches, few passing: the filter-first way, whose set is read by namespace.
      const hits = await store.searchBeliefText(queryTerms("service"), BELIEF_FILTERS[0]!, 60);
      expect(hits.length).toBe(60);
      for (const h of hits) expect(namespaceOf.get(Number(h.id.slice(1)))).toBe("default");
    } finally {
      await store.close();
      raw.close();
    }
  });
});
