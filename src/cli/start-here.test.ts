/** `strata` alone: when argv names no command, and the first screen's commands are real ones. */
import { describe, expect, it } from "vitest";
import type { Invocation } from "./invocation.js";
import { createProgram } from "./program.js";
import { FIRST_COMMANDS, isBare, renderStartHere } from "./start-here.js";

describe("isBare: argv that names no command and asks for nothing else", () => {
  it.each([
    [[]],
    [["--json"]],
    [["-q"]],
    [["--db", "agent.db"]],
    [["--db=agent.db", "--json"]],
    [["-n", "team-a", "--config", "s.json", "--embedder", "hashed"]],
  ])("%j is bare", (argv) => {
    expect(isBare(argv)).toBe(true);
  });

  it.each([
    [["recall", "x"]],
    [["--db", "agent.db", "init"]],
    [["--help"]],
    [["-h"]],
    [["--version"]],
    [["--bogus"]], // an unknown option is the grammar's to refuse
    [["keys"]],
    [["demo"]],
  ])("%j is not", (argv) => {
    expect(isBare(argv)).toBe(false);
  });
});

/** Splits a shell line the way the first screen writes them: words, and one "quoted phrase". */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

describe("the first screen", () => {
  it.each(FIRST_COMMANDS.map(([command]) => [command]))("%s parses as written", async (line) => {
    let inv: Invocation | null = null;
    const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (i) => {
      inv = i;
    });
    const [, ...argv] = words(line);
    await program.parseAsync(argv, { from: "user" });
    expect((inv as Invocation | null)?.command).toBe(argv[0]);
  });

  it("fits a terminal and says where the rest is", () => {
    const text = renderStartHere();
    expect(text.split("\n").length).toBeLessThanOrEqual(14);
    expect(Math.max(...text.split("\n").map((l) => l.length))).toBeLessThanOrEqual(90);
    expect(text).toContain("strata --help lists every command");
    expect(text).toContain("~/.strata/memory.db");
  });
});
