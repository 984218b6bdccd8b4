/**
 * Recall: hybrid retrieval (BM25 full text + vectors, fused by score or by reciprocal rank), ranked by
 * relevance and utility under the forgetting curve, then diversified with MMR. Recall reads
 * only: showing a memory never makes it stronger.
 */
import { matchesMetadata } from "./metadata-filter.js";
import type { Belief, BeliefKind, Episode, RecallHit } from "./model.js";
import type { Policy } from "./policy.js";
import type { BeliefFilter, Embedder, EpisodeFilter, ScoredId, StoreReader } from "./ports.js";
import { aboutWords } from "./recall/about-words.js";
import { answersOfItsAsker, asksBesideAValue } from "./recall/asking-turns.js";
import { compoundTerms } from "./recall/compound-terms.js";
import { continuesTurn } from "./recall/continues-turn.js";
import { diversify } from "./recall/diversify.js";
import { doerTerms, relatedTerms } from "./recall/expansion.js";
import { finishWhy, hitOf } from "./recall/hits.js";
import { compareIds } from "./recall/ids.js";
import { kinNameTerms } from "./recall/kin-names.js";
import { currentStateMoves, keepMoves } from "./recall/lifts/current-state.js";
import { currentVersions, type SupersededMatch } from "./recall/lifts/current-versions.js";
import { askedSlotOnce } from "./recall/lifts/moves.js";
import { saysTypedAnswer, typedAnswerAsked } from "./recall/lifts/same-thing.js";
import { LONG_TEXT_WORDS, passageFactor } from "./recall/passages.js";
import { namedTimes } from "./recall/query-times.js";
import { representative, speakerOf } from "./recall/representative.js";
import type { RecallRequest } from "./recall/request.js";
import { analyseEcho, contentTokens, isQuestion, queryTerms, rawTokens } from "./text.js";
import { DISTILLED_SOURCE } from "./vocabulary.js";

export type { RecallRequest };

export interface RetrieveRequest {
  query: string;
  /**
   * The full-text query's terms; default `queryTerms(query)` (recall leaves out the names of the
   * speakers asked about: `speakerTerms`).
   */
  terms?: readonly string[];
  /**
   * Words related to the query's (`relatedTerms`, recall/expansion.ts): searched in each layer's text
   * index as a list of their own, fused at `policy.relatedWeight` of the query's own words. None: no
   * second search.
   */
  related?: readonly string[];
  /** Precomputed query vector (the write gate embeds once for gate and storage). */
  vector?: Float32Array;
  /**
   * Vector hits shared by calls with the same vector, filters and limit: the first call fills it,
   * later ones read it (recall's second search, without the names of the speakers asked about,
   * changes only the full-text terms).
   */
  vectorHits?: { beliefs?: Promise<ScoredId[]>; episodes?: Promise<ScoredId[]> };
  /** Related-word hits shared the same way: `related` is the same on recall's second search. */
  relatedHits?: { beliefs?: Promise<ScoredId[]>; episodes?: Promise<ScoredId[]> };
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
  /** Found only by the words related to the query's (`RetrieveRequest.related`), not its own. */
  related?: boolean;
  /** The query's own words' part of `fused` (score fusion: BM25 over its list's best), for `scorePassages`. */
  text?: number;
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
  const keptRelated = req.relatedHits ?? {};
  const related = req.related && req.related.length > 0 && policy.relatedWeight > 0 ? req.related : null;
  const none = Promise.resolve([] as ScoredId[]);
  const lists: Promise<[ScoredId[], ScoredId[], ScoredId[]]>[] = [];
  // Each layer's text search is asked before its vector search, as always.
  if (req.beliefs) {
    const text = store.searchBeliefText(terms, req.beliefs, req.limit);
    kept.beliefs ??= store.searchBeliefVectors(vector, req.beliefs, req.limit);
    if (related) keptRelated.beliefs ??= store.searchBeliefText(related, req.beliefs, req.limit);
    const byRelated = keptRelated.beliefs ?? none;
    lists.push(Promise.all([text, kept.beliefs, byRelated]));
  }
  if (req.episodes) {
    const text = store.searchEpisodeText(terms, req.episodes, req.limit);
    kept.episodes ??= store.searchEpisodeVectors(vector, req.episodes, req.limit);
    if (related) keptRelated.episodes ??= store.searchEpisodeText(related, req.episodes, req.limit);
    const byRelated = keptRelated.episodes ?? none;
    lists.push(Promise.all([text, kept.episodes, byRelated]));
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
      f.text = byScore ? (textMax > 0 ? hit.score / textMax : 0) : 1 / (policy.rrfK + i + 1);
      f.fused += f.text;
    });
    vectorLists[l]!.forEach((hit, i) => {
      const f = get(hit.id);
      f.vectorRank = i + 1;
      f.similarity = hit.score;
      f.fused += policy.vectorWeight * (byScore ? hit.score / vectorMax : 1 / (policy.rrfK + i + 1));
    });
    // The related words' list, normalised by its own best as each text list is, at a share of the
    // question's own words: a statement that says the question's words still comes first. What
    // only it found ranks below the question's own text hits (`textRank`) and passes the floor.
    const byRelated = results[l]![2];
    const relatedMax = maxScore(byRelated);
    byRelated.forEach((hit, i) => {
      const f = get(hit.id);
      if (f.textRank === null) {
        f.textRank = text.length + i + 1;
        f.related = true;
      }
      f.fused +=
        policy.relatedWeight *
        (byScore ? (relatedMax > 0 ? hit.score / relatedMax : 0) : 1 / (policy.rrfK + i + 1));
    });
  });
  return [...byId.values()].sort((a, b) => b.fused - a.fused || compareIds(a.id, b.id));
}

/**
 * A long text listed by the query's words ranks by its best passage where that passage holds all
 * its matching words (`passageFactor`, recall/passages.ts): its full-text part of `fused` is
 * scaled up, never above its list's best (1). The mean length of each layer's listed texts stands
 * for BM25's average document length. Reads the listed records into `records` and returns the ids
 * of the beliefs it read (recall's own read of them, not read again); re-sorts `fused` when a
 * score moved.
 */
async function scorePassages(
  store: StoreReader,
  fused: Fused[],
  records: Map<string, Belief | Episode>,
  terms: readonly string[],
  namespaces: readonly string[],
): Promise<Set<string>> {
  const listed = fused.filter((f) => f.text !== undefined && f.text > 0 && !f.related);
  if (listed.length === 0) return new Set();
  const unread = listed.map((f) => f.id).filter((id) => !records.has(id));
  const { beliefs, episodes } = await store.getItems(unread, namespaces);
  for (const r of [...beliefs, ...episodes]) records.set(r.id, r);
  const read = new Set(beliefs.map((b) => b.id));
  const textOf = (r: Belief | Episode) => ("kind" in r ? r.text : r.content);
  const words = new Map<string, number>();
  const sums = { b: [0, 0], e: [0, 0] };
  for (const f of listed) {
    const r = records.get(f.id);
    if (!r) continue;
    const n = rawTokens(textOf(r)).length;
    words.set(f.id, n);
    const sum = f.id.startsWith("b") ? sums.b : sums.e;
    sum[0]! += n;
    sum[1]! += 1;
  }
  // Never above the list's best (1): a passage raises a long text to the best short statement's
  // match at most, and no other item's score moves.
  let changed = false;
  for (const f of listed) {
    const r = records.get(f.id);
    if (!r || (words.get(f.id) ?? 0) <= LONG_TEXT_WORDS) continue;
    const [total, count] = f.id.startsWith("b") ? sums.b : sums.e;
    const text = Math.min(1, f.text! * passageFactor(textOf(r), terms, total! / count!));
    if (text <= f.text!) continue;
    f.fused += text - f.text!;
    f.text = text;
    changed = true;
  }
  if (changed) fused.sort((a, b) => b.fused - a.fused || compareIds(a.id, b.id));
  return read;
}

/** The best score of a list, and 0 for none (no spread of every score as arguments). */
function maxScore(hits: readonly ScoredId[]): number {
  let max = 0;
  for (const h of hits) if (h.score > max) max = h.score;
  return max;
}

const BELIEF_KIND_SET = new Set(["fact", "failure", "rule", "procedure"]);

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
    if (unread.length > 0)
      for (const e of await this.store.getEpisodes(unread, this.req.namespaces)) this.records.set(e.id, e);
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
      this.store.getVectors(toScore, this.req.namespaces),
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
async function replacedOne(store: StoreReader, id: string, namespace: string): Promise<boolean> {
  return (await store.supersededBy(id, namespace)).some((b) => b.statusReason !== "merged");
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
  // Off only in the bench that measures it (`policy.currentStatePath`): read as a historical query is, for these steps.
  const currentPath = !historical && policy.currentStatePath;
  const kinds = req.kinds ?? (req.types ? ["episode"] : undefined);
  const beliefKinds = (kinds ?? [...BELIEF_KIND_SET]).filter((k) => BELIEF_KIND_SET.has(k)) as BeliefKind[];
  const wantEpisodes = !kinds || kinds.includes("episode");
  const vector = (await embedder.embed([req.query]))[0]!;
  const limit = Math.max(policy.recallCandidates, req.k * 5);
  const when = { at: req.at, asOf: req.asOf };
  const scale = { episodeText: 0, vector: 0 };
  const records = req.records ?? new Map<string, Belief | Episode>();
  const vectorHits: RetrieveRequest["vectorHits"] = {};
  const relatedHits: RetrieveRequest["relatedHits"] = {};
  const askedState = askedSlotOnce(req.query, req.lexicon);
  // The kinds of value a question of when or how much asks: read once, for the ranking and the lifts.
  const typedAnswer = typedAnswerAsked(req.query);
  // A current-state question is searched by its nouns' related words too (recall/expansion.ts).
  const related =
    currentPath && req.lexicon?.relatedWords && askedState.possible && policy.relatedWeight > 0
      ? relatedTerms(req.query, await askedState.read(), req.lexicon)
      : [];
  const beliefFilter: BeliefFilter | null =
    beliefKinds.length > 0
      ? {
          namespaces: req.namespaces,
          statuses: historical ? null : ["active"],
          kinds: beliefKinds,
          at: req.at,
          asOf: req.asOf,
          metadata: req.metadata,
        }
      : null;
  const episodeFilter: EpisodeFilter | null = wantEpisodes
    ? {
        namespaces: req.namespaces,
        statuses: historical ? ["active", "archived"] : ["active"],
        types: req.types,
        at: req.at,
        asOf: req.asOf,
        metadata: req.metadata,
      }
    : null;
  const search = (terms: readonly string[]) =>
    retrieve(store, embedder, policy, {
      query: req.query,
      terms,
      related,
      vector,
      vectorHits,
      relatedHits,
      limit,
      scale,
      beliefs: beliefFilter,
      episodes: episodeFilter,
    });
  // "Who cleans our house?" is searched by the doer's noun as by its own words ("cleaner").
  const doers =
    currentPath && req.lexicon?.agentNouns && askedState.possible
      ? doerTerms(req.query, await askedState.read(), req.lexicon)
      : [];
  // A two-word noun's other names ("independence day": "july") count as the question's own words too.
  const compounds = currentPath && askedState.possible ? compoundTerms(req.query, req.lexicon) : [];
  // "Where is my son stationed now?" is searched by the name the store gives "my son" too (recall/kin-names.ts).
  const kinNames =
    currentPath && askedState.possible
      ? await kinNameTerms(store, req.query, beliefFilter, episodeFilter)
      : [];
  const extra = [...doers, ...compounds, ...kinNames];
  let terms = extra.length > 0 ? [...new Set([...queryTerms(req.query), ...extra])] : queryTerms(req.query);
  let fused = await search(terms);
  if (policy.speakerNames === "field" && wantEpisodes && fused.length > 0) {
    const unnamed = await speakerTerms(store, fused, records, req, terms);
    if (unnamed) {
      terms = unnamed;
      fused = await search(terms);
    }
  }
  if (fused.length === 0) return [];
  const readBeliefs =
    policy.fusion === "score"
      ? await scorePassages(store, fused, records, terms, req.namespaces)
      : new Set<string>();
  // Replies to the questions among the candidates, each with the question it answers.
  // A current-state question's new value is often said in passing in a turn that asks for help,
  // and the reply names what the thing is: there the reply lends its match back (`replyShare`).
  const lendAskers = currentPath && askedState.possible && (await askedState.read()) !== null;
  const { replies, askers } =
    policy.replyWeight > 0 && wantEpisodes
      ? await replyShare(store, fused, records, policy, req, historical, lendAskers)
      : NO_SHARES;
  const prior =
    policy.sessionWeight > 0 && wantEpisodes
      ? await sessionPrior(store, fused, records, policy, req.namespaces)
      : null;

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
  // A current-state question that asks when or how much: what says a value of that type (`ANSWER_TYPE_RULE`).
  const typed =
    currentPath && policy.answerTypeWeight > 0 && askedState.possible && (await askedState.read()) !== null
      ? typedAnswer
      : null;
  const saysTyped = new Map<string, boolean>();
  const answersType = (r: Belief | Episode) => {
    const known = saysTyped.get(r.id);
    if (known !== undefined) return known;
    const says = saysTypedAnswer("kind" in r ? r.text : r.content, typed!);
    saysTyped.set(r.id, says);
    return says;
  };
  const boostOf = (f: Fused, r: Belief | Episode) =>
    (named(r) ? f.fused * (1 + policy.actorWeight) : f.fused) *
    (!("kind" in r) && (r.type === "question" || isQuestion(r.content)) ? policy.questionWeight : 1) *
    (times.length > 0 && inTime(r) ? 1 + policy.timeWeight : 1) *
    (typed && answersType(r) ? 1 + policy.answerTypeWeight : 1);
  for (let i = 0; i < relevant.length && pool.length < poolSize; i += poolSize) {
    const chunk = relevant.slice(i, i + poolSize);
    const ids = chunk.map((f) => f.id);
    // The session prior has read its episode candidates already, and the passage scoring the
    // beliefs it listed: only the rest are read here.
    const unread = ids.filter((id) => !records.has(id));
    const toRead = ids.filter((id) => !readBeliefs.has(id));
    const [fresh, episodes] = await Promise.all([
      toRead.some((id) => id.startsWith("b")) ? store.getBeliefs(toRead, req.namespaces) : [],
      store.getEpisodes(unread, req.namespaces),
    ]);
    const beliefs = [
      ...ids.filter((id) => readBeliefs.has(id)).map((id) => records.get(id) as Belief),
      ...fresh,
    ];
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
        const speaker = part
          ? (await speakerOf(store, best.turn.id, best.turn.namespace, beliefCache, when, asked))?.best
          : null;
        // A belief that replaced an older value is what sleep changed on purpose: the old value's
        // turn left current recall, and the successor is found by its own words as well.
        const successor = boosted > best.boosted && (await replacedOne(store, r.id, r.namespace));
        if (!successor && !(speaker && speaker.belief.id !== r.id && boosted < best.boosted)) {
          f = { ...best.m, id: own.id };
          from = best.turn.id;
          boosted = best.boosted;
        }
      }
      let id = f.id;
      if (!("kind" in r) && kindSet.size > 0) {
        const rep = await representative(store, r.id, r.namespace, beliefCache, when, asked);
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
          known.related = f.related === true;
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
        related: f.related === true,
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
              f.textRank
                ? `text #${f.textRank}${f.related ? " (words related to the question's)" : ""}`
                : null,
              f.vectorRank ? `vector #${f.vectorRank} (cos ${f.similarity.toFixed(2)})` : null,
            ]
              .filter(Boolean)
              .join(", ");
          const through = f.from !== f.id ? ` through its source [${f.from}]` : "";
          const question = replies.get(f.from);
          const answer = askers.get(f.from);
          const reply = question
            ? `the reply to the question [${question}]`
            : answer
              ? `the reply [${answer}] to what it asks`
              : "";
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
  const about = aboutWords(store, records);
  const lift = {
    store,
    scored,
    records,
    req,
    policy,
    asked: askedState,
    typedAnswer,
    times,
    wantEpisodes,
    about,
  };
  if (currentPath && kindSet.has("fact") && supersededMatches.length > 0)
    await currentVersions(
      lift,
      supersededMatches,
      pool.length > 0 ? maxFused : Math.max(...supersededMatches.map((m) => m.boosted)),
    );
  onePerStatement(scored, records);
  if (scored.length === 0) return [];
  // The lifts: for a current-state question, a newer statement ranked just above the older it changes.
  const moves =
    currentPath && req.judge
      ? await currentStateMoves({ ...lift, judge: req.judge }, kindSet.has("fact"))
      : [];
  const picked = diversify(
    scored,
    await rankedVectors(store, scored, rankedBy, req.namespaces),
    req.k,
    req.diversity,
  );
  keepMoves(picked, moves);
  for (const hit of picked) finishWhy(hit);
  return picked;
}

/**
 * Session context: in a conversation the answer is often the turn just after (or before) the one
 * that matches the words, so the strongest episode hits lend their session neighbours a share of
 * their score — where the two turns are one exchange (`continuesTurn`: two speakers' turns side by
 * side, or a word in common); one speaker's note on another topic said next to the match borrows
 * nothing. A neighbour a belief represents lends it to that belief. A belief that merged
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
  if (missing.length > 0)
    for (const e of await store.getEpisodes(missing, req.namespaces)) records.set(e.id, e);
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
      // Only a turn of the same exchange: a note beside it on another topic borrows nothing.
      if (!continuesTurn(e, n)) continue;
      const score = seed.score * share * policy.neighbourWeight;
      let target: Belief | Episode = n;
      if (fold.kindSet.size > 0) {
        const rep = await representative(store, n.id, n.namespace, fold.beliefCache, when);
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
  req: RecallRequest,
  terms: readonly string[],
): Promise<string[] | undefined> {
  const query = req.query;
  const top = fused.filter((f) => f.id.startsWith("e")).slice(0, SPEAKER_CANDIDATES);
  await readEpisodes(store, top, records, req.namespaces);
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
  namespaces: readonly string[],
): Promise<void> {
  const unread = fused.map((f) => f.id).filter((id) => id.startsWith("e") && !records.has(id));
  if (unread.length > 0) for (const e of await store.getEpisodes(unread, namespaces)) records.set(e.id, e);
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
  namespaces: readonly string[],
): Promise<SessionLifts> {
  await readEpisodes(store, fused, records, namespaces);
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
  namespaces: readonly string[],
): Promise<Map<string, Float32Array>> {
  const ids = scored.map((s) => rankedBy.get(s.id) ?? s.id);
  const read = await store.getVectors([...new Set(ids)], namespaces);
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

/** The turns `replyShare` lifted: each reply by the question it answers, each asking turn by its reply. */
interface Shared {
  replies: ReadonlyMap<string, string>;
  askers: ReadonlyMap<string, string>;
}

const NO_SHARES: Shared = { replies: new Map(), askers: new Map() };

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
 * (`TurnMatches`), so it gains too.
 *
 * Read backward (`askers`, for a current-state question only): a user says a new value in passing
 * in a turn that asks for help, and the other speaker's reply names what the thing is ("I ported my
 * number to Giffgaff… How do I set up Wi-Fi calling?" / "…It only appears if the network supports
 * it on your plan." for "Which mobile network am I with?"). A reply among the best episode
 * candidates that is no question itself and tells nothing of its speaker's own (`answersOfItsAsker`)
 * lends `replyWeight` × its match to the turn before it in
 * its session, when another speaker said that turn and it asks something (the pair is a question
 * and its answer, not two statements side by side). Every share is read from the matches before
 * any is added. One store read for all the sessions. Mutates and re-sorts `fused`; returns each
 * reply lifted with the question it answers, and each asking turn lifted with its reply.
 */
async function replyShare(
  store: StoreReader,
  fused: Fused[],
  records: Map<string, Belief | Episode>,
  policy: Policy,
  req: RecallRequest,
  historical: boolean,
  lendAskers: boolean,
): Promise<Shared> {
  // Every episode candidate, read once: the session prior reads the same.
  await readEpisodes(store, fused, records, req.namespaces);
  const top = fused.filter((f) => f.id.startsWith("e")).slice(0, QUESTION_CANDIDATES);
  const questions: { f: Fused; e: Episode }[] = [];
  const answers: { f: Fused; e: Episode }[] = [];
  for (const f of top) {
    const e = records.get(f.id);
    if (!e || "kind" in e || e.session === null || e.actor === null || f.fused <= 0) continue;
    if (e.type === "question" || isQuestion(e.content)) questions.push({ f, e });
    else if (lendAskers && answersOfItsAsker(e.content)) answers.push({ f, e });
  }
  if (questions.length === 0 && answers.length === 0) return NO_SHARES;
  // Each direction reads its own sessions' page: the answers' sessions must not push a question's
  // session out of the page its reply is read from.
  const read = async (from: { e: Episode }[]) =>
    from.length === 0
      ? []
      : store.listEpisodes(
          {
            namespaces: [...new Set(from.map((q) => q.e.namespace))],
            statuses: historical ? ["active", "archived"] : ["active"],
            sessions: [...new Set(from.map((q) => q.e.session!))],
            types: req.types,
            at: req.at,
            asOf: req.asOf,
          },
          { limit: REPLY_TURNS, offset: 0, order: "at-asc" },
        );
  const next = new Map<string, Episode>();
  const before = new Map<string, Episode>();
  const pairs = (turns: Episode[], into: Map<string, Episode>, forward: boolean) => {
    for (let i = 0; i + 1 < turns.length; i++) {
      const a = turns[i]!;
      const b = turns[i + 1]!;
      if (a.namespace !== b.namespace || a.session !== b.session) continue;
      if (forward) into.set(a.id, b);
      else into.set(b.id, a);
    }
  };
  pairs(await read(questions), next, true);
  pairs(await read(answers), before, false);
  const byId = new Map(fused.map((f) => [f.id, f]));
  const shares: { to: Episode; from: string; share: number; asker: boolean }[] = [];
  for (const { f, e } of questions) {
    const reply = next.get(e.id);
    if (!reply || reply.actor === null || reply.actor === e.actor) continue;
    if (!matchesMetadata(reply.metadata, req.metadata)) continue;
    shares.push({ to: reply, from: e.id, share: policy.replyWeight * f.fused, asker: false });
  }
  for (const { f, e } of answers) {
    const asking = before.get(e.id);
    if (!asking || asking.actor === null || asking.actor === e.actor) continue;
    if (!asksBesideAValue(asking.content)) continue;
    if (!matchesMetadata(asking.metadata, req.metadata)) continue;
    shares.push({ to: asking, from: e.id, share: policy.replyWeight * f.fused, asker: true });
  }
  if (shares.length === 0) return NO_SHARES;
  const replies = new Map<string, string>();
  const askers = new Map<string, string>();
  for (const { to, from, share, asker } of shares) {
    let f = byId.get(to.id);
    if (!f) {
      f = { id: to.id, fused: 0, textRank: null, vectorRank: null, similarity: 0 };
      byId.set(to.id, f);
      fused.push(f);
      records.set(to.id, to);
    }
    f.fused += share;
    f.viaQuestion = true;
    if (asker) {
      if (!askers.has(to.id)) askers.set(to.id, from);
    } else replies.set(to.id, from);
  }
  fused.sort((a, b) => b.fused - a.fused || compareIds(a.id, b.id));
  return { replies, askers };
}

/**
 * Turns read for the replies, the first in time of the questions' sessions: a page the store's read
 * cache holds, as `addNeighbours` reads one session. A question past them lends nothing (its next turn
 * is not read); a turn read is next to the one before it in the store.
 */
const REPLY_TURNS = 500;
