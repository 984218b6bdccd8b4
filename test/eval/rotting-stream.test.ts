import { describe, expect, it } from "vitest";
import { generateStream } from "../../eval/rotting-stream/generator.js";
import { evaluateRottingStream } from "../../eval/rotting-stream/index.js";

describe("rotting-stream eval", () => {
  it("generates the same stream from the same seed", () => {
    const a = generateStream({ seed: 7, days: 5, facts: 10 });
    const b = generateStream({ seed: 7, days: 5, facts: 10 });
    expect(a).toEqual(b);
    expect(generateStream({ seed: 8, days: 5, facts: 10 })).not.toEqual(a);
    expect(new Set(a.events.map((e) => e.tag))).toEqual(
      new Set(["state", "change", "restate", "echo", "question", "chit-chat", "self-note"]),
    );
  });

  it("ends small and current on 12 days of 20 facts (the thresholds reached)", async () => {
    const r = await evaluateRottingStream({ seed: 42, days: 12, facts: 20 });
    expect(r.stale).toBe(0);
    expect(r.other).toBe(0);
    expect(r.usableShare).toBeGreaterThanOrEqual(0.9);
    expect(r.activeBeliefs).toBeLessThanOrEqual(r.facts + 2);
    expect(r.missing).toBeLessThanOrEqual(1);
    expect(r.recallAt3).toBeGreaterThanOrEqual(0.7);
  });
});
