/**
 * Labelled statement pairs run through the whole library, as a user would meet them: each pair
 * is written into a fresh namespace with `remember` (older, then newer a day later), the
 * namespace is consolidated (the sweep), and its end state is read with `list`. That is the
 * "no agent" outcome. Then an ORACLE AGENT plays the agent from the labels: it pages through
 * `candidates()` and answers every offered pair with the labelled verdict through `judge()`,
 * and the end state is read again.
 *
 * Only the public library API is used (`openMemory`, `remember`, `consolidate`, `candidates`,
 * `judge`, `list`), so this keeps measuring the same thing while the judge changes underneath.
 *
 *   const runs = await runPairs(pairs);
 *   const score = scoreRuns(runs, "oracle"); // score.supersedes.recall, score.duplicates.merged
 */
import { isStrataError, type Judgment, type Memory, openMemory, type PolicyInput } from "../src/index.js";

export type PairLabel = "supersedes" | "duplicate" | "distinct";

export interface RunnablePair {
  id: string;
  /** The kind or style class the pair is reported under. */
  group: string;
  label: PairLabel;
  older: string;
  newer: string;
}

/**
 * What the store holds for a pair at the end:
 * - `supersedes`: the older belief is archived as superseded by the newer, which is active;
 * - `dropped`: the newer statement was judged redundant at write time and never stored;
 * - `merged`: one of the two was merged into the other;
 * - `distinct`: both are active;
 * - `reversed`: the newer was closed in favour of the older;
 * - `other`: anything else (retired, both closed …).
 */
export type EndState = "supersedes" | "dropped" | "merged" | "distinct" | "reversed" | "other";

export interface PairRun {
  id: string;
  group: string;
  label: PairLabel;
  older: string;
  newer: string;
  /** The write gate's verdict on the newer statement, and its reason. */
  gate: { verdict: string; reason: string; stored: boolean };
  noAgent: EndState;
  oracle: EndState;
  /** Pairs `candidates()` offered the oracle for this namespace (review pairs included). */
  offered: number;
  /** Verdict batches `judge()` refused (a stale pair, a review pair it cannot apply …). */
  refused: number;
}

export interface RunOptions {
  /**
   * Ask `candidates({ review: true })` too, so the oracle can undo the gate's automatic
   * decisions. Used only when the library accepts the option; otherwise skipped. Default true.
   */
  review?: boolean;
  /** Pairs per `candidates()` call. Default 50. */
  pageSize?: number;
  /** The memory's policy (e.g. `stalenessThreshold`). Default: the default policy. */
  policy?: PolicyInput;
}

export interface RunResult {
  runs: PairRun[];
  /** Whether `candidates({ review: true })` was accepted by this build of the library. */
  reviewSupported: boolean;
}

const T0 = Date.parse("2026-01-01T09:00:00.000Z");
const DAY = 86_400_000;

const VERDICT: Record<PairLabel, Judgment["verdict"]> = {
  supersedes: "supersede",
  duplicate: "merge",
  distinct: "distinct",
};

/** Runs every pair in its own namespace of one in-memory store. */
export async function runPairs(pairs: readonly RunnablePair[], options: RunOptions = {}): Promise<RunResult> {
  let now = new Date(T0);
  const mem = await openMemory({
    path: ":memory:",
    clock: { now: () => now },
    ...(options.policy ? { policy: options.policy } : {}),
  });
  let reviewSupported = options.review ?? true;
  const pageSize = options.pageSize ?? 50;
  const runs: PairRun[] = [];
  try {
    for (const [i, p] of pairs.entries()) {
      const namespace = `pair-${i}`;
      const t0 = new Date(T0 + i * 3 * DAY);
      now = t0;
      const first = await mem.remember(p.older, { namespace, at: t0.toISOString() });
      now = new Date(t0.getTime() + DAY);
      const second = await mem.remember(p.newer, { namespace, at: now.toISOString() });
      now = new Date(now.getTime() + 3_600_000);
      await mem.consolidate({ namespace });
      const ids = { older: first.id, newer: second.id };
      const noAgent = await endState(mem, namespace, ids);

      // The oracle: answer every offered pair from the label, until nothing new is offered.
      const answered = new Set<string>();
      let offered = 0;
      let refused = 0;
      for (let round = 0; round < 20; round++) {
        const page = await offer(mem, namespace, pageSize, reviewSupported);
        reviewSupported = page.reviewSupported;
        const fresh = (xs: Offered[]) => xs.filter((c) => !answered.has(`${c.a}:${c.b}`));
        const open = fresh(page.open);
        const inOpen = new Set(open.map((c) => `${c.a}:${c.b}`));
        const review = fresh(page.review).filter((c) => !inOpen.has(`${c.a}:${c.b}`));
        if (open.length + review.length === 0) break;
        offered += open.length + review.length;
        const verdict = (c: Offered): Judgment => {
          answered.add(`${c.a}:${c.b}`);
          const same = (c.a === ids.older && c.b === ids.newer) || (c.a === ids.newer && c.b === ids.older);
          if (!same) return { a: c.a, b: c.b, verdict: "distinct" };
          // supersede means "b replaces a": the newer statement replaces the older.
          return p.label === "supersedes"
            ? { a: ids.older, b: ids.newer, verdict: "supersede" }
            : { a: c.a, b: c.b, verdict: VERDICT[p.label] };
        };
        // Open pairs in one batch; a review pair alone, so one the library cannot apply (an
        // archived side) never takes the rest of the batch down with it.
        const batches = [...(open.length > 0 ? [open.map(verdict)] : []), ...review.map((c) => [verdict(c)])];
        for (const judgments of batches) {
          try {
            // Ids resolve in the caller's namespace: name the pair's own.
            await mem.judge(judgments, { namespace });
          } catch (err) {
            if (!isStrataError(err)) throw err;
            refused++;
          }
        }
      }
      const oracle = await endState(mem, namespace, ids);
      runs.push({
        id: p.id,
        group: p.group,
        label: p.label,
        older: p.older,
        newer: p.newer,
        gate: { verdict: second.verdict, reason: second.reason, stored: second.stored },
        noAgent,
        oracle,
        offered,
        refused,
      });
    }
  } finally {
    await mem.store.close?.();
  }
  return { runs, reviewSupported };
}

interface Offered {
  a: string;
  b: string;
}

/** One page of open candidates, and of review pairs when the library offers them. */
async function offer(
  mem: Memory,
  namespace: string,
  limit: number,
  review: boolean,
): Promise<{ open: Offered[]; review: Offered[]; reviewSupported: boolean }> {
  const open: Offered[] = (await mem.candidates({ namespace, limit })).map((c) => ({ a: c.a, b: c.b }));
  if (!review) return { open, review: [], reviewSupported: false };
  try {
    // `review` is newer than some builds of the library: pass it untyped and detect refusal.
    const reviewed = (await mem.candidates({ namespace, limit, review: true } as never)) as Offered[];
    return { open, review: reviewed.map((c) => ({ a: c.a, b: c.b })), reviewSupported: true };
  } catch (err) {
    if (isStrataError(err) && err.code === "INVALID_INPUT")
      return { open, review: [], reviewSupported: false };
    throw err;
  }
}

async function endState(
  mem: Memory,
  namespace: string,
  ids: { older: string; newer: string },
): Promise<EndState> {
  if (ids.newer === ids.older) return "dropped";
  const all = await mem.list({ namespace, status: "any", limit: 100 });
  const older = all.find((b) => b.id === ids.older);
  const newer = all.find((b) => b.id === ids.newer);
  if (!older || !newer || older.layer !== "belief" || newer.layer !== "belief") return "other";
  if (older.status === "active" && newer.status === "active") return "distinct";
  if (older.statusReason === "merged" || newer.statusReason === "merged") return "merged";
  if (older.status !== "active" && older.supersededBy === newer.id && newer.status === "active")
    return "supersedes";
  if (newer.status !== "active" && newer.supersededBy === older.id && older.status === "active")
    return "reversed";
  return "other";
}

/** An end state read as one of the three labels (`reversed` and `other` match none). */
export function endLabel(state: EndState): PairLabel | null {
  if (state === "supersedes") return "supersedes";
  if (state === "dropped" || state === "merged") return "duplicate";
  if (state === "distinct") return "distinct";
  return null;
}

export interface SystemScore {
  pairs: number;
  supersedes: { tp: number; fp: number; fn: number; precision: number; recall: number };
  /** Labelled duplicates that end as one belief (dropped at write time or merged). */
  duplicates: { total: number; merged: number; share: number };
  /** Distinct pairs that end with both beliefs active. */
  distinct: { total: number; kept: number; share: number };
  /**
   * Statements the write gate dropped as redundant whose label is not `duplicate`: lost
   * silently, the worst failure (counted the same with or without an agent).
   */
  falseRedundant: number;
  /** Non-duplicates merged into one belief later (by the sweep or a verdict). */
  falseMerged: number;
  /** Share of pairs whose end state is the label. */
  accuracy: number;
  /**
   * Pairs whose end state without an agent is not the label, and how many of them
   * `candidates()` offered to the oracle: whether every unsure pair reaches a semantic judge.
   */
  wrongOffered: { wrong: number; offered: number };
}

export const ratio = (n: number, d: number) => (d === 0 ? 1 : Math.round((n / d) * 1000) / 1000);

/** Scores runs by their end state without an agent (`noAgent`) or with the oracle (`oracle`). */
export function scoreRuns(runs: readonly PairRun[], stage: "noAgent" | "oracle"): SystemScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let dupTotal = 0;
  let merged = 0;
  let distinctTotal = 0;
  let kept = 0;
  let falseRedundant = 0;
  let falseMerged = 0;
  let correct = 0;
  let wrong = 0;
  let wrongOffered = 0;
  for (const r of runs) {
    if (endLabel(r.noAgent) !== r.label) {
      wrong++;
      if (r.offered > 0) wrongOffered++;
    }
    const state = r[stage];
    const predicted = endLabel(state);
    if (predicted === r.label) correct++;
    if (predicted === "supersedes" && r.label === "supersedes") tp++;
    else if (predicted === "supersedes") fp++;
    else if (r.label === "supersedes") fn++;
    if (r.label === "duplicate") {
      dupTotal++;
      if (predicted === "duplicate") merged++;
    } else {
      if (state === "dropped") falseRedundant++;
      if (state === "merged") falseMerged++;
    }
    if (r.label === "distinct") {
      distinctTotal++;
      if (state === "distinct") kept++;
    }
  }
  return {
    pairs: runs.length,
    supersedes: { tp, fp, fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) },
    duplicates: { total: dupTotal, merged, share: ratio(merged, dupTotal) },
    distinct: { total: distinctTotal, kept, share: ratio(kept, distinctTotal) },
    falseRedundant,
    falseMerged,
    accuracy: ratio(correct, runs.length),
    wrongOffered: { wrong, offered: wrongOffered },
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** A share, or "–" when nothing was counted (no predicted or no labelled supersessions). */
const share = (n: number, d: number) => (d === 0 ? "–" : pct(n / d));

/** Table rows for named scores: the end state with no agent, then with the oracle agent. */
export function renderSystemRows(
  rows: readonly { name: string; noAgent: SystemScore; oracle: SystemScore }[],
): string[] {
  const lines = [
    "| set | pairs | P no agent | R no agent | false supersedes | dups merged, no agent | false-redundant | false-merged | wrong pairs offered | P oracle | R oracle | dups merged, oracle |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { name, noAgent: n, oracle: o } of rows) {
    const ns = n.supersedes;
    const os = o.supersedes;
    lines.push(
      `| ${name} | ${n.pairs} | ${share(ns.tp, ns.tp + ns.fp)} | ${share(ns.tp, ns.tp + ns.fn)} | ${ns.fp} | ${n.duplicates.merged}/${n.duplicates.total} | ${n.falseRedundant} | ${n.falseMerged} | ${o.wrongOffered.offered}/${o.wrongOffered.wrong} | ${share(os.tp, os.tp + os.fp)} | ${share(os.tp, os.tp + os.fn)} | ${o.duplicates.merged}/${o.duplicates.total} |`,
    );
  }
  return lines;
}
