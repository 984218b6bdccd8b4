/**
 * The folder a SQLite store lives in, created level by level with errors a user can act on.
 *
 * `mkdirSync(…, { recursive: true })` is not used: on some virtual file systems (`/proc/nope`)
 * it loops forever at full CPU, and its EEXIST/ENOTDIR/EACCES messages name neither the store
 * nor the fix.
 *
 *   createStoreFolder("/home/me/.strata/memory.db"); // creates /home/me/.strata if missing
 */
import { existsSync, mkdirSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { StrataError } from "../../core/errors.js";

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code ?? "";

function refuse(file: string, folder: string, code: string): never {
  const why =
    code === "EACCES" || code === "EPERM"
      ? `you may not create ${folder} (permission denied): pick a folder you can write, or fix its permissions`
      : code === "EROFS"
        ? `${folder} is on a read-only file system: pick a writable folder`
        : code === "ENOTDIR" || code === "EEXIST"
          ? `${folder} is a file, not a folder: move it, or pick another --db path`
          : `${folder} cannot be created (${code}): pick another --db path`;
  throw new StrataError("STORE_UNAVAILABLE", `Cannot create the store ${file}: ${why}.`, {
    path: file,
    folder,
    errno: code,
  });
}

/**
 * Whether `file` is a file of no bytes that no log beside it fills (`touch memory.db`, a copy cut
 * short): SQLite opens it as a new database, so a command that only reads would make a store of
 * it. A store's file is never empty once made (setting WAL writes its header).
 *
 *   isEmptyFile("/tmp/touched.db"); // true after `touch /tmp/touched.db`
 */
export function isEmptyFile(file: string): boolean {
  const bytes = (path: string) => {
    try {
      const stat = statSync(path);
      return stat.isFile() ? stat.size : -1;
    } catch {
      return -1;
    }
  };
  return bytes(file) === 0 && bytes(`${file}-wal`) <= 0;
}

/** Creates the missing folders above `file`, or throws STORE_UNAVAILABLE naming the path. */
export function createStoreFolder(file: string): void {
  const missing: string[] = [];
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    let isFolder: boolean | null = null;
    try {
      isFolder = statSync(folder).isDirectory();
    } catch (error) {
      // ENOTDIR: something above is a file; keep climbing to name it.
      if (errno(error) !== "ENOENT" && errno(error) !== "ENOTDIR") refuse(file, folder, errno(error));
    }
    if (isFolder === false) refuse(file, folder, "ENOTDIR");
    if (isFolder) break;
    missing.push(folder);
    if (dirname(folder) === folder) break; // a root that does not exist
  }
  for (const folder of missing.reverse())
    try {
      // Only its owner may enter a folder made for a store: the memory in it is theirs.
      mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      if (errno(error) !== "EEXIST" || !statSync(folder).isDirectory()) refuse(file, folder, errno(error));
    }
}

/**
 * Removes a store a command made and then wrote nothing to, once closed — its file — and the
 * folders made for it (`folders`, deepest first) that are empty again: a refused first write leaves
 * the disk as it found it. Kept, and false returned, while its write-ahead log or shared-memory file
 * is there: SQLite deletes both when the store's last connection closes, so either one says another
 * process has the store open (it may have opened it since), and removing the file under it would
 * lose what that process writes next. A folder that holds anything else is kept.
 *
 *   removeUnwrittenStore("/home/ana/.strata/memory.db", ["/home/ana/.strata"]); // → true
 */
export function removeUnwrittenStore(file: string, folders: readonly string[]): boolean {
  if (existsSync(`${file}-wal`) || existsSync(`${file}-shm`)) return false;
  try {
    unlinkSync(file);
  } catch (error) {
    if (errno(error) !== "ENOENT") throw error;
  }
  for (const folder of folders)
    try {
      rmdirSync(folder);
    } catch (error) {
      const code = errno(error);
      if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
  return true;
}
