/**
 * Sleep on numbered near-duplicates, for `npm run bench -- --only numbered`: `consolidate()` of N
 * episodes that all count one unit with another number and share their other words ("Service s7
 * deploys from branch release-7 on host h7 with 7 replicas", test/e2e/worker.test.ts's), against
 * N episodes of the same length and words where the number names a thing instead of counting one
 * ("… with replica r7"). Every pair of the first set is a pair of measures the judge reads
 * (`sameMeasureChanged`, src/core/changed-measures.ts); the second is the same sweep without that.
 * The figure is the ratio of the two, measured in one run, so a loaded machine does not decide it:
 * judge24 made it 14× at 120 episodes before anyone saw, and only a test's timeout caught it.
 *
 * Each size (`--numbered-sizes`, default 120 and 300) runs `--numbered-rounds` rounds (default 3);
 * a round records both sets, each in a fresh store (a temp SQLite file, 100 episodes a call, as the
 * worker test does), and consolidates them one after the other, the order alternating by round.
 * The median of each side counts, in wall and in CPU time (user + system: on a shared machine the
 * wall time is the load's as much as ours).
 *
 *   npm run bench -- --only numbered
 *   npm run bench -- --only numbered --numbered-sizes 300 --numbered-rounds 5
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import { median } from "./stats.js";

export interface NumberedBenchOptions {
  sizes: number[];
  rounds: number;
  log: (message: string) => void;
}

interface Side {
  /** Wall milliseconds of `consolidate()`, one per round, and their median. */
  runsMs: number[];
  medianMs: number;
  /** CPU milliseconds (user + system) of the same calls, and their median: what a shared machine's load leaves alone. */
  cpuRunsMs: number[];
  cpuMedianMs: number;
  /** What the first round's sleep left: active beliefs, and the episodes it read. */
  activeBeliefs: number;
  episodes: number;
}

export interface NumberedSizeResult {
  episodes: number;
  /** Every episode counts "replicas" with its own number. */
  measured: Side;
  /** The same words and length, the number naming a replica ("replica r7"), counting nothing. */
  unmeasured: Side;
  /** measured ÷ unmeasured, of the wall medians, and of the CPU medians. */
  ratio: number;
  cpuRatio: number;
}

/** The worker test's episode: it counts replicas with its own number. */
export const measuredText = (i: number) =>
  `Service s${i} deploys from branch release-${i % 97} on host h${i % 13} with ${i} replicas`;
/** The same length and words, the number naming a replica: no unit is counted. */
export const unmeasuredText = (i: number) =>
  `Service s${i} deploys from branch release-${i % 97} on host h${i % 13} with replica r${i}`;

/** Records `count` episodes of `text` in a fresh store and times one `consolidate()` of them. */
async function sleepOnce(
  open: (path: string) => Promise<Memory>,
  count: number,
  text: (i: number) => string,
): Promise<{ ms: number; cpuMs: number; activeBeliefs: number; episodes: number }> {
  const dir = mkdtempSync(join(tmpdir(), "strata-bench-numbered-"));
  const mem = await open(join(dir, "numbered.db"));
  try {
    const items = Array.from({ length: count }, (_, i) => text(i));
    for (let i = 0; i < items.length; i += 100) await mem.recordMany(items.slice(i, i + 100));
    const cpu = process.cpuUsage();
    const t = performance.now();
    await mem.consolidate();
    const ms = Math.round(performance.now() - t);
    const used = process.cpuUsage(cpu);
    const cpuMs = Math.round((used.user + used.system) / 1000);
    const stats = await mem.stats();
    return { ms, cpuMs, activeBeliefs: stats.beliefs.byStatus.active ?? 0, episodes: stats.episodes.total };
  } finally {
    await mem.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runNumberedBench(
  open: (path: string) => Promise<Memory>,
  o: NumberedBenchOptions,
): Promise<NumberedSizeResult[]> {
  const out: NumberedSizeResult[] = [];
  for (const count of o.sizes) {
    const runs = {
      measured: [] as Awaited<ReturnType<typeof sleepOnce>>[],
      unmeasured: [] as Awaited<ReturnType<typeof sleepOnce>>[],
    };
    for (let round = 0; round < o.rounds; round++) {
      // Alternate which side goes first: a burst of load or a warmer JIT favours neither.
      const order =
        round % 2 === 0 ? (["measured", "unmeasured"] as const) : (["unmeasured", "measured"] as const);
      for (const side of order) {
        const r = await sleepOnce(open, count, side === "measured" ? measuredText : unmeasuredText);
        runs[side].push(r);
        o.log(
          `bench: numbered ${count}, round ${round + 1}/${o.rounds}: ${side} consolidate ${r.ms} ms (CPU ${r.cpuMs} ms)`,
        );
      }
    }
    const sideOf = (rs: Awaited<ReturnType<typeof sleepOnce>>[]): Side => ({
      runsMs: rs.map((r) => r.ms),
      medianMs: median(rs.map((r) => r.ms)),
      cpuRunsMs: rs.map((r) => r.cpuMs),
      cpuMedianMs: median(rs.map((r) => r.cpuMs)),
      activeBeliefs: rs[0]!.activeBeliefs,
      episodes: rs[0]!.episodes,
    });
    const measured = sideOf(runs.measured);
    const unmeasured = sideOf(runs.unmeasured);
    out.push({
      episodes: count,
      measured,
      unmeasured,
      ratio: Math.round((measured.medianMs / Math.max(1, unmeasured.medianMs)) * 100) / 100,
      cpuRatio: Math.round((measured.cpuMedianMs / Math.max(1, unmeasured.cpuMedianMs)) * 100) / 100,
    });
  }
  return out;
}

export function renderNumberedTable(results: NumberedSizeResult[]): string {
  const lines = [
    "numbered near-duplicates: consolidate() of N episodes counting replicas with another number each,",
    "beside N of the same length naming a replica (no measure); median of the rounds, one fresh store each.",
    "",
    "episodes  measured  unmeasured  ratio  CPU measured  CPU unmeasured  CPU ratio  beliefs (measured / unmeasured)",
    "--------  --------  ----------  -----  ------------  --------------  ---------  -------------------------------",
  ];
  for (const r of results)
    lines.push(
      [
        String(r.episodes).padEnd(8),
        `${r.measured.medianMs} ms`.padStart(8),
        `${r.unmeasured.medianMs} ms`.padStart(10),
        `${r.ratio.toFixed(2)}×`.padStart(5),
        `${r.measured.cpuMedianMs} ms`.padStart(12),
        `${r.unmeasured.cpuMedianMs} ms`.padStart(14),
        `${r.cpuRatio.toFixed(2)}×`.padStart(9),
        `${r.measured.activeBeliefs} / ${r.unmeasured.activeBeliefs}`,
      ].join("  "),
    );
  return lines.join("\n");
}
