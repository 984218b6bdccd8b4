/**
 * Two tenants in one store, for the tests that a namespace's text scores are its own: tenant A's
 * memories, tenant B's many rows sharing A's words, and what A sees (recall with its ids, order,
 * scores and `why`, and the store's text searches and scores) as one string to compare.
 *
 *   await fillA(await openMemory({ store, namespace: "tenant-a", clock: testClock(CLOCK) }));
 *   const before = await snapshot(store);
 */
import { expect } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { Store } from "../../src/core/ports.js";
import { queryTerms } from "../../src/core/text.js";
import { openMemory } from "../../src/open-memory.js";
import { testClock } from "./memory.js";

export const CLOCK = "2026-03-05T00:00:00Z";
const QUERIES = ["retry limit gateway", "billing gateway deploy", "owner of the queue", "timeout"];

/** Tenant A's memories: a few beliefs (one archived by its successor) and episodes. */
export async function fillA(mem: Memory): Promise<void> {
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
export async function fillB(mem: Memory): Promise<void> {
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
export async function snapshot(store: Store): Promise<string> {
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
