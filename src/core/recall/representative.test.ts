/**
 * The coverage invariant, tightened: a turn is represented only by beliefs that kept what it said
 * (its numbers, typed values and names, kept-content.ts). One definition (`representative`) for
 * recall's folding of a turn into its belief and for `health`'s coverage figure.
 */
import { afterEach, describe, expect, it } from "vitest";
import { distilledBelief, testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { sleepRecordOf, withSleepRecord } from "../sleep-record.js";
import { SOURCE_WORDS_KEY } from "../vocabulary.js";
import { representative, speakerOf } from "./representative.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

describe.each([
  ["as sleep records it", true],
  ["read from the turn (a store slept before the record)", false],
])("representative: a belief speaks for a turn only when it kept the turn's values, %s", (_how, recorded) => {
  it.each<[name: string, belief: string, turn: string, represented: boolean]>([
    ["the turn in its own words", "Leo goes to bed at 7:45pm now.", "Leo goes to bed at 7:45pm now.", true],
    [
      "a belief that lost the turn's clock time",
      "Leo goes to bed at 7pm.",
      "Leo goes to bed at 7:45pm now.",
      false,
    ],
    [
      "a belief that lost the name said in a dropped question",
      "Otherwise I'm really happy since I switched over, the startup is instant.",
      "Zed's vim mode still doesn't do :g, any workaround? Otherwise I'm really happy since I switched over, the startup is instant.",
      false,
    ],
    [
      "a turn with nothing distinctive, reworded",
      "I walk with a stick.",
      "i get about with my walking stick",
      true,
    ],
  ])("%s", async (_name, belief, turn, represented) => {
    ({ mem } = await testMemory());
    const e = await mem.record(turn);
    const b = await distilledBelief(mem, belief, [e.id], { recorded });
    const rep = await representative(mem.store, e.id, "default", new Map(), {});
    expect(rep?.belief.id ?? null).toBe(represented ? b : null);
    // `health` counts it the same way.
    const health = await mem.health();
    expect(health.coverage).toMatchObject({
      episodes: 1,
      represented: represented ? 1 : 0,
      recallable: represented ? 0 : 1,
      uncovered: { count: 0 },
    });
    // Recall finds the turn itself where the belief lost its value, the belief where it kept it.
    const hits = await mem.recall(turn, { k: 5 });
    expect(hits.some((h) => h.id === e.id)).toBe(!represented);
    if (represented) expect(hits.some((h) => h.id === b)).toBe(true);
  });
});

describe("representative after a real consolidate", () => {
  it("after a real consolidate, a turn whose name sleep dropped with its question stays recallable by the name", async () => {
    ({ mem } = await testMemory());
    await mem.record("I live in VS Code all day.");
    // "… and the startup is instant": joined by a conjunction, not a comma splice, which sleep would
    // split and whose rest would keep the name (chat-turns.ts `splicedStates`).
    const zed = await mem.record(
      "Zed's vim mode still doesn't do :g as far as I can tell, any workaround? Otherwise I'm really happy since I switched over and the startup is instant.",
    );
    await mem.consolidate();
    const fromZed = (await mem.store.beliefsFromEpisode(zed.id, "default")).filter(
      (b) => b.status === "active",
    );
    // Sleep keeps the statement and drops the question, and with it the name.
    expect(fromZed.length).toBeGreaterThan(0);
    expect(fromZed.some((b) => /zed/i.test(b.text))).toBe(false);
    const health = await mem.health();
    expect(health.coverage.uncovered.count).toBe(0);
    expect(health.coverage.represented + health.coverage.recallable).toBe(health.coverage.episodes);
    const hits = await mem.recall("Zed vim mode", { k: 5 });
    expect(hits.map((h) => h.id)).toContain(zed.id);
  });

  it("reads what sleep recorded, not the turn; a store without the record reads the turn and agrees", async () => {
    ({ mem } = await testMemory());
    const kept = await mem.record("We buy the boxes from WebstaurantStore now, at £90 a week.");
    const lost = await mem.record("Leo goes to bed at 7:45pm now, since the clocks went back.");
    await mem.consolidate();
    const reads: string[] = [];
    const counted = new Proxy(mem.store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "getEpisode" && key !== "getEpisodes") return value;
        return (...args: unknown[]) => {
          reads.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const answers = async () =>
      Promise.all(
        [kept.id, lost.id].map(
          async (id) => (await representative(counted, id, "default", new Map(), {}))?.belief.id ?? null,
        ),
      );
    const recorded = await answers();
    expect(reads).toEqual([]);
    for (const id of [kept.id, lost.id])
      for (const b of await mem.store.beliefsFromEpisode(id, "default"))
        expect(sleepRecordOf(b.metadata)[SOURCE_WORDS_KEY]).toHaveProperty(id);
    // The same store as one slept before the record: each turn is read, and the answers agree.
    for (const id of [kept.id, lost.id])
      for (const b of await mem.store.beliefsFromEpisode(id, "default")) {
        const rest = withSleepRecord(b.metadata, { [SOURCE_WORDS_KEY]: undefined });
        await mem.store.transaction((tx) => tx.updateBelief(b.id, { metadata: rest }));
      }
    expect(await answers()).toEqual(recorded);
    expect(reads).toEqual(["getEpisode", "getEpisode"]);
  });

  it("forgetting one of a belief's turns leaves no word of it in the belief's record", async () => {
    ({ mem } = await testMemory());
    const a = await mem.record("Priya runs the payments team.");
    const b = await mem.record("The payments team meets on Tuesday at 10:15.");
    const belief = await distilledBelief(
      mem,
      "Priya runs the payments team, which meets on Tuesday at 10:15.",
      [a.id, b.id],
      { recorded: true },
    );
    expect(
      Object.keys(
        sleepRecordOf((await mem.store.getBelief(belief, "default"))!.metadata)[SOURCE_WORDS_KEY] as object,
      ),
    ).toEqual([a.id, b.id]);
    await mem.forget(a.id);
    const after = (await mem.store.getBelief(belief, "default"))!;
    expect(after.status).toBe("active");
    expect(sleepRecordOf(after.metadata)[SOURCE_WORDS_KEY]).toEqual({ [b.id]: ["10:15", "tuesday"] });
    expect(JSON.stringify(after.metadata)).not.toMatch(/priya/i);
  });
});

describe("speakerOf: which part of a split turn speaks for it", () => {
  const turn = "Restructure news, pray for me. I now report to Stuart Penrose in Leeds.";
  const rest = "Restructure news, pray for me.";
  const news = "I now report to Stuart Penrose in Leeds.";
  const speaker = async (asked: string[], recorded = true) => {
    ({ mem } = await testMemory());
    const e = await mem.record(turn);
    // The rest of the turn is stored first, as distil does, so it has the lower id.
    const restId = await distilledBelief(mem, rest, [e.id], { recorded });
    const newsId = await distilledBelief(mem, news, [e.id], { recorded });
    const found = await speakerOf(mem.store, e.id, "default", new Map(), {}, new Set(asked));
    return { id: found?.best.belief.id, restId, newsId };
  };

  it("on a tie of asked words, the part that keeps the turn's names speaks, not the rest around it", async () => {
    const { id, newsId } = await speaker(["boss"]);
    expect(id).toBe(newsId);
  });

  it("asked words still come first: the part with more of them speaks though it keeps no name", async () => {
    const { id, restId } = await speaker(["restructure", "news"]);
    expect(id).toBe(restId);
  });

  it("without a record of the turn's content, a tie falls to the lower id as before", async () => {
    const { id, restId } = await speaker(["boss"], false);
    expect(id).toBe(restId);
  });
});
