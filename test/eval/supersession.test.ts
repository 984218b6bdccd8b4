import { describe, expect, it } from "vitest";
import {
  evaluateSupersession,
  loadPairs,
  renderSupersessionMarkdown,
} from "../../eval/supersession/index.js";

// The held-out half is FROZEN: reported by `npm run eval`, never tuned on, and never asserted on
// here. Only the dev half's figures gate CI.
describe("supersession eval (lexical judge)", () => {
  it("has at least 150 labelled pairs, split into dev and held-out halves", () => {
    const pairs = loadPairs();
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    expect(pairs.filter((p) => p.split === "held-out").length).toBeGreaterThanOrEqual(75);
  });

  // The held-out half is reported (`npm run eval -- supersession`), never gated on: a gate on it
  // is a target to tune towards, and it stops measuring pairs the judge's authors never saw.
  it("keeps the figures it reached on the dev half: precision and recall of supersedes, duplicate accuracy", async () => {
    const dev = (await evaluateSupersession({ split: "dev", system: false })).splits.dev!;
    expect(dev.supersedes.precision).toBe(1);
    expect(dev.supersedes.recall).toBeGreaterThanOrEqual(0.97);
    // 0.9 before redundancy became structural (uncovered-words): a paraphrase with a word the other
    // lacks ("… based in Vancouver" / "… Vancouver, Canada") is now stored and deferred, not merged.
    expect(dev.duplicate.accuracy).toBeGreaterThanOrEqual(0.8);
  });

  it("never lets a dev hard negative supersede: questions, hypotheticals, other entities, additions", async () => {
    const r = await evaluateSupersession({ split: "dev", system: false });
    const leaks = r.splits.dev!.misses.filter(
      (m) =>
        ["question", "hypothetical", "different-entity", "additive", "shared-words"].includes(m.kind) &&
        (m.predicted === "supersedes" || m.predicted === "contradicts"),
    );
    expect(leaks).toEqual([]);
  });

  it("counts the frozen half's misses in its report but never lists them", async () => {
    const r = await evaluateSupersession({ system: false });
    const held = loadPairs().filter((p) => p.split === "held-out");
    const md = renderSupersessionMarkdown(r);
    expect(r.frozen).toBe("held-out");
    expect(md).toContain("held-out (frozen)");
    expect(r.splits["held-out"]!.misses).toEqual([]);
    expect(r.splits.all!.misses.filter((m) => m.id.startsWith("h"))).toEqual([]);
    for (const p of held) expect(md).not.toContain(`- ${p.id} `);
  });
});
