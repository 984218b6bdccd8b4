import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, recalledBesideUnrelated } from "../../../../test/support/memory.js";
import { loadTagger } from "../../judge/tagger.js";
import { askedThingChange, askedThingWords } from "./asked-thing.js";
import { saysAsTheThing } from "./same-thing.js";

beforeAll(async () => {
  await loadTagger();
});

const SHOP_Q = "Where do I do the food shop?";
const SHOP_OLDER = "I do my weekly shop at Harlow's Market.";
const SHOP_NEWER = "The weekly shop is at Greenfields now, it's cheaper.";

describe("askedThingWords: the nouns the older and the question both name as the thing asked", () => {
  it.each<[string, string, string, string[]]>([
    ["the shared noun", SHOP_OLDER, SHOP_Q, ["shop"]],
    [
      "two shared nouns",
      "Our piano teacher is Mrs. Ward.",
      "Who is our piano teacher?",
      ["piano", "teacher"],
    ],
    [
      "a noun a number counts is no thing, nor a word of when",
      "I swim at Lido Park four times a week.",
      "How many times a week do I swim?",
      [],
    ],
    [
      "a value of the older's is no thing",
      "We bank with Nationwide.",
      "Do we still bank with Nationwide?",
      [],
    ],
    ["a noun only the older names", "We bank with Nationwide.", "Which bank do we use?", []],
  ])("%s", (_name, older, question, words) => {
    expect([...askedThingWords(older, question)].sort()).toEqual(words);
  });
});

describe("askedThingChange: another value of the asked thing, in a change, the topic going on", () => {
  it("reads another name of the asked thing", () => {
    expect(askedThingChange(SHOP_OLDER, SHOP_NEWER, SHOP_Q)).toEqual({
      word: "shop",
      kind: "name",
      value: "greenfields",
    });
  });

  it("reads another measure of the asked thing", () => {
    expect(
      askedThingChange(
        "My hourly rate for the agency is £40.",
        "Agency rate is £46 an hour now.",
        "What's my rate?",
      ),
    ).toMatchObject({ word: "rate", kind: "measure:£", value: "£46" });
  });

  it.each<[string, string, string, string]>([
    ["no change said", SHOP_OLDER, "The weekly shop at Greenfields was packed today.", SHOP_Q],
    ["an addition beside the older", SHOP_OLDER, "The weekly shop is at Greenfields now too.", SHOP_Q],
    ["nothing else of the older's said in the clause", SHOP_OLDER, "The shop is at Greenfields now.", SHOP_Q],
    [
      "the asked noun as another thing's holder",
      SHOP_OLDER,
      "The weekly shop's delivery van is from Greenfields now.",
      SHOP_Q,
    ],
    ["the asked noun not said", SHOP_OLDER, "We go to Greenfields weekly now.", SHOP_Q],
    [
      "a value the question does not ask (a day for a where)",
      "I do my weekly shop at Harlow's Market on Fridays.",
      "The weekly shop is on Saturdays now.",
      SHOP_Q,
    ],
    ["a question", SHOP_OLDER, "Should the weekly shop be at Greenfields now?", SHOP_Q],
  ])("none: %s", (_name, older, newer, question) => {
    expect(askedThingChange(older, newer, question)).toBeNull();
  });
});

describe("HOLDER_RULE: a noun's \"'s\" is a holder only before what it owns", () => {
  it.each<[string, string, string, string, boolean]>([
    [
      '"\'s" as "is", before a preposition',
      "We do our big weekly shop at Tesco.",
      "Big shop's at Aldi now.",
      "shop",
      true,
    ],
    ['"\'s" as "is", before an adjective alone', "The car is a Skoda.", "The car's fine now.", "car", true],
    [
      "a holder before a noun",
      "The bakery is on Chandler Street.",
      "I switched the bakery's liability policy to Next.",
      "bakeri",
      false,
    ],
    [
      "a holder before an adjective and a noun",
      "The bakery is on Chandler Street.",
      "The bakery's new owner is Tom.",
      "bakeri",
      false,
    ],
  ])("%s", (_name, older, sentence, word, same) => {
    expect(saysAsTheThing(older, sentence, word)).toBe(same);
  });
});

// Sleep's judge leaves this pair open (it closes SHOP_OLDER by SHOP_NEWER): recall must read it.
const REC_Q = "Where do we do the weekly food shop?";
const REC_OLDER = "We do our big weekly shop at Harlow's Market with the loyalty card.";
const REC_NEWER = "Big shop's at Greenfields now, we're saving about £30 a week.";

describe("askedThingFound: the newer statement found through the thing the question asks", () => {
  it("ranks the newer just above the older after sleep, and says why", async () => {
    const hits = await recalledBesideUnrelated(REC_OLDER, { text: REC_NEWER }, REC_Q);
    const newer = rankOf(hits, "Greenfields");
    const older = rankOf(hits, "Harlow");
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain("a newer statement on the asked thing of");
  });

  it("lifts nothing said by another speaker", async () => {
    const hits = await recalledBesideUnrelated(REC_OLDER, { text: REC_NEWER, actor: "assistant" }, REC_Q);
    const newer = rankOf(hits, "Greenfields");
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("on the asked thing of");
  });

  it("never finds another namespace's statement", async () => {
    const hits = await recalledBesideUnrelated(REC_OLDER, { text: REC_NEWER, namespace: "neighbour" }, REC_Q);
    expect(rankOf(hits, "Greenfields")).toBe(-1);
  });
});
