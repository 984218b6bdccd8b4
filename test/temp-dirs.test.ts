/**
 * A test run leaves no temporary folder behind (test/support/temp-dirs.ts). The files run here
 * create folders with `mkdtempSync(join(tmpdir(), …))` and never remove them themselves: a SQLite
 * store on a file through `testMemory({ file: true })`, and an export and import through files.
 * They run in a vitest of their own with `TMPDIR` at an empty folder, which must be empty after.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const LEAVING_FOLDERS = ["src/store/sqlite/vector-memo.test.ts", "src/core/exchange/exchange.test.ts"];

describe("a test run's temporary folders", () => {
  const watched = mkdtempSync(join(tmpdir(), "strata-watched-"));
  afterAll(() => rmSync(watched, { recursive: true, force: true }));

  it("are all removed when the run ends, though the tests remove none of theirs", () => {
    const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...LEAVING_FOLDERS], {
      encoding: "utf8",
      env: { ...process.env, TMPDIR: watched, CI: "1" },
      timeout: 120_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Test Files\s+.*2 passed/);
    expect(readdirSync(watched)).toEqual([]);
  }, 150_000);
});
