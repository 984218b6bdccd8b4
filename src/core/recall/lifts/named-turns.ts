import type { RecallHit } from "../../model.js";
import { namedValues } from "../../named-values.js";
import { announcesReplacement } from "../../sleep/chat-turns.js";
import type { AskedSlot } from "../../state-slots.js";
import { queryTerms } from "../../text.js";
import { liftedHitOf } from "../hits.js";
import { representative } from "../representative.js";
import { type LiftInput, type Move, othersState } from "./moves.js";
import { judgedSuccessor, saidOf, speakersOf } from "./pair-checks.js";
import { mayAnswerTyped } from "./same-thing.js";

/** How many turns a name may be said in (the older's own among them) and still link one to another. */
export const NAMED_TURNS_RARE = 4;

/**
 * Sleep keeps a turn that asks as itself when it takes no statement out of it ("Oh and we
 * migrated every repo from Bitbucket to GitLab over the weekend. Do you know how to mirror a
 * repo?"): no belief says its new value, and the question's words ("Where is our code hosted?")
 * are not in it. `missedSuccessors` links a newer *fact* to the older by a rare name the older
 * says ("We keep all our code on Bitbucket"); this is the same link to such a turn: an active turn
 * no current belief speaks for (`representative`), said after the older by its speaker, that names
 * one of the older's rare names (`names`: rare among facts, and said in at most
 * `NAMED_TURNS_RARE` turns), announces a change that ends what held (`announcesReplacement`, read
 * sentence by sentence: a sentence that asks says none) or changes the asked slot's value
 * (`changesAsked`), names a name of its own, is no other person's state, and that the judge reads
 * neither as a restatement nor, unless it ends the older's value by name (`retiredValue`), as
 * another entity. Each is ranked just above the older, its `why` saying so. Ranking only: nothing
 * is closed, only the request's namespaces are searched, a pair a model or agent judged distinct
 * or a refinement stays as it ranks. Mutates `scored` (the caller re-sorts).
 *
 *   await namedTurnSuccessors(lift, older, ["Bitbucket"], own, slot, changesAsked);
 */
export async function namedTurnSuccessors(
  lift: LiftInput,
  older: RecallHit,
  names: readonly string[],
  own: ReadonlySet<string>,
  slot: AskedSlot | null,
  changesAsked: (older: string, newer: string) => Promise<boolean>,
): Promise<Move[]> {
  const { store, scored, records, req, policy, judge, wantEpisodes } = lift;
  if (!wantEpisodes || names.length === 0) return [];
  const filter = {
    namespaces: req.namespaces,
    statuses: ["active" as const],
    types: req.types,
    metadata: req.metadata,
  };
  const moves: Move[] = [];
  const now = req.at ?? req.asOf ?? req.now;
  const olderRecord = records.get(older.id);
  for (const name of names) {
    const found = await store.searchEpisodeText(queryTerms(name), filter, NAMED_TURNS_RARE + 1);
    if (found.length > NAMED_TURNS_RARE) continue;
    for (const e of await store.getEpisodes(
      found.map((f) => f.id),
      filter.namespaces,
    )) {
      if (!(e.at > older.at) || (req.at && e.at > req.at)) continue;
      if (scored.some((h) => h.id === e.id && h.score > older.score)) continue;
      // `ANSWER_SAID_RULE`: a turn that says no answer of the type the question asks changes something else.
      if (!mayAnswerTyped(lift.typedAnswer, e.content)) continue;
      const bySlot = await changesAsked(older.text, e.content);
      if (!announcesReplacement(e.content) && !bySlot) continue;
      if (slot && othersState(e.content, slot, req.lexicon)) continue;
      if (!namedValues(e.content).some((w) => !own.has(w.toLowerCase()))) continue;
      // Its speaker's, not another's: an assistant's reply that names the value says no change of the user's.
      if ((await speakersOf(store, records, olderRecord, e)) === "another") continue;
      if (await representative(store, e.id, e.namespace, new Map(), {})) continue;
      if (
        !(await judgedSuccessor(judge, store, saidOf(older), saidOf(e), {
          changeRead: Boolean(bySlot),
          byName: true,
        }))
      )
        continue;
      const known = scored.find((h) => h.id === e.id);
      const newer =
        known ?? liftedHitOf(e, policy, now, older.why.relevance, `names [${older.id}]'s value "${name}"`);
      if (!known) {
        records.set(e.id, e);
        scored.push(newer);
      }
      newer.score = older.score * (1 + 1e-6);
      newer.why.summary += `; newer than [${older.id}], names its value "${name}" in a turn no belief speaks for, in a change and no verdict yet: ranked above it`;
      moves.push({ older, newer });
    }
  }
  return moves;
}
