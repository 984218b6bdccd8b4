import { describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import { arrayCollection } from "../../collections/array-collection.js";
import type { Judge } from "../ports.js";
import type { CollectionRecord } from "./collection.js";
import { curate, curationNamespace } from "./curate.js";

const rec = (id: string, text: string, createdAt: string | null, metadata = {}): CollectionRecord => ({
  id,
  text,
  metadata,
  createdAt,
});

/** A port that changed, a duplicate of another record, and one unrelated record. */
const records = () => [
  rec("r1", "The checkout service runs on port 8080", "2026-03-01T10:00:00Z"),
  rec("r2", "The billing team is led by Priya", "2026-03-02T10:00:00Z"),
  rec("r3", "The billing team is led by Priya", "2026-03-03T10:00:00Z"),
  rec("r4", "The checkout service runs on port 9090", "2026-03-04T10:00:00Z"),
];

describe("curate", () => {
  it("reports the stale and the duplicate record with reasons and changes nothing in report mode", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    const before = structuredClone(collection.records);
    const result = await curate(mem, collection);
    expect(result).toMatchObject({ mode: "report", scanned: 4, synced: 4, superseded: 1, redundant: 1 });
    expect(result.items.map(({ recordId, action, by }) => ({ recordId, action, by }))).toEqual([
      { recordId: "r1", action: "superseded", by: "r4" },
      { recordId: "r3", action: "redundant", by: "r2" },
    ]);
    for (const item of result.items) expect(item.reason.length).toBeGreaterThan(3);
    expect(result.items[0]!.reason).toMatch(/8080|9090|value/);
    expect(collection.records).toEqual(before);
    expect(result.marked + result.deleted).toBe(0);
  });

  it("refuses a delete without confirm and reads, writes and removes nothing", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    await expect(curate(mem, collection, { mode: "delete" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/confirm: true/),
    });
    expect(collection.records).toHaveLength(4);
    expect(await mem.list({ namespace: curationNamespace(collection.name), status: "any" })).toEqual([]);
  });

  it("refuses unknown options and a bad mark key", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    await expect(curate(mem, collection, { mode: "purge" as "report" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    await expect(curate(mem, collection, { markKey: "a b" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    await expect(curate(mem, collection, { prune: true } as object)).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("deletes exactly the judged records with confirm, and recall over what remains gives the current value", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    const result = await curate(mem, collection, { mode: "delete", confirm: true });
    expect(result.deleted).toBe(2);
    expect(collection.records.map((r) => r.id)).toEqual(["r2", "r4"]);
    const [top] = await mem.recall("checkout service port", { namespace: result.namespace });
    expect(top?.text).toContain("9090");
    const audit = await mem.audit({ namespace: result.namespace });
    expect(audit.map((a) => a.event)).toContain("curation.deleted");
  });

  it("marks the judged records with a metadata flag and keeps them", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    const result = await curate(mem, collection, { mode: "mark", markKey: "stale" });
    expect(result.marked).toBe(2);
    expect(collection.records.map((r) => [r.id, r.metadata.stale])).toEqual([
      ["r1", "superseded"],
      ["r2", undefined],
      ["r3", "redundant"],
      ["r4", undefined],
    ]);
  });

  it("orders by creation time, not scan order: the newer record wins wherever it sits", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", [...records()].reverse());
    const result = await curate(mem, collection);
    expect(result.items.find((i) => i.recordId === "r1")).toMatchObject({ action: "superseded", by: "r4" });
  });

  it("re-runs incrementally: seen records are skipped by id and content hash, changed ones are synced", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    await curate(mem, collection);
    const again = await curate(mem, collection);
    expect(again).toMatchObject({ synced: 0, unchanged: 4, superseded: 1, redundant: 1 });
    collection.records.push(rec("r5", "The checkout service runs on port 7070", "2026-03-05T10:00:00Z"));
    const third = await curate(mem, collection);
    expect(third).toMatchObject({ synced: 1, unchanged: 4 });
    expect(third.items.filter((i) => i.action === "superseded").map((i) => [i.recordId, i.by])).toEqual([
      ["r1", "r5"],
      ["r4", "r5"],
    ]);
  });

  it("does nothing to a record whose survivor is no longer in the collection, or whose text changed", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    await curate(mem, collection);
    await collection.remove(["r4", "r2"]);
    const after = await curate(mem, collection, { mode: "delete", confirm: true });
    expect(after.items).toEqual([]);
    expect(collection.records.map((r) => r.id)).toEqual(["r1", "r3"]);
  });

  it("does nothing when the judge deferred the pair (unsure, as the lexical judge defers): both records stay", async () => {
    const unsure: Judge = {
      name: "unsure",
      compare: () => ({ relation: "refines", similarity: 0.9, reason: "unsure:overlap", confident: false }),
    };
    const { mem } = await testMemory({ judge: unsure });
    const collection = arrayCollection("notes", [
      rec("a", "Lunch is at noon on Fridays", "2026-03-01T10:00:00Z"),
      rec("b", "Fridays we have lunch at twelve", "2026-03-02T10:00:00Z"),
    ]);
    const result = await curate(mem, collection, { mode: "delete", confirm: true });
    expect(result.deleted).toBe(0);
    expect(collection.records).toHaveLength(2);
  });

  it("skips a record it cannot read (empty text) and never deletes it", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", [rec("blank", "   ", null), ...records()]);
    const result = await curate(mem, collection, { mode: "delete", confirm: true });
    expect(result.items[0]).toMatchObject({ recordId: "blank", action: "skipped", by: null });
    expect(result.skipped).toBe(1);
    expect(collection.records.map((r) => r.id)).toEqual(["blank", "r2", "r4"]);
  });

  it("keeps the collection's beliefs in a namespace of their own", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    const result = await curate(mem, collection, { namespace: "tenant-a/curated" });
    expect(result.namespace).toBe("tenant-a/curated");
    expect(await mem.list()).toEqual([]);
    const beliefs = await mem.list({ namespace: "tenant-a/curated", status: "any" });
    expect(beliefs.length).toBeGreaterThan(0);
    expect(beliefs[0]!.metadata).toMatchObject({ curation: { collection: "array:notes" } });
  });

  it("counts a record without a creation time as written now: after the dated ones, so it can replace them", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", [
      rec("undated", "The checkout service runs on port 9090", null),
      rec("dated", "The checkout service runs on port 8080", "2026-03-01T10:00:00Z"),
    ]);
    const result = await curate(mem, collection);
    expect(result.items).toEqual([
      expect.objectContaining({ recordId: "dated", action: "superseded", by: "undated" }),
    ]);
  });

  it("two runs over one namespace at once take turns: the second sees what the first synced", async () => {
    const { mem } = await testMemory();
    const collection = arrayCollection("notes", records());
    const [first, second] = await Promise.all([curate(mem, collection), curate(mem, collection)]);
    expect([first.synced, second.synced].sort()).toEqual([0, 4]);
    expect(second.items).toEqual(first.items);
  });
});
