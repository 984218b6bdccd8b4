/**
 * A usage error (exit 2) says `usage:` on stderr whoever found it — commander (a value outside a
 * flag's or an argument's choices, an unknown flag, a missing or extra argument) or Strata's own
 * reading of a flag's value; a refusal of the engine (exit 1) says `error:`. Before newcomer35,
 * `strata outcome b1 yes` printed `error: command-argument value 'yes' is invalid …` with exit 2
 * and `--json` code USAGE, where `-k 0` printed `usage: -k must be at least 1, got 0.`
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { runMain } from "./main.js";

let db: string;
let said: string[];

beforeEach(() => {
  db = join(mkdtempSync(join(tmpdir(), "strata-usage-")), "m.db");
  said = captureOutput();
});
afterEach(() => vi.restoreAllMocks());

describe("a usage error's line on stderr says usage:", () => {
  it.each([
    [["outcome", "b1", "yes"], "usage: command-argument value 'yes' is invalid for argument 'result'."],
    [["export", "--format", "xml"], "usage: option '--format <format>' argument 'xml' is invalid."],
    [["recall"], "usage: strata recall needs <query>."],
    [["get", "b1", "b2"], "usage: strata get takes one argument, <id>, and got 2: b1 b2."],
    [["list", "--confidence", "1"], "usage: unknown option '--confidence'"],
  ])("%j → exit 2, %s", async (argv, line) => {
    expect(await runMain(["--db", db, ...argv])).toBe(2);
    const text = said.join("");
    expect(text.startsWith(line)).toBe(true);
    expect(text).not.toMatch(/^error: /m);
  });

  it("--json: the message on stdout has no prefix, the code is USAGE", async () => {
    expect(await runMain(["--db", db, "outcome", "b1", "yes", "--json"])).toBe(2);
    const text = said.join("");
    expect(text).toContain('"code": "USAGE"');
    expect(text).toContain('"message": "command-argument value \'yes\' is invalid');
    expect(text).toMatch(/^usage: command-argument value 'yes'/m);
  });

  it("a value Strata's schema refuses says usage: too; a refusal of the engine says error: (exit 1)", async () => {
    expect(await runMain(["--db", db, "remember", "The retry limit is 5", "--quiet"])).toBe(0);
    said.length = 0;
    expect(await runMain(["--db", db, "recall", "x", "-k", "0"])).toBe(2);
    expect(said.join("")).toMatch(/^usage: -k must be at least 1, got 0\./);
    said.length = 0;
    expect(await runMain(["--db", db, "get", "b9"])).toBe(1);
    expect(said.join("")).toMatch(/^error: No belief with id "b9"/);
  });
});
