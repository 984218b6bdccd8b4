/**
 * Where a canary a forget must remove still stands in a store's files: a test plants a rare word,
 * forgets what said it, and expects no file to hold any of its needles (the word as an index may
 * keep it: lower case, a stem, FTS5's suffix of the previous term).
 *
 *   const NEEDLES = ["zorblax", "orblax", "rblax"];
 *   expect(canaryFiles(storeFiles(path), NEEDLES)).toEqual({});
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** The needles a text holds, read in lower case. */
export const needlesIn = (needles: readonly string[], text: string): string[] => {
  const lower = text.toLowerCase();
  return needles.filter((n) => lower.includes(n));
};

/** Every file of the SQLite store at `path` that exists: the database, its WAL and shared memory, the lock file. */
export function storeFiles(path: string): string[] {
  const name = basename(path);
  return readdirSync(dirname(path))
    .filter((f) => f.startsWith(name))
    .map((f) => join(dirname(path), f));
}

/** Each of `files` whose bytes hold a needle, by file name, with the needles it holds. */
export function canaryFiles(files: readonly string[], needles: readonly string[]): Record<string, string[]> {
  const hits: Record<string, string[]> = {};
  for (const file of files) {
    const h = needlesIn(needles, readFileSync(file).toString("latin1"));
    if (h.length > 0) hits[basename(file)] = h;
  }
  return hits;
}
