import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, recalledBesideUnrelated } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { loadTagger } from "../../judge/tagger.js";
import { changedObjectsOf, changedThingsOf, changesOlderThing, thingNounsOf } from "./changed-thing.js";

const lexicon = sharedWordNet();

beforeAll(async () => {
  await loadTagger();
});

describe("changedThingsOf: the thing the speaker says they changed, the object of a change verb said as done", () => {
  it.each([
    ["I changed barber, it's Keanu at Sharp Lines now.", "barber"],
    ["We switched banks in March.", "bank"],
    ["I've swapped gyms, the new one is open all night.", "gym"],
    ["We replaced the boiler with a Worcester combi.", "boiler"],
    ["I changed the wifi password on Sunday.", "password"],
    ["I just switched our broadband to Zen.", "broadband"],
    ["I've changed my GP to Dr Osei.", "gp"],
  ])("%s → %s", (sentence, thing) => {
    expect(changedThingsOf(sentence, lexicon)).toContain(thing);
  });

  it.each([
    ["a verb of no change", "I love my barber, Keanu at Sharp Lines."],
    ["another speaker", "Marta changed barber, it's Keanu now."],
    ["a plan", "I might change barber next year."],
    ["a wish", "I want to change barber."],
    ["a question", "Should I change barber?"],
    ["not done yet", "I'm changing barber soon."],
    ["a remembered past", "I used to change barber every year."],
    ["a pronoun object", "I changed it last week."],
  ])("%s: %s → none", (_why, sentence) => {
    expect(changedThingsOf(sentence, lexicon)).toEqual([]);
  });

  it("reads the object's head, not a word after it: changing one's mind changes no barber", () => {
    expect(changedThingsOf("I changed my mind about the barber.", lexicon)).toEqual(["mind"]);
  });

  it("gives the object's modifiers with its head", () => {
    expect(changedObjectsOf("I switched the email program to Thunderbird.", lexicon)).toEqual([
      ["email", "program"],
    ]);
    expect(changedObjectsOf("I changed barber, it's Keanu now.", lexicon)).toEqual([["barber"]]);
  });

  it("without a lexicon reads nothing", () => {
    expect(changedThingsOf("I changed barber, it's Keanu now.", undefined)).toEqual([]);
  });
});

const OLDER = "barber: Tomasz at Fade Street, a cut every month";

describe("changesOlderThing: the speaker changed a thing the older names, and names a new value", () => {
  it.each([
    [OLDER, "I changed barber, it's Keanu at Sharp Lines now.", "barber"],
    [
      "Our boiler is an old Vaillant in the loft.",
      "We replaced the boiler with a Worcester combi.",
      "boiler",
    ],
  ])("%s / %s → %s", (older, newer, thing) => {
    expect(changesOlderThing(older, newer, lexicon)).toBe(thing);
  });

  it.each([
    ["a thing the older does not name", OLDER, "I changed dentist, it's Dr. Reis now."],
    ["no new value named", OLDER, "I changed barber, the old one was too far."],
    ["only the older's own name again", OLDER, "I changed barber, but Tomasz still does my beard."],
    ["the object is another thing", OLDER, "I changed my mind about the barber, Keanu is too dear."],
    ["another's change", OLDER, "Marta changed barber, it's Keanu at Sharp Lines now."],
    [
      "a compound the older does not say: another kind of the thing",
      "The new program I translate in is memoQ, since March.",
      "I switched the email program to Thunderbird.",
    ],
  ])("%s → null", (_why, older, newer) => {
    expect(changesOlderThing(older, newer, lexicon)).toBeNull();
  });
});

describe("thingNounsOf: the nouns a statement says as its things, not inside a phrase a preposition governs", () => {
  it.each([
    ["Our daughter goes to Maple Elementary.", ["daughter"]],
    ["dentist: Dr. Helena Vaz, every six months", ["dentist"]],
    ["The email program on my laptop is Outlook.", ["email", "program"]],
  ])("%s → has %j", (text, nouns) => {
    const things = thingNounsOf(text);
    for (const n of nouns) expect(things.has(n)).toBe(true);
  });

  it.each([
    ["I bank with Chase, mostly for the app.", "app"],
    ["The email program on my laptop is Outlook.", "laptop"],
    ["Our daughter goes to Maple Elementary.", "elementary"],
  ])("%s → no %s", (text, noun) => {
    expect(thingNounsOf(text).has(noun)).toBe(false);
  });

  it("so an object the older names only after a preposition is none of its things", () => {
    expect(
      changesOlderThing(
        "I bank with Chase, mostly for the app.",
        "We migrated the app from MySQL to PostgreSQL over the holidays.",
        lexicon,
      ),
    ).toBeNull();
  });
});

const QUESTION = "Who gives me a cut?";
const NEWER = "I changed barber, it's Keanu at Sharp Lines now, much closer to the flat.";

describe("changedThingFound: the newer statement the question's words miss, in which the speaker changed the older's thing", () => {
  it("ranks the newer just above the older after sleep, and says why", async () => {
    const hits = await recalledBesideUnrelated(OLDER, { text: NEWER }, QUESTION);
    const newer = rankOf(hits, "Keanu");
    const older = rankOf(hits, "Tomasz");
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain('the speaker changed its "barber"');
  });

  it("lifts nothing said by another speaker", async () => {
    const hits = await recalledBesideUnrelated(OLDER, { text: NEWER, actor: "assistant" }, QUESTION);
    const newer = rankOf(hits, "Keanu");
    expect(rankOf(hits, "Tomasz")).toBe(0);
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("the speaker changed");
  });

  it("lifts no plan to change", async () => {
    const hits = await recalledBesideUnrelated(
      OLDER,
      { text: "I might change barber next month, Keanu at Sharp Lines is closer." },
      QUESTION,
    );
    const newer = rankOf(hits, "Keanu");
    expect(rankOf(hits, "Tomasz")).toBe(0);
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("the speaker changed");
  });

  it("never finds another namespace's statement", async () => {
    const hits = await recalledBesideUnrelated(OLDER, { text: NEWER, namespace: "neighbour" }, QUESTION);
    expect(rankOf(hits, "Keanu")).toBe(-1);
    expect(rankOf(hits, "Tomasz")).toBe(0);
  });
});
