/**
 * The `VectorCollection` port: an existing vector store that `curate` cleans in place (a pgvector
 * table, a Chroma collection, a LanceDB table). Adapters live in `src/collections/`; the core only
 * knows this shape. A collection is read in pages and changed only by `remove` and `mark`, and
 * only when the caller asked for it (`mode: "delete"` with `confirm`, or `mode: "mark"`).
 *
 *   const page = await collection.scan({ cursor: null, limit: 500 });
 *   // page.records → [{ id: "42", text: "The API runs on port 8080", metadata: {}, createdAt: "2026-03-01T…" }]
 */

/** One record of the collection, as curation reads it. The vector itself is never needed. */
export interface CollectionRecord {
  /** The collection's own id, as a string (a UUID, an integer, a Chroma id). */
  id: string;
  /** The text the vector was made from. */
  text: string;
  /** The record's metadata as the collection holds it (JSON-like). */
  metadata: Record<string, unknown>;
  /** When the record was written, ISO 8601, when the collection knows it; null otherwise. */
  createdAt: string | null;
}

/** One page of a scan; `cursor` is null after the last page. */
export interface CollectionPage {
  records: CollectionRecord[];
  cursor: string | null;
}

/** One record to flag, with the value to set under the flag's key (`superseded`, `redundant`). */
export interface CollectionMark {
  id: string;
  value: string;
}

export interface VectorCollection {
  /** Names the collection in reports and in the curation state: `pgvector:public.items`, `chroma:notes`. */
  readonly name: string;
  /** One page of records in a stable order. Pass the previous page's `cursor` (null for the first). */
  scan(page: { cursor: string | null; limit: number }): Promise<CollectionPage>;
  /** Removes these records; ids the collection no longer holds are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  /** Sets metadata `key` to each mark's value on its record, keeping the rest of the metadata. */
  mark(marks: readonly CollectionMark[], key: string): Promise<void>;
  /** Ends the connections the adapter opened itself (an injected client is left open). */
  close?(): Promise<void>;
}
