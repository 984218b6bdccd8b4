/**
 * The Chroma collection through the official chromadb client. Chroma's server cannot run on this
 * machine, so the calls are covered against a fake that speaks the client's subset of the HTTP API
 * (test/support/fake-chroma.ts); the live suite runs when CHROMA_URL points at a real server.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FakeChroma, startFakeChroma } from "../../test/support/fake-chroma.js";
import { testMemory } from "../../test/support/memory.js";
import { curate } from "../core/curation/curate.js";
import { openChromaCollection } from "./chroma-collection.js";

const NOTES = [
  "The checkout service runs on port 8080",
  "The billing team is led by Priya",
  "The billing team is led by Priya",
  "The checkout service runs on port 9090",
];
const seedRecords = () =>
  NOTES.map((document, i) => ({
    id: `c${i + 1}`,
    document,
    metadata: { created_at: `2026-03-0${i + 1}T10:00:00Z`, user: "u1" },
  }));

let fake: FakeChroma | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe("chromaCollection through chromadb against a fake Chroma HTTP server", () => {
  it("scans in pages with documents, metadata and the creation time from a metadata key", async () => {
    fake = await startFakeChroma("notes", seedRecords());
    const collection = await openChromaCollection({
      url: fake.url,
      collection: "notes",
      createdKey: "created_at",
    });
    expect(collection.name).toBe("chroma:notes");
    const first = await collection.scan({ cursor: null, limit: 3 });
    const second = await collection.scan({ cursor: first.cursor, limit: 3 });
    expect(second.cursor).toBeNull();
    expect([...first.records, ...second.records].map((r) => r.text)).toEqual(NOTES);
    expect(first.records[0]).toEqual({
      id: "c1",
      text: NOTES[0],
      metadata: { created_at: "2026-03-01T10:00:00Z", user: "u1" },
      createdAt: "2026-03-01T10:00:00.000Z",
    });
    expect(fake.requests).toContain(
      "GET /api/v2/tenants/default_tenant/databases/default_database/collections/notes",
    );
  });

  it("a missing collection is NOT_FOUND and an unreachable server STORE_UNAVAILABLE", async () => {
    fake = await startFakeChroma("notes", []);
    await expect(openChromaCollection({ url: fake.url, collection: "other" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const url = fake.url;
    await fake.close();
    fake = null;
    await expect(openChromaCollection({ url, collection: "notes" })).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
    });
    await expect(openChromaCollection({ url: "not a url", collection: "notes" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("curates: report changes nothing, mark merges the flag into metadata, delete removes exactly the judged ids", async () => {
    fake = await startFakeChroma("notes", seedRecords());
    const { mem } = await testMemory();
    const collection = await openChromaCollection({
      url: fake.url,
      collection: "notes",
      createdKey: "created_at",
    });
    const before = structuredClone(fake.records);
    const report = await curate(mem, collection);
    expect(report.items.map((i) => [i.recordId, i.action, i.by])).toEqual([
      ["c1", "superseded", "c4"],
      ["c3", "redundant", "c2"],
    ]);
    expect(fake.records).toEqual(before);

    await curate(mem, collection, { mode: "mark" });
    expect(fake.records.map((r) => [r.id, r.metadata?.strata_curation ?? null, r.metadata?.user])).toEqual([
      ["c1", "superseded", "u1"],
      ["c2", null, "u1"],
      ["c3", "redundant", "u1"],
      ["c4", null, "u1"],
    ]);

    const deleted = await curate(mem, collection, { mode: "delete", confirm: true });
    expect(deleted.deleted).toBe(2);
    expect(fake.records.map((r) => r.id)).toEqual(["c2", "c4"]);
  });
});

const live = process.env.CHROMA_URL;
describe.skipIf(!live)(
  `chromaCollection against a live Chroma server (${live ? live : "skipped: set CHROMA_URL=http://host:8000 to run; Chroma's server cannot run on this machine"})`,
  () => {
    it("curates a fresh collection on the live server", async () => {
      const { ChromaClient } = await import("chromadb");
      const url = new URL(live!);
      const client = new ChromaClient({
        host: url.hostname,
        port: Number(url.port || 8000),
        ssl: url.protocol === "https:",
      });
      const name = `strata-curate-test-${process.pid}`;
      const created = await client.createCollection({ name, embeddingFunction: null as never });
      try {
        const records = seedRecords();
        await created.add({
          ids: records.map((r) => r.id),
          documents: records.map((r) => r.document),
          metadatas: records.map((r) => r.metadata),
          embeddings: records.map((_, i) => [i, 1, 0]),
        });
        const { mem } = await testMemory();
        const collection = await openChromaCollection({
          url: live!,
          collection: name,
          createdKey: "created_at",
        });
        const result = await curate(mem, collection, { mode: "delete", confirm: true });
        expect(result.items.map((i) => i.recordId)).toEqual(["c1", "c3"]);
        expect((await created.get()).ids.sort()).toEqual(["c2", "c4"]);
      } finally {
        await client.deleteCollection({ name });
      }
    });
  },
);
