/**
 * Sleep's record on a belief: what sleep wrote about it and reads back as its own (which older
 * beliefs it restates, what its pronouns stood for, what its turns said, whether it was said while
 * asking). It lives under one metadata key, `SLEEP_RECORD_KEY`, that only the engine writes: a
 * caller's metadata holding that key is refused (`MetadataSchema`, model.ts), so nothing a caller
 * writes — through the library, the CLI, MCP, REST, an integration or a memory.jsonl import — can
 * be read as sleep's record. A caller's own field named `restates` or `referents` stays the caller's.
 *
 *   sleepRecordOf({ "strata:sleep": { askingTurn: true }, ticket: "OPS-1" }) // → { askingTurn: true }
 *   withSleepRecord({ ticket: "OPS-1" }, { restates: ["b4"] })
 *   // → { ticket: "OPS-1", "strata:sleep": { restates: ["b4"] } }
 *
 * Stores written before the record had a key of its own kept its fields at the top of the metadata;
 * the stores' migrations and an import of an older export move them in (`upgradedSleepRecord`).
 */
import {
  ABSTRACTION_SOURCE,
  ASKING_TURN,
  DISTILLED_SOURCE,
  REFERENTS_KEY,
  RESTATED_SLOTS,
  RESTATES,
  SLEEP_RECORD_KEY,
  SOURCE_WORDS_KEY,
} from "./vocabulary.js";

export { SLEEP_RECORD_KEY };

/** The fields of sleep's record. */
export const SLEEP_RECORD_FIELDS = [
  RESTATES,
  RESTATED_SLOTS,
  REFERENTS_KEY,
  SOURCE_WORDS_KEY,
  ASKING_TURN,
] as const;
export type SleepRecordField = (typeof SLEEP_RECORD_FIELDS)[number];

type Metadata = Readonly<Record<string, unknown>>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Sleep's record on a belief's metadata (an empty object when sleep recorded nothing). */
export function sleepRecordOf(
  metadata: Metadata | undefined,
): Readonly<Partial<Record<SleepRecordField, unknown>>> {
  const record = metadata?.[SLEEP_RECORD_KEY];
  return isPlainObject(record) ? record : {};
}

/**
 * `metadata` with `patch` written into sleep's record (a field set to undefined is dropped; a
 * record left empty is dropped whole). The caller's own fields are kept as they are.
 */
export function withSleepRecord(
  metadata: Metadata,
  patch: Partial<Record<SleepRecordField, unknown>>,
): Record<string, unknown> {
  const record: Record<string, unknown> = { ...sleepRecordOf(metadata) };
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) delete record[field];
    else record[field] = value;
  }
  const { [SLEEP_RECORD_KEY]: _old, ...rest } = metadata;
  return Object.keys(record).length > 0 ? { ...rest, [SLEEP_RECORD_KEY]: record } : rest;
}

/**
 * Why a caller's metadata cannot be stored as given (it holds sleep's record key), or null. The
 * message names the key and what to do; `MetadataSchema` refuses with it, so nothing is written.
 */
export function reservedMetadataProblem(metadata: Metadata): string | null {
  return Object.hasOwn(metadata, SLEEP_RECORD_KEY)
    ? `metadata key "${SLEEP_RECORD_KEY}" is reserved for sleep's record, which only Strata writes: rename your field (any other key is yours)`
    : null;
}

/**
 * The `source` values only the engine writes, each with what a caller does instead. Strata reads
 * them as sleep's provenance: recall ranks a `"distilled"` belief by its source turn's match, and
 * forget rewords a `"distilled"` belief's tally (`mixed`) or wording (`lexicalText`) and an
 * `"abstraction"`'s children (`children`, `values`) from the evidence left. So a caller's
 * `remember` naming one is refused (`RememberOptionsSchema`), nothing written; any other `source`
 * (user, doc:…, tool:…, even "Distilled" or "distilled by hand") is the caller's free text.
 */
export const ENGINE_SOURCES: Readonly<Record<string, string>> = {
  [DISTILLED_SOURCE]: "record the turns and let consolidate distil them, or call distil with their ids",
  [ABSTRACTION_SOURCE]: "capture the rules and let consolidate abstract them",
};

/**
 * Why a caller's `source` cannot be stored as given (only the engine writes it), or null. The
 * message names the value and what to use instead.
 *
 *   reservedSourceProblem("distilled") // → 'source "distilled" is reserved for …'
 *   reservedSourceProblem("user")      // → null
 */
export function reservedSourceProblem(source: string): string | null {
  return Object.hasOwn(ENGINE_SOURCES, source)
    ? `source "${source}" is reserved for the provenance only Strata writes: name where the statement came from instead (user, doc:…, tool:…), or ${ENGINE_SOURCES[source]}`
    : null;
}

/**
 * The top-level keys sleep's fields were kept under before the record had its own key: the stores'
 * migrations read only the beliefs whose metadata holds one of them (`"<key>"` in its JSON).
 */
export const LEGACY_SLEEP_RECORD_FIELDS: readonly string[] = SLEEP_RECORD_FIELDS;

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((w) => typeof w === "string");

/** Each legacy field's shape as sleep wrote it: a caller's field of another shape is never moved. */
const LEGACY_SHAPES: Record<SleepRecordField, (v: unknown) => boolean> = {
  [RESTATES]: (v) => strings(v) && v.length > 0,
  [RESTATED_SLOTS]: strings,
  [REFERENTS_KEY]: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every(
      (r) =>
        isPlainObject(r) &&
        (typeof r.topic === "string" || (typeof r.pronoun === "string" && typeof r.referent === "string")),
    ),
  [SOURCE_WORDS_KEY]: (v) => isPlainObject(v) && Object.values(v).every(strings),
  [ASKING_TURN]: (v) => v === true,
};

/**
 * The metadata of a belief written before sleep's record had its own key, with the fields sleep
 * wrote at its top moved into the record (the stores' migrations; an import of an older export).
 * Sleep wrote `restates`, `restatedSlots`, `referents` and `askingTurn` only on the beliefs it
 * distilled (`source` "distilled"), and `sourceWords` on any belief it distilled or restated into,
 * each in one shape: a field elsewhere or of another shape is the caller's and stays where it is.
 * Returns `metadata` itself when nothing moves.
 *
 *   upgradedSleepRecord({ askingTurn: true }, "distilled") // → { "strata:sleep": { askingTurn: true } }
 *   upgradedSleepRecord({ askingTurn: true }, "user")      // → { askingTurn: true } (the caller's)
 */
export function upgradedSleepRecord(metadata: Metadata, source: string | null): Metadata {
  const distilled = source === DISTILLED_SOURCE;
  const moved: Partial<Record<SleepRecordField, unknown>> = {};
  for (const field of SLEEP_RECORD_FIELDS) {
    if (!Object.hasOwn(metadata, field)) continue;
    if (field !== SOURCE_WORDS_KEY && !distilled) continue;
    if (field === RESTATED_SLOTS && !LEGACY_SHAPES[RESTATES](metadata[RESTATES])) continue;
    if (LEGACY_SHAPES[field](metadata[field])) moved[field] = metadata[field];
  }
  if (Object.keys(moved).length === 0) return metadata;
  const rest: Record<string, unknown> = { ...metadata };
  for (const field of Object.keys(moved)) delete rest[field];
  return withSleepRecord(rest, moved);
}
