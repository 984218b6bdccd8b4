/**
 * An ordinary word that is also the name of a member every JavaScript object inherits
 * ("constructor") is a word like any other (perf51). `rawTokens` looked its tokens up in a plain
 * object of number words, so "constructor" became `Object` itself, a function, not a string: the
 * default embedder threw `text.charCodeAt is not a function`, and no statement, record or query
 * holding the word could be written or asked, on either store. Now the number words are a Map, and
 * "Our constructor is Hale and Sons" is remembered and recalled. Number words still read as figures.
 *
 * The judge's and the typed values' word tables were plain objects too (perf52): "The deploy didn't
 * constructor." threw `verb.reports is not a function` (the outcome verbs handed back `Object`), so
 * remember and record refused it; "constructor" was its own canonical form `Object`, a state word
 * of no group, and a participle naming `Object`. Each table is a `wordTable` (a Map) now.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { analysisOf, canon, participleOf, statesIn } from "../../src/core/judge/analysis.js";
import { coverKeys } from "../../src/core/judge/coverage.js";
import { compareLexically } from "../../src/core/judge/lexical-judge.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { contentTokens, queryTerms, rawTokens, wordTable } from "../../src/core/text.js";
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

/** Names every object inherits, as words of a text. */
const MEMBER_WORDS = ["constructor", "__proto__", "toString", "hasOwnProperty"] as const;

describe("wordTable: a word is one of the table's own keys or none", () => {
  it("hands back a listed word's entry and nothing for an inherited member's name", () => {
    const rates = wordTable({ mo: "month", hr: "hour" });
    expect(rates.get("hr")).toBe("hour");
    for (const w of MEMBER_WORDS) expect(rates.get(w)).toBeUndefined();
    expect([...rates.keys()]).toEqual(["mo", "hr"]);
  });
});

describe("the judge's word tables read an inherited member's name as a word", () => {
  const at = "2027-01-01T00:00:00.000Z";
  it("judges a pair with the word, as it judges one with any other unlisted verb", async () => {
    await loadTagger();
    for (const w of MEMBER_WORDS) {
      // Threw `verb.reports is not a function` for "constructor" (the outcome verbs' table).
      const v = compareLexically({ text: `The deploy ${w}.`, at }, { text: `The deploy didn't ${w}.`, at });
      expect(v).toMatchObject({ relation: "contradicts", rule: "negation-flipped:bag" });
    }
  });
  it("gives the word its own form, no state, no participle and no key but its own", async () => {
    await loadTagger();
    for (const w of MEMBER_WORDS) {
      const lower = w.toLowerCase();
      expect(canon(lower)).toBe(lower);
      expect(statesIn(analysisOf(`The gate is ${w} now`)).size).toBe(0);
      expect(participleOf(analysisOf(`The house is ${w} by Sam`))).toBeNull();
    }
    // Was also "f:function Object() { [native code] }" (coverage.ts' irregular forms).
    expect([...coverKeys("Our constructor is Hale")]).toEqual([
      "f:our",
      "g:9",
      "f:constructor",
      "f:is",
      "f:hale",
    ]);
    // Still read: a listed state, participle and form.
    expect([...statesIn(analysisOf("The gate is locked now"))]).toEqual([["lock", 0]]);
    expect(participleOf(analysisOf("The house is kept by Sam"))).toBe("keep");
    expect(canon("went")).toBe("go");
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

    it("remembers, records, sleeps on and recalls each inherited member's name as a verb and a noun", async () => {
      const mem = await openMemory({ ...whereOf(backend.db()), clock: testClock() });
      opened.push(mem);
      for (const w of MEMBER_WORDS) {
        // "The deploy didn't constructor." was refused: the judge threw on the outcome verbs' table.
        await mem.remember(`The deploy ${w} step is done.`);
        await mem.remember(`The deploy didn't ${w}.`);
        await mem.record(`The deploy didn't ${w} again.`, { type: "observation", outcome: "failure" });
        await mem.remember(`The gate is ${w} now.`);
      }
      await mem.consolidate();
      for (const w of MEMBER_WORDS) {
        const hits = await mem.recall(`Did the deploy ${w}?`, { k: 10 });
        expect(hits.some((h) => h.text.includes(w))).toBe(true);
        for (const h of hits) expect(typeof h.text).toBe("string");
      }
    });
  });
