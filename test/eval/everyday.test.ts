import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  coarseLabel,
  EVERYDAY_LABELS,
  EVERYDAY_STYLES,
  evaluateEveryday,
  loadEverydayPairs,
  renderEverydayMarkdown,
  splitOf,
} from "../../eval/everyday/index.js";
import { loadStylePairs } from "../../eval/judge-styles/index.js";
import { loadPairs } from "../../eval/supersession/index.js";

// No test here asserts on the set's figures: the held-out half is FROZEN (reported, never tuned
// on, never gating CI). These tests check the set and the harness.
describe("everyday pair set", () => {
  const pairs = loadEverydayPairs();

  it("holds at least 150 labelled pairs with unique ids, every style and all five labels", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    for (const s of EVERYDAY_STYLES) expect(pairs.some((p) => p.style === s)).toBe(true);
    for (const l of EVERYDAY_LABELS)
      expect(pairs.filter((p) => p.label === l).length).toBeGreaterThanOrEqual(15);
    for (const p of pairs) {
      expect(EVERYDAY_LABELS).toContain(p.label);
      expect(p.older).not.toBe(p.newer);
    }
  });

  it("is written as people chat: mostly lower case, mostly without a final period", () => {
    const texts = pairs.flatMap((p) => [p.older, p.newer]);
    const lower = texts.filter((t) => t === t.toLowerCase()).length;
    const noPeriod = texts.filter((t) => !t.endsWith(".")).length;
    expect(lower / texts.length).toBeGreaterThan(0.8);
    expect(noPeriod / texts.length).toBeGreaterThan(0.95);
  });

  it("splits by a hash of the pair id into two halves of comparable size", () => {
    for (const p of pairs) expect(p.split).toBe(splitOf(p.id));
    const held = pairs.filter((p) => p.split === "held-out").length;
    expect(held / pairs.length).toBeGreaterThan(0.4);
    expect(held / pairs.length).toBeLessThan(0.6);
  });

  it("shares no pair with eval/supersession or eval/judge-styles", () => {
    const theirs = new Set([...loadPairs(), ...loadStylePairs()].map((p) => `${p.older}\u0000${p.newer}`));
    expect(pairs.filter((p) => theirs.has(`${p.older}\u0000${p.newer}`))).toEqual([]);
  });

  it("ends a contradiction like a supersession and a refinement like a distinct pair", () => {
    expect(coarseLabel("contradicts")).toBe("supersedes");
    expect(coarseLabel("refines")).toBe("distinct");
    expect(coarseLabel("duplicate")).toBe("duplicate");
  });
});

describe("everyday harness", () => {
  it("lists dev misses and only counts the frozen half's", async () => {
    const all = loadEverydayPairs();
    const pick = [
      ...all.filter((p) => p.split === "dev" && p.style === "pronoun").slice(0, 3),
      ...all.filter((p) => p.split === "held-out" && p.style === "pronoun").slice(0, 3),
    ];
    const path = join(mkdtempSync(join(tmpdir(), "strata-everyday-")), "pairs.json");
    writeFileSync(path, JSON.stringify(pick));
    const r = await evaluateEveryday({ path });
    expect(Object.keys(r.splits)).toEqual(["held-out", "dev", "all"]);
    expect(r.splits["held-out"]!.pairs).toBe(3);
    expect(Object.keys(r.labels).length).toBeGreaterThan(0);
    const md = renderEverydayMarkdown(r);
    for (const p of pick.filter((q) => q.split === "held-out")) expect(md).not.toContain(p.id);
    for (const m of r.devMisses) expect(md).toContain(m.id);
    expect(r.devMisses.every((m) => m.id.startsWith("pronoun-"))).toBe(true);
  });
});
