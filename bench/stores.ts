/**
 * SQLite beside PostgreSQL: gated writes/s with 1 and 8 concurrent writers, and recall p95 at
 * 10k and 100k beliefs, on the same synthetic traffic (bench/synthetic.ts) and fixed clock.
 *
 *   npm run bench -- --stores sqlite,postgres            # DATABASE_URL for PostgreSQL
 *   npx tsx bench/stores.ts --stores postgres --recall-sizes 10000
 *   npx tsx bench/stores.ts --stores postgres --pg-text auto,tsvector   # both text rankings, one run
 *
 * - 8 writers are 8 engines in this process writing one namespace at once: on PostgreSQL each
 *   has its own pg pool (they overlap on the wire and queue on the store's advisory write
 *   lock); on SQLite they share one store handle (the synchronous driver cannot wait for a
 *   lock held by the same thread), so they interleave. Cross-process SQLite writers are
 *   covered by test/e2e/cross-process.test.ts.
 * - Big stores are built fast through the store port (bench/preload.ts): 500 beliefs per
 *   transaction with vectors, links and a valid audit chain, not through the write gate.
 * - PostgreSQL without pgvector (Debian's 15) searches the in-process exact index it keeps
 *   current from the database's change log (src/store/postgres/vector-cache.ts).
 * - `--pg-text auto,tsvector` measures PostgreSQL's full-text rankings side by side: the
 *   in-process BM25 index (`auto`, text-cache.ts) and `ts_rank_cd` in SQL (`tsvector`). Writes
 *   run one after the other on fresh schemas; recalls alternate query by query between handles
 *   of each kind on the same data, so their ratio holds however busy the machine is.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import type { Clock, Store } from "../src/core/ports.js";
import { openMemory } from "../src/open-memory.js";
import { PostgresStore } from "../src/store/postgres/postgres-store.js";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.js";
import { numberList, walkArgs, wordList } from "./argv.js";
import { preload } from "./preload.js";
import { createTraffic } from "./synthetic.js";

const FIXED_CLOCK: Clock = { now: () => new Date("2026-03-01T12:00:00.000Z") };

export interface StoreBenchOptions {
  stores: string[];
  /** Gated writes measured per writer count. */
  writes: number;
  /** Beliefs in the store before the write measurement. */
  writeBase: number;
  recallSizes: number[];
  recallQueries: number;
  seed: number;
  /** PostgreSQL's full-text rankings to measure (`textIndex`); default `auto` alone. */
  pgText: ("auto" | "tsvector")[];
  log: (msg: string) => void;
}

export interface StoreBenchResult {
  store: string;
  /** PostgreSQL's `textIndex`, when several were measured. */
  text?: string;
  skipped: string | null;
  vector?: string;
  writes?: { writers: number; writes: number; seconds: number; perSecond: number }[];
  recall?: {
    beliefs: number;
    preloadSeconds: number;
    queries: number;
    p50: number;
    p95: number;
    mean: number;
  }[];
}

interface Backend {
  name: string;
  skip: string | null;
  /** What is measured side by side on this backend (PostgreSQL: text rankings). */
  variants: string[];
  /** A fresh, empty store location; `open` gives handles on it, of a variant. */
  fresh(): Promise<{ open(variant?: string): Promise<Store>; cleanup(): Promise<void> }>;
}

function backends(databaseUrl: string | undefined, pgText: StoreBenchOptions["pgText"]): Backend[] {
  return [
    {
      name: "sqlite",
      skip: null,
      variants: ["auto"],
      fresh: async () => {
        const dir = mkdtempSync(join(tmpdir(), "strata-bench-store-"));
        return {
          open: async () => SqliteStore.open({ path: join(dir, "bench.db") }),
          cleanup: async () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
    {
      name: "postgres",
      skip: databaseUrl
        ? null
        : "DATABASE_URL is not set (export DATABASE_URL=postgres://user:password@host:5432/db)",
      variants: pgText,
      fresh: async () => {
        const schema = `bench_${process.pid}_${Math.floor(performance.now())}`;
        return {
          open: async (variant = "auto") =>
            PostgresStore.open({
              url: databaseUrl!,
              schema,
              maxConnections: 4,
              // A busy machine can keep all 4 connections longer than the default 5 s.
              connectTimeoutMs: 60_000,
              textIndex: variant as "auto" | "tsvector",
            }),
          cleanup: async () => {
            const pg = (await import("pg")).default;
            const client = new pg.Client({ connectionString: databaseUrl });
            await client.connect();
            await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
            await client.end();
          },
        };
      },
    },
  ];
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

const engine = (store: Store) => openMemory({ store, clock: FIXED_CLOCK, namespace: "bench" });

async function measureWrites(b: Backend, o: StoreBenchOptions, writers: number, variant: string) {
  const place = await b.fresh();
  const first = await engine(await place.open(variant));
  try {
    const traffic = createTraffic(o.seed);
    await preload(first, traffic, o.writeBase, { beliefs: 0, bySlot: new Map() });
    const mems: Memory[] = [first];
    // SQLite: one handle shared by the 8 engines (a second connection in one process would
    // block the event loop in its busy wait while the first holds the lock across an await).
    for (let i = 1; i < writers; i++)
      mems.push(await engine(b.name === "sqlite" ? first.store : await place.open(variant)));
    // Each writer its own stream (different seeds), so they contend on one namespace, not one text.
    const streams = mems.map((_, i) => createTraffic(o.seed + 1000 + i));
    const per = Math.ceil(o.writes / writers);
    const t = performance.now();
    await Promise.all(
      mems.map(async (mem, i) => {
        for (let n = 0; n < per; n++) await mem.remember(streams[i]!.statement().text);
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    const audit = await first.verifyAudit();
    if (!audit.ok) throw new Error(`${b.name}: audit chain broken after ${writers} writers`);
    if (b.name !== "sqlite") for (const m of mems.slice(1)) await m.close();
    return {
      writers,
      writes: per * writers,
      seconds: round(seconds),
      perSecond: Math.round((per * writers) / seconds),
    };
  } finally {
    await first.close();
    await place.cleanup();
  }
}

/** Recall percentiles per variant: handles of each on the same data, queries alternating between them. */
async function measureRecall(b: Backend, o: StoreBenchOptions) {
  const place = await b.fresh();
  const mems: Memory[] = [];
  const out = new Map<string, NonNullable<StoreBenchResult["recall"]>>();
  try {
    for (const v of b.variants) {
      mems.push(await engine(await place.open(v)));
      out.set(v, []);
    }
    const traffic = createTraffic(o.seed);
    const state = { beliefs: 0, bySlot: new Map<number, string>() };
    for (const size of [...o.recallSizes].sort((x, y) => x - y)) {
      o.log(`bench(${b.name}): preloading to ${size} beliefs…`);
      const t0 = performance.now();
      await preload(mems[0]!, traffic, size, state);
      const preloadSeconds = round((performance.now() - t0) / 1000, 1);
      const queries = o.recallQueries;
      o.log(`bench(${b.name}): ${queries} recalls at ${size} (${b.variants.join(", ")})…`);
      const samples: number[][] = mems.map(() => []);
      for (let i = 0; i < queries + 5; i++) {
        const q = traffic.query();
        // Each variant answers the same query; who goes first rotates.
        for (let j = 0; j < mems.length; j++) {
          const m = (i + j) % mems.length;
          const t = performance.now();
          await mems[m]!.recall(q, { k: 5 });
          if (i >= 5) samples[m]!.push(performance.now() - t);
        }
      }
      b.variants.forEach((v, m) => {
        const sorted = samples[m]!.sort((x, y) => x - y);
        out.get(v)!.push({
          beliefs: size,
          preloadSeconds,
          queries,
          p50: round(pct(sorted, 50)),
          p95: round(pct(sorted, 95)),
          mean: round(sorted.reduce((a, x) => a + x, 0) / sorted.length),
        });
      });
    }
    // PostgreSQL names its index (pgvector or the in-process one); SQLite's is in process.
    const store = mems[0]!.store as Store & { vectorIndex?: string };
    return { out, vector: store.vectorIndex ?? `${mems[0]!.store.capabilities.vector} (in-process)` };
  } finally {
    for (const m of mems) await m.close();
    await place.cleanup();
  }
}

export async function runStoreBench(o: StoreBenchOptions, databaseUrl: string | undefined) {
  const results: StoreBenchResult[] = [];
  for (const b of backends(databaseUrl, o.pgText)) {
    if (!o.stores.includes(b.name)) continue;
    if (b.skip) {
      o.log(`bench: ${b.name} skipped: ${b.skip}`);
      results.push({ store: b.name, skipped: b.skip });
      continue;
    }
    const writes = new Map<string, NonNullable<StoreBenchResult["writes"]>>();
    for (const v of b.variants) {
      const of = b.variants.length > 1 ? ` (text: ${v})` : "";
      o.log(`bench(${b.name}): gated writes, 1 writer${of}…`);
      const one = await measureWrites(b, o, 1, v);
      o.log(`bench(${b.name}): gated writes, 8 writers${of}…`);
      writes.set(v, [one, await measureWrites(b, o, 8, v)]);
    }
    const recall = await measureRecall(b, o);
    for (const v of b.variants)
      results.push({
        store: b.name,
        ...(b.variants.length > 1 ? { text: v } : {}),
        skipped: null,
        vector: recall.vector,
        writes: writes.get(v)!,
        recall: recall.out.get(v)!,
      });
  }
  return results;
}

export function renderStoreBench(results: StoreBenchResult[]): string {
  const lines = ["", "Stores side by side (gated writes at the preloaded base; recall k=5)", ""];
  const head = ["store", "vector", "writes/s ×1", "writes/s ×8", "recall p50/p95 (ms) @"];
  lines.push(head.join("  "));
  for (const r of results) {
    if (r.skipped) {
      lines.push(`${r.store}  skipped: ${r.skipped}`);
      continue;
    }
    const recall = r.recall!.map((x) => `${x.beliefs}: ${x.p50}/${x.p95}`).join(", ");
    const name = r.text ? `${r.store} (text: ${r.text})` : r.store;
    lines.push(`${name}  ${r.vector}  ${r.writes![0]!.perSecond}  ${r.writes![1]!.perSecond}  ${recall}`);
  }
  return lines.join("\n");
}

function parse(argv: string[]): StoreBenchOptions {
  const o: StoreBenchOptions = {
    stores: ["sqlite", "postgres"],
    writes: 400,
    writeBase: 1000,
    recallSizes: [10_000, 100_000],
    recallQueries: 100,
    seed: 42,
    pgText: ["auto"],
    log: (m) => process.stderr.write(`${m}\n`),
  };
  walkArgs(argv, (a, v) => {
    if (a === "--stores") o.stores = wordList(v());
    else if (a === "--writes") o.writes = Number(v());
    else if (a === "--recall-sizes") o.recallSizes = numberList(v());
    else if (a === "--queries") o.recallQueries = Number(v());
    else if (a === "--pg-text") {
      const modes = wordList(v());
      const bad = modes.find((m) => m !== "auto" && m !== "tsvector");
      if (bad !== undefined || modes.length === 0)
        throw new Error(`--pg-text takes auto, tsvector or both (auto,tsvector), not "${bad ?? ""}"`);
      o.pgText = modes as StoreBenchOptions["pgText"];
    } else if (a !== "--")
      throw new Error(
        `unknown option ${a} (use --stores sqlite,postgres --writes N --recall-sizes 10000,100000 --queries N --pg-text auto,tsvector)`,
      );
  });
  return o;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const o = parse(process.argv.slice(2));
  const results = await runStoreBench(o, process.env.DATABASE_URL);
  process.stdout.write(`${renderStoreBench(results)}\n\n${JSON.stringify(results, null, 2)}\n`);
}
