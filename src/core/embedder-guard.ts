/**
 * Never compare vectors from different embedders. A store remembers which embedder made each
 * vector (`vectorEmbedders()`); the guard wraps a store so that every operation that would
 * compare or add vectors (vector searches, `getVectors`, `putVector`, `insertBeliefs`) first checks that all
 * stored vectors come from the engine's embedder, and otherwise refuses with EMBEDDER_MISMATCH
 * telling the user to reindex. Everything else (text search, reads, pin, outcome, audit,
 * stats, transfer) keeps working, so a store opened with the wrong embedder can still be
 * inspected and then reindexed.
 *
 *   const store = guardEmbedder(SqliteStore.open({ path }), embedder); // what openMemory does
 */
import { StrataError } from "./errors.js";
import type { Embedder, Store, StoreReader, StoreWriter, VectorGroup } from "./ports.js";

const RAW = Symbol("strata.unguardedStore");
const RECHECK = Symbol("strata.recheckEmbedders");

const VECTOR_READS = new Set<PropertyKey>(["searchBeliefVectors", "searchEpisodeVectors", "getVectors"]);
const VECTOR_WRITES = new Set<PropertyKey>(["putVector", "insertBeliefs"]);

/** The stored vector groups that `embedder` cannot be compared with. */
export function foreignVectors(groups: readonly VectorGroup[], embedder: Embedder): VectorGroup[] {
  return groups.filter((g) => g.embedder !== embedder.id || g.dimension !== embedder.dimension);
}

export function embedderMismatch(foreign: readonly VectorGroup[], embedder: Embedder): StrataError {
  const found = foreign.map((g) => `${g.embedder} (${g.count} vectors)`).join(", ");
  return new StrataError(
    "EMBEDDER_MISMATCH",
    `This store holds vectors made by ${found}, but this memory embeds with ${embedder.id}; their similarities would be meaningless. Run reindex() to re-embed every episode and belief with the configured embedder, or configure the embedder the store was built with.`,
    { store: foreign.map((g) => ({ ...g })), embedder: embedder.id },
  );
}

/**
 * Wraps `store` so vector operations refuse while it holds another embedder's vectors. The
 * check runs once (on the first vector operation, when the embedder has learnt its dimension)
 * and again after `recheckEmbedders`.
 */
export function guardEmbedder(store: Store, embedder: Embedder): Store {
  // Whether the store holds another embedder's vectors: asked with two index seeks (counting
  // every vector by group cost a fresh process ~0.1 s at 100k); the groups are counted only to
  // say which, in the error.
  let other: Promise<boolean> | null = null;
  // Inside a transaction the check must read through that transaction: a store with one
  // connection (PGlite) would otherwise wait on its own open transaction forever.
  const check = async (reader: StoreReader) => {
    other ??= reader.holdsOtherVectors(embedder.id, embedder.dimension);
    let found: VectorGroup[];
    try {
      if (!(await other)) return;
      found = foreignVectors(await reader.vectorEmbedders(), embedder);
    } catch (error) {
      other = null; // a failed read (server down) is retried next time
      throw error;
    }
    other = null; // another process may reindex meanwhile: ask again next time
    if (found.length > 0) throw embedderMismatch(found, embedder);
  };
  // A transaction's writer, or a snapshot's reader: checked through itself.
  const guardTx = <R extends StoreReader>(tx: R): R =>
    new Proxy(tx, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== "function") return value;
        if (!VECTOR_READS.has(prop) && !VECTOR_WRITES.has(prop)) return value.bind(target);
        return async (...args: unknown[]) => {
          await check(target);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return new Proxy(store, {
    get(target, prop) {
      if (prop === RAW) return target;
      if (prop === RECHECK)
        return () => {
          other = null;
        };
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "transaction")
        return <T>(fn: (tx: StoreWriter) => Promise<T>) => target.transaction((tx) => fn(guardTx(tx)));
      if (prop === "snapshot")
        return <T>(fn: (reader: StoreReader) => Promise<T>) =>
          target.snapshot((reader) => fn(guardTx(reader)));
      if (VECTOR_READS.has(prop))
        return async (...args: unknown[]) => {
          await check(target);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return value.bind(target);
    },
  });
}

/** The store under a guard (itself when unguarded): what reindex writes through. */
export function unguarded(store: Store): Store {
  return ((store as unknown as Record<symbol, Store | undefined>)[RAW] as Store | undefined) ?? store;
}

/** Makes a guard read the store's embedders again (after a reindex). */
export function recheckEmbedders(store: Store): void {
  ((store as unknown as Record<symbol, (() => void) | undefined>)[RECHECK] as (() => void) | undefined)?.();
}
