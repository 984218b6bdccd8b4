import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../test/support/memory.js";
import {
  anotherMeasure,
  anotherMeasureOfAsked,
  askedWordsSaid,
  asksMeasure,
  measuresOf,
  saysClipped,
  TIME_OF_DAY,
} from "./changed-measures.js";
import type { Memory } from "./engine.js";
import { loadTagger } from "./judge/tagger.js";

beforeAll(() => loadTagger());

describe("MEASURE: a number with the unit it counts", () => {
  it.each([
    ["The boiler pressure sits at 1.5 bar.", [{ unit: "bar", value: "1.5" }]],
    ["I swim 2,500 metres on a good day.", [{ unit: "meter", value: "2500" }]],
    ["We run Kubernetes 1.27 in staging.", [{ unit: "kubernetes", value: "1.27" }]],
    ["My bike is a size 54 frame.", [{ unit: "frame", value: "54" }]],
    ["Pottery class begins at 6:15pm on Wednesdays.", [{ unit: TIME_OF_DAY, value: "6:15pm" }]],
    ["The bins go out at 7 pm sharp.", [{ unit: TIME_OF_DAY, value: "7pm" }]],
  ])("%s", (text, expected) => {
    expect(measuresOf(text)).toEqual(expected);
  });

  it.each([
    // when something happened, not what holds
    ["We adopted the cat four years ago."],
    // a date
    ["The lease started in October 2024."],
    // a question, a supposition, a negation
    ["Is the boiler at 1.5 bar?"],
    ["If the boiler were at 2 bar it would be fine."],
    ["The boiler isn't at 2 bar."],
    // a number counting nothing
    ["I was born in 1990."],
  ])("no measure in %s", (text) => {
    expect(measuresOf(text)).toEqual([]);
  });
});

describe("OTHER_NUMBER: the same unit with another number", () => {
  it.each([
    [
      "The boiler pressure sits at 1.5 bar.",
      "The engineer topped it up, the boiler is at 1.2 bar now.",
      "bar",
    ],
    ["I swim 2,500 metres on a good day.", "These days I manage 3,000 metres before I tire.", "meter"],
    [
      "We run Kubernetes 1.27 in staging.",
      "Staging got bumped to Kubernetes 1.29 last sprint.",
      "kubernetes",
    ],
    [
      "Pottery class begins at 6:15pm on Wednesdays.",
      "Pottery begins at 7pm since the studio changed hands.",
      TIME_OF_DAY,
    ],
  ])("%s → %s", (older, newer, unit) => {
    expect(anotherMeasure(older, newer)?.unit).toBe(unit);
  });

  it.each([
    // the same number again
    ["The boiler pressure sits at 1.5 bar.", "The boiler is still at 1.5 bar."],
    // different units
    ["I swim three days a week.", "I swim three weeks a year in the sea."],
    // no number on one side
    ["The boiler pressure sits at 1.5 bar.", "The boiler pressure is fine now."],
    // the newer's number is in a question
    ["The boiler pressure sits at 1.5 bar.", "Should the boiler be at 2 bar?"],
  ])("%s / %s: none", (older, newer) => {
    expect(anotherMeasure(older, newer)).toBeNull();
  });
});

describe("ASKS_A_MEASURE: the question's wh-word asks for a number", () => {
  it.each([
    ["How many hours do I sleep?", "hour", true],
    ["How much is the gym membership?", "pound", true],
    ["What pressure is the boiler at?", "bar", true],
    ["Which Kubernetes version is staging on?", "kubernetes", true],
    ["When does pottery class begin?", TIME_OF_DAY, true],
    ["What time does pottery begin?", TIME_OF_DAY, true],
    ["Where do I swim?", "metre", false],
    ["Who fixes our boiler?", "bar", false],
    ["How do I get to pottery?", "minute", false],
    ["What do I do on Wednesdays?", TIME_OF_DAY, false],
  ])("%s (%s): %s", (question, unit, expected) => {
    expect(asksMeasure(question, unit)).toBe(expected);
  });
});

describe("CLIPPED: a long word said by its front", () => {
  it.each([
    ["prod", "production", true],
    ["config", "configuration", true],
    ["info", "information", true],
    // too short a front, or no shorter than the word
    ["pro", "programme", false],
    ["prod", "prods", false],
    // not the word's front
    ["duct", "production", false],
  ])("%s for %s: %s", (said, word, expected) => {
    expect(saysClipped(new Set([said]), word)).toBe(expected);
  });
});

describe("askedWordsSaid: ASKED_THING without the tagger", () => {
  it.each([
    ["How far do I swim?", "I swim 2,500 metres.", "I swim three thousand metres now.", ["swim"]],
    [
      "How many workers does production run?",
      "Production runs 4 workers.",
      "Prod runs 6 workers.",
      ["production", "run", "worker"],
    ],
    // the newer lacks a word of the question the older says
    ["How far do I swim?", "I swim 2,500 metres.", "I walked 4,000 metres.", null],
    // no number on one side: no measure to compare
    ["How far do I swim?", "I swim 2,500 metres.", "I swim further these days.", null],
  ])("%s / %s / %s", (question, older, newer, expected) => {
    expect(askedWordsSaid(question, older, newer)).toEqual(expected);
  });
});

describe("anotherMeasureOfAsked: another measure of what the question asks", () => {
  it.each([
    [
      "What pressure is the boiler at?",
      "The boiler pressure sits at 1.5 bar.",
      "The engineer came round and the boiler pressure is at 1.2 bar. Is that too low for winter?",
    ],
    [
      "How far do I swim?",
      "I swim 2,500 metres on a good day.",
      "The new goggles help, I swim 3,000 metres now. Any drills for my kick?",
    ],
    [
      "What size bike frame does Omar ride?",
      "Omar rides a size 54 frame.",
      "Omar had a growth spurt, he rides a size 56 frame now. Which brands run large?",
    ],
    // CLIPPED: "prod" says "production"
    [
      "How many workers does the production cluster run?",
      "The production cluster runs 4 workers.",
      "Traffic doubled, so the prod cluster runs 6 workers now. How do I autoscale?",
    ],
    // NO_OTHER_MODIFIER: a modifier on one side only narrows nothing
    [
      "What is the cache timeout?",
      "The cache timeout is 20 seconds.",
      "We raised it, the staging cache timeout is 45 seconds now.",
    ],
  ])("%s", (question, older, newer) => {
    expect(anotherMeasureOfAsked(question, older, newer)).not.toBeNull();
  });

  it.each([
    // ASKED_THING: the newer does not say what the question asks of the older ("swim")
    ["How far do I swim?", "I swim 2,500 metres on a good day.", "I walked 4,000 metres to the market."],
    // ASKS_A_MEASURE: a place is asked
    ["Where do I swim?", "I swim 2,500 metres at the lido.", "I swim 3,000 metres at the lido now."],
    // ASKS_A_MEASURE: a time of day answers no question of what
    [
      "Where do I volunteer?",
      "I volunteer at the food bank at 9am on Saturdays.",
      "I volunteer with the choir, rehearsals at 6pm.",
    ],
    // ASKED_THING: a front too short to be the word ("pro" for "programme")
    ["How many seats does the programme have?", "The programme has 30 seats.", "The pro tier has 40 seats."],
    // NO_OTHER_MODIFIER: one kind of timeout each, narrowed by another word
    [
      "What is the cache timeout?",
      "The staging cache timeout is 20 seconds.",
      "The production cache timeout is 45 seconds, I checked this morning.",
    ],
    [
      "How big is the upload limit?",
      "The customer portal upload limit is 10 megabytes.",
      "The billing admin upload limit is 50 megabytes.",
    ],
    // NO_OTHER_HOLDER: another person's measure, and the question names no one
    [
      "What pressure is the boiler at?",
      "The boiler pressure sits at 1.5 bar.",
      "My neighbour says she keeps her boiler at 2 bar.",
    ],
    // NO_OTHER_HOLDER: a named person the question asks about, and the older names another
    [
      "What size bike frame does Omar ride?",
      "Omar rides a size 54 frame.",
      "His sister rides a size 50 frame, she loves it.",
    ],
  ])("%s / %s / %s: none", (question, older, newer) => {
    expect(anotherMeasureOfAsked(question, older, newer)).toBeNull();
  });
});

describe("recall: the newer of two measures of what the question asks ranks above the older", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it("a turn left as itself (it ends in a question) gives another measure", async () => {
    mem = await sleptChat([
      { text: "The boiler pressure sits at 1.5 bar, the gauge is in the airing cupboard.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      {
        text: "The engineer came round yesterday and the boiler pressure is at 1.2 bar. Is that too low for winter?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("What pressure is the boiler at?", { k: 5 });
    const newer = hits.findIndex((h) => /1\.2 bar/.test(h.text));
    const older = hits.findIndex((h) => /1\.5 bar/.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
  });

  it("another thing's number leaves the older first", async () => {
    mem = await sleptChat([
      { text: "I swim 2,500 metres at the lido most mornings.", day: 0 },
      {
        text: "I walked 4,000 metres to the market and back today. What shoes are good for walking?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("How far do I swim?", { k: 5 });
    expect(hits[0]?.text).toMatch(/2,500 metres/);
  });
});
