import { beforeAll, describe, expect, it } from "vitest";
import { analysisOf, mainClauseOf, mainClauseStart } from "./analysis.js";
import { loadTagger, tag } from "./tagger.js";

beforeAll(() => loadTagger());

describe("mainClauseStart: a sentence that opens with its subordinate clause", () => {
  it.each([
    [
      "Since the Birch Street garage closed I've been parking at the lot on Fifth Avenue.",
      "I've been parking",
    ],
    ["Since Tony retired I get my hair cut at Sharp Lines near the station.", "I get my hair"],
    ["When Dr. Reyes closed her practice I signed up with Dr. Mensah on Mill Lane.", "I signed up"],
    ["Because the 8:15 got cancelled, I catch the 7:40 express bus now.", "I catch"],
    ["While I was in Paris, the office moved to Leeds.", "the office moved"],
    ["Although the rent went up we stayed in the flat.", "we stayed"],
    ["Since then, nothing has changed in the deploy.", "nothing has changed"],
    ["Until the migration finishes, writes go to the old cluster.", "writes go"],
    // No comma: a noun phrase after one that ended opens the main clause when a verb follows it.
    [
      "Since we rebased all the images onto Debian bookworm the scanner report is way shorter.",
      "the scanner report is",
    ],
    ["When the kids were at school the house was quiet.", "the house was quiet"],
    ["since we switched to octopus our bill went down loads", "our bill went"],
  ])("%j has its main clause at %j", (text, main) => {
    const at = mainClauseStart(text, tag(text));
    expect(at).not.toBeNull();
    expect(text.slice(at!).startsWith(main)).toBe(true);
  });

  it.each([
    "Since the baby arrived.",
    "Since I moved to Leeds.",
    "Because it was late and that was all.",
    "Since it was late and they were tired and everyone left.",
    // A second object, not a subject: no verb after "the old sofa".
    "Since we gave the dog the old sofa.",
    // A verb's object is no subject: "rebased the images" opens nothing.
    "Since we rebased the images onto Debian bookworm.",
    // No opening subordinate clause at all.
    "I moved to Leeds since the rent went up.",
    "We moved standup to Thursdays.",
  ])("%j has none", (text) => {
    expect(mainClauseStart(text, tag(text))).toBeNull();
  });
});

describe("mainClauseOf: the words of the main clause", () => {
  it.each([
    // A subordinate clause after the main one is a circumstance (as before).
    [
      "We moved standup to Thursdays since half the team is off on Mondays.",
      ["standup", "thursday"],
      ["team"],
    ],
    // One that opens the sentence is a circumstance too: the main clause follows it.
    [
      "Since the Birch Street garage closed I've been parking at the lot on Fifth Avenue.",
      ["lot", "fifth"],
      ["garag", "birch"],
    ],
    ["Because the 8:15 got cancelled, I catch the express bus now.", ["bus", "express"], ["cancel"]],
    // "since 2019" names no clause of its own: a time, kept.
    ["I have worked at Acme since 2019.", ["acme", "2019"], []],
  ])("%j", (text, kept, left) => {
    const main = mainClauseOf(analysisOf(text));
    for (const w of kept) expect([...main].some((t) => t.startsWith(w))).toBe(true);
    for (const w of left) expect([...main].some((t) => t.startsWith(w))).toBe(false);
  });
});
