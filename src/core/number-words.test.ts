import { describe, expect, it } from "vitest";
import { numberInWords, wordBelowHundred } from "./number-words.js";

const words = (text: string) => text.split(" ");

describe("numberInWords: an English number said in words, read to its digits (NUMBER_IN_WORDS)", () => {
  it.each([
    ["one hundred and eighty dollars", "180", 3],
    ["twenty four kilos", "24", 1],
    ["twenty-four kilos", "24", 0],
    ["three point six five percent", "3.65", 3],
    ["four point one percent", "4.1", 2],
    ["two thousand units", "2000", 1],
    ["twelve hundred", "1200", 1],
    ["a hundred and ten now", "110", 3],
    ["a hundred", "100", 1],
    ["a thousand milligrams", "1000", 1],
    ["one thousand nine hundred dollars", "1900", 3],
    ["two thousand and fifty dollars", "2050", 3],
    ["one thousand and sixty eight dollars", "1068", 4],
    ["two and a half kilos", "2.5", 3],
    ["one point two million", "1200000", 3],
    ["one hundred thousand", "100000", 2],
    ["seven hundred and ninety dollars", "790", 3],
    ["point oh five", null, 0],
  ] as const)("%s → %s", (text, value, to) => {
    const read = numberInWords(words(text), 0);
    expect(read === null ? null : read.value).toBe(value);
    if (read) expect(read.to).toBe(to);
  });

  it.each([
    // one word alone: a pronoun, a count said in passing, a ten
    "one of the kids",
    "the one I liked",
    "ten dollars",
    "twenty",
    // a run the grammar does not join: a list, a year said in words
    "five six people",
    "twenty twenty-four",
    "nineteen ninety",
    // an ordinal is no number here; "a" needs a scale after it
    "second time",
    "a second",
    "a half",
    "half the kids",
    // a scale with nothing before it, or twice
    "hundred and ten",
    "thousand thousand",
  ])("%s → none", (text) => {
    expect(numberInWords(words(text), 0)).toBeNull();
  });

  it("reads from the token it is given, and one word's value by wordBelowHundred", () => {
    expect(numberInWords(words("it was eighty nine dollars"), 2)).toEqual({ value: "89", to: 3, words: 2 });
    expect(wordBelowHundred("eleven")).toBe(11);
    expect(wordBelowHundred("Twenty-Four")).toBe(24);
    expect(wordBelowHundred("dozen")).toBeUndefined();
  });
});
