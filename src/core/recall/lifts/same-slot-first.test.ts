import { beforeAll, describe, expect, it } from "vitest";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { loadTagger } from "../../judge/tagger.js";
import { askedSlot } from "../../state-slots.js";
import { slotChanged } from "./same-slot-first.js";

/** `slotChanged`: the slot link's reading of a pair, shared by `sameSlotFirst` and `currentVersions`' guard. */
describe("slotChanged: a newer statement changes the asked slot from the older's value", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (older: string, newer: string, question: string) =>
    slotChanged(older, newer, askedSlot(question)!, sharedWordNet());

  it.each([
    [
      "I commute to work by train, it takes about 50 minutes.",
      "I bike to work now instead of taking the train, it's faster and I get some exercise.",
      "How do I get to work?",
      "work",
    ],
    [
      "My phone is a Pixel 6.",
      "I finally upgraded my phone to an iPhone 15.",
      "What phone do I have?",
      "phone",
    ],
  ])("%j / %j, asked %j → the speaker's %j", (older, newer, question, attribute) => {
    expect(read(older, newer, question)?.attribute).toBe(attribute);
  });

  it.each([
    // No change said.
    [
      "I commute to work by train, it takes about 50 minutes.",
      "I go to the gym before work on Tuesdays.",
      "How do I get to work?",
    ],
    // Another person's change.
    [
      "I commute to work by train, it takes about 50 minutes.",
      "My flatmate bikes to work now instead of the train.",
      "How do I get to work?",
    ],
    // The same value said again: no other value.
    ["My phone is a Pixel 6.", "My phone is still a Pixel 6 now.", "What phone do I have?"],
  ])("%j / %j, asked %j → null", (older, newer, question) => {
    expect(read(older, newer, question)).toBeNull();
  });
});
