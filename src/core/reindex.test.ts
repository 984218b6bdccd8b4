import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createHashedEmbedder } from "../embed/hashed-embedder.js";
import { openMemory } from "../open-memory.js";

const dir = mkdtempSync(join(tmpdir(), "strata-reindex-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clock = { now: () => new Date("2026-03-05T00:00:00Z") };

describe("switching embedders: the guard refuses to mix, reindex fixes it", () => {
  const path = join(dir, "m.db");

  it("vector work refuses with EMBEDDER_MISMATCH; reads, pin and audit still work; reindex re-embeds all", async () => {
    const old = await openMemory({ path, clock, embedder: createHashedEmbedder({ dimension: 256 }) });
    await old.remember("The retry limit is 5", { at: "2026-03-01" });
    await old.remember("The retry limit is 7", { at: "2026-03-02" }); // archives b1
    await old.remember("The staging database is Postgres 16");
    await old.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
    await old.forget("b3");
    await old.close();

    const mem = await openMemory({ path, clock }); // hashed, 384 dimensions: another embedder
    const refused = await mem.recall("retry limit").catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "EMBEDDER_MISMATCH" });
    expect((refused as Error).message).toContain("hashed-ngram-v1/256 (3 vectors)");
    expect((refused as Error).message).toContain("reindex()");
    await expect(mem.remember("The retry limit is 9")).rejects.toMatchObject({ code: "EMBEDDER_MISMATCH" });
    await expect(mem.record("Deploy worked", { type: "outcome" })).rejects.toMatchObject({
      code: "EMBEDDER_MISMATCH",
    });
    // Nothing that compares vectors: fine.
    expect((await mem.stats()).beliefs.total).toBe(3);
    expect((await mem.pin("b2")).pinned).toBe(true);
    expect((await mem.verifyAudit()).ok).toBe(true);

    const progress: [number, number][] = [];
    const report = await mem.reindex({ batchSize: 2 }, { onProgress: (d, t) => progress.push([d, t]) });
    expect(report).toMatchObject({
      embedder: "hashed-ngram-v1/384",
      dimension: 384,
      episodes: 1,
      beliefs: 2, // the forgotten belief has no content left to embed
      removed: 0,
      before: [{ embedder: "hashed-ngram-v1/256", dimension: 256, count: 3 }],
      after: [{ embedder: "hashed-ngram-v1/384", dimension: 384, count: 3 }],
    });
    expect(progress.at(-1)).toEqual([4, 4]);

    const hits = await mem.recall("retry limit", { kinds: ["fact"] });
    expect(hits.map((h) => h.id)).toEqual(["b2"]);
    expect((await mem.remember("The retry limit is 9", { at: "2026-03-03" })).superseded).toEqual([]); // b2 is pinned
    expect((await mem.verifyAudit()).ok).toBe(true);
    await mem.close();
  });

  it("a store of one embedder opens and works with it; embedderCheck: false opts out", async () => {
    const same = await openMemory({ path, clock });
    expect((await same.recall("retry limit")).length).toBeGreaterThan(0);
    await same.close();
    const other = await openMemory({
      path,
      clock,
      embedder: createHashedEmbedder({ dimension: 256 }),
      embedderCheck: false,
    });
    await expect(other.recall("retry limit")).resolves.toBeDefined();
    await other.close();
  });
});
