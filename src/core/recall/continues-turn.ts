/**
 * Whether one turn of a session carries on from the turn beside it (`addNeighbours` in recall.ts):
 * a session neighbour borrows a matching turn's score because in a conversation the answer is
 * often the turn just after the one that says the words. That holds where the two turns are one
 * exchange — an adjacency pair (a question and the other speaker's answer to it) or one topic
 * carried on (a word in common) — and not where the session is a run of separate notes: a user
 * who texts a new value, then a line about the weekend, then asks the assistant something else,
 * has put three topics side by side, and the line about the weekend is no more relevant for being
 * next to the value.
 *
 *   continuesTurn(
 *     { content: "What did you paint last week?", actor: "Caroline" },
 *     { content: "A sunset over the lake.", actor: "Melanie" },
 *   ); // → true (a question and the other speaker's answer)
 *   continuesTurn(
 *     { content: "Our unit tests use Jest and the run takes eleven minutes.", actor: "user" },
 *     { content: "I'm down to one coffee a day, before 10.", actor: "user" },
 *   ); // → false (two notes side by side)
 */
import type { Episode } from "../model.js";
import { contentTokens, isQuestion } from "../text.js";

type Turn = Pick<Episode, "content" | "actor">;

/**
 * True when `a` and `b`, next to each other in a session (either order), are one exchange: they
 * share a content word (stemmed, stop words left out: `contentTokens`), or one of them asks
 * (`isQuestion`) and the other speaker says the other (a question and its answer, read either way:
 * the answer lends to its question as the question to its answer). Two turns of one speaker that
 * share no word, or two speakers' turns where neither asks and no word is shared, are not.
 */
export function continuesTurn(a: Turn, b: Turn): boolean {
  if (sharesAWord(a.content, b.content)) return true;
  const otherSpeaker = a.actor !== null && b.actor !== null && a.actor !== b.actor;
  return otherSpeaker && (isQuestion(a.content) || isQuestion(b.content));
}

function sharesAWord(a: string, b: string): boolean {
  const words = new Set(contentTokens(a));
  return contentTokens(b).some((w) => words.has(w));
}
