/**
 * The vector index of another source tree (`--before`, e.g. main's, checked out elsewhere) beside
 * this tree's, in one process: the same rows at the store's own sequential rowids, built in each,
 * then the same queries run in alternating batches (a shared machine's load falls on both alike).
 * Prints bytes held and mean search time of each, and the ratio after/before.
 *
 *   git archive main | tar -x -C /tmp/main && ln -s "$PWD/node_modules" /tmp/main/node_modules
 *   npx tsx bench/sparse-ids-ab.ts --before /tmp/main --rows 200000 --queries 300 --rounds 5
 */
import { performance } from "node:perf_hooks";
import { VectorIndex as After } from "../src/store/vector-index.js";
import { createRandom } from "../test/support/random.js";

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const before = arg("before", "");
if (!before) throw new Error("--before: a source tree holding src/store/vector-index.ts");
const rows = Number(arg("rows", "200000"));
const queries = Number(arg("queries", "300"));
const rounds = Number(arg("rounds", "5"));
const offset = Number(arg("offset", "0"));
const { VectorIndex: Before } = (await import(`${before}/src/store/vector-index.ts`)) as {
  VectorIndex: typeof After;
};
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

function build(Index: typeof After): { index: After; ms: number } {
  const t = performance.now();
  const index = new Index();
  index.load(vectors.map((v, i) => ["b", offset + i + 1, i + 1, "default", v] as const));
  for (let i = 0; i < rows; i += 10)
    index.setStatus("b", offset + i + 1, i % 20 === 0 ? "forgotten" : "retired");
  return { index, ms: performance.now() - t };
}
const built = { before: build(Before), after: build(After) };
const time = { before: { active: 0, live: 0 }, after: { active: 0, live: 0 } };
let same = true;
for (let r = 0; r < rounds; r++)
  for (const side of r % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const))
    for (const scope of ["active", "live"] as const) {
      const t = performance.now();
      const out = qs.map((q) => built[side].index.search("b", q, ["default"], scope, 10));
      time[side][scope] += performance.now() - t;
      if (side === "after") {
        const want = qs.map((q) => built.before.index.search("b", q, ["default"], scope, 10));
        same &&= JSON.stringify(out) === JSON.stringify(want);
      }
    }
const per = (ms: number) => Math.round((ms / rounds / queries) * 1000) / 1000;
const result = {
  rows,
  offset,
  sameHits: same,
  bytes: { before: built.before.index.bytes(), after: built.after.index.bytes() },
  buildMs: { before: Math.round(built.before.ms), after: Math.round(built.after.ms) },
  searchActiveMs: { before: per(time.before.active), after: per(time.after.active) },
  searchLiveMs: { before: per(time.before.live), after: per(time.after.live) },
  ratio: {
    bytes: Math.round((built.after.index.bytes() / built.before.index.bytes()) * 1000) / 1000,
    searchActive: Math.round((time.after.active / time.before.active) * 1000) / 1000,
    searchLive: Math.round((time.after.live / time.before.live) * 1000) / 1000,
  },
};
console.log(JSON.stringify(result));
