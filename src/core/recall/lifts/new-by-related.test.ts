import { beforeAll, describe, expect, it } from "vitest";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { loadTagger } from "../../judge/tagger.js";
import { newByRelatedWord, relatedByAsked } from "./new-by-related.js";

const lexicon = sharedWordNet();

describe("relatedByAsked: the words WordNet relates to a question's nouns, by the asked word's stem", () => {
  it("reads a noun's related words under its stem", () => {
    expect([...(relatedByAsked("Who is my dentist?", lexicon).get("dentist") ?? [])]).toContain("dental");
  });
  it("reads a two-word noun under each of its words", () => {
    const map = relatedByAsked("What do I take for hay fever?", lexicon);
    expect(map.get("hay")).toContain("pollen");
    expect(map.get("fever")).toContain("pollen");
  });
  it("relates nothing without the lexicon's relatedWords", () => {
    const { relatedWords: _, ...without } = lexicon;
    expect(relatedByAsked("Who is my dentist?", without).size).toBe(0);
  });
});

describe("newByRelatedWord: the asked thing called new by a word WordNet relates to it", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const related = (asked: string) =>
    relatedByAsked(`Who is my ${asked}?`, lexicon).get(asked) ?? new Set<string>();

  it.each([
    [
      "Dr. Lindqvist at my new dental clinic fitted me in the same afternoon when my crown cracked on a toffee.",
      "dentist",
      "my new dental clinic",
    ],
    ["We signed up with our new dental practice on the high street.", "dentist", "our new dental practice"],
    ["My new dental surgery is the one by the station.", "dentist", "My new dental surgery"],
  ])("%j calls the asked %s new as %j", (statement, asked, phrase) => {
    expect(newByRelatedWord(statement, asked, related(asked), lexicon)?.phrase).toBe(phrase);
  });

  it.each([
    ["I booked a dental check-up for May.", "dentist", "a related word, but nothing called new"],
    ["My dental insurance renews in March.", "dentist", "the speaker's, but not new"],
    ["My new dental hygienist is Sam.", "dentist", "another person beside the asked one: another role"],
    ["My sister found a new dental clinic in Leeds.", "dentist", "new, but not the speaker's"],
    ["My new dentist is Dr. Kim.", "dentist", "the asked word itself: the word test reads that"],
  ])("%j → null for %s (%s)", (statement, asked) => {
    expect(newByRelatedWord(statement, asked, related(asked), lexicon)).toBeNull();
  });
});
