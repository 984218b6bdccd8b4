/**
 * `strata-memory/collections`: adapters of the `VectorCollection` port, for `curate`. pgvector runs
 * on `pg` (a dependency) or PGlite; Chroma and LanceDB load their optional clients on first use.
 *
 *   import { curate, openMemory } from "strata-memory";
 *   import { openPgvectorCollection } from "strata-memory/collections";
 *   const result = await curate(await openMemory(), await openPgvectorCollection(url, { preset: "mem0" }));
 */
export { type ArrayCollection, arrayCollection } from "./array-collection.js";
export {
  type ChromaCollectionLike,
  type ChromaCollectionOptions,
  ChromaCollectionOptionsSchema,
  chromaCollection,
  openChromaCollection,
} from "./chroma-collection.js";
export {
  type LancedbCollectionOptions,
  LancedbCollectionOptionsSchema,
  lancedbCollection,
  openLancedbCollection,
} from "./lancedb-collection.js";
export {
  openPgvectorCollection,
  PGVECTOR_PRESETS,
  type PgvectorCollectionOptions,
  PgvectorCollectionOptionsSchema,
  type PgvectorPreset,
  pgvectorCollection,
  type SqlRunner,
} from "./pgvector-collection.js";
