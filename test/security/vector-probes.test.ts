/**
 * Can a score reveal another namespace (attacks44)? Recall's hits carry their fused score and
 * `why` (text rank, vector rank, relevance normalised to the best candidate); context ranks the
 * same way. If another namespace's rows took part anywhere — a nearest-neighbour list cut at k
 * before the namespace filter, corpus statistics of BM25, a normalisation over candidates of both —
 * a caller in team-a could learn how much team-b holds about a word by watching its own scores
 * move. So: team-a's recall, explain and context, asked before and after team-b writes hundreds
 * of rows that match the query better than anything of team-a's, through the same handle (one
 * set of in-process indexes, warm), must be equal to the last digit. And after a forget in team-a,
 * the scores of what is left must be those of the rows that are left: the forgotten row is in no
 * list, and its text in no `why`.
 * Real stores: a SQLite file and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { memoryBackends } from "../support/backends.js";

const QUERY = "deploy pipeline canary rollback";

for (const backend of memoryBackends("vecprobe"))
  describe.skipIf(backend.skip)(`${backend.name}: scores reveal no other namespace`, () => {
    it("team-a's recall, why, explain and context are the same to the digit whatever team-b writes", async () => {
      const { mem } = await backend.open();
      const a = mem.withNamespace("team-a");
      const b = mem.withNamespace("team-b");
      await a.remember("The deploy pipeline runs the canary stage before production");
      await a.remember("A rollback restores the previous release within five minutes");
      await a.record("we watched the canary for an hour before the rollback decision");
      await a.remember("Lunch is at noon on Fridays");
      const probe = async () => ({
        recall: await a.recall(QUERY, { k: 10 }),
        context: await a.context(QUERY, { tokenBudget: 400 }),
      });
      const before = await probe();
      expect(before.recall.length).toBeGreaterThan(1);
      expect(before.recall.every((h) => h.namespace === "team-a")).toBe(true);
      // Both lists take part: a hit ranked by text and by vector, so either could move.
      expect(before.recall.some((h) => h.why.textRank !== null && h.why.vectorRank !== null)).toBe(true);
      const explained = await a.explain(before.recall[0]!.id);

      // team-b: many rows nearer the query than any of team-a's, in text and in vector.
      const text = (i: number) =>
        `deploy pipeline canary rollback ${QUERY} step ${i} of team b's secret runbook zorblatt`;
      await b.rememberMany(Array.from({ length: 120 }, (_, i) => ({ statement: text(i) })));
      await b.recordMany(Array.from({ length: 120 }, (_, i) => ({ content: text(120 + i) })));
      expect((await b.recall(QUERY, { k: 5 })).length).toBe(5);

      const after = await probe();
      expect(after.recall).toEqual(before.recall);
      expect(after.context).toEqual(before.context);
      expect(await a.explain(before.recall[0]!.id)).toEqual(explained);
      expect(JSON.stringify(after)).not.toContain("zorblatt");
    }, 120_000);

    it("after forget, the row is in no list of the same warm handle, and what is left scores as it did", async () => {
      const { mem } = await backend.open();
      const a = mem.withNamespace("team-a");
      await a.remember("The deploy pipeline runs the canary stage before production");
      const gone = await a.remember("The canary rollback passphrase is glimberwocky QX5518ZR");
      await a.remember("Lunch is at noon on Fridays");
      const hits = await a.recall("canary rollback passphrase glimberwocky", { k: 10 });
      expect(hits.map((h) => h.id)).toContain(gone.id);
      await a.forget(gone.id);
      for (const query of ["canary rollback passphrase glimberwocky", "glimberwocky QX5518ZR", QUERY]) {
        const left = await a.recall(query, { k: 10 });
        expect(left.map((h) => h.id)).not.toContain(gone.id);
        expect(JSON.stringify(left)).not.toMatch(/glimberwocky|QX5518ZR/i);
        const ctx = await a.context(query, { tokenBudget: 400 });
        expect(ctx.text).not.toMatch(/glimberwocky|QX5518ZR/i);
      }
      // The kept row scores as in a namespace that never held the forgotten one.
      const fresh = mem.withNamespace("team-c");
      await fresh.remember("The deploy pipeline runs the canary stage before production");
      await fresh.remember("Lunch is at noon on Fridays");
      const inA = await a.recall(QUERY, { k: 10 });
      const inC = await fresh.recall(QUERY, { k: 10 });
      expect(inA.map((h) => h.text)).toContain("The deploy pipeline runs the canary stage before production");
      expect(inA.map((h) => [h.text, h.score, h.why.textRank, h.why.vectorRank])).toEqual(
        inC.map((h) => [h.text, h.score, h.why.textRank, h.why.vectorRank]),
      );
    }, 120_000);
  });
