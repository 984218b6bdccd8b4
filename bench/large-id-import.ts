/**
 * The cost of importing a large id (store20; attacks19 found `e1000000000` took the next write to
 * 8.7 GB RSS): a SQLite file store (or `mem` for :memory:) of 20 turns, a scratch namespace's
 * export with its turn moved to `e<N>`, imported into a new namespace; then one write of another
 * namespace (whose id follows the largest) and one recall. Prints times, RSS and array buffers.
 *
 *   node --expose-gc --import tsx bench/large-id-import.ts 1            # e1-sized ids
 *   node --expose-gc --import tsx bench/large-id-import.ts 1000000000   # e1000000000
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openMemory } from "../src/open-memory.js";

const big = process.argv[2] ?? "1";
const path = process.argv[3] === "mem" ? ":memory:" : join(mkdtempSync(join(tmpdir(), "s20-")), "m.db");
const mem = await openMemory({ path, namespace: "victim" });
for (let i = 0; i < 20; i++) await mem.record(`Filler turn number ${i} about the garden and the roses`);
const a = mem.withNamespace("scratch");
const e = await a.record("The attacker deployed on Friday");
await a.remember("Attacker note about deploys", { sources: [e.id] });
const json = ((await a.export({ format: "json" })) as string).replace(
  /"([eb])(\d+)"/g,
  (_m: string, l: string, n: string) => `"${l}${Number(n) + 1000}"`,
);
const doc = JSON.parse(json);
doc.namespace = "imp";
for (const r of [...doc.episodes, ...doc.beliefs, ...doc.vectors]) r.namespace = "imp";
doc.audit = [];
doc.auditHeads = [];
const old = doc.episodes[0].id;
const nid = `e${big}`;
const s = JSON.stringify(doc).replaceAll(`"${old}"`, `"${nid}"`);
const gcx = () => (globalThis as { gc?: () => void }).gc?.();
gcx();
const r0 = process.memoryUsage();
let t = performance.now();
const imp = mem.withNamespace("imp");
await imp.import(s);
const tImp = performance.now() - t;
t = performance.now();
const w = await mem.record("A later write about the orchard");
const tRec = performance.now() - t;
t = performance.now();
const hits = await imp.recall("attacker deployed Friday");
const tRecall = performance.now() - t;
gcx();
const r1 = process.memoryUsage();
console.log(
  JSON.stringify({
    big,
    newId: w.id,
    tImp: Math.round(tImp),
    tRec: Math.round(tRec),
    tRecall: Math.round(tRecall),
    hits: hits.map((h) => h.id).slice(0, 3),
    rssMB: Math.round(r1.rss / 1e6),
    dRssMB: Math.round((r1.rss - r0.rss) / 1e6),
    abMB: Math.round(r1.arrayBuffers / 1e6),
    heapMB: Math.round(r1.heapUsed / 1e6),
  }),
);
await mem.close();
