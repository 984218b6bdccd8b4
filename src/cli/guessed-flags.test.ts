/**
 * A flag a command does not take is answered with the flag of that command that means the same,
 * through the real program: each row names a command line, the flag it should point to (or none,
 * where commander's spelling suggestion, or nothing, stands).
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Command, CommanderError } from "commander";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { NAME_MEANINGS } from "../core/borrowed-names.js";
import { toolSpecs } from "../mcp/server.js";
import { runMain } from "./main.js";
import { createProgram } from "./program.js";

/** The message a command line ends in. */
async function unknown(argv: string[]): Promise<string> {
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
  const error = await program.parseAsync(argv, { from: "user" }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof CommanderError)) throw new Error(`expected a commander error, got ${String(error)}`);
  expect(error.code).toBe("commander.unknownOption");
  return error.message;
}

describe("an unknown flag points to the command's flag that means the same", () => {
  it.each([
    // [command line, the flag the suggestion names]
    [["recall", "x", "--limit", "5"], "-k/--k <n>: how many items"],
    [["recall", "x", "--top", "5"], "-k/--k <n>"],
    [["recall", "x", "--lmit", "5"], "-k/--k <n>"], // a slip of a name in a row
    [["list", "--k", "5"], "--limit <n>: page size"],
    [["list", "--count", "5"], "--limit <n>"],
    [["audit", "--max", "5"], "--limit <n>"],
    [["context", "deploy", "--tokens", "300"], "-b/--budget <tokens>"],
    [["context", "deploy", "--max-tokens", "300"], "-b/--budget <tokens>"],
    [["forget", "b1", "--force"], "-y/--yes"],
    [["audit", "--jsonl", "d", "--overwrite"], "--force"],
    [["recall", "x", "--metadata", "a=1"], "--where <field=value>"],
    [["remember", "x", "--metadata", "{}"], "--meta <json>"],
    [["export", "--output", "f.json"], "-o/--out <file>"],
    [["remember", "--file", "facts.jsonl"], "--jsonl <file>"],
    [["recall", "x", "--store", "a.db"], "--db <store>"],
    [["recall", "x", "--ns", "team"], "-n/--namespace <name>"],
    [["recall", "x", "--date", "2026-03-01"], "--at <time>"],
    [["worker", "--preview"], "--dry-run"],
    // Before newcomer39 a slip of a flag of one letter named nothing (commander guesses none).
    [["recall", "x", "--kk", "3"], "-k/--k <n>: how many items"],
    [["recall", "x", "--kj", "3"], "-k/--k <n>"],
    // A belief's kind and an episode's type are one meaning: the command's flag of the two.
    [["remember", "x", "--type", "fact"], "-k/--kind <kind>"],
    [["record", "x", "--kind", "decision"], "-t/--type <type>"],
    [["list", "--type", "decision"], "--kind <kind>"],
    [["recall", "x", "--kind", "fact"], "--kinds <list>"],
  ])("%j → %s", async (argv, flag) => {
    const message = await unknown(argv);
    expect(message).toContain(`(Did you mean ${flag}`);
    expect(message).toMatch(/ --help lists every option\.\)$/);
  });

  it.each([
    // spelling alone: commander's suggestion stands
    [["recall", "x", "--typ", "fact"], "(Did you mean --type?)"],
    [["export", "--formt", "json"], "(Did you mean --format?)"],
  ])("%j keeps commander's spelling suggestion %s", async (argv, said) => {
    expect(await unknown(argv)).toContain(said.replace("?)", "?"));
  });

  it.each([
    // every answer to an unknown flag ends in where the command's options are listed
    [
      ["remember", "x", "--confidence", "0.9"],
      "error: unknown option '--confidence' (strata remember --help lists every option.)",
    ],
    [
      ["recall", "x", "--min-score", "1"],
      "error: unknown option '--min-score' (strata recall --help lists every option.)",
    ],
    [
      ["keys", "list", "--all"],
      "error: unknown option '--all' (strata keys list --help lists every option.)",
    ],
    [["recall", "x", "--typ", "fact"], "(Did you mean --type? strata recall --help lists every option.)"],
  ])("%j ends in the command's help: %s", async (argv, said) => {
    const message = await unknown(argv);
    expect(message.endsWith(said)).toBe(true);
    expect(message.match(/--help lists every option/g)).toHaveLength(1);
  });

  it("the pointer is added for that answer only: the command's own error is left as it was", async () => {
    const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
    const remember = program.commands.find((c) => c.name() === "remember")!;
    await program.parseAsync(["remember", "x", "--confidence", "1"], { from: "user" }).catch(() => {});
    expect(Object.hasOwn(remember, "error")).toBe(false);
  });

  it.each([
    [["recall", "x", "--color"]],
    [["recall", "x", "--verbose"]],
    [["list", "--limitless"]], // more than one slip from any name
    [["forget", "b1", "--yes-please"]],
    [["recall", "x", "--kkk", "3"]], // two letters from --k
    [["context", "x", "--kk", "3"]], // context has no --k
  ])("%j: no flag means it, so none is suggested", async (argv) => {
    expect(await unknown(argv)).not.toContain("Did you mean");
  });

  it.each([
    // a name of known meaning the command has no flag for: no spelling guess of another meaning
    [
      ["hook", "session-end", "--budget", "600"],
      "strata hook session-end takes no flag that means what --budget means",
    ],
    [["init", "--limit", "5"], "strata init takes no flag that means what --limit means"],
  ])("%j: says the command takes none (no guess by spelling)", async (argv, said) => {
    const message = await unknown(argv);
    expect(message).toContain(said);
    expect(message).not.toContain("Did you mean");
  });

  it.each([
    // [command line, the flag and value the suggestion names]
    [["list", "--episodes"], "--layer episode"], // the help says "beliefs (default) or episodes"
    [["list", "--episode"], "--layer episode"],
    [["list", "--beliefs"], "--layer belief"],
    [["list", "--archived"], "--status archived"],
    [["list", "--any"], "--status any"],
    [["list", "--facts"], "--kind fact"],
    [["list", "--outcomes"], "--kind outcome"],
    [["record", "x", "--failure"], "--outcome failure"],
    [["record", "x", "--decision"], "--type decision"],
    [["export", "--markdown"], "--format markdown"], // commander's own choices
    [["export", "--memory-jsonl"], "--format memory-jsonl"],
    [["export", "--jsonl"], "--format jsonl"], // a name of known meaning, but a value export takes
  ])("%j: a value given as a flag → %s", async (argv, said) => {
    const message = await unknown(argv);
    expect(message).toContain(`(Did you mean ${said}?`);
    expect(message).toMatch(/ --help lists every option\.\)$/);
  });

  it.each([
    [["list", "--episodic"]], // not a value, nor its plural
    [["list", "--archive"]], // a value's stem is not the value
    [["init", "--episodes"]], // a value of another command's flag
    [["stats", "--archived"]],
    [["recall", "x", "--episodes"]], // recall's kinds name no values to match
    [["export", "--xml"]], // a format export does not take
  ])("%j: names no flag's value", async (argv) => {
    expect(await unknown(argv)).not.toMatch(/Did you mean --\S+ \S+\?/);
  });

  // The table serves every surface: a row MCP alone reads (`what`, `action`: which operation a tool
  // runs) names a field of a tool instead.
  it("every row names at least one flag some command, or a field some MCP tool, really takes", () => {
    const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
    const longs = new Set<string>();
    const visit = (c: Command) => {
      for (const o of c.options) if (o.long) longs.add(o.long.slice(2));
      c.commands.forEach(visit);
    };
    visit(program);
    for (const spec of toolSpecs())
      for (const field of Object.keys((spec.input as unknown as { shape: object }).shape)) longs.add(field);
    for (const row of NAME_MEANINGS)
      expect(
        row.some((name) => longs.has(name)),
        row.join(","),
      ).toBe(true);
  });
});

/** The message a command group's unknown subcommand ends in. */
async function unknownCommand(argv: string[]): Promise<string> {
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
  const error = await program.parseAsync(argv, { from: "user" }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof CommanderError)) throw new Error(`expected a commander error, got ${String(error)}`);
  expect(error.code).toBe("commander.unknownCommand");
  return error.message;
}

// Before newcomer39 `strata curate report` (a mode typed as a command) said only "unknown command
// 'report'", with nothing to try.
describe("a value typed as a command group's subcommand names the command line that takes it", () => {
  it.each([
    [
      ["curate", "report"],
      "error: unknown command 'report'\n(Did you mean strata curate pgvector|chroma|lancedb … --mode report? report is a value of --mode, not a command; strata curate --help lists the commands.)",
    ],
    [
      ["curate", "delete", "--yes"],
      "(Did you mean strata curate pgvector|chroma|lancedb … --mode delete? delete is a value of --mode",
    ],
    [["curate", "reprot"], "(Did you mean strata curate pgvector|chroma|lancedb … --mode report?"], // a slip
    [["curate", "langchain"], "(Did you mean strata curate pgvector … --preset langchain?"],
    [["keys", "admin"], "(Did you mean strata keys create … --scope admin? admin is a value of --scope"],
  ])("%j → %s", async (argv, said) => {
    expect(await unknownCommand(argv)).toContain(said);
  });

  it.each([
    [["curate", "sqlite"], "error: unknown command 'sqlite'"], // a value of no subcommand's flag
    [["curate", "lancdb"], "(Did you mean lancedb?)"], // a subcommand's slip: commander's answer stands
    [["keys", "creat"], "(Did you mean create?)"],
  ])("%j keeps commander's answer: %s", async (argv, said) => {
    const message = await unknownCommand(argv);
    expect(message).toContain(said);
    expect(message).not.toContain("is a value of");
  });
});

/**
 * `--json` callers read the refused flag as REST and MCP callers read a refused field: an issue
 * (`path`, `message`, `received`) with `meant`, the flags that mean the same, by flag typed.
 * Before surfaces53 the CLI's details held only `{ commander: "commander.unknownOption" }`.
 */
describe("an unknown flag's --json refusal carries issues as REST's does", () => {
  let said: string[];
  beforeEach(() => {
    said = captureOutput();
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [["recall", "x", "--limit", "5"], "--limit", { "--limit": ["--k"] }],
    [["list", "--count", "5"], "--count", { "--count": ["--limit"] }],
    [["list", "--episodes"], "--episodes", { "--episodes": ["--layer episode"] }],
    [["recall", "x", "--kk", "3"], "--kk", { "--kk": ["--k"] }],
    // Commander's own spelling guess, read from its words.
    [["recall", "x", "--associativ"], "--associativ", { "--associativ": ["--associative"] }],
    [["recall", "x", "--kindz", "fact"], "--kindz", { "--kindz": ["--kinds", "--type"] }],
    // No flag meant: the issue alone.
    [["recall", "x", "--zzzzzz"], "--zzzzzz", undefined],
    [["hook", "session-end", "--budget", "5"], "--budget", undefined],
  ])("%j", async (argv, flag, meant) => {
    const db = join(mkdtempSync(join(tmpdir(), "strata-guessed-")), "m.db");
    expect(await runMain(["--db", db, "--json", ...argv])).toBe(2);
    const error = JSON.parse(said.filter((s) => s.startsWith("{")).join("")).error;
    expect(error.code).toBe("USAGE");
    expect(error.details.commander).toBe("commander.unknownOption");
    expect(error.details.issues).toEqual([
      { path: [], message: `unknown option '${flag}'`, received: flag, ...(meant ? { meant } : {}) },
    ]);
    expect(existsSync(db)).toBe(false);
  });
});
