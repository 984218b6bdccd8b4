/**
 * `npm run eval -- judge-styles [--split dev|held-out] [--pairs file.json]`: 360 labelled
 * statement pairs written in the styles people actually use (chat turns, pronouns, fronted
 * clauses, passive voice, lower-case identifiers, verbs of change, state flips, multi-valued
 * relations, paraphrases, near-duplicates, unrelated facts about one subject, questions and
 * hypotheticals), each with its expected relation and style class. Reported per half and per
 * style: the judge alone (`compare`), the library with no agent (`remember` → `consolidate`),
 * and the library with an oracle agent answering `candidates()` from the labels.
 *
 * The halves are split by a hash of the pair id (`splitOf`), not by position. FROZEN: the
 * "held-out" half is reported, never tuned on, and no test asserts on its figures; its misses
 * are counted, not listed. Tune on the "dev" half only.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Judge, JudgeRelation } from "../../src/index.js";
import { createLexicalJudge } from "../../src/index.js";
import { sharedWordNet } from "../../src/lexicon/wordnet.js";
import {
  type EndState,
  type PairLabel,
  type PairRun,
  ratio,
  renderSystemRows,
  runPairs,
  type SystemScore,
  scoreRuns,
} from "../oracle-agent.js";

export type Split = "dev" | "held-out";

export const STYLES = [
  "chat",
  "pronoun",
  "fronted",
  "passive",
  "lowercase-id",
  "change-verb",
  "state-flip",
  "multi-valued",
  "paraphrase",
  "near-duplicate",
  "unrelated",
  "question",
] as const;
export type Style = (typeof STYLES)[number];

export interface StylePair {
  /** `<style>-<nn>`; the split is derived from it. */
  id: string;
  split: Split;
  style: Style;
  /** supersedes: the newer replaces the older; duplicate: the same claim; distinct: both stand (or the newer refines). */
  label: PairLabel;
  older: string;
  newer: string;
}

export const DEFAULT_PAIRS_PATH = fileURLToPath(new URL("./pairs.json", import.meta.url));

/**
 * The half a pair belongs to: the parity of the first byte of SHA-256(id). Stable across
 * reorderings and additions, so adding pairs never moves an old one between halves.
 *
 *   splitOf("chat-01") // "dev" or "held-out", the same every time
 */
export function splitOf(id: string): Split {
  return createHash("sha256").update(id).digest()[0]! % 2 === 0 ? "dev" : "held-out";
}

export function loadStylePairs(path = DEFAULT_PAIRS_PATH): StylePair[] {
  return JSON.parse(readFileSync(path, "utf8")) as StylePair[];
}

export interface JudgeAloneScore {
  precision: number;
  recall: number;
  /** Labelled duplicates the judge called `duplicate`. */
  duplicateAccuracy: number;
  /** Pairs the judge called `duplicate` whose label is not: what a gate trusting it would drop. */
  falseDuplicate: number;
}

export interface StyleSetScore {
  pairs: number;
  judge: JudgeAloneScore;
  noAgent: SystemScore;
  oracle: SystemScore;
}

/** A dev pair that did not end as labelled, with what the judge, the gate and each run did; `L`: the set's labels. */
export interface StyleMiss<L extends string = PairLabel> {
  id: string;
  style: string;
  label: L;
  judged: JudgeRelation;
  judgeReason: string;
  gate: string;
  gateReason: string;
  noAgent: EndState;
  oracle: EndState;
  older: string;
  newer: string;
}

export interface JudgeStylesReport {
  judge: string;
  pairs: number;
  /** The half that is reported and never tuned on. */
  frozen: "held-out";
  /** Whether the oracle could also answer `candidates({ review: true })`. */
  reviewSupported: boolean;
  /** held-out, dev and all (or the one asked for). */
  splits: Record<string, StyleSetScore>;
  /** style → split → score. */
  styles: Record<string, Record<string, StyleSetScore>>;
  /** Dev pairs whose end state with no agent, or with the oracle, is not the label. */
  devMisses: StyleMiss[];
}

export interface JudgeStylesOptions {
  path?: string;
  split?: Split;
  /** The judge scored alone. Default: the lexical judge. The library runs its default judge. */
  judge?: Judge;
}

const asLabel = (r: JudgeRelation): PairLabel =>
  r === "supersedes" || r === "contradicts" ? "supersedes" : r === "duplicate" ? "duplicate" : "distinct";

/** Scores the judge alone: precision and recall of `supersedes` (contradicts counts), duplicates found and false. */
export function scoreJudge(
  pairs: readonly { id: string; label: PairLabel }[],
  verdicts: ReadonlyMap<string, JudgeRelation>,
): JudgeAloneScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let dup = 0;
  let dupOk = 0;
  let falseDuplicate = 0;
  for (const p of pairs) {
    const predicted = asLabel(verdicts.get(p.id)!);
    if (predicted === "supersedes" && p.label === "supersedes") tp++;
    else if (predicted === "supersedes") fp++;
    else if (p.label === "supersedes") fn++;
    if (p.label === "duplicate") {
      dup++;
      if (predicted === "duplicate") dupOk++;
    } else if (predicted === "duplicate") falseDuplicate++;
  }
  return {
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    duplicateAccuracy: ratio(dupOk, dup),
    falseDuplicate,
  };
}

/** Each pair through the judge alone, older statement a day before the newer: its relation and reason by pair id. */
export async function judgeAlone(
  pairs: readonly { id: string; older: string; newer: string }[],
  judge: Judge,
): Promise<{ verdicts: Map<string, JudgeRelation>; reasons: Map<string, string> }> {
  const verdicts = new Map<string, JudgeRelation>();
  const reasons = new Map<string, string>();
  for (const p of pairs) {
    const v = await judge.compare(
      { text: p.older, at: "2026-01-01T09:00:00.000Z" },
      { text: p.newer, at: "2026-01-02T09:00:00.000Z" },
    );
    verdicts.set(p.id, v.relation);
    reasons.set(p.id, v.reason);
  }
  return { verdicts, reasons };
}

export async function evaluateJudgeStyles(options: JudgeStylesOptions = {}): Promise<JudgeStylesReport> {
  const all = loadStylePairs(options.path);
  const pairs = options.split ? all.filter((p) => p.split === options.split) : all;
  // The lexical judge as the library makes it: with WordNet (open-memory.ts).
  const judge = options.judge ?? createLexicalJudge({ lexicon: sharedWordNet() });
  const { verdicts, reasons } = await judgeAlone(pairs, judge);
  const { runs, reviewSupported } = await runPairs(pairs.map((p) => ({ ...p, group: p.style })));
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const score = (subset: readonly StylePair[]): StyleSetScore => {
    const subRuns = subset.map((p) => runOf.get(p.id)!);
    return {
      pairs: subset.length,
      judge: scoreJudge(subset, verdicts),
      noAgent: scoreRuns(subRuns, "noAgent"),
      oracle: scoreRuns(subRuns, "oracle"),
    };
  };
  const halves: Split[] = options.split ? [options.split] : ["held-out", "dev"];
  const splits: Record<string, StyleSetScore> = {};
  for (const h of halves) splits[h] = score(pairs.filter((p) => p.split === h));
  if (!options.split) splits.all = score(pairs);
  const styles: Record<string, Record<string, StyleSetScore>> = {};
  for (const s of STYLES) {
    const ofStyle = pairs.filter((p) => p.style === s);
    if (ofStyle.length === 0) continue;
    styles[s] = {};
    for (const h of halves) {
      const subset = ofStyle.filter((p) => p.split === h);
      if (subset.length > 0) styles[s]![h] = score(subset);
    }
  }
  const devMisses: StyleMiss[] = [];
  for (const p of pairs) {
    if (p.split !== "dev") continue;
    const r = runOf.get(p.id)!;
    const ok = (s: EndState) =>
      p.label === "supersedes"
        ? s === "supersedes"
        : p.label === "duplicate"
          ? s === "dropped" || s === "merged"
          : s === "distinct";
    if (ok(r.noAgent) && ok(r.oracle)) continue;
    devMisses.push(missOf(p, r, verdicts, reasons));
  }
  return {
    judge: judge.name,
    pairs: pairs.length,
    frozen: "held-out",
    reviewSupported,
    splits,
    styles,
    devMisses,
  };
}

/** A dev pair the judge or the library got wrong, with what each said (both style sets report these). */
export function missOf<L extends string>(
  p: { id: string; style: string; label: L; older: string; newer: string },
  r: PairRun,
  verdicts: ReadonlyMap<string, JudgeRelation>,
  reasons: ReadonlyMap<string, string>,
): StyleMiss<L> {
  return {
    id: p.id,
    style: p.style,
    label: p.label,
    judged: verdicts.get(p.id)!,
    judgeReason: reasons.get(p.id)!,
    gate: r.gate.verdict,
    gateReason: r.gate.reason,
    noAgent: r.noAgent,
    oracle: r.oracle,
    older: p.older,
    newer: p.newer,
  };
}

export function parseJudgeStylesArgs(args: readonly string[]): JudgeStylesOptions {
  const options: JudgeStylesOptions = {};
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

/** The judge-alone table: one row per split, precision and recall of supersedes, duplicates. */
export function renderJudgeAloneRows(
  splits: Record<string, { pairs: number; judge: JudgeAloneScore }>,
): string[] {
  return [
    "| set | pairs | P(supersedes) | R(supersedes) | duplicate acc. | false duplicate |",
    "|---|---:|---:|---:|---:|---:|",
    ...Object.entries(splits).map(
      ([name, s]) =>
        `| ${name} | ${s.pairs} | ${pct(s.judge.precision)} | ${pct(s.judge.recall)} | ${pct(s.judge.duplicateAccuracy)} | ${s.judge.falseDuplicate} |`,
    ),
  ];
}

export function renderJudgeStylesMarkdown(r: JudgeStylesReport): string {
  const lines: string[] = [
    `${r.pairs} labelled pairs in ${Object.keys(r.styles).length} styles; the ${r.frozen} half is frozen (reported, never tuned on). Judge alone: ${r.judge}.`,
    "",
    "Judge alone (`compare` on each pair):",
    "",
    ...renderJudgeAloneRows(r.splits),
  ];
  lines.push(
    "",
    `Through the library (remember → consolidate), with no agent, then with an oracle agent answering candidates()${r.reviewSupported ? " and candidates({ review: true })" : ""} from the labels:`,
    "",
    ...renderSystemRows(Object.entries(r.splits).map(([name, s]) => ({ name, ...s }))),
    "",
    "Per style class:",
    "",
    ...renderSystemRows(
      Object.entries(r.styles).flatMap(([style, bySplit]) =>
        Object.entries(bySplit).map(([split, s]) => ({ name: `${style} (${split})`, ...s })),
      ),
    ),
  );
  lines.push("", `Dev pairs not ending as labelled: ${r.devMisses.length}`);
  for (const m of r.devMisses)
    lines.push(
      `- ${m.id} gold ${m.label}; judge ${m.judged} (${m.judgeReason}); gate ${m.gate}; no agent ${m.noAgent}; oracle ${m.oracle}: "${m.older}" → "${m.newer}"`,
    );
  return lines.join("\n");
}
