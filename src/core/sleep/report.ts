/**
 * What a sleep process did, item by item, with a reason code. The CLI prints it, the
 * dashboard shows it, and each applied item is also an audit entry.
 */
export const SLEEP_ACTIONS = [
  "superseded",
  "merged",
  "resolved",
  "abstracted",
  "distilled",
  "retired",
  "reopened",
  "skipped",
] as const;
export type SleepAction = (typeof SLEEP_ACTIONS)[number];

export interface SleepItem {
  action: SleepAction;
  /**
   * The belief or episode acted on (the loser of a merge, the superseded one, the new abstraction,
   * the belief a `distinct` verdict reopened).
   */
  id: string;
  /** What replaced or absorbed it, when anything did. */
  by: string | null;
  /** Reason code and words: `value-changed: 5 → 7`, `skipped: pinned`, `skipped: chit-chat` … */
  reason: string;
  /** Other ids involved (sources of a distilled belief, children of an abstraction). */
  related: string[];
}

export interface SleepReport {
  namespace: string;
  at: string;
  /** Which process produced it: `sweep`, `distil`, `rules`, `judge`, or `consolidate`. */
  process: string;
  counts: Record<SleepAction, number>;
  items: SleepItem[];
  /** Work done, for the curious and for benchmarks. */
  work: { beliefs: number; episodes: number; pairs: number; judged: number; cached: number; ms: number };
  /**
   * Pairs the sweep's judge did not decide itself and handed to its fallback (a model judge that
   * timed out, was refused, answered out of schema or ran out of budget), with why. Absent: none.
   */
  fallbacks?: Fallback[];
}

/** Pairs judged by the fallback instead of the judge asked, grouped by why. */
export interface Fallback {
  /** The judge that decided instead (`lexical`). */
  judge: string;
  /** Why the judge asked did not: `timeout: no answer within 30000 ms`, `HTTP 429: …`, `over budget: …`. */
  why: string;
  /** How many pairs, and the first few (older id, newer id). */
  count: number;
  pairs: [string, string][];
}

/** Pairs listed per fallback group; `count` has them all. */
export const FALLBACK_PAIRS_LISTED = 20;

export function emptyCounts(): Record<SleepAction, number> {
  return {
    superseded: 0,
    merged: 0,
    resolved: 0,
    abstracted: 0,
    distilled: 0,
    retired: 0,
    reopened: 0,
    skipped: 0,
  };
}

export function makeReport(
  process: string,
  namespace: string,
  at: string,
  items: SleepItem[],
  work: Partial<SleepReport["work"]> = {},
): SleepReport {
  const counts = emptyCounts();
  for (const i of items) counts[i.action]++;
  return {
    namespace,
    at,
    process,
    counts,
    items,
    work: { beliefs: 0, episodes: 0, pairs: 0, judged: 0, cached: 0, ms: 0, ...work },
  };
}

/** Several reports as one (consolidate's phases). */
export function combineReports(
  process: string,
  namespace: string,
  at: string,
  parts: SleepReport[],
): SleepReport {
  const items = parts.flatMap((p) => p.items);
  const work = { beliefs: 0, episodes: 0, pairs: 0, judged: 0, cached: 0, ms: 0 };
  for (const p of parts)
    for (const k of Object.keys(work) as (keyof typeof work)[]) work[k] = Math.max(work[k], 0) + p.work[k];
  const report = makeReport(process, namespace, at, items, work);
  const fallbacks = parts.flatMap((p) => p.fallbacks ?? []);
  if (fallbacks.length > 0) report.fallbacks = fallbacks;
  return report;
}
