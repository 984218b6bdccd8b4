/**
 * Every `strata …` command line the docs name — in a shell block or in inline code, prose
 * included — names a command (and subcommand) the program has, and only flags that command or the
 * program takes. test/e2e/newcomer.test.ts runs the shell blocks' lines; this reads the rest, in
 * process and in a second, so a renamed command or flag cannot stay in a sentence. The history of
 * evaluation.md and benchmarks.md is not checked: earlier sessions' sections are kept as written.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createProgram } from "../src/cli/program.js";

const root = join(import.meta.dirname, "..");
const HISTORY = new Set(["docs/evaluation.md", "docs/benchmarks.md"]);

function markdownFiles(folder = "docs"): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return markdownFiles(path);
    return path.endsWith(".md") && !HISTORY.has(path) ? [path] : [];
  });
}

const SHELL = new Set(["sh", "bash", "shell", "console"]);

/** Each `strata …` of a file: its words after `strata`, up to the end of the command. */
function strataCommands(text: string): { line: number; words: string[]; text: string }[] {
  const out: { line: number; words: string[]; text: string }[] = [];
  let block: string | null = null;
  text.split("\n").forEach((raw, i) => {
    const fence = /^\s*```(\w*)/.exec(raw);
    if (fence) {
      block = block === null ? fence[1]! : null;
      return;
    }
    const spans =
      block === null
        ? [...raw.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
        : SHELL.has(block)
          ? [raw.replace(/\s#.*$/, "").trim()]
          : [];
    // `strata` where a command starts: the span's start, after a pipe, `;`, `&&`, `(`, `npx`, `exec` or
    // an environment assignment (`STRATA_DB=… strata`); not a word of prose or code (`digraph strata {`).
    for (const span of spans)
      for (const m of span.matchAll(
        /(?:^|[|;&(]\s*|\b(?:npx|exec)\s+|\b[A-Z_]+=\S*\s+)strata((?:\s+[^\s|;&)>]+)*)/g,
      )) {
        const words: string[] = [];
        for (const w of m[1]!.trim().split(/\s+/).filter(Boolean)) {
          if (w.includes("$(")) break; // a command substitution's own flags are another program's
          words.push(w);
        }
        out.push({ line: i + 1, words, text: span.trim() });
      }
  });
  return out;
}

const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
const flagsOf = (c: Command): Set<string> =>
  new Set(c.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))));
const GLOBAL = new Set([...flagsOf(program), "--help", "-h"]);
const GLOBAL_WITH_VALUE = new Set(
  program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short].filter(Boolean)),
);
const find = (parent: Command, name: string) =>
  parent.commands.find((c) => c.name() === name || c.aliases().includes(name));
/** A placeholder the docs write for a word the reader chooses: `strata <command>`, `strata COMMAND`, `strata …`. */
const placeholder = (w: string) => /^[<A-Z"'$…[]/.test(w) || w.includes("…");

/** What is wrong with one `strata …` line, or null. */
function problemOf(words: readonly string[]): string | null {
  const rest = [...words];
  while (rest[0]?.startsWith("-")) {
    const flag = rest.shift()!;
    if (!GLOBAL.has(flag.split("=")[0]!)) return `no global option ${flag}`;
    if (GLOBAL_WITH_VALUE.has(flag) && !flag.includes("=")) rest.shift();
  }
  const name = rest.shift();
  if (name === undefined || placeholder(name) || name === "help") return null;
  let command = find(program, name);
  if (!command) return `no command ${name}`;
  if (command.commands.length > 0 && rest[0] && !rest[0].startsWith("-") && !placeholder(rest[0])) {
    const sub = find(command, rest[0]);
    if (!sub) return `no subcommand ${name} ${rest[0]}`;
    command = sub;
    rest.shift();
  }
  const own = flagsOf(command);
  for (const word of rest) {
    if (!/^--?[a-zA-Z]/.test(word)) continue;
    const flag = word.split("=")[0]!.replace(/[.,:;)]+$/, "");
    if (own.has(flag) || GLOBAL.has(flag) || own.has(flag.replace(/^--no-/, "--"))) continue;
    return `strata ${command.parent === program ? "" : `${command.parent?.name()} `}${command.name()} has no ${flag}`;
  }
  return null;
}

describe("the docs' strata command lines", () => {
  it("reads lines in shell blocks and inline code, not other blocks, and stops at a substitution", () => {
    const text = [
      'Run `strata recall "x" --k 3` or `npx strata demo`; Graphviz `digraph strata { … }`.',
      "```ts",
      "const strata = strataAgents(memory);",
      "```",
      "```sh",
      'echo "$D" | strata save-continuity - --token "$(jq -r .token wrap.json)"  # a comment --nope',
      "```",
    ].join("\n");
    expect(strataCommands(text).map((c) => c.words)).toEqual([
      ["recall", '"x"', "--k", "3"],
      ["demo"],
      ["save-continuity", "-", "--token"],
    ]);
  });

  it.each([
    [["recall", "x", "--k", "3"], null],
    [["--db", "a.db", "-n", "team", "recall", "x", "--json"], null],
    [["keys", "create", "--name", "a", "--scope", "read"], null],
    [["<command>", "--help"], null],
    [["help", "recall", "--json"], null],
    [["recall", "x", "--top", "3"], "strata recall has no --top"],
    [["status"], "no command status"],
    [["keys", "make"], "no subcommand keys make"],
    [["keys", "create", "--port", "1"], "strata keys create has no --port"],
    [["--verbose", "recall", "x"], "no global option --verbose"],
  ] as const)("%j → %s", (words, problem) => {
    expect(problemOf(words)).toBe(problem);
  });

  it("name only commands, subcommands and flags the program has (README, SECURITY, docs/)", () => {
    const problems: string[] = [];
    let count = 0;
    for (const file of ["README.md", "SECURITY.md", ...markdownFiles()])
      for (const c of strataCommands(readFileSync(join(root, file), "utf8"))) {
        count++;
        const problem = problemOf(c.words);
        if (problem) problems.push(`${file}:${c.line}: ${problem}: ${c.text}`);
      }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(300);
  });
});
