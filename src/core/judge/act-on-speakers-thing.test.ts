import { beforeAll, describe, expect, it } from "vitest";
import { openWordNet } from "../../lexicon/wordnet.js";
import { ACT_ON_SPEAKERS_THING_UNSURE, actFrameOf } from "./act-on-speakers-thing.js";
import { ACT_ON_SPEAKERS_THING_RULE, compareLexically, loadTagger } from "./lexical-judge.js";

beforeAll(() => loadTagger());

const at = "2026-01-01T00:00:00.000Z";
const wordnet = openWordNet();
const judge = (a: string, b: string) => compareLexically({ text: a, at }, { text: b, at }, wordnet);

describe("another's act on the speaker's thing (act-on-speakers-thing, judge53)", () => {
  // Each was kept on main: `different-entity`, `no-shared-terms` or a deferral naming another rule.
  it.each([
    [
      "My dentist appointment is on 20 January at ten.",
      "The dental practice moved my appointment to 27 January, the hygienist is off.",
      "the dental practice moved my appointment",
    ],
    [
      "my shifts are on days this month",
      "the ward manager put my shifts on nights from Monday",
      "the ward manager put my shifts",
    ],
    [
      "my blood test is on 2 May",
      "the surgery rebooked my blood test for 9 May",
      "the surgery rebooked my blood test",
    ],
    ["my lisinopril is 10mg", "the doctor upped my lisinopril to 20mg", "the doctor upped my lisinopril"],
    [
      "my dentist appointment is on the 12th",
      "dem move mi dentist appointment to the 19th",
      "dem move mi dentist appointment",
    ],
  ])("%s → %s closes the older (%s)", (a, b, frame) => {
    const v = judge(a, b);
    expect(v).toMatchObject({
      relation: "supersedes",
      rule: ACT_ON_SPEAKERS_THING_RULE.name,
      confident: true,
    });
    expect(v.reason.startsWith(`${ACT_ON_SPEAKERS_THING_RULE.name}: ${frame}; `)).toBe(true);
  });

  // "me" stands for one of the speaker's slots, which is a reading of the words the two share: the
  // change is deferred, never closed ("the club put me on …" would name a club's sizzle as well).
  it.each([
    ["my physio is on Mondays", "the physio clinic switched me to Tuesdays", "the physio clinic switched me"],
    [
      "my eye appointment is on the 3rd",
      "the eye clinic moved me to the 14th, same time",
      "the eye clinic moved me",
    ],
    [
      "my choir slot is 10 March",
      "the choir leader has moved me to 17 March",
      "the choir leader has moved me",
    ],
  ])('%s → %s is deferred (%s: "me")', (a, b, frame) => {
    const v = judge(a, b);
    expect(v).toMatchObject({ rule: ACT_ON_SPEAKERS_THING_UNSURE, confident: false });
    expect(["supersedes", "contradicts"]).not.toContain(v.relation);
    expect(v.reason.startsWith(`${ACT_ON_SPEAKERS_THING_UNSURE}: ${frame}; `)).toBe(true);
  });

  it("reads the act's result with the actor left out", () => {
    expect(actFrameOf("my physio is on Mondays", "the physio clinic switched me to Tuesdays")).toEqual({
      frame: "the physio clinic switched me",
      rewritten: "my physio is now Tuesdays",
      objectIsSpeaker: true,
    });
    expect(actFrameOf("I work the day shift", "my boss put me on the night shift")?.rewritten).toBe(
      "I am now on the night shift",
    );
    expect(
      actFrameOf("my desk is on the 3rd floor", "facilities moved my desk to the 5th floor")?.rewritten,
    ).toBe("my desk is now the 5th floor");
  });

  // None may close the older: another's own thing, a person of the speaker's, a plan, a wish, a
  // condition, a question, a negation, another of the speaker's things.
  it.each([
    ["my eye appointment is on the 3rd", "they moved their appointment to the 14th"],
    ["my physio is on Mondays", "she switched to Tuesdays"],
    ["my physio is on Mondays", "they might move it to Tuesdays"],
    ["my eye appointment is on the 3rd", "they want to move my eye appointment to the 14th"],
    ["my eye appointment is on the 3rd", "the clinic moved my sister's appointment to the 14th"],
    ["my eye appointment is on the 3rd", "if the clinic moves my appointment to the 14th I'll miss it"],
    ["my eye appointment is on the 3rd", "did the clinic move my appointment to the 14th?"],
    ["my eye appointment is on the 3rd", "the clinic didn't move my appointment, still the 3rd"],
    ["my eye appointment is on the 3rd", "the clinic moved my dentist appointment to the 14th"],
    ["my shifts are on days this month", "the ward manager put my brother on nights"],
    ["my lisinopril is 10mg", "the doctor upped Dad's lisinopril to 20mg"],
    ["my desk is on the 3rd floor", "facilities moved the printer to the 5th floor"],
    ["my pay day is the 25th", "payroll asked to move my pay day to the 28th"],
  ])("%s / %s: nothing closed", (a, b) => {
    expect(["supersedes", "contradicts"]).not.toContain(judge(a, b).relation);
  });

  it.each([
    ["my physio is on Mondays", "she switched to Tuesdays"],
    ["my eye appointment is on the 3rd", "they want to move my eye appointment to the 14th"],
    ["my eye appointment is on the 3rd", "they might move my appointment to the 14th"],
    ["my eye appointment is on the 3rd", "they didn't move my appointment to the 14th"],
    ["my eye appointment is on the 3rd", "they're moving my appointment to the 14th"],
    ["my shifts are on days this month", "the ward manager put my brother on nights"],
    ["my eye appointment is on the 3rd", "I moved my appointment to the 14th"],
    // "me" may be any of the speaker's slots: read as the older's only when the newer names it.
    ["my lab group meets on Thursdays at 8", "the tattoo artist rescheduled me to the 27th"],
    ["my seminar talk is on 13 November", "the dentist moved me to 4 December"],
    ["my physio is on Mondays", "the clinic switched me to Tuesdays"],
    ["I work days", "my boss put me on nights"],
    // The older's word said in another clause of the newer is not the act's object (fresh4's filler).
    [
      "Long day. Going to make a tea and stare at the wall for a bit.",
      "The doctor put me up to 100mg last week, the first few days were a bit wobbly.",
    ],
  ])("%s / %s: no act frame", (a, b) => {
    expect(actFrameOf(a, b, wordnet)).toBeNull();
  });

  it("an act whose change the rules are not sure of is deferred, not left two things with confidence", () => {
    // `different-entity` with confidence on main: "therapy gal" read as the subject.
    const v = judge(
      "physical therapy for the hip is Mondays and Thursdays at ten",
      "the therapy gal moved me to Wednesdays and Fridays at 1:30 on account of she's short staffed",
    );
    expect(v).toMatchObject({ relation: "refines", rule: ACT_ON_SPEAKERS_THING_UNSURE, confident: false });
  });
});
