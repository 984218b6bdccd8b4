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
import { closeSync, existsSync, openSync, readdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import Database from "better-sqlite3";
import { StrataError } from "../../core/errors.js";

/**
 * The first name free for the copy of `path` at schema `from`: `<path>.schema-<from>.bak`, else
 * `.schema-<from>.2.bak`, `.3.bak` … — a copy kept by an earlier upgrade is never overwritten.
 *
 *   upgradeCopyPath("m.db", 9, () => false); // "m.db.schema-9.bak"
 */
export function upgradeCopyPath(
  path: string,
  from: number,
  exists: (p: string) => boolean = existsSync,
): string {
  for (let n = 1; ; n++) {
    const candidate = `${path}.schema-${from}${n === 1 ? "" : `.${n}`}.bak`;
    if (!exists(candidate)) return candidate;
  }
}

/**
 * The copies upgrades kept beside the store at `path`, oldest schema first, each with the schema it
 * holds (what `strata doctor` reports: a copy outlives the upgrade until its owner deletes it).
 *
 *   upgradeCopiesOf("/home/me/.strata/memory.db"); // [{ copy: "/home/me/.strata/memory.db.schema-9.bak", schema: 9 }]
 */
export function upgradeCopiesOf(path: string): { copy: string; schema: number }[] {
  const name = basename(path);
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return [];
  }
  return names
    .flatMap((n) => {
      if (!n.startsWith(`${name}.schema-`)) return [];
      const m = /^(\d+)(?:\.(\d+))?\.bak$/.exec(n.slice(name.length + ".schema-".length));
      return m ? [{ copy: join(dirname(path), n), schema: Number(m[1]), n: Number(m[2] ?? 1) }] : [];
    })
    .sort((a, b) => a.schema - b.schema || a.n - b.n)
    .map(({ copy, schema }) => ({ copy, schema }));
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
      `The store at ${path} was written by an older Strata (schema ${from}) and must be upgraded to schema ${to} to be opened, and a copy of it as it was could not be kept at ${copy} first (${cause}). Nothing was changed: free space or give this user write access to the store's folder, then run the command again (or, with a backup of your own, open it with upgradeCopy: false — in the CLI STRATA_UPGRADE_COPY=off — to upgrade it without a copy).`,
      { path, reason: "upgrade-copy", copy, from, to },
    );
  }
}
