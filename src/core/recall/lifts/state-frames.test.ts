import { afterEach, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import type { Memory } from "../../engine.js";
import { namedValues } from "../../named-values.js";
import { askedFrame, replacedByFrame } from "./state-frames.js";

describe("namedValues: the names a statement gives its values", () => {
  it.each([
    ["I commute by bike, a blue Trek hybrid.", ["Trek"]],
    ["I use LastPass for all my passwords.", ["LastPass"]],
    // Not the first word of a sentence, a pronoun, a title or a day.
    ["My doctor is Dr. Alvarez. She sees me on Tuesdays.", ["Alvarez"]],
    ["I'm on the payments team at work.", []],
  ])("%j → %j", (text, names) => {
    expect(namedValues(text)).toEqual(names);
  });
});

describe("state frames: a change said in other words than the state it replaces", () => {
  it.each([
    [
      "I live in Denver, it's been two years now.",
      "Been packing. I moved to Portland last week!",
      "residence",
    ],
    [
      "I work at Acme Robotics as a designer.",
      "Sorry for going quiet! Big news though: my new job is at Globex, I started last Monday.",
      "employer",
    ],
    ["I use LastPass for all my passwords.", "I migrated to Bitwarden after the breach news.", "thing used"],
  ])("%j is replaced by %j (%s)", (older, newer, frame) => {
    expect(replacedByFrame(older, newer)).toBe(frame);
  });

  it.each([
    // Someone else moved; a change with an object of its own; a purpose the older does not have.
    ["I live in Denver.", "My sister moved to Chicago for her residency."],
    ["I live in Denver.", "we moved to the new office."],
    ["I use LastPass for all my passwords.", "I switched to CorePower for yoga, they have more classes."],
    ["I use LastPass for all my passwords.", "I moved my swimming to the Eastside Aquatic Center."],
    // Not a first-person state.
    ["Denver is where the conference is.", "I moved to Portland last week!"],
  ])("%j is not replaced by %j", (older, newer) => {
    expect(replacedByFrame(older, newer)).toBeNull();
  });

  // "Moved to" says a new home and a new thing used alike: the value's kind (WordNet, a place or
  // not) tells which; a name WordNet does not know is no place, so it moves no home.
  it.each([
    ["I live in Denver, it's been two years now.", "I moved to Portland last week!", "residence"],
    [
      "We live in Clapham, close to the common.",
      "We've just moved to Glasgow, the flat is tiny.",
      "residence",
    ],
    ["We live in Clapham, close to the common.", "We relocated to Walthamstow in March.", "residence"],
    ["I use LastPass for all my passwords.", "I've moved to Bitwarden, it's much cleaner.", "thing used"],
    ["I use Vodafone for my phone.", "I've moved to Giffgaff and pay half as much.", "thing used"],
    ["I use LastPass for all my passwords.", "I moved to Portland last week!", null],
    [
      "We live in Clapham, close to the common.",
      "Vodafone is no longer my network, I've moved to Giffgaff and pay half as much.",
      null,
    ],
    ["I use Slack for work chat.", "We moved to New York in the spring.", null],
  ])("with a lexicon, %j then %j: %s", (older, newer, frame) => {
    expect(replacedByFrame(older, newer, sharedWordNet())).toBe(frame);
  });

  it("reads the frame a question asks about, never from the verb 'use' alone", () => {
    expect(askedFrame("Which city do I live in?")?.name).toBe("residence");
    expect(askedFrame("Where do I work?")?.name).toBe("employer");
    expect(askedFrame("Which password manager do I use?")).toBeNull();
    expect(askedFrame("Where does Caroline live?")).toBeNull();
  });
});

describe("recall: the newer value first when the question shares no word with it", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
  });

  async function chat(turns: { text: string; day: number }[]) {
    mem = await sleptChat(turns, "2026-01-01");
    return mem;
  }

  it("ranks an update that names the older value above it, and says why", async () => {
    const m = await chat([
      { text: "I commute by bike, a blue Trek hybrid.", day: 0 },
      {
        text: "Rainy all week. My Trek got stolen so I bought a Cannondale, a green one this time.",
        day: 20,
      },
    ]);
    const hits = await m.recall("What bike do I ride?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Cannondale/);
    expect(hits[0]?.why.summary).toMatch(/names its value "trek" in a change/);
    expect(hits.findIndex((h) => /Trek hybrid/.test(h.text))).toBeGreaterThan(0);
  });

  it("ranks an update that says the older's rare name is gone above it (the name's own end, `retiredValue`)", async () => {
    const m = await chat([
      { text: "the physio I book for my back is Tom Becker, he's the one who fixed my shoulder too", day: 0 },
      { text: "Tom's gone from the practice so now Anya Kowalski has his patients, she is great", day: 20 },
    ]);
    const hits = await m.recall("who do i book for my back", { k: 5 });
    expect(hits[0]?.text).toMatch(/Anya Kowalski/);
    expect(hits[0]?.why.summary).toMatch(/names its value "tom"/i);
    await m.close();
    // Gone for a weekend is no end: nothing is lifted by the name.
    const away = await chat([
      { text: "the physio I book for my back is Tom Becker, he's the one who fixed my shoulder too", day: 0 },
      { text: "Tom's gone to Halifax for the weekend so Anya Kowalski has his patients", day: 20 },
    ]);
    const held = await away.recall("who do i book for my back", { k: 5 });
    expect(held.some((h) => /names its value "tom"/i.test(h.why.summary))).toBe(false);
  });

  it("ranks an update naming the asked value above it when the change is said in words of its own", async () => {
    const turns = [
      { text: "For my hay fever I take Claritin every morning.", day: 0 },
      {
        text: "The spring cleanup at the allotment was hard work. Claritin stopped working so my doctor put me on Zyrtec. What flowers grow well in pots?",
        day: 20,
      },
    ];
    const m = await chat(turns);
    const hits = await m.recall("What do I take for my hay fever?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Zyrtec/);
    expect(hits[0]?.why.summary).toMatch(/names its value "claritin" in a change/);
    // Asked as a past event, the question asks no current state: nothing is lifted.
    const past = await m.recall("What did I take for my hay fever in the spring?", { k: 5 });
    expect(past.some((h) => /names its value/.test(h.why.summary))).toBe(false);
  });

  it("ranks a change of the same state frame above the state, with no shared word", async () => {
    const m = await chat([
      { text: "I use LastPass for all my passwords.", day: 0 },
      { text: "I switched to CorePower for yoga, they have more classes.", day: 10 },
      {
        text: "Security training today, yawn. I migrated to Bitwarden after the breach news. Way cleaner.",
        day: 20,
      },
    ]);
    const hits = await m.recall("Which password manager do I use?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Bitwarden/);
    expect(hits[0]?.why.summary).toMatch(/changes its thing used in other words/);
    // The yoga switch has a purpose of its own: it is not offered as the new password manager.
    expect(hits.some((h) => /CorePower/.test(h.text) && /newer than/.test(h.why.summary))).toBe(false);
  });

  it("answers a question about the speaker's state with its newest change when the older is not found", async () => {
    const m = await chat([
      { text: "I work at Acme Robotics as a designer.", day: 0 },
      {
        text: "Sorry for going quiet! Big news though: my new job is at Globex, I started last Monday.",
        day: 20,
      },
    ]);
    const hits = await m.recall("Where do I work?", { k: 5 });
    const globex = hits.findIndex((h) => /Globex/.test(h.text));
    const acme = hits.findIndex((h) => /Acme/.test(h.text));
    expect(globex).toBeGreaterThanOrEqual(0);
    if (acme >= 0) expect(globex).toBeLessThan(acme);
  });

  it("leaves the older first when the newer is about someone else, and historical recall alone", async () => {
    const m = await chat([
      { text: "I live in Denver, it's been two years now.", day: 0 },
      { text: "My sister moved to Chicago for her residency, so visits will be harder.", day: 20 },
    ]);
    const hits = await m.recall("Which city do I live in?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Denver/);
    expect(hits.some((h) => /newer than|newest statement/.test(h.why.summary))).toBe(false);
  });
});
