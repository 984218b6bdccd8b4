/**
 * A judge that asks its inner judge once per distinct pair of texts, for the length of one batch
 * of writes. Only for a judge that declares `textOnly` (its verdict depends on the two texts
 * alone): then a remembered verdict is the verdict the judge would give again, and the batch's
 * results are the same as asking every time. Any other judge is returned as it is.
 *
 *   const judge = memoiseVerdicts(createLexicalJudge());
 *   judge.compare(a, b); judge.compare(a, b); // the second is the first's verdict, not judged again
 */
import type { Judge, JudgeVerdict } from "../ports.js";

export function memoiseVerdicts(judge: Judge): Judge {
  if (!judge.textOnly) return judge;
  const verdicts = new Map<string, JudgeVerdict | Promise<JudgeVerdict>>();
  return {
    name: judge.name,
    textOnly: true,
    compare(a, b) {
      // The first text's length makes the key unambiguous whatever the texts hold.
      const key = `${a.text.length}:${a.text}${b.text}`;
      let v = verdicts.get(key);
      if (v === undefined) {
        v = judge.compare(a, b);
        verdicts.set(key, v);
      }
      // Each caller gets its own copy: a verdict is a plain record the gate may keep in a result.
      return v instanceof Promise ? v.then(copyVerdict) : copyVerdict(v);
    },
  };
}

const copyVerdict = (v: JudgeVerdict): JudgeVerdict => ({ ...v });
