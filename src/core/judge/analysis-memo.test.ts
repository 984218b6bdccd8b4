import { beforeAll, describe, expect, it } from "vitest";
import { analysisOf, clearAnalyses, flippedStates, quantitiesOf, transitionOf } from "./analysis.js";
import { compareLexically, loadTagger } from "./lexical-judge.js";

const at = "2026-03-01T00:00:00.000Z";
const OLD = "The staging database timeout is 30 seconds";
const NEW = "The staging database timeout is now 45 seconds";

beforeAll(loadTagger);

describe("the memo of text analyses", () => {
  it("hands back the same analysis for the same text until cleared, then analyses it afresh", () => {
    const first = analysisOf(OLD);
    expect(analysisOf(OLD)).toBe(first);
    clearAnalyses();
    const again = analysisOf(OLD);
    expect(again).not.toBe(first);
    expect(quantitiesOf(again)).toEqual(quantitiesOf(first));
    expect(flippedStates(again, analysisOf(NEW))).toEqual(flippedStates(first, analysisOf(NEW)));
  });

  it("clearing changes no verdict (bench/batch.ts clears it between the sides it compares)", () => {
    const verdict = () => compareLexically({ text: OLD, at, kind: "fact" }, { text: NEW, at, kind: "fact" });
    const before = verdict();
    expect(before.relation).toBe("supersedes");
    clearAnalyses();
    expect(verdict()).toEqual(before);
  });
});

describe("a change remembered on the analysis (sleepcost40)", () => {
  it("reads a statement's change once, and a statement with none is remembered as none, not read again", () => {
    const moved = analysisOf("sleepcost40: the retry limit moved from 5 to 7");
    expect(transitionOf(moved)).toMatchObject({ from: ["5"], to: ["7"] });
    const none = analysisOf("sleepcost40: the retry limit is 5");
    expect(transitionOf(none)).toBeNull();
    expect(none.transition).toBeNull();
    // What is remembered is handed back: a text's remembered "none" is not read again.
    const remembered = analysisOf("sleepcost40: the timeout moved from 30 to 45");
    remembered.transition = null;
    expect(transitionOf(remembered)).toBeNull();
  });
});
