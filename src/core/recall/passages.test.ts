import { describe, expect, it } from "vitest";
import { LONG_TEXT_WORDS, PASSAGE_WORDS, passageFactor, passagesOf, RUN_ON_WORDS } from "./passages.js";

// A speech-to-text turn: one sentence, no punctuation, 33 words.
const RUN_ON =
  "the hip's been worse so the doctor has me on co-codamol now and i'm to stop the anti-inflammatory altogether it makes me that sleepy i nearly fell asleep at the bowls on monday";
// A written text of the same length in sentences of its own.
const WRITTEN =
  "We looked at a house in Didsbury at the weekend but it fell through. Someone outbid us. Feeling a bit flat about it honestly, so we will look again in spring.";

describe("passagesOf: windows inside a run-on sentence, none in a punctuated text", () => {
  it.each([
    ["a short sentence has none", "My reading glasses are plus two.", []],
    ["a punctuated text of short sentences has none", WRITTEN, []],
    [
      "a run-on is read in half-overlapping windows",
      RUN_ON,
      [PASSAGE_WORDS, PASSAGE_WORDS, PASSAGE_WORDS, PASSAGE_WORDS, PASSAGE_WORDS, 8],
    ],
  ])("%s", (_name, text, lengths) => {
    expect(passagesOf(text).map((p) => p.length)).toEqual(lengths);
  });
});

describe("passageFactor: a run-on scored as its best window", () => {
  it.each([
    ["one matching word in a clause", ["hip"]],
    ["matching words in one window rise together", ["doctor", "co-codamol"]],
    ["a plural or tense of the asked word matches it", ["hips"]],
  ])("rises: %s", (_name, terms) => {
    expect(passageFactor(RUN_ON, terms, 12)).toBeGreaterThan(1);
  });

  it.each([
    ["a short text is a passage already", "the hip's been worse so the doctor has me on co-codamol", ["hip"]],
    ["a punctuated text keeps its whole-text score", WRITTEN, ["house"]],
    ["a run-on that says none of the words", RUN_ON, ["boiler"]],
    ["matching words spread over the whole run-on keep its whole score", RUN_ON, ["hip", "bowls"]],
  ])("stays 1: %s", (_name, text, terms) => {
    expect(passageFactor(text, terms, 12)).toBe(1);
  });

  it("is BM25's length normaliser of the text over the window's (k1 = 1.2, b = 0.75)", () => {
    const words = RUN_ON.split(/\s+/).length;
    expect(words).toBeGreaterThan(Math.max(LONG_TEXT_WORDS, RUN_ON_WORDS));
    const norm = (n: number) => 1 + 1.2 * (0.25 + (0.75 * n) / 12);
    expect(passageFactor(RUN_ON, ["hip"], 12)).toBeCloseTo(norm(words) / norm(PASSAGE_WORDS), 10);
  });
});
