/**
 * Every example a command's --help shows is a line a newcomer copies as written: each `strata …`
 * in it (also after `|`, `&&` or `>`-redirection) parses through the real grammar to a command,
 * a file it writes into a folder is one the line makes first (`mkdir -p`), and a hook's example
 * payload names that hook's event.
 */
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { CLI_AGENT_INSTRUCTIONS } from "../mcp/agent-instructions.js";
import type { Invocation } from "./invocation.js";
import { createProgram } from "./program.js";

const quiet = { writeOut: () => {}, writeErr: () => {} };

/** Every command path under the program: ["recall"], ["keys", "create"], … */
function paths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((c) => {
    const path = [...prefix, c.name()];
    return [path, ...paths(c, path)];
  });
}

/** The examples a command's --help prints, each without its `$ `. */
async function examplesOf(path: string[]): Promise<string[]> {
  let text = "";
  const program = createProgram("0.0.0", { writeOut: (s) => (text += s), writeErr: () => {} }, () => {});
  await program.parseAsync([...path, "--help"], { from: "user" }).catch(() => {});
  return [...text.matchAll(/^ {2}\$ (.+)$/gm)].map((m) => m[1]!);
}

/** Shell words: '…' and "…" kept whole (quotes dropped), everything else split on spaces. */
const words = (line: string) =>
  [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);

/** The `strata …` commands of one example line: split on `|` and `&&`, comments and redirections dropped. */
function strataCommands(line: string): string[][] {
  const code = line.replace(/\s+#\s.*$/, "");
  return code
    .split(/\s*(?:\|\||&&|\|)\s*/)
    .map((part) => words(part.replace(/\s*>>?\s*\S+/g, "")))
    .map((argv) => argv.filter((w, i) => !(i === 0 && /^[A-Z_]+=/.test(w))))
    .map((argv) => {
      // Leading VAR=value assignments go before the command.
      while (argv.length && /^[A-Z_]+=/.test(argv[0]!)) argv.shift();
      return argv;
    })
    .filter((argv) => argv[0] === "strata")
    .map((argv) => argv.slice(1));
}

const all = await Promise.all(
  paths(createProgram("0.0.0", quiet, () => {})).map(async (path) => ({
    path,
    examples: await examplesOf(path),
  })),
);

describe("the help's examples", () => {
  it("there are many to check", () => {
    expect(all.flatMap((c) => c.examples).length).toBeGreaterThan(100);
    expect(all.flatMap((c) => c.examples.flatMap(strataCommands)).length).toBeGreaterThan(100);
    // The splitting is the shell's: a pipe's both ends, a redirection dropped, quotes kept whole.
    expect(strataCommands(`echo '[]' | strata judge - --json > out.json   # note`)).toEqual([
      ["judge", "-", "--json"],
    ]);
    expect(
      strataCommands(`strata keys create --name a --namespaces 'team-*' && strata serve --http`),
    ).toEqual([
      ["keys", "create", "--name", "a", "--namespaces", "team-*"],
      ["serve", "--http"],
    ]);
  });

  it.each(all.filter((c) => c.examples.length).map((c) => [c.path.join(" "), c.examples] as const))(
    "strata %s: each strata command in its examples parses as written",
    async (_name, examples) => {
      for (const line of examples)
        for (const argv of strataCommands(line)) {
          let inv: Invocation | null = null;
          const program = createProgram("0.0.0", quiet, (i) => {
            inv = i;
          });
          let refused: unknown = null;
          await program.parseAsync(argv, { from: "user" }).catch((e: unknown) => {
            refused = e;
          });
          expect(refused, `${line}\n  strata ${argv.join(" ")}`).toBeNull();
          expect(inv, `${line}: no command ran`).not.toBeNull();
        }
    },
  );

  it("an example that writes into a folder under ~ makes the folder first", () => {
    for (const { examples } of all)
      for (const line of examples) {
        const target = /\s>\s*(~\/\S+)\/[^/\s]+/.exec(line)?.[1];
        if (target && !target.startsWith("~/.strata")) expect(line, line).toContain(`mkdir -p ${target}`);
      }
  });

  it("a hook's example payload names that hook's event", () => {
    const event = { "session-start": "SessionStart", "session-end": "SessionEnd" } as const;
    for (const [name, want] of Object.entries(event)) {
      const lines = all.find((c) => c.path.join(" ") === `hook ${name}`)?.examples ?? [];
      expect(lines.length, name).toBeGreaterThan(0);
      for (const line of lines) expect(line).toContain(`"hook_event_name":"${want}"`);
    }
  });
});

describe("the CLI agent instructions (strata instructions --cli)", () => {
  /** Each `strata …` the instructions put in backticks, with its <placeholders> filled in. */
  const spans = [...CLI_AGENT_INSTRUCTIONS.matchAll(/`(strata [^`]+)`/g)].map((m) =>
    m[1]!
      .replace(/<token>/g, "w1-0123456789ab")
      .replace(/<id>/g, "b12")
      .replace(/<[^>]+>/g, "text"),
  );

  it("give an agent commands that parse as written", async () => {
    expect(spans.length).toBeGreaterThan(10);
    for (const span of spans)
      for (const argv of strataCommands(span)) {
        let inv: Invocation | null = null;
        const program = createProgram("0.0.0", quiet, (i) => {
          inv = i;
        });
        await program.parseAsync(argv, { from: "user" });
        expect(inv, span).not.toBeNull();
      }
  });

  it("confirm a forget the user asked for, which strata refuses without --yes", () => {
    const forgets = spans.filter((s) => s.startsWith("strata forget"));
    expect(forgets.length).toBeGreaterThan(0);
    for (const span of forgets) expect(span).toMatch(/ --yes\b/);
  });
});
