/** The LanceDB collection for real: an embedded database in a temp folder, scanned, marked, pruned and curated. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as lancedb from "@lancedb/lancedb";
import { describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import { curate } from "../core/curation/curate.js";
import { openLancedbCollection } from "./lancedb-collection.js";

const NOTES = [
  "The checkout service runs on port 8080",
  "The billing team is led by Priya",
  "The billing team is led by Priya",
  "The checkout service runs on port 9090",
];

async function seed(): Promise<string> {
  const path = mkdtempSync(join(tmpdir(), "strata-lancedb-"));
  const db = await lancedb.connect(path);
  await db.createTable(
    "memories",
    NOTES.map((text, i) => ({
      id: `m${i + 1}`,
      text,
      vector: [i, 1, 0],
      user: "u1",
      created_at: `2026-03-0${i + 1}T10:00:00Z`,
    })),
  );
  db.close();
  return path;
}

async function rows(path: string): Promise<Record<string, unknown>[]> {
  const db = await lancedb.connect(path);
  const table = await db.openTable("memories");
  const all = await table.query().toArray();
  db.close();
  return all
    .map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>)
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

describe("lancedbCollection, embedded", () => {
  it("scans in pages with text, metadata (no vectors) and creation time", async () => {
    const path = await seed();
    const collection = await openLancedbCollection(path, { table: "memories", createdColumn: "created_at" });
    const first = await collection.scan({ cursor: null, limit: 3 });
    const second = await collection.scan({ cursor: first.cursor, limit: 3 });
    expect(second.cursor).toBeNull();
    const records = [...first.records, ...second.records];
    expect(records.map((r) => r.text)).toEqual(NOTES);
    expect(records[0]).toEqual({
      id: "m1",
      text: NOTES[0],
      metadata: { user: "u1", created_at: "2026-03-01T10:00:00Z" },
      createdAt: "2026-03-01T10:00:00.000Z",
    });
    await collection.close?.();
  });

  it("refuses a missing table or column, naming what exists", async () => {
    const path = await seed();
    await expect(openLancedbCollection(path, { table: "nope" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("memories"),
    });
    await expect(
      openLancedbCollection(path, { table: "memories", textColumn: "body" }),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/no column "body".*text/),
    });
  });

  it("curates: report changes nothing, mark adds the flag column, delete removes exactly the judged rows", async () => {
    const path = await seed();
    const { mem } = await testMemory();
    const open = () => openLancedbCollection(path, { table: "memories", createdColumn: "created_at" });
    const before = await rows(path);
    let collection = await open();
    const report = await curate(mem, collection);
    await collection.close?.();
    expect(report.items.map((i) => [i.recordId, i.action, i.by])).toEqual([
      ["m1", "superseded", "m4"],
      ["m3", "redundant", "m2"],
    ]);
    expect(await rows(path)).toEqual(before);

    collection = await open();
    await curate(mem, collection, { mode: "mark" });
    await collection.close?.();
    expect((await rows(path)).map((r) => [r.id, r.strata_curation])).toEqual([
      ["m1", "superseded"],
      ["m2", null],
      ["m3", "redundant"],
      ["m4", null],
    ]);

    collection = await open();
    const deleted = await curate(mem, collection, { mode: "delete", confirm: true });
    await collection.close?.();
    expect(deleted.deleted).toBe(2);
    expect((await rows(path)).map((r) => r.id)).toEqual(["m2", "m4"]);
  });
});
