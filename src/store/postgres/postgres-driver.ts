/**
 * The one small seam between the Postgres store and a driver: `SqlClient`. Two adapters sit
 * behind it, a `pg` Pool (a server) and PGlite (Postgres in WebAssembly, in process, for tests
 * and embedded use). The store never imports either driver's types.
 */
import pg from "pg";
import { StrataError } from "../../core/errors.js";
import { withPassfilePassword } from "./postgres-passfile.js";
import { refusalAdvice } from "./postgres-refusals.js";
import { missingPassword, redactUrl, withLibpqSslMode } from "./postgres-url.js";

/** Double-quotes an SQL identifier (a schema, table or column name), doubling any quote it holds. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type SqlRow = Record<string, unknown>;

/** Something that runs SQL: a pooled connection, a transaction's connection, PGlite. */
export interface SqlQueryable {
  /** One statement with `$1…` parameters. */
  query<R extends SqlRow = SqlRow>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A connection held by `SqlClient.session`. */
export interface SqlSession extends SqlQueryable {
  /**
   * The WARNING messages the server sent on this connection since the last call, taken. A
   * statement PostgreSQL declines without an error (a VACUUM of a table the role does not own)
   * says so only here. PGlite: none (its one user owns everything).
   */
  takeWarnings(): string[];
}

export interface SqlClient extends SqlQueryable {
  /** Runs `fn` on one connection between BEGIN and COMMIT; ROLLBACK when it throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on one connection held for its whole run, outside any transaction: what lives in
   * a session (advisory locks) stays with it. A pool's connection is discarded, not returned,
   * after a failed statement, so a session in doubt ends (and the server frees its locks).
   * PGlite: its one connection.
   */
  session<T>(fn: (conn: SqlSession) => Promise<T>): Promise<T>;
  /**
   * What the sessions behind this client come from: the PGlite instance (one session shared
   * by every store over it), else the pool. Session locks are re-entrant within one session, so
   * holders in this process are told apart by this scope first.
   */
  readonly sessionScope: object;
  /** Ends the connections this client opened (an injected pool or PGlite is left open). */
  close(): Promise<void>;
  /** Where it points, password removed, for messages. */
  readonly target: string;
}

/** The part of PGlite's API the adapter uses (structural: PGlite stays a dev dependency). */
export interface PGliteLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(
    fn: (tx: {
      query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
      exec(sql: string): Promise<unknown>;
    }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "ETIMEDOUT",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EPIPE",
  "28000", // invalid authorization
  "28P01", // bad password
  "3D000", // database does not exist
  "57P01", // admin shutdown
  "57P02",
  "57P03", // cannot connect now (starting up)
  "53300", // too many connections
]);

function isUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (e?.code && (CONNECTION_CODES.has(e.code) || e.code.startsWith("08"))) return true;
  return /Connection terminated|timeout expired|connect ECONN|getaddrinfo/i.test(e?.message ?? "");
}

/** Maps driver failures to StrataError; leaves SQL errors (bugs, constraint violations) as they are. */
export function mapDriverError(error: unknown, target: string, schema?: string): unknown {
  if (error instanceof StrataError) return error;
  const e = error as { code?: string; message?: string };
  const noPassword = missingPassword(error, target);
  if (noPassword) return noPassword;
  const what = refusalAdvice(error, target, schema);
  if (what)
    return new StrataError("STORE_UNAVAILABLE", `PostgreSQL at ${target} ${what}`, {
      target,
      code: e.code ?? null,
    });
  if (isUnavailable(error))
    return new StrataError(
      "STORE_UNAVAILABLE",
      `Cannot reach PostgreSQL at ${target} (${e.code ?? "connection failed"}: ${e.message}). Check the server is running and reachable, and that the URL's host, port, user, password and database in the postgres:// URL are right.`,
      { target, code: e.code ?? null },
    );
  if (e?.code === "57014")
    return new StrataError(
      "STORE_UNAVAILABLE",
      `A PostgreSQL statement at ${target} ran past the statement timeout (${e.message}). Check the server's load or raise statementTimeoutMs.`,
      { target, code: e.code },
    );
  return error;
}

export { redactUrl };

export interface PgPoolClientOptions {
  /** Ends the pool on close. True when the adapter created it. */
  ownsPool: boolean;
  target: string;
  /** The Strata schema it serves, for the grants a refused privilege names. Default `strata`. */
  schema?: string;
}

/** Adapter over a `pg` Pool. */
export function pgPoolClient(pool: pg.Pool, options: PgPoolClientOptions): SqlClient {
  const { target, schema } = options;
  const run = async <R extends SqlRow>(
    q: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
  ): Promise<R[]> => {
    try {
      const result = await q.query(sql, params ? [...params] : undefined);
      return result.rows as R[];
    } catch (error) {
      throw mapDriverError(error, target, schema);
    }
  };
  const execOn = async (q: pg.Pool | pg.PoolClient, sql: string): Promise<void> => {
    try {
      await q.query(sql);
    } catch (error) {
      throw mapDriverError(error, target, schema);
    }
  };
  const connect = async (): Promise<pg.PoolClient> => {
    try {
      return await pool.connect();
    } catch (error) {
      throw mapDriverError(error, target, schema);
    }
  };
  return {
    target,
    sessionScope: pool,
    query: (sql, params) => run(pool, sql, params),
    exec: (sql) => execOn(pool, sql),
    async session<T>(fn: (conn: SqlSession) => Promise<T>): Promise<T> {
      const client = await connect();
      let broken = false;
      const marked = <R>(p: Promise<R>) =>
        p.catch((error: unknown) => {
          broken = true;
          throw error;
        });
      let warnings: string[] = [];
      const onNotice = (notice: { severity?: string; message?: string }) => {
        if (notice.severity === "WARNING" && notice.message) warnings.push(notice.message);
      };
      client.on("notice", onNotice);
      try {
        return await fn({
          query: (sql, params) => marked(run(client, sql, params)),
          exec: (sql) => marked(execOn(client, sql)),
          takeWarnings: () => {
            const taken = warnings;
            warnings = [];
            return taken;
          },
        });
      } finally {
        client.off("notice", onNotice);
        client.release(broken);
      }
    },
    async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const client = await connect();
      let broken = false;
      // The engine reads in parallel (Promise.all) inside a transaction; one connection runs
      // one query at a time, so queue them here rather than inside pg (deprecated there).
      let queue: Promise<unknown> = Promise.resolve();
      const serial = <R>(task: () => Promise<R>): Promise<R> => {
        const next = queue.then(task, task);
        queue = next.catch(() => undefined);
        return next;
      };
      try {
        await execOn(client, "BEGIN");
        const result = await fn({
          query: (sql, params) => serial(() => run(client, sql, params)),
          exec: (sql) => serial(() => execOn(client, sql)),
        });
        await queue;
        await execOn(client, "COMMIT");
        return result;
      } catch (error) {
        try {
          await client.query("ROLLBACK");
        } catch {
          broken = true; // the connection is gone: do not hand it back to the pool
        }
        throw mapDriverError(error, target, schema);
      } finally {
        client.release(broken);
      }
    },
    async close() {
      if (options.ownsPool) await pool.end();
    },
  };
}

export interface PgUrlOptions {
  url: string;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  maxConnections: number;
  /** The Strata schema it serves, for the grants a refused privilege names. Default `strata`. */
  schema?: string;
}

/** Opens a pool for a URL; every connection gets the statement timeout and vector search settings. */
export function pgUrlClient(o: PgUrlOptions): SqlClient {
  const pool = new pg.Pool({
    // A URL without a password takes PGPASSWORD's (pg's own reading), else ~/.pgpass's (ours);
    // its sslmode means what libpq says (pg 8 reads require as verify-full, and warns).
    connectionString: withLibpqSslMode(withPassfilePassword(o.url)),
    max: o.maxConnections,
    connectionTimeoutMillis: o.connectTimeoutMs,
    statement_timeout: o.statementTimeoutMs,
    // Placeholders until pgvector loads; harmless on a server without it.
    options: "-c hnsw.ef_search=200 -c hnsw.iterative_scan=relaxed_order",
  });
  // An idle connection dropped by the server must not crash the process; the next query reports it.
  pool.on("error", () => undefined);
  return pgPoolClient(pool, {
    ownsPool: true,
    target: redactUrl(o.url),
    ...(o.schema ? { schema: o.schema } : {}),
  });
}

/** Adapter over PGlite (one connection; PGlite serialises transactions itself). */
export function pgliteClient(db: PGliteLike, options: { ownsDb: boolean }): SqlClient {
  const target = "pglite (in process)";
  const wrap = (q: Pick<PGliteLike, "query" | "exec">): SqlQueryable => ({
    async query<R extends SqlRow>(sql: string, params?: readonly unknown[]): Promise<R[]> {
      try {
        return (await q.query(sql, params ? [...params] : undefined)).rows as R[];
      } catch (error) {
        throw mapDriverError(error, target);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await q.exec(sql);
      } catch (error) {
        throw mapDriverError(error, target);
      }
    },
  });
  const base = wrap(db);
  return {
    target,
    sessionScope: db,
    query: base.query,
    exec: base.exec,
    session: (fn) => fn({ ...base, takeWarnings: () => [] }),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (options.ownsDb) await db.close();
    },
  };
}
