/**
 * What a command that writes a file the user names (`export --out`, `continuity --out`, `audit
 * --jsonl DIR`) must not write over: one of the open store's own files (the database, its WAL or
 * shared memory, a lock), however the path is spelled, or any SQLite database (another store).
 * `strata --db agent.db export --out agent.db` replaced the store with its own JSON export; the
 * next command found "not a SQLite database". Any other existing file is replaced only with the
 * command's `--force` (main.ts `outputPath`).
 *
 * The SQLite header test is loaded with the SQLite store's module, by a dynamic `import()`, only
 * when a command writes a file: statically imported here it made own-files.ts a build chunk of its
 * own that every fresh command loaded (test/e2e/cold-start.test.ts, docs/benchmarks.md lean27).
 *
 *   await files.writeOutput(out, text, { guard: await outputGuard(mem) });
 */
import type { Memory } from "../../core/engine.js";
import { StrataError } from "../../core/errors.js";

/** Throws CONFLICT, before anything is written, when `file` is a path no output may replace. */
export async function outputGuard(mem: Memory): Promise<(file: string) => void> {
  const { isSqliteDatabase } = await import("../../store/sqlite/sqlite-store.js");
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
