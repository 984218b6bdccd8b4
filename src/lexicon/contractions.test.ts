import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { asWritten, CONTRACTIONS_THAT_ARE_WORDS, STOP_WORD_CONTRACTIONS } from "../core/text.js";
import { isListed, WordNetNouns, wordnetDir } from "./wordnet.js";

const sizeOf = (p: string) => statSync(p).size;
const partsOfSpeech = (["noun", "verb", "adj"] as const).map(
  (pos) => new WordNetNouns(wordnetDir(), sizeOf, pos),
);
const wordNetLists = (word: string) => partsOfSpeech.some((words) => isListed(words, word));

describe("a stop word's contraction typed without its apostrophe: read as written unless WordNet lists it (question36)", () => {
  it("the bare forms kept as words are exactly those WordNet lists as a noun, a verb or an adjective", () => {
    const listed = STOP_WORD_CONTRACTIONS.map((c) => c.bare).filter(wordNetLists);
    expect(new Set(listed)).toEqual(CONTRACTIONS_THAT_ARE_WORDS);
  });

  it.each([
    ["whats", false, "what"],
    ["thats", false, "that"],
    ["im", false, "i'm"],
    ["dont", false, "don't"],
    ["shed", true, "shed"],
    ["id", true, "id"],
    ["well", true, "well"],
  ])("%j: WordNet lists it %s, so it reads %j", (bare, listed, written) => {
    expect(wordNetLists(bare)).toBe(listed);
    expect(asWritten(bare)).toBe(written);
  });
});
