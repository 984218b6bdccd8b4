/**
 * Whether a path names one of a SQLite store's own files: the database, its `-wal`, `-shm` and
 * `-journal`, or a lock file beside it (`<db>.<name>.lock`). Compared through real paths (a
 * symlinked folder or file reaches the same file) and, for a file that exists, by device and
 * inode (a hard link is the same file under another name). A backup or an export written there
 * would destroy the store: `backup("agent.db-wal", { overwrite: true })` deleted the live WAL,
 * so a crash before the next checkpoint lost every write in it.
 *
 *   isStoreFile("/data/agent.db", "/data/./agent.db-wal"); // true
 *   isStoreFile("/data/agent.db", "/data/agent.bak.db");   // false
 */
import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** The suffixes SQLite adds to a database's name for the files it keeps beside it. */
const SIDE_FILES = ["", "-wal", "-shm", "-journal"];

/** The path with its folder's symlinks resolved (and the file's own, when it exists). */
function canonical(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {}
  try {
    return join(realpathSync(dirname(absolute)), basename(absolute));
  } catch {
    return absolute;
  }
}

function identity(path: string): string | null {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return null;
  }
}

export function isStoreFile(storePath: string, candidate: string): boolean {
  if (storePath === ":memory:" || storePath === "") return false;
  const store = canonical(storePath);
  const target = canonical(candidate);
  if (SIDE_FILES.some((suffix) => target === `${store}${suffix}`)) return true;
  if (dirname(target) === dirname(store) && basename(target).startsWith(`${basename(store)}.`)) {
    if (target.endsWith(".lock") || target.endsWith(".lock.break")) return true;
  }
  const given = identity(candidate);
  if (given === null) return false;
  return SIDE_FILES.some((suffix) => identity(`${store}${suffix}`) === given);
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = "SQLite format 3\u0000";

/** Whether `path` is an existing file that starts as every SQLite database does. */
export function isSqliteDatabase(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "r");
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

/**
 * The database whose `-wal`, `-shm` or `-journal` `path` is, when that database exists beside it;
 * null otherwise. Opening such a file as a store of its own writes a database into another
 * store's log: a live store's WAL is empty until its first write, so `strata --db agent.db-wal …`
 * or `transfer --to sqlite:agent.db-wal` made a "store" there, reported it written, and the next
 * checkpoint of agent.db discarded it.
 *
 *   sideFileOf("/data/agent.db-wal"); // "/data/agent.db" when that database exists
 *   sideFileOf("/data/agent.db");     // null
 */
export function sideFileOf(path: string): string | null {
  if (path === ":memory:" || path === "") return null;
  const target = canonical(path);
  for (const suffix of SIDE_FILES) {
    if (suffix === "" || !target.endsWith(suffix)) continue;
    const database = target.slice(0, -suffix.length);
    if (isSqliteDatabase(database)) return database;
  }
  return null;
}

/**
 * Whether two SQLite stores' paths reach the same files: one is the other, or one of the other's
 * own files (its WAL, shared memory, journal or a lock), however either is spelled (a symlink, a
 * symlinked folder, a hard link). A copy between them would write over the store it reads.
 *
 *   sameStoreFiles("/data/agent.db", "/data/agent.db-wal"); // true
 *   sameStoreFiles("/data/agent.db", "/data/copy.db");      // false
 */
export function sameStoreFiles(a: string, b: string): boolean {
  return isStoreFile(a, b) || isStoreFile(b, a);
}
