/**
 * Namespaces are a security boundary: a recall's text scores in one namespace are computed from
 * that namespace's rows alone (N, average length, document frequencies), so another tenant's
 * writes cannot move them — not its scores, not its order, not what falls under a score floor.
 * Checked on the cold path (a fresh connection: FTS5 answers) and the warm one (the in-process
 * index), for beliefs and episodes, on a file and in memory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import type { Memory } from "../../core/engine.js";
import type { Store } from "../../core/ports.js";
import { queryTerms } from "../../core/text.js";
import { openMemory } from "../../open-memory.js";
import { SqliteStore } from "./sqlite-store.js";

const CLOCK = "2026-03-05T00:00:00Z";
const QUERIES = ["retry limit gateway", "billing gateway deploy", "owner of the queue", "timeout"];

/** Tenant A's memories: a few beliefs (one archived by its successor) and episodes. */
async function fillA(mem: Memory): Promise<void> {
  await mem.rememberMany([
    { statement: "The retry limit of the billing gateway is 3", at: "2026-03-01" },
    { statement: "The retry limit of the billing gateway is 5", at: "2026-03-02" },
    { statement: "The owner of the payments queue is team ledger", at: "2026-03-01" },
    { statement: "The search gateway timeout is 30 seconds", at: "2026-03-01" },
  ]);
  await mem.recordMany([
    "Deploy of the billing gateway failed on a lock timeout",
    "We raised the retry limit after the outage",
    "The queue owner asked for a longer timeout",
  ]);
}

/** Tenant B's: many rows sharing A's words, in other proportions. */
async function fillB(mem: Memory): Promise<void> {
  const beliefs = [];
  const episodes = [];
  for (let i = 0; i < 60; i++) {
    beliefs.push({ statement: `Gateway ${i} has retry limit ${i} and billing tier ${i % 4}` });
    episodes.push(`Deploy ${i} of gateway ${i % 7} hit the timeout again, retry ${i}`);
  }
  await mem.rememberMany(beliefs);
  await mem.recordMany(episodes);
}

/** What tenant A sees: recall (ids, order, scores, why) and the store's text searches and scores. */
async function snapshot(store: Store): Promise<string> {
  const mem = await openMemory({ store, namespace: "tenant-a", clock: testClock(CLOCK) });
  const out: unknown[] = [];
  for (const q of QUERIES) {
    out.push(await mem.recall(q, { k: 10 }));
    out.push(await mem.recall(q, { k: 10, kinds: ["episode"] }));
    const terms = queryTerms(q);
    for (const statuses of [["active" as const], null]) {
      out.push(await store.searchBeliefText(terms, { namespaces: ["tenant-a"], statuses }, 20));
      out.push(await store.searchEpisodeText(terms, { namespaces: ["tenant-a"], statuses }, 20));
    }
    const episodes = await store.searchEpisodeText(terms, { namespaces: ["tenant-a"], statuses: null }, 50);
    out.push(
      await store.scoreEpisodeText(
        terms,
        episodes.map((h) => h.id),
        ["tenant-a"],
      ),
    );
  }
  const text = JSON.stringify(out);
  expect(text).toContain('"score"');
  return text;
}

describe("text scores stay inside their namespace (SQLite file)", () => {
  let dir: string;
  let path: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-nsstats-"));
    path = join(dir, "tenants.db");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A fresh connection (cold: FTS5 answers its first searches) or one whose indexes are built. */
  const view = async (warm: boolean) => {
    const store = SqliteStore.open(warm ? { path, coldStart: false } : { path });
    try {
      return await snapshot(store);
    } finally {
      await store.close();
    }
  };

  it("another tenant's writes move none of A's scores, cold or warm", async () => {
    const a = await openMemory({ path, namespace: "tenant-a", clock: testClock(CLOCK) });
    await fillA(a);
    await a.close();
    const cold = await view(false);
    const warm = await view(true);
    expect(warm).toBe(cold);
    // A warm connection that stays open across B's writes follows them through the change log.
    const open = SqliteStore.open({ path, coldStart: false });
    try {
      expect(await snapshot(open)).toBe(warm);
      const b = await openMemory({ path, namespace: "tenant-b", clock: testClock(CLOCK) });
      await fillB(b);
      await b.close();
      expect(await snapshot(open)).toBe(warm);
    } finally {
      await open.close();
    }
    expect(await view(false)).toBe(cold);
    expect(await view(true)).toBe(warm);
  }, 60_000);
});

describe("text scores stay inside their namespace (SQLite in memory)", () => {
  for (const [name, options] of [
    ["FTS5 answers every search", { textIndex: "fts5" as const }],
    ["the in-process index", { coldStart: false }],
  ] as const)
    it(`another tenant's writes move none of A's scores: ${name}`, async () => {
      const store = SqliteStore.open({ path: ":memory:", ...options });
      try {
        await fillA(await openMemory({ store, namespace: "tenant-a", clock: testClock(CLOCK) }));
        const before = await snapshot(store);
        await fillB(await openMemory({ store, namespace: "tenant-b", clock: testClock(CLOCK) }));
        expect(await snapshot(store)).toBe(before);
      } finally {
        await store.close();
      }
    }, 60_000);
});
