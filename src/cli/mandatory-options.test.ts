/**
 * A command run without an option it requires says which ones are missing, what each is, and
 * one of its own help examples that gives them — for every command that has one.
 */
import { type Command, CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { createProgram } from "./program.js";

/** The error a command line ends in, and what went to stderr. */
async function failure(argv: string[]): Promise<{ error: CommanderError; stderr: string }> {
  let stderr = "";
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: (s) => (stderr += s) }, () => {});
  const error = await program.parseAsync(argv, { from: "user" }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof CommanderError)) throw new Error(`expected a commander error, got ${String(error)}`);
  return { error, stderr };
}

/** Every command under the program with the long names of its required options. */
function required(command: Command, prefix: string[] = []): [string[], string[]][] {
  return command.commands.flatMap((c) => {
    const path = [...prefix, c.name()];
    const mandatory = c.options.filter((o) => o.mandatory).map((o) => o.long!);
    return [
      ...(mandatory.length > 0 ? [[path, mandatory] as [string[], string[]]] : []),
      ...required(c, path),
    ];
  });
}

const commands = required(createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {}));

describe("a missing required option", () => {
  it("keys create without --scope: what a scope is, and an example", async () => {
    const { error, stderr } = await failure(["keys", "create", "--name", "ci-bot", "--namespaces", "team-a"]);
    expect(error.code).toBe("commander.missingMandatoryOptionValue");
    expect(error.exitCode).toBe(1); // the CLI exits 2 on every commander error (src/cli/main.ts)
    expect(stderr.trim()).toBe(
      "error: strata keys create needs --scope. --scope: what the key may do: read (reads), write (reads and writes) or admin (everything, including forget and import). For example: strata keys create --name ci-bot --scope write --namespaces team-a (strata keys create --help lists every option.)",
    );
  });

  it("names every required option missing, not only the first", async () => {
    const { stderr } = await failure(["keys", "create"]);
    expect(stderr).toMatch(
      /^error: strata keys create needs --name, --scope and --namespaces\. --name: who holds it/,
    );
  });

  it("covers the commands that have required options", () => {
    expect(commands.map(([p]) => p.join(" "))).toEqual(
      expect.arrayContaining(["keys create", "curate chroma", "curate pgvector", "curate lancedb"]),
    );
  });

  it.each(commands)(
    "%j without %j: each option named and described, an example that gives them all",
    async (path, options) => {
      const { stderr } = await failure(path);
      for (const option of options) expect(stderr).toContain(` ${option}: `);
      const example = /For example: (strata .+?) \(strata /.exec(stderr)?.[1];
      expect(example, stderr).toBeDefined();
      for (const option of options) expect(example).toContain(`${option} `);
      expect(stderr).toContain(`(strata ${path.join(" ")} --help lists every option.)`);
    },
  );

  it("other commander errors keep their message", async () => {
    const { error } = await failure([
      "keys",
      "create",
      ...["--name", "ci-bot", "--scope", "read", "--namespaces", "a", "--bogus"],
    ]);
    expect(error.code).toBe("commander.unknownOption");
    expect(error.message).toMatch(/unknown option '--bogus'/);
  });
});
