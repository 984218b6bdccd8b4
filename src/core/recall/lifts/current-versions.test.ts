import { afterEach, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import type { Memory } from "../../engine.js";
import type { RecallHit } from "../../model.js";

/**
 * `currentVersions` (recall/lifts/current-versions.ts): a superseded belief that answers a current-state question brings
 * its current successor, listed at the older's rank, once; the older stays out.
 */
let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

const DAY = 86_400_000;
const at = (day: number) => new Date(Date.parse("2027-01-01") + day * DAY).toISOString();
const brought = (hits: RecallHit[]) => hits.filter((h) => h.why.summary.includes("current version of"));
const beliefOf = async (m: Memory, text: string) =>
  (await m.list({ limit: 100, status: "any" })).find((b) => "text" in b && b.text === text) as
    | { id: string; status: string; supersededBy?: string | null }
    | undefined;

// "…instead of the food bank": with only "on Saturdays … instead" in common, the lexical judge defers
// the pair (a shared time or cue names no attribute), so nothing would be superseded to follow.
describe("currentVersions: a superseded match brings its current successor", () => {
  it.each([
    [
      "I volunteer at the food bank on Saturdays.",
      "These days I help out at the animal shelter on Saturdays instead of the food bank.",
      "Where do I volunteer?",
    ],
    // (AeroPress → "I bought a Chemex last week and I brew with it every morning now." was a row: its
    // only link was "every morning", a word of when, which links nothing since `isWhenWord` reads
    // stems; the turn it came from now links by its neighbour's topic, referents.test.ts.)
  ])(
    "%s → %s, asked %s: the successor is listed first, the older not at all",
    async (older, newer, question) => {
      mem = await sleptChat([
        { text: older, day: 0 },
        { text: newer, day: 20 },
      ]);
      // The premise: sleep superseded the older (the judge's verdict, not this step's).
      const old = await beliefOf(mem, older);
      expect(old?.status).toBe("archived");
      const hits = await mem.recall(question, { k: 5 });
      expect(hits[0]?.text).toBe(newer);
      expect(hits[0]?.why.summary).toContain(`current version of [${old!.id}]`);
      expect(hits.some((h) => h.text === older)).toBe(false);
      expect(brought(hits)).toHaveLength(1);
    },
  );

  it("is off for a question about the past, and `at` lists the older as it was", async () => {
    mem = await sleptChat([
      { text: "I volunteer at the food bank on Saturdays.", day: 0 },
      { text: "These days I help out at the animal shelter on Saturdays instead of the food bank.", day: 20 },
    ]);
    expect(brought(await mem.recall("Where do I volunteer?", { k: 5 }))).toHaveLength(1);
    expect(brought(await mem.recall("Where did I volunteer last year?", { k: 5 }))).toHaveLength(0);
    const then = await mem.recall("Where do I volunteer?", { k: 5, at: at(5) });
    expect(brought(then)).toHaveLength(0);
    expect(then.some((h) => h.text.includes("food bank"))).toBe(true);
  });

  it("is off when the question asks no person's state, or another person's", async () => {
    mem = await sleptChat([
      { text: "I volunteer at the food bank on Saturdays.", day: 0 },
      { text: "These days I help out at the animal shelter on Saturdays instead of the food bank.", day: 20 },
    ]);
    expect(brought(await mem.recall("Where do I volunteer?", { k: 5 }))).toHaveLength(1);
    expect(brought(await mem.recall("food bank", { k: 5 }))).toHaveLength(0);
    expect(brought(await mem.recall("Where does Dana volunteer?", { k: 5 }))).toHaveLength(0);
  });

  it("a wrong supersession does not put an unrelated successor beside a newer answer", async () => {
    mem = await sleptChat([
      { text: "I park in the garage on Birch Street, it's $12 a day.", day: 0 },
      { text: "Since the garage closed I've been parking at the lot on Fifth Avenue.", day: 20 },
      { text: "I do kickboxing on Thursday evenings.", day: 40 },
    ]);
    const older = await beliefOf(mem, "I park in the garage on Birch Street, it's $12 a day.");
    const unrelated = await beliefOf(mem, "I do kickboxing on Thursday evenings.");
    const answer = await beliefOf(
      mem,
      "Since the garage closed I've been parking at the lot on Fifth Avenue.",
    );
    expect(answer?.status).toBe("active");
    // An agent's wrong verdict: the kickboxing statement replaces the parking one.
    if (older?.status === "active")
      await mem.judge([{ a: older.id, b: unrelated!.id, verdict: "supersede" }]);
    expect((await beliefOf(mem, "I park in the garage on Birch Street, it's $12 a day."))?.status).toBe(
      "archived",
    );
    const hits = await mem.recall("Where do I park?", { k: 5 });
    expect(hits[0]?.text).toContain("Fifth Avenue");
    expect(brought(hits)).toHaveLength(0);
  });

  it("a successor that ends the older's value by name is listed beside a newer answer", async () => {
    mem = await sleptChat([
      { text: "We drive a Subaru Outback, it handles the snow really well.", day: 0 },
      { text: "I drive a Mercedes C-Class to the office, it was my dad's.", day: 10 },
      {
        text: "We traded in the Subaru for a Kia EV6 last month, charging is easier than I feared.",
        day: 20,
      },
    ]);
    // The agent closes the Subaru by its update (the lexical judge defers the pair:
    // `unsure:value-retired`).
    const older = await beliefOf(mem, "We drive a Subaru Outback, it handles the snow really well.");
    const update = await beliefOf(
      mem,
      "We traded in the Subaru for a Kia EV6 last month, charging is easier than I feared.",
    );
    if (older?.status === "active") await mem.judge([{ a: older.id, b: update!.id, verdict: "supersede" }]);
    expect((await beliefOf(mem, "We drive a Subaru Outback, it handles the snow really well."))?.status).toBe(
      "archived",
    );
    const hits = await mem.recall("What car do we drive?", { k: 5 });
    // The Mercedes answers the slot too, newer than the Subaru; the Kia is the Subaru's own update.
    expect(hits.some((h) => h.text.includes("Mercedes"))).toBe(true);
    expect(brought(hits).map((h) => h.text)).toEqual([
      "We traded in the Subaru for a Kia EV6 last month, charging is easier than I feared.",
    ]);
  });

  it("without a newer answer the successor is listed; a second hop that leaves the asked slot is not followed", async () => {
    mem = await sleptChat([
      { text: "I park in the garage on Birch Street, it's $12 a day.", day: 0 },
      { text: "I leave the car at the station lot these days.", day: 20 },
      { text: "I do kickboxing on Thursday evenings.", day: 40 },
    ]);
    const older = (await beliefOf(mem, "I park in the garage on Birch Street, it's $12 a day."))!;
    const next = (await beliefOf(mem, "I leave the car at the station lot these days."))!;
    const unrelated = (await beliefOf(mem, "I do kickboxing on Thursday evenings."))!;
    if (older.status === "active") await mem.judge([{ a: older.id, b: next.id, verdict: "supersede" }]);
    let hits = await mem.recall("Where do I park?", { k: 5 });
    expect(hits[0]?.text).toBe("I leave the car at the station lot these days.");
    expect(brought(hits)).toHaveLength(1);
    // The successor is replaced in turn by a statement about another thing: nothing is brought.
    await mem.judge([{ a: next.id, b: unrelated.id, verdict: "supersede" }]);
    hits = await mem.recall("Where do I park?", { k: 5 });
    expect(hits.some((h) => h.text.includes("kickboxing"))).toBe(false);
    expect(brought(hits)).toHaveLength(0);
  });

  it("never crosses a namespace", async () => {
    mem = await sleptChat([
      { text: "I volunteer at the food bank on Saturdays.", day: 0 },
      { text: "These days I help out at the animal shelter on Saturdays instead of the food bank.", day: 20 },
    ]);
    expect(brought(await mem.recall("Where do I volunteer?", { k: 5 }))).toHaveLength(1);
    const hits = await mem.recall("Where do I volunteer?", { k: 5, namespace: "other" } as never);
    expect(hits).toHaveLength(0);
  });
});

/**
 * The closed pair reaches what the open pair's links reach: an older that names the doer a "who"
 * question asks for (`withDoers`), and an older whose successor says its change by a rare name of
 * the older's (`changedByName`), with or without a slot read from the question.
 */
describe("currentVersions: the links of an open pair, read of a closed one", () => {
  const filler = [
    "We looked at a house in Didsbury at the weekend but it fell through.",
    "Our house has a damp patch under the stairs.",
    "I keep the house plants on the kitchen windowsill.",
    "The clean-up after the party took all Sunday.",
    "The kids watch cartoons after school most days.",
    "I pay the council tax by direct debit.",
  ];
  /** The chat slept, then the agent closes `older` by `newer` where sleep's judge left the pair open. */
  const closedBy = async (older: string, newer: string) => {
    mem = await sleptChat([
      { text: older, day: 0 },
      ...filler.map((text, i) => ({ text, day: 5 + i })),
      { text: newer, day: 20 },
    ]);
    const a = await beliefOf(mem, older);
    const b = await beliefOf(mem, newer);
    if (a?.status === "active") await mem.judge([{ a: a.id, b: b!.id, verdict: "supersede" }]);
    expect((await beliefOf(mem, older))?.status).toBe("archived");
    return mem;
  };

  it.each([
    // The doer's noun fills the asked slot: "cleaner" for "Who cleans…?" (no name links the pair).
    [
      "Our cleaner Agnieszka comes every other week.",
      "Beata does the whole house on Fridays now.",
      "Who cleans our house?",
    ],
    // A rare name of the older's in a change that ends it, with a name of its own.
    [
      "Our cleaner Agnieszka comes every other week.",
      "Agnieszka retired, so her cousin Beata comes now, same days.",
      "Who cleans our house?",
    ],
    // The same link for a question no slot is read from (`askedSlot` null).
    [
      "We pay for Netflix, mostly for the kids' shows.",
      "We cancelled Netflix and signed up for Disney+ instead since that's all the kids watch.",
      "Which streaming service do we pay for?",
    ],
  ])("%s → %s, asked %s: the successor is listed", async (older, newer, question) => {
    await closedBy(older, newer);
    const hits = await mem!.recall(question, { k: 5 });
    expect(brought(hits).map((h) => h.text)).toEqual([newer]);
    expect(hits.some((h) => h.text === older)).toBe(false);
  });

  it.each([
    ["which professional association am I member of"],
    // Not a question: no slot, no person's state asked.
    ["translators association membership"],
  ])("%j, no slot read, reaches the successor by the older's rare name", async (query) => {
    const newer =
      "I left APT and joined the ATA, the American one, more clients from the US look at their directory";
    await closedBy("I am member of APT, the Portuguese translators association", newer);
    const hits = await mem!.recall(query, { k: 5 });
    expect(hits.some((h) => h.text === newer)).toBe(true);
  });

  it("a successor that changes the asked slot is listed; an unrelated one after it is not", async () => {
    mem = await sleptChat([
      { text: "I commute to work by train, it takes about 50 minutes.", day: 0 },
      { text: "I work from home now.", day: 10 },
      {
        text: "I bike to work now instead of taking the train, it's faster and I get some exercise.",
        day: 20,
      },
      { text: "I go to the gym before work on Tuesdays.", day: 30 },
    ]);
    const older = (await beliefOf(mem, "I commute to work by train, it takes about 50 minutes."))!;
    const update = (await beliefOf(
      mem,
      "I bike to work now instead of taking the train, it's faster and I get some exercise.",
    ))!;
    const unrelated = (await beliefOf(mem, "I go to the gym before work on Tuesdays."))!;
    if (older.status === "active") await mem.judge([{ a: older.id, b: update.id, verdict: "supersede" }]);
    const hits = await mem.recall("How do I get to work?", { k: 5 });
    // "I work from home now" answers the slot too, newer than the older; the bike is the older's own update.
    expect(hits.some((h) => h.text.includes("work from home"))).toBe(true);
    expect(brought(hits).map((h) => h.text)).toEqual([
      "I bike to work now instead of taking the train, it's faster and I get some exercise.",
    ]);
    // An unrelated successor of the same older is not: the slot link reads no change of it.
    await mem.judge([{ a: update.id, b: unrelated.id, verdict: "supersede" }]);
    expect(brought(await mem.recall("How do I get to work?", { k: 5 }))).toHaveLength(0);
  });

  it.each([
    // The name said again, but in no change that ends anything: the agent's verdict alone.
    [
      "We pay for Netflix, mostly for the kids' shows.",
      "Netflix put the price up again, the kids don't care.",
      "Which streaming service do we pay for?",
    ],
    // A past question asks no current version.
    [
      "Our cleaner Agnieszka comes every other week.",
      "Beata does the whole house on Fridays now.",
      "Who cleaned our house last year?",
    ],
    // A question that asks another doer: the older names no doer of "walks".
    [
      "Our cleaner Agnieszka comes every other week.",
      "Beata does the whole house on Fridays now.",
      "Who walks our dog?",
    ],
  ])("%s → %s, asked %s: nothing is brought", async (older, newer, question) => {
    await closedBy(older, newer);
    expect(brought(await mem!.recall(question, { k: 5 }))).toHaveLength(0);
  });
});

/**
 * The hand-off by the asked phrase (`ASKED_PHRASE_RULE`, `namesAskedPhrase`): an older that names the
 * phrase the question asks by a word of it — a modifier said as a noun ("my plan" for "my planned
 * trip") — where no slot of its fills the question's, hands its rank to the statement that closed it.
 */
describe("currentVersions: an older that names the asked phrase hands its rank to its closer", () => {
  const older = "My plan is ten days in Lisbon.";
  const closer = "We changed everything, it's two weeks in Porto now.";
  const closed = async (first: string) => {
    mem = await sleptChat([
      { text: first, day: 0 },
      { text: "The kitchen tap is dripping again.", day: 5 },
      { text: closer, day: 20 },
    ]);
    const a = await beliefOf(mem, first);
    const b = await beliefOf(mem, closer);
    if (a?.status === "active") await mem.judge([{ a: a.id, b: b!.id, verdict: "supersede" }]);
    expect((await beliefOf(mem, first))?.status).toBe("archived");
    return mem;
  };

  it("the closer is listed at the older's rank, its why naming the older as history", async () => {
    await closed(older);
    const old = await beliefOf(mem!, older);
    const hits = await mem!.recall("How long is my planned trip?", { k: 5 });
    expect(hits[0]?.text).toBe(closer);
    expect(hits[0]?.why.summary).toContain(
      `current version of [${old!.id}] ("${older}"), which would rank #1 for the question by the phrase it asks`,
    );
    expect(hits.some((h) => h.text === older)).toBe(false);
  });

  it.each([
    // The question asks another phrase: the older's "plan" names nothing of "my flight".
    [older, "How long is my flight?"],
    // Another person's plan, asked as the speaker's.
    ["Dana's plan is ten days in Lisbon.", "How long is my planned trip?"],
  ])("%s, asked %s: nothing is handed", async (first, question) => {
    await closed(first);
    expect(brought(await mem!.recall(question, { k: 5 }))).toHaveLength(0);
  });
});

describe("missedSuccessors: the name link reaches through a statement sleep closed in its turn", () => {
  const walker = "Our dog walker is Ellie, she takes Biscuit out at lunchtime.";
  const middle = "Ellie's gone back to uni, so Jamal from down the road walks Biscuit now.";
  /** The chat slept, the middle closed by `last` (the agent's verdict where sleep's judge left it open), Ellie's statement open. */
  const chain = async (last: string) => {
    mem = await sleptChat([
      { text: walker, day: 0 },
      { text: "Biscuit needs a new lead, the old one is chewed.", day: 5 },
      { text: middle, day: 20 },
      { text: last, day: 40 },
    ]);
    const a = await beliefOf(mem, walker);
    const b = await beliefOf(mem, middle);
    const c = await beliefOf(mem, last);
    if (a?.status !== "active") await mem.restore(a!.id);
    if (b?.status === "active") await mem.judge([{ a: b.id, b: c!.id, verdict: "supersede" }]);
    expect((await beliefOf(mem, walker))?.status).toBe("active");
    expect((await beliefOf(mem, middle))?.status).toBe("archived");
    return mem;
  };

  it("the middle's current version, linked on by a rare name of the middle's, ranks above the older", async () => {
    const last = "Biscuit goes to Waggy Tails daycare on weekdays now, Jamal moved away.";
    await chain(last);
    const hits = await mem!.recall("Who looks after our dog during the day?", { k: 10 });
    const newer = hits.findIndex((h) => h.text === last);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(hits.findIndex((h) => h.text === walker));
    expect(hits[newer]?.why.summary).toMatch(/which it superseded/);
  });

  it("a middle closed by another thing lifts nothing over the older", async () => {
    const last = "I do kickboxing on Thursday evenings.";
    await chain(last);
    const hits = await mem!.recall("Who looks after our dog during the day?", { k: 10 });
    const lifted = hits.find((h) => h.text === last);
    expect(lifted === undefined || !/which it superseded/.test(lifted.why.summary)).toBe(true);
  });
});
