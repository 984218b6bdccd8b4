/**
 * What a curation run keeps in the store's bookkeeping, per namespace and collection: which
 * record became which belief, and why beliefs closed. Forget reaches it (`redactCurations`): a
 * reason may quote a value ("value-changed: 8080 → 9090").
 *
 *   curationKey("team:x", "chroma:notes")   // "curation:team%3Ax:chroma%3Anotes"
 */

import type { StoreWriter } from "../ports.js";
import { metaKey, metaKeyPrefix, UNSPLIT_CURATION } from "../ports.js";
import { mentionsAnyId } from "../text.js";

export interface CurationState {
  v: 1;
  records: Record<string, SeenRecord>;
  /** Belief id → why it was closed (gate or sweep reason). */
  reasons: Record<string, string>;
}
export interface SeenRecord {
  /** SHA-256 of the text Strata read. */
  hash: string;
  /** The record's own belief, or the belief it restated (own: false). */
  belief: string;
  own: boolean;
  /** For a restatement: the gate's reason. */
  reason?: string;
}

/**
 * The record's key. Both parts may hold ":" (namespaces "team:x", collections "chroma:notes"):
 * each is encoded (`metaKey`), so a key names one namespace and one collection, and the
 * namespace's prefix (`curation:<ns>:`) reaches its records only.
 */
export const curationKey = (namespace: string, collection: string) =>
  metaKey("curation", namespace, collection);

export const REDACTED_REASON = "redacted: it named a forgotten item";

/**
 * Forget reaches the namespace's curation records, inside forget's transaction: a closed
 * belief's reason keyed by an erased id is dropped, and every reason (closed beliefs' and
 * restated records') that names an erased id is replaced by a note. Record → belief mappings
 * stay (ids and hashes, no text). Returns how many reasons went.
 *
 *   await redactCurations(tx, "curate/notes", ["b1"]); // → 1
 */
export async function redactCurations(
  tx: StoreWriter,
  namespace: string,
  erased: readonly string[],
): Promise<number> {
  if (erased.length === 0) return 0;
  const ids = new Set(erased);
  const names = mentionsAnyId(erased);
  let redacted = 0;
  // Every record of the namespace, and the records a store's migration could not attribute to a
  // namespace (`UNSPLIT_CURATION`): an id is unique in the store, so a reason naming an erased
  // id there is about it.
  const records = [
    ...(await tx.getMetaPrefix(metaKeyPrefix("curation", namespace))),
    ...(await tx.getMetaPrefix(UNSPLIT_CURATION)),
  ];
  for (const { key, value } of records) {
    let state: CurationState;
    try {
      state = JSON.parse(value) as CurationState;
    } catch {
      continue;
    }
    const changed = redactState(state, ids, names);
    if (changed > 0) await tx.setMeta(key, JSON.stringify(state));
    redacted += changed;
  }
  return redacted;
}

/** Redacts `state` in place for the erased `ids` (`names` matches any of them); returns how many reasons went. */
function redactState(state: CurationState, ids: ReadonlySet<string>, names: RegExp): number {
  let changed = 0;
  for (const [id, reason] of Object.entries(state.reasons ?? {})) {
    if (ids.has(id)) {
      delete state.reasons[id];
      changed++;
    } else if (names.test(reason) && reason !== REDACTED_REASON) {
      state.reasons[id] = REDACTED_REASON;
      changed++;
    }
  }
  for (const seen of Object.values(state.records ?? {}))
    if (seen.reason !== undefined && (ids.has(seen.belief) || names.test(seen.reason))) {
      if (seen.reason === REDACTED_REASON) continue;
      seen.reason = REDACTED_REASON;
      changed++;
    }
  return changed;
}

/** Every item id a text names (`b7`, `e12`). */
const ID_IN_TEXT = /\b[eb][1-9]\d*\b/g;

/**
 * Writes a run's record, read against the store inside the writing transaction (attacks20): a
 * curation run holds its record in memory from its start and writes it whole after its sync and
 * again after its consolidation, so a forget that committed in between (and redacted the stored
 * record) would be overwritten by the run's older copy, reasons quoting the forgotten value
 * included. Reasons keyed by or naming an item forgotten by now are redacted as forget redacts them.
 */
export async function writeCurationState(
  tx: StoreWriter,
  namespace: string,
  key: string,
  state: CurationState,
): Promise<void> {
  const named = new Set<string>(Object.keys(state.reasons ?? {}));
  for (const seen of Object.values(state.records ?? {})) {
    named.add(seen.belief);
    for (const id of seen.reason?.match(ID_IN_TEXT) ?? []) named.add(id);
  }
  for (const reason of Object.values(state.reasons ?? {}))
    for (const id of reason.match(ID_IN_TEXT) ?? []) named.add(id);
  const ids = [...named];
  const { beliefs, episodes } = await tx.getItems(ids, namespace);
  const forgotten = [...beliefs, ...episodes].filter((x) => x.status === "forgotten").map((x) => x.id);
  if (forgotten.length > 0) redactState(state, new Set(forgotten), mentionsAnyId(forgotten));
  await tx.setMeta(key, JSON.stringify(state));
}
