/** Turning a flag's text into JSON: what a refusal names. */
import { describe, expect, it } from "vitest";
import { toJson } from "./args.js";

const refusal = (value: string) => {
  try {
    toJson(value, "--meta");
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("toJson", () => {
  it.each([
    // an empty value is named, where it read "got ."
    [
      "",
      '--meta must be a JSON object such as \'{"ticket":"OPS-1"}\', got nothing (an empty value, or an unset shell variable?).',
    ],
    ["   ", "got nothing (an empty value, or an unset shell variable?)."],
    // any other value is quoted as typed
    ["{bad", "got {bad."],
    ["[1]", "got [1]."],
    ["null", "got null."],
  ])("%j → …%s", (value, said) => {
    expect(refusal(value).endsWith(said)).toBe(true);
  });

  it("a JSON object passes", () => {
    expect(toJson('{"ticket":"OPS-1"}', "--meta")).toEqual({ ticket: "OPS-1" });
  });
});
