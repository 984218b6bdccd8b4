/**
 * A store that imported a large id goes on as any other (store20). Ids are the store's one
 * sequence, so after an import of `e1000000000` every later write of every namespace gets
 * `e1000000001`, `e1000000002`, …; the in-process search indexes keep their rows by entry, not
 * by id, so none of this allocates the span below the id (before: ~20 bytes per id up to the
 * largest, 8.7 GB at `e1000000000`, and `Invalid typed array length` on every later write past
 * ~2^36; the import was capped at 2^24). The cap is now 2^52 (exchange-boundary.test.ts refuses
 * 2^52 + 1): the store records, recalls, forgets and exports correctly at both ends, on a SQLite
 * file and on PostgreSQL (`DATABASE_URL`).
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/large-ids.test.ts
 */
import { describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { tempDbPath, testClock } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const DATABASE_URL = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll();
let made = 0;

type Open = () => Promise<Memory>;
const STORES: [string, Open | null][] = [
  ["SQLite file", () => openMemory({ path: tempDbPath(), clock: testClock(), namespace: "home" })],
  [
    "PostgreSQL",
    DATABASE_URL
      ? async () => {
          const schema = dropLater(`large_ids_${process.pid}_${made++}`);
          const store = await PostgresStore.open({ url: DATABASE_URL, schema, maxConnections: 4 });
          return openMemory({ store, clock: testClock(), namespace: "home" });
        }
      : null,
  ],
];

const CANARY = "zqxlighthousecanary";

/**
 * An export of a scratch namespace (one turn with the canary, one other turn, a fact drawn from
 * the first), renamed to `namespace`, its ids moved so that the largest is exactly `top`.
 */
async function documentAt(mem: Memory, namespace: string, top: number): Promise<ExportDocument> {
  const a = mem.withNamespace("scratch");
  const e = await a.record(`The lighthouse keeper logs the tide at dawn, code ${CANARY}`);
  await a.record("The harbour ferry leaves at nine");
  await a.remember("The lighthouse keeper logs the tide at dawn", { sources: [e.id] });
  const raw = (await a.export({ format: "json" })) as string;
  const largest = Math.max(...[...raw.matchAll(/"[eb](\d+)"/g)].map((m) => Number(m[1])));
  const json = raw.replace(
    /"([eb])(\d+)"/g,
    (_, l: string, n: string) => `"${l}${top - largest + Number(n)}"`,
  );
  const doc = JSON.parse(json) as ExportDocument;
  doc.namespace = namespace;
  for (const row of [...doc.episodes, ...doc.beliefs, ...doc.vectors]) row.namespace = namespace;
  doc.audit = [];
  doc.auditHeads = [];
  return doc;
}

for (const [store, open] of STORES)
  describe.skipIf(!open)(`a store with a large imported id (${store})`, () => {
    for (const top of [1_000_000_000, 2 ** 52])
      it(`records, recalls, forgets and exports around e${top}`, async () => {
        const mem = await open!();
        try {
          await mem.record("The garden gate squeaks in the rain");
          const doc = await documentAt(mem, "imp", top);
          const canaryId = doc.episodes.find((x) => x.content.includes(CANARY))!.id;
          const buffers = process.memoryUsage().arrayBuffers;
          const imp = mem.withNamespace("imp");
          await imp.import(JSON.stringify(doc));
          // The next write of another namespace follows the largest id, and allocates nothing
          // near the id's span (main: gigabytes at 1e9, a thrown RangeError at 2^52).
          const next = await mem.record("The orchard needs watering on Sunday");
          expect(next.id).toBe(`e${top + 1}`);
          const more = await mem.record("The orchard ladder is in the shed");
          expect(more.id).toBe(`e${top + 2}`);
          expect(process.memoryUsage().arrayBuffers - buffers).toBeLessThan(64 * 2 ** 20);

          // Recall finds the imported rows by text and by vector, and the new ones.
          // (The fact drawn from the canary's turn stands for it.)
          const fact = doc.beliefs[0]!.id;
          const found = await imp.recall("lighthouse keeper tide", { k: 5 });
          expect(found[0]?.id).toBe(fact);
          expect(found.every((h) => h.namespace === "imp")).toBe(true);
          const ferry = doc.episodes.find((x) => x.content.includes("ferry"))!.id;
          expect((await imp.recall("harbour ferry nine", { k: 3 }))[0]?.id).toBe(ferry);
          const home = await mem.recall("orchard watering Sunday", { k: 3 });
          expect(home[0]?.id).toBe(next.id);

          // The export carries the imported ids as they were.
          const exported = JSON.parse((await imp.export({ format: "json" })) as string) as ExportDocument;
          expect(exported.episodes.map((x) => x.id).sort()).toEqual(doc.episodes.map((x) => x.id).sort());
          expect(exported.beliefs.map((x) => x.id)).toEqual(doc.beliefs.map((x) => x.id));

          // Forget the canary's turn: gone, with the fact drawn from it, from every output.
          const r = await imp.forget(canaryId);
          expect(r.forgotten.map((x) => x.id).sort()).toEqual([canaryId, fact].sort());
          expect(r.purge?.skipped ?? []).toEqual([]);
          const after = await imp.recall("lighthouse keeper tide", { k: 5 });
          expect(after.map((h) => h.id)).not.toContain(canaryId);
          expect(after.map((h) => h.id)).not.toContain(fact);
          expect(JSON.stringify(after)).not.toContain(CANARY);
          expect(JSON.stringify(await imp.list())).not.toContain(CANARY);
          expect((await imp.export({ format: "json" })) as string).not.toContain(CANARY);
          // And the store goes on writing after it.
          expect((await mem.record("The shed door sticks")).id).toBe(`e${top + 3}`);
        } finally {
          await mem.close();
        }
      }, 120_000);
  });
