/**
 * A namespace as one document: every section of the store port's dump (episodes, beliefs of
 * every status, provenance, links, outcomes, vectors, judged pairs, the namespace's bookkeeping
 * records (continuity, sweep, worker, curation, outcome credits), audit entries and head), filtered to one namespace, ids, hashes and times as stored. This is what
 * the JSON and JSONL exports carry and what `import` loads back, so the chain still verifies.
 */
import { z } from "zod";
import {
  AuditEntrySchema,
  BeliefSchema,
  EpisodeSchema,
  IdSchema,
  LinkSchema,
  NamespaceSchema,
  OutcomeEventSchema,
  unstorableText,
} from "../model.js";
import {
  curationBeliefIds,
  DUMP_SECTIONS,
  type DumpRows,
  type DumpSection,
  JUDGE_RELATIONS,
  OUTCOME_CREDIT,
  parseMetaKey,
  type StoreReader,
} from "../ports.js";
import { SLEEP_RECORD_KEY, sleepRecordOf } from "../sleep-record.js";
import { RESTATES, SOURCE_WORDS_KEY } from "../vocabulary.js";

export const EXPORT_FORMAT = "strata-export";
export const EXPORT_VERSION = 1;

/** A vector in a document: its Float32 bytes (little-endian) as base64. */
const EncodedVectorSchema = z.object({
  id: IdSchema,
  namespace: NamespaceSchema,
  embedder: z.string(),
  vector: z.string(),
});

/** Row schemas per section: an import checks every row before it writes any. */
export const SECTION_SCHEMAS = {
  episodes: EpisodeSchema.strict(),
  // Exports written before calibration existed have no `calibration`: read as none yet.
  beliefs: BeliefSchema.extend({ calibration: BeliefSchema.shape.calibration.default(null) }).strict(),
  beliefSources: z.object({ episodeId: IdSchema, beliefId: IdSchema }).strict(),
  links: LinkSchema.strict(),
  outcomes: OutcomeEventSchema.strict(),
  vectors: EncodedVectorSchema.strict(),
  judgedPairs: z
    .object({
      a: IdSchema,
      b: IdSchema,
      aHash: z.string(),
      bHash: z.string(),
      relation: z.enum(JUDGE_RELATIONS),
      judge: z.string(),
      reason: z.string(),
      at: z.string(),
    })
    .strict(),
  meta: z.object({ key: z.string().min(1), value: z.string() }).strict(),
  audit: AuditEntrySchema.strict(),
  auditHeads: z.object({ namespace: NamespaceSchema, seq: z.number().int(), hash: z.string() }).strict(),
} as const satisfies Record<DumpSection, z.ZodType>;

export type ExportSections = {
  [S in DumpSection]: z.infer<(typeof SECTION_SCHEMAS)[S]>[];
};

export const ExportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  namespace: NamespaceSchema,
  exportedAt: z.string(),
  /**
   * Where the beliefs' metadata keeps sleep's record (sleep-record.ts). An export written before
   * the record had its own key has none: its import moves the fields sleep kept at the top in.
   */
  sleepRecordKey: z.literal(SLEEP_RECORD_KEY).optional(),
  counts: z.record(z.string(), z.number()),
  ...(Object.fromEntries(DUMP_SECTIONS.map((s) => [s, z.array(SECTION_SCHEMAS[s])])) as {
    [S in DumpSection]: z.ZodArray<(typeof SECTION_SCHEMAS)[S]>;
  }),
});
export type ExportDocument = z.infer<typeof ExportDocumentSchema>;

/** The JSONL `type` of each section's records (episodes have a `type` of their own, so rows go in `data`). */
export const RECORD_TYPES: Record<DumpSection, string> = {
  episodes: "episode",
  beliefs: "belief",
  beliefSources: "belief-source",
  links: "link",
  outcomes: "outcome",
  vectors: "vector",
  judgedPairs: "judged-pair",
  meta: "meta",
  audit: "audit",
  auditHeads: "audit-head",
};

export function encodeVector(v: Float32Array): string {
  const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function decodeVector(s: string): Float32Array {
  const binary = atob(s);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}

// The engine's records an export carries: every record keyed `<kind>:<namespace>[:…]` (the kinds
// of `META_KINDS`, read with `parseMetaKey`, so a key names exactly one namespace:
// `worker:state:victim` is the worker's record of "victim", never namespace "state:victim"'s):
// continuity (wrap state, digest and its versions, patterns, associations), the sweep's, the
// worker's (where it left off, a pending request, its kept reports) and curation runs' (which
// collection record became which belief). An export is the namespace's backup (PostgreSQL has no
// hot `backup`), so it brings back the worker's schedule and a curation's record map, neither of
// which can be rebuilt from the items. A wrap is keyed by its token and names its namespace
// inside; an outcome's credit (`outcome-credit:<belief id>:…`, which keeps one source from
// counting a result twice) goes with its belief. Store-wide records (API keys, dashboard sessions,
// the curation records a migration could not attribute) belong to no namespace: never exported,
// refused by an import.

/** The belief an outcome credit's key names (`outcome-credit:<id>:<result>:<keyed source hash>`), or null. */
export function creditBelief(key: string): string | null {
  if (!key.startsWith(OUTCOME_CREDIT)) return null;
  const id = key.slice(OUTCOME_CREDIT.length).split(":")[0]!;
  return IdSchema.safeParse(id).success ? id : null;
}

/**
 * The namespace a meta record belongs to, or null when it belongs to none (store-wide records
 * such as the API keys, and every key this module cannot attribute by its key or value; an
 * outcome credit is attributed by its belief, `creditBelief`).
 *
 *   metaOwner("continuity:team-a", "…")          // "team-a"
 *   metaOwner("continuity:team%3Ax", "…")        // "team:x"
 *   metaOwner("worker:state:team-a", "…")        // "team-a"
 *   metaOwner("curation:a:b%3Ac", "…")           // "a"
 *   metaOwner("api-keys", "…")                   // null
 */
export function metaOwner(key: string, value: string): string | null {
  if (key.startsWith("wrap:")) {
    try {
      const namespace = (JSON.parse(value) as { namespace?: unknown }).namespace;
      return typeof namespace === "string" ? namespace : null;
    } catch {
      return null;
    }
  }
  return parseMetaKey(key)?.parts[0] ?? null;
}

/**
 * The first row of `doc` that is not its namespace's own, described for an error message in
 * terms of the document alone (never whether the foreign item exists), or null. Every item a
 * row points at must be one of the document's: a link, a judged pair, a source, an outcome or a
 * vector naming another id would attach the document to items of another namespace.
 */
export function strayRow(doc: ExportDocument): string | null {
  const ns = doc.namespace;
  const foreignNamespace = [
    ...doc.episodes,
    ...doc.beliefs,
    ...doc.vectors,
    ...doc.audit,
    ...doc.auditHeads,
  ].find((r) => r.namespace !== ns);
  if (foreignNamespace) return `it holds a row of namespace "${foreignNamespace.namespace}"`;
  const episodes = new Set(doc.episodes.map((e) => e.id));
  const beliefs = new Set(doc.beliefs.map((b) => b.id));
  const items = (id: string) => episodes.has(id) || beliefs.has(id);
  const outside = (what: string, id: string) => `${what} ${id}, which is not an item of the document`;
  for (const e of doc.episodes)
    if (e.supersededBy !== null && !items(e.supersededBy))
      return outside(`episode ${e.id} is superseded by`, e.supersededBy);
  for (const b of doc.beliefs) {
    const source = b.sources.find((id) => !episodes.has(id));
    if (source) return outside(`belief ${b.id} rests on`, source);
    for (const [field, id] of [
      ["superseded by", b.supersededBy],
      ["folded under", b.parentId],
    ] as const)
      if (id !== null && !items(id)) return outside(`belief ${b.id} is ${field}`, id);
  }
  for (const s of doc.beliefSources) {
    if (!beliefs.has(s.beliefId)) return outside("a provenance row names belief", s.beliefId);
    if (!episodes.has(s.episodeId)) return outside("a provenance row names episode", s.episodeId);
  }
  for (const l of doc.links)
    for (const id of [l.from, l.to]) if (!items(id)) return outside("a link touches", id);
  for (const o of doc.outcomes) if (!beliefs.has(o.beliefId)) return outside("an outcome names", o.beliefId);
  for (const v of doc.vectors) if (!items(v.id)) return outside("a vector is of", v.id);
  for (const p of doc.judgedPairs)
    for (const id of [p.a, p.b]) if (!items(id)) return outside("a judged pair names", id);
  const named = recordNamedItem(doc, items, episodes, beliefs);
  if (named !== null) return outside(named.what, named.id);
  for (const m of doc.meta) {
    const credited = creditBelief(m.key);
    if (credited !== null) {
      if (!beliefs.has(credited)) return outside(`record "${m.key}" credits`, credited);
      continue;
    }
    if (metaOwner(m.key, m.value) !== ns) return `its record "${m.key}" is not one of namespace "${ns}"`;
    // A curation run reads the beliefs its record names (curate.ts): only the document's own.
    if (parseMetaKey(m.key)?.kind === "curation") {
      const named = curationBeliefIds(m.value).find((id) => !beliefs.has(id));
      if (named !== undefined) return outside(`record "${m.key}" names belief`, named);
    }
  }
  return null;
}

const isItemId = (v: unknown): v is string => typeof v === "string" && IdSchema.safeParse(v).success;

/**
 * The first id a record of `doc` names, beyond the rows' own columns, that is not one of the
 * document's items, with what names it; or null. Each is an id a reader takes as an item of the
 * namespace (attacks35): an audit entry's subject (`candidates({ review: true })` reads a closing
 * entry's subject as the belief it closed), sleep's record on a belief (the beliefs it restates, the
 * turns whose words it kept), a pattern's evidence and a wrap's frozen episodes (continuity). A
 * subject that is not an item id (a wrap's token) names no item. Not read here: a worker report's
 * items (a kept report of a pass that rolled back names ids that were never committed) and an audit
 * entry's detail (kept only with audit content on). Every reader of those ids reads them in the
 * namespace only — the dashboard's status of a report item through `get`, the sweep's refresh
 * keeping its own beliefs, forget's redactions — which test/security/import-reports-boundary.test.ts
 * holds (attacks36); a new reader that takes them as items must check the namespace too.
 */
function recordNamedItem(
  doc: ExportDocument,
  items: (id: string) => boolean,
  episodes: ReadonlySet<string>,
  beliefs: ReadonlySet<string>,
): { what: string; id: string } | null {
  for (const a of doc.audit)
    if (isItemId(a.subjectId) && !items(a.subjectId))
      return { what: `audit entry ${a.seq} (${a.event}) is about`, id: a.subjectId };
  for (const b of doc.beliefs) {
    const record = sleepRecordOf(b.metadata);
    const restates = record[RESTATES];
    const restated = Array.isArray(restates) ? restates.find((id) => !beliefs.has(String(id))) : undefined;
    if (restated !== undefined)
      return { what: `belief ${b.id}'s sleep record restates`, id: String(restated) };
    const words = record[SOURCE_WORDS_KEY];
    const turn =
      typeof words === "object" && words !== null
        ? Object.keys(words).find((id) => !episodes.has(id))
        : undefined;
    if (turn !== undefined)
      return { what: `belief ${b.id}'s sleep record keeps the words of turn`, id: turn };
  }
  for (const m of doc.meta) {
    const kind = parseMetaKey(m.key)?.kind;
    if (kind !== "patterns" && !m.key.startsWith("wrap:")) continue;
    let value: unknown;
    try {
      value = JSON.parse(m.value);
    } catch {
      continue; // its shape is its reader's, which refuses a damaged record
    }
    const ids =
      kind === "patterns"
        ? (Array.isArray(value) ? value : []).flatMap((p: { evidence?: unknown }) =>
            Array.isArray(p?.evidence) ? p.evidence.map((e: { episodeId?: unknown }) => e?.episodeId) : [],
          )
        : ((value as { episodeIds?: unknown })?.episodeIds ?? []);
    const stray = (Array.isArray(ids) ? ids : []).find((id) => !episodes.has(String(id)));
    if (stray !== undefined)
      return {
        what: kind === "patterns" ? `record "${m.key}" cites` : `record "${m.key}" freezes`,
        id: String(stray),
      };
  }
  return null;
}

/**
 * The largest id number an import may bring (`e4503599627370496`, `b4503599627370496`): 2^52.
 * Ids are a store's sequence (every namespace's next id follows the largest), kept as 64-bit
 * integers (SQLite's INTEGER rowid, PostgreSQL's bigserial: 2^63 - 1) but read as JavaScript
 * numbers, which hold every integer exactly only up to 2^53 - 1. An import at 2^52 leaves the
 * store 2^52 more ids of its own before that. The search indexes keep their rows by entry, not
 * by id (store/text-index/row-table.ts), so a large id costs what a small one does; before,
 * they kept ~20 bytes per id up to the largest and the cap was 2^24.
 */
export const MAX_IMPORTED_ID = 2 ** 52;

/** The first key that two of `records` share, or null. */
export function keyTwice(records: readonly { key: string }[]): string | null {
  const seen = new Set<string>();
  for (const { key } of records) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return null;
}

/**
 * Each section's rows by the key its table keeps them under, beyond the item ids checked above:
 * the key, and the row described in terms of the document. Two rows of one key cannot both be
 * stored: a store kept one and dropped the other without a word (PostgreSQL's load, and SQLite's
 * for provenance and links), or kept another one than the other store did (a judged pair: the
 * first on PostgreSQL, the last on SQLite), or failed with its driver's error (attacks38).
 */
const ROW_KEYS: {
  [S in "beliefSources" | "links" | "judgedPairs" | "audit" | "auditHeads"]: (
    row: ExportSections[S][number],
  ) => [key: string, row: string];
} = {
  beliefSources: (r) => [
    `${r.episodeId}\u0000${r.beliefId}`,
    `the provenance row ${r.episodeId} → ${r.beliefId}`,
  ],
  links: (r) => [`${r.from}\u0000${r.to}\u0000${r.relation}`, `the ${r.relation} link ${r.from} → ${r.to}`],
  judgedPairs: (r) => [`${r.a}\u0000${r.b}`, `the pair ${r.a}, ${r.b}`],
  audit: (r) => [`${r.namespace}\u0000${r.seq}`, `entry ${r.seq}`],
  auditHeads: (r) => [r.namespace, `namespace "${r.namespace}"'s head`],
};

/**
 * The first row of `doc` that another row of its section shares its table's key with, described,
 * or null.
 *
 *   rowKeyTwice(docWithALinkTwice); // "links holds the refines link b2 → b1 twice"
 */
export function rowKeyTwice(doc: ExportDocument): string | null {
  for (const section of Object.keys(ROW_KEYS) as (keyof typeof ROW_KEYS)[]) {
    const keyOf = ROW_KEYS[section] as (row: unknown) => [string, string];
    const seen = new Set<string>();
    for (const row of doc[section]) {
      const [key, described] = keyOf(row);
      if (seen.has(key)) return `${section} holds ${described} twice`;
      seen.add(key);
    }
  }
  return null;
}

/**
 * The first row of `doc` that no store can hold, described in terms of the document alone, or
 * null: an id twice in one section, a row twice by its table's key (`rowKeyTwice`), an id past
 * `MAX_IMPORTED_ID`, a forgotten row that still
 * holds text, or a belief still readable that rests only on forgotten episodes (forget erases
 * those with them, so an import must not bring one back).
 */
export function damagedRow(doc: ExportDocument): string | null {
  for (const section of ["episodes", "beliefs", "vectors"] as const) {
    const seen = new Set<string>();
    for (const row of doc[section]) {
      if (seen.has(row.id)) return `${section} holds ${row.id} twice`;
      seen.add(row.id);
      if (Number(row.id.slice(1)) > MAX_IMPORTED_ID)
        return `${row.id} is past the largest id an import takes (${MAX_IMPORTED_ID}, 2^52; a store's ids are its own sequence and are read as exact JavaScript numbers)`;
    }
  }
  // Text a write would refuse (a NUL, a lone surrogate): PostgreSQL cannot hold the first, SQLite
  // keeps replacement characters for the second, so the store would differ from the document.
  for (const section of ["episodes", "beliefs", "meta", "judgedPairs"] as const)
    for (const [i, row] of doc[section].entries())
      for (const [field, value] of Object.entries(row))
        for (const text of typeof value === "string" ? [value] : Array.isArray(value) ? value : []) {
          const problem = typeof text === "string" ? unstorableText(text) : null;
          if (problem)
            return `${section} row ${i + 1} (${"id" in row ? row.id : "key" in row ? row.key : "pair"}): ${field} ${problem}`;
        }
  // One key, one record: a key twice (two values, say) would leave the store whichever came last.
  const twice = keyTwice(doc.meta);
  if (twice !== null) return `meta holds record "${twice}" twice`;
  const rowTwice = rowKeyTwice(doc);
  if (rowTwice !== null) return rowTwice;
  for (const e of doc.episodes)
    if (
      e.status === "forgotten" &&
      (e.content !== "" || e.session !== null || e.actor !== null || Object.keys(e.metadata).length > 0)
    )
      return `episode ${e.id} is forgotten but still holds text`;
  for (const b of doc.beliefs)
    if (
      b.status === "forgotten" &&
      (b.text !== "" ||
        b.when !== null ||
        b.prefer !== null ||
        b.steps !== null ||
        b.exceptions.length > 0 ||
        b.source !== null ||
        Object.keys(b.metadata).length > 0)
    )
      return `belief ${b.id} is forgotten but still holds text`;
  const forgotten = new Set(doc.episodes.filter((e) => e.status === "forgotten").map((e) => e.id));
  for (const b of doc.beliefs)
    if (b.status !== "forgotten" && b.sources.length > 0 && b.sources.every((id) => forgotten.has(id)))
      return `belief ${b.id} rests only on forgotten episodes (${b.sources.join(", ")}), which forget erases with them`;
  return null;
}

/**
 * Reads one namespace out of a store, page by page over the port's `dump`, into a document.
 * Rows that point across namespaces (a link, a judged pair) come along when either end is here.
 */
export async function dumpNamespace(
  store: StoreReader,
  namespace: string,
  exportedAt: string,
  pageSize = 2000,
): Promise<ExportDocument> {
  const ids = new Set<string>();
  const doc = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    namespace,
    exportedAt,
    sleepRecordKey: SLEEP_RECORD_KEY,
    counts: {} as Record<string, number>,
  } as ExportDocument;
  for (const section of DUMP_SECTIONS) {
    const out: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: { rows: DumpRows[DumpSection]; cursor: string | null } = await store.dump(section, {
        cursor,
        limit: pageSize,
      });
      for (const row of page.rows) {
        const kept = keep(section, row, namespace, ids);
        if (kept !== null) out.push(kept);
      }
      cursor = page.cursor;
    } while (cursor !== null);
    (doc as unknown as Record<string, unknown[]>)[section] = out;
    doc.counts[section] = out.length;
  }
  return doc;
}

function keep(section: DumpSection, row: unknown, ns: string, ids: Set<string>): unknown {
  switch (section) {
    case "episodes":
    case "beliefs": {
      const r = row as { id: string; namespace: string };
      if (r.namespace !== ns) return null;
      ids.add(r.id);
      return r;
    }
    case "beliefSources":
      return ids.has((row as DumpRows["beliefSources"][number]).beliefId) ? row : null;
    case "links": {
      const l = row as DumpRows["links"][number];
      return ids.has(l.from) || ids.has(l.to) ? row : null;
    }
    case "outcomes":
      return ids.has((row as DumpRows["outcomes"][number]).beliefId) ? row : null;
    case "vectors": {
      const v = row as DumpRows["vectors"][number];
      return v.namespace === ns ? { ...v, vector: encodeVector(v.vector) } : null;
    }
    case "judgedPairs": {
      const p = row as DumpRows["judgedPairs"][number];
      return ids.has(p.a) || ids.has(p.b) ? row : null;
    }
    case "meta": {
      const m = row as DumpRows["meta"][number];
      const credited = creditBelief(m.key);
      if (credited !== null) return ids.has(credited) ? row : null;
      return metaOwner(m.key, m.value) === ns ? row : null;
    }
    case "audit":
    case "auditHeads":
      return (row as { namespace: string }).namespace === ns ? row : null;
  }
}

/** The document's rows as the port's `load` takes them (vectors decoded). */
export function sectionRows<S extends DumpSection>(doc: ExportDocument, section: S): DumpRows[S] {
  if (section === "vectors")
    return doc.vectors.map((v) => ({ ...v, vector: decodeVector(v.vector) })) as DumpRows[S];
  return doc[section] as unknown as DumpRows[S];
}
