/**
 * The words a newcomer guesses for a command: each points at commands the program really has,
 * none shadows a real command, and which word of argv is the command.
 */
import { describe, expect, it } from "vitest";
import { GUESSED_COMMANDS, guessedCommand } from "./guessed-commands.js";
import { createProgram } from "./program.js";
import { commandWord } from "./start-here.js";

const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
const real = new Set(program.commands.flatMap((c) => [c.name(), ...c.aliases()]));

describe("GUESSED_COMMANDS", () => {
  it.each(Object.keys(GUESSED_COMMANDS).map((w) => [w]))(
    "%s is not a command, and names real ones",
    (word) => {
      expect(real.has(word)).toBe(false);
      const named = [...GUESSED_COMMANDS[word]!.matchAll(/strata (--version|[a-z][a-z-]*)/g)].map(
        (m) => m[1]!,
      );
      expect(named.length).toBeGreaterThan(0);
      for (const command of named.filter((c) => c !== "--version"))
        expect(real, `${word} → strata ${command}`).toContain(command);
    },
  );

  it("answers by meaning, and leaves a misspelling to commander", () => {
    expect(guessedCommand("status")).toBe(
      "unknown command 'status': Strata has no status command; strata stats counts what the store holds, strata health says how current and clean it is, and strata doctor checks the set-up (the store, Node.js, the agent clients; with no store yet it says how to make one). strata --help lists every command.",
    );
    expect(guessedCommand("Search")).toMatch(/^unknown command 'Search': .*strata recall "QUERY"/);
    expect(guessedCommand("sleep")).toMatch(/strata consolidate/);
    expect(guessedCommand("recal")).toBeNull();
    expect(guessedCommand("constructor")).toBeNull();
    expect(guessedCommand("__proto__")).toBeNull();
  });
});

describe("commandWord", () => {
  it.each([
    [["status"], { word: "status", viaHelp: false }],
    [["--db", "x.db", "-n", "team", "status", "--json"], { word: "status", viaHelp: false }],
    [["--db=x.db", "search", "retry"], { word: "search", viaHelp: false }],
    [["help", "status"], { word: "status", viaHelp: true }],
    [["--json", "help", "recall"], { word: "recall", viaHelp: true }],
    [["help"], { word: "help", viaHelp: false }],
    [[], null],
    [["--json"], null],
    [["help", "--json"], null],
  ] as const)("%j → %j", (argv, expected) => {
    expect(commandWord(argv)).toEqual(expected);
  });
});
