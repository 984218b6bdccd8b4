/**
 * The write gate: what not to store. A new item is compared with its nearest beliefs and
 * unconsolidated episodes, and the gate returns one verdict with its reason. Pure decision:
 * the engine carries it out.
 *
 *   novel            store
 *   refinement       store, link to what it refines
 *   contradiction    store, close the old belief (unless pinned, or the new one is older)
 *   redundant        strengthen the target's support, store nothing
 *   outcome-conflict same thing, different result: always store
 */

import { renderedEcho } from "./echo.js";
import { distinctions } from "./judge/analysis.js";
import { UNCOVERED_RULE, uncoveredWords } from "./judge/coverage.js";
import { OTHER_OUTCOME_RULE } from "./judge/rules.js";
import { CONFIDENT_FLOOR, supersessionProbability } from "./judge/supersession-probability.js";
import { loadTagger } from "./judge/tagger.js";
import type { Layer, Outcome, Verdict } from "./model.js";
import type { Policy } from "./policy.js";
import { isConfident, type Judge, type JudgeVerdict } from "./ports.js";
import { analyseEcho, isQuestion } from "./text.js";

export interface GateCandidate {
  id: string;
  layer: Layer;
  text: string;
  /** World time of the candidate: a belief's validFrom, an episode's event time. */
  at: string;
  kind: string;
  /** success / failure when the candidate carries a result (episode outcome, failure belief). */
  valence: Outcome | null;
  pinned: boolean;
}

export interface GateItem {
  text: string;
  at: string;
  kind: string;
  valence: Outcome | null;
  /** Rules and questions are never closed off at write time. */
  mayContradict: boolean;
  /**
   * Why a change this item makes is left to the agent rather than made: set for a statement sleep
   * took out of a turn that asks something (sleep/asking-turns.ts). A change it would make is
   * stored beside its target and offered by `candidates()`, as a change below the staleness
   * threshold is.
   */
  deferChange?: string;
}

export interface GateDecision {
  verdict: Verdict;
  target: GateCandidate | null;
  similarity: number;
  judged: JudgeVerdict | null;
  /** Close the target off (validTo, supersededBy). */
  supersede: boolean;
  /** The new item is older than the target it contradicts: store it as history. */
  historical: boolean;
  reason: string;
  /**
   * The named rule behind the verdict: the judge's rule (the lexical judge's reason code), or the
   * gate's own (`recalled-memory`, `kept-distinct`); null when nothing was near.
   */
  rule: string | null;
  /**
   * True when no rule could name its evidence: the item was stored (never dropped, never closing
   * anything) and the pair is left to a semantic judge (`candidates` → `judge`, or a model judge).
   */
  deferred: boolean;
  notes: string[];
  /**
   * The text is Strata's own output written back (a recall line, a context block, a table row):
   * redundant, and it adds no support — repeating what Strata said is not a new statement.
   */
  echo?: boolean;
}

/** The rule a judge's verdict names: its `rule`, or the code before the reason's first colon-space. */
const ruleOf = (v: JudgeVerdict | null): string | null =>
  v ? (v.rule ?? v.reason.split(": ")[0] ?? v.reason) : null;

const RANK: Record<JudgeVerdict["relation"], number> = {
  duplicate: 4,
  supersedes: 3,
  contradicts: 3,
  refines: 2,
  distinct: 1,
};

/**
 * The pair's supersession probability when it is below the policy's `stalenessThreshold` (the
 * gate must not act on it alone), else null. At a threshold no confident verdict falls below
 * (the default), nothing is computed.
 */
async function belowThreshold(
  v: JudgeVerdict,
  older: GateCandidate,
  newer: { text: string; at: string },
  policy: Policy,
): Promise<number | null> {
  if (policy.stalenessThreshold <= CONFIDENT_FLOOR) return null;
  await loadTagger();
  const p = supersessionProbability(v, older, newer);
  return p < policy.stalenessThreshold ? p : null;
}

const deferredBy = (p: number, policy: Policy) =>
  `its supersession probability ${p} is below stalenessThreshold ${policy.stalenessThreshold}: both kept for a semantic judge`;

export async function decide(
  item: GateItem,
  candidates: readonly GateCandidate[],
  judge: Judge,
  policy: Policy,
): Promise<GateDecision> {
  // Strata's own output written back (a recall line, a context block, a table row) first.
  const rendered = renderedEcho(item.text);
  const echo = rendered
    ? { echo: true, core: rendered.core, cited: [...rendered.cited, ...analyseEcho(rendered.core).cited] }
    : analyseEcho(item.text);
  const question = isQuestion(item.text);
  const notes: string[] = [];

  // A text that cites a stored id is that memory written back.
  const cited = candidates.find((c) => echo.cited.includes(c.id));
  if (cited && (item.valence === null || cited.valence === null || item.valence === cited.valence)) {
    return {
      verdict: "redundant",
      target: cited,
      similarity: 1,
      judged: null,
      supersede: false,
      historical: false,
      reason: `recalled memory written back: cites [${cited.id}]`,
      rule: "recalled-memory",
      deferred: false,
      notes,
      ...(rendered ? { echo: true } : {}),
    };
  }

  const probe = { text: echo.echo ? echo.core : item.text, at: item.at, kind: item.kind };
  const judged: { c: GateCandidate; v: JudgeVerdict }[] = [];
  for (const c of candidates) {
    const stored = { text: c.text, at: c.at, kind: c.kind };
    let v = await judge.compare(stored, probe);
    // A statement dated before the belief it meets held first. When the judge cannot say how it
    // follows the stored one, it reads the two in the order they held: "The API rate limit is now
    // 250" stored, then "The API rate limit was 60" dated a month before it — a past value, which
    // read after 250 is unsure (`unsure:one-occasion`), read before it is the value 250 replaced. A
    // change found so is history (`backdated` below), never a replacement.
    if (item.at < c.at && !isConfident(v)) {
      const heldFirst = await judge.compare(probe, stored);
      if (isConfident(heldFirst) && heldFirst.relation !== "duplicate") v = heldFirst;
    }
    judged.push({ c, v });
  }
  judged.sort(
    (x, y) =>
      RANK[y.v.relation] - RANK[x.v.relation] ||
      y.v.similarity - x.v.similarity ||
      (x.c.id < y.c.id ? -1 : 1),
  );

  const duplicateFloor = echo.echo ? policy.echoSimilarity : policy.redundantSimilarity;
  // Redundant drops the new text, so whatever judge said "duplicate", a restatement whose numbers,
  // units, negation or states differ, or with a word the matched text does not account for, is
  // kept: stored, linked, and left for a semantic judge.
  const kept: { c: GateCandidate; v: JudgeVerdict; differs: string; rule: string }[] = [];
  // `distinctions` reads tags: a judge other than the lexical one may not have loaded the tagger.
  if (judged.some((j) => j.v.relation === "duplicate")) await loadTagger();
  const dup = judged.find((j) => {
    if (j.v.relation !== "duplicate" || j.v.similarity < duplicateFloor) return false;
    const distinct = distinctions(j.c.text, probe.text);
    const uncovered = distinct ? [] : uncoveredWords(j.c.text, probe.text);
    if (!distinct && uncovered.length === 0) return true;
    const differs = distinct ?? `words "${uncovered.join(" ")}"`;
    notes.push(`kept: ${differs} ${distinct ? "differ from" : "not in"} [${j.c.id}]`);
    kept.push({ ...j, differs, rule: distinct ? "kept-distinct" : UNCOVERED_RULE.name });
    return false;
  });
  // The same action with the other result: the lexical judge reads two outcomes of one subject
  // with other results ("…switch worked" / "…switch failed": `unsure:other-outcome`), or, for a
  // result word it does not read as an outcome, finds it the only word the match lacks and defers
  // it as uncovered; recorded with other outcomes, it is an outcome conflict (always stored).
  const otherResult = judged.find(
    (j) =>
      item.valence !== null &&
      j.c.valence !== null &&
      j.c.valence !== item.valence &&
      (j.v.rule === UNCOVERED_RULE.name || j.v.rule === OTHER_OUTCOME_RULE) &&
      j.v.similarity >= duplicateFloor,
  );
  if (!dup && otherResult)
    return {
      verdict: "outcome-conflict",
      target: otherResult.c,
      similarity: otherResult.v.similarity,
      judged: otherResult.v,
      supersede: false,
      historical: false,
      reason: `same as [${otherResult.c.id}] but the result was ${item.valence}, not ${otherResult.c.valence}`,
      rule: ruleOf(otherResult.v),
      deferred: false,
      notes,
    };
  if (dup) {
    const conflict = item.valence !== null && dup.c.valence !== null && item.valence !== dup.c.valence;
    if (conflict)
      return {
        verdict: "outcome-conflict",
        target: dup.c,
        similarity: dup.v.similarity,
        judged: dup.v,
        supersede: false,
        historical: false,
        reason: `same as [${dup.c.id}] but the result was ${item.valence}, not ${dup.c.valence}`,
        rule: ruleOf(dup.v),
        deferred: false,
        notes,
      };
    const unsure = echo.echo ? null : await belowThreshold(dup.v, dup.c, probe, policy);
    if (unsure !== null) {
      notes.push("deferred: below stalenessThreshold");
      return {
        verdict: "refinement",
        target: dup.c,
        similarity: dup.v.similarity,
        judged: dup.v,
        supersede: false,
        historical: false,
        reason: `restates [${dup.c.id}] (${dup.v.reason}), but ${deferredBy(unsure, policy)}`,
        rule: ruleOf(dup.v),
        deferred: true,
        notes,
      };
    }
    return {
      verdict: "redundant",
      target: dup.c,
      similarity: dup.v.similarity,
      judged: dup.v,
      supersede: false,
      historical: false,
      reason: echo.echo
        ? `recalled memory written back: restates [${dup.c.id}]`
        : `restates [${dup.c.id}] (${dup.v.reason}); support +1`,
      rule: ruleOf(dup.v),
      deferred: false,
      notes,
      ...(rendered ? { echo: true } : {}),
    };
  }

  // A lesson from a failure and a statement of what worked are different valences: only an explicit
  // negation ("no longer times out") closes a failure lesson, never a merely similar success.
  const sameValence = (c: GateCandidate) => (c.valence === "failure") === (item.valence === "failure");
  const change = judged.find(
    (j) => j.v.relation === "contradicts" || (j.v.relation === "supersedes" && sameValence(j.c)),
  );
  if (change && rendered)
    // Its score, date and status columns are Strata's, not the world's: never a changed value.
    return {
      verdict: "redundant",
      target: change.c,
      similarity: change.v.similarity,
      judged: change.v,
      supersede: false,
      historical: false,
      reason: `recalled memory written back (a ${rendered.form} of Strata's output): an echo of [${change.c.id}]'s topic, never a change of value`,
      notes: [...notes, "skipped: echo"],
      rule: "echo",
      deferred: false,
      echo: true,
    };
  if (change) {
    const base = {
      target: change.c,
      similarity: change.v.similarity,
      judged: change.v,
      rule: ruleOf(change.v),
      deferred: false,
    };
    if (question || !item.mayContradict) {
      notes.push(question ? "skipped: question" : `skipped: ${item.kind}`);
      return {
        verdict: "novel",
        ...base,
        supersede: false,
        historical: false,
        reason: question
          ? `a question never supersedes [${change.c.id}]`
          : `${item.kind}s are reconciled by consolidation, not at write time`,
        notes,
      };
    }
    if (item.at < change.c.at) {
      notes.push("backdated: older than the belief it contradicts");
      return {
        verdict: "contradiction",
        ...base,
        supersede: false,
        historical: true,
        reason: `contradicts [${change.c.id}] (${change.v.reason}) but is dated earlier, so it is history, not a replacement`,
        notes,
      };
    }
    if (change.c.pinned) {
      notes.push("skipped: pinned");
      return {
        verdict: "contradiction",
        ...base,
        supersede: false,
        historical: false,
        reason: `contradicts pinned [${change.c.id}] (${change.v.reason}); pinned beliefs are never superseded`,
        notes,
      };
    }
    if (item.deferChange) {
      notes.push("deferred: said in passing");
      return {
        verdict: "refinement",
        ...base,
        supersede: false,
        historical: false,
        reason: `may replace [${change.c.id}] (${change.v.reason}), but ${item.deferChange}`,
        deferred: true,
        notes,
      };
    }
    const unsure = await belowThreshold(change.v, change.c, probe, policy);
    if (unsure !== null) {
      notes.push("deferred: below stalenessThreshold");
      return {
        verdict: "refinement",
        ...base,
        supersede: false,
        historical: false,
        reason: `may replace [${change.c.id}] (${change.v.reason}), but ${deferredBy(unsure, policy)}`,
        deferred: true,
        notes,
      };
    }
    return {
      verdict: "contradiction",
      ...base,
      supersede: true,
      historical: false,
      reason: `replaces [${change.c.id}] (${change.v.reason})`,
      notes,
    };
  }

  // A restatement kept because its numbers, negation or states differ: stored beside what it matched.
  const first = kept[0];
  if (first)
    return {
      verdict: "refinement",
      target: first.c,
      similarity: first.v.similarity,
      judged: first.v,
      supersede: false,
      historical: false,
      reason: `kept beside [${first.c.id}]: judged a restatement (${first.v.reason}), but its ${first.differs} ${first.rule === "kept-distinct" ? "differ" : "are not in it"}`,
      rule: first.rule,
      deferred: true,
      notes,
    };

  // A slot-level refinement (same subject, added detail) counts whatever the overlap; a bag-of-words one needs overlap.
  const refine = judged.find(
    (j) => j.v.relation === "refines" && (j.v.similarity >= 0.3 || !/^(?:unsure:)?overlap/.test(j.v.reason)),
  );
  if (refine)
    return {
      verdict: "refinement",
      target: refine.c,
      similarity: refine.v.similarity,
      judged: refine.v,
      supersede: false,
      historical: false,
      reason: `adds to [${refine.c.id}] (${refine.v.reason})`,
      rule: ruleOf(refine.v),
      deferred: refine.v.confident === false,
      notes,
    };

  const nearest = judged[0];
  return {
    verdict: "novel",
    target: nearest?.c ?? null,
    similarity: nearest?.v.similarity ?? 0,
    judged: nearest?.v ?? null,
    supersede: false,
    historical: false,
    reason: nearest
      ? `nothing stored says this (nearest: [${nearest.c.id}], ${nearest.v.reason})`
      : "nothing stored is near",
    rule: ruleOf(nearest?.v ?? null),
    // Only a pair the judge was unsure of, and near enough to be about the same thing, waits for a verdict.
    deferred: nearest?.v.confident === false && nearest.v.similarity >= 0.3,
    notes,
  };
}
