/**
 * `npm run eval -- locomo [--conversations 0-2|0,1,2] [--configs default,bm25] [--phases before,after,daily] [--trace] [--moves before,after]`:
 * Strata's recall over LoCoMo's dialog turns, with default recall options, before and after memory
 * sleeps (see `PHASES`), beside the paper's DRAGON retriever and a plain FTS5 BM25 baseline.
 * Tuning uses conversations 0-2 ("tune"); 3-9 are reported apart as "held-out".
 */
import { readFileSync } from "node:fs";
import type { PolicyInput } from "../../src/core/policy.js";
import { parseLocomo } from "./dataset.js";
import {
  CATEGORY_NAMES,
  type IngestStats,
  KS,
  PHASES,
  type Phase,
  percentile,
  type QuestionResult,
  type QuestionTrace,
  round1,
  runConversation,
  type Summary,
  summarize,
} from "./evaluate.js";

export const DEFAULT_LOCOMO_PATH = "/work/shared/data/locomo/locomo10.json";

/** Published anchors, overall recall@k (no R@1 published). */
export const ANCHORS: Record<string, Partial<Record<string, number>>> = {
  "DRAGON (paper, Table 3)": { "R@5": 56.7, "R@10": 66.2, "R@25": 76.7, "R@50": 82.7 },
  "SQLite FTS5 BM25": { "R@5": 54.4, "R@10": 63.1, "R@25": 71.5, "R@50": 76.8 },
};

/**
 * Retrieval configurations: the engine as shipped, the fusion settings tuned on conversations
 * 0-2, and full text alone (to set beside the FTS5 anchor).
 */
export const CONFIGS: Record<string, { label: string; policy: PolicyInput }> = {
  default: { label: "Strata hybrid (default policy)", policy: {} },
  tuned: {
    label: "Strata hybrid (vectorWeight 0.25, diversity 0)",
    policy: { vectorWeight: 0.25, diversity: 0 },
  },
  bm25: { label: "Strata BM25 only (vectorWeight 0)", policy: { vectorWeight: 0 } },
  nofloor: { label: "Strata hybrid (recallFloor 0: no relevance floor)", policy: { recallFloor: 0 } },
  "names-as-words": {
    label: "Strata hybrid (speakerNames words, actorWeight 0.2: a speaker's name is a query word, as before)",
    policy: { speakerNames: "words", actorWeight: 0.2 },
  },
  "replies-off": {
    label: "Strata hybrid (replyWeight 0: a question's reply does not share its match)",
    policy: { replyWeight: 0 },
  },
};

/** What a plain `npm run eval -- locomo` runs; `nofloor` only when asked (it measures the floor's cost). */
const DEFAULT_CONFIGS = ["default", "tuned", "bm25"];

const TUNE = new Set([0, 1, 2]);

export interface LocomoOptions {
  path: string;
  /** Conversation indexes to run; default all. */
  conversations?: number[];
  configs?: string[];
  /** When memory sleeps (see `PHASES`); default all three. */
  phases?: Phase[];
  /**
   * `--trace`: every question's ranking in the report (`questions`: evidence ranks and the
   * ranked hits, per config and phase), to diff phases question by question. Tuning set only.
   */
  trace?: boolean;
  /**
   * `--moves before,after`: every tuning question's evidence turn that ranks elsewhere in the second
   * phase than in the first (within the top 50), with what now ranks above it that ranked below it
   * (implies `--trace`; both phases are run). Tuning set only.
   */
  moves?: [Phase, Phase];
}

export interface ConfigReport {
  config: string;
  phase: Phase;
  label: string;
  policy: PolicyInput;
  overall: Summary;
  tune: Summary;
  heldOut: Summary;
  byCategory: Record<string, Summary>;
  ingest: IngestStats & { ms: number };
  queryMs: { mean: number; p95: number };
  sleep: {
    consolidations: number;
    beliefs: number;
    ms: number;
    coverage: { episodes: number; represented: number; recallable: number; uncovered: number };
  };
  /** With `--trace`: each tuning question's ranking (held-out questions are never traced). */
  questions?: (QuestionTrace & { conversation: number; category: number; recall: number[] })[];
}

export interface LocomoReport {
  dataset: { path: string; loader: ReturnType<typeof parseLocomo>["stats"] };
  conversations: number[];
  ks: readonly number[];
  anchors: typeof ANCHORS;
  configs: ConfigReport[];
  /** With `--moves`: the tuning questions' evidence turns that rank elsewhere in the second phase. */
  moves?: RankMove[];
}

/** One evidence turn's rank in two phases (0-based; null: not in the top 50), and what passed it. */
export interface RankMove {
  config: string;
  conversation: number;
  question: string;
  turn: string;
  from: number | null;
  to: number | null;
  /** Hits ranked above the turn in the second phase whose turns ranked below it (or nowhere) in the first. */
  passedBy: { rank: number; id: string; layer: string; turns: string[]; why: string }[];
}

/**
 * Question by question, each evidence turn whose rank differs between two phases of one config:
 * worse first (down, or out of the top 50), then better.
 */
export function rankMoves(configs: readonly ConfigReport[], [a, b]: [Phase, Phase]): RankMove[] {
  const out: RankMove[] = [];
  const names = [...new Set(configs.map((c) => c.config))];
  for (const name of names) {
    const first = configs.find((c) => c.config === name && c.phase === a)?.questions ?? [];
    const second = configs.find((c) => c.config === name && c.phase === b)?.questions ?? [];
    first.forEach((q, i) => {
      const q2 = second[i];
      if (!q2) return;
      const rankIn = new Map<string, number>();
      q.hits.forEach((h, r) => {
        for (const t of h.turns) if (!rankIn.has(t)) rankIn.set(t, r);
      });
      for (const [turn, from] of Object.entries(q.evidence)) {
        const to = q2.evidence[turn] ?? null;
        if (from === to) continue;
        const limit = to ?? q2.hits.length;
        const passedBy = q2.hits.slice(0, limit).flatMap((h, rank) => {
          const was = Math.min(...h.turns.map((t) => rankIn.get(t) ?? Number.POSITIVE_INFINITY));
          return from !== null && was > from
            ? [{ rank, id: h.id, layer: h.layer, turns: h.turns, why: h.why }]
            : [];
        });
        out.push({
          config: name,
          conversation: q.conversation,
          question: q.question,
          turn,
          from,
          to,
          passedBy,
        });
      }
    });
  }
  const worse = (m: RankMove) => m.to === null || (m.from !== null && m.to > m.from);
  return [...out.filter(worse), ...out.filter((m) => !worse(m))];
}

/** `0-2`, `0,1,2`, `0-2,5`: conversation indices, each a whole number; anything else is refused. */
function parseConversations(value: string): number[] {
  const out: number[] = [];
  for (const part of value.split(",")) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const from = m ? Number(m[1]) : Number.NaN;
    const to = m?.[2] === undefined ? from : Number(m[2]);
    if (!m || to < from)
      throw new Error(`locomo: --conversations takes indices or ranges like 0-2 or 0,1,2 (got ${value})`);
    for (let c = from; c <= to; c++) if (!out.includes(c)) out.push(c);
  }
  return out;
}

export function parseLocomoArgs(args: readonly string[], env: NodeJS.ProcessEnv): LocomoOptions {
  const options: LocomoOptions = { path: env.LOCOMO_PATH ?? DEFAULT_LOCOMO_PATH };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = args[i + 1];
    if (a === "--conversations" && value) {
      options.conversations = parseConversations(value);
      i++;
    } else if (a === "--phases" && value) {
      const phases = value.split(",");
      for (const p of phases)
        if (!(PHASES as readonly string[]).includes(p))
          throw new Error(`locomo: unknown phase ${p} (known: ${PHASES.join(", ")})`);
      options.phases = phases as Phase[];
      i++;
    } else if (a === "--trace") {
      options.trace = true;
    } else if (a === "--moves" && value) {
      const pair = value.split(",");
      if (pair.length !== 2 || pair.some((p) => !(PHASES as readonly string[]).includes(p)))
        throw new Error(`locomo: --moves takes two phases (known: ${PHASES.join(", ")})`);
      options.moves = pair as [Phase, Phase];
      options.trace = true;
      i++;
    } else if (a === "--configs" && value) {
      options.configs = value.split(",");
      i++;
    } else throw new Error(`locomo: unknown argument ${a}`);
  }
  return options;
}

export async function evaluateLocomo(options: LocomoOptions): Promise<LocomoReport> {
  const data = parseLocomo(JSON.parse(readFileSync(options.path, "utf8")));
  const wanted = options.conversations ?? data.conversations.map((c) => c.index);
  const conversations = data.conversations.filter((c) => wanted.includes(c.index));
  const missing = wanted.filter((w) => !data.conversations.some((c) => c.index === w));
  if (missing.length > 0)
    throw new Error(
      `locomo: no conversation ${missing.join(", ")} in ${options.path} (it has 0-${data.conversations.length - 1})`,
    );
  const configs: ConfigReport[] = [];
  for (const name of options.configs ?? DEFAULT_CONFIGS) {
    const config = CONFIGS[name];
    if (!config)
      throw new Error(`locomo: unknown config ${name} (known: ${Object.keys(CONFIGS).join(", ")})`);
    const phases = options.phases ?? [...PHASES];
    for (const p of options.moves ?? []) if (!phases.includes(p)) phases.push(p);
    for (const phase of phases) {
      const results: QuestionResult[] = [];
      const ingest = { turns: 0, stored: 0, merged: 0, superseded: 0, ms: 0 };
      const sleep = {
        consolidations: 0,
        beliefs: 0,
        ms: 0,
        coverage: { episodes: 0, represented: 0, recallable: 0, uncovered: 0 },
      };
      for (const conv of conversations) {
        const run = await runConversation(
          conv,
          config.policy,
          phase,
          options.trace === true && TUNE.has(conv.index),
        );
        results.push(...run.questions);
        ingest.turns += run.ingest.turns;
        ingest.stored += run.ingest.stored;
        ingest.merged += run.ingest.merged;
        ingest.superseded += run.ingest.superseded;
        ingest.ms += run.ingestMs;
        sleep.consolidations += run.sleep.consolidations;
        sleep.beliefs += run.sleep.beliefs;
        sleep.ms += run.sleep.ms;
        if (run.sleep.coverage)
          for (const key of ["episodes", "represented", "recallable", "uncovered"] as const)
            sleep.coverage[key] += run.sleep.coverage[key];
      }
      const byCategory: Record<string, Summary> = {};
      for (const cat of Object.keys(CATEGORY_NAMES).map(Number))
        byCategory[`${cat} ${CATEGORY_NAMES[cat]}`] = summarize(results.filter((r) => r.category === cat));
      const ms = results.map((r) => r.ms);
      configs.push({
        config: name,
        phase,
        label: `${config.label}, ${phase}`,
        policy: config.policy,
        overall: summarize(results),
        tune: summarize(results.filter((r) => TUNE.has(r.conversation))),
        heldOut: summarize(results.filter((r) => !TUNE.has(r.conversation))),
        byCategory,
        ingest: { ...ingest, ms: Math.round(ingest.ms) },
        queryMs: {
          mean: round1(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)),
          p95: round1(percentile(ms, 95)),
        },
        sleep,
        ...(options.trace
          ? {
              questions: results.flatMap((r) =>
                r.trace
                  ? [{ conversation: r.conversation, category: r.category, recall: r.recall, ...r.trace }]
                  : [],
              ),
            }
          : {}),
      });
    }
  }
  return {
    dataset: { path: options.path, loader: data.stats },
    conversations: conversations.map((c) => c.index),
    ks: KS,
    anchors: ANCHORS,
    configs,
    ...(options.moves ? { moves: rankMoves(configs, options.moves) } : {}),
  };
}

const cell = (x: number | undefined) => (x === undefined ? "–" : x.toFixed(1));

function row(name: string, s: Partial<Record<string, number>>, questions?: number): string {
  // A split that asked no question has no recall (not 0.0): a slice of conversations 0-2 has no held-out.
  const cells = KS.map((k) => (questions === 0 ? "–" : cell(s[`R@${k}`])));
  return `| ${name} | ${cells.join(" | ")} | ${questions ?? "–"} |`;
}

/** The report as markdown tables: overall beside the anchors, then splits and categories. */
export function renderLocomoMarkdown(report: LocomoReport): string {
  const head = `| retriever | ${KS.map((k) => `R@${k}`).join(" | ")} | questions |\n|---|${KS.map(() => "--:").join("|")}|--:|`;
  const lines: string[] = [];
  lines.push(`### Overall (conversations ${report.conversations.join(", ")})`, "", head);
  for (const [name, s] of Object.entries(report.anchors)) lines.push(row(name, s));
  for (const c of report.configs) lines.push(row(c.label, c.overall.recall, c.overall.questions));
  lines.push("", "### Tune (conversations 0-2) vs held-out (3-9)", "", head);
  for (const c of report.configs) {
    lines.push(row(`${c.label}: tune`, c.tune.recall, c.tune.questions));
    lines.push(row(`${c.label}: held-out`, c.heldOut.recall, c.heldOut.questions));
  }
  for (const c of report.configs) {
    lines.push("", `### By category: ${c.label}`, "", head.replace("retriever", "category"));
    for (const [cat, s] of Object.entries(c.byCategory)) lines.push(row(cat, s.recall, s.questions));
  }
  lines.push("", "### Sleep: consolidations, beliefs and coverage", "");
  lines.push(
    "| retriever | consolidations | active beliefs | sleep s | episodes | represented | recallable | uncovered |",
  );
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|");
  for (const c of report.configs)
    if (c.phase !== "before")
      lines.push(
        `| ${c.label} | ${c.sleep.consolidations} | ${c.sleep.beliefs} | ${(c.sleep.ms / 1000).toFixed(1)} | ${c.sleep.coverage.episodes} | ${c.sleep.coverage.represented} | ${c.sleep.coverage.recallable} | ${c.sleep.coverage.uncovered} |`,
      );
  lines.push("", "### Ingest and query time", "");
  lines.push(
    "| retriever | turns | stored | merged (redundant) | superseded | ingest s | query ms mean | p95 |",
  );
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|");
  for (const c of report.configs)
    lines.push(
      `| ${c.label} | ${c.ingest.turns} | ${c.ingest.stored} | ${c.ingest.merged} | ${c.ingest.superseded} | ${(c.ingest.ms / 1000).toFixed(1)} | ${c.queryMs.mean} | ${c.queryMs.p95} |`,
    );
  if (report.moves) {
    const rank = (r: number | null) => (r === null ? "–" : String(r + 1));
    lines.push("", "### Evidence rank moves (tuning questions; rank 1 is the top, – not in the top 50)", "");
    lines.push("| config | conv | question | turn | rank | passed by |", "|---|--:|---|---|---|---|");
    for (const m of report.moves)
      lines.push(
        `| ${m.config} | ${m.conversation} | ${m.question.replaceAll("|", "/")} | ${m.turn} | ${rank(m.from)} → ${rank(m.to)} | ${m.passedBy
          .map(
            (p) =>
              `#${p.rank + 1} ${p.layer} ${p.id} [${p.turns.join(",")}]: ${p.why.slice(0, 120).replaceAll("|", "/")}`,
          )
          .join("<br>")} |`,
      );
  }
  const l = report.dataset.loader;
  lines.push(
    "",
    `Loader: ${l.conversations} conversations, ${l.sessions} sessions, ${l.turns} turns, ${l.questions} questions; ` +
      `${l.questionsWithoutEvidence} without evidence excluded; ${l.splitEvidence} evidence strings split, ` +
      `${l.zeroPadded} zero-padded ids, ${l.malformedIds} malformed ids dropped, ${l.missingTurns} ids naming no turn dropped.`,
  );
  return lines.join("\n");
}
