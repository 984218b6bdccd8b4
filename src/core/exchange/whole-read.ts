/**
 * A read of a namespace in several statements, taken from one state of it. The store's `dump` is
 * read section by section, page by page, with no snapshot between the pages, so a write landing
 * between two of them tears what was read: a forget committing after the episodes were read and
 * before the audit chain was gave an export with the erased text beside the chain's record that
 * it was erased — an export answered after forget had answered, which imported the text live
 * again (attacks40). The store's write mark tells whether a write landed (`readOneState`): the read
 * is kept when the mark is where it was before it began, run again when it moved, and after
 * `OPTIMISTIC_TRIES` moved reads run under the store's write lock, where no change can land
 * (writers wait for it, as they wait for any write): an export that answers after a forget has
 * answered holds none of its text, which a snapshot taken before the forget would.
 *
 *   const doc = await readWhole(store, (reader) => dumpNamespace(reader, "team-a", now));
 */
import { readOneState } from "../audit.js";
import type { Store, StoreReader } from "../ports.js";

/** `read` (of one namespace, an export) as of one state of the store: no write lands inside it. */
export async function readWhole<T>(store: Store, read: (reader: StoreReader) => Promise<T>): Promise<T> {
  return readOneState(store, read, "lock");
}
