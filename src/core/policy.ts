/**
 * Tunable behaviour, one object, every field documented with its default. Parsed once,
 * copied and frozen when the engine is created.
 */
import { z } from "zod";

export const PolicySchema = z
  .object({
    /** Base forgetting-curve half-life in days; grows × (1 + successes). Default 14. */
    halfLifeDays: z.number().positive().default(14),
    /** Confidence given to an episode when ranked beside beliefs (it has no outcomes). Default 0.5. */
    episodeConfidence: z.number().min(0).max(1).default(0.5),
    /** How many nearest items the write gate compares against. Default 8. */
    gateCandidates: z.number().int().min(1).max(100).default(8),
    /** Similarity at or above which a judged duplicate is redundant. Default 0.55. */
    redundantSimilarity: z.number().min(0).max(1).default(0.55),
    /** Lower similarity for a recalled memory written back ("As noted before, …"). Default 0.4. */
    echoSimilarity: z.number().min(0).max(1).default(0.4),
    /** Default number of recall results. Default 3. */
    recallK: z.number().int().min(1).max(200).default(3),
    /** Candidates pulled from each index (text, vector) before fusion. Default 50. */
    recallCandidates: z.number().int().min(5).max(2000).default(50),
    /**
     * How the full-text and vector lists combine: `score` (normalised BM25 + cosine, keeps how
     * well each item matched) or `rrf` (reciprocal rank). Default `score`.
     */
    fusion: z.enum(["score", "rrf"]).default("score"),
    /** Reciprocal-rank-fusion constant, when fusion is `rrf`. Default 60. */
    rrfK: z.number().positive().default(60),
    /** Weight of the vector list against the full-text list in fusion. Default 0.5 (measured: LoCoMo and the rotting stream). */
    vectorWeight: z.number().min(0).max(5).default(0.5),
    /**
     * Weight of the full-text list searched by the words a lexicon relates to a current-state
     * question's nouns ("dentist": "dental", "dentistry"; recall/expansion.ts) against the list of the
     * question's own words. 0 turns the second search off. Default 0.5.
     */
    relatedWeight: z.number().min(0).max(5).default(0.5),
    /**
     * Whether recall takes its current-state path: the related-word and doer searches of a question
     * about a current state (`askedSlot`), a reply lending its match back to the turn that asks, the
     * current versions of superseded matches (`currentVersions`) and the lifts that rank a newer
     * statement above the older it changes (`recall/lifts/`). `false` only to measure what that path
     * costs (`npm run bench -- --only current-state`): recall then ranks by matches alone. Default `true`.
     */
    currentStatePath: z.boolean().default(true),
    /**
     * Relevance boost for an episode whose actor the query names: × (1 + actorWeight). Default 0.3
     * (0.2 before `speakerNames`: with the name no longer matched as a word, the boost is its only
     * match; LoCoMo tuning conversations, R@5 / R@10 before sleep, field at 0.2 64.2 / 75.1, at 0.3
     * 64.3 / 76.2, at 0.4 63.7 / 77.0).
     */
    actorWeight: z.number().min(0).max(5).default(0.3),
    /**
     * Relevance boost for what was said within a calendar time the query names ("on October 13,
     * 2023", "in August 2023", "in June"; `query-times.ts`): × (1 + timeWeight), read on an
     * episode's time and a belief's validity start. Default 2 (LoCoMo tuning conversations before
     * sleep, R@1 / R@5 / R@10: 40.3 / 66.8 / 76.3 at 0; 42.1 / 68.4 / 78.0 at 0.5; 42.5 / 68.2 /
     * 78.4 at 1; 42.7 / 68.4 / 78.6 at 2; 42.7 / 68.2 / 78.4 at 4). 0 turns it off.
     */
    timeWeight: z.number().min(0).max(5).default(2),
    /**
     * Relevance boost, for a question about the speaker's current state that asks when or how much,
     * for what says a value of the asked type (a date or clock time; a measure or a count):
     * × (1 + answerTypeWeight) (`ANSWER_TYPE_RULE`, recall/lifts/same-thing.ts). 0 turns it off. On
     * the twenty-two tuning sets' dev halves after one sleep (notfound47): 1 and 2 both +6 latest-first
     * (1: 11 gained, 5 lost; 2: 13 gained, 7 lost); LoCoMo 0–2 R@1 42.9 at 0 and 1, 42.7 at 2.
     */
    answerTypeWeight: z.number().min(0).max(5).default(1),
    /**
     * How a speaker's name in a query is matched. `field` (default): when the query names the actor
     * of a candidate episode, the name's words match the actor field only (the actor boost), not
     * turns that say the name: in a conversation those are the other party addressing them ("Thanks,
     * Melanie!"). `words`: the name is a query word like any other.
     */
    speakerNames: z.enum(["field", "words"]).default("field"),
    /** Share of an episode hit's score lent to its session neighbours (turn before and after). Default 0.8. */
    neighbourWeight: z.number().min(0).max(1).default(0.8),
    /**
     * Adjacency pairs: share of a question turn's match lent to the reply, the next turn of its
     * session when another speaker said it ("What did you paint last week, Melanie?" → "A sunset
     * over the lake"), and through it to the beliefs distilled from the reply. Read for the
     * questions among the 50 best episode candidates. For a current-state question, also lent back
     * by a reply to the turn it answers when that turn asks beside a value it names
     * (`recall/asking-turns.ts`). Default 0.5 (LoCoMo tuning conversations; docs/evaluation.md). 0
     * turns both off.
     */
    replyWeight: z.number().min(0).max(1).default(0.5),
    /**
     * Session prior (passage retrieval's document smoothing): an episode candidate gains this share
     * of the best candidate's match, scaled by how much of the candidates' match the OTHER turns of
     * its session hold (leave-one-out: a turn's own match is not counted again, so a lone turn gains
     * nothing and cannot overtake, on its own words, a belief that matches better). Episodes without
     * a session are unchanged. Default 0.2 (LoCoMo tuning conversations 0-2, after one consolidate:
     * R@1 / R@5 / R@10 34.2 / 64.3 / 73.7 at 0 → 35.8 / 64.5 / 74.1; docs/evaluation.md). 0 turns
     * it off.
     */
    sessionWeight: z.number().min(0).max(1).default(0.2),
    /**
     * Relevance floor of recall: an item that shares no query term with the query is returned only
     * when its vector's cosine similarity to the query is at least this. Read on the raw match, not
     * the fused or utility-boosted score, so a query that matches nothing returns nothing.
     * Default 0.2 (measured: costs no LoCoMo evidence recall; unrelated text scores about 0.1 with
     * the hashed embedder). 0 turns the floor off.
     */
    recallFloor: z.number().min(0).max(1).default(0.2),
    /**
     * Relevance multiplier for an episode that asks (type `question`, or its text is a question).
     * Default 1: questions rank like statements. In conversation a question is often the evidence
     * (LoCoMo tune R@5 64.0 → 55.8 at 0.5); in an agent's log of facts a question repeats the
     * query's words better than the answer (rotting-stream recall@3 36/40 at 1, 39/40 at 0.5).
     */
    questionWeight: z.number().min(0).max(1).default(1),
    /** MMR weight on novelty (0 = pure relevance). Default 0.3. */
    diversity: z.number().min(0).max(1).default(0.3),
    /** Weight of utility (0.7 confidence + 0.3 usage) in the final score. Default 0.5. */
    utilityWeight: z.number().min(0).max(1).default(0.5),
    /** Uses at which the usage signal saturates at 1. Default 10. */
    usageSaturation: z.number().int().min(1).default(10),
    /**
     * How each kind leaves the active set besides supersession, a TTL and the cap (docs/retention.md):
     * `keep` lives until something supersedes it, the TTL the user chose expires, or the cap evicts
     * it by retention; `decay` is also retired by `maintain` when its forgetting curve falls below
     * `retireFloor`. Default: facts and procedures `keep` (statements of how things are and how to
     * do them), failures and rules `decay` (heuristics from experience must keep earning their place).
     */
    retention: z
      .object({
        fact: z.enum(["keep", "decay"]).default("keep"),
        failure: z.enum(["keep", "decay"]).default("decay"),
        rule: z.enum(["keep", "decay"]).default("decay"),
        procedure: z.enum(["keep", "decay"]).default("keep"),
      })
      .strict()
      .prefault({}),
    /**
     * Spaced repetition: each restatement (support beyond the first) and each use lengthens the
     * forgetting curve's half-life by this share: halfLife × (1 + w × (support − 1 + uses)). The
     * curve also restarts at the last confirmation, restatement or use. Default 0.5; 0 counts only
     * successful outcomes, as Sediment does.
     */
    reinforcementWeight: z.number().min(0).max(10).default(0.5),
    /** Effective confidence below which `maintain` retires a belief (of a `decay` kind). Default 0.05. */
    retireFloor: z.number().min(0).max(1).default(0.05),
    /**
     * Active beliefs per namespace before `maintain` evicts the lowest-retention ones. Default
     * 1000: unlike Sediment's 200-heuristic ledger it holds facts and procedures too; rules have
     * their own cap below (docs/retention.md).
     */
    maxActiveBeliefs: z.number().int().min(1).default(1000),
    /**
     * Active rules (outcome-scored WHEN → PREFER heuristics) per namespace before `maintain`
     * evicts the lowest-retention ones, as brainmem's prune_guidelines(keep) and Sediment's ledger
     * cap do; pinned, restored and proven rules are kept. null: only the overall cap. Default 200.
     */
    maxActiveRules: z.number().int().min(1).nullable().default(200),
    /**
     * What a failure does to confidence: `laplace` recomputes the smoothed rate (0.50 → 0.33),
     * `halve` halves it as Sediment's contradict does (0.50 → 0.25; a success then brings it back
     * to at least the Laplace rate). Default `laplace`: one bad run of a well-proven belief costs
     * in proportion to its record (9/9 then a failure: 0.91 → 0.83, not 0.45).
     */
    failureUpdate: z.enum(["laplace", "halve"]).default("laplace"),
    /** A rule or fact with at least this confidence … Default 0.8. */
    provenConfidence: z.number().min(0).max(1).default(0.8),
    /** … and at least this many successes is proven: never retired or evicted. Default 5. */
    provenSuccesses: z.number().int().min(1).default(5),
    /** Health: a belief not confirmed or used for this many days is stale. Default 30. */
    staleDays: z.number().positive().default(30),
    /**
     * Sieve's staleness threshold: the supersession probability (docs/retention.md, Calibration) at
     * or above which a pair the judge acts on (supersede, contradict, merge a duplicate) is acted on
     * automatically, by the write gate and the sweep; below it both sides stay and the pair waits in
     * `candidates` for a semantic judge. An unsure verdict never acts, whatever the threshold.
     * Default 0.5: every confident verdict acts (each scores at least 0.62). 1 acts only on exact
     * duplicates.
     */
    stalenessThreshold: z.number().min(0).max(1).default(0.5),
    /** Retention sweep: retire unconfirmed facts older than this many days. Default null (off). */
    ttlDays: z.number().positive().nullable().default(null),
    /** Largest continuity digest `saveContinuity` accepts, in characters. Default 8000. */
    continuityMaxChars: z.number().int().min(500).max(200_000).default(8000),
    /** Default size budget of a wrap package, in characters. Default 20000. */
    wrapMaxChars: z.number().int().min(1000).max(1_000_000).default(20_000),
    /**
     * Largest share of a `context` budget the saved continuity digest may take (its lines in
     * order, cut at the first that does not fit). Default 0.4.
     */
    contextContinuityShare: z.number().min(0).max(1).default(0.4),
    /** Wraps without new evidence after which a pattern is stale and drops a level. Default 3. */
    staleWraps: z.number().int().min(1).default(3),
    /**
     * How far ahead of the store's clock a write's event time `at` may be, in minutes (clock skew).
     * Default 5.
     */
    futureSkewMinutes: z.number().min(0).max(1440).default(5),
    /**
     * A write dated further ahead than `futureSkewMinutes`: `refuse` (INVALID_INPUT, nothing
     * stored) or `clamp` (stored as happening now). Never ranked as current either way. Default `refuse`.
     */
    futureAt: z.enum(["refuse", "clamp"]).default("refuse"),
    /** Store each change's content in the audit chain, not only its hash. Default false. */
    auditContent: z.boolean().default(false),
  })
  .strict();

export type Policy = Readonly<z.infer<typeof PolicySchema>>;
export type PolicyInput = z.input<typeof PolicySchema>;

export const DEFAULT_POLICY: Policy = Object.freeze(PolicySchema.parse({}));
