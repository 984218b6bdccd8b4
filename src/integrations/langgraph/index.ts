/**
 * `strata-memory/langgraph`: LangGraph's long-term memory store over Strata. Needs
 * `@langchain/langgraph-checkpoint` (an optional peer dependency of strata-memory).
 *
 *   import { StrataStore } from "strata-memory/langgraph";
 *   const graph = builder.compile({ store: new StrataStore({ memory }) });
 */
export { decodeLabel, encodeLabel, fromNamespace, toNamespace } from "./namespace-path.js";
export { StrataStore, type StrataStoreOptions } from "./strata-store.js";
