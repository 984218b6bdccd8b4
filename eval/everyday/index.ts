/**
 * `npm run eval -- everyday [--split dev|held-out] [--pairs file.json]`: 205 labelled pairs of
 * everyday chat phrasing, as people type to an assistant: lower case, no final period, typos,
 * emoji, "btw", "fyi", "actually", "nvm", "we switched to", "no longer", "from now on",
 * contractions, pronoun subjects ("it", "that one"), questions beside facts, several clauses in one
 * turn. Written from the language, before the judge's rules were read.
 *
 * Five labels, finer than the other sets: `supersedes` (the value changed over time), `contradicts`
 * (the newer says the older was wrong), `duplicate`, `refines` (the newer adds detail; both stand)
 * and `distinct` (both stand). For scoring, `contradicts` ends like `supersedes` (the older is
 * closed) and `refines` like `distinct` (both stay active).
 *
 * Reported per half, per style and per label: the judge alone (`compare`), the library with no agent
 * (`remember` → `consolidate`) and with an oracle agent answering `candidates()` from the labels
 * (eval/oracle-agent.ts). FROZEN: the "held-out" half is reported, never tuned on, and no test
 * asserts on its figures; its misses are counted, not listed. Tune on the "dev" half only.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Judge } from "../../src/index.js";
import { createLexicalJudge } from "../../src/index.js";
import { sharedWordNet } from "../../src/lexicon/wordnet.js";
import {
  judgeAlone,
  missOf,
  parseJudgeStylesArgs,
  renderJudgeAloneRows,
  type Split,
  type StyleMiss,
  scoreJudge,
  splitOf,
} from "../judge-styles/index.js";
import {
  endLabel,
  type PairLabel,
  renderSystemRows,
  runPairs,
  type SystemScore,
  scoreRuns,
} from "../oracle-agent.js";

export { splitOf };

export const EVERYDAY_STYLES = [
  "btw",
  "switched",
  "no-longer",
  "from-now-on",
  "pronoun",
  "typo-emoji",
  "multi-clause",
  "question",
  "actually",
  "nvm",
  "paraphrase",
  "refinement",
  "same-subject",
] as const;
export type EverydayStyle = (typeof EVERYDAY_STYLES)[number];

export const EVERYDAY_LABELS = ["supersedes", "contradicts", "duplicate", "refines", "distinct"] as const;
export type EverydayLabel = (typeof EVERYDAY_LABELS)[number];

export interface EverydayPair {
  /** `<style>-<nn>`; the split is derived from it (`splitOf`). */
  id: string;
  split: Split;
  style: EverydayStyle;
  label: EverydayLabel;
  older: string;
  newer: string;
}

export const DEFAULT_EVERYDAY_PATH = fileURLToPath(new URL("./pairs.json", import.meta.url));

export function loadEverydayPairs(path = DEFAULT_EVERYDAY_PATH): EverydayPair[] {
  return JSON.parse(readFileSync(path, "utf8")) as EverydayPair[];
}

/** What the store should hold at the end: a contradiction closes the older, a refinement keeps both. */
export function coarseLabel(label: EverydayLabel): PairLabel {
  return label === "contradicts" ? "supersedes" : label === "refines" ? "distinct" : label;
}

export interface EverydaySetScore {
  pairs: number;
  judge: ReturnType<typeof scoreJudge>;
  noAgent: SystemScore;
  oracle: SystemScore;
}

export type EverydayMiss = StyleMiss<EverydayLabel>;

export interface EverydayReport {
  judge: string;
  pairs: number;
  frozen: "held-out";
  /** held-out, dev and all (or the one asked for). */
  splits: Record<string, EverydaySetScore>;
  /** style → split → score. */
  styles: Record<string, Record<string, EverydaySetScore>>;
  /** fine label → split → score. */
  labels: Record<string, Record<string, EverydaySetScore>>;
  /** Dev pairs whose end state with no agent, or with the oracle, is not the label. */
  devMisses: EverydayMiss[];
}

export interface EverydayOptions {
  path?: string;
  split?: Split;
  /** The judge scored alone. Default: the lexical judge. The library runs its default judge. */
  judge?: Judge;
}

export async function evaluateEveryday(options: EverydayOptions = {}): Promise<EverydayReport> {
  const all = loadEverydayPairs(options.path);
  const pairs = options.split ? all.filter((p) => p.split === options.split) : all;
  // The lexical judge as the library makes it: with WordNet (open-memory.ts).
  const judge = options.judge ?? createLexicalJudge({ lexicon: sharedWordNet() });
  const { verdicts, reasons } = await judgeAlone(pairs, judge);
  const coarse = pairs.map((p) => ({ ...p, label: coarseLabel(p.label), group: p.style }));
  const { runs } = await runPairs(coarse);
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const coarseOf = new Map(coarse.map((p) => [p.id, p]));
  const score = (subset: readonly EverydayPair[]): EverydaySetScore => {
    const subRuns = subset.map((p) => runOf.get(p.id)!);
    return {
      pairs: subset.length,
      judge: scoreJudge(
        subset.map((p) => coarseOf.get(p.id)!),
        verdicts,
      ),
      noAgent: scoreRuns(subRuns, "noAgent"),
      oracle: scoreRuns(subRuns, "oracle"),
    };
  };
  const halves: Split[] = options.split ? [options.split] : ["held-out", "dev"];
  const splits: Record<string, EverydaySetScore> = {};
  for (const h of halves) splits[h] = score(pairs.filter((p) => p.split === h));
  if (!options.split) splits.all = score(pairs);
  const byGroup = <K extends string>(keys: readonly K[], of: (p: EverydayPair) => K) => {
    const out: Record<string, Record<string, EverydaySetScore>> = {};
    for (const k of keys) {
      const members = pairs.filter((p) => of(p) === k);
      if (members.length === 0) continue;
      out[k] = {};
      for (const h of halves) {
        const subset = members.filter((p) => p.split === h);
        if (subset.length > 0) out[k]![h] = score(subset);
      }
    }
    return out;
  };
  const devMisses: EverydayMiss[] = [];
  for (const p of pairs) {
    if (p.split !== "dev") continue;
    const r = runOf.get(p.id)!;
    const want = coarseLabel(p.label);
    if (endLabel(r.noAgent) === want && endLabel(r.oracle) === want) continue;
    devMisses.push(missOf(p, r, verdicts, reasons));
  }
  return {
    judge: judge.name,
    pairs: pairs.length,
    frozen: "held-out",
    splits,
    styles: byGroup(EVERYDAY_STYLES, (p) => p.style),
    labels: byGroup(EVERYDAY_LABELS, (p) => p.label),
    devMisses,
  };
}

/** The same flags as judge-styles: `--split dev|held-out`, `--pairs <file>`. */
export const parseEverydayArgs = (args: readonly string[]): EverydayOptions => parseJudgeStylesArgs(args);

export function renderEverydayMarkdown(r: EverydayReport): string {
  const rowsOf = (groups: Record<string, Record<string, EverydaySetScore>>) =>
    Object.entries(groups).flatMap(([name, bySplit]) =>
      Object.entries(bySplit).map(([split, s]) => ({ name: `${name} (${split})`, ...s })),
    );
  const lines: string[] = [
    `${r.pairs} labelled pairs of everyday chat phrasing in ${Object.keys(r.styles).length} styles; the ${r.frozen} half is frozen (reported, never tuned on). Judge alone: ${r.judge}.`,
    "",
    "Judge alone (`compare` on each pair; contradicts counts as supersedes, refines as distinct):",
    "",
    ...renderJudgeAloneRows(r.splits),
  ];
  lines.push(
    "",
    "Through the library (remember → consolidate), with no agent, then with an oracle agent answering candidates() and candidates({ review: true }) from the labels:",
    "",
    ...renderSystemRows(Object.entries(r.splits).map(([name, s]) => ({ name, ...s }))),
    "",
    "Per label:",
    "",
    ...renderSystemRows(rowsOf(r.labels)),
    "",
    "Per style:",
    "",
    ...renderSystemRows(rowsOf(r.styles)),
    "",
    `Dev pairs not ending as labelled: ${r.devMisses.length}`,
  );
  for (const m of r.devMisses)
    lines.push(
      `- ${m.id} gold ${m.label}; judge ${m.judged} (${m.judgeReason}); gate ${m.gate} (${m.gateReason}); no agent ${m.noAgent}; oracle ${m.oracle}: "${m.older}" → "${m.newer}"`,
    );
  return lines.join("\n");
}
