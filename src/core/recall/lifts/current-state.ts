/**
 * The lifts of a current-state recall, in the order they run: each ranks a newer item just above the
 * older it changes (a move), and the moves keep that order through diversity (`keepMoves`).
 */
import type { RecallHit } from "../../model.js";
import { askedThingFound } from "./asked-thing.js";
import { askedThingFirst } from "./asked-thing-first.js";
import { changedThingFound } from "./changed-thing.js";
import { changedValueFirst } from "./changed-value.js";
import { correctionFound, correctionsSaid, mayFindCorrection } from "./corrections.js";
import { missedSuccessors } from "./missed-successors.js";
import type { LiftInput, Move } from "./moves.js";
import { newerChoiceFound } from "./newer-choice.js";
import { newerFirst } from "./newer-first.js";
import { newerMeasureFirst, newerMeasureFound } from "./newer-measure.js";
import { newestKindListed } from "./newest-kind.js";
import { sameSlotFirst } from "./same-slot-first.js";
import { sameThingFound } from "./same-thing.js";

/**
 * Runs every lift over `lift.scored` (each mutates and re-sorts it) and returns their moves:
 * successors the query missed, the same thing by a rare word or by the asked thing, the asked thing said again by a newer the query found, a thing the speaker says they changed, a correction of the speaker's, the newer of disagreeing beliefs, the same slot, a newer measure
 * (not when the question names a time), the newest kind of the asked noun (with a lexicon). Those
 * on facts run only when facts are asked (`facts`).
 *
 *   const moves = await currentStateMoves({ store, scored, records, req, policy, judge, asked, typedAnswer, times, wantEpisodes, about }, true);
 */
export async function currentStateMoves(lift: LiftInput, facts: boolean): Promise<Move[]> {
  const noTimes = lift.times.length === 0;
  // The corrections are read by words of their own, not the ranking's: started now, beside the
  // first lift's reads (on PostgreSQL they share its round trips instead of adding their own), and
  // awaited where `correctionFound` runs. Its answer is the same whichever read ends first.
  const corrections =
    facts && mayFindCorrection(lift.scored, lift.req) ? correctionsSaid(lift.store, lift.req) : undefined;
  // A lift before it may throw, or it may find no older to read them for: never an unhandled rejection.
  corrections?.catch(() => undefined);
  const successors = facts ? await missedSuccessors(lift) : [];
  const sameThing = facts ? await sameThingFound(lift) : [];
  const askedThing = facts ? await askedThingFound(lift) : [];
  const askedThingAgain = facts ? await askedThingFirst(lift) : [];
  const changedThing = facts ? await changedThingFound(lift) : [];
  const corrected = facts ? await correctionFound(lift, corrections) : [];
  return [
    ...successors,
    ...sameThing,
    ...askedThing,
    ...askedThingAgain,
    ...changedThing,
    ...corrected,
    ...(await newerFirst(lift)),
    ...(facts ? await sameSlotFirst(lift) : []),
    ...(facts && noTimes ? await newerMeasureFirst(lift) : []),
    ...(facts && noTimes ? await newerMeasureFound(lift) : []),
    ...(facts ? await newerChoiceFound(lift) : []),
    ...(facts ? await changedValueFirst(lift) : []),
    ...(lift.req.lexicon && facts ? await newestKindListed(lift) : []),
  ];
}

/**
 * Keeps the lifts' order in what diversity picked: a newer item listed within the first k
 * (`listed`) stays there, and each newer stays above its older. Mutates `picked`.
 */
export function keepMoves(picked: RecallHit[], moves: readonly Move[]): void {
  // The newest change of the state asked about, listed within the first k, stays there: diversity
  // would drop it for being close to what it changes.
  for (const m of moves)
    if (m.listed && picked.length > 0 && !picked.includes(m.newer))
      picked.splice(picked.length - 1, 1, m.newer);
  // Diversity may have put the newer item back below the older it is close to: not for these pairs.
  // A few passes, as the lifts do: putting one newer above its older may put it above another
  // item that is newer than it ("I play the cello" lifted over "I play a Stratocaster" passes
  // "I sold my cello … started taking drum lessons").
  for (let pass = 0; pass < 3; pass++)
    for (const m of moves) {
      const i = picked.indexOf(m.older);
      const j = picked.indexOf(m.newer);
      if (i >= 0 && j > i) {
        picked.splice(j, 1);
        picked.splice(i, 0, m.newer);
      }
    }
}
