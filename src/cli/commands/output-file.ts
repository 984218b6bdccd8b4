/**
 * What a command that writes a file the user names (`export --out`, `continuity --out`, `audit
 * --jsonl DIR`) must not write over: one of the open store's own files (the database, its WAL or
 * shared memory, a lock), however the path is spelled, or any SQLite database (another store).
 * `strata --db agent.db export --out agent.db` replaced the store with its own JSON export; the
 * next command found "not a SQLite database". Other existing files are replaced, as before.
 *
 *   await files.writeOutput(out, text, outputGuard(mem));
 */
import { closeSync, openSync, readSync } from "node:fs";
import type { Memory } from "../../core/engine.js";
import { StrataError } from "../../core/errors.js";

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = "SQLite format 3\u0000";

function isSqliteDatabase(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString("latin1") === SQLITE_HEADER;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** Throws CONFLICT, before anything is written, when `file` is a path no output may replace. */
export function outputGuard(mem: Memory): (file: string) => void {
  return (file) => {
    if (mem.store.ownsFile?.(file))
      throw new StrataError(
        "CONFLICT",
        `${file} is one of the store's own files (the database, its -wal, -shm or -journal, or a lock): writing there would destroy the store. Pick another path.`,
        { path: file },
      );
    if (isSqliteDatabase(file))
      throw new StrataError(
        "CONFLICT",
        `${file} is a SQLite database (a Strata store?): an output never replaces one. Pick another path, or delete that file first if you mean to replace it.`,
        { path: file },
      );
  };
}
