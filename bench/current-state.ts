/**
 * What recall's current-state path costs on a large store: recall latency and CPU per question for
 * questions about a current state ("What is our staging billing gateway owner now?", which
 * `askedSlot` reads as the speaker's) against plain ones ("owner of the staging billing gateway"),
 * each with the path on (the default policy) and off (`policy.currentStatePath: false`: no
 * related-word or doer search, no reply lent back, no `currentVersions`, no lifts).
 *
 * One store per size, built through the write kernel (no gate, so every changed value sits beside
 * the older it changes, all active, as before a sleep), with the changes said in passing, chat
 * style (`createTraffic(seed, slots, { passing: true })`), so the lifts have pairs to work on. Two
 * engines read the same file, one per policy. The four calls (current on/off, plain on/off) run
 * interleaved, question by question, in rotating order, over short rounds; each round gives its
 * ratios and the result is their median, with the load average beside it: on a shared machine a
 * burst of load hits all four alike.
 *
 *   npm run bench -- --only current-state
 *   npm run bench -- --only current-state --cs-sizes 100000 --cs-rounds 10 --cs-per-round 20
 */

import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import type { RecallHit } from "../src/core/model.js";
import type { RoundTripCounter } from "./round-trips.js";
import { median, percentile } from "./stats.js";
import { createTraffic, type Traffic } from "./synthetic.js";

export interface CurrentStateBenchOptions {
  sizes: number[];
  rounds: number;
  /** Questions of each kind per round (each asked with the path on and off). */
  perRound: number;
  seed: number;
  log: (message: string) => void;
  /** PostgreSQL: counts each recall's statements and sequential round trips (bench/round-trips.ts). */
  roundTrips?: RoundTripCounter;
}

/** Opens an engine on `path` with the current-state path on (the default) or off. */
export type OpenWithPath = (path: string, currentStatePath: boolean) => Promise<Memory>;

const K = 10;
const BATCH = 5000;
const MINUTE = 60_000;
const CALLS = ["currentOn", "currentOff", "plainOn", "plainOff"] as const;
type Call = (typeof CALLS)[number];

const ms = (x: number) => Math.round(x * 1000) / 1000;

/** Wall and CPU milliseconds of one recall, and its hits. */
async function timedRecall(call: () => Promise<RecallHit[]>) {
  const c = process.cpuUsage();
  const t = performance.now();
  const hits = await call();
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  return { wall, cpu: (d.user + d.system) / 1000, hits };
}

/** `count` facts through the write kernel, `BATCH` per transaction, one minute apart (all active). */
export async function buildChangedFacts(
  mem: Memory,
  traffic: Traffic,
  count: number,
): Promise<Record<string, number>> {
  const intents: Record<string, number> = {};
  const start = Date.parse("2025-06-01T00:00:00.000Z");
  for (let done = 0; done < count; ) {
    const n = Math.min(BATCH, count - done);
    const items = Array.from({ length: n }, (_, i) => {
      const s = traffic.statement();
      intents[s.intent] = (intents[s.intent] ?? 0) + 1;
      return { text: s.text, at: new Date(start + (done + i) * MINUTE).toISOString() };
    });
    const vectors = await mem.embedder.embed(items.map((x) => x.text));
    const now = mem.writes.now();
    await mem.store.transaction(async (tx) => {
      for (let i = 0; i < items.length; i++)
        await mem.writes.insertBelief(tx, {
          namespace: mem.namespace,
          kind: "fact",
          text: items[i]!.text,
          validFrom: items[i]!.at,
          sources: [],
          source: "bench-current-state",
          now,
          vector: vectors[i]!,
        });
    });
    done += n;
  }
  return intents;
}

interface Figures {
  p50: number;
  p95: number;
  cpu: number;
}

/** Statements and sequential round trips per recall, means over every call (PostgreSQL only). */
interface Trips {
  statements: number;
  trips: number;
}

async function runSize(open: OpenWithPath, dir: string, size: number, o: CurrentStateBenchOptions) {
  const path = `${dir}/current-state-${size}.db`;
  const traffic = createTraffic(o.seed, 50_000, { passing: true });
  o.log(`current-state: building ${size} facts (changes said in passing) into ${path}…`);
  const t0 = performance.now();
  const builder = await open(path, true);
  const intents = await buildChangedFacts(builder, traffic, size);
  await builder.close();
  const buildSeconds = Math.round(performance.now() - t0) / 1000;
  const on = await open(path, true);
  const off = await open(path, false);
  try {
    const recall = (mem: Memory, q: string) => mem.recall(q, { k: K });
    for (let i = 0; i < 10; i++) {
      const c = traffic.currentQuery();
      const p = traffic.query();
      await recall(on, c);
      await recall(off, c);
      await recall(on, p);
      await recall(off, p);
    }
    o.log(
      `current-state: ${o.rounds} rounds of ${o.perRound} questions of each kind, path on and off, interleaved…`,
    );
    const rounds: { load: number; figures: Record<Call, Figures> }[] = [];
    const all: Record<Call, number[]> = { currentOn: [], currentOff: [], plainOn: [], plainOff: [] };
    // How often the path changed what a question gets: its top k differ (ids, in order) on and off.
    const changed = { current: 0, plain: 0 };
    let asked = 0;
    const trips: Record<Call, Trips> = {
      currentOn: { statements: 0, trips: 0 },
      currentOff: { statements: 0, trips: 0 },
      plainOn: { statements: 0, trips: 0 },
      plainOff: { statements: 0, trips: 0 },
    };
    for (let r = 0; r < o.rounds; r++) {
      const wall: Record<Call, number[]> = { currentOn: [], currentOff: [], plainOn: [], plainOff: [] };
      const cpu: Record<Call, number> = { currentOn: 0, currentOff: 0, plainOn: 0, plainOff: 0 };
      for (let i = 0; i < o.perRound; i++) {
        const c = traffic.currentQuery();
        const p = traffic.query();
        const calls: Record<Call, () => Promise<RecallHit[]>> = {
          currentOn: () => recall(on, c),
          currentOff: () => recall(off, c),
          plainOn: () => recall(on, p),
          plainOff: () => recall(off, p),
        };
        const hits = {} as Record<Call, string>;
        const order = CALLS.map((_, j, a) => a[(i + j) % a.length]!);
        for (const call of order) {
          o.roundTrips?.take();
          const s = await timedRecall(calls[call]);
          const t = o.roundTrips?.take();
          if (t) {
            trips[call].statements += t.statements;
            trips[call].trips += t.trips;
          }
          wall[call].push(s.wall);
          cpu[call] += s.cpu;
          hits[call] = s.hits.map((h) => h.id).join(",");
        }
        asked++;
        if (hits.currentOn !== hits.currentOff) changed.current++;
        if (hits.plainOn !== hits.plainOff) changed.plain++;
      }
      const figures = {} as Record<Call, Figures>;
      for (const call of CALLS) {
        figures[call] = {
          p50: ms(percentile(wall[call], 0.5)),
          p95: ms(percentile(wall[call], 0.95)),
          cpu: ms(cpu[call] / o.perRound),
        };
        all[call].push(...wall[call]);
      }
      rounds.push({ load: loadavg()[0]!, figures });
    }
    const ratio = (f: (x: Record<Call, Figures>) => number) => ms(median(rounds.map((x) => f(x.figures))));
    const loads = rounds.map((x) => x.load);
    const overall = {} as Record<Call, Figures>;
    for (const call of CALLS)
      overall[call] = {
        p50: ms(percentile(all[call], 0.5)),
        p95: ms(percentile(all[call], 0.95)),
        cpu: ratio((x) => x[call].cpu),
      };
    const stats = await on.stats();
    return {
      size,
      beliefs: stats.beliefs.total,
      intents,
      buildSeconds,
      rounds: o.rounds,
      perRound: o.perRound,
      load: { min: ms(Math.min(...loads)), median: ms(median(loads)), max: ms(Math.max(...loads)) },
      /** Share of questions whose top k the path changed. */
      changedTopK: { current: ms(changed.current / asked), plain: ms(changed.plain / asked) },
      /** Medians over rounds of each round's ratio. */
      ratios: {
        currentOnOffCpu: ratio((x) => x.currentOn.cpu / x.currentOff.cpu),
        currentOnOffP50: ratio((x) => x.currentOn.p50 / x.currentOff.p50),
        currentOnOffP95: ratio((x) => x.currentOn.p95 / x.currentOff.p95),
        plainOnOffCpu: ratio((x) => x.plainOn.cpu / x.plainOff.cpu),
        plainOnOffP50: ratio((x) => x.plainOn.p50 / x.plainOff.p50),
        currentPlainCpu: ratio((x) => x.currentOn.cpu / x.plainOn.cpu),
        currentPlainP50: ratio((x) => x.currentOn.p50 / x.plainOn.p50),
      },
      /** Wall percentiles over every call of the run; CPU per call, median round (they swing with load). */
      overall,
      /** Statements and sequential round trips per recall (means), when counted. */
      roundTrips: o.roundTrips
        ? Object.fromEntries(
            CALLS.map((c) => [
              c,
              { statements: ms(trips[c].statements / asked), trips: ms(trips[c].trips / asked) },
            ]),
          )
        : null,
    };
  } finally {
    await on.close();
    await off.close();
  }
}

export async function runCurrentStateBench(open: OpenWithPath, dir: string, o: CurrentStateBenchOptions) {
  const sizes = [];
  for (const size of o.sizes) sizes.push(await runSize(open, dir, size, o));
  return { k: K, sizes };
}

export type CurrentStateBenchResult = Awaited<ReturnType<typeof runCurrentStateBench>>;

export function renderCurrentStateTable(r: CurrentStateBenchResult): string {
  const lines = [`current-state path: recall (k ${r.k}) with policy.currentStatePath on ÷ off, interleaved`];
  for (const s of r.sizes) {
    const l = s.load;
    const f = s.overall;
    lines.push(
      `  ${s.beliefs} facts (all active; built in ${s.buildSeconds}s), ${s.rounds} rounds × ${s.perRound} questions of each kind; load average ${l.min}–${l.max} (median ${l.median})`,
      `    current-state question, path on : p50 ${f.currentOn.p50} ms  p95 ${f.currentOn.p95} ms  ${f.currentOn.cpu} cpu-ms`,
      `    current-state question, path off: p50 ${f.currentOff.p50} ms  p95 ${f.currentOff.p95} ms  ${f.currentOff.cpu} cpu-ms`,
      `    plain question, path on         : p50 ${f.plainOn.p50} ms  p95 ${f.plainOn.p95} ms  ${f.plainOn.cpu} cpu-ms`,
      `    plain question, path off        : p50 ${f.plainOff.p50} ms  p95 ${f.plainOff.p95} ms  ${f.plainOff.cpu} cpu-ms`,
      `    median over rounds: current on ÷ off CPU ${s.ratios.currentOnOffCpu}×, p50 ${s.ratios.currentOnOffP50}×, p95 ${s.ratios.currentOnOffP95}×; plain on ÷ off CPU ${s.ratios.plainOnOffCpu}×, p50 ${s.ratios.plainOnOffP50}×; current ÷ plain (on) CPU ${s.ratios.currentPlainCpu}×`,
      `    top ${r.k} changed by the path: ${(s.changedTopK.current * 100).toFixed(0)}% of current-state questions, ${(s.changedTopK.plain * 100).toFixed(0)}% of plain ones`,
    );
    const t = s.roundTrips;
    if (t)
      lines.push(
        `    statements / sequential round trips per recall: current on ${t.currentOn!.statements} / ${t.currentOn!.trips}, off ${t.currentOff!.statements} / ${t.currentOff!.trips}; plain on ${t.plainOn!.statements} / ${t.plainOn!.trips}, off ${t.plainOff!.statements} / ${t.plainOff!.trips}`,
      );
  }
  return lines.join("\n");
}
