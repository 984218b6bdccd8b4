import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, recalledBesideUnrelated } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { loadTagger } from "../../judge/tagger.js";
import { namesNounOfAskedVerb, sameVerbNouns } from "./asked-noun.js";

beforeAll(async () => {
  await loadTagger();
});

const wordnet = sharedWordNet();

describe("SAME_VERB_RULE: two nouns the lexicon derives from one verb", () => {
  it.each<[string, string, string, boolean]>([
    ["the doing and its doer", "management", "manager", true],
    ["the doer and the doing", "manager", "management", true],
    ["two nouns of different verbs", "commission", "income", false],
    ["a noun of no verb", "splint", "brace", false],
    ["one word with itself (read by its own words)", "manager", "manager", false],
  ])("%s: %s / %s", (_name, a, b, same) => {
    expect(sameVerbNouns(a, b, wordnet)).toBe(same);
  });

  it("relates nothing without a lexicon", () => {
    expect(sameVerbNouns("management", "manager", undefined)).toBe(false);
  });
});

describe("namesNounOfAskedVerb: a statement that names the asked noun by another noun of its verb", () => {
  it.each<[string, string, string, boolean]>([
    [
      "management for my manager",
      "Management takes 15% of my gig fees, not teaching.",
      "What cut does my manager take?",
      true,
    ],
    [
      "my manager for the management",
      "My manager is Ruth Adler at Adler Artists.",
      "Who do I email at the management company?",
      true,
    ],
    [
      "no noun of the question's verb",
      "My accountant says the quarterly estimate is $900.",
      "How big is my tax payment?",
      false,
    ],
    [
      "the question's own word in another form is not another noun",
      "We do the weekly shopping at Harlow's Market.",
      "Where do we shop?",
      false,
    ],
    ["a question with no common noun", "Management takes 15% of my gig fees.", "Who is it?", false],
  ])("%s", (_name, statement, question, names) => {
    expect(namesNounOfAskedVerb(statement, question, wordnet)).toBe(names);
  });

  it("reads nothing without a lexicon", () => {
    expect(
      namesNounOfAskedVerb("Management takes 15% of my gig fees.", "What cut does my manager take?"),
    ).toBe(false);
  });
});

const CUT_Q = "What cut does my manager take?";
const CUT_OLDER = "Management takes 15% of my booking income.";
const CUT_NEWER = "Commission is 10% now since the festivals pay most of my income.";

describe("sameThingFound: an older named by another noun of the asked noun's verb", () => {
  it("ranks the newer just above the older after sleep, and says why", async () => {
    const hits = await recalledBesideUnrelated(CUT_OLDER, { text: CUT_NEWER }, CUT_Q);
    const newer = rankOf(hits, "10%");
    const older = rankOf(hits, "15%");
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain("a newer statement on the same thing as");
  });

  it("lifts nothing said by another speaker", async () => {
    const hits = await recalledBesideUnrelated(CUT_OLDER, { text: CUT_NEWER, actor: "assistant" }, CUT_Q);
    const newer = rankOf(hits, "10%");
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("on the same thing as");
  });
});
