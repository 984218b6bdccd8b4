/**
 * Recall and context tails against the in-memory exact scan (issue 18), measured so that a loaded,
 * shared machine does not decide the answer: the scan (brainmem's: one float32 matrix, one
 * matrix-vector product, top k by partial selection), the bench's earlier naive scan, a recall and
 * a context run interleaved, call by call, in one process, over many short rounds. Each round gives its own ratios
 * (recall p95 ÷ scan p95, context p50 ÷ scan p50, and the same for CPU per call); the result is
 * the median of those ratios, with the load average beside every round. A burst of load hits all
 * three kinds of call in that round alike, so the ratio holds where absolute figures swing 2×.
 *
 *   npm run bench -- --only tails                       # a fresh 10k store in a temp dir
 *   npm run bench -- --only tails --tails-db /tmp/t.db  # built there when missing, then kept
 */

import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import { prepareExactScan, prepareNaiveScan } from "./exact-scan.js";
import { preload } from "./preload.js";
import { median, percentile } from "./stats.js";
import { createTraffic } from "./synthetic.js";

export interface TailsBenchOptions {
  db: string;
  /** Beliefs to build when `db` does not exist. */
  size: number;
  rounds: number;
  /** Calls of each kind per round. */
  perRound: number;
  seed: number;
  log: (message: string) => void;
}

const K = 5;
const TOKEN_BUDGET = 600;

const ms = (x: number) => Math.round(x * 1000) / 1000;

/** Wall and CPU milliseconds of one call. */
async function timed(call: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c = process.cpuUsage();
  const t = performance.now();
  await call();
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  return { wall, cpu: (d.user + d.system) / 1000 };
}

interface Round {
  load: number;
  scan: { p50: number; p95: number; cpu: number };
  naive: { p50: number; p95: number; cpu: number };
  recall: { p50: number; p95: number; cpu: number };
  context: { p50: number; p95: number; cpu: number };
}

export async function runTailsBench(open: (path: string) => Promise<Memory>, o: TailsBenchOptions) {
  let built: { seconds: number; beliefs: number; episodes: number } | null = null;
  if (!existsSync(o.db)) {
    o.log(`tails: building ${o.size} beliefs into ${o.db}…`);
    const mem = await open(o.db);
    const t = performance.now();
    const traffic = createTraffic(o.seed);
    const r = await preload(mem, traffic, o.size, { beliefs: 0, bySlot: new Map() });
    // Recent events for context's last block, as the gated bench's `record` calls leave them.
    let episodes = 0;
    for (; episodes < 100; episodes++) {
      const e = traffic.event();
      await mem.record(e.text, {
        type: e.type,
        ...(e.outcome ? { outcome: e.outcome } : {}),
        session: `s${Math.floor(episodes / 50)}`,
      });
    }
    built = { seconds: Math.round(performance.now() - t) / 1000, beliefs: r.beliefs, episodes };
    await mem.close();
  }
  const mem = await open(o.db);
  try {
    const stats = await mem.stats();
    // The queries and goals name the slots the build opened: a fresh traffic has opened none, so its
    // queries all named slot 0 (5 distinct queries, every read served by the store's read cache).
    // Drawing the build's statements first opens the same slots as the build.
    const traffic = createTraffic(o.seed);
    for (let i = 0; i < o.size; i++) traffic.statement();
    const scan = await prepareExactScan(mem, K);
    const naive = await prepareNaiveScan(mem, K);
    o.log(`tails: ${o.rounds} rounds of ${o.perRound} scans, recalls and contexts, interleaved…`);
    for (let i = 0; i < 20; i++) {
      await scan.search(traffic.query());
      await naive.search(traffic.query());
      await mem.recall(traffic.query(), { k: K });
      await mem.context(traffic.goal(), { tokenBudget: TOKEN_BUDGET });
    }
    const rounds: Round[] = [];
    const KINDS = ["scan", "naive", "recall", "context"] as const;
    const lists = () => ({
      scan: [] as number[],
      naive: [] as number[],
      recall: [] as number[],
      context: [] as number[],
    });
    const all = lists();
    for (let r = 0; r < o.rounds; r++) {
      const wall = lists();
      const cpu = { scan: 0, naive: 0, recall: 0, context: 0 };
      for (let i = 0; i < o.perRound; i++) {
        // The query and goal are drawn before the clock starts; the order rotates so no kind
        // always runs right after another's garbage.
        const q = traffic.query();
        const g = traffic.goal();
        const calls = {
          scan: () => scan.search(q),
          naive: () => naive.search(q),
          recall: () => mem.recall(q, { k: K }),
          context: () => mem.context(g, { tokenBudget: TOKEN_BUDGET }),
        };
        const order = KINDS.map((_, j, a) => a[(i + j) % a.length]!);
        for (const kind of order) {
          const s = await timed(calls[kind]);
          wall[kind].push(s.wall);
          cpu[kind] += s.cpu;
        }
      }
      const summary = (kind: keyof typeof wall) => ({
        p50: ms(percentile(wall[kind], 0.5)),
        p95: ms(percentile(wall[kind], 0.95)),
        cpu: ms(cpu[kind] / o.perRound),
      });
      rounds.push({
        load: loadavg()[0]!,
        scan: summary("scan"),
        naive: summary("naive"),
        recall: summary("recall"),
        context: summary("context"),
      });
      for (const kind of KINDS) all[kind].push(...wall[kind]);
    }
    const ratio = (f: (x: Round) => number) => ms(median(rounds.map(f)));
    const loads = rounds.map((x) => x.load);
    return {
      db: o.db,
      built,
      beliefs: stats.beliefs.total,
      activeBeliefs: stats.beliefs.byStatus.active ?? 0,
      episodes: stats.episodes.total,
      scannedVectors: scan.vectors,
      rounds: o.rounds,
      perRound: o.perRound,
      load: { min: Math.min(...loads), median: median(loads), max: Math.max(...loads) },
      /** Medians over rounds of each round's ratio: what issue 18 holds to 1.2×. */
      versusScan: {
        recallP95: ratio((x) => x.recall.p95 / x.scan.p95),
        contextP50: ratio((x) => x.context.p50 / x.scan.p50),
        recallCpu: ratio((x) => x.recall.cpu / x.scan.cpu),
        contextCpu: ratio((x) => x.context.cpu / x.scan.cpu),
      },
      /** The same against the bench's earlier naive scan (an object per row, a full sort). */
      versusNaiveScan: {
        recallP95: ratio((x) => x.recall.p95 / x.naive.p95),
        contextP50: ratio((x) => x.context.p50 / x.naive.p50),
        recallCpu: ratio((x) => x.recall.cpu / x.naive.cpu),
        contextCpu: ratio((x) => x.context.cpu / x.naive.cpu),
      },
      /** Absolute figures over every call of the run (they swing with the machine's load). */
      scan: {
        p50: ms(percentile(all.scan, 0.5)),
        p95: ms(percentile(all.scan, 0.95)),
        cpu: ratio((x) => x.scan.cpu),
      },
      naiveScan: {
        p50: ms(percentile(all.naive, 0.5)),
        p95: ms(percentile(all.naive, 0.95)),
        cpu: ratio((x) => x.naive.cpu),
      },
      recall: {
        p50: ms(percentile(all.recall, 0.5)),
        p95: ms(percentile(all.recall, 0.95)),
        cpu: ratio((x) => x.recall.cpu),
      },
      context: {
        p50: ms(percentile(all.context, 0.5)),
        p95: ms(percentile(all.context, 0.95)),
        cpu: ratio((x) => x.context.cpu),
      },
      perRoundFigures: rounds,
    };
  } finally {
    await mem.close();
  }
}

export type TailsBenchResult = Awaited<ReturnType<typeof runTailsBench>>;

export function renderTailsTable(r: TailsBenchResult): string {
  const l = r.load;
  return [
    `tails: ${r.db}, ${r.beliefs} beliefs (${r.activeBeliefs} active, ${r.scannedVectors} scanned), ${r.episodes} episodes${r.built ? `, built in ${r.built.seconds}s` : ""}`,
    `  ${r.rounds} rounds × ${r.perRound} of each call, interleaved; load average ${l.min.toFixed(1)}–${l.max.toFixed(1)} (median ${l.median.toFixed(1)})`,
    `  median over rounds: recall p95 / scan p95 ${r.versusScan.recallP95}×, context p50 / scan p50 ${r.versusScan.contextP50}× (target ≤ 1.2× each)`,
    `                      recall CPU / scan CPU ${r.versusScan.recallCpu}×, context CPU / scan CPU ${r.versusScan.contextCpu}×`,
    `  against the naive scan: recall p95 ${r.versusNaiveScan.recallP95}×, context p50 ${r.versusNaiveScan.contextP50}×, recall CPU ${r.versusNaiveScan.recallCpu}×, context CPU ${r.versusNaiveScan.contextCpu}×`,
    `  exact scan p50 ${r.scan.p50} ms  p95 ${r.scan.p95} ms  (${r.scan.cpu} cpu-ms each, median round; brainmem's matrix scan)`,
    `  naive scan p50 ${r.naiveScan.p50} ms  p95 ${r.naiveScan.p95} ms  (${r.naiveScan.cpu} cpu-ms each, median round)`,
    `  recall     p50 ${r.recall.p50} ms  p95 ${r.recall.p95} ms  (${r.recall.cpu} cpu-ms each, median round)`,
    `  context    p50 ${r.context.p50} ms  p95 ${r.context.p95} ms  (${r.context.cpu} cpu-ms each, median round)`,
  ].join("\n");
}
