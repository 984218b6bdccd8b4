/**
 * Sleep's record on a belief lives under one reserved metadata key (src/core/sleep-record.ts), on
 * every store. A store slept before the key existed kept the record's fields at the top of the
 * metadata: its migration (SQLite 10, PostgreSQL 10) moves them in, only on the beliefs and in the
 * shapes sleep wrote them, so a caller's field of the same name stays the caller's. An export
 * carries the record and an import brings it back; an export written before the key existed is
 * moved in by the import the same way.
 *
 *   DATABASE_URL=postgres://… STRATA_STORES=postgres npx vitest run test/contract/sleep-record.contract.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import type { Belief } from "../../src/core/model.js";
import { SLEEP_RECORD_KEY, sleepRecordOf } from "../../src/core/sleep-record.js";
import { openMemory } from "../../src/open-memory.js";
import { DAY, testClock } from "../support/memory.js";
import { rollBackSchema, STORE_CASES } from "./stores.js";

const OLDER = "I have Weetabix for breakfast most days.";
const TURN =
  "Slept through my alarm twice this week. Breakfast is porridge these days, cereal got boring. Any good toppings?";
const NEWER = "Breakfast is porridge these days, cereal got boring.";
const QUESTION = "What do I eat for breakfast?";

/** A store slept over a restatement (sleep records `restates` on the newer), plus a caller's belief. */
async function sleptStore(
  mem: Memory,
  clock: ReturnType<typeof testClock>,
): Promise<{ newer: Belief; own: string }> {
  await mem.record(OLDER);
  clock.advance(20 * DAY);
  await mem.record(TURN);
  await mem.consolidate();
  // A caller's own fields named as sleep's once were: theirs, never read as sleep's.
  const own = await mem.remember("The staging database runs on port 5432.", {
    metadata: { askingTurn: true, restates: ["b1"], team: "infra" },
  });
  const newer = (await mem.list({ limit: 50 })).find((i) => i.layer === "belief" && i.text === NEWER);
  expect(newer?.layer).toBe("belief");
  return { newer: newer as Belief, own: own.id };
}

/** The metadata a store slept before the record's key held: the record's fields at the top. */
const flattened = (metadata: Record<string, unknown>) => {
  const { [SLEEP_RECORD_KEY]: record, ...rest } = metadata;
  return { ...rest, ...(record as Record<string, unknown>) };
};

beforeAll(() => loadTagger());

for (const c of STORE_CASES) {
  describe.skipIf(c.skip !== null)(
    `sleep's record: ${c.name}${c.skip ? ` (skipped: ${c.skip})` : ""}`,
    () => {
      beforeAll(() => c.prepare(), 180_000);
      afterAll(() => c.dispose());

      it.skipIf(c.name === "sqlite-memory")(
        "a store slept before the record's key: its migration moves sleep's fields in and leaves a caller's",
        async () => {
          const store = await c.open();
          const clock = testClock();
          const mem = await openMemory({ store, clock });
          const { newer, own } = await sleptStore(mem, clock);
          const record = sleepRecordOf(newer.metadata);
          expect(record.restates).toHaveLength(1);
          const hitsBefore = (await mem.recall(QUESTION, { k: 5 })).map((h) => [h.id, h.why.summary]);
          expect(hitsBefore[0]![1]).toMatch(/restates its slot/);
          // As an older Strata left it: every belief's record at the top of its metadata.
          const slept = (await mem.list({ status: "any", limit: 100 })).flatMap((i) =>
            i.layer === "belief" && i.metadata[SLEEP_RECORD_KEY] ? [i] : [],
          );
          await store.transaction(async (tx) => {
            for (const b of slept) await tx.updateBelief(b.id, { metadata: flattened(b.metadata) });
          });
          await rollBackSchema(store, { sqlite: 9, postgres: 9 }); // before the record's key
          await mem.close();
          const again = await openMemory({ store: await c.reopen(store), clock });
          try {
            for (const b of slept) expect((await again.get(b.id))!.metadata).toEqual(b.metadata);
            expect((await again.get(own))!.metadata).toEqual({
              askingTurn: true,
              restates: ["b1"],
              team: "infra",
            });
            expect((await again.recall(QUESTION, { k: 5 })).map((h) => [h.id, h.why.summary])).toEqual(
              hitsBefore,
            );
          } finally {
            await again.close();
          }
        },
        60_000,
      );

      it("export → import keeps sleep's record; an export written before its key is moved in", async () => {
        const clock = testClock();
        const mem = await openMemory({ store: await c.open(), clock });
        const fresh = await openMemory({ store: await c.open(), clock });
        const older = await openMemory({ store: await c.open(), clock });
        try {
          const { newer, own } = await sleptStore(mem, clock);
          const hits = (await mem.recall(QUESTION, { k: 5 })).map((h) => [h.id, h.why.summary]);
          const json = await mem.export({ format: "json" });
          await fresh.import(json);
          expect((await fresh.get(newer.id))!.metadata).toEqual(newer.metadata);
          expect((await fresh.get(own))!.metadata).toEqual({
            askingTurn: true,
            restates: ["b1"],
            team: "infra",
          });
          expect((await fresh.recall(QUESTION, { k: 5 })).map((h) => [h.id, h.why.summary])).toEqual(hits);
          // One namespace: the import wrote nothing outside the export's.
          expect((await fresh.list({ namespace: "other", status: "any" })).length).toBe(0);
          // The same export as an older Strata wrote it: no record key, the fields at the top.
          const doc = JSON.parse(json) as { sleepRecordKey?: string; beliefs: Belief[] };
          delete doc.sleepRecordKey;
          doc.beliefs = doc.beliefs.map((b) => ({ ...b, metadata: flattened(b.metadata) }));
          await older.import(JSON.stringify(doc));
          expect((await older.get(newer.id))!.metadata).toEqual(newer.metadata);
          expect((await older.get(own))!.metadata).toEqual({
            askingTurn: true,
            restates: ["b1"],
            team: "infra",
          });
          expect((await older.recall(QUESTION, { k: 5 })).map((h) => [h.id, h.why.summary])).toEqual(hits);
        } finally {
          await mem.close();
          await fresh.close();
          await older.close();
        }
      }, 60_000);
    },
  );
}
