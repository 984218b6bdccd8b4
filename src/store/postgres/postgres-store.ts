/**
 * The server store: PostgreSQL through `pg` (or PGlite in process), behind the same port as
 * SQLite. Full text from a generated tsvector column ranked with ts_rank_cd; vectors through
 * pgvector's HNSW index when the extension exists, otherwise the in-process exact index that
 * replays the database's change log (vector-cache.ts). Writes are serialised across processes by
 * an advisory lock, like SQLite's BEGIN IMMEDIATE, so the write gate always decides on committed
 * state.
 *
 *   const store = await PostgresStore.open({ url: "postgres://strata@localhost/strata" });
 *   const mem = createEngine({ store, embedder, tokenizer, clock });
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import pgvector from "pgvector";
import { loadKeyTaken, StrataError } from "../../core/errors.js";
import { metadataPath } from "../../core/metadata-filter.js";
import type { AuditEntry, Belief, BeliefKind, Episode, Link, OutcomeEvent } from "../../core/model.js";
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
} from "../rows.js";
import type { TextScope } from "../text-index/text-index.js";
import type { VectorSearchMode } from "../vector-index.js";
import { chainLockKey, withAdvisoryLock } from "./advisory-lock.js";
import { ChangeLog } from "./change-log.js";
import { horizonMark, olderSnapshotAfterWait, olderSnapshotOpen } from "./older-snapshots.js";
import {
  type PGliteLike,
  pgliteClient,
  pgPoolClient,
  pgUrlClient,
  quoteIdent,
  redactUrl,
  type SqlClient,
  type SqlQueryable,
  type SqlRow,
} from "./postgres-driver.js";
import {
  inSchema,
  MIGRATION_FILLS,
  MIGRATIONS,
  MIGRATIONS_TABLE,
  SCHEMA_VERSION,
} from "./postgres-schema.js";
import { invalidSchema, parsePostgresUrl } from "./postgres-url.js";
import { rewriteBySwap, SWAP_ABOVE_BYTES, tableBytes } from "./swap-rewrite.js";
import { TextCache } from "./text-cache.js";
import { toFloat32, VectorCache } from "./vector-cache.js";

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:5432/db`. One of `url`, `pool`, `pglite`, `client` is required. */
  url?: string;
  /** A `pg` Pool to use instead of opening one; it is left open on close. */
  pool?: pg.Pool;
  /** A PGlite instance (load `@electric-sql/pglite-pgvector` for the vector index); left open on close. */
  pglite?: PGliteLike;
  /** Any other driver behind the store's small SQL seam. */
  client?: SqlClient;
  /** Postgres schema holding Strata's tables, created if missing. Default `strata`. */
  schema?: string;
  /**
   * Create the schema and its tables when they are missing. Default true. `false` opens a schema
   * Strata already made only, and refuses one without its tables with STORE_UNAVAILABLE
   * (`details.reason: "missing"`), creating nothing: what a read-only caller wants, so a mistyped
   * `?schema=` is reported instead of answered from a new, empty schema (SQLite's `create: false`).
   */
  create?: boolean;
  /**
   * Hears that opening made the schema's Strata tables (none were there), once the store is open:
   * how the CLI says where a first write created the store, as it does for a new SQLite file.
   */
  onCreated?: () => void;
  /** Per-connection statement timeout, for pools the store opens. Default 30 000 ms. */
  statementTimeoutMs?: number;
  /** How long to wait for a connection, for pools the store opens. Default 5 000 ms. */
  connectTimeoutMs?: number;
  /** Pool size, for pools the store opens. Default 10. */
  maxConnections?: number;
  /**
   * `auto`: pgvector's HNSW index when the extension exists or can be created, else the
   * in-process exact index kept current from the change log (vector-cache.ts). `memory`: the
   * in-process index even when pgvector exists (exact, no per-query SQL). Default `auto`.
   */
  vectorIndex?: "auto" | "memory";
  /**
   * Which rows the in-process vector index scores for a search (when pgvector is not used), as
   * SQLite's option of the same name (docs/benchmarks.md, "Read side, eighth pass"). `exact`:
   * every row of the namespaces. `approximate`: only the rows of the k-means lists nearest the
   * query, and those written since the lists were trained; a hit's score is exact, but a row of an
   * unprobed list can be missed. `auto`: approximate only where one namespace's layer has at least
   * 200,000 rows to search, exact below. A search inside a write transaction (the write gate's
   * candidates) is always exact. Default `auto`.
   */
  vectorSearch?: VectorSearchMode;
  /**
   * `auto`: full-text searches are ranked by the in-process BM25 index SQLite uses, one per
   * namespace, loaded on its first search and kept current from the change log (text-cache.ts) —
   * FTS5's scores over the namespace's rows. A query term that is not one token (a phrase) still
   * goes to SQL. `tsvector`: every search ranks the `tsv` column with `ts_rank_cd` in SQL (no
   * text held in process). Default `auto`.
   */
  textIndex?: "auto" | "tsvector";
  /**
   * Random bytes for the store's secret (the key of content hashes and tombstones), used once,
   * when the schema is created. Default: node:crypto's `randomBytes`. Inject a fixed source only
   * in tests that compare stores byte for byte.
   */
  random?: (bytes: number) => Uint8Array;
  /**
   * After a forget commits, rewrite the tables it changed into new files (`purgeErased`), so no
   * dead row version, index entry or TOAST chunk in the schema's files keeps the erased text: a
   * table under 1 MB with `VACUUM (FULL)` (locked while it is copied), a larger one, or any one
   * while a snapshot older than the forget is open elsewhere in the database, by copy and swap
   * (locked only for the swap; swap-rewrite.ts, older-snapshots.ts). One whose lock is not had within 2 s is left
   * for a later forget or your own `VACUUM (FULL)`. `false`: forget leaves the
   * old versions in the files until you run it (docs/postgres.md). Default `true`.
   */
  rewriteOnForget?: boolean;
}

/**
 * The tables forget changes or deletes from, whose files `purgeErased` rewrites: the items' text,
 * the bookkeeping records it redacts, the audit details it drops, the verdicts and vectors it
 * deletes.
 */
export const ERASED_TABLES = ["episodes", "beliefs", "meta", "audit", "judged_pairs", "vectors"] as const;

/** How long `purgeErased` waits for a table's lock before leaving it (`lock_timeout`). */
const PURGE_LOCK_WAIT_MS = 2_000;

/**
 * Why `purgeErased` left a table the swap cannot take (its shape, its owner) while a transaction
 * elsewhere in the database still held a snapshot from before the forget, past the 2 s wait:
 * `VACUUM (FULL)` would copy the erased row versions that snapshot may read (older-snapshots.ts).
 */
const OLDER_SNAPSHOT_REASON = `a transaction open elsewhere in the database since before the forget may still read the erased rows, which VACUUM (FULL) would keep (waited ${PURGE_LOCK_WAIT_MS / 1000} s); run it once that transaction ends`;

/**
 * Why `purgeErased` left a table, for the failures it leaves a table on (a lock not had, the
 * statement timeout: the driver maps 57014 to `STORE_UNAVAILABLE` with the code in `details`),
 * or null for any other error, which is thrown.
 */
function purgeFailure(error: unknown): string | null {
  const e = error as { code?: unknown; details?: { code?: unknown } };
  const code = e.code === "STORE_UNAVAILABLE" ? e.details?.code : e.code;
  if (code === "55P03")
    return `another session held a lock on it for more than ${PURGE_LOCK_WAIT_MS / 1000} s`;
  if (code === "57014") return "its rewrite ran past the statement timeout";
  return null;
}

type Row = SqlRow;

const json = (v: unknown) => JSON.stringify(v);
/** A belief's or an episode's id as the stores write it: "b12", "e3". */
const ROW_ID = /^[be][0-9]+$/;
const ridOf = (id: string) => {
  const n = id.slice(1);
  return /^[0-9]+$/.test(n) ? n : "0";
};
const num = (v: unknown) => Number(v);

const toEpisode = (r: Row): Episode => episodeFromRow(r, r.rid);
const toBelief = (r: Row): Belief => beliefFromRow(r, r.rid);

/** Field → [column, to-SQL value, SQL cast]. */
type Column = [string, (v: unknown) => unknown, string];
const jsonCol = (v: unknown) => (v === null ? null : json(v));

const CAST: Record<FieldKind, string> = {
  text: "",
  json: "::json",
  bool: "::boolean",
  int: "::integer",
  real: "::double precision",
};
const encode = (kind: FieldKind, v: unknown): unknown =>
  kind === "json" ? jsonCol(v) : kind === "bool" ? Boolean(v) : v;
const columnsOf = <T>(fields: Fields<T>): Record<keyof Omit<T, "id">, Column> =>
  Object.fromEntries(
    (Object.entries(fields) as [string, readonly [string, FieldKind]][]).map(([field, [column, kind]]) => [
      field,
      [column, (v: unknown) => encode(kind, v), CAST[kind]],
    ]),
  ) as Record<keyof Omit<T, "id">, Column>;

const BELIEF_COLUMNS = columnsOf(BELIEF_FIELDS);
const EPISODE_COLUMNS = columnsOf(EPISODE_FIELDS);

/**
 * The rows one bulk statement inserts (`insertBeliefs`, `appendAudits`): one round trip per 256
 * rows instead of several per row; a belief row's 31 parameters stay far under PostgreSQL's 65,535.
 */
const BULK_ROWS = 256;

/** Collects parameters and hands out their `$n` placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(v: unknown, cast = ""): string {
    this.values.push(v);
    return `$${this.values.length}${cast}`;
  }
  list(vs: readonly unknown[]): string {
    return vs.map((v) => this.add(v)).join(",");
  }
}

/** A Float32Array as a Postgres array literal; `String(x)` of a float32 value parses back exactly. */
const toArrayLiteral = (v: Float32Array) => `{${Array.from(v, String).join(",")}}`;
const toVectorLiteral = (v: Float32Array) => pgvector.toSql(Array.from(v)) as string;

const compareIds = (a: string, b: string) => Number(a.slice(1)) - Number(b.slice(1));

/** The vector change log keeps this many entries; it is pruned every `PRUNE_EVERY` commits. */
const KEEP_CHANGES = 100_000;
/** Text candidates checked against the rest of a filter per round trip, at first (as in SQLite). */
const TEXT_FETCH = 32;

const hasKeys = (o: object | undefined) => o !== undefined && Object.keys(o).length > 0;
/** Every belief kind (the type checker keeps it complete): a filter naming them all filters nothing. */
const KINDS: Record<BeliefKind, true> = { fact: true, failure: true, rule: true, procedure: true };
const everyKind = (kinds: readonly BeliefKind[] | undefined) =>
  !kinds?.length || Object.keys(KINDS).every((k) => kinds.includes(k as BeliefKind));
/** The belief filter asks nothing beyond namespace, status and kind (what the text cache holds). */
const beliefsByKindOnly = (f: BeliefFilter) =>
  !f.at && !f.asOf && f.pinned === undefined && !hasKeys(f.metadata);
/** The belief filter asks only what the text index knows (namespace, status): no row check. */
const beliefsIndexOnly = (f: BeliefFilter) => everyKind(f.kinds) && beliefsByKindOnly(f);
/** Nor the episode filter, beyond the current partition it searches. */
const episodesIndexOnly = (f: EpisodeFilter) =>
  !f.types?.length && !f.sessions?.length && !f.asOf && !f.undistilled && !hasKeys(f.metadata);
const PRUNE_EVERY = 1024;

/**
 * How `dump` pages each section: table, primary key (the keyset order; text keys compared
 * byte-wise with COLLATE "C" so the order matches SQLite's) and record shape.
 */
const DUMP: Record<
  DumpSection,
  { table: string; keys: [string, "text" | "num"][]; map: (r: Row) => unknown }
> = {
  episodes: { table: "episodes", keys: [["rid", "num"]], map: toEpisode },
  beliefs: { table: "beliefs", keys: [["rid", "num"]], map: toBelief },
  beliefSources: {
    table: "belief_sources",
    keys: [
      ["episode_id", "text"],
      ["belief_id", "text"],
    ],
    map: (r) => ({ episodeId: r.episode_id, beliefId: r.belief_id }),
  },
  links: {
    table: "links",
    keys: [
      ["from_id", "text"],
      ["to_id", "text"],
      ["relation", "text"],
    ],
    map: linkFromRow,
  },
  outcomes: {
    table: "outcomes",
    keys: [["rid", "num"]],
    map: outcomeFromRow,
  },
  vectors: {
    table: "vectors",
    keys: [["id", "text"]],
    map: (r) => ({ id: r.id, namespace: r.namespace, embedder: r.embedder, vector: toFloat32(r.vector) }),
  },
  judgedPairs: {
    table: "judged_pairs",
    keys: [
      ["a", "text"],
      ["b", "text"],
    ],
    map: judgedPairFromRow,
  },
  meta: { table: "meta", keys: [["key", "text"]], map: (r) => ({ key: r.key, value: r.value }) },
  audit: {
    table: "audit",
    keys: [
      ["namespace", "text"],
      ["seq", "num"],
    ],
    map: auditFromRow,
  },
  auditHeads: {
    table: "audit_heads",
    keys: [["namespace", "text"]],
    map: (r) => ({ namespace: r.namespace, seq: num(r.seq), hash: r.hash }),
  },
};

/** What a store shares with the sessions (pool-level and transaction-level) it hands out. */
interface StoreContext {
  readonly s: string;
  readonly schema: string;
  /** Schema holding pgvector's type and operators, when its index is used. */
  readonly vectorSchema: string | null;
  readonly indexedDims: Set<number>;
  /** The change log the in-process indexes follow. */
  readonly changes: ChangeLog;
  /** The in-process vector index, when pgvector is not used. */
  readonly vectorCache: VectorCache | null;
  /** The in-process BM25 index, unless `textIndex: "tsvector"`. */
  readonly textCache: TextCache | null;
  /** The store's secret (`contentKey`), read or made by `migrate`. */
  readonly contentKey: string;
  /** `PostgresStoreOptions.rewriteOnForget`. */
  readonly rewriteOnForget: boolean;
  closed: boolean;
}

/** Reads through one SQL handle: the pool outside transactions, the transaction's connection inside. */
class PostgresReader implements StoreReader {
  protected readonly db: SqlQueryable;
  protected readonly ctx: StoreContext;

  constructor(db: SqlQueryable, ctx: StoreContext) {
    this.db = db;
    this.ctx = ctx;
  }

  /** Whether this handle is a write transaction's (the gate's searches there are exact). */
  protected get inWriteTransaction(): boolean {
    return false;
  }

  contentKey(): string {
    return this.ctx.contentKey;
  }

  protected check(): void {
    if (this.ctx.closed)
      throw new StrataError("STORE_CLOSED", "The store is closed: open a new memory with openMemory().");
  }

  protected t(table: string): string {
    return `${this.ctx.s}.${table}`;
  }

  protected async rows(sql: string, params?: readonly unknown[]): Promise<Row[]> {
    this.check();
    return this.db.query(sql, params);
  }

  // -------------------------------------------------------------------------------------------
  // Filters
  // -------------------------------------------------------------------------------------------

  protected beliefWhere(f: BeliefFilter, p: Params, alias = "b"): string {
    const parts: string[] = [`${alias}.namespace IN (${p.list(f.namespaces)})`];
    if (f.statuses) parts.push(`${alias}.status IN (${p.list(f.statuses)})`);
    else parts.push(`${alias}.status <> 'forgotten'`);
    if (f.kinds?.length) parts.push(`${alias}.kind IN (${p.list(f.kinds)})`);
    if (f.at) {
      const at = p.add(f.at);
      parts.push(`${alias}.valid_from <= ${at} AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ${at})`);
    }
    if (f.asOf) {
      const asOf = p.add(f.asOf);
      parts.push(
        `${alias}.recorded_at <= ${asOf} AND (${alias}.retired_at IS NULL OR ${alias}.retired_at > ${asOf})`,
      );
    }
    if (f.pinned !== undefined) parts.push(`${alias}.pinned = ${p.add(f.pinned, "::boolean")}`);
    metadataWhere(f.metadata, alias, p, parts);
    if (f.namespaces.length === 0) parts.push("false");
    return parts.join(" AND ");
  }

  protected episodeWhere(f: EpisodeFilter, p: Params, alias = "e"): string {
    const parts: string[] = [`${alias}.namespace IN (${p.list(f.namespaces)})`];
    if (f.statuses) parts.push(`${alias}.status IN (${p.list(f.statuses)})`);
    else parts.push(`${alias}.status <> 'forgotten'`);
    if (f.types?.length) parts.push(`${alias}.type IN (${p.list(f.types)})`);
    if (f.sessions?.length) parts.push(`${alias}.session IN (${p.list(f.sessions)})`);
    if (f.at) {
      const at = p.add(f.at);
      parts.push(`${alias}.at <= ${at} AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ${at})`);
    } else if (!f.includeSuperseded) parts.push(`${alias}.superseded_by IS NULL`);
    if (f.asOf) parts.push(`${alias}.recorded_at <= ${p.add(f.asOf)}`);
    if (f.undistilled) parts.push(`${alias}.distilled_at IS NULL`);
    metadataWhere(f.metadata, alias, p, parts);
    if (f.namespaces.length === 0) parts.push("false");
    return parts.join(" AND ");
  }

  // -------------------------------------------------------------------------------------------
  // Reads
  // -------------------------------------------------------------------------------------------

  async getEpisode(id: string, namespace: NamespaceScope): Promise<Episode | null> {
    const [e] = await this.byIds([id], "e", "episodes", toEpisode, scopedNamespaces(namespace, "getEpisode"));
    return e ?? null;
  }

  async getBelief(id: string, namespace: NamespaceScope): Promise<Belief | null> {
    const [b] = await this.byIds([id], "b", "beliefs", toBelief, scopedNamespaces(namespace, "getBelief"));
    return b ?? null;
  }

  async getItems(
    ids: readonly string[],
    namespace: NamespaceScope,
  ): Promise<{ beliefs: Belief[]; episodes: Episode[] }> {
    const namespaces = scopedNamespaces(namespace, "getItems");
    const [beliefs, episodes] = await Promise.all([
      this.byIds(ids, "b", "beliefs", toBelief, namespaces),
      this.byIds(ids, "e", "episodes", toEpisode, namespaces),
    ]);
    return { beliefs, episodes };
  }

  /**
   * Which of `ids` (beliefs' and episodes') name a row of `namespaces`: the scope of the reads
   * whose own rows carry no namespace (links, outcomes, judged pairs).
   */
  private async idsIn(ids: readonly string[], namespaces: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    if (namespaces.length === 0) return found;
    for (const [prefix, table] of [
      ["b", "beliefs"],
      ["e", "episodes"],
    ] as const) {
      const rids = [
        ...new Set(ids.filter((id) => typeof id === "string" && ROW_ID.test(id) && id.startsWith(prefix))),
      ].map(ridOf);
      for (let i = 0; i < rids.length; i += 500) {
        const p = new Params();
        const within = rids
          .slice(i, i + 500)
          .map((r) => p.add(r, "::bigint"))
          .join(",");
        const rows = await this.rows(
          `SELECT rid FROM ${this.t(table)} WHERE rid IN (${within}) AND namespace IN (${p.list(namespaces)})`,
          p.values,
        );
        for (const r of rows) found.add(`${prefix}${r.rid}`);
      }
    }
    return found;
  }

  async getEpisodes(ids: readonly string[], namespace: NamespaceScope): Promise<Episode[]> {
    return this.byIds(ids, "e", "episodes", toEpisode, scopedNamespaces(namespace, "getEpisodes"));
  }

  async getBeliefs(ids: readonly string[], namespace: NamespaceScope): Promise<Belief[]> {
    return this.byIds(ids, "b", "beliefs", toBelief, scopedNamespaces(namespace, "getBeliefs"));
  }

  getEpisodesAnyNamespace(ids: readonly string[]): Promise<Episode[]> {
    return this.byIds(ids, "e", "episodes", toEpisode, null);
  }

  getBeliefsAnyNamespace(ids: readonly string[]): Promise<Belief[]> {
    return this.byIds(ids, "b", "beliefs", toBelief, null);
  }

  /**
   * The rows among `ids`, in `ids` order: only those of `namespaces`, filtered in the query, or
   * (null) of every namespace.
   */
  private async byIds<T extends { id: string }>(
    ids: readonly string[],
    prefix: string,
    table: string,
    map: (r: Row) => T,
    namespaces: readonly string[] | null,
  ): Promise<T[]> {
    this.check();
    if (namespaces?.length === 0) return [];
    const rids = [...new Set(ids.filter((id) => new RegExp(`^${prefix}[0-9]+$`).test(id)))].map(ridOf);
    const out: T[] = [];
    // Chunked: bounded statements, however many ids.
    for (let i = 0; i < rids.length; i += 500) {
      const p = new Params();
      const chunk = rids.slice(i, i + 500);
      const within = chunk.map((r) => p.add(r, "::bigint")).join(",");
      const scope =
        namespaces === null ? "" : ` AND namespace IN (${namespaces.map((n) => p.add(n)).join(",")})`;
      const rows = await this.rows(
        `SELECT * FROM ${this.t(table)} WHERE rid IN (${within})${scope}`,
        p.values,
      );
      out.push(...rows.map(map));
    }
    const order = new Map(ids.map((id, i) => [id, i]));
    return out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  async listBeliefs(filter: BeliefFilter, page: { limit: number; offset: number }): Promise<Belief[]> {
    const p = new Params();
    const w = this.beliefWhere(filter, p);
    const rows = await this.rows(
      `SELECT * FROM ${this.t("beliefs")} b WHERE ${w} ORDER BY b.rid LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`,
      p.values,
    );
    return rows.map(toBelief);
  }

  async listEpisodes(
    filter: EpisodeFilter,
    page: { limit: number; offset: number; order: "at-desc" | "at-asc" },
  ): Promise<Episode[]> {
    const p = new Params();
    const w = this.episodeWhere(filter, p);
    // COLLATE "C": byte order, as SQLite compares the ISO strings.
    const order =
      page.order === "at-desc" ? `e.at COLLATE "C" DESC, e.rid DESC` : `e.at COLLATE "C" ASC, e.rid ASC`;
    const rows = await this.rows(
      `SELECT * FROM ${this.t("episodes")} e WHERE ${w} ORDER BY ${order} LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`,
      p.values,
    );
    return rows.map(toEpisode);
  }

  async countBeliefs(filter: BeliefFilter): Promise<Record<string, Record<string, number>>> {
    const p = new Params();
    const w = this.beliefWhere(filter, p);
    const rows = await this.rows(
      `SELECT kind, status, pinned, count(*)::int AS n FROM ${this.t("beliefs")} b WHERE ${w} GROUP BY kind, status, pinned`,
      p.values,
    );
    const out: Record<string, Record<string, number>> = { kind: {}, status: {}, pinned: {} };
    for (const r of rows) {
      const n = num(r.n);
      out.kind![r.kind as string] = (out.kind![r.kind as string] ?? 0) + n;
      out.status![r.status as string] = (out.status![r.status as string] ?? 0) + n;
      const pinned = r.pinned === true ? "true" : "false";
      out.pinned![pinned] = (out.pinned![pinned] ?? 0) + n;
    }
    return out;
  }

  async countEpisodes(filter: EpisodeFilter): Promise<Record<string, Record<string, number>>> {
    const p = new Params();
    const w = this.episodeWhere({ ...filter, includeSuperseded: true }, p);
    const rows = await this.rows(
      `SELECT type, status, count(*)::int AS n FROM ${this.t("episodes")} e WHERE ${w} GROUP BY type, status`,
      p.values,
    );
    const out: Record<string, Record<string, number>> = { type: {}, status: {} };
    for (const r of rows) {
      const n = num(r.n);
      out.type![r.type as string] = (out.type![r.type as string] ?? 0) + n;
      out.status![r.status as string] = (out.status![r.status as string] ?? 0) + n;
    }
    return out;
  }

  async supersededBy(id: string, namespace: NamespaceScope): Promise<Belief[]> {
    const namespaces = scopedNamespaces(namespace, "supersededBy");
    if (namespaces.length === 0) return [];
    const p = new Params();
    const rows = await this.rows(
      `SELECT * FROM ${this.t("beliefs")} WHERE superseded_by = ${p.add(id)} AND namespace IN (${p.list(namespaces)}) ORDER BY rid`,
      p.values,
    );
    return rows.map(toBelief);
  }

  async beliefsFromEpisode(episodeId: string, namespace: NamespaceScope): Promise<Belief[]> {
    const namespaces = scopedNamespaces(namespace, "beliefsFromEpisode");
    if (namespaces.length === 0) return [];
    const p = new Params();
    const rows = await this.rows(
      `SELECT b.* FROM ${this.t("belief_sources")} s JOIN ${this.t("beliefs")} b ON b.rid = substr(s.belief_id, 2)::bigint
       WHERE s.episode_id = ${p.add(episodeId)} AND b.namespace IN (${p.list(namespaces)}) ORDER BY b.rid`,
      p.values,
    );
    return rows.map(toBelief);
  }

  /** The OR of the terms, each parsed by the `english` configuration (no tsquery syntax to escape). */
  private tsQuery(terms: readonly string[], p: Params): string {
    return terms.map((t) => `plainto_tsquery('english', ${p.add(t)})`).join(" || ");
  }

  searchBeliefText(terms: readonly string[], filter: BeliefFilter, limit: number): Promise<ScoredId[]> {
    const scope: TextScope = {
      currentOnly: filter.statuses?.every((s) => s === "active") ?? false,
      statuses: filter.statuses,
    };
    return this.textSearch(
      "b",
      "beliefs",
      terms,
      limit,
      filter.namespaces,
      scope,
      beliefsIndexOnly(filter),
      (p) => this.beliefWhere(filter, p, "b"),
      // Kinds are checked in the text cache, not in SQL, when they are all the filter adds.
      !everyKind(filter.kinds) && beliefsByKindOnly(filter) ? filter.kinds! : null,
    );
  }

  /** The length of a search of `atMost`: the text search here is not dearer for a count. */
  async countBeliefText(terms: readonly string[], filter: BeliefFilter, atMost: number): Promise<number> {
    return (await this.searchBeliefText(terms, filter, atMost)).length;
  }

  searchEpisodeText(terms: readonly string[], filter: EpisodeFilter, limit: number): Promise<ScoredId[]> {
    // The current partition holds active episodes nothing superseded: what the default filter keeps.
    const scope: TextScope = {
      currentOnly:
        (filter.statuses?.every((s) => s === "active") ?? false) && !filter.at && !filter.includeSuperseded,
      statuses: filter.statuses,
    };
    return this.textSearch(
      "e",
      "episodes",
      terms,
      limit,
      filter.namespaces,
      scope,
      scope.currentOnly && episodesIndexOnly(filter),
      (p) => this.episodeWhere(filter, p, "b"),
    );
  }

  async scoreEpisodeText(
    terms: readonly string[],
    ids: readonly string[],
    namespaces: readonly string[],
  ): Promise<ScoredId[]> {
    this.check();
    const rids = ids.filter((id) => id[0] === "e").map((id) => id.slice(1));
    if (terms.length === 0 || rids.length === 0 || namespaces.length === 0) return [];
    const cache = this.ctx.textCache;
    const phrases = cache?.phrases(terms);
    const score = new Map<string, number>();
    if (cache && phrases) {
      const hits = await cache.score(this.db, "e", phrases, rids.map(Number), namespaces);
      for (const h of hits) score.set(String(h.rowid), h.score);
    } else {
      // As `rankedText` scores what the search returns.
      const p = new Params();
      const q = this.tsQuery(terms, p);
      const rows = await this.rows(
        `SELECT b.rid::text AS rid, ts_rank_cd(b.tsv, q.q, 1) AS s FROM ${this.t("episodes")} b, (SELECT ${q} AS q) q
         WHERE b.tsv @@ q.q AND b.rid = ANY(${p.add(rids, "::bigint[]")}) AND b.namespace = ANY(${p.add([...namespaces], "::text[]")})`,
        p.values,
      );
      for (const r of rows) score.set(r.rid as string, num(r.s));
    }
    return rids.flatMap((rid) => {
      const s = score.get(rid);
      return s === undefined ? [] : [{ id: `e${rid}`, score: s }];
    });
  }

  /**
   * BM25 from the in-process index (text-cache.ts): every match in the namespaces and statuses of
   * the filter, scored as FTS5 scores it, best first, ties by id. When the filter asks more than
   * the index knows (validity, metadata…), the best candidates are checked in SQL, widening
   * until `limit` pass or the candidates run out; when it adds only a belief's kinds (`kinds`), the
   * cache checks them, with the same widening and so the same rows. A term that is not one token goes to SQL.
   */
  private async textSearch(
    prefix: "b" | "e",
    table: string,
    terms: readonly string[],
    limit: number,
    namespaces: readonly string[],
    scope: TextScope,
    indexOnly: boolean,
    where: (p: Params) => string,
    kinds: readonly string[] | null = null,
  ): Promise<ScoredId[]> {
    this.check();
    if (terms.length === 0 || limit <= 0) return [];
    const cache = this.ctx.textCache;
    const phrases = cache?.phrases(terms);
    if (!cache || !phrases) return this.rankedText(prefix, table, terms, limit, where);
    if (scope.statuses?.length === 0 || namespaces.length === 0) return [];
    const ranking = await cache.search(this.db, prefix, phrases, namespaces, scope);
    const out: ScoredId[] = [];
    for (let fetch = Math.max(TEXT_FETCH, 2 * limit); out.length < limit; fetch *= 4) {
      const batch = ranking.take(indexOnly ? limit : fetch);
      if (batch.length === 0) break;
      let ok: Set<number> | null = null;
      if (!indexOnly) ok = kinds ? cache.ofKinds(batch, kinds) : await this.passing(table, batch, where);
      for (const h of batch) {
        if (ok && !ok.has(h.rowid)) continue;
        out.push({ id: `${prefix}${h.rowid}`, score: h.score });
        if (out.length === limit) break;
      }
    }
    return out;
  }

  /** Rows of `table` (alias `b`) matching any term and `where`, best `ts_rank_cd` first, ties by id. */
  private async rankedText(
    prefix: "b" | "e",
    table: string,
    terms: readonly string[],
    limit: number,
    where: (p: Params) => string,
  ): Promise<ScoredId[]> {
    const p = new Params();
    const q = this.tsQuery(terms, p);
    const w = where(p);
    // Normalisation 1: rank / (1 + log(length)), so long texts do not win by length alone (as in BM25).
    const rows = await this.rows(
      `SELECT b.rid, ts_rank_cd(b.tsv, q.q, 1) AS s FROM ${this.t(table)} b, (SELECT ${q} AS q) q
       WHERE b.tsv @@ q.q AND ${w} ORDER BY s DESC, b.rid ASC LIMIT ${p.add(limit)}`,
      p.values,
    );
    return rows.map((r) => ({ id: `${prefix}${r.rid}`, score: num(r.s) }));
  }

  /** Which of the index's candidates (by rowid) pass the rest of the filter, read from `table` (alias `b`). */
  private async passing(
    table: string,
    hits: readonly { rowid: number }[],
    where: (p: Params) => string,
  ): Promise<Set<number>> {
    const p = new Params();
    const w = where(p);
    const rows = await this.rows(
      `SELECT b.rid::text AS rid FROM ${this.t(table)} b WHERE b.rid = ANY(${p.add(
        hits.map((h) => String(h.rowid)),
        "::bigint[]",
      )}) AND ${w}`,
      p.values,
    );
    return new Set(rows.map((r) => Number(r.rid)));
  }

  async searchBeliefVectors(vector: Float32Array, filter: BeliefFilter, limit: number): Promise<ScoredId[]> {
    const current =
      filter.statuses?.length === 1 && filter.statuses[0] === "active" && !filter.at && !filter.asOf;
    return this.vectorSearch("b", "beliefs", vector, filter.namespaces, current, limit, (p) =>
      this.beliefWhere(filter, p, "b"),
    );
  }

  async searchEpisodeVectors(
    vector: Float32Array,
    filter: EpisodeFilter,
    limit: number,
  ): Promise<ScoredId[]> {
    const current =
      filter.statuses?.length === 1 &&
      filter.statuses[0] === "active" &&
      !filter.at &&
      !filter.includeSuperseded;
    return this.vectorSearch("e", "episodes", vector, filter.namespaces, current, limit, (p) =>
      this.episodeWhere(filter, p, "b"),
    );
  }

  /**
   * Nearest vectors among the rows matching `where` (alias `b`), best first, ties by id.
   * `current`: the filter asks for active rows now, which the in-process index answers itself.
   */
  private async vectorSearch(
    prefix: "b" | "e",
    table: string,
    vector: Float32Array,
    namespaces: readonly string[],
    current: boolean,
    limit: number,
    where: (p: Params) => string,
  ): Promise<ScoredId[]> {
    this.check();
    const cache = this.ctx.vectorCache;
    if (cache !== null) {
      // The index knows namespace and status; kinds and validity windows are checked on the rows,
      // widening the search until enough pass or the index has no more.
      for (let fetch = Math.max(1, limit) * (current ? 2 : 4); ; fetch *= 4) {
        const hits = await cache.search(
          this.db,
          prefix,
          vector,
          namespaces,
          current ? "active" : "live",
          fetch,
          // Inside a write transaction (the write gate's candidates): every row, never lists.
          { exact: this.inWriteTransaction },
        );
        if (hits.length === 0) return [];
        const ok = await this.passing(table, hits, where);
        const kept = hits.filter((h) => ok.has(h.rowid));
        if (kept.length >= limit || hits.length < fetch)
          return kept.slice(0, limit).map((h) => ({ id: `${prefix}${h.rowid}`, score: h.score }));
      }
    }
    const p = new Params();
    const dim = vector.length;
    const from = `${this.t("vectors")} v JOIN ${this.t(table)} b ON v.id = '${prefix}' || b.rid`;
    const cond = `v.dim = ${p.add(dim, "::integer")} AND v.id LIKE '${prefix}%' AND ${where(p)}`;
    const e = quoteIdent(this.ctx.vectorSchema!);
    const vt = `${e}.vector(${dim})`;
    const distance = `(v.vector::${vt}) OPERATOR(${e}.<=>) ${p.add(toVectorLiteral(vector))}::${vt}`;
    // Over-fetch, then break distance ties by id in process (an ORDER BY on id would bypass the index).
    const rows = await this.rows(
      `SELECT v.id, ${distance} AS d FROM ${from} WHERE ${cond} ORDER BY d LIMIT ${p.add(limit + 16)}`,
      p.values,
    );
    return rows
      .map((r) => ({ id: r.id as string, score: 1 - num(r.d) }))
      .sort((a, b) => b.score - a.score || compareIds(a.id, b.id))
      .slice(0, limit);
  }

  async getVectors(ids: readonly string[], namespace: NamespaceScope): Promise<Map<string, Float32Array>> {
    const namespaces = scopedNamespaces(namespace, "getVectors");
    const out = new Map<string, Float32Array>();
    if (namespaces.length === 0) return out;
    for (let i = 0; i < ids.length; i += 500) {
      const p = new Params();
      const rows = await this.rows(
        `SELECT id, vector FROM ${this.t("vectors")} WHERE id IN (${p.list(ids.slice(i, i + 500))}) AND namespace IN (${p.list(namespaces)})`,
        p.values,
      );
      for (const r of rows) out.set(r.id as string, toFloat32(r.vector));
    }
    return inAskedOrder(ids, out);
  }

  async links(id: string, namespace: NamespaceScope): Promise<Link[]> {
    const namespaces = scopedNamespaces(namespace, "links");
    if (!(await this.idsIn([id], namespaces)).has(id)) return [];
    const rows = (
      await this.rows(
        `SELECT * FROM ${this.t("links")} WHERE from_id = $1 OR to_id = $1
       ORDER BY at COLLATE "C", from_id COLLATE "C", to_id COLLATE "C"`,
        [id],
      )
    ).map(linkFromRow);
    // Both ends in the scope: a link is never a way to another namespace's ids.
    const inScope = await this.idsIn(
      rows.map((l) => (l.from === id ? l.to : l.from)),
      namespaces,
    );
    return rows.filter((l) => inScope.has(l.from === id ? l.to : l.from));
  }

  async outcomes(beliefId: string, namespace: NamespaceScope): Promise<OutcomeEvent[]> {
    const namespaces = scopedNamespaces(namespace, "outcomes");
    if (!(await this.idsIn([beliefId], namespaces)).has(beliefId)) return [];
    const rows = await this.rows(`SELECT * FROM ${this.t("outcomes")} WHERE belief_id = $1 ORDER BY rid`, [
      beliefId,
    ]);
    return rows.map(outcomeFromRow);
  }

  async auditHead(namespace: string): Promise<AuditEntry | null> {
    const [r] = await this.rows(
      `SELECT * FROM ${this.t("audit")} WHERE namespace = $1 ORDER BY seq DESC LIMIT 1`,
      [namespace],
    );
    return r ? auditFromRow(r) : null;
  }

  async listAudit(query: {
    namespace?: string | undefined;
    subjectId?: string | undefined;
    afterSeq?: number;
    limit: number;
  }): Promise<AuditEntry[]> {
    const p = new Params();
    const parts = [`seq > ${p.add(query.afterSeq ?? 0, "::integer")}`];
    if (query.namespace) parts.push(`namespace = ${p.add(query.namespace)}`);
    if (query.subjectId) parts.push(`subject_id = ${p.add(query.subjectId)}`);
    const rows = await this.rows(
      `SELECT * FROM ${this.t("audit")} WHERE ${parts.join(" AND ")} ORDER BY namespace COLLATE "C", seq LIMIT ${p.add(query.limit)}`,
      p.values,
    );
    return rows.map(auditFromRow);
  }

  async auditNamespaces(): Promise<string[]> {
    const rows = await this.rows(
      `SELECT namespace FROM (SELECT namespace FROM ${this.t("audit_heads")} UNION SELECT namespace FROM ${this.t("audit")}) u
       ORDER BY namespace COLLATE "C"`,
    );
    return rows.map((r) => r.namespace as string);
  }

  async judgedPairs(
    asked: readonly { a: string; b: string }[],
    namespace: NamespaceScope,
  ): Promise<JudgedPair[]> {
    const namespaces = scopedNamespaces(namespace, "judgedPairs");
    const out: JudgedPair[] = [];
    // Only pairs both of whose ids are rows of the scope: a verdict's reason may quote the text.
    const inScope = await this.idsIn(
      asked.flatMap((x) => [x.a, x.b]),
      namespaces,
    );
    const pairs = asked.filter((x) => inScope.has(x.a) && inScope.has(x.b));
    for (let i = 0; i < pairs.length; i += 250) {
      const p = new Params();
      const keys = pairs.slice(i, i + 250).map((x) => `(${p.add(x.a)}, ${p.add(x.b)})`);
      const rows = await this.rows(
        `SELECT j.* FROM ${this.t("judged_pairs")} j JOIN (VALUES ${keys.join(",")}) k(a, b) ON j.a = k.a AND j.b = k.b`,
        p.values,
      );
      const found = new Map(rows.map((r) => [`${r.a}\u0000${r.b}`, r]));
      // In the order asked, as SQLite answers.
      for (const x of pairs.slice(i, i + 250)) {
        const r = found.get(`${x.a}\u0000${x.b}`);
        if (r) out.push(judgedPairFromRow(r));
      }
    }
    return out;
  }

  async getMeta(key: string): Promise<string | null> {
    const [r] = await this.rows(`SELECT value FROM ${this.t("meta")} WHERE key = $1`, [key]);
    return r ? (r.value as string) : null;
  }

  async getMetaPrefix(prefix: string): Promise<{ key: string; value: string }[]> {
    const rows = await this.rows(
      `SELECT key, value FROM ${this.t("meta")} WHERE left(key, $1) = $2 ORDER BY key COLLATE "C"`,
      [prefix.length, prefix],
    );
    return rows.map((r) => ({ key: r.key as string, value: r.value as string }));
  }

  async auditHeadMark(namespace: string): Promise<{ seq: number; hash: string } | null> {
    const [r] = await this.rows(`SELECT seq, hash FROM ${this.t("audit_heads")} WHERE namespace = $1`, [
      namespace,
    ]);
    return r ? { seq: num(r.seq), hash: r.hash as string } : null;
  }

  // -------------------------------------------------------------------------------------------
  // Moving a store (transfer)
  // -------------------------------------------------------------------------------------------

  async vectorEmbedders(): Promise<VectorGroup[]> {
    const rows = await this.rows(
      `SELECT embedder, dim, count(*)::int AS n FROM ${this.t("vectors")} GROUP BY embedder, dim
       ORDER BY embedder COLLATE "C", dim`,
    );
    return rows.map((r) => ({ embedder: r.embedder as string, dimension: num(r.dim), count: num(r.n) }));
  }

  async holdsOtherVectors(embedder: string, dimension: number): Promise<boolean> {
    // One seek per side of the group in the (embedder, dim) index.
    const v = this.t("vectors");
    const rows = await this.rows(
      `SELECT EXISTS (SELECT 1 FROM ${v} WHERE embedder < $1) OR EXISTS (SELECT 1 FROM ${v} WHERE embedder > $1)
         OR EXISTS (SELECT 1 FROM ${v} WHERE embedder = $1 AND dim < $2::integer)
         OR EXISTS (SELECT 1 FROM ${v} WHERE embedder = $1 AND dim > $2::integer) AS other`,
      [embedder, dimension],
    );
    return rows[0]?.other === true;
  }

  async dump<S extends DumpSection>(
    section: S,
    page: { cursor: string | null; limit: number },
  ): Promise<DumpPage<S>> {
    const spec = DUMP[section];
    const key = spec.keys.map(([k, type]) => (type === "text" ? `${k} COLLATE "C"` : k)).join(", ");
    const p = new Params();
    let where = "";
    if (page.cursor !== null) {
      const values = JSON.parse(page.cursor) as unknown[];
      const params = spec.keys.map(([, type], i) => p.add(values[i], type === "num" ? "::bigint" : "::text"));
      where = `WHERE (${key}) > (${params.join(", ")})`;
    }
    const rows = await this.rows(
      `SELECT * FROM ${this.t(spec.table)} ${where} ORDER BY ${key} LIMIT ${p.add(page.limit, "::integer")}`,
      p.values,
    );
    const last = rows.at(-1);
    return {
      rows: rows.map(spec.map) as DumpRows[S],
      cursor:
        rows.length < page.limit || !last
          ? null
          : JSON.stringify(spec.keys.map(([k, type]) => (type === "num" ? String(last[k]) : last[k]))),
    };
  }

  async dumpCounts(): Promise<Record<DumpSection, number>> {
    const sections = Object.entries(DUMP) as [DumpSection, (typeof DUMP)[DumpSection]][];
    const [r] = await this.rows(
      `SELECT ${sections.map(([name, spec]) => `(SELECT count(*)::int FROM ${this.t(spec.table)}) AS "${name}"`).join(", ")}`,
    );
    return Object.fromEntries(sections.map(([name]) => [name, num(r![name])])) as Record<DumpSection, number>;
  }
}

/** Reads and writes on one transaction's connection: what `Store.transaction` hands the engine. */
class PostgresWriter extends PostgresReader implements StoreWriter {
  private readonly lockedChains = new Set<string>();

  protected override get inWriteTransaction(): boolean {
    return true;
  }

  /** Takes the namespace's chain lock before reading the head, so concurrent appends stay linear. */
  override async auditHead(namespace: string): Promise<AuditEntry | null> {
    if (!this.lockedChains.has(namespace)) {
      await this.rows("SELECT pg_advisory_xact_lock($1::bigint)", [
        chainLockKey(this.ctx.contentKey, this.ctx.schema, namespace),
      ]);
      this.lockedChains.add(namespace);
    }
    return super.auditHead(namespace);
  }

  async insertEpisode(episode: NewEpisode): Promise<string> {
    const cols = Object.entries(EPISODE_COLUMNS) as [keyof NewEpisode, Column][];
    const p = new Params();
    const values = cols.map(([k, [, to, cast]]) => p.add(to(episode[k]), cast));
    const [r] = await this.rows(
      `INSERT INTO ${this.t("episodes")} (${cols.map(([, [c]]) => c).join(",")}) VALUES (${values.join(",")}) RETURNING rid`,
      p.values,
    );
    return `e${r!.rid}`;
  }

  async updateEpisode(id: string, patch: EpisodePatch): Promise<void> {
    await this.update("episodes", EPISODE_COLUMNS, id, patch);
  }

  async insertBelief(belief: NewBelief): Promise<string> {
    const cols = Object.entries(BELIEF_COLUMNS) as [keyof NewBelief, Column][];
    const p = new Params();
    const values = cols.map(([k, [, to, cast]]) => p.add(to(belief[k]), cast));
    const [r] = await this.rows(
      `INSERT INTO ${this.t("beliefs")} (${cols.map(([, [c]]) => c).join(",")}) VALUES (${values.join(",")}) RETURNING rid`,
      p.values,
    );
    const id = `b${r!.rid}`;
    await this.addSources(id, belief.sources);
    return id;
  }

  /**
   * The rows of `insertBelief` + `putVector` per row, in a few statements: the rids are drawn from
   * the beliefs' sequence first and handed out in ascending order (row i gets the i-th, as one
   * insert per row would), then beliefs, vectors and sources go BULK_ROWS rows a statement. The
   * change log names the same ids (each chunk's rows, then its vectors).
   */
  async insertBeliefs(rows: readonly NewBeliefWithVector[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const rids = (
      await this.rows(
        `SELECT nextval(pg_get_serial_sequence($1, 'rid')) AS rid FROM generate_series(1, $2::integer)`,
        [this.t("beliefs"), rows.length],
      )
    )
      .map((r) => Number(r.rid))
      .sort((a, b) => a - b);
    const ids = rids.map((rid) => `b${rid}`);
    const cols = Object.entries(BELIEF_COLUMNS) as [keyof NewBelief, Column][];
    const names = `rid,${cols.map(([, [c]]) => c).join(",")}`;
    const dims = new Set<number>();
    for (let start = 0; start < rows.length; start += BULK_ROWS) {
      const end = Math.min(rows.length, start + BULK_ROWS);
      const beliefs = new Params();
      const vectors = new Params();
      const sources = new Params();
      const beliefRows: string[] = [];
      const vectorRows: string[] = [];
      const sourceRows: string[] = [];
      for (let i = start; i < end; i++) {
        const { belief, embedder, vector } = rows[i]!;
        beliefRows.push(
          `(${beliefs.add(rids[i], "::bigint")},${cols.map(([k, [, to, cast]]) => beliefs.add(to(belief[k]), cast)).join(",")})`,
        );
        vectorRows.push(
          `(${vectors.add(ids[i])},${vectors.add(belief.namespace)},${vectors.add(embedder)},${vectors.add(vector.length, "::integer")},${vectors.add(toArrayLiteral(vector), "::real[]")})`,
        );
        dims.add(vector.length);
        for (const e of belief.sources) sourceRows.push(`(${sources.add(e)},${sources.add(ids[i])})`);
      }
      await this.rows(
        `INSERT INTO ${this.t("beliefs")} (${names}) VALUES ${beliefRows.join(",")}`,
        beliefs.values,
      );
      if (sourceRows.length > 0)
        await this.rows(
          `INSERT INTO ${this.t("belief_sources")}(episode_id, belief_id) VALUES ${sourceRows.join(",")} ON CONFLICT DO NOTHING`,
          sources.values,
        );
      await this.rows(
        `INSERT INTO ${this.t("vectors")}(id, namespace, embedder, dim, vector) VALUES ${vectorRows.join(",")}
         ON CONFLICT (id) DO UPDATE SET namespace = excluded.namespace, embedder = excluded.embedder, dim = excluded.dim, vector = excluded.vector`,
        vectors.values,
      );
    }
    for (const dim of dims) await this.ensureVectorIndex(dim);
    return ids;
  }

  async updateBelief(id: string, patch: BeliefPatch): Promise<void> {
    await this.update("beliefs", BELIEF_COLUMNS, id, patch);
    if (patch.sources) await this.addSources(id, patch.sources);
  }

  private async addSources(beliefId: string, episodes: readonly string[]): Promise<void> {
    for (const e of episodes)
      await this.rows(
        `INSERT INTO ${this.t("belief_sources")}(episode_id, belief_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [e, beliefId],
      );
  }

  private async update(
    table: string,
    columns: Record<string, Column>,
    id: string,
    patch: Record<string, unknown>,
  ): Promise<void> {
    const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && k in columns);
    if (entries.length === 0) return;
    const p = new Params();
    const sets = entries.map(([k, v]) => {
      const [c, to, cast] = columns[k]!;
      return `${c} = ${p.add(to(v), cast)}`;
    });
    await this.rows(
      `UPDATE ${this.t(table)} SET ${sets.join(", ")} WHERE rid = ${p.add(ridOf(id), "::bigint")}`,
      p.values,
    );
  }

  async addLink(link: Link): Promise<void> {
    await this.rows(
      `INSERT INTO ${this.t("links")}(from_id, to_id, relation, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [link.from, link.to, link.relation, link.at],
    );
  }

  async addOutcome(event: OutcomeEvent): Promise<void> {
    await this.rows(
      `INSERT INTO ${this.t("outcomes")}(belief_id, success, at, confidence_before, confidence_after)
       VALUES ($1, $2::boolean, $3, $4::double precision, $5::double precision)`,
      [event.beliefId, event.success, event.at, event.confidenceBefore, event.confidenceAfter],
    );
  }

  async putVector(id: string, namespace: string, embedder: string, vector: Float32Array): Promise<void> {
    await this.rows(
      `INSERT INTO ${this.t("vectors")}(id, namespace, embedder, dim, vector) VALUES ($1, $2, $3, $4::integer, $5::real[])
       ON CONFLICT (id) DO UPDATE SET namespace = excluded.namespace, embedder = excluded.embedder, dim = excluded.dim, vector = excluded.vector`,
      [id, namespace, embedder, vector.length, toArrayLiteral(vector)],
    );
    await this.ensureVectorIndex(vector.length);
  }

  /** One HNSW index per dimension, created when its first vector arrives (writes are serialised). */
  private async ensureVectorIndex(dim: number): Promise<void> {
    const ext = this.ctx.vectorSchema;
    if (ext === null || this.ctx.indexedDims.has(dim)) return;
    const e = quoteIdent(ext);
    await this.db.exec(
      `CREATE INDEX IF NOT EXISTS vectors_hnsw_${dim} ON ${this.t("vectors")}
       USING hnsw ((vector::${e}.vector(${dim})) ${e}.vector_cosine_ops) WHERE dim = ${dim}`,
    );
    // Its expression's values (embeddings, made from user text) are never sampled into
    // pg_statistic, which forget cannot rewrite (migration 9).
    await this.db.exec(
      `ALTER INDEX ${quoteIdent(this.ctx.schema)}.vectors_hnsw_${dim} ALTER COLUMN 1 SET STATISTICS 0`,
    );
    this.ctx.indexedDims.add(dim);
  }

  async deleteVector(id: string): Promise<void> {
    await this.rows(`DELETE FROM ${this.t("vectors")} WHERE id = $1`, [id]);
  }

  async putJudgedPair(j: JudgedPair): Promise<void> {
    await this.rows(
      `INSERT INTO ${this.t("judged_pairs")}(a, b, a_hash, b_hash, relation, judge, reason, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (a, b) DO UPDATE SET a_hash = excluded.a_hash, b_hash = excluded.b_hash, relation = excluded.relation,
         judge = excluded.judge, reason = excluded.reason, at = excluded.at`,
      [j.a, j.b, j.aHash, j.bHash, j.relation, j.judge, j.reason, j.at],
    );
  }

  async clearAuditDetails(namespace: string, ids: readonly string[]): Promise<void> {
    for (const id of ids)
      await this.rows(
        `UPDATE ${this.t("audit")} SET detail = NULL
          WHERE namespace = $1 AND detail IS NOT NULL AND (subject_id = $2 OR strpos(detail::text, $3) > 0)`,
        [namespace, id, JSON.stringify(id)],
      );
  }

  async deleteJudgedPairs(id: string): Promise<void> {
    await this.rows(`DELETE FROM ${this.t("judged_pairs")} WHERE a = $1 OR b = $1`, [id]);
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.rows(
      `INSERT INTO ${this.t("meta")}(key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [key, value],
    );
  }

  async deleteMetaPrefix(prefix: string): Promise<void> {
    await this.rows(`DELETE FROM ${this.t("meta")} WHERE left(key, $1) = $2`, [prefix.length, prefix]);
  }

  /**
   * Multi-row INSERTs in chunks (bounded statements, few round trips). Plain inserts: a row whose
   * key is taken fails the statement (`load` refuses it) — `ON CONFLICT DO NOTHING` dropped it
   * while the load reported it loaded (attacks38).
   */
  private async insertMany(table: string, columns: [string, string][], rows: unknown[][]): Promise<void> {
    const chunk = Math.max(1, Math.floor(20_000 / columns.length));
    for (let i = 0; i < rows.length; i += chunk) {
      const p = new Params();
      const values = rows
        .slice(i, i + chunk)
        .map((row) => `(${row.map((v, j) => p.add(v, columns[j]![1])).join(",")})`);
      await this.rows(
        `INSERT INTO ${this.t(table)} (${columns.map(([c]) => c).join(",")}) VALUES ${values.join(",")}`,
        p.values,
      );
    }
  }

  async load<S extends DumpSection>(section: S, rows: DumpRows[S]): Promise<void> {
    try {
      await this.loadRows(section, rows);
    } catch (error) {
      // 23505: unique_violation.
      if ((error as { code?: string } | null)?.code === "23505") throw loadKeyTaken(section);
      throw error;
    }
  }

  private async loadRows<S extends DumpSection>(section: S, rows: DumpRows[S]): Promise<void> {
    if (rows.length === 0) return;
    const withRid = async (table: string, columns: Record<string, Column>) => {
      const cols = Object.entries(columns);
      await this.insertMany(
        table,
        [["rid", "::bigint"], ...cols.map(([, [c, , cast]]): [string, string] => [c, cast])],
        (rows as unknown as Record<string, unknown>[]).map((item) => [
          ridOf(item.id as string),
          ...cols.map(([k, [, to]]) => to(item[k])),
        ]),
      );
      // Explicit ids leave the sequence behind: the next write must continue after the largest.
      await this.rows(
        `SELECT setval(pg_get_serial_sequence('${this.t(table)}', 'rid'), greatest(max(rid), 1), max(rid) IS NOT NULL) FROM ${this.t(table)}`,
      );
    };
    const r = rows as DumpRows[DumpSection];
    switch (section) {
      case "episodes":
        return withRid("episodes", EPISODE_COLUMNS);
      case "beliefs":
        return withRid("beliefs", BELIEF_COLUMNS);
      case "beliefSources":
        return this.insertMany(
          "belief_sources",
          [
            ["episode_id", ""],
            ["belief_id", ""],
          ],
          (r as DumpRows["beliefSources"]).map((x) => [x.episodeId, x.beliefId]),
        );
      case "links":
        return this.insertMany(
          "links",
          [
            ["from_id", ""],
            ["to_id", ""],
            ["relation", ""],
            ["at", ""],
          ],
          (r as DumpRows["links"]).map((x) => [x.from, x.to, x.relation, x.at]),
        );
      case "outcomes":
        return this.insertMany(
          "outcomes",
          [
            ["belief_id", ""],
            ["success", "::boolean"],
            ["at", ""],
            ["confidence_before", "::double precision"],
            ["confidence_after", "::double precision"],
          ],
          (r as DumpRows["outcomes"]).map((x) => [
            x.beliefId,
            x.success,
            x.at,
            x.confidenceBefore,
            x.confidenceAfter,
          ]),
        );
      case "vectors": {
        const list = r as DumpRows["vectors"];
        await this.insertMany(
          "vectors",
          [
            ["id", ""],
            ["namespace", ""],
            ["embedder", ""],
            ["dim", "::integer"],
            ["vector", "::real[]"],
          ],
          list.map((x) => [x.id, x.namespace, x.embedder, x.vector.length, toArrayLiteral(x.vector)]),
        );
        for (const dim of new Set(list.map((x) => x.vector.length))) await this.ensureVectorIndex(dim);
        return;
      }
      case "judgedPairs":
        return this.insertMany(
          "judged_pairs",
          [
            ["a", ""],
            ["b", ""],
            ["a_hash", ""],
            ["b_hash", ""],
            ["relation", ""],
            ["judge", ""],
            ["reason", ""],
            ["at", ""],
          ],
          (r as DumpRows["judgedPairs"]).map((j) => [
            j.a,
            j.b,
            j.aHash,
            j.bHash,
            j.relation,
            j.judge,
            j.reason,
            j.at,
          ]),
        );
      case "meta":
        // Plain inserts, not `setMeta`'s upsert: a record whose key is taken is refused (attacks39).
        return this.insertMany(
          "meta",
          [
            ["key", ""],
            ["value", ""],
          ],
          (r as DumpRows["meta"]).map((x) => [x.key, x.value]),
        );
      case "audit":
        return this.insertMany(
          "audit",
          [
            ["namespace", ""],
            ["seq", "::integer"],
            ["at", ""],
            ["actor", ""],
            ["event", ""],
            ["subject_id", ""],
            ["content_hash", ""],
            ["detail", "::json"],
            ["prev_hash", ""],
            ["hash", ""],
          ],
          (r as DumpRows["audit"]).map((e) => auditValues(e)),
        );
      case "auditHeads":
        return this.insertMany(
          "audit_heads",
          [
            ["namespace", ""],
            ["seq", "::integer"],
            ["hash", ""],
          ],
          (r as DumpRows["auditHeads"]).map((h) => [h.namespace, h.seq, h.hash]),
        );
    }
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await this.rows(
      `INSERT INTO ${this.t("audit")}(namespace, seq, at, actor, event, subject_id, content_hash, detail, prev_hash, hash)
       VALUES ($1, $2::integer, $3, $4, $5, $6, $7, $8::json, $9, $10)`,
      auditValues(entry),
    );
    await this.rows(
      `INSERT INTO ${this.t("audit_heads")}(namespace, seq, hash) VALUES ($1, $2::integer, $3)
       ON CONFLICT (namespace) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`,
      [entry.namespace, entry.seq, entry.hash],
    );
  }

  /** `appendAudit` per entry, in a few statements: BULK_ROWS entries each, then each chain's head once. */
  async appendAudits(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const heads = new Map<string, AuditEntry>();
    for (let start = 0; start < entries.length; start += BULK_ROWS) {
      const p = new Params();
      const rows: string[] = [];
      for (const e of entries.slice(start, start + BULK_ROWS)) {
        const [namespace, seq, at, actor, event, subjectId, contentHash, detail, prevHash, hash] =
          auditValues(e);
        rows.push(
          `(${p.add(namespace)},${p.add(seq, "::integer")},${p.add(at)},${p.add(actor)},${p.add(event)},${p.add(subjectId)},${p.add(contentHash)},${p.add(detail, "::json")},${p.add(prevHash)},${p.add(hash)})`,
        );
        heads.set(e.namespace, e);
      }
      await this.rows(
        `INSERT INTO ${this.t("audit")}(namespace, seq, at, actor, event, subject_id, content_hash, detail, prev_hash, hash) VALUES ${rows.join(",")}`,
        p.values,
      );
    }
    for (const e of heads.values())
      await this.rows(
        `INSERT INTO ${this.t("audit_heads")}(namespace, seq, hash) VALUES ($1, $2::integer, $3)
         ON CONFLICT (namespace) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`,
        [e.namespace, e.seq, e.hash],
      );
  }
}

export class PostgresStore extends PostgresReader implements Store {
  readonly name = "postgres";
  readonly capabilities: StoreCapabilities;
  private readonly client: SqlClient;
  private readonly pending = new Set<Promise<unknown>>();
  /** Commits by this handle, to prune the vector change log every `PRUNE_EVERY`. */
  private commits = 0;

  private constructor(client: SqlClient, ctx: StoreContext) {
    super(client, ctx);
    this.client = client;
    this.capabilities = Object.freeze({
      fullText: true,
      // Both paths index: pgvector's HNSW, or the in-process exact index.
      vector: "index",
      concurrentWriters: true,
      // A server database: copy it with pg_dump or the provider's snapshots.
      backup: false,
    });
  }

  /** Which vector index answers searches: pgvector's HNSW, or the in-process exact index. */
  get vectorIndex(): "pgvector" | "memory" {
    return this.ctx.vectorCache === null ? "pgvector" : "memory";
  }

  /** Where the store points (password removed) and which schema holds its tables. */
  get target(): string {
    return `${this.client.target} schema ${this.ctx.schema}`;
  }

  /**
   * Connects, checks the server, applies pending migrations once across processes and
   * detects pgvector.
   *
   *   const store = await PostgresStore.open({ url: process.env.DATABASE_URL });
   *   const store = await PostgresStore.open({ pglite: await PGlite.create({ extensions: { vector } }) });
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const schema = options.schema ?? "strata";
    const badSchema = invalidSchema(schema);
    if (badSchema) throw badSchema;
    const client = PostgresStore.client(options);
    try {
      const textIndex = options.textIndex ?? "auto";
      if (textIndex !== "auto" && textIndex !== "tsvector")
        throw new StrataError(
          "INVALID_INPUT",
          `Unknown textIndex "${String(textIndex)}": use "auto" (the in-process BM25 index) or "tsvector" (ts_rank_cd in SQL).`,
          { field: "textIndex" },
        );
      const vectorSearch = options.vectorSearch ?? "auto";
      if (!(["exact", "approximate", "auto"] as unknown[]).includes(vectorSearch))
        throw new StrataError(
          "INVALID_INPUT",
          `Unknown vectorSearch "${String(vectorSearch)}": use "exact" (every row), "approximate" (the nearest lists) or "auto" (approximate from 200,000 rows a namespace).`,
          { field: "vectorSearch" },
        );
      const vectorIndex = options.vectorIndex ?? "auto";
      if (vectorIndex !== "auto" && vectorIndex !== "memory")
        throw new StrataError(
          "INVALID_INPUT",
          `Unknown vectorIndex "${String(vectorIndex)}": use "auto" (pgvector when available) or "memory" (the in-process index).`,
          { field: "vectorIndex" },
        );
      if (options.create === false) {
        const [r] = await client.query("SELECT to_regclass($1) IS NOT NULL AS ok", [
          `${quoteIdent(schema)}.strata_migrations`,
        ]);
        if (r?.ok !== true) {
          const where = options.url ? redactUrl(options.url) : "this database";
          throw new StrataError(
            "STORE_UNAVAILABLE",
            `No Strata schema "${schema}" in ${where}: it holds no Strata tables, and none were created. Check the schema (?schema=…; the default is strata).`,
            { path: `${where}?schema=${schema}`, where, schema, reason: "missing" },
          );
        }
      }
      const { vectorSchema, contentKey, created } = await migrate(
        client,
        schema,
        vectorIndex,
        options.random ?? randomBytes,
      );
      const t = (table: string) => `${quoteIdent(schema)}.${table}`;
      const changes = new ChangeLog(t);
      const ctx: StoreContext = {
        contentKey,
        s: quoteIdent(schema),
        schema,
        vectorSchema,
        indexedDims: new Set(),
        changes,
        vectorCache: vectorSchema === null ? new VectorCache(changes, t, vectorSearch) : null,
        textCache: textIndex === "auto" ? new TextCache(changes, t) : null,
        rewriteOnForget: options.rewriteOnForget ?? true,
        closed: false,
      };
      if (vectorSchema !== null && (options.pglite || options.client)) {
        // One session: set the search parameters once (a pool the store opens sets them per connection).
        await client.exec("SET hnsw.ef_search = 200").catch(() => undefined);
        await client.exec("SET hnsw.iterative_scan = relaxed_order").catch(() => undefined);
      }
      const store = new PostgresStore(client, ctx);
      if (created) options.onCreated?.();
      return store;
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }

  private static client(o: PostgresStoreOptions): SqlClient {
    if (o.client) return o.client;
    if (o.pglite) return pgliteClient(o.pglite, { ownsDb: false });
    if (o.pool) return pgPoolClient(o.pool, { ownsPool: false, target: "an injected pg Pool" });
    if (o.url) {
      parsePostgresUrl(o.url); // refuses a malformed URL with INVALID_INPUT, before pg does with a TypeError
      return pgUrlClient({
        url: o.url,
        statementTimeoutMs: o.statementTimeoutMs ?? 30_000,
        connectTimeoutMs: o.connectTimeoutMs ?? 5_000,
        maxConnections: o.maxConnections ?? 10,
        ...(o.schema ? { schema: o.schema } : {}),
      });
    }
    throw new StrataError(
      "INVALID_INPUT",
      "PostgresStore.open needs a url (postgres://user:password@host:5432/db), a pg Pool or a PGlite instance.",
    );
  }

  /**
   * One atomic write on one connection. A store-wide advisory lock serialises writers across
   * processes (as SQLite's BEGIN IMMEDIATE does), so the write gate decides on committed state
   * and read-modify-write counters (support, outcomes) never lose an update.
   */
  transaction<T>(fn: (tx: StoreWriter) => Promise<T>): Promise<T> {
    this.check();
    const log = this.ctx.changes;
    const mark = log.begin();
    const run = this.client.transaction(async (db) => {
      await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`strata-write:${this.ctx.schema}`]);
      const result = await fn(new PostgresWriter(db, this.ctx));
      // Seen by readers at this transaction's commit, with its writes (`writeMark`). Only when it
      // wrote: PostgreSQL gives a transaction an id at its first row change, and one that changed
      // nothing (an idle maintain, a consolidation with nothing pending) commits without writing
      // to disk. Moved in every transaction, the mark made each of those a commit that flushed the
      // WAL (attacks45, bench/write-mark.ts: an empty transaction 2–3× as long).
      await db.query(
        `UPDATE ${this.t("write_mark")} SET writes = writes + 1 WHERE txid_current_if_assigned() IS NOT NULL`,
      );
      return result;
    });
    this.pending.add(run);
    const done = () => this.pending.delete(run);
    run.then(
      () => {
        done();
        log.committed();
        if (++this.commits % PRUNE_EVERY === 0) this.pruneChanges();
      },
      () => {
        done();
        log.rolledBack(mark);
      },
    );
    return run;
  }

  async writeMark(): Promise<string> {
    this.check();
    const [r] = await this.rows(`SELECT writes FROM ${this.t("write_mark")}`);
    return String(r?.writes ?? 0);
  }

  snapshot<T>(fn: (reader: StoreReader) => Promise<T>): Promise<T> {
    this.check();
    // No advisory lock: writers go on, and none of their commits reaches this snapshot.
    return this.client.transaction(async (db) => {
      await db.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      // The snapshot is taken at the first query: now, not at `fn`'s first read.
      await db.query("SELECT 1");
      return fn(new PostgresReader(db, this.ctx));
    });
  }

  /**
   * After forget committed: rewrites each table forget touched (`ERASED_TABLES`) into new files,
   * which leaves no copy of a dead row version in a table's heap, indexes and TOAST (a plain
   * VACUUM marks the space free but leaves its bytes; measured in docs/benchmarks.md). A table
   * under `SWAP_ABOVE_BYTES` gets `VACUUM (FULL)`, which locks it for its copy; a larger one is
   * copied while writers go on and swapped in under a short lock (`rewriteBySwap`), unless its
   * shape is one the swap does not carry over. A small table is swapped too while anything in the
   * database holds a snapshot older than the forget (`olderSnapshotOpen`): VACUUM (FULL) would
   * copy the erased row versions that snapshot may read; one the swap cannot take waits 2 s for
   * it, then is vacuumed or reported left (`OLDER_SNAPSHOT_REASON`). It runs outside a transaction, on one connection
   * of its own, one purge of the schema at a time (a session advisory lock). A table is left as it is, and named in the report's `skipped`
   * with the reason, when another session holds a lock on it for more than 2 s, when its rewrite
   * outlasts the statement timeout, or when the role may not vacuum it (not its owner nor the
   * database's: PostgreSQL then only sends a WARNING); the next forget, or an operator's
   * `VACUUM (FULL)`, does it. The WAL, replicas and backups keep their copies (SECURITY.md).
   * With `rewriteOnForget: false` every table is reported skipped, for that reason.
   */
  async purgeErased(): Promise<PurgeReport> {
    this.check();
    const report: PurgeReport = { rewritten: [], skipped: [] };
    const skip = (table: string, reason: string) =>
      report.skipped.push({ part: table, reason, remedy: `VACUUM (FULL) ${this.t(table)}` });
    if (!this.ctx.rewriteOnForget) {
      for (const table of ERASED_TABLES) skip(table, "the store was opened with rewriteOnForget: false");
      return report;
    }
    await this.client.session(async (conn) => {
      // One purge of the schema at a time: a swap's copy must not meet another's (swap-rewrite.ts).
      try {
        await conn.query("SELECT pg_advisory_lock(hashtext($1))", [`strata-purge:${this.ctx.schema}`]);
      } catch (error) {
        const reason = purgeFailure(error);
        if (reason === null) throw error;
        for (const table of ERASED_TABLES) skip(table, `another forget was rewriting it and ${reason}`);
        return;
      }
      await conn.exec(`SET lock_timeout = ${PURGE_LOCK_WAIT_MS}`);
      const [timeout] = await conn.query<{ ms: string }>(
        "SELECT setting AS ms FROM pg_settings WHERE name = 'statement_timeout'",
      );
      // Taken after forget committed: a snapshot older than this may still see its erased rows.
      const mark = await horizonMark(conn);
      for (const table of ERASED_TABLES) {
        conn.takeWarnings();
        let left: string | null = null;
        try {
          // VACUUM (FULL) copies a deleted row version a snapshot older than the forget may still
          // read (older-snapshots.ts); the swap's copy never does, so it is used whenever one is open.
          const older = await olderSnapshotOpen(conn, mark);
          const large = (await tableBytes(conn, this.ctx.schema, table)) >= SWAP_ABOVE_BYTES;
          const outcome =
            older || large
              ? (
                  await rewriteBySwap(conn, {
                    schema: this.ctx.schema,
                    table,
                    lockWaitMs: PURGE_LOCK_WAIT_MS,
                    statementTimeoutMs: Number(timeout?.ms ?? 0),
                    analyze: large,
                  })
                ).outcome
              : "vacuum";
          if (outcome !== "swapped") {
            // A table the swap cannot take: wait (as for a lock) for the older snapshots to end.
            // One the role does not own goes to VACUUM (FULL) at once, for the server's WARNING
            // (or, as the database's owner, a rewrite that may have kept the rows: reported left).
            let kept = older;
            if (older && outcome === "unfit") {
              kept = await olderSnapshotAfterWait(conn, mark, PURGE_LOCK_WAIT_MS);
              if (kept) {
                skip(table, OLDER_SNAPSHOT_REASON);
                continue;
              }
            }
            await conn.exec(`VACUUM (FULL) ${this.t(table)}`);
            left = kept ? OLDER_SNAPSHOT_REASON : null;
          }
        } catch (error) {
          const reason = purgeFailure(error);
          if (reason === null) throw error;
          skip(table, reason);
          continue;
        }
        const [warning] = conn.takeWarnings();
        if (warning) skip(table, `PostgreSQL did not rewrite it: ${warning}`);
        else if (left) skip(table, left);
        else report.rewritten.push(table);
      }
      await conn.exec("RESET lock_timeout");
      await conn.query("SELECT pg_advisory_unlock(hashtext($1))", [`strata-purge:${this.ctx.schema}`]);
    });
    return report;
  }

  /**
   * Keeps the vector change log bounded: entries older than the last `KEEP_CHANGES` go. A process
   * that falls further behind than that reloads its index from the tables (vector-cache.ts).
   */
  private pruneChanges(): void {
    const prune = this.client
      .query(
        `DELETE FROM ${this.t("changes")} WHERE seq < (SELECT max(seq) FROM ${this.t("changes")}) - ${KEEP_CHANGES}`,
      )
      .catch(() => undefined); // bookkeeping: the next prune retries
    this.pending.add(prune);
    void prune.then(() => this.pending.delete(prune));
  }

  async close(): Promise<void> {
    if (this.ctx.closed) return;
    await Promise.allSettled([...this.pending]);
    this.ctx.closed = true;
    await this.client.close();
    // Whoever still holds a closed store would keep the in-process indexes (see SqliteStore.close).
    this.ctx.vectorCache?.reset();
    this.ctx.textCache?.reset();
  }

  /** One read of the change log for the scope's searches (change-log.ts `within`). */
  readScope<T>(fn: () => Promise<T>): Promise<T> {
    return this.ctx.changes.within(fn);
  }

  /**
   * A named lock across processes and servers: a session-level advisory lock held on one
   * dedicated connection while `fn` runs (advisory-lock.ts). Needs a second connection for
   * `fn`'s own queries (maxConnections ≥ 2); PGlite shares its one session.
   */
  async withLock<T>(name: string, options: LockOptions, fn: () => Promise<T>): Promise<T> {
    this.check();
    return withAdvisoryLock(this.client, this.ctx.contentKey, this.ctx.schema, name, options, fn);
  }

  /** Raw SQL for tests that must tamper with stored rows (audit verification). Tables are in `schema`. */
  async unsafeQuery(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return this.db.query(inSchema(sql, this.ctx.schema), params);
  }
}

/**
 * Applies pending migrations under a transaction-scoped advisory lock and turns pgvector on
 * when it can. Returns the schema holding pgvector, or null for the in-process scan.
 */
async function migrate(
  client: SqlClient,
  schema: string,
  vectorIndex: "auto" | "memory",
  random: (bytes: number) => Uint8Array,
): Promise<{ vectorSchema: string | null; contentKey: string; created: boolean }> {
  return client.transaction(async (db) => {
    await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`strata-migrate:${schema}`]);
    // DDL only where something is missing: a role with no CREATE privilege (the tables' DML and
    // the secret's SELECT granted) opens a store its owner made, instead of failing on the
    // `CREATE SCHEMA IF NOT EXISTS` PostgreSQL checks the privilege of before the existence.
    const exists = async (table: string) => {
      const [r] = await db.query("SELECT to_regclass($1) IS NOT NULL AS ok", [
        `${quoteIdent(schema)}.${table}`,
      ]);
      return r?.ok === true;
    };
    const created = !(await exists("strata_migrations"));
    if (created) {
      await db.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await db.exec(inSchema(MIGRATIONS_TABLE, schema));
    }
    const [row] = await db.query(
      `SELECT coalesce(max(version), 0)::int AS v FROM ${quoteIdent(schema)}.strata_migrations`,
    );
    const current = num(row?.v ?? 0);
    if (current > SCHEMA_VERSION)
      throw new StrataError(
        "SCHEMA_TOO_NEW",
        `The Postgres schema "${schema}" has Strata schema version ${current}, newer than this Strata (${SCHEMA_VERSION}). Upgrade strata-memory to open it.`,
        { found: current, supported: SCHEMA_VERSION },
      );
    // The store's secret lives in a table of its own, outside `meta`, so no dump or export holds it.
    // It is made before the migrations: a migration may key what it rewrites with it.
    const secrets = `${quoteIdent(schema)}.strata_secrets`;
    if (!(await exists("strata_secrets")))
      await db.exec(`CREATE TABLE IF NOT EXISTS ${secrets} (name text PRIMARY KEY, value text NOT NULL)`);
    const readKey = () => db.query(`SELECT value FROM ${secrets} WHERE name = 'content_key'`);
    let [key] = await readKey();
    if (!key) {
      await db.query(
        `INSERT INTO ${secrets}(name, value) VALUES ('content_key', $1) ON CONFLICT DO NOTHING`,
        [Buffer.from(random(32)).toString("hex")],
      );
      [key] = await readKey();
    }
    const contentKey = key!.value as string;
    for (let v = current; v < SCHEMA_VERSION; v++) {
      await db.exec(inSchema(MIGRATIONS[v]!, schema));
      await MIGRATION_FILLS[v + 1]?.(db, schema, contentKey);
      await db.query(`INSERT INTO ${quoteIdent(schema)}.strata_migrations(version) VALUES ($1::integer)`, [
        v + 1,
      ]);
    }
    if (vectorIndex === "memory") return { vectorSchema: null, contentKey, created };
    return { vectorSchema: await enableVector(db), contentKey, created };
  });
}

async function enableVector(db: SqlQueryable): Promise<string | null> {
  const installed = async () => {
    const [r] = await db.query(
      "SELECT n.nspname FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace WHERE x.extname = 'vector'",
    );
    return r ? (r.nspname as string) : null;
  };
  const found = await installed();
  if (found !== null) return found;
  const [available] = await db.query("SELECT 1 AS ok FROM pg_available_extensions WHERE name = 'vector'");
  if (!available) return null;
  // Creating it may be refused (privileges): a savepoint keeps the migration's transaction alive.
  await db.exec("SAVEPOINT strata_vector");
  try {
    await db.exec("CREATE EXTENSION IF NOT EXISTS vector");
    await db.exec("RELEASE SAVEPOINT strata_vector");
  } catch {
    await db.exec("ROLLBACK TO SAVEPOINT strata_vector");
    return null;
  }
  return installed();
}

export { redactUrl };

/** An exact-match metadata filter in SQL: jsonb equality of the field (a path) and the value, types included. */
function metadataWhere(filter: BeliefFilter["metadata"], alias: string, p: Params, parts: string[]): void {
  for (const [field, value] of Object.entries(filter ?? {}))
    parts.push(
      `(${alias}.metadata::jsonb #> ${p.add(metadataPath(field), "::text[]")}) = ${p.add(JSON.stringify(value), "::jsonb")}`,
    );
}
