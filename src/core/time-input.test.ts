/**
 * Durations and relative times past any clock (attacks51): `durationMs` read "99999999999999999999d"
 * as Infinity, which the worker took as an interval (a tick never came, nothing said so), and
 * `--at 99999999999999999999d` ended the CLI with "unexpected failure: Invalid time value".
 */
import { describe, expect, it } from "vitest";
import { durationMs, MAX_DURATION_MS, parseDuration } from "./time-input.js";
import { parseWorkerOptions } from "./worker/options.js";

describe("durationMs: a whole number of milliseconds any clock can count, or NaN", () => {
  it.each([
    ["1h30m", 5_400_000],
    ["1h1h1h", 10_800_000], // units repeated add up, as `1h30m` does
    [`${MAX_DURATION_MS}ms`, MAX_DURATION_MS],
    ["104249991d", 104_249_991 * 86_400_000],
  ])("%s = %d", (text, ms) => expect(durationMs(text)).toBe(ms));

  it.each([
    ["99999999999999999999d"], // Infinity before
    [`${"9".repeat(400)}d`], // Infinity before
    [`${MAX_DURATION_MS + 1}ms`],
    ["104249992d"],
    ["1e400d"],
    ["1.5h"],
    ["-5m"],
    ["0x10s"],
    [""],
  ])("%s is NaN", (text) => expect(durationMs(text)).toBeNaN());

  it("a refusal of a duration too long says so, with the longest", () => {
    expect(() => parseDuration("99999999999999999999d", "--interval")).toThrow(
      /--interval is longer than any clock counts: "99999999999999999999d" is over 285,000 years/,
    );
    expect(() => parseWorkerOptions({ interval: `${"9".repeat(400)}d` })).toThrow(
      /longer than any clock counts/,
    );
  });
});
