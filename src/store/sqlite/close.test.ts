/**
 * Closing a store lets go of its in-process indexes: a closed store answers nothing, and whoever
 * still holds it (a Memory left in a variable, the caller's own reference) must not keep hundreds
 * of MB of postings alive.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import { openMemory } from "../../open-memory.js";
import { TextIndex } from "../text-index/text-index.js";
import { VectorIndex } from "../vector-index.js";
import { SqliteStore } from "./sqlite-store.js";

/** The store's private indexes, read for their size only. */
const held = (store: SqliteStore) => {
  const inner = store as unknown as { vectors: VectorIndex; text: TextIndex | null };
  return { vectors: inner.vectors.bytes(), text: inner.text?.bytes("b") ?? 0 };
};

describe("closing a SQLite store", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-close-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("drops the vector and text indexes it built, and still refuses use after close", async () => {
    const store = SqliteStore.open({ path: join(dir, "store.db") });
    const mem = await openMemory({ store, clock: testClock("2026-03-05T00:00:00Z") });
    await mem.rememberMany(
      Array.from({ length: 40 }, (_, i) => `The service number ${i} is owned by team ${i % 7}`),
      { gate: "off" },
    );
    // The first search of a fresh process reads the tables; the second builds the indexes.
    await mem.recall("service owned by team", { k: 5 });
    await mem.recall("which team owns the service", { k: 5 });
    const empty = { vectors: new VectorIndex().bytes(), text: new TextIndex().bytes("b") };
    const before = held(store);
    expect(before.vectors).toBeGreaterThan(empty.vectors);
    expect(before.text).toBeGreaterThan(empty.text);

    await mem.close();
    expect(held(store)).toEqual(empty);
    await expect(mem.recall("service", { k: 1 })).rejects.toThrow();
  });
});
