/**
 * Forget's rewrite of a large table without stopping the schema's writers (pgforget21).
 *
 * `VACUUM (FULL)` writes a table's live rows into new files and drops the old ones (the only way
 * PostgreSQL lets go of a dead row version's bytes), holding the table ACCESS EXCLUSIVE for the
 * whole copy: at 40,000 episodes every other namespace's `record` waited ~2 s. `rewriteBySwap`
 * makes the same new files while the table stays open, as pg_repack does but with no extension:
 *
 *  1. a capture trigger logs the primary key of every row written from now on (its lock,
 *     SHARE ROW EXCLUSIVE, is taken in short tries so writers queue behind it briefly);
 *  2. a new table (`LIKE` the old: columns, defaults, generated columns, checks) is filled with
 *     the live rows, its indexes built and analysed, while writers go on (the columns' and index
 *     expressions' statistics targets carried over first: SET STATISTICS 0 keeps user text out of
 *     pg_statistic, migration 9);
 *  3. the logged keys are replayed (the rows deleted from the copy and read again from the
 *     table) until few are left;
 *  4. in one short transaction, under ACCESS EXCLUSIVE (taken in tries): the last keys replayed,
 *     the old table dropped (its heap, TOAST and index files go, as VACUUM (FULL)'s old files
 *     do), the copy renamed into its place with the old index, constraint and trigger names,
 *     grants and storage options, its sequences owned by it.
 *
 * The purge also swaps a table under the threshold while a snapshot older than the forget is
 * open elsewhere in the database (older-snapshots.ts): `VACUUM (FULL)` copies a dead row version
 * any open snapshot may still read, the copy here reads only what its own snapshot sees.
 *
 * The copy is read after forget committed, so it never holds the erased rows; a forget that
 * commits during a swap can leave its dead row in the copy, and its own purge (purges take a
 * session lock, one at a time) rewrites it again. A table whose shape this does not know how to
 * carry over (rules, policies, views or foreign keys on it, publications, identity columns,
 * column grants, a tablespace, comments, …) is not swapped: `rewriteBySwap` answers "unfit" and
 * the caller runs `VACUUM (FULL)`.
 */

import { quoteIdent, type SqlSession } from "./postgres-driver.js";

/** Tables at least this large (heap, TOAST and indexes) are swapped; smaller ones VACUUM (FULL). */
export const SWAP_ABOVE_BYTES = 1_000_000;

/** One try at a table lock during a swap: how long writers may queue behind the waiting lock. */
export const SWAP_LOCK_TRY_MS = 100;

/** Replay rounds before the final, locked one, stopping early when fewer keys than this remain. */
const REPLAY_ROUNDS = 5;
const REPLAY_FEW = 200;

export interface SwapOptions {
  schema: string;
  table: string;
  /** How long, in all, each lock may be tried for before the table is left (55P03). */
  lockWaitMs: number;
  /**
   * The session's statement timeout, ms (0: none). A lock wait ends at it when it is shorter than
   * `lockWaitMs`, in 57014 as `VACUUM (FULL)`'s wait would, so both rewrites report a table
   * left the same way whichever one the purge chose.
   */
  statementTimeoutMs?: number;
  /**
   * Whether to ANALYZE the copy before the swap (default true), so the planner has its
   * statistics at once. The purge passes false for a table under `SWAP_ABOVE_BYTES` (swapped
   * only because an older snapshot was open): ANALYZE writes sampled column values, which may
   * be rows a later forget erases, into `pg_statistic`, a catalog no purge rewrites
   * (docs/postgres.md); the server's autovacuum analyzes the table later, as it does any table.
   */
  analyze?: boolean;
  /** Test hook: runs after the copy is filled and before the final swap. */
  afterCopy?: () => Promise<void>;
}

export interface SwapOutcome {
  /**
   * "swapped": the table's files are new; "unfit": nothing done, run VACUUM (FULL); "unowned":
   * nothing done, the role does not own the table (VACUUM (FULL) rewrites it only for the
   * database's owner; for any other role PostgreSQL only sends a WARNING).
   */
  outcome: "swapped" | "unfit" | "unowned";
  /** The longest the table was locked against writers in one try that got its lock, ms. */
  lockedMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const codeOf = (error: unknown): unknown => {
  const e = error as { code?: unknown; details?: { code?: unknown } };
  return e.code === "STORE_UNAVAILABLE" ? e.details?.code : e.code;
};

/** The error a lock not had within the whole wait ends in (what `VACUUM (FULL)`'s lock_timeout gives). */
function lockNotHad(table: string): Error {
  return Object.assign(new Error(`lock on ${table} not obtained`), { code: "55P03" });
}

/** The error a lock wait cut by the statement timeout ends in (what `VACUUM (FULL)`'s would give). */
function timedOut(table: string): Error {
  return Object.assign(new Error(`lock on ${table} not obtained within the statement timeout`), {
    code: "57014",
  });
}

type Shape = {
  oid: string;
  owned: boolean;
  unfit: boolean;
  reloptions: string[] | null;
};

export async function tableBytes(conn: SqlSession, schema: string, table: string): Promise<number> {
  const [row] = await conn.query<{ bytes: string | null }>(
    "SELECT pg_total_relation_size(to_regclass($1)) AS bytes",
    [`${quoteIdent(schema)}.${quoteIdent(table)}`],
  );
  return Number(row?.bytes ?? 0);
}

export async function rewriteBySwap(conn: SqlSession, o: SwapOptions): Promise<SwapOutcome> {
  const q = (name: string) => `${quoteIdent(o.schema)}.${quoteIdent(name)}`;
  const T = q(o.table);
  const swapName = `${o.table}__strata_swap`;
  const S = q(swapName);
  const L = q(`${o.table}__strata_swap_log`);
  const F = q(`${o.table}__strata_swap_capture`);
  const CAPTURE = "strata_swap_capture";
  let lockedMs = 0;
  const statementFirst =
    o.statementTimeoutMs !== undefined && o.statementTimeoutMs > 0 && o.statementTimeoutMs < o.lockWaitMs;
  const waitMs = statementFirst ? o.statementTimeoutMs! : o.lockWaitMs;

  /** Runs `body` in a transaction whose locks are tried for SWAP_LOCK_TRY_MS at a time. */
  const locked = async (body: () => Promise<void>, isolation = "READ COMMITTED") => {
    const started = Date.now();
    for (;;) {
      await conn.exec(`BEGIN ISOLATION LEVEL ${isolation}`);
      try {
        await conn.exec(`SET LOCAL lock_timeout = ${SWAP_LOCK_TRY_MS}`);
        const t0 = Date.now();
        await body();
        await conn.exec("COMMIT");
        lockedMs = Math.max(lockedMs, Date.now() - t0);
        return;
      } catch (error) {
        await conn.exec("ROLLBACK").catch(() => undefined);
        if (codeOf(error) !== "55P03") throw error;
        if (Date.now() - started >= waitMs) throw statementFirst ? timedOut(o.table) : lockNotHad(o.table);
        await sleep(SWAP_LOCK_TRY_MS / 2);
      }
    }
  };

  // A swap this session's purge lock did not finish (a crash, a lost connection) left these.
  const clear = async () => {
    const [left] = await conn.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname = $2",
      [T, CAPTURE],
    );
    if (Number(left?.n) > 0) await locked(() => conn.exec(`DROP TRIGGER IF EXISTS ${CAPTURE} ON ${T}`));
    await conn.exec(`DROP TABLE IF EXISTS ${S}, ${L}`);
    await conn.exec(`DROP FUNCTION IF EXISTS ${F}()`);
  };

  const [shape] = await conn.query<Shape>(
    `SELECT c.oid::text AS oid,
       c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user) AS owned,
       c.reloptions,
       (c.relkind <> 'r' OR c.relhasrules OR c.relrowsecurity OR c.reltablespace <> 0
         OR c.relpersistence <> 'p' OR c.relreplident <> 'd'
         OR EXISTS (SELECT 1 FROM pg_constraint x WHERE (x.conrelid = c.oid AND x.contype NOT IN ('p', 'c', 'n')) OR x.confrelid = c.oid)
         OR EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid)
         OR EXISTS (SELECT 1 FROM pg_publication_rel p WHERE p.prrelid = c.oid)
         OR EXISTS (SELECT 1 FROM pg_publication p WHERE p.puballtables)
         OR EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND (a.attacl IS NOT NULL OR a.attidentity <> ''))
         OR EXISTS (SELECT 1 FROM pg_statistic_ext s WHERE s.stxrelid = c.oid)
         OR EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid OR i.inhparent = c.oid)
         OR EXISTS (SELECT 1 FROM pg_description d WHERE d.objoid = c.oid AND d.classoid = 'pg_class'::regclass)
         OR EXISTS (SELECT 1 FROM pg_depend d JOIN pg_rewrite r ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                    WHERE d.refobjid = c.oid AND r.ev_class <> c.oid)
         OR EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND t.tgenabled <> 'O' AND t.tgname <> '${CAPTURE}')
         OR NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary)
         OR EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND NOT i.indisvalid)
       ) AS unfit
     FROM pg_class c WHERE c.oid = to_regclass($1)`,
    [T],
  );
  if (shape && !shape.owned) return { outcome: "unowned", lockedMs: 0 };
  if (!shape || shape.unfit) return { outcome: "unfit", lockedMs: 0 };
  const oid = shape.oid;

  const columns = (
    await conn.query<{ name: string }>(
      `SELECT quote_ident(attname) AS name FROM pg_attribute
       WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [oid],
    )
  ).map((r) => r.name);
  const keys = (
    await conn.query<{ name: string }>(
      `SELECT quote_ident(a.attname) AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = $1::oid AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [oid],
    )
  ).map((r) => r.name);
  const qualified = (
    await conn.query<{ name: string }>(
      "SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = $1::oid",
      [oid],
    )
  )[0]!.name;
  const indexes = await conn.query<{ name: string; quoted: string; def: string; pk: string | null }>(
    `SELECT c.relname AS name, quote_ident(c.relname) AS quoted, pg_get_indexdef(i.indexrelid) AS def,
       (SELECT quote_ident(x.conname) FROM pg_constraint x WHERE x.conindid = i.indexrelid AND x.contype = 'p') AS pk
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = $1::oid ORDER BY c.relname`,
    [oid],
  );
  const triggers = (
    await conn.query<{ def: string }>(
      `SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger
       WHERE tgrelid = $1::oid AND NOT tgisinternal AND tgname <> $2 ORDER BY tgname`,
      [oid, CAPTURE],
    )
  ).map((r) => r.def);
  const grants = (
    await conn.query<{ sql: string }>(
      `SELECT format('GRANT %s ON %s TO %s%s', a.privilege_type, $2::text,
         CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END,
         CASE WHEN a.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END) AS sql
       FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a LEFT JOIN pg_roles r ON r.oid = a.grantee
       WHERE c.oid = $1::oid AND a.grantee <> c.relowner`,
      [oid, T],
    )
  ).map((r) => r.sql);
  // Statistics targets set on a column or an index expression (SET STATISTICS 0 keeps user text
  // out of pg_statistic: migration 9), which `LIKE` and an index's definition do not carry.
  const targets = (
    await conn.query<{ sql: string }>(
      `SELECT format('ALTER TABLE %s ALTER COLUMN %I SET STATISTICS %s', $2::text, attname, attstattarget) AS sql
       FROM pg_attribute WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0`,
      [oid, S],
    )
  ).map((r) => r.sql);
  const indexTargets = new Map<string, { n: number; target: number }[]>();
  for (const r of await conn.query<{ name: string; n: number; target: number }>(
    `SELECT c.relname AS name, a.attnum AS n, a.attstattarget AS target
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_attribute a ON a.attrelid = i.indexrelid
     WHERE i.indrelid = $1::oid AND a.attnum > 0 AND a.attstattarget >= 0`,
    [oid],
  ))
    indexTargets.set(r.name, [
      ...(indexTargets.get(r.name) ?? []),
      { n: Number(r.n), target: Number(r.target) },
    ]);
  const sequences = (
    await conn.query<{ sql: string }>(
      `SELECT format('ALTER SEQUENCE %s OWNED BY %s.%I', s, $2::text, a.attname) AS sql
       FROM pg_attribute a CROSS JOIN LATERAL pg_get_serial_sequence($3, a.attname) s
       WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped AND s IS NOT NULL`,
      [oid, S, T],
    )
  ).map((r) => r.sql);

  // The index definitions, moved to the copy under temporary names.
  const moved: { create: string[]; finish: string }[] = [];
  for (const [n, ix] of indexes.entries()) {
    const temp = quoteIdent(`${swapName}_${n}`);
    const head = ` INDEX ${ix.quoted} ON ${qualified} `;
    if (!ix.def.includes(head)) return { outcome: "unfit", lockedMs: 0 };
    const create = [
      ix.def.replace(head, ` INDEX ${temp} ON ${S} `),
      ...(indexTargets.get(ix.name) ?? []).map(
        (t) => `ALTER INDEX ${quoteIdent(o.schema)}.${temp} ALTER COLUMN ${t.n} SET STATISTICS ${t.target}`,
      ),
    ];
    const finish = ix.pk
      ? `ALTER TABLE ${T} ADD CONSTRAINT ${ix.pk} PRIMARY KEY USING INDEX ${temp}`
      : `ALTER INDEX ${quoteIdent(o.schema)}.${temp} RENAME TO ${ix.quoted}`;
    moved.push({ create, finish });
  }

  const k = keys.join(", ");
  const replay = async () => {
    await conn.exec(
      `DELETE FROM ${S} s USING (SELECT DISTINCT ${k} FROM ${L}) l WHERE ${keys.map((c) => `s.${c} = l.${c}`).join(" AND ")}`,
    );
    await conn.exec(
      `INSERT INTO ${S} (${columns.join(", ")}) SELECT ${columns.join(", ")} FROM ${T} WHERE (${k}) IN (SELECT ${k} FROM ${L})`,
    );
    const [gone] = await conn.query<{ n: string }>(
      `WITH d AS (DELETE FROM ${L} RETURNING 1) SELECT count(*) AS n FROM d`,
    );
    return Number(gone?.n ?? 0);
  };

  await clear();
  let done = false;
  try {
    // 1: the log and its trigger (SECURITY DEFINER: any role that writes the table can log).
    await conn.exec(`CREATE UNLOGGED TABLE ${L} AS SELECT ${k} FROM ${T} WITH NO DATA`);
    await conn.exec(
      `CREATE FUNCTION ${F}() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $f$
       BEGIN
         IF TG_OP <> 'INSERT' THEN INSERT INTO ${L} VALUES (${keys.map((c) => `OLD.${c}`).join(", ")}); END IF;
         IF TG_OP <> 'DELETE' THEN INSERT INTO ${L} VALUES (${keys.map((c) => `NEW.${c}`).join(", ")}); END IF;
         RETURN NULL;
       END $f$`,
    );
    await locked(() =>
      conn.exec(
        `CREATE TRIGGER ${CAPTURE} AFTER INSERT OR UPDATE OR DELETE ON ${T} FOR EACH ROW EXECUTE FUNCTION ${F}()`,
      ),
    );
    // 2: the copy, read after the trigger is in place, so every later change is logged.
    await conn.exec(
      `CREATE TABLE ${S} (LIKE ${T} INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMPRESSION)`,
    );
    if (shape.reloptions?.length) await conn.exec(`ALTER TABLE ${S} SET (${shape.reloptions.join(", ")})`);
    for (const t of targets) await conn.exec(t);
    await conn.exec(`INSERT INTO ${S} (${columns.join(", ")}) SELECT ${columns.join(", ")} FROM ${T}`);
    for (const m of moved) for (const c of m.create) await conn.exec(c);
    if (o.analyze !== false) await conn.exec(`ANALYZE ${S}`);
    // 3: what was written meanwhile, each round in one snapshot of the table and the log.
    for (let round = 0; round < REPLAY_ROUNDS; round++) {
      let n = 0;
      await conn.exec("BEGIN ISOLATION LEVEL REPEATABLE READ");
      try {
        n = await replay();
        await conn.exec("COMMIT");
      } catch (error) {
        await conn.exec("ROLLBACK").catch(() => undefined);
        throw error;
      }
      if (n < REPLAY_FEW) break;
    }
    await o.afterCopy?.();
    // 4: the swap.
    await locked(async () => {
      await conn.exec(`LOCK TABLE ${T} IN ACCESS EXCLUSIVE MODE`);
      await replay();
      for (const s of sequences) await conn.exec(s);
      await conn.exec(`DROP TABLE ${T}`);
      // From here `T` names the copy.
      await conn.exec(`ALTER TABLE ${S} RENAME TO ${quoteIdent(o.table)}`);
      for (const m of moved) await conn.exec(m.finish);
      for (const t of triggers) await conn.exec(t);
      for (const g of grants) await conn.exec(g);
    });
    done = true;
  } finally {
    if (!done) {
      // The table keeps its files (the caller reports it skipped); the capture trigger goes, or,
      // when its lock is not had, is made a no-op until the next purge drops it.
      await conn
        .exec(
          `CREATE OR REPLACE FUNCTION ${F}() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN RETURN NULL; END $f$`,
        )
        .catch(() => undefined);
      await clear().catch(() => undefined);
    }
  }
  await conn.exec(`DROP TABLE IF EXISTS ${L}`);
  await conn.exec(`DROP FUNCTION IF EXISTS ${F}()`);
  return { outcome: "swapped", lockedMs };
}
