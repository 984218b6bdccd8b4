/**
 * `strata-memory/langchain`: Strata for LangChain v1 (`langchain` and `@langchain/core`, optional
 * peer dependencies): a `createAgent` middleware, a retriever and the tools.
 *
 *   import { StrataRetriever, strataMiddleware, strataTools } from "strata-memory/langchain";
 */
export { DEFAULT_TOOLS, TOOL_NAMES, type ToolSpecOptions } from "../tool-specs.js";
export { type StrataMiddlewareOptions, strataMiddleware } from "./strata-middleware.js";
export { StrataRetriever, type StrataRetrieverInput } from "./strata-retriever.js";
export { strataTools } from "./strata-tools.js";
