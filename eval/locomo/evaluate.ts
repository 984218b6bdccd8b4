/**
 * The LoCoMo retrieval protocol over Strata's engine: one fresh in-memory store per
 * conversation, every turn recorded as an episode through the write gate, every question
 * recalled over episodes, scored by the paper's metric (the fraction of a question's gold
 * evidence turns found in the top k, averaged over questions).
 */
import { performance } from "node:perf_hooks";
import type { RecallHit } from "../../src/core/model.js";
import type { PolicyInput } from "../../src/core/policy.js";
import { openMemory } from "../../src/open-memory.js";
import type { LocomoConversation } from "./dataset.js";

export const KS = [1, 5, 10, 25, 50] as const;

export const CATEGORY_NAMES: Record<number, string> = {
  1: "multi-hop",
  2: "temporal",
  3: "open-domain",
  4: "single-hop",
  5: "adversarial",
};

/** The store clock for every run: fixed, so two runs give the same store. */
export const EVAL_CLOCK = { now: () => new Date("2024-06-01T00:00:00.000Z") };

export interface QuestionResult {
  conversation: number;
  category: number;
  /** Recall at each k in `KS`, 0..1. */
  recall: number[];
  ms: number;
  /** With `trace`: the question, where each evidence turn first ranks, and the ranked hits. */
  trace?: QuestionTrace;
}

/** One question's ranking, for diffing phases question by question (`--trace`). */
export interface QuestionTrace {
  question: string;
  /** Each gold evidence turn and the rank (0-based) of the first hit holding it; null: not in the top 50. */
  evidence: Record<string, number | null>;
  /** The ranked hits: id, layer, score, the turns they hold and the start of their text. */
  hits: { id: string; layer: string; score: number; why: string; turns: string[]; text: string }[];
}

export interface IngestStats {
  turns: number;
  stored: number;
  /** Turns the gate judged redundant: mapped to the episode they restate. */
  merged: number;
  /**
   * Stored turns a later turn superseded. Current recall hides them; they are not credited to
   * their successor (which says something else), so they count as misses when they are evidence.
   */
  superseded: number;
}

export interface ConversationRun {
  ingest: IngestStats;
  ingestMs: number;
  questions: QuestionResult[];
}

/**
 * Ranked dia_ids behind each hit: an episode's own turns (and the copies of its words it stands
 * for, its sources), a belief's through its sources.
 */
function turnsOfHit(hit: RecallHit, turnsById: Map<string, Set<string>>): Set<string> {
  const out = new Set<string>(hit.layer === "episode" ? (turnsById.get(hit.id) ?? []) : []);
  for (const source of hit.sources) for (const t of turnsById.get(source) ?? []) out.add(t);
  return out;
}

/**
 * When memory sleeps, as a user runs Strata:
 * - `before`: every turn recorded, nothing consolidated (the store as it is during the conversation);
 * - `after`: every turn recorded, then one `consolidate()` (a nightly job, a session-end hook);
 * - `daily`: `consolidate()` at each new day of the conversation's session dates before its first
 *   turn is recorded, and once after the last, on a clock that follows the dates (the worker's
 *   daily schedule).
 */
export const PHASES = ["before", "after", "daily"] as const;
export type Phase = (typeof PHASES)[number];

export interface SleepStats {
  consolidations: number;
  /** Active beliefs after the last consolidation. */
  beliefs: number;
  /** Coverage as `health` reports it, after the last consolidation. */
  coverage: { episodes: number; represented: number; recallable: number; uncovered: number } | null;
  ms: number;
}

export async function runConversation(
  conv: LocomoConversation,
  policy: PolicyInput,
  phase: Phase = "before",
  trace = false,
): Promise<ConversationRun & { sleep: SleepStats }> {
  let clockAt = EVAL_CLOCK.now().getTime();
  const clock = { now: () => new Date(clockAt) };
  const mem = await openMemory({ path: ":memory:", clock, policy, actor: "eval" });
  const ingest: IngestStats = { turns: 0, stored: 0, merged: 0, superseded: 0 };
  const sleep: SleepStats = { consolidations: 0, beliefs: 0, coverage: null, ms: 0 };
  const turnsById = new Map<string, Set<string>>();
  const mapTo = (id: string, turn: string) => {
    const s = turnsById.get(id) ?? new Set<string>();
    s.add(turn);
    turnsById.set(id, s);
  };
  const consolidate = async () => {
    const s0 = performance.now();
    await mem.consolidate();
    sleep.ms += performance.now() - s0;
    sleep.consolidations++;
  };
  const t0 = performance.now();
  try {
    let day: string | null = null;
    for (const turn of conv.turns) {
      if (phase === "daily") {
        clockAt = Date.parse(turn.at);
        if (day !== null && turn.at.slice(0, 10) !== day) await consolidate();
        day = turn.at.slice(0, 10);
      }
      const result = await mem.record(turn.content, {
        type: "observation",
        actor: turn.speaker,
        at: turn.at,
        session: `session_${turn.session}`,
        metadata: { dia_id: turn.diaId },
      });
      ingest.turns++;
      if (result.stored) ingest.stored++;
      else ingest.merged++;
      mapTo(result.id, turn.diaId);
      ingest.superseded += result.superseded.filter((old) => old.startsWith("e")).length;
    }
    if (phase !== "before") {
      if (phase === "daily") clockAt = Date.parse(conv.turns.at(-1)!.at) + 3_600_000;
      await consolidate();
      const health = await mem.health();
      sleep.beliefs = health.active;
      sleep.coverage = {
        episodes: health.coverage.episodes,
        represented: health.coverage.represented,
        recallable: health.coverage.recallable,
        uncovered: health.coverage.uncovered.count,
      };
    }
    const ingestMs = performance.now() - t0 - sleep.ms;
    const questions: QuestionResult[] = [];
    const kMax = KS[KS.length - 1]!;
    for (const q of conv.questions) {
      const start = performance.now();
      // Default options, as an agent asks: every kind, the episodes no belief represents.
      const hits = await mem.recall(q.question, { k: kMax });
      const ms = performance.now() - start;
      const gold = new Set(q.evidence);
      const found = new Set<string>();
      const firstRank = new Map<string, number>();
      hits.forEach((hit, rank) => {
        for (const t of turnsOfHit(hit, turnsById))
          if (gold.has(t) && !firstRank.has(t)) firstRank.set(t, rank);
      });
      const recall = KS.map((k) => {
        found.clear();
        for (const [t, rank] of firstRank) if (rank < k) found.add(t);
        return found.size / gold.size;
      });
      const result: QuestionResult = { conversation: conv.index, category: q.category, recall, ms };
      if (trace)
        result.trace = {
          question: q.question,
          evidence: Object.fromEntries([...gold].map((t) => [t, firstRank.get(t) ?? null])),
          hits: hits.map((hit) => ({
            id: hit.id,
            layer: hit.layer,
            score: Math.round(hit.score * 10000) / 10000,
            why: hit.why.summary,
            turns: [...turnsOfHit(hit, turnsById)],
            text: hit.text.slice(0, 100),
          })),
        };
      questions.push(result);
    }
    return { ingest, ingestMs, questions, sleep: { ...sleep, ms: Math.round(sleep.ms) } };
  } finally {
    await mem.close?.();
  }
}

export interface Summary {
  questions: number;
  /** Mean recall@k in percent, keyed by k. */
  recall: Record<string, number>;
}

export function summarize(results: readonly QuestionResult[]): Summary {
  const recall: Record<string, number> = {};
  KS.forEach((k, i) => {
    const sum = results.reduce((acc, r) => acc + r.recall[i]!, 0);
    recall[`R@${k}`] = results.length === 0 ? 0 : round1((100 * sum) / results.length);
  });
  return { questions: results.length, recall };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;
