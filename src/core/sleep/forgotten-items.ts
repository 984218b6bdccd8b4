/**
 * A sleep or worker report as its caller may read it once the pass is over: an item that is, or names, an
 * item forgotten while the pass ran (another process's forget commits between the pass's short
 * transactions; forget's redaction reaches only what is stored) has its reason replaced, as the
 * worker's kept reports are (worker/records.ts). Ids, actions, counts and `related` stay: ids
 * carry no text, and the caller learns only that something it did was later forgotten.
 *
 *   await withoutForgottenItems(store, report);
 *   // an item { action: "superseded", id: "b1", by: "b2", reason: "value-changed:number: 77194523 → 9" }
 *   // whose b1 was forgotten meanwhile → reason: "redacted: it named a forgotten item"
 */
import type { StoreReader } from "../ports.js";
import { mentionsAnyId } from "../text.js";

export const FORGOTTEN_ITEM_REASON = "redacted: it named a forgotten item";

/** Every item id a text names (`b7`, `e12`): what a report's reasons may cite. */
const ID_IN_TEXT = /\b[eb][1-9]\d*\b/g;

/** What a report's items carry that may name an item: a sleep report's, a worker report's. */
interface NamingItem {
  id: string;
  by: string | null;
  reason: string;
}

export async function withoutForgottenItems<R extends { namespace: string; items: readonly NamingItem[] }>(
  store: StoreReader,
  report: R,
): Promise<R> {
  const named = new Set<string>();
  for (const item of report.items) {
    named.add(item.id);
    if (item.by !== null) named.add(item.by);
    for (const id of item.reason.match(ID_IN_TEXT) ?? []) named.add(id);
  }
  if (named.size === 0) return report;
  const ids = [...named];
  const { beliefs, episodes } = await store.getItems(ids, report.namespace);
  const forgotten = [...beliefs, ...episodes].filter((x) => x.status === "forgotten").map((x) => x.id);
  if (forgotten.length === 0) return report;
  const names = mentionsAnyId(forgotten);
  return {
    ...report,
    items: report.items.map((item) =>
      names.test(item.id) || (item.by !== null && names.test(item.by)) || names.test(item.reason)
        ? { ...item, reason: FORGOTTEN_ITEM_REASON }
        : item,
    ),
  } as R;
}
