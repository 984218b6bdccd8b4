import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, recalledBesideUnrelated } from "../../../../test/support/memory.js";
import { loadTagger } from "../../judge/tagger.js";
import { correctsEarlier, correctsOlder } from "./corrections.js";

beforeAll(async () => {
  await loadTagger();
});

describe("correctsEarlier: the speaker retracts what they said before", () => {
  it.each([
    "sorry i told you wrong last week, the boiler man is Gareth Pryce",
    "oops I said it wrong, the spare key is with the Okafors",
    "I gave you the wrong date, the recital is the 14th",
    "I was wrong about the vet, it's Dr Reis",
    "I had it wrong, the bins go out on Thursdays",
    "my mistake, the locker code is 4471",
    "Correction on what I told you: the meeting room is Falcon",
  ])("%s", (sentence) => {
    expect(correctsEarlier(sentence)).toBe(true);
  });

  it.each([
    ["another's error", "you told me wrong about the bus times"],
    ["a wrong thing done, not said", "I took the wrong bus this morning"],
    ["a question", "Did I tell you wrong about the vet?"],
    ["a hypothetical", "If I said it wrong, tell me"],
    ["something else went wrong", "what went wrong with the build"],
    ["no correction at all", "the boiler man is Gareth Pryce"],
  ])("%s: %s → false", (_why, sentence) => {
    expect(correctsEarlier(sentence)).toBe(false);
  });
});

const OLDER = "for the visa form my passport number country is listed as Ireland";
const QUESTION = "Which country issued my passport?";

describe("correctsOlder: a correction that says a rare word of the older's and another value of its kind", () => {
  it("reads the corrected name", () => {
    expect(
      correctsOlder(
        OLDER,
        "sorry i told you wrong, the visa form says Portugal, i mixed it up",
        QUESTION,
        new Set(["visa"]),
      ),
    ).toEqual({ word: "visa", kind: "name", value: "portugal" });
  });

  it.each([
    ["no correction said", "the visa form says Portugal now"],
    ["no rare word of the older's", "sorry i told you wrong, it says Portugal"],
    ["the older's value again", "sorry i told you wrong, the visa form does say Ireland"],
    ["a value of another kind", "sorry i told you wrong, the visa form is due on 3 May"],
  ])("%s → null", (_why, newer) => {
    expect(correctsOlder(OLDER, newer, QUESTION, new Set(["visa"]))).toBeNull();
  });

  it('links by no verb: a correction says "told" as the older\'s act does', () => {
    expect(
      correctsOlder(
        "Gran keeps on about a cottage at Loch Fad but I told her we're keeping the flat",
        "sorry i told you wrong, the card says Arran",
        "Where is our cottage?",
        new Set(["told"]),
      ),
    ).toBeNull();
  });
});

const NEWER = "sorry i told you wrong the other day, the visa form says Portugal, i mixed up the two";

describe("correctionFound: recall after sleep", () => {
  it("ranks the correction just above the statement it corrects, and says why", async () => {
    const hits = await recalledBesideUnrelated(OLDER, { text: NEWER }, QUESTION);
    const newer = rankOf(hits, "Portugal");
    const older = rankOf(hits, "Ireland");
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain("corrects it by");
  });

  it("lifts no correction said by another speaker", async () => {
    const hits = await recalledBesideUnrelated(OLDER, { text: NEWER, actor: "assistant" }, QUESTION);
    const newer = rankOf(hits, "Portugal");
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("corrects it by");
  });
});
