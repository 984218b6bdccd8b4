/**
 * The lift of a newer statement that speaks of a change to another value of the asked kind, over
 * the older statement of the asked thing (`changedValueFirst`). Its conditions model the language
 * rather than a phrasing: a change said by a verb (or its nominalisation) WordNet's verb hierarchy
 * puts under change, or a definite reference to the replaced alternative; two values of one kind.
 */
import {
  AS_OF,
  adverbs,
  FROM_NOW_ON,
  NO_LONGER,
  NOT_ANYMORE,
  NOW as NOW_WORDS,
  THESE_DAYS,
} from "../../change-adverbs.js";
import { loadTagger, type TaggedWord } from "../../judge/tagger.js";
import type { Belief, Episode, RecallHit } from "../../model.js";
import type { Lexicon, StoreReader } from "../../ports.js";
import { sentencesOf } from "../../sleep/chat-turns.js";
import { type AskedSlot, fillsAskedThing, saysChangedState } from "../../state-slots.js";
import { contentTokens, isHypothetical, isQuestion, rawTokens, stemV1 } from "../../text.js";
import { tagged, typedValues, type ValueType } from "../../typed-values.js";
import type { AboutWords } from "../about-words.js";
import { holdersAsked } from "./asked-aside.js";
import { anotherOfAskedKind } from "./asked-instance.js";
import { type LiftInput, liftNewer, othersState, unsettledMoves } from "./moves.js";
import { relatedByAsked } from "./new-by-related.js";
import { speakersOf } from "./pair-checks.js";
import { withoutReason } from "./reason-clause.js";
import { CLAUSE_BREAK } from "./same-slot-first.js";
import { mayAnswerTyped } from "./same-thing.js";

/** How deep among the candidates a newer may rank (before diversity, which thins near-duplicates out). */
const NEWER_WITHIN = 12;

/**
 * A definite reference to an alternative the speaker left: a determiner or possessive and a word
 * that places the thing before the current one, with "one" or a noun ("the other one made me
 * drowsy", "my old one", "our previous provider", "the last one kept dropping"), or "instead of".
 */
const REPLACED_REFERENCE =
  /\b(?:the|my|our|that)\s+(?:other|old|previous|former|last)\s+(?:one|[a-z]+)\b|\binstead\s+of\b/gi;

/**
 * `COMPARED_WITH_FORMER`: a likeness said just before a reference to a former thing ("same as my old
 * varsity car", "just like our previous flat", "reminds me of my old one") makes it the term of a
 * comparison — a thing seen or met is likened to one the speaker had, which says no change of what
 * the speaker has now. Without the likeness ("because the other one upset her stomach", "my previous
 * dentist never explained anything") the reference is to the alternative left behind.
 */
const LIKENESS_BEFORE =
  /\b(?:(?:the\s+)?same\s+(?:[a-z]+\s+)?as|(?:just|exactly|much|a\s+lot|a\s+bit)\s+like|like|similar\s+to|identical\s+to|remind(?:s|ed|ing)?\s+(?:me|us)\s+of)\s*$/i;

/** The first reference to a replaced alternative that is not the term of a likeness (`COMPARED_WITH_FORMER`), lower-cased. */
function replacedReference(sentence: string): string | null {
  for (const m of sentence.matchAll(REPLACED_REFERENCE))
    if (!LIKENESS_BEFORE.test(sentence.slice(0, m.index))) return m[0].toLowerCase();
  return null;
}

/** Words that put a sentence in a remembered past or a plan, not in what holds now. */
const NOT_NOW =
  /\b(?:used\s+to|years?\s+ago|back\s+(?:in|when|then)|when\s+(?:i|we)\s+(?:was|were)|will|going\s+to|gonna|next\s+(?:week|month|year)|someday|one\s+day)\b/i;

/** Before a verb: it is not (yet) done (a plan, wish, refusal or question; "wanna move", "gotta switch"). */
const NOT_DONE =
  /^(?:to|not|n't|never|will|won't|would|wouldn't|should|can|can't|could|might|may|must|wanna|gonna|gotta)$/i;

/**
 * How a sentence speaks of a change, or null: a verb whose lemma WordNet puts under change
 * (`Lexicon.isChangeVerb`: "migrated", "switched", "swapped", "relocated"), said as done; a noun
 * that is such a verb's nominalisation ("the migration to Snowflake", "the switch", "the move";
 * `derivedVerbs`); or a definite reference to a replaced alternative (`REPLACED_REFERENCE`: "the
 * other one made me drowsy"), not one a thing is likened to (`COMPARED_WITH_FORMER`: "same as my old
 * varsity car"). A question, a hypothetical, a plan or a remembered past says none.
 * `await loadTagger()` first.
 *
 *   speaksOfChange("The migration to Snowflake is done.", wordnet)           // → "migration"
 *   speaksOfChange("The pharmacist suggested fexofenadine because the other one made me drowsy.", wordnet) // → "the other one"
 *   speaksOfChange("I use Redshift for analytics.", wordnet)                // → null
 *   speaksOfChange("We might migrate to Snowflake next year.", wordnet)     // → null
 */
export function speaksOfChange(sentence: string, lexicon: Lexicon | undefined): string | null {
  if (isQuestion(sentence) || isHypothetical(sentence) || NOT_NOW.test(sentence)) return null;
  const reference = replacedReference(sentence);
  if (reference) return reference;
  if (!lexicon?.isChangeVerb) return null;
  const isChange = lexicon.isChangeVerb.bind(lexicon);
  const words = tagged(sentence);
  for (const [i, w] of words.entries()) {
    const lemma = w.lemma.toLowerCase();
    if (w.pos === "VERB" && isChange(lemma) && !notDone(words, i)) return w.text.toLowerCase();
    // A noun right after "to" or "wanna" is the tagger's reading of a verb not done ("wanna move").
    if (w.pos !== "NOUN" || NOT_DONE.test(words[i - 1]?.text ?? "")) continue;
    if (isChange(lemma) || lexicon.derivedVerbs(lemma).some(isChange)) return w.text.toLowerCase();
  }
  return null;
}

/** True when one of the two words before a verb says it is not done ("want to switch", "won't move"). */
function notDone(words: readonly TaggedWord[], at: number): boolean {
  return words.slice(Math.max(0, at - 2), at).some((w) => NOT_DONE.test(w.text));
}

/** The kind of value a statement names: a name (a proper noun, or a noun WordNet lacks) or a number. */
type ValueKind = "name" | "number";

/**
 * The values a statement names, each with its kind: a proper name, a number, or a noun WordNet
 * does not list (a product or drug name the tagger reads as a common noun: "cetirizine"), outside
 * the asked words.
 */
function namedValues(
  text: string,
  asked: ReadonlySet<string>,
  lexicon: Lexicon | undefined,
): { value: string; kind: ValueKind }[] {
  return tagged(text).flatMap((w): { value: string; kind: ValueKind }[] => {
    const own = contentTokens(w.text);
    if (own.length === 0 || own.some((t) => asked.has(t))) return [];
    const value = w.text.toLowerCase();
    if (w.pos === "NUM" || /\d/.test(w.text)) return [{ value, kind: "number" }];
    if (w.pos === "PROPN") return [{ value, kind: "name" }];
    if (w.pos === "NOUN" && lexicon && !lexicon.lists(w.lemma.toLowerCase(), "noun"))
      return [{ value, kind: "name" }];
    return [];
  });
}

/**
 * Whether the newer names a value of the kind the older gives for the asked thing, and not the
 * older's: a name for a name ("Redshift" / "Snowflake"; "cetirizine" / "fexofenadine"), a number
 * for a number ("£1,200" / "£1,275"). Not a newer that only names the older's value again, nor
 * one whose value is of another kind ("We switched to Lidl" for "we bumped the grocery budget to
 * 550 euros": a shop's name is no budget).
 *
 *   anotherValueOfKind("Our analytics warehouse is Redshift.", "The migration to Snowflake is done.", asked, wordnet) // → "snowflake"
 */
export function anotherValueOfKind(
  older: string,
  newer: string,
  asked: AskedSlot,
  lexicon: Lexicon | undefined,
): string | null {
  const olderValues = namedValues(older, asked.attributes, lexicon);
  if (olderValues.length === 0) return null;
  const kinds = new Set(olderValues.map((v) => v.kind));
  const olderWords = new Set(contentTokens(older));
  return (
    namedValues(newer, asked.attributes, lexicon).find(
      (v) => kinds.has(v.kind) && contentTokens(v.value).every((t) => !olderWords.has(t)),
    )?.value ?? null
  );
}

/**
 * Current-state questions prefer current beliefs. When a question asks a person's state now
 * (`askedSlot`, no named time), an active fact within the first k fills the asked thing
 * (`fillsAskedThing`: "Our analytics warehouse is Redshift" for "Which data warehouse do we use?"),
 * and a newer active fact among the first 12 has a sentence that speaks of a change
 * (`speaksOfChange`: a change verb or its nominalisation by WordNet, or "the other one") and names,
 * in that sentence, another value of the kind the older gives (`anotherValueOfKind`: "The migration
 * to Snowflake is done"), the newer is ranked just above the older. Guards kept for precision:
 * another person's change (`othersState`), a question, a hypothetical or plan, a remembered past;
 * a verdict that closed the pair as `distinct` or `refines` (`unsettledMoves`). Its second reading,
 * typed values (`typedValueMoves`), holds for a thing's state too ("What latency target does
 * checkout have?") and needs no head noun in the newer: a clock time, a date, a measure in one unit
 * or a version for one of the same type ("300ms" / "200ms now"). Ranking only; nothing is searched
 * again and nothing is closed. Mutates and re-sorts `scored`.
 */
export async function changedValueFirst(lift: LiftInput): Promise<{ older: RecallHit; newer: RecallHit }[]> {
  const { store, scored } = lift;
  const moves: ChangedValueMove[] = [...(await slotChangeMoves(lift))];
  for (const m of await typedValueMoves(lift))
    if (!moves.some((x) => x.older === m.older && x.newer === m.newer)) moves.push(m);
  // `ANSWER_SAID_RULE`: a newer that says no answer of the type the question asks changes something else.
  const answering = moves.filter((m) => mayAnswerTyped(lift.typedAnswer, m.newer.text));
  if (answering.length === 0) return [];
  const open = await unsettledMoves(store, answering);
  liftNewer(scored, open, (m) =>
    m.typed
      ? ` speaking of a change ("${m.cue}") to another ${m.typed} ("${m.value}") of what the question asks`
      : ` speaking of a change ("${m.cue}") to another value ("${m.value}") of what the question asks`,
  );
  return open;
}

/** A pair `changedValueFirst` lifts: the cue, the newer's value and, for a typed value, its type. */
interface ChangedValueMove {
  older: RecallHit;
  newer: RecallHit;
  cue: string;
  value: string;
  typed?: string;
}

/** The pairs of a question about a person's state (`askedSlot`): the asked thing's change to another value. */
async function slotChangeMoves(lift: LiftInput): Promise<ChangedValueMove[]> {
  const { store, scored, req, asked: askedOnce, times } = lift;
  if (!askedOnce.possible || times.length > 0) return [];
  // Active facts, and the turns themselves when episodes are asked: a turn sleep distilled nothing
  // from ("The migration to Snowflake is done, so… How do resource monitors work?") still says it.
  const facts = scored
    .slice(0, NEWER_WITHIN)
    .filter(
      (h) =>
        h.status === "active" &&
        ((h.layer === "belief" && h.kind === "fact") || (h.layer === "episode" && lift.wantEpisodes)),
    );
  if (facts.length < 2) return [];
  const asked = await askedOnce.read();
  if (!asked) return [];
  await loadTagger();
  const topK = new Set(scored.slice(0, req.k));
  // The asked thing's words, and (with a lexicon) the words WordNet relates to them ("hay fever": "pollen").
  const related = req.lexicon ? relatedByAsked(req.query, req.lexicon) : new Map<string, Set<string>>();
  // Its nouns only: a shared verb ("play", "like", "work") or a word of a circumstance is no sign of the thing.
  const verbs = new Set(
    tagged(req.query)
      .filter((w) => w.pos === "VERB" || w.pos === "AUX")
      .flatMap((w) => [...contentTokens(w.text), ...contentTokens(w.lemma)]),
  );
  // The head of the asked phrase: its last noun ("budget" of "grocery budget", "warehouse" of
  // "data warehouse"); a statement that names only a modifier ("for groceries") is about another thing.
  const head = contentTokens(req.query)
    .filter((w) => asked.central.has(w) && !verbs.has(w))
    .at(-1);
  const topic = {
    central: new Set(head ? [head] : []),
    related: new Set([...related.values()].flatMap((s) => [...s])),
  };
  if (topic.central.size === 0) return [];
  const nouns = askedNouns(req.query);
  const holders = holdersAsked(req.query, req.lexicon);
  const sharedStems = questionWordsOf(req.query);
  const talk = new Map<string, Promise<boolean>>();
  const moves: ChangedValueMove[] = [];
  for (const older of facts) {
    if (!topK.has(older) || !fillsAskedThing(older.text, asked, req.lexicon)) continue;
    const olderLatest = saysChangedState(older.text) ? null : older;
    for (const newer of facts) {
      if (!(newer.at > older.at)) continue;
      if (othersState(newer.text, asked, req.lexicon)) continue;
      let found: { cue: string; value: string; sentence: string } | null = null;
      for (const sentence of sentencesOf(newer.text)) {
        const cue = speaksOfChange(sentence, req.lexicon);
        const value = cue ? anotherValueOfKind(older.text, sentence, asked, req.lexicon) : null;
        if (cue && value) {
          found = { cue, value, sentence };
          break;
        }
      }
      if (!found || askedAfterChange(newer.text, nouns, req.lexicon)) continue;
      // The asked noun said of another one of its kind ("The dentist appointment has moved to
      // Friday" for "when is my physio appointment"; asked-instance.ts).
      if (anotherOfAskedKind(req.query, sharedStems(older.text), older.text, newer.text, holders)) continue;
      // The speaker's own word on the asked thing is a plan or a wish ("I might move the novel over
      // to Ulysses…"): what holds now is still the older.
      if (sentencesOf(newer.text).some((x) => !isQuestion(x) && isHypothetical(x) && namesTopic(x, topic)))
        continue;
      // An older that itself says a change or a state that holds now ("…so I'm paying £1,275 now")
      // is already an update of the asked thing: only a change said of that very thing unseats it.
      if (older !== olderLatest && !namesTopic(found.sentence, topic)) continue;
      // The speaker's own statements: a reply's "shower and change before bed" is no change of theirs.
      if (
        (await speakersOf(store, lift.records, lift.records.get(older.id), lift.records.get(newer.id))) ===
        "another"
      )
        continue;
      // About the asked thing: the newer, its turn or the reply to it names it or a word WordNet relates to it.
      let known = talk.get(newer.id);
      if (!known) {
        known = talkNamesTopic(store, lift.records, lift.about, newer, topic);
        talk.set(newer.id, known);
      }
      if (!(await known)) continue;
      moves.push({ older, newer, ...found });
    }
  }
  return moves;
}

/** The words that name the asked thing: its central words (`stem`) and the words WordNet relates to them (`stemV1`). */
interface Topic {
  central: ReadonlySet<string>;
  related: ReadonlySet<string>;
}

const namesTopic = (text: string, topic: Topic): boolean =>
  contentTokens(text).some((t) => topic.central.has(t)) ||
  contentTokens(text, stemV1).some((t) => topic.related.has(t));

/**
 * True when a newer statement's conversation is about the asked thing: what it is about
 * (`aboutWords`: the statement with the sentences its turn lends it, "…Is coffee a bad idea during
 * a migraine?" for "The neurologist suggested rizatriptan…"), or, when its whole turn is about it,
 * the turn said just after that one (the reply) names an asked word or a word WordNet relates to
 * it ("The migration to Snowflake is done…" answered by "…credits used by warehouses…" for "Which
 * data warehouse do we use?"). A belief cut out of a longer turn that says other things is one
 * statement of several: the turn's other statements, and the reply to them, are about those. One
 * session read per newer that needs its reply.
 */
async function talkNamesTopic(
  store: StoreReader,
  records: Map<string, Belief | Episode>,
  about: AboutWords,
  newer: RecallHit,
  topic: Topic,
): Promise<boolean> {
  await about.read([newer]);
  const said = about.of(newer);
  if (namesTopic(said.text, topic)) return true;
  if (!said.wholeTurn) return false;
  const record = records.get(newer.id);
  const source = records.get(said.turn ?? newer.id);
  if (!record || !source || "kind" in source) return false;
  if (namesTopic(source.content, topic)) return true;
  if (!source.session) return false;
  const turns = await store.listEpisodes(
    { namespaces: [source.namespace], statuses: ["active"], sessions: [source.session] },
    { limit: 500, offset: 0, order: "at-asc" },
  );
  const i = turns.findIndex((t) => t.id === source.id);
  const reply = i >= 0 ? turns[i + 1] : undefined;
  return reply !== undefined && reply.actor !== source.actor && namesTopic(reply.content, topic);
}

/**
 * `ASKED_AFTER_CHANGE`: a newer that names the asked thing only after the clause that says its
 * change, or only in the reason for it, speaks of a change of something else and mentions the
 * asked thing in passing: "We moved standup to Thursdays since half the team is off on Mondays" is
 * no change of "Which team am I on?", "calc study group is saturdays at noon now, ppl had labs" none
 * of "which lab section am i in", "The bishop has changed things around again and Sunday Mass is at
 * 9.30 now, which cuts into the morning milking, so I'll be going with the smell of the parlour on
 * me" none of the parlour. True when some sentence of the newer names an asked noun (`askedNouns`)
 * and says a change (a change verb by WordNet, "now" and its kin, or `saysChangedState`) and, in
 * every such sentence read without its reason clause (`withoutReason`) and split into clauses as
 * `CLAUSE_BREAK` splits them, no clause up to the first that says the change names an asked noun.
 * The thing named in the clause of its change or before it ("Physio's on Fridays now since my
 * physio changed clinics", "They moved the TB test on us again, it's the 4th of December now"), and
 * a newer that names it in no sentence of its own (its talk does: "The migration to Snowflake is
 * done…" for "Which data warehouse do we use?"), are read as before. `await loadTagger()` first.
 *
 *   askedAfterChange("calc study group is saturdays at noon now, ppl had labs", askedNouns("which lab section am i in"), wordnet) // → true
 *   askedAfterChange("Physio's on Fridays now since my physio changed clinics.", askedNouns("When do I see the physio?"), wordnet)  // → false
 */
export function askedAfterChange(
  newer: string,
  nouns: ReadonlySet<string>,
  lexicon: Lexicon | undefined,
): boolean {
  const names = (text: string) => contentTokens(text).some((t) => nouns.has(t));
  const changes = (clause: string) =>
    speaksOfChange(clause, lexicon) !== null || NOW.test(clause) || saysChangedState(clause);
  let after = false;
  for (const sentence of sentencesOf(newer)) {
    if (!names(sentence)) continue;
    const clauses = withoutReason(sentence)
      .split(CLAUSE_BREAK)
      .map((c) => c.trim())
      .filter((c) => c.length > 0);
    const change = clauses.findIndex(changes);
    if (change < 0) continue;
    if (clauses.slice(0, change + 1).some(names)) return false;
    after = true;
  }
  return after;
}

/** A question that asks about the past or a former state ("When did…", "What was…", "…used to…", "originally"). */
const ASKS_PAST =
  /\b(?:did|was|were|had|used\s+to|originally|at\s+first|previous(?:ly)?|before|old|former)\b/i;

/** Nouns a question asks its value by, not what it is about ("What time…", "Which version…", "What kind of…"). */
const ASKING_NOUNS = new Set([
  "version",
  "time",
  "day",
  "date",
  "kind",
  "sort",
  "type",
  "thing",
  "way",
  "amount",
  "number",
]);

/** A sentence said as a current state: "now" and its kin (`saysChangedState` needs the first person). */
const NOW = new RegExp(
  `\\b(?:${adverbs(NOW_WORDS, THESE_DAYS, FROM_NOW_ON, NOT_ANYMORE, NO_LONGER)}|${AS_OF})\\b`,
  "i",
);

/**
 * The typed-value reading of `changedValueFirst`, for any current-state question, a person's state
 * or a thing's ("What latency target does checkout have?", "When is my status report due?"): the
 * older active fact within the first k names every noun the question is about (not the nouns it asks
 * a value by: "time", "kind"), a newer active fact among the first 12 names one of them, and a
 * sentence of the newer says a change or a state that holds now (`speaksOfChange`,
 * `saysChangedState`, or "now") and names a typed value (`typedValues`: a clock time, a date, a
 * measure in one unit, a version) of a type the older gives and the older does not name ("300ms" /
 * "200ms now"; "Friday noon" / "by Thursday EOD now"). A type is what makes the two values one
 * slot's: "Leo is 4 now" gives no clock time for "Leo goes to bed at 7pm". Guards: a question, a
 * hypothetical, a plan or a remembered past says no change (`NOT_NOW`); a question that asks the past
 * or names a time reads no lift; another person's change for a question about the speaker's
 * (`othersState`); another speaker's statement. `await loadTagger()` first.
 */
async function typedValueMoves(lift: LiftInput): Promise<ChangedValueMove[]> {
  const { store, scored, req, asked: askedOnce, times } = lift;
  if (times.length > 0 || !isQuestion(req.query) || ASKS_PAST.test(req.query)) return [];
  const facts = scored
    .slice(0, NEWER_WITHIN)
    .filter((h) => h.status === "active" && h.layer === "belief" && h.kind === "fact");
  if (facts.length < 2) return [];
  await loadTagger();
  const nouns = askedNouns(req.query);
  if (nouns.size === 0) return [];
  const asked = askedOnce.possible ? await askedOnce.read() : null;
  const topK = new Set(scored.slice(0, req.k));
  const holders = holdersAsked(req.query, req.lexicon);
  const sharedStems = questionWordsOf(req.query);
  await lift.about.read(facts);
  const moves: ChangedValueMove[] = [];
  for (const older of facts) {
    if (!topK.has(older)) continue;
    for (const newer of facts) {
      if (!(newer.at > older.at)) continue;
      const found = typedValueChange(nouns, older.text, newer.text, req.lexicon, lift.about.of(newer).text);
      if (!found || askedAfterChange(newer.text, nouns, req.lexicon)) continue;
      if (anotherOfAskedKind(req.query, sharedStems(older.text), older.text, newer.text, holders)) continue;
      // Another person's change ("My sister's bedtime is 8pm now") is not the speaker's.
      if (asked && othersState(newer.text, asked, req.lexicon)) continue;
      // The speaker's own statements: a reply's "try 7:30pm" is no change of theirs.
      if (
        (await speakersOf(store, lift.records, lift.records.get(older.id), lift.records.get(newer.id))) ===
        "another"
      )
        continue;
      moves.push({ older, newer, ...found });
    }
  }
  return moves;
}

/**
 * `ASKED_HOURS` (values41): "what hours" or "which hours" with no noun after it asks a time range
 * by its noun, as "what time" asks a time ("What hours is the gym open?", "what hours does Maisie
 * work"); "hours" is then no noun the question is about. Not "which hours rule am I on" (a rule),
 * "what app keeps my hours" or "how much does she earn per hour" (the hours are the thing).
 */
function asksHoursAt(words: readonly { text: string; pos: string }[], k: number): boolean {
  return (
    /^hours$/i.test(words[k]!.text) &&
    /^(?:what|which)$/i.test(words[k - 1]?.text ?? "") &&
    words[k + 1]?.pos !== "NOUN" &&
    words[k + 1]?.pos !== "PROPN"
  );
}

/**
 * The nouns a question is about, stemmed (`contentTokens`), less those it asks a value by ("time"
 * of "What time…", "kind"): "What time does Leo go to bed?" → {"leo", "bed"}. `await loadTagger()` first.
 */
export function askedNouns(query: string): Set<string> {
  return new Set(
    tagged(query)
      .filter((w, k, words) => (w.pos === "NOUN" || w.pos === "PROPN") && !asksHoursAt(words, k))
      .flatMap((w) => contentTokens(w.text))
      .filter((t) => !ASKING_NOUNS.has(t)),
  );
}

/**
 * The typed-value reading of one pair (`typedValueMoves`), or null: the older names every asked
 * noun (`askedNouns`) and a typed value; the newer names one asked noun in what it is about
 * (`newerAbout`, `aboutWords`: with the questions its turn asks of it; its own text when not
 * given) and, in a sentence of its own that is no question, hypothetical, plan or remembered past,
 * says a change or a state that holds now and names a value of a type the older gives that the
 * older does not name. `await loadTagger()` first.
 *
 *   typedValueChange(askedNouns("What latency target does checkout have?"),
 *     "Our p95 latency target for the checkout API is 300ms.",
 *     "Product tightened the checkout SLO, p95 has to be under 200ms now.", wordnet)
 *   // → { cue: "tightened" or "now", value: "200ms", typed: "measure in ms" }
 */
export function typedValueChange(
  nouns: ReadonlySet<string>,
  older: string,
  newer: string,
  lexicon: Lexicon | undefined,
  newerAbout: string = newer,
): { cue: string; value: string; typed: string } | null {
  if (nouns.size === 0) return null;
  const olderWords = new Set(contentTokens(older));
  if (![...nouns].every((n) => olderWords.has(n))) return null;
  if (!contentTokens(newerAbout).some((t) => nouns.has(t))) return null;
  if (namesAnotherInPlace(nouns, older, newer)) return null;
  const olderTypes = new Set(typedValues(older).map((v) => v.type));
  if (olderTypes.size === 0) return null;
  const olderText = older.toLowerCase();
  for (const sentence of sentencesOf(newer)) {
    if (isQuestion(sentence) || isHypothetical(sentence) || NOT_NOW.test(sentence)) continue;
    const value = typedValues(sentence).find((v) => olderTypes.has(v.type) && !olderText.includes(v.value));
    if (!value) continue;
    const cue =
      speaksOfChange(sentence, lexicon) ??
      NOW.exec(sentence)?.[0].toLowerCase() ??
      (saysChangedState(sentence) ? "a change" : null);
    if (cue) return { cue, value: value.value, typed: typeName(value.type) };
  }
  return null;
}

/**
 * `ANOTHER_THING`: the newer says, after the word the older puts before an asked noun the newer
 * lacks, another noun in its place — another thing of the same name: "The deploy day of the
 * production support api was changed to Tuesday" is not of "Production support indexer deploy day
 * is Wednesday" for "What is the production support indexer deploy day?". A word that is no
 * content word after it ("p95 has to be…" for "p95 latency target") names nothing in its place.
 */
function namesAnotherInPlace(nouns: ReadonlySet<string>, older: string, newer: string): boolean {
  const olderWords = rawTokens(older);
  const newerWords = rawTokens(newer);
  const inOlder = new Set(contentTokens(older));
  const inNewer = new Set(contentTokens(newer));
  for (let i = 1; i < olderWords.length; i++) {
    const missing = contentTokens(olderWords[i]!).filter((t) => nouns.has(t) && !inNewer.has(t));
    const before = olderWords[i - 1]!;
    if (missing.length === 0 || contentTokens(before).length === 0) continue;
    for (let j = 0; j + 1 < newerWords.length; j++) {
      if (newerWords[j] !== before) continue;
      const next = contentTokens(newerWords[j + 1]!);
      if (next.length > 0 && !next.some((t) => inOlder.has(t))) return true;
    }
  }
  return false;
}

/** A value type as `why` says it: "clock time", "date", "measure in ms", "version". */
const typeName = (type: ValueType): string =>
  type === "clock" ? "clock time" : type.startsWith("measure:") ? `measure in ${type.slice(8)}` : type;

/** The stemmed words of a statement the question says too ("appointment", "physio"), as `anotherOfAskedKind` reads them. */
function questionWordsOf(question: string): (statement: string) => string[] {
  const asked = new Set(contentTokens(question, stemV1));
  return (statement) => [...new Set(contentTokens(statement, stemV1))].filter((w) => asked.has(w));
}
