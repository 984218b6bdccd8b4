/**
 * Batched writes on every store: `rememberMany` / `recordMany` give the same verdicts, ids and
 * store as the same `remember` / `record` calls one by one, because each item is gated against
 * the batch's earlier items (the stores' searches see the open transaction's own writes).
 *
 *   STRATA_STORES=sqlite,pglite npx vitest run test/contract/batch.contract.test.ts
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import {
  prepareRemember,
  type RecordItem,
  type RememberItem,
  rememberUngated,
} from "../../src/core/gated-writes.js";
import type { GateResult } from "../../src/core/model.js";
import { DUMP_SECTIONS, type Store } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { gateStream } from "../support/gate-stream.js";
import { createRandom } from "../support/random.js";
import { STORE_CASES, type StoreCase } from "./stores.js";

const CLOCK = { now: () => new Date("2026-03-05T00:00:00.000Z") };

/** Facts that restate, refine and change each other inside one batch. */
const STATEMENTS: RememberItem[] = [
  { statement: "The staging database is Postgres 16", at: "2026-03-01" },
  { statement: "Staging database: Postgres 16", at: "2026-03-01" },
  { statement: "The retry limit is 5", at: "2026-03-01" },
  { statement: "The retry limit is 7", at: "2026-03-02" },
  { statement: "The retry limit is 3", at: "2026-02-01" },
  "The assistant is called Ada",
  { statement: "Avoid running migrations during peak traffic", kind: "failure" },
  { statement: "Rotate the API keys", kind: "procedure", steps: ["create a key", "revoke the old one"] },
  "The staging database is Postgres 16",
  { statement: "The request timeout of the billing gateway is 30 seconds", source: "user" },
  { statement: "The request timeout of the billing gateway is 45 seconds", at: "2026-03-04" },
];

const EVENTS: RecordItem[] = [
  { content: "Deploying with blue-green switch worked", type: "outcome", outcome: "success" },
  { content: "Deploying with blue-green switch failed", type: "outcome", outcome: "failure" },
  { content: "Is the retry limit 9?", type: "question" },
  { content: "The retry limit is 9 now", type: "decision", at: "2026-03-04" },
  "The retry limit is 9 now",
  { content: "Chose blue-green deploys for the API", type: "decision", session: "s1", actor: "ops" },
];

const shape = (r: GateResult) => ({ ...r });

async function oneByOne(
  mem: Memory,
  statements: RememberItem[],
  events: RecordItem[],
): Promise<GateResult[]> {
  const out: GateResult[] = [];
  for (const s of statements)
    out.push(typeof s === "string" ? await mem.remember(s) : await mem.remember(s.statement, without(s)));
  for (const e of events)
    out.push(typeof e === "string" ? await mem.record(e) : await mem.record(e.content, without(e)));
  return out;
}

async function inBatches(
  mem: Memory,
  statements: RememberItem[],
  events: RecordItem[],
  size: number,
): Promise<GateResult[]> {
  const out: GateResult[] = [];
  for (let i = 0; i < statements.length; i += size)
    out.push(...(await mem.rememberMany(statements.slice(i, i + size))).results);
  for (let i = 0; i < events.length; i += size)
    out.push(...(await mem.recordMany(events.slice(i, i + size))).results);
  return out;
}

async function singles(mem: Memory): Promise<GateResult[]> {
  const out: GateResult[] = [];
  for (const s of STATEMENTS)
    out.push(typeof s === "string" ? await mem.remember(s) : await mem.remember(s.statement, without(s)));
  for (const e of EVENTS)
    out.push(typeof e === "string" ? await mem.record(e) : await mem.record(e.content, without(e)));
  return out;
}

function without<T extends object>(item: T): Omit<T, "statement" | "content"> {
  const { statement: _s, content: _c, ...rest } = item as T & { statement?: unknown; content?: unknown };
  return rest;
}

/** What a store holds, as the engine reads it. */
async function state(mem: Memory) {
  return {
    items: await mem.list({ status: "any", limit: 1000 }),
    stats: await mem.stats(),
    audit: (await mem.verifyAudit()).ok,
  };
}

/** Every row of every table a store keeps (the transfer dump), section by section. */
async function everyRow(store: Store): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const section of DUMP_SECTIONS) {
    const rows: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: { rows: unknown[]; cursor: string | null } = await store.dump(section, {
        cursor,
        limit: 500,
      });
      rows.push(...page.rows);
      cursor = page.cursor;
    } while (cursor !== null);
    out[section] = rows;
  }
  return out;
}

/**
 * A known-clean import of `n` statements with every option the bulk path must carry: repeats,
 * metadata, failures, a procedure, sources, a second namespace (a second audit chain), and keyed
 * statements (a new key, then a changed value) in the middle of the unkeyed ones.
 */
function cleanImport(n: number, source: string): RememberItem[] {
  const items: RememberItem[] = [];
  for (let i = 0; i < n; i++) {
    const text = `The owner of service ${i % 250} is team ${i % 17}`;
    if (i === 100) items.push({ statement: "The retry limit is 5", key: "retry", at: "2026-03-01" });
    else if (i === 101) items.push({ statement: "The retry limit is 7", key: "retry", at: "2026-03-02" });
    else if (i === 102)
      items.push({
        statement: "Rotate the API keys",
        kind: "procedure",
        steps: ["create a key", "revoke the old one"],
      });
    else if (i % 13 === 0) items.push({ statement: text, namespace: "other" });
    else if (i % 11 === 0)
      items.push({ statement: `Raising the limit of service ${i} caused outages`, kind: "failure" });
    else if (i % 7 === 0) items.push({ statement: text, metadata: { team: i % 17 }, sources: [source] });
    else items.push(text);
  }
  return items;
}

/**
 * `n` items of a known-clean import through `rememberMany(…, { gate: "off" })` on one store, and
 * one by one (each in its own transaction) on another: the same results, rows, chain and recall,
 * and on SQLite files the same vector rowids, change log and FTS5 matches.
 */
async function expectBulkAsOneByOne(c: StoreCase, n: number): Promise<void> {
  const one = await openMemory({ store: await c.open(), clock: CLOCK });
  const bulk = await openMemory({ store: await c.open(), clock: CLOCK });
  try {
    const source = (await one.record("The deploy of service 7 failed at noon")).id;
    expect((await bulk.record("The deploy of service 7 failed at noon")).id).toBe(source);
    const items = cleanImport(n, source);
    const singles: GateResult[] = [];
    for (const item of items) {
      const { statement, ...options } = typeof item === "string" ? { statement: item } : item;
      const p = prepareRemember(statement, options);
      const [vector] = await one.embedder.embed([p.text]);
      singles.push(await one.store.transaction((tx) => rememberUngated(one, tx, p, vector!)));
    }
    const r = await bulk.rememberMany(items, { gate: "off" });
    expect(r.results).toEqual(singles);
    expect(r.counts).toMatchObject({ novel: n - 1, contradiction: 1 });
    const [a, b] = [await everyRow(one.store), await everyRow(bulk.store)];
    expect(b.beliefs).toHaveLength(n);
    for (const section of DUMP_SECTIONS) expect(b[section], section).toEqual(a[section]);
    expect(await bulk.verifyAudit()).toMatchObject({ ok: true, namespaces: 2 });
    // SQLite's own tables, beyond the dump: vector rowids (what other processes notice new
    // vectors by), the change log the in-process text index replays, and FTS5.
    const files = [one.store, bulk.store].map((s) => (s instanceof SqliteStore ? s.path : ":memory:"));
    if (files.every((f) => f !== ":memory:")) {
      const [x, y] = files.map((f) => {
        const db = new Database(f, { readonly: true });
        try {
          return [
            "SELECT rowid, id FROM vectors ORDER BY rowid",
            "SELECT seq, layer, rid FROM text_changes ORDER BY seq",
            "SELECT rowid FROM belief_fts WHERE belief_fts MATCH 'owner OR outages OR rotate OR retry' ORDER BY rowid",
          ].map((sql) => db.prepare(sql).all());
        } finally {
          db.close();
        }
      });
      expect(y).toEqual(x);
      expect(y![2]).toHaveLength(n);
    }
    // The full-text and vector indexes hold the bulk rows too.
    const query = "owner of service 42 team";
    expect(await bulk.recall(query, { k: 5 })).toEqual(await one.recall(query, { k: 5 }));
  } finally {
    await one.close();
    await bulk.close();
  }
}

for (const c of STORE_CASES) {
  describe.skipIf(c.skip)(`batched writes on ${c.name}`, () => {
    beforeAll(() => c.prepare(), 120_000);
    afterAll(() => c.dispose());

    it("a batch gives the same verdicts, ids and store as the same writes one by one", async () => {
      const one = await openMemory({ store: await c.open(), clock: CLOCK });
      const many = await openMemory({ store: await c.open(), clock: CLOCK });
      try {
        const expected = await singles(one);
        const remembered = await many.rememberMany(STATEMENTS);
        const recorded = await many.recordMany(EVENTS);
        expect([...remembered.results, ...recorded.results].map(shape)).toEqual(expected.map(shape));
        // The batch saw its own earlier items: a restatement, a change and a backdated value.
        const verdicts = remembered.results.map((r) => r.verdict);
        expect(verdicts[1]).toBe("redundant");
        expect(remembered.results[1]!.target?.id).toBe(remembered.results[0]!.id);
        expect(verdicts[3]).toBe("contradiction");
        expect(remembered.results[3]!.superseded).toEqual([remembered.results[2]!.id]);
        expect(remembered.counts.redundant).toBe(verdicts.filter((v) => v === "redundant").length);
        expect(remembered.stored).toBe(remembered.results.filter((r) => r.stored).length);
        expect(await state(many)).toEqual(await state(one));
        expect((await state(many)).audit).toBe(true);
        // Searches after the batch see what it wrote.
        expect((await many.recall("retry limit", { k: 3 })).map((h) => h.id)).toEqual(
          (await one.recall("retry limit", { k: 3 })).map((h) => h.id),
        );
      } finally {
        await one.close();
        await many.close();
      }
    });

    it("a larger random batch gives the same verdicts, ids and store as the same writes one by one", async () => {
      const { statements, events } = gateStream(11, 120);
      const one = await openMemory({ store: await c.open(), clock: CLOCK });
      const many = await openMemory({ store: await c.open(), clock: CLOCK });
      try {
        const expected = await oneByOne(one, statements, events);
        const got = await inBatches(many, statements, events, 48);
        expect(got.map(shape)).toEqual(expected.map(shape));
        // The stream exercises the gate: every verdict but none occurs, and many items are judged.
        const verdicts = new Set(got.map((r) => r.verdict));
        for (const v of ["novel", "redundant", "contradiction", "refinement", "outcome-conflict"] as const)
          expect(verdicts, v).toContain(v);
        expect(await state(many)).toEqual(await state(one));
        expect((await state(many)).audit).toBe(true);
      } finally {
        await one.close();
        await many.close();
      }
    }, 300_000);

    it("a few hundred items into a filled store, with planted duplicates and changes, give the same results as one by one", async () => {
      // The store already holds the first 80 items; the batch then meets the store's rows, its own
      // earlier items, verbatim repeats of both and new values for the same subjects.
      // PGlite runs each single write several times slower than the other stores (one in-process
      // connection): it gets a third of the items, which still take minutes one by one.
      const scale = c.name.startsWith("pglite") ? 3 : 1;
      const { statements: filled } = gateStream(23, Math.round(100 / scale));
      const { statements: drawn, events } = gateStream(29, Math.round(320 / scale));
      const rand = createRandom(31);
      const statements: RememberItem[] = [];
      for (const [i, s] of drawn.entries()) {
        statements.push(s);
        const earlier = rand() < 0.5 ? filled : statements;
        // A verbatim repeat of an earlier item (the store's or the batch's) every eighth item.
        if (i % 8 === 7) statements.push(earlier[Math.floor(rand() * earlier.length)]!);
        // And a new value for an earlier item's subject every eleventh.
        if (i % 11 === 10) {
          const before = statements[Math.floor(rand() * statements.length)]!;
          const text = typeof before === "string" ? before : before.statement;
          const changed = text.replace(/\b(\d+)\b/, (n) => String(Number(n) + 1));
          if (changed !== text) statements.push({ statement: changed, at: "2026-02-28" });
        }
      }
      const one = await openMemory({ store: await c.open(), clock: CLOCK });
      const many = await openMemory({ store: await c.open(), clock: CLOCK });
      try {
        for (const mem of [one, many]) await oneByOne(mem, filled, []);
        const expected = await oneByOne(one, statements, events);
        const got = await inBatches(many, statements, events, 200);
        expect(got.map(shape)).toEqual(expected.map(shape));
        const counts: Record<string, number> = {};
        for (const r of got) counts[r.verdict] = (counts[r.verdict] ?? 0) + 1;
        // Many items are judged against near candidates: every verdict occurs, and often.
        for (const v of ["novel", "redundant", "contradiction", "refinement"] as const)
          expect(counts[v] ?? 0, v).toBeGreaterThanOrEqual(10 / scale);
        expect(counts["outcome-conflict"] ?? 0).toBeGreaterThan(0);
        expect(await state(many)).toEqual(await state(one));
        expect((await state(many)).audit).toBe(true);
      } finally {
        await one.close();
        await many.close();
      }
    }, 600_000);

    it('gate "off" in bulk leaves the same rows as the same items stored one by one', async () => {
      // 300 items: more than one PostgreSQL statement (256 rows), and every smaller size after it.
      await expectBulkAsOneByOne(c, 300);
    }, 120_000);

    // SQLite inserts up to 1,024 rows a statement: 1,100 items make one full statement and the rest.
    // On a file, where its own tables are compared too (PostgreSQL's single writes are too slow
    // for that many here; its statements hold 256 rows).
    it.skipIf(c.name !== "sqlite-file")(
      'gate "off" in bulk: a full SQLite statement and the rest leave the same rows as one by one',
      async () => {
        await expectBulkAsOneByOne(c, 1_100);
      },
      120_000,
    );

    it('gate "off" stores every item as novel without comparing, still checks keys and sources, and audits each', async () => {
      const mem = await openMemory({ store: await c.open(), clock: CLOCK });
      try {
        await mem.remember("The retry limit is 5", { at: "2026-03-01", key: "retry" });
        const before = await state(mem);
        // A bad gate value, then an unknown source: each refuses the batch and writes nothing.
        await expect(
          mem.rememberMany(["The retry limit is 9"], { gate: "maybe" as "off" }),
        ).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "gate" } });
        await expect(
          mem.rememberMany(["Cache TTL is 60", { statement: "Cache TTL is 90", sources: ["e404"] }], {
            gate: "off",
          }),
        ).rejects.toMatchObject({ code: "NOT_FOUND" });
        expect(await state(mem)).toEqual(before);

        const r = await mem.rememberMany(
          [
            "The staging database is Postgres 16",
            "The staging database is Postgres 16",
            "The staging database is Postgres 17",
            { statement: "The retry limit is 5", at: "2026-03-01", key: "retry" },
          ],
          { gate: "off" },
        );
        expect(
          r.results.slice(0, 3).map((x) => [x.verdict, x.rule, x.stored, x.target, x.superseded]),
        ).toEqual([
          ["novel", "gate-off", true, null, []],
          ["novel", "gate-off", true, null, []],
          ["novel", "gate-off", true, null, []],
        ]);
        // A key still names its belief: the same value is a restatement, not a second belief.
        expect(r.results[3]).toMatchObject({ verdict: "redundant", stored: false, rule: "key-unchanged" });
        expect(r.counts).toMatchObject({ novel: 3, redundant: 1 });
        const texts = (await mem.list({ limit: 100 })).map((b) => ("text" in b ? b.text : b.content));
        expect(texts.filter((t) => t === "The staging database is Postgres 16")).toHaveLength(2);
        expect(texts).toContain("The staging database is Postgres 17");
        expect((await mem.verifyAudit()).ok).toBe(true);
        expect((await mem.recall("staging database", { k: 3 })).length).toBeGreaterThan(0);
        // The same batch through the gate: the repeat is redundant, the new version a change.
        const gated = await openMemory({ store: await c.open(), clock: CLOCK });
        try {
          const g = await gated.rememberMany([
            "The staging database is Postgres 16",
            "The staging database is Postgres 16",
            "The staging database is Postgres 17",
          ]);
          expect(g.results.map((x) => x.verdict)).toEqual(["novel", "redundant", "contradiction"]);
        } finally {
          await gated.close();
        }
      } finally {
        await mem.close();
      }
    });

    it("a refused batch writes nothing, and the next batch is gated as if it never ran", async () => {
      const mem = await openMemory({ store: await c.open(), clock: CLOCK });
      try {
        await mem.remember("The retry limit is 5", { at: "2026-03-01" });
        const before = await state(mem);
        await expect(
          mem.rememberMany(["The retry limit is 7", { statement: "Cache TTL is 60", sources: ["e404"] }]),
        ).rejects.toMatchObject({ code: "NOT_FOUND" });
        expect(await state(mem)).toEqual(before);
        const { results } = await mem.rememberMany(["The retry limit is 7"]);
        // (PostgreSQL sequences do not roll back, so the new id may skip a number.)
        expect(results[0]).toMatchObject({ verdict: "contradiction", stored: true, superseded: ["b1"] });
      } finally {
        await mem.close();
      }
    });

    it("an empty batch writes nothing and counts every verdict as 0", async () => {
      const mem = await openMemory({ store: await c.open(), clock: CLOCK });
      try {
        const r = await mem.recordMany([]);
        expect(r).toEqual({
          results: [],
          stored: 0,
          counts: { novel: 0, refinement: 0, contradiction: 0, redundant: 0, "outcome-conflict": 0 },
        });
        expect((await mem.stats()).episodes.total).toBe(0);
      } finally {
        await mem.close();
      }
    });
  });
}

describe("batch limits", () => {
  it("refuses more than MAX_BATCH_ITEMS items before embedding anything", async () => {
    const { MAX_BATCH_ITEMS } = await import("../../src/core/gated-writes.js");
    const mem = await openMemory({ path: ":memory:", clock: CLOCK });
    try {
      const items = Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => `Statement ${i}`);
      await expect(mem.rememberMany(items)).rejects.toMatchObject({
        code: "INVALID_INPUT",
        details: { limit: MAX_BATCH_ITEMS },
      });
      expect((await mem.stats()).beliefs.total).toBe(0);
    } finally {
      await mem.close();
    }
  });
});
