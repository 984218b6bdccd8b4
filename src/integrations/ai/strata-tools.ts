/**
 * Strata's verbs as AI SDK tools, built with `tool()` from the operations registry's schemas
 * and summaries: a small default set (recall, remember, record, outcome), any other on request.
 *
 *   const result = await generateText({ model, tools: strataTools(memory), prompt });
 *   strataTools(memory, { tools: ["recall", "context", "explain"] });
 */
import { type Tool, tool } from "ai";
import type { Memory } from "../../core/engine.js";
import { type ToolSpecOptions, toolSpecs } from "../tool-specs.js";

/** One AI SDK tool per operation, keyed by the operation's name. */
export function strataTools(memory: Memory, options: ToolSpecOptions = {}): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const spec of toolSpecs(memory, options))
    tools[spec.name] = tool({
      description: spec.description,
      inputSchema: spec.input,
      execute: (input: unknown) => spec.run(input),
    }) as Tool;
  return tools;
}
