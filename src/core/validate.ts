import { z } from "zod";
import { namesMeant } from "./borrowed-names.js";
import { counted, StrataError } from "./errors.js";

/**
 * The refusals of one field that have a code of their own, so a surface that words one its own
 * way (the CLI's `--at` also reads "yesterday") reads the code, never the message's text:
 *
 * - `NOT_A_DATE`: a time given as a string or number that is no date — not ISO 8601
 *   ("tomorrow", "last tuesday"), a day the calendar lacks (2026-02-30) or a year outside
 *   1000–9999. A value of another type (true, {}) is a wrong type, not this.
 */
export const INPUT_ISSUE_CODES = ["NOT_A_DATE"] as const;
export type InputIssueCode = (typeof INPUT_ISSUE_CODES)[number];

/**
 * The `params` a schema's refinement passes to `ctx.addIssue` so `parseInput` gives the issue
 * its code: `ctx.addIssue({ code: "custom", message, params: issueCoded("NOT_A_DATE") })`.
 */
export const issueCoded = (code: InputIssueCode): { inputIssue: InputIssueCode } => ({ inputIssue: code });

/** The code a refinement gave its issue through `issueCoded`, or undefined. */
function codeOf(issue: z.core.$ZodIssue): InputIssueCode | undefined {
  if (issue.code !== "custom") return undefined;
  const code: unknown = issue.params?.inputIssue;
  return INPUT_ISSUE_CODES.find((c) => c === code);
}

/**
 * One refused field, as every surface reports it in `details.issues`: where (`path`, the
 * schema's message), and, when they can be said plainly, the value given (`received`, a
 * number, boolean or short text) and what is allowed (`allowed`: "at least 1", "one of fact,
 * failure"). The CLI reads them to name the flag a bad value came from; the OpenAPI document's
 * Error schema is this schema's JSON Schema, so it lists every field a refusal carries.
 */
export const InputIssueSchema = z
  .strictObject({
    path: z
      .array(z.string())
      .describe('Where the refused value is: ["k"], ["metadata", "team"]; [] for the whole input.'),
    message: z.string().describe("What is wrong with it."),
    code: z
      .enum(INPUT_ISSUE_CODES)
      .optional()
      .describe(
        "A stable code for a refusal a caller may word its own way: NOT_A_DATE, a time that is not ISO 8601, a real calendar day or a year in 1000-9999.",
      ),
    received: z
      .union([z.string(), z.number(), z.boolean()])
      .optional()
      .describe("The value given, when it is a number, a boolean or a short text."),
    allowed: z
      .string()
      .optional()
      .describe('What the field allows, in words: "at least 1", "one of fact, failure".'),
    meant: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe(
        'For unknown fields, the fields the input does take that mean the same, by unknown field: { "limit": ["k"] } for a recall asked with limit (did you mean "k"?).',
      ),
  })
  .describe("One refused field of an INVALID_INPUT error.");
export type InputIssue = z.infer<typeof InputIssueSchema>;

/** A value to echo back: a scalar, and text only when short (never a whole statement). */
function echoable(value: unknown): string | number | boolean | undefined {
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string" && value.length <= 80) return value;
  return undefined;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * What a field allows, in words, from the issue zod raised; undefined when the issue says no
 * more than its message (a custom refinement).
 *
 *   allowedBy({ code: "too_small", origin: "number", minimum: 1, inclusive: true, … }) // "at least 1"
 */
function allowedBy(issue: z.core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case "too_small": {
      const n = issue.minimum;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false ? `more than ${n}` : `at least ${n}`;
      if (issue.origin === "string") return `at least ${counted(n, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `at least ${counted(n, "item")}`;
      return undefined;
    }
    case "too_big": {
      const n = issue.maximum;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false ? `less than ${n}` : `at most ${n}`;
      if (issue.origin === "string") return `at most ${counted(n, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `at most ${counted(n, "item")}`;
      return undefined;
    }
    case "invalid_value":
      return issue.values.length === 1
        ? String(issue.values[0])
        : `one of ${issue.values.map((v) => String(v)).join(", ")}`;
    case "invalid_type":
      return issue.expected === "int" ? "a whole number" : `a ${issue.expected}`;
    case "not_multiple_of":
      return `a multiple of ${issue.divisor}`;
    case "invalid_union":
      // A union told apart by one field (`what`, `action`): the values that field takes.
      return "options" in issue && issue.options?.length
        ? `one of ${issue.options.map(String).join(", ")}`
        : undefined;
    default:
      return undefined;
  }
}

/**
 * zod's own words for a bound ("Too small: expected number to be >=1"), said as a person says
 * them, with the value given; undefined for any other issue, or a bound with a message of its own.
 *
 *   boundWords(tooSmall, { k: 0 }) // "must be at least 1, got 0"
 */
function boundWords(issue: z.core.$ZodIssue, input: unknown): string | undefined {
  if (issue.code !== "too_small" && issue.code !== "too_big") return undefined;
  if (!/^Too (?:small|big): expected /.test(issue.message)) return undefined;
  const allowed = allowedBy(issue);
  if (allowed === undefined) return undefined;
  const value = valueAt(input, issue.path);
  const got =
    typeof value === "number" || typeof value === "bigint"
      ? String(value)
      : typeof value === "string"
        ? value.length > 80
          ? counted(value.length, "character")
          : JSON.stringify(value)
        : Array.isArray(value)
          ? counted(value.length, "item")
          : undefined;
  return got === undefined ? `must be ${allowed}` : `must be ${allowed}, got ${got}`;
}

/**
 * Whether zod's issue for a field that holds nothing is its own generic one, for a field left out:
 * a type's ("Invalid input: expected string, received undefined"), a field of named values'
 * ("Invalid option: expected one of …") or a union's field that tells its members apart ("Invalid
 * discriminator value"). A schema's own message (`.refine`, a custom error) is kept.
 */
function leftOut(issue: z.core.$ZodIssue): boolean {
  if (issue.code === "invalid_type")
    return /^Invalid input: expected \w+, received undefined$/.test(issue.message);
  if (issue.code === "invalid_value") return /^Invalid (?:option|input): expected /.test(issue.message);
  if (issue.code === "invalid_union")
    return allowedBy(issue) !== undefined && /^Invalid discriminator value/.test(issue.message);
  return false;
}

/** Keys named in a refusal: the first few, then how many more (a body of 200,000 keys answered 5 MB). */
const MAX_NAMED_KEYS = 5;
const namedKeys = (keys: readonly string[]): string =>
  keys
    .slice(0, MAX_NAMED_KEYS)
    .map((k) => `"${k.length > 80 ? `${k.slice(0, 80)}…` : k}"`)
    .join(", ") + (keys.length > MAX_NAMED_KEYS ? ` and ${keys.length - MAX_NAMED_KEYS} more` : "");

/** The wrappers zod puts around a schema that leave its fields as they are. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** The field names of the object `schema` holds at `path`, or [] where it holds none (a union). */
function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType };
  let s: z.ZodType | undefined = schema;
  let i = 0;
  for (let hops = 0; s && hops < 64; hops++) {
    const def: Def = (s as unknown as { _zod: { def: Def } })._zod.def;
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === "pipe") s = def.in;
    else if (def.type === "object" && def.shape) {
      if (i === path.length) return Object.keys(def.shape);
      s = Object.hasOwn(def.shape, path[i] as string) ? def.shape[path[i++] as string] : undefined;
    } else return [];
  }
  return [];
}

/** `{ limit: ["k"] }`: each unknown key that a field of the schema at `path` means, with those fields. */
function meantBy(schema: z.ZodType, path: readonly PropertyKey[], keys: readonly string[]) {
  const fields = fieldsAt(schema, path);
  const meant = keys.flatMap((key) => {
    const names = namesMeant(key, fields);
    return names.length > 0 ? [[key, names] as const] : [];
  });
  return meant.length > 0 ? Object.fromEntries(meant) : undefined;
}

/** `; did you mean "k"?` or `; did you mean "k" for "limit", "namespace" for "ns"?` */
function didYouMean(meant: Record<string, string[]> | undefined, keys: readonly string[]): string {
  if (!meant) return "";
  const said = (names: string[]) => names.map((n) => `"${n}"`).join(" or ");
  const entries = Object.entries(meant);
  if (keys.length === 1) return ` (did you mean ${said(entries[0]![1])}?)`;
  return ` (did you mean ${entries.map(([key, names]) => `${said(names)} for "${key}"`).join(", ")}?)`;
}

/** Parses input at the boundary; a failure is an INVALID_INPUT error naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // A field given under a name another request or tool uses (`limit` for `k`): the field meant.
  const meants = result.error.issues.map((i) =>
    i.code === "unrecognized_keys" ? meantBy(schema, i.path, i.keys) : undefined,
  );
  const issues = result.error.issues.map((i, n) => {
    const path = i.path.filter((p) => p !== "options").join(".");
    const message =
      i.code === "unrecognized_keys"
        ? `unknown option${i.keys.length > 1 ? "s" : ""} ${namedKeys(i.keys)}${didYouMean(meants[n], i.keys)}`
        : i.code === "invalid_type" && i.path.length === 1 && i.path[0] === "options"
          ? 'options must be an object of named options, such as { namespace: "default" }'
          : // A required field left out, where the schema has no message of its own: zod's says
            // "Invalid input: expected string, received undefined", or for a field of named
            // values "Invalid option: expected one of …" as though one had been given.
            i.path.length > 0 && valueAt(value, i.path) === undefined && leftOut(i)
            ? `missing (${allowedBy(i)} is required)`
            : (boundWords(i, value) ?? i.message);
    return path ? `${path}: ${message}` : message;
  });
  throw new StrataError("INVALID_INPUT", `Invalid ${what}: ${issues.join("; ")}.`, {
    issues: result.error.issues.map((i, n): InputIssue => {
      const received = i.code === "unrecognized_keys" ? undefined : echoable(valueAt(value, i.path));
      const allowed = allowedBy(i);
      const code = codeOf(i);
      return {
        path: i.path.map(String),
        message:
          i.code === "unrecognized_keys"
            ? `Unrecognized key${i.keys.length > 1 ? "s" : ""}: ${namedKeys(i.keys)}`
            : i.message,
        ...(code !== undefined ? { code } : {}),
        ...(received !== undefined ? { received } : {}),
        ...(allowed !== undefined ? { allowed } : {}),
        ...(meants[n] !== undefined ? { meant: meants[n] } : {}),
      };
    }),
  });
}
