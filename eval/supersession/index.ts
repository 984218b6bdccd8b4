/**
 * `npm run eval -- supersession [--split dev|held-out]`: the lexical judge on a labelled set of
 * statement pairs (older → newer). Scores `supersedes` (the judge's `supersedes` and
 * `contradicts` both count) with precision, recall and F1, `duplicate` with accuracy, and every
 * pair kind apart, listing each miss. The "dev" half may be looked at while improving the judge;
 * the "held-out" half was written first and is never tuned on.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createLexicalJudge } from "../../src/core/judge/lexical-judge.js";
import type { Judge, JudgeVerdict } from "../../src/core/ports.js";

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
  /** Share of pairs whose predicted label is the gold label. */
  accuracy: number;
  byKind: Record<string, { label: PairLabel; total: number; correct: number; accuracy: number }>;
  misses: Miss[];
}

export interface SupersessionReport {
  judge: string;
  pairs: number;
  splits: Record<string, SplitScore>;
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
    }
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
    accuracy: ratio(correct, pairs.length),
    byKind,
    misses,
  };
}

export interface SupersessionOptions {
  path?: string;
  split?: Split;
  judge?: Judge;
}

export async function evaluateSupersession(options: SupersessionOptions = {}): Promise<SupersessionReport> {
  const all = loadPairs(options.path);
  const judge = options.judge ?? createLexicalJudge();
  const splits: Record<string, SplitScore> = {};
  for (const split of ["held-out", "dev"] as const) {
    if (options.split && options.split !== split) continue;
    splits[split] = await scorePairs(
      all.filter((p) => p.split === split),
      judge,
    );
  }
  if (!options.split) splits.all = await scorePairs(all, judge);
  return { judge: judge.name, pairs: all.length, splits };
}

export function parseSupersessionArgs(args: readonly string[]): SupersessionOptions {
  const options: SupersessionOptions = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--split" && (args[i + 1] === "dev" || args[i + 1] === "held-out")) {
      options.split = args[i + 1] as Split;
      i++;
    } else if (args[i] === "--pairs" && args[i + 1]) {
      options.path = args[i + 1]!;
      i++;
    } else
      throw new Error(`E_BAD_ARGS: unknown argument "${args[i]}" (use --split dev|held-out, --pairs <file>)`);
  }
  return options;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function renderSupersessionMarkdown(report: SupersessionReport): string {
  const lines: string[] = [`Judge: ${report.judge}; ${report.pairs} labelled pairs.`, ""];
  lines.push("| split | pairs | P(supersedes) | R(supersedes) | F1 | duplicate acc. | overall acc. |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|");
  for (const [name, s] of Object.entries(report.splits))
    lines.push(
      `| ${name} | ${s.pairs} | ${pct(s.supersedes.precision)} | ${pct(s.supersedes.recall)} | ${pct(s.supersedes.f1)} | ${pct(s.duplicate.accuracy)} | ${pct(s.accuracy)} |`,
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
  for (const n of named) {
    const misses = report.splits[n]!.misses;
    lines.push("", `Misclassified (${n}): ${misses.length}`);
    for (const m of misses)
      lines.push(
        `- ${m.id} [${m.kind}] gold ${m.label}, judged ${m.predicted} (${m.reason}): "${m.older}" → "${m.newer}"`,
      );
  }
  return lines.join("\n");
}
