/**
 * Every store the contract suite runs against, each opened fresh per test. Filter with
 * STRATA_STORES=sqlite,pglite,postgres (a name or its prefix); real PostgreSQL needs DATABASE_URL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Store } from "../../src/core/ports.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";

export interface StoreCase {
  name: string;
  /** Why the case does not run here, or null. */
  skip: string | null;
  open(): Promise<Store>;
  /**
   * A second handle on the data `store` holds (its own connections), as another process would
   * open it; the same handle for an in-memory SQLite database, which nothing else can reach.
   */
  reopen(store: Store): Promise<Store>;
  /** Rewrites stored rows behind the engine's back (tables: audit, beliefs, …). */
  tamper(store: Store, sql: string): Promise<void>;
  /** Starts what the case shares between tests (slow: PGlite compiles Postgres). */
  prepare(): Promise<void>;
  /** Releases what the case shares between tests. */
  dispose(): Promise<void>;
}

const wanted = (process.env.STRATA_STORES ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const filteredOut = (name: string) =>
  wanted.length > 0 && !wanted.some((w) => name === w || name.startsWith(`${w}-`))
    ? `not in STRATA_STORES=${process.env.STRATA_STORES}`
    : null;

let tmp: string | null = null;
const tmpDir = () => {
  tmp ??= mkdtempSync(join(tmpdir(), "strata-contract-"));
  return tmp;
};
let counter = 0;
const schemaName = (prefix: string) => `${prefix}_${process.pid}_${++counter}`;

const sqliteTamper = async (store: Store, sql: string) => (store as SqliteStore).unsafeExec(sql);
const pgTamper = async (store: Store, sql: string) => {
  // Unqualified table names in the test's SQL point at the store's schema.
  await (store as unknown as PostgresStore).unsafeQuery(
    sql.replace(/\b(UPDATE|FROM|INTO)\s+(audit|audit_heads|beliefs|episodes)\b/gi, "$1 {s}.$2"),
  );
};

// One PGlite for the whole file (it takes seconds to start); each test gets its own schema.
type PGliteInstance = import("@electric-sql/pglite").PGlite;
let pglite: Promise<PGliteInstance> | null = null;
const sharedPglite = () => {
  pglite ??= (async () => {
    const [{ PGlite }, { vector }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite-pgvector"),
    ]);
    return PGlite.create({ extensions: { vector } });
  })();
  return pglite;
};

// Starts compiling PGlite while the SQLite cases run.
if (!filteredOut("pglite")) void sharedPglite();

const pgSchemas: string[] = [];
/**
 * One secret for every store of the suite, so stores that ran the same script hold the same
 * content hashes and audit chain, byte for byte (a real store makes its own at random).
 */
export const FIXED_RANDOM = (bytes: number) => new Uint8Array(bytes).fill(7);

/**
 * A first connection may wait for the CPU on a 2-core CI machine running the suite's forks, worker
 * threads and a browser beside the server: two fresh-clone runs timed out at the store's 5 s
 * default on a test file's first connect. Users keep the 5 s default.
 */
const CONNECT_TIMEOUT_MS = 30_000;

/** The schema each Postgres handle was opened on, for `reopen`. */
const schemaOf = new WeakMap<Store, string>();
const remember = (store: PostgresStore, schema: string) => {
  schemaOf.set(store, schema);
  return store;
};
const DATABASE_URL = process.env.DATABASE_URL;

export const STORE_CASES: StoreCase[] = [
  {
    name: "sqlite-file",
    skip: filteredOut("sqlite-file"),
    open: async () => SqliteStore.open({ path: join(tmpDir(), `s${++counter}.db`), random: FIXED_RANDOM }),
    reopen: async (store) => SqliteStore.open({ path: (store as SqliteStore).path, random: FIXED_RANDOM }),
    tamper: sqliteTamper,
    prepare: async () => undefined,
    dispose: async () => {
      if (tmp) rmSync(tmp, { recursive: true, force: true });
      tmp = null;
    },
  },
  {
    name: "sqlite-memory",
    skip: filteredOut("sqlite-memory"),
    // Its indexes are built on the first search: the file case covers the cold searches.
    open: async () => SqliteStore.open({ path: ":memory:", random: FIXED_RANDOM, coldStart: false }),
    reopen: async (store) => store,
    tamper: sqliteTamper,
    prepare: async () => undefined,
    dispose: async () => undefined,
  },
  {
    name: "pglite",
    skip: filteredOut("pglite"),
    open: async () => {
      const schema = schemaName("t");
      return remember(
        await PostgresStore.open({ pglite: await sharedPglite(), schema, random: FIXED_RANDOM }),
        schema,
      );
    },
    reopen: async (store) =>
      PostgresStore.open({
        pglite: await sharedPglite(),
        schema: schemaOf.get(store)!,
        random: FIXED_RANDOM,
      }),
    tamper: pgTamper,
    prepare: async () => {
      await sharedPglite();
    },
    dispose: async () => {
      if (pglite) await (await pglite).close();
      pglite = null;
    },
  },
  {
    name: "postgres",
    skip:
      filteredOut("postgres") ??
      (DATABASE_URL ? null : "DATABASE_URL is not set (postgres://user:password@host:5432/db)"),
    open: async () => {
      const schema = schemaName("contract");
      pgSchemas.push(schema);
      return remember(
        await PostgresStore.open({
          url: DATABASE_URL!,
          schema,
          maxConnections: 4,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          random: FIXED_RANDOM,
        }),
        schema,
      );
    },
    reopen: async (store) =>
      PostgresStore.open({
        url: DATABASE_URL!,
        schema: schemaOf.get(store)!,
        maxConnections: 4,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        random: FIXED_RANDOM,
      }),
    tamper: pgTamper,
    prepare: async () => undefined,
    dispose: async () => {
      if (pgSchemas.length === 0) return;
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      for (const s of pgSchemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      await client.end();
    },
  },
];

/**
 * Puts `store` back to the schema an older Strata left, the version each store kind had then (the
 * two kinds number their migrations apart: SQLite's 8 is PostgreSQL's 7): the migrations after it
 * run again when the store is next opened.
 */
export async function rollBackSchema(
  store: Store,
  before: { sqlite: number; postgres: number },
): Promise<void> {
  if (store instanceof SqliteStore)
    store.unsafeExec(`UPDATE meta SET value = '${before.sqlite}' WHERE key = 'schema_version'`);
  else if (store instanceof PostgresStore)
    await store.unsafeQuery(`DELETE FROM {s}.strata_migrations WHERE version > ${before.postgres}`);
  else throw new Error(`rollBackSchema: no schema to roll back on ${store.constructor.name}`);
}
