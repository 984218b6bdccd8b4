/**
 * The lifts of a newer measure of what the question asks: one among the top items
 * (`newerMeasureFirst`) and one found by the unit an older fact counts (`newerMeasureFound`). The
 * reading of the measures is changed-measures.ts's.
 */

import {
  anotherMeasureOfAsked,
  askedWhWord,
  askedWordsOf,
  askedWordsSaid,
  foundMeasureOfAsked,
  mayCount,
  topicWordsShared,
  wordsAfterNumbers,
} from "../../changed-measures.js";
import { loadTagger, tagged } from "../../judge/tagger.js";
import type { Belief, Episode, RecallHit } from "../../model.js";
import { namedValues } from "../../named-values.js";
import type { Lexicon } from "../../ports.js";
import { namedSubject } from "../../state-slots.js";
import { contentTokens, queryTerms, stemV1 } from "../../text.js";
import { liftedHitOf } from "../hits.js";
import { compareIds } from "../ids.js";
import { representative } from "../representative.js";
import { describingWords, endedTerm, mayEndTerm } from "./ended-terms.js";
import {
  activeFactsOf,
  type LiftInput,
  liftNewer,
  type Move,
  newerFoundByWords,
  othersState,
  unsettledMoves,
} from "./moves.js";
import { linkedOnlyByVerb } from "./newer-first.js";
import { mayBeOwnMeasures, ownUnitsLinking } from "./own-measures.js";
import { actorsOf } from "./pair-checks.js";

/**
 * Current-state questions prefer the newer of two measures of the same thing. Two items near the
 * top — an active fact and a newer active fact or a turn left as itself (an episode recall returns
 * as itself: no belief speaks for it, as a turn ending in a question) — where the newer counts a
 * unit the older counts with another number, and the pair is about what the question asks
 * (`anotherMeasureOfAsked`, changed-measures.ts: "We keep the thermostat at 19 degrees" / "…the
 * thermostat lives at 20.5 degrees now" for "What temperature is our thermostat set to?"). Both
 * said by the same actor (an assistant's "most adults take 600 IU" is no change of the user's
 * dose), not another person's state for a question about the speaker's (`othersState`), and no
 * verdict that closed the pair (a non-lexical `distinct` or `refines`), and not a pair tied to the
 * question only by its verb (`MEASURE_LINKED_BY_VERB`, `linkedOnlyByVerbOf`: "paying $52/mo now"
 * over "paying $150/mo on my undergrad loans" for "what do i pay for my room each month"), nor, for
 * a question of who, a newer that names no name the older does not (`WHO_NAMES_ANOTHER`). The
 * lexical judge is not asked: it reads many such pairs as about different things (an unmatched
 * subject, "lives" tagged a noun), and a ranking closes nothing. The newer is ranked just above the older and its `why`
 * says so. Bounded: the top 12 items. Mutates and re-sorts `scored`.
 */
export async function newerMeasureFirst(lift: LiftInput): Promise<Move[]> {
  const { store, scored, records, req, asked: askedOnce } = lift;
  const top = scored.slice(0, 12).filter((h) => {
    const r = records.get(h.id);
    if (!r || h.status !== "active") return false;
    return "kind" in r ? r.kind === "fact" : true;
  });
  const facts = top.filter((h) => h.layer === "belief");
  // What each newer is about (`aboutWords`): a part of a turn with the questions the turn asks of it.
  await lift.about.read(top);
  const about = (h: RecallHit) => lift.about.of(h).text;
  // The pairs that say what the question asks, read without the tagger: a recall with none never loads it.
  const pairs = facts.flatMap((older) =>
    top
      .filter(
        (newer) =>
          newer !== older &&
          newer.at > older.at &&
          older.score >= newer.score &&
          askedWordsSaid(req.query, older.text, about(newer)) !== null,
      )
      .map((newer) => ({ older, newer })),
  );
  if (pairs.length === 0) return [];
  await loadTagger();
  // Who said each item: an episode's actor, a belief's first source's.
  const sourceOf = (h: RecallHit) => {
    const r = records.get(h.id);
    return r && "kind" in r ? r.sources[0] : h.id;
  };
  const unread = top.map(sourceOf).filter((id): id is string => id !== undefined && !records.has(id));
  if (unread.length > 0)
    for (const e of await store.getEpisodes(unread, req.namespaces)) records.set(e.id, e);
  const actorOf = (h: RecallHit) => {
    const id = sourceOf(h);
    const e = id ? records.get(id) : undefined;
    return e && !("kind" in e) ? e.actor : null;
  };
  const moves: (Move & { note: string })[] = [];
  for (const { older, newer } of pairs) {
    // Both unknown (a store written without actors) is one speaker too.
    if (actorOf(newer) !== actorOf(older)) continue;
    const changed = anotherMeasureOfAsked(req.query, older.text, newer.text, about(newer));
    if (!changed || whoWithNoNewName(req.query, older.text, about(newer))) continue;
    const slot = askedOnce.possible ? await askedOnce.read() : null;
    if (slot && othersState(newer.text, slot, req.lexicon)) continue;
    if (linkedOnlyByVerbOf(req.query, older.text, about(newer), req.lexicon)) continue;
    moves.push({
      older,
      newer,
      note: `${changed.unit}: ${changed.older.join(", ")} → ${changed.newer.join(", ")}`,
    });
  }
  if (moves.length === 0) return [];
  const open = await unsettledMoves(store, moves);
  liftNewer(
    scored,
    open,
    (m) => ` with another measure of what the question asks (${m.note}) and no verdict yet`,
  );
  return open.map(({ older, newer }) => ({ older, newer }));
}

/**
 * `MEASURE_LINKED_BY_VERB`: two measures tied to the question only by its verb, the newer naming
 * none of its nouns nor filling its stranded preposition — newerFirst's pair test
 * (`linkedOnlyByVerb`) read over the question's words the older says (stemmed, `stemV1`). A number
 * the verb alone links is the number of another thing done that way: "paying $52/mo now, the gym
 * added a student rate" over "paying $150/mo on my undergrad loans" for "what do i pay for my room
 * each month" (linked by "pay"; the room is said by neither). Not "with the promo the internet is
 * $65 par mois" over "internet bill: $89.95 par mois" for "how much do I pay for internet" (the
 * internet is the question's thing), nor "I'm taking 4,000 IU of vitamin D now" over "I take 1,000
 * IU of vitamin D" for "What dose of vitamin D do I take?", nor a question that names nothing but
 * its verb ("how much do I weigh now": "79kg!" over "I weigh 84kg"). `await loadTagger()` first.
 *
 *   linkedOnlyByVerbOf("what do i pay for my room each month", "paying $150/mo on my undergrad loans",
 *     "paying $52/mo now", wordnet)                                                            // → true
 *   linkedOnlyByVerbOf("how much do I pay for internet", "internet bill: $89.95 par mois",
 *     "with the promo the internet is $65 par mois", wordnet)                                  // → false
 */
export function linkedOnlyByVerbOf(
  question: string,
  older: string,
  newer: string,
  lexicon: Lexicon | undefined,
): boolean {
  const asked = new Set(contentTokens(question, stemV1));
  const shared = [...new Set(contentTokens(older, stemV1))].filter((w) => asked.has(w));
  return linkedOnlyByVerb(question, shared, newer, lexicon);
}

/** How many items a unit search starts from (`newerMeasureFound`)… */
const UNIT_SEARCH_TOP = 3;

/** …taken from how many of the top items (an older fact is often not in the first three). */
const UNIT_SEARCH_FROM = 10;

/** How many facts, and how many turns, one unit search reads. */
const UNIT_CANDIDATES = 24;

/** In how many active facts a word may be said and still link two measures (`SAME_TOPIC_WORD`). */
const UNIT_LINK_RARE = 4;

/**
 * Current-state questions find the newer measure even when it does not repeat the question's
 * words. An update said in passing often names the thing by another word or none ("Our mortgage is
 * fixed at 2.1%" / "Now that the fix has ended and we're on 4.6%, should we overpay?"; "My contact
 * lens prescription is -2.25 in both eyes" / "my eyes changed, so the lenses are -2.75 now"), so it
 * never reaches the top and `newerMeasureFirst` cannot rank it. For each of the first 3 of the top
 * 10 items that is an active fact saying a word of the question and a number, the request's namespaces are searched
 * by the fact's words (active facts, and active turns no belief speaks for); a newer one said by
 * the same actor that gives the unit the older counts another number and shares a word with it
 * besides the unit (`foundMeasureOfAsked`, changed-measures.ts) — rare in the store, or a word that
 * describes a term of the older's the newer says ended ("the fix has ended": `endedTerm`) — not
 * another person's state — or that says the older's unit itself as a word rare in the store ("I
 * weigh 84 kg" / "down to 79 kg!!", `RARE_UNIT` in changed-measures.ts: same rate, no wish, no other
 * holder or doing) — or, for a question about the speaker, that both give of the speaker, whatever
 * else the store counts in it ("I weigh 63 kg" / "I'm at 59 kg today" beside "the cat weighs 6.2 kg":
 * `ownUnitsLinking`, own-measures.ts), and
 * with no verdict that closed the pair (a non-lexical `distinct` or `refines`) — for a question of
 * who, one that names a name the older does not (`WHO_NAMES_ANOTHER`) — is listed just above
 * the older, its `why` saying so. Ranking only: nothing is superseded. The tagger is loaded only
 * when a found statement passes the tagger-free tests (a number, a shared word). Mutates and
 * re-sorts `scored`.
 */
export async function newerMeasureFound(lift: LiftInput): Promise<Move[]> {
  const { store, scored, records, req, policy, asked: askedOnce, wantEpisodes } = lift;
  const olders = scored
    .slice(0, UNIT_SEARCH_FROM)
    .filter(
      (h) =>
        h.layer === "belief" &&
        h.kind === "fact" &&
        h.status === "active" &&
        mayCount(h.text) &&
        askedWordsOf(req.query, h.text) !== null,
    )
    .slice(0, UNIT_SEARCH_TOP);
  if (olders.length === 0) return [];
  const now = req.at ?? req.asOf ?? req.now;
  const byId = new Map(scored.map((h) => [h.id, h]));
  const factFilter = activeFactsOf(req);
  // Every search of this step is started together, and so is every count: on PostgreSQL searches
  // started together share one read of the change log (store/postgres/change-log.ts), so the step
  // costs two more reads of it, not two per older and one per word.
  const searched = await Promise.all(
    olders.map(async (older) => {
      const terms = queryTerms(older.text).filter((t) => !/\d/.test(t));
      if (terms.length === 0) return [];
      const found = await newerFoundByWords(
        store,
        terms,
        {
          facts: factFilter,
          turns: wantEpisodes
            ? { namespaces: req.namespaces, statuses: ["active"], types: req.types, metadata: req.metadata }
            : null,
        },
        UNIT_CANDIDATES,
        older,
      );
      // The tagger-free tests first: newer (the search's), and a number.
      const afterNumbers = wordsAfterNumbers(older.text);
      return found.flatMap(({ record, text }) => {
        if (!mayCount(text)) return [];
        const said = new Set(contentTokens(text));
        const units = afterNumbers.filter((w) => said.has(w));
        return [{ older, record, text, shared: topicWordsShared(older.text, text), units }];
      });
    }),
  );
  // A word said in many facts ("kids", "new") links nothing: each word counted once.
  const words = [...new Set(searched.flat().flatMap((c) => [...c.shared, ...c.units]))];
  const counts = await Promise.all(
    words.map((w) => store.countBeliefText([w], factFilter, UNIT_LINK_RARE + 1)),
  );
  const rare = new Map(words.map((w, i) => [w, counts[i]! <= UNIT_LINK_RARE]));
  // And a rare word shared besides the unit, or one that may say a term of the older's ran out
  // ("Now that the fix has ended and we're on 4.6%": `endedTerm`, read with the tagger below).
  const found = searched.flat().filter(
    (c) =>
      c.shared.some((w) => rare.get(w) === true) ||
      c.units.some((w) => rare.get(w) === true) ||
      (c.shared.length > 0 && mayEndTerm(c.text)) ||
      // A unit said in many facts still links the speaker's own two measures (own-measures.ts).
      (c.units.length > 0 && mayBeOwnMeasures(req.query, c.older.text, c.text)),
  );
  if (found.length === 0) return [];
  await loadTagger();
  // Who said each side, the olders' and the found statements', in one read.
  const actors = await actorsOf(
    store,
    records,
    found.flatMap(({ older, record }) => [records.get(older.id), record]),
  );
  const linking = (w: string) => rare.get(w) === true;
  // A shared word that is no rare one links when the newer says the older's term it describes ended.
  const describing = new Map<string, ReadonlySet<string>>();
  const endedBy = (older: RecallHit, text: string) => {
    let words = describing.get(older.id);
    if (!words) {
      words = describingWords(older.text, req.query);
      describing.set(older.id, words);
    }
    return endedTerm(text, words)?.word;
  };
  // Per older, the newest statement that gives its unit another number: the latest value is what a
  // current-state question asks, and one in between ("…stretched to £11,000") is not lifted.
  const newest = new Map<string, { older: RecallHit; record: Belief | Episode; at: string; note: string }>();
  const seen = new Set<string>();
  for (const [i, { older, record, text }] of found.entries()) {
    if (seen.has(`${older.id} ${record.id}`)) continue;
    seen.add(`${older.id} ${record.id}`);
    if (actors[2 * i] !== actors[2 * i + 1]) continue;
    const ended = mayEndTerm(text) ? endedBy(older, text) : undefined;
    // The unit of a measure both statements give of the speaker, for a question about the speaker.
    const own = mayBeOwnMeasures(req.query, older.text, text)
      ? ownUnitsLinking(req.query, older.text, text)
      : null;
    const changed = foundMeasureOfAsked(
      req.query,
      older.text,
      text,
      (w) => linking(w) || w === ended,
      (w) => linking(w) || own?.has(w) === true,
    );
    if (!changed || whoWithNoNewName(req.query, older.text, text)) continue;
    const slot = askedOnce.possible ? await askedOnce.read() : null;
    if (slot ? othersState(text, slot, req.lexicon) : anotherNamedDoer(req.query, text, req.lexicon))
      continue;
    // A turn a belief speaks for is read as that belief.
    if (!("kind" in record) && (await representative(store, record.id, record.namespace, new Map(), {})))
      continue;
    const at = "kind" in record ? record.validFrom : record.at;
    const held = newest.get(older.id);
    if (held && (held.at > at || (held.at === at && compareIds(held.record.id, record.id) > 0))) continue;
    newest.set(older.id, {
      older,
      record,
      at,
      note: `${changed.unit}: ${changed.older.join(", ")} → ${changed.newer.join(", ")}`,
    });
  }
  const moves: (Move & { note: string })[] = [];
  for (const { older, record, note } of newest.values()) {
    const known = byId.get(record.id);
    // Already above the older: nothing to do.
    if (known && known.score > older.score) continue;
    const newer =
      known ??
      liftedHitOf(record, policy, now, older.why.relevance, `found by the unit [${older.id}] counts`);
    moves.push({ older, newer, note });
  }
  if (moves.length === 0) return [];
  const open = await unsettledMoves(store, moves);
  for (const m of open)
    if (!byId.has(m.newer.id)) {
      const record = newest.get(m.older.id)!.record;
      records.set(record.id, record);
      byId.set(record.id, m.newer);
      scored.push(m.newer);
    }
  liftNewer(
    scored,
    open,
    (m) =>
      `, found by the unit it counts, with another measure of what the question asks (${m.note}) and no verdict yet`,
  );
  return open.map(({ older, newer }) => ({ older, newer }));
}

/**
 * `WHO_NAMES_ANOTHER`: a question of who ("who's", "whos": "who" alone asks no measure,
 * changed-measures.ts `asksMeasure`) is answered by a name, so a newer measure answers it only when
 * the newer names a name the older does not (named-values.ts `namedValues`): a new holder said
 * with its new price. Positive (kept): "renewed the car insurance, went with LV this time, was
 * £540 for the year" over "Currently with Admiral, paying £612 for the year" for "who's our car
 * insured with" (LV). Negative (refused): "the last power bill came in at three hundred and
 * eighty seven dollars for the quarter" over "electricity is with AGL and the last bill was four
 * hundred and twelve dollars" for "who's my electricity with" (a new amount, no new name: AGL
 * still holds). `await loadTagger()` first.
 *
 *   whoWithNoNewName("who's my electricity with", "electricity is with AGL, the bill was $412",
 *     "the last power bill came in at $387")                                               // → true
 *   whoWithNoNewName("how much is my power bill", "…", "…")                                   // → false
 */
export function whoWithNoNewName(question: string, older: string, newer: string): boolean {
  const wh = askedWhWord(tagged(question))?.word;
  if (wh !== "who" && wh !== "whom") return false;
  const olderNames = new Set(namedValues(older).map((n) => n.toLowerCase()));
  return !namedValues(newer).some((n) => !olderNames.has(n.toLowerCase()));
}

/** A speaker said as the subject of a question: "did I pledge", "do we pay", "I'm paying". */
const SPEAKER_ASKS = /\b(?:i|we)\b/i;

/**
 * True when a question the speaker asks of their own doing in a tense that reads no slot ("how much
 * did I pledge for harvest": `askedSlot` reads only a state that holds now) is met by a statement
 * whose main clause has another person by name as its subject, with no first-person word
 * (`namedSubject`): "Aunty Nkechi pledged ₦500,000 at harvest" is her pledge, not the speaker's. A
 * question with a slot is read by `othersState`; one that names no speaker, or a statement whose
 * subject is a common noun ("The bank raised the loan rate to 24%"), is not read this way. Needs a
 * lexicon (without one, false). `await loadTagger()` first.
 *
 *   anotherNamedDoer("how much did I pledge for harvest", "Aunty Nkechi pledged ₦500,000 at harvest.", wordnet) // → true
 *   anotherNamedDoer("how much did I pledge for harvest", "I pledged ₦200,000 at harvest.", wordnet)            // → false
 */
export function anotherNamedDoer(question: string, statement: string, lexicon: Lexicon | undefined): boolean {
  if (!lexicon || !SPEAKER_ASKS.test(question)) return false;
  const words = new Set(contentTokens(question));
  const asked = {
    subject: "speaker",
    attributes: words,
    nouns: new Set<string>(),
    heads: new Map(),
    central: words,
  };
  return namedSubject(statement, asked, lexicon) !== null;
}
