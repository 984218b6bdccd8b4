/**
 * Durations and relative times past any clock (attacks51): `durationMs` read "99999999999999999999d"
 * as Infinity, which the worker took as an interval (a tick never came, nothing said so), and
 * `--at 99999999999999999999d` ended the CLI with "unexpected failure: Invalid time value".
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { decimalNumber, durationMs, MAX_DURATION_MS, parseDuration, timeInputMs } from "./time-input.js";
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

describe("durationMs reads in time linear in the text's length (attacks51)", () => {
  // Digits with no unit after them: every start of the run was tried to its end, 40,000 digits
  // took 4.4 s and 20,000 1.2 s. Timed by ratio, the median of three, so a loaded machine says the
  // same: eight times the text takes about eight times as long, not sixty-four.
  const took = (text: string) => {
    const times = [0, 1, 2].map(() => {
      const start = performance.now();
      durationMs(text);
      return performance.now() - start;
    });
    return times.sort((a, b) => a - b)[1]!;
  };
  it.each([
    ["digits and no unit", (n: number) => `${"9".repeat(n)}x`],
    ["spaces before no unit", (n: number) => `1${" ".repeat(n)}1`],
  ])("%s", (_, text) => {
    took(text(2000)); // warmed
    const ratio = took(text(32_000)) / Math.max(took(text(4000)), 1);
    expect(ratio).toBeLessThan(24);
  });
});

/**
 * attacks52: a time that begins as an ISO day but goes on in words Date.parse reads in its legacy
 * way — "12:00 pm", ", 12:00", "(note)" — was read in the machine's own time zone: the same
 * `remember … at` stored one instant on a server in UTC and another five hours later in New York
 * (invariant 7). Only ISO 8601 is read; a time without a zone is UTC.
 */
describe("a time is ISO 8601 or none, the same instant in every time zone", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    "2026-03-01 12:00 pm",
    "2026-03-01 12:00 am",
    "2026-03-01, 12:00",
    "2026-03-01 12:00 (local)",
    "2026-03-01T12:00+02",
    "2026-03-01T12Z",
    // surfaces53: a leap second is refused (a JavaScript time cannot hold one), as is past 24:00.
    "2016-12-31T23:59:60Z",
    "2026-03-01T24:30",
    "2026-03-01T12:00+24:00",
    // The years 1000-9999 in UTC: the last instant before 1000 is none.
    "1000-01-01T00:30+01:00",
  ])("%j is no time", (text) => {
    expect(timeInputMs(text)).toBeNaN();
  });

  it.each([
    ["2026-03-01", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01T12:00", "2026-03-01T12:00:00.000Z"],
    ["2026-03-01 12:00", "2026-03-01T12:00:00.000Z"],
    ["2026-03-01 12:00:30.5", "2026-03-01T12:00:30.500Z"],
    ["2026-03-01T12:00:00Z", "2026-03-01T12:00:00.000Z"],
    ["2026-03-01T12:00:00+02:00", "2026-03-01T10:00:00.000Z"],
    ["2026-03-01T12:00+0200", "2026-03-01T10:00:00.000Z"],
    ["2026-03-01 12:00-05:00", "2026-03-01T17:00:00.000Z"],
    ["2026-03-01\n", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01t12:00", "2026-03-01T12:00:00.000Z"],
    // surfaces53: ISO 8601's end of a day, the zones at the ends of the world's, and "-00:00".
    ["2026-03-01T24:00", "2026-03-02T00:00:00.000Z"],
    ["2026-03-01T12:00+14:00", "2026-02-28T22:00:00.000Z"],
    ["2026-03-01T12:00-12:00", "2026-03-02T00:00:00.000Z"],
    ["2026-03-01T12:00-00:00", "2026-03-01T12:00:00.000Z"],
    // The whole of the year 9999: its last day was refused after its first instant.
    ["9999-12-31T23:59:59Z", "9999-12-31T23:59:59.000Z"],
    ["9999-12-31 12:00", "9999-12-31T12:00:00.000Z"],
    ["1000-01-01", "1000-01-01T00:00:00.000Z"],
  ])("%j is %s, in New York as in UTC", (text, iso) => {
    vi.stubEnv("TZ", "America/New_York");
    expect(new Date(timeInputMs(text)).toISOString()).toBe(iso);
  });
});

describe("decimalNumber: the one reading of a number given as text (CLI flags, REST query parameters)", () => {
  it.each([
    ["12", 12],
    ["1e2", 100],
    ["+5", 5],
    ["5.0", 5],
    [".5", 0.5],
    ["5.", 5],
    [" 2 ", 2],
    ["-0.25", -0.25],
    ["1e400", Number.POSITIVE_INFINITY],
  ])("reads %j as %d", (text, n) => {
    expect(decimalNumber(text)).toBe(n);
  });

  it.each(["", " ", "0x10", "0b11", "0o7", "1_000", "Infinity", "NaN", "٥", "５", "1,5", "e5", "."])(
    "reads %j as no number",
    (text) => {
      expect(decimalNumber(text)).toBeNaN();
    },
  );

  it("reads a long run of digits with a stray character after it in linear time", () => {
    expect(decimalNumber(`${"9".repeat(50_000)}x`)).toBeNaN();
  });
});
