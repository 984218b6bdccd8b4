/**
 * A value the engine refused, traced back to the flag that carried it. The issues here are the
 * engine's own (a recall on a memory in memory), so the rows read what a user of the CLI reads.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { openMemory } from "../open-memory.js";
import { timeFlag, toInteger } from "./args.js";
import { flagUsage } from "./flag-issues.js";

/** The issues the engine gives for a recall with these options. */
async function refused(options: Record<string, unknown>) {
  const mem = await openMemory({ path: ":memory:", lexicon: null });
  try {
    await mem.recall("rate limit", options as never);
  } catch (error) {
    return (error as { details: { issues: never[] } }).details.issues;
  } finally {
    await mem.close();
  }
  throw new Error("the engine took it");
}

/** A recall command as the CLI declares its flags, parsed from `argv`. */
async function parsed(argv: string[]): Promise<Command> {
  const program = new Command().exitOverride();
  program
    .command("recall")
    .argument("<query>")
    .option("--at <time>", "world time", timeFlag)
    .option("--as-of <time>", "store time", timeFlag)
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
