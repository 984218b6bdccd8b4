/**
 * The registry's operations as plain data for the CLI (`CliOperation`): summary, the argument
 * and the flags read from each input schema. Run by scripts/write-cli-operations.ts to write
 * cli-operations.generated.ts (so `strata --help` never loads zod), and by its test to check
 * that file is current.
 *
 *   projectOperation(OPERATION_BY_NAME.get("recall")!).positional?.name; // "query"
 */
import type { z } from "zod";
import type { Operation } from "../core/operations/index.js";
import { type CliField, type CliOperation, commandName } from "./cli-operation.js";

const WRAPPERS = new Set(["optional", "default", "nullable", "prefault", "readonly", "catch"]);

/**
 * A bound the schema sets itself and allows: `.min(1)`, `.max(200)`; not the ±(2^53 − 1) every
 * whole number has, whose refusal is the engine's ("expected int"), nor an exclusive one (`.gt(0)`),
 * which the CLI would misstate as allowed: both are left to the engine.
 */
const bounded = (schema: z.ZodType, n: number | null | undefined): n is number =>
  typeof n === "number" && Math.abs(n) < Number.MAX_SAFE_INTEGER && schema.safeParse(n).success;

function fieldOf(name: string, schema: z.ZodType): CliField {
  let base = schema;
  let description = schema.description;
  while (WRAPPERS.has(base.def.type) || base.def.type === "pipe") {
    // A preprocess is a pipe into the schema the value must meet: the flag reads as that schema.
    const def = base.def as unknown as { innerType?: z.ZodType; out?: z.ZodType };
    base = (base.def.type === "pipe" ? def.out : def.innerType) as z.ZodType;
    description ??= base.description;
  }
  const kind = base.def.type;
  const options = (base as unknown as { options?: unknown[] }).options;
  const format = (base as unknown as { format?: string | null }).format;
  const elementSchema =
    kind === "array" ? (base.def as unknown as { element: z.ZodType }).element : undefined;
  const element = elementSchema?.def.type;
  const itemOptions = (elementSchema as unknown as { options?: unknown[] } | undefined)?.options;
  const { minValue, maxValue } = base as unknown as { minValue?: number | null; maxValue?: number | null };
  return {
    name,
    flag: commandName(name),
    kind,
    required: !schema.safeParse(undefined).success,
    description: description ?? name,
    ...(kind === "enum" && Array.isArray(options) ? { choices: options.map(String) } : {}),
    ...(kind === "number" && (format === "safeint" || format === "int32") ? { integer: true } : {}),
    ...(kind === "number" && bounded(base, minValue) ? { min: minValue } : {}),
    ...(kind === "number" && bounded(base, maxValue) ? { max: maxValue } : {}),
    ...(element ? { element } : {}),
    ...(element === "enum" && Array.isArray(itemOptions) ? { itemChoices: itemOptions.map(String) } : {}),
  };
}

/** An operation as the CLI sees it; the argument is its path parameter, else its first required string. */
export function projectOperation(op: Operation): CliOperation {
  const fields = Object.entries(op.input.shape as Record<string, z.ZodType>).map(([k, s]) => fieldOf(k, s));
  const param = /\{(\w+)\}/.exec(op.http.path)?.[1];
  const positional =
    fields.find((f) => f.name === param && f.kind === "string") ??
    fields.find((f) => f.required && f.kind === "string");
  return {
    name: op.name,
    summary: op.summary,
    access: op.access,
    ...(positional ? { positional } : {}),
    flags: fields.filter((f) => f !== positional),
  };
}
