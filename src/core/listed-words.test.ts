import { describe, expect, it } from "vitest";
import { listedWord as modelListed, modelWords } from "./judge/tagger.js";
import { LISTED_WORDS } from "./listed-words.generated.js";
import { listedWord } from "./listed-words.js";

describe("listedWord: the model's lexicon, read without the model", () => {
  it.each<[string, boolean]>([
    ["Coffee", true],
    ["yesterday", true],
    ["Mum", true],
    ["Monday", true],
    ["Sam", true],
    ["NASA", true],
    ["aa", true],
    ["Kasia", false],
    ["Netflix", false],
    ["BT", false],
    ["Leo", false],
    ["a", false], // one letter: no first word of that shape is read
    ["coffee-shop", false],
    ["", false],
  ])("%j → %s", (word, listed) => {
    expect(listedWord(word)).toBe(listed);
  });

  it("is the model's own listing: every word it lists, and none beside (npm install rewrites the copy: scripts/write-listed-words.ts)", async () => {
    const words = await modelWords();
    expect(LISTED_WORDS).toBe(` ${words.join(" ")} `);
    for (const w of words) {
      expect(listedWord(w)).toBe(true);
      // A word one letter longer or shorter is listed exactly when the model lists it.
      expect(listedWord(`${w}q`)).toBe(modelListed(`${w}q`));
      if (w.length > 2) expect(listedWord(w.slice(0, -1))).toBe(modelListed(w.slice(0, -1)));
    }
  }, 120_000);
});
