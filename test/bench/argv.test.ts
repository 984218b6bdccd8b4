import { describe, expect, it } from "vitest";
import { parseArgs as parseAb } from "../../bench/ab.js";
import { numberList, walkArgs, wordList } from "../../bench/argv.js";

describe("walkArgs", () => {
  it("hands each flag its value and goes on", () => {
    const seen: [string, string | undefined][] = [];
    walkArgs(["--sizes", "1000", "--json-only", "--seed", "7"], (flag, value) => {
      seen.push([flag, flag === "--json-only" ? undefined : value()]);
    });
    expect(seen).toEqual([
      ["--sizes", "1000"],
      ["--json-only", undefined],
      ["--seed", "7"],
    ]);
  });

  it("says which flag lacks its value", () => {
    expect(() => walkArgs(["--seed"], (_flag, value) => void value())).toThrow("--seed needs a value");
  });

  it("stops after rest() when told to", () => {
    const flags: string[] = [];
    let tail: string[] = [];
    walkArgs(["--rounds", "3", "--", "--only", "gate"], (flag, value, rest) => {
      flags.push(flag);
      if (flag === "--") {
        tail = rest();
        return "stop";
      }
      value();
    });
    expect(flags).toEqual(["--rounds", "--"]);
    expect(tail).toEqual(["--only", "gate"]);
  });
});

describe("lists", () => {
  it("reads numbers with _ separators and skips empty items", () => {
    expect(numberList("1000, 10_000,")).toEqual([1000, 10_000]);
  });
  it("refuses an item that is not a number, naming it", () => {
    expect(() => numberList("1000,abc")).toThrow('"abc" is not a number');
    expect(() => numberList("10k")).toThrow('"10k" is not a number');
    expect(numberList("")).toEqual([]);
  });
  it("reads trimmed words", () => {
    expect(wordList("sqlite, postgres,")).toEqual(["sqlite", "postgres"]);
  });
});

describe("bench/ab.ts parseArgs over walkArgs", () => {
  it("passes everything after -- to bench/run.ts", () => {
    const o = parseAb([
      "--before",
      "/a",
      "--after",
      "/b",
      "--rounds",
      "2",
      "--metrics",
      "x.y, z",
      "--",
      "--only",
      "gate",
    ]);
    expect(o).toMatchObject({
      before: "/a",
      after: "/b",
      rounds: 2,
      metrics: ["x.y", "z"],
      args: ["--only", "gate"],
    });
  });
  it("names a flag without a value", () => {
    expect(() => parseAb(["--before"])).toThrow("--before needs a value");
  });
  it("rejects an unknown flag", () => {
    expect(() => parseAb(["--befor", "/a"])).toThrow(/unknown option --befor/);
  });
});
