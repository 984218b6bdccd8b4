/**
 * The ports the engine depends on. Adapters (stores, embedders, tokenizers, judges) implement
 * them; the core never imports an adapter, a driver or `node:*`.
 */

import type { MetadataFilter } from "./metadata-filter.js";
import type {
  AuditEntry,
  Belief,
  BeliefKind,
  BeliefStatus,
  Episode,
  EpisodeStatus,
  EpisodeType,
  Link,
  OutcomeEvent,
} from "./model.js";

// The keys of the engine's per-namespace bookkeeping records (`getMeta`), which the engine writes
// and a store's migration rewrites (core/meta-keys.ts). Everyone reaches them through this port,
// which every path already loads, so the bundle keeps them in the port's chunk: a fresh process's
// recall loads no file more (test/e2e/cold-start.test.ts).
export * from "./meta-keys.js";
// The keys of outcome credits (store-wide records), for the same reason.
export * from "./outcome-credit.js";
export { LEGACY_SLEEP_RECORD_FIELDS, upgradedSleepRecord } from "./sleep-record.js";

// ---------------------------------------------------------------------------------------------
// Clock and ids
// ---------------------------------------------------------------------------------------------

/** Store time. Injected so tests and time travel are exact; the core never reads the system clock. */
export interface Clock {
  now(): Date;
}

// ---------------------------------------------------------------------------------------------
// Embedder and tokenizer
// ---------------------------------------------------------------------------------------------

export interface Embedder {
  /** Stable identifier recorded with every vector, e.g. `hashed-ngram-v1/256`. */
  readonly id: string;
  readonly dimension: number;
  /** Unit-length vectors, one per text, deterministic across processes. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * What a known-clean import (`rememberMany(items, { gate: "off" })`) computes from each text
 * alone before writing it: its vector, the statement it is stored as (`analyseEcho`'s core) and
 * that statement's content hash under the store's secret. `prepareImport` in
 * src/core/import-prep.ts is the definition; a preparer may compute it elsewhere (a worker
 * thread, src/bulk/) but must give exactly its answer.
 */
export interface PreparedImport {
  vectors: Float32Array[];
  cores: string[];
  contentHashes: string[];
}

/**
 * Prepares an import's texts chunk by chunk: one promise per `chunk` texts, in order, so the
 * writer can store one chunk while the next is still being prepared.
 */
export interface ImportPreparer {
  prepare(texts: readonly string[], contentKey: string, chunk: number): Promise<PreparedImport>[];
  /** Frees what the preparer holds (a worker thread); a later `prepare` may start it again. */
  close(): Promise<void>;
}

export interface Tokenizer {
  readonly id: string;
  /**
   * Loads whatever `count` needs, once. The engine awaits it before counting, so a tokenizer
   * with large tables costs nothing to processes that never assemble a context.
   */
  ready?(): Promise<void>;
  count(text: string): number;
  /**
   * True when a text's count is the sum of its lines' counts, each line counted with the `\n` that
   * ends it, for lines that are not empty, hold no `\r` or `\n` and open with anything but `/`: a BPE whose
   * pre-tokenizer never joins a line's end to the next line's start (o200k_base and cl100k_base
   * join a run of punctuation, the line break and the `/`s that follow it). Context then takes a
   * whole block's count from its lines' counts instead of counting the block again.
   */
  readonly countsLinesApart?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Lexicon
// ---------------------------------------------------------------------------------------------

/** How one noun relates to another: the same word, one sense ("car"/"auto"), or a kind of it ("puppy"/"dog"). */
export type NounRelation = "same" | "synonym" | "kind";

/**
 * Relations between English words from a lexical resource (default: WordNet 3.1, src/lexicon),
 * no model and no network. Read on demand and synchronously: nothing is opened until the first
 * lookup, and only recall's current-state path looks anything up.
 */
export interface Lexicon {
  /** Names the resource, e.g. `wordnet-3.1`. */
  readonly id: string;
  /** How `word` relates to `of` as nouns ("puppy" to "dog": "kind"), or null when unrelated or unknown. */
  nounRelation(word: string, of: string): NounRelation | null;
  /**
   * The words of the kinds of a noun, nearest first ("music": "dance music", "jazz", …); [] when none
   * or unknown. With "dominant", of the noun as it is meant: below its dominant senses only
   * ("string": no "fiddle", a kind of its rarer sense, a bowed instrument).
   */
  nounKinds(word: string, senses?: "first" | "dominant"): string[];
  /** True when the noun names a kind of person in its dominant sense ("flatmate", "daughter"); false when not or unknown. */
  isPerson(word: string): boolean;
  /** The nouns derived from a verb in its dominant sense ("renew": "renewal"); [] when none or unknown. */
  derivedNouns(verb: string): string[];
  /** The verbs derived from a noun in its dominant sense ("insurance": "insure"); [] when none or unknown. */
  derivedVerbs(noun: string): string[];
  /**
   * The nouns of the persons who do what a verb says, in its dominant sense ("clean": "cleaner";
   * "walk": "walker"; not "payee" of "pay"); [] when none or unknown. Recall searches by them for
   * "Who <verb>…?" (recall/expansion.ts). Optional: a lexicon without it names no doer.
   */
  agentNouns?(verb: string): string[];
  /** True when a noun names a part of another in its first senses ("evening" of "night"). */
  isPartOf(part: string, whole: string): boolean;
  /**
   * True when the lexicon lists a word (a base form, lower case) as a noun or a verb: "mortgage"
   * as both; "mortgaged" (an inflected form: the tagger's lemmatiser finds its base) and
   * "remortgaged" (WordNet lacks it) as neither.
   */
  lists(word: string, pos: "noun" | "verb"): boolean;
  /** True when a noun or name names a place in its dominant sense ("Portland", "Glasgow": a city); false when not or unknown ("Giffgaff"). */
  isPlace(word: string): boolean;
  /** True when one of a noun's first senses names a made thing ("server", "router"); optional: a lexicon without it is read as false. */
  isArtifact?(word: string): boolean;
  /**
   * The kind of thing a noun names in its dominant senses, when a turn's topic may be of it: a made
   * thing ("laptop"), a food or drink ("coffee"), an organisation ("company"), a role ("dentist");
   * null when none or unknown. Optional: a lexicon without it names no topic.
   */
  topicKind?(word: string): TopicKind | null;
  /** True when two nouns are one or kinds of a common kind within two steps ("coffee", "brew": beverages); optional: read as false. */
  sharesKind?(a: string, b: string): boolean;
  /** True when a verb says a change of what holds ("migrate", "switch", "swap"; not "use", "take"); optional: read as false. */
  isChangeVerb?(verb: string): boolean;
  /**
   * The words a statement about a noun may say instead of it, from its one clear sense: its
   * synonyms' words, its derived forms, the specific nouns of its definition ("dentist": "dental",
   * "dentistry"; "hay fever": "pollen"); [] when its senses split or it is unknown. Recall searches
   * by them for a current-state question (recall/expansion.ts). Optional: a lexicon without it expands nothing.
   */
  relatedWords?(noun: string): string[];
  /**
   * How two words relate when each is a value said of one thing: "antonym" ("early" / "late",
   * "night" / "day"), "sibling" (two values of one attribute: "blue" / "green"), "synonym"
   * ("begin" / "start"); null when none or unknown. The lexical judge reads it for one word
   * swapped for another in a value (judge/rules.ts `opposite-values`). Optional: read as null.
   */
  wordRelation?(a: string, b: string): WordRelation | null;
}

/** How two words relate as values of one thing (`Lexicon.wordRelation`). */
export type WordRelation = "antonym" | "sibling" | "synonym";

/** What a turn's topic names (`Lexicon.topicKind`, sleep/referents.ts `topicsOf`). */
export type TopicKind = "artifact" | "food" | "organisation" | "role";

// ---------------------------------------------------------------------------------------------
// Judge
// ---------------------------------------------------------------------------------------------

export const JUDGE_RELATIONS = ["duplicate", "supersedes", "contradicts", "refines", "distinct"] as const;
export type JudgeRelation = (typeof JUDGE_RELATIONS)[number];

export interface JudgeItem {
  text: string;
  /** Event time of the statement, ISO 8601. */
  at: string;
  /** Belief kind or episode type, when known. */
  kind?: string;
}

export interface JudgeVerdict {
  /** How `b` (the newer statement) relates to `a`. `supersedes`: b replaces a's value. */
  relation: JudgeRelation;
  /** Lexical/semantic similarity of the two, 0..1. */
  similarity: number;
  /** Reason code and words, e.g. `value-changed:number: 5 → 7`. */
  reason: string;
  /** The named rule that decided (the lexical judge's reason code), when the judge has rules. */
  rule?: string;
  /**
   * Whether the verdict rests on evidence the judge can name (a rule, or a model's answer).
   * `false`: a safe default (store both, close and drop nothing) deferred to a semantic judge.
   * Absent means confident. Only a confident acting verdict settles a pair (`isConfident`).
   */
  confident?: boolean;
  /**
   * Which judge decided, when it is not the one asked: a model judge that fell back to the
   * lexical judge for this pair says `lexical` here (and why in `reason`). Absent: the judge asked.
   */
  judge?: string;
  /** Why the judge asked did not decide this pair itself (timeout, refusal, out-of-schema answer, budget). */
  fallback?: string;
}

/** One pair to judge: `b` is the newer statement. */
export interface JudgePair {
  a: JudgeItem;
  b: JudgeItem;
}

export interface Judge {
  readonly name: string;
  compare(a: JudgeItem, b: JudgeItem): JudgeVerdict | Promise<JudgeVerdict>;
  /**
   * A capability: the verdict is a function of the two texts alone (not their `at` or `kind`, no
   * state, no model), so a batch of writes may judge each distinct pair once (src/core/judge/verdict-memo.ts).
   * Absent: every comparison is asked.
   */
  readonly textOnly?: boolean;
  /**
   * Judges the pairs of one run at once, one verdict per pair in order. Optional: a model judge
   * batches them into few requests and spends its per-run budget here; without it, `compare`
   * is called per pair.
   */
  compareMany?(pairs: readonly JudgePair[]): Promise<JudgeVerdict[]>;
  /** The most pairs one `compareMany` call sends to its model (its per-run budget), when it has one. */
  readonly pairsPerRun?: number;
  /**
   * Writes the trigger of an abstraction: one condition covering every child rule's trigger
   * (`consolidate`, after it folded three or more rules with one action). Optional: a model
   * judge writes one; without it the lexical generalisation stands. The core checks the answer
   * against the triggers before using it (src/core/sleep/generalise.ts).
   */
  generalise?(request: GeneraliseRequest): Promise<GeneraliseAnswer>;
  /**
   * Writes the belief distilled from several episodes that say one thing (`consolidate`'s
   * clusters of two or more): one statement of what they have in common ("Avoid: X fails when
   * Y"), not a copy of one of them. Optional: without it the fullest episode's wording stands. The
   * core checks the answer against the episodes before using it (src/core/sleep/generalise.ts).
   */
  distil?(request: DistilRequest): Promise<DistilAnswer>;
}

/** What a distilled belief must say: the episodes of one cluster. */
export interface DistilRequest {
  /** The episodes' texts, oldest first. */
  episodes: readonly string[];
  /** `failure` when they record what went wrong (the belief is a lesson), `success`, or null. */
  valence: "success" | "failure" | null;
  /** The lexical distillation (the fullest episode's wording), which stands unless the answer passes the checks. */
  lexical: string;
}

/** A judge's distilled statement, or why it has none (the lexical one stands). */
export type DistilAnswer = { text: string } | { problem: string };

/** What an abstraction's trigger must cover. */
export interface GeneraliseRequest {
  /** The child rules' triggers (WHEN …). */
  triggers: readonly string[];
  /** The action they share (PREFER …). */
  action: string;
  /** The lexical generalisation, which stands unless a better one passes the checks. */
  lexical: string;
}

/** A judge's generalisation, or why it has none (the lexical one stands). */
export type GeneraliseAnswer = { when: string } | { problem: string };

/**
 * Whether a verdict settles its pair, so no semantic judge need see it: an acting verdict
 * (`duplicate`, `supersedes`, `contradicts`) that its judge did not mark unsure. `refines` and
 * `distinct` never settle a pair, however sure the rule behind them: they store both sides, and a
 * semantic judge may still find a paraphrase or a change the rules could not name.
 */
export function isConfident(v: Pick<JudgeVerdict, "relation" | "confident">): boolean {
  const acts = v.relation === "duplicate" || v.relation === "supersedes" || v.relation === "contradicts";
  return acts && v.confident !== false;
}

// ---------------------------------------------------------------------------------------------
// Store
// ---------------------------------------------------------------------------------------------

/** What a backend can do; the engine branches on these, never on the backend's name. */
export interface StoreCapabilities {
  /** A ranked full-text index (FTS5 BM25, tsvector). */
  readonly fullText: boolean;
  /** `index`: an approximate or exact native vector index; `scan`: vectors scanned in process. */
  readonly vector: "index" | "scan";
  /** Several processes may write at once (WAL, a server). */
  readonly concurrentWriters: boolean;
  /** `backup(path)` makes a hot, consistent copy while writers run (SQLite's online backup). */
  readonly backup: boolean;
}

export interface BeliefFilter {
  namespaces: readonly string[];
  /** Null: any status. */
  statuses: readonly BeliefStatus[] | null;
  kinds?: readonly BeliefKind[] | undefined;
  /** World time: validFrom ≤ at < validTo. */
  at?: string | undefined;
  /** Store time: recordedAt ≤ asOf < retiredAt. */
  asOf?: string | undefined;
  pinned?: boolean | undefined;
  /** Exact match on top-level metadata fields (`matchesMetadata`). */
  metadata?: Readonly<MetadataFilter> | undefined;
}

export interface EpisodeFilter {
  namespaces: readonly string[];
  statuses: readonly EpisodeStatus[] | null;
  types?: readonly EpisodeType[] | undefined;
  /** Only episodes with event time ≤ at. */
  at?: string | undefined;
  asOf?: string | undefined;
  undistilled?: boolean | undefined;
  /** Without `at`, episodes replaced by a later one are left out unless this is true. */
  includeSuperseded?: boolean | undefined;
  sessions?: readonly string[] | undefined;
  /** Exact match on top-level metadata fields (`matchesMetadata`). */
  metadata?: Readonly<MetadataFilter> | undefined;
}

export interface ScoredId {
  id: string;
  /** Higher is better (BM25 negated, cosine similarity). */
  score: number;
}

export type NewEpisode = Omit<Episode, "id">;
export type NewBelief = Omit<Belief, "id">;
export type BeliefPatch = Partial<Omit<Belief, "id" | "namespace">>;
export type EpisodePatch = Partial<
  Pick<
    Episode,
    | "content"
    | "contentHash"
    | "support"
    | "status"
    | "distilledAt"
    | "metadata"
    | "supersededBy"
    | "validTo"
    // Cleared by forget only: who said it, in which session, is part of what is erased.
    | "session"
    | "actor"
  >
>;
export type NewAuditEntry = AuditEntry;

/** A new belief with its vector, for `insertBeliefs`. */
export interface NewBeliefWithVector {
  belief: NewBelief;
  /** The embedder that made `vector` (its id), as `putVector` takes it. */
  embedder: string;
  vector: Float32Array;
}

/** A pair the sweep (or an agent) has judged; never judged again unless a side's content changes. */
export interface JudgedPair {
  /** The older side (by world time). */
  a: string;
  b: string;
  aHash: string;
  bHash: string;
  relation: JudgeRelation;
  /** Which judge decided: `lexical`, `agent`, `sampling` … */
  judge: string;
  reason: string;
  at: string;
}

/** One stored vector with the embedder that made it (its dimension is `vector.length`). */
export interface StoredVector {
  id: string;
  namespace: string;
  embedder: string;
  vector: Float32Array;
}

/** How many vectors one embedder (at one dimension) made. */
export interface VectorGroup {
  embedder: string;
  dimension: number;
  count: number;
}

/**
 * Everything a store holds, by section, as port records: what `dump` reads and `load` writes
 * to move a store with its full history (transfer). Ids, hashes and times are kept as they are.
 */
export interface DumpRows {
  episodes: Episode[];
  beliefs: Belief[];
  /** The provenance index (episode → belief), kept as stored even if `sources` later changed. */
  beliefSources: { episodeId: string; beliefId: string }[];
  links: Link[];
  outcomes: OutcomeEvent[];
  vectors: StoredVector[];
  judgedPairs: JudgedPair[];
  /** The engine's key/value bookkeeping (`getMeta`), not the store's own (schema version). */
  meta: { key: string; value: string }[];
  audit: AuditEntry[];
  auditHeads: { namespace: string; seq: number; hash: string }[];
}
export type DumpSection = keyof DumpRows;

/** Every section, in load order: items before the rows that point at them. */
export const DUMP_SECTIONS: readonly DumpSection[] = [
  "episodes",
  "beliefs",
  "beliefSources",
  "links",
  "outcomes",
  "vectors",
  "judgedPairs",
  "meta",
  "audit",
  "auditHeads",
];

/** One page of a section; `cursor` is null after the last page. */
export interface DumpPage<S extends DumpSection> {
  rows: DumpRows[S];
  cursor: string | null;
}

/** How one vector search may trade exactness for time. */
export interface VectorSearchOptions {
  /**
   * Search the approximate lists where the store keeps them (SQLite: a partition of at least
   * 1,024 rows searched, even inside a write transaction and below `vectorSearch: "auto"`'s
   * threshold): a hit's score is still exact, but a near row of an unprobed list can be missed.
   * A store without approximate lists searches exactly. `rememberMany(…, { gate: "approximate" })`.
   */
  approximate?: boolean;
}

/**
 * The namespaces a read of listed ids may return rows of: one, or several (a recall over several
 * namespaces). Rows of any other namespace are left out by the store's query, as missing ids are.
 */
export type NamespaceScope = string | readonly string[];

/** Reads, available both inside and outside a write transaction. */
export interface StoreReader {
  /**
   * The store's secret, the key of its content hashes and forget's tombstones (HMAC-SHA256):
   * made once when the store is created, from the adapter's injected random source, and kept in
   * the store's own metadata — never in a dump, an export or `getMeta`. The core never makes
   * randomness; it gets the secret here.
   */
  contentKey(): string;
  /**
   * The episode `id` of `namespace` (one, or any of several), or null: one of another is never
   * read, so naming it costs what naming a missing id costs (attacks39: reading the foreign row
   * whole before the core refused it took longer the more text and metadata it held). The scope
   * is required by type and refused at run time when missing (attacks42), as `getEpisodes`'.
   */
  getEpisode(id: string, namespace: NamespaceScope): Promise<Episode | null>;
  /** The belief `id` of `namespace`, or null, as `getEpisode`. */
  getBelief(id: string, namespace: NamespaceScope): Promise<Belief | null>;
  /**
   * A mixed list of ids read within `namespace` in one call: the beliefs among its "b" ids and the
   * episodes among its "e" ids, each in `ids` order, as `getBeliefs`/`getEpisodes` read them (the
   * reads of a recall's unread hits, curation's state, sleep's mixed tallies and a report's
   * forgotten items). Ids of another namespace, unknown ids and ids of another shape read as missing.
   */
  getItems(
    ids: readonly string[],
    namespace: NamespaceScope,
  ): Promise<{ beliefs: Belief[]; episodes: Episode[] }>;
  /**
   * The episodes among `ids` of `namespace` (one, or any of several), in `ids` order. The store
   * filters in its query, so an id of another namespace is never read and costs what a missing id
   * costs (attacks40: the sources of `remember`, `capture` and `distil`, the ids a digest cites, and
   * the pairs sent to `judge` read foreign rows whole, then the core dropped them). The scope is
   * required (attacks41): a caller cannot forget it, and a store refuses a call without one at run
   * time too. A read of every namespace is `getEpisodesAnyNamespace`, named so.
   */
  getEpisodes(ids: readonly string[], namespace: NamespaceScope): Promise<Episode[]>;
  /** The beliefs among `ids` of `namespace`, in `ids` order, as `getEpisodes`. */
  getBeliefs(ids: readonly string[], namespace: NamespaceScope): Promise<Belief[]>;
  /**
   * The episodes among `ids` that exist, of any namespace, in `ids` order: only for work over the
   * whole store (reindex, an import's check that its ids are free, which are store-wide counters).
   * Anything that acts for a namespace reads with `getEpisodes`.
   */
  getEpisodesAnyNamespace(ids: readonly string[]): Promise<Episode[]>;
  /** The beliefs among `ids` that exist, of any namespace, as `getEpisodesAnyNamespace`. */
  getBeliefsAnyNamespace(ids: readonly string[]): Promise<Belief[]>;
  listBeliefs(filter: BeliefFilter, page: { limit: number; offset: number }): Promise<Belief[]>;
  listEpisodes(
    filter: EpisodeFilter,
    page: { limit: number; offset: number; order: "at-desc" | "at-asc" },
  ): Promise<Episode[]>;
  countBeliefs(filter: BeliefFilter): Promise<Record<string, Record<string, number>>>;
  countEpisodes(filter: EpisodeFilter): Promise<Record<string, Record<string, number>>>;
  /** Beliefs of `namespace` whose `supersededBy` is `id` (the scope required, as every read by id). */
  supersededBy(id: string, namespace: NamespaceScope): Promise<Belief[]>;
  /** Beliefs of `namespace` whose provenance includes the episode. */
  beliefsFromEpisode(episodeId: string, namespace: NamespaceScope): Promise<Belief[]>;
  /** Full-text search over normalised query terms (any term may match). */
  searchBeliefText(terms: readonly string[], filter: BeliefFilter, limit: number): Promise<ScoredId[]>;
  /**
   * How many beliefs passing the filter match any term, counted up to `atMost`: the length of
   * `searchBeliefText(terms, filter, atMost)`, without ranking them (recall asks whether a name is
   * rare in the store, and a common one matches thousands).
   */
  countBeliefText(terms: readonly string[], filter: BeliefFilter, atMost: number): Promise<number>;
  searchEpisodeText(terms: readonly string[], filter: EpisodeFilter, limit: number): Promise<ScoredId[]>;
  /**
   * The named episodes' full-text scores for the terms, as `searchEpisodeText` scores them (the
   * same statistics, so comparable with its hits), whatever their status: recall reads a distilled
   * belief by its source turns' match. One outside the namespaces, or matching no term, is left out.
   */
  scoreEpisodeText(
    terms: readonly string[],
    ids: readonly string[],
    namespaces: readonly string[],
  ): Promise<ScoredId[]>;
  /** Nearest vectors by cosine similarity, then filtered. */
  searchBeliefVectors(
    vector: Float32Array,
    filter: BeliefFilter,
    limit: number,
    options?: VectorSearchOptions,
  ): Promise<ScoredId[]>;
  searchEpisodeVectors(
    vector: Float32Array,
    filter: EpisodeFilter,
    limit: number,
    options?: VectorSearchOptions,
  ): Promise<ScoredId[]>;
  /**
   * Stored vectors by id. The arrays may be shared with later reads (a store's read cache): callers
   * read them and never write to them. Only vectors of `namespace` (attacks42: the scope is
   * required, as for every read by id; one of another namespace reads as missing).
   */
  getVectors(ids: readonly string[], namespace: NamespaceScope): Promise<Map<string, Float32Array>>;
  /** The links of `id`, a row of `namespace`, to other rows of it; none when `id` is not one. */
  links(id: string, namespace: NamespaceScope): Promise<Link[]>;
  /** The outcomes of `beliefId`, a belief of `namespace`; none when it is not one. */
  outcomes(beliefId: string, namespace: NamespaceScope): Promise<OutcomeEvent[]>;
  auditHead(namespace: string): Promise<AuditEntry | null>;
  listAudit(query: {
    namespace?: string | undefined;
    subjectId?: string | undefined;
    afterSeq?: number;
    limit: number;
  }): Promise<AuditEntry[]>;
  auditNamespaces(): Promise<string[]>;
  /**
   * Cached verdicts for these pairs (matched on a, b; the caller compares hashes), only of pairs
   * whose two ids are rows of `namespace` (a verdict's reason may quote their text).
   */
  judgedPairs(pairs: readonly { a: string; b: string }[], namespace: NamespaceScope): Promise<JudgedPair[]>;
  /** A small key/value of engine bookkeeping (sweep watermarks). */
  getMeta(key: string): Promise<string | null>;
  /** Every bookkeeping record whose key starts with `prefix`, in key order (`getMeta`'s keys). */
  getMetaPrefix(prefix: string): Promise<{ key: string; value: string }[]>;
  /** The stored head hash per namespace (detects a removed tail entry). */
  auditHeadMark(namespace: string): Promise<{ seq: number; hash: string } | null>;
  /** Which embedders (and dimensions) made the stored vectors, with counts. */
  vectorEmbedders(): Promise<VectorGroup[]>;
  /**
   * Whether any stored vector was made by another embedder, or at another dimension: two index
   * seeks, where `vectorEmbedders` counts every vector (the embedder check of every fresh process).
   */
  holdsOtherVectors(embedder: string, dimension: number): Promise<boolean>;
  /**
   * One page of a section in a stable order (primary key), for moving a store. Pass the
   * previous page's `cursor` (null for the first page).
   *
   *   let page = await store.dump("beliefs", { cursor: null, limit: 1000 });
   */
  dump<S extends DumpSection>(
    section: S,
    page: { cursor: string | null; limit: number },
  ): Promise<DumpPage<S>>;
  /** Rows per section (every status, every namespace). */
  dumpCounts(): Promise<Record<DumpSection, number>>;
}

/** Writes; only inside `Store.transaction`, which is serialised across processes. */
export interface StoreWriter extends StoreReader {
  insertEpisode(episode: NewEpisode): Promise<string>;
  updateEpisode(id: string, patch: EpisodePatch): Promise<void>;
  insertBelief(belief: NewBelief): Promise<string>;
  updateBelief(id: string, patch: BeliefPatch): Promise<void>;
  addLink(link: Link): Promise<void>;
  addOutcome(event: OutcomeEvent): Promise<void>;
  putVector(id: string, namespace: string, embedder: string, vector: Float32Array): Promise<void>;
  deleteVector(id: string): Promise<void>;
  appendAudit(entry: NewAuditEntry): Promise<void>;
  /**
   * Inserts new beliefs with their vectors, in order, leaving exactly the rows that
   * `insertBelief` then `putVector` for each would (the same ids, in the same order), in fewer
   * statements: the bulk path of a known-clean import. Returns the ids in input order.
   */
  insertBeliefs(rows: readonly NewBeliefWithVector[]): Promise<string[]>;
  /** Appends entries in chain order, as `appendAudit` one by one would, in fewer statements. */
  appendAudits(entries: readonly NewAuditEntry[]): Promise<void>;
  putJudgedPair(pair: JudgedPair): Promise<void>;
  /** Drops every cached verdict naming `id` (a reason may quote its text): part of forget. */
  deleteJudgedPairs(id: string): Promise<void>;
  /**
   * Drops the stored detail — never the entry, its hashes or its place in the chain — of the
   * namespace's audit entries about one of `ids` or naming one in their detail (kept only under
   * the `auditContent` policy; a reason may quote a value): part of forget. The chain still
   * verifies, since a detail is checked against its hash only when present.
   */
  clearAuditDetails(namespace: string, ids: readonly string[]): Promise<void>;
  setMeta(key: string, value: string): Promise<void>;
  /** Removes every engine meta entry whose key starts with `prefix` (part of forget). */
  deleteMetaPrefix(prefix: string): Promise<void>;
  /** Writes dumped rows as they were, ids included: only into an empty store (transfer). */
  load<S extends DumpSection>(section: S, rows: DumpRows[S]): Promise<void>;
}

/** How `Store.withLock` waits, and what the holder is doing (for the message of whoever waits). */
export interface LockOptions {
  /** How long to wait for the current holder to finish before refusing with BUSY, in milliseconds. */
  waitMs: number;
  /** What this holder does, in words (`a sweep of namespace "x"`), recorded where the store can. */
  what?: string | undefined;
  /**
   * The same work with no name a caller chose (`a sweep`): all a store may record where readers
   * beyond the store's own can see it (PostgreSQL's `application_name`, shown to every role).
   */
  kind?: string | undefined;
}

export interface Store extends StoreReader {
  readonly name: string;
  readonly capabilities: StoreCapabilities;
  /** One atomic write; other processes wait (busy timeout) rather than interleave. */
  transaction<T>(fn: (tx: StoreWriter) => Promise<T>): Promise<T>;
  /**
   * A mark that moves whenever a write of this store commits, in any process, audited or not (a
   * reindex's vectors, a sweep's cached verdicts, bookkeeping): equal marks before and after a read
   * in several statements mean no write landed inside it (`readOneState`). It may move for a write
   * that changed nothing a read asked for; never stays put across one that did. A rolled-back
   * write: on a store whose reads share the writing connection (SQLite, one per handle, where a
   * read while this handle's transaction is open sees its rows) the rollback moves the mark, so a
   * read that saw rows that never committed is made again; where no read sees another
   * connection's open transaction (PostgreSQL) it moves nothing. A read that lies wholly inside
   * such an open transaction on SQLite can still see rows that are later rolled back.
   *
   *   const before = await store.writeMark(); … ; const torn = before !== (await store.writeMark());
   */
  writeMark(): Promise<string>;
  /**
   * Runs `fn`'s reads as one state of the whole store without the write lock: writers in other
   * processes go on, and none of their commits reaches `fn` (SQLite: a read transaction of the
   * write-ahead log, queued with this handle's transactions, so this handle's own writes wait for
   * it; PostgreSQL: a read-only REPEATABLE READ transaction on a connection of its own, which no
   * writer waits for).
   *
   *   const report = await store.snapshot((reader) => healthReport(reader, …));
   */
  snapshot<T>(fn: (reader: StoreReader) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while holding the lock `name`, which excludes every other holder of that name on
   * this store: in this process (also through another handle on the same database), in other
   * processes and, for a server database, on other machines. Waits up to `waitMs` for the
   * holder, polling without blocking the event loop, then refuses with BUSY (naming the holder
   * when the store knows it). Released when `fn` settles, and by the system when the holding
   * process dies. Not re-entrant: `fn` must not take the same lock again. Unlike `transaction`,
   * it holds no write lock: `fn` writes in transactions of its own, and reads never wait for it.
   *
   *   await store.withLock("sleep:default", { waitMs: 30_000, what: 'a sweep of namespace "default"', kind: "a sweep" }, () => sweep());
   */
  withLock<T>(name: string, options: LockOptions, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn`, whose reads of this store are one recall's, as one read scope: the store brings
   * its in-process search indexes current with the database once, at the scope's first search,
   * not at each. Its answers are those of the same reads outside a scope, but that a write another
   * handle commits while `fn` runs may reach its later searches only after it (its row reads see
   * it). PostgreSQL: one read of its change log per recall instead of one per wave of searches;
   * SQLite: `fn()` as it is (its indexes follow the file without a round trip).
   *
   *   const hits = await store.readScope(() => recall(store, embedder, policy, request));
   */
  readScope<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * A hot, consistent copy of the whole store at `destination` (a file path) while writers run.
   * Present when `capabilities.backup` is true.
   */
  backup?(destination: string, options?: { overwrite?: boolean }): Promise<void>;
  /**
   * Whether writing the file at `path` would overwrite one of the store's own files (SQLite: the
   * database, its `-wal`, `-shm` and `-journal`, its lock files; through symlinks and hard links).
   * A store kept elsewhere (a server database) has none and leaves this out. Surfaces that write a
   * file the user names (an export's `--out`) ask it first.
   */
  ownsFile?(path: string): boolean;
  /**
   * After forget committed: makes erased text unrecoverable from the store's own files where the
   * backend allows it (SQLite: merge the full-text indexes so no segment keeps the old tokens,
   * and checkpoint the write-ahead log into the zeroed main file, truncating it; PostgreSQL:
   * rewrite the tables forget touched into new files, so no dead row version stays in
   * their heap, indexes or TOAST). Best effort while other processes hold read snapshots or
   * locks; absent where the backend cannot. Reports what it scrubbed and what it had to leave
   * (`PurgeReport`), so forget's result can say where the erased text may remain.
   */
  purgeErased?(): Promise<PurgeReport>;
  /**
   * Builds the store's in-process search indexes ahead of the searches that would build them,
   * for a process that will search many times. `background: true`: off the request path (SQLite:
   * a worker thread reads a snapshot of the file while searches are served cold from the tables,
   * the same hits and scores); settles once they are installed, or with `how: "on-search"` and
   * the reason when they could not be (the first searches then build them, as without the call);
   * `notice`, only when there is something to tell a user (adapters print it as it is).
   * Absent where a store keeps no such index.
   */
  warmIndexes?(options?: {
    background?: boolean | "auto";
  }): Promise<{ how: string; reason?: string; small?: boolean; notice?: string }>;
  close(): Promise<void>;
}

/**
 * What `Store.purgeErased` did after a forget. `rewritten`: the parts of the store whose files it
 * scrubbed (PostgreSQL: the tables it rewrote, by `VACUUM (FULL)` or copy and swap — never a `VACUUM (FULL)` while a snapshot older than the forget is open; SQLite: the full-text indexes
 * it merged, and `wal` when the write-ahead log was checkpointed and truncated). `skipped`: the
 * parts it left as they were, each with why and what to run later; the forgotten text may remain
 * in their files until then. Empty `skipped`: nothing left.
 *
 *   { rewritten: ["beliefs", "meta", "audit", "judged_pairs", "vectors"],
 *     skipped: [{ part: "episodes", reason: "another session held a lock on it for more than 2 s",
 *                 remedy: 'VACUUM (FULL) "strata"."episodes"' }] }
 */
export interface PurgeReport {
  rewritten: string[];
  skipped: { part: string; reason: string; remedy: string }[];
}
