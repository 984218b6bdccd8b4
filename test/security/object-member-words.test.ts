/**
 * An ordinary word that is also the name of a member every JavaScript object inherits
 * ("constructor") is a word like any other (perf51). `rawTokens` looked its tokens up in a plain
 * object of number words, so "constructor" became `Object` itself, a function, not a string: the
 * default embedder threw `text.charCodeAt is not a function`, and no statement, record or query
 * holding the word could be written or asked, on either store. Now the number words are a Map, and
 * "Our constructor is Hale and Sons" is remembered and recalled. Number words still read as figures.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { contentTokens, queryTerms, rawTokens } from "../../src/core/text.js";
import { openMemory } from "../../src/open-memory.js";
import { storeLocations, whereOf } from "../support/backends.js";
import { testClock } from "../support/memory.js";

const opened: Memory[] = [];
afterAll(async () => {
  for (const m of opened.splice(0)) await m.close();
});

describe("rawTokens: a word that names an object's inherited member is that word", () => {
  it("keeps 'constructor' (and reads number words as figures, as before)", () => {
    expect(rawTokens("Our constructor is Hale and Sons")).toEqual([
      "our",
      "constructor",
      "is",
      "hale",
      "and",
      "sons",
    ]);
    expect(contentTokens("The constructor starts Monday")).toEqual(["constructor", "start", "monday"]);
    expect(queryTerms("who is the constructor")).toEqual(["constructor"]);
    expect(rawTokens("two dogs and twelve cats")).toEqual(["2", "dogs", "and", "12", "cats"]);
    // Not a number word: a member's name, whatever its case, and a word that only starts like one.
    expect(rawTokens("toString hasOwnProperty valueOf one's")).toEqual([
      "tostring",
      "hasownproperty",
      "valueof",
      "1",
    ]);
  });
});

for (const backend of storeLocations("objwords"))
  describe.skipIf(backend.skip)(`${backend.name}: "constructor" in a statement`, () => {
    it("is remembered, recorded, slept on and recalled", async () => {
      const mem = await openMemory({ ...whereOf(backend.db()), clock: testClock() });
      opened.push(mem);
      await mem.remember("Our constructor is Hale and Sons.");
      await mem.record("The constructor starts the kitchen on Monday.", {
        type: "observation",
        actor: "user",
      });
      await mem.consolidate();
      const hits = await mem.recall("Who is our constructor?", { k: 5 });
      expect(hits.map((h) => h.text)).toContain("Our constructor is Hale and Sons.");
    });
  });
