/**
 * A private in-memory connection of the linked SQLite, to ask it what FTS5 itself computes where
 * JavaScript would answer differently: its Unicode data (unicode61-table.ts) and C's `log()`.
 *
 *   libmLog(1514.5 / 486.5); // 1.1356037288412322 (Math.log gives …324)
 */
import Database from "better-sqlite3";

let db: Database.Database | null = null;

/** The shared connection, opened on first use. */
export function referenceDb(): Database.Database {
  db ??= new Database(":memory:");
  return db;
}

/** Arguments whose logarithm is remembered before the memo starts over. */
const LOG_MEMO_LIMIT = 65_536;
const logs = new Map<number, number>();
let lnStatement: Database.Statement<[number], number> | null = null;

/**
 * The natural logarithm as FTS5's `bm25()` computes it: C's `log()`, reached through SQLite's
 * `ln()`. V8's `Math.log` is not always correctly rounded (it differs from glibc's in the last
 * bit for some arguments), and one bit of an IDF moves a BM25 score by one bit, enough to swap
 * two rows that FTS5 ranks as a tie broken by rowid. Remembered per argument.
 */
export function libmLog(x: number): number {
  let y = logs.get(x);
  if (y === undefined) {
    lnStatement ??= referenceDb().prepare<[number], number>("SELECT ln(?)").pluck();
    y = lnStatement.get(x)!;
    if (logs.size >= LOG_MEMO_LIMIT) logs.clear();
    logs.set(x, y);
  }
  return y;
}
