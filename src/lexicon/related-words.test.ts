import { statSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../core/judge/tagger.js";
import { relatedTerms } from "../core/recall/expansion.js";
import { askedSlot } from "../core/state-slots.js";
import { queryTerms } from "../core/text.js";
import { openMemory } from "../open-memory.js";
import { RELATED_KEPT, relatedWords, sharedWordNet, WordNetNouns, wordnetDir } from "./wordnet.js";

const sizeOf = (p: string) => statSync(p).size;
const nouns = new WordNetNouns(wordnetDir(), sizeOf);
const verbs = new WordNetNouns(wordnetDir(), sizeOf, "verb");
const adjectives = new WordNetNouns(wordnetDir(), sizeOf, "adj");
const related = (word: string) => relatedWords(nouns, verbs, adjectives, word);

describe("relatedWords: what a statement may say instead of a noun, from WordNet 3.1", () => {
  it.each([
    ["dentist", ["dental", "dentistry"], "a synonym's word (dental practitioner) and its definition's noun"],
    [
      "hay fever",
      ["pollen", "rhinitis", "pollinosis"],
      "a multi-word noun: its synonym and its definition's nouns",
    ],
    ["car", ["auto", "automobile"], "synonyms"],
    ["electricity", ["electric"], "a derived form in another part of speech"],
    ["café", ["coffeehouse", "restaurant"], "an accented word read without its accent"],
  ])("%s → %j (%s)", (word, expected) => {
    expect(related(word)).toEqual(expect.arrayContaining(expected));
    expect(related(word).length).toBeLessThanOrEqual(RELATED_KEPT);
  });

  it.each([
    ["dentist", ["doctor", "tooth", "person", "practice"], "words of many senses, a top noun, a verb"],
    [
      "hay fever",
      ["seasonal", "allergic", "reaction", "resulting", "hay", "fever"],
      "adjectives, a noun of many senses, its own words",
    ],
    ["city", ["large", "may", "independent", "area"], "a gloss's adjectives and modal, a general noun"],
    ["dog", ["times", "man", "wolf"], "a gloss's plain words and nouns that are verbs too"],
    ["relationship", ["unemployment", "inflation"], "a definition's parenthesised aside about the word"],
    ["status", ["things"], "a plural whose singular has many senses"],
  ])("%s never → %j (%s)", (word, never) => {
    for (const w of never) expect(related(word)).not.toContain(w);
  });

  it.each([
    ["club", "a baseball club or a society: no one sense"],
    ["food", "its definition names only general nouns"],
    ["synthwave", "a word WordNet lacks"],
    ["hr", "two letters: WordNet's hour, a question's department"],
    ["", "nothing"],
  ])("%j → [] (%s)", (word) => {
    expect(related(word)).toEqual([]);
  });

  it("is the shared lexicon's relatedWords", () => {
    expect(sharedWordNet().relatedWords?.("dentist")).toEqual(related("dentist"));
  });
});

describe("relatedTerms: a current-state question's search words link a statement that says none of its own", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const links = (question: string, statement: string) => {
    const terms = new Set(relatedTerms(question, askedSlot(question), sharedWordNet()).map(fold));
    return queryTerms(statement).some((t) => terms.has(fold(t)));
  };

  it.each([
    ["Who is my dentist?", "Dr. Lindqvist at my new dental clinic fitted me in the same afternoon."],
    ["What do I take for hay fever?", "How do I keep pollen out of the bedroom?"],
    ["Which car do I drive?", "We finally sold the old automobile."],
    ["Who is our electricity supplier?", "The electric bill from the new provider came today."],
    ["Which gym do I go to?", "The gymnasium on Pine Street has a new rowing machine."],
  ])("links %j and %j", (question, statement) => {
    expect(links(question, statement)).toBe(true);
  });

  it.each([
    ["Who is my dentist?", "My doctor is Dr. Patel.", "doctor has many senses"],
    ["Which club do I play for?", "Our society meets on Tuesdays.", "club's senses split"],
    [
      "What food does my dog eat?",
      "It's a substance that gives energy.",
      "food's definition names only general nouns",
    ],
    [
      "What do I take for hay fever?",
      "I cut the grass for fodder.",
      "hay is read in the compound, not alone",
    ],
    ["What did my dentist say last week?", "My dental floss ran out.", "a past event asks no current state"],
    ["What is the dentist's address?", "The dental clinic moved.", "no person's state is asked"],
  ])("does not link %j and %j (%s)", (question, statement) => {
    expect(links(question, statement)).toBe(false);
  });

  it("keeps the question's own words out of the related ones", () => {
    const q = "Who is my dentist?";
    expect(relatedTerms(q, askedSlot(q), sharedWordNet())).not.toContain("dentist");
  });

  it("relates nothing without a lexicon that relates words", () => {
    const q = "Who is my dentist?";
    expect(relatedTerms(q, askedSlot(q), undefined)).toEqual([]);
    const { relatedWords: _, ...without } = sharedWordNet();
    expect(relatedTerms(q, askedSlot(q), { ...without, id: "none" } as never)).toEqual([]);
  });
});

/** Case and plural aside, as the text index stems. */
const fold = (t: string) => t.toLowerCase().replace(/s$/, "");

describe("recall on a real store finds the newer statement by words related to the question's", () => {
  const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };
  const filler = [
    "The dentist's waiting room magazines are always from last year.",
    "I keep meaning to floss more, my dentist says so every time.",
    "We booked the car in for its MOT on Friday.",
    "The garden fence needs painting before the summer.",
    "I started reading a novel about lighthouse keepers.",
    "The plumber comes on Thursday to look at the boiler.",
  ];
  async function dentistMemory(options: { lexicon?: null; policy?: { relatedWeight: number } } = {}) {
    const mem = await openMemory({ path: ":memory:", clock, ...options });
    await mem.remember("My dentist is Dr. Okafor at the Hillside practice.", { at: "2026-01-07" });
    for (const [i, text] of filler.entries()) await mem.remember(text, { at: `2026-02-${10 + i}` });
    await mem.remember("Dr. Lindqvist at my new dental clinic fitted me in the same afternoon.", {
      at: "2026-03-01",
    });
    return mem;
  }

  it("lists the newer statement said in a related word, and says how it matched", async () => {
    const mem = await dentistMemory();
    const hits = await mem.recall("Who is my dentist?", { k: 5 });
    const newer = hits.find((h) => h.text.includes("Lindqvist"));
    expect(newer).toBeDefined();
    expect(newer!.why.summary).toContain("words related to the question's");
    await mem.close?.();
  });

  it.each([
    ["without a lexicon", { lexicon: null }],
    ["at relatedWeight 0", { policy: { relatedWeight: 0 } }],
  ] as const)("%s, the question's own words only: the newer statement is not listed", async (_, options) => {
    const mem = await dentistMemory(options);
    const hits = await mem.recall("Who is my dentist?", { k: 5 });
    expect(hits.some((h) => h.text.includes("Lindqvist"))).toBe(false);
    await mem.close?.();
  });
});
