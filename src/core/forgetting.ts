/**
 * Confidence and the forgetting curve. Confidence has one mutator, outcomes; time only
 * discounts it for ranking and never rewrites what was stored.
 */
import type { Belief } from "./model.js";

const DAY_MS = 86_400_000;

/** Laplace-smoothed success rate: 0 outcomes → 0.5, 1/1 → 0.67, 9/9 → 0.91. */
export function laplaceConfidence(successes: number, failures: number): number {
  return (successes + 1) / (successes + failures + 2);
}

/**
 * Confidence after an outcome (the counts already include it). `laplace`: the smoothed rate.
 * `halve`: a failure halves the confidence (Sediment's contradict); a success brings it back to at
 * least the Laplace rate.
 *
 *   nextConfidence(0.5, 0, 1, false, "halve")   // 0.25
 *   nextConfidence(0.5, 0, 1, false, "laplace") // 0.33
 */
export function nextConfidence(
  before: number,
  successes: number,
  failures: number,
  success: boolean,
  mode: "laplace" | "halve",
): number {
  const rate = laplaceConfidence(successes, failures);
  if (mode === "laplace") return rate;
  return success ? Math.max(before, rate) : before / 2;
}

/** Half-life grows with each confirmation: base × (1 + successes). */
export function halfLifeFor(baseDays: number, successes: number): number {
  return baseDays * (1 + successes);
}

/**
 * The half-life with spaced repetition: the stored one (base × (1 + successes)) lengthened by
 * every restatement and use, × (1 + weight × (support − 1 + uses)).
 */
export function reinforcedHalfLife(
  belief: Pick<Belief, "halfLifeDays" | "support" | "uses">,
  weight: number,
): number {
  return belief.halfLifeDays * (1 + weight * (Math.max(0, belief.support - 1) + belief.uses));
}

/** When the forgetting curve last restarted: the last confirmation (outcome or restatement) or use, else recording. */
export function lastReinforcedAt(belief: Belief): string {
  const last = [belief.lastConfirmedAt, belief.lastUsedAt].filter((x): x is string => x !== null).sort();
  return last.at(-1) ?? belief.recordedAt;
}

/**
 * Confidence discounted by time since the belief was last reinforced (confirmed, restated or
 * used), on its reinforced half-life. Pinned: no decay. `reinforcementWeight` defaults to the
 * policy's default (0.5).
 *
 *   effectiveConfidence(belief, now, policy.reinforcementWeight)
 */
export function effectiveConfidence(belief: Belief, now: string, reinforcementWeight = 0.5): number {
  if (belief.pinned) return belief.confidence;
  const days = Math.max(0, (Date.parse(now) - Date.parse(lastReinforcedAt(belief))) / DAY_MS);
  return belief.confidence * 0.5 ** (days / reinforcedHalfLife(belief, reinforcementWeight));
}

/** Usage in [0,1]: log-scaled uses, saturating at `saturation`. */
export function usageSignal(uses: number, saturation: number): number {
  return Math.min(1, Math.log1p(uses) / Math.log1p(saturation));
}

/** The seeds' utility: 0.7 · confidence + 0.3 · usage. */
export function utility(confidence: number, usage: number): number {
  return 0.7 * confidence + 0.3 * usage;
}
