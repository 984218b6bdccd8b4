/**
 * An engine refusal beyond the schema names the fields it is about (core/field-names.ts); the CLI
 * says them as the flags the user typed. Before newcomer44, `strata recall x --type decision
 * --kinds fact` answered "types filters episodes, but kinds leaves episodes out", two names no
 * flag has, and `remember x --kind rule` listed the kinds without saying a rule is captured.
 * In process through runMain (the `strata` command's code) on a real SQLite file.
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
  db = join(mkdtempSync(join(tmpdir(), "strata-fields-")), "m.db");
  said = captureOutput();
});
afterEach(() => vi.restoreAllMocks());

/** The JSON error and the stderr line of `strata --json ARGV`. */
async function refused(argv: string[], code: number) {
  said.length = 0;
  expect(await runMain(["--db", db, "--json", ...argv])).toBe(code);
  const stdout = said.filter((s) => s.startsWith("{")).join("");
  return JSON.parse(stdout).error as { code: string; message: string; details: Record<string, unknown> };
}

describe("an engine refusal names the flags typed, not the library's fields", () => {
  it.each([
    [
      ["recall", "x", "--type", "decision", "--kinds", "fact"],
      1,
      'recall: --type filters episodes, but --kinds leaves episodes out: add "episode" to --kinds or drop --type.',
    ],
    [
      ["remember", "x", "--steps", "a;b"],
      1,
      'Invalid remember: --steps are only for --kind "procedure": pass --kind procedure or drop --steps.',
    ],
    [
      ["remember", "x", "--key", "k", "--meta", '{"key":"j"}'],
      1,
      "Invalid remember: metadata.key is where the --key option is kept: drop it from --meta, or make it equal to --key.",
    ],
    [
      ["list", "--namespace-prefix", "a", "-n", "b"],
      1,
      'Invalid --namespace-prefix "a": a prefix may only name a namespace under "b" (the namespace this call acts in). Name b or a namespace under it (b/…).',
    ],
    [
      ["remember", "x", "--kind", "rule"],
      2,
      '--kind must be one of fact, failure, procedure, got "rule": a rule has a WHEN and a PREFER: use `strata capture --when … --prefer …` instead of remember.',
    ],
    [
      ["remember", "x", "-k", "rule"],
      2,
      '-k must be one of fact, failure, procedure, got "rule": a rule has a WHEN and a PREFER: use `strata capture --when … --prefer …` instead of remember.',
    ],
  ])(
    "strata %j",
    async (argv, code, message) => {
      await runMain(["--db", db, "init"]); // a store, empty: the refusals come before any search
      said.length = 0;
      expect(await runMain(["--db", db, ...argv])).toBe(code);
      expect(said.join("")).toBe(`${code === 2 ? "usage" : "error"}: ${message}\n`);
      expect((await refused(argv, code)).message).toBe(message);
    },
    300_000,
  ); // the first write of a run loads the gate's parts: minutes under a load of 40

  it("a time in the future is said as --at, the value and the rule kept", async () => {
    const error = await refused(["record", "deployed", "--at", "2099-01-01"], 1);
    expect(error.message).toMatch(/^--at 2099-01-01T00:00:00\.000Z is \d+ days in the future/);
    expect(error.message).toContain("leave --at out for now");
    expect(error.message).not.toMatch(/(?<![-\w])at (?:out|2099)/);
    // The details stay the engine's: a script reads the field by its one name.
    expect(error.details).toMatchObject({ field: "at" });
  });

  it("the word a message uses as prose is left alone", async () => {
    await runMain(["--db", db, "-n", "one", "remember", "The retry limit is 5"]);
    const out = join(mkdtempSync(join(tmpdir(), "strata-fields-export-")), "one.json");
    expect(await runMain(["--db", db, "-n", "one", "export", "-o", out])).toBe(0);
    const error = await refused(["-n", "two", "import", out], 1);
    expect(error.message).toMatch(/^This Strata export is of namespace "one"/);
  });
});
