import { describe, expect, it } from "vitest";
import { colourWanted } from "./style.js";

describe("colourWanted: colour by the conventions other tools keep", () => {
  it.each([
    // [name, isTTY, env, json, wanted]
    ["a terminal", true, {}, false, true],
    ["a pipe", false, {}, false, false],
    ["--json on a terminal", true, {}, true, false],
    ["NO_COLOR=1 on a terminal", true, { NO_COLOR: "1" }, false, false],
    ["NO_COLOR set to anything", true, { NO_COLOR: "no" }, false, false],
    ["NO_COLOR empty is as if unset (no-color.org)", true, { NO_COLOR: "" }, false, true],
    ["FORCE_COLOR=1 in a pipe", false, { FORCE_COLOR: "1" }, false, true],
    ["FORCE_COLOR empty is as if unset (force-color.org)", false, { FORCE_COLOR: "" }, false, false],
    [
      "NO_COLOR wins over FORCE_COLOR: an explicit no",
      true,
      { FORCE_COLOR: "1", NO_COLOR: "1" },
      false,
      false,
    ],
    ["FORCE_COLOR=0 on a terminal", true, { FORCE_COLOR: "0" }, false, false],
    ["FORCE_COLOR=false on a terminal", true, { FORCE_COLOR: "false" }, false, false],
    ["FORCE_COLOR under --json", false, { FORCE_COLOR: "1" }, true, false],
  ] as const)("%s", (_name, isTTY, env, json, wanted) => {
    expect(colourWanted({ isTTY, env, json })).toBe(wanted);
  });
});
