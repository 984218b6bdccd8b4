/**
 * A registry input schema as the JSON schema OpenAI's strict function calling accepts: every
 * property required, an optional one nullable instead (the model sends `null` for "omitted", which
 * the tool drops before the registry's own schema validates), no free-form objects (metadata is
 * left out of the tools), no defaults.
 *
 *   strictJsonSchema(z.object({ query: z.string(), k: z.number().optional() }))
 *   // → { type: "object", properties: { query: {…}, k: { anyOf: [{ type: "number" }, { type: "null" }] } },
 *   //     required: ["query", "k"], additionalProperties: false }
 */
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

export function strictJsonSchema(input: z.ZodObject): JsonSchema {
  const schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete schema.$schema;
  return strictObject(schema);
}

function strictObject(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const out: Record<string, JsonSchema> = {};
  for (const [name, raw] of Object.entries(properties)) {
    if (isFreeForm(raw)) continue;
    const property = strictValue(raw);
    out[name] = required.has(name) ? property : { anyOf: [property, { type: "null" }] };
  }
  const { default: _default, ...rest } = schema;
  return {
    ...rest,
    type: "object",
    properties: out,
    required: Object.keys(out),
    additionalProperties: false,
  };
}

function strictValue(schema: JsonSchema): JsonSchema {
  const { default: _default, ...rest } = schema;
  if (rest.type === "object") return strictObject(rest);
  if (rest.type === "array" && rest.items && typeof rest.items === "object")
    return { ...rest, items: strictValue(rest.items as JsonSchema) };
  for (const key of ["anyOf", "oneOf"] as const)
    if (Array.isArray(rest[key])) return { ...rest, [key]: (rest[key] as JsonSchema[]).map(strictValue) };
  return rest;
}

/** An object whose fields the caller chooses (metadata): strict mode cannot describe it. */
function isFreeForm(schema: JsonSchema): boolean {
  return schema.type === "object" && schema.properties === undefined;
}
