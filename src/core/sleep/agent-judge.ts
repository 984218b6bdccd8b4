/**
 * The agent as judge. The lexical judge cannot tell some paraphrases or contradictions apart;
 * the calling agent can. `candidates` lists the pairs the lexical judge was unsure of;
 * `judge` applies the agent's verdicts deterministically, with the engine's invariants
 * (pinned and restored beliefs are immune; a rule contradiction keeps its exception).
 */
import { StrataError } from "../errors.js";
import { lexicalSimilarity } from "../judge/lexical-judge.js";
import type { Belief, Judgment } from "../model.js";
import type { Judge, JudgeRelation, Store } from "../ports.js";
import { beliefsIn } from "../scope.js";
import type { Writes } from "../writes.js";
import { makeReport, type SleepItem, type SleepReport } from "./report.js";
import { resolveContradiction, stronger } from "./rules.js";
import { candidatePairs, judgePairs, loadActive, orient, sweepImmunity } from "./sweep.js";

export interface CandidatePair {
  a: string;
  b: string;
  textA: string;
  textB: string;
  kindA: string;
  kindB: string;
  /** World time of each side; `b` is the newer. */
  atA: string;
  atB: string;
  similarity: number;
  /** What the lexical judge said, and why it is not sure enough to act alone. */
  lexical: { relation: JudgeRelation; reason: string };
}

const ALL_KINDS = new Set(["fact", "failure", "rule"]);

/** Pairs that need a semantic call: related, but the lexical judge found no decisive slot change. */
export async function findCandidates(
  store: Store,
  lexical: Judge,
  namespace: string,
  limit: number,
  now: string,
): Promise<CandidatePair[]> {
  const beliefs = await loadActive(store, namespace, ALL_KINDS);
  const pairs = candidatePairs(
    beliefs,
    beliefs.map((_, i) => i),
    4,
  ).map(([a, b]) => [beliefs[a]!, beliefs[b]!] as [Belief, Belief]);
  const agentJudged = new Set(
    (await store.judgedPairs(pairs.map(([x, y]) => orient(x, y)).map(([a, b]) => ({ a: a.id, b: b.id }))))
      .filter((p) => p.judge !== lexical.name)
      .map((p) => `${p.a}:${p.b}`),
  );
  const open = pairs.filter(([x, y]) => {
    const [a, b] = orient(x, y);
    return !agentJudged.has(`${a.id}:${b.id}`);
  });
  const { judged } = await judgePairs(store, lexical, open, now);
  return judged
    .map((j) => ({ j, similarity: lexicalSimilarity(j.older.text, j.newer.text) }))
    .filter(
      ({ j, similarity }) =>
        (j.verdict.relation === "refines" || j.verdict.relation === "distinct") && similarity >= 0.25,
    )
    .sort((x, y) => y.similarity - x.similarity || (x.j.older.id < y.j.older.id ? -1 : 1))
    .slice(0, limit)
    .map(({ j, similarity }) => ({
      a: j.older.id,
      b: j.newer.id,
      textA: j.older.text,
      textB: j.newer.text,
      kindA: j.older.kind,
      kindB: j.newer.kind,
      atA: j.older.validFrom,
      atB: j.newer.validFrom,
      similarity: Math.round(similarity * 1000) / 1000,
      lexical: { relation: j.verdict.relation, reason: j.verdict.reason },
    }));
}

const RELATION: Record<Judgment["verdict"], JudgeRelation> = {
  merge: "duplicate",
  contradict: "contradicts",
  supersede: "supersedes",
  distinct: "distinct",
};

/** Applies the agent's verdicts in one transaction; the whole batch is refused if any pair is invalid. */
export async function applyJudgments(
  store: Store,
  writes: Writes,
  judgments: readonly Judgment[],
  judgeName: string,
  scope: string,
): Promise<SleepReport> {
  return store.transaction(async (tx) => {
    const ids = [...new Set(judgments.flatMap((j) => [j.a, j.b]))];
    // Only the caller's namespace: a belief of another one is "not a belief", as if missing.
    const found = new Map((await beliefsIn(tx, ids, scope)).map((b) => [b.id, b]));
    const problems: string[] = [];
    for (const j of judgments) {
      if (j.a === j.b) problems.push(`${j.a} is paired with itself`);
      for (const id of [j.a, j.b]) {
        const b = found.get(id);
        if (!b) problems.push(`${id} is not a belief`);
        else if (b.status !== "active") problems.push(`${id} is ${b.status}, not active`);
      }
      const a = found.get(j.a);
      const b = found.get(j.b);
      if (a && b && a.namespace !== b.namespace)
        problems.push(`${j.a} and ${j.b} are in different namespaces`);
    }
    if (problems.length > 0)
      throw new StrataError(
        problems.some((p) => p.endsWith("not a belief")) ? "NOT_FOUND" : "CONFLICT",
        `No verdict was applied: ${[...new Set(problems)].join("; ")}. Ask candidates() for fresh pairs.`,
        { problems },
      );

    const items: SleepItem[] = [];
    const now = writes.now();
    const done = new Set<string>();
    const namespace = scope;
    for (const j of judgments) {
      const a = (await tx.getBelief(j.a))!;
      const b = (await tx.getBelief(j.b))!;
      const [older, newer] = orient(a, b);
      await tx.putJudgedPair({
        a: older.id,
        b: newer.id,
        aHash: older.contentHash,
        bHash: newer.contentHash,
        relation: RELATION[j.verdict],
        judge: judgeName,
        reason: `${judgeName}: ${j.verdict}`,
        at: now,
      });
      if (j.verdict === "distinct") continue;
      if (done.has(a.id) || done.has(b.id) || a.status !== "active" || b.status !== "active") {
        items.push({
          action: "skipped",
          id: j.a,
          by: j.b,
          reason: "skipped: already changed in this batch",
          related: [],
        });
        continue;
      }
      if (j.verdict === "merge") {
        const [survivor, loser] = a.support + a.successes >= b.support + b.successes ? [a, b] : [b, a];
        const immune = sweepImmunity(loser);
        if (immune) {
          items.push({ action: "skipped", id: loser.id, by: survivor.id, reason: immune, related: [] });
          continue;
        }
        await writes.mergeBeliefs(tx, survivor, loser, `${judgeName}: merge`);
        items.push({
          action: "merged",
          id: loser.id,
          by: survivor.id,
          reason: `${judgeName}: merge`,
          related: [],
        });
        done.add(loser.id);
        continue;
      }
      if (j.verdict === "contradict" && a.kind === "rule" && b.kind === "rule") {
        const [winner, loser] = stronger(a, b);
        if (loser.pinned || loser.restored) {
          items.push({
            action: "skipped",
            id: loser.id,
            by: winner.id,
            reason: sweepImmunity(loser)!,
            related: [],
          });
          continue;
        }
        items.push(await resolveContradiction(tx, writes, winner, loser, `${judgeName}: contradict`));
        done.add(loser.id);
        continue;
      }
      // supersede: b replaces a; contradict between facts: the newer replaces the older.
      const [gone, by] = j.verdict === "supersede" ? [a, b] : [older, newer];
      const immune = sweepImmunity(gone);
      if (immune) {
        items.push({ action: "skipped", id: gone.id, by: by.id, reason: immune, related: [] });
        continue;
      }
      await writes.closeBelief(
        tx,
        gone.id,
        by.id,
        by.validFrom > gone.validFrom ? by.validFrom : now,
        now,
        "superseded",
      );
      items.push({
        action: "superseded",
        id: gone.id,
        by: by.id,
        reason: `${judgeName}: ${j.verdict}`,
        related: [],
      });
      done.add(gone.id);
    }
    return makeReport("judge", namespace, now, items, { pairs: judgments.length, judged: judgments.length });
  });
}
