/**
 * The REST API under load: the built CLI's `strata serve --http` in its own process on loopback,
 * 50 concurrent fetch clients for a bounded time, recall and remember against a 10k-belief
 * store; beside the library's own figures for the same calls on a copy of the same store, with
 * the same 50-way concurrency in process. The ratio is what HTTP (parsing, auth, JSON, sockets)
 * costs on top of the engine.
 *
 *   npm run bench -- --only http                       # 10k beliefs, 50 clients, 8 s per phase
 *   npm run bench -- --only http --http-seconds 4 --http-clients 20
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import type { OpenBench } from "./batch.js";
import { preload } from "./preload.js";
import { createTraffic } from "./synthetic.js";

export interface HttpBenchOptions {
  size: number;
  seconds: number;
  clients: number;
  seed: number;
  log: (message: string) => void;
}

export interface LoadFigures {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;

/** Runs `call` from `clients` concurrent loops until `seconds` pass; latency of each call. */
async function load(
  clients: number,
  seconds: number,
  call: (i: number) => Promise<boolean>,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const ok = await call(n++).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: round(latencies.length / elapsed, 1),
    p50Ms: round(quantile(latencies, 0.5)),
    p99Ms: round(quantile(latencies, 0.99)),
    errors,
  };
}

const root = resolve(import.meta.dirname, "..");
const bin = join(root, "dist/cli/main.js");

async function serveBuilt(db: string): Promise<{ base: string; child: ChildProcess }> {
  if (!existsSync(bin)) execFileSync("npx", ["tsup"], { cwd: root, stdio: "pipe" });
  const child = spawn(
    process.execPath,
    [bin, "--db", db, "--namespace", "bench", "serve", "--http", "--port", "0", "--write-rate", "1000000"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const base = await new Promise<string>((done, fail) => {
    let err = "";
    const onData = (chunk: Buffer) => {
      err += chunk.toString();
      const m = /MCP over HTTP at (\S+)\/mcp/.exec(err);
      if (m) {
        // The request log goes to stderr: keep draining it, unread.
        child.stderr!.off("data", onData);
        child.stderr!.resume();
        done(m[1]!);
      }
    };
    child.stderr!.on("data", onData);
    child.once("exit", (code) => fail(new Error(`server exited ${code}: ${err}`)));
  });
  return { base, child };
}

export async function runHttpBench(open: OpenBench, o: HttpBenchOptions) {
  const dir = mkdtempSync(join(tmpdir(), "strata-bench-http-"));
  try {
    o.log(`http: preloading to ${o.size} beliefs…`);
    const traffic = createTraffic(o.seed);
    const base = join(dir, "base.db");
    let mem = await open(base);
    await preload(mem, traffic, o.size, { beliefs: 0, bySlot: new Map() });
    await mem.close();
    copyFileSync(base, join(dir, "http.db"));
    const queries = Array.from({ length: 500 }, () => traffic.query());
    const statements = Array.from({ length: 50_000 }, () => traffic.statement().text);

    o.log(`http: library, ${o.clients} concurrent callers, ${o.seconds} s per call…`);
    mem = await open(join(dir, "base.db"));
    const libRecall = await load(o.clients, o.seconds, async (i) => {
      await mem.recall(queries[i % queries.length]!, { k: 5 });
      return true;
    });
    const libRemember = await load(o.clients, o.seconds, async (i) => {
      await mem.remember(statements[i % statements.length]!);
      return true;
    });
    await mem.close();

    o.log(`http: strata serve --http (built CLI, own process), ${o.clients} clients over loopback…`);
    const { base: url, child } = await serveBuilt(join(dir, "http.db"));
    try {
      const api = `${url}/v1/namespaces/bench`;
      const httpRecall = await load(o.clients, o.seconds, async (i) => {
        const q = encodeURIComponent(queries[i % queries.length]!);
        const res = await fetch(`${api}/recall?query=${q}&k=5`);
        await res.arrayBuffer();
        return res.ok;
      });
      const httpRemember = await load(o.clients, o.seconds, async (i) => {
        const res = await fetch(`${api}/beliefs`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ statement: statements[(i + 25_000) % statements.length]! }),
        });
        await res.arrayBuffer();
        return res.ok;
      });
      const ratio = (lib: LoadFigures, http: LoadFigures) =>
        round(lib.perSecond / Math.max(http.perSecond, 0.1));
      return {
        size: o.size,
        clients: o.clients,
        seconds: o.seconds,
        recall: { library: libRecall, http: httpRecall, libraryOverHttp: ratio(libRecall, httpRecall) },
        remember: {
          library: libRemember,
          http: httpRemember,
          libraryOverHttp: ratio(libRemember, httpRemember),
        },
      };
    } finally {
      child.kill("SIGTERM");
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type HttpBenchResult = Awaited<ReturnType<typeof runHttpBench>>;

export function renderHttpTable(r: HttpBenchResult): string {
  const line = (call: string, where: string, f: LoadFigures) =>
    `${call.padEnd(9)} ${where.padEnd(8)} ${String(f.perSecond).padStart(9)} ${String(f.p50Ms).padStart(8)} ${String(f.p99Ms).padStart(8)} ${String(f.errors).padStart(6)}`;
  return [
    `HTTP load: ${r.size} beliefs, ${r.clients} concurrent clients, ${r.seconds} s per phase (server: built CLI in its own process)`,
    "call      where        req/s  p50 ms   p99 ms  errors",
    line("recall", "library", r.recall.library),
    line("recall", "http", r.recall.http),
    line("remember", "library", r.remember.library),
    line("remember", "http", r.remember.http),
    `library/http throughput: recall ${r.recall.libraryOverHttp}x, remember ${r.remember.libraryOverHttp}x`,
  ].join("\n");
}
