/**
 * `strata doctor` on a store that exists but cannot be opened reports it as its finding — the
 * store check FAILs with the refusal's code and message, the checks that need no store are still
 * made — where before newcomer34 it failed with the refusal alone, the one time a newcomer runs
 * it. Other commands still fail with the refusal.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
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

type Report = { ok: boolean; checks: { name: string; status: string; detail: string; fix?: string }[] };

describe("doctor reports a store it cannot open", () => {
  it.each([
    ["a file that is not a database", notADatabase, "STORE_UNAVAILABLE", /is not a SQLite database/, 69],
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
