/**
 * Records as the stores read them: every field from its own column, in the field table's key
 * order, and built as fast-mode objects. A belief of 31 fields built key by key through computed
 * keys becomes a dictionary-mode object in V8, so every read of one of its fields (recall and
 * context read hundreds of records a call) is a hash look-up.
 */
import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import type { Belief, Episode } from "../core/model.js";
import {
  BELIEF_FIELDS,
  beliefFromRow,
  EPISODE_FIELDS,
  episodeFromRow,
  type Fields,
  rawBeliefReader,
  rawEpisodeReader,
} from "./rows.js";

setFlagsFromString("--allow-natives-syntax");
/** V8's own answer: is the object in fast mode (not a dictionary)? */
const hasFastProperties = new Function("o", "return %HasFastProperties(o)") as (o: object) => boolean;

/** A row whose every text column holds its own column name (JSON columns a JSON of it, numbers a number). */
function distinctRow<T>(fields: Fields<T>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  let n = 1;
  for (const [column, kind] of Object.values(fields) as [string, string][]) {
    row[column] =
      kind === "json" ? JSON.stringify({ column }) : kind === "bool" ? 1 : kind === "text" ? column : n++;
  }
  return row;
}

function expectEachFieldFromItsColumn<T>(
  record: Record<string, unknown>,
  fields: Fields<T>,
  row: Record<string, unknown>,
): void {
  expect(Object.keys(record)).toEqual(["id", ...Object.keys(fields)]);
  for (const [field, [column, kind]] of Object.entries(fields) as [string, [string, string]][]) {
    const want =
      kind === "json" ? { column } : kind === "bool" ? true : kind === "text" ? column : Number(row[column]);
    expect(record[field], field).toEqual(want);
  }
}

describe("records read from rows", () => {
  for (const [name, fields, fromRow, raw] of [
    ["belief", BELIEF_FIELDS, beliefFromRow, rawBeliefReader],
    ["episode", EPISODE_FIELDS, episodeFromRow, rawEpisodeReader],
  ] as const) {
    it(`${name}: each field from its column, in the table's order, a fast-mode object (frozen too)`, () => {
      const row = distinctRow(fields as Fields<Belief | Episode>);
      const one = fromRow(row, 7) as unknown as Record<string, unknown>;
      expect(one.id).toBe(`${name[0]}7`);
      expectEachFieldFromItsColumn(one, fields as Fields<Belief | Episode>, row);
      expect(hasFastProperties(one)).toBe(true);
      expect(hasFastProperties(Object.freeze(one))).toBe(true);

      const columns = ["seq", ...Object.keys(row)];
      const read = raw(columns, "seq");
      const bulk = read([7, ...Object.values(row)]) as unknown as Record<string, unknown>;
      expect(bulk).toEqual(fromRow(row, 7));
      expectEachFieldFromItsColumn(bulk, fields as Fields<Belief | Episode>, row);
      expect(hasFastProperties(bulk)).toBe(true);
    });
  }
});
