/**
 * The CLI as a projection of the operations registry: every operation is reachable from a
 * command (tailored or generated), tailored commands describe themselves with the registry's
 * summary, and a generated command parses its flags from the input schema and runs end to end
 * against a real store through the program's own invocation.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Memory } from "../core/engine.js";
import { OPERATION_BY_NAME, OPERATIONS } from "../core/operations/index.js";
import { openMemory } from "../open-memory.js";
import { CLI_OPERATIONS } from "./cli-operations.generated.js";
import type { Invocation, RunEnv } from "./invocation.js";
import {
  addOperationCommand,
  cliCommandFor,
  renderOperationResult,
  summaryOf,
  TAILORED_COMMANDS,
} from "./operation-commands.js";
import { projectOperation } from "./operation-projection.js";
import { createProgram } from "./program.js";
import { plain } from "./style.js";

const silent = { writeOut: () => {}, writeErr: () => {} };

/** Parses argv with a fresh program (the real one by default); the invocation it would run. */
async function parse(argv: string[], make?: (on: (i: Invocation) => void) => Command): Promise<Invocation> {
  let invocation: Invocation | null = null;
  const on = (i: Invocation) => {
    invocation = i;
  };
  const program = make ? make(on) : createProgram("0.0.0", silent, on);
  await program.parseAsync(argv, { from: "user" });
  if (!invocation) throw new Error(`no invocation for ${argv.join(" ")}`);
  return invocation;
}

let dir: string;
let mem: Memory;
const env = { progress: () => ({}) } as unknown as RunEnv;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-cli-ops-"));
  mem = await openMemory({ path: join(dir, "memory.db"), actor: "cli" });
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], make?: (on: (i: Invocation) => void) => Command) {
  const inv = await parse(argv, make);
  if (!("engine" in inv.run)) throw new Error("not an engine command");
  const data = await inv.run.engine(mem, env);
  return { data, text: inv.render(data, plain), command: inv.command };
}

describe("every operation on the CLI", () => {
  const program = createProgram("0.0.0", silent, () => {});
  const names = new Set(program.commands.map((c) => c.name()));

  it.each(OPERATIONS.map((op) => [op.name, cliCommandFor(op.name)]))("%s → strata %s", (_op, line) => {
    expect(names.has(line.split(" ")[0]!)).toBe(true);
  });

  it("names only operations the registry has as tailored", () => {
    expect(Object.keys(TAILORED_COMMANDS).filter((n) => !OPERATION_BY_NAME.has(n))).toEqual([]);
  });

  it.each(Object.entries(TAILORED_COMMANDS).filter(([, line]) => !line.includes(" ")))(
    "strata %s… takes its description from the registry's summary",
    (op, line) => {
      const description = program.commands.find((c) => c.name() === line)!.description();
      expect(description.startsWith(summaryOf(op))).toBe(true);
    },
  );

  it.each([
    [
      "forget",
      "Needs --yes.",
      "erases an item's content everywhere Strata keeps it; a keyed hash and the audit trail stay; needs --yes",
    ],
    [
      "judge",
      "JSON from FILE or stdin.",
      "applies verdicts on candidate pairs: merge, contradict, supersede or distinct; JSON from FILE or stdin",
    ],
    ["stats", undefined, "counts of episodes and beliefs by type, kind and status, and audit entries"],
  ])("summaryOf(%s, %s) is the registry's summary in the CLI's help style", (op, note, text) => {
    expect(summaryOf(op, note)).toBe(text);
  });

  it("generates commands for the operations without a tailored one, and only those", () => {
    const generated = OPERATIONS.filter((op) => !(op.name in TAILORED_COMMANDS)).map((op) =>
      cliCommandFor(op.name),
    );
    expect(generated).toEqual([
      "worker-status",
      "request-consolidation",
      "render-continuity",
      "continuity-history",
      "verify-audit",
    ]);
  });
});

describe("cli-operations.generated.ts", () => {
  it("is the registry's projection (else: npx tsx scripts/write-cli-operations.ts)", () => {
    expect(CLI_OPERATIONS).toEqual(OPERATIONS.map(projectOperation));
  });

  it("reads the argument and flags from the input schema", () => {
    const outcome = projectOperation(OPERATION_BY_NAME.get("outcome")!);
    expect(outcome.positional).toMatchObject({ name: "id", required: true });
    expect(outcome.flags.find((f) => f.name === "success")).toMatchObject({
      kind: "boolean",
      required: true,
    });
    const recall = projectOperation(OPERATION_BY_NAME.get("recall")!);
    expect(recall.flags.find((f) => f.name === "k")).toMatchObject({ kind: "number", integer: true });
    expect(recall.flags.find((f) => f.name === "kinds")).toMatchObject({ kind: "array", element: "enum" });
    // Metadata is a preprocess piped into a record: the flag still reads JSON as a record.
    const remember = projectOperation(OPERATION_BY_NAME.get("remember")!);
    expect(remember.flags.find((f) => f.name === "metadata")).toMatchObject({ kind: "record" });
  });
});

describe("a generated command end to end", () => {
  it("strata render-continuity prints the digest rendered from beliefs", async () => {
    await mem.remember("The staging database is Postgres 16");
    const r = await run(["render-continuity"]);
    expect(r.command).toBe("render-continuity");
    expect(r.data).toEqual({ text: await mem.renderContinuity() });
    expect(r.text).toContain("Postgres 16");
  });

  it("strata verify-audit answers the registry's output shape, rendered as key/value lines", async () => {
    await mem.remember("The staging database is Postgres 16");
    const r = await run(["verify-audit"]);
    expect(r.data).toMatchObject({ ok: true, namespaces: 1, problems: [] });
    expect(OPERATION_BY_NAME.get("verifyAudit")!.output.safeParse(r.data).success).toBe(true);
    expect(r.text).toMatch(/^ok +true$/m);
    expect(r.text).toMatch(/^problems +none$/m);
  });

  // Before newcomer45 a generated text flag read `--note <value>  Why the run is asked for, … .`
  // beside the tailored commands' `--source <source>  where it came from`.
  it("--help shows each flag as the tailored commands do: its own name as the value, the help style", () => {
    const program = createProgram("0.0.0", silent, () => {});
    const command = program.commands.find((c) => c.name() === "request-consolidation")!;
    const note = command.options.find((o) => o.long === "--note")!;
    expect(note.flags).toBe("--note <note>");
    expect(note.description).toBe(
      "why the run is asked for, shown with the worker's report (at most 500 characters)",
    );
    for (const generated of program.commands.filter((c) =>
      CLI_OPERATIONS.some((op) => !(op.name in TAILORED_COMMANDS) && cliCommandFor(op.name) === c.name()),
    ))
      for (const option of generated.options) {
        expect(option.flags, generated.name()).not.toContain("<value>");
        expect(option.description, generated.name()).not.toMatch(/^[A-Z][a-z]|\.$/);
      }
  });

  it("refuses a flag it does not have, before opening the store", async () => {
    await expect(parse(["render-continuity", "--bogus"])).rejects.toThrow(/unknown option '--bogus'/);
  });
});

/**
 * The fields of a tailored command's operation that no flag of the command sets under the field's
 * own name, and how the command takes each instead. A field the registry gains (or one a command
 * never had a flag for: recall's `diversity` and `associative` until newcomer52) fails the test
 * below until it has a flag or a line here.
 */
const TAKEN_OTHERWISE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  record: { metadata: "--meta JSON" },
  recordMany: { items: "the lines of --jsonl FILE" },
  remember: { metadata: "--meta JSON" },
  rememberMany: { items: "the lines of --jsonl FILE" },
  recall: { types: "--type", metadata: "--where FIELD=VALUE" },
  list: { metadata: "--where FIELD=VALUE" },
  context: { goal: "the [goal] argument", tokenBudget: "-b/--budget" },
  outcome: { success: "the <result> argument, success | failure" },
  judge: { judgments: "the JSON of [file] or stdin" },
  distil: { episodeIds: "--episodes", propositions: "the <proposition...> arguments" },
  saveContinuity: { text: "the markdown of [file] or stdin", affect: "--affect-tag and --affect-intensity" },
  associations: { episodeId: "--episode" },
  audit: { subjectId: "--subject" },
  import: { source: "the JSON of [file] or stdin" },
};

describe("a tailored command offers its operation's fields", () => {
  const program = createProgram("0.0.0", silent, () => {});
  it.each(CLI_OPERATIONS.filter((op) => op.name in TAILORED_COMMANDS).map((op) => [op.name, op] as const))(
    "%s: every field has a flag of its name, or a line in TAKEN_OTHERWISE",
    (name, op) => {
      const command = program.commands.find((c) => c.name() === TAILORED_COMMANDS[name]!.split(" ")[0])!;
      const flags = new Set([command, program].flatMap((c) => c.options.map((o) => o.attributeName())));
      const unflagged = op.flags
        .map((f) => f.name)
        .filter((field) => !flags.has(field === "confirm" ? "yes" : field));
      expect(unflagged.sort()).toEqual(Object.keys(TAKEN_OTHERWISE[name] ?? {}).sort());
    },
  );
});

describe("the flag projection, on registry operations that also have tailored commands", () => {
  /** A program holding only the generated command of `op`, named x. */
  const projected = (op: string) => (on: (i: Invocation) => void) => {
    const program = new Command("strata").exitOverride().configureOutput(silent);
    addOperationCommand(program, projectOperation(OPERATION_BY_NAME.get(op)!), on, "x");
    return program;
  };
  const helpOf = (op: string) => projected(op)(() => {}).commands[0]!.helpInformation();

  it("recall: the query is the argument, -k an integer, kinds a comma list", async () => {
    await mem.remember("The staging database is Postgres 16");
    await mem.record("Deploy of the staging database failed", { type: "outcome", outcome: "failure" });
    const program = projected("recall");
    expect(helpOf("recall")).toMatch(/Usage: strata x \[options\] <query>/);
    const r = await run(["x", "staging database", "--k", "1", "--kinds", "fact"], program);
    const hits = (r.data as { hits: { kind: string }[] }).hits;
    expect(hits.map((h) => h.kind)).toEqual(["fact"]);
    expect(r.text).toMatch(/^hits \(1\)\n/);
    await expect(run(["x", "staging", "--k", "two"], program)).rejects.toThrow(/-k|--k|whole number|integer/);
  });

  it("list: enums list their choices and refuse others", async () => {
    const program = projected("list");
    // Commander wraps help to the widest flag: compare with the wrapping undone.
    expect(helpOf("list").replace(/\s+/g, " ")).toContain('(choices: "episode", "belief")');
    await expect(parse(["x", "--layer", "beliefs"], program)).rejects.toThrow(
      /Allowed choices are episode, belief/,
    );
  });

  it("outcome: the path parameter is the argument; a required boolean takes true or false", async () => {
    const { id } = await mem.remember("Retry deploys at most 3 times");
    const program = projected("outcome");
    const r = await run(["x", id, "--success", "true"], program);
    expect(r.data).toMatchObject({ belief: { id }, confidenceAfter: expect.any(Number) });
    await expect(parse(["x", id], program)).rejects.toThrow(/--success/);
    await expect(run(["x", id, "--success", "yes"], program)).rejects.toThrow(/true or false/);
  });

  it("a value the operation refuses is INVALID_INPUT from the registry, and nothing is written", async () => {
    const program = projected("record");
    const before = await mem.stats();
    await expect(run(["x", "Deployed", "--type", "rumour"], program)).rejects.toThrow(/Allowed choices/);
    await expect(run(["x", "Deployed", "--at", "not a time"], program)).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    expect((await mem.stats()).episodes.total).toBe(before.episodes.total);
  });
});

describe("the generic rendering", () => {
  it.each([
    [{ text: "# State\n- ok" }, "# State\n- ok"],
    [{ ok: true, problems: [] }, "ok        true\nproblems  none"],
    [{ digests: [{ id: 1, text: "a b" }], total: 1 }, "total  1\n\ndigests (1)\nid  text\n1   a b"],
  ])("%j", (data, text) => {
    expect(renderOperationResult(data, plain)).toBe(text);
  });
});
