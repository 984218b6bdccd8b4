import { beforeAll, describe, expect, it } from "vitest";
import { deicticOccasionOf, predicateTense } from "./one-occasion.js";
import { loadTagger, tag } from "./tagger.js";

beforeAll(() => loadTagger());

describe("deicticOccasionOf: one day named from the speaker's now, not an onset", () => {
  it.each([
    ["standup is at 10 tomorrow only", "tomorrow"],
    ["the kids went to bed at 10 last night, party", "last night"],
    ["The gym opens at 9am today.", "today"],
    ["the garage door got fixed this morning", "this morning"],
    ["standup is at 10 starting tomorrow", null],
    ["from tomorrow standup is at 10", null],
    ["As of today, the gym opens at 7am.", null],
    ["The pool is closed until tomorrow.", null],
    ["I walk the dog every morning", null],
    ["school starts at 8:30 this year btw", null],
  ])("%s → %s", (text, occasion) => {
    expect(deicticOccasionOf(text)).toBe(occasion);
  });
});

describe("predicateTense: the tense of the word that carries the predicate", () => {
  it.each([
    ["the kids go to bed at 8", "go", "present"],
    ["the kids went to bed at 10", "go", "past"],
    ["i took the 8:15 train", "take", "past"],
    ["She takes the 8:15 train", "take", "present"],
    ["the rent is 1200", "is", "present"],
    ["the rent was 1100 when we moved in", "is", "past"],
    // A passive is an event of change, not a past value.
    ["The logo was redesigned in green.", "is", null],
    ["The log level was dialled back to warn.", "is", null],
    ["I did go to bed at 10", "go", "past"],
    ["I will take the 9:10 train", "take", "present"],
    ["I am taking the 9:10 train", "take", "present"],
    ["Taking the 9:10 train", "take", null],
  ])("%s (%s) → %s", (text, predicate, tense) => {
    expect(predicateTense(tag(text), predicate)).toBe(tense);
  });
});
