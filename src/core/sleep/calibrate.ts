/**
 * Sieve's calibration stage, in sleep: each belief the sweep examined gets three scores, stored
 * with it (`belief.calibration`) and shown by `get`, `explain` and recall's `why`:
 *
 *   supersession  the highest supersession probability of the pairs it was the older side of
 *                 (../judge/supersession-probability.ts); the sweep acts on a pair only at or
 *                 above the policy's `stalenessThreshold`
 *   salience      how much it matters now, 0..1 (`salienceOf`)
 *   category      what it is about (`categoryOf`): its kind, `identity` when pinned, `preference`
 *
 * Scores are derived, not content: writing them changes no text, status or confidence, so each
 * sweep adds one audit entry for all of them (`beliefs.calibrated`), not one per belief.
 */
import { laplaceConfidence, lastReinforcedAt, reinforcedHalfLife, usageSignal } from "../forgetting.js";
import type { Belief, BeliefCalibration, Category } from "../model.js";
import type { Policy } from "../policy.js";
import type { Store } from "../ports.js";
import type { Writes } from "../writes.js";
import { DEFAULT_STEP, inSteps, type StepBound } from "./steps.js";

const DAY_MS = 86_400_000;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Salience in 0..1: 0.4 × recency (the forgetting curve since the last restatement, use or
 * confirmation, on the reinforced half-life) + 0.3 × evidence (restatements, uses and successes,
 * log-scaled to `usageSaturation`) + 0.3 × the outcome rate (Laplace). Pinned: 1. Each signal only
 * adds: a restatement, a use, a success or a more recent touch never lowers it; a failure does.
 *
 *   salienceOf(belief, "2026-03-01T00:00:00.000Z", DEFAULT_POLICY) // → 0.55 for a new, untested belief
 */
export function salienceOf(
  b: Pick<
    Belief,
    | "pinned"
    | "support"
    | "uses"
    | "successes"
    | "failures"
    | "halfLifeDays"
    | "lastConfirmedAt"
    | "lastUsedAt"
    | "recordedAt"
  >,
  now: string,
  policy: Pick<Policy, "reinforcementWeight" | "usageSaturation">,
): number {
  if (b.pinned) return 1;
  const days = Math.max(0, (Date.parse(now) - Date.parse(lastReinforcedAt(b as Belief))) / DAY_MS);
  const recency = 0.5 ** (days / reinforcedHalfLife(b, policy.reinforcementWeight));
  const evidence = usageSignal(Math.max(0, b.support - 1) + b.uses + b.successes, policy.usageSaturation);
  return round3(0.4 * recency + 0.3 * evidence + 0.3 * laplaceConfidence(b.successes, b.failures));
}

/** A fact that states what someone prefers, likes, wants or avoids by taste. */
const PREFERENCE_RE =
  /\b(?:prefer(?:s|red|ring|ence|ences)?|likes?|liked|loves?|loved|enjoys?|enjoyed|hates?|hated|dislikes?|disliked|favou?rite|wants?|wanted|would rather|rather than)\b/i;

/**
 * The belief's category: `identity` when pinned (the identity layer), else its kind, a fact that
 * states a preference being `preference`.
 *
 *   categoryOf({ kind: "fact", pinned: false, text: "User preferred language is Python 3.12" }) // → "preference"
 */
export function categoryOf(b: Pick<Belief, "kind" | "pinned" | "text">): Category {
  if (b.pinned) return "identity";
  if (b.kind !== "fact") return b.kind;
  return PREFERENCE_RE.test(b.text) ? "preference" : "fact";
}

/** The strongest pair a belief was the older side of in one sweep. */
export interface PairScore {
  p: number;
  by: string;
}

/**
 * Writes the scores of `beliefs` (a sweep's examined beliefs) in bounded steps (sleep/steps.ts),
 * then one audit entry. A belief in no scored pair keeps the supersession probability it had.
 */
export async function storeCalibration(
  store: Store,
  writes: Writes,
  namespace: string,
  beliefs: readonly Belief[],
  pairScores: ReadonlyMap<string, PairScore>,
  step: StepBound = DEFAULT_STEP,
  elapsed: () => number = () => 0,
): Promise<number> {
  if (beliefs.length === 0) return 0;
  const now = writes.now();
  let written = 0;
  await inSteps(store, beliefs, step, elapsed, async (tx, seen) => {
    const b = await tx.getBelief(seen.id, namespace);
    if (b?.status !== "active") return;
    const pair = pairScores.get(b.id);
    const calibration: BeliefCalibration = {
      supersession: pair ? pair.p : (b.calibration?.supersession ?? null),
      supersededBy: pair ? pair.by : (b.calibration?.supersededBy ?? null),
      salience: salienceOf(b, now, writes.policy),
      category: categoryOf(b),
      at: now,
    };
    await tx.updateBelief(b.id, { calibration });
    written++;
  });
  if (written > 0)
    await store.transaction((tx) =>
      writes.audit(tx, namespace, "beliefs.calibrated", null, {
        beliefs: written,
        stalenessThreshold: writes.policy.stalenessThreshold,
      }),
    );
  return written;
}
