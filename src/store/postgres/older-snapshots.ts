/**
 * Whether anything in the database may still see a row version forget deleted (pgsnap22).
 *
 * `VACUUM (FULL)` copies every dead row version that its horizon says some snapshot may still
 * read ("recently dead": deleted by a transaction at or after the oldest `xmin` or `xid` of the
 * database's backends, prepared transactions and replication slots), so while a transaction
 * elsewhere in the database holds a snapshot from before the forget — a report, `pg_dump`,
 * another store's long statement, another schema's swap copy — the erased row goes into the new
 * files and the table was reported rewritten. The copy and swap is not affected (its copy reads
 * only the rows its own snapshot, taken after forget committed, sees), so the purge swaps a table
 * whenever `olderSnapshotOpen` says so, and keeps `VACUUM (FULL)` (faster on a small table,
 * MVCC-safe) for when nothing older is open.
 *
 * `horizonMark`, taken after forget committed: every transaction below it has ended or is still
 * running, so forget's is below it. A backend whose snapshot `xmin` is at or past the mark took
 * its snapshot after every transaction below the mark ended, so it sees forget's delete; once
 * no backend, prepared transaction or slot holds anything below the mark, none can again (a new
 * snapshot's `xmin` is the oldest running transaction, which is past the mark), so a
 * `VACUUM (FULL)` started after a "no" finds the erased versions dead and drops them.
 *
 * Checked: `pg_stat_activity` of this database and of no database (walsenders carrying a
 * standby's `hot_standby_feedback`), other than this connection (`backend_xmin` and
 * `backend_xid` are shown to every role); `pg_prepared_xacts` of this database;
 * `pg_replication_slots.xmin`; `vacuum_defer_cleanup_age` (PostgreSQL 15 and older) other than 0.
 * Other databases' sessions do not hold this database's horizon (PostgreSQL 14+; older servers
 * also only count the table's database). Conservative where it cannot tell: an autovacuum
 * worker's `xmin` counts though PostgreSQL ignores a lazy vacuum's; a failed check, or a mark
 * at a wraparound's special ids, answers "open".
 */

import type { SqlSession } from "./postgres-driver.js";

/** The first transaction id not yet completed now (64-bit, with its epoch), as text. */
export async function horizonMark(conn: SqlSession): Promise<string> {
  const [row] = await conn.query<{ mark: string }>(
    "SELECT txid_snapshot_xmax(txid_current_snapshot())::text AS mark",
  );
  return String(row?.mark);
}

/**
 * True when a backend of this database (not this connection), a prepared transaction or a
 * replication slot holds a snapshot or transaction older than `mark`, or the server cannot say.
 */
export async function olderSnapshotOpen(conn: SqlSession, mark: string): Promise<boolean> {
  let xid: bigint;
  try {
    xid = BigInt(mark) % 4_294_967_296n;
  } catch {
    return true;
  }
  // 0, 1 and 2 are the invalid, bootstrap and frozen ids, whose age() is not comparable.
  if (xid < 3n) return true;
  try {
    const [row] = await conn.query<{ open: boolean }>(
      `WITH m AS (SELECT $1::text::xid AS x)
       SELECT EXISTS (
           SELECT 1 FROM pg_stat_activity a, m
           WHERE a.pid <> pg_backend_pid() AND (a.datid IS NULL OR a.datname = current_database())
             AND (age(a.backend_xmin) > age(m.x) OR age(a.backend_xid) > age(m.x)))
         OR EXISTS (SELECT 1 FROM pg_prepared_xacts p, m
                    WHERE p.database = current_database() AND age(p.transaction) > age(m.x))
         OR EXISTS (SELECT 1 FROM pg_replication_slots s, m WHERE age(s.xmin) > age(m.x))
         OR coalesce(current_setting('vacuum_defer_cleanup_age', true), '0') NOT IN ('', '0')
         AS open`,
      [xid.toString()],
    );
    return row?.open !== false;
  } catch {
    return true;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits up to `waitMs` (checking every 100 ms) for `olderSnapshotOpen` to be false; its last answer. */
export async function olderSnapshotAfterWait(
  conn: SqlSession,
  mark: string,
  waitMs: number,
): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (;;) {
    if (!(await olderSnapshotOpen(conn, mark))) return false;
    if (Date.now() >= until) return true;
    await sleep(100);
  }
}
