import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadEverydayPairs } from "../../eval/everyday/index.js";
import { loadStylePairs } from "../../eval/judge-styles/index.js";
import { loadCases, splitOf } from "../../eval/knowledge-update/index.js";
import { loadPairs } from "../../eval/supersession/index.js";

const fingerprint = (pairs: readonly unknown[]) =>
  createHash("sha256").update(JSON.stringify(pairs)).digest("hex");

// The held-out halves are FROZEN: reported, never tuned on. Editing one (rewording a pair the
// judge fails, relabelling it, dropping it) is tuning on it, so their content is pinned here. A
// fingerprint changes only to fix a label that was wrong, in a commit that says which and why.
describe("frozen held-out halves", () => {
  it("eval/supersession's held-out pairs are unchanged", () => {
    expect(fingerprint(loadPairs().filter((p) => p.split === "held-out"))).toBe(
      "1168dd67926d97b3285d1a2c7e1bf38c40387b9131b8f0c12b9e68dd73f807fb",
    );
  });

  it("eval/judge-styles' held-out pairs are unchanged", () => {
    expect(fingerprint(loadStylePairs().filter((p) => p.split === "held-out"))).toBe(
      "d86468362be977a1dc95654656170065efb150a81cba7cbb678dbb773ad28f07",
    );
  });

  it("eval/everyday's held-out pairs are unchanged", () => {
    expect(fingerprint(loadEverydayPairs().filter((p) => p.split === "held-out"))).toBe(
      "1a5770fe2fd484ae235a4eb0c2f3a246c728fd1f4c473424273c44c4c74c401f",
    );
  });

  // Written in the twenty-seventh session (h/fresh4) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh4 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh4").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "4e149664f80799f8d7d8c90bb31ad9a7104b988728bea315d3c39817c23ea643",
    );
  });
});
