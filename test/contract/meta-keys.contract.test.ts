/**
 * The engine's namespace records (curation runs, continuity, the worker, the sweep) are keyed so
 * that a key names exactly one namespace, on every store (src/core/meta-keys.ts): namespace "a"
 * curating collection "b:c" and namespace "a:b" curating collection "c" keep two records, and
 * forget in "a" reads neither "a:b"'s record nor any other. A store written before the encoding
 * has its keys rewritten by its migration (SQLite 8, PostgreSQL 7).
 *
 *   DATABASE_URL=postgres://… STRATA_STORES=postgres npx vitest run test/contract/meta-keys.contract.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arrayCollection } from "../../src/collections/array-collection.js";
import { curate } from "../../src/core/curation/curate.js";
import { curationKey } from "../../src/core/curation/state.js";
import { metaKey, metaKeyPrefix, parseMetaKey } from "../../src/core/ports.js";
import { EMPTY_STATE } from "../../src/core/worker/records.js";
import { openMemory } from "../../src/open-memory.js";
import { testClock } from "../support/memory.js";
import { rollBackSchema, STORE_CASES } from "./stores.js";

/** A collection named exactly `name` (an array collection's own name is "array:<name>"). */
const notes = (name: string) => ({
  ...arrayCollection(name, [
    { id: "r1", text: "The vault door code is 771945", metadata: {}, createdAt: "2026-03-01T10:00:00Z" },
    { id: "r2", text: "The vault door code is 937215", metadata: {}, createdAt: "2026-03-02T10:00:00Z" },
  ]),
  name,
});

for (const c of STORE_CASES) {
  describe.skipIf(c.skip !== null)(`meta keys: ${c.name}${c.skip ? ` (skipped: ${c.skip})` : ""}`, () => {
    beforeAll(() => c.prepare(), 180_000);
    afterAll(() => c.dispose());

    it("namespace a's collection b:c and namespace a:b's collection c keep two curation records", async () => {
      const mem = await openMemory({ store: await c.open(), clock: testClock() });
      try {
        await curate(mem, notes("b:c"), { namespace: "a" });
        await curate(mem, notes("c"), { namespace: "a:b" });
        const records = await mem.store.getMetaPrefix("curation:");
        expect(records.map((r) => r.key)).toEqual(["curation:a%3Ab:c", "curation:a:b%3Ac"]);
        // Each record maps its records to its own namespace's beliefs.
        for (const [key, ns] of [
          ["curation:a:b%3Ac", "a"],
          ["curation:a%3Ab:c", "a:b"],
        ] as const) {
          const state = JSON.parse(records.find((r) => r.key === key)!.value);
          const own = new Set((await mem.list({ namespace: ns, status: "any" })).map((i) => i.id));
          for (const seen of Object.values(state.records) as { belief: string }[])
            expect(own.has(seen.belief), `${key} → ${seen.belief}`).toBe(true);
        }
        // A second run of each finds its own state: nothing new.
        expect(await curate(mem, notes("b:c"), { namespace: "a" })).toMatchObject({
          synced: 0,
          unchanged: 2,
        });
        expect(await curate(mem, notes("c"), { namespace: "a:b" })).toMatchObject({
          synced: 0,
          unchanged: 2,
        });
      } finally {
        await mem.close();
      }
    }, 60_000);

    it("export of namespace a carries a's curation, worker and credit records, none of a:b's; import brings them back", async () => {
      const mem = await openMemory({ store: await c.open(), clock: testClock() });
      const target = await openMemory({ store: await c.open(), clock: testClock() });
      try {
        await curate(mem, notes("b:c"), { namespace: "a" });
        await curate(mem, notes("c"), { namespace: "a:b" });
        for (const ns of ["a", "a:b"]) {
          const m = mem.withNamespace(ns);
          await m.requestConsolidation({ note: `the session of ${ns} ended` });
          const b = await m.remember(`A fact proven in ${ns}`);
          await m.outcome(b.id, true, { session: `s-${ns}` });
          await mem.store.transaction((tx) =>
            tx.setMeta(
              metaKey("worker:state", ns),
              JSON.stringify({ ...EMPTY_STATE, lastWriteAt: "2027-01-01T00:00:00.000Z" }),
            ),
          );
        }
        const ownA = new Set((await mem.list({ namespace: "a", status: "any" })).map((i) => i.id));
        const expected = (await mem.store.getMetaPrefix("")).filter((r) =>
          r.key.startsWith("outcome-credit:")
            ? ownA.has(r.key.split(":")[1]!)
            : parseMetaKey(r.key)?.parts[0] === "a",
        );
        const keys = expected.map((r) => r.key);
        expect(keys).toEqual(
          expect.arrayContaining(["curation:a:b%3Ac", "worker:request:a", "worker:state:a", "sweep:a"]),
        );
        expect(keys.filter((k) => k.startsWith("outcome-credit:"))).toHaveLength(1);
        const json = (await mem.withNamespace("a").export({ format: "json" })) as string;
        const doc = JSON.parse(json) as { meta: { key: string; value: string }[] };
        expect(doc.meta).toEqual(expected);
        // Nothing of a:b's, by key or by value.
        expect(doc.meta.filter((r) => r.key.includes("a%3Ab") || r.value.includes("a:b"))).toEqual([]);

        await target.withNamespace("a").import(json);
        for (const r of expected) expect(await target.store.getMeta(r.key), r.key).toBe(r.value);
        expect(await target.store.getMetaPrefix(metaKeyPrefix("curation", "a:b"))).toEqual([]);
        // The curation map came back: a re-run finds what it saw, and reads nothing again.
        expect(await curate(target, notes("b:c"), { namespace: "a" })).toMatchObject({
          synced: 0,
          unchanged: 2,
        });
        // The worker's schedule came back with it.
        expect((await target.withNamespace("a").workerStatus()).request?.note).toBe("the session of a ended");
      } finally {
        await mem.close();
        await target.close();
      }
    }, 120_000);

    it("forget in namespace a reads no record of namespace a:b", async () => {
      const mem = await openMemory({ store: await c.open(), clock: testClock() });
      try {
        const gone = await mem.remember("The door code of a is 4821", { namespace: "a" });
        // A record of namespace a:b whose reason names that id (a crafted store, or a quoted id).
        const foreign = JSON.stringify({ v: 1, records: {}, reasons: { x1: `closed, see ${gone.id}` } });
        const key = curationKey("a:b", "c");
        await mem.store.transaction((tx) => tx.setMeta(key, foreign));
        await mem.forget(gone.id, { namespace: "a" });
        expect(await mem.store.getMeta(key)).toBe(foreign);
      } finally {
        await mem.close();
      }
    }, 60_000);

    it.skipIf(c.name === "sqlite-memory")(
      "a store written before encoded keys: its migration rewrites them, and never guesses",
      async () => {
        const store = await c.open();
        const mem = await openMemory({ store, clock: testClock() });
        const inAB = await mem.remember("The build runs on Node 20", { namespace: "a:b" });
        await mem.record("Namespace p holds an item", { namespace: "p" });
        const state = (belief?: string) =>
          JSON.stringify({
            v: 1,
            records: belief ? { r1: { hash: "h", belief, own: true } } : {},
            reasons: {},
          });
        const old: [string, string][] = [
          ["continuity:team:x", "{}"],
          ["worker:state:request:victim", '{"seen":null}'],
          ["sweep:plain", "2026-01-01"],
          ["curation:a:b:c", state(inAB.id)], // its belief is namespace a:b's
          ["curation:p:q:r", state()], // no beliefs: p holds items, p:q holds none
          ["curation:x:y:z", state()], // nothing tells
          ["curation:a:50%off", state()], // one split
          ["api-keys", "[]"],
        ];
        await store.transaction(async (tx) => {
          for (const [key, value] of old) await tx.setMeta(key, value);
        });
        await rollBackSchema(store, { sqlite: 7, postgres: 6 }); // before encoded keys
        await mem.close();
        const again = await c.reopen(store);
        try {
          const keys = async () => {
            const out: Record<string, string> = {};
            for (const prefix of ["continuity:", "worker:", "sweep:", "curation", "api-keys"])
              for (const r of await again.getMetaPrefix(prefix)) out[r.key] = r.value;
            return out;
          };
          expect(await keys()).toEqual({
            "continuity:team%3Ax": "{}",
            "worker:state:request%3Avictim": '{"seen":null}',
            "sweep:plain": "2026-01-01",
            "curation:a%3Ab:c": state(inAB.id),
            "curation:p:q%3Ar": state(),
            "curation-unsplit:x:y:z": state(),
            "curation:a:50%25off": state(),
            "api-keys": "[]",
          });
          // Once: opening again changes nothing.
          const before = await keys();
          await again.close();
          const third = await c.reopen(store);
          try {
            expect(await third.getMetaPrefix("curation")).toEqual(
              Object.entries(before)
                .filter(([k]) => k.startsWith("curation"))
                .map(([key, value]) => ({ key, value })),
            );
          } finally {
            await third.close();
          }
        } finally {
          await again.close().catch(() => undefined);
        }
      },
      60_000,
    );
  });
}
