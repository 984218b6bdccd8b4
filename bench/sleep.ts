/**
 * Sleep figures for `npm run bench`: consolidation and sweep time at 10k and 100k beliefs, and
 * an incremental sweep after 1,000 new writes as a fraction of a full one.
 *
 * Each size gets its own store. It is built through the engine's write kernel
 * (`mem.writes.insertBelief`: row, vector, audit entry) in large transactions, *not* through the
 * write gate, so the store arrives unconsolidated, as an import or a naive agent would leave it:
 * restatements, paraphrases, changed values and added details of the synthetic traffic all sit
 * side by side as active beliefs, with rules and a few undistilled episodes. Then, in order:
 *
 *   1. consolidate()            the first sleep: distil, rules, full sweep, nothing cached
 *   2. sweep({ full: true })    a full sweep again (judged pairs now cached)
 *   3. 1,000 new beliefs (kernel, one transaction), store clock one hour later
 *   4. sweep()                  incremental: only the 1,000 new beliefs are examined
 *   5. sweep({ full: true })    a full sweep over the same state, for the fraction
 */
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import type { SleepReport } from "../src/core/sleep/report.js";
import { createRandom, createTraffic, type Traffic } from "./synthetic.js";

export interface SleepBenchOptions {
  sizes: number[];
  seed: number;
  /** New beliefs written before the incremental sweep. */
  incrementalWrites: number;
  log: (msg: string) => void;
}

/** The store clock of the sleep bench: fixed, moved by hand between phases. */
export class BenchClock {
  private ms = Date.parse("2026-03-01T12:00:00.000Z");
  now(): Date {
    return new Date(this.ms);
  }
  advance(hours: number): void {
    this.ms += hours * 3_600_000;
  }
}

const ACTIONS = [
  "run the smoke tests first",
  "page the owner before changing it",
  "announce it in the alert channel",
  "avoid changing it on Fridays",
  "take a snapshot first",
];

const BATCH = 5000;
const MINUTE = 60_000;

/** Inserts `count` facts (plus a rule per hundred) through the write kernel, `BATCH` per transaction. */
async function build(
  mem: Memory,
  traffic: Traffic,
  count: number,
  worldStart: number,
  rand: () => number,
): Promise<{ facts: number; rules: number; intents: Record<string, number> }> {
  const namespace = mem.namespace;
  const intents: Record<string, number> = {};
  let facts = 0;
  let rules = 0;
  for (let done = 0; done < count; ) {
    const n = Math.min(BATCH, count - done);
    const items = Array.from({ length: n }, (_, i) => {
      const k = done + i;
      const at = new Date(worldStart + k * MINUTE).toISOString();
      if (k % 100 === 99) {
        const s = traffic.statement();
        const when = `changing the ${s.text.replace(/^the /i, "").split(" is ")[0]!.toLowerCase()}`;
        const prefer = ACTIONS[Math.floor(rand() * ACTIONS.length)]!;
        return { kind: "rule" as const, text: `WHEN ${when} → PREFER ${prefer}`, when, prefer, at };
      }
      const s = traffic.statement();
      intents[s.intent] = (intents[s.intent] ?? 0) + 1;
      return { kind: "fact" as const, text: s.text, when: undefined, prefer: undefined, at };
    });
    const vectors = await mem.embedder.embed(items.map((x) => x.text));
    const now = mem.writes.now();
    await mem.store.transaction(async (tx) => {
      for (let i = 0; i < items.length; i++) {
        const x = items[i]!;
        await mem.writes.insertBelief(tx, {
          namespace,
          kind: x.kind,
          text: x.text,
          ...(x.when ? { when: x.when, prefer: x.prefer } : {}),
          validFrom: x.at,
          sources: [],
          source: "bench-sleep",
          now,
          vector: vectors[i]!,
        });
        if (x.kind === "rule") rules++;
        else facts++;
      }
    });
    done += n;
  }
  return { facts, rules, intents };
}

function summary(r: SleepReport, wallMs: number) {
  return {
    seconds: Math.round(wallMs) / 1000,
    counts: r.counts,
    work: { ...r.work, ms: Math.round(r.work.ms) },
  };
}

async function timedCall(fn: () => Promise<SleepReport>) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const report = await fn();
  const wall = performance.now() - t;
  const c = process.cpuUsage(cpu);
  return { ...summary(report, wall), cpuSeconds: Math.round((c.user + c.system) / 1000) / 1000 };
}

/** One size: build, then the five phases of the file comment. `open` makes a fresh store. */
export async function runSleepSize(
  open: (clock: BenchClock) => Promise<{ mem: Memory; close: () => Promise<void> }>,
  size: number,
  o: SleepBenchOptions,
) {
  const clock = new BenchClock();
  const { mem, close } = await open(clock);
  try {
    const traffic = createTraffic(o.seed);
    const rand = createRandom(o.seed + 1);
    const worldStart = clock.now().getTime() - (size + o.incrementalWrites + 10) * MINUTE;
    o.log(`bench sleep ${size}: building ${size} beliefs through the write kernel…`);
    let t = performance.now();
    const built = await build(mem, traffic, size, worldStart, rand);
    // A few undistilled episodes, so consolidation distils as well.
    const episodes = Math.max(10, Math.round(size / 1000));
    for (let i = 0; i < episodes; i++) {
      const e = traffic.event();
      await mem.record(e.text, { type: e.type, ...(e.outcome ? { outcome: e.outcome } : {}) });
    }
    const buildSeconds = Math.round(performance.now() - t) / 1000;
    const before = await mem.stats();

    clock.advance(1);
    o.log(`bench sleep ${size}: consolidate (first sleep, nothing cached)…`);
    const consolidate = await timedCall(() => mem.consolidate());
    clock.advance(1);
    o.log(`bench sleep ${size}: full sweep (judged pairs cached)…`);
    const fullWarm = await timedCall(() => mem.sweep({ full: true }));

    clock.advance(1);
    o.log(`bench sleep ${size}: ${o.incrementalWrites} new beliefs, then an incremental sweep…`);
    t = performance.now();
    await build(mem, traffic, o.incrementalWrites, worldStart + size * MINUTE, rand);
    const writeSeconds = Math.round(performance.now() - t) / 1000;
    clock.advance(1);
    const incremental = await timedCall(() => mem.sweep());
    clock.advance(1);
    o.log(`bench sleep ${size}: full sweep over the same state…`);
    const full = await timedCall(() => mem.sweep({ full: true }));
    const after = await mem.stats();
    const audit = await mem.verifyAudit();
    return {
      size,
      build: {
        method:
          "write kernel (mem.writes.insertBelief: row, vector, audit), 5,000 per transaction; no write gate",
        seconds: buildSeconds,
        facts: built.facts,
        rules: built.rules,
        episodes,
        intents: built.intents,
      },
      activeBefore: before.beliefs.byStatus.active ?? 0,
      activeAfter: after.beliefs.byStatus.active ?? 0,
      consolidate,
      fullSweepCached: fullWarm,
      incrementalWrites: { count: o.incrementalWrites, seconds: writeSeconds },
      incrementalSweep: incremental,
      fullSweep: full,
      incrementalShare: Math.round((incremental.seconds / full.seconds) * 1000) / 1000,
      incrementalShareOfFirst: Math.round((incremental.seconds / consolidate.seconds) * 1000) / 1000,
      auditOk: audit.ok,
    };
  } finally {
    await close();
  }
}

export type SleepSizeResult = Awaited<ReturnType<typeof runSleepSize>>;
