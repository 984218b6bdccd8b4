/**
 * Strata's verbs as LangChain tools, from the operations registry's schemas and summaries: a
 * small default set (recall, remember, record, outcome), any other on request. A result (or a
 * refusal, `{ error: { code, message } }`) comes back as JSON for the model to read.
 *
 *   const agent = createAgent({ model, tools: strataTools(memory) });
 */
import { type StructuredToolInterface, tool } from "@langchain/core/tools";
import type { Memory } from "../../core/engine.js";
import { type ToolSpecOptions, toolSpecs } from "../tool-specs.js";

export function strataTools(memory: Memory, options: ToolSpecOptions = {}): StructuredToolInterface[] {
  return toolSpecs(memory, options).map(
    (spec) =>
      tool(async (input: unknown) => JSON.stringify(await spec.run(input)), {
        name: spec.name,
        description: spec.description,
        schema: spec.input,
      }) as unknown as StructuredToolInterface,
  );
}
