/**
 * A value the engine refused, traced back to the flag that carried it. The issues here are the
 * engine's own (a recall on a memory in memory), so the rows read what a user of the CLI reads.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { openMemory } from "../open-memory.js";
import { RELATIVE_TIMES, timeFlag, toInteger } from "./args.js";
import { flagUsage } from "./flag-issues.js";
import { createProgram } from "./program.js";
import { UsageError } from "./usage-error.js";

/** The issues the engine gives for a recall (or an audit) with these options. */
async function refused(options: Record<string, unknown>, method: "recall" | "audit" = "recall") {
  const mem = await openMemory({ path: ":memory:", lexicon: null });
  try {
    await (method === "recall" ? mem.recall("rate limit", options as never) : mem.audit(options as never));
  } catch (error) {
    return (error as { details: { issues: never[] } }).details.issues;
  } finally {
    await mem.close();
  }
  throw new Error("the engine took it");
}

/**
 * A time flag's parser that passes every value on, as the CLI's did before newcomer50 (its own now
 * refuses a value that is no time at the command line, `timeFlag`): the engine's refusal is what
 * these rows read, and a library caller, a --jsonl line or a settings file still reaches it.
 */
const passedOn = () => Object.assign((value: string) => value, { reads: RELATIVE_TIMES });

/** A recall command as the CLI declares its flags, parsed from `argv`. */
async function parsed(argv: string[]): Promise<Command> {
  const program = new Command().exitOverride();
  program
    .command("recall")
    .argument("<query>")
    .option("--at <time>", "world time", passedOn())
    .option("--as-of <time>", "store time", passedOn())
    .option("-k, --k <n>", "how many", (v) => toInteger(v, "-k"))
    .action(() => {});
  await program.parseAsync(argv, { from: "user" });
  return program;
}

describe("a time flag's refused value says the relative forms the flag reads", () => {
  it.each([
    [["recall", "x", "--at", "tomorrow"], { at: "tomorrow" }, '--at: "tomorrow" is not a date'],
    [["recall", "x", "--at", "next week"], { at: "next week" }, '--at: "next week" is not a date'],
    [["recall", "x", "--as-of", "soonish"], { asOf: "soonish" }, '--as-of: "soonish" is not a date'],
  ])("%j", async (argv, options, said) => {
    const usage = flagUsage(await parsed(argv), "recall", argv, await refused(options));
    expect(usage?.message).toContain(said);
    expect(usage?.message).toContain(`also reads "yesterday", "3 days ago", "2w" or "last monday".`);
    expect(usage?.details).toMatchObject({ flag: argv[2], value: argv[3] });
  });

  it("a refusal of another flag says nothing of times", async () => {
    const argv = ["recall", "x", "-k", "0"];
    const usage = flagUsage(await parsed(argv), "recall", argv, await refused({ k: 0 }));
    expect(usage?.message).toBe("-k must be at least 1, got 0.");
  });
});

describe("the date refusal is read by its code, NOT_A_DATE, never by its text", () => {
  const tomorrow = { path: ["options", "at"], message: "no such day", received: "tomorrow" };

  it("an issue coded NOT_A_DATE says the forms the flag reads, whatever its message", async () => {
    const argv = ["recall", "x", "--at", "tomorrow"];
    const usage = flagUsage(await parsed(argv), "recall", argv, [{ ...tomorrow, code: "NOT_A_DATE" }]);
    expect(usage?.message).toBe(
      '--at "tomorrow": no such day; --at also reads "yesterday", "3 days ago", "2w" or "last monday".',
    );
  });

  it("an issue whose text says 'is not a date' but has no code is worded as any other", async () => {
    const argv = ["recall", "x", "--at", "tomorrow"];
    const issue = { ...tomorrow, message: '"tomorrow" is not a date: use ISO 8601' };
    const usage = flagUsage(await parsed(argv), "recall", argv, [issue]);
    expect(usage?.message).toBe('--at: "tomorrow" is not a date: use ISO 8601.');
  });

  it.each([
    [["audit", "--since", "tomorrow"], { since: "tomorrow" }],
    [["audit", "--since", "2026-02-30"], { since: "2026-02-30" }],
  ])("strata %j: audit's --since, a time flag too, says the forms it reads", async (argv, options) => {
    const program = new Command().exitOverride();
    program
      .command("audit")
      .option("--since <when>", "since", passedOn())
      .action(() => {});
    await program.parseAsync(argv, { from: "user" });
    const usage = flagUsage(program, "audit", argv, await refused(options, "audit"));
    expect(usage?.message).toContain(`--since: ${JSON.stringify(argv[2])} is not a date`);
    expect(usage?.message).toContain('--since also reads "yesterday", "3 days ago", "2w" or "last monday".');
  });
});

// Until newcomer50 `--at tomorrow` reached the engine (35-38 module files, better-sqlite3 among
// them) to be refused: the CLI's time flags now check a time by the engine's own reading
// (core/time-input.ts) while parsing, and say what the engine's refusal said through flagUsage.
describe("a time flag refuses a value that is no time while parsing, in the engine's words", () => {
  it.each([
    [["recall", "x", "--at", "tomorrow"], { at: "tomorrow" }, "recall"],
    [["recall", "x", "--as-of", "2026-02-30"], { asOf: "2026-02-30" }, "recall"],
    [["audit", "--since", "2weeks"], { since: "2weeks" }, "audit"],
    [["remember", "x", "--at", "next week"], { at: "next week" }, "recall"],
  ] as [string[], Record<string, unknown>, "recall" | "audit"][])(
    "strata %j",
    async (argv, options, method) => {
      const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
      program.exitOverride();
      const refusal = await program.parseAsync([...argv], { from: "user" }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(UsageError);
      const bare = new Command().exitOverride();
      bare
        .command(argv[0]!)
        .argument("[x]")
        .option("--at <time>", "world time", passedOn())
        .option("--as-of <time>", "store time", passedOn())
        .option("--since <when>", "since", passedOn())
        .action(() => {});
      await bare.parseAsync([...argv], { from: "user" });
      const engine = flagUsage(bare, argv[0]!, argv, await refused(options, method));
      expect((refusal as UsageError).message).toBe(engine?.message);
      expect((refusal as UsageError).details).toEqual({ flag: argv.at(-2), value: argv.at(-1) });
    },
  );

  it.each([["2026-03-01"], ["2026-03-01T12:00"], ["yesterday"], ["2w"], ["1h30m"], ["3 days ago"]])(
    "%s is read",
    async (value) => {
      expect(() => timeFlag("--at")(value)).not.toThrow();
    },
  );
});

// Before newcomer45: `--interval: interval must be at least 1000 ms.` (the field named twice); before
// newcomer46, `got 0 ms` for a typed 0s (the CLI passed milliseconds; now the text as typed).
describe("a schema's words that name the field first say the flag in its place", () => {
  it("the worker's interval below its floor", async () => {
    const { parseWorkerOptions } = await import("../core/worker/options.js");
    let issues: never[] = [];
    try {
      parseWorkerOptions({ interval: "0s" });
    } catch (error) {
      issues = (error as { details: { issues: never[] } }).details.issues;
    }
    const program = new Command().exitOverride();
    program
      .command("worker")
      .option("--interval <duration>", "time between ticks")
      .action(() => {});
    const argv = ["worker", "--interval", "0s"];
    await program.parseAsync(argv, { from: "user" });
    expect(flagUsage(program, "worker", argv, issues)?.message).toBe(
      "--interval must be at least 1s, got 0s.",
    );
  });

  it("words that do not open with the field keep the flag before them", async () => {
    const argv = ["recall", "x", "--at", "tomorrow"];
    const usage = flagUsage(await parsed(argv), "recall", argv, await refused({ at: "tomorrow" }));
    expect(usage?.message).toMatch(/^--at: "tomorrow" is not a date/);
  });
});
