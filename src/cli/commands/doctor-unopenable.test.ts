/**
 * `strata doctor` on a store that exists but cannot be opened reports it as its finding — the
 * store check FAILs with the refusal's code and message, the checks that need no store are still
 * made — where before newcomer34 it failed with the refusal alone, the one time a newcomer runs
 * it. Other commands still fail with the refusal.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../../test/support/captured-output.js";
import { openMemory } from "../../open-memory.js";
import { runMain } from "../main.js";

let dir: string;
let said: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-doctor-"));
  said = captureOutput();
});
afterEach(() => vi.restoreAllMocks());

/** A file that is not a SQLite database. */
function notADatabase(): string {
  const file = join(dir, "notes.db");
  writeFileSync(file, "these are my notes, not a database\n".repeat(20));
  return file;
}

/** A Strata store whose schema marker says a newer Strata wrote it. */
async function newerStore(): Promise<string> {
  const file = join(dir, "newer.db");
  const mem = await openMemory({ path: file, lexicon: null });
  await mem.remember("The retry limit is 5");
  await mem.close();
  const db = new Database(file);
  db.prepare("UPDATE meta SET value = '999' WHERE key = 'schema_version'").run();
  db.close();
  return file;
}

/** Another application's SQLite file: tables, but no Strata schema marker. */
function foreignDatabase(): string {
  const file = join(dir, "app.db");
  const db = new Database(file);
  db.exec("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('ada')");
  db.close();
  return file;
}

/** A file of no bytes (`touch memory.db`). */
function emptyFile(): string {
  const file = join(dir, "touched.db");
  writeFileSync(file, "");
  return file;
}

type Report = { ok: boolean; checks: { name: string; status: string; detail: string; fix?: string }[] };

describe("doctor reports a store it cannot open", () => {
  it.each([
    ["a file that is not a database", notADatabase, "STORE_UNAVAILABLE", /is not a SQLite database/, 69],
    [
      "another application's SQLite file",
      foreignDatabase,
      "INVALID_INPUT",
      /is a SQLite database of another application \(tables: users\)/,
      1,
    ],
    [
      "a store a newer Strata wrote",
      newerStore,
      "SCHEMA_TOO_NEW",
      /schema version 999, newer than this Strata/,
      1,
    ],
  ])(
    "%s: the store check fails with the refusal, the other checks are made, the exit is the refusal's",
    async (_, make, code, detail, exit) => {
      const db = await make();
      expect(await runMain(["--db", db, "doctor", "--json"])).toBe(exit);
      const report = JSON.parse(said.join("")) as Report;
      expect(report.ok).toBe(false);
      expect(report.checks[0]).toMatchObject({ name: "store", status: "fail" });
      expect(report.checks[0]!.detail).toContain(`${code}: `);
      expect(report.checks[0]!.detail).toMatch(detail);
      expect(report.checks.map((c) => c.name)).toContain("node");
    },
  );

  it("in words: FAIL store, then the node check, and 'Problems found'", async () => {
    const db = notADatabase();
    expect(await runMain(["--db", db, "doctor"])).toBe(69);
    const text = said.join("");
    expect(text).toMatch(/FAIL\s+store\s+STORE_UNAVAILABLE: /);
    expect(text).toMatch(/ok\s+node/);
    expect(text).toContain("Problems found");
  });

  it.each([["recall", "x"], ["stats"]])(
    "strata %s on the same file still fails with the refusal (exit 69)",
    async (...argv) => {
      const db = notADatabase();
      expect(await runMain(["--db", db, ...argv])).toBe(69);
      expect(said.join("")).toMatch(/error: .* is not a SQLite database/);
    },
  );
});

describe("a file of no bytes is no store: reported as a missing one, and left as it was", () => {
  it("doctor warns that the file is empty and creates nothing (exit 0)", async () => {
    const db = emptyFile();
    expect(await runMain(["--db", db, "doctor", "--json"])).toBe(0);
    const report = JSON.parse(said.join("")) as Report;
    expect(report.checks[0]).toMatchObject({ name: "store", status: "warn" });
    expect(report.checks[0]!.detail).toContain("the file is empty (0 bytes)");
    expect(statSync(db).size).toBe(0);
  });

  it.each([["stats"], ["recall", "x"], ["list"]])(
    "strata %s refuses it as missing (exit 69) and leaves it empty",
    async (...argv) => {
      const db = emptyFile();
      expect(await runMain(["--db", db, ...argv])).toBe(69);
      expect(said.join("")).toMatch(
        /error: No store at .*: the file is empty \(0 bytes\), and \S+ only reads/,
      );
      expect(statSync(db).size).toBe(0);
    },
  );

  it("a write makes the store in it, as in a new file", async () => {
    const db = emptyFile();
    expect(await runMain(["--db", db, "remember", "The retry limit is 5", "--quiet"])).toBe(0);
    expect(statSync(db).size).toBeGreaterThan(0);
  });

  it("the other application's file is left as it was by doctor", async () => {
    const db = foreignDatabase();
    const before = readFileSync(db);
    expect(await runMain(["--db", db, "doctor"])).toBe(1);
    expect(said.join("")).toMatch(/FAIL\s+store\s+INVALID_INPUT: /);
    expect(readFileSync(db).equals(before)).toBe(true);
  });
});
