/** `REASON_CLAUSE`: what a newer statement says changed, its reason left out (`withoutReason`). */
import { announcesReplacement, sentencesOf } from "../../sleep/chat-turns.js";
import { alternatives, CAUSE_SUBORDINATORS, SPOKEN_BECAUSE } from "../../subordinators.js";

/**
 * The words that open a reason: the subordinators of cause, and "because" as typed — "cause" only
 * with its apostrophe ("'cause"): read by form alone, "cause" is as often a noun ("the cause").
 */
const REASON = alternatives([
  ...CAUSE_SUBORDINATORS,
  ...SPOKEN_BECAUSE.map((w) => (w === "cause" ? "['’]cause" : w)),
]);
/** A reason clause after the change it explains: ", since …", " because …", " cos …" to the sentence's end. */
const TRAILING_REASON = new RegExp(`(?:,\\s*|\\s+)(?:${REASON})\\s`, "iu");
/** A reason clause before the change it explains: "Because the 8:15 got cancelled, …". */
const LEADING_REASON = new RegExp(`^\\s*(?:${REASON})\\s[^,]*,\\s*`, "iu");

/**
 * `REASON_CLAUSE`: a statement with its reason clauses left out where the rest of its sentence
 * itself announces the change (`announcesReplacement`): the reason a change was made is not the
 * thing that changed. newerFirst's word test and sameSlotFirst's slots read a newer by these words, so a question's word
 * said only in the reason links no pair ("We moved standup to Thursdays since half the team is off
 * on Mondays" is no change of "I'm on the payments team"; "We finally moved to Walthamstow last
 * month since the rent in Clapham kept climbing" none of the rent). A reason clause beside a
 * sentence that announces nothing is kept: it may be where the change is said ("It matters to us
 * since the pipeline moved to Python 3.12 last week").
 *
 *   withoutReason("I changed the dev server port to 5173 because 8080 clashed.") // → "I changed the dev server port to 5173"
 *   withoutReason("It matters to us since the pipeline moved to Python 3.12.")  // → unchanged
 */
export function withoutReason(text: string): string {
  if (!TRAILING_REASON.test(text) && !LEADING_REASON.test(text)) return text;
  return sentencesOf(text)
    .map((sentence) => {
      const lead = LEADING_REASON.exec(sentence);
      if (lead && announcesReplacement(sentence.slice(lead[0].length))) return sentence.slice(lead[0].length);
      const trail = TRAILING_REASON.exec(sentence);
      if (trail && trail.index > 0 && announcesReplacement(sentence.slice(0, trail.index)))
        return sentence.slice(0, trail.index);
      return sentence;
    })
    .join(" ");
}
