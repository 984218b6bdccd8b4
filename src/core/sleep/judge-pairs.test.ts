import { afterEach, describe, expect, it } from "vitest";
import { memoryBackends } from "../../../test/support/backends.js";
import { seedBelief, type TestClock } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import type { Belief } from "../model.js";
import type { Judge, StoreReader } from "../ports.js";
import { CACHE_LOOKUP_PAIRS, judgePairs, orient } from "./sweep.js";

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
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

/** 40 beliefs, their 780 pairs, verdicts cached for the first 600 (as an earlier sweep leaves them). */
async function cachedRun(m: Memory, clock: TestClock): Promise<[Belief, Belief][]> {
  const ids: string[] = [];
  for (let i = 0; i < 40; i++)
    ids.push(
      await seedBelief(m, clock, `service ${i} listens on port ${8000 + i}`, clock.now().toISOString()),
    );
  const beliefs = (await m.store.getBeliefs(ids, ["default"])) as Belief[];
  const pairs: [Belief, Belief][] = [];
  for (let i = 0; i < beliefs.length; i++)
    for (let j = i + 1; j < beliefs.length; j++) pairs.push([beliefs[i]!, beliefs[j]!]);
  await m.store.transaction(async (tx) => {
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
  return pairs;
}

/** The store, counting its `judgedPairs` lookups and the most pairs one of them was asked. */
function countingStore(store: StoreReader): { store: StoreReader; lookups: number[] } {
  const lookups: number[] = [];
  const counted = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "judgedPairs")
        return (asked: readonly { a: string; b: string }[], namespace: string) => {
          lookups.push(asked.length);
          return target.judgedPairs(asked, namespace);
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { store: counted, lookups };
}

for (const backend of memoryBackends("judge_pairs"))
  describe.skipIf(backend.skip)(`judgePairs: the judged-pair cache of a run (${backend.name})`, () => {
    it("is asked once per CACHE_LOOKUP_PAIRS pairs (the store checks each id once), and every cached verdict is reused", async () => {
      const t = await backend.open();
      mem = t.mem;
      const pairs = await cachedRun(mem, t.clock);
      expect(pairs.length).toBe(780); // more than the 500 pairs a lookup once held
      expect(CACHE_LOOKUP_PAIRS).toBeGreaterThan(780);
      const { store, lookups } = countingStore(mem.store);
      const judge = countingJudge();
      const { judged, fresh } = await judgePairs(store, judge, pairs, "2027-01-02T00:00:00.000Z", "default");
      expect(lookups).toEqual([780]);
      expect(judged.filter((j) => j.cached).length).toBe(600);
      expect(judge.asked).toBe(180);
      expect(fresh.length).toBe(180);
      // Every pair is answered once, the cached ones by their cached verdict.
      expect(new Set(judged.map((j) => `${j.older.id}:${j.newer.id}`)).size).toBe(780);
      for (const j of judged.filter((x) => x.cached))
        expect(j.verdict.reason).toBe("cached before (cached, lexical)");
    }, 120_000); // 40 beliefs and 600 cached verdicts written first: slow on a loaded PostgreSQL

    it("read in chunks, holds one chunk's cached rows at a time and answers exactly as one lookup does", async () => {
      const t = await backend.open();
      mem = t.mem;
      const pairs = await cachedRun(mem, t.clock);
      const run = async (lookupPairs?: number) => {
        const { store, lookups } = countingStore(mem!.store);
        const judge = countingJudge();
        const out = await judgePairs(
          store,
          judge,
          pairs,
          "2027-01-02T00:00:00.000Z",
          "default",
          undefined,
          lookupPairs,
        );
        return { ...out, lookups, asked: judge.asked };
      };
      const whole = await run();
      const chunked = await run(250);
      // 780 pairs in chunks of 250: four lookups, none larger than a chunk; the chunk boundary at
      // 500 falls inside the cached 600, and 750 among the uncached.
      expect(chunked.lookups).toEqual([250, 250, 250, 30]);
      expect(chunked.asked).toBe(180);
      const said = (r: typeof whole) =>
        r.judged.map(
          (j) => `${j.older.id}:${j.newer.id} ${j.cached} ${j.verdict.relation} ${j.verdict.reason}`,
        );
      expect(said(chunked)).toEqual(said(whole));
      expect(chunked.fresh).toEqual(whole.fresh);
      expect(chunked.judged.filter((j) => j.cached).length).toBe(600);
    }, 120_000);
  });
