/**
 * A recall hit from a record: relevance times utility under the forgetting curve, and `why`, whose
 * opening is written only for the hits recall returns (`finishWhy`).
 */
import { effectiveConfidence, usageSignal, utility } from "../forgetting.js";
import type { Belief, Episode, RecallHit } from "../model.js";
import type { Policy } from "../policy.js";

/**
 * The opening of each hit's `why.summary` (how it matched; its evidence), written only for the
 * hits recall returns: a call scores 20–100 candidates and returns k. Until then a hit's summary
 * holds only what the reorderings added (`; newer than [b12] …`), which is what they read.
 */
const PENDING_WHY = new WeakMap<RecallHit, () => string>();

export function finishWhy(hit: RecallHit): void {
  const opening = PENDING_WHY.get(hit);
  if (!opening) return;
  PENDING_WHY.delete(hit);
  hit.why.summary = opening() + hit.why.summary;
}

/**
 * The share of an episode's confidence a question keeps in ranking: an episode recorded as a
 * question (`type: "question"`) matches the words of its answer but asserts none of it, so the
 * fact that answers it ranks above it at equal relevance.
 */
export const QUESTION_EVIDENCE = 0.5;

/** Sleep's calibration of a belief in words, for `why` (empty before its first sweep). */
function calibrationWords(b: Belief): string {
  const c = b.calibration;
  if (!c) return "";
  const stale = c.supersession === null ? "" : `, supersession ${c.supersession} by [${c.supersededBy}]`;
  return `; ${c.category}, salience ${c.salience}${stale}`;
}

/**
 * A hit for a statement a lift found outside recall's candidates (no full-text or vector rank):
 * the relevance it borrows from the hit it is ranked against, and how the lift found it.
 */
export const liftedHitOf = (
  r: Belief | Episode,
  policy: Policy,
  now: string,
  relevance: number,
  matched: string,
): RecallHit => hitOf(r, policy, now, { textRank: null, vectorRank: null, relevance, matched });

/** One hit from a record: relevance times utility, and why, in numbers and in words. */
export function hitOf(
  r: Belief | Episode,
  policy: Policy,
  now: string,
  m: {
    textRank: number | null;
    vectorRank: number | null;
    relevance: number;
    /** How it matched, in words (or a function giving them, called only for a returned hit). */
    matched: string | (() => string);
  },
): RecallHit {
  const isBelief = "kind" in r;
  // A question asks; it tells nothing: as evidence it counts for less than a statement.
  const asks = !isBelief && r.type === "question";
  const episodeConfidence = policy.episodeConfidence * (asks ? QUESTION_EVIDENCE : 1);
  const confidence = isBelief ? r.confidence : episodeConfidence;
  // A kind kept until superseded (policy.retention: facts and procedures by default) states how
  // things are: age alone says nothing against it, so it ranks on its confidence, undecayed.
  // Decaying kinds (failures, rules) must keep earning their place, in ranking as in maintain.
  const kept = isBelief && policy.retention[r.kind] === "keep";
  const effective = !isBelief
    ? episodeConfidence
    : kept
      ? r.confidence
      : effectiveConfidence(r, now, policy.reinforcementWeight);
  const usage = isBelief ? usageSignal(r.uses, policy.usageSaturation) : 0;
  const util = utility(effective, usage);
  const score = m.relevance * (1 - policy.utilityWeight + policy.utilityWeight * util);
  const evidence = () =>
    isBelief
      ? `confidence ${confidence.toFixed(2)} (${r.successes}/${r.successes + r.failures} outcomes), ${kept ? "kept (no decay)" : `${effective.toFixed(2)} after decay`}, ${r.uses} uses${calibrationWords(r)}`
      : `${asks ? "a question, not an answer: " : ""}episode from ${r.at.slice(0, 10)}${r.outcome ? ` (${r.outcome})` : ""}`;
  const matched = m.matched;
  const why = {
    textRank: m.textRank,
    vectorRank: m.vectorRank,
    relevance: m.relevance,
    confidence,
    effectiveConfidence: effective,
    usage,
    utility: util,
    // Its opening is written when recall returns the hit (`finishWhy`).
    summary: "",
  };
  // One literal per layer (no conditional spread), keys in the same order.
  // Copies of `sources` and `exceptions`: a store may hand the same record to later reads (its
  // read cache), and a caller may change what it was given.
  const hit: RecallHit = isBelief
    ? {
        id: r.id,
        layer: "belief",
        kind: r.kind,
        text: r.text,
        namespace: r.namespace,
        status: r.status,
        score,
        at: r.validFrom,
        validTo: r.validTo,
        sources: [...r.sources],
        // A rule is never shown without where it stops holding (Sediment's recall-before-acting).
        when: r.when,
        prefer: r.prefer,
        exceptions: [...r.exceptions],
        why,
      }
    : {
        id: r.id,
        layer: "episode",
        kind: "episode",
        text: r.content,
        namespace: r.namespace,
        status: r.status,
        score,
        at: r.at,
        validTo: r.validTo,
        sources: [],
        why,
      };
  PENDING_WHY.set(hit, () => `${typeof matched === "string" ? matched : matched()}; ${evidence()}`);
  return hit;
}
