/**
 * `strata-memory/ai`: Strata for the Vercel AI SDK (`ai` 5 or 6, an optional peer dependency):
 * tools from the operations registry, and a middleware that injects context and records.
 *
 *   import { strataMiddleware, strataTools } from "strata-memory/ai";
 */
export { DEFAULT_TOOLS, TOOL_NAMES, type ToolSpecOptions } from "../tool-specs.js";
export {
  type StrataMiddleware,
  type StrataMiddlewareOptions,
  strataMiddleware,
} from "./strata-middleware.js";
export { strataTools } from "./strata-tools.js";
