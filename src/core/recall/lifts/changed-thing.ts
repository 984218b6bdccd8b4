/**
 * The newer statement in which the speaker says they changed the thing the older statement names:
 * "who cleans my teeth" finds "dentist: Dr. Helena Vaz, in Graça, cleaning every six months"; the
 * update "I changed dentist, it is Dr. Paulo Sena now" shares no word with the question, and with
 * the older only the thing, "dentist". What links them is the clause itself: the speaker (I, we) is
 * the subject of a verb WordNet puts under change ("changed", "switched", "swapped"), said as done,
 * and the older's thing is its object — the head of the noun phrase after the verb ("changed
 * **dentist**", "switched our **bank**"; not "changed my **mind** about the dentist"). No rarity test
 * is needed: the object names what changed, so a word said in many facts ("doctor") links only to
 * the statements that say the speaker changed it.
 */
import { loadTagger, type TaggedWord } from "../../judge/tagger.js";
import type { RecallHit } from "../../model.js";
import { namedValues } from "../../named-values.js";
import type { Lexicon } from "../../ports.js";
import { sentencesOf } from "../../sleep/chat-turns.js";
import { contentTokens, isHypothetical, isQuestion, queryTerms } from "../../text.js";
import { tagged } from "../../typed-values.js";
import { opensWithUnsaidSpeaker } from "../../unsaid-subject.js";
import { liftedHitOf } from "../hits.js";
import { compareIds } from "../ids.js";
import { activeFactsOf, type LiftInput, type Move, olderFactsAsked, othersState } from "./moves.js";
import { judgedSuccessor, saidOf, speakersOf } from "./pair-checks.js";
import { mayAnswerTyped } from "./same-thing.js";

/** How many of the top hits are read as olders (as `missedSuccessors` and `sameThingFound` read). */
const CHANGED_THING_TOP = 5;

/** How many statements a search by an older's nouns reads. */
const CHANGED_THING_CANDIDATES = 20;

/** The speaker as the subject: "I", "we", and their contractions with "have". */
const SPEAKER_SUBJECT = /^(?:i|we|i've|we've|i’ve|we’ve)$/i;

/** A first-person subject written anywhere in a statement, read without the tagger. */
const SPEAKER_SAID = /\b(?:i|we|i've|i’ve|we've|we’ve)\b/i;

/** Before the verb: it is not (yet) done — a plan, wish, refusal or question ("want to change", "won't switch"). */
const NOT_DONE =
  /^(?:to|not|n't|never|will|won't|would|wouldn't|should|can|can't|could|might|may|must|gonna)$/i;

/** A remembered past, a plan or a time to come: no change that holds now. */
const NOT_NOW =
  /\b(?:used\s+to|years?\s+ago|back\s+(?:in|when|then)|when\s+(?:i|we)\s+(?:was|were)|going\s+to|gonna|next\s+(?:week|month|year)|someday|one\s+day)\b/i;

/**
 * The things a sentence says the speaker changed, as stems (`contentTokens`): the head noun of the
 * object of a change verb (`Lexicon.isChangeVerb`) whose subject is the speaker, said as done. The
 * object is read from the word after the verb: determiners, possessives and adjectives are passed
 * over, and the last noun of a run of nouns is its head ("switched our **bank**", "changed the wifi
 * **password**"). A sentence that asks, a hypothetical, a plan or a remembered past says none. A
 * verb that is no change ("I love my dentist") and an object that is another thing ("I changed my
 * mind about the dentist": "mind") give nothing of the dentist. `await loadTagger()` first.
 *
 *   changedThingsOf("I changed dentist, it is Dr. Paulo Sena now", wordnet)       // → ["dentist"]
 *   changedThingsOf("I changed my mind about the dentist", wordnet)              // → ["mind"]
 *   changedThingsOf("I might change dentist next year", wordnet)                // → []
 */
export function changedThingsOf(sentence: string, lexicon: Lexicon | undefined): string[] {
  return [...new Set(changedObjectsOf(sentence, lexicon).map((nouns) => nouns[nouns.length - 1]!))];
}

/**
 * The objects a sentence says the speaker changed, each as the stems of its nouns, modifiers first
 * and the head last ("I changed the wifi password" → [["wifi", "password"]]): a compound names a
 * kind of its head ("an email program" is no translation program). `await loadTagger()` first.
 *
 *   changedObjectsOf("I switched the email program to Thunderbird", wordnet) // → [["email", "program"]]
 */
export function changedObjectsOf(sentence: string, lexicon: Lexicon | undefined): string[][] {
  if (!lexicon?.isChangeVerb) return [];
  if (isQuestion(sentence) || isHypothetical(sentence) || NOT_NOW.test(sentence)) return [];
  const words = tagged(sentence);
  const out: string[][] = [];
  for (const [i, w] of words.entries()) {
    if (w.pos !== "VERB" || !lexicon.isChangeVerb(w.lemma.toLowerCase())) continue;
    // Said as done: a past form ("changed", "switched"), not "change" or "changing".
    if (w.text.toLowerCase() === w.lemma.toLowerCase() || /ing$/i.test(w.text)) continue;
    // The speaker as the subject, or left unsaid at the sentence's start ("Replaced the RO with…").
    if (!speakerBefore(words, i) && !opensWithUnsaidSpeaker(words, i)) continue;
    const nouns = objectNouns(words, i + 1).flatMap((n) => contentTokens(n));
    if (nouns.length > 0) out.push(nouns);
  }
  return out;
}

/** The speaker is the verb's subject: "I changed", "we've switched", "I just changed"; nothing that says it is not done. */
function speakerBefore(words: readonly TaggedWord[], verb: number): boolean {
  let j = verb - 1;
  while (j >= 0 && (words[j]!.pos === "ADV" || words[j]!.pos === "AUX")) {
    if (NOT_DONE.test(words[j]!.text)) return false;
    j--;
  }
  return j >= 0 && SPEAKER_SUBJECT.test(words[j]!.text);
}

/** A capitalised abbreviation the tagger reads as a name: a common noun written short ("GP", "ISP"). */
const ABBREVIATION = /^[A-Z]{2,4}s?$/;

/** A word that may head the object: a noun, or an abbreviation of one. */
const nounLike = (w: TaggedWord) => w.pos === "NOUN" || (w.pos === "PROPN" && ABBREVIATION.test(w.text));

/**
 * The nouns of the noun phrase that starts at `from`, its head last: past determiners, possessives
 * and adjectives, the run of nouns ("the wifi **password**"); an adjective with no noun after it is
 * said as one ("our **broadband**"). A pronoun object ("changed it") names no thing.
 */
function objectNouns(words: readonly TaggedWord[], from: number): string[] {
  let j = from;
  let adjective: string | null = null;
  while (j < words.length && ["DET", "PRON", "ADJ", "NUM"].includes(words[j]!.pos)) {
    const w = words[j]!;
    if (w.pos === "PRON" && !/^(?:my|our|your|his|her|their)$/i.test(w.text)) return [];
    adjective = w.pos === "ADJ" ? w.text : null;
    j++;
  }
  const nouns: string[] = [];
  while (j < words.length && nounLike(words[j]!)) {
    nouns.push(words[j]!.text);
    j++;
  }
  return nouns.length > 0 ? nouns : adjective ? [adjective] : [];
}

/**
 * The nouns (stems) a statement says as its things: every noun of a noun phrase that no preposition
 * governs. "Our daughter goes to Maple Elementary" says "daughter"; "I bank with Chase, mostly for
 * the app" says no "app" as its thing (the app is what the bank is chosen for: "We migrated the app
 * to PostgreSQL" changes no bank). A label's noun ("dentist: Dr. Helena Vaz") is one.
 * `await loadTagger()` first.
 *
 *   thingNounsOf("I bank with Chase, mostly for the app.") // → Set {} ("app" follows "for")
 */
export function thingNounsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const sentence of sentencesOf(text)) {
    const words = tagged(sentence);
    let governed = false;
    for (const w of words) {
      if (w.pos === "ADP") governed = true;
      else if (w.pos === "NOUN" || w.pos === "PROPN") {
        if (!governed) for (const t of contentTokens(w.text)) out.add(t);
      } else if (!["DET", "PRON", "ADJ", "NUM", "PUNCT"].includes(w.pos) || /^[,;:]$/.test(w.text))
        governed = false;
    }
  }
  return out;
}

/**
 * Whether `newer` says the speaker changed a thing `older` names as a noun — every noun of the
 * object, its modifiers too (`changedObjectsOf`) — and names a name of its
 * own (`namedValues`: "Paulo", "Sena") that the older does not: the thing's new value. Returns the
 * thing (a stem), or null. `await loadTagger()` first.
 *
 *   changesOlderThing("dentist: Dr. Helena Vaz, in Graça", "I changed dentist, it is Dr. Paulo Sena now", wordnet) // → "dentist"
 *   changesOlderThing("dentist: Dr. Helena Vaz, in Graça", "I changed my mind about the dentist, Dr. Vaz stays", wordnet) // → null
 */
export function changesOlderThing(older: string, newer: string, lexicon: Lexicon | undefined): string | null {
  const things = thingNounsOf(older);
  const olderNames = new Set(namedValues(older).map((w) => w.toLowerCase()));
  for (const sentence of sentencesOf(newer)) {
    // The older names the whole object, its modifiers too: "I switched the email program" changes
    // no "new program" of the older's translation work.
    const object = changedObjectsOf(sentence, lexicon).find((nouns) => nouns.every((n) => things.has(n)));
    if (!object) continue;
    const thing = object[object.length - 1]!;
    // The new value is said in the same statement: a name the older does not give.
    if (namedValues(newer).some((w) => !olderNames.has(w.toLowerCase()))) return thing;
  }
  return null;
}

/**
 * The lift: for each active fact among the top hits of a current-state question that shares a word
 * with the question, a later fact by the same speaker that says the speaker changed a thing the
 * older names (`changesOlderThing`: "I changed dentist, it is Dr. Paulo Sena now" for "dentist: Dr.
 * Helena Vaz…"), found by a full-text search by the older's nouns, that no other person's state
 * reads (`othersState`) and that the judge does not read as a restatement, is ranked just above the
 * older, its `why` saying "the speaker changed its "dentist"". A pair a model or agent judged
 * distinct or a refinement stays as it ranks. Ranking only; nothing is closed; only the request's
 * namespaces are searched. Mutates and re-sorts `scored`.
 *
 *   const moves = await changedThingFound(lift);
 */
export async function changedThingFound(lift: LiftInput): Promise<Move[]> {
  const { store, scored, records, req, policy, judge, asked } = lift;
  if (!req.lexicon?.isChangeVerb || !isQuestion(req.query)) return [];
  const olders = olderFactsAsked(scored, req.query, CHANGED_THING_TOP);
  if (olders.length === 0) return [];
  await loadTagger();
  const filter = activeFactsOf(req);
  const now = req.at ?? req.asOf ?? req.now;
  const slot = asked.possible ? await asked.read() : null;
  // Each older's search and read depend on its text alone, not on what the loop below lifts: they
  // are started together (on PostgreSQL one round trip for all, not two per older), and the loop
  // reads their results in the olders' order, so what it lifts is the same.
  const foundOf = await Promise.all(
    olders.map(async (older) => {
      const nouns = thingNounsOf(older.text);
      const terms = queryTerms(older.text).filter((t) => contentTokens(t).some((s) => nouns.has(s)));
      if (terms.length === 0) return [];
      const found = await store.searchBeliefText(terms, filter, CHANGED_THING_CANDIDATES);
      return store.getBeliefs(
        found.map((f) => f.id).filter((id) => id !== older.id),
        filter.namespaces,
      );
    }),
  );
  const moves: Move[] = [];
  for (const [i, older] of olders.entries()) {
    const olderRecord = records.get(older.id);
    for (const b of foundOf[i]!) {
      if (b.kind !== "fact" || !(b.validFrom > older.at) || (req.at && b.validFrom > req.at)) continue;
      const known = scored.find((h) => h.id === b.id);
      if (known && known.score > older.score) continue;
      // The tagger-free test first: the speaker as a subject ("I", "we").
      if (!SPEAKER_SAID.test(b.text)) continue;
      const thing = changesOlderThing(older.text, b.text, req.lexicon);
      if (!thing) continue;
      // `ANSWER_SAID_RULE`: a change that says no answer of the type the question asks is another thing's.
      if (!mayAnswerTyped(lift.typedAnswer, b.text)) continue;
      if (slot && othersState(b.text, slot, req.lexicon)) continue;
      if ((await speakersOf(store, records, olderRecord, b)) !== "same") continue;
      // The speaker said the change: the judge's "another entity" does not stop it.
      if (
        !(await judgedSuccessor(judge, store, saidOf(older), saidOf(b), { changeRead: true, byName: false }))
      )
        continue;
      const why = `the speaker changed [${older.id}]'s "${thing}"`;
      const newer: RecallHit = known ?? liftedHitOf(b, policy, now, older.why.relevance, why);
      if (!known) {
        records.set(b.id, b);
        scored.push(newer);
      }
      newer.score = older.score * (1 + 1e-6);
      newer.why.summary += `; newer than [${older.id}], the speaker changed its "${thing}", no verdict yet: ranked above it`;
      moves.push({ older, newer });
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  return moves;
}
