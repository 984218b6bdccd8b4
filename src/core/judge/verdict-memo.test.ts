import { describe, expect, it } from "vitest";
import type { Judge, JudgeItem } from "../ports.js";
import { compareLexically, createLexicalJudge, loadTagger } from "./lexical-judge.js";
import { memoiseVerdicts, VERDICTS_KEPT } from "./verdict-memo.js";

const at = "2026-03-01T00:00:00.000Z";
const item = (text: string): JudgeItem => ({ text, at, kind: "fact" });

/** A judge that counts what it is asked, deciding with the lexical judge. */
function counting(textOnly: boolean): Judge & { asked: number } {
  const judge = {
    name: "counting",
    asked: 0,
    compare(a: JudgeItem, b: JudgeItem) {
      judge.asked++;
      return compareLexically(a, b);
    },
    ...(textOnly ? { textOnly: true } : {}),
  };
  return judge;
}

const TEXTS = [
  "The retry limit is 5",
  "The retry limit is 7",
  "The retry limit is now 7",
  "Retry limit: 5",
  "The staging database is Postgres 16",
  "Staging database: Postgres 16",
  "The staging database is Postgres 15",
];

describe("memoiseVerdicts", () => {
  it("gives a text-only judge's verdicts, asking it once per distinct pair of texts", async () => {
    await loadTagger();
    const inner = counting(true);
    const memo = memoiseVerdicts(inner);
    const pairs = TEXTS.flatMap((a) => TEXTS.map((b) => [a, b] as const));
    // Every pair twice, the second time with another `at` and `kind` (a text-only judge ignores them).
    for (const [a, b] of [...pairs, ...pairs]) {
      const got = await memo.compare(item(a), { text: b, at: "2026-04-01T00:00:00.000Z", kind: "failure" });
      expect(got).toEqual(compareLexically(item(a), item(b)));
    }
    expect(inner.asked).toBe(pairs.length);
  });

  it("hands each caller its own copy of a remembered verdict", async () => {
    await loadTagger();
    const memo = memoiseVerdicts(createLexicalJudge());
    const first = await memo.compare(item(TEXTS[0]!), item(TEXTS[1]!));
    first.reason = "changed by a caller";
    const second = await memo.compare(item(TEXTS[0]!), item(TEXTS[1]!));
    expect(second.reason).not.toBe("changed by a caller");
  });

  it("keeps pairs apart whose joined texts are equal", async () => {
    await loadTagger();
    const inner = counting(true);
    const memo = memoiseVerdicts(inner);
    await memo.compare(item("ab"), item("c"));
    await memo.compare(item("a"), item("bc"));
    expect(inner.asked).toBe(2);
  });

  it("leaves a judge that is not text-only as it is: every comparison is asked", async () => {
    await loadTagger();
    const inner = counting(false);
    expect(memoiseVerdicts(inner)).toBe(inner);
  });

  it("keeps what else the judge does (its batches, triggers and distillations are its own)", async () => {
    const generalise = async () => ({ when: "t" });
    const inner: Judge = { ...counting(true), pairsPerRun: 7, generalise };
    const memo = memoiseVerdicts(inner);
    expect(memo.pairsPerRun).toBe(7);
    expect(await memo.generalise?.({ triggers: [], action: "", lexical: "" })).toEqual({ when: "t" });
    expect(memo.compareMany).toBeUndefined();
  });

  it("is bounded: a pair that fell out of it is asked again, with the same verdict", () => {
    let asked = 0;
    const inner: Judge = {
      name: "lengths",
      textOnly: true,
      compare(a, b) {
        asked++;
        return { relation: "distinct", similarity: 0, reason: `${a.text.length}-${b.text.length}` };
      },
    };
    const memo = memoiseVerdicts(inner);
    const first = memo.compare(item("The retry limit is 5"), item("The retry limit is 7"));
    // Two generations of other pairs push the first out.
    for (let i = 0; i < 2 * VERDICTS_KEPT; i++) memo.compare(item(`note ${i}`), item("note"));
    expect(asked).toBe(2 * VERDICTS_KEPT + 1);
    expect(memo.compare(item("The retry limit is 5"), item("The retry limit is 7"))).toEqual(first);
    expect(asked).toBe(2 * VERDICTS_KEPT + 2);
  });
});
