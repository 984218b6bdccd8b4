/**
 * `vectorSearch` on PostgreSQL's in-process vector index (no pgvector), on a real server: an
 * approximate store's searches probe lists and find rows with their exact scores, a search inside
 * a write transaction (the write gate's candidates) scores every row, `auto` under its threshold
 * answers as `exact`, and a bad value opens nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRandom, randomStatement } from "../../../test/support/random.js";
import { newBelief } from "../../../test/support/rows.js";
import { expectExactInWriteTransactions, expectSameHits } from "../../../test/support/vector-search.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { PostgresStore } from "./postgres-store.js";

const DATABASE_URL = process.env.DATABASE_URL;
const noServer = "DATABASE_URL is not set (postgres://user:password@host:5432/db)";
const EMBEDDER = "hashed-ngram-v1/384";
const ROWS = 2500;
const schema = `vecsearch_${process.pid}`;

describe.skipIf(!DATABASE_URL)(
  `PostgreSQL vectorSearch${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
  () => {
    const queries: Float32Array[] = [];
    const open = (vectorSearch?: "exact" | "approximate" | "auto") =>
      PostgresStore.open({ url: DATABASE_URL!, schema, vectorIndex: "memory", vectorSearch });

    beforeAll(async () => {
      const store = await open();
      const r = createRandom(5);
      const texts = Array.from({ length: ROWS }, () => randomStatement(r));
      await store.transaction((tx) =>
        tx.insertBeliefs(
          texts.map((t) => ({ belief: newBelief(t), embedder: EMBEDDER, vector: embedText(t, 384) })),
        ),
      );
      await store.close();
      for (let i = 0; i < 12; i++) queries.push(embedText(randomStatement(r), 384));
    });
    afterAll(async () => {
      const store = await open();
      await store.unsafeQuery("DROP SCHEMA {s} CASCADE");
      await store.close();
    });

    it("inside a write transaction an approximate store searches every row; outside it probes lists", async () => {
      const exact = await open("exact");
      const approx = await open("approximate");
      try {
        await expectExactInWriteTransactions(exact, approx, queries, ROWS);
      } finally {
        await exact.close();
        await approx.close();
      }
    });

    it("auto under its threshold answers exactly as exact", async () => {
      const exact = await open("exact");
      const auto = await open();
      try {
        await expectSameHits(auto, exact, queries);
      } finally {
        await exact.close();
        await auto.close();
      }
    });

    it("a bad vectorSearch is INVALID_INPUT and opens nothing", async () => {
      await expect(
        PostgresStore.open({
          url: DATABASE_URL!,
          schema: `vecsearch_bad_${process.pid}`,
          vectorSearch: "fast" as "exact",
        }),
      ).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining('"fast"') });
      const store = await open();
      try {
        const rows = await store.unsafeQuery(
          "SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = $1",
          [`vecsearch_bad_${process.pid}`],
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        await store.close();
      }
    });
  },
);
