/**
 * A flag's value that is none of its choices is refused while the command line is read (no store,
 * no engine): the registry's choices, the words of the engine's refusal traced back to its flag.
 */
import { describe, expect, it } from "vitest";
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
