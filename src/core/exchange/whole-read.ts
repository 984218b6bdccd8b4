/**
 * A read of a namespace in several statements, taken from one state of it. The store's `dump` is
 * read section by section, page by page, with no snapshot between the pages, so a write landing
 * between two of them tears what was read: a forget committing after the episodes were read and
 * before the audit chain was gave an export with the erased text beside the chain's record that
 * it was erased — an export answered after forget had answered, which imported the text live
 * again (attacks40). Every change to a namespace appends to its audit chain, so the chain's head
 * tells whether one landed: the read is kept when the head is where it was before it began, run
 * again when it moved, and after `OPTIMISTIC_TRIES` moved reads run under the store's write lock,
 * where no change can land (writers wait for it, as they wait for any write).
 *
 *   const doc = await readWhole(store, "team-a", (reader) => dumpNamespace(reader, "team-a", now));
 */
import { OPTIMISTIC_TRIES } from "../audit.js";
import type { Store, StoreReader } from "../ports.js";

const sameHead = (a: { seq: number; hash: string } | null, b: { seq: number; hash: string } | null) =>
  (a?.seq ?? 0) === (b?.seq ?? 0) && (a?.hash ?? "") === (b?.hash ?? "");

/** `read` over `namespace` as of one state of it: no change to the namespace lands inside it. */
export async function readWhole<T>(
  store: Store,
  namespace: string,
  read: (reader: StoreReader) => Promise<T>,
): Promise<T> {
  for (let i = 0; i < OPTIMISTIC_TRIES; i++) {
    const before = await store.auditHeadMark(namespace);
    const result = await read(store);
    if (sameHead(before, await store.auditHeadMark(namespace))) return result;
  }
  return store.transaction((tx) => read(tx));
}
