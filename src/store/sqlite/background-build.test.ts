/**
 * The vector index built in a worker thread (`warmIndexes({ background: true })`, `indexBuild`):
 * while it builds, searches are served cold from the table; once installed (and caught up with
 * what was written meanwhile, by this connection or another), every search answers exactly what
 * the on-search build answers. A build that fails, or a store that closes mid-build, installs
 * nothing and leaves today's on-search build.
 */
import { existsSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { heldBuild } from "../../../test/support/gate.js";
import { newBelief } from "../../../test/support/rows.js";
import { sqliteFileStores } from "../../../test/support/sqlite-files.js";
import { isStrataError } from "../../core/errors.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { VectorIndex } from "../vector-index.js";
import { SqliteStore } from "./sqlite-store.js";

const EMBEDDER = "hashed-ngram-v1/384";
const TOPICS = ["billing", "search", "deploy", "cache", "queue", "login", "backup", "metrics"];
const THINGS = ["gateway", "limit", "owner", "region", "timeout", "version", "budget"];
const textOf = (i: number) =>
  `The ${TOPICS[i % TOPICS.length]} ${THINGS[(i * 3) % THINGS.length]} of team ${i % 13} is ${i}`;
const QUERIES = [
  "billing gateway",
  "search timeout of team 4",
  "deploy owner",
  "cache region 7",
  "queue budget",
  "login version",
  "backup limit team 2",
  "metrics",
];
const NAMESPACES = [["default"], ["other"], ["default", "other"]];

/** `n` beliefs over two namespaces, one in five archived, each with its vector. */
async function seed(store: SqliteStore, n: number, from = 0): Promise<string[]> {
  return store.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = from; i < from + n; i++) {
      const namespace = i % 4 === 3 ? "other" : "default";
      const id = await tx.insertBelief(
        newBelief(textOf(i), { namespace, status: i % 5 === 4 ? "archived" : "active" }),
      );
      await tx.putVector(id, namespace, EMBEDDER, embedText(textOf(i), 384));
      ids.push(id);
    }
    return ids;
  });
}

/** Every query's hits over every namespace set, active and every status. */
async function answers(store: SqliteStore) {
  const out: unknown[] = [];
  for (const q of QUERIES)
    for (const namespaces of NAMESPACES)
      for (const statuses of [["active"], null] as const)
        out.push(await store.searchBeliefVectors(embedText(q, 384), { namespaces, statuses }, 12));
  return out;
}

describe("SQLite vector index built in the background", () => {
  const files = sqliteFileStores("strata-bgbuild-");
  const open = files.open;

  for (const vectorPrecision of ["int8", "float32"] as const)
    it(`${vectorPrecision}: served cold during the build, then the on-search build's hits and scores, with the writes made meanwhile`, async () => {
      const writer = open();
      const ids = await seed(writer, 400);
      const a = open({ vectorPrecision });
      const searches = vi.spyOn(VectorIndex.prototype, "search");
      const { report, release } = await heldBuild(a);
      // The worker's snapshot is taken: what is written now is after it.
      const during = await answers(a);
      expect(searches).not.toHaveBeenCalled();
      // This connection's writes and another's: new rows, an archive, a forget, a replaced vector.
      await seed(a, 30, 1000);
      await seed(writer, 30, 2000);
      await writer.transaction(async (tx) => {
        await tx.updateBelief(ids[0]!, { status: "archived" });
        await tx.updateBelief(ids[1]!, { status: "forgotten", text: "" });
        await tx.deleteVector(ids[1]!);
        await tx.putVector(ids[2]!, "default", EMBEDDER, embedText("cache region 7 billing gateway", 384));
      });
      await a.transaction(async (tx) => tx.updateBelief(ids[8]!, { status: "active" }));
      release();
      expect(await report).toMatchObject({ how: "background", caughtUp: "on the next search" });
      const after = await answers(a);
      expect(searches).toHaveBeenCalled();

      // The same file, its index built on search (the first search builds it).
      const onSearch = open({ vectorPrecision, coldStart: false });
      expect(after).toEqual(await answers(onSearch));
      // And before the writes, the cold answers were the index's answers over the same rows.
      const copy = open({ path: files.at("before.db") });
      await seed(copy, 400);
      const built = open({ path: files.at("before.db"), vectorPrecision, coldStart: false });
      expect(during).toEqual(await answers(built));
    });

  it("cold searches during the build read the components once, again after any write, never a rolled-back one", async () => {
    const writer = open();
    await seed(writer, 400);
    const a = open();
    const scan = open({ vectorIndex: "scan" });
    const proto = SqliteStore.prototype as unknown as { stmt: (sql: string) => unknown };
    const stmt = vi.spyOn(proto, "stmt");
    const reads = () => stmt.mock.calls.filter(([sql]) => sql.includes("FROM vector_components")).length;
    const { report, release } = await heldBuild(a);
    const first = await answers(a);
    expect(reads()).toBeGreaterThan(0);
    stmt.mockClear();
    // The same file: the pages the first round read are scored again, not read again.
    expect(await answers(a)).toEqual(first);
    expect(reads()).toBe(0);
    expect(first).toEqual(await answers(scan));
    // A write by this connection, then by another: read again, and the answers are the table's.
    await seed(a, 20, 1000);
    stmt.mockClear();
    expect(await answers(a)).toEqual(await answers(scan));
    expect(reads()).toBeGreaterThan(0);
    await seed(writer, 20, 2000);
    expect(await answers(a)).toEqual(await answers(scan));
    // A transaction that writes, searches cold and rolls back leaves nothing of its rows behind.
    await expect(
      a.transaction(async (tx) => {
        const id = await tx.insertBelief(newBelief("billing gateway billing gateway"));
        await tx.putVector(id, "default", EMBEDDER, embedText("billing gateway", 384));
        const inside = await tx.searchBeliefVectors(
          embedText("billing gateway", 384),
          { namespaces: ["default"], statuses: ["active"] },
          1,
        );
        expect(inside.map((h) => h.id)).toEqual([id]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await answers(a)).toEqual(await answers(scan));
    release();
    expect(await report).toMatchObject({ how: "background" });
    expect(await answers(a)).toEqual(await answers(scan));
  });

  it("approximate lists trained in the worker are the on-search build's when nothing was written", async () => {
    const writer = open();
    // One partition of 1,200 active rows: past the approximate search's minimum of 1,024.
    await writer.transaction(async (tx) => {
      for (let i = 0; i < 1200; i++) {
        const id = await tx.insertBelief(newBelief(textOf(i)));
        await tx.putVector(id, "default", EMBEDDER, embedText(textOf(i), 384));
      }
    });
    const a = open({ vectorSearch: "approximate" });
    expect(await a.warmIndexes({ background: true })).toMatchObject({
      how: "background",
      caughtUp: "nothing written",
    });
    const onSearch = open({ vectorSearch: "approximate", coldStart: false });
    const exact = open({ vectorSearch: "exact", coldStart: false });
    const got = await answers(a);
    expect(got).toEqual(await answers(onSearch));
    // Approximate, not exact: a query whose lists leave out one of the exact top 12 tells them apart
    // (here at least one does, so the comparison above compared lists, not exact scans).
    expect(got).not.toEqual(await answers(exact));
  });

  it("indexBuild: background starts the build when the store opens", async () => {
    await seed(open(), 200);
    const searches = vi.spyOn(VectorIndex.prototype, "search");
    const a = open({ indexBuild: "background" });
    // Searches right after opening, before the worker has even started, are cold: none builds the
    // index on this thread (each would, from the second search on, without the build running).
    const early = await answers(a);
    expect(searches).not.toHaveBeenCalled();
    // A second call waits for the build already running.
    expect(await a.warmIndexes({ background: true })).toMatchObject({ how: "background" });
    expect(early).toEqual(await answers(open({ vectorIndex: "scan" })));
    expect(await answers(a)).toEqual(await answers(open({ coldStart: false })));
  });

  it("close() during the build terminates the worker and installs nothing", async () => {
    await seed(open(), 200);
    const a = SqliteStore.open({ path: files.path });
    const report = a.warmIndexes({ background: true });
    await a.close();
    // Nothing to tell a user: the store's owner closed it (`notice` is for a build that could not run).
    expect(await report).toMatchObject({ how: "on-search" });
    expect(await report).not.toHaveProperty("notice");
    // Held after the worker answered, then closed: still nothing installed.
    const b = SqliteStore.open({ path: files.path });
    const { report: held, release } = await heldBuild(b);
    await b.close();
    release();
    expect(await held).toMatchObject({ how: "on-search", reason: "the store closed" });
    expect(await held).not.toHaveProperty("notice");
  });

  it("a worker that fails leaves the on-search build, with the reason, and the same answers", async () => {
    await seed(open(), 200);
    const a = open();
    const report = await a.warmIndexes({
      background: true,
      entry: new URL("data:text/javascript,throw new Error('no index today')"),
    });
    expect(report.how).toBe("on-search");
    expect(report.reason).toContain("no index today");
    // What a server or worker prints, as the store words it.
    expect(report.notice).toBe(`indexes build on search: ${report.reason}`);
    const scan = open({ vectorIndex: "scan" });
    expect(await answers(a)).toEqual(await answers(scan));
  });

  it("an in-memory store builds on search (no file for a worker to read)", async () => {
    const mem = open({ path: ":memory:" });
    expect(await mem.warmIndexes({ background: true })).toMatchObject({ how: "on-search" });
  });

  it("refuses an unknown indexBuild and opens nothing", () => {
    let error: unknown;
    try {
      SqliteStore.open({ path: files.path, indexBuild: "eager" as never });
    } catch (e) {
      error = e;
    }
    expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
    expect((error as Error).message).toContain('indexBuild must be "on-search", "background" or "auto"');
    expect(existsSync(files.path)).toBe(false);
  });
});
