import { beforeAll, describe, expect, it } from "vitest";
import { sharedWordNet } from "../lexicon/wordnet.js";
import { askedCategory, categoryKinds } from "./asked-kinds.js";
import { loadTagger, tag } from "./judge/tagger.js";

beforeAll(async () => {
  await loadTagger();
});

describe("askedCategory: a question asking instances of a category noun", () => {
  it.each([
    ["What activities does Melanie partake in?", "activity"],
    ["What books has Melanie read?", "book"],
    ["Which instruments does she play?", "instrument"],
    ["What sports do you play?", "sport"],
    ["What martial arts has John done?", "martial art"],
    ["What kind of art does Caroline make?", "art"],
    ["What types of yoga has Maria practiced?", "yoga"],
    ["Which cities has Jon visited?", "city"],
    ["What desserts has Maria made?", "dessert"],
    ["What outdoor activities has John done with his colleagues?", "outdoor activity"],
    ["What LGBTQ+ events has Caroline participated in?", "event"],
  ])("%s → %s", (question, phrase) => {
    expect(askedCategory(tag(question))?.phrase).toBe(phrase);
  });

  it.each([
    // No noun after the wh-word: what is asked is not a category.
    "What is Caroline's identity?",
    "What did Caroline research?",
    "What are Melanie's pets' names?",
    // One instance, singular: a current state (`newestKindListed`) or a plain slot.
    "What music am I into?",
    "What time is the standup?",
    "What phone do I have?",
    // Not a what/which question.
    "Who supports Caroline when she has a negative experience?",
    "Where has Melanie camped?",
    "How many children does Melanie have?",
    // The wh-phrase is not what the verb asks ("What about books?").
    "What about books?",
  ])("%s → none", (question) => {
    expect(askedCategory(tag(question))).toBeNull();
  });
});

describe("categoryKinds: the kinds of the asked noun, in their dominant sense", () => {
  it("reads a compound the lexicon knows as one noun, and its kinds", () => {
    const { noun, kinds } = categoryKinds({ head: "art", phrase: "martial art" }, sharedWordNet(), 64);
    expect(noun).toBe("martial art");
    expect(kinds).toEqual(expect.arrayContaining(["judo", "karate"]));
  });

  it("falls back to the head when the phrase is no noun of the lexicon", () => {
    const { noun, kinds } = categoryKinds({ head: "sport", phrase: "outdoor sport" }, sharedWordNet(), 64);
    expect(["outdoor sport", "sport"]).toContain(noun);
    expect(kinds.length).toBeGreaterThan(0);
  });

  it("leaves out a word that is a kind only in a rare sense of its own, and phrases", () => {
    const { kinds } = categoryKinds({ head: "activity", phrase: "activity" }, sharedWordNet(), 256);
    // "line" (of work) and "bag" (one's activity) are kinds only in rare senses of "line", "bag".
    expect(kinds).not.toContain("line");
    expect(kinds).not.toContain("bag");
    expect(kinds.every((k) => !/\s/.test(k))).toBe(true);
  });
});
