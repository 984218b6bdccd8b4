/**
 * pgsnap22: forget's purge on a small PostgreSQL store (every table under the swap's 1 MB), with
 * nothing else open (`VACUUM (FULL)` of each table, as before) and with another connection
 * holding a snapshot from before the forget (each table copied and swapped, since
 * `VACUUM (FULL)` would keep the erased row for that snapshot). Alternating, `--rounds` each;
 * the median and range of forget's whole time (its purge included) per case.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/forget-older-snapshot.ts --rows 200 --rounds 5
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openMemory } from "../src/open-memory.js";
import { PostgresStore } from "../src/store/postgres/postgres-store.js";

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: a PostgreSQL database to make a scratch schema in");
const rows = Number(arg("rows", "200"));
const rounds = Number(arg("rounds", "5"));
const schema = `bench_snap_${process.pid}`;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const store = await PostgresStore.open({ url, schema, maxConnections: 4 });
const mem = await openMemory({ store });
const times: Record<string, number[]> = { quiet: [], "older snapshot": [] };
// How many of each case's forgets swapped `episodes` (a new oid) instead of vacuuming it in place:
// a "quiet" forget swaps too when another session of the database (a shared server) held an
// older snapshot at that moment.
const swaps: Record<string, number> = { quiet: 0, "older snapshot": 0 };
const oid = async () =>
  (await admin.query("SELECT to_regclass($1)::oid::text AS oid", [`"${schema}".episodes`])).rows[0]
    .oid as string;
const reports: Record<string, string> = {};
try {
  for (let i = 0; i < rows; i++)
    await mem.record(`An ordinary note number ${i} about the build and the roadmap`);
  for (let round = 0; round < rounds; round++) {
    for (const c of round % 2 === 0 ? ["quiet", "older snapshot"] : ["older snapshot", "quiet"]) {
      const e = await mem.record(`The vault phrase of round ${round} is zq${round}canary`);
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      if (c !== "quiet") {
        await holder.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
        await holder.query("SELECT 1");
      }
      const before = await oid();
      const t0 = performance.now();
      const r = await mem.forget(e.id);
      times[c]!.push(performance.now() - t0);
      if ((await oid()) !== before) swaps[c]!++;
      reports[c] = JSON.stringify(r.purge);
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
    }
  }
} finally {
  await mem.close();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [c, xs] of Object.entries(times))
  console.log(
    `${c}: forget median ${Math.round(median(xs))} ms (${xs.map(Math.round).join(", ")}); episodes swapped in ${swaps[c]}/${xs.length}; last purge ${reports[c]}`,
  );
