import { describe, expect, it } from "vitest";
import type { StatsResult } from "../core/model.js";
import { renderNamespaces } from "./commands/doctor.js";
import { colourWanted, counted, plain } from "./style.js";

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

describe("counts and numbers as a reader expects them (newcomer45)", () => {
  it.each([
    [0, "item", undefined, "0 items"],
    [1, "item", undefined, "1 item"],
    [2, "pair", undefined, "2 pairs"],
    [1, "entry", "entries", "1 entry"],
    [3, "entry", "entries", "3 entries"],
  ] as const)("counted(%d, %s)", (n, one, many, said) => {
    expect(counted(n, one, many)).toBe(said);
  });

  it("strata namespaces lines its counts up on the last digit and says what AUDIT counts", () => {
    const row = (namespace: string, entries: number) =>
      ({
        namespace,
        episodes: { total: entries > 9 ? 12 : 1 },
        beliefs: { total: 3, byStatus: { active: 2 } },
        audit: { entries },
      }) as unknown as StatsResult;
    expect(renderNamespaces([row("default", 7), row("team-a", 1234)], plain).split("\n")).toEqual([
      "NAMESPACE  EPISODES  BELIEFS  ACTIVE  AUDIT ENTRIES",
      "default           1        3       2              7",
      "team-a           12        3       2           1234",
    ]);
  });
});
