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
import { CLOCK, fillA, fillB, snapshot } from "../../../test/support/tenants.js";
import { openMemory } from "../../open-memory.js";
import { SqliteStore } from "./sqlite-store.js";

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
