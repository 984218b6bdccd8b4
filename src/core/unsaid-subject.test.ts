import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, sleptTurns } from "../../test/support/memory.js";
import { sharedWordNet } from "../lexicon/wordnet.js";
import { loadTagger, tag } from "./judge/tagger.js";
import { changedThingsOf } from "./recall/lifts/changed-thing.js";
import { announcesReplacement } from "./sleep/chat-turns.js";
import { opensWithUnsaidSpeaker, speakerDidUnsaid } from "./unsaid-subject.js";

const wordnet = sharedWordNet();

const VERBS = "moved|switched|replaced|sold|changed|stopped";

describe("speakerDidUnsaid: a sentence that opens with the speaker's act, its subject left unsaid", () => {
  it.each([
    "Replaced the water filter with a new one.",
    "Switched the broadband to Fibrecom last week.",
    "Finally sold the old van to a neighbour.",
    "Just moved the team call to Thursday.",
    "So changed the gym, it was too far.",
  ])("reads: %s", (s) => {
    expect(speakerDidUnsaid(VERBS).test(s)).toBe(true);
  });

  it.each([
    ["a passive", "Replaced by a newer model last year."],
    ["a visit", "Stopped by the chemist on the way home."],
    ["a subject said", "The landlord switched the boiler to gas."],
    ["an order (the verb's own form)", "Switch the broadband to Fibrecom."],
    ["a verb not at the start", "The plumber came and replaced the tap."],
    ["a verb with nothing after it", "Moved."],
  ])("does not read %s: %s", (_, s) => {
    expect(speakerDidUnsaid(VERBS).test(s)).toBe(false);
  });
});

describe("opensWithUnsaidSpeaker: the tagged form", () => {
  beforeAll(loadTagger);

  it.each([
    ["Replaced the water filter with a new one.", 0],
    ["Finally switched the gym to Pulse.", 1],
  ])("reads the verb of: %s", (s, i) => {
    expect(opensWithUnsaidSpeaker(tag(s), i)).toBe(true);
  });

  it.each([
    ["an order", "Replace the water filter every month.", 0],
    ["a passive", "Replaced by a newer model last year.", 0],
    ["a verb after its subject", "The plumber replaced the tap.", 2],
    ["a gerund", "Moving the call to Thursday.", 0],
  ])("does not read %s: %s", (_, s, i) => {
    expect(opensWithUnsaidSpeaker(tag(s), i)).toBe(false);
  });
});

describe("the readers of a change that take the unsaid speaker", () => {
  beforeAll(loadTagger);

  it.each([
    ["Replaced the water filter with a Brita.", true],
    ["Switched the broadband to Fibrecom last week.", true],
    // A later clause with no subject is the first clause's subject's act, not the speaker's.
    ["The landlord called, switched the boiler to gas.", false],
    ["Stopped by the chemist on the way home.", false],
  ])("announcesReplacement(%s) → %s", (s, expected) => {
    expect(announcesReplacement(s)).toBe(expected);
  });

  it("announcesReplacement asked without the unsaid speaker (newerFirst's pairs) reads only a subject said", () => {
    expect(announcesReplacement("Replaced the water filter with a Brita.", { unsaidSpeaker: false })).toBe(
      false,
    );
    expect(announcesReplacement("I replaced the water filter with a Brita.", { unsaidSpeaker: false })).toBe(
      true,
    );
  });

  it("changedThingsOf reads the object of an act with the speaker unsaid, not of an order or another's act", () => {
    expect(changedThingsOf("Replaced the water filter with a Brita.", wordnet)).toEqual(["filter"]);
    expect(changedThingsOf("Replace the water filter every month.", wordnet)).toEqual([]);
    expect(changedThingsOf("The plumber replaced the water filter.", wordnet)).toEqual([]);
  });
});

const FILLER = [
  "The office plants need watering again.",
  "I had a lovely walk by the river at lunch.",
  "The bins go out on Tuesday night.",
  "My sister is coming for Sunday lunch.",
];

describe("recall after sleep: a change with the speaker unsaid", () => {
  // The question asks a slot of the parents' that the older does not fill for the speaker: only
  // the rare name "Pureflow" links the two, and the newer must be read as a change by itself.
  const OLDER = "Parents' water purifier is a Pureflow RO, serviced every year.";
  const QUESTION = "Which water purifier is at my parents' house?";

  it("the newer answers first: sleep's judge reads the unsaid speaker's replacement and closes the older (judge47)", async () => {
    // Before judge47 the judge left this pair open and recall's rare-name link ranked the newer just
    // above the older ('names its value "pureflow" in a change'); `pastSubjectLeftOut` now reads a
    // past verb of change with its subject left out as the speaker's, and the older is superseded.
    const mem = await sleptTurns([
      { text: OLDER },
      ...FILLER.map((text) => ({ text })),
      { text: "Replaced the parents' Pureflow with an Aquaclear." },
    ]);
    const hits = await mem.recall(QUESTION, { k: 10 });
    expect(rankOf(hits, "Aquaclear")).toBe(0);
    expect(hits.some((h) => h.text === OLDER)).toBe(false);
    const beliefs = (await mem.list({ status: "any" })) as {
      text: string;
      status: string;
      statusReason: string;
      supersededBy: string | null;
      id: string;
    }[];
    const older = beliefs.find((b) => b.text === OLDER);
    const newer = beliefs.find((b) => b.text.includes("Aquaclear"));
    expect([older?.status, older?.statusReason]).toEqual(["archived", "superseded"]);
    expect(older?.supersededBy).toBe(newer?.id);
    await mem.close?.();
  });

  it("lifts nothing when the act is another's, said with its subject", async () => {
    const mem = await sleptTurns([
      { text: OLDER },
      ...FILLER.map((text) => ({ text })),
      { text: "My neighbour called, replaced the Pureflow in her kitchen." },
    ]);
    const hits = await mem.recall(QUESTION, { k: 10 });
    expect(hits.some((h) => h.why.summary.includes("newer than"))).toBe(false);
    await mem.close?.();
  });
});
