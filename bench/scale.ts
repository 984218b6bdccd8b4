/**
 * A store at scale, kept between runs: first recall in this process, warm recall and context
 * latency, and resident memory after a recall, on a store file you name. Building a million
 * beliefs takes tens of minutes on a shared machine, so the file is built once (through the
 * store port, bench/preload.ts) when it does not exist yet, and reused after that.
 *
 *   npm run bench -- --only scale --scale-db /tmp/strata-1m.db --scale-size 1000000
 *   npm run bench -- --only scale --scale-db /tmp/strata-1m-active.db --scale-build bulk   # all active
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Memory } from "../src/core/engine.js";
import { mainThreadCpuMs } from "./batch.js";
import { preload } from "./preload.js";
import { createTraffic } from "./synthetic.js";

export interface ScaleBenchOptions {
  db: string;
  /** Beliefs to build when `db` does not exist. */
  size: number;
  /**
   * How a missing store is built: `preload` (default) writes the engine's rows for new and changed
   * statements, so most of a large store is archived; `bulk` imports statements through
   * `rememberMany` with the gate off, so every belief stays active (the hardest case for recall).
   */
  build: "preload" | "bulk";
  queries: number;
  goals: number;
  seed: number;
  log: (message: string) => void;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * A full garbage collection, for the bench alone: resident memory after it is what the process
 * keeps (indexes, caches); before it, that plus the garbage recall left for the collector.
 */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

const memoryFigures = (m: NodeJS.MemoryUsage) => ({
  rssMb: mb(m.rss),
  heapUsedMb: mb(m.heapUsed),
  arrayBuffersMb: mb(m.arrayBuffers),
});
const ms = (x: number) => Math.round(x * 100) / 100;

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? Number.NaN;
  return { p50: ms(at(0.5)), p95: ms(at(0.95)) };
}

async function preloaded(mem: Memory, o: ScaleBenchOptions): Promise<number> {
  return (await preload(mem, createTraffic(o.seed), o.size, { beliefs: 0, bySlot: new Map() })).beliefs;
}

/**
 * Statements through the public bulk path, gate off: every one a new active belief. The next
 * batch's statements are generated while the import's worker may still be busy (~1 µs a
 * statement, under 1% of the build's CPU).
 */
async function bulk(mem: Memory, o: ScaleBenchOptions): Promise<number> {
  const traffic = createTraffic(o.seed);
  let stored = 0;
  while (stored < o.size) {
    const batch: string[] = [];
    while (batch.length < Math.min(10_000, o.size - stored)) batch.push(traffic.statement().text);
    stored += (await mem.rememberMany(batch, { gate: "off" })).stored;
    if (stored % 100_000 === 0) o.log(`scale: … ${stored} beliefs`);
  }
  return stored;
}

export async function runScaleBench(open: (path: string) => Promise<Memory>, o: ScaleBenchOptions) {
  let built: {
    seconds: number;
    beliefs: number;
    beliefsPerSecond: number;
    cpuMsPerBelief: number;
    mainThreadCpuMsPerBelief: number | null;
    loadAverage: number[];
  } | null = null;
  if (!existsSync(o.db)) {
    o.log(`scale: building ${o.size} beliefs into ${o.db} (kept for the next run)…`);
    const mem = await open(o.db);
    const load = [loadavg()[0]!];
    const main0 = mainThreadCpuMs();
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    const beliefs = o.build === "bulk" ? await bulk(mem, o) : await preloaded(mem, o);
    const seconds = (performance.now() - t) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const main1 = mainThreadCpuMs();
    load.push(loadavg()[0]!);
    built = {
      seconds: Math.round(seconds * 1000) / 1000,
      beliefs,
      beliefsPerSecond: Math.round(beliefs / seconds),
      cpuMsPerBelief: Math.round(((cpu.user + cpu.system) / 1000 / beliefs) * 1000) / 1000,
      mainThreadCpuMsPerBelief:
        main0 !== null && main1 !== null ? Math.round(((main1 - main0) / beliefs) * 1000) / 1000 : null,
      loadAverage: load.map((x) => Math.round(x * 10) / 10),
    };
    await mem.close();
  }
  const mem = await open(o.db);
  try {
    const stats = await mem.stats();
    const traffic = createTraffic(o.seed + 1);
    const timed = async (call: () => Promise<unknown>) => {
      const t = performance.now();
      await call();
      return performance.now() - t;
    };
    o.log("scale: first recall (cold: FTS5 and the vectors table)…");
    const first = await timed(() => mem.recall("staging billing gateway owner", { k: 5 }));
    o.log("scale: second recall (builds the in-process indexes)…");
    const second = await timed(() => mem.recall("staging billing gateway owner", { k: 5 }));
    for (let i = 0; i < 20; i++) await mem.recall(traffic.query(), { k: 5 });
    const recall: number[] = [];
    let cpu = process.cpuUsage();
    for (let i = 0; i < o.queries; i++) recall.push(await timed(() => mem.recall(traffic.query(), { k: 5 })));
    const recallCpu = process.cpuUsage(cpu);
    const memory = process.memoryUsage();
    collectGarbage();
    const collected = process.memoryUsage();
    for (let i = 0; i < 10; i++) await mem.context(traffic.goal(), { tokenBudget: 600 });
    const context: number[] = [];
    cpu = process.cpuUsage();
    for (let i = 0; i < o.goals; i++)
      context.push(await timed(() => mem.context(traffic.goal(), { tokenBudget: 600 })));
    const contextCpu = process.cpuUsage(cpu);
    return {
      db: o.db,
      built,
      beliefs: stats.beliefs.total,
      activeBeliefs: stats.beliefs.byStatus.active ?? 0,
      firstRecallMs: Math.round(first),
      indexBuildRecallMs: Math.round(second),
      recall: {
        ...percentiles(recall),
        cpuMsMean: ms((recallCpu.user + recallCpu.system) / 1000 / o.queries),
      },
      context: {
        ...percentiles(context),
        cpuMsMean: ms((contextCpu.user + contextCpu.system) / 1000 / o.goals),
      },
      memoryAfterRecall: memoryFigures(memory),
      /** The same after a full collection: what the process holds, without recall's garbage. */
      memoryAfterGc: memoryFigures(collected),
    };
  } finally {
    await mem.close();
  }
}

export type ScaleBenchResult = Awaited<ReturnType<typeof runScaleBench>>;

export function renderScaleTable(r: ScaleBenchResult): string {
  return [
    `scale: ${r.db}, ${r.beliefs} beliefs (${r.activeBeliefs} active)${r.built ? `, built in ${r.built.seconds}s` : ""}`,
    ...(r.built
      ? [
          `  build: ${r.built.beliefsPerSecond} beliefs/s wall (target ≥ 10,000/s at 1M through the bulk path), ${r.built.cpuMsPerBelief} cpu-ms a belief (main thread ${r.built.mainThreadCpuMsPerBelief ?? "?"}), load ${r.built.loadAverage.join("→")}`,
        ]
      : []),
    `  first recall ${r.firstRecallMs} ms; second (builds the indexes) ${r.indexBuildRecallMs} ms`,
    `  recall  p50 ${r.recall.p50} ms  p95 ${r.recall.p95} ms  (${r.recall.cpuMsMean} cpu-ms each; target p95 ≤ 25 ms at 1M)`,
    `  context p50 ${r.context.p50} ms  p95 ${r.context.p95} ms  (${r.context.cpuMsMean} cpu-ms each)`,
    `  after the recalls: RSS ${r.memoryAfterRecall.rssMb} MB (target ≤ 600 MB at 1M), heap ${r.memoryAfterRecall.heapUsedMb} MB, array buffers ${r.memoryAfterRecall.arrayBuffersMb} MB`,
    `  after a full GC:   RSS ${r.memoryAfterGc.rssMb} MB, heap ${r.memoryAfterGc.heapUsedMb} MB, array buffers ${r.memoryAfterGc.arrayBuffersMb} MB`,
  ].join("\n");
}
