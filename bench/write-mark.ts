/**
 * The write mark's cost (attacks45). attacks44's `Store.writeMark()` lets a report (stats, health,
 * verify, an export) see whether any write landed while it read. PostgreSQL pays for it in every
 * write transaction (one `UPDATE write_mark SET writes = writes + 1` after the advisory lock) and
 * a report pays two `SELECT writes` per try; SQLite's mark is two pragmas read by the report
 * (`data_version`, `total_changes()`), nothing per write. The mark is store-wide, so a report of
 * one namespace falls back to the read snapshot when another namespace writes meanwhile.
 *
 * Measured in one run, arms interleaved per round (their order alternating), on a fresh store per
 * store kind:
 * - `record`: ms per `record` (one write transaction each) in namespace `a`; on PostgreSQL with
 *   the mark and without it (the same code and store, the UPDATE dropped by the client it is
 *   given: the only difference is that statement), and their ratio. `emptyTx`: the same for a
 *   write transaction that writes nothing (the lock, BEGIN, COMMIT), the bound of the mark's share.
 * - `writeMark`: ms per call; `stats`: ms per `stats()` of `a` (two marks and the counts).
 * - `busy`: `stats()` of `a` while another process (this script, `--neighbour`) records in
 *   namespace `b` of the same store without pause: ms per report and how many of them fell back
 *   to the snapshot, beside the quiet figure.
 * - `markTable`: PostgreSQL's `write_mark` size after the run (its dead row versions).
 * - `txPerCall`: PostgreSQL, per verb, the write transactions one call runs, those that change no
 *   row but the mark's, and those that commit with a transaction id (a commit record flushed to
 *   the WAL): the count that does not depend on the machine's noise.
 *
 *   DATABASE_URL=postgres://… npm run bench -- --only write-mark --rounds 5 --ops 200 [--stores sqlite,postgres] [--json-only]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import type { Store } from "../src/core/ports.js";
import { openMemory } from "../src/open-memory.js";
import { pgUrlClient, type SqlClient, type SqlQueryable } from "../src/store/postgres/postgres-driver.js";
import { PostgresStore } from "../src/store/postgres/postgres-store.js";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.js";
import { walkArgs } from "./argv.js";
import { median } from "./stats.js";

const o = { rounds: 5, ops: 200, stores: ["sqlite", "postgres"], jsonOnly: false, neighbour: "" };
walkArgs(process.argv.slice(2), (flag, value) => {
  if (flag === "--neighbour") o.neighbour = value();
  else if (flag === "--rounds") o.rounds = Number(value());
  else if (flag === "--ops") o.ops = Number(value());
  else if (flag === "--stores") o.stores = value().split(",");
  else if (flag === "--json-only") o.jsonOnly = true;
  else throw new Error(`unknown option ${flag}`);
});
const url = process.env.DATABASE_URL;
// The neighbour is told its store alone (`--neighbour`): the stores asked of the run are not its to check.
if (!o.neighbour && o.stores.includes("postgres") && !url)
  throw new Error("DATABASE_URL: a PostgreSQL database to make a scratch schema in (or --stores sqlite)");

/** `--neighbour DB`: records in namespace `b` of DB (a SQLite path or `postgres:SCHEMA`) until killed. */
if (o.neighbour) {
  const db = o.neighbour;
  const store = db.startsWith("postgres:")
    ? await PostgresStore.open({ url: url!, schema: db.slice("postgres:".length), maxConnections: 2 })
    : SqliteStore.open({ path: db });
  const b = await openMemory({ store, namespace: "b" });
  process.stdout.write("ready\n");
  for (let i = 0; ; i++) await b.record(`neighbour turn ${i}: the cache hit rate is ${i % 100}%`);
}

/** Starts `--neighbour db` in another process; resolves once it writes. */
async function neighbour(db: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--neighbour", db], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the neighbour exited ${code}`)));
  });
  return child;
}

const MARK_UPDATE = /^UPDATE \S*write_mark\S* SET writes = writes \+ 1\b/;

/** A statement that changes rows (the mark's own UPDATE aside). */
const CHANGES = /\b(INSERT|UPDATE|DELETE|TRUNCATE|setval|nextval)\b/i;

/** Write transactions run, and those that changed no row but the mark's (what the mark makes commit to disk). */
interface TxCount {
  all: number;
  empty: number;
  /** Transactions that committed with a transaction id (a commit record in the WAL, flushed), counted while `probe`. */
  withXid: number;
  probe: boolean;
}

/**
 * A client whose write transactions skip the mark's UPDATE while `on.mark` is false (the arm
 * without it), counting transactions and those that changed nothing else in `count`.
 */
function switchable(inner: SqlClient, on: { mark: boolean }, count: TxCount): SqlClient {
  const wrap = (tx: SqlQueryable, wrote: { any: boolean }): SqlQueryable => ({
    query: (sql, params) => {
      if (MARK_UPDATE.test(sql)) return on.mark ? tx.query(sql, params) : Promise.resolve([]);
      if (CHANGES.test(sql)) wrote.any = true;
      return tx.query(sql, params);
    },
    exec: (sql) => {
      if (CHANGES.test(sql)) wrote.any = true;
      return tx.exec(sql);
    },
  });
  return {
    query: (sql, params) => inner.query(sql, params),
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => {
      const wrote = { any: false };
      return inner.transaction(async (tx) => {
        const out = await fn(wrap(tx, wrote));
        count.all++;
        if (!wrote.any) count.empty++;
        if (count.probe) {
          const [r] = await tx.query<{ x: string | null }>("SELECT txid_current_if_assigned()::text AS x");
          if (r?.x) count.withXid++;
        }
        return out;
      });
    },
    session: (fn) => inner.session(fn),
    get sessionScope() {
      return inner.sessionScope;
    },
    close: () => inner.close(),
    get target() {
      return inner.target;
    },
  };
}

/** Counts the store's snapshot reads (a report's fallback) on this handle. */
function countSnapshots(store: Store): { n: number } {
  const count = { n: 0 };
  const snapshot = store.snapshot.bind(store);
  store.snapshot = (fn) => {
    count.n++;
    return snapshot(fn);
  };
  return count;
}

const perOp = async (n: number, op: (i: number) => Promise<unknown>): Promise<number> => {
  const t = performance.now();
  for (let i = 0; i < n; i++) await op(i);
  return (performance.now() - t) / n;
};

interface Handles {
  a: Memory;
  /** The store as `--neighbour` names it. */
  db: string;
  /** PostgreSQL: the write transactions counted by the client. */
  count: TxCount | null;
  storeA: Store;
  on: { mark: boolean };
  canSkipMark: boolean;
  markTable: () => Promise<number | null>;
  close: () => Promise<void>;
}

async function sqliteHandles(): Promise<Handles> {
  const dir = mkdtempSync(join(tmpdir(), "strata-bench-mark-"));
  const path = join(dir, "m.db");
  const storeA = SqliteStore.open({ path });
  const a = await openMemory({ store: storeA, namespace: "a" });
  return {
    a,
    db: path,
    count: null,
    storeA,
    on: { mark: true },
    canSkipMark: false,
    markTable: async () => null,
    close: async () => {
      await a.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresHandles(): Promise<Handles> {
  const schema = `bench_mark_${process.pid}`;
  const on = { mark: true };
  const count: TxCount = { all: 0, empty: 0, withXid: 0, probe: false };
  const client = switchable(
    pgUrlClient({
      url: url!,
      schema,
      statementTimeoutMs: 30_000,
      connectTimeoutMs: 5_000,
      maxConnections: 4,
    }),
    on,
    count,
  );
  const storeA = await PostgresStore.open({ client, schema });
  const a = await openMemory({ store: storeA, namespace: "a" });
  return {
    a,
    db: `postgres:${schema}`,
    count,
    storeA,
    on,
    canSkipMark: true,
    markTable: async () => {
      const [r] = await client.query<{ s: string }>(
        `SELECT pg_total_relation_size('"${schema}".write_mark') AS s`,
      );
      return Number(r!.s);
    },
    close: async () => {
      await a.close();
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

interface Arms {
  withMark: number;
  withoutMark: number | null;
  ratio: number | null;
}

interface StoreFigures {
  store: string;
  rounds: number;
  ops: number;
  recordMs: Arms;
  emptyTxMs: Arms;
  writeMarkMs: number;
  statsMs: { quiet: number; busy: number; ratio: number };
  busyFallbacks: { reports: number; snapshots: number };
  /** PostgreSQL: per verb, the write transactions one call ran and those that changed no row but the mark's. */
  txPerCall: Record<string, { tx: number; empty: number; withXid: number }> | null;
  markTableBytes: number | null;
}

async function measure(kind: string): Promise<StoreFigures> {
  const h = kind === "postgres" ? await postgresHandles() : await sqliteHandles();
  const snapshots = countSnapshots(h.storeA);
  const withMark: number[] = [];
  const withoutMark: number[] = [];
  const emptyWith: number[] = [];
  const emptyWithout: number[] = [];
  const marks: number[] = [];
  const quiet: number[] = [];
  const busy: number[] = [];
  let busyReports = 0;
  let busySnapshots = 0;
  // Warm: the schema, the statements, the text index.
  await perOp(20, (i) => h.a.record(`warm-up turn ${i} about the deploy queue`));
  await h.a.stats();
  for (let round = 0; round < o.rounds; round++) {
    const arms = h.canSkipMark ? (round % 2 === 0 ? [true, false] : [false, true]) : [true];
    for (const mark of arms) {
      h.on.mark = mark;
      const ms = await perOp(o.ops, (i) =>
        h.a.record(`round ${round} turn ${i}: the deploy queue holds ${i % 17} jobs and ${i % 5} retries`),
      );
      (mark ? withMark : withoutMark).push(ms);
      const empty = await perOp(o.ops, () => h.storeA.transaction(async () => undefined));
      (mark ? emptyWith : emptyWithout).push(empty);
    }
    h.on.mark = true;
    marks.push(await perOp(o.ops, () => h.storeA.writeMark()));
    quiet.push(await perOp(20, () => h.a.stats()));
    // Another process writes in namespace b without pause while `a` reports.
    const child = await neighbour(h.db);
    const before = snapshots.n;
    busy.push(await perOp(20, () => h.a.stats()));
    busyReports += 20;
    busySnapshots += snapshots.n - before;
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await gone;
  }
  // Which verbs run write transactions that change nothing but the mark (each one a commit to disk it would not make).
  let txPerCall: StoreFigures["txPerCall"] = null;
  if (h.count) {
    txPerCall = {};
    const verbs: [string, () => Promise<unknown>][] = [
      ["record", () => h.a.record("the deploy queue holds 3 jobs")],
      ["remember", () => h.a.remember("The deploy queue limit is 40 jobs")],
      ["recall", () => h.a.recall("how many jobs does the deploy queue hold")],
      ["context", () => h.a.context("deploy queue")],
      ["stats", () => h.a.stats()],
      ["health", () => h.a.health()],
      ["verifyAudit", () => h.a.verifyAudit({ namespace: "a" })],
      ["maintain", () => h.a.maintain()],
      ["consolidate", () => h.a.consolidate()],
    ];
    h.count.probe = true;
    for (const [verb, call] of verbs) {
      await call();
      const before = { ...h.count };
      for (let i = 0; i < 3; i++) await call();
      txPerCall[verb] = {
        tx: (h.count.all - before.all) / 3,
        empty: (h.count.empty - before.empty) / 3,
        withXid: (h.count.withXid - before.withXid) / 3,
      };
    }
    h.count.probe = false;
  }
  const markTableBytes = await h.markTable();
  await h.close();
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  const arms = (on: number[], off: number[]): Arms => {
    const w = median(on);
    const wo = off.length > 0 ? median(off) : null;
    return {
      withMark: round3(w),
      withoutMark: wo === null ? null : round3(wo),
      ratio: wo ? round3(w / wo) : null,
    };
  };
  return {
    store: kind,
    rounds: o.rounds,
    ops: o.ops,
    recordMs: arms(withMark, withoutMark),
    emptyTxMs: arms(emptyWith, emptyWithout),
    writeMarkMs: round3(median(marks)),
    statsMs: {
      quiet: round3(median(quiet)),
      busy: round3(median(busy)),
      ratio: round3(median(busy) / median(quiet)),
    },
    busyFallbacks: { reports: busyReports, snapshots: busySnapshots },
    txPerCall,
    markTableBytes,
  };
}

const results: StoreFigures[] = [];
for (const kind of o.stores) results.push(await measure(kind));
console.log(JSON.stringify({ bench: "write-mark", results }, null, 2));
if (!o.jsonOnly) {
  console.log("");
  const armCell = (a: Arms) => `${a.withMark} / ${a.withoutMark ?? "–"} / ${a.ratio ?? "–"}`.padEnd(28);
  console.log(
    "store     record ms (mark / none / ratio)  empty tx ms (mark / none / ratio)  writeMark ms  stats ms quiet / busy (ratio)  fallbacks busy  write_mark bytes",
  );
  for (const r of results)
    console.log(
      `${r.store.padEnd(9)} ${armCell(r.recordMs).padEnd(32)} ${armCell(r.emptyTxMs).padEnd(34)} ${String(r.writeMarkMs).padEnd(13)} ${`${r.statsMs.quiet} / ${r.statsMs.busy} (${r.statsMs.ratio})`.padEnd(30)} ${`${r.busyFallbacks.snapshots}/${r.busyFallbacks.reports}`.padEnd(15)} ${r.markTableBytes ?? "–"}`,
    );
  for (const r of results) {
    if (!r.txPerCall) continue;
    console.log("");
    console.log(
      `${r.store}: write transactions per call (all / changing no row but the mark / committed with an id: a WAL flush)`,
    );
    for (const [verb, t] of Object.entries(r.txPerCall))
      console.log(`  ${verb.padEnd(12)} ${t.tx} / ${t.empty} / ${t.withXid}`);
  }
}
