import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTRACTIONS_THAT_ARE_WORDS, isContractedStopWord, STOP_WORD_CONTRACTIONS } from "../core/text.js";
import { isListed, WordNetNouns, wordnetDir } from "./wordnet.js";

const sizeOf = (p: string) => statSync(p).size;
const partsOfSpeech = (["noun", "verb", "adj"] as const).map(
  (pos) => new WordNetNouns(wordnetDir(), sizeOf, pos),
);
const wordNetLists = (word: string) => partsOfSpeech.some((words) => isListed(words, word));

describe("a stop word's contraction typed without its apostrophe: a stop word unless WordNet lists it (question36)", () => {
  it("the bare forms kept as words are exactly those WordNet lists as a noun, a verb or an adjective", () => {
    const listed = STOP_WORD_CONTRACTIONS.map((c) => c.bare).filter(wordNetLists);
    expect(new Set(listed)).toEqual(CONTRACTIONS_THAT_ARE_WORDS);
  });

  it.each([
    ["whats", false, true],
    ["thats", false, true],
    ["im", false, true],
    ["dont", false, true],
    ["shed", true, false],
    ["id", true, false],
    ["well", true, false],
  ])("%j: WordNet lists it %s, so a stop word %s", (bare, listed, stop) => {
    expect(wordNetLists(bare)).toBe(listed);
    expect(isContractedStopWord(bare)).toBe(stop);
  });
});
