import { afterEach, describe, expect, it } from "vitest";
import { seedBelief, testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import type { Belief } from "../model.js";
import type { Judge, StoreReader } from "../ports.js";
import { judgePairs, orient } from "./sweep.js";

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
});

/** A judge that says every pair it is asked is distinct, and counts what it was asked. */
function countingJudge(): Judge & { asked: number } {
  const judge = {
    name: "lexical",
    asked: 0,
    compare: () => {
      judge.asked++;
      return { relation: "distinct" as const, similarity: 0, reason: "asked" };
    },
  };
  return judge;
}

describe("judgePairs: the judged-pair cache of a run", () => {
  it("is asked once for the whole run, however many pairs (the store checks each id once), and every cached verdict is reused", async () => {
    const t = await testMemory();
    mem = t.mem;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        await seedBelief(
          mem,
          t.clock,
          `service ${i} listens on port ${8000 + i}`,
          t.clock.now().toISOString(),
        ),
      );
    const beliefs = (await mem.store.getBeliefs(ids, ["default"])) as Belief[];
    const pairs: [Belief, Belief][] = [];
    for (let i = 0; i < beliefs.length; i++)
      for (let j = i + 1; j < beliefs.length; j++) pairs.push([beliefs[i]!, beliefs[j]!]);
    expect(pairs.length).toBe(780); // more than the 500 pairs a lookup once held
    // Verdicts cached for the first 600 pairs, as an earlier sweep leaves them.
    await mem.store.transaction(async (tx) => {
      for (const [x, y] of pairs.slice(0, 600)) {
        const [a, b] = orient(x, y);
        await tx.putJudgedPair({
          a: a.id,
          b: b.id,
          aHash: a.contentHash,
          bHash: b.contentHash,
          relation: "distinct",
          judge: "lexical",
          reason: "cached before",
          at: "2027-01-01T00:00:00.000Z",
        });
      }
    });
    let lookups = 0;
    const store = new Proxy(mem.store as StoreReader, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === "judgedPairs") lookups++;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const judge = countingJudge();
    const { judged, fresh } = await judgePairs(store, judge, pairs, "2027-01-02T00:00:00.000Z", "default");
    expect(lookups).toBe(1);
    expect(judged.filter((j) => j.cached).length).toBe(600);
    expect(judge.asked).toBe(180);
    expect(fresh.length).toBe(180);
    // Every pair is answered once, the cached ones by their cached verdict.
    expect(new Set(judged.map((j) => `${j.older.id}:${j.newer.id}`)).size).toBe(780);
    for (const j of judged.filter((x) => x.cached))
      expect(j.verdict.reason).toBe("cached before (cached, lexical)");
  });
});
