/**
 * A flag's value that its field never takes — none of its choices, a number outside its range —
 * is refused while the command line is read (no store, no engine): the registry's choices and
 * bounds, the words and issues of the engine's refusal traced back to its flag.
 */
import { describe, expect, it } from "vitest";
import type { Memory } from "../core/engine.js";
import { openMemory } from "../open-memory.js";
import { createProgram } from "./program.js";
import { UsageError } from "./usage-error.js";

/** What parsing `argv` with the real program gives: the refusal, or the command it would run. */
async function parse(argv: string[]): Promise<{ refusal: UsageError | null; ran: string | null }> {
  let ran: string | null = null;
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (inv) => {
    ran = inv.command;
  });
  program.exitOverride();
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof UsageError) return { refusal: error, ran };
    throw error;
  }
  return { refusal: null, ran };
}

describe("a value none of a flag's choices is refused before the command runs", () => {
  it.each([
    [
      ["recall", "x", "--kinds", "facts"],
      '--kinds must be one of fact, failure, rule, procedure, episode, got "facts".',
    ],
    [
      ["recall", "x", "--type", "decisions"],
      '--type must be one of observation, decision, tension, question, outcome, context, got "decisions".',
    ],
    // As typed: the short flag when that is what was written.
    [
      ["record", "x", "-t", "obs"],
      '-t must be one of observation, decision, tension, question, outcome, context, got "obs".',
    ],
    [["record", "x", "-o", "fail"], '-o must be one of success, failure, got "fail".'],
    [
      ["list", "--status", "all"],
      '--status must be one of active, dormant, archived, retired, forgotten, any, got "all".',
    ],
    [["list", "--layer", "episodes"], '--layer must be one of episode, belief, got "episodes".'],
    [
      ["capture", "--when", "a", "--prefer", "b", "--feedback", "good"],
      '--feedback must be one of positive, negative, got "good".',
    ],
  ])("strata %j", async (argv, message) => {
    const { refusal, ran } = await parse(argv);
    expect(refusal?.message).toBe(message);
    expect(ran).toBeNull();
  });

  it("each refused item of a list is named, and --json callers get each as details", async () => {
    const { refusal } = await parse(["recall", "x", "--kinds", "fact,bogus,rules"]);
    // The engine's own issues for the same values: `--json` prints one shape whichever refuses.
    const mem = await openMemory({ path: ":memory:", lexicon: null });
    const engine = await mem.recall("x", { kinds: ["fact", "bogus", "rules"] } as never).then(
      () => null,
      (error: { details: { issues: unknown[] } }) => error.details.issues,
    );
    await mem.close();
    expect(engine).toHaveLength(2);
    expect(refusal?.message).toBe(
      '--kinds must be one of fact, failure, rule, procedure, episode, got "bogus". --kinds must be one of fact, failure, rule, procedure, episode, got "rules".',
    );
    expect(refusal?.details).toEqual({
      flags: [
        { flag: "--kinds", value: "bogus", allowed: "one of fact, failure, rule, procedure, episode" },
        { flag: "--kinds", value: "rules", allowed: "one of fact, failure, rule, procedure, episode" },
      ],
      issues: engine,
    });
  });

  it.each([
    [["recall", "x", "--kinds", "fact,episode"], "recall"],
    [["recall", "x", "--type", "decision"], "recall"],
    [["record", "x", "-t", "outcome", "-o", "failure"], "record"],
    [["list", "--layer", "episode", "--kind", "outcome"], "list"],
    // A value the registry knows as another field's choice is the engine's to refuse, in its own
    // words ("a rule has a WHEN and a PREFER: use capture"), which a list of choices cannot say.
    [["remember", "x", "--kind", "rule"], "remember"],
    [["record", "x", "-t", "fact"], "record"],
  ])("strata %j is left to run (or to the engine)", async (argv, command) => {
    const { refusal, ran } = await parse(argv);
    expect(refusal).toBeNull();
    expect(ran).toBe(command);
  });
});

/** The issues the library itself gives for a call, as the CLI's engine path received them. */
async function engineIssues(call: (mem: Memory) => Promise<unknown>): Promise<unknown[]> {
  const mem = await openMemory({ path: ":memory:", lexicon: null });
  try {
    await call(mem);
  } catch (error) {
    return (error as { details: { issues: unknown[] } }).details.issues;
  } finally {
    await mem.close();
  }
  throw new Error("the engine took it");
}

// newcomer50 left ranges to the engine (`recall x -k 0` loaded 37 module files to be refused):
// the registry's bounds are plain data now (CliField min/max), checked as choices are.
describe("a number outside its field's range is refused before the command runs, as the engine would", () => {
  it.each([
    [["recall", "x", "-k", "0"], "-k must be at least 1, got 0.", (m: Memory) => m.recall("x", { k: 0 })],
    [["recall", "x", "-k", "-1"], "-k must be at least 1, got -1.", (m: Memory) => m.recall("x", { k: -1 })],
    [
      ["recall", "x", "--k", "201"],
      "--k must be at most 200, got 201.",
      (m: Memory) => m.recall("x", { k: 201 }),
    ],
    [
      ["context", "--budget", "10"],
      "--budget must be at least 32, got 10.",
      (m: Memory) => m.context("", { tokenBudget: 10 }),
    ],
    [
      ["context", "deploy", "-b", "0"],
      "-b must be at least 32, got 0.",
      (m: Memory) => m.context("deploy", { tokenBudget: 0 }),
    ],
    [["list", "--limit", "0"], "--limit must be at least 1, got 0.", (m: Memory) => m.list({ limit: 0 })],
    [
      ["list", "--limit", "10001"],
      "--limit must be at most 10000, got 10001.",
      (m: Memory) => m.list({ limit: 10_001 }),
    ],
    [
      ["list", "--offset", "-1"],
      "--offset must be at least 0, got -1.",
      (m: Memory) => m.list({ offset: -1 }),
    ],
    [
      ["candidates", "--limit", "501"],
      "--limit must be at most 500, got 501.",
      (m: Memory) => m.candidates({ limit: 501 }),
    ],
    [
      ["candidates", "--review", "--days", "0"],
      "--days must be at least 1, got 0.",
      (m: Memory) => m.candidates({ review: true, days: 0 }),
    ],
    [
      ["pending", "--limit", "0"],
      "--limit must be at least 1, got 0.",
      (m: Memory) => m.pending({ limit: 0 }),
    ],
    [["audit", "--limit", "0"], "--limit must be at least 1, got 0.", (m: Memory) => m.audit({ limit: 0 })],
    [
      ["associations", "--min-strength", "11"],
      "--min-strength must be at most 10, got 11.",
      (m: Memory) => m.associations({ minStrength: 11 }),
    ],
    [
      ["prepare-wrap", "--max-chars", "10"],
      "--max-chars must be at least 1000, got 10.",
      (m: Memory) => m.prepareWrap({ maxChars: 10 }),
    ],
  ] as [string[], string, (m: Memory) => Promise<unknown>][])("strata %j", async (argv, message, call) => {
    const { refusal, ran } = await parse(argv);
    expect(ran).toBeNull();
    expect(refusal?.message).toBe(message);
    const flag = argv.at(-2)!;
    const value = Number(argv.at(-1));
    expect(refusal?.details).toEqual({
      flag,
      value,
      allowed: message.replace(/^\S+ must be (.*), got .*$/, "$1"),
      issues: await engineIssues(call),
    });
  });

  it("several refused values are each named, in the order of the operation's fields", async () => {
    const { refusal } = await parse(["recall", "x", "--kinds", "facts", "-k", "0"]);
    expect(refusal?.message).toBe(
      '-k must be at least 1, got 0. --kinds must be one of fact, failure, rule, procedure, episode, got "facts".',
    );
  });

  it.each([
    [["recall", "x", "-k", "1"], "recall"],
    [["recall", "x", "-k", "200"], "recall"],
    [["context", "--budget", "32"], "context"],
    [["list", "--offset", "0", "--limit", "10000"], "list"],
    // Not the operation audit's field: `audit --jsonl` writes the chain (exportAuditJsonl), the
    // engine's to refuse.
    [["audit", "--jsonl", "/tmp/newcomer51-nowhere", "--lines-per-file", "5"], "audit"],
    // A bound of the CLI's own, said its own way by the command (sweep's --limit lists items).
    [["sweep", "--limit", "5"], "sweep"],
  ])("strata %j is left to run (or to the engine)", async (argv, command) => {
    const { refusal, ran } = await parse(argv);
    expect(refusal).toBeNull();
    expect(ran).toBe(command);
  });
});

describe("a refused choice carries the engine's issue path, whichever way the library reads it", () => {
  it.each([
    [["list", "--status", "all"], (m: Memory) => m.list({ status: "all" } as never)],
    [["recall", "x", "--type", "decisions"], (m: Memory) => m.recall("x", { types: ["decisions"] } as never)],
    [["record", "x", "-t", "obs"], (m: Memory) => m.record("x", { type: "obs" } as never)],
    [
      ["capture", "--when", "a", "--prefer", "b", "--feedback", "good"],
      (m: Memory) => m.capture({ when: "a", prefer: "b", feedback: "good" } as never),
    ],
    [
      ["distil", "--episodes", "e1", "--valence", "bad", "Deploys fail when the lock times out"],
      (m: Memory) => m.distil(["e1"], ["Deploys fail when the lock times out"], { valence: "bad" } as never),
    ],
  ] as [string[], (m: Memory) => Promise<unknown>][])("strata %j", async (argv, call) => {
    const { refusal } = await parse(argv);
    expect(refusal?.details).toMatchObject({ issues: await engineIssues(call) });
  });
});
