import { afterEach, describe, expect, it } from "vitest";
import { tempDbPath } from "../../../test/support/memory.js";
import { SqliteStore } from "./sqlite-store.js";

/**
 * `getVectors` keeps what it read between calls (in the read cache) while the file is unchanged: a
 * write by this connection or another one must be seen by the next read.
 */
const open: SqliteStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

const vec = (...xs: number[]) => Float32Array.from(xs);
async function put(store: SqliteStore, id: string, v: Float32Array) {
  await store.transaction((tx) => tx.putVector(id, "default", "test", v));
}

describe("SQLite getVectors between writes", () => {
  it("serves a repeated read from memory, and reads again after a write by this connection or another", async () => {
    const path = tempDbPath();
    const a = SqliteStore.open({ path });
    open.push(a);
    await put(a, "x1", vec(1, 0, 0));
    await put(a, "x2", vec(0, 1, 0));
    const first = await a.getVectors(["x1", "x2"], "default");
    expect([...first.get("x1")!]).toEqual([1, 0, 0]);
    // Nothing written: the same arrays again (what proves the memo is used at all).
    const again = await a.getVectors(["x2", "x1", "missing"], "default");
    expect(again.get("x1")).toBe(first.get("x1"));
    expect(again.get("x2")).toBe(first.get("x2"));
    expect(again.has("missing")).toBe(false);
    // In the order asked, whichever of them the memo held: x3 is read from the table, x1 and x2 from memory.
    await put(a, "x3", vec(0, 0, 1));
    await a.getVectors(["x1", "x2"], "default");
    expect([...(await a.getVectors(["x3", "x2", "x1", "x3"], "default")).keys()]).toEqual(["x3", "x2", "x1"]);

    // Another connection (another process, as far as SQLite knows) replaces x1.
    const b = SqliteStore.open({ path });
    open.push(b);
    await put(b, "x1", vec(0, 0, 2));
    expect([...(await a.getVectors(["x1"], "default")).get("x1")!]).toEqual([0, 0, 2]);

    // This connection replaces it, then deletes x2 outside a transaction.
    await put(a, "x1", vec(3, 0, 0));
    expect([...(await a.getVectors(["x1"], "default")).get("x1")!]).toEqual([3, 0, 0]);
    await a.getVectors(["x2"], "default");
    await a.deleteVector("x2");
    expect((await a.getVectors(["x1", "x2"], "default")).has("x2")).toBe(false);

    // Inside a write transaction reads see the transaction's own writes.
    await a.transaction(async (tx) => {
      await tx.putVector("x1", "default", "test", vec(0, 4, 0));
      expect([...(await tx.getVectors(["x1"], "default")).get("x1")!]).toEqual([0, 4, 0]);
    });
    expect([...(await b.getVectors(["x1"], "default")).get("x1")!]).toEqual([0, 4, 0]);
  });
});
