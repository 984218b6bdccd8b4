/** Turning a flag's text into JSON: what a refusal names. */
import { describe, expect, it } from "vitest";
import { timeFlag, toJson, toTime } from "./args.js";
import { UsageError } from "./usage-error.js";

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

describe("toTime and timeFlag: a duration back past the years a time can be in (attacks51)", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it.each([["300000w"], ["99999999999999999999d"], ["9007199254740991ms"]])(
    "%s is a usage error naming what was typed, not an internal failure",
    (value) => {
      expect(() => toTime(value, now)).toThrow(UsageError);
      expect(() => toTime(value, now)).toThrow(`cannot read the time "${value}": it is before the year 1000`);
      expect(() => timeFlag("--at")(value)).toThrow(`--at: cannot read the time "${value}"`);
    },
  );

  it("the furthest back a duration reaches is read", () => {
    expect(toTime("52000w", now)).toBe("1029-08-04T12:00:00.000Z");
  });
});
