/**
 * One bench part of two source trees in pairs: `bench/run.ts --json-only ARGS` runs in BEFORE and
 * AFTER in turn, each round in a fresh process of each, the order alternating (before first in odd
 * rounds, after first in even ones) so a shared machine's load falls on both alike. Prints a table
 * of after/before ratios of each measured figure (each round's ratio, then the median, the
 * spread and the geometric mean), then the JSON (every round's figures and ratios).
 *
 *   npx tsx bench/ab.ts --before ../old-tree --after . --rounds 5 -- --only gate --sizes 10000
 *   npx tsx bench/ab.ts --before ../old-tree --after . --rounds 3 -- --only sleep --sleep-sizes 10000
 *
 * Each tree needs its own node_modules (a symlink will do) and a bench/run.ts taking the ARGS.
 * Ratios, not absolute times: on a loaded machine an A/A run (the same tree twice) gives the
 * noise floor to read them against.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { walkArgs, wordList } from "./argv.js";

interface Options {
  before: string;
  after: string;
  rounds: number;
  args: string[];
  /** Figures compared (dotted paths under each `results[]` entry); all numeric leaves when empty. */
  metrics: string[];
}

/** The figures a pair is judged on, by part: CPU per call first (less load-bound than wall time). */
const DEFAULT_METRICS: Record<string, string[]> = {
  gate: [
    "writes.cpuMsPerWrite",
    "writes.perSecond",
    "recall.cpuMsMean",
    "recall.p50",
    "recall.p95",
    "context.cpuMsMean",
    "context.p50",
    "context.p95",
  ],
  // The work done (pairs judged, beliefs merged) beside the time: a ratio of times means little
  // when the two trees consolidated differently.
  sleep: [
    "consolidate.seconds",
    "consolidate.cpuSeconds",
    "consolidate.work.pairs",
    "consolidate.counts.merged",
    "consolidate.counts.superseded",
    "fullSweepCached.cpuSeconds",
    "incrementalSweep.seconds",
    "incrementalSweep.cpuSeconds",
    "fullSweep.cpuSeconds",
  ],
};

export function parseArgs(argv: string[]): Options {
  const o: Options = { before: "", after: "", rounds: 3, args: [], metrics: [] };
  walkArgs(argv, (a, value, rest) => {
    if (a === "--before") o.before = resolve(value());
    else if (a === "--after") o.after = resolve(value());
    else if (a === "--rounds") o.rounds = Number(value());
    else if (a === "--metrics") o.metrics = wordList(value());
    else if (a === "--") {
      o.args = rest();
      return "stop";
    } else
      throw new Error(
        `unknown option ${a} (use --before TREE --after TREE --rounds N [--metrics a.b,c.d] -- BENCH ARGS)`,
      );
  });
  if (!o.before || !o.after) throw new Error("--before TREE and --after TREE are required");
  if (!Number.isInteger(o.rounds) || o.rounds < 1) throw new Error("--rounds takes a positive integer");
  if (o.args.length === 0)
    throw new Error("the bench's own arguments follow `--` (e.g. -- --only gate --sizes 10000)");
  return o;
}

/** Every numeric leaf of `value` by dotted path. */
export function numericLeaves(
  value: unknown,
  prefix = "",
  out = new Map<string, number>(),
): Map<string, number> {
  if (typeof value === "number" && Number.isFinite(value)) out.set(prefix, value);
  else if (value && typeof value === "object" && !Array.isArray(value))
    for (const [k, v] of Object.entries(value)) numericLeaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** One fresh process of bench/run.ts in `tree`: the part's results (`results`, or `sleep`), keyed by size. */
function runOnce(tree: string, args: string[], part: string): Map<string, Map<string, number>> {
  const r = spawnSync(process.execPath, ["--import", "tsx", "bench/run.ts", "--json-only", ...args], {
    cwd: tree,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`bench/run.ts in ${tree} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  const report = JSON.parse(r.stdout) as Record<string, unknown>;
  const found = part === "sleep" ? report.sleep : report.results;
  const results = Array.isArray(found) ? found : [];
  const bySize = new Map<string, Map<string, number>>();
  for (const entry of results as { size?: number }[])
    bySize.set(String(entry.size ?? "?"), numericLeaves(entry));
  return bySize;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const at = o.args.indexOf("--only");
  const only = at >= 0 ? (o.args[at + 1] ?? "gate") : "gate";
  const metrics = o.metrics.length > 0 ? o.metrics : (DEFAULT_METRICS[only] ?? []);
  const rounds: { before: Map<string, Map<string, number>>; after: Map<string, Map<string, number>> }[] = [];
  for (let round = 1; round <= o.rounds; round++) {
    const order: ("before" | "after")[] = round % 2 ? ["before", "after"] : ["after", "before"];
    const got: Partial<(typeof rounds)[number]> = {};
    for (const side of order) {
      process.stderr.write(`ab: round ${round}/${o.rounds}: ${side}…\n`);
      got[side] = runOnce(side === "before" ? o.before : o.after, o.args, only);
    }
    rounds.push(got as (typeof rounds)[number]);
  }

  const rows: {
    size: string;
    metric: string;
    before: number[];
    after: number[];
    ratios: number[];
    median: number;
    min: number;
    max: number;
    geomean: number;
  }[] = [];
  for (const size of rounds[0]!.before.keys()) {
    const names = metrics.length > 0 ? metrics : [...rounds[0]!.before.get(size)!.keys()];
    for (const metric of names) {
      const before = rounds.map((r) => r.before.get(size)?.get(metric) ?? Number.NaN);
      const after = rounds.map((r) => r.after.get(size)?.get(metric) ?? Number.NaN);
      if (before.some(Number.isNaN) || after.some(Number.isNaN)) continue;
      const ratios = before.map((b, i) => r3(after[i]! / b));
      const geomean = Math.exp(ratios.reduce((s, x) => s + Math.log(x), 0) / ratios.length);
      rows.push({
        size,
        metric,
        before,
        after,
        ratios,
        median: r3(median(ratios)),
        min: Math.min(...ratios),
        max: Math.max(...ratios),
        geomean: r3(geomean),
      });
    }
  }

  const header =
    "| size | figure | before (median) | after (median) | after/before each round | median | geomean |";
  const lines = [
    `after ${o.after} / before ${o.before}, ${o.rounds} round(s) of: bench/run.ts ${o.args.join(" ")}`,
    header,
    "|---|---|--:|--:|---|--:|--:|",
    ...rows.map(
      (r) =>
        `| ${r.size} | ${r.metric} | ${r3(median(r.before))} | ${r3(median(r.after))} | ${r.ratios.join(", ")} | ${r.median} | ${r.geomean} |`,
    ),
  ];
  process.stderr.write(`${lines.join("\n")}\n`);
  console.log(
    JSON.stringify({ before: o.before, after: o.after, rounds: o.rounds, args: o.args, rows }, null, 2),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
