/**
 * Shell completion is generated from the program: the bash script is run in a real bash and
 * asked what it completes; zsh and fish scripts name every command.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { renderCompletion } from "./commands/completion.js";
import { createProgram } from "./program.js";

const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});

/** What bash offers for the words typed so far (the last word is the one being completed). */
function complete(...typed: string[]): string[] {
  const script = `${renderCompletion(program, "bash")}
COMP_WORDS=(${typed.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${typed.length - 1}; _strata; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync("bash", ["-c", script], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  return r.stdout.split("\n").filter(Boolean).sort();
}

describe("strata completion", () => {
  it.each([
    [
      ["strata", "rec"],
      ["recall", "record"],
    ],
    [
      ["strata", "--db", "x.db", "recall", "--a"],
      ["--as-of", "--associative", "--at"],
    ],
    [
      ["strata", "hook", "session-"],
      ["session-end", "session-start"],
    ],
    [["strata", "install", "--pr"], ["--print"]],
    [["strata", "-n", "team", "doc"], ["doctor"]],
  ])("bash completes %j to %j", (typed, expected) => {
    expect(complete(...typed)).toEqual(expected);
  });

  // Before newcomer38 the word after a flag that takes a value was completed as a flag or a
  // command (`--db <TAB>` offered the commands, `--type <TAB>` the flags), a command's argument
  // by its flags (`install <TAB>`), and a subcommand by its parent's flags.
  it.each([
    [
      ["strata", "record", "x", "--type", ""],
      ["context", "decision", "observation", "outcome", "question", "tension"],
    ],
    [
      ["strata", "record", "x", "-t", "o"],
      ["observation", "outcome"],
    ],
    [
      ["strata", "remember", "--kind", ""],
      ["fact", "failure", "procedure"],
    ],
    [
      ["strata", "list", "--status", "a"],
      ["active", "any", "archived"],
    ],
    [
      ["strata", "export", "--format", ""],
      ["json", "jsonl", "markdown", "memory-jsonl"],
    ],
    [
      ["strata", "curate", "chroma", "--mode", ""],
      ["delete", "mark", "report"],
    ],
    [
      ["strata", "outcome", "b2", ""],
      ["failure", "success"],
    ],
    [
      ["strata", "install", ""],
      ["claude-code", "claude-desktop", "codex", "cursor", "gemini", "windsurf"],
    ],
    [
      ["strata", "completion", ""],
      ["bash", "fish", "zsh"],
    ],
    [
      ["strata", "keys", "create", "--na"],
      ["--name", "--namespace", "--namespaces"],
    ],
    [
      ["strata", "curate", ""],
      ["chroma", "lancedb", "pgvector"],
    ],
    // Before newcomer39 these offered nothing (so file names): a list's items, and two flags whose
    // values the command checked itself.
    [
      ["strata", "recall", "x", "--kinds", ""],
      ["episode", "fact", "failure", "procedure", "rule"],
    ],
    [
      ["strata", "recall", "x", "--kinds", "fact,f"],
      ["fact,fact", "fact,failure"],
    ],
    [["strata", "recall", "x", "--kinds", "fact,rule,ep"], ["fact,rule,episode"]],
    [["strata", "recall", "x", "--type", "de"], ["decision"]],
    [
      ["strata", "keys", "create", "--scope", ""],
      ["admin", "read", "write"],
    ],
    [
      ["strata", "--embedder", ""],
      ["hashed", "http"],
    ],
    [
      ["strata", "recall", "x", "--embedder", "h"],
      ["hashed", "http"],
    ],
  ])("bash completes the value or argument %j to %j", (typed, expected) => {
    expect(complete(...typed)).toEqual(expected);
  });

  // Nothing offered: bash then completes file names (`complete -o default`), which is what goes
  // after --db, --config, --jsonl and --out, and in import's and judge's argument.
  it.each([
    [["strata", "--db", ""]],
    [["strata", "--config", ""]],
    [["strata", "remember", "--jsonl", ""]],
    [["strata", "export", "-o", ""]],
    [["strata", "import", ""]],
    [["strata", "recall", "rate", "-k", ""]],
    [["strata", "outcome", ""]],
    [["strata", "worker", "--namespaces", ""]], // a list of any names
    [["strata", "recall", "x", "--kinds", "fact,zz"]],
  ])("bash offers no word for %j, so the shell completes file names", (typed) => {
    expect(complete(...typed)).toEqual([]);
  });

  it("fish offers a flag's values after it, and file names after a flag that takes a path", () => {
    const script = renderCompletion(program, "fish");
    expect(script).toContain(
      `complete -c strata -n "__fish_seen_subcommand_from record" -s t -l type -x -a 'observation decision tension question outcome context'`,
    );
    expect(script).toMatch(/complete -c strata {2}-l db -r -F /);
    expect(script).toMatch(/complete -c strata {2}-l embedder -x -a 'hashed http'/);
    expect(script).toContain(
      `complete -c strata -n "__fish_seen_subcommand_from recall" -l kinds -x -a 'fact failure rule procedure episode'`,
    );
    expect(script).toContain(
      `complete -c strata -n "__fish_seen_subcommand_from install" -a 'claude-code claude-desktop cursor codex gemini windsurf'`,
    );
  });

  it("zsh and fish scripts name every command", () => {
    for (const shell of ["zsh", "fish"] as const) {
      const script = renderCompletion(program, shell);
      for (const c of program.commands) expect(script, `${shell} ${c.name()}`).toContain(c.name());
    }
    expect(renderCompletion(program, "zsh").startsWith("#compdef strata")).toBe(true);
  });
});
