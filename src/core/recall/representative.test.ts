/**
 * The coverage invariant, tightened: a turn is represented only by beliefs that kept what it said
 * (its numbers, typed values and names, kept-content.ts). One definition (`representative`) for
 * recall's folding of a turn into its belief and for `health`'s coverage figure.
 */
import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { DISTILLED_SOURCE } from "../vocabulary.js";
import { representative } from "./representative.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

/** Writes a belief as sleep distils one: a fact from these turns. */
async function distil(text: string, sources: readonly string[]): Promise<string> {
  const [vector] = await mem.embedder.embed([text]);
  const turns = await mem.store.getEpisodes(sources);
  return mem.store.transaction((tx) =>
    mem.writes.insertBelief(tx, {
      namespace: "default",
      kind: "fact",
      text,
      validFrom: turns[0]!.at,
      sources: [...sources],
      source: DISTILLED_SOURCE,
      now: mem.writes.now(),
      vector: vector!,
    }),
  );
}

describe("representative: a belief speaks for a turn only when it kept the turn's values", () => {
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
    const b = await distil(belief, [e.id]);
    const rep = await representative(mem.store, e.id, new Map(), {});
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

  it("after a real consolidate, a turn whose name sleep dropped with its question stays recallable by the name", async () => {
    ({ mem } = await testMemory());
    await mem.record("I live in VS Code all day.");
    // "… and the startup is instant": joined by a conjunction, not a comma splice, which sleep would
    // split and whose rest would keep the name (chat-turns.ts `splicedStates`).
    const zed = await mem.record(
      "Zed's vim mode still doesn't do :g as far as I can tell, any workaround? Otherwise I'm really happy since I switched over and the startup is instant.",
    );
    await mem.consolidate();
    const fromZed = (await mem.store.beliefsFromEpisode(zed.id)).filter((b) => b.status === "active");
    // Sleep keeps the statement and drops the question, and with it the name.
    expect(fromZed.length).toBeGreaterThan(0);
    expect(fromZed.some((b) => /zed/i.test(b.text))).toBe(false);
    const health = await mem.health();
    expect(health.coverage.uncovered.count).toBe(0);
    expect(health.coverage.represented + health.coverage.recallable).toBe(health.coverage.episodes);
    const hits = await mem.recall("Zed vim mode", { k: 5 });
    expect(hits.map((h) => h.id)).toContain(zed.id);
  });
});
