/**
 * What the lifts share. A lift is a re-ranking step for current-state questions: it ranks a newer
 * item just above the older it changes (a move). Here: the move, the moves no verdict has closed,
 * ranking them, the request's active facts a lift searches, a search for statements newer than an
 * older, and the slot a question asks about a person, read at most once per recall. The checks of
 * one pair (who said each, the judge's verdict, a settled pair) are pair-checks.ts's.
 */
import { loadTagger } from "../../judge/tagger.js";
import type { Belief, Episode, RecallHit } from "../../model.js";
import type { Policy } from "../../policy.js";
import type { BeliefFilter, EpisodeFilter, Judge, Lexicon, StoreReader } from "../../ports.js";
import { type AskedSlot, askedSlot, asksOfRecall, saysOthersState, slotsOf } from "../../state-slots.js";
import { contentTokens } from "../../text.js";
import { tagged } from "../../typed-values.js";
import type { AboutWords } from "../about-words.js";
import { compareIds } from "../ids.js";
import type { NamedTime } from "../query-times.js";
import type { RecallRequest } from "../request.js";
import { settlesApart } from "./pair-checks.js";

/**
 * A test of a kind of value (same-thing.ts's `ValueKind`: "date", "clock", "measure:kg" …):
 * whether it answers what a question of when or how much asks (`typedAnswerAsked`). Here, beside
 * `LiftInput`, so that the lifts' input imports nothing from a lift.
 */
export type TypedAnswer = (kind: string) => boolean;

/**
 * What a lift reads and ranks, built once per recall (recall.ts) and handed to every lift:
 *
 *   await newerMeasureFound({ store, scored, records, req, policy, judge, asked, typedAnswer, times, wantEpisodes, about });
 */
export interface LiftInput {
  /** Where a lift searches and reads what the top items do not hold. */
  store: StoreReader;
  /** The ranked items: a lift mutates them (score, `why`), may add a found newer, and re-sorts. */
  scored: RecallHit[];
  /** The records behind `scored` by id, and the source episodes a lift has read (it adds them). */
  records: Map<string, Belief | Episode>;
  req: RecallRequest;
  policy: Policy;
  /** The request's judge: current-state lifts run only with one. */
  judge: Judge;
  /** The slot the question asks about a person, read at most once per recall. */
  asked: AskedOnce;
  /**
   * The kinds of value a question of when or how much asks (`typedAnswerAsked`, read once per
   * recall); null for any other question.
   */
  typedAnswer: TypedAnswer | null;
  /** The times the question names (`namedTimes`; none when it names none). */
  times: readonly NamedTime[];
  /** Whether episodes are asked (no `kinds`, or "episode" among them): turns are searched too. */
  wantEpisodes: boolean;
  /**
   * What each statement is about, for a test of whether it names the asked thing: a part of a
   * longer turn with the words its turn lends it (`aboutWords`, recall/about-words.ts).
   */
  about: AboutWords;
}

/** The request's active facts (its namespaces and metadata): what a lift searches for a newer statement. */
export const activeFactsOf = (req: RecallRequest): BeliefFilter => ({
  namespaces: req.namespaces,
  statuses: ["active"],
  kinds: ["fact"],
  metadata: req.metadata,
});

/**
 * The active facts among the first `top` hits that share a content word with the query: the
 * olders a lift reads for a newer statement the query's words missed.
 */
export function olderFactsAsked(scored: readonly RecallHit[], query: string, top: number): RecallHit[] {
  const asks = new Set(contentTokens(query));
  return scored
    .slice(0, top)
    .filter(
      (h) =>
        h.layer === "belief" &&
        h.kind === "fact" &&
        h.status === "active" &&
        contentTokens(h.text).some((t) => asks.has(t)),
    );
}

/** A fact or turn a lift's search found, with its text and the time it was said. */
export interface FoundStatement {
  record: Belief | Episode;
  text: string;
  at: string;
}

/**
 * The facts (`filters.facts`) and turns (`filters.turns`, none when null) a full-text search by
 * `terms` finds, `limit` of each, said after `older` and not it: a lift's search for the newer of a
 * pair the question's words miss.
 */
export async function newerFoundByWords(
  store: StoreReader,
  terms: string[],
  filters: { facts: BeliefFilter; turns: EpisodeFilter | null },
  limit: number,
  older: { id: string; at: string },
): Promise<FoundStatement[]> {
  const [facts, turns] = await Promise.all([
    store.searchBeliefText(terms, filters.facts, limit),
    filters.turns ? store.searchEpisodeText(terms, filters.turns, limit) : Promise.resolve([]),
  ]);
  const [beliefs, episodes] = await Promise.all([
    store.getBeliefs(
      facts.map((f) => f.id),
      filters.facts.namespaces,
    ),
    store.getEpisodes(
      turns.map((t) => t.id),
      filters.turns?.namespaces ?? [],
    ),
  ]);
  return [...beliefs, ...episodes].flatMap((record) => {
    const text = "kind" in record ? record.text : record.content;
    const at = "kind" in record ? record.validFrom : record.at;
    return record.id !== older.id && at > older.at ? [{ record, text, at }] : [];
  });
}

/** A reordering recall made: the newer item ranked just above the older (`listed`: kept within the first k). */
export interface Move {
  older: RecallHit;
  newer: RecallHit;
  listed?: true;
}

/**
 * The moves no verdict has closed: a non-lexical `distinct` or `refines` between the pair (a
 * model's or an agent's reading) keeps the older where it ranks.
 */
export async function unsettledMoves<M extends Move>(store: StoreReader, moves: M[]): Promise<M[]> {
  const settled = await store.judgedPairs(
    moves.map((m) => ({ a: m.older.id, b: m.newer.id })),
    [...new Set(moves.flatMap((m) => [m.older.namespace, m.newer.namespace]))],
  );
  const closed = (m: Move) =>
    settled.some(
      (p) =>
        settlesApart(p) &&
        ((p.a === m.older.id && p.b === m.newer.id) || (p.a === m.newer.id && p.b === m.older.id)),
    );
  return moves.filter((m) => !closed(m));
}

/**
 * Ranks each move's newer just above its older, its `why` saying once "; newer than [older]" and
 * `reason(m)` after it (" about …", ", found by …": the lift traces read them). A few passes:
 * lifting one item may put it below another it is newer than. Re-sorts `scored`.
 */
export function liftNewer<M extends Move>(
  scored: RecallHit[],
  moves: readonly M[],
  reason: (m: M) => string,
): void {
  for (let pass = 0; pass < 3; pass++)
    for (const m of moves) {
      if (m.newer.score > m.older.score) continue;
      m.newer.score = m.older.score * (1 + 1e-6);
      const said = `; newer than [${m.older.id}]`;
      if (!m.newer.why.summary.includes(said)) m.newer.why.summary += `${said}${reason(m)}: ranked above it`;
    }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
}

/** First-person words and possessive names: a question that could ask a person's state (checked before the tagger loads). */
const PERSON_ASKED = /\b(?:i|i'm|my|we|we're|our|me|us)\b|\p{Lu}\p{L}*[’']s\b/iu;

/**
 * `NAMED_ASKED`: a present "is", "are", "does", "do" or "has" before a capitalised name: a question
 * that could ask a named person's state with no possessive ("where does Ruben live", "what time
 * does Ruben start in the morning", "which nursery is Leo at"). Not a name after a past verb ("When
 * did Ruben start?") nor a question with no name ("what is a good plan"): read as before. A thing's
 * name ("What is Python?") is read and `askedSlot` finds no person's slot in it.
 */
const NAMED_ASKED = /\b(?:is|are|does|do|has)\s+\p{Lu}\p{Ll}/u;

/** The forms in "-s" of be, do and have, which follow a wh-word as its verb ("what does", "which is"). */
const AUX_IN_S = new Set(["is", "was", "does", "has"]);

/**
 * `PLURAL_ASKED`: "what" or "which" before a plural noun asks for every value, a list, not the one
 * that holds now: "What shelters does Maria volunteer at?", "What books does Melanie read?", "which
 * classes does Jon teach". A plural is a word the lexicon does not list as a noun whose singular
 * ("-s", "-es", "-ies" → "-y") it lists: "shelters", "classes", "hobbies"; not "class", "news" or
 * "glasses" (listed as written). The current-state reading ranks the newest value first and the
 * others below, so a named person's list question is read as before `NAMED_ASKED` (LoCoMo 0–2's
 * "What shelters does Maria volunteer at?" lost an earlier shelter from the ten). Not a singular
 * ("What shelter does Maria volunteer at?"), nor a plural after another wh-word ("How many
 * children does Melanie have?": one count that holds now). The speaker's own questions are read as
 * they were ("What shows do I watch on Sundays?"): only `NAMED_ASKED`'s way in is narrowed. Read
 * before the tagger loads; without a lexicon no plural is known and the question is read. The verb
 * after the wh-word is no noun: "what does Zack do after school" ("doe" is a noun) is read.
 */
function listAsked(query: string, lexicon: Lexicon | undefined): boolean {
  if (!lexicon) return false;
  for (const m of query.matchAll(/\b(?:what|which)\s+(\p{L}+)/giu)) {
    const word = m[1]!.toLowerCase();
    if (!word.endsWith("s") || AUX_IN_S.has(word) || lexicon.lists(word, "noun")) continue;
    const singulars = [word.slice(0, -1), word.replace(/es$/, ""), word.replace(/ies$/, "y")];
    if (singulars.some((w) => w !== word && w.length > 1 && lexicon.lists(w, "noun"))) return true;
  }
  return false;
}

/** A thing said with "the": a question that could ask the state of a thing the speaker holds ("Which day is the shop shut?"). */
const THING_ASKED = /\bthe\b/i;

/** The slot a question asks about a person's current state, read at most once per recall. */
export interface AskedOnce {
  /** False when no person's state can be asked (not a question, no person word): nothing to read. */
  readonly possible: boolean;
  /** `askedSlot` of the query, the tagger loaded on the first call only. */
  read(): Promise<AskedSlot | null>;
}

/**
 * `askedSlot` of a recall query, read once. A question with no person word and no name after its
 * verb (`NAMED_ASKED`: "What does Melanie paint in the evenings?", "where does Ruben live"), or a
 * named person's list question (`PLURAL_ASKED`), is read only for a thing's state (`askedSlot`'s
 * "the shop"): the speaker's slot, not a named person's.
 */
export function askedSlotOnce(query: string, lexicon?: Lexicon): AskedOnce {
  const asks = asksOfRecall(query);
  const personWord = asks && PERSON_ASKED.test(query);
  const named = asks && !personWord && NAMED_ASKED.test(query) && !listAsked(query, lexicon);
  const person = personWord || named;
  const possible = person || (asks && THING_ASKED.test(query));
  let slot: Promise<AskedSlot | null> | undefined;
  const read = async () => {
    await loadTagger();
    const asked = askedSlot(query, lexicon);
    return person || asked?.subject === "speaker" ? asked : null;
  };
  return {
    possible,
    read: () => (slot ??= possible ? read() : Promise.resolve(null)),
  };
}

/** For a question about the speaker's state, a statement of another person's (`saysOthersState`); needs a lexicon. */
export const othersState = (text: string, asked: AskedSlot, lexicon: Lexicon | undefined): boolean =>
  asked.subject === "speaker" && lexicon !== undefined && saysOthersState(text, asked, lexicon);

/**
 * True when a statement meets the thing a question asks only by its word in another part of speech
 * that names another thing: the question asks a noun and the statement says it as a verb whose
 * dominant sense makes a noun of its own (`Lexicon.derivedNouns`: "train" → "training"), as in "I
 * train at Ironworks on Pine Street" for "Which train do I catch in the morning?" — or the other way
 * round. Such a statement is about something else, so no lift ranks a newer above it as its
 * successor. A verb from which WordNet derives no other noun may be the noun's own use ("I bank with
 * Chase" for "Which bank do I use?"): not read as another sense. False too when the statement also
 * says the asked word in the question's part of speech ("I train on the train home"), or fills no
 * central word of the question at all. `await loadTagger()` first.
 *
 *   askedInAnotherSense("I train at Ironworks three mornings a week.", askedSlot("Which train do I catch in the morning?")!, wordnet) // → true
 *   askedInAnotherSense("I bank with Chase, mostly for the app.", askedSlot("Which bank do I use?")!, wordnet)                      // → false
 */
export function askedInAnotherSense(
  statement: string,
  asked: AskedSlot,
  lexicon: Lexicon | undefined,
): boolean {
  if (!lexicon) return false;
  const filled = slotsOf(statement).filter(
    (s) => s.subject === asked.subject && asked.central.has(s.attribute),
  );
  if (filled.length === 0) return false;
  const words = tagged(statement);
  const otherSense = (attribute: string, verb: boolean) => {
    const head = asked.heads.get(attribute);
    return head !== undefined && head.verb !== verb;
  };
  // The verb's own noun, in its dominant sense, other than the word itself ("training" of "train").
  const activity = (attribute: string) =>
    words.some((w) => {
      if (!contentTokens(w.lemma).includes(attribute)) return false;
      const lemma = w.lemma.toLowerCase();
      return lexicon.derivedNouns(lemma).some((n) => n !== lemma);
    });
  if (!filled.every((s) => otherSense(s.attribute, s.verb) && activity(s.attribute))) return false;
  // The same word in the question's own part of speech elsewhere in the statement: about the asked thing too.
  return !words.some((w) => {
    const verb = w.pos === "VERB";
    const noun = w.pos === "NOUN" || w.pos === "PROPN";
    if (!verb && !noun) return false;
    return contentTokens(w.lemma).some((t) => asked.heads.has(t) && !otherSense(t, verb));
  });
}
