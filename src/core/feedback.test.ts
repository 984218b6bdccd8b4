import { afterEach, describe, expect, it } from "vitest";
import { DAY, testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";
import { effectiveConfidence, halfLifeFor, laplaceConfidence } from "./forgetting.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

describe("feedback", () => {
  it.each([
    [0, 0, 0.5],
    [1, 0, 2 / 3],
    [9, 0, 10 / 11],
    [0, 1, 1 / 3],
    [3, 1, 4 / 6],
  ])("Laplace confidence for %i successes, %i failures is %f", (s, f, expected) => {
    expect(laplaceConfidence(s, f)).toBeCloseTo(expected, 10);
  });

  it("outcome is the only mutator of confidence: 1/1 → 0.67, 9/9 → 0.91, half-life grows", async () => {
    ({ mem } = await testMemory());
    const b = await mem.remember("Chunking the CSV to 20MB completes validation");
    const first = await mem.outcome(b.id, true);
    expect(first.confidenceBefore).toBe(0.5);
    expect(first.confidenceAfter).toBeCloseTo(0.67, 2);
    expect(first.halfLifeDays).toBe(28);
    // Nine results from nine sessions: each counts (one session's repeats would count once).
    for (let i = 0; i < 8; i++) await mem.outcome(b.id, true, { session: `run-${i}` });
    const belief = await mem.get(b.id);
    expect(belief).toMatchObject({ successes: 9, failures: 0, halfLifeDays: 140, uses: 9 });
    expect(belief.layer === "belief" && belief.confidence).toBeCloseTo(0.91, 2);
    const failed = await mem.outcome(b.id, false);
    expect(failed.confidenceAfter).toBeCloseTo(10 / 12, 10);
    expect((await mem.explain(b.id)).outcomes).toHaveLength(10);
  });

  it("effective confidence halves every half-life since the last confirmation", async () => {
    const { clock, mem: m } = await testMemory();
    mem = m;
    const b = await mem.remember("Use the EU mirror for package installs");
    const belief = await mem.get(b.id);
    if (belief.layer !== "belief") throw new Error("expected a belief");
    const later = new Date(Date.parse(belief.recordedAt) + 14 * DAY).toISOString();
    expect(effectiveConfidence(belief, later)).toBeCloseTo(0.25, 10);
    expect(effectiveConfidence({ ...belief, pinned: true }, later)).toBe(0.5);
    expect(halfLifeFor(14, 2)).toBe(42);
    clock.advance(DAY);
  });
});
