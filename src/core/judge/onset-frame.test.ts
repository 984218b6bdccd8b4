import { beforeAll, describe, expect, it } from "vitest";
import { openWordNet } from "../../lexicon/wordnet.js";
import { compareLexically, loadTagger, ONSET_FRAME_RULE } from "./lexical-judge.js";

beforeAll(() => loadTagger());

const at = "2026-01-01T00:00:00.000Z";
const wordnet = openWordNet();
const judge = (a: string, b: string) => compareLexically({ text: a, at }, { text: b, at }, wordnet);

describe("a fronted frame of onset, read as now (onset-frame, judge43)", () => {
  it.each([
    ["Alerts go to the #ops channel.", "After the reorg, alerts go to #sre-alerts.", "after the reorg"],
    [
      "The mobile app targets iOS 15.",
      "With the 4.0 release, the mobile app targets iOS 17.",
      "with the 4.0 release",
    ],
    [
      "Invoices are due in 30 days.",
      "Under the new contract, invoices are due in 45 days.",
      "under the new contract",
    ],
    [
      "The default font is Arial.",
      "With the rebrand done, the default font is Inter.",
      "with the rebrand done",
    ],
    ["our rent is 1200 a month", "under the new lease, our rent is 1300 a month", "under the new lease"],
    // A past clause after "after", with no comma: one event, since which the value holds.
    [
      "The boiler pressure sits at 1.5 bar.",
      "After the plumber came the boiler pressure is at 1.2 bar.",
      "after the plumber came",
    ],
  ])("%s → %s closes the older (%s)", (a, b, frame) => {
    const v = judge(a, b);
    expect(v).toMatchObject({ relation: "supersedes", rule: ONSET_FRAME_RULE.name, confident: true });
    expect(v.reason.startsWith(`${ONSET_FRAME_RULE.name}: ${frame}; `)).toBe(true);
  });

  // "ships" after "the warehouse" and before "from Sheffield" is the verb (judge47, `verbReadAsNoun`):
  // the whole reading sees one predicate on both sides, and change-cue's own opening of onset closes.
  it.each([
    ["The warehouse ships from Leeds.", "Since the lease ended, the warehouse ships from Sheffield."],
    ["The warehouse ships from Leeds.", "Following the merger, the warehouse ships from Sheffield."],
  ])("%s → %s closes the older, read whole", (a, b) => {
    expect(judge(a, b)).toMatchObject({ relation: "supersedes", rule: "change-cue", confident: true });
  });

  it.each([
    // A routine's occasion, not one event.
    ["I go for a walk at 6.", "After lunch, I go for a walk."],
    ["We review PRs on Fridays.", "After the standup, we review PRs."],
    ["Alerts go to the #ops channel.", "After the kids go to bed, alerts go to #sre-alerts."],
    // A circumstance or a scope.
    ["The price is 50.", "With the discount, the price is 40."],
    ["The thermostat is at 19 degrees.", "With a newborn in the house, the thermostat is at 21 degrees."],
    ["Invoices are due in 30 days.", "Under the contract, invoices are due in 45 days."],
    // A reason, an addition.
    ["The warehouse ships from Leeds.", "Since it is cheaper, the warehouse ships from Sheffield."],
    ["The API gateway runs on Kong.", "Since March, the API gateway also ships its logs to Loki."],
    ["The warehouse ships from Leeds.", "As I said, the warehouse ships from Sheffield."],
    // The older has a frame of its own.
    ["On weekdays, the gym opens at 6.", "After the refit, the gym opens at 7."],
  ])("%s → %s is not read through the frame", (a, b) => {
    const v = judge(a, b);
    expect(v.rule).not.toBe(ONSET_FRAME_RULE.name);
  });

  it("the frame's words mislead the whole reading, so the reading is what closes the pair", () => {
    const whole = judge("Alerts go to the #ops channel.", "After the reorg, alerts go to #sre-alerts.");
    expect(whole.rule).toBe(ONSET_FRAME_RULE.name);
    // The main clause alone, with no cue, is deferred: the frame is the cue.
    const bare = judge("Alerts go to the #ops channel.", "alerts go to #sre-alerts.");
    expect(bare.relation === "supersedes" && bare.confident !== false).toBe(false);
  });
});
