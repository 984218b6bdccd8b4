/**
 * Word lists that surfaces need before (or without) the engine: kept free of imports, so the
 * CLI can offer them as choices without loading zod, the schemas or a store at start-up.
 * `model.ts` and `sleep/health.ts` re-export them where they belong.
 */

/** Export formats: json (lossless), markdown (for people), jsonl (one record a line). */
export const EXPORT_FORMATS = ["json", "markdown", "jsonl", "memory-jsonl"] as const;

/** How `health` classes an active belief. */
export const HEALTH_CLASSES = ["healthy", "new", "drifting", "stale", "dead"] as const;

/** What `curate` does to a collection: report (nothing changes), mark (a metadata flag), delete. */
export const CURATE_MODES = ["report", "mark", "delete"] as const;

/**
 * What an API key may do, its `scope`: read, write (and read), or administer (forget, import) — the
 * operations' `ACCESS_LEVELS`, here for `keys create --scope`'s choices without loading zod.
 * (Not imported by operation.ts: a fresh command's build then loads one file more, cold-start.)
 */
export const KEY_SCOPES = ["read", "write", "admin"] as const;

/**
 * The embedders the CLI runs with by name: hashed n-grams (default) or an HTTP endpoint — the
 * settings file's `embedder` values (src/cli/config.ts, kept equal by its test).
 */
export const EMBEDDER_NAMES = ["hashed", "http"] as const;

/** The pgvector table layouts `pgvectorCollection` knows by name (`curate --preset`'s choices). */
export const PGVECTOR_PRESETS = ["langchain", "langchainjs", "mem0"] as const;
export type PgvectorPreset = (typeof PGVECTOR_PRESETS)[number];

/** The default metadata key `curate` sets on a stale or duplicate record in mark mode. */
export const DEFAULT_MARK_KEY = "strata_curation";

/**
 * The provenance (`source`) sleep writes on a belief it distils from turns (sleep/distil.ts,
 * sleep/mixed.ts); recall reads it to match a distilled belief back to its turns. Any other
 * `source` is the caller's free text (user, doc:…, tool:…).
 */
export const DISTILLED_SOURCE = "distilled";

/**
 * The one metadata key that holds sleep's record on a belief (sleep-record.ts): an object with the
 * fields below (`restates`, `restatedSlots`, `referents`, `sourceWords`, `askingTurn`). Only the
 * engine writes it: a caller's metadata holding it is refused at every surface (`MetadataSchema`),
 * so a caller's own field named `restates` or `referents` is just the caller's, and Strata never
 * reads it as sleep's. A Strata export carries it and an import of that export keeps it.
 */
export const SLEEP_RECORD_KEY = "strata:sleep";

/**
 * The field of sleep's record (`SLEEP_RECORD_KEY`) on a belief sleep distilled as an unmarked restatement of a slot
 * (sleep/restatements.ts): the ids of the active beliefs whose slot it gives another value of.
 * Recall's `newerFirst` reads it to rank the newer first while no verdict settles the pair.
 */
export const RESTATES = "restates";

/** Beside `RESTATES` in sleep's record: the stemmed attributes of the slots it restates ("breakfast", "server"). */
export const RESTATED_SLOTS = "restatedSlots";

/** The provenance sleep writes on a rule it abstracts from several beliefs (sleep/rules.ts). */
export const ABSTRACTION_SOURCE = "abstraction";

/**
 * The field of sleep's record (`SLEEP_RECORD_KEY`) on a belief distilled out of a longer turn whose pronoun stands for
 * a thing said elsewhere in that turn, or whose topic a neighbouring sentence names (sleep/referents.ts):
 * `[{ pronoun, referent } | { topic }]`, e.g. `[{ pronoun: "it", referent: "my old laptop" }]` on
 * "I replaced it with a MacBook Air", `[{ topic: "coffee" }]` on "I brew with a Chemex now". The
 * belief's text stays what the user said; the write gate and recall's newer-first read the text
 * with the referent in the pronoun's place (`withReferents`, text.ts) to match it. The words come
 * from the belief's own source turn, so forgetting that turn (or the belief) erases them with it
 * (forget.ts drops them when it rewords a kept belief whose text was that turn's).
 */
export const REFERENTS_KEY = "referents";

/**
 * The field of sleep's record (`SLEEP_RECORD_KEY`) on a belief it distils from (or restates into) a turn: for each
 * such source episode, the turn's distinctive content (kept-content.ts `distinctiveContent`: its
 * numbers, typed values and names, lower case), e.g. `{ e12: ["90", "webstaurantstore", "week"] }`.
 * Recall reads it to decide whether the beliefs from a turn kept what it said
 * (recall/representative.ts) without reading the turn or loading the tagger; a belief without it (a
 * store slept before the thirty-first session, a belief a caller gave sources) is decided from the
 * turn itself, as before. The words are the turn's, so forgetting the turn drops its entry from
 * every belief that keeps one (forget.ts), and forgetting the belief erases them with it.
 */
export const SOURCE_WORDS_KEY = "sourceWords";

/**
 * The field of sleep's record (`SLEEP_RECORD_KEY`), `true` on a belief it took out of a turn that asks something
 * (sleep/asking-turns.ts: "I take 50mg of sertraline in the morning. Is it fine with wine?"). A
 * change such a belief would make is left to the agent: the sweep skips it and `candidates()`
 * offers the pair, as for a change below the staleness threshold.
 */
export const ASKING_TURN = "askingTurn";
