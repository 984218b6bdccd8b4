import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, recalledBesideUnrelated } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { loadTagger } from "../../judge/tagger.js";
import { askedThingChange } from "./asked-thing.js";
import { askedThingSaidAgain } from "./asked-thing-first.js";

beforeAll(async () => {
  await loadTagger();
});

const BOOK_Q = "What are we reading at the book group?";
const BOOK_OLDER = "The library book group is reading Shuggie Bain this month.";
const CHOIR_Q = "Who leads the choir?";
const CHOIR_OLDER = "Our choir is led by Mr. Baird on Tuesday nights.";
const TAX_Q = "How much is the yearly tax on the flat?";
const TAX_OLDER = "The yearly tax on the flat is £890, due in April.";

describe("askedThingSaidAgain: the asked thing said again in a change, with another value of the asked kind", () => {
  // Each fails on the old reading (`askedThingChange`): no word of the older's beyond the
  // question's is said in the clause of the new value.
  it.each<[string, string, string, string, { word: string; kind: string; value: string }]>([
    [
      "another name of what the group reads",
      BOOK_OLDER,
      "We finished that book and the group's on to Young Mungo now.",
      BOOK_Q,
      { word: "group", kind: "name", value: "young" },
    ],
    [
      "another name of who leads the choir",
      CHOIR_OLDER,
      "We've a new conductor at choir now, a music teacher called Declan.",
      CHOIR_Q,
      { word: "choir", kind: "name", value: "declan" },
    ],
    [
      "another measure of the tax",
      TAX_OLDER,
      "Paid the tax for the flat today, £950 now after the new valuation.",
      TAX_Q,
      { word: "tax", kind: "measure:£", value: "£950" },
    ],
  ])("%s", (_name, older, newer, question, change) => {
    expect(askedThingSaidAgain(older, newer, question, sharedWordNet())).toMatchObject(change);
    expect(askedThingChange(older, newer, question)).toBeNull();
  });

  it.each<[string, string, string, string]>([
    ["no change said", BOOK_OLDER, "The book group loved Young Mungo.", BOOK_Q],
    ["an addition beside the older", BOOK_OLDER, "The group's on to Young Mungo now too.", BOOK_Q],
    ["a question", BOOK_OLDER, "Should the group move on to Young Mungo now?", BOOK_Q],
    ["a plan", BOOK_OLDER, "The group might go on to Young Mungo next month.", BOOK_Q],
    ["the asked thing not said", BOOK_OLDER, "We're on to Young Mungo now.", BOOK_Q],
    [
      "a value the question does not ask (a day for a what)",
      BOOK_OLDER,
      "The book group meets on Mondays now.",
      BOOK_Q,
    ],
    [
      "the asked noun as another thing's holder",
      CHOIR_OLDER,
      "The choir's new piano is a Yamaha now.",
      CHOIR_Q,
    ],
    ["the older's own value again", CHOIR_OLDER, "The choir is still led by Mr. Baird now.", CHOIR_Q],
    [
      "an older with no value of the asked kind",
      "I love the choir.",
      "The choir is led by Declan now.",
      CHOIR_Q,
    ],
    // below37's looser link read each of these (the asked noun said beside a new value, in a
    // change): the value is not said of the asked thing (`valueSaidOf`).
    [
      "the asked noun a modifier of another thing",
      "Car insurance renews in September. Currently with Admiral.",
      "They've started charging for the station car park, so I'm getting the tram now, from Meadowhall.",
      "Who's our car insured with?",
    ],
    [
      "the asked noun in a clause of cause",
      "Gaz's hourly rate is £45.",
      "Bumping the holiday pot up to £250 a month from now since Gaz's rates went up.",
      "What's Gaz's hourly rate?",
    ],
    [
      "the asked noun the place the clause happens in",
      "Amma uses a walking stick outside the house now, from Vissco.",
      "The CCTV guy came again, so now it is 4 cameras total at the house, from Hikvision.",
      "Who is the broadband provider at the house?",
    ],
    [
      "the new value in a next clause with a subject of its own",
      "Deliveries go out in our white Ford Transit.",
      "I've stopped the paper delivery and i read the Record on my phone now.",
      "What are we driving for deliveries?",
    ],
    [
      "an older whose value is not said of the asked thing",
      "I bank with Chase, mostly for the app.",
      "We migrated the app from MySQL to PostgreSQL now.",
      "Which app do I keep my notes in?",
    ],
    [
      "another kind of the asked thing",
      "Our budget for the kitchen renovation is £8,000.",
      "We had to raise the food budget to £110 a week now.",
      "What is our kitchen renovation budget?",
    ],
    [
      "a person noun, the doer of another change",
      "My doctor is Dr. Nguyen at the Family Health Center.",
      "The hip is worse so the doctor has me on Zapain now.",
      "Who is my own doctor?",
    ],
  ])("none: %s", (_name, older, newer, question) => {
    expect(askedThingSaidAgain(older, newer, question, sharedWordNet())).toBeNull();
  });
});

const REC_Q = "What are we reading at the book group?";
const REC_OLDER = "The library book group is reading Shuggie Bain this month and it is a hard read.";
const REC_NEWER = "We finished that book and the group's on to Young Mungo now, same author.";

describe("askedThingFirst: the newer the question found, on the asked thing, ranks above the older", () => {
  it("ranks the newer just above the older after sleep, and says why", async () => {
    const hits = await recalledBesideUnrelated(REC_OLDER, { text: REC_NEWER }, REC_Q);
    const newer = rankOf(hits, "Young Mungo");
    const older = rankOf(hits, "Shuggie");
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain("a newer statement the question found on the asked thing of");
  });

  it("lifts nothing said by another speaker", async () => {
    const hits = await recalledBesideUnrelated(REC_OLDER, { text: REC_NEWER, actor: "assistant" }, REC_Q);
    const newer = rankOf(hits, "Young Mungo");
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("the question found on the asked thing");
  });

  it("lifts nothing for a question that names a time", async () => {
    const hits = await recalledBesideUnrelated(
      REC_OLDER,
      { text: REC_NEWER },
      "What were we reading at the book group on 3 March 2020?",
    );
    for (const h of hits) expect(h.why.summary).not.toContain("the question found on the asked thing");
  });
});
