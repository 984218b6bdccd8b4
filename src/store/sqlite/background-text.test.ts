/**
 * The text (BM25) index built in the background build's worker thread, and `indexBuild: "auto"`'s
 * size threshold: while the worker builds, text searches are served cold by FTS5 (no index is
 * built on this thread); once installed, and caught up from the `text_changes` log with what was
 * written meanwhile by this connection or another, every search answers exactly what the
 * on-search build answers. A worker that fails, or a store that closes mid-build, installs
 * nothing and says why. Below `backgroundFrom` rows, `auto` starts no worker.
 */
import { describe, expect, it, vi } from "vitest";
import { heldBuild } from "../../../test/support/gate.js";
import { newBelief, newEpisode } from "../../../test/support/rows.js";
import { sqliteFileStores } from "../../../test/support/sqlite-files.js";
import { isStrataError } from "../../core/errors.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { TextIndex } from "../text-index/text-index.js";
import { SqliteStore } from "./sqlite-store.js";

const EMBEDDER = "hashed-ngram-v1/384";
const TOPICS = ["billing", "search", "deploy", "cache", "queue", "login", "backup", "metrics"];
const THINGS = ["gateway", "limit", "owner", "region", "timeout", "version", "budget"];
const textOf = (i: number) =>
  `The ${TOPICS[i % TOPICS.length]} ${THINGS[(i * 3) % THINGS.length]} of team ${i % 13} is ${i}`;
const QUERIES = [
  ["billing", "gateway"],
  ["search", "timeout", "team", "4"],
  ["deploy", "owner"],
  ["cache", "region", "7"],
  ["queue", "budget"],
  ["login"],
  ["backup", "limit", "team", "2"],
  ["metrics", "version", "blue"],
];
const NAMESPACES = [["default"], ["other"], ["default", "other"]];

/** `n` beliefs and `n` episodes over two namespaces, one in five archived, the beliefs with vectors. */
async function seed(
  store: SqliteStore,
  n: number,
  from = 0,
): Promise<{ beliefs: string[]; episodes: string[] }> {
  return store.transaction(async (tx) => {
    const beliefs: string[] = [];
    const episodes: string[] = [];
    for (let i = from; i < from + n; i++) {
      const namespace = i % 4 === 3 ? "other" : "default";
      const status = i % 5 === 4 ? "archived" : "active";
      const id = await tx.insertBelief(newBelief(textOf(i), { namespace, status }));
      await tx.putVector(id, namespace, EMBEDDER, embedText(textOf(i), 384));
      beliefs.push(id);
      episodes.push(
        await tx.insertEpisode(
          newEpisode(`Said: ${textOf(i + 7)}`, "2026-03-01T00:00:00.000Z", { namespace, status }),
        ),
      );
    }
    return { beliefs, episodes };
  });
}

/** Every query's text hits, beliefs and episodes, over every namespace set, active and every status. */
async function answers(store: SqliteStore) {
  const out: unknown[] = [];
  for (const q of QUERIES)
    for (const namespaces of NAMESPACES)
      for (const statuses of [["active"], null] as const) {
        out.push(await store.searchBeliefText(q, { namespaces, statuses }, 12));
        out.push(await store.searchEpisodeText(q, { namespaces, statuses: statuses as never }, 12));
      }
  return out;
}

describe("SQLite text index built in the background", () => {
  const files = sqliteFileStores("strata-bgtext-");
  const open = files.open;

  it("served cold during the build, never built on this thread, then the on-search build's hits and scores with the writes made meanwhile", async () => {
    const writer = open();
    const { beliefs, episodes } = await seed(writer, 300);
    // coldStart: false would build the text index on the first search; the background build keeps it cold.
    const a = open({ coldStart: false });
    const searches = vi.spyOn(TextIndex.prototype, "search");
    const loads = vi.spyOn(TextIndex.prototype, "load");
    const { report, release } = await heldBuild(a);
    const during = await answers(a);
    expect(searches).not.toHaveBeenCalled();
    // Writes by this connection and another after the worker's snapshot: new rows, an archive, a
    // rewrite, a forget (text blanked), a superseded episode, a restore.
    await seed(a, 20, 1000);
    await seed(writer, 20, 2000);
    await writer.transaction(async (tx) => {
      await tx.updateBelief(beliefs[0]!, { status: "archived" });
      await tx.updateBelief(beliefs[1]!, { status: "forgotten", text: "" });
      await tx.updateBelief(beliefs[2]!, { text: "The metrics gateway is blue now" });
      await tx.updateEpisode(episodes[3]!, { supersededBy: episodes[5]! });
    });
    await a.transaction(async (tx) => tx.updateBelief(beliefs[9]!, { status: "active" }));
    release();
    const r = await report;
    expect(r).toMatchObject({
      how: "background",
      text: { how: "background", caughtUp: "on the next search" },
    });
    const after = await answers(a);
    expect(searches).toHaveBeenCalled();
    // The index came from the worker: no layer was loaded on this thread.
    expect(loads).not.toHaveBeenCalled();
    loads.mockRestore();

    const onSearch = open({ coldStart: false });
    expect(after).toEqual(await answers(onSearch));
    // The cold answers during the build were the index's over the same rows.
    const before = open({ path: files.at("before.db") });
    await seed(before, 300);
    expect(during).toEqual(
      await answers(SqliteStore.open({ path: files.at("before.db"), coldStart: false })),
    );
  });

  it("searches right after opening build no layer here, not even an empty one (which would keep the text out of the worker)", async () => {
    const writer = open();
    await writer.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await tx.insertBelief(newBelief(textOf(i)));
    });
    const loads = vi.spyOn(TextIndex.prototype, "load");
    const a = open({ indexBuild: "background" });
    // No episodes: a cold search has no budget to spend on that layer.
    await a.searchEpisodeText(["billing"], { namespaces: ["default"], statuses: ["active"] }, 5);
    await a.searchBeliefText(["billing"], { namespaces: ["default"], statuses: ["active"] }, 5);
    expect(await a.warmIndexes({ background: true })).toMatchObject({ text: { how: "background" } });
    expect(loads).not.toHaveBeenCalled();
  });

  it("while the worker builds, scoring named turns reads FTS5 and builds no layer here, whatever coldStart says", async () => {
    const writer = open();
    const { episodes } = await seed(writer, 40);
    const a = open({ coldStart: false });
    const loads = vi.spyOn(TextIndex.prototype, "load");
    const { report, release } = await heldBuild(a);
    const during = await a.scoreEpisodeText(["billing", "gateway"], episodes, ["default"]);
    expect(during.length).toBeGreaterThan(0);
    expect(loads).not.toHaveBeenCalled();
    release();
    await report;
    // Installed from the worker: the same scores from the index.
    expect(await a.scoreEpisodeText(["billing", "gateway"], episodes, ["default"])).toEqual(during);
    expect(loads).not.toHaveBeenCalled();
  });

  it("with nothing written, installed as built", async () => {
    await seed(open(), 100);
    const a = open();
    expect(await a.warmIndexes({ background: true })).toMatchObject({
      text: { how: "background", caughtUp: "nothing written" },
    });
    expect(await answers(a)).toEqual(await answers(open({ coldStart: false })));
  });

  it("a failing worker leaves the on-search build, with its reason, and the same answers", async () => {
    await seed(open(), 100);
    const a = open();
    const report = await a.warmIndexes({
      background: true,
      entry: new URL("data:text/javascript,throw new Error('no index today')"),
    });
    expect(report.how).toBe("on-search");
    expect(report).toMatchObject({ text: { how: "on-search" } });
    expect((report as { text: { reason: string } }).text.reason).toContain("no index today");
    expect(await answers(a)).toEqual(await answers(open({ textIndex: "fts5" })));
  });

  it("close() mid-build installs no text index", async () => {
    await seed(open(), 100);
    const b = SqliteStore.open({ path: files.path });
    const { report: held, release } = await heldBuild(b);
    await b.close();
    release();
    expect(await held).toMatchObject({
      how: "on-search",
      text: { how: "on-search", reason: "the store closed" },
    });
  });

  it("textIndex: fts5 builds no text index in the worker", async () => {
    await seed(open(), 50);
    const report = await open({ textIndex: "fts5" }).warmIndexes({ background: true });
    expect(report).toMatchObject({ how: "background" });
    expect(report).not.toHaveProperty("text");
  });

  it("auto: no worker below backgroundFrom rows, the background build from it", async () => {
    await seed(open(), 100); // 100 beliefs + 100 episodes
    const small = open({ backgroundFrom: 201 });
    const report = await small.warmIndexes({ background: "auto" });
    expect(report).toEqual({
      how: "on-search",
      small: true,
      reason:
        "200 rows, fewer than backgroundFrom (201): the indexes are built on search, which costs less at this size",
    });
    expect(await open({ backgroundFrom: 200 }).warmIndexes({ background: "auto" })).toMatchObject({
      how: "background",
      text: { how: "background" },
    });
    // At open: indexBuild "auto" starts it where the store is large enough (a second call waits for the same build).
    const large = open({ indexBuild: "auto", backgroundFrom: 150 });
    expect(await large.warmIndexes({ background: true })).toMatchObject({ how: "background" });
    // true forces it whatever the size.
    expect(await open({ backgroundFrom: 10_000 }).warmIndexes({ background: true })).toMatchObject({
      how: "background",
    });
  });

  it("refuses a backgroundFrom that is not a number of rows, and opens nothing", () => {
    for (const backgroundFrom of [-1, Number.NaN]) {
      let error: unknown;
      try {
        SqliteStore.open({ path: files.path, backgroundFrom });
      } catch (e) {
        error = e;
      }
      expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
    }
  });
});
