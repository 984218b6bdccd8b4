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

  // The earlier knowledge-update sets, pinned in the twenty-seventh session as each was first
  // committed (git log shows no edit since, beyond biome's formatting of fresh.json): cases' and
  // fresh's and fresh3's held-out halves, and fresh2 whole (all held-out).
  it.each([
    ["cases", "d20974562760d79759b34451d314429ce00eba2e63ab714cfc9b9997c3d52d8d"],
    ["fresh", "fb197c5d3fc7530914deb68a7e29652bcaf07b73c9cb25ef4194a5557af63d94"],
    ["fresh2", "56de9b29714d57811856fa50f9da16dc8a495909f775e1537757fc2ef358e4f4"],
    ["fresh3", "61e6276d7be3aecc4cd398816dde9106802af7f623edab6764f11d4c7bf614e3"],
  ] as const)("eval/knowledge-update's %s held-out cases are unchanged", (set, pinned) => {
    const file = loadCases(set);
    expect(fingerprint(file.cases.filter((c) => (file.split ?? splitOf(c.id)) === "held-out"))).toBe(pinned);
  });

  // Written in the twenty-seventh session (h/fresh4) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh4 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh4").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "4e149664f80799f8d7d8c90bb31ad9a7104b988728bea315d3c39817c23ea643",
    );
  });

  // Written in the twenty-ninth session (h/fresh5) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh5 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh5").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "79cce89d1fa8a9bacf9477ec113c329c805e1a45b833bb9eb975192768b96207",
    );
  });

  // Written in the thirtieth session (h/fresh6) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh6 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh6").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "33912189cc76464d44cf4f26cb1d8b0f3989e79ddc14b3f48029ad8990b15896",
    );
  });

  // Written in the thirty-first session (h/fresh7) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh7 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh7").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "408b72db6d986e70a94de032880e110d76af0bae07541237fbb3c3e722d2aeac",
    );
  });

  // Written in the thirty-second session (h/fresh8) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh8 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh8").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "a0957fb03f3748232d278630522b06fb54bf6ecf0862c9a7aa7cd309fd6c97f5",
    );
  });

  // Written in the thirty-third session (h/fresh9) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh9 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh9").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "aa82cebc98da80e3cccf2d5da61436d6b61941f4fccf37519e06d99e95cf3d39",
    );
  });

  // Written in the thirty-fourth session (h/fresh10) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh10 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh10").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "fa7f1f00433238fa1abb924cf43ce714fef7cd72f14d0c8d00f8d590941a0635",
    );
  });

  // Written in the thirty-fifth session (h/fresh11) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh11 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh11").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "bd7a77eaf27bcf986cff10f37a1e9c862899a079959cc1ec3ffa1b9d11283ca9",
    );
  });

  // Written in the thirty-sixth session (h/fresh12) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh12 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh12").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "7462a6e37f57ebd1e68048aedaac88803b9fde8006f3c71ff3e16064415e6279",
    );
  });

  // Written in the thirty-seventh session (h/fresh13) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh13 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh13").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "95de7cce306eec2fe1355a38d4ca01ac1d1c80eae72cd7cce1d1662ff1e7e249",
    );
  });

  // Written in the thirty-eighth session (h/fresh14) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh14 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh14").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "babd2e98a522d7cb48ac2c6c5aedbee8206b520a576da210a1a9b12aa0efcf46",
    );
  });

  // Written in the thirty-ninth session (h/fresh15) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh15 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh15").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "8862039e0ec10a2249bd9bb654330cf54b357c67adb65180b929c2775692ee01",
    );
  });

  // Written in the fortieth session (h/fresh16) and frozen from its first commit: its held-out half
  // is reported as aggregates only.
  it("eval/knowledge-update's fresh16 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh16").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "8bee8601e2ae3d914e90165cc1c9fffc5b24922226f5b881b26e5a45e3de91ed",
    );
  });

  // Written in the forty-first session (h/fresh17) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh17 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh17").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "c3eb7ab47193da807309f1fd8f328ce4516dbcf3c07727cd3f4fab26f296af09",
    );
  });

  // Written in the forty-second session (h/fresh18) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh18 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh18").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "2c6f90aaf32525864fc0e33ff0e0097b918735489b7c3d99432de244e8ec6a82",
    );
  });

  // Written in the forty-third session (h/fresh19) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh19 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh19").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "35b11f22c22cead81c01c8e7ba460e5b9f4714afeae83cb35d32f96816a3416f",
    );
  });

  // Written in the forty-fourth session (h/fresh20) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh20 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh20").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "a0131988ea4456a72e2ab197dbe62efe880a52f58fe21bc8e9168fc7b734c444",
    );
  });

  // Written in the forty-fifth session (h/fresh21) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh21 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh21").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "6e1c7e215fbeadf90402ef05f00bdfa9e808e8a6bd48c010dcbd8df0b1708a9f",
    );
  });

  // Written in the forty-sixth session (h/fresh22) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh22 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh22").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "eebb3cc85ba857f8b7851b645d531d86bd43e9a2c35ee9c85094d95fdcdd69ac",
    );
  });

  // Written in the forty-seventh session (h/fresh23) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh23 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh23").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "78b5b034050d1d3c4c20cee9cc2c63667e1acc4c8732f5e8753835be7a36eac0",
    );
  });

  // Written in the forty-eighth session (h/fresh24) and frozen from its first commit: its held-out
  // half is reported as aggregates only.
  it("eval/knowledge-update's fresh24 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh24").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "7ee989c089d995f228dada4567d750522b5ee2dcd2cc23920b5f468a3c1995f4",
    );
  });

  // Written in the forty-ninth session (h/fresh25) and frozen before any recall ran on it: its
  // held-out half is reported as aggregates only.
  it("eval/knowledge-update's fresh25 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh25").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "810b8ffe276b5e1813601a6b2f34458229db55b414fec23dff7be76acd2057c8",
    );
  });

  // Written in the fiftieth session (h/fresh26) and frozen before any recall ran on it: its
  // held-out half is reported as aggregates only.
  it("eval/knowledge-update's fresh26 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh26").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "08c3dcaefdbde5256e5038920403016c776b456451295a438f28f131a403bd76",
    );
  });

  // Written in the fifty-first session (h/fresh27) and frozen before any recall ran on it: its
  // held-out half is reported as aggregates only.
  it("eval/knowledge-update's fresh27 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh27").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "57dbc37137b3cec52e38959fea2bad5cd3834604ac02ca1f34bf44ac0d0e71d5",
    );
  });

  // Written in the fifty-second session (h/fresh28) and frozen before any recall ran on it: its
  // held-out half is reported as aggregates only.
  it("eval/knowledge-update's fresh28 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh28").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "5e927035c17fbab9d27b3f1471c94681ce6a3ecc9daa3a6fad067f5d1db927d4",
    );
  });

  // Written in the fifty-third session (h/fresh29) and frozen before any recall ran on it: its
  // held-out half is reported as aggregates only.
  it("eval/knowledge-update's fresh29 held-out cases are unchanged", () => {
    expect(fingerprint(loadCases("fresh29").cases.filter((c) => splitOf(c.id) === "held-out"))).toBe(
      "f2673553659b7e63bffab004ab77d236c5984b986e8417761e49a1301ac8bcfa",
    );
  });
});
