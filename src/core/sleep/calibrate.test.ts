/**
 * Salience and category, sleep's per-belief calibration scores: salience rises with every signal
 * of use and falls with time and failures; the category reuses the kinds' names.
 */
import { describe, expect, it } from "vitest";
import { newBelief } from "../../../test/support/rows.js";
import type { Belief } from "../model.js";
import { DEFAULT_POLICY } from "../policy.js";
import { categoryOf, salienceOf } from "./calibrate.js";

const T0 = "2026-03-01T12:00:00.000Z";
const later = (days: number) => new Date(Date.parse(T0) + days * 86_400_000).toISOString();
const belief = (overrides: Partial<Belief> = {}) => ({ ...newBelief("The retry limit is 5"), ...overrides });

describe("salience", () => {
  it("rises with each restatement, use and success, and with a more recent touch", () => {
    const now = later(20);
    const base = salienceOf(belief(), now, DEFAULT_POLICY);
    expect(salienceOf(belief({ support: 3 }), now, DEFAULT_POLICY)).toBeGreaterThan(base);
    expect(salienceOf(belief({ uses: 2 }), now, DEFAULT_POLICY)).toBeGreaterThan(base);
    expect(salienceOf(belief({ successes: 1 }), now, DEFAULT_POLICY)).toBeGreaterThan(base);
    expect(salienceOf(belief({ lastUsedAt: later(15) }), now, DEFAULT_POLICY)).toBeGreaterThan(base);
    expect(salienceOf(belief(), later(60), DEFAULT_POLICY)).toBeLessThan(base);
  });

  it("falls with a failure, stays within 0..1, and is 1 for a pinned belief", () => {
    const now = later(5);
    expect(salienceOf(belief({ failures: 2 }), now, DEFAULT_POLICY)).toBeLessThan(
      salienceOf(belief(), now, DEFAULT_POLICY),
    );
    for (const b of [belief({ support: 500, uses: 500, successes: 500 }), belief({ failures: 50 })]) {
      const s = salienceOf(b, later(1000), DEFAULT_POLICY);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(salienceOf(belief({ pinned: true }), later(1000), DEFAULT_POLICY)).toBe(1);
  });
});

describe("category", () => {
  it.each([
    ["fact", false, "Target database is PostgreSQL 15 on port 5432", "fact"],
    ["fact", false, "User preferred language is Python 3.12", "preference"],
    ["fact", false, "Ana likes window seats", "preference"],
    ["fact", true, "Never disclose internal customer IDs in output", "identity"],
    ["failure", false, "Avoid: the 60MB CSV validation timed out", "failure"],
    ["rule", false, "WHEN deploying billing PREFER a canary", "rule"],
    ["procedure", false, "Rotate the keys", "procedure"],
  ] as const)("%s (pinned %s) %j is %s", (kind, pinned, text, category) => {
    expect(categoryOf({ kind, pinned, text })).toBe(category);
  });
});
