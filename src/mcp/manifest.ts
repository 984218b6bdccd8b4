/**
 * Tool-description integrity. Each tool's definition (title, description, input and output JSON
 * Schema, annotations) is hashed with SHA-256 exactly as `tools/list` sends it. The shipped
 * manifest (src/mcp/tool-manifest.json) is checked at start-up, so a description edited after
 * release (description poisoning) stops the server instead of reaching the model; hosts can
 * compare what they received with `strata://manifest`.
 */
import { z } from "zod";
import { StrataError } from "../core/errors.js";
import { canonicalJson, sha256 } from "../core/sha256.js";
import type { ToolSpec } from "./tools.js";

export const TOOL_SETS = ["strata", "memory-server"] as const;
export type ToolSet = (typeof TOOL_SETS)[number];

export const ToolManifestSchema = z.object({
  algorithm: z.literal("sha256"),
  /** Per tool set, tool name → SHA-256 of its canonical definition. */
  sets: z.record(z.string(), z.record(z.string(), z.string())),
});
export type ToolManifest = z.infer<typeof ToolManifestSchema>;

/** Limits the server enforces (the engine parses every call); the model need not read them. */
const SERVER_SIDE = new Set([
  "$schema",
  "pattern",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
]);

/**
 * JSON Schema as the model reads it, without what costs tokens and tells it nothing: the
 * `$schema` URL, id patterns and upper limits (enforced server-side, with a message naming the
 * limit), `propertyNames: { type: "string" }` and `additionalProperties: {}` on records,
 * `additionalProperties: false` (unknown arguments are still refused, by the zod schema), `type`
 * beside an `enum` (the values say it), and on outputs `required` (every listed output field is
 * always sent) and every `type` below the root (the model reads field names and descriptions;
 * the server's zod schema checks what it sends).
 */
function nullableEnum(members: unknown[]): boolean {
  const [values, nothing] = members as [Record<string, unknown>?, Record<string, unknown>?];
  return (
    members.length === 2 &&
    Array.isArray(values?.enum) &&
    Object.keys(values!).every((k) => k === "enum" || k === "type") &&
    canonicalJson(nothing) === '{"type":"null"}'
  );
}

export function compactSchema(schema: unknown, io: "input" | "output" = "input", root = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => compactSchema(s, io, false));
  if (!schema || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (SERVER_SIDE.has(k)) continue;
    if (k === "type" && ("enum" in (schema as object) || (io === "output" && !root))) continue;
    if (k === "propertyNames" && canonicalJson(v) === '{"type":"string"}') continue;
    if (k === "additionalProperties" && (canonicalJson(v) === "{}" || v === false)) continue;
    if (k === "required" && io === "output") continue;
    // A nullable enum, `anyOf: [{ enum }, { type: "null" }]`, is the one enum with null in it.
    if (k === "anyOf" && Array.isArray(v) && nullableEnum(v)) {
      out.enum = [...(v[0] as { enum: unknown[] }).enum, null];
      continue;
    }
    // An array's own description says what its items are.
    if (
      k === "items" &&
      "description" in (schema as object) &&
      v &&
      typeof v === "object" &&
      !Array.isArray(v)
    ) {
      const { description: _d, ...item } = v as Record<string, unknown>;
      out[k] = compactSchema(item, io, false);
      continue;
    }
    out[k] = k === "properties" ? mapValues(v, io) : compactSchema(v, io, false);
  }
  return out;
}

const mapValues = (v: unknown, io: "input" | "output") =>
  Object.fromEntries(
    Object.entries(v as Record<string, unknown>).map(([k, s]) => [k, compactSchema(s, io, false)]),
  );

type ToolShape = Pick<ToolSpec, "name" | "title" | "description" | "input" | "output" | "annotations">;

/** A tool exactly as Strata's `tools/list` sends it (and as the manifest hashes it). */
export function toolDefinition(spec: ToolShape) {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: compactSchema(z.toJSONSchema(spec.input, { target: "draft-7", io: "input" })) as {
      type: "object";
      [key: string]: unknown;
    },
    outputSchema: compactSchema(
      z.toJSONSchema(spec.output, { target: "draft-7", io: "output" }),
      "output",
    ) as {
      type: "object";
      [key: string]: unknown;
    },
    annotations: spec.annotations,
  };
}

/** SHA-256 of a listed tool definition minus its name (the name is the key). */
export function hashToolDefinition(definition: { name: string } & Record<string, unknown>): string {
  const { name: _name, ...rest } = definition;
  return sha256(canonicalJson(rest));
}

export function hashTools(specs: readonly ToolShape[]): Record<string, string> {
  return Object.fromEntries(specs.map((s) => [s.name, hashToolDefinition(toolDefinition(s))]));
}

export interface ManifestDiff {
  ok: boolean;
  changed: string[];
  added: string[];
  removed: string[];
}

export function diffManifest(
  actual: Record<string, string>,
  shipped: Record<string, string> = {},
): ManifestDiff {
  const changed = Object.keys(actual).filter((k) => k in shipped && shipped[k] !== actual[k]);
  const added = Object.keys(actual).filter((k) => !(k in shipped));
  const removed = Object.keys(shipped).filter((k) => !(k in actual));
  return { ok: changed.length + added.length + removed.length === 0, changed, added, removed };
}

/**
 * Refuses to serve tools whose definitions differ from the shipped manifest.
 *
 *   verifyManifest("strata", hashTools(TOOLS), shipped); // throws CONFLICT on a mismatch
 */
export function verifyManifest(set: ToolSet, actual: Record<string, string>, shipped: unknown): void {
  const parsed = ToolManifestSchema.safeParse(shipped);
  if (!parsed.success)
    throw new StrataError(
      "CONFLICT",
      "The tool-integrity manifest is missing or unreadable: run `strata serve --regenerate-manifest` to write one.",
    );
  const diff = diffManifest(actual, parsed.data.sets[set]);
  if (diff.ok) return;
  const parts = [
    diff.changed.length ? `changed: ${diff.changed.join(", ")}` : "",
    diff.added.length ? `not in manifest: ${diff.added.join(", ")}` : "",
    diff.removed.length ? `missing: ${diff.removed.join(", ")}` : "",
  ].filter(Boolean);
  throw new StrataError(
    "CONFLICT",
    `Tool definitions do not match the shipped integrity manifest (${parts.join("; ")}). If you changed them on purpose, run \`strata serve --regenerate-manifest\`; otherwise reinstall Strata.`,
    { set, ...diff },
  );
}
