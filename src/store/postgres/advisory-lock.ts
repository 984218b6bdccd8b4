/**
 * The PostgreSQL store's named locks (`Store.withLock`): a session-level advisory lock,
 * `pg_try_advisory_lock(k1, k2)`, its two keys the first 64 bits of HMAC-SHA256 of the schema and
 * the name under the store's secret (`lockKeys`), held on one dedicated connection for the whole of
 * the work and unlocked when it settles. It excludes holders in other processes and on other
 * servers; if the holding process dies, its session ends and the server frees the lock.
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
 * - Every role of the server reads every session's `application_name` (`pg_stat_activity`) and
 *   every advisory lock's keys (`pg_locks`), whatever its database: measured on PostgreSQL 15 with a
 *   second role (attacks38). The holder named its work there — `strata: a consolidation of
 *   namespace "tenant-b"` — and the keys were an unkeyed digest anyone could recompute for a guessed
 *   name. So the keys are keyed by the store's secret (only the store's role reads it), and the
 *   holder writes only its kind of work and the lock's tag (`strata: a consolidation (lock
 *   3f0c…)`, the keys in hex, as `pg_locks` shows them): no name a caller chose. A refused caller
 *   of the same lock reads the kind back and puts it in its own words (`heldWork`).
 */
import { createHmac } from "node:crypto";
import { type LockHolder, lockBusy } from "../../core/errors.js";
import type { LockOptions } from "../../core/ports.js";
import { localHolder, remaining, tryLocal, waitFor } from "../lock.js";
import type { SqlClient, SqlQueryable } from "./postgres-driver.js";

const APP_PREFIX = "strata: ";
/** PostgreSQL keeps application_name to NAMEDATALEN - 1 bytes. */
const APP_MAX = 63;

/**
 * The two int4 keys of the lock `name` of `schema`: the first 64 bits of HMAC-SHA256 over both
 * under the store's `secret`, a NUL between them (no schema name holds one, so `a` + `b:c` and
 * `a:b` + `c` stay apart). Keyed, because `pg_locks` shows the keys to every role of the server:
 * unkeyed, another tenant could hash a guessed namespace and see whether it sleeps now.
 *
 *   lockKeys("0f…", "strata", "sleep:default"); // [int4, int4], the same in every process of the store
 */
export function lockKeys(secret: string, schema: string, name: string): [number, number] {
  const digest = createHmac("sha256", secret).update(`strata-lock:${schema}\u0000${name}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}

/**
 * The one int8 key of a namespace's audit-chain lock (`pg_advisory_xact_lock`, taken by a write
 * transaction before it reads the chain's head), as a decimal string: the first 64 bits of
 * HMAC-SHA256 under the store's secret, for the reason `lockKeys` gives — `pg_locks` shows it to
 * every role while the write runs; it was `hashtext('strata-audit:<schema>:<namespace>')`, a digest
 * another tenant could recompute for a guessed namespace (attacks38). Every write transaction
 * holds the schema's write lock first, so a process of an older Strata taking the old key still
 * appends to a chain one at a time.
 *
 *   chainLockKey(secret, "strata", "default"); // "-4317…", the same in every process of the store
 */
export function chainLockKey(secret: string, schema: string, namespace: string): string {
  return createHmac("sha256", secret)
    .update(`strata-audit:${schema}\u0000${namespace}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

/** The keys in hex, 16 digits: the lock's tag in `application_name`. */
export function lockTag(keys: readonly [number, number]): string {
  return keys.map((k) => (k >>> 0).toString(16).padStart(8, "0")).join("");
}

/**
 * The holder's `application_name`: its kind of work (no name a caller chose) and the lock's tag,
 * cut to what PostgreSQL keeps with the tag whole.
 *
 *   holderName("a sweep", "3f0c9a1b2c3d4e5f"); // "strata: a sweep (lock 3f0c9a1b2c3d4e5f)"
 */
export function holderName(kind: string | undefined, tag: string): string {
  const end = ` (lock ${tag})`;
  return `${APP_PREFIX}${(kind ?? "work").slice(0, APP_MAX - APP_PREFIX.length - end.length)}${end}`;
}

/** The kind of work a holder's `application_name` names for the lock tagged `tag`, or null. */
export function holderKind(app: string, tag: string): string | null {
  const end = ` (lock ${tag})`;
  return app.startsWith(APP_PREFIX) && app.endsWith(end) ? app.slice(APP_PREFIX.length, -end.length) : null;
}

/**
 * Runs `fn` holding the advisory lock `name` of `schema`.
 *
 *   await withAdvisoryLock(client, secret, "strata", "sleep:default", { waitMs: 30_000, kind: "a sweep" }, () => sweep());
 */
export async function withAdvisoryLock<T>(
  client: SqlClient,
  secret: string,
  schema: string,
  name: string,
  options: LockOptions,
  fn: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const keys = lockKeys(secret, schema, name);
  const tag = lockTag(keys);
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
      if (!got) throw lockBusy(name, options, await serverHolder(conn, keys, tag, options));
      try {
        await conn
          .query("SELECT set_config('application_name', $1, false)", [holderName(options.kind, tag)])
          .catch(() => undefined);
        return await fn();
      } finally {
        // A failed statement discards the connection (SqlClient.session): its session ends and
        // the server frees the lock, so there is nothing more to do here.
        await conn.query("SELECT pg_advisory_unlock($1::int4, $2::int4)", keys).catch(() => undefined);
        await conn.exec("RESET application_name").catch(() => undefined);
      }
    });
  } finally {
    release();
  }
}

/**
 * The holder's work in the refused caller's words: the same lock is the same namespace, so the
 * caller's description of its own work (`a sweep of namespace "x"`) with the holder's kind in front
 * (`a consolidation of namespace "x"`); the kind alone when the caller's words do not start with
 * its own kind.
 *
 *   heldWork("a consolidation", { waitMs: 0, kind: "a sweep", what: 'a sweep of namespace "x"' });
 *   // 'a consolidation of namespace "x"'
 */
export function heldWork(kind: string, options: LockOptions): string {
  const own = options.kind;
  return own !== undefined && options.what?.startsWith(own)
    ? `${kind}${options.what.slice(own.length)}`
    : kind;
}

/**
 * The session holding the lock, as `pg_locks` and `pg_stat_activity` show it (best effort), its
 * work read from its `application_name` (`heldWork`).
 */
async function serverHolder(
  conn: SqlQueryable,
  keys: readonly number[],
  tag: string,
  options: LockOptions,
): Promise<LockHolder | null> {
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
    const kind = holderKind(typeof row.app === "string" ? row.app : "", tag);
    const from = (row.client as string | null) ?? (row.addr as string | null);
    const since = row.since instanceof Date ? row.since.toISOString() : (row.since as string | null);
    return {
      what: kind === null || kind === "work" ? undefined : heldWork(kind, options),
      where: `PostgreSQL backend pid ${String(row.pid)}${from ? ` from ${from}` : ""}`,
      since: since ?? undefined,
    };
  } catch {
    return null;
  }
}
