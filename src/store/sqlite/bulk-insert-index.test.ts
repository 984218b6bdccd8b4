/**
 * A bulk insert (`insertBeliefs`, the known-clean import's write) into a store whose in-process
 * vector index this process has not built yet adds nothing to that index: the first search fills
 * it from the `vectors` table instead. These tests pin that it is skipped, and that every search
 * afterwards finds exactly what a store whose index was built before the import finds, whatever
 * came before (nothing, single writes, a built index) and whether the search runs in the import's
 * own transaction or after it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newBelief } from "../../../test/support/rows.js";
import type { StoreWriter } from "../../core/ports.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { SqliteStore } from "./sqlite-store.js";

const EMBEDDER = "hashed-ngram-v1/384";
const SERVICES = ["billing", "search", "auth", "ledger", "mailer", "gateway", "queue", "cache"];
const FACTS = ["retry limit", "owner", "database", "deploy day", "region", "timeout"];
/** A fixed list of distinct statements (no randomness): `n` of them from `from`. */
const statements = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const k = from + i;
    return `The ${FACTS[k % FACTS.length]} of the ${SERVICES[(k >> 3) % SERVICES.length]} service in cell ${k} is ${k % 17}`;
  });
const QUERIES = ["retry limit billing", "owner of the search service", "deploy day ledger cell", "timeout 4"];

/** The in-process index's row count: what the tests check was (not) filled row by row. */
const indexed = (store: SqliteStore) => (store as unknown as { vectors: { size: number } }).vectors.size;

const bulk = (tx: StoreWriter, texts: string[], archivedEvery = 0) =>
  tx.insertBeliefs(
    texts.map((t, i) => ({
      belief: newBelief(t, archivedEvery > 0 && i % archivedEvery === 0 ? { status: "archived" } : {}),
      embedder: EMBEDDER,
      vector: embedText(t, 384),
    })),
  );

async function single(store: SqliteStore, text: string): Promise<void> {
  await store.transaction(async (tx) => {
    const id = await tx.insertBelief(newBelief(text));
    await tx.putVector(id, "default", EMBEDDER, embedText(text, 384));
  });
}

const search = async (store: SqliteStore, q: string, statuses: ["active"] | null) =>
  (await store.searchBeliefVectors(embedText(q, 384), { namespaces: ["default"], statuses }, 12)).map((h) => [
    h.id,
    h.score,
  ]);
const everySearch = async (store: SqliteStore) => {
  const out = [];
  for (const q of QUERIES) out.push(await search(store, q, ["active"]), await search(store, q, null));
  return out;
};

describe.each(["int8", "float32"] as const)(
  "bulk insert and the in-process vector index (%s)",
  (precision) => {
    let dir: string;
    const opened: SqliteStore[] = [];
    const open = (name: string, coldStart = true) => {
      const s = SqliteStore.open({ path: join(dir, name), vectorPrecision: precision, coldStart });
      opened.push(s);
      return s;
    };
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), "strata-bulk-index-"));
    });
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** A store whose index was built (by a search) before the same writes: the reference answers. */
    async function reference(before: string[], texts: string[]) {
      const ref = open("ref.db", false);
      for (const t of before) await single(ref, t);
      await search(ref, "anything", ["active"]);
      await ref.transaction((tx) => bulk(tx, texts, 5));
      expect(indexed(ref)).toBeGreaterThanOrEqual(texts.length);
      const want = await everySearch(ref);
      expect(want.every((hits) => hits.length > 0)).toBe(true);
      return want;
    }

    it.each([true, false])(
      "an import before any search fills no index; searches after it equal the reference (cold start %s)",
      async (coldStart) => {
        const texts = statements(0, 1100);
        const want = await reference([], texts);
        const store = open("bulk.db", coldStart);
        await store.transaction((tx) => bulk(tx, texts, 5));
        expect(indexed(store)).toBe(0);
        // Twice: with cold start the first searches read the table, the next ones build the index.
        expect(await everySearch(store)).toEqual(want);
        expect(await everySearch(store)).toEqual(want);
        expect(indexed(store)).toBeGreaterThan(0);
      },
    );

    it("single writes before an import, then a search: the index is brought in line with the table", async () => {
      const before = statements(5000, 40);
      const texts = statements(0, 1100);
      const want = await reference(before, texts);
      const store = open("bulk.db", false);
      for (const t of before) await single(store, t);
      await store.transaction((tx) => bulk(tx, texts, 5));
      expect(indexed(store)).toBe(before.length);
      expect(await everySearch(store)).toEqual(want);
    });

    it("a search inside the import's transaction sees its rows; once built, the index takes a later import row by row", async () => {
      const texts = statements(0, 900);
      const later = statements(2000, 700);
      const ref = open("ref.db", false);
      await search(ref, "anything", ["active"]);
      await ref.transaction((tx) => bulk(tx, texts, 5));
      const wantInTx = await everySearch(ref);
      await ref.transaction((tx) => bulk(tx, later, 5));
      const wantAfter = await everySearch(ref);

      const store = open("bulk.db", false);
      let inTx: unknown;
      await store.transaction(async (tx) => {
        await bulk(tx, texts, 5);
        inTx = await everySearch(store);
      });
      expect(inTx).toEqual(wantInTx);
      const built = indexed(store);
      expect(built).toBeGreaterThan(0);
      await store.transaction((tx) => bulk(tx, later, 5));
      expect(indexed(store)).toBeGreaterThan(built);
      expect(await everySearch(store)).toEqual(wantAfter);
    });
  },
);
