/**
 * A recall's answer depends on the store and the request, never on what the process did before:
 * the same keyword recall on the same store gives the same hits in a process that never loaded the
 * tagger and after it was loaded (a question's recall, a sleep). A fresh module graph
 * (`vi.resetModules`) stands for the fresh process a hook's recall runs in.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { DAY, tempDbPath, testClock } from "../../../test/support/memory.js";

type OpenMemory = typeof import("../../open-memory.js").openMemory;
type Tagger = typeof import("../judge/tagger.js");

const path = tempDbPath();
const fresh = async (): Promise<{ openMemory: OpenMemory; tagger: Tagger }> => {
  vi.resetModules();
  return {
    openMemory: (await import("../../open-memory.js")).openMemory,
    tagger: await import("../judge/tagger.js"),
  };
};

afterAll(() => vi.resetModules());

describe("a keyword recall reads first-word names whether or not the tagger is loaded", () => {
  it("lifts the newer statement that names the older's first-word name (Kasia) in both states", async () => {
    {
      // Written in one module graph (its writes judge the pair, so it loads the tagger)…
      const { openMemory } = await fresh();
      const clock = testClock("2027-01-01T00:00:00.000Z");
      const mem = await openMemory({ path, clock });
      await mem.remember("Kasia walks our dog every morning.", { at: "2027-01-01T00:00:00.000Z" });
      clock.advance(30 * DAY);
      await mem.remember("Kasia moved away in March. Jamal from next door does it now.", {
        at: "2027-01-31T00:00:00.000Z",
      });
      await mem.close();
    }
    // …read in another, which has not loaded it.
    const { openMemory, tagger } = await fresh();
    const mem = await openMemory({ path, clock: testClock("2027-02-01T00:00:00.000Z") });
    const texts = async () => (await mem.recall("dog every morning", { k: 5 })).map((h) => h.text);
    expect(tagger.taggerLoaded()).toBe(false);
    // (Once the name links the pair, the lift asks the judge, which loads the tagger for it: as it
    // does for a name inside a sentence. Before the thirty-first session no first word was read
    // here, so nothing was linked and the newer was not listed.)
    const cold = await texts();
    await tagger.loadTagger();
    const warm = await texts();
    expect(cold).toEqual(warm);
    // The newer names the older's "Kasia", a name only as a sentence's first word.
    expect(cold[0]).toBe("Kasia moved away in March. Jamal from next door does it now.");
    await mem.close();
  });
});
