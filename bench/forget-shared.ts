/**
 * Forget on a shared PostgreSQL schema (store20): one agent forgets while two others, each with a
 * store of its own (its own pool, as separate processes would), record and recall in their own
 * namespaces. Forget's rewrite (`VACUUM (FULL)` of each table it touched) locks each table
 * ACCESS EXCLUSIVE, so the other agents' statements on it wait. Measured per source tree
 * (`--trees`, each with node_modules; e.g. main's checked out elsewhere and this one), alternating:
 * the longest record and recall of the other agents that overlapped the forget, beside their
 * longest before it, quiet and with a third session reading `episodes` in a transaction for 1.5 s
 * (the lock a rewrite waits for), and each table's rewrite time.
 *
 * pgforget21: a tree with src/store/postgres/swap-rewrite.ts rewrites a table past its threshold
 * by copy and swap; `swap` gives each table's swap (its whole time and the longest it held a lock
 * against writers), and the last line per tree the ratios: `b`'s longest record during the
 * forget over its longest before (the same run's no-forget baseline), and each tree's figure over
 * the first tree's.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/forget-shared.ts --trees /tmp/main,. --rows 40000 --rounds 2
 */

import { existsSync } from "node:fs";

import { resolve } from "node:path";
import { performance } from "node:perf_hooks";

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: a PostgreSQL database to make scratch schemas in");
const trees = arg("trees", ".")
  .split(",")
  .map((t) => resolve(t));
const fillerRows = Number(arg("rows", "40000"));
const rounds = Number(arg("rounds", "1"));

type Mem = {
  record(text: string, o?: object): Promise<{ id: string }>;
  recordMany(items: { content: string }[]): Promise<unknown>;
  recall(q: string, o?: object): Promise<unknown[]>;
  forget(id: string): Promise<{ purge: unknown }>;
  close(): Promise<void>;
};
const pg = (await import("pg")).default;
const admin = new pg.Client({ connectionString: url });
await admin.connect();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function scenario(tree: string, schema: string, reader: boolean) {
  const { PostgresStore } = await import(`${tree}/src/store/postgres/postgres-store.ts`);
  const { openMemory } = await import(`${tree}/src/open-memory.ts`);
  const open = async (namespace: string): Promise<Mem> =>
    openMemory({ store: await PostgresStore.open({ url, schema, maxConnections: 4 }), namespace });
  const a = await open("a");
  const b = await open("b");
  const c = await open("c");
  const canary = await a.record(`The vault phrase of round ${schema} is zqcanary`);
  // Wait for the other agents' indexes to be warm.
  await b.recall("warm up");
  await c.recall("warm up");
  const ops: { who: string; start: number; ms: number }[] = [];
  let running = true;
  const loop = async (who: string, op: (i: number) => Promise<unknown>) => {
    for (let i = 0; running; i++) {
      const start = performance.now();
      await op(i);
      ops.push({ who, start, ms: performance.now() - start });
      await sleep(10);
    }
  };
  const loops = [
    loop("record", (i) => b.record(`Agent b notes the queue depth is ${i} at step ${i}`)),
    loop("recall", (i) => c.recall(`what did agent c note about the deploy ${i % 7}`)),
  ];
  await sleep(1500);
  let holder: InstanceType<typeof pg.Client> | null = null;
  if (reader) {
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query(`SELECT count(*) FROM "${schema}".episodes`);
    setTimeout(() => void holder!.query("COMMIT"), 1500);
  }
  const f0 = performance.now();
  const result = await a.forget(canary.id);
  const f1 = performance.now();
  await sleep(1000);
  running = false;
  await Promise.all(loops);
  await holder?.end();
  for (const m of [a, b, c]) await m.close();
  const worst = (who: string, during: boolean) =>
    Math.round(
      Math.max(
        0,
        ...ops
          .filter(
            (o) => o.who === who && (during ? o.start + o.ms > f0 && o.start < f1 : o.start + o.ms < f0),
          )
          .map((o) => o.ms),
      ),
    );
  return {
    forgetMs: Math.round(f1 - f0),
    skipped: (result.purge as { skipped: { part: string }[] } | null)?.skipped.map((s) => s.part) ?? [],
    recordMaxBefore: worst("record", false),
    recordMaxDuring: worst("record", true),
    recallMaxBefore: worst("recall", false),
    recallMaxDuring: worst("recall", true),
  };
}

async function seed(tree: string, schema: string) {
  const { PostgresStore } = await import(`${tree}/src/store/postgres/postgres-store.ts`);
  const { openMemory } = await import(`${tree}/src/open-memory.ts`);
  const m: Mem = await openMemory({
    store: await PostgresStore.open({ url, schema, maxConnections: 4 }),
    namespace: "filler",
  });
  const items = Array.from({ length: 500 }, (_, i) => ({
    content: `Filler turn ${i}: the team discussed item ${i % 37} of the roadmap and the ${i % 11} open bugs`,
  }));
  await m.recordMany(items);
  await m.close();
  // Doubled by SQL to the size asked (as store18's bench): other namespaces' rows in the same tables.
  const cols = (
    await admin.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'episodes' AND column_name <> 'rid' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [schema],
    )
  ).rows.map((r: { column_name: string }) => r.column_name);
  for (;;) {
    const n = Number((await admin.query(`SELECT count(*) AS n FROM "${schema}".episodes`)).rows[0].n);
    if (n >= fillerRows) break;
    await admin.query(
      `INSERT INTO "${schema}".episodes (${cols.join(", ")}) SELECT ${cols.join(", ")} FROM "${schema}".episodes LIMIT ${fillerRows - n}`,
    );
  }
  const size = (
    await admin.query(
      `SELECT sum(pg_total_relation_size(c.oid)) AS s FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
      [schema],
    )
  ).rows[0].s;
  return Math.round(Number(size) / 1e5) / 10;
}

const TABLES = ["episodes", "beliefs", "meta", "audit", "judged_pairs", "vectors"];

async function rewriteTimes(schema: string) {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const t0 = performance.now();
    await admin.query(`VACUUM (FULL) "${schema}".${t}`);
    out[t] = Math.round(performance.now() - t0);
  }
  return out;
}

/** Each table's copy and swap (forced, whatever its size), where the tree has it. */
async function swapTimes(tree: string, schema: string) {
  const file = `${tree}/src/store/postgres/swap-rewrite.ts`;
  if (!existsSync(file)) return null;
  const { rewriteBySwap } = await import(file);
  const { pgPoolClient } = await import(`${tree}/src/store/postgres/postgres-driver.ts`);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = pgPoolClient(pool, { ownsPool: true, target: "bench" });
  const out: Record<string, { ms: number; lockedMs: number }> = {};
  try {
    await client.session(async (conn: unknown) => {
      for (const table of TABLES) {
        const t0 = performance.now();
        const r = await rewriteBySwap(conn, { schema, table, lockWaitMs: 2000 });
        out[table] = { ms: Math.round(performance.now() - t0), lockedMs: r.lockedMs };
      }
    });
  } finally {
    await client.close();
  }
  return out;
}

type Case = { recordMaxBefore: number; recordMaxDuring: number; forgetMs: number };
const results: { tree: string; quiet: Case; withReader: Case }[] = [];

for (let r = 0; r < rounds; r++)
  for (const [i, tree] of trees.entries()) {
    const schema = `forget_shared_${process.pid}_${r}_${i}`;
    try {
      const sizeMB = await seed(tree, schema);
      const quiet = await scenario(tree, schema, false);
      const withReader = await scenario(tree, schema, true);
      const swap = await swapTimes(tree, schema);
      const rewrite = await rewriteTimes(schema);
      results.push({ tree, quiet, withReader });
      console.log(
        JSON.stringify({ tree, round: r, rows: fillerRows, sizeMB, quiet, withReader, rewrite, swap }),
      );
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }
  }
// Ratios: during / before in each run (the no-forget baseline), then each tree over the first.
const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / Math.max(1, xs.length);
const round2 = (x: number) => Math.round(x * 100) / 100;
const summary = trees.map((tree) => {
  const mine = results.filter((r) => r.tree === tree);
  const of = (k: "quiet" | "withReader") => ({
    recordDuringOverBefore: round2(
      mean(mine.map((r) => r[k].recordMaxDuring / Math.max(1, r[k].recordMaxBefore))),
    ),
    recordMaxDuring: Math.round(mean(mine.map((r) => r[k].recordMaxDuring))),
    forgetMs: Math.round(mean(mine.map((r) => r[k].forgetMs))),
  });
  return { tree, quiet: of("quiet"), withReader: of("withReader") };
});
for (const s of summary)
  console.log(
    JSON.stringify({
      summary: s.tree,
      quiet: s.quiet,
      withReader: s.withReader,
      overFirstTree: {
        quietRecordMaxDuring: round2(
          s.quiet.recordMaxDuring / Math.max(1, summary[0]!.quiet.recordMaxDuring),
        ),
        withReaderRecordMaxDuring: round2(
          s.withReader.recordMaxDuring / Math.max(1, summary[0]!.withReader.recordMaxDuring),
        ),
        quietForget: round2(s.quiet.forgetMs / Math.max(1, summary[0]!.quiet.forgetMs)),
      },
    }),
  );
await admin.end();
