/**
 * How sleep's clustering of paraphrases (`cluster`, src/core/sleep/distil.ts) grows with the number
 * of episodes: a synthetic stream of chat statements built deterministically from LoCoMo
 * conversations 0–2 (one or two sentences of its turns, drawn by a seeded generator; one episode
 * in ten says an earlier one again, so clusters form), clustered at each size twice in one process —
 * asking only the clusters that could restate an episode (the path sleep takes) and asking every
 * cluster that shares a word with it (`every: true`, as before) — the order alternating by size, the
 * judge's remembered analyses emptied before each run (both paths warmed up first on another
 * stream of 300). Prints a table, then JSON.
 *
 *   npx tsx bench/cluster-scale.ts                               # 1k, 2k, 5k, 10k, 20k; both up to 5k
 *   npx tsx bench/cluster-scale.ts --sizes 1000,2000 --every-up-to 2000 --seed 7
 *   npm run bench:cluster -- --json-only
 *
 * Times are CPU seconds (user + system of this process) inside `cluster` alone. Read the ratios
 * between the two paths and between sizes, not absolute times. The digest (a SHA-256 of every
 * cluster's episode ids and wording, in order) must be equal between the two paths at a size.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseLocomo } from "../eval/locomo/dataset.js";
import { DEFAULT_LOCOMO_PATH } from "../eval/locomo/index.js";
import { clearAnalyses } from "../src/core/judge/analysis.js";
import { loadTagger } from "../src/core/judge/lexical-judge.js";
import type { Episode } from "../src/core/model.js";
import { cluster } from "../src/core/sleep/distil.js";
import { createRandom } from "../test/support/random.js";
import { numberList, walkArgs } from "./argv.js";

interface Options {
  sizes: number[];
  /** The largest size at which the path that asks every cluster sharing a word is run too (it grows near-quadratically). */
  everyUpTo: number;
  seed: number;
  conversations: number[];
  path: string;
  jsonOnly: boolean;
}

export interface ClusterRun {
  /** "covering" (the clusters that could restate an episode, as sleep asks) or "every" (every cluster sharing a word). */
  path: "covering" | "every";
  cpuSeconds: number;
  clusters: number;
  /** SHA-256 (first 16 hex) of every cluster's episode ids and wording, in order. */
  digest: string;
}

export interface ClusterScaleResult {
  episodes: number;
  runs: ClusterRun[];
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = {
    sizes: [1000, 2000, 5000, 10_000, 20_000],
    everyUpTo: 5000,
    seed: 41,
    conversations: [0, 1, 2],
    path: DEFAULT_LOCOMO_PATH,
    jsonOnly: false,
  };
  walkArgs(argv, (flag, value) => {
    if (flag === "--sizes") o.sizes = numberList(value());
    else if (flag === "--every-up-to") o.everyUpTo = numberList(value())[0] ?? 0;
    else if (flag === "--seed") o.seed = numberList(value())[0] ?? 41;
    else if (flag === "--conversations") o.conversations = numberList(value());
    else if (flag === "--path") o.path = value();
    else if (flag === "--json-only") o.jsonOnly = true;
    else throw new Error(`unknown option ${flag}`);
  });
  return o;
}

/**
 * `size` episodes, in event-time order: one or two sentences of the conversations' turns, or (one
 * in ten) an earlier episode's text again.
 */
export function syntheticStream(sentences: readonly string[], size: number, seed: number): Episode[] {
  const next = createRandom(seed);
  const pick = () => sentences[Math.floor(next() * sentences.length)]!;
  const texts: string[] = [];
  for (let i = 0; i < size; i++) {
    if (i > 0 && next() < 0.1) texts.push(texts[Math.floor(next() * i)]!);
    else texts.push(next() < 0.5 ? pick() : `${pick()} ${pick()}`);
  }
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  return texts.map(
    (content, i) =>
      ({
        id: `ep-${String(i).padStart(6, "0")}`,
        content,
        at: new Date(start + i * 60_000).toISOString(),
        outcome: null,
      }) as unknown as Episode,
  );
}

function sentencesOf(path: string, conversations: readonly number[]): string[] {
  const data = parseLocomo(JSON.parse(readFileSync(path, "utf8")));
  const out: string[] = [];
  for (const c of data.conversations) {
    if (!conversations.includes(c.index)) continue;
    for (const t of c.turns)
      for (const s of t.content.split(/(?<=[.!?])\s+/)) if (s.trim().length > 0) out.push(s.trim());
  }
  return out;
}

function timed(path: ClusterRun["path"], episodes: readonly Episode[]): ClusterRun {
  clearAnalyses();
  const cpu0 = process.cpuUsage();
  const clusters = cluster(episodes, { every: path === "every" });
  const cpu = process.cpuUsage(cpu0);
  const hash = createHash("sha256");
  for (const c of clusters) hash.update(`${c.episodes.map((e) => e.id).join(",")}\t${c.text}\n`);
  return {
    path,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    clusters: clusters.length,
    digest: hash.digest("hex").slice(0, 16),
  };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export function renderClusterScaleTable(results: readonly ClusterScaleResult[]): string {
  const lines = [
    "| episodes | clusters | covering cpu s | every cpu s | covering / every | covering growth | every growth | digests |",
    "|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  let prev: ClusterScaleResult | null = null;
  for (const r of results) {
    const cov = r.runs.find((x) => x.path === "covering")!;
    const every = r.runs.find((x) => x.path === "every");
    const prevCov = prev?.runs.find((x) => x.path === "covering");
    const prevEvery = prev?.runs.find((x) => x.path === "every");
    const growth = (now: ClusterRun | undefined, before: ClusterRun | undefined) =>
      now && before && prev
        ? `×${round(now.cpuSeconds / before.cpuSeconds, 2)} (size ×${round(r.episodes / prev.episodes, 2)})`
        : "";
    lines.push(
      `| ${r.episodes} | ${cov.clusters} | ${round(cov.cpuSeconds, 2)} | ${every ? round(every.cpuSeconds, 2) : "—"} | ${every ? round(cov.cpuSeconds / every.cpuSeconds, 3) : "—"} | ${growth(cov, prevCov)} | ${growth(every, prevEvery)} | ${every ? (every.digest === cov.digest ? `equal ${cov.digest}` : `DIFFER ${cov.digest} ${every.digest}`) : cov.digest} |`,
    );
    prev = r;
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  await loadTagger();
  const sentences = sentencesOf(o.path, o.conversations);
  // Warm up both paths (the tagger's first sentences, the JIT) on another stream, so the first size is not charged for it.
  for (const every of [false, true]) cluster(syntheticStream(sentences, 300, o.seed + 1), { every });
  const results: ClusterScaleResult[] = [];
  for (const [i, size] of o.sizes.entries()) {
    const episodes = syntheticStream(sentences, size, o.seed);
    const paths: ClusterRun["path"][] = size <= o.everyUpTo ? ["covering", "every"] : ["covering"];
    if (i % 2 === 1) paths.reverse();
    const runs = paths.map((p) => timed(p, episodes));
    results.push({ episodes: size, runs });
    if (!o.jsonOnly)
      console.error(
        `${size} episodes: ${runs.map((r) => `${r.path} ${round(r.cpuSeconds, 2)} s`).join(", ")}`,
      );
  }
  if (!o.jsonOnly) console.log(`${renderClusterScaleTable(results)}\n`);
  const rounded = results.map((r) => ({
    ...r,
    runs: r.runs.map((x) => ({ ...x, cpuSeconds: round(x.cpuSeconds) })),
  }));
  console.log(JSON.stringify({ sentences: sentences.length, seed: o.seed, results: rounded }, null, 2));
  if (results.some((r) => new Set(r.runs.map((x) => x.digest)).size > 1)) process.exitCode = 1;
}

await main();
