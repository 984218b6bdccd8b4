/**
 * The SQLite store's BM25 index across connections (each a process in production) and
 * transactions: one opened before another writes, forgets, archives, supersedes, deletes or rolls
 * back still ranks exactly what FTS5 ranks over the file (a `textIndex: "fts5"` connection is the
 * reference), and a transaction's own writes are searched inside it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import { newBelief, newEpisode } from "../../../test/support/rows.js";
import type { BeliefFilter, EpisodeFilter, NewEpisode } from "../../core/ports.js";
import { SqliteStore } from "./sqlite-store.js";

const AT = "2026-03-01T12:00:00.000Z";
const episode = (content: string, overrides: Partial<NewEpisode> = {}) =>
  newEpisode(content, AT, { recordedAt: AT, contentHash: content, ...overrides });

const ACTIVE: BeliefFilter = { namespaces: ["default"], statuses: ["active"] };
const ANY: BeliefFilter = { namespaces: ["default"], statuses: null };
const terms = (q: string) => q.toLowerCase().split(/\s+/);
const ids = async (store: SqliteStore, q: string, filter: BeliefFilter = ACTIVE) =>
  (await store.searchBeliefText(terms(q), filter, 10)).map((h) => h.id);

describe("SQLite text index across connections", () => {
  let dir: string;
  let path: string;
  const open: SqliteStore[] = [];
  // coldStart: false: the first search builds the index these tests follow (FTS5 is the reference).
  const connect = (textIndex: "auto" | "fts5" = "auto") => {
    const s = SqliteStore.open({ path, textIndex, coldStart: false });
    open.push(s);
    return s;
  };
  /** The same search through FTS5, on a connection of its own. */
  const expectFts5Ranking = async (store: SqliteStore, queries: string[], filters: BeliefFilter[]) => {
    const fts5 = connect("fts5");
    for (const q of queries)
      for (const f of filters)
        expect(await store.searchBeliefText(terms(q), f, 10)).toEqual(
          await fts5.searchBeliefText(terms(q), f, 10),
        );
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-text-"));
    path = join(dir, "shared.db");
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("A, opened before B wrote anything, finds B's beliefs; once B forgets one (text blanked), A no longer does", async () => {
    const a = connect();
    expect(await ids(a, "retry limit")).toEqual([]);
    const b = connect();
    const [kept, gone] = await b.transaction(async (tx) => [
      await tx.insertBelief(newBelief("The retry limit of the billing gateway is 5")),
      await tx.insertBelief(newBelief("The retry limit of the search gateway is 3")),
    ]);
    expect((await ids(a, "retry limit gateway")).sort()).toEqual([kept, gone].sort());

    await b.transaction(async (tx) => tx.updateBelief(gone!, { status: "forgotten", text: "" }));
    expect(await ids(a, "retry limit gateway", ANY)).toEqual([kept]);
    await expectFts5Ranking(a, ["retry limit", "billing gateway", "search"], [ACTIVE, ANY]);
  });

  it("follows another connection's status changes, text edits and deletes", async () => {
    const a = connect();
    const b = connect();
    const id = await a.transaction((tx) =>
      tx.insertBelief(newBelief("The primary database of staging is Postgres")),
    );
    const other = await a.transaction((tx) => tx.insertBelief(newBelief("Staging deploys run at noon")));
    expect(await ids(b, "primary database")).toEqual([id]);

    await a.transaction((tx) => tx.updateBelief(id, { status: "archived" }));
    expect(await ids(b, "primary database")).toEqual([]);
    expect(await ids(b, "primary database", ANY)).toEqual([id]);
    expect(await ids(b, "primary database", { namespaces: ["default"], statuses: ["archived"] })).toEqual([
      id,
    ]);

    await a.transaction((tx) => tx.updateBelief(id, { status: "active", text: "Staging runs MySQL now" }));
    expect(await ids(b, "primary database")).toEqual([]);
    expect(await ids(b, "mysql")).toEqual([id]);

    // Another tool deletes a row: the triggers log it too.
    const raw = new Database(path);
    raw.prepare("DELETE FROM beliefs WHERE rowid = ?").run(Number(other.slice(1)));
    raw.close();
    expect(await ids(b, "staging")).toEqual([id]);
    await expectFts5Ranking(b, ["staging", "primary database mysql", "noon deploys"], [ACTIVE, ANY]);
  });

  it("follows episodes: new ones, superseded ones (out of the current filter) and forgotten ones", async () => {
    const a = connect();
    const b = connect();
    const current: EpisodeFilter = { namespaces: ["default"], statuses: ["active"] };
    const search = async (store: SqliteStore, q: string, f: EpisodeFilter = current) =>
      (await store.searchEpisodeText(terms(q), f, 10)).map((h) => h.id);
    const [first, second] = await a.transaction(async (tx) => [
      await tx.insertEpisode(episode("Deploy of the billing gateway failed")),
      await tx.insertEpisode(episode("Deploy of the billing gateway succeeded")),
    ]);
    expect((await search(b, "billing deploy")).sort()).toEqual([first, second].sort());
    await a.transaction((tx) => tx.updateEpisode(first!, { supersededBy: second! }));
    expect(await search(b, "billing deploy")).toEqual([second]);
    expect((await search(b, "billing deploy", { ...current, includeSuperseded: true })).sort()).toEqual(
      [first, second].sort(),
    );
    await a.transaction((tx) => tx.updateEpisode(second!, { status: "forgotten", content: "" }));
    expect(await search(b, "billing deploy")).toEqual([]);
    const fts5 = connect("fts5");
    for (const f of [
      current,
      { ...current, includeSuperseded: true },
      { namespaces: ["default"], statuses: null },
    ])
      expect(await b.searchEpisodeText(terms("billing deploy failed"), f, 10)).toEqual(
        await fts5.searchEpisodeText(terms("billing deploy failed"), f, 10),
      );
  });

  it("searches a transaction's own writes inside it, and forgets them when it rolls back", async () => {
    const a = connect();
    const kept = await a.transaction((tx) =>
      tx.insertBelief(newBelief("The owner of the payments service is Ana")),
    );
    expect(await ids(a, "owner payments")).toEqual([kept]);
    await expect(
      a.transaction(async (tx) => {
        const id = await tx.insertBelief(newBelief("The owner of the payments service is Bo, payments lead"));
        await tx.updateBelief(kept, { status: "archived" });
        expect(await ids(tx as SqliteStore, "owner payments")).toEqual([id]);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await ids(a, "owner payments")).toEqual([kept]);
    expect(await ids(a, "lead")).toEqual([]);
    // And the next transaction, whose log entries reuse the rolled-back positions, is seen.
    const next = await a.transaction((tx) => tx.insertBelief(newBelief("The payments lead is Cy")));
    expect(await ids(a, "payments lead")).toEqual([next, kept]);
    await expectFts5Ranking(a, ["owner payments", "payments lead"], [ACTIVE, ANY]);
  });

  it("forgets a layer built inside a transaction that rolled back", async () => {
    const a = connect();
    await a.transaction(async (tx) => {
      for (const text of ["The cache TTL is 60 seconds", "The queue depth is 10", "The region is eu-west"])
        await tx.insertBelief(newBelief(text));
    });
    await expect(
      a.transaction(async (tx) => {
        // Rows, lengths and frequencies all move: any of them left behind changes the scores.
        await tx.insertBelief(newBelief("cache cache TTL TTL warm warm warm warm warm warm warm warm"));
        await tx.updateBelief("b2", { status: "archived" });
        expect(await ids(tx as SqliteStore, "cache ttl")).toHaveLength(2); // first search: built here
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await ids(a, "cache ttl")).toHaveLength(1);
    await expectFts5Ranking(a, ["cache ttl seconds", "queue depth", "region"], [ACTIVE]);
  });

  it("rebuilds when the log was trimmed past its position", async () => {
    const a = connect();
    const b = connect();
    await b.transaction((tx) => tx.insertBelief(newBelief("The queue worker count is 4")));
    expect(await ids(a, "queue worker")).toHaveLength(1);
    const [x] = await b.transaction(async (tx) => [
      await tx.insertBelief(newBelief("The queue worker count is 8")),
      await tx.insertBelief(newBelief("The queue budget is 10 dollars")),
    ]);
    // What the trim trigger does to a process idle through 50,000 changes: its next entry is gone.
    const raw = new Database(path);
    raw.prepare("DELETE FROM text_changes WHERE rid = ?").run(Number(x!.slice(1)));
    raw.close();
    expect(await ids(a, "queue worker")).toContain(x);
    await expectFts5Ranking(a, ["queue worker budget"], [ACTIVE]);
  });

  it("returns what FTS5 returns for kinds, validity windows, time travel and pins (widening past the first candidates)", async () => {
    const rand = createRandom(11);
    const words =
      "gateway billing staging production retry limit owner region timeout cache queue worker".split(" ");
    const kinds = ["fact", "failure", "rule", "procedure"] as const;
    const statuses = ["active", "active", "archived", "retired", "dormant"] as const;
    const day = (d: number) => `2026-0${1 + (d % 3)}-1${d % 10}T00:00:00.000Z`;
    const a = connect();
    await a.transaction(async (tx) => {
      for (let i = 0; i < 600; i++) {
        const text = Array.from(
          { length: 3 + Math.floor(rand() * 10) },
          () => words[Math.floor(rand() * words.length)],
        ).join(" ");
        const from = Math.floor(rand() * 30);
        await tx.insertBelief(
          newBelief(text, {
            namespace: rand() < 0.8 ? "default" : "team",
            kind: kinds[Math.floor(rand() * kinds.length)]!,
            status: statuses[Math.floor(rand() * statuses.length)]!,
            pinned: rand() < 0.1,
            validFrom: day(from),
            validTo: rand() < 0.3 ? day(from + 5) : null,
            recordedAt: day(from),
            retiredAt: rand() < 0.2 ? day(from + 3) : null,
          }),
        );
      }
    });
    const filters: BeliefFilter[] = [
      ACTIVE,
      ANY,
      { namespaces: ["default", "team"], statuses: ["active"] },
      { namespaces: ["default"], statuses: ["active"], kinds: ["rule"] },
      { namespaces: ["default"], statuses: ["active", "archived"], kinds: ["procedure", "failure"] },
      { namespaces: ["default"], statuses: null, at: day(12) },
      { namespaces: ["default"], statuses: ["active", "archived"], asOf: day(8) },
      { namespaces: ["team"], statuses: null, pinned: true },
      { namespaces: ["default"], statuses: [] },
    ];
    await expectFts5Ranking(
      a,
      ["gateway", "retry limit owner", "cache queue worker timeout region", "nothing"],
      filters,
    );
    const fts5 = connect("fts5");
    for (const limit of [1, 3, 50, 1000])
      expect(await a.searchBeliefText(["gateway", "billing"], filters[3]!, limit)).toEqual(
        await fts5.searchBeliefText(["gateway", "billing"], filters[3]!, limit),
      );
  });

  it("asks FTS5 when a term is a phrase of several tokens", async () => {
    const a = connect();
    const id = await a.transaction((tx) => tx.insertBelief(newBelief("Deployed to us-east-1 on Monday")));
    const fts5 = connect("fts5");
    const q = ["us-east", "monday"];
    expect((await a.searchBeliefText(q, ACTIVE, 5)).map((h) => h.id)).toEqual([id]);
    expect(await a.searchBeliefText(q, ACTIVE, 5)).toEqual(await fts5.searchBeliefText(q, ACTIVE, 5));
  });
});
