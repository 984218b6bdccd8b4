/**
 * Batched against single gated writes, and a store built through the public bulk path.
 *
 * 1. **Batched vs single** at `size` beliefs: one store is preloaded (bench/preload.ts) and
 *    copied; the same statements and events then go through `remember` / `record` one call each
 *    on one copy, and through `rememberMany` / `recordMany` in batches on another. Same order,
 *    same clock, so the verdicts must be identical (checked); the figure is writes/s per item,
 *    summed over two rounds in opposite orders (single first, then batched first), each side
 *    starting with the judge's memo of text analyses empty.
 * 2. **Bulk build**: a fresh store filled with `rememberMany` only (the public bulk path; every
 *    item gated, or with `--build-gate off` the known-clean import, nothing compared),
 *    `batchSize` statements per call, to `buildSize` beliefs; beliefs/s overall and for the last
 *    tenth, RSS and file size. A gate-off build prepares its chunks in a worker thread
 *    (`--build-worker on`, the default), in the writing thread (`off`), or is run both ways back
 *    to back (`both`): CPU per belief of the whole process and of its main thread (the writing
 *    thread, what bounds the wall time when a second core is free), with the load average beside.
 *
 *   npm run bench -- --only batch --batch-size 1000 --build-sizes 100000
 *   npm run bench -- --only batch --build-gate off --build-sizes 1000000 --batch-size 10000   # a known-clean import
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import type { RecordItem, RememberItem } from "../src/core/gated-writes.js";
import { clearAnalyses } from "../src/core/judge/analysis.js";
import type { GateResult } from "../src/core/model.js";
import { preload } from "./preload.js";
import { createTraffic } from "./synthetic.js";

export interface BatchBenchOptions {
  /** Store size (beliefs) at which batched and single writes are compared. */
  size: number;
  /** Statements written each way (one event is recorded for every four). */
  writes: number;
  batchSize: number;
  /** Sizes of the stores built through `rememberMany` (each a fresh store). */
  buildSizes: number[];
  /** How the builds gate: "on" (every item through the gate) or "off" (a known-clean import). */
  buildGate: "on" | "off";
  /** Whether a build prepares its chunks in a worker thread: on, off, or both (off first, then on). */
  buildWorker: "on" | "off" | "both";
  seed: number;
  log: (message: string) => void;
}

export type OpenBench = (path: string, extra?: { importWorker?: boolean }) => Promise<Memory>;

/**
 * CPU milliseconds of this process's main thread (Linux: /proc, in clock ticks of 10 ms), or null
 * where it cannot be read. `process.cpuUsage()` counts every thread, the import worker's too.
 */
export function mainThreadCpuMs(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const chunks = <T>(xs: T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

export async function runBatchBench(open: OpenBench, o: BatchBenchOptions) {
  const dir = mkdtempSync(join(tmpdir(), "strata-bench-batch-"));
  try {
    // With --batch-writes 0 only the builds run.
    const compare = o.writes > 0 ? await compareBatched(open, o, dir) : null;
    // ---- bulk builds ----
    const builds = [];
    const workers = o.buildWorker === "both" ? [false, true] : [o.buildWorker === "on"];
    for (const size of o.buildSizes)
      for (const worker of workers) {
        o.log(
          `batch: building ${size} beliefs through rememberMany (${o.batchSize} per call, gate ${o.buildGate}, worker ${worker ? "on" : "off"})…`,
        );
        const path = join(dir, `build-${size}.db`);
        const m = await open(path, { importWorker: worker });
        const load = [loadavg()[0]!];
        const main0 = mainThreadCpuMs();
        const tr = createTraffic(o.seed + 1);
        let items = 0;
        let stored = 0;
        let lastTenthStart = 0;
        let lastTenthItems = 0;
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        while (stored < size) {
          const batch: string[] = [];
          while (batch.length < Math.min(o.batchSize, size - stored)) batch.push(tr.statement().text);
          if (lastTenthStart === 0 && stored >= size * 0.9) {
            lastTenthStart = performance.now();
            lastTenthItems = items;
          }
          const r = await m.rememberMany(batch, { gate: o.buildGate });
          items += batch.length;
          stored += r.stored;
          if (items % (o.batchSize * 20) === 0) o.log(`batch: … ${items} statements, ${stored} beliefs`);
        }
        const ms = performance.now() - t0;
        const cpuBuild = cpuMs(c0);
        const main1 = mainThreadCpuMs();
        load.push(loadavg()[0]!);
        const stats = await m.stats();
        const rssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
        await m.close();
        const fileMb = Math.round(statSync(path).size / 2 ** 20);
        builds.push({
          size,
          statements: items,
          beliefs: stats.beliefs.total,
          active: stats.beliefs.byStatus.active ?? 0,
          seconds: round(ms / 1000, 1),
          beliefsPerSecond: Math.round((stats.beliefs.total / ms) * 1000),
          statementsPerSecond: Math.round((items / ms) * 1000),
          lastTenthStatementsPerSecond: lastTenthStart
            ? Math.round(((items - lastTenthItems) / (performance.now() - lastTenthStart)) * 1000)
            : null,
          cpuMsPerStatement: round(cpuBuild / items),
          mainThreadCpuMsPerStatement:
            main0 !== null && main1 !== null ? round((main1 - main0) / items) : null,
          loadAverage: load.map((x) => round(x, 1)),
          rssMb,
          fileMb,
          gate: o.buildGate,
          worker,
        });
        rmSync(path, { force: true });
        rmSync(`${path}-wal`, { force: true });
        rmSync(`${path}-shm`, { force: true });
      }
    return { compare, builds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same writes one call each and in batches, on copies of one preloaded store, in two rounds:
 * single first then batched, then batched first then single. Whatever a process keeps warm after
 * a side (compiled code, the judge's memo of text analyses, heap sizing) then helps each side
 * once, and each side starts with the judge's memo empty, as a fresh `strata remember --jsonl`
 * does. (Run one after the other in one order only, the second side found every text the first
 * had analysed already: that alone made batched look ~1.5× single when it was ~1.2×.)
 */
async function compareBatched(open: OpenBench, o: BatchBenchOptions, dir: string) {
  o.log(`batch: preloading to ${o.size} beliefs…`);
  const traffic = createTraffic(o.seed);
  const base = join(dir, "base.db");
  const preloaded = await open(base);
  await preload(preloaded, traffic, o.size, { beliefs: 0, bySlot: new Map() });
  await preloaded.close();

  const statements: RememberItem[] = [];
  const events: RecordItem[] = [];
  for (let i = 0; i < o.writes; i++) {
    statements.push(traffic.statement().text);
    if ((i + 1) % 4 === 0) {
      const e = traffic.event();
      events.push({ content: e.text, type: e.type, ...(e.outcome ? { outcome: e.outcome } : {}) });
    }
  }
  const total = statements.length + events.length;

  /**
   * One side on a fresh copy of the preloaded store: its results, wall and CPU milliseconds.
   * `batched`: false for single calls, the batches' gate otherwise.
   */
  const side = async (batched: false | "on" | "approximate", name: string) => {
    o.log(
      batched
        ? `batch: ${total} writes in batches of ${o.batchSize} at ${o.size}, gate ${batched}…`
        : `batch: ${total} single gated writes at ${o.size}…`,
    );
    const path = join(dir, `${name}.db`);
    copyFileSync(base, path);
    const mem = await open(path);
    clearAnalyses();
    const results: GateResult[] = [];
    const cpu = process.cpuUsage();
    const t = performance.now();
    if (batched) {
      const gate = { gate: batched };
      for (const c of chunks(statements, o.batchSize))
        results.push(...(await mem.rememberMany(c, gate)).results);
      for (const c of chunks(events, o.batchSize)) results.push(...(await mem.recordMany(c, gate)).results);
    } else {
      for (const s of statements) results.push(await mem.remember(s as string));
      for (const e of events) {
        const { content, ...options } = e as Exclude<RecordItem, string>;
        results.push(await mem.record(content, options));
      }
    }
    const ms = performance.now() - t;
    const cpuSpent = cpuMs(cpu);
    await mem.close();
    rmSync(path, { force: true });
    return { results, ms, cpu: cpuSpent };
  };

  type Side = Awaited<ReturnType<typeof side>>;
  // Round 1: single, batched, approximate; round 2 the other way round.
  const rounds: { single: Side; batched: Side; approximate: Side; batchedFirst: boolean }[] = [];
  for (const batchedFirst of [false, true]) {
    const order = (batchedFirst ? ["approximate", "on", false] : [false, "on", "approximate"]) as (
      | false
      | "on"
      | "approximate"
    )[];
    const got = new Map<string, Side>();
    for (const [i, b] of order.entries()) got.set(String(b), await side(b, `round${rounds.length}-${i}`));
    rounds.push({
      single: got.get("false")!,
      batched: got.get("on")!,
      approximate: got.get("approximate")!,
      batchedFirst,
    });
  }

  const same = (a: GateResult[], b: GateResult[]) =>
    a.length === b.length && a.every((r, i) => r.verdict === b[i]!.verdict && r.id === b[i]!.id);
  const reference = rounds[0]!.single.results;
  const sameVerdicts = rounds.every(
    (r) => same(reference, r.single.results) && same(reference, r.batched.results),
  );
  const verdicts: Record<string, number> = {};
  for (const r of reference) verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
  const sum = (f: (r: (typeof rounds)[number]) => number) => rounds.reduce((a, r) => a + f(r), 0);
  const singleMs = sum((r) => r.single.ms);
  const batchMs = sum((r) => r.batched.ms);
  const approxMs = sum((r) => r.approximate.ms);
  const singleCpu = sum((r) => r.single.cpu);
  const batchCpu = sum((r) => r.batched.cpu);
  const approxCpu = sum((r) => r.approximate.cpu);
  const writes = total * rounds.length;
  const approximate = rounds[0]!.approximate.results;
  const approximateDeterministic = same(approximate, rounds[1]!.approximate.results);

  return {
    size: o.size,
    writes: total,
    batchSize: o.batchSize,
    rounds: rounds.map((r) => ({
      order: r.batchedFirst ? "batched first" : "single first",
      singleCpuMsPerWrite: round(r.single.cpu / total),
      batchedCpuMsPerWrite: round(r.batched.cpu / total),
      cpuSpeedup: round(r.single.cpu / r.batched.cpu, 2),
    })),
    single: {
      perSecond: Math.round((writes / singleMs) * 1000),
      cpuMsPerWrite: round(singleCpu / writes),
    },
    batched: {
      perSecond: Math.round((writes / batchMs) * 1000),
      cpuMsPerWrite: round(batchCpu / writes),
    },
    speedup: round(singleMs / batchMs, 2),
    cpuSpeedup: round(singleCpu / batchCpu, 2),
    sameVerdicts,
    verdicts,
    /** `rememberMany` / `recordMany` with `{ gate: "approximate" }`, against the exact verdicts. */
    approximate: {
      perSecond: Math.round((writes / approxMs) * 1000),
      cpuMsPerWrite: round(approxCpu / writes),
      speedup: round(singleMs / approxMs, 2),
      cpuSpeedup: round(singleCpu / approxCpu, 2),
      rounds: rounds.map((r) => ({
        order: r.batchedFirst ? "batched first" : "single first",
        cpuMsPerWrite: round(r.approximate.cpu / total),
        cpuSpeedup: round(r.single.cpu / r.approximate.cpu, 2),
      })),
      deterministic: approximateDeterministic,
      agreement: agreement(reference, approximate),
    },
  };
}

/**
 * How the approximate gate's verdicts differ from the exact ones, item by item: each kind of
 * disagreement counted (`exact → approximate`), and the two that must stay 0: a supersession the
 * exact gate did not make, and an item the exact gate stored that the approximate one did not.
 * Targets are compared by text: ids part once one side stores an item the other dropped.
 */
export function agreement(exact: readonly GateResult[], approximate: readonly GateResult[]) {
  const kinds: Record<string, number> = {};
  let same = 0;
  let otherTarget = 0;
  let wrongSupersessions = 0;
  let refusedStored = 0;
  let missedSupersessions = 0;
  exact.forEach((e, i) => {
    const a = approximate[i]!;
    if (e.verdict === a.verdict) {
      same++;
      if ((e.target?.text ?? null) !== (a.target?.text ?? null)) otherTarget++;
    } else {
      const kind = `${e.verdict} → ${a.verdict}`;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    if (a.superseded.length > 0 && (e.superseded.length === 0 || a.target?.text !== e.target?.text))
      wrongSupersessions++;
    if (e.superseded.length > 0 && a.superseded.length === 0) missedSupersessions++;
    if (e.stored && !a.stored) refusedStored++;
  });
  return {
    items: exact.length,
    same,
    otherTarget,
    kinds,
    wrongSupersessions,
    missedSupersessions,
    refusedStored,
  };
}

export type BatchBenchResult = Awaited<ReturnType<typeof runBatchBench>>;

export function renderBatchTable(r: BatchBenchResult): string {
  const c = r.compare;
  const lines = !c
    ? []
    : [
        `batched vs single gated writes at ${c.size} beliefs: ${c.writes} writes (remember, and record every fourth) each way, twice in opposite orders, batches of ${c.batchSize}; verdicts ${c.sameVerdicts ? "identical" : "DIFFER"} (${Object.entries(
          c.verdicts,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")})`,
        ...c.rounds.map(
          (r) =>
            `  ${r.order.padEnd(14)} single ${r.singleCpuMsPerWrite} cpu-ms, batched ${r.batchedCpuMsPerWrite} cpu-ms each (${r.cpuSpeedup}× CPU)`,
        ),
        `  single   ${String(c.single.perSecond).padStart(7)}/s  ${c.single.cpuMsPerWrite} cpu-ms each`,
        `  batched  ${String(c.batched.perSecond).padStart(7)}/s  ${c.batched.cpuMsPerWrite} cpu-ms each`,
        `  speedup  ${c.speedup}× wall, ${c.cpuSpeedup}× CPU (target ≥ 5×: ${c.cpuSpeedup >= 5 ? "pass" : "FAIL"})`,
        `  approximate gate ${String(c.approximate.perSecond).padStart(7)}/s  ${c.approximate.cpuMsPerWrite} cpu-ms each: ${c.approximate.speedup}× wall, ${c.approximate.cpuSpeedup}× CPU against single (target ≥ 5×: ${c.approximate.cpuSpeedup >= 5 ? "pass" : "FAIL"}); rounds ${c.approximate.rounds.map((r) => `${r.cpuSpeedup}×`).join(", ")}`,
        `  approximate against exact verdicts: ${c.approximate.agreement.same} of ${c.approximate.agreement.items} the same (${c.approximate.agreement.otherTarget} with another target), ${
          Object.entries(c.approximate.agreement.kinds)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ") || "no other verdict"
        }; wrong supersessions ${c.approximate.agreement.wrongSupersessions}, stored items refused ${c.approximate.agreement.refusedStored}, supersessions missed ${c.approximate.agreement.missedSupersessions}; ${c.approximate.deterministic ? "deterministic" : "NOT deterministic"} across rounds`,
      ];
  for (const b of r.builds)
    lines.push(
      `bulk build through rememberMany (gate ${b.gate}): ${b.statements} statements → ${b.beliefs} beliefs (${b.active} active) in ${b.seconds} s: ` +
        `${b.beliefsPerSecond} beliefs/s, ${b.statementsPerSecond} statements/s (last tenth ${b.lastTenthStatementsPerSecond}/s), ` +
        `${b.cpuMsPerStatement} cpu-ms each (main thread ${b.mainThreadCpuMsPerStatement ?? "?"}), worker ${b.worker ? "on" : "off"}, load ${b.loadAverage.join("→")}, RSS ${b.rssMb} MB, file ${b.fileMb} MB (target ≥ 10,000 beliefs/s: ${b.beliefsPerSecond >= 10_000 ? "pass" : "FAIL"})`,
    );
  return lines.join("\n");
}
