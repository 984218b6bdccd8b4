/**
 * A command that reads a file or stdin (import, judge, save-continuity, remember/record --jsonl)
 * refuses input it cannot read before the store opens. Before newcomer34, `strata import
 * missing.json` on a first run printed "strata: created a new store at …" and then the usage
 * error: a mistyped file name left a new, empty store behind.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { checkReadable } from "./input-lines.js";
import { runMain } from "./main.js";

let dir: string;
let db: string;
let said: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-input-"));
  db = join(dir, "new.db");
  said = captureOutput();
});

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(process.stdin, "isTTY", { value: undefined, configurable: true });
});

describe("input a command cannot read is refused before a store is created", () => {
  it.each([
    ["import of a missing file", ["import", "missing.json"]],
    ["judge of a missing file", ["judge", "missing.json"]],
    ["save-continuity of a missing file", ["save-continuity", "missing.md", "--token", "w1-abc"]],
    ["remember --jsonl of a missing file", ["remember", "--jsonl", "missing.jsonl"]],
    ["record --jsonl of a folder", ["record", "--jsonl", "."]],
  ])("%s: exit 2 naming the file, no store", async (_, argv) => {
    const code = await runMain(["--db", db, ...argv]);
    expect(code).toBe(2);
    expect(said.join("")).toMatch(
      /usage: cannot read .* \((ENOENT|EISDIR)\); pass an existing file, or - for stdin\./,
    );
    expect(said.join("")).not.toMatch(/created a new store/);
    expect(existsSync(db)).toBe(false);
  });

  it.each([
    ["import", ["import", ""]],
    ["judge", ["judge", ""]],
    ["save-continuity", ["save-continuity", "", "--token", "w1-abc"]],
    ["remember --jsonl", ["remember", "--jsonl", ""]],
  ])(
    "%s of an empty file name: exit 2 saying the name is empty, not the working folder; no store",
    async (_, argv) => {
      const code = await runMain(["--db", db, ...argv]);
      expect(code).toBe(2);
      expect(said.join("")).toContain(
        'usage: the file name is empty (""): pass an existing file, or - for stdin.',
      );
      expect(said.join("")).not.toMatch(/EISDIR|cannot read/);
      expect(existsSync(db)).toBe(false);
    },
  );

  it.each([
    ["import with nothing piped in", ["import"]],
    ["judge - with nothing piped in", ["judge", "-"]],
    ["remember --jsonl - with nothing piped in", ["remember", "--jsonl", "-"]],
  ])("%s (stdin a terminal): exit 2, no store", async (_, argv) => {
    Object.defineProperty(process.stdin, "isTTY", { value: true, configurable: true });
    const code = await runMain(["--db", db, ...argv, "--json"]);
    expect(code).toBe(2);
    expect(said.join("")).toContain('"code": "USAGE"');
    expect(said.join("")).toContain("this command reads from a file or stdin");
    expect(existsSync(db)).toBe(false);
  });

  it("a file that can be read runs the command, and a write creates the store", async () => {
    const file = join(dir, "items.jsonl");
    writeFileSync(file, '{"statement": "The retry limit is 5"}\n');
    expect(await runMain(["--db", db, "remember", "--jsonl", file, "--json"])).toBe(0);
    expect(existsSync(db)).toBe(true);
  });
});

describe("checkReadable", () => {
  it("passes a readable file and stdin that is not a terminal", () => {
    const file = join(dir, "ok.json");
    writeFileSync(file, "[]");
    expect(() => checkReadable(file)).not.toThrow();
    expect(() => checkReadable("-")).not.toThrow();
  });

  it.each([
    ["a missing file", () => join(dir, "nope.json"), "ENOENT"],
    [
      "a folder",
      () => {
        mkdirSync(join(dir, "sub"));
        return join(dir, "sub");
      },
      "EISDIR",
    ],
  ])("refuses %s with its code", (_, path, code) => {
    expect(() => checkReadable(path())).toThrow(`(${code}); pass an existing file, or - for stdin.`);
  });
});
