/**
 * When recall's lifts run (`currentStateMoves`): only for a query that asks about what holds now.
 * A lift ranks a newer statement above the older it changes, which answers a question about a
 * current state; a query that asks nothing ("replica count of the staging media sidecar") or asks
 * about another time ("What did Melanie do while camping?", "What events has Caroline joined?")
 * has no current state to prefer, and there a lift only moves the ranking.
 */
import { loadTagger } from "../../judge/tagger.js";
import { asksAnotherTime, asksOfRecall } from "../../state-slots.js";

/**
 * True when recall's lifts should run for this query: it asks (`asksOfRecall`: a question, or a
 * question word first with no full stop) and not about another time than now (`asksAnotherTime`:
 * a past or present perfect finite verb with no marker of the present). A modal ("How much can I
 * expense?") or a question whose tense cannot be read keeps the lifts, as before. Loads the
 * tagger only for a query that asks (a keyword recall loads none).
 *
 *   await liftsAsked("Which gym do I go to now?")               // → true
 *   await liftsAsked("gym membership")                           // → false: asks nothing
 *   await liftsAsked("When did Caroline go to the support group?") // → false: another time
 */
export async function liftsAsked(query: string): Promise<boolean> {
  if (!asksOfRecall(query)) return false;
  await loadTagger();
  return !asksAnotherTime(query);
}
