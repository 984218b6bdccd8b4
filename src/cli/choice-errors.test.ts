/**
 * A value outside a flag's or an argument's choices, on the command line: said as the engine
 * says one (`--kind must be one of fact, failure, procedure, got "rule".`), on stderr and in
 * --json's error, exit 2. Before newcomer43 commander's own wording stood beside the engine's:
 * `command-argument value 'yes' is invalid for argument 'result'. Allowed choices are success,
 * failure.`
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
  db = join(mkdtempSync(join(tmpdir(), "strata-choices-")), "m.db");
  said = captureOutput();
});
afterEach(() => vi.restoreAllMocks());

describe("a value outside the choices", () => {
  it.each([
    [["outcome", "b1", "yes"], '<result> must be one of success, failure, got "yes".'],
    [
      ["export", "--format", "csv"],
      '--format must be one of json, markdown, jsonl, memory-jsonl, got "csv".',
    ],
    [["graph", "--format", "png"], '--format must be one of dot, json, got "png".'],
    [
      ["keys", "create", "--name", "x", "--scope", "root", "--namespaces", "a"],
      '--scope must be one of read, write, admin, got "root".',
    ],
    [
      ["serve", "--index-build", "never"],
      '--index-build must be one of auto, background, on-search, got "never".',
    ],
    // The engine's own refusal of a flag's value, for comparison: the same shape, and the
    // schema's own words after it (a rule is captured: newcomer44).
    [
      ["remember", "x", "--kind", "rule"],
      '--kind must be one of fact, failure, procedure, got "rule": a rule has a WHEN and a PREFER: use `strata capture --when … --prefer …` instead of remember.',
    ],
  ])("strata %j", async (argv, message) => {
    expect(await runMain(["--db", db, ...argv])).toBe(2);
    expect(said.join("")).toBe(`usage: ${message}\n`);
    said.length = 0;
    expect(await runMain(["--db", db, "--json", ...argv])).toBe(2);
    const [stdout, stderr] = [
      said.filter((s) => s.startsWith("{")).join(""),
      said.filter((s) => !s.startsWith("{")).join(""),
    ];
    expect(JSON.parse(stdout).error).toMatchObject({ code: "USAGE", message });
    expect(stderr).toBe(`usage: ${message}\n`);
  });
});
