/**
 * The embedded default store: one SQLite file (or `:memory:`), WAL, a busy timeout so several
 * processes share it, FTS5 tables for full text, an in-process BM25 index that ranks as FTS5 does
 * (../text-index/text-index.ts), kept current by replaying the `text_changes` log the schema's triggers write,
 * and an in-process exact vector index over the `vectors` table (vector-index.ts), kept current
 * across processes through `PRAGMA data_version`. Both hold what current-state queries need first
 * (active rows' vectors, the current partition's postings) and read the rest when a query asks.
 */

import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import { loadKeyTaken, StrataError } from "../../core/errors.js";
import { metadataPath } from "../../core/metadata-filter.js";
import type { AuditEntry, Belief, Episode, Link, OutcomeEvent } from "../../core/model.js";
import type {
  BeliefFilter,
  BeliefPatch,
  DumpPage,
  DumpRows,
  DumpSection,
  EpisodeFilter,
  EpisodePatch,
  JudgedPair,
  LockOptions,
  NamespaceScope,
  NewBelief,
  NewBeliefWithVector,
  NewEpisode,
  PurgeReport,
  ScoredId,
  Store,
  StoreCapabilities,
  StoreReader,
  StoreWriter,
  VectorGroup,
  VectorSearchOptions,
} from "../../core/ports.js";
import { scopedNamespaces } from "../namespace-scope.js";
import {
  auditFromRow,
  auditValues,
  BELIEF_FIELDS,
  beliefFromRow,
  EPISODE_FIELDS,
  episodeFromRow,
  type FieldKind,
  type Fields,
  inAskedOrder,
  judgedPairFromRow,
  linkFromRow,
  outcomeFromRow,
  pushAuditValues,
  rawBeliefReader,
  rawEpisodeReader,
} from "../rows.js";
import { Fts5Tokenizer } from "../text-index/fts5-tokenizer.js";
import {
  type MatchedRow,
  scoreMatches,
  TextIndex,
  type TextLayer,
  type TextScope,
} from "../text-index/text-index.js";
import {
  scanVectors,
  VectorIndex,
  type VectorIndexOptions,
  type VectorLayer,
  type VectorSearchMode,
} from "../vector-index.js";
import { withFileLock } from "./file-lock.js";
import type { BackgroundIndexBuild } from "./index-builder.js";
import { isStoreFile, sideFileOf } from "./own-files.js";
import { MIGRATION_FILLS, MIGRATIONS, SCHEMA_VERSION } from "./sqlite-schema.js";
import { loadTextLayer, type TextRead, textLogPosition, textRow, textSelect } from "./text-load.js";
import { keepUpgradeCopy, upgradeCopiesOf } from "./upgrade-copy.js";

// doctor reaches the copies through this module, which the CLI's build splits already: imported
// from upgrade-copy.ts directly, it would be a chunk of its own on every command's path.
export { upgradeCopiesOf } from "./upgrade-copy.js";

import {
  type ComponentPages,
  INSERT_COMPONENTS_SQL,
  scanComponents,
  vectorComponents,
  vectorComponentsMany,
} from "./vector-components.js";
import {
  asFloat32,
  loadVectorIndex,
  readVectorStatuses,
  rowidOf,
  toFloat32,
  vectorRows,
} from "./vector-load.js";

/**
 * The own-files tests, for code outside this store that reaches them by a dynamic `import()` of this
 * module (src/store/open-store.ts `sameStoreFiles`, the CLI's output guard): a static import of
 * own-files.ts from there would make its ~2 KB a build chunk of its own, one more file for every
 * fresh CLI command to load (test/e2e/cold-start.test.ts); through here it stays in this store's.
 */
export { isSqliteDatabase, sameStoreFiles } from "./own-files.js";

/**
 * `indexBuild: "auto"`'s default threshold, in rows (beliefs and episodes, every status): below
 * it a server builds its indexes on search, at or above it in a worker thread from start-up.
 * Measured under steady traffic (docs/benchmarks.md "Cold start, ninth pass"): at 100k rows the
 * on-search build stalls the loop ~2 s and is warm in ~3 s, while serving cold through a
 * background build took ~12 s to be warm; at 1M the on-search build stalls for minutes.
 */
export const BACKGROUND_FROM = 400_000;

export interface SqliteStoreOptions {
  /** File path, or `:memory:`. */
  path: string;
  /** How long a writer waits for another process's write lock. Default 10 000 ms. */
  busyTimeoutMs?: number;
  /**
   * `auto` keeps an in-process index of the vectors (built on the second search, see `coldStart`,
   * then kept current); `scan` keeps nothing and reads every vector of the table for each search.
   * Default `auto`.
   */
  vectorIndex?: "auto" | "scan";
  /**
   * How the in-process vector index keeps components: `int8` (one byte each, the few rows its
   * error bound cannot rule out scored again from the table: the same hits and scores) or
   * `float32` (four bytes each, and no re-scoring: about half the CPU of a search). `auto` picks
   * `float32` for a file holding fewer than 100,000 vectors when it opens (at most ~28 MB of
   * postings), `int8` for a larger one. Hits and scores are the same either way. Default `auto`.
   */
  vectorPrecision?: "auto" | "int8" | "float32";
  /**
   * Which rows the in-process vector index scores for a search (docs/benchmarks.md, "Read side,
   * eighth pass"). `exact`: every row of the namespaces. `approximate`: only the rows of the
   * lists (k-means clusters, trained on the index's first search and again as it grows by a
   * quarter) whose centroids are nearest the query, and the rows written since; a hit's score is
   * exact, but a row of an unprobed list can be missed. `auto`: approximate only where one
   * namespace's layer has at least 200,000 rows to search (`APPROXIMATE_FROM`), exact below, so a
   * smaller store's results are exactly `exact`'s. A search inside a write transaction (the write
   * gate's candidates) is always exact. Default `auto`.
   */
  vectorSearch?: VectorSearchMode;
  /**
   * `auto` ranks full-text searches with an in-process BM25 index (built once cold searches have
   * cost what building it costs, see `coldStart`, then kept current from the `text_changes` log):
   * FTS5's scores, but only the rows of the namespaces and statuses asked for are scored. `fts5`
   * asks FTS5 for every search. Default `auto`.
   */
  textIndex?: "auto" | "fts5";
  /**
   * `true` (default): a connection's first searches read the tables (the active rows' vectors
   * through sqlite-vec, the text through FTS5; the same hits and scores as the indexes), so a
   * process that searches a few times (a CLI call, a hook) never pays for building the in-process
   * indexes. A layer's vector index is built on its second search; its text index once its cold
   * searches have ranked as many matches as the layer has rows. `false`: the first search builds
   * them (or call `warmIndexes()`).
   */
  coldStart?: boolean;
  /**
   * When the in-process vector index is built. `on-search` (default): on a layer's second
   * search (see `coldStart`), on the thread that searches, which waits for it (at a million
   * beliefs, ~20 s exact and ~45 s with the approximate lists' training, during which nothing
   * else in the process runs). `background`: as soon as the store opens, in a worker thread
   * that reads a snapshot of the file on its own read-only connection; searches are served cold
   * from the tables meanwhile (the same hits and scores), then the built index is installed and
   * brought up to date with what was written since. For a long-lived process (a server, a
   * worker); a one-shot command should keep `on-search`, which starts no thread. A `:memory:`
   * store has no file for a worker to read: it builds on search. The text index keeps its own
   * rule (`coldStart`) either way. Same as calling `warmIndexes({ background: true })` after
   * opening.
   */
  indexBuild?: "on-search" | "background" | "auto";
  /**
   * `indexBuild: "auto"` (what `strata serve` and a long-running `strata worker` ask for):
   * the rows (beliefs and episodes, every status) from which the indexes are built in the
   * background; a smaller store builds them on search. Default 400,000 (`BACKGROUND_FROM`,
   * docs/benchmarks.md "Cold start, ninth pass").
   */
  backgroundFrom?: number;
  /**
   * `true` (default): rows, filter verdicts and vectors read since the file last changed
   * (this connection's writes by `total_changes()`, other connections' commits by `data_version`)
   * are served again from memory, outside transactions. `false`: every read asks SQLite (the
   * tests compare the two).
   */
  readCache?: boolean;
  /**
   * Random bytes for the store's secret (the key of content hashes and tombstones), used once,
   * when the store is created. Default: node:crypto's `randomBytes`. Inject a fixed source only
   * in tests that compare stores byte for byte.
   */
  random?: (bytes: number) => Uint8Array;
  /**
   * Hears how far a migration that rewrites existing rows has come (migration 6 fills each
   * stored vector's components: ~2 CPU-s at 100k vectors, ~20 at 1M), synchronously, while the
   * store opens: `version` is the schema version it brings the store to. Default: nothing.
   */
  onMigrationProgress?: (progress: { version: number; done: number; total: number }) => void;
  /**
   * Hears that opening upgraded a file an older Strata wrote, once the upgrade is committed:
   * the schema it was at (`from`), the one it is at now (`to`), and the copy of the file as it
   * was, kept beside it before the first migration ran (`copy`, `<path>.schema-<from>.bak`: an
   * older Strata refuses the upgraded file, and opens that copy). A new store, or one already at
   * this schema, is not upgraded and says nothing. Default: nothing.
   */
  onUpgrade?: (upgrade: StoreUpgrade) => void;
  /**
   * Whether an older Strata's file is copied beside it before its one-way upgrade (above). The
   * copy takes as much disk as the store and keeps what forget later erases; `false` upgrades in
   * place with no copy (`copy: null` in `onUpgrade`), for a store already backed up, or one too
   * large to copy on its disk. Default true.
   */
  upgradeCopy?: boolean;
}

/** What opening an older Strata's SQLite file did to it (`SqliteStoreOptions.onUpgrade`). */
export interface StoreUpgrade {
  readonly path: string;
  readonly from: number;
  readonly to: number;
  /** The copy of the file as it was, or null when none was kept (`upgradeCopy: false`). */
  readonly copy: string | null;
}

/** Where SQLite keeps the store's secret: its own meta row, outside the engine's `engine:` keys. */
const CONTENT_KEY = "content_key";

/** How long `purgeErased`'s checkpoint waits for other connections' readers (as PostgreSQL's lock wait). */
const PURGE_WAIT_MS = 2_000;

/** SQLite gave up waiting for another connection's lock (`busy_timeout` ran out). */
const isBusy = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code?.startsWith("SQLITE_BUSY") === true;

/**
 * SQLite's write lock stayed with another connection for the whole busy wait: a temporary
 * failure (`BUSY`, try again later), said with what to do, not a broken or read-only file.
 */
const writeLocked = (path: string, waitMs: number, action: string): StrataError =>
  new StrataError(
    "BUSY",
    `Cannot ${action} the SQLite store at ${path}: another process held its write lock for the whole ${waitMs} ms wait (a strata command, server or worker writing to it, or another program with a transaction open). Nothing was changed: try again once that write finishes.`,
    { path, lock: "sqlite-write", waitMs },
  );

type Row = Record<string, unknown>;
type Stmt = Database.Statement<unknown[], Row>;

const json = (v: unknown) => JSON.stringify(v);

const toEpisode = (r: Row): Episode => episodeFromRow(r, r.rowid);
const toBelief = (r: Row): Belief => beliefFromRow(r, r.rowid);

/** SQLite keeps booleans as 0/1 and JSON as text. */
const encode = (kind: FieldKind, v: unknown): unknown =>
  kind === "json" ? (v === null ? null : json(v)) : kind === "bool" ? (v ? 1 : 0) : v;

type Columns<T> = Record<keyof Omit<T, "id">, [string, (v: unknown) => unknown]>;
const columnsOf = <T>(fields: Fields<T>): Columns<T> =>
  Object.fromEntries(
    (Object.entries(fields) as [string, readonly [string, FieldKind]][]).map(([field, [column, kind]]) => [
      field,
      [column, (v: unknown) => encode(kind, v)],
    ]),
  ) as Columns<T>;

const BELIEF_COLUMNS = columnsOf(BELIEF_FIELDS);
const EPISODE_COLUMNS = columnsOf(EPISODE_FIELDS);

/** An INSERT of every column, and the row's values in that order: built once per table, not per row. */
function inserter<T>(table: string, columns: Columns<T>) {
  const cols = Object.entries(columns) as [keyof Omit<T, "id">, [string, (v: unknown) => unknown]][];
  const fields = cols.map(([k]) => k);
  const encoders = cols.map(([, [, to]]) => to);
  return {
    sql: `INSERT INTO ${table} (${cols.map(([, [c]]) => c).join(",")}) VALUES (${cols.map(() => "?").join(",")})`,
    values: (row: Omit<T, "id">) => cols.map(([k, [, to]]) => to(row[k])),
    /** Appends the row's values to `out` (a multi-row statement's parameters). */
    push: (out: unknown[], row: Omit<T, "id">) => {
      for (let i = 0; i < fields.length; i++) out.push(encoders[i]!(row[fields[i]!]));
    },
  };
}
const INSERT_BELIEF = inserter<Belief>("beliefs", BELIEF_COLUMNS);
const INSERT_EPISODE = inserter<Episode>("episodes", EPISODE_COLUMNS);

/**
 * The most rows one bulk statement inserts. One statement per row costs FTS5 a flush of its
 * pending terms per row (it flushes at every statement's savepoint: one tiny segment each); 256
 * rows a statement cost about 5 µs a row, 1,024 about a fifth less again (fewer segments to
 * merge, fewer statement starts). Past that the gain is lost in the noise, and a statement's
 * parameters must stay under SQLite's limit of 32,766.
 */
const BULK_ROWS = 1024;
const MAX_PARAMETERS = 32_766;

/** `n` rows of `columns` placeholders each, as a multi-row VALUES list. */
const valuesList = (n: number, columns: number): string => {
  const row = `(${Array.from({ length: columns }, () => "?").join(",")})`;
  return Array.from({ length: n }, () => row).join(",");
};

/** The rows a statement of `columns` parameters a row takes: a power of two, at most BULK_ROWS. */
function rowsPerStatement(columns: number): number {
  let n = BULK_ROWS;
  while (n > 1 && n * columns > MAX_PARAMETERS) n /= 2;
  return n;
}

/**
 * `[start, count]` chunks of `total` rows of `columns` parameters each: full chunks of
 * `rowsPerStatement(columns)`, then the rest in powers of two, so a few prepared statements serve
 * every batch size.
 */
function bulkChunks(total: number, columns: number): [number, number][] {
  const most = rowsPerStatement(columns);
  const out: [number, number][] = [];
  let start = 0;
  while (total - start >= most) {
    out.push([start, most]);
    start += most;
  }
  for (let n = most / 2; n >= 1; n /= 2)
    if (total - start >= n) {
      out.push([start, n]);
      start += n;
    }
  return out;
}

/** A statement's SQL for `n` rows, built once per `n`. */
function sqlForRows(build: (n: number) => string): (n: number) => string {
  const built = new Map<number, string>();
  return (n) => {
    let sql = built.get(n);
    if (sql === undefined) {
      sql = build(n);
      built.set(n, sql);
    }
    return sql;
  };
}

const BELIEF_INSERT_COLUMNS = Object.values(BELIEF_COLUMNS).map(([c]) => c);
const insertBeliefsSql = sqlForRows(
  (n) =>
    `INSERT INTO beliefs (rowid,${BELIEF_INSERT_COLUMNS.join(",")}) VALUES ${valuesList(n, BELIEF_INSERT_COLUMNS.length + 1)}`,
);
const insertVectorsSql = sqlForRows(
  (n) => `INSERT INTO vectors(rowid, id, namespace, embedder, dim, vector) VALUES ${valuesList(n, 6)}`,
);
const deleteVectorsSql = sqlForRows((n) => `DELETE FROM vectors WHERE id IN ${valuesList(1, n)}`);
const insertComponentsSql = sqlForRows(
  (n) =>
    `INSERT OR REPLACE INTO vector_components(layer, namespace, active, rid, dim, components) VALUES ${valuesList(n, 6)}`,
);
const AUDIT_COLUMNS = 10;
const insertAuditSql = sqlForRows(
  (n) =>
    `INSERT INTO audit(namespace, seq, at, actor, event, subject_id, content_hash, detail, prev_hash, hash) VALUES ${valuesList(n, AUDIT_COLUMNS)}`,
);

/** A vector index row's `status`: what a current-state search filters on. */
const vecStatusOfEpisode = (e: Pick<Episode, "status" | "supersededBy">) =>
  e.supersededBy ? "superseded" : e.status;

/**
 * Ranked full-text candidates checked against the rest of the filter first (at least the limit;
 * then 4× more a round). The answer is the first `limit` passing rows in rank order whatever the
 * rounds: a filter most rows pass (the gate's kinds) is answered in one round of `limit`.
 */
const TEXT_FETCH = 32;
/** Up to this many matches, a cold text search looks each one's row up (~1 µs each) without sampling. */
const FEW_TEXT_MATCHES = 2048;
/** The most stored vectors one transaction keeps for its re-ranks (~1.5 KB each at 384 dimensions). */
const EXACT_VECTORS_PER_TRANSACTION = 20_000;
/**
 * Vectors the read cache keeps for `getVectors` between changes: ~25 MB at 384 dimensions. A warm
 * recall at 10k reads ~22 vectors a call for diversity, a context 176; at 4,096 a 10k store's
 * traffic started the cache over every ~50 context calls and about half the reads of both went to
 * SQLite (96% are served from memory at 16,384).
 */
const READ_CACHE_VECTORS = 16_384;

/**
 * The most decoded rows (beliefs and episodes together) a connection keeps between changes; past it the cache starts over (a recall at 10k reads ~100 rows, a context ~250).
 */
const READ_CACHE_ROWS = 8_192;

/**
 * What this connection read since the file last changed: decoded rows by rowid, filter verdicts
 * and stored vectors by id (recall's diversity reads the same candidates' vectors call after call), valid while `changes` (SQLite's `total_changes()`, every row this connection
 * wrote, triggers included) and `version` (`PRAGMA data_version`, every other connection's commit)
 * stand. Shared objects: callers only read records (nothing in `src/` writes to one it was given).
 */
interface ReadCache {
  changes: number;
  version: number;
  size: number;
  b: Map<number, Belief>;
  e: Map<number, Episode>;
  /** Whether a row passes a filter, by the filter's SQL and parameters, then rowid (a pure function of the row). */
  verdicts: Map<string, RowVerdicts>;
  verdictCount: number;
  /**
   * Shared arrays, like the records: read them, never write. At most READ_CACHE_VECTORS. Each with
   * its row's namespace: one of another namespace than a read's is read as not cached (attacks42).
   */
  vectors: Map<string, { vector: Float32Array; namespace: string }>;
  /**
   * Rowids a listing statement returned, by its SQL and parameters (a session's page of turns,
   * the beliefs drawn from an episode): the same statement over an unchanged file returns the
   * same rowids in the same order. At most READ_CACHE_LISTINGS entries, then they start over.
   */
  listings: Map<string, readonly number[]>;
}

/** `value` and every object and array it holds, frozen (records are trees of plain values). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Pages of episodes up to this long are read as rowids, then rows through the read cache. */
const LISTED_THROUGH_CACHE = 500;

/** The most listings (`ReadCache.listings`) the read cache keeps; past it they start over. */
const READ_CACHE_LISTINGS = 4_096;

/** How many of `ids` start with `prefix`. */
function countPrefixed(ids: readonly string[], prefix: string): number {
  let n = 0;
  for (const id of ids) if (id.startsWith(prefix)) n++;
  return n;
}

/**
 * Rowids from this one up are never given a kept verdict (asked of SQLite each time): a
 * `RowVerdicts` grows to the largest rowid it holds, so this bounds one filter's at 4 MB.
 */
const VERDICT_ROWIDS = 1 << 22;

/** The most filters the read cache keeps verdicts for; past it they start over (≤ 64 MB in all). */
const READ_CACHE_VERDICT_FILTERS = 16;

/**
 * Whether each row passes one filter, by rowid: a byte per rowid (0 unknown, 1 fails, 2 passes),
 * grown to the largest rowid kept. A look-up is an array read, where a Map of thousands of
 * numbers cost ~0.3 µs (recall asks ~300 a call). At most 1 byte a rowid: 1 MB at a million rows.
 */
class RowVerdicts {
  private flags = new Uint8Array(0);
  /** 0: unknown, 1: fails, 2: passes. */
  get(rowid: number): number {
    return rowid >= 0 && rowid < this.flags.length ? (this.flags[rowid] ?? 0) : 0;
  }
  set(rowid: number, passes: boolean): void {
    if (rowid < 0 || rowid >= VERDICT_ROWIDS || !Number.isInteger(rowid)) return;
    if (rowid >= this.flags.length) {
      let n = Math.max(1024, this.flags.length);
      while (n <= rowid) n *= 2;
      const grown = new Uint8Array(n);
      grown.set(this.flags);
      this.flags = grown;
    }
    this.flags[rowid] = passes ? 2 : 1;
  }
}

/** The most filter verdicts the read cache keeps; past it they start over. */
const READ_CACHE_VERDICTS = 65_536;

/** Placeholders for `ids`, padded to a power of two (the last id repeated): few statements to prepare. */
function padded(ids: readonly number[]): { sql: string; params: number[] } {
  let n = 1;
  while (n < ids.length) n *= 2;
  const params = [...ids];
  while (params.length < n) params.push(ids[ids.length - 1]!);
  return { sql: params.map(() => "?").join(","), params };
}

/**
 * Creates a missing database file readable and writable by its owner only (0600), before SQLite
 * opens it: SQLite gives the `-wal` and `-shm` it makes the database file's mode, so the memory,
 * the store's secret and its key hashes are not readable by the machine's other users, whatever
 * the umask. An existing file keeps its mode; a failure is left for SQLite's open to report.
 */
function createPrivately(path: string): void {
  if (path === ":memory:" || path === "" || path.startsWith("file:") || existsSync(path)) return;
  try {
    closeSync(openSync(path, "wx", 0o600));
  } catch {}
}

function ftsQuery(terms: readonly string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
}

const toBlob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** How `dump` pages each section: its table, primary key (the keyset order) and record shape. */
const DUMP: Record<DumpSection, { table: string; keys: string[]; where?: string; map: (r: Row) => unknown }> =
  {
    episodes: { table: "episodes", keys: ["rowid"], map: toEpisode },
    beliefs: { table: "beliefs", keys: ["rowid"], map: toBelief },
    beliefSources: {
      table: "belief_sources",
      keys: ["episode_id", "belief_id"],
      map: (r) => ({ episodeId: r.episode_id, beliefId: r.belief_id }),
    },
    links: {
      table: "links",
      keys: ["from_id", "to_id", "relation"],
      map: linkFromRow,
    },
    outcomes: {
      table: "outcomes",
      keys: ["rowid"],
      map: outcomeFromRow,
    },
    vectors: {
      table: "vectors",
      keys: ["id"],
      map: (r) => ({
        id: r.id,
        namespace: r.namespace,
        embedder: r.embedder,
        vector: toFloat32(r.vector as Buffer),
      }),
    },
    judgedPairs: { table: "judged_pairs", keys: ["a", "b"], map: judgedPairFromRow },
    meta: {
      table: "meta",
      keys: ["key"],
      where: "key LIKE 'engine:%'",
      map: (r) => ({ key: (r.key as string).slice("engine:".length), value: r.value }),
    },
    audit: {
      table: "audit",
      keys: ["namespace", "seq"],
      map: auditFromRow,
    },
    auditHeads: {
      table: "audit_heads",
      keys: ["namespace"],
      map: (r) => ({ namespace: r.namespace, seq: r.seq, hash: r.hash }),
    },
  };

/**
 * Another application's SQLite file must stay as it was: opening it as a store would add
 * Strata's tables and switch it to WAL. A database that already holds tables but no Strata
 * schema marker (`meta.schema_version`) is refused before anything is written.
 */
const VECTOR_SEARCH_MODES: readonly unknown[] = ["exact", "approximate", "auto"];

/** `vectorPrecision: "auto"` keeps a `float32` index for a file with fewer vectors than this. */
export const FLOAT32_INDEX_BELOW = 100_000;

/**
 * The precision of the in-process vector index: as asked, or for `auto` by the vectors the file
 * holds as it opens (one seek: the largest rowid, which counts replaced vectors too). A small
 * store pays twice the bytes to skip the int8 search's second accumulator and its re-scoring from
 * stored vectors (~0.6 ms of ~1.2 a gate search at 10k beliefs, docs/benchmarks.md); a large one
 * keeps int8's memory. Either gives the same hits and scores.
 */
export function precisionFor(db: Database.Database, asked: "auto" | "int8" | "float32"): "int8" | "float32" {
  if (asked !== "auto") return asked;
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vectors'").get();
  if (!table) return "float32";
  const n = (db.prepare("SELECT coalesce(max(rowid), 0) AS n FROM vectors").get() as { n: number }).n;
  return n < FLOAT32_INDEX_BELOW ? "float32" : "int8";
}

function refuseForeignDatabase(db: Database.Database, path: string): void {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      )
      .all() as Row[]
  ).map((r) => r.name as string);
  if (tables.length === 0) return;
  const marked =
    tables.includes("meta") &&
    db.prepare("SELECT 1 FROM pragma_table_info('meta') WHERE name = 'key'").get() !== undefined &&
    db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() !== undefined;
  if (marked) return;
  throw new StrataError(
    "INVALID_INPUT",
    `${path} is a SQLite database of another application (tables: ${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""}), not a Strata store. Nothing was changed in it. Pass --db (or path) a new file, e.g. ~/.strata/memory.db.`,
    { path, reason: "foreign-database", tables: tables.slice(0, 20) },
  );
}

/**
 * What a file SQLite opened but could not set up as a store says, by SQLite's code. A store this
 * user may not write (`SQLITE_READONLY…`: the file, or the folder its -wal and -shm go in) is a
 * store all the same — an older Strata's one, that must be upgraded, reads this first — so the
 * answer is its permissions, never another --db.
 *
 *   openRefusal("/srv/m.db", "SQLITE_READONLY_DIRECTORY", "attempt to write a readonly database")
 *   // "Cannot write to the store at /srv/m.db: … its folder /srv is not writable …"
 */
export function openRefusal(path: string, code: string | undefined, message: string): string {
  if (code === "SQLITE_NOTADB")
    return `${path} is not a SQLite database (another program's file?): pick another --db path; nothing was written to it.`;
  if (code?.startsWith("SQLITE_READONLY")) {
    const what =
      code === "SQLITE_READONLY_DIRECTORY"
        ? `this user may not write in its folder ${dirname(path)}`
        : "the file, or its folder, is read-only to this user";
    return `Cannot write to the store at ${path} (${code}): ${what}. Strata writes the store, and its -wal and -shm files beside it, even to read it (and upgrades a store an older Strata wrote): give this user write access to the file and its folder, or run strata as the user who owns them. Nothing was changed.`;
  }
  return `Cannot open ${path} as a SQLite store: ${message}. Pass --db (or path) a Strata store or a new file name.`;
}

/** The report with the text index's part, when there was one. */
function withText(report: IndexWarmReport, text: TextWarmReport | undefined): IndexWarmReport {
  return text ? { ...report, text } : report;
}

/** `SqliteStore.warmIndexes`' options. */
export interface IndexWarmOptions {
  /**
   * Build the indexes in a worker thread (see `SqliteStoreOptions.indexBuild`) instead of now, on
   * this thread. `auto`: in a worker thread when the store holds at least `backgroundFrom` rows,
   * else nothing now (they are built on search, `how: "on-search"`). Default false.
   */
  background?: boolean | "auto";
  /** Background: awaited once the worker's index has come back, before it is installed (tests hold it here to write meanwhile). */
  beforeInstall?: () => Promise<void>;
  /** Background: the worker's module. Default: index-build-worker beside the store's module. */
  entry?: URL;
}

/** What `warmIndexes` did. */
export interface IndexWarmReport {
  /**
   * `here`: built on this thread (or already built); `background`: built in a worker thread and
   * installed; `on-search`: nothing installed (no worker could build it, the build failed, or the
   * store closed), so the index is built on a search as without this call: `reason` says why.
   */
  how: "here" | "background" | "on-search";
  reason?: string;
  /**
   * `background: "auto"` on a store under `backgroundFrom` rows: nothing went wrong, the indexes
   * build on search by design (a server says nothing about it; `reason` has the figures).
   */
  small?: true;
  /**
   * The sentence to show a user, when there is something to tell: a build that was asked for and
   * could not run (`indexes build on search: <reason>`). Absent when the indexes were built, when
   * the store is under `backgroundFrom` (`small`), and when the store closed meanwhile. A server
   * or worker prints it as it is.
   */
  notice?: string;
  /** Background: the worker's build, wall milliseconds. */
  ms?: number;
  /** Background: whether anything was written during the build (then the next search reconciles the index with the table). */
  caughtUp?: "nothing written" | "on the next search";
  /** Background: the text index's part of the build (absent when there is no text index to build). */
  text?: TextWarmReport;
}

/** What a background build did for the text index (the same fields as `IndexWarmReport`'s). */
export interface TextWarmReport {
  how: "here" | "background" | "on-search";
  reason?: string;
  ms?: number;
  caughtUp?: "nothing written" | "on the next search";
}

export class SqliteStore implements Store {
  readonly name = "sqlite";
  readonly capabilities: StoreCapabilities;
  readonly path: string;
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Stmt>();
  /**
   * The vector index: current for this process's writes; `vecStale` or a new data_version
   * reconciles it. int8 by default: the rows its error bound cannot rule out are scored again from
   * the `vectors` table, so hits and scores are the exact cosine's.
   */
  private vectors: VectorIndex;
  private vecStale = true;
  /**
   * While a transaction is open: the stored vectors its int8 re-ranks read, by `vectors` id. A
   * batch of writes re-ranks the same nearby rows again and again; inside one write transaction
   * no other connection can change the table, and this one changes it only through `putVector`
   * (which keeps the vector it wrote) and `deleteVector` (which drops the entry). Dropped when the
   * transaction ends.
   */
  private exactVectors: Map<string, Float32Array> | null = null;
  /** Rows and filter verdicts read since the last change (`readCache()`); never used inside a transaction. */
  private rowCache: ReadCache | null = null;
  private readCacheOn = true;
  private dataVersionSeen = -1;
  /**
   * The index was found current since this connection's write transaction began: no other
   * connection can commit while it holds the write lock, so `data_version` cannot move until it
   * ends, and the searches of a batch skip asking.
   */
  private vecCurrentInTx = false;
  /**
   * Cold start: until the index is first built, a layer's first search reads the table directly
   * (exact, the same hits) instead of building the index, which a process that searches once (a
   * CLI call, a hook) would pay for nothing. Its second search builds the index.
   */
  private vecBuilt = false;
  /** `coldStart`: whether searches before the indexes are built read the tables. */
  private readonly coldStart: boolean;
  /**
   * Whether the index holds every row's vector, or (false) only those of active rows: current
   * recall and the gate's active searches need no more, and in a long-lived store most rows are
   * archived. The first search of every status (time travel, history) reads the rest.
   */
  private vecAll = false;
  private readonly vecScanned: Record<VectorLayer, boolean> = { b: false, e: false };
  /** sqlite-vec's SQL functions: loaded on the first cold vector search; false when it cannot load. */
  private vecFunctions: boolean | null = null;
  /** Reads query terms and matched rows for a cold search over several namespaces (`namespaceText`). */
  private tokenizer: Fts5Tokenizer | undefined;
  /** The BM25 index (null: FTS5 answers every search), current through `text_changes` entry `textSeq`. */
  private text: TextIndex | null;
  private textSeq = 0;
  private readonly textBuilt: Record<TextLayer, boolean> = { b: false, e: false };
  /** Set when the file may have changed behind the log (tests' tampering): rebuild before the next search. */
  private textStale = false;
  /**
   * While a transaction is open: the log position when it began, the rows the index read during
   * it (they may hold its uncommitted writes) and whether a layer was built during it.
   */
  private textTx: { mark: number; rows: [TextLayer, number][]; built: boolean } | null = null;
  /** Rows to read again before the next search: a transaction that may have written them rolled back. */
  private textRefetch: [TextLayer, number][] = [];
  /**
   * Cold start, per layer: how many more FTS5 matches its searches may rank before the index is
   * built (null: not read yet). It starts at the layer's size, the rows one build reads, and each
   * cold search spends the matches it ranked (see `searchText`).
   */
  private readonly textColdLeft: Record<TextLayer, number | null> = { b: null, e: null };
  private queue: Promise<unknown> = Promise.resolve();
  /** Transactions of this handle rolled back: part of the write mark (`writeMark`). */
  private rollbacks = 0;
  private closed = false;
  /** How the vector index is made (its precision, search mode, re-rank): for an index built elsewhere. */
  private readonly vectorOptions: VectorIndexOptions;
  /** `busyTimeoutMs`, for the background build's own connection. */
  private busyTimeoutMs = 10_000;
  /**
   * The vector index's background build while it runs (`warmIndexes({ background: true })`): until
   * it is installed, every vector search is served cold from the table.
   */
  private background: BackgroundIndexBuild | null = null;
  /**
   * What the running background build will report (a second call waits for the same one): set
   * from the call until the index is installed or the build has failed, and while it is, every
   * vector search is served cold from the table.
   */
  private backgroundReport: Promise<IndexWarmReport> | null = null;
  /**
   * The background build whose text index is still to come: until it is installed (or the build
   * fails), every text search is served cold by FTS5, whatever `coldStart` says.
   */
  private textPending: object | null = null;
  /**
   * While a background build runs, the component pages its cold vector searches read (each would
   * read the same range again: ~300 bytes a row, ~1.1 CPU-s at 1M), with the file's stamp when
   * they were read: dropped on any write (this connection's or another's) and when the build ends.
   * Never filled inside a transaction (its writes may roll back).
   */
  private coldPages: { changes: number; version: number; pages: ComponentPages } | null = null;
  /** `backgroundFrom`: the rows from which `indexBuild: "auto"` builds in the background. */
  private backgroundFrom = BACKGROUND_FROM;
  /** The store's secret (`contentKey`), read or made by `migrate`. */
  private key = "";

  private constructor(
    db: Database.Database,
    path: string,
    vectorIndex: boolean,
    textIndex: boolean,
    precision: "int8" | "float32",
    coldStart: boolean,
    search: VectorSearchMode,
  ) {
    this.db = db;
    this.path = path;
    this.coldStart = coldStart;
    this.vectorOptions =
      precision === "int8"
        ? { precision, search, readExact: (layer, rowids, vrows) => this.storedVectors(layer, rowids, vrows) }
        : { precision, search };
    this.vectors = new VectorIndex(this.vectorOptions);
    this.text = textIndex ? new TextIndex() : null;
    this.capabilities = Object.freeze({
      fullText: true,
      vector: vectorIndex ? "index" : "scan",
      concurrentWriters: path !== ":memory:",
      backup: true,
    });
  }

  /** Opens (creating if needed) and migrates a store. */
  static open(options: SqliteStoreOptions): SqliteStore {
    const search = options.vectorSearch ?? "auto";
    if (!VECTOR_SEARCH_MODES.includes(search))
      throw new StrataError(
        "INVALID_INPUT",
        `vectorSearch must be "exact", "approximate" or "auto", not ${JSON.stringify(search)}: nothing was opened.`,
        { vectorSearch: String(search) },
      );
    const indexBuild = options.indexBuild ?? "on-search";
    if (indexBuild !== "on-search" && indexBuild !== "background" && indexBuild !== "auto")
      throw new StrataError(
        "INVALID_INPUT",
        `indexBuild must be "on-search", "background" or "auto", not ${JSON.stringify(indexBuild)}: nothing was opened.`,
        { indexBuild: String(indexBuild) },
      );
    const backgroundFrom = options.backgroundFrom ?? BACKGROUND_FROM;
    if (!Number.isFinite(backgroundFrom) || backgroundFrom < 0)
      throw new StrataError(
        "INVALID_INPUT",
        `backgroundFrom must be a number of rows (0 or more), not ${JSON.stringify(options.backgroundFrom)}: nothing was opened.`,
        { backgroundFrom: String(options.backgroundFrom) },
      );
    // Before anything is created: a store made in another store's WAL was lost at its checkpoint.
    const owner = sideFileOf(options.path);
    if (owner !== null)
      throw new StrataError(
        "CONFLICT",
        `${options.path} is a file SQLite keeps beside the database ${owner} (its -wal, -shm or -journal), not a store: opening it as one would write into that database's log. Pass --db (or path) the database itself, or a new file name; nothing was opened.`,
        { path: options.path, database: owner },
      );
    let db: Database.Database;
    try {
      createPrivately(options.path);
      db = new Database(options.path);
    } catch (error) {
      // `--db ./data`: a folder where the store's file was meant. Say so, and what to name instead.
      if (isFolder(options.path))
        throw new StrataError(
          "STORE_UNAVAILABLE",
          `${options.path} is a folder, not a store file: name a file in it (for example ${join(options.path, "memory.db")}); nothing was opened.`,
          { path: options.path, reason: "folder" },
        );
      throw new StrataError(
        "STORE_UNAVAILABLE",
        `Cannot open the SQLite store at ${options.path}: ${(error as Error).message}. Check the path exists and that this user may read and write it and its folder.`,
        { path: options.path },
      );
    }
    try {
      db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10_000}`);
      refuseForeignDatabase(db, options.path);
      if (options.path !== ":memory:") db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      db.pragma("foreign_keys = ON");
      // Freed space is overwritten with zeros, so text a forget (or any update) replaced does not
      // linger in free pages or in a page's free space.
      db.pragma("secure_delete = ON");
    } catch (error) {
      if (db.open) db.close();
      if (error instanceof StrataError) throw error;
      if (isBusy(error)) throw writeLocked(options.path, options.busyTimeoutMs ?? 10_000, "open");
      // Not a database (a text file, a device), or a file SQLite cannot write.
      const code = (error as { code?: string }).code;
      throw new StrataError("STORE_UNAVAILABLE", openRefusal(options.path, code, (error as Error).message), {
        path: options.path,
        ...(code ? { sqlite: code } : {}),
      });
    }
    const store = new SqliteStore(
      db,
      options.path,
      (options.vectorIndex ?? "auto") === "auto",
      (options.textIndex ?? "auto") === "auto",
      precisionFor(db, options.vectorPrecision ?? "auto"),
      options.coldStart ?? true,
      search,
    );
    store.readCacheOn = options.readCache ?? true;
    store.busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
    store.migrate(
      options.random ?? randomBytes,
      options.onMigrationProgress,
      options.onUpgrade,
      options.upgradeCopy ?? true,
    );
    store.dropLegacyVecTables();
    store.backgroundFrom = backgroundFrom;
    if (indexBuild !== "on-search")
      void store.warmIndexes({ background: indexBuild === "auto" ? "auto" : true });
    return store;
  }

  /**
   * The content key of a store whose schema is current, read without a write lock (WAL readers
   * never wait for a writer), so a read can open a store another process is writing to; null
   * when the store is new, older or lacks its key, which `migrate` then settles under the lock.
   */
  private currentKey(): string | null {
    try {
      const rows = this.db
        .prepare("SELECT key, value FROM meta WHERE key IN ('schema_version', ?)")
        .all(CONTENT_KEY) as Row[];
      const value = (k: string) => rows.find((r) => r.key === k)?.value as string | undefined;
      return Number(value("schema_version")) === SCHEMA_VERSION ? (value(CONTENT_KEY) ?? null) : null;
    } catch {
      return null; // no meta table yet: a new file
    }
  }

  private migrate(
    random: (bytes: number) => Uint8Array,
    onProgress: SqliteStoreOptions["onMigrationProgress"],
    onUpgrade?: SqliteStoreOptions["onUpgrade"],
    keepCopy = true,
  ): void {
    const key = this.currentKey();
    if (key !== null) {
      this.key = key;
      return;
    }
    // The copy this open kept, if any: removed again when the upgrade rolls back (below).
    let copy: string | null = null;
    try {
      this.db.exec("BEGIN IMMEDIATE");
      this.db.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
      const row = this.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
        | Row
        | undefined;
      const current = row ? Number(row.value) : 0;
      if (current > SCHEMA_VERSION) {
        throw new StrataError(
          "SCHEMA_TOO_NEW",
          `The store at ${this.path} has schema version ${current}, newer than this Strata (${SCHEMA_VERSION}). Upgrade strata-memory to open it.`,
          { found: current, supported: SCHEMA_VERSION },
        );
      }
      // An older Strata's store is copied as it was before anything in it changes (the write lock
      // is held, so the copy is the file no other process can upgrade meanwhile): an older Strata
      // refuses the upgraded file and opens the copy. A new file (schema 0) has nothing to keep.
      const upgrading =
        current > 0 && current < SCHEMA_VERSION && this.path !== ":memory:" && !this.path.startsWith("file:");
      copy = upgrading && keepCopy ? keepUpgradeCopy(this.path, current, SCHEMA_VERSION) : null;
      // The secret is made once, by whichever process creates the store (or first opens an older
      // one), before the migrations: a migration may key what it rewrites with it.
      this.db
        .prepare("INSERT OR IGNORE INTO meta(key, value) VALUES (?, ?)")
        .run(CONTENT_KEY, Buffer.from(random(32)).toString("hex"));
      this.key = (this.db.prepare("SELECT value FROM meta WHERE key = ?").get(CONTENT_KEY) as Row)
        .value as string;
      for (let v = current; v < SCHEMA_VERSION; v++) {
        this.db.exec(MIGRATIONS[v]!);
        MIGRATION_FILLS[v + 1]?.(
          this.db,
          onProgress ? (done, total) => onProgress({ version: v + 1, done, total }) : undefined,
          this.key,
        );
      }
      this.db
        .prepare(
          "INSERT INTO meta(key, value) VALUES ('schema_version', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        )
        .run(String(SCHEMA_VERSION));
      this.db.exec("COMMIT");
      if (upgrading) onUpgrade?.({ path: this.path, from: current, to: SCHEMA_VERSION, copy });
    } catch (error) {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      this.db.close();
      // Rolled back, the store is the file the copy holds: a second full copy of every text would
      // otherwise stay beside it, named by no message (attacks39), and the next attempt keep a third.
      if (copy) rmSync(copy, { force: true });
      if (error instanceof StrataError) throw error;
      if (isBusy(error)) throw writeLocked(this.path, this.busyTimeoutMs, "prepare");
      throw new StrataError(
        "STORE_UNAVAILABLE",
        `Cannot prepare the SQLite store at ${this.path}: ${(error as Error).message}. Check the file is writable (not read-only, not on a full disk).`,
        { path: this.path },
      );
    }
  }

  /**
   * Stores written before the in-process index also kept sqlite-vec `vec0` tables (vec_belief_384 …)
   * mirroring the `vectors` table. Nothing reads them any more: they are dropped when sqlite-vec
   * loads (dropping a virtual table needs its module) and otherwise left alone; the file opens
   * either way.
   */
  private dropLegacyVecTables(): void {
    // Only the vec0 tables themselves (vec_belief_384), not their shadow tables (…_chunks, …_rowids).
    const tables = (
      this.db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'vec\\_%' ESCAPE '\\'")
        .all() as Row[]
    )
      .map((r) => r.name as string)
      .filter((name) => /^vec_(belief|episode)_\d+$/.test(name));
    if (tables.length === 0) return;
    try {
      const require = createRequire(import.meta.url);
      (require("sqlite-vec") as { load(db: Database.Database): void }).load(this.db);
    } catch {
      return;
    }
    this.db.exec("BEGIN IMMEDIATE");
    try {
      for (const table of tables) this.db.exec(`DROP TABLE IF EXISTS ${table}`);
      this.db.exec("COMMIT");
    } catch {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
    }
  }

  private stmt(sql: string): Stmt {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql) as Stmt;
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Each records statement's row reader, made from its columns once. */
  private readonly readers = new WeakMap<Stmt, (values: readonly unknown[]) => unknown>();

  /**
   * Beliefs or episodes by a `SELECT *` statement of their own (its rows come back as value
   * arrays, so the SQL must not be shared with an object-row caller), read field by field.
   */
  private records<T>(
    sql: string,
    reader: (columns: readonly string[], seqColumn: string) => (values: readonly unknown[]) => T,
    params: readonly unknown[],
  ): T[] {
    const s = this.stmt(sql);
    let read = this.readers.get(s) as ((values: readonly unknown[]) => T) | undefined;
    if (!read) {
      read = reader(
        s.columns().map((c) => c.name),
        "rowid",
      );
      this.readers.set(s, read);
      s.raw(true);
    }
    return (s.all(...params) as unknown as unknown[][]).map(read);
  }

  private check(): void {
    if (this.closed)
      throw new StrataError("STORE_CLOSED", "The store is closed: open a new memory with openMemory().");
  }

  // -------------------------------------------------------------------------------------------
  // Transactions
  // -------------------------------------------------------------------------------------------

  transaction<T>(fn: (tx: StoreWriter) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      this.check();
      try {
        this.db.exec("BEGIN IMMEDIATE");
      } catch (error) {
        throw isBusy(error) ? writeLocked(this.path, this.busyTimeoutMs, "write to") : error;
      }
      this.textTx = { mark: this.textSeq, rows: [], built: false };
      this.exactVectors = new Map();
      this.vecCurrentInTx = false;
      try {
        const result = await fn(this);
        this.db.exec("COMMIT");
        this.textTx = null;
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        // The mark moves (attacks46): a read on this handle while the transaction was open saw its
        // rows, and `total_changes()` had already counted them when that read took its first mark.
        this.rollbacks++;
        // The indexes saw this transaction's writes: reconcile them with the file before the next search.
        this.vecStale = true;
        this.textRolledBack();
        throw error;
      } finally {
        this.exactVectors = null;
        this.vecCurrentInTx = false;
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async writeMark(): Promise<string> {
    this.check();
    // Every row this connection wrote (triggers included), and every other connection's commit.
    const changes = this.stmt("SELECT total_changes() /* write mark */").pluck().get() as unknown as number;
    const version = this.stmt("PRAGMA data_version /* write mark */").pluck().get() as unknown as number;
    return `${version}:${changes}:${this.rollbacks}`;
  }

  snapshot<T>(fn: (reader: StoreReader) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      this.check();
      // A deferred transaction takes no lock until it reads; its first read fixes the state the
      // rest see. In WAL mode another connection's writer goes on meanwhile.
      this.db.exec("BEGIN DEFERRED");
      try {
        this.stmt("SELECT count(*) FROM meta /* snapshot */").get();
        return await fn(this);
      } finally {
        if (this.db.inTransaction) this.db.exec("COMMIT");
        // The indexes may have read the snapshot's rows: reconcile them with the file before the next search.
        this.vecStale = true;
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * After forget committed: merges both full-text indexes (FTS5 keeps a deleted row's tokens in
   * its segment b-trees until they are merged), then checkpoints the write-ahead log into the main
   * file (whose freed pages `secure_delete` zeroes) and truncates it. The checkpoint waits at most
   * `PURGE_WAIT_MS` for another connection reading an older snapshot (not the store's whole busy
   * timeout: measured 10 s of forget's time); past it, the log keeps the old pages until a later
   * checkpoint, and the report says so (`skipped: [{ part: "wal", … }]`). Each copy an upgrade
   * kept beside the store (`upgradeCopiesOf`) is named in `skipped` too: it holds the text as it was.
   */
  async purgeErased(): Promise<PurgeReport> {
    const run = async (): Promise<PurgeReport> => {
      this.check();
      this.db.exec("BEGIN IMMEDIATE");
      try {
        this.db.exec("INSERT INTO belief_fts(belief_fts) VALUES ('optimize')");
        this.db.exec("INSERT INTO episode_fts(episode_fts) VALUES ('optimize')");
        this.db.exec("COMMIT");
      } catch (error) {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
      const report: PurgeReport = { rewritten: ["belief_fts", "episode_fts"], skipped: [] };
      if (this.path === ":memory:") return report; // no log, no file
      const busyTimeout = this.db.pragma("busy_timeout", { simple: true }) as number;
      this.db.pragma(`busy_timeout = ${Math.min(busyTimeout, PURGE_WAIT_MS)}`);
      let result: { busy: number; log: number; checkpointed: number } | undefined;
      try {
        [result] = this.db.pragma("wal_checkpoint(TRUNCATE)") as (typeof result)[];
      } finally {
        this.db.pragma(`busy_timeout = ${busyTimeout}`);
      }
      const complete = result !== undefined && result.busy === 0 && result.checkpointed >= result.log;
      if (!complete)
        report.skipped.push({
          part: "wal",
          reason: `another connection read an older snapshot of the store for more than ${PURGE_WAIT_MS / 1000} s, so the write-ahead log keeps the old pages (${result?.checkpointed ?? 0} of ${result?.log ?? "?"} copied home)`,
          remedy: `the next forget checkpoints it again; or, with no other process reading the store: sqlite3 ${this.path} "PRAGMA wal_checkpoint(TRUNCATE)"`,
        });
      else report.rewritten.push("wal");
      // A copy an upgrade kept beside the store holds the store as it was then: forget cannot
      // reach it, so the report names each one still there and how to remove it.
      for (const { copy, schema } of upgradeCopiesOf(this.path))
        report.skipped.push({
          part: "upgrade copy",
          reason: `${copy} is the store as it was before upgrading it from schema ${schema}; forget does not reach it`,
          remedy: `rm ${copy} (once you no longer need to go back to the older Strata)`,
        });
      return report;
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Builds the in-process indexes now (active vectors, and the text of both layers) instead of
   * serving the first searches cold from the tables. For a process that will search many times:
   * its searches are then all warm ones. Nothing changes in the file.
   *
   *   const store = SqliteStore.open({ path });
   *   await store.warmIndexes();
   *
   * `{ background: true }`: the vector index is built in a worker thread instead, while searches
   * are served cold (see `SqliteStoreOptions.indexBuild`); the promise settles once it is
   * installed, or with `how: "on-search"` and the reason when it could not be (never rejects for
   * a failed build: the index is then built on a search as before).
   *
   *   void store.warmIndexes({ background: true }).then((r) => r.notice && log(r.notice));
   */
  async warmIndexes(options: IndexWarmOptions = {}): Promise<IndexWarmReport> {
    this.check();
    const report = await this.warm(options);
    // Whether to tell the user is decided here, once, for every adapter: a build that could not
    // run, unless by design (a small store) or because the store closed (its owner is shutting down).
    return report.how === "on-search" && report.reason && !report.small && !this.closed
      ? { ...report, notice: `indexes build on search: ${report.reason}` }
      : report;
  }

  /** `warmIndexes` without its `notice`. */
  private async warm(options: IndexWarmOptions): Promise<IndexWarmReport> {
    if (!options.background) {
      if (this.capabilities.vector === "index" && !this.backgroundReport) this.syncVectors(false);
      if (this.text) for (const layer of ["b", "e"] as const) this.syncText(layer);
      return { how: "here" };
    }
    if (options.background === "auto") {
      const rows = this.layerSize("b") + this.layerSize("e");
      if (rows < this.backgroundFrom)
        return {
          how: "on-search",
          small: true,
          reason: `${rows} rows, fewer than backgroundFrom (${this.backgroundFrom}): the indexes are built on search, which costs less at this size`,
        };
    }
    if (this.capabilities.vector !== "index")
      return { how: "on-search", reason: "vectorIndex is scan: there is no index to build" };
    if (this.path === ":memory:")
      return { how: "on-search", reason: "an in-memory store has no file for a worker thread to read" };
    if (this.vecBuilt) return { how: "here" };
    if (this.backgroundReport) return this.backgroundReport;
    const report = this.buildInBackground(options);
    this.backgroundReport = report;
    void report.finally(() => {
      if (this.backgroundReport !== report) return;
      this.backgroundReport = null;
      this.coldPages = null;
    });
    return report;
  }

  /**
   * The background build: the file's state noted first (outside any transaction of this
   * connection: its writes are either committed before the worker's snapshot or counted as made
   * since), then the worker started; its index installed when it comes back, unless the store
   * closed or built its own meanwhile. If nothing was written since the note, the index is the
   * file's as it stands; otherwise the next search reconciles it with the table (`syncVectors`), as
   * after another process's commit.
   */
  private async buildInBackground(options: IndexWarmOptions): Promise<IndexWarmReport> {
    // From the call on (before the worker starts), text searches are served cold: none builds a layer here.
    const token = {};
    if (this.text && !this.textBuilt.b && !this.textBuilt.e) this.textPending = token;
    const started = await this.enqueue(async () => {
      if (this.closed) return null;
      const noted = this.fileStamp();
      const { buildIndexInBackground } = await import("./index-builder.js").catch(() => ({
        buildIndexInBackground: null,
      }));
      if (!buildIndexInBackground) return null;
      const build = buildIndexInBackground(
        {
          path: resolve(this.path),
          busyTimeoutMs: this.busyTimeoutMs,
          precision: this.vectorOptions.precision ?? "float32",
          search: this.vectorOptions.search ?? "auto",
          text: this.textPending === token,
        },
        options.entry,
      );
      this.background = build;
      return { build, noted };
    });
    if (!started && this.textPending === token) this.textPending = null;
    if (!started)
      return {
        how: "on-search",
        reason: this.closed ? "the store closed" : "the index builder did not load",
      };
    const { build, noted } = started;
    const text =
      this.textPending === token ? this.installText(build, token, options) : Promise.resolve(undefined);
    const message = await build.result;
    if ("error" in message) {
      if (this.background === build) this.background = null;
      return withText(
        { how: "on-search", reason: this.closed ? "the store closed" : message.error },
        await text,
      );
    }
    try {
      await options.beforeInstall?.();
    } catch (error) {
      if (this.background === build) this.background = null;
      return { how: "on-search", reason: `beforeInstall failed: ${(error as Error).message}` };
    }
    return this.enqueue(async (): Promise<IndexWarmReport> => {
      if (this.closed || this.background !== build)
        return { how: "on-search", reason: this.closed ? "the store closed" : "stopped" };
      this.background = null;
      if (this.vecBuilt) return { how: "here" };
      let index: VectorIndex;
      try {
        index = VectorIndex.fromTransferable(message.state, this.vectorOptions);
      } catch (error) {
        return {
          how: "on-search",
          reason: `the built index could not be installed: ${(error as Error).message}`,
        };
      }
      const now = this.fileStamp();
      this.vectors = index;
      this.vecAll = false;
      this.vecBuilt = true;
      this.vecCurrentInTx = false;
      const unchanged = now.changes === noted.changes && now.version === noted.version;
      this.vecStale = !unchanged;
      if (unchanged) this.dataVersionSeen = now.version;
      return {
        how: "background",
        ms: message.ms,
        caughtUp: unchanged ? "nothing written" : "on the next search",
      };
    }).then(async (report) => withText(report, await text));
  }

  /**
   * The text index of a background build, installed when the worker posts it (before the vector
   * index, which it builds next) unless the store closed or built its own meanwhile. The worker
   * read the `text_changes` position inside its snapshot: the next search replays the log past it
   * (`syncText`), exactly as it does after any write, so rows written during the build, by this
   * connection or another, are read again. A log trimmed past it rebuilds, as it always has.
   */
  private async installText(
    build: BackgroundIndexBuild,
    token: object,
    options: IndexWarmOptions,
  ): Promise<TextWarmReport> {
    const message = await build.text;
    if (this.textPending !== token)
      return { how: "on-search", reason: this.closed ? "the store closed" : "stopped" };
    if ("error" in message) {
      this.textPending = null;
      return { how: "on-search", reason: message.error };
    }
    try {
      await options.beforeInstall?.();
    } catch (error) {
      if (this.textPending === token) this.textPending = null;
      return { how: "on-search", reason: `beforeInstall failed: ${(error as Error).message}` };
    }
    return this.enqueue(async (): Promise<TextWarmReport> => {
      if (this.closed || this.textPending !== token)
        return { how: "on-search", reason: this.closed ? "the store closed" : "stopped" };
      this.textPending = null;
      if (!this.text || this.textBuilt.b || this.textBuilt.e) return { how: "here" };
      let index: TextIndex;
      try {
        index = TextIndex.fromTransferable(message.text);
      } catch (error) {
        return {
          how: "on-search",
          reason: `the built text index could not be installed: ${(error as Error).message}`,
        };
      }
      this.text = index;
      this.textSeq = message.seq;
      this.textRefetch = [];
      this.textBuilt.b = true;
      this.textBuilt.e = true;
      const written = textLogPosition((sql) => this.stmt(sql)) !== message.seq;
      return {
        how: "background",
        ms: message.ms,
        caughtUp: written ? "on the next search" : "nothing written",
      };
    });
  }

  /** Runs `fn` after every transaction queued before it (and before any queued after). */
  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** This connection's writes so far and the file's commits by others: equal notes mean nothing was written between them. */
  private fileStamp(): { changes: number; version: number } {
    const [changes, version] = this.stmt(
      "SELECT total_changes(), data_version FROM pragma_data_version /* index build */",
    )
      .raw(true)
      .get() as unknown as [number, number];
    return { changes, version };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue;
    this.closed = true;
    // A build still running: its worker is terminated and nothing is installed.
    const building = this.background;
    this.background = null;
    this.textPending = null;
    await building?.stop();
    this.db.close();
    // A closed store answers nothing, but whoever still holds it (a Memory kept in a variable, a
    // caller's reference) would keep its in-process indexes: hundreds of MB at a million rows.
    this.vectors = new VectorIndex();
    this.text = this.text && new TextIndex();
    this.exactVectors = null;
    this.rowCache = null;
    this.coldPages = null;
  }

  /** `fn()`: each search checks the file's version in process, no round trip to save. */
  readScope<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /**
   * A named lock across this process and every process sharing the file: the in-process
   * registry, then a lock file beside the database (file-lock.ts). In memory: the registry alone.
   */
  async withLock<T>(name: string, options: LockOptions, fn: () => Promise<T>): Promise<T> {
    this.check();
    return withFileLock(this.path === ":memory:" ? null : this.path, this, name, options, fn);
  }

  /** Whether `path` is the database, a file SQLite keeps beside it, or one of its locks. */
  ownsFile(path: string): boolean {
    return isStoreFile(this.path, path);
  }

  /** Hot, consistent copy through SQLite's online backup API, while writers run. */
  async backup(destination: string, options: { overwrite?: boolean } = {}): Promise<void> {
    this.check();
    // Before anything is removed: `--force` over the store's WAL deleted the live log.
    if (this.ownsFile(destination))
      throw new StrataError(
        "CONFLICT",
        `${destination} is one of the store's own files (the database, its -wal, -shm or -journal, or a lock beside it): a backup there would destroy the store. Back it up to another file.`,
        { path: destination },
      );
    if (existsSync(destination)) {
      if (!options.overwrite)
        throw new StrataError(
          "CONFLICT",
          `${destination} already exists: a backup never overwrites a file unless asked. Pick a new path, or pass overwrite: true (--force).`,
          { path: destination },
        );
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${destination}${suffix}`, { force: true });
    }
    createPrivately(destination);
    await this.db.backup(destination);
  }

  // -------------------------------------------------------------------------------------------
  // Filters
  // -------------------------------------------------------------------------------------------

  private beliefWhere(f: BeliefFilter, alias = "b"): { sql: string; params: unknown[] } {
    const parts: string[] = [`${alias}.namespace IN (${f.namespaces.map(() => "?").join(",")})`];
    const params: unknown[] = [...f.namespaces];
    if (f.statuses) {
      parts.push(`${alias}.status IN (${f.statuses.map(() => "?").join(",")})`);
      params.push(...f.statuses);
    } else parts.push(`${alias}.status != 'forgotten'`);
    if (f.kinds?.length) {
      parts.push(`${alias}.kind IN (${f.kinds.map(() => "?").join(",")})`);
      params.push(...f.kinds);
    }
    if (f.at) {
      parts.push(`${alias}.valid_from <= ? AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ?)`);
      params.push(f.at, f.at);
    }
    if (f.asOf) {
      parts.push(`${alias}.recorded_at <= ? AND (${alias}.retired_at IS NULL OR ${alias}.retired_at > ?)`);
      params.push(f.asOf, f.asOf);
    }
    if (f.pinned !== undefined) {
      parts.push(`${alias}.pinned = ?`);
      params.push(f.pinned ? 1 : 0);
    }
    metadataWhere(f.metadata, alias, parts, params);
    return { sql: parts.join(" AND "), params };
  }

  private episodeWhere(f: EpisodeFilter, alias = "e"): { sql: string; params: unknown[] } {
    const parts: string[] = [`${alias}.namespace IN (${f.namespaces.map(() => "?").join(",")})`];
    const params: unknown[] = [...f.namespaces];
    if (f.statuses) {
      parts.push(`${alias}.status IN (${f.statuses.map(() => "?").join(",")})`);
      params.push(...f.statuses);
    } else parts.push(`${alias}.status != 'forgotten'`);
    if (f.types?.length) {
      parts.push(`${alias}.type IN (${f.types.map(() => "?").join(",")})`);
      params.push(...f.types);
    }
    if (f.sessions?.length) {
      parts.push(`${alias}.session IN (${f.sessions.map(() => "?").join(",")})`);
      params.push(...f.sessions);
    }
    if (f.at) {
      parts.push(`${alias}.at <= ? AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ?)`);
      params.push(f.at, f.at);
    } else if (!f.includeSuperseded) parts.push(`${alias}.superseded_by IS NULL`);
    if (f.asOf) {
      parts.push(`${alias}.recorded_at <= ?`);
      params.push(f.asOf);
    }
    if (f.undistilled) parts.push(`${alias}.distilled_at IS NULL`);
    metadataWhere(f.metadata, alias, parts, params);
    return { sql: parts.join(" AND "), params };
  }

  // -------------------------------------------------------------------------------------------
  // Reads
  // -------------------------------------------------------------------------------------------

  async getEpisode(id: string, namespace: NamespaceScope): Promise<Episode | null> {
    const namespaces = scopedNamespaces(namespace, "getEpisode");
    return this.oneById(id, "e", namespaces) as Episode | null;
  }

  async getBelief(id: string, namespace: NamespaceScope): Promise<Belief | null> {
    const namespaces = scopedNamespaces(namespace, "getBelief");
    return this.oneById(id, "b", namespaces) as Belief | null;
  }

  /** The row `id` of `namespaces` (null: of any), or null; never a row of another namespace. */
  private oneById(
    id: string,
    prefix: "b" | "e",
    namespaces: readonly string[] | null,
  ): Belief | Episode | null {
    this.check();
    if (typeof id !== "string" || !id.startsWith(prefix) || namespaces?.length === 0) return null;
    const table = prefix === "b" ? "beliefs" : "episodes";
    const scope = namespaces === null ? "" : ` AND namespace IN (${namespaces.map(() => "?").join(",")})`;
    const r = this.stmt(`SELECT * FROM ${table} WHERE rowid = ?${scope}`).get(
      rowidOf(id),
      ...(namespaces ?? []),
    );
    return r ? (prefix === "b" ? toBelief(r) : toEpisode(r)) : null;
  }

  async getItems(
    ids: readonly string[],
    namespace: NamespaceScope,
  ): Promise<{ beliefs: Belief[]; episodes: Episode[] }> {
    const namespaces = scopedNamespaces(namespace, "getItems");
    const cache = this.readCache() ?? undefined;
    return {
      beliefs: this.byIds(ids, "b", "beliefs", rawBeliefReader, cache, namespaces),
      episodes: this.byIds(ids, "e", "episodes", rawEpisodeReader, cache, namespaces),
    };
  }

  /**
   * Which of `ids` (beliefs' and episodes') name a row of `namespaces`: the scope of the reads
   * whose own rows carry no namespace (links, outcomes, judged pairs).
   */
  private idsIn(ids: readonly string[], namespaces: readonly string[]): Set<string> {
    const found = new Set<string>();
    if (namespaces.length === 0) return found;
    const ns = namespaces.map(() => "?").join(",");
    for (const [prefix, table] of [
      ["b", "beliefs"],
      ["e", "episodes"],
    ] as const) {
      const rowids = [
        ...new Set(
          ids.filter((id) => typeof id === "string" && /^[be][0-9]+$/.test(id) && id.startsWith(prefix)),
        ),
      ].map(rowidOf);
      for (let i = 0; i < rowids.length; i += 500) {
        const chunk = rowids.slice(i, i + 500);
        const rows = this.stmt(
          `SELECT rowid FROM ${table} WHERE rowid IN (${chunk.map(() => "?").join(",")}) AND namespace IN (${ns}) /* ids in */`,
        )
          .pluck()
          .all(...chunk, ...namespaces) as unknown as number[];
        for (const rowid of rows) found.add(`${prefix}${rowid}`);
      }
    }
    return found;
  }

  async getEpisodes(ids: readonly string[], namespace: NamespaceScope): Promise<Episode[]> {
    return this.byIds(
      ids,
      "e",
      "episodes",
      rawEpisodeReader,
      undefined,
      scopedNamespaces(namespace, "getEpisodes"),
    );
  }

  async getBeliefs(ids: readonly string[], namespace: NamespaceScope): Promise<Belief[]> {
    return this.byIds(
      ids,
      "b",
      "beliefs",
      rawBeliefReader,
      undefined,
      scopedNamespaces(namespace, "getBeliefs"),
    );
  }

  async getEpisodesAnyNamespace(ids: readonly string[]): Promise<Episode[]> {
    return this.byIds(ids, "e", "episodes", rawEpisodeReader, undefined, null);
  }

  async getBeliefsAnyNamespace(ids: readonly string[]): Promise<Belief[]> {
    return this.byIds(ids, "b", "beliefs", rawBeliefReader, undefined, null);
  }

  /**
   * The rows among `ids`, in `ids` order: only those of `namespaces`, filtered in the query, or
   * (null) of every namespace. A cached row of another namespace counts as not cached, so a
   * foreign id takes the path a missing one takes (the query, which finds nothing) and is never
   * handed out.
   */
  private byIds<T extends Belief | Episode>(
    ids: readonly string[],
    prefix: "b" | "e",
    table: string,
    reader: (columns: readonly string[], seqColumn: string) => (values: readonly unknown[]) => T,
    current: ReadCache | undefined,
    namespaces: readonly string[] | null,
  ): T[] {
    this.check();
    if (namespaces?.length === 0) return [];
    let rowids = ids.filter((id) => id.startsWith(prefix)).map(rowidOf);
    const out: T[] = [];
    // Rows read since the last change come from the cache; only the rest are read. `current`: the
    // cache a caller just took for this same read (no second look at the file's stamp).
    const cache = current ?? this.readCache();
    const cached = cache?.[prefix] as Map<number, T> | undefined;
    if (cached) {
      const missing: number[] = [];
      const seen = new Set<number>();
      for (const rowid of rowids) {
        const row = cached.get(rowid);
        if (!row || (namespaces !== null && !namespaces.includes(row.namespace))) missing.push(rowid);
        else if (!seen.has(rowid)) {
          seen.add(rowid);
          out.push(row);
        }
      }
      rowids = missing;
      // Every row from the cache, none asked twice: already in the order asked.
      if (missing.length === 0 && seen.size === out.length && out.length === countPrefixed(ids, prefix))
        return out;
    }
    // Chunked: no SQL parameter limit, however many ids.
    for (let i = 0; i < rowids.length; i += 500) {
      const chunk = rowids.slice(i, i + 500);
      const scope = namespaces === null ? "" : ` AND namespace IN (${namespaces.map(() => "?").join(",")})`;
      const rows = this.records(
        `SELECT * FROM ${table} WHERE rowid IN (${chunk.map(() => "?").join(",")})${scope} /* records */`,
        reader,
        namespaces === null ? chunk : [...chunk, ...namespaces],
      );
      if (cache && cached) this.keep(cache, cached, rows);
      out.push(...rows);
    }
    const order = new Map(ids.map((id, i) => [id, i]));
    return out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /**
   * The read cache, current with the file (cleared when this connection wrote a row or another
   * committed since it was filled); null inside a transaction, whose writes a rollback could undo
   * after they were read.
   */
  private readCache(): ReadCache | null {
    if (!this.readCacheOn || this.db.inTransaction) return null;
    // Two statements, not one `SELECT … FROM pragma_data_version`: the table-valued pragma costs
    // ~7 µs a call where `total_changes()` (no read transaction) and the plain pragma cost ~4.5
    // together, and a warm recall asks ~18 times.
    const changes = this.stmt("SELECT total_changes() /* read cache */").pluck().get() as unknown as number;
    const version = this.stmt("PRAGMA data_version /* read cache */").pluck().get() as unknown as number;
    const c = this.rowCache;
    if (c && c.changes === changes && c.version === version) return c;
    this.rowCache = {
      changes,
      version,
      size: 0,
      b: new Map(),
      e: new Map(),
      verdicts: new Map(),
      verdictCount: 0,
      vectors: new Map(),
      listings: new Map(),
    };
    return this.rowCache;
  }

  /**
   * The rowids `sql` selects (one column) with `params`, from the read cache when this statement
   * ran since the file last changed. `cache` is `readCache()`'s answer for this read.
   */
  private listedRowids(cache: ReadCache, sql: string, params: readonly unknown[]): readonly number[] {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const known = cache.listings.get(key);
    if (known) return known;
    const rowids = (
      this.stmt(sql)
        .raw(true)
        .all(...params) as unknown as [number][]
    ).map(([r]) => r);
    if (cache.listings.size >= READ_CACHE_LISTINGS) cache.listings.clear();
    cache.listings.set(key, rowids);
    return rowids;
  }

  /** Keeps rows just read in the cache, starting it over when it is full. */
  private keep<T extends Belief | Episode>(cache: ReadCache, into: Map<number, T>, rows: readonly T[]): void {
    this.makeRoom(cache, rows.length);
    // Frozen, nested values included: a record is handed to every later read until the file
    // changes, so code that changed one it was given would change what others read.
    for (const row of rows) into.set(rowidOf(row.id), deepFreeze(row));
    cache.size += rows.length;
  }

  /** Starts the read cache over when `n` more entries would pass its bound. */
  private makeRoom(cache: ReadCache, n: number): void {
    if (cache.size + n <= READ_CACHE_ROWS) return;
    cache.b.clear();
    cache.e.clear();
    cache.size = 0;
  }

  async listBeliefs(filter: BeliefFilter, page: { limit: number; offset: number }): Promise<Belief[]> {
    this.check();
    const w = this.beliefWhere(filter);
    return this.records(
      `SELECT * FROM beliefs b WHERE ${w.sql} ORDER BY b.rowid LIMIT ? OFFSET ? /* records */`,
      rawBeliefReader,
      [...w.params, page.limit, page.offset],
    );
  }

  async listEpisodes(
    filter: EpisodeFilter,
    page: { limit: number; offset: number; order: "at-desc" | "at-asc" },
  ): Promise<Episode[]> {
    this.check();
    const w = this.episodeWhere(filter);
    const order = page.order === "at-desc" ? "e.at DESC, e.rowid DESC" : "e.at ASC, e.rowid ASC";
    // A page a read cache can hold (a session's turns, for recall's neighbours): its rowids, then
    // the rows through the cache, so a page read again decodes nothing.
    const cache = page.limit <= LISTED_THROUGH_CACHE ? this.readCache() : null;
    if (cache) {
      const rowids = this.listedRowids(
        cache,
        `SELECT e.rowid FROM episodes e WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...w.params, page.limit, page.offset],
      );
      return this.byIds(
        rowids.map((rowid) => `e${rowid}`),
        "e",
        "episodes",
        rawEpisodeReader,
        cache,
        null, // read by the namespaced query above
      );
    }
    return this.records(
      `SELECT * FROM episodes e WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ? /* records */`,
      rawEpisodeReader,
      [...w.params, page.limit, page.offset],
    );
  }

  async countBeliefs(filter: BeliefFilter): Promise<Record<string, Record<string, number>>> {
    this.check();
    const w = this.beliefWhere(filter);
    const rows = this.stmt(
      `SELECT kind, status, pinned, COUNT(*) AS n FROM beliefs b WHERE ${w.sql} GROUP BY kind, status, pinned`,
    ).all(...w.params);
    const out: Record<string, Record<string, number>> = { kind: {}, status: {}, pinned: {} };
    for (const r of rows) {
      const n = r.n as number;
      out.kind![r.kind as string] = (out.kind![r.kind as string] ?? 0) + n;
      out.status![r.status as string] = (out.status![r.status as string] ?? 0) + n;
      const p = r.pinned === 1 ? "true" : "false";
      out.pinned![p] = (out.pinned![p] ?? 0) + n;
    }
    return out;
  }

  async countEpisodes(filter: EpisodeFilter): Promise<Record<string, Record<string, number>>> {
    this.check();
    const w = this.episodeWhere({ ...filter, includeSuperseded: true });
    const rows = this.stmt(
      `SELECT type, status, COUNT(*) AS n FROM episodes e WHERE ${w.sql} GROUP BY type, status`,
    ).all(...w.params);
    const out: Record<string, Record<string, number>> = { type: {}, status: {} };
    for (const r of rows) {
      const n = r.n as number;
      out.type![r.type as string] = (out.type![r.type as string] ?? 0) + n;
      out.status![r.status as string] = (out.status![r.status as string] ?? 0) + n;
    }
    return out;
  }

  async supersededBy(id: string, namespace: NamespaceScope): Promise<Belief[]> {
    const namespaces = scopedNamespaces(namespace, "supersededBy");
    this.check();
    if (namespaces.length === 0) return [];
    return this.stmt(
      `SELECT * FROM beliefs WHERE superseded_by = ? AND namespace IN (${namespaces.map(() => "?").join(",")}) ORDER BY rowid`,
    )
      .all(id, ...namespaces)
      .map(toBelief);
  }

  async beliefsFromEpisode(episodeId: string, namespace: NamespaceScope): Promise<Belief[]> {
    const namespaces = scopedNamespaces(namespace, "beliefsFromEpisode");
    this.check();
    if (namespaces.length === 0) return [];
    // Recall asks this of every episode candidate and session neighbour, call after call: the
    // rowids through the read cache, then the rows (rowid order, as the statement below), those of
    // the scope only.
    const cache = this.readCache();
    if (cache) {
      const rowids = this.listedRowids(
        cache,
        "SELECT b.rowid FROM belief_sources s JOIN beliefs b ON b.rowid = CAST(substr(s.belief_id, 2) AS INTEGER) WHERE s.episode_id = ? ORDER BY b.rowid",
        [episodeId],
      );
      return rowids.length === 0
        ? []
        : this.byIds(
            rowids.map((rowid) => `b${rowid}`),
            "b",
            "beliefs",
            rawBeliefReader,
            cache,
            namespaces,
          );
    }
    return this.stmt(
      `SELECT b.* FROM belief_sources s JOIN beliefs b ON b.rowid = CAST(substr(s.belief_id, 2) AS INTEGER) WHERE s.episode_id = ? AND b.namespace IN (${namespaces.map(() => "?").join(",")}) ORDER BY b.rowid`,
    )
      .all(episodeId, ...namespaces)
      .map(toBelief);
  }

  async searchBeliefText(terms: readonly string[], filter: BeliefFilter, limit: number): Promise<ScoredId[]> {
    this.check();
    if (terms.length === 0 || limit <= 0) return [];
    const scope: TextScope = {
      currentOnly: filter.statuses?.every((s) => s === "active") ?? false,
      statuses: filter.statuses,
    };
    return this.searchText("b", terms, filter.namespaces, scope, this.beliefWhere(filter), limit);
  }

  /**
   * FTS5's matches in rowid order (unranked: no BM25, no walk of the whole posting list), a batch
   * at a time, each batch's rows checked against the filter, until `atMost` pass or the matches
   * run out. FTS5 and the in-process index match the same rows (`text-sync.test.ts`), so this is
   * the length of a search of `atMost`, whichever answers it.
   */
  async countBeliefText(terms: readonly string[], filter: BeliefFilter, atMost: number): Promise<number> {
    this.check();
    if (terms.length === 0 || atMost <= 0 || filter.statuses?.length === 0) return 0;
    const w = this.beliefWhere(filter);
    const match = ftsQuery(terms);
    const batch = Math.max(TEXT_FETCH, 2 * atMost);
    let n = 0;
    for (let after = 0; ; ) {
      const rowids = this.stmt(
        "SELECT rowid FROM belief_fts WHERE belief_fts MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?",
      )
        .raw(true)
        .all(match, after, batch)
        .map((r) => (r as unknown as [number])[0]);
      if (rowids.length === 0) return n;
      n += this.passing("b", rowids, w, " /* text count */").size;
      if (n >= atMost) return atMost;
      if (rowids.length < batch) return n;
      after = rowids[rowids.length - 1]!;
    }
  }

  async searchEpisodeText(
    terms: readonly string[],
    filter: EpisodeFilter,
    limit: number,
  ): Promise<ScoredId[]> {
    this.check();
    if (terms.length === 0 || limit <= 0) return [];
    // The current partition holds active episodes nothing superseded: what the default filter keeps.
    const scope: TextScope = {
      currentOnly:
        (filter.statuses?.every((s) => s === "active") ?? false) && !filter.at && !filter.includeSuperseded,
      statuses: filter.statuses,
    };
    return this.searchText("e", terms, filter.namespaces, scope, this.episodeWhere(filter), limit);
  }

  async scoreEpisodeText(
    terms: readonly string[],
    ids: readonly string[],
    namespaces: readonly string[],
  ): Promise<ScoredId[]> {
    this.check();
    const rowids = ids.filter((id) => id[0] === "e").map((id) => Number(id.slice(1)));
    if (terms.length === 0 || rowids.length === 0 || namespaces.length === 0) return [];
    const phrases = this.text?.phrases(terms);
    // The index once built (or when no cold start spares it and no worker is building it);
    // before that FTS5, as a search would.
    if (this.text && phrases && (this.textBuilt.e || (!this.coldStart && !this.textPending)))
      return this.syncText("e")
        .scoreRows("e", phrases, rowids, namespaces)
        .map((h) => ({ id: `e${h.rowid}`, score: h.score }));
    const q = padded(rowids);
    const ns = namespaces.map(() => "?").join(",");
    if (!this.oneNamespace("e")) {
      const scored = new Map(
        this.namespaceText("e", terms, namespaces, { sql: `e.rowid IN (${q.sql})`, params: q.params }).map(
          (h) => [h.rowid, h.score],
        ),
      );
      return rowids.flatMap((rowid) => {
        const s = scored.get(rowid);
        return s === undefined ? [] : [{ id: `e${rowid}`, score: s }];
      });
    }
    // The unary plus keeps the ids from FTS5 (see `rankedText`): the query's matches, checked against them.
    const rows = this.stmt(
      `SELECT f.rowid AS rid, f.rank AS s FROM episode_fts f JOIN episodes e ON e.rowid = f.rowid
       WHERE episode_fts MATCH ? AND +f.rowid IN (${q.sql}) AND e.namespace IN (${ns})`,
    ).all(ftsQuery(terms), ...q.params, ...namespaces);
    const score = new Map(rows.map((r) => [r.rid as number, -(r.s as number)]));
    return rowids.flatMap((rowid) => {
      const s = score.get(rowid);
      return s === undefined ? [] : [{ id: `e${rowid}`, score: s }];
    });
  }

  /**
   * BM25 from the in-process index: every match in the namespaces and statuses of the filter,
   * scored as FTS5 scores it, then the rest of the filter (kinds, validity, time travel…) checked
   * on the best candidates in SQL, widening until `limit` pass or the candidates run out. The same
   * rows and scores as ranking the join in FTS5, ties by rowid. A term that is not one token (FTS5
   * would read a phrase) sends the query to FTS5.
   */
  private searchText(
    prefix: TextLayer,
    terms: readonly string[],
    namespaces: readonly string[],
    scope: TextScope,
    w: { sql: string; params: unknown[] },
    limit: number,
  ): ScoredId[] {
    const phrases = this.text?.phrases(terms);
    if (!this.text || !phrases) return this.rankedText(prefix, terms, namespaces, w, limit).hits;
    // Cold start: until a layer's index is built, FTS5 answers (the same rows and scores) for as
    // long as the matches it ranked add up to less than the rows one build would read. A process
    // that searches a few times (a CLI call or a hook: one recall runs a handful of small searches)
    // never pays for the build; one that keeps searching builds once its cold searches have cost
    // about as much, so it never spends more than twice what the better choice would have.
    // While the background build makes the index (`textPending`), every search is served cold.
    if (!this.textBuilt[prefix] && (this.coldStart || this.textPending)) {
      const left = this.textColdLeft[prefix] ?? this.layerSize(prefix);
      if (left > 0 || this.textPending) {
        const { hits, matches } = this.rankedText(prefix, terms, namespaces, w, limit);
        // At least one per search: a store of few rows builds after a few searches that match nothing.
        this.textColdLeft[prefix] = left - Math.max(1, matches);
        return hits;
      }
    }
    if (scope.statuses?.length === 0) return [];
    // The first batch is all the index scores in full (max-score pruning); a wider one rescores.
    const first = Math.max(TEXT_FETCH, 2 * limit);
    const ranking = this.syncText(prefix).search(prefix, phrases, namespaces, scope, first);
    const out: ScoredId[] = [];
    // The candidates are looked up by rowid (`passing`: NOT INDEXED, or the planner walks the
    // (namespace, status) index, every active row of the namespace: 1.3 ms instead of 0.03 at 100k).
    for (let fetch = first; out.length < limit; fetch *= 4) {
      const batch = ranking.take(fetch);
      if (batch.length === 0) break;
      const ok = this.passing(
        prefix,
        batch.map((h) => h.rowid),
        w,
        "",
      );
      for (const h of batch) {
        if (!ok.has(h.rowid)) continue;
        out.push({ id: `${prefix}${h.rowid}`, score: h.score });
        if (out.length === limit) break;
      }
    }
    return out;
  }

  /**
   * The text index, current with the file as this connection sees it: the `text_changes` entries
   * past `textSeq` (other processes' commits, this process's own writes, this transaction's) name
   * the rows to read again; a layer is built from its table on its first search.
   */
  private syncText(layer: TextLayer): TextIndex {
    const index = this.text!;
    if (this.textStale) this.resetText();
    if (this.textBuilt.b || this.textBuilt.e) this.replayText(index);
    if (!this.textBuilt[layer]) {
      if (!this.textBuilt.b && !this.textBuilt.e) {
        this.textSeq = textLogPosition((sql) => this.stmt(sql));
        this.textRefetch = [];
      }
      this.readText(index, layer, null);
      this.textBuilt[layer] = true;
      if (this.textTx) this.textTx.built = true;
    }
    return index;
  }

  /** Re-reads the rows named by log entries past `textSeq`, and those a rollback left to refetch. */
  private replayText(index: TextIndex): void {
    const changes = this.stmt("SELECT seq, layer, rid FROM text_changes WHERE seq > ? ORDER BY seq")
      .raw(true)
      .all(this.textSeq) as unknown as [number, string, number][];
    // Entries past this process's position were trimmed (it was idle through many writes): start over.
    if (changes.length > 0 && changes[0]![0] !== this.textSeq + 1) {
      this.resetText();
      return;
    }
    if (changes.length === 0 && this.textRefetch.length === 0) return;
    const rows: Record<TextLayer, Set<number>> = { b: new Set(), e: new Set() };
    for (const [l, rid] of this.textRefetch) rows[l].add(rid);
    this.textRefetch = [];
    for (const [, l, rid] of changes) if (l === "b" || l === "e") rows[l].add(rid);
    if (changes.length > 0) this.textSeq = changes[changes.length - 1]![0];
    for (const l of ["b", "e"] as const) {
      if (!this.textBuilt[l] || rows[l].size === 0) continue;
      const ids = [...rows[l]];
      this.readText(index, l, ids);
      if (this.textTx) for (const rid of ids) this.textTx.rows.push([l, rid]);
    }
  }

  /** (Re)reads rows into the index: the named ones (those gone are dropped), or the whole table. */
  private readText(index: TextIndex, layer: TextLayer, ids: number[] | null): void {
    if (ids === null) {
      loadTextLayer((sql) => this.stmt(sql), index, layer);
      return;
    }
    const select = textSelect(layer);
    for (let i = 0; i < ids.length; i += 512) {
      const chunk = ids.slice(i, i + 512);
      const found = new Set<number>();
      const q = padded(chunk);
      for (const r of this.stmt(`${select} WHERE rowid IN (${q.sql})`)
        .raw(true)
        .all(...q.params) as unknown as TextRead[]) {
        if (found.has(r[0])) continue;
        found.add(r[0]);
        index.put(layer, r[0], textRow(r));
      }
      for (const rid of chunk) if (!found.has(rid)) index.remove(layer, rid);
    }
  }

  /** Drops the text index: rebuilt from the tables on the next search. */
  private resetText(): void {
    this.text?.clear("b");
    this.text?.clear("e");
    this.textBuilt.b = false;
    this.textBuilt.e = false;
    this.textSeq = 0;
    this.textRefetch = [];
    this.textStale = false;
  }

  /** A transaction rolled back: what the index read during it is read again from committed state. */
  private textRolledBack(): void {
    const tx = this.textTx;
    this.textTx = null;
    if (!tx) return;
    if (tx.built) this.resetText();
    else {
      this.textRefetch.push(...tx.rows);
      this.textSeq = tx.mark;
    }
  }

  /** The rows of a layer, about: its largest rowid (one index seek; rows are rarely deleted). */
  private layerSize(prefix: TextLayer): number {
    const table = prefix === "b" ? "beliefs" : "episodes";
    return (this.stmt(`SELECT coalesce(max(rowid), 0) AS n FROM ${table}`).get()!.n as number) ?? 0;
  }

  /**
   * BM25 with each namespace's own statistics: on a layer of several namespaces `namespaceText`;
   * on one, FTS5's `rank` (its whole-table statistics are then the namespace's), in one of three ways, each giving
   * the same rows and scores as ranking the join, ties by rowid:
   * - **ranked**: the best `fetch` matches ranked inside the full-text index, then the filter on
   *   their rows (few matches, or a filter most of them pass);
   * - **one pass**: each match's row looked up by rowid and the passing ones ranked, sorted once
   *   (up to `FEW_TEXT_MATCHES`, or when the filter passes more rows than there are matches);
   * - **filter first**: the rows passing the filter read from their index into a set each match
   *   is checked against (`+rowid IN (…)`), the passing ones ranked: a filter that passes few of
   *   many matches (most rows archived). At 100k beliefs, 80% archived, a four-word query's
   *   44,000 matches cost ~25 CPU-ms instead of ~70 looked up; at 1M, 98% archived, ~140 of ~520.
   */
  private rankedText(
    prefix: "b" | "e",
    terms: readonly string[],
    namespaces: readonly string[],
    w: { sql: string; params: unknown[] },
    limit: number,
  ): { hits: ScoredId[]; matches: number } {
    // FTS5's statistics are the whole table's: a namespace's own only when it is the only one.
    if (!this.oneNamespace(prefix)) {
      const scored = this.namespaceText(prefix, terms, namespaces, w);
      const matches = scored.length;
      const hits = scored
        .filter((h) => h.ok)
        .sort((a, b) => b.score - a.score || a.rowid - b.rowid)
        .slice(0, limit)
        .map((h) => ({ id: `${prefix}${h.rowid}`, score: h.score }));
      return { hits, matches };
    }
    const [fts, table] = prefix === "b" ? ["belief_fts", "beliefs b"] : ["episode_fts", "episodes e"];
    const match = ftsQuery(terms);
    const ranked = (fetch: number) =>
      this.stmt(
        `SELECT f.rid AS rid, f.s AS s FROM (SELECT rowid AS rid, rank AS s FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rank, rowid LIMIT ?) f
         JOIN ${table} ON ${prefix}.rowid = f.rid WHERE ${w.sql} ORDER BY f.s, f.rid LIMIT ?`,
      ).all(match, fetch, ...w.params, limit);
    const onePass = () =>
      this.stmt(
        `SELECT f.rowid AS rid, f.rank AS s FROM ${fts} f JOIN ${table} ON ${prefix}.rowid = f.rowid
         WHERE ${fts} MATCH ? AND ${w.sql} ORDER BY f.rank, f.rowid LIMIT ?`,
      ).all(match, ...w.params, limit);
    // The unary plus keeps the IN list from FTS5: handed to it as rowid constraints, each passing
    // row would run the query again (the whole-table statistics included): seconds, not ms.
    const filterFirst = () =>
      this.stmt(
        `SELECT f.rowid AS rid, f.rank AS s FROM ${fts} f
         WHERE ${fts} MATCH ? AND +f.rowid IN (SELECT ${prefix}.rowid FROM ${table} WHERE ${w.sql})
         ORDER BY f.rank, f.rowid LIMIT ?`,
      ).all(match, ...w.params, limit);
    const fetch = Math.max(limit * 4, 64);
    const matches = this.stmt(`SELECT count(*) AS n FROM ${fts} WHERE ${fts} MATCH ?`).get(match)!
      .n as number;
    if (matches === 0) return { hits: [], matches };
    // Each way costs a BM25 pass over every match or every passing one: pick the one likely to be
    // enough, from the share of a sample of matches (in rowid order, unranked: cheap) that passes.
    let rows: Row[] = [];
    if (matches <= fetch) rows = ranked(fetch);
    // Few matches: looking each one's row up costs less than the sample that would choose.
    else if (matches <= FEW_TEXT_MATCHES) rows = onePass();
    else {
      const share = this.passingShare(prefix, match, w);
      if (share * fetch >= 2 * limit) rows = ranked(fetch);
      // The rows passing the filter, about: the sample's share of the layer. Reading one into the
      // set costs about a fifth of looking a match's row up, and probing the set per match as much.
      if (rows.length < limit)
        rows = share * this.layerSize(prefix) <= 2 * matches ? filterFirst() : onePass();
    }
    return { hits: rows.map((r) => ({ id: `${prefix}${r.rid}`, score: -(r.s as number) })), matches };
  }

  /**
   * Whether every row of the layer is in one namespace (or there are none): then FTS5's whole-table
   * statistics are that namespace's own and its `rank` is the per-namespace BM25. Two index seeks.
   */
  private oneNamespace(prefix: TextLayer): boolean {
    const table = prefix === "b" ? "beliefs" : "episodes";
    const r = this.stmt(
      `SELECT (SELECT min(namespace) FROM ${table}) AS lo, (SELECT max(namespace) FROM ${table}) AS hi`,
    ).get()!;
    return r.lo === r.hi;
  }

  /**
   * A cold search on a layer of several namespaces: BM25 with each namespace's own statistics, as
   * the in-process index scores (`scoreMatches`), so another namespace's rows move no score. Every
   * FTS5 match in the namespaces is read (each phrase's document frequency counts them, whatever
   * the filter), tokenized, and scored; `ok` says whether the row passes the filter. N and the
   * total length of a namespace are its `text_sizes` row (`namespaceSizes`).
   */
  private namespaceText(
    prefix: TextLayer,
    terms: readonly string[],
    namespaces: readonly string[],
    w: { sql: string; params: unknown[] },
  ): { rowid: number; score: number; ok: boolean }[] {
    const unique = [...new Set(namespaces)];
    if (unique.length === 0) return [];
    const [fts, table, col] =
      prefix === "b" ? ["belief_fts", "beliefs b", "text"] : ["episode_fts", "episodes e", "content"];
    const rows = this.stmt(
      `SELECT ${prefix}.rowid AS rid, ${prefix}.namespace AS ns, ${prefix}.${col} AS text,
         CASE WHEN ${w.sql} THEN 1 ELSE 0 END AS ok
       FROM ${fts} f JOIN ${table} ON ${prefix}.rowid = f.rowid
       WHERE ${fts} MATCH ? AND ${prefix}.namespace IN (${unique.map(() => "?").join(",")})`,
    )
      .raw(true)
      .all(...w.params, ftsQuery(terms), ...unique) as unknown as [number, string, string, number][];
    if (rows.length === 0) return [];
    this.tokenizer ??= new Fts5Tokenizer();
    const tokenizer = this.tokenizer;
    const matched: MatchedRow[] = rows.map(([rowid, namespace, text]) => ({ rowid, namespace, text }));
    const stats = new Map(unique.map((ns) => [ns, this.namespaceSizes(prefix, ns)]));
    const ok = new Map(rows.map((r) => [r[0], r[3] === 1]));
    return scoreMatches(
      tokenizer,
      terms.map((t) => tokenizer.tokenize(t)),
      matched,
      stats,
    ).map((h) => ({ rowid: h.rowid, score: h.score, ok: ok.get(h.rowid)! }));
  }

  /**
   * A namespace's rows in FTS5 and their total length (FTS5's N and Σ dl, over that namespace):
   * its `text_sizes` row, kept by the full-text triggers (./sqlite-schema.ts, migration 7). One
   * primary-key seek, instead of a pass over the namespace's FTS5 row sizes.
   */
  private namespaceSizes(prefix: TextLayer, namespace: string): { rows: number; tokens: number } {
    const r = this.stmt("SELECT rows, tokens FROM text_sizes WHERE layer = ? AND namespace = ?").get(
      prefix,
      namespace,
    );
    return r ? { rows: r.rows as number, tokens: r.tokens as number } : { rows: 0, tokens: 0 };
  }

  /** The share of (up to) 256 of the query's matches, taken unranked, that pass the filter. */
  private passingShare(prefix: "b" | "e", match: string, w: { sql: string; params: unknown[] }): number {
    const [fts, table] = prefix === "b" ? ["belief_fts", "beliefs b"] : ["episode_fts", "episodes e"];
    const sample = this.stmt(`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? LIMIT 256`)
      .raw(true)
      .all(match)
      .map((r) => (r as unknown as [number])[0]);
    if (sample.length === 0) return 0;
    const ids = padded(sample);
    const passed = this.stmt(
      `SELECT count(*) AS n FROM ${table} NOT INDEXED WHERE ${prefix}.rowid IN (${ids.sql}) AND ${w.sql}`,
    ).get(...ids.params, ...w.params)!.n as number;
    return passed / sample.length;
  }

  async searchBeliefVectors(
    vector: Float32Array,
    filter: BeliefFilter,
    limit: number,
    options: VectorSearchOptions = {},
  ): Promise<ScoredId[]> {
    // The index knows namespace and status; validity windows and kinds are checked on the rows,
    // looked up by rowid (NOT INDEXED: the planner would walk the namespace's (namespace, status) index).
    const current =
      filter.statuses?.length === 1 && filter.statuses[0] === "active" && !filter.at && !filter.asOf;
    return this.filteredVectorHits("b", vector, filter.namespaces, current, limit, this.beliefWhere(filter), {
      widen: filter.metadata !== undefined,
      approximate: options.approximate === true,
    });
  }

  async searchEpisodeVectors(
    vector: Float32Array,
    filter: EpisodeFilter,
    limit: number,
    options: VectorSearchOptions = {},
  ): Promise<ScoredId[]> {
    const current =
      filter.statuses?.length === 1 &&
      filter.statuses[0] === "active" &&
      !filter.at &&
      !filter.includeSuperseded;
    return this.filteredVectorHits(
      "e",
      vector,
      filter.namespaces,
      current,
      limit,
      this.episodeWhere(filter),
      {
        widen: filter.metadata !== undefined,
        approximate: options.approximate === true,
      },
    );
  }

  /**
   * The nearest vectors whose rows pass `w`. With `widen` (a selective filter, such as metadata),
   * the search widens until `limit` pass or the index has no more, as the Postgres store does.
   *
   * It first asks the index for `limit` hits alone: when every one passes (the usual case — the
   * index already keeps to the namespace and status, and the kinds asked for are most rows), they
   * are exactly the first `limit` passing rows of the wider search (hits come in one strict order,
   * score then rowid), so the answer is the same with a smaller top-k to keep and re-rank. When
   * one fails, the wider search below runs as it always did.
   */
  private filteredVectorHits(
    prefix: "b" | "e",
    vector: Float32Array,
    namespaces: readonly string[],
    current: boolean,
    limit: number,
    w: { sql: string; params: unknown[] },
    o: { widen: boolean; approximate?: boolean },
  ): ScoredId[] {
    const status = current ? "active" : null;
    const approximate = o.approximate === true;
    // Once the index is built (a cold first search reads the table once, at the wider fetch).
    if (limit > 0 && this.vecBuilt) {
      const hits = this.vectorHits(prefix, vector, namespaces, status, limit, approximate);
      const ok = this.passingRows(prefix, hits, w);
      // All passed, or the index holds fewer rows than `limit`: the wider search reads no other row.
      if (ok.size === hits.length || hits.length < limit) return hits.filter((h) => ok.has(rowidOf(h.id)));
    }
    for (let fetch = Math.max(1, limit) * (current ? 2 : 4); ; fetch *= 4) {
      const hits = this.vectorHits(prefix, vector, namespaces, status, fetch, approximate);
      if (hits.length === 0) return [];
      const ok = this.passingRows(prefix, hits, w);
      const kept = hits.filter((h) => ok.has(rowidOf(h.id)));
      if (!o.widen || kept.length >= limit || hits.length < fetch) return kept.slice(0, limit);
    }
  }

  /**
   * The rowids of `hits` whose rows pass `w`, looked up by rowid. As the text side filters: rows
   * as values, and a padded IN list, so a few statements serve every size.
   */
  private passingRows(prefix: "b" | "e", hits: readonly ScoredId[], w: { sql: string; params: unknown[] }) {
    return this.passing(
      prefix,
      hits.map((h) => rowidOf(h.id)),
      w,
      " /* vector filter */",
    );
  }

  /**
   * The rowids among `ids` whose rows pass `w`, looked up by rowid (NOT INDEXED: the planner would
   * rather walk the (namespace, status) index). Rows as values, and a padded IN list, so a few
   * statements serve every size. A verdict read since the last change is taken from the read cache
   * (`w` is a function of the row and its parameters alone); only the rest are asked.
   */
  private passing(
    prefix: "b" | "e",
    ids: readonly number[],
    w: { sql: string; params: unknown[] },
    tag: string,
  ): Set<number> {
    const table = prefix === "b" ? "beliefs b" : "episodes e";
    const ok = new Set<number>();
    const cache = this.readCache();
    let known: RowVerdicts | undefined;
    let ask = ids;
    if (cache) {
      const key = `${prefix}\u0000${w.sql}\u0000${JSON.stringify(w.params)}`;
      known = cache.verdicts.get(key);
      if (!known) {
        if (
          cache.verdictCount + ids.length > READ_CACHE_VERDICTS ||
          cache.verdicts.size >= READ_CACHE_VERDICT_FILTERS
        ) {
          cache.verdicts.clear();
          cache.verdictCount = 0;
        }
        known = new RowVerdicts();
        cache.verdicts.set(key, known);
      }
      const unknown: number[] = [];
      for (const id of ids) {
        const v = known.get(id);
        if (v === 0) unknown.push(id);
        else if (v === 2) ok.add(id);
      }
      ask = unknown;
    }
    for (let i = 0; i < ask.length; i += 512) {
      const slice = ask.slice(i, i + 512);
      const chunk = padded(slice);
      const passed: number[] = [];
      for (const [rid] of this.stmt(
        `SELECT ${prefix}.rowid FROM ${table} NOT INDEXED WHERE ${prefix}.rowid IN (${chunk.sql}) AND ${w.sql}${tag}`,
      )
        .raw(true)
        .all(...chunk.params, ...w.params) as unknown as [number][]) {
        ok.add(rid);
        passed.push(rid);
      }
      if (cache && known) {
        for (const id of slice) known.set(id, false);
        for (const id of passed) known.set(id, true);
        cache.verdictCount += slice.length;
      }
    }
    return ok;
  }

  private vectorHits(
    prefix: "b" | "e",
    vector: Float32Array,
    namespaces: readonly string[],
    status: string | null,
    limit: number,
    approximate = false,
  ): ScoredId[] {
    this.check();
    const scope = status ? "active" : "live";
    const hits =
      this.capabilities.vector === "index" &&
      !this.vecBuilt &&
      (this.backgroundReport !== null || (this.coldStart && !this.vecScanned[prefix]))
        ? this.scanHits(prefix, vector, namespaces, scope, limit)
        : this.syncVectors(scope === "live").search(prefix, vector, namespaces, scope, limit, {
            // Inside a write transaction (the write gate's candidates): every row, never lists,
            // unless the gate asked for the lists (`rememberMany(…, { gate: "approximate" })`).
            exact: this.exactVectors !== null && !approximate,
            approximate,
          });
    return hits.map((h) => ({ id: `${prefix}${h.rowid}`, score: h.score }));
  }

  /** One search straight from the `vectors` table: the rows the index would hold, filtered as it filters. */
  private scanHits(
    prefix: VectorLayer,
    vector: Float32Array,
    namespaces: readonly string[],
    scope: "active" | "live",
    limit: number,
  ) {
    this.vecScanned[prefix] = true;
    const ns = [...new Set(namespaces)];
    if (ns.length === 0) return [];
    // Active: one key range per namespace of the compact components, when every row there has them.
    if (scope === "active") {
      const hits = scanComponents((sql) => this.stmt(sql), prefix, vector, ns, limit, this.keptPages());
      if (hits) return hits;
    }
    const table = prefix === "b" ? "beliefs" : "episodes";
    const marks = ns.map(() => "?").join(",");
    // Active: only the namespace's active rows, found through the (namespace, status) index, then
    // their vectors by id. Live (every status but forgotten): the layer's vectors by id range; a
    // vector without a row counts as it does in the index (no status: passes).
    const sql =
      scope === "active"
        ? `SELECT r.rowid, v.vector FROM ${table} r JOIN vectors v ON v.id = ('${prefix}' || r.rowid)
           WHERE r.namespace IN (${marks}) AND r.status = 'active'${prefix === "e" ? " AND (r.superseded_by IS NULL OR r.superseded_by = '')" : ""}
           AND v.namespace = r.namespace AND v.dim = ? /* cold scan */`
        : `SELECT CAST(substr(v.id, 2) AS INTEGER), v.vector FROM vectors v LEFT JOIN ${table} r ON r.rowid = CAST(substr(v.id, 2) AS INTEGER)
           WHERE v.id >= '${prefix}' AND v.id < '${prefix === "b" ? "c" : "f"}' AND +v.namespace IN (${marks}) AND v.dim = ?
           AND (r.status IS NULL OR r.status != 'forgotten') /* cold scan */`;
    // With sqlite-vec, SQLite ranks the rows by cosine itself (no vector crosses into JavaScript),
    // keeping a wide margin past `limit`; those few are then scored here with the index's exact
    // arithmetic. Its float32 cosine differs from the index's double one by rounding (~1e-6), so
    // the exact top `limit` is inside the margin unless hundreds of rows tie within rounding.
    if (limit > 0 && this.loadVecFunctions() && vector.some((x) => x !== 0)) {
      const margin = limit * 4 + 64;
      const ranked = this.stmt(
        `${sql.replace("v.vector FROM", "coalesce(vec_distance_cosine(v.vector, ?), 1.0) AS d FROM")} ORDER BY d, 1 LIMIT ?`,
      )
        .raw(true)
        .all(toBlob(vector), ...ns, vector.length, margin) as unknown as [number, number][];
      const ids = ranked.map(([rowid]) => `${prefix}${rowid}`);
      const vectors = new Map<number, Float32Array>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        for (const [id, blob] of this.stmt(
          // Its own statement text: a cached statement's raw mode is shared with every caller.
          `SELECT id, vector FROM vectors WHERE id IN (${chunk.map(() => "?").join(",")}) /* cold rescore */`,
        )
          .raw(true)
          .all(...chunk) as unknown as [string, Buffer][])
          vectors.set(rowidOf(id), asFloat32(blob));
      }
      return scanVectors(
        vector,
        ranked.map(([rowid]) => ({ rowid, vector: vectors.get(rowid)! })),
        limit,
      );
    }
    const rows = this.stmt(sql)
      .raw(true)
      .iterate(...ns, vector.length) as IterableIterator<[number, Buffer]>;
    return scanVectors(
      vector,
      (function* () {
        for (const [rowid, blob] of rows) yield { rowid, vector: asFloat32(blob) };
      })(),
      limit,
    );
  }

  /**
   * The pages a background build's cold searches keep (`coldPages`), current with the file; none
   * without a build running, or inside a transaction.
   */
  private keptPages(): ComponentPages | undefined {
    if (this.backgroundReport === null || this.db.inTransaction) {
      if (this.backgroundReport === null) this.coldPages = null;
      return undefined;
    }
    const now = this.fileStamp();
    const kept = this.coldPages;
    if (kept && kept.changes === now.changes && kept.version === now.version) return kept.pages;
    this.coldPages = { ...now, pages: new Map() };
    return this.coldPages.pages;
  }

  /** Loads sqlite-vec into this connection once; false (and the plain scan) where it cannot load. */
  private loadVecFunctions(): boolean {
    if (this.vecFunctions === null) {
      try {
        const require = createRequire(import.meta.url);
        (require("sqlite-vec") as { load(db: Database.Database): void }).load(this.db);
        this.vecFunctions = true;
      } catch {
        this.vecFunctions = false;
      }
    }
    return this.vecFunctions;
  }

  /**
   * The vector index, current with the file. Another process's commit (a new `data_version`) or a
   * rollback of ours makes it reconcile with the `vectors` table. In `scan` mode nothing is kept:
   * every search reads the table afresh.
   */
  private syncVectors(all: boolean): VectorIndex {
    if (this.capabilities.vector === "scan") {
      const fresh = new VectorIndex();
      this.reconcileVectors(fresh, all);
      return fresh;
    }
    if (this.vecCurrentInTx && !this.vecStale && (this.vecAll || !all)) return this.vectors;
    const version = this.stmt("PRAGMA data_version").get()!.data_version as number;
    this.vecCurrentInTx = this.exactVectors !== null;
    if (!this.vecStale && version === this.dataVersionSeen && (this.vecAll || !all)) return this.vectors;
    this.vecAll ||= all;
    this.reconcileVectors(this.vectors, this.vecAll);
    this.dataVersionSeen = version;
    this.vecStale = false;
    this.vecBuilt = true;
    return this.vectors;
  }

  /**
   * Brings `index` in line with the table (`all`: every row's vector; otherwise at least every
   * active row's): rows it lacks or holds at another `vectors` rowid are (re)read — `putVector`
   * always gives a replaced vector a new rowid — rows gone from the table (or, for an active-only
   * index, no longer active) are dropped, and every status is re-read.
   */
  private reconcileVectors(index: VectorIndex, all: boolean): void {
    if (index.size === 0) this.loadVectors(index, all);
    else this.refreshVectors(index, all);
    this.readVectorStatuses(index);
  }

  private loadVectors(index: VectorIndex, all: boolean): void {
    loadVectorIndex((sql) => this.stmt(sql), index, all);
  }

  /** A filled index brought in line: rows it lacks or holds at another `vectors` rowid are read again, rows gone dropped. */
  private refreshVectors(index: VectorIndex, all: boolean): void {
    const present: Record<VectorLayer, Set<number>> = { b: new Set(), e: new Set() };
    const wanted: number[] = [];
    const rows = this.stmt(`${vectorRows(all, "key")} /* index */`)
      .raw(true)
      .all() as unknown as [number, string][];
    for (const [vrow, id] of rows) {
      const layer = id[0];
      if (layer !== "b" && layer !== "e") continue;
      const rowid = rowidOf(id);
      present[layer].add(rowid);
      if (index.vrowOf(layer, rowid) !== vrow) wanted.push(vrow);
    }
    index.retain("b", present.b);
    index.retain("e", present.e);
    const put = (r: Row) => {
      const id = r.id as string;
      index.put(
        id[0] as VectorLayer,
        rowidOf(id),
        r.vrow as number,
        r.namespace as string,
        toFloat32(r.vector as Buffer),
      );
    };
    for (let i = 0; i < wanted.length; i += 500) {
      const chunk = wanted.slice(i, i + 500);
      for (const r of this.stmt(
        `SELECT rowid AS vrow, id, namespace, vector FROM vectors WHERE rowid IN (${chunk.map(() => "?").join(",")})`,
      ).all(...chunk))
        put(r);
    }
  }

  private readVectorStatuses(index: VectorIndex): void {
    readVectorStatuses((sql) => this.stmt(sql), index);
  }

  /**
   * The stored vectors of rows the index holds, read by their `vectors` rowid (one b-tree lookup
   * each, not the id index and then the table): the index's exact re-rank. Inside a transaction,
   * what it read is kept for the next re-rank (`exactVectors`).
   */
  private storedVectors(
    layer: VectorLayer,
    rowids: readonly number[],
    vrows: readonly number[],
  ): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    const cache = this.exactVectors;
    const rowidOfVrow = new Map<number, number>();
    const unread: number[] = [];
    for (let i = 0; i < rowids.length; i++) {
      const v = cache?.get(`${layer}${rowids[i]}`);
      if (v) out.set(rowids[i]!, v);
      else {
        rowidOfVrow.set(vrows[i]!, rowids[i]!);
        unread.push(vrows[i]!);
      }
    }
    for (let i = 0; i < unread.length; i += 256) {
      const q = padded(unread.slice(i, i + 256));
      for (const [vrow, blob] of this.stmt(
        `SELECT rowid, vector FROM vectors WHERE rowid IN (${q.sql}) /* re-rank */`,
      )
        .raw(true)
        .all(...q.params) as unknown as [number, Buffer][]) {
        const rowid = rowidOfVrow.get(vrow)!;
        const v = asFloat32(blob);
        out.set(rowid, v);
        if (cache && cache.size < EXACT_VECTORS_PER_TRANSACTION) cache.set(`${layer}${rowid}`, v);
      }
    }
    return out;
  }

  /** The vectors by id; the arrays may be shared with later calls (the read cache): read them, never write. */
  async getVectors(ids: readonly string[], namespace: NamespaceScope): Promise<Map<string, Float32Array>> {
    const namespaces = scopedNamespaces(namespace, "getVectors");
    this.check();
    const out = new Map<string, Float32Array>();
    if (namespaces.length === 0) return out;
    const memo = this.readCache()?.vectors ?? null;
    let unread: readonly string[] = ids;
    if (memo && memo.size > 0) {
      const missing: string[] = [];
      for (const id of ids) {
        const m = memo.get(id);
        if (m && namespaces.includes(m.namespace)) out.set(id, m.vector);
        else missing.push(id);
      }
      unread = missing;
    }
    const scope = namespaces.map(() => "?").join(",");
    for (let i = 0; i < unread.length; i += 500) {
      const chunk = unread.slice(i, i + 500);
      for (const [id, vector, ns] of this.stmt(
        `SELECT id, vector, namespace FROM vectors WHERE id IN (${chunk.map(() => "?").join(",")}) AND namespace IN (${scope}) /* vectors */`,
      )
        .raw(true)
        .all(...chunk, ...namespaces) as unknown as [string, Buffer, string][]) {
        const v = asFloat32(vector);
        out.set(id, v);
        if (memo) {
          if (memo.size >= READ_CACHE_VECTORS) memo.clear();
          memo.set(id, { vector: v, namespace: ns });
        }
      }
    }
    return inAskedOrder(ids, out);
  }

  async links(id: string, namespace: NamespaceScope): Promise<Link[]> {
    const namespaces = scopedNamespaces(namespace, "links");
    this.check();
    if (!this.idsIn([id], namespaces).has(id)) return [];
    const rows = this.stmt("SELECT * FROM links WHERE from_id = ? OR to_id = ? ORDER BY at, from_id, to_id")
      .all(id, id)
      .map(linkFromRow);
    // Both ends in the scope: a link is never a way to another namespace's ids.
    const inScope = this.idsIn(
      rows.map((l) => (l.from === id ? l.to : l.from)),
      namespaces,
    );
    return rows.filter((l) => inScope.has(l.from === id ? l.to : l.from));
  }

  async outcomes(beliefId: string, namespace: NamespaceScope): Promise<OutcomeEvent[]> {
    const namespaces = scopedNamespaces(namespace, "outcomes");
    this.check();
    if (!this.idsIn([beliefId], namespaces).has(beliefId)) return [];
    return this.stmt("SELECT * FROM outcomes WHERE belief_id = ? ORDER BY rowid")
      .all(beliefId)
      .map(outcomeFromRow);
  }

  async auditHead(namespace: string): Promise<AuditEntry | null> {
    this.check();
    const r = this.stmt("SELECT * FROM audit WHERE namespace = ? ORDER BY seq DESC LIMIT 1").get(namespace);
    return r ? auditFromRow(r) : null;
  }

  async listAudit(query: {
    namespace?: string | undefined;
    subjectId?: string | undefined;
    afterSeq?: number;
    limit: number;
  }): Promise<AuditEntry[]> {
    this.check();
    const parts: string[] = ["seq > ?"];
    const params: unknown[] = [query.afterSeq ?? 0];
    if (query.namespace) {
      parts.push("namespace = ?");
      params.push(query.namespace);
    }
    if (query.subjectId) {
      parts.push("subject_id = ?");
      params.push(query.subjectId);
    }
    return this.stmt(`SELECT * FROM audit WHERE ${parts.join(" AND ")} ORDER BY namespace, seq LIMIT ?`)
      .all(...params, query.limit)
      .map((r) => auditFromRow(r));
  }

  async auditNamespaces(): Promise<string[]> {
    this.check();
    const rows = this.stmt(
      "SELECT namespace FROM audit_heads UNION SELECT DISTINCT namespace FROM audit ORDER BY namespace",
    ).all();
    return rows.map((r) => r.namespace as string);
  }

  async auditHeadMark(namespace: string): Promise<{ seq: number; hash: string } | null> {
    this.check();
    const r = this.stmt("SELECT seq, hash FROM audit_heads WHERE namespace = ?").get(namespace);
    return r ? { seq: r.seq as number, hash: r.hash as string } : null;
  }

  // -------------------------------------------------------------------------------------------
  // Writes (inside `transaction`)
  // -------------------------------------------------------------------------------------------

  async insertEpisode(episode: NewEpisode): Promise<string> {
    this.check();
    const info = this.stmt(INSERT_EPISODE.sql).run(...INSERT_EPISODE.values(episode));
    this.vectors.setStatus("e", Number(info.lastInsertRowid), vecStatusOfEpisode(episode));
    return `e${info.lastInsertRowid}`;
  }

  async updateEpisode(id: string, patch: EpisodePatch): Promise<void> {
    this.check();
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([k]) => `${EPISODE_COLUMNS[k as keyof typeof EPISODE_COLUMNS][0]} = ?`);
    const values = entries.map(([k, v]) => EPISODE_COLUMNS[k as keyof typeof EPISODE_COLUMNS][1](v));
    this.stmt(`UPDATE episodes SET ${sets.join(", ")} WHERE rowid = ?`).run(...values, rowidOf(id));
    if ("status" in patch || "supersededBy" in patch) {
      const e = this.oneById(id, "e", null) as Episode | null; // the writer's own id, whatever its namespace
      if (e) this.setVecStatus("e", id, vecStatusOfEpisode(e));
    }
  }

  async insertBelief(belief: NewBelief): Promise<string> {
    this.check();
    const info = this.stmt(INSERT_BELIEF.sql).run(...INSERT_BELIEF.values(belief));
    const id = `b${info.lastInsertRowid}`;
    this.vectors.setStatus("b", Number(info.lastInsertRowid), belief.status);
    for (const e of belief.sources)
      this.stmt("INSERT OR IGNORE INTO belief_sources(episode_id, belief_id) VALUES (?, ?)").run(e, id);
    return id;
  }

  async insertBeliefs(rows: readonly NewBeliefWithVector[]): Promise<string[]> {
    this.check();
    if (rows.length === 0) return [];
    // The rowids and vector rows one insertBelief + putVector per row would get: max + 1 each.
    const first = this.stmt("SELECT coalesce(max(rowid), 0) + 1 AS n FROM beliefs").get()!.n as number;
    const firstVector = this.stmt("SELECT coalesce(max(rowid), 0) + 1 AS n FROM vectors").get()!.n as number;
    const ids = rows.map((_, i) => `b${first + i}`);
    for (const [start, n] of bulkChunks(rows.length, BELIEF_INSERT_COLUMNS.length + 1)) {
      const beliefValues: unknown[] = [];
      const vectorValues: unknown[] = [];
      for (let i = start; i < start + n; i++) {
        const r = rows[i]!;
        beliefValues.push(first + i);
        INSERT_BELIEF.push(beliefValues, r.belief);
        vectorValues.push(
          firstVector + i,
          ids[i],
          r.belief.namespace,
          r.embedder,
          r.vector.length,
          toBlob(r.vector),
        );
      }
      this.stmt(insertBeliefsSql(n)).run(beliefValues);
      this.stmt(deleteVectorsSql(n)).run(ids.slice(start, start + n));
      // Their components first (each row was just inserted, in the vector's namespace): the
      // vectors' insert trigger then finds them there. A dense vector's row is the trigger's.
      const componentValues: unknown[] = [];
      const records = vectorComponentsMany(
        rows.slice(start, start + n).map((r) => r.vector),
        Array.from({ length: n }, (_, j) => first + start + j),
      );
      for (let i = start; i < start + n; i++) {
        const r = rows[i]!;
        const components = records[i - start];
        if (components)
          componentValues.push(
            "b",
            r.belief.namespace,
            r.belief.status === "active" ? 1 : 0,
            first + i,
            r.vector.length,
            components,
          );
      }
      if (componentValues.length > 0)
        this.stmt(insertComponentsSql(componentValues.length / 6)).run(componentValues);
      this.stmt(insertVectorsSql(n)).run(vectorValues);
      // An index this process has not built yet is filled from the table, in bulk, by its first
      // search (`syncVectors`), so a bulk import into it adds nothing to it row by row: an import
      // that never searches (a build, a CLI `remember --jsonl`) neither pays for nor keeps it.
      const indexed = this.vecBuilt;
      for (let i = start; i < start + n; i++) {
        const r = rows[i]!;
        for (const e of r.belief.sources)
          this.stmt("INSERT OR IGNORE INTO belief_sources(episode_id, belief_id) VALUES (?, ?)").run(
            e,
            ids[i],
          );
        this.vectors.setStatus("b", first + i, r.belief.status);
        if (indexed) this.vectors.put("b", first + i, firstVector + i, r.belief.namespace, r.vector);
      }
    }
    return ids;
  }

  async updateBelief(id: string, patch: BeliefPatch): Promise<void> {
    this.check();
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([k]) => `${BELIEF_COLUMNS[k as keyof typeof BELIEF_COLUMNS][0]} = ?`);
    const values = entries.map(([k, v]) => BELIEF_COLUMNS[k as keyof typeof BELIEF_COLUMNS][1](v));
    this.stmt(`UPDATE beliefs SET ${sets.join(", ")} WHERE rowid = ?`).run(...values, rowidOf(id));
    if (patch.sources)
      for (const e of patch.sources)
        this.stmt("INSERT OR IGNORE INTO belief_sources(episode_id, belief_id) VALUES (?, ?)").run(e, id);
    if (patch.status) this.setVecStatus("b", id, patch.status);
  }

  private setVecStatus(prefix: "b" | "e", id: string, status: string): void {
    const rowid = rowidOf(id);
    this.vectors.setStatus(prefix, rowid, status);
    // An index of active rows only lacks the vector of a row made active again (a restore).
    if (
      status === "active" &&
      this.vecBuilt &&
      !this.vecAll &&
      this.vectors.vrowOf(prefix, rowid) === undefined
    )
      for (const [vrow, namespace, blob] of this.stmt(
        "SELECT rowid, namespace, vector FROM vectors WHERE id = ? /* restored */",
      )
        .raw(true)
        .all(id) as unknown as [number, string, Buffer][])
        this.vectors.put(prefix, rowid, vrow, namespace, toFloat32(blob));
  }

  async addLink(link: Link): Promise<void> {
    this.check();
    this.stmt("INSERT OR IGNORE INTO links(from_id, to_id, relation, at) VALUES (?, ?, ?, ?)").run(
      link.from,
      link.to,
      link.relation,
      link.at,
    );
  }

  async addOutcome(event: OutcomeEvent): Promise<void> {
    this.check();
    this.stmt(
      "INSERT INTO outcomes(belief_id, success, at, confidence_before, confidence_after) VALUES (?, ?, ?, ?, ?)",
    ).run(event.beliefId, event.success ? 1 : 0, event.at, event.confidenceBefore, event.confidenceAfter);
  }

  async putVector(id: string, namespace: string, embedder: string, vector: Float32Array): Promise<void> {
    this.check();
    // What is written is what a re-rank would read back (the same float32s): a batch's later
    // items re-rank its earlier ones without reading them.
    const cache = this.exactVectors;
    if (cache && cache.size < EXACT_VECTORS_PER_TRANSACTION) cache.set(id, Float32Array.from(vector));
    else cache?.delete(id);
    // A replaced vector gets a new rowid (above every existing one), so other processes see the change.
    const vrow = this.stmt("SELECT coalesce(max(rowid), 0) + 1 AS n FROM vectors").get()!.n as number;
    this.stmt("DELETE FROM vectors WHERE id = ?").run(id);
    // Its components before the vector (the insert trigger leaves a row it finds): see vector-components.ts.
    const components = id[0] === "b" || id[0] === "e" ? vectorComponents(vector, rowidOf(id)) : null;
    if (components)
      this.stmt(INSERT_COMPONENTS_SQL[id[0] as VectorLayer]).run(vector.length, components, id, namespace);
    this.stmt(
      "INSERT INTO vectors(rowid, id, namespace, embedder, dim, vector) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(vrow, id, namespace, embedder, vector.length, toBlob(vector));
    if (id[0] === "b" || id[0] === "e") this.vectors.put(id[0], rowidOf(id), vrow, namespace, vector);
  }

  async deleteVector(id: string): Promise<void> {
    this.check();
    this.exactVectors?.delete(id);
    this.stmt("DELETE FROM vectors WHERE id = ?").run(id);
    if (id[0] === "b" || id[0] === "e") this.vectors.remove(id[0], rowidOf(id));
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    this.check();
    this.stmt(
      "INSERT INTO audit(namespace, seq, at, actor, event, subject_id, content_hash, detail, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(auditValues(entry));
    this.stmt(
      "INSERT INTO audit_heads(namespace, seq, hash) VALUES (?, ?, ?) ON CONFLICT(namespace) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
    ).run(entry.namespace, entry.seq, entry.hash);
  }

  async appendAudits(entries: readonly AuditEntry[]): Promise<void> {
    this.check();
    const heads = new Map<string, AuditEntry>();
    for (const [start, n] of bulkChunks(entries.length, AUDIT_COLUMNS)) {
      const values: unknown[] = [];
      for (let i = start; i < start + n; i++) {
        const e = entries[i]!;
        pushAuditValues(values, e);
        heads.set(e.namespace, e);
      }
      this.stmt(insertAuditSql(n)).run(values);
    }
    for (const e of heads.values())
      this.stmt(
        "INSERT INTO audit_heads(namespace, seq, hash) VALUES (?, ?, ?) ON CONFLICT(namespace) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
      ).run(e.namespace, e.seq, e.hash);
  }

  async judgedPairs(
    asked: readonly { a: string; b: string }[],
    namespace: NamespaceScope,
  ): Promise<JudgedPair[]> {
    const namespaces = scopedNamespaces(namespace, "judgedPairs");
    this.check();
    const out: JudgedPair[] = [];
    // Only pairs both of whose ids are rows of the scope: a verdict's reason may quote the text.
    const inScope = this.idsIn(
      asked.flatMap((p) => [p.a, p.b]),
      namespaces,
    );
    const pairs = asked.filter((p) => inScope.has(p.a) && inScope.has(p.b));
    // Up to 200 pairs per statement (one lookup per statement cost more than the lookup itself).
    const found = new Map<string, Row>();
    for (let i = 0; i < pairs.length; i += 200) {
      const chunk = pairs.slice(i, i + 200);
      const stmt = this.stmt(
        `SELECT j.* FROM (VALUES ${chunk.map(() => "(?, ?)").join(", ")}) k JOIN judged_pairs j ON j.a = k.column1 AND j.b = k.column2`,
      );
      for (const r of stmt.all(...chunk.flatMap((p) => [p.a, p.b]))) found.set(`${r.a}\u0000${r.b}`, r);
    }
    // In the order asked.
    for (const p of pairs) {
      const r = found.get(`${p.a}\u0000${p.b}`);
      if (r) out.push(judgedPairFromRow(r));
    }
    return out;
  }

  async putJudgedPair(p: JudgedPair): Promise<void> {
    this.check();
    this.stmt(
      `INSERT INTO judged_pairs(a, b, a_hash, b_hash, relation, judge, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(a, b) DO UPDATE SET a_hash = excluded.a_hash, b_hash = excluded.b_hash, relation = excluded.relation,
         judge = excluded.judge, reason = excluded.reason, at = excluded.at`,
    ).run(p.a, p.b, p.aHash, p.bHash, p.relation, p.judge, p.reason, p.at);
  }

  contentKey(): string {
    return this.key;
  }

  async clearAuditDetails(namespace: string, ids: readonly string[]): Promise<void> {
    this.check();
    const clear = this.stmt(
      `UPDATE audit SET detail = NULL WHERE namespace = ? AND detail IS NOT NULL AND (subject_id = ? OR instr(detail, ?) > 0)`,
    );
    for (const id of ids) clear.run(namespace, id, JSON.stringify(id));
  }

  async deleteJudgedPairs(id: string): Promise<void> {
    this.check();
    this.stmt("DELETE FROM judged_pairs WHERE a = ? OR b = ?").run(id, id);
  }

  async getMeta(key: string): Promise<string | null> {
    this.check();
    return (
      (this.stmt("SELECT value FROM meta WHERE key = ?").get(`engine:${key}`)?.value as string | undefined) ??
      null
    );
  }

  async getMetaPrefix(prefix: string): Promise<{ key: string; value: string }[]> {
    this.check();
    const key = `engine:${prefix}`;
    return this.stmt("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? ORDER BY key")
      .all(key.length, key)
      .map((r) => ({ key: (r.key as string).slice("engine:".length), value: r.value as string }));
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.check();
    this.stmt(
      "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    ).run(`engine:${key}`, value);
  }

  async deleteMetaPrefix(prefix: string): Promise<void> {
    this.check();
    const key = `engine:${prefix}`;
    this.stmt("DELETE FROM meta WHERE substr(key, 1, ?) = ?").run(key.length, key);
  }

  // -------------------------------------------------------------------------------------------
  // Moving a store (transfer)
  // -------------------------------------------------------------------------------------------

  async vectorEmbedders(): Promise<VectorGroup[]> {
    this.check();
    return this.stmt(
      "SELECT embedder, dim, COUNT(*) AS n FROM vectors GROUP BY embedder, dim ORDER BY embedder, dim",
    )
      .all()
      .map((r) => ({ embedder: r.embedder as string, dimension: r.dim as number, count: r.n as number }));
  }

  async holdsOtherVectors(embedder: string, dimension: number): Promise<boolean> {
    this.check();
    // Four seeks in the (embedder, dim) index, one per side of the group. Not a row-value range:
    // SQLite reads `(embedder, dim) > (?, ?)` as embedder >= ? and walks the whole group.
    return (
      this.stmt(
        `SELECT EXISTS (SELECT 1 FROM vectors WHERE embedder < @e) OR EXISTS (SELECT 1 FROM vectors WHERE embedder > @e)
           OR EXISTS (SELECT 1 FROM vectors WHERE embedder = @e AND dim < @d)
           OR EXISTS (SELECT 1 FROM vectors WHERE embedder = @e AND dim > @d) AS other`,
      ).get({ e: embedder, d: dimension })!.other === 1
    );
  }

  async dump<S extends DumpSection>(
    section: S,
    page: { cursor: string | null; limit: number },
  ): Promise<DumpPage<S>> {
    this.check();
    const spec = DUMP[section];
    const keys = spec.keys.join(", ");
    const where: string[] = spec.where ? [spec.where] : [];
    const params: unknown[] = [];
    if (page.cursor !== null) {
      where.push(`(${keys}) > (${spec.keys.map(() => "?").join(", ")})`);
      params.push(...(JSON.parse(page.cursor) as unknown[]));
    }
    const rows = this.stmt(
      `SELECT ${spec.keys.includes("rowid") ? "rowid, " : ""}* FROM ${spec.table} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${keys} LIMIT ?`,
    ).all(...params, page.limit);
    const last = rows.at(-1);
    return {
      rows: rows.map(spec.map) as DumpRows[S],
      cursor: rows.length < page.limit || !last ? null : JSON.stringify(spec.keys.map((k) => last[k])),
    };
  }

  async dumpCounts(): Promise<Record<DumpSection, number>> {
    this.check();
    const out = {} as Record<DumpSection, number>;
    for (const [section, spec] of Object.entries(DUMP) as [DumpSection, (typeof DUMP)[DumpSection]][])
      out[section] = this.stmt(
        `SELECT COUNT(*) AS n FROM ${spec.table}${spec.where ? ` WHERE ${spec.where}` : ""}`,
      ).get()!.n as number;
    return out;
  }

  /**
   * Rows as dumped, keys kept. Plain inserts: a row whose key is taken is refused
   * (`loadKeyTaken`), never ignored or replaced (attacks38); a vector or a record whose key is taken
   * likewise (attacks39).
   */
  async load<S extends DumpSection>(section: S, rows: DumpRows[S]): Promise<void> {
    this.check();
    try {
      await this.loadRows(section, rows);
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE")
        throw loadKeyTaken(section);
      throw error;
    }
  }

  private async loadRows<S extends DumpSection>(section: S, rows: DumpRows[S]): Promise<void> {
    const insertWithRowid = (table: string, columns: Record<string, [string, (v: unknown) => unknown]>) => {
      const cols = Object.entries(columns);
      const stmt = this.stmt(
        `INSERT INTO ${table} (rowid, ${cols.map(([, [c]]) => c).join(",")}) VALUES (?, ${cols.map(() => "?").join(",")})`,
      );
      for (const item of rows as unknown as Record<string, unknown>[])
        stmt.run(rowidOf(item.id as string), ...cols.map(([k, [, to]]) => to(item[k])));
    };
    const r = rows as DumpRows[DumpSection];
    // Rows arrive with their ids and statuses as stored: let the vector index re-read them.
    this.vecStale = true;
    switch (section) {
      case "episodes":
        return insertWithRowid("episodes", EPISODE_COLUMNS);
      case "beliefs":
        return insertWithRowid("beliefs", BELIEF_COLUMNS);
      case "beliefSources":
        for (const x of r as DumpRows["beliefSources"])
          this.stmt("INSERT INTO belief_sources(episode_id, belief_id) VALUES (?, ?)").run(
            x.episodeId,
            x.beliefId,
          );
        return;
      case "links":
        for (const x of r as DumpRows["links"])
          this.stmt("INSERT INTO links(from_id, to_id, relation, at) VALUES (?, ?, ?, ?)").run(
            x.from,
            x.to,
            x.relation,
            x.at,
          );
        return;
      case "outcomes":
        for (const x of r as DumpRows["outcomes"]) await this.addOutcome(x);
        return;
      case "vectors": {
        // `putVector` replaces the row of its id (a re-embedding): a load must not (attacks39), so an
        // id the table holds — another namespace's vector, or one earlier in this page — is refused.
        const held = this.stmt("SELECT 1 FROM vectors WHERE id = ?");
        for (const x of r as DumpRows["vectors"]) {
          if (held.get(x.id) !== undefined) throw loadKeyTaken(section);
          await this.putVector(x.id, x.namespace, x.embedder, x.vector);
        }
        return;
      }
      case "judgedPairs":
        for (const x of r as DumpRows["judgedPairs"])
          this.stmt(
            "INSERT INTO judged_pairs(a, b, a_hash, b_hash, relation, judge, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          ).run(x.a, x.b, x.aHash, x.bHash, x.relation, x.judge, x.reason, x.at);
        return;
      case "meta":
        // A plain insert, not `setMeta`'s upsert: a record whose key is taken is refused (attacks39).
        for (const x of r as DumpRows["meta"])
          this.stmt("INSERT INTO meta(key, value) VALUES (?, ?)").run(`engine:${x.key}`, x.value);
        return;
      case "audit":
        for (const e of r as DumpRows["audit"])
          this.stmt(
            "INSERT INTO audit(namespace, seq, at, actor, event, subject_id, content_hash, detail, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          ).run(auditValues(e));
        return;
      case "auditHeads":
        for (const h of r as DumpRows["auditHeads"])
          this.stmt("INSERT INTO audit_heads(namespace, seq, hash) VALUES (?, ?, ?)").run(
            h.namespace,
            h.seq,
            h.hash,
          );
        return;
    }
  }

  /** Raw access for tests that must tamper with the file (audit verification, crash safety). */
  unsafeExec(sql: string, ...params: unknown[]): void {
    this.db.prepare(sql).run(...params);
    this.vecStale = true;
    this.textStale = true;
  }
}

/**
 * An exact-match metadata filter in SQL: `->` with a JSON path of quoted labels (fields hold no
 * `"` or `$`) gives the field's JSON text, compared with the value's JSON, so a type must match too.
 */
function metadataWhere(
  filter: BeliefFilter["metadata"],
  alias: string,
  parts: string[],
  params: unknown[],
): void {
  for (const [field, value] of Object.entries(filter ?? {})) {
    parts.push(`(${alias}.metadata -> ?) = ?`);
    params.push(
      `$${metadataPath(field)
        .map((segment) => `."${segment}"`)
        .join("")}`,
      JSON.stringify(value),
    );
  }
}

/** Whether `path` names an existing folder (statSync follows a symlink to one). */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
