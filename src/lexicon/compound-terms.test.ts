import { describe, expect, it } from "vitest";
import { COMPOUND_SEARCHED, compoundTerms } from "../core/recall/compound-terms.js";
import { queryTerms } from "../core/text.js";
import { openMemory } from "../open-memory.js";
import { sharedWordNet } from "./wordnet.js";

describe("compoundTerms: a two-word noun of the question searched by its other names (WordNet)", () => {
  const compound = (q: string) => compoundTerms(q, sharedWordNet());
  const links = (question: string, statement: string) => {
    const terms = new Set(compound(question));
    return queryTerms(statement).some((t) => terms.has(t.toLowerCase()));
  };

  it.each([
    [
      "what do i pay each time i go to physical therapy",
      "my physiotherapy copay is $22 a visit now",
      "a synonym",
    ],
    [
      "where's the independence day show",
      "the 4th of july show moved to the amphitheater",
      "its gloss's noun",
    ],
    ["where's the double bass right now", "the contrabass is at the luthier's", "a synonym"],
  ])("links %j and %j (%s)", (question, statement) => {
    expect(links(question, statement)).toBe(true);
  });

  it.each([
    ["where does the country band play", "no noun of two words the lexicon lists"],
    ["Who is my dentist?", "a noun of one word: relatedTerms's to read"],
    ["when do i see the wrist specialist", "two words the lexicon does not list together"],
  ])("%j → [] (%s)", (question) => {
    expect(compound(question)).toEqual([]);
  });

  it("searches no initials: they are words of their own", () => {
    expect(compound("where's the independence day show")).not.toContain("id");
    expect(compound("what do i pay each time i go to physical therapy")).not.toContain("pt");
  });

  it("keeps the question's own words out, is at most COMPOUND_SEARCHED terms, and nothing without a lexicon", () => {
    const q = "what do i take for hay fever and vitamin d";
    expect(compound(q)).not.toContain("hay");
    expect(compound(q).length).toBeLessThanOrEqual(COMPOUND_SEARCHED);
    expect(compoundTerms(q, undefined)).toEqual([]);
    const { relatedWords: _, ...without } = sharedWordNet();
    expect(compoundTerms(q, { ...without, id: "none" } as never)).toEqual([]);
  });
});

describe("recall on a real store finds a statement that names the question's two-word noun otherwise", () => {
  const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };
  const filler = [
    "The show in Knoxville sold out in a day.",
    "Where's the best place for tacos near the venue?",
    "The Ryman show last spring was the best of the tour.",
    "My day off is Monday this week.",
    "The bus leaves at noon for the show in Asheville.",
    "We played a show at the county fair, it rained all day.",
  ];
  async function showMemory(options: { lexicon?: null } = {}) {
    const mem = await openMemory({ path: ":memory:", clock, ...options });
    for (const [i, text] of filler.entries()) await mem.remember(text, { at: `2026-02-${10 + i}` });
    await mem.remember("The pines 4th of july gig is at Ascend Amphitheater now.", { at: "2026-03-01" });
    return mem;
  }
  const question = "where's the independence day show";

  it("lists the statement that says the compound's related word", async () => {
    const mem = await showMemory();
    const hits = await mem.recall(question, { k: 10 });
    expect(hits.some((h) => h.text.includes("Ascend"))).toBe(true);
    await mem.close?.();
  });

  it("does not list it without a lexicon", async () => {
    const mem = await showMemory({ lexicon: null });
    const hits = await mem.recall(question, { k: 10 });
    expect(hits.some((h) => h.text.includes("Ascend"))).toBe(false);
    await mem.close?.();
  });
});
