/**
 * The in-process vector index at a store's own sequential rowids beside the same rows moved past
 * a large imported id (`e1000000000`: the store's sequence goes on from there): bytes held,
 * build time, and search time with the status check (a share of the rows forgotten or retired).
 * One JSON line per run; bench/sparse-ids-ab.sh runs this file of two source trees in turn.
 *
 *   npx tsx bench/sparse-ids.ts --rows 200000 --offset 0
 *   npx tsx bench/sparse-ids.ts --rows 200000 --offset 1000000000
 */
import { performance } from "node:perf_hooks";
import { VectorIndex } from "../src/store/vector-index.js";
import { createRandom } from "../test/support/random.js";

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const rows = arg("rows", 200_000);
const offset = arg("offset", 0);
const queries = arg("queries", 300);
const DIM = 384;
const NONZERO = 40;

function vector(rand: () => number): Float32Array {
  const v = new Float32Array(DIM);
  for (let i = 0; i < NONZERO; i++) v[Math.floor(rand() * DIM)] = rand() - 0.3;
  return v;
}

const rand = createRandom(20261203);
const vectors = Array.from({ length: rows }, () => vector(rand));
const qs = Array.from({ length: queries }, () => vector(rand));
(globalThis as { gc?: () => void }).gc?.();
const heap0 = process.memoryUsage();
let t = performance.now();
const index = new VectorIndex();
index.load(vectors.map((v, i) => ["b", offset + i + 1, i + 1, "default", v] as const));
// One row in ten leaves `active` (retired or forgotten), so a search checks statuses.
for (let i = 0; i < rows; i += 10)
  index.setStatus("b", offset + i + 1, i % 20 === 0 ? "forgotten" : "retired");
for (let i = 1; i < rows; i += 10) index.setStatus("b", offset + i + 1, "active");
const buildMs = performance.now() - t;
(globalThis as { gc?: () => void }).gc?.();
const heap1 = process.memoryUsage();
// Warm-up, then the timed searches (active scope: the view; live scope: the status check on the main partition).
for (const q of qs.slice(0, 30)) index.search("b", q, ["default"], "active", 10);
let check = 0;
t = performance.now();
for (const q of qs)
  for (const h of index.search("b", q, ["default"], "active", 10)) check += h.rowid - offset;
const activeMs = (performance.now() - t) / queries;
t = performance.now();
for (const q of qs) for (const h of index.search("b", q, ["default"], "live", 10)) check += h.rowid - offset;
const liveMs = (performance.now() - t) / queries;
t = performance.now();
for (let i = 0; i < rows; i += 7) index.setStatus("b", offset + i + 1, "active");
const statusMs = performance.now() - t;
console.log(
  JSON.stringify({
    rows,
    offset,
    bytes: index.bytes(),
    arrayBuffersMB: Math.round((heap1.arrayBuffers - heap0.arrayBuffers) / 1e5) / 10,
    rssMB: Math.round(heap1.rss / 1e5) / 10,
    buildMs: Math.round(buildMs),
    searchActiveMs: Math.round(activeMs * 1000) / 1000,
    searchLiveMs: Math.round(liveMs * 1000) / 1000,
    setStatusMs: Math.round(statusMs),
    check,
  }),
);
