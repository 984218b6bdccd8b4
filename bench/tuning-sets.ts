/**
 * The knowledge-update sets a bench may read: the tuning sets, whose dev halves alone a bench asks
 * or records (docs/evaluation.md, each session's heading). Refused: fresh2 (all held-out), fresh28
 * (both halves, the fifty-third session's unseen measure) and fresh29 (written in the fifty-third
 * session). One list for every bench (bench/recall-tagging.ts, bench/candidate-queue.ts): when a
 * set's dev half joins the tuning sets, this is the one line to change.
 *
 *   tuningSets(["fresh24", "fresh27"]); // ["fresh24", "fresh27"]
 *   tuningSets(["fresh28"]);            // throws: fresh28 is no tuning set
 */
import { type CaseSet, SETS } from "../eval/knowledge-update/index.js";

export const NOT_TUNING: ReadonlySet<string> = new Set(["fresh2", "fresh28", "fresh29"]);

/** Every tuning set, in eval/knowledge-update's order. */
export const TUNING_SETS: readonly CaseSet[] = SETS.filter((s) => !NOT_TUNING.has(s));

/** `names` as case sets, each a tuning set; throws naming the first that is not. */
export function tuningSets(names: readonly string[]): CaseSet[] {
  for (const s of names)
    if (!(SETS as readonly string[]).includes(s) || NOT_TUNING.has(s))
      throw new Error(`--sets: ${s} is no tuning set (${[...NOT_TUNING].join(", ")} are never read here)`);
  return names as CaseSet[];
}
