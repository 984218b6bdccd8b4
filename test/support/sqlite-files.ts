import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import { SqliteStore, type SqliteStoreOptions } from "../../src/store/sqlite/sqlite-store.js";

/**
 * One SQLite file for each test of the calling `describe`, in a folder of its own: `open` opens a
 * store on it (or on `options.path`), and after each test every store `open` gave is closed, the
 * mocks are restored and the folder is removed.
 *
 *   const files = sqliteFileStores("strata-bgbuild-");
 *   it("…", async () => {
 *     const writer = files.open();
 *     const reader = files.open({ coldStart: false });            // a second connection, same file
 *     const copy = files.open({ path: files.at("before.db") });   // another file beside it
 *   });
 */
export function sqliteFileStores(prefix: string): {
  open: (options?: Partial<SqliteStoreOptions>) => SqliteStore;
  /** This test's file. */
  readonly path: string;
  /** Another file in this test's folder. */
  at: (name: string) => string;
} {
  let dir = "";
  const stores: SqliteStore[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const s of stores.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const at = (name: string) => join(dir, name);
  return {
    open: (options = {}) => {
      const s = SqliteStore.open({ path: at("m.db"), ...options });
      stores.push(s);
      return s;
    },
    get path() {
      return at("m.db");
    },
    at,
  };
}
