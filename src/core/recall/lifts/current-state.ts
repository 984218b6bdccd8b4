/**
 * The lifts of a current-state recall, in the order they run: each ranks a newer item just above the
 * older it changes (a move), and the moves keep that order through diversity (`keepMoves`).
 */
import type { Belief, Episode, RecallHit } from "../../model.js";
import type { Policy } from "../../policy.js";
import type { Judge, StoreReader } from "../../ports.js";
import type { NamedTime } from "../query-times.js";
import type { RecallRequest } from "../request.js";
import { missedSuccessors } from "./missed-successors.js";
import type { AskedOnce, Move } from "./moves.js";
import { newerChoiceFound } from "./newer-choice.js";
import { newerFirst } from "./newer-first.js";
import { newerMeasureFirst, newerMeasureFound } from "./newer-measure.js";
import { newestKindListed } from "./newest-kind.js";
import { sameSlotFirst } from "./same-slot-first.js";

/**
 * Runs every lift over `scored` (each mutates and re-sorts it) and returns their moves: successors the
 * query missed, the newer of disagreeing beliefs, the same slot, a newer measure (not when the
 * question names a time), the newest kind of the asked noun (with a lexicon). Those on facts run only
 * when facts are asked (`facts`).
 *
 *   const moves = await currentStateMoves(store, scored, records, req, policy, judge, askedState, { facts: true, times: [], wantEpisodes: true });
 */
export async function currentStateMoves(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
  judge: Judge,
  askedState: AskedOnce,
  asked: { facts: boolean; times: readonly NamedTime[]; wantEpisodes: boolean },
): Promise<Move[]> {
  const { facts, times, wantEpisodes } = asked;
  const successors = facts
    ? await missedSuccessors(store, scored, records, req, policy, judge, askedState)
    : [];
  return [
    ...successors,
    ...(await newerFirst(store, scored, records, judge, req.query, askedState, req.lexicon, times)),
    ...(facts ? await sameSlotFirst(store, scored, req, askedState) : []),
    ...(facts && times.length === 0 ? await newerMeasureFirst(store, scored, records, req, askedState) : []),
    ...(facts && times.length === 0
      ? await newerMeasureFound(store, scored, records, req, policy, askedState, wantEpisodes)
      : []),
    ...(facts ? await newerChoiceFound(store, scored, records, req, policy, askedState, wantEpisodes) : []),
    ...(req.lexicon && facts ? await newestKindListed(store, scored, records, req, policy, askedState) : []),
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
