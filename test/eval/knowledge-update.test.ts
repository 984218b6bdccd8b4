import { describe, expect, it } from "vitest";
import { evaluateKnowledgeUpdate, fnv1a, loadCases, splitOf } from "../../eval/knowledge-update/index.js";

describe("knowledge-update eval", () => {
  it("splits the 40 cases in two stable halves by hash", () => {
    const { cases } = loadCases();
    expect(cases).toHaveLength(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(40);
    expect(fnv1a("dentist-day")).toBe(fnv1a("dentist-day"));
    const dev = cases.filter((c) => splitOf(c.id) === "dev");
    expect(dev.length).toBeGreaterThanOrEqual(15);
    expect(dev.length).toBeLessThanOrEqual(25);
  });

  it("after consolidate, ranks the latest value first on the dev half (the level reached) and covers every episode", async () => {
    const report = await evaluateKnowledgeUpdate({ split: "dev", phases: ["after"] });
    const after = report.phases[0]!;
    // The level reached: 16/20 (h/rsleep, 1 December 2026). The four dev misses share no word with
    // their question (job, city, bike, password manager): no lexical retriever finds them.
    expect(after.dev.share).toBeGreaterThanOrEqual(0.8);
    expect(after.coverage?.uncovered).toBe(0);
  }, 120_000);
});
