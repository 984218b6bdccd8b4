/**
 * `strata-memory/embedders`: the embedders beyond the default hashed one. Kept off the main
 * entry so that importing `strata-memory` never loads an HTTP client or an optional model
 * package; `createTransformersEmbedder` imports `@huggingface/transformers` only when called.
 *
 *   import { createHttpEmbedder } from "strata-memory/embedders";
 */
export { createHashedEmbedder, type HashedEmbedderOptions } from "./hashed-embedder.js";
export { createHttpEmbedder, type HttpEmbedder, type HttpEmbedderOptions } from "./http-embedder.js";
export { createTransformersEmbedder, type TransformersEmbedderOptions } from "./transformers-embedder.js";
