/**
 * The CLI as a projection of the operations registry (src/core/operations). Most operations have a
 * hand-tailored command (argument shapes, relative times, examples and a rendering written for
 * people), which takes its description from the registry's summary through `summaryOf`. Any
 * operation without one gets a generated command: its input schema becomes flags, its result is
 * printed as JSON (`--json`) or a generic readable table, so a new verb reaches the CLI with no
 * CLI code at all.
 *
 * `strata --help` must not load zod or the registry (cold start): the commands are built from
 * cli-operations.generated.ts, the registry's projection as plain data (written by
 * `npx tsx scripts/write-cli-operations.ts`, checked against the registry by a test), and the
 * registry itself is loaded only when a generated command runs.
 *
 *   strata render-continuity            # generated from the renderContinuity operation
 *   strata continuity-history --json
 */
import { type Command, Option } from "commander";
import { toInteger, toJson, toList, toNumber } from "./args.js";
import { type CliField, type CliOperation, commandName } from "./cli-operation.js";
import { CLI_OPERATIONS } from "./cli-operations.generated.js";
import type { Invocation } from "./invocation.js";
import { keyValues, type Style, table } from "./style.js";
import { UsageError } from "./usage-error.js";

export { type CliField, type CliOperation, commandName };

/**
 * Operations served by a hand-tailored command, and the command line that reaches each. A
 * command named here takes its description from the operation's summary (`summaryOf`).
 */
export const TAILORED_COMMANDS: Readonly<Record<string, string>> = {
  record: "record",
  recordMany: "record --jsonl",
  remember: "remember",
  rememberMany: "remember --jsonl",
  capture: "capture",
  recall: "recall",
  context: "context",
  get: "get",
  list: "list",
  explain: "explain",
  history: "history",
  stats: "stats",
  health: "health",
  outcome: "outcome",
  used: "used",
  pin: "pin",
  unpin: "unpin",
  restore: "restore",
  forget: "forget",
  maintain: "maintain",
  sweep: "sweep",
  consolidate: "consolidate",
  candidates: "candidates",
  judge: "judge",
  pending: "pending",
  distil: "distil",
  prepareWrap: "prepare-wrap",
  saveContinuity: "save-continuity",
  cancelWrap: "cancel-wrap",
  continuity: "continuity",
  associations: "associations",
  audit: "audit",
  exportAuditJsonl: "audit --jsonl",
  export: "export",
  import: "import",
};

/** The command line that reaches an operation: its tailored command, else its generated one. */
export const cliCommandFor = (operation: string): string =>
  TAILORED_COMMANDS[operation] ?? commandName(operation);

/** A sentence in the CLI's help style: lower case first (unless an acronym), no closing period. */
const helpStyle = (sentence: string): string =>
  sentence
    .trim()
    .replace(/^([A-Z])(?=[a-z\s])/, (c) => c.toLowerCase())
    .replace(/\.$/, "");

/**
 * A command's description: the operation's summary from the registry in the CLI's help style,
 * with what only the CLI adds (a required flag, the next command to run) after a semicolon.
 *
 *   summaryOf("forget", "Needs --yes.")
 *   // "erases an item's content everywhere Strata keeps it; a keyed hash and the audit trail stay; needs --yes"
 */
export function summaryOf(operation: string, cliNote?: string): string {
  const op = CLI_OPERATIONS.find((o) => o.name === operation);
  if (!op) throw new Error(`no operation "${operation}" in the registry`);
  return [op.summary, cliNote]
    .filter(Boolean)
    .map((s) => helpStyle(s!))
    .join("; ");
}

/** How a flag's value is shown in --help, by the field's type; text by the flag's own name (`--note <note>`). */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  number: "<n>",
  boolean: "<true|false>",
  array: "<list>",
  object: "<json>",
  record: "<json>",
};

/** Reads one flag's text as the field's type; a wrong shape is a usage error naming the flag. */
function parseFlag(field: CliField, value: string): unknown {
  const flag = `--${field.flag}`;
  if (field.kind === "number") {
    return field.integer ? toInteger(value, flag) : toNumber(value, flag);
  }
  if (field.kind === "boolean") {
    if (value === "true" || value === "false") return value === "true";
    throw new UsageError(`${flag} must be true or false (got "${value}").`);
  }
  if (field.kind === "array") {
    if (field.element === "string" || field.element === "enum") return toList(value);
    try {
      return JSON.parse(value);
    } catch {
      throw new UsageError(`${flag} takes a comma list or a JSON array (got "${value}").`);
    }
  }
  if (["object", "record", "union"].includes(field.kind)) {
    // A union such as import's source (text or a document) takes text as it is.
    if (field.kind === "union" && !value.trimStart().startsWith("{")) return value;
    return toJson(value, flag);
  }
  return value;
}

/**
 * Adds the generated command of one operation to `program`: the input's first required string
 * field (or its path parameter) as the argument; every other field as a flag (strings and enums
 * `--field <value>` (commander lists an enum's choices), numbers parsed, booleans `--field`, lists
 * comma-separated, objects as JSON); the result as JSON with --json, else a readable table.
 */
export function addOperationCommand(
  program: Command,
  op: CliOperation,
  on: (invocation: Invocation) => void,
  name = commandName(op.name),
): Command {
  const { positional, flags } = op;
  const command = program.command(name).description(summaryOf(op.name));
  if (positional)
    command.argument(
      positional.required ? `<${positional.flag}>` : `[${positional.flag}]`,
      positional.description,
    );
  for (const field of flags) {
    const plainFlag = field.kind === "boolean" && !field.required;
    const value = PLACEHOLDERS[field.kind] ?? `<${field.flag}>`;
    const option = new Option(
      plainFlag ? `--${field.flag}` : `--${field.flag} ${value}`,
      helpStyle(field.description),
    );
    if (field.choices) option.choices(field.choices);
    if (field.required) option.makeOptionMandatory();
    command.addOption(option);
  }
  command.addHelpText(
    "after",
    `\nExamples:\n  $ strata ${name}${positional ? ` <${positional.flag}>` : ""}\n  $ strata ${name} --json\n`,
  );
  command.action((...args: unknown[]) => {
    const cmd = args.at(-1) as Command;
    const given = cmd.opts() as Record<string, unknown>;
    const input: Record<string, unknown> = {};
    if (positional && cmd.processedArgs[0] !== undefined) input[positional.name] = cmd.processedArgs[0];
    for (const field of flags) {
      const raw = given[commandToKey(field.flag)];
      if (raw === undefined) continue;
      input[field.name] =
        typeof raw === "string" && field.kind !== "string" && field.kind !== "enum"
          ? parseFlag(field, raw)
          : raw;
    }
    on({
      command: name,
      run: {
        engine: async (memory, env) => {
          // Loaded only now: --help and the other commands never load zod or the registry.
          const { OPERATION_BY_NAME, runOperation } = await import("../core/operations/index.js");
          const operation = OPERATION_BY_NAME.get(op.name);
          if (!operation) throw new Error(`no operation "${op.name}" in the registry`);
          return runOperation(operation, input, {
            memory,
            namespace: memory.namespace,
            progress: env.progress(name).onProgress,
          });
        },
      },
      render: renderOperationResult,
    });
  });
  return command;
}

/** commander's key for a flag: `--min-strength` → `minStrength`. */
const commandToKey = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Adds a generated command for every operation without a tailored one. */
export function registerOperationCommands(program: Command, on: (invocation: Invocation) => void): void {
  for (const op of CLI_OPERATIONS) if (!(op.name in TAILORED_COMMANDS)) addOperationCommand(program, op, on);
}

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? "—"
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value).replace(/\s+/g, " ");

const isScalar = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);

/**
 * Any operation's result, readable: a lone `text` as it is; lists of records as tables of their
 * plain fields; other fields as aligned `key value` lines (nested values as compact JSON).
 */
export function renderOperationResult(data: unknown, style: Style): string {
  if (!data || typeof data !== "object") return cell(data);
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length === 1 && typeof entries[0]![1] === "string") return entries[0]![1] as string;
  const blocks: string[] = [];
  const pairs: [string, string][] = [];
  for (const [key, value] of entries) {
    if (Array.isArray(value) && value.some((v) => v && typeof v === "object")) {
      const rows = value as Record<string, unknown>[];
      const columns = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => isScalar(r[k]))))];
      const body = table(
        rows,
        columns.map((c) => ({ header: c, value: (r) => cell(r[c]) })),
        style,
      );
      blocks.push(`${style.dim(key)} (${rows.length})\n${body}`);
    } else if (Array.isArray(value) && value.length === 0) pairs.push([key, "none"]);
    else if (typeof value === "string" && value.includes("\n")) blocks.push(`${style.dim(key)}\n${value}`);
    else pairs.push([key, Array.isArray(value) ? value.map(cell).join(", ") : cell(value)]);
  }
  return [pairs.length ? keyValues(pairs, style) : "", ...blocks].filter(Boolean).join("\n\n");
}
