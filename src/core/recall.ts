/**
 * Recall: hybrid retrieval (BM25 full text + vectors, fused by score or by reciprocal rank), ranked by
 * relevance and utility under the forgetting curve, then diversified with MMR. Recall reads
 * only: showing a memory never makes it stronger.
 */

import { CHOICE_SEARCH_TOP, choicesFound } from "./change-of-choice.js";
import {
  anotherMeasureOfAsked,
  askedWordsOf,
  askedWordsSaid,
  foundMeasureOfAsked,
  mayCount,
  topicWordsShared,
} from "./changed-measures.js";
import { diversify } from "./diversify.js";
import { effectiveConfidence, usageSignal, utility } from "./forgetting.js";
import { loadTagger } from "./judge/tagger.js";
import { type MetadataFilter, matchesMetadata } from "./metadata-filter.js";
import type { Belief, BeliefKind, Episode, EpisodeType, RecallHit } from "./model.js";
import { namedValues } from "./named-values.js";
import type { Policy } from "./policy.js";
import type {
  BeliefFilter,
  Embedder,
  EpisodeFilter,
  Judge,
  Lexicon,
  ScoredId,
  StoreReader,
} from "./ports.js";
import { type NamedTime, namedTimes } from "./query-times.js";
import { clippings, retiredValue, valuesOf, verbForms } from "./retired-values.js";
import {
  aboutAsked,
  eventsOf,
  linkedByFamily,
  namesThingNow,
  namesValueAtEvent,
  nextPart,
  nounForms,
  thingsOf,
} from "./shared-things.js";
import { announcesReplacement } from "./sleep/chat-turns.js";
import { askedFrame, changesFrame, frameOf, replacedByFrame } from "./state-frames.js";
import {
  type AskedSlot,
  askedKind,
  askedSlot,
  asksAbout,
  fillsAskedSlot,
  fillsAskedThing,
  namesAnotherOfAskedKind,
  namesAskedThing,
  namesOtherValue,
  practitionersOf,
  recurringDays,
  recurringTimes,
  sameTimes,
  saysChangedState,
  saysOthersState,
  sharedSlot,
  slotsOf,
  speakerIs,
  takesDayInstead,
  takesTimeOfDay,
  valueLeftUnsaid,
} from "./state-slots.js";
import {
  analyseEcho,
  contentTokens,
  isQuestion,
  queryTerms,
  rawTokens,
  referentsIn,
  stemV1,
  withReferents,
} from "./text.js";
import { DISTILLED_SOURCE, RESTATED_SLOTS, RESTATES } from "./vocabulary.js";

export interface RetrieveRequest {
  query: string;
  /**
   * The full-text query's terms; default `queryTerms(query)` (recall leaves out the names of the
   * speakers asked about: `speakerTerms`).
   */
  terms?: readonly string[];
  /** Precomputed query vector (the write gate embeds once for gate and storage). */
  vector?: Float32Array;
  /**
   * Vector hits shared by calls with the same vector, filters and limit: the first call fills it,
   * later ones read it (recall's second search, without the names of the speakers asked about,
   * changes only the full-text terms).
   */
  vectorHits?: { beliefs?: Promise<ScoredId[]>; episodes?: Promise<ScoredId[]> };
  beliefs: BeliefFilter | null;
  episodes: EpisodeFilter | null;
  limit: number;
  /**
   * Filled with what score fusion divided by (the episode text list's best score, the vector lists'
   * best cosine): recall scores a turn that was not listed on the same scale.
   */
  scale?: { episodeText: number; vector: number } | undefined;
}

export interface Fused {
  id: string;
  fused: number;
  textRank: number | null;
  vectorRank: number | null;
  similarity: number;
  /**
   * Lifted as the reply to a question among the candidates (`replyShare`): relevant through the
   * question whatever its own match (`passesFloor`). A field, so it travels with every copy.
   */
  viaQuestion?: true;
}

/** Candidates from both indexes of both layers, fused by reciprocal rank. Deterministic order. */
export async function retrieve(
  store: StoreReader,
  embedder: Embedder,
  policy: Policy,
  req: RetrieveRequest,
): Promise<Fused[]> {
  const terms = req.terms ? [...req.terms] : queryTerms(req.query);
  const vector = req.vector ?? (await embedder.embed([req.query]))[0]!;
  const kept = req.vectorHits ?? {};
  const lists: Promise<[ScoredId[], ScoredId[]]>[] = [];
  // Each layer's text search is asked before its vector search, as always.
  if (req.beliefs) {
    const text = store.searchBeliefText(terms, req.beliefs, req.limit);
    kept.beliefs ??= store.searchBeliefVectors(vector, req.beliefs, req.limit);
    lists.push(Promise.all([text, kept.beliefs]));
  }
  if (req.episodes) {
    const text = store.searchEpisodeText(terms, req.episodes, req.limit);
    kept.episodes ??= store.searchEpisodeVectors(vector, req.episodes, req.limit);
    lists.push(Promise.all([text, kept.episodes]));
  }
  const byId = new Map<string, Fused>();
  const get = (id: string) => {
    let f = byId.get(id);
    if (!f) {
      f = { id, fused: 0, textRank: null, vectorRank: null, similarity: 0 };
      byId.set(id, f);
    }
    return f;
  };
  const results = await Promise.all(lists);
  // Hashed vectors give every pair a little noise similarity: ignore what is barely related.
  const vectorLists = results.map(([, vec]) => vec.filter((hit) => hit.score > 0.08));
  // Score fusion keeps how well each item matched (normalised BM25 and cosine); rank fusion
  // (RRF) keeps only the order, which leaves relevance nearly flat across the top ranks.
  // Each full-text list is normalised by its own best score: BM25 from two indexes (beliefs,
  // episodes) or two backends (FTS5, tsvector) is not comparable, its order within a list is
  // (idf is per index: in a small store a belief index of 5 rows scores the words of a fact at a
  // fraction of what an episode index of 15 gives a question). Cosines are comparable
  // everywhere, so the vector lists share one maximum.
  let vectorMax = 0;
  for (const vec of vectorLists) vectorMax = Math.max(vectorMax, maxScore(vec));
  const byScore = policy.fusion === "score";
  if (req.scale) {
    req.scale.vector = vectorMax;
    const episodeText = req.episodes ? results[results.length - 1]![0] : [];
    req.scale.episodeText = Math.max(0, ...episodeText.map((h) => h.score));
  }
  results.forEach(([text], l) => {
    const textMax = maxScore(text);
    text.forEach((hit, i) => {
      const f = get(hit.id);
      f.textRank = i + 1;
      f.fused += byScore ? (textMax > 0 ? hit.score / textMax : 0) : 1 / (policy.rrfK + i + 1);
    });
    vectorLists[l]!.forEach((hit, i) => {
      const f = get(hit.id);
      f.vectorRank = i + 1;
      f.similarity = hit.score;
      f.fused += policy.vectorWeight * (byScore ? hit.score / vectorMax : 1 / (policy.rrfK + i + 1));
    });
  });
  return [...byId.values()].sort((a, b) => b.fused - a.fused || compareIds(a.id, b.id));
}

/** The best score of a list, and 0 for none (no spread of every score as arguments). */
function maxScore(hits: readonly ScoredId[]): number {
  let max = 0;
  for (const h of hits) if (h.score > max) max = h.score;
  return max;
}

export function compareIds(a: string, b: string): number {
  if (a[0] !== b[0]) return a < b ? -1 : 1;
  return Number(a.slice(1)) - Number(b.slice(1));
}

export interface RecallRequest {
  query: string;
  k: number;
  namespaces: string[];
  at?: string | undefined;
  asOf?: string | undefined;
  kinds?: readonly string[] | undefined;
  /** Episode types to keep (observation, decision…); narrows to episodes when `kinds` is not given. */
  types?: readonly EpisodeType[] | undefined;
  diversity: number;
  /** Store time used for the forgetting curve. */
  now: string;
  /** Judge used to order disagreeing beliefs (newer first); none: no reordering. */
  judge?: Judge | undefined;
  /**
   * Word relations for the slot a current-state question asks ("puppy" fills "dog"); read only on
   * that path. None: a statement fills the asked slot in the question's own words only.
   */
  lexicon?: Lexicon | undefined;
  /** Only items whose metadata matches (exact, top-level fields); a representing belief too. */
  metadata?: MetadataFilter | undefined;
  /**
   * Filled with every record this recall read, by id, for a caller that needs the hits' rows
   * (context) and would otherwise read them again.
   */
  records?: Map<string, Belief | Episode> | undefined;
}

const BELIEF_KIND_SET = new Set(["fact", "failure", "rule", "procedure"]);

/** A reordering recall made: the newer item ranked just above the older (`listed`: kept within the first k). */
/** The request's active facts (its namespaces and metadata): what a lift searches for a newer statement. */
const activeFactsOf = (req: RecallRequest): BeliefFilter => ({
  namespaces: req.namespaces,
  statuses: ["active"],
  kinds: ["fact"],
  metadata: req.metadata,
});

interface Move {
  older: RecallHit;
  newer: RecallHit;
  listed?: true;
}

/**
 * The moves no verdict has closed: a non-lexical `distinct` or `refines` between the pair (a
 * model's or an agent's reading) keeps the older where it ranks.
 */
async function unsettledMoves<M extends Move>(store: StoreReader, moves: M[]): Promise<M[]> {
  const settled = await store.judgedPairs(moves.map((m) => ({ a: m.older.id, b: m.newer.id })));
  const closed = (m: Move) =>
    settled.some(
      (p) =>
        p.judge !== "lexical" &&
        (p.relation === "distinct" || p.relation === "refines") &&
        ((p.a === m.older.id && p.b === m.newer.id) || (p.a === m.newer.id && p.b === m.older.id)),
    );
  return moves.filter((m) => !closed(m));
}

/**
 * Ranks each move's newer just above its older, its `why` saying once "; newer than [older]" and
 * `reason(m)` after it (" about …", ", found by …": the lift traces read them). A few passes:
 * lifting one item may put it below another it is newer than. Re-sorts `scored`.
 */
function liftNewer<M extends Move>(scored: RecallHit[], moves: readonly M[], reason: (m: M) => string): void {
  for (let pass = 0; pass < 3; pass++)
    for (const m of moves) {
      if (m.newer.score > m.older.score) continue;
      m.newer.score = m.older.score * (1 + 1e-6);
      const said = `; newer than [${m.older.id}]`;
      if (!m.newer.why.summary.includes(said)) m.newer.why.summary += `${said}${reason(m)}: ranked above it`;
    }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
}

/** How far a chain of successors or parents is followed before giving up. */
const MAX_HOPS = 16;

/**
 * The belief that speaks for an episode in recall, or null when the episode speaks for itself.
 *
 * An episode is represented when a belief lists it among its `sources` and that belief, or
 * what replaced it (`supersededBy`) or folded it (`parentId`), is current: active, or for a
 * historical query (`at`/`asOf`), held then. A belief that was retired or forgotten represents
 * nothing, so its episodes come back as themselves: sleep never makes an event unrecallable.
 * Reached through a supersession, the episode is superseded: current recall leaves it out (its
 * successor speaks for the subject, found by its own words) and `at` brings it back.
 *
 *   const rep = await representative(store, "e12", cache, {});  // → { belief: the active belief from e12, superseded: false } or null
 */
export async function representative(
  store: StoreReader,
  episodeId: string,
  cache: Map<string, Belief | null>,
  when: { at?: string | undefined; asOf?: string | undefined },
  asked?: ReadonlySet<string>,
): Promise<Representative | null> {
  let best: Representative | null = null;
  let bestShared = 0;
  for (const b of await store.beliefsFromEpisode(episodeId)) {
    const current = await currentOf(store, b, cache, when);
    if (!current) continue;
    // A turn split into several beliefs (a statement of state taken out, the rest) lends its match
    // to the one that carries the words asked about.
    const shared = asked ? sharedWith(asked, current.belief.text) : 0;
    // A belief that still says what the episode said is preferred to a successor that replaced it.
    const better =
      !best ||
      (best.superseded && !current.superseded) ||
      (best.superseded === current.superseded &&
        (shared > bestShared ||
          (shared === bestShared && compareIds(current.belief.id, best.belief.id) < 0)));
    if (better) {
      best = current;
      bestShared = shared;
    }
  }
  return best;
}

/**
 * True when a belief's text is a part of its one source turn: distillation took a statement of
 * state out of the turn, or kept what was left of it ("I moved my dentist appointment to
 * Thursdays." out of "Work is hectic. By the way, I moved…"). Fewer words than the turn, none of
 * its own. Such a part is the turn's words scored as a shorter document, and BM25's length
 * normalisation lifts a short document over a long one with the same matching words: by its own
 * match the part would outrank every turn left as itself for no reason in the words. So a part
 * whose turn matched ranks no higher than that turn's match (and says it matched through it); the
 * part that carries most of the asked words also takes the turn's match (`representative`). A
 * belief that says the whole turn, or words of its own (a merged wording, an agent's proposition),
 * keeps its own match.
 *
 *   partOfTurn("I moved my dentist appointment to Thursdays!", "Work is hectic. By the way, I moved my dentist appointment to Thursdays!") // → true
 *   partOfTurn("Work is hectic.", "Work is hectic.") // → false: the whole turn
 */
export function partOfTurn(belief: string, turn: string): boolean {
  const core = analyseEcho(turn).core;
  if (rawTokens(belief).length >= rawTokens(core).length) return false;
  const words = new Set(contentTokens(core));
  return contentTokens(belief).every((w) => words.has(w));
}

/**
 * Lists a split turn once, as before sleep, in place: a later (lower-ranked) part of a turn is
 * dropped when every asked word it has is in a part of that turn listed above it ("Yep, keep
 * going!" under "I'm planning a ring-toss tournament…" for "What did Maria plan…?"). A part that
 * brings an asked word of its own stays ("Our son transferred to Riverside Elementary" under
 * "School stuff is hectic." for "Which school does our son go to?"): it answers what the first
 * part does not. The dropped part's words are in the turn the kept part names.
 */
function onePartPerTurn(
  scored: RecallHit[],
  records: ReadonlyMap<string, Belief | Episode>,
  asked: ReadonlySet<string>,
): void {
  const covered = new Map<string, Set<string>>();
  let kept = 0;
  for (const hit of scored) {
    const turn = turnOfPart(records.get(hit.id), records);
    if (turn !== null) {
      const words = contentTokens(hit.text).filter((w) => asked.has(w));
      const above = covered.get(turn);
      if (above && words.every((w) => above.has(w))) continue;
      covered.set(turn, new Set([...(above ?? []), ...words]));
    }
    scored[kept++] = hit;
  }
  scored.length = kept;
}

/**
 * Lists a statement recorded several times once: episodes of one namespace and actor with the same
 * words in the same order (case and punctuation aside, `rawTokens`) are one hit, in place of the
 * best-ranked, held by the newest of those that rank there, its `sources` and `why` naming the
 * others (the copies it stands for, as a belief stands for its turns). A
 * question an agent's log asks three times ("Which Kafka version does production run?") matches
 * the query as well as the fact that answers it, and three copies filled a top 3; the copies add
 * nothing the agent has not read, so the places go to other evidence. Only whole repeats: a
 * paraphrase is another wording (diversity weighs it), and beliefs with the same text are the
 * judge's to merge. Mutates `scored`.
 *
 *   // scored: [e40 "Which Kafka version…?", e12 (the same words), e77 (the same), b9 "Kafka 3.5.1 …"]
 *   onePerStatement(scored, records); // → [e77 (sources [e12, e40]; why "…; recorded 3 times, also [e12] [e40]: listed once"), b9]
 */
function onePerStatement(scored: RecallHit[], records: ReadonlyMap<string, Belief | Episode>): void {
  const first = new Map<string, number>();
  const others = new Map<number, string[]>();
  let kept = 0;
  for (const hit of scored) {
    const r = hit.layer === "episode" ? records.get(hit.id) : undefined;
    if (!r || "kind" in r) {
      scored[kept++] = hit;
      continue;
    }
    const key = `${r.namespace}\u0000${r.actor ?? ""}\u0000${rawTokens(r.content).join(" ")}`;
    const at = first.get(key);
    if (at === undefined) {
      first.set(key, kept);
      scored[kept++] = hit;
      continue;
    }
    const held = scored[at]!;
    const ids = others.get(at) ?? [];
    others.set(at, ids);
    // Of the copies that rank at the top of the group, the newest speaks for it.
    if (
      hit.score === held.score &&
      (hit.at > held.at || (hit.at === held.at && compareIds(hit.id, held.id) > 0))
    ) {
      ids.push(held.id);
      scored[at] = hit;
    } else ids.push(hit.id);
  }
  scored.length = kept;
  for (const [at, ids] of others) {
    const hit = scored[at]!;
    // Its sources are the copies it stands for, as a belief's are the turns it was distilled from.
    hit.sources = [...ids].sort(compareIds);
    hit.why.summary += `; recorded ${ids.length + 1} times, also ${hit.sources.map((id) => `[${id}]`).join(" ")}: listed once`;
  }
}

/**
 * The turn a belief is a part of (its one source, `partOfTurn`), or null: a whole-turn belief,
 * one with words of its own or several sources is listed as itself.
 */
function turnOfPart(
  r: Belief | Episode | undefined,
  records: ReadonlyMap<string, Belief | Episode>,
): string | null {
  if (!r || !("kind" in r) || r.sources.length !== 1) return null;
  const turn = records.get(r.sources[0]!);
  return turn && !("kind" in turn) && partOfTurn(r.text, turn.content) ? turn.id : null;
}

/**
 * The match a belief's source turns have for one query, on the episode list's scale whether or not
 * the search listed them: a listed turn's fused match, or (score fusion) its BM25 from the store
 * (`scoreEpisodeText`, the same statistics) and its stored vector's cosine, each divided by what
 * divided the lists. Recall ranks a belief distilled from turns by these, so after sleep a turn's
 * words rank as they did before it; a short distilled sentence is not lifted by its own index's
 * length normalisation and maximum. A turn that cannot be scored (not read, forgotten, outside
 * the namespaces, or not listed under rank fusion) is unknown: the belief keeps its own match.
 *
 *   const turns = new TurnMatches(store, policy, req, fused, vector, scale, records, terms);
 *   await turns.score(beliefs);
 *   turns.of(belief); // → [{ m: the turn's match, turn }] for its turns that match; null when none could be scored
 */
class TurnMatches {
  private readonly listed: Map<string, Fused>;
  /** Source turn → its match (null: none that passes the relevance floor). */
  private readonly matches = new Map<string, Fused | null>();
  private readonly unknown = new Set<string>();
  /** How a turn that was not listed matched, in words (`why`). */
  private readonly how = new Map<string, string>();
  constructor(
    private readonly store: StoreReader,
    private readonly policy: Policy,
    private readonly req: RecallRequest,
    fused: readonly Fused[],
    private readonly vector: Float32Array,
    private readonly scale: { episodeText: number; vector: number },
    private readonly records: Map<string, Belief | Episode>,
    /** The full-text terms the search used (`speakerTerms`). */
    private readonly terms: string[],
  ) {
    this.listed = new Map(fused.map((f) => [f.id, f]));
  }

  /** Reads and scores the source turns of these beliefs not seen yet. */
  async score(beliefs: readonly Belief[]): Promise<void> {
    const ids = [...new Set(beliefs.flatMap((b) => b.sources))].filter(
      (id) => !this.matches.has(id) && !this.unknown.has(id),
    );
    if (ids.length === 0) return;
    const unread = ids.filter((id) => !this.records.has(id));
    if (unread.length > 0) for (const e of await this.store.getEpisodes(unread)) this.records.set(e.id, e);
    const toScore: string[] = [];
    for (const id of ids) {
      const turn = this.records.get(id);
      if (
        !turn ||
        "kind" in turn ||
        turn.status === "forgotten" ||
        !this.req.namespaces.includes(turn.namespace)
      ) {
        this.unknown.add(id);
        continue;
      }
      const f = this.listed.get(id);
      if (f) this.matches.set(id, passesFloor(f, this.policy) ? f : null);
      else if (this.policy.fusion === "score") toScore.push(id);
      else this.unknown.add(id);
    }
    if (toScore.length === 0) return;
    const [text, vectors] = await Promise.all([
      this.store.scoreEpisodeText(this.terms, toScore, this.req.namespaces),
      this.store.getVectors(toScore),
    ]);
    const bm25 = new Map(text.map((h) => [h.id, h.score]));
    for (const id of toScore) {
      const t = bm25.get(id) ?? 0;
      const v = vectors.get(id);
      const cos = v ? cosine(this.vector, v) : 0;
      // As the relevance floor reads a listed item: it shares a query term, or its vector is close.
      if (t <= 0 && cos < this.policy.recallFloor) {
        this.matches.set(id, null);
        continue;
      }
      const near = cos > 0.08;
      const textPart = t > 0 ? (this.scale.episodeText > 0 ? Math.min(1, t / this.scale.episodeText) : 1) : 0;
      const vectorPart = near && this.scale.vector > 0 ? Math.min(1, cos / this.scale.vector) : 0;
      this.matches.set(id, {
        id,
        fused: textPart + this.policy.vectorWeight * vectorPart,
        textRank: null,
        vectorRank: null,
        similarity: near ? cos : 0,
      });
      this.how.set(
        id,
        [t > 0 ? "text" : null, near ? `vector (cos ${cos.toFixed(2)})` : null].filter(Boolean).join(", "),
      );
    }
  }

  /** The belief's source turns that match, with their matches; null when none could be scored. */
  of(b: Belief): { m: Fused; turn: Episode }[] | null {
    let known = false;
    const out: { m: Fused; turn: Episode }[] = [];
    for (const id of b.sources) {
      if (!this.matches.has(id)) continue;
      known = true;
      const m = this.matches.get(id);
      if (m) out.push({ m, turn: this.records.get(id) as Episode });
    }
    return known ? out : null;
  }

  /** How a turn the search did not list matched (for `why`), or undefined. */
  scoredHow(turn: string, f: { textRank: number | null; vectorRank: number | null }): string | undefined {
    return f.textRank === null && f.vectorRank === null ? this.how.get(turn) : undefined;
  }
}

/** Cosine similarity of two vectors (0 when their dimensions differ or one is zero). */
function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** True when the belief superseded another (a new value), not when it only absorbed a duplicate. */
async function replacedOne(store: StoreReader, id: string): Promise<boolean> {
  return (await store.supersededBy(id)).some((b) => b.statusReason !== "merged");
}

/** How many of the asked words a text has. */
function sharedWith(asked: ReadonlySet<string>, text: string): number {
  let n = 0;
  for (const w of new Set(contentTokens(text))) if (asked.has(w)) n++;
  return n;
}

/** The current belief for an episode, and whether it was reached through a supersession (a new value). */
export interface Representative {
  belief: Belief;
  superseded: boolean;
}

function heldAt(b: Belief, when: { at?: string | undefined; asOf?: string | undefined }): boolean {
  if (when.at) return b.validFrom <= when.at && (b.validTo === null || b.validTo > when.at);
  if (when.asOf) return b.recordedAt <= when.asOf && (b.retiredAt === null || b.retiredAt > when.asOf);
  return b.status === "active";
}

async function currentOf(
  store: StoreReader,
  start: Belief,
  cache: Map<string, Belief | null>,
  when: { at?: string | undefined; asOf?: string | undefined },
): Promise<Representative | null> {
  let b: Belief | null = start;
  let superseded = false;
  for (let hop = 0; b && hop < MAX_HOPS; hop++) {
    if (b.status === "forgotten") return null;
    if (heldAt(b, when)) return { belief: b, superseded };
    if (when.at || when.asOf) return null;
    const next: string | null =
      b.status === "dormant" ? b.parentId : b.status === "archived" ? b.supersededBy : null;
    if (!next) return null;
    // A merge keeps the content (and its sources); a supersession replaces the value.
    if (b.status === "archived" && b.statusReason !== "merged") superseded = true;
    if (!cache.has(next)) cache.set(next, await store.getBelief(next));
    b = cache.get(next) ?? null;
  }
  return null;
}

/**
 * Ranked beliefs and episodes for a query. By default one ranking over every kind of belief
 * and every episode no current belief represents; an episode that a belief represents lends its
 * match to that belief (listed once, its sources showing the episode). `kinds` narrows.
 */
export async function recall(
  store: StoreReader,
  embedder: Embedder,
  policy: Policy,
  req: RecallRequest,
): Promise<RecallHit[]> {
  const historical = Boolean(req.at || req.asOf);
  const kinds = req.kinds ?? (req.types ? ["episode"] : undefined);
  const beliefKinds = (kinds ?? [...BELIEF_KIND_SET]).filter((k) => BELIEF_KIND_SET.has(k)) as BeliefKind[];
  const wantEpisodes = !kinds || kinds.includes("episode");
  const vector = (await embedder.embed([req.query]))[0]!;
  const limit = Math.max(policy.recallCandidates, req.k * 5);
  const when = { at: req.at, asOf: req.asOf };
  const scale = { episodeText: 0, vector: 0 };
  const records = req.records ?? new Map<string, Belief | Episode>();
  const vectorHits: RetrieveRequest["vectorHits"] = {};
  const search = (terms: readonly string[]) =>
    retrieve(store, embedder, policy, {
      query: req.query,
      terms,
      vector,
      vectorHits,
      limit,
      scale,
      beliefs:
        beliefKinds.length > 0
          ? {
              namespaces: req.namespaces,
              statuses: historical ? null : ["active"],
              kinds: beliefKinds,
              at: req.at,
              asOf: req.asOf,
              metadata: req.metadata,
            }
          : null,
      episodes: wantEpisodes
        ? {
            namespaces: req.namespaces,
            statuses: historical ? ["active", "archived"] : ["active"],
            types: req.types,
            at: req.at,
            asOf: req.asOf,
            metadata: req.metadata,
          }
        : null,
    });
  let terms = queryTerms(req.query);
  let fused = await search(terms);
  if (policy.speakerNames === "field" && wantEpisodes && fused.length > 0) {
    const unnamed = await speakerTerms(store, fused, records, req.query, terms);
    if (unnamed) {
      terms = unnamed;
      fused = await search(terms);
    }
  }
  if (fused.length === 0) return [];
  // Replies to the questions among the candidates, each with the question it answers.
  const replies =
    policy.replyWeight > 0 && wantEpisodes
      ? await replyShare(store, fused, records, policy, req, historical)
      : NO_REPLIES;
  const prior =
    policy.sessionWeight > 0 && wantEpisodes ? await sessionPrior(store, fused, records, policy) : null;

  // The relevance floor reads the raw match, not the fused or utility-boosted score: an item
  // that shares no query term and whose vector is barely similar is not relevant at any rank
  // (a reply is relevant through the question it answers).
  const relevant = fused.filter((f) => passesFloor(f, policy));
  const poolSize = Math.max(req.k * 4, 20);
  const beliefCache = new Map<string, Belief | null>();
  const kindSet = new Set<string>(beliefKinds);
  // Episodes folded into the belief that represents them: episode id → belief id, and each one's
  // own match (boosted), as it ranked before sleep.
  const foldedInto = new Map<string, string>();
  const foldedMatch = new Map<string, number>();
  // An episode whose actor the query names ("what did Ana say…") is about the right party.
  const queryWords = new Set(rawTokens(req.query));
  const asked = new Set(contentTokens(req.query));
  const named = (r: Belief | Episode) =>
    !("kind" in r) && r.actor !== null && policy.actorWeight > 0 && namesActor(queryWords, r.actor);
  /** A pool entry: the item, its best match (its own or a source episode's, `from`), the sources that matched. */
  type Entry = Fused & { boosted: number; from: string; via: string[] };
  const pool: Entry[] = [];
  const inPool = new Map<string, Entry>();
  // A turn split by sleep is listed once, as before sleep: only where turns are searched too
  // (narrowed to beliefs, each part is a belief of its own).
  const foldParts = wantEpisodes && kindSet.size > 0;
  // Matched episodes whose belief was superseded: left out of current recall (`currentVersions`).
  const supersededMatches: SupersededMatch[] = [];
  // Where turns are searched, a belief sleep distilled from turns ranks by its turns' match for
  // this query (`TurnMatches`), listed or not, as they ranked before sleep; its own match counts
  // where no source turn can be scored, and for every belief sleep did not distil (one written
  // directly, with or without `sources`, a rule, a procedure).
  const turnMatch = foldParts
    ? new TurnMatches(store, policy, req, fused, vector, scale, records, terms)
    : null;
  // A question asks; as evidence it weighs less than what was stated (it stays recallable).
  // What was said within a time the query names ("on October 13, 2023") is about that time.
  const times = policy.timeWeight > 0 ? namedTimes(req.query) : [];
  const inTime = (r: Belief | Episode) => {
    const at = "kind" in r ? r.validFrom : r.at;
    return times.some((t) => t.contains(at));
  };
  const boostOf = (f: Fused, r: Belief | Episode) =>
    (named(r) ? f.fused * (1 + policy.actorWeight) : f.fused) *
    (!("kind" in r) && (r.type === "question" || isQuestion(r.content)) ? policy.questionWeight : 1) *
    (times.length > 0 && inTime(r) ? 1 + policy.timeWeight : 1);
  for (let i = 0; i < relevant.length && pool.length < poolSize; i += poolSize) {
    const chunk = relevant.slice(i, i + poolSize);
    const ids = chunk.map((f) => f.id);
    // The session prior has read its episode candidates already: only the rest are read here.
    const unread = ids.filter((id) => !records.has(id));
    const [beliefs, episodes] = await Promise.all([store.getBeliefs(ids), store.getEpisodes(unread)]);
    for (const b of beliefs) records.set(b.id, b);
    for (const e of episodes) records.set(e.id, e);
    if (turnMatch) await turnMatch.score(beliefs.filter((b) => b.source === DISTILLED_SOURCE));
    for (const own of chunk) {
      const r = records.get(own.id);
      if (!r) continue;
      // The match it ranks by, and whose it is (its own, or a source turn's).
      let f = own;
      let from = own.id;
      let boosted = boostOf(f, r);
      // Only what sleep distilled from its turns: a belief remembered with `sources` cites evidence
      // that need not say its words ("The API retry limit is 7", citing the deploy it came from).
      const turns = turnMatch && "kind" in r && r.source === DISTILLED_SOURCE ? turnMatch.of(r) : null;
      if (turns) {
        // Its best source turn's match (none: its turns do not match the query, so neither does it).
        let best: { m: Fused; turn: Episode; boosted: number } | null = null;
        for (const { m, turn } of turns) {
          const b = boostOf(m, turn);
          if (!best || b > best.boosted || (b === best.boosted && compareIds(turn.id, best.turn.id) < 0))
            best = { m, turn, boosted: b };
        }
        if (!best) continue;
        // A part of a turn that another part speaks for (the one with most of the asked words,
        // `representative`) ranks no higher than the turn's match, nor than its own.
        const part = "kind" in r && r.sources.length === 1 && partOfTurn(r.text, best.turn.content);
        const speaker = part ? await representative(store, best.turn.id, beliefCache, when, asked) : null;
        // A belief that replaced an older value is what sleep changed on purpose: the old value's
        // turn left current recall, and the successor is found by its own words as well.
        const successor = boosted > best.boosted && (await replacedOne(store, r.id));
        if (!successor && !(speaker && speaker.belief.id !== r.id && boosted < best.boosted)) {
          f = { ...best.m, id: own.id };
          from = best.turn.id;
          boosted = best.boosted;
        }
      }
      let id = f.id;
      if (!("kind" in r) && kindSet.size > 0) {
        const rep = await representative(store, r.id, beliefCache, when, asked);
        if (
          rep &&
          kindSet.has(rep.belief.kind) &&
          req.namespaces.includes(rep.belief.namespace) &&
          matchesMetadata(rep.belief.metadata, req.metadata)
        ) {
          // What it said was replaced: its successor is found by its own words, not the old value's
          // (for a current-state question, `currentVersions` may list it in the older's place).
          if (rep.superseded) {
            supersededMatches.push({ episode: r.id, boosted });
            continue;
          }
          records.set(rep.belief.id, rep.belief);
          foldedInto.set(r.id, rep.belief.id);
          foldedMatch.set(r.id, boosted);
          id = rep.belief.id;
        }
      }
      const known = inPool.get(id);
      if (known) {
        if (id !== from && !known.via.includes(from)) known.via.push(from);
        if (boosted > known.boosted) {
          known.fused = f.fused;
          known.textRank = f.textRank;
          known.vectorRank = f.vectorRank;
          known.similarity = f.similarity;
          known.boosted = boosted;
          known.from = from;
        }
        continue;
      }
      if (pool.length >= poolSize) continue;
      // Field by field, not a spread: one object shape for every entry.
      const entry: Entry = {
        id,
        fused: f.fused,
        textRank: f.textRank,
        vectorRank: f.vectorRank,
        similarity: f.similarity,
        boosted,
        from,
        via: id !== from ? [from] : [],
      };
      inPool.set(id, entry);
      pool.push(entry);
    }
  }
  if (prior) liftSessionless(pool, prior, records);
  // Each folded turn's share of the match its belief ranks by (a belief that merged several turns
  // ranks by the best; the others matched less).
  const foldedShare = new Map<string, number>();
  for (const [episode, belief] of foldedInto) {
    const entry = inPool.get(belief);
    const own = foldedMatch.get(episode)!;
    foldedShare.set(episode, entry && entry.boosted > own ? own / entry.boosted : 1);
  }
  if (pool.length === 0 && supersededMatches.length === 0) return [];
  const now = req.at ?? req.asOf ?? req.now;
  const maxFused = Math.max(...pool.map((f) => f.boosted));

  const scored: RecallHit[] = [];
  for (const f of pool) {
    const r = records.get(f.id);
    if (!r) continue;
    scored.push(
      hitOf(r, policy, now, {
        textRank: f.textRank,
        vectorRank: f.vectorRank,
        relevance: f.boosted / maxFused,
        matched: () => {
          const matched =
            turnMatch?.scoredHow(f.from, f) ??
            [
              f.textRank ? `text #${f.textRank}` : null,
              f.vectorRank ? `vector #${f.vectorRank} (cos ${f.similarity.toFixed(2)})` : null,
            ]
              .filter(Boolean)
              .join(", ");
          const through = f.from !== f.id ? ` through its source [${f.from}]` : "";
          const question = replies.get(f.from);
          const reply = question ? `the reply to the question [${question}]` : "";
          const source = records.get(f.from);
          const dated =
            times.length > 0 && source && inTime(source)
              ? `, said within ${times.map((t) => `"${t.text}"`).join(" / ")}`
              : "";
          return `matched${through} by ${[matched, reply].filter(Boolean).join(", ")}${dated}`;
        },
      }),
    );
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  if (foldParts) onePartPerTurn(scored, records, asked);
  // A belief that ranks by a turn's match: the turn (diversity reads its vector, `rankedVectors`).
  const rankedBy = new Map<string, string>();
  for (const e of pool) if (e.from !== e.id) rankedBy.set(e.id, e.from);
  if (policy.neighbourWeight > 0)
    await addNeighbours(store, scored, records, req, policy, {
      beliefCache,
      kindSet,
      foldedInto,
      foldedShare,
      rankedBy,
    });
  const askedState = askedSlotOnce(req.query);
  if (!historical && kindSet.has("fact") && supersededMatches.length > 0)
    await currentVersions(
      store,
      scored,
      records,
      req,
      policy,
      askedState,
      supersededMatches,
      pool.length > 0 ? maxFused : Math.max(...supersededMatches.map((m) => m.boosted)),
    );
  onePerStatement(scored, records);
  if (scored.length === 0) return [];
  const successors =
    !historical && req.judge && kindSet.has("fact")
      ? await missedSuccessors(store, scored, records, req, policy, req.judge, askedState)
      : [];
  const moves: Move[] = [
    ...successors,
    ...(!historical && req.judge
      ? await newerFirst(store, scored, records, req.judge, req.query, askedState, req.lexicon, times)
      : []),
    ...(!historical && req.judge && kindSet.has("fact")
      ? await sameSlotFirst(store, scored, req, askedState)
      : []),
    ...(!historical && req.judge && kindSet.has("fact") && times.length === 0
      ? await newerMeasureFirst(store, scored, records, req, askedState)
      : []),
    ...(!historical && req.judge && kindSet.has("fact") && times.length === 0
      ? await newerMeasureFound(store, scored, records, req, policy, askedState, wantEpisodes)
      : []),
    ...(!historical && req.judge && kindSet.has("fact")
      ? await newerChoiceFound(store, scored, records, req, policy, askedState, wantEpisodes)
      : []),
    ...(!historical && req.judge && req.lexicon && kindSet.has("fact")
      ? await newestKindListed(store, scored, records, req, policy, askedState)
      : []),
  ];
  const picked = diversify(scored, await rankedVectors(store, scored, rankedBy), req.k, req.diversity);
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
  for (const hit of picked) finishWhy(hit);
  return picked;
}

/**
 * The opening of each hit's `why.summary` (how it matched; its evidence), written only for the
 * hits recall returns: a call scores 20–100 candidates and returns k. Until then a hit's summary
 * holds only what the reorderings added (`; newer than [b12] …`), which is what they read.
 */
const PENDING_WHY = new WeakMap<RecallHit, () => string>();

function finishWhy(hit: RecallHit): void {
  const opening = PENDING_WHY.get(hit);
  if (!opening) return;
  PENDING_WHY.delete(hit);
  hit.why.summary = opening() + hit.why.summary;
}

/**
 * The share of an episode's confidence a question keeps in ranking: an episode recorded as a
 * question (`type: "question"`) matches the words of its answer but asserts none of it, so the
 * fact that answers it ranks above it at equal relevance.
 */
export const QUESTION_EVIDENCE = 0.5;

/** Sleep's calibration of a belief in words, for `why` (empty before its first sweep). */
function calibrationWords(b: Belief): string {
  const c = b.calibration;
  if (!c) return "";
  const stale = c.supersession === null ? "" : `, supersession ${c.supersession} by [${c.supersededBy}]`;
  return `; ${c.category}, salience ${c.salience}${stale}`;
}

/** One hit from a record: relevance times utility, and why, in numbers and in words. */
function hitOf(
  r: Belief | Episode,
  policy: Policy,
  now: string,
  m: {
    textRank: number | null;
    vectorRank: number | null;
    relevance: number;
    /** How it matched, in words (or a function giving them, called only for a returned hit). */
    matched: string | (() => string);
  },
): RecallHit {
  const isBelief = "kind" in r;
  // A question asks; it tells nothing: as evidence it counts for less than a statement.
  const asks = !isBelief && r.type === "question";
  const episodeConfidence = policy.episodeConfidence * (asks ? QUESTION_EVIDENCE : 1);
  const confidence = isBelief ? r.confidence : episodeConfidence;
  // A kind kept until superseded (policy.retention: facts and procedures by default) states how
  // things are: age alone says nothing against it, so it ranks on its confidence, undecayed.
  // Decaying kinds (failures, rules) must keep earning their place, in ranking as in maintain.
  const kept = isBelief && policy.retention[r.kind] === "keep";
  const effective = !isBelief
    ? episodeConfidence
    : kept
      ? r.confidence
      : effectiveConfidence(r, now, policy.reinforcementWeight);
  const usage = isBelief ? usageSignal(r.uses, policy.usageSaturation) : 0;
  const util = utility(effective, usage);
  const score = m.relevance * (1 - policy.utilityWeight + policy.utilityWeight * util);
  const evidence = () =>
    isBelief
      ? `confidence ${confidence.toFixed(2)} (${r.successes}/${r.successes + r.failures} outcomes), ${kept ? "kept (no decay)" : `${effective.toFixed(2)} after decay`}, ${r.uses} uses${calibrationWords(r)}`
      : `${asks ? "a question, not an answer: " : ""}episode from ${r.at.slice(0, 10)}${r.outcome ? ` (${r.outcome})` : ""}`;
  const matched = m.matched;
  const why = {
    textRank: m.textRank,
    vectorRank: m.vectorRank,
    relevance: m.relevance,
    confidence,
    effectiveConfidence: effective,
    usage,
    utility: util,
    // Its opening is written when recall returns the hit (`finishWhy`).
    summary: "",
  };
  // One literal per layer (no conditional spread), keys in the same order.
  // Copies of `sources` and `exceptions`: a store may hand the same record to later reads (its
  // read cache), and a caller may change what it was given.
  const hit: RecallHit = isBelief
    ? {
        id: r.id,
        layer: "belief",
        kind: r.kind,
        text: r.text,
        namespace: r.namespace,
        status: r.status,
        score,
        at: r.validFrom,
        validTo: r.validTo,
        sources: [...r.sources],
        // A rule is never shown without where it stops holding (Sediment's recall-before-acting).
        when: r.when,
        prefer: r.prefer,
        exceptions: [...r.exceptions],
        why,
      }
    : {
        id: r.id,
        layer: "episode",
        kind: "episode",
        text: r.content,
        namespace: r.namespace,
        status: r.status,
        score,
        at: r.at,
        validTo: r.validTo,
        sources: [],
        why,
      };
  PENDING_WHY.set(hit, () => `${typeof matched === "string" ? matched : matched()}; ${evidence()}`);
  return hit;
}

/**
 * Current-state questions prefer current beliefs. Two items near the top that are about the same
 * thing the query asks for (the newer has every query word the older has) and disagree — the judge reads the newer as
 * replacing or contradicting the older, or the newer announces a change that ends what held
 * before ("moved to", "my new …", "now"; not "I just joined a new LGBTQ activist group", which
 * begins something beside the older: `announcesReplacement`) and is no restatement — while no verdict has closed either (an agent's or a model's
 * `distinct` keeps both as they rank): the newer is ranked just above the older and its `why`
 * says so. For a question about a person's state (`askedSlot`), only a pair that names what it
 * asks (`pairAboutAsked`): "I take the tram to the office now" shares only "take" with "What milk
 * do I take in my coffee?". Not when a question about the speaker's state meets another person's
 * change (`saysOthersState`: "My mum has switched to Libby for her audiobooks" for "What app do I
 * use for audiobooks?"; needs a lexicon). Not when the question names a time (`namedTimes`: "on
 * 3 June, 2023") the older was said within and the newer was not: it asks what was said then.
 * A clause sleep took out of a longer turn is read with its pronouns as what they stand for in that
 * turn (`metadata.referents`, sleep/referents.ts: "I replaced it with a MacBook Air", "it" = "My
 * old laptop"), for the word test and the judge; its text is shown as said.
 * Ranking only; nothing is closed. Bounded: the top 12 items. Mutates and re-sorts.
 */
async function newerFirst(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  judge: Judge,
  query: string,
  askedOnce: AskedOnce,
  lexicon: Lexicon | undefined,
  times: readonly NamedTime[] = [],
): Promise<{ older: RecallHit; newer: RecallHit }[]> {
  const within = (at: string) => times.some((t) => t.contains(at));
  // Words as written, less plural and tense endings (`stemV1`: "driving" → "driv", not "drive"):
  // another form of a verb of the question's ("the sync was driving me mad" for "What car do I
  // drive?") is no sign of the same thing on its own; it links a pair only through `silentE`,
  // behind a retirement by name, below.
  const asked = new Set(contentTokens(query, stemV1));
  const askedE = new Set([...asked].map(silentE));
  const top = scored.slice(0, 12).filter((h) => {
    const r = records.get(h.id);
    // Beliefs only: an episode is a record of what was said then, not a claim about now.
    return r && h.status === "active" && "kind" in r && (r.kind === "fact" || r.kind === "failure");
  });
  // A clause sleep took out of a longer turn reads with its pronouns as what they stand for in that
  // turn ("I replaced it with a MacBook Air": "it" = "my old laptop"; `referents`, sleep/referents.ts).
  const matching = new Map(
    top.map((h) => {
      const r = records.get(h.id);
      return [h.id, r && "kind" in r ? withReferents(h.text, referentsIn(r.metadata)) : h.text];
    }),
  );
  const words = new Map(top.map((h) => [h.id, new Set(contentTokens(matching.get(h.id)!, stemV1))]));
  // Read once a pair: both the word test and the asked-slot test may ask (it tags both texts).
  const retiring = new Map<string, Promise<boolean>>();
  const retires = (newer: RecallHit, older: RecallHit) => {
    const key = `${newer.id} ${older.id}`;
    let known = retiring.get(key);
    if (!known) {
      known = loadTagger().then(() => retiredValue(newer.text, valuesOf(older.text)) !== null);
      retiring.set(key, known);
    }
    return known;
  };
  const moves: { older: RecallHit; newer: RecallHit; reason: string }[] = [];
  for (const a of top)
    for (const b of top) {
      if (!(a.at < b.at) || !(a.score >= b.score)) continue;
      // A question that names a time asks what was said then ("What did Maria start, as mentioned
      // on 3 June?"): the older, said within it, is not replaced for that question by a newer said
      // at another time.
      if (times.length > 0 && within(a.at) && !within(b.at)) continue;
      // About the same thing the query asks: the newer matches every query word the older matches.
      const askedA = [...words.get(a.id)!].filter((w) => asked.has(w));
      const wb = words.get(b.id)!;
      // The newer names an asked word of the older's by a prefixed verb of its family ("We
      // remortgaged last week" for "Our mortgage is fixed at 2.1%"): `linkedByFamily`.
      let prefixed = false;
      // A restatement sleep paired with the older by its slot (`restates`) is about the same thing
      // whatever words it says it in ("…the home server, it's on 24.04 now" / "My home server runs Ubuntu 20.04").
      const paired = restates(records.get(b.id), a.id);
      if (askedA.length === 0 || (!paired && !askedA.every((w) => wb.has(w)))) {
        // Or read with a silent "e" dropped ("What supplement am I taking?" / "I take vitamin D"),
        // only when the newer ends the older's value by name ("I stopped the vitamin D and take a
        // magnesium tablet now"): "the sync was driving me mad" is no driving of a car.
        const wbE = new Set([...wb].map(silentE));
        const askedAE = [...words.get(a.id)!].map(silentE).filter((w) => askedE.has(w));
        const family =
          lexicon && askedA.length > 0
            ? await linkedByFamily(
                a.text,
                b.text,
                askedA.filter((w) => !wb.has(w)),
                lexicon,
              )
            : null;
        if (family === "prefixed") prefixed = true;
        else if (askedAE.length === 0 || !askedAE.every((w) => wbE.has(w)) || !(await retires(b, a)))
          continue;
      }
      const v = await judge.compare(
        { text: matching.get(a.id)!, at: a.at, kind: a.kind },
        { text: matching.get(b.id)!, at: b.at, kind: b.kind },
      );
      const disagree =
        v.relation === "supersedes" ||
        v.relation === "contradicts" ||
        // Same subject, another value, and no rule could say only one holds: undecided, so the
        // newer ranks first until a semantic judge says otherwise.
        v.rule === "unsure:other-value" ||
        (v.relation !== "duplicate" &&
          // The judge read them as about different things ("Alice's timezone" / "Bob's timezone").
          !v.reason.startsWith("different-entity") &&
          // A verb made of the older's word again, undone or taken away ("remortgaged",
          // "rehomed", "unsubscribed") says that thing changed.
          (announcesReplacement(b.text) || prefixed)) ||
        // Another value of a slot the older gave, paired at sleep; no verdict says they are the same.
        (paired && v.relation !== "duplicate");
      if (!disagree) continue;
      // Another person's change ("My mum has switched to Libby for her audiobooks") says nothing
      // of the speaker's state a question in the first person asks ("What app do I use for audiobooks?").
      // For a question about a person's state, the pair must be about the thing it asks: one of
      // them names it (`namesAskedThing`); a shared light verb or degree word is no such thing ("I
      // take the tram to the office now" over "I take the car to Dave's Garage" for "What milk do
      // I take in my coffee?").
      if (askedOnce.possible) {
        const slot = await askedOnce.read();
        // A newer that ends the older's value by name ("I take vitamin D every morning" / "I stopped
        // the vitamin D and take a magnesium tablet at night now") is about what the older says,
        // whichever word of the question it shares (`retiredValue`).
        // A restatement paired at sleep on a slot the question names is about what it asks
        // ("Breakfast is porridge these days" / "I have Weetabix for breakfast" for "What do I eat
        // for breakfast?", where the breakfast is no central word of the question).
        const onAskedSlot = paired && restatedSlots(records.get(b.id)).some((w) => asked.has(w));
        if (slot && !onAskedSlot && !pairAboutAsked(a.text, b.text, slot) && !(await retires(b, a))) continue;
        if (slot && lexicon && othersState(b.text, slot, lexicon)) continue;
      }
      const settled = await store.judgedPairs([{ a: a.id, b: b.id }]);
      if (
        settled.some((p) => p.judge !== "lexical" && (p.relation === "distinct" || p.relation === "refines"))
      )
        continue;
      moves.push({
        older: a,
        newer: b,
        reason:
          v.relation === "supersedes" || v.relation === "contradicts" || v.rule === "unsure:other-value"
            ? v.reason
            : paired
              ? "restates its slot"
              : "change-cue",
      });
    }
  liftNewer(scored, moves, (m) => ` about the same thing and no verdict yet (${m.reason})`);
  return moves;
}

/** True when `record` is a belief sleep distilled as an unmarked restatement of `older`'s slot (distil.ts `RESTATES`). */
function restates(record: Belief | Episode | undefined, older: string): boolean {
  const ids = record && "kind" in record ? record.metadata[RESTATES] : undefined;
  return Array.isArray(ids) && ids.includes(older);
}

/** The slot attributes a restatement distilled at sleep gives another value of (`RESTATED_SLOTS`). */
function restatedSlots(record: Belief | Episode | undefined): string[] {
  const words = record && "kind" in record ? record.metadata[RESTATED_SLOTS] : undefined;
  return Array.isArray(words) ? words.filter((w): w is string => typeof w === "string") : [];
}

/**
 * A stem with a silent final "e" dropped, as English drops it before "-ing" and "-ed": `stemV1`
 * (newer-first's word test) keeps "take" and "move" but cuts "taking" and "moved" to "tak" and
 * "mov", so "What supplement am I taking?" shares no word with "I take vitamin D" until both are
 * read this way.
 *
 *   silentE("take") // → "tak"     silentE("tak") // → "tak"     silentE("tee") // → "tee"
 */
export function silentE(token: string): string {
  return token.length > 3 && /[^aeiou]e$/.test(token) ? token.slice(0, -1) : token;
}

/**
 * Whether two statements are about what a question asks (`newerFirst`): one of them names it
 * (`namesAskedThing`), not only a light verb, a degree word or a circumstance of the question's:
 * not "I run 5k every morning" / "I bought a Chemex and I brew with it every morning now" for
 * "What do I drink in the morning?", which share only the morning.
 */
const pairAboutAsked = (older: string, newer: string, asked: AskedSlot): boolean =>
  namesAskedThing(newer, asked) || namesAskedThing(older, asked);

/** First-person words and possessive names: a question that could ask a person's state (checked before the tagger loads). */
const PERSON_ASKED = /\b(?:i|i'm|my|we|we're|our|me|us)\b|\p{Lu}\p{L}*[’']s\b/iu;

/** The slot a question asks about a person's current state, read at most once per recall. */
interface AskedOnce {
  /** False when no person's state can be asked (not a question, no person word): nothing to read. */
  readonly possible: boolean;
  /** `askedSlot` of the query, the tagger loaded on the first call only. */
  read(): Promise<AskedSlot | null>;
}

function askedSlotOnce(query: string): AskedOnce {
  const possible = isQuestion(query) && PERSON_ASKED.test(query);
  let slot: Promise<AskedSlot | null> | undefined;
  return {
    possible,
    read: () => (slot ??= possible ? loadTagger().then(() => askedSlot(query)) : Promise.resolve(null)),
  };
}

/**
 * Current-state questions prefer current beliefs, on the slot the question asks. When the question
 * asks about a state that holds now, of a person (`askedSlot`: "What phone do I have?", not "What
 * did I buy?" nor "What is the API rate limit?"), and two active facts among the candidates fill
 * that very slot — the same subject and attribute, the attribute one the question names
 * (`sharedSlot`: "My phone is a Pixel 6" / "…I finally upgraded my phone to an iPhone 15"), or
 * each one of the question's attribute words (`fillsAskedSlot`: "Which cloud do we host on?": "We
 * host everything on AWS" / "We're on Google Cloud now") — the older one within the first k, the newer saying a change or a state that holds now
 * (`saysChangedState`) and naming another value (`namesOtherValue`), with no verdict that closed
 * the pair (a non-lexical `distinct` or `refines`): the newer is ranked just above the older and
 * its `why` says so. In a chat between two people nearly every turn is someone's state, so every
 * condition is required: the question's tense and person, its own slot, and a change. Ranking
 * only, among the candidates recall already has; nothing is searched again and nothing is closed.
 * Mutates and re-sorts `scored`.
 */
async function sameSlotFirst(
  store: StoreReader,
  scored: RecallHit[],
  req: RecallRequest,
  askedOnce: AskedOnce,
): Promise<{ older: RecallHit; newer: RecallHit }[]> {
  if (!askedOnce.possible) return [];
  const words = new Set(contentTokens(req.query));
  // The active facts that share a word with the question; the pair needs one within the first k.
  const facts = scored.filter(
    (h) =>
      h.layer === "belief" &&
      h.kind === "fact" &&
      h.status === "active" &&
      contentTokens(h.text).some((w) => words.has(w)),
  );
  const topK = new Set(scored.slice(0, req.k));
  if (facts.length < 2 || !facts.some((h) => topK.has(h))) return [];
  const asked = await askedOnce.read();
  if (!asked) return [];
  const moves: { older: RecallHit; newer: RecallHit; slot: string }[] = [];
  for (const older of facts) {
    if (!topK.has(older)) continue;
    for (const newer of facts) {
      if (!(newer.at > older.at)) continue;
      // The same slot in the same words ("my phone" / "my phone"), or the question's slot in two
      // of its words ("Which cloud do we host on?": "we host on AWS" / "we're on Google Cloud now").
      // Each about what the question asks, by the head of its phrase (`asksAbout`: not "the dog
      // walk" for "our dog", "my favourite café" for "our favourite restaurant", "for groceries"
      // for "my grocery budget"), and no verb for a noun the question asks ("I bike to work now"
      // for "Which bike do I ride?").
      const same = sharedSlot(older.text, newer.text, asked.attributes);
      const theirs =
        same && slotsOf(newer.text).find((s) => s.subject === same.subject && s.attribute === same.attribute);
      const a = fillsAskedThing(older.text, asked, req.lexicon);
      const b = fillsAskedThing(newer.text, asked, req.lexicon);
      const slot =
        same && theirs && same.subject === asked.subject && asksAbout(same, asked) && asksAbout(theirs, asked)
          ? same
          : a && b && (a.central || b.central)
            ? a
            : null;
      if (!slot) continue;
      if (!saysChangedState(newer.text) || !namesOtherValue(older.text, newer.text, asked.attributes))
        continue;
      // Another person's change ("My flatmate started taking the 38 bus") is not the speaker's.
      if (othersState(newer.text, asked, req.lexicon)) continue;
      moves.push({
        older,
        newer,
        slot: `${slot.subject === "speaker" ? "the speaker's" : `${slot.subject}'s`} "${slot.attribute}"`,
      });
    }
  }
  if (moves.length === 0) return [];
  const open = await unsettledMoves(store, moves);
  liftNewer(
    scored,
    open,
    (m) => ` on the same slot the question asks (${m.slot}), saying a change, and no verdict yet`,
  );
  return open;
}

/**
 * Current-state questions prefer the newer of two measures of the same thing. Two items near the
 * top — an active fact and a newer active fact or a turn left as itself (an episode recall returns
 * as itself: no belief speaks for it, as a turn ending in a question) — where the newer counts a
 * unit the older counts with another number, and the pair is about what the question asks
 * (`anotherMeasureOfAsked`, changed-measures.ts: "We keep the thermostat at 19 degrees" / "…the
 * thermostat lives at 20.5 degrees now" for "What temperature is our thermostat set to?"). Both
 * said by the same actor (an assistant's "most adults take 600 IU" is no change of the user's
 * dose), not another person's state for a question about the speaker's (`othersState`), and no
 * verdict that closed the pair (a non-lexical `distinct` or `refines`). The lexical judge is not
 * asked: it reads many such pairs as about different things (an unmatched subject, "lives" tagged
 * a noun), and a ranking closes nothing. The newer is ranked just above the older and its `why`
 * says so. Bounded: the top 12 items. Mutates and re-sorts `scored`.
 */
async function newerMeasureFirst(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  askedOnce: AskedOnce,
): Promise<Move[]> {
  const top = scored.slice(0, 12).filter((h) => {
    const r = records.get(h.id);
    if (!r || h.status !== "active") return false;
    return "kind" in r ? r.kind === "fact" : true;
  });
  const facts = top.filter((h) => h.layer === "belief");
  // The pairs that say what the question asks, read without the tagger: a recall with none never loads it.
  const pairs = facts.flatMap((older) =>
    top
      .filter(
        (newer) =>
          newer !== older &&
          newer.at > older.at &&
          older.score >= newer.score &&
          askedWordsSaid(req.query, older.text, newer.text) !== null,
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
  if (unread.length > 0) for (const e of await store.getEpisodes(unread)) records.set(e.id, e);
  const actorOf = (h: RecallHit) => {
    const id = sourceOf(h);
    const e = id ? records.get(id) : undefined;
    return e && !("kind" in e) ? e.actor : null;
  };
  const moves: (Move & { note: string })[] = [];
  for (const { older, newer } of pairs) {
    // Both unknown (a store written without actors) is one speaker too.
    if (actorOf(newer) !== actorOf(older)) continue;
    const changed = anotherMeasureOfAsked(req.query, older.text, newer.text);
    if (!changed) continue;
    const slot = askedOnce.possible ? await askedOnce.read() : null;
    if (slot && othersState(newer.text, slot, req.lexicon)) continue;
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

/** How many of the top items a unit search starts from (`newerMeasureFound`). */
const UNIT_SEARCH_TOP = 3;

/** How many facts, and how many turns, one unit search reads. */
const UNIT_CANDIDATES = 24;

/** In how many active facts a word may be said and still link two measures (`SAME_TOPIC_WORD`). */
const UNIT_LINK_RARE = 4;

/**
 * Current-state questions find the newer measure even when it does not repeat the question's
 * words. An update said in passing often names the thing by another word or none ("Our mortgage is
 * fixed at 2.1%" / "Now that the fix has ended and we're on 4.6%, should we overpay?"; "My contact
 * lens prescription is -2.25 in both eyes" / "my eyes changed, so the lenses are -2.75 now"), so it
 * never reaches the top and `newerMeasureFirst` cannot rank it. For each of the top 3 items that is
 * an active fact saying a word of the question and a number, the request's namespaces are searched
 * by the fact's words (active facts, and active turns no belief speaks for); a newer one said by
 * the same actor that gives the unit the older counts another number and shares a word with it
 * besides the unit (`foundMeasureOfAsked`, changed-measures.ts), not another person's state and
 * with no verdict that closed the pair (a non-lexical `distinct` or `refines`), is listed just above
 * the older, its `why` saying so. Ranking only: nothing is superseded. The tagger is loaded only
 * when a found statement passes the tagger-free tests (a number, a shared word). Mutates and
 * re-sorts `scored`.
 */
async function newerMeasureFound(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
  askedOnce: AskedOnce,
  wantEpisodes: boolean,
): Promise<Move[]> {
  const olders = scored
    .slice(0, UNIT_SEARCH_TOP)
    .filter(
      (h) =>
        h.layer === "belief" &&
        h.kind === "fact" &&
        h.status === "active" &&
        mayCount(h.text) &&
        askedWordsOf(req.query, h.text) !== null,
    );
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
      const [facts, turns] = await Promise.all([
        store.searchBeliefText(terms, factFilter, UNIT_CANDIDATES),
        wantEpisodes
          ? store.searchEpisodeText(
              terms,
              { namespaces: req.namespaces, statuses: ["active"], types: req.types, metadata: req.metadata },
              UNIT_CANDIDATES,
            )
          : Promise.resolve([]),
      ]);
      const [beliefs, episodes] = await Promise.all([
        store.getBeliefs(facts.map((f) => f.id)),
        store.getEpisodes(turns.map((t) => t.id)),
      ]);
      // The tagger-free tests first: newer, and a number.
      return [...beliefs, ...episodes].flatMap((record) => {
        const text = "kind" in record ? record.text : record.content;
        const at = "kind" in record ? record.validFrom : record.at;
        return record.id !== older.id && at > older.at && mayCount(text)
          ? [{ older, record, text, shared: topicWordsShared(older.text, text) }]
          : [];
      });
    }),
  );
  // A word said in many facts ("kids", "new") links nothing: each word counted once.
  const words = [...new Set(searched.flat().flatMap((c) => c.shared))];
  const counts = await Promise.all(
    words.map((w) => store.countBeliefText([w], factFilter, UNIT_LINK_RARE + 1)),
  );
  const rare = new Map(words.map((w, i) => [w, counts[i]! <= UNIT_LINK_RARE]));
  // And a rare word shared besides the unit.
  const found = searched.flat().filter((c) => c.shared.some((w) => rare.get(w) === true));
  if (found.length === 0) return [];
  await loadTagger();
  const actorOf = async (r: Belief | Episode | undefined): Promise<string | null> => {
    if (!r) return null;
    if (!("kind" in r)) return r.actor;
    const source = r.sources[0];
    if (!source) return null;
    if (!records.has(source)) for (const e of await store.getEpisodes([source])) records.set(e.id, e);
    return actorOf(records.get(source) as Episode | undefined);
  };
  const linking = (w: string) => rare.get(w) === true;
  // Per older, the newest statement that gives its unit another number: the latest value is what a
  // current-state question asks, and one in between ("…stretched to £11,000") is not lifted.
  const newest = new Map<string, { older: RecallHit; record: Belief | Episode; at: string; note: string }>();
  const seen = new Set<string>();
  for (const { older, record, text } of found) {
    if (seen.has(`${older.id} ${record.id}`)) continue;
    seen.add(`${older.id} ${record.id}`);
    if ((await actorOf(records.get(older.id))) !== (await actorOf(record))) continue;
    const changed = foundMeasureOfAsked(req.query, older.text, text, linking);
    if (!changed) continue;
    const slot = askedOnce.possible ? await askedOnce.read() : null;
    if (slot && othersState(text, slot, req.lexicon)) continue;
    // A turn a belief speaks for is read as that belief.
    if (!("kind" in record) && (await representative(store, record.id, new Map(), {}))) continue;
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
      hitOf(record, policy, now, {
        textRank: null,
        vectorRank: null,
        relevance: older.why.relevance,
        matched: `found by the unit [${older.id}] counts`,
      });
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
 * A change of choice said in passing ("We switched Mochi to pine pellets") ranks just above the
 * older choice it replaces, found by the older's words and linked only on strong evidence
 * (change-of-choice.ts: `choicesFound`, `replacesChoice`). Ranking only: nothing is superseded.
 */
async function newerChoiceFound(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
  askedOnce: AskedOnce,
  wantEpisodes: boolean,
): Promise<Move[]> {
  const olders = scored
    .slice(0, CHOICE_SEARCH_TOP)
    .filter((h) => h.layer === "belief" && h.kind === "fact" && h.status === "active" && records.has(h.id))
    .filter((h) => askedWordsOf(req.query, h.text) !== null);
  if (olders.length === 0) return [];
  const actorOf = async (r: Belief | Episode | undefined): Promise<string | null> => {
    if (!r || !("kind" in r)) return r ? r.actor : null;
    const source = r.sources[0];
    if (!source) return null;
    if (!records.has(source)) for (const e of await store.getEpisodes([source])) records.set(e.id, e);
    return actorOf(records.get(source));
  };
  const found = await choicesFound(
    {
      store,
      facts: activeFactsOf(req),
      turns: wantEpisodes
        ? { namespaces: req.namespaces, statuses: ["active"], types: req.types, metadata: req.metadata }
        : null,
      actorOf,
      represented: async (id) => (await representative(store, id, new Map(), {})) !== null,
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
      known ??
      hitOf(record, policy, now, {
        textRank: null,
        vectorRank: null,
        relevance: older.why.relevance,
        matched: `found by the words of [${older.id}]`,
      });
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

/** For a question about the speaker's state, a statement of another person's (`saysOthersState`); needs a lexicon. */
const othersState = (text: string, asked: AskedSlot, lexicon: Lexicon | undefined): boolean =>
  asked.subject === "speaker" && lexicon !== undefined && saysOthersState(text, asked, lexicon);

/** A matched episode whose belief was superseded, and the match it would rank by. */
interface SupersededMatch {
  episode: string;
  boosted: number;
}

/**
 * The active end of a superseded belief's `supersededBy` chain, or null. A successor that was in
 * turn superseded is followed only when its own successor fills the asked slot: each hop is a
 * verdict of its own, and a later one about another thing ("…on Saturdays instead" / "These days I
 * do kickboxing … instead") says nothing of the value asked.
 */
async function currentVersionOf(
  store: StoreReader,
  older: Belief,
  slot: AskedSlot,
  lexicon: Lexicon | undefined,
  cache: Map<string, Belief | null>,
): Promise<Belief | null> {
  let b: Belief = older;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = b.supersededBy;
    if (b.status !== "archived" || b.statusReason !== "superseded" || !next) return null;
    if (!cache.has(next)) cache.set(next, await store.getBelief(next));
    const n = cache.get(next) ?? null;
    if (!n || n.namespace !== older.namespace) return null;
    if (hop > 0 && !fillsAskedSlot(n.text, slot, lexicon)) return null;
    if (n.status === "active") return n;
    b = n;
  }
  return null;
}

/** How near the top a superseded match must have ranked for its current version to be listed. */
const SUCCESSOR_TOP = 5;

/**
 * A superseded belief that answers the question brings its current successor. When the question
 * asks a person's state that holds now (`askedSlot`), a belief archived by a supersession (not a
 * merge, not forgotten) whose episode matched, that fills the asked slot (`fillsAskedSlot`) and
 * would rank in the first `SUCCESSOR_TOP` if it were current, has its current successor (its
 * `supersededBy` chain followed to the active end, in the same namespace, of a kind and metadata
 * the request asks for) listed at its rank, once, `why` naming the older: "I volunteer at the
 * food bank" / "These days I help out at the animal shelter on Saturdays instead of the food bank" for
 * "Where do I volunteer?" — the successor shares no word with the question, so it is not found by its own.
 * The older stays out (`at` brings it back). Not when a current fact newer than the older already
 * fills the asked slot within the first k: the question is answered, and a wrong supersession
 * would put an unrelated successor above the answer. Ranking only; nothing is searched again.
 * Mutates and re-sorts `scored`.
 */
async function currentVersions(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
  askedOnce: AskedOnce,
  matches: readonly SupersededMatch[],
  maxFused: number,
): Promise<void> {
  if (!askedOnce.possible) return;
  const slot = await askedOnce.read();
  if (!slot) return;
  const now = req.at ?? req.asOf ?? req.now;
  const cache = new Map<string, Belief | null>();
  const byId = new Map(scored.map((h) => [h.id, h]));
  const listed = new Set<string>();
  const top = [...matches].sort((a, b) => b.boosted - a.boosted || compareIds(a.episode, b.episode));
  // A hit's score is at most its relevance: a match below the SUCCESSOR_TOP-th score cannot rank there.
  const floor = scored.length >= SUCCESSOR_TOP ? scored[SUCCESSOR_TOP - 1]!.score : 0;
  for (const m of top) {
    const relevance = Math.min(1, m.boosted / maxFused);
    if (relevance < floor) break;
    for (const older of await store.beliefsFromEpisode(m.episode)) {
      if (older.status !== "archived" || older.statusReason !== "superseded" || !older.supersededBy) continue;
      if (!req.namespaces.includes(older.namespace) || !fillsAskedSlot(older.text, slot, req.lexicon))
        continue;
      const would = hitOf(older, policy, now, { textRank: null, vectorRank: null, relevance, matched: "" });
      const rank = scored.filter((h) => h.score > would.score).length;
      if (rank >= SUCCESSOR_TOP) continue;
      const current = await currentVersionOf(store, older, slot, req.lexicon, cache);
      if (
        !current ||
        current.namespace !== older.namespace ||
        !(req.kinds ?? [current.kind]).includes(current.kind) ||
        !matchesMetadata(current.metadata, req.metadata) ||
        listed.has(current.id)
      )
        continue;
      // The question is answered already, at or above the older's rank, by a current statement
      // newer than the older that fills the asked slot in its main words: a wrong supersession must
      // not put an unrelated successor beside it.
      const answered = scored.some(
        (h) =>
          h.score >= would.score &&
          h.layer === "belief" &&
          h.status === "active" &&
          h.id !== current.id &&
          h.at > older.validFrom &&
          fillsAskedSlot(h.text, slot, req.lexicon)?.central === true,
      );
      if (answered) continue;
      listed.add(current.id);
      const known = byId.get(current.id);
      if (known && known.score >= would.score) continue;
      const hit =
        known ??
        hitOf(current, policy, now, {
          textRank: null,
          vectorRank: null,
          relevance,
          matched: `matched through [${older.id}], which it superseded`,
        });
      if (!known) {
        records.set(current.id, current);
        byId.set(current.id, hit);
        scored.push(hit);
      }
      hit.score = would.score;
      hit.why.summary += `; current version of [${older.id}] ("${older.text}"), which would rank #${rank + 1} for the question and was superseded: listed at its rank`;
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
}

/**
 * How many statements naming a kind of the asked noun are read (newest first, until one fills the
 * slot: WordNet's rare senses make common words kinds, "closed" and "book" of "music", and twenty
 * left the newest out of a 200-fact chat); how many of its kinds are searched.
 */
const KIND_CANDIDATES = 60;
const KINDS_SEARCHED = 256;

/**
 * A current-state question is answered by the newest statement of its slot even when that
 * statement names only a kind of what the question asks ("What music am I into?": "I'm not into
 * jazz these days, I mostly listen to synthwave" — jazz is a kind of music in the lexicon).
 * When the question asks a person's state (`askedSlot`) and the lexicon knows kinds of its nouns,
 * active facts naming one of those kinds (single words, the nearest first) are searched; of those
 * that fill the asked slot through the lexicon (`fillsAskedSlot`: a kind or a synonym of the asked
 * noun, whose the question asks) and say a state that holds now or changed (`saysChangedState`),
 * the newest is listed within the first k, last, unless it is there already or a fact in the first
 * k that fills the slot centrally is as new. Ranking only; only the request's namespaces are
 * searched. Mutates and re-sorts `scored`.
 */
async function newestKindListed(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
  askedOnce: AskedOnce,
): Promise<Move[]> {
  const lexicon = req.lexicon;
  const last = scored[Math.min(req.k, scored.length) - 1];
  if (!lexicon || !last || !askedOnce.possible) return [];
  const asked = await askedOnce.read();
  if (!asked || asked.nouns.size === 0) return [];
  const kinds = [...asked.nouns].flatMap((n) => lexicon.nounKinds(n)).filter((w) => !/[\s-]/.test(w));
  // The people who practise a kind ("vegetarianism" → "vegetarian", "vegan"): a speaker who says
  // they are one fills the slot ("What diet do I follow?": "I've gone fully vegan").
  const practitioners = new Set(kinds.flatMap((k) => practitionersOf(k, lexicon)));
  const terms = queryTerms([...practitioners, ...kinds].join(" "), KINDS_SEARCHED);
  if (terms.length === 0) return [];
  const filter = activeFactsOf(req);
  const found = await store.searchBeliefText(terms, filter, KIND_CANDIDATES);
  const now = req.at ?? req.asOf ?? req.now;
  // Newest first, read with the tagger until one fills the slot: the first that does is the answer.
  const byAge = (await store.getBeliefs(found.map((f) => f.id)))
    .filter((b) => b.validFrom <= now)
    .sort((a, b) =>
      a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : compareIds(a.id, b.id),
    );
  let filling: { belief: Belief; noun: string } | undefined;
  for (const b of byAge) {
    if (!saysChangedState(b.text)) continue;
    const slot = fillsAskedSlot(b.text, asked, lexicon);
    const noun = slot ? (slot.noun ?? slot.attribute) : speakerIs(b.text, practitioners);
    if (noun) {
      filling = { belief: b, noun };
      break;
    }
  }
  if (!filling) return [];
  const { belief: newest, noun } = filling;
  const top = scored.slice(0, req.k);
  if (top.some((h) => h.id === newest.id)) return [];
  // A statement of the slot in the question's own words, as new, already answers.
  if (
    top.some(
      (h) => h.layer === "belief" && h.at >= newest.validFrom && fillsAskedSlot(h.text, asked)?.central,
    )
  )
    return [];
  const known = scored.find((h) => h.id === newest.id);
  const hit =
    known ??
    hitOf(newest, policy, now, {
      textRank: null,
      vectorRank: null,
      relevance: last.why.relevance,
      matched: `a kind of what the question asks ("${noun}")`,
    });
  if (!known) {
    records.set(newest.id, newest);
    scored.push(hit);
  }
  hit.score = last.score * (1 + 1e-6);
  hit.why.summary += `; the newest statement of the slot the question asks, in a kind of its noun ("${noun}"): listed within the first ${req.k}`;
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  return [{ older: last, newer: hit, listed: true }];
}

/** A question that asks when ("When is our standup?", "What time…", "Which day…", "How often…"). */
const ASKS_WHEN = /^\s*(?:when\b|what time\b|(?:which|what) days?\b|how often\b)/i;

/** How many of the top hits are read for newer values the query missed; how many facts a name may appear in. */
const NAMED_TOP = 5;
const NAMED_RARE = 3;
/** How many statements of a frame's change words are read for one older state. */
const FRAME_CANDIDATES = 20;

/**
 * Current-state questions find the newer value even when it shares no word with the question. An
 * update often names the value it replaces ("My Trek got stolen so I bought a Cannondale", "my
 * new doctor is Dr. Kim, Alvarez retired") while the question names only the attribute ("What
 * bike do I ride?"). For each active fact near the top, its named values (`namedValues`: Trek)
 * that are rare in the store (in at most 3 active facts: a name said everywhere, like a
 * participant's, links nothing) are looked up among active facts; a newer one that names it,
 * announces a change that ends what held before ("sold", "moved to", "now", "my new …"; not one
 * that only begins something beside it, "joined", "started", `announcesReplacement`), names a value of its own, and that
 * the judge does not read as a restatement or about another entity, with no verdict that closed
 * the pair (a non-lexical `distinct` or `refines`), is ranked just above the older, its `why`
 * saying so. Likewise a newer fact that changes the older's state frame in other words ("I live
 * in Denver" / "I moved to Portland", `state-frames.ts`). When the older fills the slot a
 * current-state question asks (`askedSlot`, `fillsAskedSlot`), a newer fact naming its value that
 * says a change in words of its own ("Claritin stopped working so my doctor put me on Zyrtec") is
 * one too, whatever the cue list or the judge's "another entity" says. When the question asks a
 * member of a kind by its determiner ("Which school does my son go to?", `askedKind`), a newer fact
 * or a turn no belief speaks for, found by WordNet's kinds of that noun, that names another member
 * of it ("Theo's teacher at Riverside Academy…": an academy is a school) is one too, when it names a
 * name the older names or is the speaker's in place of a member the older names
 * (`namesAnotherOfAskedKind`). Ranking only; nothing is closed; only
 * the request's namespaces are searched. Mutates and re-sorts `scored`.
 */
async function missedSuccessors(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
  judge: Judge,
  asked: AskedOnce,
): Promise<Move[]> {
  const now = req.at ?? req.asOf ?? req.now;
  const filter = activeFactsOf(req);
  const byId = new Map(scored.map((h) => [h.id, h]));
  // The slot a current-state question asks about a person, read only when needed.
  const changesAskedValue = async (older: string, newer: string) => {
    if (!asked.possible) return false;
    const slot = await asked.read();
    return slot !== null && fillsAskedSlot(older, slot, req.lexicon) !== null && saysChangedState(newer);
  };
  const moves: Move[] = [];
  const olders = scored
    .slice(0, NAMED_TOP)
    .filter((h) => h.layer === "belief" && h.kind === "fact" && h.status === "active");
  for (const older of olders) {
    const own = new Set(namedValues(older.text).map((w) => w.toLowerCase()));
    // Where newer statements may replace it: those naming one of its rare values, and those
    // changing its state frame in other words ("I live in…" / "I moved to…").
    const links: {
      ids: string[];
      link: string;
      fits: (text: string) => boolean;
      named?: true;
      retired?: ReadonlySet<string>;
    }[] = [];
    for (const name of own) {
      // A name in more facts than that links nothing: counted first, ranked only when rare.
      const terms = queryTerms(name);
      if ((await store.countBeliefText(terms, filter, NAMED_RARE + 1)) > NAMED_RARE) continue;
      const found = await store.searchBeliefText(terms, filter, NAMED_RARE + 1);
      if (found.length <= NAMED_RARE)
        links.push({
          ids: found.map((f) => f.id),
          link: `names its value "${name}"`,
          fits: announcesReplacement,
          named: true,
        });
    }
    const frame = frameOf(older.text);
    if (frame) {
      const found = await store.searchBeliefText(frame.terms, filter, FRAME_CANDIDATES);
      links.push({
        ids: found.map((f) => f.id),
        link: `changes its ${frame.name} in other words`,
        fits: (text) => replacedByFrame(older.text, text, req.lexicon) !== null,
      });
    }
    // Where a newer statement retires the older's value by name, lower-case or clipped ("I gave up
    // climbing", "I sold the Strat": `retired-values.ts`), when the older fills the asked slot.
    const slot = asked.possible ? await asked.read() : null;
    const filled = slot ? fillsAskedSlot(older.text, slot, req.lexicon) : null;
    if (slot && filled) {
      const values = valuesOf(older.text).filter(
        (v) => !contentTokens(v.word).some((t) => slot.attributes.has(t)),
      );
      const terms = [
        ...new Set(values.flatMap((v) => [...queryTerms(v.word), ...clippings(v), ...verbForms(v)])),
      ];
      if (terms.length > 0) {
        const found = await store.searchBeliefText(terms, filter, FRAME_CANDIDATES);
        links.push({
          ids: found.map((f) => f.id),
          link: "retires its value by name",
          fits: (text) => retiredValue(text, values) !== null,
          retired: slot.attributes,
        });
      }
      // Slot-typed: where a newer statement names, by a name, another member of the kind the
      // question asks by its determiner ("Which school does my son go to?": `askedKind`), found by
      // WordNet's kinds of that noun ("My son Theo is in Year 3 at Oakfield Primary" / "Theo's
      // teacher at Riverside Academy has asked the class…": an academy is a school), said by the
      // speaker or of a name the older names (`namesAnotherOfAskedKind`). A turn left as itself
      // (no belief speaks for it: it ended in a question) is such a statement too.
      const kindLexicon = req.lexicon;
      const kind = kindLexicon ? askedKind(req.query, slot, kindLexicon) : null;
      if (kindLexicon && kind) {
        const kinds = kindLexicon.nounKinds(kind).filter((w) => !/[\s-]/.test(w));
        const terms = queryTerms(kinds.join(" "), KINDS_SEARCHED);
        if (terms.length > 0) {
          const fits = (text: string) =>
            namesAnotherOfAskedKind(text, older.text, kind, kindLexicon) !== null;
          const found = await store.searchBeliefText(terms, filter, FRAME_CANDIDATES);
          links.push({
            ids: found.map((f) => f.id),
            link: "names another of the asked kind",
            fits,
            retired: slot.attributes,
          });
          const turns = await store.searchEpisodeText(
            terms,
            { namespaces: req.namespaces, statuses: ["active"], types: req.types, metadata: req.metadata },
            FRAME_CANDIDATES,
          );
          for (const e of await store.getEpisodes(turns.map((t) => t.id))) {
            if (!(e.at > older.at) || (req.at && e.at > req.at) || !fits(e.content)) continue;
            if (othersState(e.content, slot, req.lexicon)) continue;
            if (await representative(store, e.id, new Map(), {})) continue;
            const known = byId.get(e.id);
            if (known && known.score > older.score) continue;
            const v = await judge.compare(
              { text: older.text, at: older.at, kind: older.kind },
              { text: e.content, at: e.at, kind: e.type },
            );
            if (v.relation === "duplicate") continue;
            const newer =
              known ??
              hitOf(e, policy, now, {
                textRank: null,
                vectorRank: null,
                relevance: older.why.relevance,
                matched: `names another of the asked kind than [${older.id}]`,
              });
            if (!known) {
              records.set(e.id, e);
              byId.set(e.id, newer);
              scored.push(newer);
            }
            newer.score = older.score * (1 + 1e-6);
            newer.why.summary += `; newer than [${older.id}], names another of the asked kind in a change and no verdict yet: ranked above it`;
            moves.push({ older, newer });
          }
        }
      }
      // Where a newer statement of the speaker's says the current state of a thing the older names
      // besides the asked one, rare in the store ("I bank with Barclays, I've had the account since
      // uni" / "My salary goes into a Monzo account now": `shared-things.ts`).
      for (const thing of thingsOf(older.text, slot.attributes)) {
        const terms = nounForms(thing);
        if ((await store.countBeliefText(terms, filter, NAMED_RARE + 1)) > NAMED_RARE) continue;
        const found = await store.searchBeliefText(terms, filter, NAMED_RARE + 1);
        links.push({
          ids: found.map((f) => f.id),
          link: `gives its "${thing}" a name of its own`,
          fits: (text) => namesThingNow(text, thing, older.text) !== null,
          retired: slot.attributes,
        });
      }
      // Where a newer statement of the speaker's speaks of an event the older names by a verb, by
      // the event's noun, rare in the store, with a value of its own ("Our car insurance is with
      // Aviva, it renews in March." / "Admiral beat the renewal quote …, so we signed with them
      // instead.": `eventsOf`, WordNet's derivations).
      // Only when the older is about the asked thing, not a modifier of it ("our car insurance" for
      // "What car do we drive?": `aboutAsked`).
      if (req.lexicon && aboutAsked(filled, req.query, req.lexicon))
        for (const { verb, noun } of eventsOf(older.text, slot.attributes, req.lexicon)) {
          const terms = nounForms(noun);
          if ((await store.countBeliefText(terms, filter, NAMED_RARE + 1)) > NAMED_RARE) continue;
          const found = await store.searchBeliefText(terms, filter, NAMED_RARE + 1);
          links.push({
            ids: found.map((f) => f.id),
            link: `speaks of its "${verb}" as "${noun}"`,
            fits: (text) => namesValueAtEvent(text, noun, older.text) !== null,
            retired: slot.attributes,
          });
        }
      // Where the speaker says their own state right after another person's statement of the asked
      // slot, in one turn ("My coworker Dana switched to intermittent fasting, so she skips lunch
      // now. Honestly I've been getting burritos from the cart downstairs for the past few weeks."):
      // the sentence with no word of the topic takes it from the one before it (`nextPart`).
      for (const other of scored) {
        const r = records.get(other.id);
        if (!r || !("kind" in r) || r.kind !== "fact" || r.status !== "active" || r.sources.length !== 1)
          continue;
        if (!(other.at > older.at) || !fillsAskedSlot(other.text, slot, req.lexicon)) continue;
        if (!othersState(other.text, slot, req.lexicon)) continue;
        const [turn] = await store.getEpisodes([r.sources[0]!]);
        if (!turn) continue;
        const parts = (await store.beliefsFromEpisode(turn.id)).filter(
          (b) => b.status === "active" && b.id !== r.id,
        );
        const next = nextPart(turn.content, r.text, parts);
        if (!next) continue;
        links.push({
          ids: [next],
          link: `says the speaker's own after [${other.id}] in one turn`,
          fits: (text) => saysChangedState(text) && !othersState(text, slot, req.lexicon),
          retired: slot.attributes,
        });
      }
      // Where a newer statement takes the older's recurring day "instead" ("I volunteer at the
      // food bank on Saturdays" / "These days I help out at the animal shelter on Saturdays
      // instead": `takesDayInstead`); not when the question asks when (the day is then the value).
      const days = ASKS_WHEN.test(req.query) ? [] : recurringDays(older.text);
      if (days.length > 0) {
        // The index holds words as written: "Saturday" and "Saturdays" both.
        const terms = days.flatMap((d) => [d, `${d}s`]);
        const found = await store.searchBeliefText(terms, filter, FRAME_CANDIDATES);
        links.push({
          ids: found.map((f) => f.id),
          link: "takes its day instead",
          fits: (text) => takesDayInstead(older.text, text) !== null,
          retired: slot.attributes,
        });
      }
      // Where a newer statement of the speaker's takes the older's recurring time of day with a
      // change that leaves what it replaces unsaid ("I practise Italian on Memrise every evening" /
      // "I've moved over to Babbel now, twenty minutes before dinner each night": `takesTimeOfDay`).
      const lexicon = req.lexicon;
      const times =
        ASKS_WHEN.test(req.query) || !lexicon
          ? []
          : [...new Set(recurringTimes(older.text).flatMap((t) => sameTimes(t, lexicon)))];
      if (lexicon && times.length > 0) {
        const found = await store.searchBeliefText(
          times.flatMap((t) => [t, `${t}s`]),
          filter,
          FRAME_CANDIDATES,
        );
        links.push({
          ids: found.map((f) => f.id),
          link: "takes its time of day",
          // Only when the older leaves one value for the change to replace (`valueLeftUnsaid`).
          fits: (text) =>
            takesTimeOfDay(older.text, text, lexicon) !== null &&
            valueLeftUnsaid(older.text, req.query) !== null,
          retired: slot.attributes,
        });
      }
    }
    for (const { ids, link, fits, named, retired } of links) {
      for (const b of await store.getBeliefs(ids.filter((id) => id !== older.id))) {
        if (b.validFrom <= older.at) continue;
        // The older gives the value of the slot the question asks and the newer, naming that value,
        // says a change in words of its own ("I bank with Chase" / "I closed my Chase account and
        // moved everything to Alliant"; "Claritin stopped working so my doctor put me on Zyrtec").
        const bySlot = named && (await changesAskedValue(older.text, b.text));
        if (!fits(b.text) && !bySlot) continue;
        // Another person's change of a value the speaker has too ("My daughter left the school
        // choir and joined St Mary's youth choir") says nothing of the speaker's.
        if (slot && othersState(b.text, slot, req.lexicon)) continue;
        // The newer names a value of its own: a name ("Cannondale"), or for a retirement any word
        // of a value outside the older's and the question's ("took up pottery").
        if (
          retired
            ? !namesOtherValue(older.text, b.text, retired)
            : !namedValues(b.text).some((w) => !own.has(w.toLowerCase()))
        )
          continue;
        const known = byId.get(b.id);
        if (known && known.score > older.score) continue;
        const v = await judge.compare(
          { text: older.text, at: older.at, kind: older.kind },
          { text: b.text, at: b.validFrom, kind: b.kind },
        );
        // The judge's "another entity" reads the two values' names (Claritin / Zyrtec) as two
        // things, which is what a change of the asked value is; so it is when the newer ends the
        // older's value by name ("We keep all our code on Bitbucket" / "we migrated every repo from
        // Bitbucket to GitLab": `retiredValue`), whatever slot the question reads.
        if (
          v.relation === "duplicate" ||
          (!bySlot &&
            !retired &&
            v.reason.startsWith("different-entity") &&
            !(named && (await loadTagger().then(() => retiredValue(b.text, valuesOf(older.text)) !== null))))
        )
          continue;
        const settled = await store.judgedPairs([{ a: older.id, b: b.id }]);
        if (
          settled.some(
            (p) => p.judge !== "lexical" && (p.relation === "distinct" || p.relation === "refines"),
          )
        )
          continue;
        const newer =
          known ??
          hitOf(b, policy, now, {
            textRank: null,
            vectorRank: null,
            relevance: older.why.relevance,
            matched: `${link.replace("its", `[${older.id}]'s`)}`,
          });
        if (!known) {
          records.set(b.id, b);
          byId.set(b.id, newer);
          scored.push(newer);
        }
        newer.score = older.score * (1 + 1e-6);
        newer.why.summary += `; newer than [${older.id}], ${link} in a change and no verdict yet: ranked above it`;
        moves.push({ older, newer });
      }
    }
  }
  // A question about a state of the speaker's ("Where do I work?") is answered by the newest
  // change of that state even when no older statement of it ranks near the top: it is listed
  // within the first k, last (it matched no word), unless a hit already answers from that change.
  const frame = askedFrame(req.query);
  if (frame && !moves.some((m) => frameOf(m.older.text) === frame)) {
    const found = await store.searchBeliefText(frame.terms, filter, FRAME_CANDIDATES);
    const changes = (await store.getBeliefs(found.map((f) => f.id)))
      .filter((b) => changesFrame(frame, b.text, req.query, req.lexicon))
      .sort((a, b) =>
        a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : compareIds(a.id, b.id),
      );
    const newest = changes[0];
    const last = scored[Math.min(req.k, scored.length) - 1];
    if (newest && last && !scored.slice(0, req.k).some((h) => h.id === newest.id)) {
      const hit =
        byId.get(newest.id) ??
        hitOf(newest, policy, now, {
          textRank: null,
          vectorRank: null,
          relevance: last.why.relevance,
          matched: `the newest change of the ${frame.name} asked about`,
        });
      if (!byId.has(newest.id)) {
        records.set(newest.id, newest);
        scored.push(hit);
      }
      hit.score = last.score * (1 + 1e-6);
      hit.why.summary += `; the newest statement that changes the ${frame.name} the question asks about: listed within the first ${req.k}`;
      moves.push({ older: last, newer: hit, listed: true });
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  return moves;
}

/**
 * Session context: in a conversation the answer is often the turn just after (or before) the one
 * that matches the words, so the strongest episode hits lend their session neighbours a share of
 * their score. A neighbour a belief represents lends it to that belief. A belief that merged
 * several turns seeds through each the share that turn matched (`foldedShare`), as the turn lent
 * before sleep, not the belief's best. Mutates and re-sorts `scored`.
 */
async function addNeighbours(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
  fold: {
    beliefCache: Map<string, Belief | null>;
    kindSet: Set<string>;
    foldedInto: Map<string, string>;
    /**
     * A folded turn's own match as a share of its belief's: a belief that merged several turns
     * lends each one's neighbours what that turn would have lent before sleep.
     */
    foldedShare: ReadonlyMap<string, number>;
    /** Filled: a belief listed through its source turn's place → that turn. */
    rankedBy: Map<string, string>;
  },
): Promise<void> {
  const byId = new Map(scored.map((h) => [h.id, h]));
  const sessions = new Map<string, Episode[]>();
  const now = req.at ?? req.asOf ?? req.now;
  const when = { at: req.at, asOf: req.asOf };
  // Seeds: the strongest hits that stand for a turn of a session (an episode, or a belief through
  // the source episode that matched).
  const seeds: { hit: RecallHit; episode: Episode; share: number }[] = [];
  const viaOf = new Map<string, string[]>();
  for (const [episode, belief] of fold.foldedInto) viaOf.set(belief, [...(viaOf.get(belief) ?? []), episode]);
  const top = scored.slice(0, Math.max(req.k, 10));
  // A belief stands for its source turns: the ones that matched, else its first few.
  const idsOf = (hit: RecallHit) =>
    hit.layer === "episode" ? [hit.id] : (viaOf.get(hit.id) ?? hit.sources.slice(0, 3));
  const missing = top.flatMap(idsOf).filter((id) => !records.has(id));
  if (missing.length > 0) for (const e of await store.getEpisodes(missing)) records.set(e.id, e);
  for (const hit of top) {
    for (const id of idsOf(hit)) {
      const e = records.get(id) as Episode | undefined;
      if (e && !("kind" in e) && e.session)
        seeds.push({ hit, episode: e, share: hit.layer === "episode" ? 1 : (fold.foldedShare.get(id) ?? 1) });
    }
  }
  for (const { hit: seed, episode: e, share } of seeds) {
    const key = `${e.namespace}\u0000${e.session}`;
    let turns = sessions.get(key);
    if (!turns) {
      turns = await store.listEpisodes(
        {
          namespaces: [e.namespace],
          statuses: req.at || req.asOf ? ["active", "archived"] : ["active"],
          sessions: [e.session!],
          types: req.types,
          at: req.at,
          asOf: req.asOf,
        },
        { limit: 500, offset: 0, order: "at-asc" },
      );
      sessions.set(key, turns);
    }
    const i = turns.findIndex((t) => t.id === e.id);
    if (i < 0) continue;
    for (const n of [turns[i - 1], turns[i + 1]]) {
      if (!n || !matchesMetadata(n.metadata, req.metadata)) continue;
      const score = seed.score * share * policy.neighbourWeight;
      let target: Belief | Episode = n;
      if (fold.kindSet.size > 0) {
        const rep = await representative(store, n.id, fold.beliefCache, when);
        if (
          rep &&
          fold.kindSet.has(rep.belief.kind) &&
          req.namespaces.includes(rep.belief.namespace) &&
          matchesMetadata(rep.belief.metadata, req.metadata)
        ) {
          if (rep.superseded) continue;
          target = rep.belief;
        }
      }
      const known = byId.get(target.id);
      if (known) {
        if (known.score < score) {
          known.score = score;
          // Now ranked by its source turn's place, as the turn was before sleep: diversity reads
          // that turn's vector (a part matched by its own shorter vector would read that one).
          if (target.id !== n.id) fold.rankedBy.set(target.id, n.id);
        }
        continue;
      }
      const through = target.id !== n.id ? ` through its source [${n.id}]` : "";
      if (target.id !== n.id) fold.rankedBy.set(target.id, n.id);
      const hit = hitOf(target, policy, now, {
        textRank: null,
        vectorRank: null,
        relevance: seed.why.relevance * share * policy.neighbourWeight,
        matched: `next to [${e.id}] in session ${n.session}${through}`,
      });
      hit.score = score;
      byId.set(target.id, hit);
      scored.push(hit);
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
}

/** How many of the best episode candidates are read for the speakers the query names. */
const SPEAKER_CANDIDATES = 50;

/**
 * A speaker's name in a question names the speaker, not words of the turn. In a conversation the
 * one asked about rarely says their own name, while every turn addressed to them does ("Thanks,
 * Melanie!", "Hey Jon, good luck with the studio"), so BM25 on the name ranks what the other party
 * said to them above what they said ("What does Melanie say running has been great for?"). When
 * the query names the actor of an episode among the best candidates (`namesActor`, as the actor
 * boost reads it, and written capitalised), the name's words are matched through that field only:
 * the full-text query is run again without them (the actor boost still lifts the speaker's turns;
 * the query's vector is unchanged). Undefined when no speaker is named, or when the name is all
 * the query asks. Reads the candidates into `records`.
 */
async function speakerTerms(
  store: StoreReader,
  fused: readonly Fused[],
  records: Map<string, Belief | Episode>,
  query: string,
  terms: readonly string[],
): Promise<string[] | undefined> {
  const top = fused.filter((f) => f.id.startsWith("e")).slice(0, SPEAKER_CANDIDATES);
  await readEpisodes(store, top, records);
  // Written as a name, capitalised: an actor named "user" or "agent" is a common word in "What is
  // the user's timezone?", left a word.
  const capitalised = new Set(rawTokens(query.replace(/\b\p{Ll}[\p{L}\p{N}'’]*/gu, " ")));
  const names = new Set<string>();
  for (const f of top) {
    const e = records.get(f.id);
    if (!e || "kind" in e || e.actor === null || !namesActor(capitalised, e.actor)) continue;
    for (const w of rawTokens(e.actor)) for (const t of queryTerms(w)) names.add(t);
  }
  if (names.size === 0) return undefined;
  const rest = terms.filter((t) => !names.has(t));
  return rest.length > 0 && rest.length < terms.length ? rest : undefined;
}

/** True when every word of the actor's name appears in the query (`"Ana Lee"` in "What did Ana Lee…"). */
export function namesActor(queryWords: ReadonlySet<string>, actor: string): boolean {
  const words = rawTokens(actor);
  return words.length > 0 && words.every((w) => queryWords.has(w));
}

/** Reads the episodes among these candidates that are not read yet. */
async function readEpisodes(
  store: StoreReader,
  fused: readonly Fused[],
  records: Map<string, Belief | Episode>,
): Promise<void> {
  const unread = fused.map((f) => f.id).filter((id) => id.startsWith("e") && !records.has(id));
  if (unread.length > 0) for (const e of await store.getEpisodes(unread)) records.set(e.id, e);
}

/**
 * Session prior, as passage retrieval smooths a passage with its document: in a conversation the
 * session that talks about what is asked holds the evidence even where a turn shares few words
 * with the question. Each session's match is the sum of its candidate turns' matches; an episode
 * candidate gains `sessionWeight` × the best candidate's match × the summed match of its session's
 * OTHER candidates (leave-one-out) as a share of the best session's. A turn's own match is never
 * counted twice: a lone turn, or one whose session matches only through it, gains nothing and ranks
 * by its own words, so a question asked once ("Is the API rate limit 500…?") stays below the belief
 * that answers it better ("The API rate limit is now 250…"). Beliefs and episodes without a session
 * are unchanged. Mutates and re-sorts `fused`.
 */
async function sessionPrior(
  store: StoreReader,
  fused: Fused[],
  records: Map<string, Belief | Episode>,
  policy: Policy,
): Promise<SessionLifts> {
  await readEpisodes(store, fused, records);
  const sessionOf = (id: string): string | null => {
    const r = records.get(id);
    return r && !("kind" in r) && r.session ? `${r.namespace}\u0000${r.session}` : null;
  };
  const sums = new Map<string, number>();
  let best = 0;
  for (const f of fused) {
    const key = sessionOf(f.id);
    if (key) sums.set(key, (sums.get(key) ?? 0) + f.fused);
    if (f.fused > best) best = f.fused;
  }
  let bestSession = 0;
  for (const v of sums.values()) if (v > bestSession) bestSession = v;
  const out: SessionLifts = new Map();
  if (bestSession <= 0) return out;
  // Every lift reads the matches before any is added (the sums above).
  const lifts = fused.map((f) => {
    const key = sessionOf(f.id);
    return key ? policy.sessionWeight * best * (Math.max(0, sums.get(key)! - f.fused) / bestSession) : 0;
  });
  fused.forEach((f, i) => {
    if (sessionOf(f.id)) out.set(f.id, lifts[i]!);
    f.fused += lifts[i]!;
  });
  fused.sort((a, b) => b.fused - a.fused || compareIds(a.id, b.id));
  return out;
}

/** What the session prior added to each candidate it read as a turn of a session. */
type SessionLifts = Map<string, number>;

/**
 * An item no session can vouch for — a belief written directly (`remember`, not distilled from
 * turns) or an episode recorded without a session — gains the largest lift of a turn it matched
 * better than before the prior: the prior reorders a conversation's turns by their sessions, and
 * never carries a turn past such an item that outranked it. Without this a fact remembered directly
 * falls below every turn of a session that mentions its words in passing ("Who owns the staging
 * database these days?" over "The staging database runs PostgreSQL 15"). Beliefs distilled from
 * turns rank by their turns' lifted matches and are left as they are.
 */
function liftSessionless(
  pool: { id: string; from: string; fused: number; boosted: number }[],
  lifts: SessionLifts,
  records: ReadonlyMap<string, Belief | Episode>,
): void {
  // The lifted entries' matches before the prior and their lifts, both with the boosts the pool
  // applied (a turn whose actor the query names gains its lift × the actor boost).
  const turns: { before: number; lift: number }[] = [];
  const held: (typeof pool)[number][] = [];
  for (const e of pool) {
    const lift = lifts.get(e.from);
    if (lift !== undefined) {
      if (lift > 0 && e.fused > 0) {
        const gained = (e.boosted * lift) / e.fused;
        turns.push({ before: e.boosted - gained, lift: gained });
      }
      continue;
    }
    const r = records.get(e.id);
    if (e.from === e.id && r && ("kind" in r ? r.source !== DISTILLED_SOURCE : !r.session)) held.push(e);
  }
  if (turns.length === 0 || held.length === 0) return;
  for (const e of held) {
    let lift = 0;
    for (const t of turns) if (t.before < e.boosted && t.lift > lift) lift = t.lift;
    if (lift <= 0 || e.fused <= 0 || e.boosted <= 0) continue;
    // On its match too, through its own boosts (an episode's actor, a question's weight).
    e.fused += (lift * e.fused) / e.boosted;
    e.boosted += lift;
  }
}

/**
 * The vectors diversity compares: a belief that ranks by a source turn's match (`rankedBy`: the
 * turn whose words matched, or whose neighbour lent it its place) is read by that turn's vector,
 * as the turn was before sleep. Sleep changed neither what matched nor what repeats; a part of a
 * turn embedded alone ("I've been feeling kinda low on confidence lately.") is far from everything
 * picked and would climb over the turns it ranked below. Every other hit is read by its own.
 */
async function rankedVectors(
  store: StoreReader,
  scored: readonly RecallHit[],
  rankedBy: ReadonlyMap<string, string>,
): Promise<Map<string, Float32Array>> {
  const ids = scored.map((s) => rankedBy.get(s.id) ?? s.id);
  const read = await store.getVectors([...new Set(ids)]);
  const out = new Map<string, Float32Array>();
  scored.forEach((s, i) => {
    const v = read.get(ids[i]!);
    if (v) out.set(s.id, v);
  });
  return out;
}

/**
 * The relevance floor (`policy.recallFloor`): a match on a query term, a close vector, or a reply
 * lifted by its question (`viaQuestion`).
 *
 *   passesFloor({ id: "e7", fused: 0.3, textRank: null, vectorRank: null, similarity: 0, viaQuestion: true }, policy); // → true
 */
export function passesFloor(f: Fused, policy: Policy): boolean {
  return f.textRank !== null || f.similarity >= policy.recallFloor || f.viaQuestion === true;
}

const NO_REPLIES: ReadonlyMap<string, string> = new Map();

/** How many of the best episode candidates are read as questions whose reply shares their match. */
const QUESTION_CANDIDATES = 50;

/**
 * Adjacency pairs (conversation analysis): a question's answer is the other speaker's next turn.
 * "What did you paint last week, Melanie?" shares the question's words; Melanie's reply "A sunset
 * over the lake" holds the answer and few of them. So a question among the best episode candidates
 * (`isQuestion`, or recorded as a question, with a session and an actor) lends `replyWeight` × its
 * match to the turn that follows it in its session when another speaker said it: added to the
 * reply's own match, or the reply joins the candidates with that share alone (relevant through the
 * question: `passesFloor`). A belief distilled from the reply ranks by its source turn's match
 * (`TurnMatches`), so it gains too. Every share is read from the matches before any is added. One
 * store read for all the questions' sessions. Mutates and re-sorts `fused`; returns each reply
 * lifted, by id, with the question it answers.
 */
async function replyShare(
  store: StoreReader,
  fused: Fused[],
  records: Map<string, Belief | Episode>,
  policy: Policy,
  req: RecallRequest,
  historical: boolean,
): Promise<ReadonlyMap<string, string>> {
  // Every episode candidate, read once: the session prior reads the same.
  await readEpisodes(store, fused, records);
  const top = fused.filter((f) => f.id.startsWith("e")).slice(0, QUESTION_CANDIDATES);
  const questions: { f: Fused; e: Episode }[] = [];
  for (const f of top) {
    const e = records.get(f.id);
    if (!e || "kind" in e || e.session === null || e.actor === null || f.fused <= 0) continue;
    if (e.type === "question" || isQuestion(e.content)) questions.push({ f, e });
  }
  if (questions.length === 0) return NO_REPLIES;
  const sessions = [...new Set(questions.map((q) => q.e.session!))];
  const turns = await store.listEpisodes(
    {
      namespaces: [...new Set(questions.map((q) => q.e.namespace))],
      statuses: historical ? ["active", "archived"] : ["active"],
      sessions,
      types: req.types,
      at: req.at,
      asOf: req.asOf,
    },
    { limit: REPLY_TURNS, offset: 0, order: "at-asc" },
  );
  const next = new Map<string, Episode>();
  for (let i = 0; i + 1 < turns.length; i++) {
    const a = turns[i]!;
    const b = turns[i + 1]!;
    if (a.namespace === b.namespace && a.session === b.session) next.set(a.id, b);
  }
  const byId = new Map(fused.map((f) => [f.id, f]));
  const shares: { reply: Episode; question: string; share: number }[] = [];
  for (const { f, e } of questions) {
    const reply = next.get(e.id);
    if (!reply || reply.actor === null || reply.actor === e.actor) continue;
    if (!matchesMetadata(reply.metadata, req.metadata)) continue;
    shares.push({ reply, question: e.id, share: policy.replyWeight * f.fused });
  }
  if (shares.length === 0) return NO_REPLIES;
  const lifted = new Map<string, string>();
  for (const { reply, question, share } of shares) {
    let f = byId.get(reply.id);
    if (!f) {
      f = { id: reply.id, fused: 0, textRank: null, vectorRank: null, similarity: 0 };
      byId.set(reply.id, f);
      fused.push(f);
      records.set(reply.id, reply);
    }
    f.fused += share;
    f.viaQuestion = true;
    lifted.set(reply.id, question);
  }
  fused.sort((a, b) => b.fused - a.fused || compareIds(a.id, b.id));
  return lifted;
}

/**
 * Turns read for the replies, the first in time of the questions' sessions: a page the store's read
 * cache holds, as `addNeighbours` reads one session. A question past them lends nothing (its next turn
 * is not read); a turn read is next to the one before it in the store.
 */
const REPLY_TURNS = 500;
