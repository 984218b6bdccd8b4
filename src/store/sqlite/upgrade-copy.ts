/**
 * The copy of an older Strata's store kept before this one upgrades it. A migration is one-way:
 * once a file is at this Strata's schema, an older Strata refuses it (`SCHEMA_TOO_NEW`), and the
 * first command that opens it — `stats` too, which only reads — upgrades it. So before the first
 * migration runs, the file as it was is copied beside it, `<store>.schema-<N>.bak` (N the schema
 * it was at, which names the Strata that opens it), readable by its owner only, as the store is.
 * The copy is a consistent snapshot (`VACUUM INTO` on a second, read-only connection, taken while
 * the opening connection holds the write lock, so no other process upgrades or writes meanwhile).
 *
 *   keepUpgradeCopy("/home/me/.strata/memory.db", 9); // "/home/me/.strata/memory.db.schema-9.bak"
 */
import { closeSync, existsSync, openSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import { StrataError } from "../../core/errors.js";

/**
 * The first name free for the copy of `path` at schema `from`: `<path>.schema-<from>.bak`, else
 * `.schema-<from>.2.bak`, `.3.bak` … — a copy kept by an earlier upgrade is never overwritten.
 *
 *   upgradeCopyPath("m.db", 9, () => false); // "m.db.schema-9.bak"
 */
export function upgradeCopyPath(path: string, from: number, exists: (p: string) => boolean = existsSync): string {
  for (let n = 1; ; n++) {
    const candidate = `${path}.schema-${from}${n === 1 ? "" : `.${n}`}.bak`;
    if (!exists(candidate)) return candidate;
  }
}

/**
 * Copies the store at `path` (at schema `from`) to a new file beside it and returns its path; a
 * copy that cannot be written refuses the upgrade with `STORE_UNAVAILABLE`, saying that nothing
 * was changed. Call it while holding the store's write lock.
 */
export function keepUpgradeCopy(path: string, from: number, to: number): string {
  const copy = upgradeCopyPath(path, from);
  let made = false;
  try {
    // Made empty and 0600 first (VACUUM INTO fills an empty file): the copy holds the store's
    // secret and every text, so it is as private as the store, whatever the umask.
    closeSync(openSync(copy, "wx", 0o600));
    made = true;
    const reader = new Database(path, { readonly: true, fileMustExist: true });
    try {
      reader.prepare("VACUUM INTO ?").run(copy);
    } finally {
      reader.close();
    }
    return copy;
  } catch (error) {
    if (made) rmSync(copy, { force: true });
    const cause = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StrataError(
      "STORE_UNAVAILABLE",
      `The store at ${path} was written by an older Strata (schema ${from}) and must be upgraded to schema ${to} to be opened, and a copy of it as it was could not be kept at ${copy} first (${cause}). Nothing was changed: free space or give this user write access to the store's folder, then run the command again.`,
      { path, reason: "upgrade-copy", copy, from, to },
    );
  }
}
