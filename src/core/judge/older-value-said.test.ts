import { beforeAll, describe, expect, it } from "vitest";
import { compareLexically } from "./lexical-judge.js";
import { OLDER_VALUE_SAID_RULE, olderValueSaid } from "./older-value-said.js";
import { loadTagger } from "./tagger.js";

beforeAll(() => loadTagger());

const at = "2026-03-01T00:00:00Z";
const verdict = (older: string, newer: string) => compareLexically({ text: older, at }, { text: newer, at });
const closes = (older: string, newer: string) => {
  const v = verdict(older, newer);
  return v.relation === "supersedes" || v.relation === "contradicts";
};

describe(`${OLDER_VALUE_SAID_RULE.name}: a change read around the older's value said again closes nothing (judge40)`, () => {
  it.each([
    // fresh14 dev (customer-care-line): sleep read "it" as the new number; closed by change-cue on main
    [
      "New customer care line from today is 0701 888 4421, the old SIM got blocked.",
      "I've changed 0701 888 4421, the old SIM on the flyers.",
    ],
    // the same shape, each closed by change-cue on main (b171e92)
    [
      "Our shop line from Monday is 0803 222 1111, the old SIM got stolen.",
      "I've updated 0803 222 1111, the old SIM on the signboard.",
    ],
    ["The office phone is 555-0142.", "I've changed 555-0142, the office phone on the flyers."],
    ["The office phone is 555-0142.", "I switched 555-0142, the office phone to the front desk now."],
  ])("%s / %s: the value is said again, no other: deferred", (older, newer) => {
    expect(olderValueSaid(older, newer)).toBe(true);
    expect(closes(older, newer)).toBe(false);
    expect(verdict(older, newer)).toMatchObject({ confident: false });
  });

  it.each([
    // another number: a change
    ["The retry limit is 5.", "The retry limit is now 7."],
    ["Our customer care line is 0909 555 1234.", "New customer care line from today is 0701 888 4421."],
    // the older's thing named beside the kept value: the other part of its value changed
    ["Standup is at 9:30 on zoom.", "standup is at 9:30 in the office now"],
    // the kept number set aside as the past or the start of a change
    ["Standup is at 9:30.", "standup moved from 9:30 to after lunch"],
    ["The gate code is 4411.", "4411 was the old code, I changed it now"],
    ["The gate code is 4411.", "I changed the code, 4411 doesn't work anymore"],
    // the older's value has no number
    ["The vet is Siobhán Twomey.", "I've changed vets to Tom Walsh now."],
  ])("%s / %s: not the older's value alone said again", (older, newer) => {
    expect(olderValueSaid(older, newer)).toBe(false);
  });

  it.each([
    ["Our standup is at 9:30.", "standup's at 10 now"],
    ["Standup is at 9:30 on zoom.", "standup is at 9:30 in the office now"],
    ["The retry limit is 5.", "The retry limit is now 7."],
  ])("%s / %s: still a change", (older, newer) => {
    expect(closes(older, newer)).toBe(true);
  });
});
