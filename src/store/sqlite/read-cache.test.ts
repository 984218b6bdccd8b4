/**
 * The SQLite store serves rows, stored vectors and filter verdicts read since the file last changed
 * from memory (`readCache`). Whatever changes the file (this connection's writes, another
 * connection's commit, a rolled-back transaction) must be seen by the next read, and recall over a
 * caching connection must give what a connection that asks SQLite every time gives.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import { newBelief, newEpisode } from "../../../test/support/rows.js";
import type { Memory } from "../../core/engine.js";
import { createHashedEmbedder } from "../../embed/hashed-embedder.js";
import { openMemory } from "../../open-memory.js";
import { SqliteStore } from "./sqlite-store.js";

const ACTIVE = { namespaces: ["default"], statuses: ["active" as const] };

describe("the read cache", () => {
  let dir: string;
  let path: string;
  let store: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-read-cache-"));
    path = join(dir, "s.db");
    store = SqliteStore.open({ path, coldStart: false });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function seed() {
    return store.transaction(async (tx) => {
      const b = await tx.insertBelief(newBelief("The retry limit is five"));
      const e = await tx.insertEpisode(
        newEpisode("We set the retry limit to five", "2026-03-02T00:00:00.000Z", { session: "s1" }),
      );
      await tx.putVector(b, "default", "test", Float32Array.from([1, 0, 0, 0]));
      return { b, e };
    });
  }

  it("reads again what this connection changed: rows, vectors, filter verdicts, session pages", async () => {
    const { b, e } = await seed();
    // Read twice: the second read is served from the cache.
    for (let i = 0; i < 2; i++) {
      expect((await store.getBeliefs([b], "default"))[0]!.status).toBe("active");
      expect([...(await store.getVectors([b], "default")).get(b)!]).toEqual([1, 0, 0, 0]);
      expect(await store.searchBeliefText(["retry"], ACTIVE, 5)).toHaveLength(1);
      expect(
        await store.listEpisodes({ ...ACTIVE, sessions: ["s1"] }, { limit: 500, offset: 0, order: "at-asc" }),
      ).toHaveLength(1);
    }
    await store.transaction(async (tx) => {
      await tx.updateBelief(b, { status: "archived" });
      await tx.putVector(b, "default", "test", Float32Array.from([0, 1, 0, 0]));
      await tx.insertEpisode(
        newEpisode("Then we raised it to seven", "2026-03-03T00:00:00.000Z", { session: "s1" }),
      );
    });
    expect((await store.getBeliefs([b], "default"))[0]!.status).toBe("archived");
    expect([...(await store.getVectors([b], "default")).get(b)!]).toEqual([0, 1, 0, 0]);
    expect(await store.searchBeliefText(["retry"], ACTIVE, 5)).toEqual([]);
    const page = await store.listEpisodes(
      { ...ACTIVE, sessions: ["s1"] },
      { limit: 500, offset: 0, order: "at-asc" },
    );
    expect(page.map((x) => x.id)).toEqual([e, expect.any(String)]);
    expect(page[1]!.content).toBe("Then we raised it to seven");
  });

  it("reads again the beliefs drawn from an episode once this or another connection changed them", async () => {
    const e = await store.transaction((tx) =>
      tx.insertEpisode(newEpisode("We set the retry limit to five", "2026-03-02T00:00:00.000Z")),
    );
    const first = await store.transaction((tx) =>
      tx.insertBelief(newBelief("The retry limit is five", { sources: [e] })),
    );
    const texts = async () =>
      (await store.beliefsFromEpisode(e, "default")).map((b) => `${b.id} ${b.status} ${b.text}`);
    // Twice: the second is served from the cache.
    expect(await texts()).toEqual([`${first} active The retry limit is five`]);
    expect(await texts()).toEqual([`${first} active The retry limit is five`]);
    expect(await store.beliefsFromEpisode("e999", "default")).toEqual([]);
    const second = await store.transaction((tx) =>
      tx.insertBelief(newBelief("Retries stop after five", { sources: [e] })),
    );
    expect(await texts()).toEqual([
      `${first} active The retry limit is five`,
      `${second} active Retries stop after five`,
    ]);
    const other = SqliteStore.open({ path });
    try {
      await other.transaction(async (tx) => {
        await tx.updateBelief(first, { status: "archived", text: "The retry limit was five" });
      });
    } finally {
      await other.close();
    }
    expect(await texts()).toEqual([
      `${first} archived The retry limit was five`,
      `${second} active Retries stop after five`,
    ]);
  });

  it("reads again what another connection committed", async () => {
    const { b } = await seed();
    expect((await store.getBeliefs([b], "default"))[0]!.text).toBe("The retry limit is five");
    expect(await store.searchBeliefText(["retry"], ACTIVE, 5)).toHaveLength(1);
    const other = SqliteStore.open({ path });
    try {
      await other.transaction(async (tx) => {
        await tx.updateBelief(b, { status: "archived", text: "The retry limit is seven" });
      });
    } finally {
      await other.close();
    }
    const [row] = await store.getBeliefs([b], "default");
    expect([row!.status, row!.text]).toEqual(["archived", "The retry limit is seven"]);
    expect(await store.searchBeliefText(["retry"], ACTIVE, 5)).toEqual([]);
  });

  it("never keeps what a transaction read, so a rollback leaves nothing behind", async () => {
    const { b } = await seed();
    expect((await store.getBeliefs([b], "default"))[0]!.status).toBe("active");
    await expect(
      store.transaction(async (tx) => {
        await tx.updateBelief(b, { status: "archived" });
        // Inside the transaction its own write is read…
        expect((await tx.getBeliefs([b], "default"))[0]!.status).toBe("archived");
        expect(await tx.searchBeliefText(["retry"], ACTIVE, 5)).toEqual([]);
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    // …and after the rollback, the row as it is.
    expect((await store.getBeliefs([b], "default"))[0]!.status).toBe("active");
    expect(await store.searchBeliefText(["retry"], ACTIVE, 5)).toHaveLength(1);
  });

  it("gives each id once, in the order asked, however the ids split between cache and file", async () => {
    const ids = await store.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 6; i++) out.push(await tx.insertBelief(newBelief(`Fact number ${i}`)));
      return out;
    });
    await store.getBeliefs([ids[1]!, ids[4]!], "default");
    const asked = [ids[5]!, ids[1]!, ids[0]!, ids[4]!, ids[1]!, "e1", "b999"];
    expect((await store.getBeliefs(asked, "default")).map((x) => x.id)).toEqual([
      ids[5],
      ids[0],
      ids[4],
      ids[1],
    ]);
  });
});

describe("recall over a caching connection", () => {
  let dir: string;
  let cached: Memory;
  let uncached: Memory;
  const SUBJECTS = ["billing gateway", "search cluster", "auth service", "report worker", "mail relay"];
  const ATTRIBUTES = ["retry limit", "timeout", "owner", "region", "alert channel", "pool size"];
  const WORDS = ["staging", "production", "sandbox", "eu", "us", "primary", "replica"];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "strata-read-cache-recall-"));
    const path = join(dir, "m.db");
    const clock = { now: () => new Date("2026-03-01T12:00:00.000Z") };
    const open = (readCache: boolean) =>
      openMemory({
        store: SqliteStore.open({ path, readCache }),
        embedder: createHashedEmbedder(),
        clock,
        lexicon: null,
      });
    cached = await open(true);
    uncached = await open(false);
  });
  afterEach(async () => {
    await cached.close();
    await uncached.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives byte-identical results to a connection that reads SQLite every time, across writes", async () => {
    const r = createRandom(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    const statement = () =>
      `The ${pick(WORDS)} ${pick(SUBJECTS)} ${pick(ATTRIBUTES)} is ${Math.floor(r() * 90) + 1}`;
    await cached.rememberMany(
      Array.from({ length: 600 }, () => statement()),
      { gate: "off" },
    );
    for (let i = 0; i < 40; i++)
      await cached.record(`${pick(SUBJECTS)}: ${statement()}`, { type: "observation", session: `s${i % 4}` });
    const queries = Array.from({ length: 12 }, () =>
      r() < 0.5
        ? `${pick(WORDS)} ${pick(SUBJECTS)} ${pick(ATTRIBUTES)}`
        : `what is the ${pick(SUBJECTS)} ${pick(ATTRIBUTES)}?`,
    );
    let compared = 0;
    for (let round = 0; round < 3; round++) {
      for (const q of queries)
        for (const k of [5, 20]) {
          // Twice on the caching connection: the second is served from what the first read.
          await cached.recall(q, { k });
          const a = JSON.stringify(await cached.recall(q, { k }));
          const b = JSON.stringify(await uncached.recall(q, { k }));
          expect(a).toBe(b);
          compared++;
        }
      // Change the store between rounds, once through each connection: later rounds must see it.
      const writer = round === 0 ? cached : uncached;
      await writer.remember(statement());
      // Forget one hit (it leaves the results) and report the others failed (they stay, their
      // confidence and score changed): the next round asks the same query again.
      const [first, ...rest] = await writer.recall(queries[round]!, { k: 5 });
      if (first?.layer === "belief") await writer.forget(first.id);
      for (const hit of rest) if (hit.layer === "belief") await writer.outcome(hit.id, false);
    }
    expect(compared).toBe(72);
  });
});
