/**
 * A file the user names for output — a backup's PATH (with --force), an export's or a digest's
 * `--out` — must never be one of the store's own files, however the path is spelled (`./`, a
 * symlinked folder, a symlink, a hard link, the `-wal` beside it), nor another SQLite database.
 * Before attacks25, `backup("agent.db-wal", { overwrite: true })` deleted the live WAL (a crash
 * then lost every write in it, measured: the store reopened empty), and `strata export --out
 * agent.db` replaced the store with its JSON export.
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runMain } from "../../src/cli/main.js";
import type { Memory } from "../../src/core/engine.js";
import { isStrataError } from "../../src/core/errors.js";
import { openMemory } from "../../src/open-memory.js";
import { isStoreFile } from "../../src/store/sqlite/own-files.js";

const CLOCK = { now: () => new Date("2026-03-10T12:00:00.000Z") };
let dir: string;
let db: string;
let mem: Memory;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-outpaths-"));
  mkdirSync(join(dir, "real"));
  symlinkSync(join(dir, "real"), join(dir, "via"));
  db = join(dir, "real", "agent.db");
  mem = await openMemory({ path: db, clock: CLOCK });
  await mem.remember("The deploy key rotates every Monday");
});
afterEach(async () => {
  await mem.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

/** The store's files as bytes, so "nothing removed or replaced" is checked exactly. */
const filesOf = () =>
  ["", "-wal", "-shm"].map((s) => (existsSync(`${db}${s}`) ? statSync(`${db}${s}`).ino : null));

/** A new symlink in the test folder to `target`; its path. */
function linkedTo(target: string, name: string): string {
  symlinkSync(target, join(dir, name));
  return join(dir, name);
}

describe("isStoreFile", () => {
  it.each([
    ["the database", (d: string) => d, true],
    ["its WAL", (d: string) => `${d}-wal`, true],
    ["its shared memory", (d: string) => `${d}-shm`, true],
    ["its rollback journal", (d: string) => `${d}-journal`, true],
    ["a lock beside it", (d: string) => `${d}.sleep-default.lock`, true],
    ["the database through ./ and ..", (d: string) => d.replace("/real/", "/real/./../real/"), true],
    ["the WAL through a symlinked folder", (d: string) => `${d.replace("/real/", "/via/")}-wal`, true],
    ["a backup beside it", (d: string) => d.replace("agent.db", "agent.bak.db"), false],
    ["a name that only starts like it", (d: string) => `${d}-walrus`, false],
    ["an export beside it", (d: string) => `${d}.json`, false],
  ])("%s: %s", (_, path, expected) => {
    expect(isStoreFile(db, path(db))).toBe(expected);
  });

  it("a symlink and a hard link to the database are the database", () => {
    symlinkSync(db, join(dir, "link.db"));
    linkSync(db, join(dir, "hard.db"));
    expect(isStoreFile(db, join(dir, "link.db"))).toBe(true);
    expect(isStoreFile(db, join(dir, "hard.db"))).toBe(true);
    expect(isStoreFile(":memory:", join(dir, "link.db"))).toBe(false);
  });
});

describe("backup with overwrite never replaces the store's own files", () => {
  it.each([
    ["the WAL", () => `${db}-wal`],
    ["the shared memory", () => `${db}-shm`],
    ["the database through a symlinked folder", () => join(dir, "via", "agent.db")],
    ["the database through a symlink", () => linkedTo(db, "link.db")],
  ])("%s: CONFLICT, nothing removed, every write kept", async (_, target) => {
    const before = filesOf();
    const error = await mem.backup(target(), { overwrite: true }).catch((e: unknown) => e);
    expect(isStrataError(error) && error.code).toBe("CONFLICT");
    expect(String((error as Error).message)).toMatch(/store's own files/);
    expect(filesOf()).toEqual(before);
    await mem.remember("The second note is written after the refused backup");
    expect((await mem.list()).map((i) => ("text" in i ? i.text : i.content))).toHaveLength(2);
  });

  it("still replaces another existing file when asked", async () => {
    const other = join(dir, "other.db");
    await mem.backup(other);
    await expect(mem.backup(other, { overwrite: true })).resolves.toMatchObject({ path: other });
  });
});

describe("CLI outputs never replace the store or another database", () => {
  let errors: string[];
  beforeEach(async () => {
    await mem.close(); // the CLI opens the store itself
    errors = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => {
      errors.push(String(s));
      return true;
    });
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => vi.restoreAllMocks());

  const storeHolds = async () => {
    const again = await openMemory({ path: db, clock: CLOCK });
    try {
      return (await again.list()).map((i) => ("text" in i ? i.text : i.content));
    } finally {
      await again.close();
    }
  };

  it.each([
    ["export --out the store", () => ["export", "--out", db]],
    [
      "export --out the store through a symlinked folder",
      () => ["export", "--out", join(dir, "via", "agent.db")],
    ],
    ["export --out its WAL", () => ["export", "--out", `${db}-wal`]],
    ["export --out a symlink to it", () => ["export", "--out", linkedTo(db, "l.db")]],
    ["continuity --out the store", () => ["continuity", "--out", db]],
    ["backup --force onto its WAL", () => ["backup", `${db}-wal`, "--force"]],
  ])("%s: refused, the store intact", async (_, argv) => {
    const header = readFileSync(db).subarray(0, 16).toString("latin1");
    const code = await runMain(["--db", db, ...argv()]);
    expect(code).not.toBe(0);
    expect(errors.join("")).toMatch(/store's own files/);
    expect(readFileSync(db).subarray(0, 16).toString("latin1")).toBe(header);
    expect(await storeHolds()).toEqual(["The deploy key rotates every Monday"]);
  });

  it("export --out another SQLite database is refused, even with --force; a plain file is replaced with --force", async () => {
    const other = join(dir, "other.db");
    const copy = await openMemory({ path: other, clock: CLOCK });
    await copy.remember("Another store's note");
    await copy.close();
    expect(await runMain(["--db", db, "export", "--out", other])).not.toBe(0);
    expect(errors.join("")).toMatch(/is a SQLite database/);
    expect(readFileSync(other).subarray(0, 15).toString("latin1")).toBe("SQLite format 3");

    expect(await runMain(["--db", db, "export", "--out", other, "--force"])).not.toBe(0);
    expect(readFileSync(other).subarray(0, 15).toString("latin1")).toBe("SQLite format 3");

    const plain = join(dir, "memory.json");
    expect(await runMain(["--db", db, "export", "--out", plain])).toBe(0);
    expect(await runMain(["--db", db, "export", "--out", plain])).toBe(2);
    expect(await runMain(["--db", db, "export", "--out", plain, "--force"])).toBe(0);
    expect(JSON.parse(readFileSync(plain, "utf8"))).toBeTruthy();
  });
});
