/**
 * The text cache holds each belief's kind, so a search of facts (what recall's lifts search) checks
 * its candidates there instead of in SQL: after the change log's read, no statement — and the same
 * rows, in the same order, as the check in SQL gives. A kind changed in place, by this handle or
 * another, leaves the search of the old kind (migration 11 logs it). Real PGlite, with a client that
 * counts the statements.
 */
import { describe, expect, it } from "vitest";
import { countedStore, sharedPglite } from "../../../test/support/pglite.js";
import { newBelief } from "../../../test/support/rows.js";
import type { BeliefFilter } from "../../core/ports.js";
import { PostgresStore } from "./postgres-store.js";

const pglite = sharedPglite();
let n = 0;

/** A store whose every statement outside a transaction is written down. */
async function counted(schema: string) {
  const { store, statements } = await countedStore(pglite(), schema);
  /** Statements since the last call other than the change log's reads. */
  const checks = () => statements.splice(0).filter((s) => !s.includes(".changes"));
  return { store, checks };
}

const active: BeliefFilter = { namespaces: ["default"], statuses: ["active"] };
const facts: BeliefFilter = { ...active, kinds: ["fact"] };
// `pinned: false` is a filter the cache does not hold: the candidates are checked in SQL.
const factsBySql: BeliefFilter = { ...facts, pinned: false };

describe("PostgreSQL text cache: a belief's kind", () => {
  it("a search of facts sends no statement beyond the log's read, and lists what the check in SQL lists", async () => {
    const { store, checks } = await counted(`kinds_${++n}`);
    try {
      await store.transaction(async (tx) => {
        // More candidates than one batch (32), the facts among the later ones: the cache widens as SQL does.
        for (let i = 0; i < 80; i++)
          await tx.insertBelief(
            newBelief(`deploy pipeline ${i}${i % 9 === 0 ? " pipeline" : ""}`, {
              kind: i > 40 && i % 4 === 0 ? "fact" : i % 2 === 0 ? "rule" : "procedure",
            }),
          );
      });
      await store.searchBeliefText(["pipeline"], active, 5); // loads the namespace
      checks();
      for (const limit of [1, 3, 10, 40]) {
        const cached = await store.searchBeliefText(["pipeline", "deploy"], facts, limit);
        expect(checks()).toEqual([]);
        const bySql = await store.searchBeliefText(["pipeline", "deploy"], factsBySql, limit);
        expect(checks().length).toBeGreaterThan(0);
        expect(cached).toEqual(bySql);
        expect(cached.length).toBe(Math.min(limit, 9)); // 44, 48, …, 76
      }
      expect(await store.searchBeliefText(["pipeline"], { ...active, kinds: ["rule", "fact"] }, 100)).toEqual(
        await store.searchBeliefText(
          ["pipeline"],
          { ...active, kinds: ["rule", "fact"], pinned: false },
          100,
        ),
      );
      expect(await store.countBeliefText(["pipeline"], facts, 100)).toBe(9);
    } finally {
      await store.close();
    }
  });

  it("a kind changed in place, by another handle or this one, moves the belief between the kinds' searches", async () => {
    const schema = `kinds_${++n}`;
    const { store } = await counted(schema);
    const other = await PostgresStore.open({ pglite: pglite(), schema, vectorIndex: "memory" });
    try {
      const [a, b] = await store.transaction(async (tx) => [
        await tx.insertBelief(newBelief("The staging pipeline deploys on Fridays")),
        await tx.insertBelief(newBelief("Never deploy the pipeline on Fridays", { kind: "rule" })),
      ]);
      const ids = async (f: BeliefFilter) =>
        (await store.searchBeliefText(["pipeline"], f, 5)).map((h) => h.id);
      expect(await ids(facts)).toEqual([a]);
      await other.transaction((tx) => tx.updateBelief(a!, { kind: "rule" }));
      expect(await ids(facts)).toEqual([]);
      expect((await ids({ ...active, kinds: ["rule"] })).sort()).toEqual([a, b].sort());
      await store.transaction((tx) => tx.updateBelief(b!, { kind: "fact" }));
      expect(await ids(facts)).toEqual([b]);
    } finally {
      await other.close();
      await store.close();
    }
  });
});
