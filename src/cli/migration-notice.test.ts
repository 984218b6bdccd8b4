import { describe, expect, it } from "vitest";
import { migrationNotice } from "./migration-notice.js";

/** Runs `steps` of [elapsed ms, done, total] through a notice with a clock the steps set. */
function lines(steps: [number, number, number][]): string[] {
  const out: string[] = [];
  let t = 0;
  const notice = migrationNotice(
    (line) => out.push(line),
    () => t,
  );
  for (const [ms, done, total] of steps) {
    t = ms;
    notice({ version: 6, done, total });
  }
  return out;
}

describe("migrationNotice", () => {
  it("says nothing of a migration done within a second", () => {
    expect(
      lines([
        [0, 0, 5000],
        [400, 2048, 5000],
        [900, 5000, 5000],
      ]),
    ).toEqual([]);
  });

  it("says once what is happening past a second, and how long it took when done", () => {
    expect(
      lines([
        [0, 0, 1_000_000],
        [800, 100_000, 1_000_000],
        [1_200, 150_000, 1_000_000],
        [5_000, 600_000, 1_000_000],
        [9_750, 1_000_000, 1_000_000],
      ]),
    ).toEqual([
      "strata: upgrading this store to schema 6 (once per file): 150,000 of 1,000,000 vectors done…",
      "strata: upgraded to schema 6 in 9.8 s.",
    ]);
  });
});
