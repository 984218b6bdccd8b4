/**
 * Opens a store from a location string, for surfaces that name stores on the command line:
 * `sqlite:PATH`, a bare file path, `:memory:`, or `postgres://user:password@host:5432/db`
 * (optionally `?schema=name` to pick the Postgres schema; default `strata`).
 *
 *   const store = await openStore("sqlite:./agent.db");
 *   const store = await openStore("postgres://strata:secret@db:5432/strata?schema=team_a");
 *   const store = await openStore("sqlite:./typo.db", { create: false }); // throws STORE_UNAVAILABLE (missing)
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { StrataError } from "../core/errors.js";
import type { Store } from "../core/ports.js";
import {
  holdsPassword,
  isPostgresUrl,
  parsePostgresUrl,
  postgresLocationProblem,
  redactUrl,
} from "./postgres/postgres-url.js";
import { createStoreFolder } from "./sqlite/store-folder.js";

export { holdsPassword, isPostgresUrl, parsePostgresUrl, redactUrl };

/** Where a location points, password removed, for messages and reports. */
export function describeLocation(location: string): string {
  return isPostgresUrl(location) ? redactUrl(location) : `sqlite:${sqlitePath(location)}`;
}

/**
 * The SQLite file a location names, as written: `sqlite:PATH` is PATH, wherever a location is
 * named (`--db`, STRATA_DB, a settings file's `db`, `transfer --from/--to`, `openStore`), so one
 * text never names two stores (attacks52: `--db sqlite:copy.db` was a file named `sqlite:copy.db`).
 * White space at either end of the location or of PATH is no part of it, as the URL parser drops
 * it from a PostgreSQL URL and the scheme rule reads past it (`urlOfAnotherScheme`): pasted
 * around a path, it named a file in a folder of its own, `" sqlite:./a.db"` the folder
 * `" sqlite:."` (surfaces53). A file whose name begins with a space is still named `"./ a.db"`.
 *
 *   sqliteFileOf("sqlite:./agent.db");   // "./agent.db"
 *   sqliteFileOf(" sqlite: ./agent.db"); // "./agent.db"
 *   sqliteFileOf("./agent.db\n");        // "./agent.db"
 */
export const sqliteFileOf = (location: string): string => {
  const written = location.trim();
  return (written.startsWith("sqlite:") ? written.slice("sqlite:".length) : written).trim();
};

function sqlitePath(location: string): string {
  const path = sqliteFileOf(location);
  return path === ":memory:" ? path : resolve(path);
}

/**
 * Whether two locations reach the same SQLite store's files: one is the other (through a
 * symlink, a symlinked folder or a hard link) or one of its own files (`-wal`, `-shm`,
 * `-journal`, a lock). A PostgreSQL location never does; compare those with `describeLocation`.
 *
 * Asynchronous: the test lives with the SQLite store (src/store/sqlite/own-files.ts), loaded here
 * as `openStore` loads it, so a command that never opens a SQLite store never loads it.
 *
 *   await sameStoreFiles("sqlite:./agent.db", "./agent.db-wal"); // true
 */
export async function sameStoreFiles(a: string, b: string): Promise<boolean> {
  if (isPostgresUrl(a) || isPostgresUrl(b)) return false;
  const [pa, pb] = [sqlitePath(a), sqlitePath(b)];
  if (pa === ":memory:" || pb === ":memory:") return false;
  const { sameStoreFiles: sameSqliteFiles } = await import("./sqlite/sqlite-store.js");
  return sameSqliteFiles(pa, pb);
}

export interface OpenStoreOptions {
  /**
   * Create a missing SQLite file (and its folder). Default true. `false` refuses a missing file
   * with STORE_UNAVAILABLE (`details.reason: "missing"`), creating nothing: what a reader of an
   * existing store wants (`transfer --from`), so a mistyped path is not read as an empty store.
   */
  create?: boolean;
  /** Hears that opening a PostgreSQL URL made its schema's tables (`PostgresStoreOptions.onCreated`). */
  onCreated?: () => void;
}

export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(location)) {
    const url = parsePostgresUrl(location);
    const schema = url.searchParams.get("schema") ?? undefined;
    url.searchParams.delete("schema");
    // Loaded on demand: SQLite users never load the Postgres driver.
    const { PostgresStore } = await import("./postgres/postgres-store.js");
    return PostgresStore.open({
      url: url.toString(),
      ...(schema ? { schema } : {}),
      ...(options.create === false ? { create: false } : {}),
      ...(options.onCreated ? { onCreated: options.onCreated } : {}),
    });
  }
  // `POSTGRES://…`, ` postgres://…`, `postgres:/…`, `mysql://…`: a URL, never a SQLite file's path.
  const mistyped = postgresLocationProblem(location);
  if (mistyped) throw mistyped;
  const path = sqlitePath(location);
  // An empty file is no store either: SQLite would make one in it, which `create: false` forbids.
  if (path !== ":memory:" && options.create === false && !(existsSync(path) && statSync(path).size > 0))
    throw new StrataError(
      "STORE_UNAVAILABLE",
      existsSync(path)
        ? `No store at ${path}: the file is empty, and nothing was written to it. Check the path.`
        : `No store at ${path}: the file does not exist, and none was created. Check the path.`,
      { path, reason: "missing", ...(existsSync(path) ? { empty: true } : {}) },
    );
  if (path !== ":memory:") createStoreFolder(path);
  // Loaded on demand too: a CLI naming a location for --help never loads a driver.
  const { SqliteStore } = await import("./sqlite/sqlite-store.js");
  return SqliteStore.open({ path });
}
