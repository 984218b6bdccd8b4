import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAIRS_PATH,
  evaluateJudgeStyles,
  loadStylePairs,
  renderJudgeStylesMarkdown,
  STYLES,
  splitOf,
} from "../../eval/judge-styles/index.js";
import { type PairRun, runPairs, scoreRuns } from "../../eval/oracle-agent.js";
import { loadPairs } from "../../eval/supersession/index.js";

// No test here asserts on the set's figures: the held-out half is FROZEN (reported, never tuned
// on, never gating CI), and the dev half is where the judge's authors tune. These tests check the
// set and the harness.
describe("judge-styles pair set", () => {
  const pairs = loadStylePairs();

  it("holds at least 300 labelled pairs with unique ids, in every style class, a few hundred KB at most", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    for (const s of STYLES) expect(pairs.filter((p) => p.style === s).length).toBeGreaterThanOrEqual(20);
    for (const p of pairs) {
      expect(["supersedes", "duplicate", "distinct"]).toContain(p.label);
      expect(p.older).not.toBe(p.newer);
    }
    expect(statSync(DEFAULT_PAIRS_PATH).size).toBeLessThan(300_000);
  });

  it("splits by a hash of the pair id, not by position, into two halves of comparable size", () => {
    for (const p of pairs) expect(p.split).toBe(splitOf(p.id));
    const held = pairs.filter((p) => p.split === "held-out").length;
    expect(held / pairs.length).toBeGreaterThan(0.4);
    expect(held / pairs.length).toBeLessThan(0.6);
  });

  it("shares no pair with eval/supersession", () => {
    const theirs = new Set(loadPairs().flatMap((p) => [p.older, p.newer]));
    expect(pairs.filter((p) => theirs.has(p.older) && theirs.has(p.newer))).toEqual([]);
  });
});

describe("oracle agent harness", () => {
  it("reads each pair's end state through the public API, before and after the oracle's verdicts", async () => {
    const { runs } = await runPairs([
      {
        id: "same",
        group: "g",
        label: "duplicate",
        older: "The retry limit is 5.",
        newer: "The retry limit is 5.",
      },
      {
        id: "unrelated",
        group: "g",
        label: "distinct",
        older: "The office is in Ghent.",
        newer: "Kafka runs three brokers.",
      },
    ]);
    expect(runs.map((r) => [r.id, r.gate.verdict, r.noAgent])).toEqual([
      ["same", "redundant", "dropped"],
      ["unrelated", "novel", "distinct"],
    ]);
    expect(runs.map((r) => r.oracle)).toEqual(["dropped", "distinct"]);
  });

  it("counts a non-duplicate dropped at write time as false-redundant, and scores supersedes by end state", () => {
    const run = (label: PairRun["label"], noAgent: PairRun["noAgent"], oracle = noAgent): PairRun => ({
      id: `${label}-${noAgent}`,
      group: "g",
      label,
      older: "a",
      newer: "b",
      gate: { verdict: "x", reason: "x", stored: noAgent !== "dropped" },
      noAgent,
      oracle,
      offered: 0,
      refused: 0,
    });
    const runs = [
      run("supersedes", "supersedes"),
      run("supersedes", "distinct", "supersedes"),
      run("supersedes", "dropped"),
      run("distinct", "supersedes"),
      run("duplicate", "distinct", "merged"),
      run("distinct", "merged"),
    ];
    const before = scoreRuns(runs, "noAgent");
    expect(before.supersedes).toEqual({ tp: 1, fp: 1, fn: 2, precision: 0.5, recall: 0.333 });
    expect(before.falseRedundant).toBe(1);
    expect(before.falseMerged).toBe(1);
    expect(before.duplicates).toEqual({ total: 1, merged: 0, share: 0 });
    const after = scoreRuns(runs, "oracle");
    expect(after.supersedes.recall).toBe(0.667);
    expect(after.duplicates.merged).toBe(1);
  });

  it("lists dev misses and only counts the frozen half's", async () => {
    const all = loadStylePairs();
    const pick = [
      ...all.filter((p) => p.split === "dev").slice(0, 4),
      ...all.filter((p) => p.split === "held-out" && p.style === "multi-valued").slice(0, 4),
    ];
    const path = join(mkdtempSync(join(tmpdir(), "strata-styles-")), "pairs.json");
    writeFileSync(path, JSON.stringify(pick));
    const r = await evaluateJudgeStyles({ path });
    expect(Object.keys(r.splits)).toEqual(["held-out", "dev", "all"]);
    expect(r.splits["held-out"]!.pairs).toBe(4);
    const md = renderJudgeStylesMarkdown(r);
    for (const p of pick.filter((q) => q.split === "held-out")) expect(md).not.toContain(p.id);
    for (const m of r.devMisses) expect(md).toContain(m.id);
  });
});
