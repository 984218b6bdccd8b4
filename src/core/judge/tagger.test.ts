/**
 * wink-nlp loads only on a path that judges: opening a memory and recalling leaves it unloaded;
 * the first gated write that meets a candidate loads it, and `tag` before `loadTagger` is refused.
 * (Each test file runs in its own module graph, so nothing else here has loaded it.)
 */
import { describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import { saysChangedState } from "../state-slots.js";
import { loadTagger, tag, tagged, taggerLoaded, textsTagged } from "./tagger.js";

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

describe("a word wink gives no lemma is its own lemma (judge38)", () => {
  // wink's lemma of "cant" / "wont" read as a noun or a verb before a comma or a period is missing:
  // `tag` threw, and so did every write whose judged pair held such a text.
  it.each([
    ["i cant, sorry", "cant"],
    ["it wont, sadly", "wont"],
    ["as was his wont, he swam every morning", "wont"],
    ["he wont. she will", "wont"],
  ])("%s", async (text, word) => {
    await loadTagger();
    const w = tag(text).find((x) => x.text === word);
    expect(w?.lemma).toBe(word);
  });

  it("a write judged against such a text is judged, not refused", async () => {
    const { mem } = await testMemory();
    await mem.remember("i can make friday, sorry");
    const r = await mem.remember("i cant, sorry, friday is out");
    expect(r.verdict).toBeDefined();
    await mem.close();
  });
});

describe("tagged: tag, remembered by the exact text (perf50)", () => {
  it("hands back tag's words, the same array for the same text, tagging it once", async () => {
    await loadTagger();
    tagged.clear();
    const text = "I moved my savings to Monzo last week.";
    const before = textsTagged();
    const first = tagged(text);
    expect(textsTagged() - before).toBe(1);
    expect(first).toEqual(tag(text));
    expect(tagged(text)).toBe(first);
    // Another text, even one differing only in case, is its own key.
    expect(tagged(text.toUpperCase())).not.toBe(first);
    expect(textsTagged() - before).toBe(3); // `tag` above, and the upper-case text
  });

  it("serves the state slots: a sentence read twice by them is tagged once", async () => {
    await loadTagger();
    tagged.clear();
    const sentence = "We switched the team standup to Zoom.";
    const before = textsTagged();
    const once = saysChangedState(sentence);
    expect(saysChangedState(sentence)).toBe(once);
    expect(textsTagged() - before).toBe(1);
  });
});
