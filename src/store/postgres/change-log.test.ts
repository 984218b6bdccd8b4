/**
 * The change log both in-process indexes follow: a recall's four searches (text and vectors,
 * beliefs and episodes) read it once, however many rows changed; and the text index forgets
 * what a rolled-back transaction wrote. Real PGlite, with a client that counts the statements.
 */
import { describe, expect, it } from "vitest";
import { countedStore, sharedPglite } from "../../../test/support/pglite.js";
import { newBelief } from "../../../test/support/rows.js";
import type { BeliefFilter } from "../../core/ports.js";
import { openMemory } from "../../open-memory.js";
import { PostgresStore } from "./postgres-store.js";

const pglite = sharedPglite();
let n = 0;

/** A store whose every statement outside a transaction is written down. */
async function counted(schema: string) {
  const { store, statements } = await countedStore(pglite(), schema);
  /** Reads of the change log since the last call. */
  const logReads = () => statements.splice(0).filter((s) => s.includes(".changes")).length;

  return { store, logReads };
}

describe("PostgreSQL change log", () => {
  it("a recall reads the change log once, whether or not another handle wrote since, and its unit search's later searches share that read", async () => {
    const schema = `log_${++n}`;
    const { store, logReads } = await counted(schema);
    const other = await PostgresStore.open({ pglite: pglite(), schema, vectorIndex: "memory" });
    const mem = await openMemory({ store });
    const writer = await openMemory({ store: other });
    try {
      // No number in the fact: a fact that counts something and says a word of the query starts a
      // second round of searches (recall's unit search, `newerMeasureFound`); that one is below.
      await writer.remember("The billing gateway retries with exponential backoff");
      await writer.record("Deployed the billing gateway on Friday");
      await mem.recall("billing retry", { k: 5 }); // loads the namespace
      logReads();

      const quiet = await mem.recall("billing retry", { k: 5 });
      expect(quiet.map((h) => h.text)).toContain("The billing gateway retries with exponential backoff");
      expect(logReads()).toBe(1);

      for (const t of ["search", "queue", "cache"])
        await writer.remember(`The ${t} timeout comes from the shared config`);
      const after = await mem.recall("queue timeout", { k: 5 });
      expect(after[0]?.text).toBe("The queue timeout comes from the shared config");
      expect(logReads()).toBe(1);

      // Facts that count something: the unit search starts its searches, then its counts, after
      // recall's first searches; in recall's read scope they share the first read of the log.
      for (const t of ["search", "queue", "cache"])
        await writer.remember(`The ${t} timeout is ${t.length * 10} seconds`);
      await mem.recall("queue timeout", { k: 5 });
      logReads();
      const counted = await mem.recall("queue timeout", { k: 5 });
      expect(counted.map((h) => h.text)).toContain("The queue timeout is 50 seconds");
      expect(logReads()).toBe(1);
    } finally {
      await writer.close();
      await mem.close();
    }
  });

  it("a read scope reads the log at its first search only; a write committed before it is seen, one after it by the next scope", async () => {
    const schema = `log_${++n}`;
    const { store, logReads } = await counted(schema);
    const other = await PostgresStore.open({ pglite: pglite(), schema, vectorIndex: "memory" });
    const all: BeliefFilter = { namespaces: ["default"], statuses: ["active"] };
    const texts = async (terms: string[]) =>
      (
        await store.getBeliefs(
          (await store.searchBeliefText(terms, all, 5)).map((h) => h.id),
          "default",
        )
      ).map((b) => b.text);
    try {
      await other.transaction((tx) => tx.insertBelief(newBelief("The cache warms at noon")));
      await store.searchBeliefText(["noon"], all, 5); // loads the namespace
      logReads();
      // Outside a scope: a read of the log per search.
      await store.searchBeliefText(["noon"], all, 5);
      await store.searchBeliefText(["cache"], all, 5);
      expect(logReads()).toBe(2);

      await other.transaction((tx) => tx.insertBelief(newBelief("The queue drains at noon")));
      const inScope = await store.readScope(async () => {
        const first = await texts(["noon"]);
        // Committed after the scope's first search: its later searches read no log to see it.
        await other.transaction((tx) => tx.insertBelief(newBelief("The queue refills at noon")));
        const second = await texts(["queue"]);
        const third = await store.searchEpisodeText(
          ["noon"],
          { namespaces: ["default"], statuses: ["active"] },
          5,
        );
        return { first, second, third };
      });
      expect(inScope.first.sort()).toEqual(["The cache warms at noon", "The queue drains at noon"]);
      expect(inScope.second).toEqual(["The queue drains at noon"]);
      expect(inScope.third).toEqual([]);
      expect(logReads()).toBe(1);
      // The next scope (or search) reads the log: the later write is there.
      expect((await store.readScope(() => texts(["queue"]))).sort()).toEqual([
        "The queue drains at noon",
        "The queue refills at noon",
      ]);
      expect(logReads()).toBe(1);
      // A namespace the scope's first read did not load is loaded when searched.
      await other.transaction((tx) =>
        tx.insertBelief(newBelief("The team cache warms at noon", { namespace: "team" })),
      );
      const team = await store.readScope(async () => {
        await store.searchBeliefText(["noon"], all, 5);
        return store.searchBeliefText(["noon"], { namespaces: ["team"], statuses: ["active"] }, 5);
      });
      expect(team).toHaveLength(1);
    } finally {
      await other.close();
      await store.close();
    }
  });

  it("the text index sees its transaction's own writes, and forgets them when it rolls back", async () => {
    const { store } = await counted(`log_${++n}`);
    const all: BeliefFilter = { namespaces: ["default"], statuses: null };
    try {
      await store.transaction((tx) => tx.insertBelief(newBelief("The cache warms at noon")));
      expect(await store.searchBeliefText(["noon"], all, 5)).toHaveLength(1);
      const failed = store.transaction(async (tx) => {
        const id = await tx.insertBelief(newBelief("The queue drains at noon"));
        expect((await tx.searchBeliefText(["noon"], all, 5)).map((h) => h.id)).toContain(id);
        throw new Error("roll back");
      });
      await expect(failed).rejects.toThrow("roll back");
      const hits = await store.searchBeliefText(["noon", "queue"], all, 5);
      expect(hits).toHaveLength(1);
      expect(await store.searchBeliefText(["drains"], all, 5)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
