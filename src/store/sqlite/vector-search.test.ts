/**
 * `vectorSearch`: an approximate store's searches probe lists, but a search inside a write
 * transaction (the write gate's candidates) scores every row, and an `auto` store under the
 * threshold answers exactly as an `exact` one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRandom, randomStatement as statement } from "../../../test/support/random.js";
import { newBelief } from "../../../test/support/rows.js";
import type { ScoredId } from "../../core/ports.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { SqliteStore } from "./sqlite-store.js";

const EMBEDDER = "hashed-ngram-v1/384";
describe("SQLite vectorSearch", () => {
  let dir: string;
  let path: string;
  const queries: Float32Array[] = [];
  const filter = { namespaces: ["default"], statuses: ["active" as const] };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strata-vecsearch-"));
    path = join(dir, "s.db");
    const store = SqliteStore.open({ path });
    const r = createRandom(5);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 2500; i++) {
        const text = statement(r);
        const id = await tx.insertBelief(newBelief(text));
        await tx.putVector(id, "default", EMBEDDER, embedText(text, 384));
      }
    });
    await store.close();
    for (let i = 0; i < 12; i++) queries.push(embedText(statement(r), 384));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("inside a write transaction an approximate store searches every row; outside it probes lists", async () => {
    const exact = SqliteStore.open({ path, vectorSearch: "exact", coldStart: false });
    const approx = SqliteStore.open({ path, vectorSearch: "approximate", coldStart: false });
    try {
      let differed = 0;
      for (const q of queries) {
        const want = await exact.searchBeliefVectors(q, filter, 40);
        const outside = await approx.searchBeliefVectors(q, filter, 40);
        const inside = await approx.transaction(async (tx) => tx.searchBeliefVectors(q, filter, 40));
        expect(inside).toEqual(want);
        if (JSON.stringify(outside) !== JSON.stringify(want)) differed++;
        // Whatever it finds carries its exact score.
        const scores = new Map(
          (await exact.searchBeliefVectors(q, filter, 2500)).map((h: ScoredId) => [h.id, h.score]),
        );
        for (const h of outside) expect(h.score).toBe(scores.get(h.id));
      }
      // The lists were probed (else this test would prove nothing about the transaction).
      expect(differed).toBeGreaterThan(0);
    } finally {
      await exact.close();
      await approx.close();
    }
  });

  it("auto under its threshold answers exactly as exact", async () => {
    const exact = SqliteStore.open({ path, vectorSearch: "exact", coldStart: false });
    const auto = SqliteStore.open({ path, coldStart: false });
    try {
      for (const q of queries)
        expect(await auto.searchBeliefVectors(q, filter, 10)).toEqual(
          await exact.searchBeliefVectors(q, filter, 10),
        );
    } finally {
      await exact.close();
      await auto.close();
    }
  });
});
