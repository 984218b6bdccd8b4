/**
 * Whether one turn of a session carries on from the turn beside it (`addNeighbours` in recall.ts):
 * a session neighbour borrows a matching turn's score because in a conversation the answer is
 * often the turn just after the one that says the words. That holds where the two turns are one
 * exchange — two speakers' turns side by side (an adjacency pair: a question and its answer, a
 * telling and its reply) or one speaker carrying one topic on (a word in common) — and not where
 * one speaker leaves a run of separate notes: a user who texts a new value, then a line about the
 * weekend, has put two topics side by side, and the line about the weekend is no more relevant
 * for being next to the value.
 *
 *   continuesTurn(
 *     { content: "I finally finished the sunset over the lake.", actor: "Caroline" },
 *     { content: "That sounds lovely, you've been at it for weeks!", actor: "Melanie" },
 *   ); // → true (one speaker, then the other: a reply)
 *   continuesTurn(
 *     { content: "Our unit tests use Jest and the run takes eleven minutes.", actor: "user" },
 *     { content: "I'm down to one coffee a day, before 10.", actor: "user" },
 *   ); // → false (one speaker's two notes side by side)
 *
 * A first version (crowded43) asked two speakers' turns to share a word or hold a question too;
 * it cost LoCoMo 0–2 evidence recall at R@25/R@50 (0.2–0.6), where a reply often shares no word
 * with what it answers ("Wow, congrats!"). Reading every two-speaker pair as one exchange kept
 * LoCoMo identical and the knowledge-update gains.
 */
import type { Episode } from "../model.js";
import { contentTokens } from "../text.js";

type Turn = Pick<Episode, "content" | "actor">;

/**
 * True when `a` and `b`, next to each other in a session (either order), are one exchange: two
 * known speakers (a turn and the other speaker's reply to it), or turns that share a content word
 * (stemmed, stop words left out: `contentTokens`), whoever says them. One speaker's two turns (or
 * turns whose speaker is not known) that share no word are not.
 */
export function continuesTurn(a: Turn, b: Turn): boolean {
  if (a.actor !== null && b.actor !== null && a.actor !== b.actor) return true;
  return sharesAWord(a.content, b.content);
}

function sharesAWord(a: string, b: string): boolean {
  const words = new Set(contentTokens(a));
  return contentTokens(b).some((w) => words.has(w));
}
