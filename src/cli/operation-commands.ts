/**
 * The CLI as a projection of the operations registry (src/core/operations). Most operations have a
 * hand-tailored command (argument shapes, relative times, examples and a rendering written for
 * people), which takes its description from the registry's summary through `summaryOf`. Any
 * operation without one gets a generated command: its input schema becomes flags, its result is
 * printed as JSON (`--json`) or a generic readable table, so a new verb reaches the CLI with no
 * CLI code at all.
 *
 *   strata render-continuity            # generated from the renderContinuity operation
 *   strata continuity-history --json
 */
import { type Command, Option } from "commander";
import type { z } from "zod";
import { OPERATION_BY_NAME, OPERATIONS, type Operation, runOperation } from "../core/operations/index.js";
import { toInteger, toJson, toList } from "./args.js";
import type { Invocation } from "./invocation.js";
import { keyValues, type Style, table } from "./style.js";
import { UsageError } from "./usage-error.js";

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

/** The command a generated operation gets: its name in kebab case (`renderContinuity` → `render-continuity`). */
export const commandName = (operation: string): string =>
  operation.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

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
  const op = OPERATION_BY_NAME.get(operation);
  if (!op) throw new Error(`no operation "${operation}" in the registry`);
  return [op.summary, cliNote]
    .filter(Boolean)
    .map((s) => helpStyle(s!))
    .join("; ");
}

/** A field of an input schema, seen through its optional/default wrappers. */
interface Field {
  name: string;
  flag: string;
  /** optional, default, nullable, … removed */
  base: z.ZodType;
  kind: string;
  required: boolean;
  description: string;
}

const WRAPPERS = new Set(["optional", "default", "nullable", "prefault", "readonly", "catch"]);

function fieldOf(name: string, schema: z.ZodType): Field {
  let base = schema;
  let description = schema.description;
  while (WRAPPERS.has(base.def.type)) {
    base = (base.def as unknown as { innerType: z.ZodType }).innerType;
    description ??= base.description;
  }
  return {
    name,
    flag: commandName(name),
    base,
    kind: base.def.type,
    required: !schema.safeParse(undefined).success,
    description: description ?? name,
  };
}

const choicesOf = (schema: z.ZodType): string[] | undefined => {
  const options = (schema as unknown as { options?: unknown[] }).options;
  return schema.def.type === "enum" && Array.isArray(options) ? options.map(String) : undefined;
};

/** How a flag's value is shown in --help, by the field's type. */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  number: "<n>",
  boolean: "<true|false>",
  array: "<list>",
  object: "<json>",
  record: "<json>",
};

/** The input field given as the positional argument: a path parameter, else the first required string. */
function positionalOf(op: Operation, fields: readonly Field[]): Field | undefined {
  const param = /\{(\w+)\}/.exec(op.http.path)?.[1];
  const byParam = fields.find((f) => f.name === param && f.kind === "string");
  return byParam ?? fields.find((f) => f.required && f.kind === "string");
}

/** Reads one flag's text as the field's type; a wrong shape is a usage error naming the flag. */
function parseFlag(field: Field, value: string): unknown {
  const flag = `--${field.flag}`;
  if (field.kind === "number") {
    const format = (field.base as unknown as { format?: string | null }).format;
    if (format === "safeint" || format === "int32") return toInteger(value, flag);
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n))
      throw new UsageError(`${flag} must be a number (got "${value}").`);
    return n;
  }
  if (field.kind === "boolean") {
    if (value === "true" || value === "false") return value === "true";
    throw new UsageError(`${flag} must be true or false (got "${value}").`);
  }
  if (field.kind === "array") {
    const element = (field.base.def as unknown as { element: z.ZodType }).element;
    if (["string", "enum"].includes(element.def.type)) return toList(value);
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
  op: Operation,
  on: (invocation: Invocation) => void,
  name = commandName(op.name),
): Command {
  const fields = Object.entries(op.input.shape as Record<string, z.ZodType>).map(([k, s]) => fieldOf(k, s));
  const positional = positionalOf(op, fields);
  const command = program.command(name).description(summaryOf(op.name));
  if (positional)
    command.argument(
      positional.required ? `<${positional.flag}>` : `[${positional.flag}]`,
      positional.description,
    );
  for (const field of fields) {
    if (field === positional) continue;
    const choices = choicesOf(field.base);
    const plainFlag = field.kind === "boolean" && !field.required;
    const value = PLACEHOLDERS[field.kind] ?? "<value>";
    const option = new Option(plainFlag ? `--${field.flag}` : `--${field.flag} ${value}`, field.description);
    if (choices) option.choices(choices);
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
    for (const field of fields) {
      if (field === positional) continue;
      const raw = given[field.name];
      if (raw === undefined) continue;
      input[field.name] =
        typeof raw === "string" && field.kind !== "string" && field.kind !== "enum"
          ? parseFlag(field, raw)
          : raw;
    }
    on({
      command: name,
      run: {
        engine: (memory, env) =>
          runOperation(op, input, {
            memory,
            namespace: memory.namespace,
            progress: env.progress(name).onProgress,
          }),
      },
      render: renderOperationResult,
    });
  });
  return command;
}

/** Adds a generated command for every operation without a tailored one. */
export function registerOperationCommands(program: Command, on: (invocation: Invocation) => void): void {
  for (const op of OPERATIONS) if (!(op.name in TAILORED_COMMANDS)) addOperationCommand(program, op, on);
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
