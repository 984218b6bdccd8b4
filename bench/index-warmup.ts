/**
 * A server's first minutes over a large store, with the in-process vector index built on search
 * (`on-search`, the default) or in a worker thread from start-up (`background`,
 * `warmIndexes({ background: true })`, what `strata serve` and `strata worker` do): one recall
 * every `--every` ms for `--seconds` from process start, each request's latency, the longest
 * event-loop stall (perf_hooks `monitorEventLoopDelay`), when the index was installed, the CPU
 * of the main thread and of the whole process (the worker's share is the difference), and each
 * request's main-thread CPU (a figure the machine's load does not inflate: the longest is what
 * the slowest call, an index build on search included, cost the event loop).
 *
 * Run each mode in a fresh process, alternately (the machine is shared: compare within one run):
 *
 *   npx tsx bench/index-warmup.ts --db /work/data/x-100k.db --mode on-search --seconds 90
 *   npx tsx bench/index-warmup.ts --db /work/data/x-100k.db --mode background --seconds 90
 *
 * The store is the scale bench's (`npm run bench -- --only scale`, namespace `bench`); it is only
 * read. Prints one JSON object.
 */
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { openMemory } from "../src/open-memory.js";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.js";
import { mainThreadCpuMs } from "./batch.js";
import { createTraffic } from "./synthetic.js";

const started = performance.now();
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const db = arg("db", "");
const mode = arg("mode", "background");
const seconds = Number(arg("seconds", "90"));
const every = Number(arg("every", "200"));
/** Background: keep the requests going until the index is installed, then `--after` more (RSS after a warm recall). */
const throughBuild = args.includes("--through-build");
const after = Number(arg("after", "25"));
const count = (n: number) => Number.isFinite(n) && n >= 0;
if (
  !db ||
  (mode !== "on-search" && mode !== "background") ||
  !count(seconds) ||
  !count(every) ||
  !Number.isInteger(after) ||
  after < 0
)
  throw new Error(
    "usage: --db FILE --mode on-search|background [--seconds 90] [--every 200] [--through-build] [--after 25] (numbers ≥ 0; --after whole)",
  );

const stall = monitorEventLoopDelay({ resolution: 10 });
stall.enable();
// And by hand: the longest gap between ticks of a 10 ms interval (a blocked loop delays them all).
let lastTick = performance.now();
let longestGap = 0;
const ticker = setInterval(() => {
  const now = performance.now();
  longestGap = Math.max(longestGap, now - lastTick);
  lastTick = now;
}, 10);
const load = [loadavg()[0]!];
// RSS (and the malloc'd memory V8 knows of: Buffers, ArrayBuffers) every second: the most during
// the build, at its install, and after it. `--expose-gc` adds the figures after a forced collection.
const mb = (x: number) => Math.round(x / 2 ** 20);
const memory = () => {
  const m = process.memoryUsage();
  return { rss: mb(m.rss), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), heap: mb(m.heapUsed) };
};
const rssSamples: { at: number; rss: number; external: number }[] = [];
let rssPeakDuringBuild = 0;
const sampler = setInterval(() => {
  const m = memory();
  rssSamples.push({ at: Math.round((performance.now() - started) / 1000), rss: m.rss, external: m.external });
  if (installedAt === null) rssPeakDuringBuild = Math.max(rssPeakDuringBuild, m.rss);
}, 1000);
const gc = (globalThis as { gc?: () => void }).gc;
const afterGc = async () => {
  if (!gc) return null;
  gc();
  await new Promise((r) => setTimeout(r, 500));
  gc();
  return memory();
};
let rssAtInstall: ReturnType<typeof memory> | null = null;
const cpu0 = process.cpuUsage();
const main0 = mainThreadCpuMs() ?? 0;
const store = SqliteStore.open({ path: db, indexBuild: mode });
const mem = await openMemory({ store, namespace: "bench" });
const opened = performance.now() - started;
let installedAt: number | null = null;
let report: unknown = null;
const warm =
  mode === "background"
    ? store.warmIndexes({ background: true }).then((r) => {
        installedAt = performance.now() - started;
        rssAtInstall = memory();
        report = r;
      })
    : Promise.resolve();

const traffic = createTraffic(7);
const requests: { at: number; ms: number; cpuMs: number }[] = [];
let longest = 0;
// A request every `every` ms from start: a request that finds the loop blocked waits (its latency
// counts from when it was due, as a client's would).
let extra = 0;
for (
  let due = opened;
  due < seconds * 1000 ||
  (throughBuild && mode === "background" && (installedAt === null || extra++ < after));
  due += every
) {
  const now = performance.now() - started;
  if (now < due) await new Promise((r) => setTimeout(r, due - now));
  // A late request still lets the loop turn first (the stall figure is then one call's, not a backlog's).
  else await new Promise((r) => setImmediate(r));
  const cpuBefore = mainThreadCpuMs() ?? 0;
  await mem.recall(traffic.query(), { k: 5 });
  const ms = performance.now() - started - due;
  // The main thread's CPU over the call (10 ms ticks): what the request cost the event loop, whatever the load.
  const cpuMs = (mainThreadCpuMs() ?? 0) - cpuBefore;
  requests.push({ at: Math.round(due), ms: Math.round(ms * 10) / 10, cpuMs });
  longest = Math.max(longest, ms);
  // Requests that were due while this one ran are late, not skipped.
}
await warm;
stall.disable();
clearInterval(ticker);
clearInterval(sampler);
const memoryAtEnd = memory();
const memoryAfterGc = await afterGc();
const cpu = process.cpuUsage(cpu0);
const main = (mainThreadCpuMs() ?? 0) - main0;
load.push(loadavg()[0]!);
const rssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
await mem.close();
const memoryClosedAfterGc = await afterGc();
const cold = requests.filter((r) => r.cpuMs > 100);

/** Per 5 s window: requests, p50 and max latency. */
const windows: { from: number; requests: number; p50: number; max: number }[] = [];
for (let from = 0; from < seconds * 1000; from += 5_000) {
  const inside = requests
    .filter((r) => r.at >= from && r.at < from + 5_000)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  if (inside.length === 0) continue;
  windows.push({
    from: from / 1000,
    requests: inside.length,
    p50: inside[Math.floor(inside.length / 2)]!,
    max: inside[inside.length - 1]!,
  });
}
/** The request after the last one that took over 250 ms (and 10 × the last window's p50): warm from there. */
const settled = windows.at(-1)?.p50 ?? 0;
let warmFrom = 0;
for (let i = requests.length - 1; i >= 0; i--)
  if (requests[i]!.ms > Math.max(250, 10 * settled)) {
    warmFrom = requests[i + 1]?.at ?? requests[i]!.at;
    break;
  }
console.log(
  JSON.stringify(
    {
      db,
      mode,
      requests: requests.length,
      openMs: Math.round(opened),
      installedAtMs: installedAt && Math.round(installedAt),
      report,
      warmFromMs: warmFrom,
      longestRequestMs: Math.round(longest),
      longestStallMs: Math.round(longestGap),
      // Load-independent: the most main-thread CPU one request took, and which request.
      longestRequestMainCpuMs: Math.max(...requests.map((r) => r.cpuMs)),
      mainCpuOver100Ms: requests.filter((r) => r.cpuMs > 100).map((r) => [r.at, r.cpuMs]),
      eventLoopDelayMaxMs: Math.round(stall.max / 1e6),
      cpuMs: { process: Math.round((cpu.user + cpu.system) / 1000), mainThread: main },
      loadAverage: load.map((x) => Math.round(x * 10) / 10),
      rssMb,
      // Cold requests (> 100 ms of main-thread CPU): how many, and their mean main-thread CPU.
      cold: {
        count: cold.length,
        meanCpuMs: Math.round(cold.reduce((a, r) => a + r.cpuMs, 0) / (cold.length || 1)),
      },
      memory: {
        peakRssDuringBuild: rssPeakDuringBuild,
        atInstall: rssAtInstall,
        atEnd: memoryAtEnd,
        afterGc: memoryAfterGc,
        closedAfterGc: memoryClosedAfterGc,
      },
      rssEvery10s: rssSamples.filter((x) => x.at % 10 === 0),
      windows,
      firstRequests: requests.slice(0, 25),
    },
    null,
    1,
  ),
);
