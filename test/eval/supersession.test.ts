import { beforeAll, describe, expect, it } from "vitest";
import {
  evaluateSupersession,
  loadPairs,
  renderSupersessionMarkdown,
} from "../../eval/supersession/index.js";
import { compareLexically, loadTagger } from "../../src/core/judge/lexical-judge.js";
import { supersessionProbability } from "../../src/core/judge/supersession-probability.js";
import { DEFAULT_POLICY } from "../../src/core/policy.js";
import { isConfident } from "../../src/core/ports.js";

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

// Calibration (issue 19, point 8), on the dev half only.
describe("supersession probability and stalenessThreshold on the dev half", () => {
  beforeAll(() => loadTagger());
  const T0 = "2026-01-01T00:00:00.000Z";
  const T1 = "2026-01-02T00:00:00.000Z";

  it("scores every confident verdict at or above the default threshold, every unsure one below; 1 only for the same text", () => {
    const dev = loadPairs().filter((p) => p.split === "dev");
    let acting = 0;
    for (const pair of dev) {
      const older = { text: pair.older, at: T0 };
      const newer = { text: pair.newer, at: T1 };
      const v = compareLexically(older, newer);
      const p = supersessionProbability(v, older, newer);
      if (isConfident(v)) {
        acting++;
        expect(p, pair.id).toBeGreaterThanOrEqual(DEFAULT_POLICY.stalenessThreshold);
      } else expect(p, pair.id).toBeLessThan(DEFAULT_POLICY.stalenessThreshold);
      expect(p === 1, pair.id).toBe(pair.older.trim().toLowerCase() === pair.newer.trim().toLowerCase());
    }
    expect(acting).toBeGreaterThan(30);
  });

  it("through the library at stalenessThreshold 1: nothing is closed or merged alone, every pair reaches candidates", async () => {
    const r = await evaluateSupersession({ split: "dev", stalenessThreshold: 1 });
    const dev = r.system!.dev!;
    // The judge alone would supersede 37 and merge 8 (the default run); at 1 none of them acts …
    expect(dev.noAgent.supersedes.tp + dev.noAgent.supersedes.fp).toBe(0);
    expect(dev.noAgent.duplicates.merged).toBe(0);
    expect(dev.noAgent.distinct.kept).toBe(dev.noAgent.distinct.total);
    // … and an agent answering `candidates()` settles every one of them.
    expect(dev.oracle.supersedes.recall).toBe(1);
    expect(dev.oracle.supersedes.precision).toBe(1);
    expect(dev.oracle.duplicates.share).toBe(1);
  });
});
