/**
 * `vectorPrecision: "auto"`: a small store keeps its vector index in float32 (no re-scoring), a
 * large one in int8 (half the bytes); the hits and scores are the same either way.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newBelief } from "../../../test/support/rows.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { FLOAT32_INDEX_BELOW, precisionFor, SqliteStore } from "./sqlite-store.js";

const EMBEDDER = "hashed-ngram-v1/384";

describe("the vector index's precision", () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-precision-"));
    path = join(dir, "store.db");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The file with one vector whose rowid is `rowid` (rowids count replaced vectors too). */
  async function fileWithVectorAt(rowid: number) {
    const store = SqliteStore.open({ path });
    await store.close();
    const db = new Database(path);
    db.prepare(
      "INSERT INTO vectors (rowid, id, namespace, embedder, dim, vector) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(rowid, "b1", "default", EMBEDDER, 384, Buffer.from(embedText("retry limit", 384).buffer));
    return db;
  }

  it.each([
    ["a new file", null, "float32"],
    ["a file just under the threshold", FLOAT32_INDEX_BELOW - 1, "float32"],
    ["a file at the threshold", FLOAT32_INDEX_BELOW, "int8"],
  ] as const)("auto picks by the vectors the file holds: %s → %s", async (_, rowid, want) => {
    const db = rowid === null ? new Database(path) : await fileWithVectorAt(rowid);
    try {
      expect(precisionFor(db, "auto")).toBe(want);
      // Asked for by name, a precision is kept whatever the size.
      expect(precisionFor(db, "int8")).toBe("int8");
      expect(precisionFor(db, "float32")).toBe("float32");
    } finally {
      db.close();
    }
  });

  it("gives the same hits and scores at every precision, and as a scan of the table", async () => {
    const writer = SqliteStore.open({ path });
    const texts = Array.from(
      { length: 80 },
      (_, i) =>
        `The ${["retry limit", "request timeout", "owner", "region"][i % 4]} of service ${i} is ${i % 9}`,
    );
    await writer.transaction(async (tx) => {
      for (const t of texts) {
        const id = await tx.insertBelief(newBelief(t));
        await tx.putVector(id, "default", EMBEDDER, embedText(t, 384));
      }
    });
    await writer.close();
    const stores = (["auto", "int8", "float32"] as const).map((vectorPrecision) =>
      SqliteStore.open({ path, vectorPrecision }),
    );
    const scan = SqliteStore.open({ path, vectorIndex: "scan" });
    try {
      for (const q of ["retry limit of service 12", "the owner of service 7 is 7", "region 3"]) {
        const want = await scan.searchBeliefVectors(
          embedText(q, 384),
          { namespaces: ["default"], statuses: ["active"] },
          12,
        );
        expect(want).toHaveLength(12);
        // The first search reads the table (cold start); the next ones use the index.
        for (const s of stores)
          for (let round = 0; round < 3; round++)
            expect(
              await s.searchBeliefVectors(
                embedText(q, 384),
                { namespaces: ["default"], statuses: ["active"] },
                12,
              ),
            ).toEqual(want);
      }
    } finally {
      for (const s of [...stores, scan]) await s.close();
    }
  });
});
