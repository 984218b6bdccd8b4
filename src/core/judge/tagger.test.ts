/**
 * wink-nlp loads only on a path that judges: opening a memory and recalling leaves it unloaded;
 * the first gated write that meets a candidate loads it, and `tag` before `loadTagger` is refused.
 * (Each test file runs in its own module graph, so nothing else here has loaded it.)
 */
import { describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import { loadTagger, tag, taggerLoaded } from "./tagger.js";

describe("the tagger loads lazily", () => {
  it("is not loaded by opening, an empty store's first write, or recall; the first judged pair loads it", async () => {
    expect(() => tag("Retry limit is 5")).toThrow(/loadTagger/);
    const { mem } = await testMemory();
    await mem.remember("The staging database is Postgres 16");
    expect((await mem.recall("staging database")).length).toBeGreaterThan(0);
    expect(taggerLoaded()).toBe(false);
    // A candidate now exists: the lexical judge compares, and loads the tagger first.
    const r = await mem.remember("The staging database is Postgres 17");
    expect(r.verdict).toBe("contradiction");
    expect(taggerLoaded()).toBe(true);
    expect(tag("checkout-svc is owned by Ravi.")[0]).toMatchObject({ text: "checkout-svc", pos: "NOUN" });
    await loadTagger(); // later calls share the first load
    await mem.close();
  });
});
