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
import { realpathSync, statSync } from "node:fs";
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
