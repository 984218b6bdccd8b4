/**
 * Reading what `import` is given: a Strata export (JSON or JSONL) or the official MCP memory
 * server's `memory.jsonl`. Everything is parsed and checked before anything is written, so an
 * unknown or damaged source is refused whole with a StrataError that says what was expected.
 */
import { z } from "zod";
import { StrataError } from "../errors.js";
import { DUMP_SECTIONS, type DumpSection, importedMetaKey, upgradedSleepRecord } from "../ports.js";
import { parseInput } from "../validate.js";
import {
  damagedRow,
  EXPORT_FORMAT,
  type ExportDocument,
  ExportDocumentSchema,
  RECORD_TYPES,
  SECTION_SCHEMAS,
  strayRow,
} from "./document.js";
import { tangledRow } from "./shapes.js";

export const IMPORT_FORMATS = ["strata-json", "strata-jsonl", "mcp-memory"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One proposition from a memory.jsonl: recorded as an episode, distilled into a fact. */
export interface McpStatement {
  text: string;
  /** Where it came from, e.g. `entity Alice, observation 2` or `relation Alice works_at Acme`. */
  origin: string;
  metadata: Record<string, unknown>;
}

export type ParsedSource =
  | { format: "strata-json" | "strata-jsonl"; document: ExportDocument }
  | { format: "mcp-memory"; statements: McpStatement[]; entities: number; relations: number };

const UNKNOWN_FORMAT =
  'expected a Strata export (JSON or JSONL from export()) or the MCP memory server\'s memory.jsonl (lines of {"type":"entity",…} and {"type":"relation",…})';

const McpEntitySchema = z.object({
  type: z.literal("entity"),
  name: z.string().trim().min(1, "an entity needs a name"),
  entityType: z.string().trim().default(""),
  observations: z.array(z.string()).default([]),
});
const McpRelationSchema = z.object({
  type: z.literal("relation"),
  from: z.string().trim().min(1, "a relation needs from"),
  to: z.string().trim().min(1, "a relation needs to"),
  relationType: z.string().trim().min(1, "a relation needs a relationType"),
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Detects the format and parses it. Strings are JSON or JSONL; an object is taken as a parsed
 * Strata JSON export.
 *
 *   parseImportSource('{"type":"entity","name":"Alice","entityType":"person","observations":["works at Acme"]}')
 *   // → { format: "mcp-memory", statements: [{ text: "Alice has entity type person", … }, { text: "Alice works at Acme", … }] }
 */
export function parseImportSource(source: unknown): ParsedSource {
  if (isRecord(source)) return { format: "strata-json", document: parseDocument(source) };
  if (typeof source !== "string")
    throw new StrataError("INVALID_INPUT", `Invalid import source: ${UNKNOWN_FORMAT}; got ${typeof source}.`);
  const text = source.replace(/^\uFEFF/, "").trim();
  if (text.length === 0)
    throw new StrataError("INVALID_INPUT", `Nothing to import: the source is empty; ${UNKNOWN_FORMAT}.`);
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    // Not one JSON value: JSONL.
  }
  if (isRecord(whole) && whole.format === EXPORT_FORMAT)
    return { format: "strata-json", document: parseDocument(whole) };
  const records: { line: number; value: Record<string, unknown> }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim().length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new StrataError("INVALID_INPUT", `Cannot import: line ${i + 1} is not JSON; ${UNKNOWN_FORMAT}.`, {
        line: i + 1,
      });
    }
    if (!isRecord(value) || typeof value.type !== "string")
      throw new StrataError(
        "INVALID_INPUT",
        `Cannot import: line ${i + 1} has no "type"; ${UNKNOWN_FORMAT}.`,
        { line: i + 1 },
      );
    records.push({ line: i + 1, value });
  });
  const first = records[0]!.value;
  if (first.type === "header" && first.format === EXPORT_FORMAT)
    return { format: "strata-jsonl", document: parseStrataJsonl(first, records.slice(1)) };
  if (first.type === "entity" || first.type === "relation") return parseMcpMemory(records);
  throw new StrataError(
    "INVALID_INPUT",
    `Unknown import format (first record has type "${first.type}"): ${UNKNOWN_FORMAT}.`,
    {
      type: first.type,
    },
  );
}

function parseDocument(value: Record<string, unknown>): ExportDocument {
  if (value.format !== EXPORT_FORMAT)
    throw new StrataError("INVALID_INPUT", `Unknown import format: ${UNKNOWN_FORMAT}.`);
  if (value.version !== 1)
    throw new StrataError(
      "INVALID_INPUT",
      `This Strata export has version ${String(value.version)}; this Strata reads version 1. Upgrade strata-memory to import it.`,
      { version: value.version },
    );
  const parsed = parseInput(ExportDocumentSchema, value, "Strata export");
  // An export written before meta keys were encoded spells a namespace with ":" raw.
  // An export written before sleep's record had its own key keeps its fields at the top of a
  // belief's metadata: moved in, as the stores' migrations do (only where and as sleep wrote them).
  const doc = {
    ...parsed,
    beliefs: parsed.sleepRecordKey
      ? parsed.beliefs
      : parsed.beliefs.map((b) => ({ ...b, metadata: { ...upgradedSleepRecord(b.metadata, b.source) } })),
    meta: parsed.meta.map((m) => ({ ...m, key: importedMetaKey(m.key) })),
  };
  const stray = strayRow(doc);
  if (stray)
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid Strata export of namespace "${doc.namespace}": ${stray}. An export holds one namespace's rows only; export the namespace again with strata export.`,
      { namespace: doc.namespace },
    );
  const damaged = damagedRow(doc) ?? tangledRow(doc);
  if (damaged)
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid Strata export of namespace "${doc.namespace}": ${damaged}. Nothing was imported; export the namespace again with strata export.`,
      { namespace: doc.namespace },
    );
  return doc;
}

function parseStrataJsonl(
  header: Record<string, unknown>,
  records: { line: number; value: Record<string, unknown> }[],
): ExportDocument {
  const bySection = new Map<string, DumpSection>(DUMP_SECTIONS.map((s) => [RECORD_TYPES[s], s]));
  const doc: Record<string, unknown> = {
    format: header.format,
    version: header.version,
    namespace: header.namespace,
    exportedAt: header.exportedAt,
    ...(header.sleepRecordKey !== undefined ? { sleepRecordKey: header.sleepRecordKey } : {}),
    counts: header.counts,
    ...Object.fromEntries(DUMP_SECTIONS.map((s) => [s, [] as unknown[]])),
  };
  for (const { line, value } of records) {
    const section = bySection.get(value.type as string);
    if (!section)
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid Strata JSONL: line ${line} has unknown type "${String(value.type)}" (expected one of ${[...bySection.keys()].join(", ")}).`,
        { line },
      );
    const row = SECTION_SCHEMAS[section].safeParse(value.data);
    if (!row.success)
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid Strata JSONL: line ${line} (${String(value.type)}): ${row.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}.`,
        { line },
      );
    (doc[section] as unknown[]).push(row.data);
  }
  return parseDocument(doc);
}

/** The entity type Strata's memory.jsonl export gives the namespace's own beliefs (export.ts). */
const NAMESPACE_ENTITY_TYPE = "strata-namespace";

/** "Works at Acme" for Alice → "Alice works at Acme"; an observation naming its entity is kept as is. */
function statementAbout(entity: string, observation: string): string {
  const o = observation.trim();
  if (o.toLowerCase().includes(entity.toLowerCase())) return o;
  // Lower-case a leading capital only when it starts an ordinary word ("Works"), not "NASA" or "I".
  const lowered = /^[A-Z][a-z]/.test(o) ? o[0]!.toLowerCase() + o.slice(1) : o;
  return `${entity} ${lowered}`;
}

function parseMcpMemory(records: { line: number; value: Record<string, unknown> }[]): ParsedSource {
  const statements: McpStatement[] = [];
  let entities = 0;
  let relations = 0;
  for (const { line, value } of records) {
    if (value.type === "entity") {
      const r = McpEntitySchema.safeParse(value);
      if (!r.success)
        throw new StrataError(
          "INVALID_INPUT",
          `Invalid memory.jsonl: line ${line}: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}.`,
          { line },
        );
      entities++;
      const e = r.data;
      const base = { source: "mcp-memory", entity: e.name, entityType: e.entityType || null };
      // Strata's own export: the namespace entity holds beliefs in their own words, not about "default".
      const own = e.entityType === NAMESPACE_ENTITY_TYPE;
      // Its type is the export's marker, not something known about the namespace.
      if (e.entityType && !own)
        statements.push({
          // Not "Acme is an organization": the lexical judge reads "Acme is based in Berlin" as its new value.
          text: `${e.name} has entity type ${e.entityType.replace(/_/g, " ")}`,
          origin: `entity ${e.name}`,
          metadata: base,
        });
      e.observations.forEach((o, i) => {
        if (o.trim().length === 0) return;
        statements.push({
          text: own ? o.trim() : statementAbout(e.name, o),
          origin: `entity ${e.name}, observation ${i + 1}`,
          metadata: { ...base, observation: o },
        });
      });
    } else if (value.type === "relation") {
      const r = McpRelationSchema.safeParse(value);
      if (!r.success)
        throw new StrataError(
          "INVALID_INPUT",
          `Invalid memory.jsonl: line ${line}: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}.`,
          { line },
        );
      relations++;
      const x = r.data;
      statements.push({
        // Underscores read as words, so "works_at" meets "works at" in the gate and in search.
        text: `${x.from} ${x.relationType.replace(/_/g, " ")} ${x.to}`,
        origin: `relation ${x.from} ${x.relationType} ${x.to}`,
        metadata: { source: "mcp-memory", from: x.from, to: x.to, relationType: x.relationType },
      });
    } else {
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid memory.jsonl: line ${line} has type "${String(value.type)}"; the MCP memory server writes only "entity" and "relation" lines.`,
        { line },
      );
    }
  }
  return { format: "mcp-memory", statements, entities, relations };
}
