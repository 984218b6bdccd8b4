/**
 * A judge that asks its inner judge once per distinct pair of texts, for as long as the caller
 * keeps it: one batch of writes (gated-writes.ts), or one sleep — distil's write gate and the
 * sweep read many of the same pairs (engine.ts `consolidate`). Only for a judge that declares
 * `textOnly` (its verdict depends on the two texts alone, and on what the judge was made with, such
 * as the lexical judge's lexicon): then a remembered verdict is the verdict the judge would give
 * again, and the results are the same as asking every time. Any other judge is returned as it is.
 * Bounded (`VERDICTS_KEPT` pairs, `VERDICT_TEXT_KEPT` characters of text, in each of two
 * generations): a pair that fell out is asked again, which costs time and changes nothing.
 *
 *   const judge = memoiseVerdicts(createLexicalJudge());
 *   judge.compare(a, b); judge.compare(a, b); // the second is the first's verdict, not judged again
 */
import { boundedMemo } from "../bounded-memo.js";
import type { Judge, JudgeItem, JudgeVerdict } from "../ports.js";

/** Pairs one generation of a verdict memo holds: a LoCoMo conversation's sleep asks ~8,000. */
export const VERDICTS_KEPT = 8_192;

/** Characters of the pairs' texts one generation holds: ~8 MB of keys at most, however long the texts. */
export const VERDICT_TEXT_KEPT = 4_000_000;

export function memoiseVerdicts(judge: Judge): Judge {
  if (!judge.textOnly) return judge;
  // The pair being asked: read by `verdicts` when the pair is not remembered (synchronously, in
  // the same call), so the memo's key stays the texts alone.
  let asked: readonly [JudgeItem, JudgeItem] | undefined;
  const verdicts = boundedMemo(() => judge.compare(...asked!), VERDICTS_KEPT, VERDICT_TEXT_KEPT);
  return {
    name: judge.name,
    textOnly: true,
    // What else the judge does is its own (a batch of pairs, a trigger, a distillation: not remembered).
    ...(judge.pairsPerRun !== undefined ? { pairsPerRun: judge.pairsPerRun } : {}),
    ...(judge.compareMany ? { compareMany: judge.compareMany.bind(judge) } : {}),
    ...(judge.generalise ? { generalise: judge.generalise.bind(judge) } : {}),
    ...(judge.distil ? { distil: judge.distil.bind(judge) } : {}),
    compare(a, b) {
      asked = [a, b];
      // The first text's length makes the key unambiguous whatever the texts hold.
      const v = verdicts(`${a.text.length}:${a.text}${b.text}`);
      // Each caller gets its own copy: a verdict is a plain record the gate may keep in a result.
      return v instanceof Promise ? v.then(copyVerdict) : copyVerdict(v);
    },
  };
}

const copyVerdict = (v: JudgeVerdict): JudgeVerdict => ({ ...v });
