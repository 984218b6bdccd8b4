import { afterEach, describe, expect, it } from "vitest";
import { sleptChat } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import type { Belief, Episode } from "../model.js";
import { SLEEP_RECORD_KEY } from "../sleep-record.js";
import { aboutRecord, lentByTurn } from "./about-words.js";

describe("lentByTurn: the sentences of its turn a part is read with", () => {
  it.each([
    // ONLY_ASKS_BESIDE: the turn says one thing and asks about it
    [
      "Signed up with Octopus last month.",
      "Signed up with Octopus last month. Do I need to tell the old supplier or does it just end?",
      "only-asks-beside",
      ["Do I need to tell the old supplier or does it just end?"],
    ],
    [
      "We meet at 10:15 now.",
      "We meet at 10:15 now. How do I keep the standup under fifteen minutes?",
      "only-asks-beside",
      ["How do I keep the standup under fifteen minutes?"],
    ],
    // several questions, all about the one thing said
    [
      "The boiler is a Worcester combi.",
      "The boiler is a Worcester combi. Is a yearly service worth it? Who should I call?",
      "only-asks-beside",
      ["Is a yearly service worth it?", "Who should I call?"],
    ],
    // ASKS_OF_ITS_THING: another statement beside it; the question names the part's own word
    [
      "I moved to Leeds.",
      "I moved to Leeds. My sister still lives in York. Is Leeds pricey for renting?",
      "asks-of-its-thing",
      ["Is Leeds pricey for renting?"],
    ],
  ])("%s in %s → %s", (part, turn, rule, sentences) => {
    expect(lentByTurn(part, turn)).toEqual({ sentences, rule });
  });

  it.each([
    // another statement of the turn is never lent: "York" is not the Leeds statement's
    ["I moved to Leeds.", "I moved to Leeds. My sister still lives in York."],
    // nor the other way round
    ["My sister still lives in York.", "I moved to Leeds. My sister still lives in York."],
    // a question about the other statement's thing
    [
      "My sister still lives in York.",
      "I moved to Leeds. My sister still lives in York. Is Leeds pricey for renting?",
    ],
    // a question naming a word both statements say is lent to neither
    [
      "I moved to Leeds for work.",
      "I moved to Leeds for work. My sister works in York too. Is work easy to find?",
    ],
    // beside another statement, a question that names nothing of the part's
    [
      "We meet at 10:15 now.",
      "We meet at 10:15 now. The standup notes live in Confluence. Any tips for keeping it short?",
    ],
    // an exclamation is no question: the turn says two things
    ["We run Postgres 16 now.", "We run Postgres 16 now. Thanks for the help earlier!"],
    // the part is the whole turn
    ["I moved to Leeds.", "I moved to Leeds."],
  ])("%s in %s → nothing", (part, turn) => {
    expect(lentByTurn(part, turn)).toEqual({ sentences: [], rule: null });
  });
});

describe("aboutRecord: what a statement is about", () => {
  const turn = (content: string): Episode =>
    ({ id: "e1", content, namespace: "default", at: "2027-01-01T00:00:00.000Z" }) as Episode;
  const belief = (text: string, metadata: Record<string, unknown> = {}): Belief =>
    ({ id: "b1", kind: "fact", text, sources: ["e1"], metadata }) as unknown as Belief;

  it("a part of a turn that only asks beside it: its words and the question; the whole turn is about it", () => {
    const t = turn("We meet at 10:15 now. How do I keep the standup under fifteen minutes?");
    const about = aboutRecord("We meet at 10:15 now.", belief("We meet at 10:15 now."), new Map([["e1", t]]));
    expect(about.text).toBe("We meet at 10:15 now. How do I keep the standup under fifteen minutes?");
    expect(about.wholeTurn).toBe(true);
    expect(about.turn).toBe("e1");
  });

  it("a part beside another statement lends nothing of it, and its turn is not all about it", () => {
    const t = turn("I moved to Leeds. My sister still lives in York.");
    const about = aboutRecord("I moved to Leeds.", belief("I moved to Leeds."), new Map([["e1", t]]));
    expect(about.text).toBe("I moved to Leeds.");
    expect(about.wholeTurn).toBe(false);
  });

  it("reads the neighbour topic sleep recorded (`referents`), as the lifts' matching text does", () => {
    const t = turn("Lent started, so black coffee only. I brew with a Chemex now.");
    const b = belief("I brew with a Chemex now.", {
      [SLEEP_RECORD_KEY]: { referents: [{ topic: "coffee" }] },
    });
    expect(aboutRecord(b.text, b, new Map([["e1", t]])).text).toBe("I brew with a Chemex now (coffee).");
  });

  it("a belief whose turn is not read, and a turn itself, are their own text", () => {
    const b = belief("We meet at 10:15 now.");
    expect(aboutRecord(b.text, b, new Map())).toMatchObject({
      text: "We meet at 10:15 now.",
      wholeTurn: false,
    });
    const t = turn("We meet at 10:15 now. How do I keep it short?");
    expect(aboutRecord(t.content, t, new Map())).toMatchObject({ text: t.content, wholeTurn: true });
  });
});

describe("recall: a part of a turn that asks is read with the question its turn asks of it", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  const older = "Our daily standup is at 9:30 in the small room.";
  const question = "What time is our standup?";

  it("the measure lift ranks the part above the older: the turn's question names the asked standup", async () => {
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: "Any quick ideas for a rainy Sunday with two kids?", day: 3 },
      { text: "We meet at 10:15 now. How do I keep the standup under fifteen minutes?", day: 20 },
    ]);
    const hits = await mem.recall(question, { k: 10 });
    // The part is a belief of its own; it says no "standup".
    expect(hits[0]?.layer).toBe("belief");
    expect(hits[0]?.text).toBe("We meet at 10:15 now.");
    expect(hits[0]?.why.summary).toMatch(
      /another measure of what the question asks \(time of day: 9:30 → 10:15\)/,
    );
    expect(hits.findIndex((h) => h.text === older)).toBeGreaterThan(0);
  });

  it("a statement beside the part in its turn is never lent to it: the older stays first", async () => {
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: "Any quick ideas for a rainy Sunday with two kids?", day: 3 },
      {
        text: "We meet at 10:15 now. The standup notes live in Confluence. Any tips for keeping it short?",
        day: 20,
      },
    ]);
    const hits = await mem.recall(question, { k: 10 });
    // The part ("We meet at 10:15 now.") is never lent the statement beside it: it ranks below the older.
    const part = hits.findIndex((h) => h.text === "We meet at 10:15 now.");
    const olderAt = hits.findIndex((h) => h.text === older);
    expect(olderAt).toBeGreaterThanOrEqual(0);
    expect(part === -1 || part > olderAt).toBe(true);
    expect(hits.some((h) => h.text === "We meet at 10:15 now." && /newer than/.test(h.why.summary))).toBe(
      false,
    );
    // Sleep dropped "The standup notes live in Confluence." with the question: no belief kept the
    // name, so the turn stays recallable as itself (kept-content.ts), and in its own words it says
    // both "standup" and "10:15": the measure lift reads the whole turn as the newer (cover30: this
    // row's first hit moved from the older to the turn).
    expect(hits[0]?.layer).toBe("episode");
    expect(hits[0]?.text).toContain("Confluence");
  });

  it("a turn in another namespace lends nothing and is never listed", async () => {
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: "Any quick ideas for a rainy Sunday with two kids?", day: 3 },
    ]);
    await mem.record("We meet at 10:15 now. How do I keep the standup under fifteen minutes?", {
      at: "2027-01-03T00:00:00.000Z",
      namespace: "other",
    });
    await mem.consolidate({ namespace: "other" });
    const hits = await mem.recall(question, { k: 10 });
    expect(hits[0]?.text).toBe(older);
    expect(hits.some((h) => h.text.includes("10:15"))).toBe(false);
  });
});
