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

/**
 * Every command under the program with the names of its required arguments (not those with a
 * required option, which is named first: `strata distil` asks for --episodes).
 */
function requiredArguments(command: Command, prefix: string[] = []): [string[], string[]][] {
  return command.commands.flatMap((c) => {
    const path = [...prefix, c.name()];
    const names = c.options.some((o) => o.mandatory)
      ? []
      : c.registeredArguments.filter((a) => a.required).map((a) => a.name());
    return [
      ...(names.length > 0 ? [[path, names] as [string[], string[]]] : []),
      ...requiredArguments(c, path),
    ];
  });
}

const withArguments = requiredArguments(
  createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {}),
);

describe("a missing required argument", () => {
  it("recall without a query: what the query is, and an example", async () => {
    const { error, stderr } = await failure(["recall"]);
    expect(error.code).toBe("commander.missingArgument");
    expect(stderr.trim()).toBe(
      'error: strata recall needs <query>. query: what to recall. For example: strata recall "rate limit" (strata recall --help lists every option.)',
    );
  });

  it("outcome with its id but no result: the result's choices", async () => {
    const { stderr } = await failure(["outcome", "b2"]);
    expect(stderr).toMatch(
      /^error: strata outcome needs <result>\. result: whether acting on the belief worked \(success or failure\)\./,
    );
    // Before newcomer42 the description was the choices themselves: "success | failure (success or failure)".
    expect(stderr).not.toContain("success | failure");
    expect(stderr).toMatch(/For example: strata outcome b\S+ (success|failure)/);
  });

  it("outcome with neither: both named", async () => {
    const { stderr } = await failure(["outcome"]);
    expect(stderr).toMatch(/^error: strata outcome needs <id> and <result>\./);
  });

  it.each(withArguments)("%j without %j: each argument named, an example", async (path, names) => {
    const { error, stderr } = await failure(path);
    expect(error.code).toBe("commander.missingArgument");
    for (const name of names) expect(stderr).toContain(` ${name}: `);
    expect(stderr, stderr).toMatch(/For example: .*strata /);
    expect(stderr).toContain(`(strata ${path.join(" ")} --help lists every option.)`);
  });
});

describe("more arguments than a command takes", () => {
  it.each([
    // [command line, what the message says]
    [
      ["recall", "rate", "limit"],
      'strata recall takes one argument, <query>, and got 2: rate limit. Quote a text of several words, as in: strata recall "rate limit" (strata recall --help lists every option.)',
    ],
    [
      ["remember", "The", "retry", "limit", "is", "5"],
      "strata remember takes one argument, <statement>, and got 5",
    ],
    [["record", "Deploy", "failed"], "Quote a text of several words, as in: strata record"],
    [["context", "deploy", "the", "service"], "Quote a text of several words, as in: strata context"],
  ])("%j: says to quote, with the command's own example", async (argv, said) => {
    const { error, stderr } = await failure(argv);
    expect(error.code).toBe("commander.excessArguments");
    expect(stderr).toContain(said);
  });

  it.each([
    // no example quotes the argument: no advice to quote
    [
      ["get", "b1", "b2"],
      "strata get takes one argument, <id>, and got 2: b1 b2. (strata get --help lists every option.)",
    ],
    [
      ["namespaces", "extra"],
      "strata namespaces takes no argument and got 1: extra. (strata namespaces --help lists every option.)",
    ],
  ])("%j: says what it takes, without advice to quote", async (argv, said) => {
    const { error, stderr } = await failure(argv);
    expect(error.code).toBe("commander.excessArguments");
    expect(stderr.trim()).toBe(`error: ${said}`);
  });
});
