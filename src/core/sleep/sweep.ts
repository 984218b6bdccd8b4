/**
 * The supersession sweep (Sieve's rule, done better). Candidate pairs come from a BM25 index,
 * never all pairs; each pair is judged once and cached until a side's content changes. The
 * newer statement (by world time) supersedes the older when the judge says so, except that
 * pinned and restored beliefs are immune and questions, hypotheticals, additive details and
 * other entities never supersede (the judge's guards). Duplicates are merged (the redundancy
 * sweep), and beliefs past the namespace's TTL retire (the retention sweep).
 *
 * Judging happens outside any write transaction; decisions are applied in short transactions
 * that re-read both sides first, so writes arriving during a sweep are never clobbered.
 */
import { supersessionProbability } from "../judge/supersession-probability.js";
import { loadTagger } from "../judge/tagger.js";
import type { Belief } from "../model.js";
import type { Judge, JudgedPair, JudgeVerdict, Store, StoreReader } from "../ports.js";
import { metaKey } from "../ports.js";
import { laterOf } from "../time.js";
import type { Writes } from "../writes.js";
import { SAID_WHILE_ASKING, saidWhileAsking } from "./asking-turns.js";
import { type PairScore, storeCalibration } from "./calibrate.js";
import { indexTokens, NeighborIndex } from "./neighbor-index.js";
import {
  FALLBACK_PAIRS_LISTED,
  type Fallback,
  makeReport,
  type SleepItem,
  type SleepReport,
} from "./report.js";
import { DEFAULT_STEP, inSteps, type StepBound } from "./steps.js";
import { IN_CONTEXT, subjectPairs } from "./subject-pairs.js";

export interface SweepOptions {
  namespace: string;
  /** Re-examine every belief, not only those recorded since the last sweep. Default false. */
  full?: boolean;
  /** Neighbours examined per belief. Default 6. */
  neighbors?: number;
  /** Called with (done, total) while judging, for progress bars. */
  onProgress?: (done: number, total: number) => void;
  /** How much each write transaction does at most (sleep/steps.ts). Default `DEFAULT_STEP`. */
  step?: StepBound;
}

export interface JudgedCandidate {
  older: Belief;
  newer: Belief;
  verdict: JudgeVerdict;
  cached: boolean;
  /** The pair's supersession probability (`scorePairs`), when scored. */
  probability?: number;
}

const ACTING = new Set(["duplicate", "supersedes", "contradicts"]);

/**
 * Scores the pairs whose verdict acts or that the judge was unsure of (the rest share no subject:
 * nothing to score) with their supersession probability, in place; returns each older side's
 * strongest pair.
 */
export async function scorePairs(judged: JudgedCandidate[]): Promise<Map<string, PairScore>> {
  const best = new Map<string, PairScore>();
  const scored = judged.filter((j) => ACTING.has(j.verdict.relation) || j.verdict.confident === false);
  if (scored.length === 0) return best;
  await loadTagger();
  for (const j of scored) {
    const p = supersessionProbability(
      j.verdict,
      { text: j.older.text, at: j.older.validFrom },
      { text: j.newer.text, at: j.newer.validFrom },
    );
    j.probability = p;
    const had = best.get(j.older.id);
    if (!had || p > had.p) best.set(j.older.id, { p, by: j.newer.id });
  }
  return best;
}

const SWEPT_KINDS = new Set(["fact", "failure"]);

/** Active facts and failures of a namespace, oldest first by world time. */
export async function loadActive(
  store: StoreReader,
  namespace: string,
  kinds: ReadonlySet<string> = SWEPT_KINDS,
): Promise<Belief[]> {
  const out: Belief[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await store.listBeliefs(
      { namespaces: [namespace], statuses: ["active"] },
      { limit: 5000, offset },
    );
    for (const b of page) if (kinds.has(b.kind)) out.push(b);
    if (page.length < 5000) break;
  }
  return out;
}

/**
 * The active set a sweep saw last, per store and namespace, brought up to date from the audit
 * log instead of reloaded: every change to a belief is an audit entry, so the beliefs named by
 * the entries after `seq` are re-read and the rest are as they were. The result is the list
 * `loadActive` would return (same beliefs, same order), at the cost of the changes only.
 */
interface ActiveState {
  /** The audit entry the state is current to (0 and "" before the namespace's first entry). */
  seq: number;
  hash: string;
  byId: Map<string, Belief>;
  /** Each belief's distinct content tokens for the neighbour index, by id. */
  tokens: Map<string, readonly string[]>;
}

const activeStates = new WeakMap<Store, Map<string, ActiveState>>();
/** More changes than this since the last sweep: reload instead. */
const MAX_DELTA = 20_000;
const idNumber = (id: string) => Number(id.slice(1));

async function auditMark(store: Store, namespace: string): Promise<{ seq: number; hash: string }> {
  const head = await store.auditHead(namespace);
  return head ? { seq: head.seq, hash: head.hash } : { seq: 0, hash: "" };
}

/** The changes since `state` was current, applied to it; false when it cannot be (reload). */
async function refresh(store: Store, namespace: string, state: ActiveState, kinds: ReadonlySet<string>) {
  if (state.seq > 0) {
    // The entry the state ended at must still be there, unchanged (no restore from a backup).
    const [at] = await store.listAudit({ namespace, afterSeq: state.seq - 1, limit: 1 });
    if (!at || at.seq !== state.seq || at.hash !== state.hash) return false;
  }
  const touched = new Set<string>();
  let seq = state.seq;
  let hash = state.hash;
  for (;;) {
    const page = await store.listAudit({ namespace, afterSeq: seq, limit: 5000 });
    for (const e of page) {
      if (e.subjectId) touched.add(e.subjectId);
      // Ids in the entry's data too (a merge's survivor, a supersession's successor).
      for (const m of JSON.stringify(e.detail ?? null).matchAll(/"(b\d+)"/g)) touched.add(m[1]!);
      seq = e.seq;
      hash = e.hash;
    }
    if (touched.size > MAX_DELTA) return false;
    if (page.length < 5000) break;
  }
  for (const id of touched) {
    if (!/^b\d+$/.test(id)) continue;
    const b = await store.getBelief(id, namespace);
    state.tokens.delete(id);
    if (b && b.namespace === namespace && b.status === "active" && kinds.has(b.kind)) state.byId.set(id, b);
    else state.byId.delete(id);
  }
  state.seq = seq;
  state.hash = hash;
  return true;
}

/**
 * The namespace's active facts and failures, as `loadActive` returns them, with their index
 * tokens; kept between sweeps and refreshed from the audit log.
 */
export async function activeSet(
  store: Store,
  namespace: string,
  kinds: ReadonlySet<string> = SWEPT_KINDS,
): Promise<{ beliefs: Belief[]; tokens: (readonly string[])[] }> {
  let states = activeStates.get(store);
  if (!states) {
    states = new Map();
    activeStates.set(store, states);
  }
  const key = kinds === SWEPT_KINDS ? namespace : `${namespace}\u0000${[...kinds].sort().join(",")}`;
  let state = states.get(key);
  if (!state || !(await refresh(store, namespace, state, kinds))) {
    // The mark first: a change landing during the load is re-read next time (re-reading is idempotent).
    const mark = await auditMark(store, namespace);
    const loaded = await loadActive(store, namespace, kinds);
    state = { ...mark, byId: new Map(loaded.map((b) => [b.id, b])), tokens: new Map() };
    states.set(key, state);
  }
  // Store order: ids are assigned in insertion (row) order.
  const beliefs = [...state.byId.values()].sort((x, y) => idNumber(x.id) - idNumber(y.id));
  const tokens = beliefs.map((b) => {
    let t = state.tokens.get(b.id);
    if (!t) {
      t = indexTokens(b.text);
      state.tokens.set(b.id, t);
    }
    return t;
  });
  return { beliefs, tokens };
}

/** Orders a pair older → newer by world time, then by id. */
export function orient(x: Belief, y: Belief): [Belief, Belief] {
  if (x.validFrom !== y.validFrom) return x.validFrom < y.validFrom ? [x, y] : [y, x];
  return Number(x.id.slice(1)) < Number(y.id.slice(1)) ? [x, y] : [y, x];
}

/** Candidate pairs for the beliefs in `dirty` (indexes into `beliefs`), de-duplicated, deterministic. */
export function candidatePairs(
  beliefs: readonly Belief[],
  dirty: Iterable<number>,
  k: number,
  tokens?: readonly (readonly string[])[],
): [number, number][] {
  const index = new NeighborIndex(
    beliefs.map((b, i) =>
      tokens ? { id: b.id, text: b.text, tokens: tokens[i]! } : { id: b.id, text: b.text },
    ),
  );
  const n = beliefs.length;
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  for (const i of dirty)
    for (const nb of index.neighbors(i, k)) {
      const [a, b] = i < nb.index ? [i, nb.index] : [nb.index, i];
      const key = a * n + b;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push([a, b]);
    }
  return pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

/**
 * Judges pairs, using and filling the cache. A cached verdict of the same hashes is reused, except
 * a lexical one when the judge is not lexical: a model judge is asked about those once (and its
 * verdict, cached under its name, is never asked again). A judge with `compareMany` gets every
 * uncached pair of the run at once (a model judge batches them and spends its per-run budget).
 */
export async function judgePairs(
  store: StoreReader,
  judge: Judge,
  pairs: readonly [Belief, Belief][],
  now: string,
  namespace: string,
  onProgress?: (done: number, total: number) => void,
  lookupPairs = CACHE_LOOKUP_PAIRS,
): Promise<{ judged: JudgedCandidate[]; fresh: JudgedPair[] }> {
  const judged: JudgedCandidate[] = [];
  const open: [Belief, Belief][] = [];
  // An empty cache (a store's first sweep) answers every lookup with nothing: skip them.
  const anyCached =
    pairs.length > 0 && (await store.dump("judgedPairs", { cursor: null, limit: 1 })).rows.length > 0;
  const reuse = (p: JudgedPair) => p.judge !== LEXICAL || judge.name === LEXICAL;
  const oriented = pairs.map(([x, y]) => orient(x, y));
  // One lookup per `lookupPairs` pairs, not one per few hundred: the store checks that every id asked
  // is a row of the namespace, and a belief stands in many pairs (its neighbours sit beside it in
  // `pairs`' order), so a chunk this large checks most ids once; and the cached rows held at once
  // stay bounded however large the store.
  for (let start = 0; start < oriented.length; start += lookupPairs) {
    const chunk = oriented.slice(start, start + lookupPairs);
    const cached = new Map(
      (anyCached
        ? await store.judgedPairs(
            chunk.map(([a, b]) => ({ a: a.id, b: b.id })),
            namespace,
          )
        : []
      ).map((p) => [`${p.a}:${p.b}`, p]),
    );
    for (const [older, newer] of chunk) {
      const hit = cached.get(`${older.id}:${newer.id}`);
      if (hit && hit.aHash === older.contentHash && hit.bHash === newer.contentHash && reuse(hit)) {
        judged.push({
          older,
          newer,
          verdict: { relation: hit.relation, similarity: 0, reason: `${hit.reason} (cached, ${hit.judge})` },
          cached: true,
        });
        continue;
      }
      open.push([older, newer]);
    }
  }
  const item = (b: Belief) => ({ text: b.text, at: b.validFrom, kind: b.kind });
  const fresh: JudgedPair[] = [];
  const record = (older: Belief, newer: Belief, verdict: JudgeVerdict) => {
    judged.push({ older, newer, verdict, cached: false });
    fresh.push({
      a: older.id,
      b: newer.id,
      aHash: older.contentHash,
      bHash: newer.contentHash,
      relation: verdict.relation,
      judge: verdict.judge ?? judge.name,
      reason: verdict.reason,
      at: now,
    });
  };
  if (judge.compareMany && open.length > 0) {
    const verdicts = await judge.compareMany(
      open.map(([older, newer]) => ({ a: item(older), b: item(newer) })),
    );
    for (const [k, [older, newer]] of open.entries()) record(older, newer, verdicts[k]!);
    onProgress?.(pairs.length, pairs.length);
  } else
    for (let i = 0; i < open.length; i++) {
      const [older, newer] = open[i]!;
      record(older, newer, await judge.compare(item(older), item(newer)));
      if ((i + 1) % 500 === 0 || i + 1 === open.length)
        onProgress?.(pairs.length - open.length + i + 1, pairs.length);
    }
  return { judged, fresh };
}

/** The lexical judge's name: its cached verdicts are re-asked of a semantic judge. */
const LEXICAL = "lexical";

/**
 * Pairs asked of the judged-pair cache in one lookup. A lookup's answer holds ~480 bytes a cached
 * row (bench/cache-lookup.ts: 22.9 MiB for a 50,000-pair run at 10k beliefs, ~2 GB for a full
 * sweep at a million), beside the ~340 bytes a pair the run's `judged` list holds anyway; a
 * lookup of this many holds ~9 MB at any size, and each id is still checked about once.
 */
export const CACHE_LOOKUP_PAIRS = 20_000;

/** The pairs a judge handed to another (a model judge's fallbacks), grouped by why. */
export function fallbacksOf(judged: readonly JudgedCandidate[]): Fallback[] {
  const groups = new Map<string, Fallback>();
  for (const j of judged) {
    if (j.cached || j.verdict.fallback === undefined) continue;
    const judge = j.verdict.judge ?? LEXICAL;
    const key = `${judge}\u0000${j.verdict.fallback}`;
    let g = groups.get(key);
    if (!g) {
      g = { judge, why: j.verdict.fallback, count: 0, pairs: [] };
      groups.set(key, g);
    }
    g.count++;
    if (g.pairs.length < FALLBACK_PAIRS_LISTED) g.pairs.push([j.older.id, j.newer.id]);
  }
  return [...groups.values()];
}

/** Why `older` may not be superseded by an automatic process, or null. */
export function sweepImmunity(older: Belief): string | null {
  if (older.pinned) return "skipped: pinned";
  if (older.restored) return "skipped: restored";
  return null;
}

/**
 * Applies judged candidates: supersede, merge, or skip with a reason, in bounded steps
 * (sleep/steps.ts). Each decision re-reads both sides inside its transaction and skips a pair
 * whose side changed or already left the active set.
 */
export async function applyJudged(
  store: Store,
  writes: Writes,
  judged: readonly JudgedCandidate[],
  fresh: readonly JudgedPair[],
  step: StepBound = DEFAULT_STEP,
  elapsed: () => number = () => 0,
): Promise<SleepItem[]> {
  const items: SleepItem[] = [];
  const threshold = writes.policy.stalenessThreshold;
  // A pair scored below the staleness threshold is left for a semantic judge (`candidates`).
  const below = (j: JudgedCandidate) => j.probability !== undefined && j.probability < threshold;
  for (const j of judged)
    if (ACTING.has(j.verdict.relation) && below(j))
      items.push(
        skip(
          j.older.id,
          j.newer.id,
          `skipped: below stalenessThreshold (${j.verdict.relation} at p ${j.probability} < ${threshold}; ${j.verdict.reason})`,
        ),
      );
  const actionable = judged
    .filter((j) => j.verdict.relation !== "distinct" && j.verdict.relation !== "refines" && !below(j))
    // Oldest change first, so a chain A → B → C closes A by B, then B by C.
    .sort((x, y) =>
      x.newer.validFrom !== y.newer.validFrom
        ? x.newer.validFrom < y.newer.validFrom
          ? -1
          : 1
        : Number(x.newer.id.slice(1)) - Number(y.newer.id.slice(1)) ||
          Number(x.older.id.slice(1)) - Number(y.older.id.slice(1)),
    );
  // The verdicts first (cheap, many per step): a run stopped between steps finds them cached.
  await inSteps(store, fresh, { ...step, items: step.items * 8 }, elapsed, (tx, p) => tx.putJudgedPair(p));
  await inSteps(store, actionable, step, elapsed, async (tx, j) => {
    const [older, newer] = await Promise.all([
      tx.getBelief(j.older.id, j.older.namespace),
      tx.getBelief(j.newer.id, j.older.namespace),
    ]);
    if (!older || !newer) return;
    const stale =
      older.status !== "active" ||
      newer.status !== "active" ||
      older.contentHash !== j.older.contentHash ||
      newer.contentHash !== j.newer.contentHash;
    if (stale) return;
    if (j.verdict.relation === "duplicate") {
      // The better-supported one survives; on a tie, the older keeps its id.
      const olderWins =
        older.pinned || (!newer.pinned && older.support + older.successes >= newer.support + newer.successes);
      const [survivor, loser] = olderWins ? [older, newer] : [newer, older];
      if (loser.pinned || loser.restored) {
        items.push(skip(loser.id, survivor.id, loser.pinned ? "skipped: pinned" : "skipped: restored"));
        return;
      }
      await writes.mergeBeliefs(tx, survivor, loser, `duplicate: ${j.verdict.reason}`);
      items.push({ action: "merged", id: loser.id, by: survivor.id, reason: j.verdict.reason, related: [] });
      return;
    }
    const immune = sweepImmunity(older);
    if (immune) {
      items.push(skip(older.id, newer.id, immune));
      return;
    }
    // Said in passing beside a question: the change is offered to the agent (`candidates()`), not made.
    if (saidWhileAsking(newer)) {
      items.push(skip(older.id, newer.id, `skipped: deferred, [${newer.id}] ${SAID_WHILE_ASKING}`));
      return;
    }
    await writes.closeBelief(
      tx,
      older.id,
      older.namespace,
      newer.id,
      newer.validFrom,
      writes.now(),
      "superseded",
    );
    items.push({ action: "superseded", id: older.id, by: newer.id, reason: j.verdict.reason, related: [] });
  });
  return items;
}

function skip(id: string, by: string | null, reason: string): SleepItem {
  return { action: "skipped", id, by, reason, related: [] };
}

/**
 * The sweep: supersession and redundancy among active facts and failures, then the retention
 * (TTL) sweep. Incremental by default: only beliefs recorded since the last sweep are examined
 * against their neighbours.
 */
export async function sweep(
  store: Store,
  writes: Writes,
  judge: Judge,
  options: SweepOptions,
  ttlDays: number | null,
  elapsed: () => number,
): Promise<SleepReport> {
  const started = elapsed();
  const { namespace } = options;
  const now = writes.now();
  const { beliefs, tokens } = await activeSet(store, namespace);
  const mark = options.full ? null : await store.getMeta(metaKey("sweep", namespace));
  const dirty: number[] = [];
  beliefs.forEach((b, i) => {
    if (!mark || b.recordedAt > mark) dirty.push(i);
  });
  const pairs = candidatePairs(beliefs, dirty, options.neighbors ?? 6, tokens).map(
    ([a, b]) => [beliefs[a]!, beliefs[b]!] as [Belief, Belief],
  );
  // A judge that batches under a budget (a model judge) also gets the same-subject pairs that
  // `candidates` offers an agent, so no unsure pair of a new belief waits for an agent that is not
  // there. Only the judge's own verdicts count on those: a lexical rule or a fallback never acts on
  // a pair the neighbour index did not find (it stays in `candidates` instead).
  if (judge.compareMany) await loadTagger();
  const extra = judge.compareMany
    ? subjectPairsOf(beliefs, tokens, dirty, pairs, EXTRA_PER_BUDGET * (judge.pairsPerRun ?? 250))
    : [];
  const all = extra.length > 0 ? pairs.concat(extra) : pairs;
  const result = await judgePairs(store, judge, all, now, namespace, options.onProgress);
  let { judged, fresh } = result;
  if (extra.length > 0) {
    const extraKeys = new Set(extra.map(([older, newer]) => `${older.id}:${newer.id}`));
    const own = (key: string, by: string | undefined) => !extraKeys.has(key) || by === undefined;
    judged = judged.filter((j) => j.cached || own(`${j.older.id}:${j.newer.id}`, j.verdict.judge));
    fresh = fresh.filter((p) => own(`${p.a}:${p.b}`, p.judge === judge.name ? undefined : p.judge));
  }
  const scores = await scorePairs(judged);
  const step = options.step ?? DEFAULT_STEP;
  const items = await applyJudged(store, writes, judged, fresh, step, elapsed);
  const fallbacks = fallbacksOf(judged);
  // Calibration: the beliefs this sweep examined (new ones and both sides of every judged pair).
  const examined = new Map<string, Belief>();
  for (const i of dirty) examined.set(beliefs[i]!.id, beliefs[i]!);
  for (const j of judged) {
    examined.set(j.older.id, j.older);
    examined.set(j.newer.id, j.newer);
  }
  await storeCalibration(store, writes, namespace, [...examined.values()], scores, step, elapsed);

  if (ttlDays !== null)
    items.push(...(await retentionSweep(store, writes, namespace, ttlDays, step, elapsed)));

  const newest = beliefs.reduce((m, b) => laterOf(m, b.recordedAt), mark ?? "");
  if (newest) await store.transaction((tx) => tx.setMeta(metaKey("sweep", namespace), newest));
  const report = makeReport("sweep", namespace, now, items, {
    beliefs: beliefs.length,
    pairs: pairs.length + extra.length,
    judged: fresh.length,
    cached: judged.length - fresh.length,
    ms: elapsed() - started,
  });
  if (fallbacks.length > 0) report.fallbacks = fallbacks;
  return report;
}

/** The newest `max` same-subject pairs (`subjectPairs`) with a side in `dirty`, less those in `known`. */
function subjectPairsOf(
  beliefs: readonly Belief[],
  tokens: readonly (readonly string[])[],
  dirty: readonly number[],
  known: readonly [Belief, Belief][],
  max: number,
): [Belief, Belief][] {
  if (dirty.length === 0 || max <= 0) return [];
  const isDirty = new Set(dirty.map((i) => beliefs[i]!.id));
  const seen = new Set(
    known.map(([x, y]) =>
      orient(x, y)
        .map((b) => b.id)
        .join(":"),
    ),
  );
  const out: [Belief, Belief][] = [];
  for (const [newer, older] of subjectPairs(beliefs, IN_CONTEXT, tokens)) {
    if (!isDirty.has(newer.id) && !isDirty.has(older.id)) continue;
    const key = `${older.id}:${newer.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([older, newer]);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Same-subject pairs offered to a budgeted judge per pair of its budget, newest first: enough for
 * it to spend the budget on unsure ones, without screening every pair of the store each run.
 */
const EXTRA_PER_BUDGET = 4;

/** Retires active, unconfirmed facts older than the namespace's TTL (pinned, restored and proven are kept). */
async function retentionSweep(
  store: Store,
  writes: Writes,
  namespace: string,
  ttlDays: number,
  step: StepBound,
  elapsed: () => number,
): Promise<SleepItem[]> {
  const now = writes.now();
  const cutoff = new Date(Date.parse(now) - ttlDays * 86_400_000).toISOString();
  const items: SleepItem[] = [];
  const due = (await loadActive(store, namespace)).filter((b) => (b.lastConfirmedAt ?? b.validFrom) < cutoff);
  await inSteps(store, due, step, elapsed, async (tx, listed) => {
    // Read again inside the step: a write between steps may have confirmed or closed it.
    const b = await tx.getBelief(listed.id, namespace);
    if (b?.status !== "active" || (b.lastConfirmedAt ?? b.validFrom) >= cutoff) return;
    const immune =
      sweepImmunity(b) ??
      (b.confidence >= writes.policy.provenConfidence && b.successes >= writes.policy.provenSuccesses
        ? "skipped: proven"
        : null);
    if (immune) {
      items.push(skip(b.id, null, immune));
      return;
    }
    await tx.updateBelief(b.id, { status: "retired", statusReason: "ttl", retiredAt: now });
    await writes.audit(tx, namespace, "belief.retired", b.id, { reason: "ttl", ttlDays });
    items.push({
      action: "retired",
      id: b.id,
      by: null,
      reason: `ttl: older than ${ttlDays} days`,
      related: [],
    });
  });
  return items;
}
