/**
 * Exact-match metadata filters: `{ field: value }` keeps the items whose metadata has every named
 * field equal to its value (a string, a number or a boolean, compared with its type: `"5"` is not
 * `5`). A dotted field is a path into nested objects: `{ "profile.theme": "dark" }`. One mechanism for recall and list, and for lookup by key (`remember` with a
 * `key` keeps the key under the metadata field `key`). Stores apply it in SQL; the core applies
 * `matchesMetadata` wherever it reaches an item by another path (a belief that represents an
 * episode, a neighbouring turn), so a filtered recall never returns an item that does not match.
 *
 *   await mem.list({ metadata: { ticket: "OPS-12" } });
 *   await mem.recall("deploy", { metadata: { source: "runbook", reviewed: true } });
 */
import { z } from "zod";
import { hasLoneSurrogate, LONE_SURROGATE_PROBLEM } from "./errors.js";

/** Most fields one filter may name. */
export const MAX_METADATA_FILTER_FIELDS = 16;

const PROTO_FIELD_IN_PATH =
  'a metadata filter field cannot name "__proto__" (no metadata holds one: writes refuse it)';

/** The metadata field under which `remember({ key })` keeps a keyed belief's key. */
export const KEY_FIELD = "key";

export const MetadataFilterValueSchema = z.union(
  [
    z
      .string()
      .max(1000)
      // Refused as in stored metadata (attacks46): PostgreSQL's json refused it with a driver error.
      .refine((v) => !hasLoneSurrogate(v), `a metadata filter value ${LONE_SURROGATE_PROBLEM}`),
    z.number(),
    z.boolean(),
  ],
  {
    error: "a metadata filter value is a string, a number or a boolean (matched exactly, with its type)",
  },
);
export type MetadataFilterValue = z.infer<typeof MetadataFilterValueSchema>;

const FilterRecordSchema = z
  .record(
    z
      .string()
      .max(200, "a metadata filter field is at most 200 characters")
      .regex(
        /^[A-Za-z0-9_:@/-]{1,64}(\.[A-Za-z0-9_:@/-]{1,64}){0,7}$/,
        "a metadata filter field is a name of letters, digits and _ : @ / -, or a dotted path into nested objects (profile.theme)",
      )
      .refine((field) => !metadataPath(field).includes("__proto__"), PROTO_FIELD_IN_PATH),
    MetadataFilterValueSchema,
    { error: 'a metadata filter is an object of field → value, such as { "ticket": "OPS-12" }' },
  )
  .refine((m) => Object.keys(m).length >= 1, "a metadata filter names at least one field")
  .refine(
    (m) => Object.keys(m).length <= MAX_METADATA_FILTER_FIELDS,
    `a metadata filter names at most ${MAX_METADATA_FILTER_FIELDS} fields`,
  )
  .describe(
    'Only items whose metadata has each of these fields equal to its value (string, number or boolean, exact; a dotted field reaches into nested objects), e.g. { "ticket": "OPS-12" }.',
  );

const PROTO_FIELD = 'a metadata filter field cannot be "__proto__" (no metadata holds one: writes refuse it)';

/**
 * The filter, with an own `"__proto__"` key (JSON.parse makes one) refused before the record's
 * copy: zod skips that key, so `{ "__proto__": "x", "ticket": "A" }` filtered on the ticket
 * alone, in silence. A preprocess, so the JSON Schema and the caller's type stay the record's.
 */
export const MetadataFilterSchema = z.preprocess((m, ctx) => {
  if (m !== null && typeof m === "object" && Object.hasOwn(m, "__proto__")) {
    ctx.addIssue({ code: "custom", message: PROTO_FIELD });
    return z.NEVER;
  }
  return m;
}, FilterRecordSchema) as unknown as typeof FilterRecordSchema;
export type MetadataFilter = z.infer<typeof MetadataFilterSchema>;

/** The path a filter field names: its dot-separated segments. */
export function metadataPath(field: string): string[] {
  return field.split(".");
}

/** Whether `metadata` has every field of `filter` equal to its value (same type, same value). */
export function matchesMetadata(
  metadata: Readonly<Record<string, unknown>>,
  filter: Readonly<MetadataFilter> | undefined,
): boolean {
  if (!filter) return true;
  for (const [field, value] of Object.entries(filter)) {
    let at: unknown = metadata;
    for (const segment of metadataPath(field)) {
      if (at === null || typeof at !== "object" || Array.isArray(at) || !Object.hasOwn(at, segment))
        return false;
      at = (at as Record<string, unknown>)[segment];
    }
    if (at !== value) return false;
  }
  return true;
}
