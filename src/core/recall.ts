/**
 * Recall: hybrid retrieval (BM25 full text + vectors, fused by score or by reciprocal rank), ranked by
 * relevance and utility under the forgetting curve, then diversified with MMR. Recall reads
 * only: showing a memory never makes it stronger.
 */
import { effectiveConfidence, usageSignal, utility } from "./forgetting.js";
import type { Belief, BeliefKind, Episode, RecallHit } from "./model.js";
import type { Policy } from "./policy.js";
import type { BeliefFilter, Embedder, EpisodeFilter, ScoredId, StoreReader } from "./ports.js";
import { queryTerms, rawTokens } from "./text.js";

export interface RetrieveRequest {
  query: string;
  /** Precomputed query vector (the write gate embeds once for gate and storage). */
  vector?: Float32Array;
  beliefs: BeliefFilter | null;
  episodes: EpisodeFilter | null;
  limit: number;
}

export interface Fused {
  id: string;
  fused: number;
  textRank: number | null;
  vectorRank: number | null;
  similarity: number;
}

/** Candidates from both indexes of both layers, fused by reciprocal rank. Deterministic order. */
export async function retrieve(
  store: StoreReader,
  embedder: Embedder,
  policy: Policy,
  req: RetrieveRequest,
): Promise<Fused[]> {
  const terms = queryTerms(req.query);
  const vector = req.vector ?? (await embedder.embed([req.query]))[0]!;
  const lists: Promise<[ScoredId[], ScoredId[]]>[] = [];
  if (req.beliefs)
    lists.push(
      Promise.all([
        store.searchBeliefText(terms, req.beliefs, req.limit),
        store.searchBeliefVectors(vector, req.beliefs, req.limit),
      ]),
    );
  if (req.episodes)
    lists.push(
      Promise.all([
        store.searchEpisodeText(terms, req.episodes, req.limit),
        store.searchEpisodeVectors(vector, req.episodes, req.limit),
      ]),
    );
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
  // episodes) or two backends (FTS5, tsvector) is not comparable, its order within a list is.
  // Cosines are comparable everywhere, so the vector lists share one maximum.
  const vectorMax = Math.max(0, ...vectorLists.flatMap((vec) => vec.map((h) => h.score)));
  const byScore = policy.fusion === "score";
  results.forEach(([text], l) => {
    const textMax = Math.max(0, ...text.map((h) => h.score));
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
  diversity: number;
  /** Store time used for the forgetting curve. */
  now: string;
}

const BELIEF_KIND_SET = new Set(["fact", "failure", "rule", "procedure"]);

export async function recall(
  store: StoreReader,
  embedder: Embedder,
  policy: Policy,
  req: RecallRequest,
): Promise<RecallHit[]> {
  const historical = Boolean(req.at || req.asOf);
  const beliefKinds = (req.kinds ?? [...BELIEF_KIND_SET]).filter((k) =>
    BELIEF_KIND_SET.has(k),
  ) as BeliefKind[];
  const explicitEpisodes = req.kinds?.includes("episode") ?? false;
  const wantEpisodes = !req.kinds || explicitEpisodes;
  const vector = (await embedder.embed([req.query]))[0]!;
  const limit = Math.max(policy.recallCandidates, req.k * 5);
  const fused = await retrieve(store, embedder, policy, {
    query: req.query,
    vector,
    limit,
    beliefs:
      beliefKinds.length > 0
        ? {
            namespaces: req.namespaces,
            statuses: historical ? null : ["active"],
            kinds: beliefKinds,
            at: req.at,
            asOf: req.asOf,
          }
        : null,
    episodes: wantEpisodes
      ? {
          namespaces: req.namespaces,
          statuses: historical ? ["active", "archived"] : ["active"],
          at: req.at,
          asOf: req.asOf,
          // By default only episodes not yet distilled: once distilled, their beliefs speak for them.
          undistilled: !explicitEpisodes,
        }
      : null,
  });
  if (fused.length === 0) return [];

  const pool = fused.slice(0, Math.max(req.k * 4, 20));
  const ids = pool.map((f) => f.id);
  const [beliefs, episodes] = await Promise.all([store.getBeliefs(ids), store.getEpisodes(ids)]);
  const records = new Map<string, Belief | Episode>();
  for (const b of beliefs) records.set(b.id, b);
  for (const e of episodes) records.set(e.id, e);
  const now = req.at ?? req.asOf ?? req.now;
  // An episode whose actor the query names ("what did Ana say…") is about the right party.
  const queryWords = new Set(rawTokens(req.query));
  const named = (r: Belief | Episode) =>
    !("kind" in r) && r.actor !== null && policy.actorWeight > 0 && namesActor(queryWords, r.actor);
  const boosted = new Map<string, number>();
  for (const f of pool) {
    const r = records.get(f.id);
    boosted.set(f.id, r && named(r) ? f.fused * (1 + policy.actorWeight) : f.fused);
  }
  const maxFused = Math.max(...boosted.values());

  const scored: RecallHit[] = [];
  for (const f of pool) {
    const r = records.get(f.id);
    if (!r) continue;
    const relevance = boosted.get(f.id)! / maxFused;
    const isBelief = "kind" in r;
    const confidence = isBelief ? r.confidence : policy.episodeConfidence;
    const effective = isBelief ? effectiveConfidence(r, now) : policy.episodeConfidence;
    const usage = isBelief ? usageSignal(r.uses, policy.usageSaturation) : 0;
    const util = utility(effective, usage);
    const score = relevance * (1 - policy.utilityWeight + policy.utilityWeight * util);
    const matched = [
      f.textRank ? `text #${f.textRank}` : null,
      f.vectorRank ? `vector #${f.vectorRank} (cos ${f.similarity.toFixed(2)})` : null,
    ]
      .filter(Boolean)
      .join(", ");
    const evidence = isBelief
      ? `confidence ${confidence.toFixed(2)} (${r.successes}/${r.successes + r.failures} outcomes), ${effective.toFixed(2)} after decay, ${r.uses} uses`
      : `episode from ${r.at.slice(0, 10)}${r.outcome ? ` (${r.outcome})` : ""}`;
    scored.push({
      id: r.id,
      layer: isBelief ? "belief" : "episode",
      kind: isBelief ? r.kind : "episode",
      text: isBelief ? r.text : r.content,
      namespace: r.namespace,
      status: r.status,
      score,
      at: isBelief ? r.validFrom : r.at,
      validTo: r.validTo,
      sources: isBelief ? r.sources : [],
      why: {
        textRank: f.textRank,
        vectorRank: f.vectorRank,
        relevance,
        confidence,
        effectiveConfidence: effective,
        usage,
        utility: util,
        summary: `matched by ${matched}; ${evidence}`,
      },
    });
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  if (policy.neighbourWeight > 0) await addNeighbours(store, scored, records, req, policy);
  return diversify(scored, await store.getVectors(scored.map((s) => s.id)), req.k, req.diversity);
}

/**
 * Session context: in a conversation the answer is often the turn just after (or before) the one
 * that matches the words, so the strongest episode hits lend their session neighbours a share of
 * their score. Mutates and re-sorts `scored`.
 */
async function addNeighbours(
  store: StoreReader,
  scored: RecallHit[],
  records: Map<string, Belief | Episode>,
  req: RecallRequest,
  policy: Policy,
): Promise<void> {
  const byId = new Map(scored.map((h) => [h.id, h]));
  const sessions = new Map<string, Episode[]>();
  const seeds = scored.filter((h) => h.layer === "episode").slice(0, Math.max(req.k, 10));
  for (const seed of seeds) {
    const e = records.get(seed.id) as Episode | undefined;
    if (!e?.session) continue;
    let turns = sessions.get(`${e.namespace}\u0000${e.session}`);
    if (!turns) {
      turns = await store.listEpisodes(
        {
          namespaces: [e.namespace],
          statuses: req.at || req.asOf ? ["active", "archived"] : ["active"],
          sessions: [e.session],
          at: req.at,
          asOf: req.asOf,
          // Same scope as the main episode search: once distilled, beliefs speak for episodes.
          undistilled: !(req.kinds?.includes("episode") ?? false),
        },
        { limit: 500, offset: 0, order: "at-asc" },
      );
      sessions.set(`${e.namespace}\u0000${e.session}`, turns);
    }
    const i = turns.findIndex((t) => t.id === e.id);
    if (i < 0) continue;
    for (const n of [turns[i - 1], turns[i + 1]]) {
      if (!n) continue;
      const score = seed.score * policy.neighbourWeight;
      const known = byId.get(n.id);
      if (known) {
        if (known.score < score) known.score = score;
        continue;
      }
      const hit: RecallHit = {
        id: n.id,
        layer: "episode",
        kind: "episode",
        text: n.content,
        namespace: n.namespace,
        status: n.status,
        score,
        at: n.at,
        validTo: n.validTo,
        sources: [],
        why: {
          textRank: null,
          vectorRank: null,
          relevance: seed.why.relevance * policy.neighbourWeight,
          confidence: policy.episodeConfidence,
          effectiveConfidence: policy.episodeConfidence,
          usage: 0,
          utility: seed.why.utility,
          summary: `next to [${seed.id}] in session ${n.session}; episode from ${n.at.slice(0, 10)}`,
        },
      };
      byId.set(n.id, hit);
      scored.push(hit);
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
}

/** True when every word of the actor's name appears in the query (`"Ana Lee"` in "What did Ana Lee…"). */
export function namesActor(queryWords: ReadonlySet<string>, actor: string): boolean {
  const words = rawTokens(actor);
  return words.length > 0 && words.every((w) => queryWords.has(w));
}

/** Maximal marginal relevance: trade a little score for not repeating what was already picked. */
/** A vector's nonzero entries, in index order. */
function nonzero(
  v: Float32Array | undefined,
): { index: Int32Array; value: Float32Array; length: number } | null {
  if (!v) return null;
  let n = 0;
  for (let j = 0; j < v.length; j++) if (v[j] !== 0) n++;
  const index = new Int32Array(n);
  const value = new Float32Array(n);
  n = 0;
  for (let j = 0; j < v.length; j++)
    if (v[j] !== 0) {
      index[n] = j;
      value[n++] = v[j]!;
    }
  return { index, value, length: v.length };
}

export function diversify(
  ranked: RecallHit[],
  vectors: Map<string, Float32Array>,
  k: number,
  diversity: number,
): RecallHit[] {
  if (diversity <= 0 || ranked.length <= 1) return ranked.slice(0, k);
  const lambda = 1 - diversity;
  const top = ranked[0]!.score || 1;
  const picked: RecallHit[] = [];
  const rest = [...ranked];
  // Each candidate's vector once, as its nonzero entries (hashed vectors set about 1 in 8), so a
  // similarity visits those alone; skipped entries are zeros, so every sum is the same as dense.
  const sparse = rest.map((h) => nonzero(vectors.get(h.id)));
  // Each candidate's highest similarity to anything picked, updated once per pick: O(k · n · nnz).
  const maxSim = new Array<number>(rest.length).fill(0);
  while (picked.length < k && rest.length > 0) {
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < rest.length; i++) {
      const value = lambda * (rest[i]!.score / top) - (1 - lambda) * maxSim[i]!;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    const chosen = rest.splice(best, 1)[0]!;
    maxSim.splice(best, 1);
    sparse.splice(best, 1);
    picked.push(chosen);
    const pv = vectors.get(chosen.id);
    if (!pv) continue;
    for (let i = 0; i < rest.length; i++) {
      const v = sparse[i];
      if (!v || v.length !== pv.length) continue;
      let dot = 0;
      for (let n = 0; n < v.index.length; n++) dot += v.value[n]! * pv[v.index[n]!]!;
      if (dot > maxSim[i]!) maxSim[i] = dot;
    }
  }
  return picked;
}
