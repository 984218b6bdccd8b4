import { beforeAll, describe, expect, it } from "vitest";
import { compareLexically, loadTagger, restatesLexically } from "./lexical-judge.js";

beforeAll(() => loadTagger());

const at = "2026-03-01T00:00:00Z";

describe("restatesLexically: whether the newer restates the older, as compareLexically reads it (sleepcost40)", () => {
  it.each([
    // restatements
    ["Retry limit is 5", "The retry limit is 5.", true],
    ["I live in Leeds", "I live in Leeds", true],
    ["We deploy on Fridays", "we deploy on fridays", true],
    // changes, a clause's change, a change deferred by a clause that restates, unrelated texts
    ["Retry limit is 5", "Retry limit is now 7", false],
    ["Our standup is at 9:30.", "standup's at 10 now, people kept being late", false],
    ["The flight lands at 4pm.", "the flight lands at 4pm, then the train is at 6pm now", false],
    ["Our standup is at 9:30", "people kept being late", false],
    ["Autosave is off for drafts", "Autosave is on for drafts", false],
  ])("%s / %s → %s", (older, newer, restates) => {
    const a = { text: older, at };
    const b = { text: newer, at };
    expect(restatesLexically(a, b)).toBe(restates);
    expect(compareLexically(a, b).relation === "duplicate").toBe(restates);
  });
});
