/**
 * What opaque ids would cost a SQLite store (attacks37 designed them, attacks38 measures before
 * anyone builds them): the same episodes written in the same order into a new SQLite file, once
 * with the store's own sequential ids (`e1`, `e2`, …) and once with scattered ones (distinct
 * numbers below 2^52 in random order, as a keyed permutation of the sequence would give). The
 * rowid is the id's number, so the table's B-tree and the FTS5 index (whose doclists are
 * delta-coded rowids) take every row at a random place. Rows go through the store's own `load`, in
 * transactions of `--batch` rows (as a stream of small writes). Prints one JSON line: load time,
 * file bytes after the store closed (its WAL checkpointed), the FTS5 index's bytes, and the median
 * time of an FTS5 query (two words, ranked, top 10) run on the closed file.
 *
 *   node_modules/.bin/tsx bench/scattered-ids.ts --rows 20000 --scattered 0
 *   node_modules/.bin/tsx bench/scattered-ids.ts --rows 20000 --scattered 1
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { DumpRows } from "../src/core/ports.js";
import { openMemory } from "../src/open-memory.js";
import { createRandom } from "../test/support/random.js";
import { median } from "./stats.js";

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg("rows", 20_000);
const BATCH = arg("batch", 20);
const SCATTERED = arg("scattered", 0) === 1;
const QUERIES = arg("queries", 200);

const WORDS = [
  "garden",
  "roses",
  "deploy",
  "friday",
  "invoice",
  "ewes",
  "lambing",
  "tractor",
  "silage",
  "vet",
];
const WORDS2 = ["north", "field", "parlour", "quota", "milk", "fence", "gate", "shed", "river", "loan"];

const rand = createRandom(20261206);
const dir = mkdtempSync(join(tmpdir(), "scattered-ids-"));
const path = join(dir, "m.db");
const mem = await openMemory({ path, namespace: "bench" });
const seed = await mem.record("seed turn");
const [template] = (await mem.store.dump("episodes", { cursor: null, limit: 1 }))
  .rows as DumpRows["episodes"];
// Distinct numbers below 2^52, in random order (scattered), or the sequence after the seed's.
const numbers = new Set<number>();
while (numbers.size < ROWS)
  numbers.add(SCATTERED ? 2 + Math.floor(rand() * 2 ** 52) : Number(seed.id.slice(1)) + numbers.size + 1);
const ids = [...numbers];
const text = (i: number) =>
  `Turn ${i}: the ${WORDS[i % 10]} by the ${WORDS2[Math.floor(rand() * 10)]} and ${WORDS[Math.floor(rand() * 10)]} ${i % 97}`;

let t = performance.now();
for (let i = 0; i < ROWS; i += BATCH) {
  const rows = ids.slice(i, i + BATCH).map((n, j) => ({ ...template!, id: `e${n}`, content: text(i + j) }));
  await mem.store.transaction((tx) => tx.load("episodes", rows));
}
const loadMs = performance.now() - t;
await mem.close();
const bytes = (suffix: string) => {
  try {
    return statSync(`${path}${suffix}`).size;
  } catch {
    return 0;
  }
};
const fileBytes = bytes("") + bytes("-wal");

type Db = {
  prepare(sql: string): { all(...p: unknown[]): unknown[]; get(...p: unknown[]): Record<string, number> };
  close(): void;
};
const Database = createRequire(import.meta.url)("better-sqlite3") as new (path: string) => Db;
const db = new Database(path);
const ftsBytes = db.prepare("SELECT sum(length(block)) AS n FROM episode_fts_data").get().n;
const query = db.prepare("SELECT rowid FROM episode_fts WHERE episode_fts MATCH ? ORDER BY rank LIMIT 10");
const times: number[] = [];
for (let q = 0; q < QUERIES; q++) {
  t = performance.now();
  query.all(`${WORDS[q % 10]} ${WORDS2[(q * 7) % 10]}`);
  times.push(performance.now() - t);
}
db.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    rows: ROWS,
    batch: BATCH,
    scattered: SCATTERED,
    loadMs: Math.round(loadMs),
    fileBytes,
    ftsBytes,
    ftsQueryMedianMs: Number(median(times).toFixed(2)),
  }),
);
