/**
 * `npm run eval -- supersession [--split dev|held-out] [--no-system]`: the lexical judge on a
 * labelled set of statement pairs (older → newer). Scores `supersedes` (the judge's `supersedes`
 * and `contradicts` both count) with precision, recall and F1, `duplicate` with accuracy, and
 * every pair kind apart. Then the same pairs through the library (`remember`, `consolidate`), with
 * no agent and with an oracle agent answering `candidates()` from the labels (../oracle-agent.ts).
 *
 * FROZEN: the "held-out" half (ids `h…`) is reported, never tuned on, and no test asserts on its
 * figures; its misses are counted but not listed. Tune on the "dev" half (ids `d…`) only.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createLexicalJudge } from "../../src/core/judge/lexical-judge.js";
import type { Judge, JudgeVerdict } from "../../src/core/ports.js";
import { sharedWordNet } from "../../src/lexicon/wordnet.js";
import { renderSystemRows, runPairs, type SystemScore, scoreRuns } from "../oracle-agent.js";

export type PairLabel = "supersedes" | "duplicate" | "distinct";
export type Split = "dev" | "held-out";

export interface LabelledPair {
  id: string;
  split: Split;
  kind: string;
  label: PairLabel;
  older: string;
  newer: string;
}

export const DEFAULT_PAIRS_PATH = fileURLToPath(new URL("./pairs.json", import.meta.url));

export function loadPairs(path = DEFAULT_PAIRS_PATH): LabelledPair[] {
  return JSON.parse(readFileSync(path, "utf8")) as LabelledPair[];
}

/** The judge's relation read as one of the three labels. */
export function predictedLabel(relation: JudgeVerdict["relation"]): PairLabel {
  if (relation === "supersedes" || relation === "contradicts") return "supersedes";
  if (relation === "duplicate") return "duplicate";
  return "distinct";
}

export interface Miss {
  id: string;
  kind: string;
  label: PairLabel;
  predicted: JudgeVerdict["relation"];
  reason: string;
  older: string;
  newer: string;
}

export interface SplitScore {
  pairs: number;
  supersedes: { tp: number; fp: number; fn: number; precision: number; recall: number; f1: number };
  duplicate: { total: number; correct: number; accuracy: number };
  /** Pairs the judge called `duplicate` whose label is not: statements the gate would drop. */
  falseDuplicate: number;
  /** Share of pairs whose predicted label is the gold label. */
  accuracy: number;
  byKind: Record<string, { label: PairLabel; total: number; correct: number; accuracy: number }>;
  /** How many pairs were misclassified. */
  missed: number;
  /** The misclassified pairs, frozen (held-out) ones left out: they are counted, never listed. */
  misses: Miss[];
}

export interface SupersessionReport {
  judge: string;
  pairs: number;
  /** The half that is reported and never tuned on. */
  frozen: "held-out";
  splits: Record<string, SplitScore>;
  /**
   * The pairs through the library: end state with no agent and with an oracle agent answering
   * `candidates()` (absent with `system: false`).
   */
  system?: Record<string, { noAgent: SystemScore; oracle: SystemScore }>;
  /** Whether the oracle could also answer `candidates({ review: true })`. */
  reviewSupported?: boolean;
}

const ratio = (n: number, d: number) => (d === 0 ? 1 : Math.round((n / d) * 1000) / 1000);

/** Scores one set of pairs. */
export async function scorePairs(pairs: readonly LabelledPair[], judge: Judge): Promise<SplitScore> {
  const at0 = "2026-01-01T00:00:00.000Z";
  const at1 = "2026-01-02T00:00:00.000Z";
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let dupTotal = 0;
  let dupCorrect = 0;
  let falseDuplicate = 0;
  let correct = 0;
  const byKind: SplitScore["byKind"] = {};
  const misses: Miss[] = [];
  for (const p of pairs) {
    const v = await judge.compare({ text: p.older, at: at0 }, { text: p.newer, at: at1 });
    const predicted = predictedLabel(v.relation);
    const ok = predicted === p.label;
    if (predicted === "supersedes" && p.label === "supersedes") tp++;
    else if (predicted === "supersedes") fp++;
    else if (p.label === "supersedes") fn++;
    if (p.label === "duplicate") {
      dupTotal++;
      if (ok) dupCorrect++;
    } else if (predicted === "duplicate") falseDuplicate++;
    if (ok) correct++;
    byKind[p.kind] ??= { label: p.label, total: 0, correct: 0, accuracy: 0 };
    const k = byKind[p.kind]!;
    k.total++;
    if (ok) k.correct++;
    if (!ok)
      misses.push({
        id: p.id,
        kind: p.kind,
        label: p.label,
        predicted: v.relation,
        reason: v.reason,
        older: p.older,
        newer: p.newer,
      });
  }
  for (const k of Object.values(byKind)) k.accuracy = ratio(k.correct, k.total);
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  const f1 =
    precision + recall === 0
      ? 0
      : Math.round(((2 * precision * recall) / (precision + recall)) * 1000) / 1000;
  return {
    pairs: pairs.length,
    supersedes: { tp, fp, fn, precision, recall, f1 },
    duplicate: { total: dupTotal, correct: dupCorrect, accuracy: ratio(dupCorrect, dupTotal) },
    falseDuplicate,
    accuracy: ratio(correct, pairs.length),
    byKind,
    missed: misses.length,
    misses,
  };
}

export interface SupersessionOptions {
  path?: string;
  split?: Split;
  judge?: Judge;
  /** Also run the pairs through the library, with no agent and with the oracle. Default true. */
  system?: boolean;
  /** The library's `stalenessThreshold` for the system runs (`--staleness-threshold`). Default: the policy's. */
  stalenessThreshold?: number;
}

export async function evaluateSupersession(options: SupersessionOptions = {}): Promise<SupersessionReport> {
  const all = loadPairs(options.path);
  // The lexical judge as the library makes it: with WordNet (open-memory.ts).
  const judge = options.judge ?? createLexicalJudge({ lexicon: sharedWordNet() });
  const splits: Record<string, SplitScore> = {};
  for (const split of ["held-out", "dev"] as const) {
    if (options.split && options.split !== split) continue;
    splits[split] = await scorePairs(
      all.filter((p) => p.split === split),
      judge,
    );
  }
  if (!options.split) splits.all = await scorePairs(all, judge);
  // Looking at the frozen half's misses is how tuning on it starts: count them, never list them.
  for (const score of Object.values(splits))
    score.misses = score.misses.filter((m) => all.find((p) => p.id === m.id)!.split !== "held-out");
  const report: SupersessionReport = { judge: judge.name, pairs: all.length, frozen: "held-out", splits };
  if (options.system === false) return report;
  // The library runs with its configured (default) judge, whatever `judge` was given above.
  const considered = options.split ? all.filter((p) => p.split === options.split) : all;
  const { runs, reviewSupported } = await runPairs(
    considered.map((p) => ({ ...p, group: p.kind })),
    options.stalenessThreshold === undefined
      ? {}
      : { policy: { stalenessThreshold: options.stalenessThreshold } },
  );
  report.system = {};
  for (const split of Object.keys(splits)) {
    const ids = new Set(all.filter((p) => split === "all" || p.split === split).map((p) => p.id));
    const subset = runs.filter((r) => ids.has(r.id));
    report.system[split] = { noAgent: scoreRuns(subset, "noAgent"), oracle: scoreRuns(subset, "oracle") };
  }
  report.reviewSupported = reviewSupported;
  return report;
}

export function parseSupersessionArgs(args: readonly string[]): SupersessionOptions {
  const options: SupersessionOptions = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--split" && (args[i + 1] === "dev" || args[i + 1] === "held-out")) {
      options.split = args[i + 1] as Split;
      i++;
    } else if (args[i] === "--staleness-threshold" && args[i + 1] !== undefined) {
      options.stalenessThreshold = Number(args[i + 1]);
      i++;
    } else if (args[i] === "--no-system") {
      options.system = false;
    } else if (args[i] === "--pairs" && args[i + 1]) {
      options.path = args[i + 1]!;
      i++;
    } else
      throw new Error(
        `E_BAD_ARGS: unknown argument "${args[i]}" (use --split dev|held-out, --pairs <file>, --no-system, --staleness-threshold <0..1>)`,
      );
  }
  return options;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function renderSupersessionMarkdown(report: SupersessionReport): string {
  const lines: string[] = [`Judge: ${report.judge}; ${report.pairs} labelled pairs.`, ""];
  lines.push(
    "| split | pairs | P(supersedes) | R(supersedes) | F1 | duplicate acc. | false duplicate | overall acc. |",
  );
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [name, s] of Object.entries(report.splits))
    lines.push(
      `| ${name}${name === report.frozen ? " (frozen)" : ""} | ${s.pairs} | ${pct(s.supersedes.precision)} | ${pct(s.supersedes.recall)} | ${pct(s.supersedes.f1)} | ${pct(s.duplicate.accuracy)} | ${s.falseDuplicate} | ${pct(s.accuracy)} |`,
    );
  const kinds = [...new Set(Object.values(report.splits).flatMap((s) => Object.keys(s.byKind)))];
  const named = Object.keys(report.splits).filter((n) => n !== "all");
  lines.push("", `| kind | gold | ${named.join(" | ")} |`, `|---|---|${named.map(() => "---:").join("|")}|`);
  for (const k of kinds) {
    const cells = named.map((n) => {
      const c = report.splits[n]!.byKind[k];
      return c ? `${c.correct}/${c.total}` : "–";
    });
    const gold = Object.values(report.splits).find((s) => s.byKind[k])!.byKind[k]!.label;
    lines.push(`| ${k} | ${gold} | ${cells.join(" | ")} |`);
  }
  if (report.system) {
    lines.push(
      "",
      `Through the library (remember → consolidate), with no agent, then with an oracle agent answering candidates()${report.reviewSupported ? " and candidates({ review: true })" : ""} from the labels:`,
      "",
      ...renderSystemRows(Object.entries(report.system).map(([name, s]) => ({ name, ...s }))),
    );
  }
  for (const n of named) {
    const misses = report.splits[n]!.misses;
    lines.push("", `Misclassified (${n}): ${report.splits[n]!.missed}`);
    for (const m of misses)
      lines.push(
        `- ${m.id} [${m.kind}] gold ${m.label}, judged ${m.predicted} (${m.reason}): "${m.older}" → "${m.newer}"`,
      );
  }
  return lines.join("\n");
}
