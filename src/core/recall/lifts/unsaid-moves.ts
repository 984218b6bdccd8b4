/**
 * A move said without where to, in a statement that names the new place: "I live in Leeds, near the
 * university." / "Could you recommend some day hikes within an hour of Edinburgh? I've only been
 * here three weeks since the move." The update names the place in passing and says the move as an
 * event of its own ("since the move", "since we moved", "after our move", "we've just moved house"),
 * so no state frame reads "moved to Edinburgh" in it (`state-frames.ts`). With the kind the question
 * asks by its determiner ("Which city do I live in?": `askedKind`), WordNet tells that the named
 * place is of that kind (Edinburgh is an instance of a city), as the older's is (Leeds): the newer
 * names another member of the asked kind after the speaker moved.
 *
 * Not a move of the speaker's home: another person's ("My sister has just moved"), a thing moved
 * ("we moved the party to Saturday", "since we moved the sofa"), a move said with its destination
 * (the residence frame reads that one), or a place of another kind ("since the move I shop at
 * Tesco": Tesco is no city).
 *
 *   await loadTagger();
 *   movedToAnother("…within an hour of Edinburgh? I've only been here three weeks since the move.", "I live in Leeds.", "city", wordnet)
 *   // → "Edinburgh"
 */

import { namedValues } from "../../named-values.js";
import type { Lexicon } from "../../ports.js";
import { namesAskedKind } from "../../state-slots.js";

/**
 * A first-person move with no destination after it: "since/after the move", "since/after our move",
 * "since we moved" (not "since we moved the sofa", "…moved to Leeds"), "we've just moved house",
 * "we moved here".
 */
const MOVE_UNSAID =
  /\b(?:(?:since|after)\s+(?:the|our|my)\s+move\b|(?:since|after|now\s+that)\s+(?:we|I)(?:['’]ve|\s+have)?\s+moved\b(?!\s+(?:to|into|in|from|over|back|away|out|the|our|my|a|an|it|them|this|that|\p{L}+ing)\b)|\b(?:we|I)(?:['’]ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?moved\s+(?:house|here|home)\b)/iu;

/**
 * The words a full-text search finds such a move by: the move's, and the prepositions of time that
 * say it as an event ("since the move"), so a statement with both ranks above one that only says
 * "move" (a store's stop words may drop a preposition: the move's words still find it).
 */
export const MOVE_TERMS: readonly string[] = ["move", "moved", "since", "after"];

/** True when a text says a first-person move without its destination (`MOVE_UNSAID`). */
export const saysMoveUnsaid = (text: string): boolean => MOVE_UNSAID.test(text);

/**
 * The name in `newer` of the asked kind that `older` does not name, when `newer` says the speaker
 * moved without saying where to and `older` names a member of that kind too; else null (see the
 * module's comment).
 */
export function movedToAnother(newer: string, older: string, kind: string, lexicon: Lexicon): string | null {
  if (!saysMoveUnsaid(newer)) return null;
  if (namesAskedKind(older, kind, [], lexicon) === null) return null;
  return namesAskedKind(newer, kind, namedValues(older), lexicon);
}
