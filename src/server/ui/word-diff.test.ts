import { describe, expect, it } from "vitest";
import { wordDiff } from "./word-diff.js";

describe("wordDiff", () => {
  it.each([
    [
      "a changed value",
      "retry limit is 5",
      "retry limit is 7",
      [
        { op: "same", text: "retry limit is" },
        { op: "del", text: "5" },
        { op: "ins", text: "7" },
      ],
    ],
    [
      "words added at the end",
      "The user lives in Oslo",
      "The user lives in Oslo now",
      [
        { op: "same", text: "The user lives in Oslo" },
        { op: "ins", text: "now" },
      ],
    ],
    ["identical texts", "same words", "same  words", [{ op: "same", text: "same words" }]],
    [
      "nothing in common",
      "a b",
      "c",
      [
        { op: "del", text: "a b" },
        { op: "ins", text: "c" },
      ],
    ],
  ])("%s", (_name, a, b, parts) => {
    expect(wordDiff(a, b)).toEqual(parts);
  });
});
