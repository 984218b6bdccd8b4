import { afterEach, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import type { Memory } from "../../engine.js";
import { loadTagger } from "../../judge/tagger.js";
import { anotherOfAskedKind } from "./asked-instance.js";

/**
 * Another one of the asked kind: a newer that says the question's noun of another thing of that
 * kind (another compound or adjective, or "another"/"any" before it) changes that thing, not the
 * asked one (`anotherOfAskedKind`, read by `newerFirst`, `sameSlotFirst` and `changedValueFirst`).
 */
let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

describe("anotherOfAskedKind: the asked noun said of another one of its kind", () => {
  it.each([
    // another compound or adjective, the question's own word for it never said
    [
      "What is our weekly grocery budget?",
      ["budget"],
      "Our grocery budget is £90 a week.",
      "The loft budget is £9,000 after the quotes.",
      true,
    ],
    [
      "when's my physio appointment",
      ["appointment"],
      "My physio appointment is on Tuesdays at 4.",
      "The dentist appointment moved to Friday.",
      true,
    ],
    [
      "what is the price of our big bowl",
      ["price"],
      "Our big bowl is £8.",
      "the rice price so crazy now, everything going up",
      true,
    ],
    [
      "Which football team do I support?",
      ["team"],
      "I support Hibs, have done since I was wee.",
      "I moved to the data team at work last month.",
      true,
    ],
    // "another" or "any": another one of the kind
    [
      "Which gym am I a member of?",
      ["gym"],
      "I'm a member of Iron Works gym.",
      "Tom joined another gym across town, the posh one.",
      true,
    ],
    // the question's own word said, a state of the one thing, a proper name (the value), a compound the older says too
    [
      "What is our weekly grocery budget?",
      ["budget"],
      "Our grocery budget is £90 a week.",
      "We raised the grocery budget to £110.",
      false,
    ],
    [
      "What is our weekly grocery budget?",
      ["budget"],
      "Our food budget is £90 a week.",
      "We had to raise the food budget to £110.",
      false,
    ],
    [
      "when's my physio appointment",
      ["appointment"],
      "My physio appointment is on Tuesdays at 4.",
      "My next appointment is on Thursday now.",
      false,
    ],
    [
      "Which notes app do I use?",
      ["app"],
      "I keep notes in the Notion app.",
      "Switched to the Obsidian app, it's all local.",
      false,
    ],
    // the question gives the noun no word of its own: the newer's modifier is the value
    [
      "Which team am I on?",
      ["team"],
      "I'm on the payments team.",
      "I transferred to the search team last week.",
      false,
    ],
    // "every" or "each": all of them, the asked one too; "final": a state of the one thing
    [
      "how long does one of my simulation jobs take",
      ["job"],
      "My simulation jobs take about 9 hours.",
      "I rewrote the loop and now each job finishes in 5 hrs.",
      false,
    ],
    [
      "What is our kitchen renovation budget?",
      ["budget", "kitchen", "renovation"],
      "Our budget for the kitchen renovation is £8,000.",
      "The quotes came back high and the final budget is £12,000.",
      false,
    ],
    // the question asks of each one itself
    [
      "how much milk does each calf get",
      ["milk", "calf"],
      "Each calf gets 4 litres of milk a day.",
      "Each calf is on 6 litres of milk now.",
      false,
    ],
    // a shared verb: not a thing of the kind
    ["where do I live", ["live"], "I live in Leith.", "I live in Portobello now.", false],
  ])("%j, shared %j, older %j, newer %j: %s", async (question, shared, older, newer, expected) => {
    await loadTagger();
    expect(anotherOfAskedKind(question, shared, older, newer)).toBe(expected);
  });
});

describe("changedValueFirst: no lift for the asked noun said of another one of its kind", () => {
  // Any lift's mark that ranks the newer above the older.
  const lifted = (summary: string) => /; newer than \[[^\]]+\]/.test(summary);
  it.each([
    {
      older: "My physio appointment is on Tuesdays at 4, with Karen.",
      newer: "The dentist appointment has moved to Friday at 9 now.",
      question: "when is my physio appointment",
    },
    {
      older: "My flat rent is £900 a month.",
      newer: "The garage rent went up to £120 a month now.",
      question: "how much is my flat rent",
    },
  ])(
    "$newer after $older, asked $question: not lifted, the older first",
    async ({ older, newer, question }) => {
      mem = await sleptChat([
        { text: older, day: 0 },
        { text: "Busy week at work, nothing new.", day: 1 },
        { text: newer, day: 20 },
      ]);
      const hits = await mem.recall(question, { k: 5 });
      const later = hits.findIndex((h) => h.text === newer);
      const earlier = hits.findIndex((h) => h.text === older);
      expect(later).toBeGreaterThanOrEqual(0);
      expect(earlier).toBeGreaterThanOrEqual(0);
      expect(lifted(hits[later]!.why.summary)).toBe(false);
      expect(earlier).toBeLessThan(later);
    },
  );
});
