/**
 * `strata-memory/openai-agents`: Strata for the OpenAI Agents SDK (`@openai/agents`, an optional
 * peer dependency): strict tools from the operations registry, context in the instructions, and
 * hooks that record.
 *
 *   import { strataAgents } from "strata-memory/openai-agents";
 */
export { DEFAULT_TOOLS, TOOL_NAMES } from "../tool-specs.js";
export { type StrataAgents, type StrataAgentsOptions, strataAgents } from "./strata-agents.js";
export { strictJsonSchema } from "./strict-schema.js";
