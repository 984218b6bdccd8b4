/**
 * `--help`'s "Prints, for example:" samples (src/cli/help-text.ts) are what the command prints:
 * the built CLI runs each sample's command on a new store in a new HOME, in the order a newcomer
 * runs them (each sample is the output at its step of that walk), and what it prints must be the
 * sample's lines with every number masked (ids, dates, scores and timings vary; words, columns and
 * lines may not). A command whose help gains a sample must be added to WALK, or this fails.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplesOf } from "../../src/cli/help-json.js";
import { createProgram } from "../../src/cli/program.js";
import { bin, ensureBuilt } from "../support/built-cli.js";

/** The commands with a sample, in the walk's order (each sample was printed at its step). */
const WALK = ["init", "remember", "record", "recall", "context", "consolidate", "health"];

let home: string;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-e2e-help-output-"));
  // A HOME of its own: the default store (~/.strata/memory.db) and settings are the walk's own.
  env = { ...process.env, HOME: home, NO_COLOR: "1", XDG_CACHE_HOME: join(home, ".cache") };
  for (const name of ["STRATA_DB", "STRATA_CONFIG", "STRATA_EMBEDDER", "FORCE_COLOR"]) delete env[name];
}, 120_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

function strata(args: string[]): { status: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: home, encoding: "utf8", env });
  return { status: r.status, stdout: r.stdout };
}

/** A sample's command line as shell words ("…" and '…' kept whole, quotes dropped), without `strata`. */
function argsOf(command: string): string[] {
  const words = [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  expect(words[0]).toBe("strata");
  return words.slice(1);
}

/** Every run of digits as 0, trailing blanks off: the shape of a line. */
const shape = (line: string) => line.replace(/\d+/g, "0").trimEnd();

describe("--help's sample output", () => {
  it("every command with a sample is in the walk", async () => {
    // Every command's --help, through the program's grammar in this process (58 processes would be a minute).
    const helpOf = async (path: string[]) => {
      let text = "";
      const program = createProgram("0.0.0", { writeOut: (s) => (text += s), writeErr: () => {} }, () => {});
      await program.parseAsync([...path, "--help"], { from: "user" }).catch(() => {});
      return text;
    };
    const names = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {}).commands.map(
      (c) => c.name(),
    );
    expect(names.length).toBeGreaterThan(30);
    const sampled: string[] = [];
    for (const name of names) if (samplesOf(await helpOf([name])).length > 0) sampled.push(name);
    expect(sampled.sort()).toEqual([...WALK].sort());
  });

  it("each sample is what its command prints at its step of the walk", () => {
    for (const command of WALK) {
      // The sample as `help COMMAND --json` gives it (newcomer47), the one `--help` prints.
      const help = JSON.parse(strata(["help", command, "--json"]).stdout);
      expect(help.text, command).toContain("\nPrints, for example:\n");
      expect(help.samples, command).toHaveLength(1);
      const sample = help.samples[0] as { command: string; prints: string[] };
      const args = argsOf(sample.command);
      expect(args[0]).toBe(command);
      const run = strata(args);
      expect(run.status, command).toBe(0);
      // The store's path is said as the user's home (~) in the sample.
      const printed = run.stdout.replaceAll(home, "~").split("\n");
      while (printed.length > 0 && printed.at(-1) === "") printed.pop();
      expect(printed.map(shape), command).toEqual(sample.prints.map(shape));
    }
  }, 300_000);

  it("a changed output is caught: the shape keeps words and columns, masks numbers only", () => {
    expect(shape("1. b1   fact · active · 2026-12-07 03:01 · score 0.675")).toBe(
      shape("1. b12   fact · active · 2027-01-01 23:59 · score 0.5"),
    );
    expect(shape("novel  stored belief b1")).not.toBe(shape("novel stored belief b1"));
    expect(shape("60/600 tokens, 2 items")).not.toBe(shape("60/600 tokens, 2 item"));
  });
});
