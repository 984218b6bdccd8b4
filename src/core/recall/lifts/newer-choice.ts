/**
 * The lift of a change of choice said in passing ("We switched Mochi to pine pellets"): found by
 * the words of an older fact near the top and ranked just above it. The reading of the frame and
 * its link to the older is change-of-choice.ts's.
 */
import { askedWordsOf } from "../../changed-measures.js";
import { liftedHitOf } from "../hits.js";
import { representative } from "../representative.js";
import { CHOICE_SEARCH_TOP, choicesFound } from "./change-of-choice.js";
import { activeFactsOf, type LiftInput, liftNewer, type Move, othersState, unsettledMoves } from "./moves.js";
import { actorsOf } from "./pair-checks.js";

/**
 * A change of choice said in passing ranks just above the older choice it replaces, found by the
 * older's words and linked only on strong evidence (change-of-choice.ts: `choicesFound`,
 * `replacesChoice`). Ranking only: nothing is superseded.
 */
export async function newerChoiceFound(lift: LiftInput): Promise<Move[]> {
  const { store, scored, records, req, policy, asked: askedOnce, wantEpisodes } = lift;
  const olders = scored
    .slice(0, CHOICE_SEARCH_TOP)
    .filter((h) => h.layer === "belief" && h.kind === "fact" && h.status === "active" && records.has(h.id))
    .filter((h) => askedWordsOf(req.query, h.text) !== null);
  if (olders.length === 0) return [];
  const found = await choicesFound(
    {
      store,
      facts: activeFactsOf(req),
      turns: wantEpisodes
        ? { namespaces: req.namespaces, statuses: ["active"], types: req.types, metadata: req.metadata }
        : null,
      actorsOf: (of) => actorsOf(store, records, of),
      represented: async (id) => (await representative(store, id, req.namespaces, new Map(), {})) !== null,
      othersState: async (text) => {
        const slot = askedOnce.possible ? await askedOnce.read() : null;
        return slot !== null && othersState(text, slot, req.lexicon);
      },
      lexicon: req.lexicon,
    },
    olders.map((h) => ({ id: h.id, text: h.text, at: h.at, record: records.get(h.id)! })),
  );
  const byId = new Map(scored.map((h) => [h.id, h]));
  const now = req.at ?? req.asOf ?? req.now;
  const moves = found.flatMap(({ olderId, record, change }) => {
    const older = byId.get(olderId)!;
    const known = byId.get(record.id);
    if (known && known.score > older.score) return [];
    const newer =
      known ?? liftedHitOf(record, policy, now, older.why.relevance, `found by the words of [${older.id}]`);
    return [{ older, newer, record, note: `${change.frame} ${change.value}` }];
  });
  const open = await unsettledMoves(store, moves);
  for (const m of open)
    if (!byId.has(m.newer.id)) {
      records.set(m.record.id, m.record);
      byId.set(m.record.id, m.newer);
      scored.push(m.newer);
    }
  liftNewer(scored, open, (m) => `, a change of choice (${m.note}) of what it states, and no verdict yet`);
  return open.map(({ older, newer }) => ({ older, newer }));
}
