/**
 * A usage error (exit 2) says `usage:` on stderr whoever found it — commander (a value outside a
 * flag's or an argument's choices, an unknown flag, a missing or extra argument) or Strata's own
 * reading of a flag's value; a refusal of the engine (exit 1) says `error:`. Before newcomer35,
 * `strata outcome b1 yes` printed `error: command-argument value 'yes' is invalid …` with exit 2
 * and `--json` code USAGE, where `-k 0` printed `usage: -k must be at least 1, got 0.`
 */
import { mkdtempSync, writeFileSync } from "node:fs";
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
    [["outcome", "b1", "yes"], 'usage: <result> must be one of success, failure, got "yes".'],
    [
      ["export", "--format", "xml"],
      'usage: --format must be one of json, markdown, jsonl, memory-jsonl, got "xml".',
    ],
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
    expect(text).toContain('"message": "<result> must be one of success, failure, got \\"yes\\".');
    expect(text).toMatch(/^usage: <result> must be one of success, failure, got "yes"\./m);
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

// One rule for an empty value typed on the command line: an argument is a usage error as a flag is
// (`strata capture --when ""` was exit 2 where `strata remember ""` was `error:`, exit 1). A value
// no one typed on the command line (a --jsonl line) stays the engine's refusal.
describe("an empty value typed as an argument is a usage error, as an empty flag value is", () => {
  it.each([
    [["remember", ""], 'usage: <statement> must be at least 1 character, got "".'],
    [["record", "   "], 'usage: <content> must be at least 1 character, got "   ".'],
    [["recall", ""], 'usage: <query> must be at least 1 character, got "".'],
    [["capture", "--when", "", "--prefer", "x"], 'usage: --when must be at least 1 character, got "".'],
  ])("%j → exit 2, %s", async (argv, line) => {
    expect(await runMain(["--db", db, "remember", "The retry limit is 5", "--quiet"])).toBe(0);
    said.length = 0;
    expect(await runMain(["--db", db, ...argv])).toBe(2);
    expect(said.join("")).toMatch(new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
  });

  it("--json names the argument, the value and what is allowed, code USAGE", async () => {
    expect(await runMain(["--db", db, "remember", "", "--json"])).toBe(2);
    const answer = JSON.parse(
      said
        .join("")
        .split("\nusage:")[0]!
        .replace(/^[^{]*/, ""),
    ) as {
      error: { code: string; details: Record<string, unknown> };
    };
    expect(answer.error.code).toBe("USAGE");
    expect(answer.error.details).toMatchObject({
      argument: "<statement>",
      value: "",
      allowed: "at least 1 character",
    });
  });

  it("an empty statement on a --jsonl line is still the engine's refusal (exit 1), naming its line", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "strata-usage-")), "items.jsonl");
    writeFileSync(file, '{"statement":""}\n');
    expect(await runMain(["--db", db, "remember", "--jsonl", file])).toBe(1);
    expect(said.join("")).toMatch(/^error: line 1: statement must be at least 1 character/m);
  });
});

// `strata recal` got commander's "(Did you mean recall?)"; `strata help recal`, where a newcomer
// asks what a command does, got only "unknown command 'recal'" (newcomer38).
describe("strata help WORD with a slip of a command's name names the command", () => {
  it.each([
    [
      ["help", "recal"],
      "usage: unknown command 'recal' (Did you mean recall? strata --help lists the commands.)\n",
    ],
    [
      ["help", "remeber"],
      "usage: unknown command 'remeber' (Did you mean remember? strata --help lists the commands.)\n",
    ],
    [
      ["help", "doctr"],
      "usage: unknown command 'doctr' (Did you mean doctor? strata --help lists the commands.)\n",
    ],
    [["help", "frobnicate"], "usage: unknown command 'frobnicate': strata --help lists the commands.\n"],
    [["help", "abc"], "usage: unknown command 'abc': strata --help lists the commands.\n"],
  ])("%j → exit 2, %s", async (argv, line) => {
    expect(await runMain(argv)).toBe(2);
    expect(said.join("")).toBe(line);
  });

  it("--json says the same in its message", async () => {
    expect(await runMain(["help", "recal", "--json"])).toBe(2);
    expect(JSON.parse(said[0]!).error).toMatchObject({
      code: "USAGE",
      message: "unknown command 'recal' (Did you mean recall? strata help --json lists the commands.)",
    });
  });
});

// Before newcomer39 an embedder named by the environment or a settings file was refused as
// `--embedder http needs …`, a flag nobody typed; the line now names where the name was set.
describe("an embedder's refusal names where the embedder was set", () => {
  afterEach(() => {
    delete process.env.STRATA_EMBEDDER;
    delete process.env.STRATA_EMBED_URL;
    delete process.env.STRATA_EMBED_MODEL;
  });

  it.each([
    [{}, ["--embedder", "http"], "usage: --embedder http needs STRATA_EMBED_URL"],
    [{ STRATA_EMBEDDER: "http" }, [], "usage: STRATA_EMBEDDER=http needs STRATA_EMBED_URL"],
    [
      { STRATA_EMBEDDER: "bert" },
      [],
      'usage: unknown embedder "bert" (STRATA_EMBEDDER=bert): use hashed or http.',
    ],
    [
      { STRATA_EMBED_URL: "http://localhost:11434/v1" },
      [],
      "usage: the http embedder (STRATA_EMBED_URL is set) needs STRATA_EMBED_URL",
    ],
  ])("%j %j → %s", async (variables, flags, line) => {
    delete process.env.STRATA_EMBEDDER;
    delete process.env.STRATA_EMBED_URL;
    delete process.env.STRATA_EMBED_MODEL;
    Object.assign(process.env, variables);
    expect(await runMain(["--db", db, ...flags, "stats"])).toBe(2);
    expect(said.join("").startsWith(line)).toBe(true);
  });

  it("a settings file's embedder is named with the file", async () => {
    delete process.env.STRATA_EMBEDDER;
    delete process.env.STRATA_EMBED_URL;
    const settings = join(mkdtempSync(join(tmpdir(), "strata-usage-")), "settings.json");
    writeFileSync(settings, JSON.stringify({ embedder: "http" }));
    expect(await runMain(["--config", settings, "--db", db, "stats"])).toBe(2);
    expect(said.join("")).toMatch(
      new RegExp(
        `^usage: "embedder": "http" in ${settings.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} needs STRATA_EMBED_URL`,
      ),
    );
  });
});
