import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";
import { loadTagger } from "./judge/tagger.js";
import { namesThingNow, nextPart, nounForms, thingsOf } from "./shared-things.js";

beforeAll(() => loadTagger());

describe("thingsOf: the common nouns a statement names besides the asked ones", () => {
  it.each([
    ["I bank with Barclays, I've had the account since uni.", ["bank"], ["account", "uni"]],
    ["Our car insurance is with Aviva, it renews in March.", ["car"], ["insurance"]],
    ["I feed the cat Whiskas pouches twice a day.", ["cat"], ["pouches", "day"]],
  ])("%s (asked %j) → %j", (statement, asked, things) => {
    expect(thingsOf(statement, new Set(asked))).toEqual(things);
  });

  it("lists the index's forms of a noun, singular and plural", () => {
    expect(nounForms("account")).toEqual(["account", "accounts"]);
    expect(nounForms("pouches")).toEqual(["pouches", "pouche"]);
  });
});

describe("namesThingNow: the speaker gives the older's thing a name of its own, said as now", () => {
  const older = "I bank with Barclays, I've had the account since uni.";
  it.each([
    ["My salary goes into a Monzo account now, the app is so much nicer.", "account", "Monzo"],
    ["These days my pay lands in a Starling account instead.", "account", "Starling"],
    ["I switched my savings to a Marcus account last month.", "account", "Marcus"],
  ])("%s (%s) → %s", (statement, thing, name) => {
    expect(namesThingNow(statement, thing, older)).toBe(name);
  });

  it.each([
    // A state now, but no name types the thing.
    ["My salary goes into a joint account now.", "account"],
    // A name, but not the thing's: it types another noun.
    ["I'm on a Monzo card now and the account is the same.", "account"],
    // The older's own name: a restatement, not another value.
    ["My salary still goes into the Barclays account now.", "account"],
    // No state that holds now or changed: a plan, a question, a past mention.
    ["I might open a Monzo account next year.", "account"],
    ["Should I open a Monzo account?", "account"],
    // Not the speaker's words.
    ["Her salary goes into a Monzo account now.", "account"],
  ])("%s (%s) → null", (statement, thing) => {
    expect(namesThingNow(statement, thing, older)).toBeNull();
  });
});

describe("recall: an update that names the older's thing ranks above it (no shared word with the question)", () => {
  let mem: Memory;
  afterEach(() => mem?.close());

  it.each([
    [
      "I bank with Barclays, I've had the account since uni.",
      "My salary goes into a Monzo account now, the app is so much nicer.",
      "Who do I bank with?",
      "account",
    ],
    [
      "I fly with Lufthansa, I collect the miles on my card.",
      "All my miles go on a BA card now since the airport moved.",
      "Which airline do I fly with?",
      "card",
    ],
  ])("%s, then %s: %s lists the newer first", async (first, update, question, thing) => {
    mem = await sleptChat([
      { text: first, day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall(question, { k: 5 });
    expect(hits[0]?.text).toBe(update);
    expect(hits[0]?.why.summary).toContain(`gives its "${thing}" a name of its own`);
    expect(hits.findIndex((h) => h.text === first)).toBeGreaterThan(0);
  });

  it.each([
    // Another person's account.
    "My sister switched to a Monzo account now.",
    // No name: the thing is mentioned, no value given.
    "My salary goes into a joint account now.",
  ])("not for %s", async (update) => {
    mem = await sleptChat([
      { text: "I bank with Barclays, I've had the account since uni.", day: 0 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall("Who do I bank with?", { k: 5 });
    expect(hits[0]?.text).toBe("I bank with Barclays, I've had the account since uni.");
    expect(hits.some((h) => h.why.summary.includes("a name of its own"))).toBe(false);
  });
});

describe("nextPart: the sentence a turn says right after a part", () => {
  const turn =
    "My coworker Dana switched to intermittent fasting, so she skips lunch now. Honestly I've been getting burritos from the cart downstairs for the past few weeks. Is that terrible for me?";
  const parts = [
    { id: "b1", text: "My coworker Dana switched to intermittent fasting, so she skips lunch now." },
    {
      id: "b2",
      text: "Honestly I've been getting burritos from the cart downstairs for the past few weeks.",
    },
  ];
  it("finds the part right after", () => {
    expect(nextPart(turn, parts[0]!.text, parts)).toBe("b2");
  });
  it("not the part before, nor a part that does not follow at once", () => {
    expect(nextPart(turn, parts[1]!.text, parts)).toBeNull();
    expect(nextPart(`${parts[0]!.text} Anyway. ${parts[1]!.text}`, parts[0]!.text, parts)).toBeNull();
  });
});

describe("recall: the speaker's own state said right after another person's, in one turn, ranks above the older", () => {
  let mem: Memory;
  afterEach(() => mem?.close());
  const older = "I usually bring a salad for lunch.";

  it("lists the speaker's sentence first", async () => {
    const update =
      "My coworker Dana switched to intermittent fasting, so she skips lunch now. Honestly I've been getting burritos from the cart downstairs for the past few weeks. Is that terrible for me?";
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall("What do I usually have for lunch?", { k: 5 });
    expect(hits[0]?.text).toBe(
      "Honestly I've been getting burritos from the cart downstairs for the past few weeks.",
    );
    expect(hits[0]?.why.summary).toContain("in one turn");
    expect(hits.findIndex((h) => h.text === older)).toBeGreaterThan(0);
  });

  it.each([
    // The speaker's sentence comes first: it follows nothing of another person's.
    "Honestly I've been getting burritos from the cart downstairs for the past few weeks. My coworker Dana switched to intermittent fasting, so she skips lunch now.",
    // The sentence after says no state that holds now or changed.
    "My coworker Dana switched to intermittent fasting, so she skips lunch now. I think that sounds hard.",
  ])("not for %s", async (update) => {
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall("What do I usually have for lunch?", { k: 5 });
    expect(hits[0]?.text).toBe(older);
    expect(hits.some((h) => h.why.summary.includes("in one turn"))).toBe(false);
  });
});
