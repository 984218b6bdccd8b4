/** `help --json`'s samples, read back from the text `sample` writes (help-text.ts). */
import { describe, expect, it } from "vitest";
import { samplesOf } from "./help-json.js";
import { examples, sample } from "./help-text.js";

describe("samplesOf", () => {
  it("reads the command and the lines it printed, a blank line inside kept, up to the examples after it", () => {
    const text = `Usage: strata context [options] <query>${sample(
      'strata context "retry limit"',
      "## Facts",
      "- The retry limit is 5",
      "",
      "60/600 tokens, 2 items",
    )}${examples('strata context "deploy"', "strata context x --budget 300")}`;
    expect(samplesOf(text)).toEqual([
      {
        command: 'strata context "retry limit"',
        prints: ["## Facts", "- The retry limit is 5", "", "60/600 tokens, 2 items"],
      },
    ]);
  });

  it("a sample last in the help ends with the text; examples alone are no sample", () => {
    expect(samplesOf(`Usage: strata health${sample("strata health", "2 active beliefs")}`)).toEqual([
      { command: "strata health", prints: ["2 active beliefs"] },
    ]);
    expect(samplesOf(`Usage: strata stats${examples("strata stats", "strata stats --json")}`)).toEqual([]);
    expect(samplesOf("Usage: strata stats\n")).toEqual([]);
  });
});
