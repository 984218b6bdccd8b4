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
      ["--as-of", "--at"],
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

  it("zsh and fish scripts name every command", () => {
    for (const shell of ["zsh", "fish"] as const) {
      const script = renderCompletion(program, shell);
      for (const c of program.commands) expect(script, `${shell} ${c.name()}`).toContain(c.name());
    }
    expect(renderCompletion(program, "zsh").startsWith("#compdef strata")).toBe(true);
  });
});
