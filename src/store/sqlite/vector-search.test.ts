/**
 * `vectorSearch`: an approximate store's searches probe lists, but a search inside a write
 * transaction (the write gate's candidates) scores every row, and an `auto` store under the
 * threshold answers exactly as an `exact` one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createRandom, randomStatement as statement } from "../../../test/support/random.js";
import { newBelief } from "../../../test/support/rows.js";
import { expectExactInWriteTransactions, expectSameHits } from "../../../test/support/vector-search.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { SqliteStore } from "./sqlite-store.js";

const EMBEDDER = "hashed-ngram-v1/384";
describe("SQLite vectorSearch", () => {
  let dir: string;
  let path: string;
  const queries: Float32Array[] = [];

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
      await expectExactInWriteTransactions(exact, approx, queries, 2500);
    } finally {
      await exact.close();
      await approx.close();
    }
  });

  it("auto under its threshold answers exactly as exact", async () => {
    const exact = SqliteStore.open({ path, vectorSearch: "exact", coldStart: false });
    const auto = SqliteStore.open({ path, coldStart: false });
    try {
      await expectSameHits(auto, exact, queries);
    } finally {
      await exact.close();
      await auto.close();
    }
  });
});
