/**
 * A correction of what the speaker said before: "oops earlier I said wrong, the day-old bread go to
 * the Mustard Seed soup kitchen, not the pantry" after "We give the day-old bread to the St. John's
 * food pantry on Tuesday". A correction says no change of the world ("now", "switched"): the
 * speaker retracts their own earlier statement, so the lifts that ask for a change cue never read
 * it, and the question ("Who gets our leftover bread?") may share no word with it. The speech act
 * is read from its parts: the speaker as the subject of a verb of saying with "wrong" ("I told you
 * wrong", "I said it wrong", "I gave you the wrong number"), "I was wrong / mistaken", "I had it
 * wrong", "my mistake", "correction". Another's error ("you told me wrong"), a
 * wrong thing done ("I took the wrong bus"), a question and a hypothetical correct nothing.
 */
import { loadTagger } from "../../judge/tagger.js";
import type { Belief, RecallHit } from "../../model.js";
import type { StoreReader } from "../../ports.js";
import { sentencesOf } from "../../sleep/chat-turns.js";
import { contentTokens, isHypothetical, isQuestion, queryTerms } from "../../text.js";
import { tagged } from "../../typed-values.js";
import { liftedHitOf } from "../hits.js";
import { compareIds } from "../ids.js";
import type { RecallRequest } from "../request.js";
import { activeFactsOf, type LiftInput, type Move, olderFactsAsked, othersState } from "./moves.js";
import { judgedSuccessor, saidOf, speakersOf } from "./pair-checks.js";
import { answersAsked, SAME_THING_RARE, valuesByKind } from "./same-thing.js";

/**
 * The speaker retracts what they said: a verb of saying whose subject is the speaker, with "wrong"
 * or "wrongly" after it ("I told you wrong", "i said it wrong", "I gave you the wrong date");
 * "I was wrong / mistaken", "I had it wrong", "I got that wrong"; "my mistake"; a "correction".
 * Only a verb of saying or of holding a thing as said (had, got)
 * is read: "I took the wrong bus" is a wrong bus, not a wrong statement.
 */
const CORRECTS =
  /\b(?:(?:i|i've|i’ve)\s+(?:(?:just|probably|actually)\s+)?(?:told|tell|said|say|wrote|write|gave|give|put|typed)\s+(?:you\s+|it\s+|that\s+|this\s+)?(?:the\s+)?(?:wrong(?:ly)?|incorrectly)\b|(?:i|i've|i’ve)\s+(?:was|were|been|had\s+it|had\s+that|got\s+it|got\s+that)\s+(?:wrong|mistaken)\b|\bmy\s+(?:mistake|error)\b|\bcorrection\b)/i;

/** The words every reading of `CORRECTS` says: a correction is searched by them, once per recall. */
export const CORRECTION_TERMS = [
  "wrong",
  "wrongly",
  "incorrectly",
  "mistaken",
  "mistake",
  "error",
  "correction",
];

/**
 * Whether a sentence says the speaker corrects what they said before (see `CORRECTS`). A question
 * or a hypothetical corrects nothing.
 *
 *   correctsEarlier("sorry i told you wrong the other day, it's A positive") // → true
 *   correctsEarlier("you told me wrong about the bus times")                // → false
 *   correctsEarlier("I took the wrong bus this morning")                    // → false
 */
export function correctsEarlier(sentence: string): boolean {
  if (isQuestion(sentence) || isHypothetical(sentence)) return false;
  return CORRECTS.test(sentence);
}

/** What a correction gives in place of the older's value. */
export interface Correction {
  /** The older's rare word the correction says (a stem). */
  word: string;
  /** The value's kind ("name", "date", "measure:kg"…). */
  kind: string;
  /** The corrected value, lower-cased. */
  value: string;
}

/**
 * Whether `newer` corrects `older`: one of its sentences corrects what the speaker said
 * (`correctsEarlier`), says a word of the older's that is rare in the store (`rare`, stems, beyond
 * the question's) as no verb (a verb names an act, "told", not the thing), and gives a value of a kind the older states and the question asks
 * (`answersAsked`) that the older and the question do not give. `await loadTagger()` first.
 *
 *   correctsOlder("For the passport form my eye colour is green.", "sorry i told you wrong, my passport says hazel, not green", "What colour are my eyes?", new Set(["passport"]))
 *   // → null (no value of the older's kind: "hazel" is no name)
 */
export function correctsOlder(
  older: string,
  newer: string,
  question: string,
  rare: ReadonlySet<string>,
): Correction | null {
  const olderValues = new Map([...valuesByKind(older)].filter(([kind]) => answersAsked(kind, question)));
  if (olderValues.size === 0) return null;
  const askedValues = valuesByKind(question);
  for (const sentence of sentencesOf(newer)) {
    if (!correctsEarlier(sentence)) continue;
    // The shared word names the thing, not the act: a verb ("I **told** him we're not selling")
    // says what someone did, and a correction says "told" too.
    const said = new Set(
      tagged(sentence)
        .filter((w) => w.pos !== "VERB" && w.pos !== "AUX")
        .flatMap((w) => contentTokens(w.text)),
    );
    const word = [...rare].find((w) => said.has(w));
    if (!word) continue;
    for (const [kind, values] of valuesByKind(sentence)) {
      const before = olderValues.get(kind);
      if (!before) continue;
      const value = [...values].find((v) => !before.has(v) && !askedValues.get(kind)?.has(v));
      if (value) return { word, kind, value };
    }
  }
  return null;
}

/** How many of the top hits are read as olders (as the other lifts read). */
const CORRECTED_TOP = 5;

/** How many statements a search by an older's rare words reads. */
const CORRECTED_CANDIDATES = 20;

/**
 * Whether `correctionFound` reads the store for this question: a question, and an older fact among
 * the top items it asks about. What current-state.ts tests before starting `correctionsSaid` early.
 *
 *   mayFindCorrection(scored, req) // true for "Who gets our leftover bread?" over a fact of bread
 */
export const mayFindCorrection = (scored: readonly RecallHit[], req: RecallRequest): boolean =>
  isQuestion(req.query) && olderFactsAsked(scored, req.query, CORRECTED_TOP).length > 0;

/**
 * The active facts that say a correction of the speaker's: searched once by the words a correction
 * says (`CORRECTION_TERMS`; most stores hold none), then read (`correctsEarlier`). A read only, by
 * words of its own and not the ranking's, so current-state.ts starts it beside the first lift
 * (on PostgreSQL it then costs no round trip of its own).
 *
 *   const said = await correctionsSaid(store, req); // ["oops earlier I said wrong, …"]
 */
export async function correctionsSaid(store: StoreReader, req: RecallRequest): Promise<Belief[]> {
  const found = await store.searchBeliefText(CORRECTION_TERMS, activeFactsOf(req), CORRECTED_CANDIDATES);
  return (
    await store.getBeliefs(
      found.map((f) => f.id),
      req.namespaces,
    )
  ).filter((b) => b.kind === "fact" && sentencesOf(b.text).some(correctsEarlier));
}

/**
 * The lift: for each active fact among the top hits of a current-state question that shares a word
 * with the question and states a value of a kind it asks, a later fact by the same speaker that
 * corrects it (`correctsOlder`: by a word of the older's beyond the question's that is rare among
 * active facts, in at most `SAME_THING_RARE`), found by one full-text search by the words a
 * correction says (`CORRECTION_TERMS`), that no other
 * person's state reads (`othersState`) and that the judge does not read as a restatement, is ranked
 * just above the older, its `why` saying "corrects [older]". A pair a model or agent judged distinct
 * or a refinement stays as it ranks. Ranking only; nothing is closed; only the request's namespaces
 * are searched. Mutates and re-sorts `scored`.
 *
 *   const moves = await correctionFound(lift);
 */
export async function correctionFound(lift: LiftInput, said?: Promise<Belief[]>): Promise<Move[]> {
  const { store, scored, records, req, policy, judge, asked } = lift;
  if (!mayFindCorrection(scored, req)) return [];
  const olders = olderFactsAsked(scored, req.query, CORRECTED_TOP);
  const asks = new Set(contentTokens(req.query));
  const filter = activeFactsOf(req);
  const corrections = await (said ?? correctionsSaid(store, req));
  if (corrections.length === 0) return [];
  await loadTagger();
  const now = req.at ?? req.asOf ?? req.now;
  const slot = asked.possible ? await asked.read() : null;
  const moves: Move[] = [];
  for (const older of olders) {
    const olderRecord = records.get(older.id);
    for (const b of corrections) {
      if (b.id === older.id || !(b.validFrom > older.at) || (req.at && b.validFrom > req.at)) continue;
      const known = scored.find((h) => h.id === b.id);
      if (known && known.score > older.score) continue;
      // The older's words beyond the question's, not a number, that the correction says again: each
      // counted, a word in more active facts than SAME_THING_RARE links nothing.
      const said = new Set(contentTokens(b.text));
      const shared = queryTerms(older.text).filter(
        (t) => !/\d/.test(t) && contentTokens(t).some((s) => !asks.has(s) && said.has(s)),
      );
      if (shared.length === 0) continue;
      const counts = await Promise.all(
        shared.map((t) => store.countBeliefText([t], filter, SAME_THING_RARE + 1)),
      );
      const rare = new Set(
        shared.filter((_, i) => counts[i]! <= SAME_THING_RARE).flatMap((t) => contentTokens(t)),
      );
      if (rare.size === 0) continue;
      const correction = correctsOlder(older.text, b.text, req.query, rare);
      if (!correction) continue;
      if (slot && othersState(b.text, slot, req.lexicon)) continue;
      if ((await speakersOf(store, records, olderRecord, b)) !== "same") continue;
      // The speaker said the older was wrong: the judge's "another entity" does not stop it.
      if (
        !(await judgedSuccessor(judge, store, saidOf(older), saidOf(b), { changeRead: true, byName: false }))
      )
        continue;
      const newer: RecallHit =
        known ?? liftedHitOf(b, policy, now, older.why.relevance, `corrects [${older.id}]`);
      if (!known) {
        records.set(b.id, b);
        scored.push(newer);
      }
      newer.score = older.score * (1 + 1e-6);
      newer.why.summary += `; newer than [${older.id}], corrects it by "${correction.word}" with another ${correction.kind}, no verdict yet: ranked above it`;
      moves.push({ older, newer });
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  return moves;
}
