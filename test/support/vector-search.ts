/**
 * The `vectorSearch` contract both stores' tests check (src/store/sqlite/vector-search.test.ts,
 * src/store/postgres/vector-search.test.ts): on the same rows, an `approximate` store's search
 * inside a write transaction is the `exact` store's hit for hit; outside it probes lists, and every
 * row it finds carries its exact score.
 *
 *   await expectExactInWriteTransactions(exactStore, approxStore, queries, 2500);
 */
import { expect } from "vitest";
import type { Store } from "../../src/core/ports.js";

const FILTER = { namespaces: ["default"], statuses: ["active" as const] };
const LIMIT = 40;

export async function expectExactInWriteTransactions(
  exact: Store,
  approx: Store,
  queries: readonly Float32Array[],
  rows: number,
): Promise<void> {
  let differed = 0;
  for (const q of queries) {
    const want = await exact.searchBeliefVectors(q, FILTER, LIMIT);
    const outside = await approx.searchBeliefVectors(q, FILTER, LIMIT);
    const inside = await approx.transaction(async (tx) => tx.searchBeliefVectors(q, FILTER, LIMIT));
    expect(inside).toEqual(want);
    if (JSON.stringify(outside) !== JSON.stringify(want)) differed++;
    // Whatever it finds carries its exact score.
    const scores = new Map((await exact.searchBeliefVectors(q, FILTER, rows)).map((h) => [h.id, h.score]));
    expect(outside.length).toBe(LIMIT);
    for (const h of outside) expect(h.score).toBe(scores.get(h.id));
  }
  // The lists were probed (else this would prove nothing about the transaction).
  expect(differed).toBeGreaterThan(0);
}

/** `auto` under its threshold answers as `exact`: the same hits, query by query. */
export async function expectSameHits(a: Store, b: Store, queries: readonly Float32Array[]): Promise<void> {
  for (const q of queries)
    expect(await a.searchBeliefVectors(q, FILTER, 10)).toEqual(await b.searchBeliefVectors(q, FILTER, 10));
}
