/**
 * A store's `load` keeps every vector and record it is given, or none (attacks39). attacks38 made the
 * load insert provenance rows, links, judged pairs and audit rows plainly, so a row whose key the
 * store holds fails the load instead of vanishing; vectors (SQLite: through `putVector`, which
 * deletes the row of that id first) and records (both stores: through `setMeta`, an upsert) were
 * left replacing. Both callers of `load` check those keys first (an import checks its vectors are
 * of its own items and its items' ids free, and its records' keys free, under the write lock; a
 * transfer refuses a target holding any row), so no verb reached it; but the load itself replaced
 * another namespace's vector (its namespace column and all) or a record's value and reported the
 * row loaded. Now both refuse, `TARGET_NOT_EMPTY`, and the caller's transaction rolls back, as for
 * every other section — including a page that holds one key twice.
 *
 * SQLite file and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { isStrataError } from "../../src/core/errors.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import type { DumpRows, Store } from "../../src/core/ports.js";
import { memoryBackends } from "../support/backends.js";

beforeAll(() => loadTagger());

const backends = memoryBackends("loadkeys");

/** The vector row `id` as the store dumps it (`undefined` when it holds none). */
async function dumpedVector(store: Store, id: string) {
  return (await store.dump("vectors", { cursor: null, limit: 1000 })).rows.find((v) => v.id === id);
}

/** Loads `rows` into `section` in a transaction of its own; returns the refusal. */
async function refusal<S extends "vectors" | "meta">(store: Store, section: S, rows: DumpRows[S]) {
  const error = await store
    .transaction((tx) => tx.load(section, rows))
    .then(
      () => expect.fail(`loaded ${section} whose key the store holds`),
      (x: unknown) => x,
    );
  if (!isStrataError(error)) expect.fail(String(error));
  expect(error.code).toBe("TARGET_NOT_EMPTY");
  expect(error.message).toContain(`Cannot load ${section} here`);
  return error;
}

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: load never replaces a vector or a record`, () => {
    it("a vector whose id another namespace's belief holds: refused, the victim's vector and namespace unchanged", async () => {
      const { mem } = await backend.open();
      try {
        const victim = await mem.withNamespace("tenant-b").remember("The vault code is 4417");
        const held = await dumpedVector(mem.store, victim.id);
        expect(held).toBeDefined();
        const before = await mem.store.dumpCounts();
        const forged = {
          ...held!,
          namespace: "tenant-a",
          vector: new Float32Array(held!.vector.length).fill(0.5),
        };
        await refusal(mem.store, "vectors", [forged]);
        expect(await mem.store.dumpCounts()).toEqual(before);
        const after = await dumpedVector(mem.store, victim.id);
        expect(after!.namespace).toBe("tenant-b");
        expect([...after!.vector]).toEqual([...held!.vector]);
        // The victim still finds its belief by its own words, by vector as by text.
        const found = await mem.withNamespace("tenant-b").recall("vault code");
        expect(found.map((r) => r.id)).toContain(victim.id);
      } finally {
        await mem.close();
      }
    });

    it("a page holding one vector id twice, into a store without it: refused whole, nothing of it kept", async () => {
      const { mem } = await backend.open();
      try {
        const b = await mem.remember("The vault code is 4417");
        const held = await dumpedVector(mem.store, b.id);
        const id = `b${Number(b.id.slice(1)) + 100}`;
        const before = await mem.store.dumpCounts();
        await refusal(mem.store, "vectors", [
          { ...held!, id },
          { ...held!, id, vector: new Float32Array(held!.vector.length).fill(0.5) },
        ]);
        expect(await mem.store.dumpCounts()).toEqual(before);
        expect((await mem.store.getVectors([id], held!.namespace)).size).toBe(0);
      } finally {
        await mem.close();
      }
    });

    it("a vector whose id is free loads (the control)", async () => {
      const { mem } = await backend.open();
      try {
        const b = await mem.remember("The vault code is 4417");
        const held = await dumpedVector(mem.store, b.id);
        const id = `b${Number(b.id.slice(1)) + 100}`;
        await mem.store.transaction((tx) => tx.load("vectors", [{ ...held!, id }]));
        expect([...(await mem.store.getVectors([id], held!.namespace)).get(id)!]).toEqual([...held!.vector]);
      } finally {
        await mem.close();
      }
    });

    it("a record whose key the store holds: refused, its value unchanged", async () => {
      const { mem } = await backend.open();
      try {
        await mem.store.transaction((tx) => tx.setMeta("continuity:tenant-b", "tenant-b's digest"));
        const before = await mem.store.dumpCounts();
        await refusal(mem.store, "meta", [{ key: "continuity:tenant-b", value: "forged" }]);
        expect(await mem.store.dumpCounts()).toEqual(before);
        expect(await mem.store.getMeta("continuity:tenant-b")).toBe("tenant-b's digest");
      } finally {
        await mem.close();
      }
    });

    it("a page holding one record key twice: refused whole, neither value kept", async () => {
      const { mem } = await backend.open();
      try {
        await refusal(mem.store, "meta", [
          { key: "continuity:tenant-a", value: "first" },
          { key: "continuity:tenant-a", value: "second" },
        ]);
        expect(await mem.store.getMeta("continuity:tenant-a")).toBeNull();
      } finally {
        await mem.close();
      }
    });

    it("a record whose key is free loads (the control)", async () => {
      const { mem } = await backend.open();
      try {
        await mem.store.transaction((tx) =>
          tx.load("meta", [{ key: "continuity:tenant-a", value: "digest" }]),
        );
        expect(await mem.store.getMeta("continuity:tenant-a")).toBe("digest");
      } finally {
        await mem.close();
      }
    });
  });
