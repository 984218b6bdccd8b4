/**
 * Cold start: whole fresh processes of the built CLI, against a bare `node -e ''` measured in the
 * same rounds (interleaved, so a machine that slows down slows both). `strata --version`,
 * `strata --help`, and a first `recall` and `context` on stores of each size (preloaded through
 * the store port, bench/preload.ts). With `--cold-before DIR/dist/cli/main.js` the same commands
 * of another build run beside them, for before/after figures from one run.
 *
 *   npm run bench -- --only cold --cold-sizes 10000,100000
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import { bin, ensureBuilt } from "../test/support/built-cli.js";
import { preload } from "./preload.js";
import { median } from "./stats.js";
import { createTraffic } from "./synthetic.js";

export interface ColdBenchOptions {
  sizes: number[];
  rounds: number;
  seed: number;
  /** Another build's dist/cli/main.js, measured beside this one. */
  before?: string | undefined;
  log: (message: string) => void;
}

interface Sample {
  /** Median wall milliseconds of the command. */
  ms: number;
  /** Median of (command ÷ bare node) over the rounds, pair by pair. */
  ratio: number;
}

/** Wall milliseconds of one fresh process, start to exit. */
function run(args: string[], env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env, encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** Runs each command `rounds` times, each time right after a bare node. */
function measure(commands: Record<string, string[]>, rounds: number): Record<string, Sample> {
  const env = { ...process.env, NO_COLOR: "1" };
  const wall: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  const ratio: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  const bare: number[] = [];
  // Warms the file cache, and fills the command's compile cache (docs/cli.md), so the rounds
  // measure a command that has run before, as a hook's is; STRATA_NO_COMPILE_CACHE=1 measures without.
  for (const args of Object.values(commands)) run(args, env);
  for (let i = 0; i < rounds; i++)
    for (const [name, args] of Object.entries(commands)) {
      const b = run(["-e", ""], env);
      const ms = run(args, env);
      bare.push(b);
      wall[name]!.push(ms);
      ratio[name]!.push(ms / b);
    }
  const out: Record<string, Sample> = { "node -e ''": { ms: round(median(bare), 1), ratio: 1 } };
  for (const name of Object.keys(commands))
    out[name] = { ms: round(median(wall[name]!), 1), ratio: round(median(ratio[name]!)) };
  return out;
}

export async function runColdBench(open: (path: string) => Promise<Memory>, o: ColdBenchOptions) {
  ensureBuilt();
  if (o.before && !existsSync(o.before)) throw new Error(`--cold-before ${o.before}: no such file`);
  const dir = mkdtempSync(join(tmpdir(), "strata-bench-cold-"));
  try {
    const builds: [string, string][] = [
      ["after", bin],
      ...(o.before ? [["before", o.before] as [string, string]] : []),
    ];
    const startup: Record<string, string[]> = {};
    for (const [label, main] of builds) {
      startup[`${label}: strata --version`] = [main, "--version"];
      startup[`${label}: strata --help`] = [main, "--help"];
    }
    o.log("cold: --version and --help against bare node…");
    const cli = measure(startup, o.rounds);
    const stores = [];
    for (const size of o.sizes) {
      o.log(`cold: preloading a ${size}-belief store…`);
      const path = join(dir, `cold-${size}.db`);
      const mem = await open(path);
      await preload(mem, createTraffic(o.seed), size, { beliefs: 0, bySlot: new Map() });
      await mem.close();
      const commands: Record<string, string[]> = {};
      for (const [label, main] of builds) {
        commands[`${label}: recall`] = [
          main,
          "--db",
          path,
          "-n",
          "bench",
          "recall",
          "staging billing gateway owner",
        ];
        commands[`${label}: context`] = [
          main,
          "--db",
          path,
          "-n",
          "bench",
          "context",
          "deploy the billing gateway",
        ];
      }
      o.log(`cold: first recall and context in fresh processes at ${size}…`);
      stores.push({ size, ...measure(commands, o.rounds) });
      rmSync(path, { force: true });
    }
    return { rounds: o.rounds, cli, stores };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type ColdBenchResult = Awaited<ReturnType<typeof runColdBench>>;

export function renderColdTable(r: ColdBenchResult): string {
  const lines = [
    `cold start: fresh processes, median wall ms of ${r.rounds} rounds and the median ratio to a bare \`node -e ''\` run just before each`,
  ];
  const row = (size: string, name: string, s: Sample) =>
    `  ${size.padEnd(8)} ${name.padEnd(26)} ${String(s.ms).padStart(8)} ms  ${String(s.ratio).padStart(6)}×`;
  for (const [name, s] of Object.entries(r.cli)) lines.push(row("", name, s));
  for (const { size, ...samples } of r.stores)
    for (const [name, s] of Object.entries(samples))
      if (name !== "node -e ''") lines.push(row(String(size), name, s as Sample));
  return lines.join("\n");
}
