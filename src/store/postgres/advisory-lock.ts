/**
 * The PostgreSQL store's named locks (`Store.withLock`): a session-level advisory lock,
 * `pg_try_advisory_lock(k1, k2)`, its two keys the first 64 bits of SHA-256 of the schema and the
 * name (`lockKeys`), held on one dedicated connection for the whole of the work and unlocked when
 * it settles. It excludes holders in other processes and on other servers; if the holding process
 * dies, its session ends and the server frees the lock.
 *
 * - A lock's name holds a namespace (`sleep:<namespace>`), which a caller may choose. The keys were
 *   `hashtext` of the schema and of the name: 32 bits, a hash made for tables, not against a
 *   chooser. Two namespaces whose names collide there shared one lock, so one tenant's sleep
 *   waited on another's, and the BUSY refusal named what held it — the other namespace and where
 *   its work ran from (attacks37). 64 bits of SHA-256 leave no collision to find or to meet.
 * - The two-key form keeps these locks apart from the single-key transaction locks
 *   (`strata-write:<schema>`), so no hash collision can make a sweep wait on itself.
 * - Waiting is polling with `pg_try_advisory_lock`, never a blocking `pg_advisory_lock`: the
 *   statement timeout must not fire while a sweep runs elsewhere, and the wait must be bounded.
 * - Session locks are re-entrant within one session, and PGlite is one session for every store
 *   over it: the in-process registry (lock.ts), keyed by the client's session scope, keeps two
 *   holders in one process apart before the server is asked.
 * - The holder names its work in `application_name`, so a refused caller (and `pg_stat_activity`)
 *   can tell what is running.
 */
import { createHash } from "node:crypto";
import { type LockHolder, lockBusy } from "../../core/errors.js";
import type { LockOptions } from "../../core/ports.js";
import { localHolder, remaining, tryLocal, waitFor } from "../lock.js";
import type { SqlClient, SqlQueryable } from "./postgres-driver.js";

const APP_PREFIX = "strata: ";
/** PostgreSQL keeps application_name to NAMEDATALEN - 1 bytes. */
const APP_MAX = 63;

/**
 * The two int4 keys of the lock `name` of `schema`: the first 64 bits of SHA-256 over both, a NUL
 * between them (no schema name holds one, so `a` + `b:c` and `a:b` + `c` stay apart).
 *
 *   lockKeys("strata", "sleep:default"); // [-515621062, 1796521965]
 */
export function lockKeys(schema: string, name: string): [number, number] {
  const digest = createHash("sha256").update(`strata-lock:${schema}\u0000${name}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}

/**
 * Runs `fn` holding the advisory lock `name` of `schema`.
 *
 *   await withAdvisoryLock(client, "strata", "sleep:default", { waitMs: 30_000 }, () => sweep());
 */
export async function withAdvisoryLock<T>(
  client: SqlClient,
  schema: string,
  name: string,
  options: LockOptions,
  fn: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const keys = lockKeys(schema, name);
  const local = `${schema}:${name}`;
  const release = await waitFor(options.waitMs, () =>
    tryLocal(client.sessionScope, local, { what: options.what }),
  );
  if (!release) throw lockBusy(name, options, localHolder(client.sessionScope, local));
  try {
    return await client.session(async (conn) => {
      const got = await waitFor(remaining(options.waitMs, started), async () => {
        const [row] = await conn.query("SELECT pg_try_advisory_lock($1::int4, $2::int4) AS ok", keys);
        return row?.ok === true ? true : null;
      });
      if (!got) throw lockBusy(name, options, await serverHolder(conn, keys));
      try {
        if (options.what)
          await conn
            .query("SELECT set_config('application_name', $1, false)", [
              `${APP_PREFIX}${options.what}`.slice(0, APP_MAX),
            ])
            .catch(() => undefined);
        return await fn();
      } finally {
        // A failed statement discards the connection (SqlClient.session): its session ends and
        // the server frees the lock, so there is nothing more to do here.
        await conn.query("SELECT pg_advisory_unlock($1::int4, $2::int4)", keys).catch(() => undefined);
        if (options.what) await conn.exec("RESET application_name").catch(() => undefined);
      }
    });
  } finally {
    release();
  }
}

/** The session holding the lock, as `pg_locks` and `pg_stat_activity` show it (best effort). */
async function serverHolder(conn: SqlQueryable, keys: readonly number[]): Promise<LockHolder | null> {
  try {
    const [row] = await conn.query(
      `SELECT a.pid, a.application_name AS app, host(a.client_addr) AS addr, a.client_hostname AS client,
              a.query_start AS since
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
          AND l.classid = ($1::int4)::oid AND l.objid = ($2::int4)::oid
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        LIMIT 1`,
      keys,
    );
    if (!row) return null;
    const app = typeof row.app === "string" ? row.app : "";
    const from = (row.client as string | null) ?? (row.addr as string | null);
    const since = row.since instanceof Date ? row.since.toISOString() : (row.since as string | null);
    return {
      what: app.startsWith(APP_PREFIX)
        ? `${app.slice(APP_PREFIX.length)}${app.length >= APP_MAX ? "…" : ""}`
        : undefined,
      where: `PostgreSQL backend pid ${String(row.pid)}${from ? ` from ${from}` : ""}`,
      since: since ?? undefined,
    };
  } catch {
    return null;
  }
}
