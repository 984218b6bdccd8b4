/**
 * A `VectorCollection` over a PostgreSQL table with pgvector (or any table with an id, a text and
 * a JSON metadata column): generic column names, plus presets for LangChain's
 * `langchain_pg_embedding` table and mem0's pgvector table. Runs over anything with pg's
 * `query(sql, params) → { rows }`: a `pg` Pool or Client, or PGlite.
 *
 *   const collection = await pgvectorCollection(pool, { preset: "mem0" });
 *   const collection = await openPgvectorCollection("postgres://…/app", { table: "notes", textColumn: "body" });
 *
 * The vector column is never read or written: curation needs the text, and `remove` deletes the row.
 */
import { z } from "zod";
import type { CollectionRecord, VectorCollection } from "../core/curation/collection.js";
import { StrataError } from "../core/errors.js";
import { parseInput } from "../core/validate.js";
import { PGVECTOR_PRESETS, type PgvectorPreset } from "../core/vocabulary.js";
import { redactUrl } from "../store/open-store.js";
import { withPassfilePassword } from "../store/postgres/postgres-passfile.js";
import { missingPassword, withLibpqSslMode } from "../store/postgres/postgres-url.js";
import { toIsoTime } from "./created-at.js";

/** The part of `pg` and PGlite the adapter uses. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export { PGVECTOR_PRESETS, type PgvectorPreset };

const identifier = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/,
    "a column name is letters, digits, _ and $, starting with a letter or _",
  );
const jsonKey = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "a JSON key is letters, digits, _ . and -");

export const PgvectorCollectionOptionsSchema = z
  .object({
    preset: z
      .enum(PGVECTOR_PRESETS)
      .optional()
      .describe(
        "langchain: langchain_pg_embedding (id, document, cmetadata); langchainjs: PGVectorStore's defaults (id, text, metadata; pass table); mem0: mem0's table (id, payload with data and created_at).",
      ),
    table: z
      .string()
      .regex(
        /^([A-Za-z_][A-Za-z0-9_$]{0,62}\.)?[A-Za-z_][A-Za-z0-9_$]{0,62}$/,
        "a table is a name, optionally schema-qualified (public.items)",
      )
      .optional()
      .describe("The table (schema.table allowed). Presets: langchain_pg_embedding, mem0."),
    idColumn: identifier.optional().describe('The primary key column (default "id").'),
    textColumn: identifier.optional().describe("The column holding the text."),
    textKey: jsonKey
      .optional()
      .describe("Or: the key inside the metadata column holding the text (mem0: data)."),
    metadataColumn: identifier.nullable().optional().describe("The JSON/JSONB metadata column; null: none."),
    createdColumn: identifier.optional().describe("A timestamp column with the record's creation time."),
    createdKey: jsonKey.optional().describe("Or: the key inside the metadata holding it (mem0: created_at)."),
    langchainCollection: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("With preset langchain: only the rows of this collection (langchain_pg_collection.name)."),
  })
  .strict();
export type PgvectorCollectionOptions = z.input<typeof PgvectorCollectionOptionsSchema>;

interface Columns {
  table: string;
  id: string;
  text: { column: string } | { key: string };
  metadata: string | null;
  created: { column: string } | { key: string } | null;
  langchainCollection: string | null;
}

const PRESETS: Record<PgvectorPreset, Partial<PgvectorCollectionOptions>> = {
  langchain: { table: "langchain_pg_embedding", textColumn: "document", metadataColumn: "cmetadata" },
  langchainjs: { textColumn: "text", metadataColumn: "metadata" },
  mem0: { table: "mem0", textKey: "data", metadataColumn: "payload", createdKey: "created_at" },
};

function resolveColumns(input: PgvectorCollectionOptions): Columns {
  const o = parseInput(PgvectorCollectionOptionsSchema, input, "pgvector collection options");
  const preset = o.preset ? PRESETS[o.preset] : {};
  // Explicit text/created options replace the preset's, whichever form (column or key) they take.
  const text = o.textColumn
    ? { column: o.textColumn }
    : o.textKey
      ? { key: o.textKey }
      : preset.textColumn
        ? { column: preset.textColumn }
        : preset.textKey
          ? { key: preset.textKey }
          : null;
  const table = o.table ?? preset.table;
  if (!table)
    throw new StrataError("INVALID_INPUT", "Invalid pgvector collection options: name the table (--table).", {
      field: "table",
    });
  if (!text)
    throw new StrataError(
      "INVALID_INPUT",
      "Invalid pgvector collection options: name the column with the text (--text-column) or its key in the metadata (--text-key), or pick a preset.",
      { field: "textColumn" },
    );
  const metadata = o.metadataColumn !== undefined ? o.metadataColumn : (preset.metadataColumn ?? null);
  const created = o.createdColumn
    ? { column: o.createdColumn }
    : o.createdKey
      ? { key: o.createdKey }
      : preset.createdKey
        ? { key: preset.createdKey }
        : null;
  if (("key" in text || (created && "key" in created)) && metadata === null)
    throw new StrataError(
      "INVALID_INPUT",
      "Invalid pgvector collection options: a key inside the metadata needs the metadata column (--metadata-column).",
      { field: "metadataColumn" },
    );
  if (o.langchainCollection && o.preset !== "langchain")
    throw new StrataError(
      "INVALID_INPUT",
      "Invalid pgvector collection options: langchainCollection applies to preset langchain only.",
      { field: "langchainCollection" },
    );
  return {
    table,
    id: o.idColumn ?? "id",
    text,
    metadata,
    created,
    langchainCollection: o.langchainCollection ?? null,
  };
}

const q = (name: string) => `"${name}"`;
const qualified = (table: string) => table.split(".").map(q).join(".");

/**
 * A collection over a table reachable through `client` (a pg Pool or PGlite, left open on close).
 * Checks the table and its columns first: a missing one is NOT_FOUND / INVALID_INPUT naming it.
 */
export async function pgvectorCollection(
  client: SqlRunner,
  options: PgvectorCollectionOptions,
  onClose: () => Promise<void> = async () => {},
): Promise<VectorCollection> {
  const c = resolveColumns(options);
  const [schema, name] = c.table.includes(".") ? c.table.split(".") : [null, c.table];
  const { rows } = await client.query(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_name = $1 AND table_schema = COALESCE($2::text, current_schema())
     ORDER BY ordinal_position`,
    [name, schema],
  );
  const types = new Map(
    (rows as { column_name: string; data_type: string }[]).map((r) => [r.column_name, r.data_type]),
  );
  if (types.size === 0)
    throw new StrataError(
      "NOT_FOUND",
      `No table "${c.table}" in this database: check the table name (and its schema, e.g. public.items).`,
      { table: c.table },
    );
  const needed = [
    c.id,
    c.metadata,
    "column" in c.text ? c.text.column : null,
    c.created && "column" in c.created ? c.created.column : null,
  ];
  if (c.langchainCollection) needed.push("collection_id");
  for (const column of needed)
    if (column !== null && !types.has(column))
      throw new StrataError(
        "INVALID_INPUT",
        `Table "${c.table}" has no column "${column}"; its columns: ${[...types.keys()].join(", ")}. Name the right one (--id-column, --text-column, --metadata-column, --created-column) or pick a preset.`,
        { table: c.table, column },
      );
  const metadataType = c.metadata ? types.get(c.metadata)! : null;
  if (metadataType && metadataType !== "json" && metadataType !== "jsonb")
    throw new StrataError(
      "INVALID_INPUT",
      `Column "${c.metadata}" of "${c.table}" is ${metadataType}, not json or jsonb: name the JSON metadata column, or pass no metadata column.`,
      { column: c.metadata },
    );

  const t = qualified(c.table);
  const idText = `${q(c.id)}::text`;
  const meta = c.metadata ? `${q(c.metadata)}::jsonb` : "'{}'::jsonb";
  const textExpr = "column" in c.text ? `${q(c.text.column)}::text` : `${meta} ->> '${c.text.key}'`;
  const createdExpr = !c.created
    ? "NULL"
    : "column" in c.created
      ? q(c.created.column)
      : `${meta} ->> '${c.created.key}'`;
  const params: unknown[] = [];
  let scope = "TRUE";
  if (c.langchainCollection) {
    params.push(c.langchainCollection);
    scope = `collection_id = (SELECT uuid FROM langchain_pg_collection WHERE name = $${params.length})`;
  }
  const p = (n: number) => `$${params.length + n}`;

  return {
    name: `pgvector:${c.table}${c.langchainCollection ? `/${c.langchainCollection}` : ""}`,
    async scan({ cursor, limit }) {
      const result = await client.query(
        `SELECT ${idText} AS id, ${textExpr} AS text, ${meta} AS metadata, ${createdExpr} AS created
         FROM ${t} WHERE ${scope} AND (${p(1)}::text IS NULL OR ${idText} > ${p(1)})
         ORDER BY ${idText} LIMIT ${p(2)}`,
        [...params, cursor, limit],
      );
      const records: CollectionRecord[] = (
        result.rows as { id: string; text: string | null; metadata: unknown; created: unknown }[]
      ).map((r) => ({
        id: r.id,
        text: r.text ?? "",
        metadata: parseJson(r.metadata),
        createdAt: toIsoTime(r.created),
      }));
      return { records, cursor: records.length === limit ? records.at(-1)!.id : null };
    },
    async remove(ids) {
      if (ids.length === 0) return;
      await client.query(`DELETE FROM ${t} WHERE ${idText} = ANY(${p(1)}::text[]) AND ${scope}`, [
        ...params,
        [...ids],
      ]);
    },
    async mark(marks, key) {
      if (!c.metadata)
        throw new StrataError(
          "UNSUPPORTED",
          `Table "${c.table}" has no metadata column to mark records in: use mode report or delete, or name the JSON column (--metadata-column).`,
        );
      if (marks.length === 0) return;
      const cast = metadataType === "json" ? "::json" : "";
      await client.query(
        `UPDATE ${t} AS t SET ${q(c.metadata)} = (COALESCE(t.${q(c.metadata)}::jsonb, '{}'::jsonb) || jsonb_build_object(${p(1)}::text, m.value))${cast}
         FROM unnest(${p(2)}::text[], ${p(3)}::text[]) AS m(id, value)
         WHERE t.${q(c.id)}::text = m.id AND ${scope}`,
        [...params, key, marks.map((m) => m.id), marks.map((m) => m.value)],
      );
    },
    close: onClose,
  };
}

function parseJson(value: unknown): Record<string, unknown> {
  const v = typeof value === "string" ? JSON.parse(value) : value;
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Opens a `pg` pool for `url` and a collection over it; `close()` ends the pool. */
export async function openPgvectorCollection(
  url: string,
  options: PgvectorCollectionOptions,
): Promise<VectorCollection> {
  resolveColumns(options);
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: withLibpqSslMode(withPassfilePassword(url)),
    max: 2,
    connectionTimeoutMillis: 10_000,
  });
  pool.on("error", () => undefined);
  try {
    return await pgvectorCollection(pool, options, () => pool.end());
  } catch (error) {
    await pool.end();
    const code = (error as { code?: string }).code ?? "";
    if (error instanceof StrataError) throw error;
    const noPassword = missingPassword(error, redactUrl(url));
    if (noPassword) throw noPassword;
    if (
      /^(ECONN|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|28|3D|08)/.test(code) ||
      /timeout|terminated/i.test(String(error))
    )
      throw new StrataError(
        "STORE_UNAVAILABLE",
        `Cannot reach PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}. Check the URL, that the server runs, and the credentials.`,
        { target: redactUrl(url) },
      );
    throw error;
  }
}
