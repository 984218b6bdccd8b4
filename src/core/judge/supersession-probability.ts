/**
 * The supersession probability of a judged pair (Sieve's `score_staleness`): how likely it is that
 * the newer statement replaces (or restates) the older one, so the older may leave the active set.
 * Read from the judge's evidence about the pair, never a constant:
 *
 *   logit p = −2.5
 *           + 3.0   the judge gave a confident acting verdict (duplicate, supersedes, contradicts)
 *           + 0.8   the same subject on both sides (the slots' subject words)
 *           + 0.4   the same predicate (or the newer announces a change of it)
 *           + 0.6   the value agrees with the verdict: for a change, the value, negation or a state
 *                   differs; for a duplicate, the values are the same
 *           + 0.6 × min(1, ln(1 + days) / ln(366))   recency: world days from the older to the newer
 *
 *   p = 1 only for the same text (case, spacing and closing punctuation aside): an exact duplicate.
 *
 * Every term only adds, so p never falls when evidence is added (monotone, tested). The weights put
 * every confident acting verdict at p ≥ 0.62 (σ(0.5)) and every unsure one at p ≤ 0.48 (σ(−0.1)):
 * the default `stalenessThreshold` 0.5 acts on exactly what the judge acts on today, a higher
 * threshold defers the weaker confident verdicts to `candidates`, and 1 defers all but exact
 * duplicates. No threshold makes an unsure verdict act: it stores both sides whatever its p.
 * How the scores measure against the supersession set's dev half: docs/retention.md.
 *
 *   await loadTagger();
 *   supersessionProbability(verdict, { text: "Retry limit is 5", at: t0 }, { text: "Retry limit is now 7", at: t1 })
 *   // → 0.93
 */
import type { JudgeItem, JudgeVerdict } from "../ports.js";
import { analysisOf, flippedStates, minus, setOf, slotsOf } from "./analysis.js";

/** What the probability is read from; each flag adds to it. */
export interface SupersessionEvidence {
  /** The same text, case, spacing and closing punctuation aside. */
  exact: boolean;
  /** The judge acts on the pair on evidence it can name (a confident duplicate, supersedes, contradicts). */
  acting: boolean;
  sameSubject: boolean;
  samePredicate: boolean;
  /** A change: the value, negation or a state differs. A duplicate: the values agree. */
  valueAgrees: boolean;
  /** World days from the older statement to the newer (0 when the newer is not later). */
  daysApart: number;
}

export const SUPERSESSION_WEIGHTS = Object.freeze({
  bias: -2.5,
  acting: 3.0,
  sameSubject: 0.8,
  samePredicate: 0.4,
  valueAgrees: 0.6,
  recency: 0.6,
});

/** The lowest probability a confident acting verdict can have: σ(bias + acting), as scores are rounded. */
export const CONFIDENT_FLOOR = round3(sigmoid(SUPERSESSION_WEIGHTS.bias + SUPERSESSION_WEIGHTS.acting));

const ACTING = new Set(["duplicate", "supersedes", "contradicts"]);
const DAY = 86_400_000;

const normalised = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!;\s]+$/, "");

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The probability from its evidence. Pure; exact duplicates are 1. */
export function probabilityOf(e: SupersessionEvidence): number {
  if (e.exact) return 1;
  const w = SUPERSESSION_WEIGHTS;
  const recency = Math.min(1, Math.log1p(Math.max(0, e.daysApart)) / Math.log1p(365));
  const logit =
    w.bias +
    (e.acting ? w.acting : 0) +
    (e.sameSubject ? w.sameSubject : 0) +
    (e.samePredicate ? w.samePredicate : 0) +
    (e.valueAgrees ? w.valueAgrees : 0) +
    w.recency * recency;
  return round3(sigmoid(logit));
}

/**
 * The evidence about a pair (older `a`, newer `b`) behind `verdict`. Reads part-of-speech slots:
 * `await loadTagger()` first.
 */
export function supersessionEvidence(
  verdict: Pick<JudgeVerdict, "relation" | "confident">,
  a: Pick<JudgeItem, "text" | "at">,
  b: Pick<JudgeItem, "text" | "at">,
): SupersessionEvidence {
  const daysApart = Math.max(0, (Date.parse(b.at) - Date.parse(a.at)) / DAY) || 0;
  if (normalised(a.text) === normalised(b.text))
    return {
      exact: true,
      acting: true,
      sameSubject: true,
      samePredicate: true,
      valueAgrees: true,
      daysApart,
    };
  const xa = analysisOf(a.text);
  const xb = analysisOf(b.text);
  const sa = slotsOf(xa);
  const sb = slotsOf(xb);
  const subjA = setOf(sa.subject);
  const subjB = setOf(sb.subject);
  const sameSubject = subjA.size > 0 && subjA.size === subjB.size && minus(subjA, subjB).length === 0;
  const samePredicate =
    sa.predicate !== null &&
    sb.predicate !== null &&
    (sa.predicate === sb.predicate || sa.predicate === "→" || sb.predicate === "→");
  const valueA = setOf(sa.value);
  const valueB = setOf(sb.value);
  const sameValue = valueA.size === valueB.size && minus(valueA, valueB).length === 0;
  const differs =
    (valueA.size > 0 && valueB.size > 0 && !sameValue) ||
    xa.negated !== xb.negated ||
    flippedStates(xa, xb).length > 0;
  return {
    exact: false,
    acting: ACTING.has(verdict.relation) && verdict.confident !== false,
    sameSubject,
    samePredicate,
    valueAgrees: verdict.relation === "duplicate" ? sameValue && !differs : differs,
    daysApart,
  };
}

/** The supersession probability of a judged pair. `await loadTagger()` first. */
export function supersessionProbability(
  verdict: Pick<JudgeVerdict, "relation" | "confident">,
  a: Pick<JudgeItem, "text" | "at">,
  b: Pick<JudgeItem, "text" | "at">,
): number {
  return probabilityOf(supersessionEvidence(verdict, a, b));
}
