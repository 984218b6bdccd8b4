import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { loadTagger } from "../judge/tagger.js";
import { onlyPhatic, phaticAct, withoutPhatic } from "./dialogue-acts.js";

// The imperative and appraisal readings tag words.
beforeAll(() => loadTagger());

describe("phaticAct: a sentence addressed to the listener that says nothing of the world", () => {
  it.each([
    ["Hey Melanie!", "greeting"],
    ["Just wanted to say hi!", "greeting"],
    ["Hey John, long time no see!", "greeting"],
    ["Great to hear from you.", "greeting"],
    ["Bye!", "farewell"],
    ["Take care, Maria.", "farewell"],
    ["Thanks so much!", "thanks"],
    ["Thanks for the tips on painting, Caroline.", "thanks"],
    ["Appreciate the kind words.", "thanks"],
    ["Congrats, that's awesome!", "congratulation"],
    ["Congrats on the new job!", "congratulation"],
    ["Keep up the great work!", "well-wish"],
    ["Sorry to hear that", "sympathy"],
    ["I'm so sorry for your loss.", "sympathy"],
    ["Have a great day!", "well-wish"],
    ["Enjoy your family time, John!", "well-wish"],
    ["Good luck with the move to Berlin!", "well-wish"],
    ["Hope you have a blast at the concert!", "well-wish"],
    ["Keep going and don't give up!", "well-wish"],
    ["Wow, that's amazing!", "appraisal"],
    ["You're so talented!", "appraisal"],
    ["Wow, what an amazing journey.", "appraisal"],
    ["I'm so happy for you", "appraisal"],
    ["I'm so proud of you!", "appraisal"],
    ["Glad you had a good time.", "appraisal"],
    ["It's so sweet to see your love for your family, Melanie.", "appraisal"],
    ["Sounds fun!", "appraisal"],
    ["Yeah, for sure!", "acknowledgement"],
  ])("%j is phatic (%s)", async (text, act) => {
    expect(phaticAct(text)).toBe(act);
  });

  it.each([
    // A question asks; the sentence after it is a claim about a third person.
    "Have you met Ana?",
    "She runs the bakery.",
    // "thanks to" is a preposition: the rest is a claim.
    "Thanks to Jo, the release shipped Friday",
    // The speaker's own feeling about their own life is content.
    "I'm so happy at my new job",
    "It was a great experience.",
    "Thanks, the fix works on ARM too.",
    "Sounds good, the meeting moved to 3pm",
    "Take a look at the deploy logs.",
    "Have the team review the PR before merging.",
    "The retry limit is 5",
    "Those posters are great at the shop on Main Street.",
    "This is great for caching the build outputs.",
    "Losing my job was a bummer, but I start at the bakery Monday.",
    "[image: a photo of a book shelf filled with books]",
  ])("%j is not phatic", (text) => {
    expect(phaticAct(text)).toBeNull();
  });
});

describe("withoutPhatic: a turn's content sentences", () => {
  it.each([
    [
      "Thanks! Losing my job was a bummer, but I start at the bakery Monday.",
      "Losing my job was a bummer, but I start at the bakery Monday.",
    ],
    ["Hey Melanie! Just wanted to say hi! Enjoy your family time, John! Have a great day!", ""],
    ["Have you met Ana? She runs the bakery.", "Have you met Ana? She runs the bakery."],
    [
      "Wow, Caroline, that's awesome! I went to a pottery class yesterday. Take care!",
      "I went to a pottery class yesterday.",
    ],
    // No phatic sentence: the turn comes back as it was, dashes and all.
    [
      "Animals are amazing— They can be incredible companions.",
      "Animals are amazing— They can be incredible companions.",
    ],
  ])("%j → %j", (turn, content) => {
    expect(withoutPhatic(turn)).toBe(content);
    expect(onlyPhatic(turn)).toBe(content === "");
  });
});

describe("distillation leaves turns made only of phatic sentences out of beliefs", () => {
  let mem: Memory;
  afterEach(() => mem?.close());

  it("such a turn stays an episode, recallable as itself; a mixed turn is distilled whole", async () => {
    ({ mem } = await testMemory());
    const pleasantries = await mem.record(
      "Hey Melanie! Just wanted to say hi! Enjoy your family time. Have a great day!",
    );
    const mixed = await mem.record(
      "Thanks so much! Losing my job was a bummer, but I start at the bakery Monday.",
    );
    const plain = await mem.record("Ana runs the bakery on Elm Street.");
    const report = await mem.consolidate();
    const beliefs = (await mem.list({ limit: 100 })).flatMap((b) => (b.layer === "belief" ? [b.text] : []));
    expect(beliefs.sort()).toEqual([
      "Ana runs the bakery on Elm Street.",
      "Thanks so much! Losing my job was a bummer, but I start at the bakery Monday.",
    ]);
    expect(report.items.filter((i) => i.action === "skipped")).toEqual([
      expect.objectContaining({ id: pleasantries.id, reason: "skipped: phatic" }),
    ]);
    const sources = report.items.filter((i) => i.action === "distilled").flatMap((i) => i.related);
    expect(sources.sort()).toEqual([mixed.id, plain.id].sort());
    // Coverage: the pleasantries are recallable as themselves.
    const health = await mem.health();
    expect(health.coverage).toMatchObject({ episodes: 3, represented: 2, recallable: 1 });
    expect(health.coverage.uncovered.count).toBe(0);
    const hits = await mem.recall("Melanie family time", { k: 3 });
    expect(hits.map((h) => h.id)).toContain(pleasantries.id);
  });

  it("a turn of one short pleasantry keeps the class it already had", async () => {
    ({ mem } = await testMemory());
    const thanks = await mem.record("Thanks!");
    const report = await mem.consolidate();
    expect(report.items).toEqual([expect.objectContaining({ id: thanks.id, reason: "skipped: chit-chat" })]);
  });
});
