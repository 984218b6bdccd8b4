/**
 * The agent as judge. The lexical judge cannot tell some paraphrases or contradictions apart;
 * the calling agent can. `candidates` lists the pairs the lexical judge was unsure of;
 * `judge` applies the agent's verdicts deterministically, with the engine's invariants
 * (pinned and restored beliefs are immune; a rule contradiction keeps its exception).
 */
import { StrataError } from "../errors.js";
import { halfLifeFor, laplaceConfidence } from "../forgetting.js";
import { CONFIDENT_FLOOR, supersessionProbability } from "../judge/supersession-probability.js";
import { loadTagger } from "../judge/tagger.js";
import type { Belief, Judgment } from "../model.js";
import {
  isConfident,
  type Judge,
  type JudgedPair,
  type JudgeRelation,
  type JudgeVerdict,
  type Store,
  type StoreReader,
  type StoreWriter,
} from "../ports.js";
import { beliefsIn } from "../scope.js";
import type { Writes } from "../writes.js";
import { saidWhileAsking } from "./asking-turns.js";
import { makeReport, type SleepItem, type SleepReport } from "./report.js";
import { resolveContradiction, stronger } from "./rules.js";
import { IN_CONTEXT, subjectPairs } from "./subject-pairs.js";
import { activeSet, orient, sweepImmunity } from "./sweep.js";

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
  /**
   * A confident verdict the policy's `stalenessThreshold` deferred: its supersession probability,
   * below the threshold (../judge/supersession-probability.ts).
   */
  supersession?: number;
  /**
   * Review pairs only (`candidates({ review: true })`): the automatic decision to check. A
   * `distinct` verdict on the pair undoes it (the closed belief is reopened).
   */
  decided?: ReviewDecision;
}

export interface ReviewDecision {
  /** What was done: `superseded` (closed by the other) or `merged` (folded into the other). */
  action: "superseded" | "merged";
  /** The belief that was closed, and the one that closed or absorbed it. */
  closed: string;
  by: string;
  /** Store time of the decision. */
  at: string;
  /** Who decided: a sweep judge's name (`lexical`, `sampling`, a model judge), or `write gate`. */
  judge: string;
  reason: string;
}

export interface CandidatesQuery {
  limit: number;
  offset: number;
  /** The automatic decisions of the last `days` days instead of the open pairs. */
  review: boolean;
  days: number;
}

const ALL_KINDS = new Set(["fact", "failure", "rule"]);

/** Pairs looked up in the judged-pair cache at a time. */
const CHUNK = 256;

const key = (older: Belief, newer: Belief) => `${older.id}:${newer.id}`;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

function toCandidate(older: Belief, newer: Belief, v: JudgeVerdict): CandidatePair {
  return {
    a: older.id,
    b: newer.id,
    textA: older.text,
    textB: newer.text,
    kindA: older.kind,
    kindB: newer.kind,
    atA: older.validFrom,
    atB: newer.validFrom,
    similarity: round3(v.similarity),
    lexical: { relation: v.relation, reason: v.reason },
  };
}

/** The pairs (oriented older → newer) a semantic judge (agent, sampling, model) has already decided. */
async function semanticallyJudged(
  store: StoreReader,
  lexical: string,
  pairs: readonly [Belief, Belief][],
  namespace: string,
  only?: (judge: string) => boolean,
): Promise<Map<string, JudgedPair>> {
  if (pairs.length === 0) return new Map();
  const byKey = new Map(pairs.map(([older, newer]) => [key(older, newer), [older, newer] as const]));
  const hits = await store.judgedPairs(
    pairs.map(([older, newer]) => ({ a: older.id, b: newer.id })),
    namespace,
  );
  const out = new Map<string, JudgedPair>();
  for (const p of hits) {
    const pair = byKey.get(`${p.a}:${p.b}`);
    if (!pair || p.judge === lexical || (only && !only(p.judge))) continue;
    if (p.aHash === pair[0].contentHash && p.bHash === pair[1].contentHash) out.set(`${p.a}:${p.b}`, p);
  }
  return out;
}

/**
 * Every pair of active beliefs about the same subject (see `subjectPairs`) that no confident
 * rule decided (or whose confident verdict scores below `stalenessThreshold`) and no semantic
 * judge has answered, newest first (by the newer side), one page.
 * Bounded: each belief is paired with at most 16 older ones, and the walk stops once the page is
 * full, so a call costs the newest beliefs' pairs, never all pairs.
 */
export async function findCandidates(
  store: Store,
  lexical: Judge,
  namespace: string,
  page: { limit: number; offset: number },
  stalenessThreshold = 0,
): Promise<CandidatePair[]> {
  const { beliefs, tokens } = await activeSet(store, namespace, ALL_KINDS);
  await loadTagger();
  const want = page.offset + page.limit;
  const out: CandidatePair[] = [];
  let batch: [Belief, Belief][] = [];
  const flush = async () => {
    const decided = await semanticallyJudged(store, lexical.name, batch, namespace);
    for (const [older, newer] of batch) {
      if (decided.has(key(older, newer))) continue;
      const v = await lexical.compare(
        { text: older.text, at: older.validFrom, kind: older.kind },
        { text: newer.text, at: newer.validFrom, kind: newer.kind },
      );
      // A change said in passing beside a question is the agent's to make (`saidWhileAsking`).
      if (!isConfident(v) || (v.relation !== "duplicate" && saidWhileAsking(newer)))
        out.push(toCandidate(older, newer, v));
      else if (stalenessThreshold > CONFIDENT_FLOOR) {
        const p = supersessionProbability(
          v,
          { text: older.text, at: older.validFrom },
          { text: newer.text, at: newer.validFrom },
        );
        if (p < stalenessThreshold) out.push({ ...toCandidate(older, newer, v), supersession: p });
      }
    }
    batch = [];
  };
  for (const [newer, older] of subjectPairs(beliefs, IN_CONTEXT, tokens)) {
    batch.push(orient(older, newer));
    if (batch.length >= CHUNK) {
      await flush();
      if (out.length >= want) break;
    }
  }
  if (out.length < want) await flush();
  return out.slice(page.offset, want);
}

/** Audit entries read per step when walking the chain backwards. */
const AUDIT_STEP = 1000;
const CLOSING_EVENTS = new Set(["belief.superseded", "belief.merged"]);

/**
 * The automatic decisions of the last `days` days still in force, newest first: beliefs the
 * write gate or a sweep closed (superseded or merged) by another belief, read from the audit
 * chain backwards. Decisions an agent made or has already confirmed are left out. Bounded: the
 * walk stops at the page's end or at the first entry older than the window.
 */
export async function findReview(
  store: Store,
  lexical: Judge,
  namespace: string,
  query: { limit: number; offset: number; days: number },
  now: string,
): Promise<CandidatePair[]> {
  const cutoff = new Date(Date.parse(now) - query.days * 86_400_000).toISOString();
  const want = query.offset + query.limit;
  const out: CandidatePair[] = [];
  const seen = new Set<string>();
  const head = await store.auditHead(namespace);
  for (let top = head?.seq ?? 0; top > 0 && out.length < want; top -= AUDIT_STEP) {
    const entries = await store.listAudit({
      namespace,
      afterSeq: Math.max(0, top - AUDIT_STEP),
      limit: AUDIT_STEP,
    });
    entries.reverse();
    if (entries.length === 0) break;
    const closed: { id: string; at: string }[] = [];
    let done = false;
    for (const e of entries) {
      if (e.at < cutoff) {
        done = true;
        break;
      }
      if (!CLOSING_EVENTS.has(e.event) || !e.subjectId || seen.has(e.subjectId)) continue;
      seen.add(e.subjectId);
      closed.push({ id: e.subjectId, at: e.at });
    }
    out.push(...(await reviewPairs(store, lexical, namespace, closed)));
    if (done) break;
  }
  return out.slice(query.offset, want);
}

async function reviewPairs(
  store: Store,
  lexical: Judge,
  namespace: string,
  closed: readonly { id: string; at: string }[],
): Promise<CandidatePair[]> {
  // Only the namespace's own beliefs: an entry's subject is an id, and an imported chain verifies
  // whatever ids it names (attacks35), so a belief of another namespace is as if missing.
  const own = (beliefs: Belief[]) =>
    beliefs.filter((b) => b.namespace === namespace).map((b) => [b.id, b] as const);
  const gone = new Map(
    own(
      await store.getBeliefs(
        closed.map((c) => c.id),
        namespace,
      ),
    ),
  );
  const byIds = [...new Set([...gone.values()].map((b) => b.supersededBy).filter((x): x is string => !!x))];
  const by = new Map(own(await store.getBeliefs(byIds, namespace)));
  const pairs: { c: { id: string; at: string }; closed: Belief; by: Belief }[] = [];
  for (const c of closed) {
    const b = gone.get(c.id);
    const successor = b?.supersededBy ? by.get(b.supersededBy) : undefined;
    // Still in force: archived by its successor (not reopened, restored or forgotten since).
    if (!b || !successor || b.status !== "archived") continue;
    if (b.statusReason !== "superseded" && b.statusReason !== "merged") continue;
    pairs.push({ c, closed: b, by: successor });
  }
  const oriented = pairs.map((p) => orient(p.closed, p.by));
  const cached = await store.judgedPairs(
    oriented.map(([older, newer]) => ({ a: older.id, b: newer.id })),
    namespace,
  );
  const verdicts = new Map(cached.map((p) => [`${p.a}:${p.b}`, p]));
  const out: CandidatePair[] = [];
  for (const [i, p] of pairs.entries()) {
    const [older, newer] = oriented[i]!;
    const judged = verdicts.get(key(older, newer));
    const current = judged && judged.aHash === older.contentHash && judged.bHash === newer.contentHash;
    // The agent decided it, or already confirmed it: nothing to review.
    if (current && judged.judge === AGENT) continue;
    const v = await lexical.compare(
      { text: older.text, at: older.validFrom, kind: older.kind },
      { text: newer.text, at: newer.validFrom, kind: newer.kind },
    );
    out.push({
      ...toCandidate(older, newer, v),
      decided: {
        action: p.closed.statusReason === "merged" ? "merged" : "superseded",
        closed: p.closed.id,
        by: p.by.id,
        at: p.c.at,
        judge: current ? judged.judge : "write gate",
        reason: current ? judged.reason : (p.closed.statusReason ?? "superseded"),
      },
    });
  }
  return out;
}

/** The judge name `judge` records the agent's verdicts under. */
export const AGENT = "agent";

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
      const a = found.get(j.a);
      const b = found.get(j.b);
      // A pair one side of which the other closed is a review pair: its verdict may undo that.
      const review = a && b && closedBy(a, b) !== null;
      for (const id of [j.a, j.b]) {
        const x = found.get(id);
        if (!x) problems.push(`${id} is not a belief`);
        else if (x.status !== "active" && !review) problems.push(`${id} is ${x.status}, not active`);
      }
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
      const a = (await tx.getBelief(j.a, namespace))!;
      const b = (await tx.getBelief(j.b, namespace))!;
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
      const closing = closedBy(a, b);
      if (closing) {
        if (done.has(a.id) || done.has(b.id)) {
          items.push(skip(j.a, j.b, "skipped: already changed in this batch"));
          continue;
        }
        const [gone, by] = closing;
        // A supersession that was a restatement: the closed belief folds into its successor instead,
        // which takes its support (closed either way; the verdict says how).
        if (j.verdict === "merge" && gone.statusReason === "superseded" && by.status === "active") {
          await writes.mergeBeliefs(tx, by, gone, `${judgeName}: merge (was superseded)`);
          items.push({
            action: "merged",
            id: gone.id,
            by: by.id,
            reason: `${judgeName}: merge (was superseded)`,
            related: [],
          });
          done.add(gone.id);
          continue;
        }
        if (j.verdict !== "distinct") {
          // The automatic decision stands; the verdict recorded above takes it off the review list.
          items.push(skip(gone.id, by.id, `confirmed: ${j.verdict} (${gone.id} stays ${gone.statusReason})`));
          continue;
        }
        items.push(await reopen(tx, writes, gone, by, judgeName));
        done.add(gone.id);
        continue;
      }
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
        gone.namespace,
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

const skip = (id: string, by: string, reason: string): SleepItem => ({
  action: "skipped",
  id,
  by,
  reason,
  related: [],
});

/** `[closed, by]` when one side of the pair was superseded by or merged into the other, else null. */
function closedBy(a: Belief, b: Belief): [Belief, Belief] | null {
  const closed = (x: Belief, y: Belief) =>
    x.status === "archived" &&
    x.supersededBy === y.id &&
    (x.statusReason === "superseded" || x.statusReason === "merged");
  if (closed(a, b)) return [a, b];
  if (closed(b, a)) return [b, a];
  return null;
}

/**
 * Undoes an automatic supersession or merge: the closed belief is active again, open-ended, with
 * no successor. A merge also gives back what the survivor absorbed (support and outcome counts;
 * the survivor's confidence is recomputed from its own outcomes). Audited as `belief.reopened`.
 */
async function reopen(
  tx: StoreWriter,
  writes: Writes,
  gone: Belief,
  by: Belief,
  judgeName: string,
): Promise<SleepItem> {
  const undid = gone.statusReason === "merged" ? "merged" : "superseded";
  await tx.updateBelief(gone.id, {
    status: "active",
    statusReason: "reopened",
    validTo: null,
    retiredAt: null,
    supersededBy: null,
  });
  if (undid === "merged") {
    const successes = Math.max(0, by.successes - gone.successes);
    const failures = Math.max(0, by.failures - gone.failures);
    await tx.updateBelief(by.id, {
      support: Math.max(1, by.support - gone.support),
      successes,
      failures,
      confidence: laplaceConfidence(successes, failures),
      halfLifeDays: halfLifeFor(writes.policy.halfLifeDays, successes),
    });
  }
  await writes.audit(tx, gone.namespace, "belief.reopened", gone.id, {
    undid,
    by: by.id,
    judge: judgeName,
  });
  return {
    action: "reopened",
    id: gone.id,
    by: by.id,
    reason: `${judgeName}: distinct (undid ${undid === "merged" ? "merge into" : "supersession by"} ${by.id})`,
    related: [],
  };
}
