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

/** Half-life grows with each confirmation: base × (1 + successes). */
export function halfLifeFor(baseDays: number, successes: number): number {
  return baseDays * (1 + successes);
}

/** Confidence discounted by time since the last confirmation (or since recording). Pinned: no decay. */
export function effectiveConfidence(belief: Belief, now: string): number {
  if (belief.pinned) return belief.confidence;
  const since = belief.lastConfirmedAt ?? belief.recordedAt;
  const days = Math.max(0, (Date.parse(now) - Date.parse(since)) / DAY_MS);
  return belief.confidence * 0.5 ** (days / belief.halfLifeDays);
}

/** Usage in [0,1]: log-scaled uses, saturating at `saturation`. */
export function usageSignal(uses: number, saturation: number): number {
  return Math.min(1, Math.log1p(uses) / Math.log1p(saturation));
}

/** The seeds' utility: 0.7 · confidence + 0.3 · usage. */
export function utility(confidence: number, usage: number): number {
  return 0.7 * confidence + 0.3 * usage;
}
