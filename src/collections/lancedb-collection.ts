/**
 * A `VectorCollection` over a LanceDB table, embedded (a folder on disk). `@lancedb/lancedb` is an
 * optional dependency (0.31.x on Node 20), loaded only when a LanceDB collection is opened.
 *
 *   const collection = await openLancedbCollection("./data/lancedb", { table: "memories", createdColumn: "created_at" });
 *
 * Records are read in storage order by offset; the metadata of a record is every column but the id,
 * the text and vector columns. `mark` sets a string column named after the mark key, adding it
 * (null everywhere) when the table has none.
 */
import { z } from "zod";
import type { CollectionRecord, VectorCollection } from "../core/curation/collection.js";
import { StrataError } from "../core/errors.js";
import { parseInput } from "../core/validate.js";
import { toIsoTime } from "./created-at.js";
import { loadOptional } from "./optional-module.js";

const column = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]{0,63}$/,
    "a column name is letters, digits and _, starting with a letter or _",
  );

export const LancedbCollectionOptionsSchema = z
  .object({
    table: z.string().min(1).max(256).describe("The table's name in the database folder."),
    idColumn: column.default("id").describe('The id column (default "id").'),
    textColumn: column.default("text").describe('The text column (default "text").'),
    createdColumn: column
      .optional()
      .describe("A column with the record's creation time (timestamp, epoch or ISO)."),
  })
  .strict();
export type LancedbCollectionOptions = z.input<typeof LancedbCollectionOptionsSchema>;

/** The part of LanceDB's Table the adapter uses (structural, so the optional package stays optional). */
interface LanceField {
  name: string;
  type: { typeId: number; toString(): string };
}
interface LanceTable {
  schema(): Promise<{ fields: LanceField[] }>;
  query(): { select(columns: string[]): LanceQuery };
  delete(predicate: string): Promise<unknown>;
  update(opts: { where: string; values: Record<string, string> }): Promise<unknown>;
  addColumns(columns: { name: string; valueSql: string }[]): Promise<unknown>;
  close(): void;
}
interface LanceQuery {
  offset(n: number): LanceQuery;
  limit(n: number): LanceQuery;
  toArray(): Promise<Record<string, unknown>[]>;
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A collection over an open LanceDB table. */
export async function lancedbCollection(
  table: LanceTable,
  options: LancedbCollectionOptions,
  onClose: () => Promise<void> = async () => {},
): Promise<VectorCollection> {
  const o = parseInput(LancedbCollectionOptionsSchema, options, "lancedb collection options");
  const fields = (await table.schema()).fields;
  const names = fields.map((f) => f.name);
  for (const needed of [o.idColumn, o.textColumn, o.createdColumn])
    if (needed !== undefined && !names.includes(needed))
      throw new StrataError(
        "INVALID_INPUT",
        `LanceDB table "${o.table}" has no column "${needed}"; its columns: ${names.join(", ")}. Name the right one (--id-column, --text-column, --created-column).`,
        { table: o.table, column: needed },
      );
  const isList = (f: LanceField) => /List|Binary/i.test(f.type.toString());
  const readable = fields.filter((f) => !isList(f)).map((f) => f.name);
  const idType = fields.find((f) => f.name === o.idColumn)!.type.toString();
  const numericId = /^(Int|Uint|Float)/i.test(idType);
  const idList = (ids: readonly string[]) =>
    ids.map((id) => (numericId ? String(Number(id)) : sqlString(id))).join(", ");
  const idIn = (ids: readonly string[]) => `\`${o.idColumn}\` IN (${idList(ids)})`;

  return {
    name: `lancedb:${o.table}`,
    async scan({ cursor, limit }) {
      const offset = cursor === null ? 0 : Number(cursor);
      const rows = await table.query().select(readable).offset(offset).limit(limit).toArray();
      const records: CollectionRecord[] = rows.map((row) => {
        const metadata: Record<string, unknown> = {};
        for (const name of readable)
          if (name !== o.idColumn && name !== o.textColumn) metadata[name] = plain(row[name]);
        return {
          id: String(row[o.idColumn]),
          text: row[o.textColumn] == null ? "" : String(row[o.textColumn]),
          metadata,
          createdAt: o.createdColumn ? toIsoTime(plain(row[o.createdColumn])) : null,
        };
      });
      return { records, cursor: records.length === limit ? String(offset + limit) : null };
    },
    async remove(ids) {
      if (ids.length > 0) await table.delete(idIn(ids));
    },
    async mark(marks, key) {
      if (marks.length === 0) return;
      if (!names.includes(key)) {
        await table.addColumns([{ name: key, valueSql: "CAST(NULL AS STRING)" }]);
        names.push(key);
        readable.push(key);
      }
      const byValue = new Map<string, string[]>();
      for (const m of marks) byValue.set(m.value, [...(byValue.get(m.value) ?? []), m.id]);
      for (const [value, ids] of byValue) await table.update({ where: idIn(ids), values: { [key]: value } });
    },
    async close() {
      table.close();
      await onClose();
    },
  };
}

/** Arrow values as plain JSON-like values (int64 arrives as BigInt). */
function plain(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object" && "toJSON" in value && typeof value.toJSON === "function")
    return value.toJSON();
  return value;
}

/** Opens the LanceDB database folder at `path` and its table; `close()` closes both. */
export async function openLancedbCollection(
  path: string,
  options: LancedbCollectionOptions,
): Promise<VectorCollection> {
  const o = parseInput(LancedbCollectionOptionsSchema, options, "lancedb collection options");
  const lancedb = await loadOptional(
    "@lancedb/lancedb",
    "npm install @lancedb/lancedb@0.31.0",
    () => import("@lancedb/lancedb"),
  );
  const db = await lancedb.connect(path);
  const tables = await db.tableNames();
  if (!tables.includes(o.table)) {
    db.close();
    throw new StrataError(
      "NOT_FOUND",
      `No LanceDB table "${o.table}" in ${path}; its tables: ${tables.join(", ") || "(none)"}. Check --path and --table.`,
      { path, table: o.table },
    );
  }
  const table = (await db.openTable(o.table)) as unknown as LanceTable;
  return lancedbCollection(table, o, async () => db.close());
}
