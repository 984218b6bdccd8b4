/**
 * A forget that lands while `reindex` embeds a page (attacks40). Reindex read a page of items,
 * embedded their texts (a model embedder: seconds), then wrote the vectors in a transaction of
 * its own. A forget committing in between erased the episode and deleted its vector; reindex then
 * wrote the vector of the erased text back, under the new embedder's id, which its sweep of stale
 * vectors keeps: the store held a vector of a forgotten text (an n-gram vector names the words it
 * was made of) after forget answered. Now each page is read again under the write lock before its
 * vectors are written, and an item forgotten or reworded meanwhile is left out.
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import type { Embedder } from "../../src/core/ports.js";
import { createHashedEmbedder } from "../../src/embed/hashed-embedder.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

beforeAll(() => loadTagger());
const dir = mkdtempSync(join(tmpdir(), "strata-reindex-forget-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clock = { now: () => new Date("2026-03-05T00:00:00Z") };
const url = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(url);

/** The hashed embedder, with a hook awaited inside the first `embed` call once armed. */
function embedderWithHook(): Embedder & { during: (() => Promise<unknown>) | null } {
  const inner = createHashedEmbedder();
  const e = {
    id: inner.id,
    dimension: inner.dimension,
    during: null as (() => Promise<unknown>) | null,
    async embed(texts: readonly string[]) {
      const vectors = await inner.embed(texts);
      const during = e.during;
      e.during = null;
      if (during) await during();
      return vectors;
    },
  };
  return e;
}

const backends: { name: string; skip: boolean; open: (embedder: Embedder) => Promise<Memory> }[] = [
  {
    name: "sqlite-file",
    skip: false,
    open: (embedder) =>
      openMemory({ path: join(dir, `${randomBytes(4).toString("hex")}.db`), clock, embedder }),
  },
  {
    name: "postgres",
    skip: !url,
    open: async (embedder) => {
      const schema = dropLater(`reidxfg_${process.pid}_${randomBytes(4).toString("hex")}`);
      const store = await PostgresStore.open({ url: url!, schema, maxConnections: 2 });
      return openMemory({ store, clock, embedder });
    },
  },
];

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: a forget while reindex embeds`, () => {
    it("leaves no vector of the forgotten item; the others are re-embedded", async () => {
      const embedder = embedderWithHook();
      const mem = await backend.open(embedder);
      try {
        const gone = await mem.record("The door code is 4821, kept by quokkaharbour");
        const kept = await mem.record("The retry limit is 5");
        embedder.during = () => mem.forget(gone.id);
        const report = await mem.reindex({ batchSize: 10 });
        expect((await mem.get(gone.id)).status).toBe("forgotten");
        const vectors = await mem.store.getVectors([gone.id, kept.id], mem.namespace);
        expect([...vectors.keys()]).toEqual([kept.id]);
        expect(report.episodes).toBe(1); // the forgotten one's vector is not written, nor counted
      } finally {
        await mem.close();
      }
    });

    it("without a forget, every item gets its vector (the check keeps what it should)", async () => {
      const embedder = embedderWithHook();
      const mem = await backend.open(embedder);
      try {
        const a = await mem.record("The door code is 4821");
        const b = await mem.remember("The retry limit is 5");
        await mem.reindex({ batchSize: 1 });
        expect([...(await mem.store.getVectors([a.id, b.id], mem.namespace)).keys()].sort()).toEqual(
          [a.id, b.id].sort(),
        );
      } finally {
        await mem.close();
      }
    });
  });
