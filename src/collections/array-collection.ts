/**
 * A `VectorCollection` over an array of records held in memory: for curating an export (JSON lines
 * from any vector store) and for tests of curation itself. `remove` and `mark` change the array.
 *
 *   const collection = arrayCollection("notes", [{ id: "1", text: "Port is 8080", metadata: {}, createdAt: null }]);
 *   await curate(mem, collection, { mode: "mark" });
 *   collection.records[0].metadata.strata_curation; // "superseded", when a later record replaced it
 */
import type { CollectionRecord, VectorCollection } from "../core/curation/collection.js";

export interface ArrayCollection extends VectorCollection {
  /** The records as they are now (after any remove or mark). */
  readonly records: CollectionRecord[];
}

export function arrayCollection(name: string, records: readonly CollectionRecord[]): ArrayCollection {
  const held = records.map((r) => ({ ...r, metadata: { ...r.metadata } }));
  return {
    name: `array:${name}`,
    get records() {
      return held;
    },
    async scan({ cursor, limit }) {
      const start = cursor === null ? 0 : Number(cursor);
      const end = start + limit;
      return {
        records: held.slice(start, end).map((r) => ({ ...r, metadata: { ...r.metadata } })),
        cursor: end < held.length ? String(end) : null,
      };
    },
    async remove(ids) {
      const gone = new Set(ids);
      for (let i = held.length - 1; i >= 0; i--) if (gone.has(held[i]!.id)) held.splice(i, 1);
    },
    async mark(marks, key) {
      const value = new Map(marks.map((m) => [m.id, m.value]));
      for (const r of held) if (value.has(r.id)) r.metadata[key] = value.get(r.id);
    },
  };
}
