/**
 * The older's value said again: a change that keeps the older's value is a change of something
 * else. When every number of the older's value is in the newer statement, the newer names no
 * number of its own and its subject is not the older's, the newer does something with that value
 * (puts it on the flyers, tells the team); the value itself stands. "New customer care line is 0701 888
 * 4421, the old SIM got blocked." / "I've changed 0701 888 4421 on the flyers." was closed by
 * `change-cue` (the words around the number differ: "block → flyer"), and the older is the latest
 * value of the line.
 */
import { adverbs, NO_LONGER, NOT_ANYMORE } from "../change-adverbs.js";
import { type Analysis, analysisOf, slotsOf } from "./analysis.js";

/** The guard that keeps a change read around a value said again from being closed, and its doc line. */
export const OLDER_VALUE_SAID_RULE = {
  name: "older-value-said",
  doc: 'The newer statement says every number of the older\'s value again, no number of its own, with a subject that is not the older\'s, not set aside ("was", "from", "no longer", "not" …): a change read by `change-cue` or `value-changed:single-valued` is of another thing ("New customer care line is 0701 888 4421" / "I\'ve changed 0701 888 4421 on the flyers"), so the pair is stored and deferred, never closed.',
} as const;

/** The rules whose change is read from the words around the value, not from the value itself. */
const READ_AROUND_THE_VALUE = new Set(["change-cue", "value-changed:single-valued"]);

/**
 * Words by which a newer statement sets an older number aside as the past, the start of a change
 * or wrong ("was 1200, now 1350", "moved from 9:30", "no longer at 9:30", "not 1200"): a number
 * said under them is not said again as holding.
 */
const SETS_ASIDE = new RegExp(
  `\\b(?:was|were|used to|previously|originally|before|earlier|instead|rather than|not|from|${adverbs(NO_LONGER, NOT_ANYMORE)})\\b|n[’']t\\b`,
  "i",
);

const numeric = (ts: readonly string[]) => ts.filter((t) => /\d/.test(t));

/**
 * Whether the newer says the older's value again and nothing else ties it to the older: every
 * number of the older's value slot is a number of the newer, the newer has no number the older
 * lacks, its subject shares no word with the older's, and nothing sets the value aside.
 *
 *   olderValueSaid("New customer care line is 0701 888 4421.", "I've changed 0701 888 4421 on the flyers.") // → true
 *   olderValueSaid("The retry limit is 5.", "The retry limit is now 7.")                                   // → false
 *   olderValueSaid("Standup is at 9:30.", "standup moved from 9:30 to after lunch")                       // → false
 */
export function olderValueSaid(older: string, newer: string): boolean {
  const a: Analysis = analysisOf(older);
  const b: Analysis = analysisOf(newer);
  if (b.negated || b.question || SETS_ASIDE.test(newer)) return false;
  const slots = slotsOf(a);
  const kept = numeric(slots.value);
  if (kept.length === 0) return false;
  // Said of the older's thing ("standup is at 9:30 in the office now"), the value is one of two
  // parts of the thing's value, the other changed; said of another (the speaker, who "changed
  // 555-0142, the office phone on the flyers"), the value is what was acted on.
  const subject = new Set(slotsOf(b).subject);
  if (slots.subject.some((t) => subject.has(t))) return false;
  const said = new Set(numeric([...b.content]));
  if (!kept.every((n) => said.has(n))) return false;
  const olders = new Set([...numeric([...a.content]), ...a.numbers]);
  return [...said, ...b.numbers].every((n) => olders.has(n));
}

/** Whether a verdict by `rule` is a change read around the value (`READ_AROUND_THE_VALUE`). */
export function readAroundTheValue(rule: string): boolean {
  return READ_AROUND_THE_VALUE.has(rule);
}
