import { afterEach, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import type { Memory } from "../../engine.js";
import { choiceChangeOf, replacesChoice } from "./change-of-choice.js";

const lexicon = sharedWordNet();

describe("CHANGE_OF_CHOICE: the speaker says a new choice done", () => {
  it.each([
    ["We switched the cat to wood pellets, far less dust.", "switched to", "wood pellets"],
    ["Ever since I switched to Helix I keep pressing the wrong keys.", "switched to", "Helix"],
    ["We moved over to Octopus when the old deal ended.", "switched to", "Octopus"],
    ["I switched from Atom to Zed last month.", "switched to", "Zed"],
    ["The migration to BigQuery is done, so I'm fixing the dashboards.", "migration to … done", "BigQuery"],
    ["We replaced Jenkins with Buildkite in the spring.", "replaced with", "Buildkite"],
    ["We rewrote the parser in Rust over the holidays.", "rewrote in", "Rust"],
    ["We went with Hetzner after the price rise.", "went with", "Hetzner"],
    ["We're on Fastmail now, much calmer.", "on … now", "Fastmail"],
  ])("%s", (text, frame, value) => {
    expect(choiceChangeOf(text, lexicon)).toMatchObject({ frame, value });
  });

  it.each([
    // A_CHOICE_NOT_A_TIME: rescheduled, not rechosen
    ["Book club moved to Thursdays."],
    ["We moved the retro to next week."],
    ["We moved standup to 9:45."],
    // A_CHOICE_NOT_A_TIME: a new home (state-frames.ts reads it)
    ["I moved to London last year."],
    // NOT_A_PARTICLE
    ["I switched off the light and went to bed."],
    ["I changed into my running shoes."],
    // DONE_NOT_PLANNED: a supposition, a plan, a question, a negation
    ["We might migrate to Snowflake next year."],
    ["We're thinking about switching to Helix."],
    ["We'll move to Octopus when the deal ends."],
    ["Should I switch to Zed?"],
    ["We didn't switch to Buildkite in the end."],
    // not the speaker
    ["My brother switched to Linux."],
    ["Our neighbours went with Hetzner."],
  ])("%s → none", (text) => {
    expect(choiceChangeOf(text, lexicon)).toBeNull();
  });
});

describe("LINKED_BY_EVIDENCE: a change of choice replaces an older only on a shared name or rare word", () => {
  it.each([
    // the holder said on both sides
    [
      "Pixel's litter is clumping clay, the unscented kind.",
      "We switched Pixel to wood pellets, far less dust.",
      "wood pellets",
    ],
    // the older's value named by the change
    ["I write all my code in Atom, it opens fast.", "I switched from Atom to Zed last month.", "Zed"],
    ["Our analytics warehouse is Redshift.", "We replaced Redshift with BigQuery in March.", "BigQuery"],
  ])("%s / %s", (older, newer, value) => {
    expect(replacesChoice(older, newer, () => true, lexicon)).toMatchObject({ value });
  });

  it.each([
    // no word or name shared: the frame says a change, not of what
    ["Our analytics warehouse is Redshift.", "We moved over to Octopus when the old deal ended."],
    // the new value is the older's own
    ["We use Fastmail for the family email.", "We're on Fastmail now, much calmer."],
    // the older is a question
    ["Is Redshift a good warehouse?", "We replaced Redshift with BigQuery in March."],
  ])("%s / %s → none", (older, newer) => {
    expect(replacesChoice(older, newer, () => true, lexicon)).toBeNull();
  });

  it.each([
    // a common word shared is no evidence of the same thing
    ["The kids' school bus is the number 12.", "We switched the kids to scooters, they love it."],
    ["I'm paying £900 a month for the flat.", "I'm paying less since we moved over to Octopus."],
  ])("%s / %s → none (no name shared)", (older, newer) => {
    expect(replacesChoice(older, newer, () => true, lexicon)).toBeNull();
  });

  it("a name the caller finds common links nothing", () => {
    const older = "Pixel's litter is clumping clay, the unscented kind.";
    const newer = "We switched Pixel to wood pellets, far less dust.";
    expect(replacesChoice(older, newer, (w) => w !== "pixel", lexicon)).toBeNull();
  });
});

describe("recall: a change of choice said in passing ranks above the older choice", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it("a turn left as itself switches the holder to another value", async () => {
    mem = await sleptChat([
      { text: "Pixel's litter is clumping clay, the unscented kind.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      {
        text: "We switched Pixel to wood pellets, far less dust. How often should I empty the tray?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("What litter does the cat use?", { k: 5 });
    const newer = hits.findIndex((h) => /wood pellets/.test(h.text));
    const older = hits.findIndex((h) => /clumping clay/.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
  });

  it("a change of another choice, sharing no name with the older, leaves the older first", async () => {
    mem = await sleptChat([
      { text: "Our analytics warehouse is Redshift.", day: 0 },
      { text: "We moved over to Octopus when the old deal ended. What is a standing charge?", day: 20 },
    ]);
    const hits = await mem.recall("Which data warehouse do we use?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Redshift/);
    expect(hits.some((h) => h.why.summary.includes("a change of choice"))).toBe(false);
  });

  it("a change that names the older's value ranks above it", async () => {
    mem = await sleptChat([
      { text: "Our analytics warehouse is Redshift.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      { text: "We replaced Redshift with BigQuery last month. How do I set a budget alert?", day: 20 },
    ]);
    const hits = await mem.recall("Which data warehouse do we use?", { k: 5 });
    const newer = hits.findIndex((h) => /BigQuery/.test(h.text));
    const older = hits.findIndex((h) => /warehouse is Redshift/.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
  });

  it("another person's change leaves the older first", async () => {
    mem = await sleptChat([
      { text: "Pixel's litter is clumping clay, the unscented kind.", day: 0 },
      {
        text: "My sister switched Pixel's brother to wood pellets. How often should she empty the tray?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("What litter does the cat use?", { k: 5 });
    expect(hits[0]?.text).toMatch(/clumping clay/);
  });
});
