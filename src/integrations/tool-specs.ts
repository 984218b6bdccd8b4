/**
 * Strata's verbs as framework-neutral tool specs, projected from the operations registry: each
 * integration turns these into its framework's tools (AI SDK `tool()`, OpenAI Agents `tool()`,
 * LangChain tools) without restating a schema or a description. A small default set; any other
 * operation on request.
 *
 *   const specs = toolSpecs(memory);                                   // recall, remember, record, outcome
 *   const more = toolSpecs(memory, { tools: ["recall", "context", "explain"] });
 *   await specs[0].run({ query: "deploy window" });                    // → { hits: [...] }
 */
import type { z } from "zod";
import type { Memory } from "../core/engine.js";
import { isStrataError, StrataError } from "../core/errors.js";
import { OPERATION_BY_NAME, OPERATIONS, type Operation, runOperation } from "../core/operations/index.js";

/** The tools an agent gets unless it asks for others: read what is known, write what happened, report results. */
export const DEFAULT_TOOLS = ["recall", "remember", "record", "outcome"] as const;

/** Every operation an integration can offer as a tool. */
export const TOOL_NAMES: readonly string[] = OPERATIONS.map((op) => op.name);

export interface ToolSpecOptions {
  /** Which operations to offer (registry names). Default `DEFAULT_TOOLS`. */
  tools?: readonly string[];
  /** The namespace the tools act in. Default: the memory's namespace. */
  namespace?: string;
}

export interface ToolSpec {
  /** The operation's name, which is the tool's name. */
  name: string;
  /** The operation's summary. */
  description: string;
  /** The operation's input schema (every field described). */
  input: z.ZodObject;
  /** Whether the tool only reads. */
  readOnly: boolean;
  /**
   * Runs the operation. A refusal (bad input, unknown id, a busy store) comes back as
   * `{ error: { code, message } }` for the model to read and act on; other failures throw.
   * `null` fields are dropped first: strict function calling sends null for an omitted field.
   */
  run(input: unknown): Promise<unknown>;
}

/** The tool specs for `memory`: the default set, or the operations named in `options.tools`. */
export function toolSpecs(memory: Memory, options: ToolSpecOptions = {}): ToolSpec[] {
  const names = options.tools ?? DEFAULT_TOOLS;
  const unknown = names.filter((n) => !OPERATION_BY_NAME.has(n));
  if (unknown.length > 0)
    throw new StrataError(
      "INVALID_INPUT",
      `Unknown tool${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => `"${n}"`).join(", ")}: choose among ${TOOL_NAMES.join(", ")}.`,
      { field: "tools" },
    );
  const namespace = options.namespace ?? memory.namespace;
  return names.map((name) => specOf(OPERATION_BY_NAME.get(name)!, memory, namespace));
}

function specOf(op: Operation, memory: Memory, namespace: string): ToolSpec {
  return {
    name: op.name,
    description: op.summary,
    input: op.input,
    readOnly: op.annotations.readOnly,
    run: async (input) => {
      try {
        return await runOperation(op, dropNulls(input), { memory, namespace });
      } catch (error) {
        if (isStrataError(error)) return { error: { code: error.code, message: error.message } };
        throw error;
      }
    },
  };
}

/**
 * `input` with every `null` field of its objects removed (strict function calling's "omitted"),
 * except inside `metadata`, the caller's own JSON, where a null is a value.
 */
export function dropNulls(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(dropNulls);
  if (input === null || typeof input !== "object") return input;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== null) out[k] = k === "metadata" ? v : dropNulls(v);
  return out;
}
