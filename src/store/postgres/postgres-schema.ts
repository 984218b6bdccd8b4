/**
 * Versioned migrations for the Postgres store, applied under a transaction-scoped advisory lock
 * so processes starting together apply each exactly once. `{s}` is the store's schema (quoted).
 *
 * Times stay ISO 8601 text, as in SQLite: the engine compares them as strings and expects them
 * back byte for byte. JSON stays `json` (not `jsonb`), which keeps the caller's key order.
 */
import {
  curationBeliefIds,
  isCurationKey,
  LEGACY_SLEEP_RECORD_FIELDS,
  rekeyedCredit,
  upgradedSleepRecord,
  upgradeMetaKey,
} from "../../core/ports.js";
import { quoteIdent, type SqlQueryable } from "./postgres-driver.js";

/**
 * The columns kept out of the planner's statistics: every one that holds user text (content,
 * belief text and its clauses, metadata, session and actor names, the judge's reasons, the
 * engine's key/value records) or something made from it (the text-search vectors, content
 * hashes, embeddings, sources). The planner answers filters on them with its default estimates;
 * the columns it plans on (namespace, status, kind, times, ids) keep theirs.
 */
export const UNSAMPLED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  episodes: ["content", "outcome", "session", "actor", "metadata", "content_hash", "tsv"],
  beliefs: [
    "text",
    "when_text",
    "prefer_text",
    "exceptions",
    "steps",
    "status_reason",
    "sources",
    "source",
    "content_hash",
    "metadata",
    "calibration",
    "tsv",
  ],
  vectors: ["vector"],
  audit: ["detail", "content_hash"],
  judged_pairs: ["reason", "a_hash", "b_hash"],
  meta: ["key", "value"],
};

const NO_STATISTICS = Object.entries(UNSAMPLED_COLUMNS)
  .map(
    ([table, columns]) =>
      `ALTER TABLE {s}.${table} ${columns.map((c) => `ALTER COLUMN ${c} SET STATISTICS 0`).join(", ")};`,
  )
  .join("\n");

export const MIGRATIONS: readonly string[] = [
  // 1: the model of the engine issue.
  `
  CREATE TABLE {s}.episodes (
    rid bigserial PRIMARY KEY,
    namespace text NOT NULL,
    type text NOT NULL,
    content text NOT NULL,
    outcome text,
    session text,
    actor text,
    at text NOT NULL,
    recorded_at text NOT NULL,
    metadata json NOT NULL DEFAULT '{}',
    content_hash text NOT NULL,
    support integer NOT NULL DEFAULT 1,
    status text NOT NULL DEFAULT 'active',
    distilled_at text,
    superseded_by text,
    valid_to text,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED
  );
  CREATE INDEX episodes_ns_at ON {s}.episodes(namespace, at);
  CREATE INDEX episodes_ns_status ON {s}.episodes(namespace, status, distilled_at);
  CREATE INDEX episodes_tsv ON {s}.episodes USING gin(tsv);

  CREATE TABLE {s}.beliefs (
    rid bigserial PRIMARY KEY,
    namespace text NOT NULL,
    kind text NOT NULL,
    text text NOT NULL,
    when_text text,
    prefer_text text,
    exceptions json NOT NULL DEFAULT '[]',
    steps json,
    status text NOT NULL DEFAULT 'active',
    status_reason text,
    pinned boolean NOT NULL DEFAULT false,
    restored boolean NOT NULL DEFAULT false,
    confidence double precision NOT NULL,
    successes integer NOT NULL DEFAULT 0,
    failures integer NOT NULL DEFAULT 0,
    support integer NOT NULL DEFAULT 1,
    uses integer NOT NULL DEFAULT 0,
    half_life_days double precision NOT NULL,
    last_confirmed_at text,
    last_used_at text,
    valid_from text NOT NULL,
    valid_to text,
    recorded_at text NOT NULL,
    retired_at text,
    superseded_by text,
    parent_id text,
    sources json NOT NULL DEFAULT '[]',
    source text,
    content_hash text NOT NULL,
    metadata json NOT NULL DEFAULT '{}',
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED
  );
  CREATE INDEX beliefs_ns_status ON {s}.beliefs(namespace, status, kind);
  CREATE INDEX beliefs_superseded_by ON {s}.beliefs(superseded_by);
  CREATE INDEX beliefs_pinned ON {s}.beliefs(namespace) WHERE pinned;
  CREATE INDEX beliefs_tsv ON {s}.beliefs USING gin(tsv);

  CREATE TABLE {s}.belief_sources (
    episode_id text NOT NULL,
    belief_id text NOT NULL,
    PRIMARY KEY (episode_id, belief_id)
  );

  CREATE TABLE {s}.links (
    from_id text NOT NULL,
    to_id text NOT NULL,
    relation text NOT NULL,
    at text NOT NULL,
    PRIMARY KEY (from_id, to_id, relation)
  );
  CREATE INDEX links_to ON {s}.links(to_id);

  CREATE TABLE {s}.outcomes (
    rid bigserial PRIMARY KEY,
    belief_id text NOT NULL,
    success boolean NOT NULL,
    at text NOT NULL,
    confidence_before double precision NOT NULL,
    confidence_after double precision NOT NULL
  );
  CREATE INDEX outcomes_belief ON {s}.outcomes(belief_id);

  -- The vector itself is real[] whether or not pgvector exists; with pgvector, a per-dimension
  -- HNSW expression index over vector::vector(d) is added when the first vector of d arrives.
  CREATE TABLE {s}.vectors (
    id text PRIMARY KEY,
    namespace text NOT NULL,
    embedder text NOT NULL,
    dim integer NOT NULL,
    vector real[] NOT NULL
  );
  CREATE INDEX vectors_ns ON {s}.vectors(namespace, dim);

  CREATE TABLE {s}.audit (
    namespace text NOT NULL,
    seq integer NOT NULL,
    at text NOT NULL,
    actor text NOT NULL,
    event text NOT NULL,
    subject_id text,
    content_hash text NOT NULL,
    detail json,
    prev_hash text NOT NULL,
    hash text NOT NULL,
    PRIMARY KEY (namespace, seq)
  );
  CREATE INDEX audit_subject ON {s}.audit(subject_id);

  CREATE TABLE {s}.audit_heads (
    namespace text PRIMARY KEY,
    seq integer NOT NULL,
    hash text NOT NULL
  );
  `,
  // 2: the sweep's judged-pair cache and the engine's key/value bookkeeping.
  `
  CREATE TABLE {s}.judged_pairs (
    a text NOT NULL,
    b text NOT NULL,
    a_hash text NOT NULL,
    b_hash text NOT NULL,
    relation text NOT NULL,
    judge text NOT NULL,
    reason text NOT NULL,
    at text NOT NULL,
    PRIMARY KEY (a, b)
  );

  CREATE TABLE {s}.meta (
    key text PRIMARY KEY,
    value text NOT NULL
  );
  `,
  // 3: which embedders made the vectors, answered from an index (the embedder check at open).
  `
  CREATE INDEX vectors_embedder ON {s}.vectors(embedder, dim);
  `,
  // 4: the change log the in-process vector index replays (vector-cache.ts). Triggers append one
  // row per vector written or deleted and per status change of a belief or episode, so every
  // process sees every other's changes by reading the log past the last position it applied.
  // Writes are serialised by the store's write lock, so log order is commit order.
  `
  CREATE TABLE {s}.vector_changes (
    seq bigserial PRIMARY KEY,
    id text NOT NULL,
    namespace text NOT NULL
  );

  CREATE FUNCTION {s}.strata_log_vector() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO {s}.vector_changes(id, namespace) VALUES (OLD.id, OLD.namespace);
    ELSE
      INSERT INTO {s}.vector_changes(id, namespace) VALUES (NEW.id, NEW.namespace);
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION {s}.strata_log_status() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO {s}.vector_changes(id, namespace) VALUES (TG_ARGV[0] || NEW.rid, NEW.namespace);
    RETURN NULL;
  END $$;

  CREATE TRIGGER vectors_log AFTER INSERT OR UPDATE OR DELETE ON {s}.vectors
    FOR EACH ROW EXECUTE FUNCTION {s}.strata_log_vector();
  CREATE TRIGGER beliefs_log AFTER UPDATE OF status ON {s}.beliefs
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION {s}.strata_log_status('b');
  CREATE TRIGGER episodes_log AFTER UPDATE OF status, superseded_by ON {s}.episodes
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.superseded_by IS DISTINCT FROM NEW.superseded_by)
    EXECUTE FUNCTION {s}.strata_log_status('e');
  `,
  // 5: sleep's calibration scores of a belief (supersession probability, salience, category).
  `
  ALTER TABLE {s}.beliefs ADD COLUMN calibration json;
  `,
  // 6: the change log serves the in-process text index too (text-cache.ts), so it is renamed
  // `changes` and also names every belief or episode inserted or deleted and every text (or
  // namespace) edited in place — forget blanks a text, and that must leave every index.
  `
  ALTER TABLE {s}.vector_changes RENAME TO changes;
  ALTER SEQUENCE {s}.vector_changes_seq_seq RENAME TO changes_seq_seq;

  CREATE OR REPLACE FUNCTION {s}.strata_log_vector() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO {s}.changes(id, namespace) VALUES (OLD.id, OLD.namespace);
    ELSE
      INSERT INTO {s}.changes(id, namespace) VALUES (NEW.id, NEW.namespace);
    END IF;
    RETURN NULL;
  END $$;

  CREATE OR REPLACE FUNCTION {s}.strata_log_status() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO {s}.changes(id, namespace) VALUES (TG_ARGV[0] || NEW.rid, NEW.namespace);
    RETURN NULL;
  END $$;

  CREATE FUNCTION {s}.strata_log_row() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO {s}.changes(id, namespace) VALUES (TG_ARGV[0] || OLD.rid, OLD.namespace);
    ELSE
      INSERT INTO {s}.changes(id, namespace) VALUES (TG_ARGV[0] || NEW.rid, NEW.namespace);
    END IF;
    RETURN NULL;
  END $$;

  CREATE TRIGGER beliefs_log_rows AFTER INSERT OR DELETE ON {s}.beliefs
    FOR EACH ROW EXECUTE FUNCTION {s}.strata_log_row('b');
  CREATE TRIGGER beliefs_log_text AFTER UPDATE OF text, namespace ON {s}.beliefs
    FOR EACH ROW WHEN (OLD.text IS DISTINCT FROM NEW.text OR OLD.namespace IS DISTINCT FROM NEW.namespace)
    EXECUTE FUNCTION {s}.strata_log_row('b');
  CREATE TRIGGER episodes_log_rows AFTER INSERT OR DELETE ON {s}.episodes
    FOR EACH ROW EXECUTE FUNCTION {s}.strata_log_row('e');
  CREATE TRIGGER episodes_log_text AFTER UPDATE OF content, namespace ON {s}.episodes
    FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.namespace IS DISTINCT FROM NEW.namespace)
    EXECUTE FUNCTION {s}.strata_log_row('e');
  `,
  // 7: the engine's namespace records keyed with each part encoded (core/meta-keys.ts), so a key
  // names one namespace: the old keys are rewritten by MIGRATION_FILLS[7].
  "SELECT 1;",
  // 8: outcome credit keys hold the source's hash under the store's secret, not its plain
  // SHA-256 (core/outcome-credit.ts): the old keys are rewritten by MIGRATION_FILLS[8].
  "SELECT 1;",
  // 9: no column that holds user text, or text, hashes or vectors made from it, is ever sampled
  // into `pg_statistic` by ANALYZE (autovacuum's or anyone's): that catalog is no table of the
  // store, so forget's rewrite cannot erase a value copied there (pgstats22; docs/postgres.md).
  // The expression indexes over such columns (pgvector's HNSW) get the same by MIGRATION_FILLS[9]
  // and when made (ensureVectorIndex). The swap (swap-rewrite.ts) carries the targets to its copy.
  NO_STATISTICS,
  // 10: sleep's record on a belief under its one reserved metadata key (core/sleep-record.ts), so no
  // caller's field is read as sleep's: the fields sleep kept at the top are moved by MIGRATION_FILLS[10].
  "SELECT 1;",
  // 11: a belief's kind changed in place is logged too: the in-process text index holds each
  // belief's kind (text-cache.ts), so a search of facts checks its candidates there, not in SQL.
  `
  DROP TRIGGER IF EXISTS beliefs_log_text ON {s}.beliefs;
  CREATE TRIGGER beliefs_log_text AFTER UPDATE OF text, namespace, kind ON {s}.beliefs
    FOR EACH ROW WHEN (OLD.text IS DISTINCT FROM NEW.text OR OLD.namespace IS DISTINCT FROM NEW.namespace OR OLD.kind IS DISTINCT FROM NEW.kind)
    EXECUTE FUNCTION {s}.strata_log_row('b');
  `,
  // 12: the store's write mark (`Store.writeMark`): one row, its count moved by every write
  // transaction, so a read in several statements sees a write the audit chain does not record
  // (a reindex's vectors, a sweep's cached verdicts) as it sees an audited one (attacks44).
  // Safe to run again, as 9–11 are: a store whose later migrations are re-run keeps its count.
  `
  CREATE TABLE IF NOT EXISTS {s}.write_mark (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    writes bigint NOT NULL
  );
  INSERT INTO {s}.write_mark(one, writes) VALUES (true, 0) ON CONFLICT (one) DO NOTHING;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * What a migration needs computed in JavaScript, run right after its SQL in the same
 * transaction: keyed by the schema version it brings the store to. `secret` is the store's
 * secret (made before any migration runs).
 */
export const MIGRATION_FILLS: Readonly<
  Record<number, (db: SqlQueryable, schema: string, secret: string) => Promise<void>>
> = {
  7: upgradeMetaKeys,
  8: rekeyCredits,
  9: unsampledIndexes,
  10: moveSleepRecords,
};

/**
 * Migration 10's fill: on every belief whose metadata holds a field sleep kept at its top before
 * the record had its own key, those fields moved into sleep's record (`upgradedSleepRecord`: only
 * where and in the shape sleep wrote them; a caller's field stays).
 */
async function moveSleepRecords(db: SqlQueryable, schema: string): Promise<void> {
  const beliefs = `${quoteIdent(schema)}.beliefs`;
  const rows = (await db.query(
    `SELECT rid, metadata::text AS metadata, source FROM ${beliefs}
     WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS f WHERE strpos(metadata::text, f) > 0)`,
    [LEGACY_SLEEP_RECORD_FIELDS.map((f) => `"${f}"`)],
  )) as { rid: string; metadata: string; source: string | null }[];
  for (const r of rows) {
    const metadata = JSON.parse(r.metadata) as Record<string, unknown>;
    const moved = upgradedSleepRecord(metadata, r.source);
    if (moved !== metadata)
      await db.query(`UPDATE ${beliefs} SET metadata = $1::json WHERE rid = $2`, [
        JSON.stringify(moved),
        r.rid,
      ]);
  }
}

/**
 * Migration 9's fill: every expression column of an index on the store's tables (pgvector's
 * HNSW index over `vector::vector(d)`, made per dimension) kept out of the statistics, as its
 * table's columns are: ANALYZE samples an expression index's values as it does a column's.
 */
async function unsampledIndexes(db: SqlQueryable, schema: string): Promise<void> {
  const rows = (await db.query(
    `SELECT format('%I.%I', n.nspname, c.relname) AS ix, k.n
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(att, n)
     WHERE n.nspname = $1 AND k.att = 0`,
    [schema],
  )) as { ix: string; n: string }[];
  for (const r of rows) await db.query(`ALTER INDEX ${r.ix} ALTER COLUMN ${Number(r.n)} SET STATISTICS 0`);
}

/**
 * Migration 8's fill: every outcome credit key that holds a source's plain SHA-256 digest
 * rewritten to hold it keyed under the store's secret (`rekeyedCredit`, exact: a source counted
 * before still counts once). All old keys are removed before any new one is written.
 */
async function rekeyCredits(db: SqlQueryable, schema: string, secret: string): Promise<void> {
  const meta = `${quoteIdent(schema)}.meta`;
  const rows = (await db.query(`SELECT key, value FROM ${meta} WHERE key LIKE 'outcome-credit:%'`)) as {
    key: string;
    value: string;
  }[];
  const moved = rows.flatMap(({ key, value }) => {
    const to = rekeyedCredit(secret, key);
    return to === null ? [] : [{ from: key, to, value }];
  });
  if (moved.length === 0) return;
  await db.query(`DELETE FROM ${meta} WHERE key = ANY($1::text[])`, [moved.map((m) => m.from)]);
  await db.query(
    `INSERT INTO ${meta}(key, value) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
    [moved.map((m) => m.to), moved.map((m) => m.value)],
  );
}

/**
 * Migration 7's fill: every bookkeeping record's key as `upgradeMetaKey` makes it. An old
 * curation key's namespace is told by the beliefs its value names, else by which of its splits
 * holds items. All changed keys are removed before any is written back, so a new key never
 * meets an old one still waiting.
 */
async function upgradeMetaKeys(db: SqlQueryable, schema: string): Promise<void> {
  const table = (name: string) => `${quoteIdent(schema)}.${name}`;
  const rows = (await db.query(`SELECT key, value FROM ${table("meta")}`)) as {
    key: string;
    value: string;
  }[];
  const curation = rows.filter((r) => isCurationKey(r.key));
  // A belief's id is "b" and its row number.
  const rids = [
    ...new Set(
      curation
        .flatMap((r) => curationBeliefIds(r.value))
        .filter((id) => /^b[1-9][0-9]{0,17}$/.test(id))
        .map((id) => id.slice(1)),
    ),
  ];
  const owners = new Map<string, string>();
  for (let i = 0; i < rids.length; i += 1000)
    for (const r of await db.query(
      `SELECT 'b' || rid AS id, namespace FROM ${table("beliefs")} WHERE rid = ANY($1::bigint[])`,
      [rids.slice(i, i + 1000)],
    ))
      owners.set(r.id as string, r.namespace as string);
  const namespaces = new Set<string>();
  if (curation.length > 0)
    for (const r of await db.query(
      `SELECT namespace FROM ${table("episodes")} UNION SELECT namespace FROM ${table("beliefs")}`,
    ))
      namespaces.add(r.namespace as string);
  const moved = rows
    .map(({ key, value }) => ({
      from: key,
      to: upgradeMetaKey(
        key,
        value,
        (id) => owners.get(id),
        (ns) => namespaces.has(ns),
      ),
      value,
    }))
    .filter((m) => m.to !== m.from);
  if (moved.length === 0) return;
  await db.query(`DELETE FROM ${table("meta")} WHERE key = ANY($1::text[])`, [moved.map((m) => m.from)]);
  await db.query(`INSERT INTO ${table("meta")}(key, value) SELECT * FROM unnest($1::text[], $2::text[])`, [
    moved.map((m) => m.to),
    moved.map((m) => m.value),
  ]);
}

/** The table recording applied versions (created before any migration runs). */
export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS {s}.strata_migrations (
  version integer PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export const inSchema = (sql: string, schema: string) => sql.replaceAll("{s}", quoteIdent(schema));
