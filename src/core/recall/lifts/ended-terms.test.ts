import { beforeAll, describe, expect, it } from "vitest";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { openMemory } from "../../../open-memory.js";
import { loadTagger } from "../../judge/tagger.js";
import { contentTokens, queryTerms } from "../../text.js";
import { describingWords, endedTerm } from "./ended-terms.js";
import { movedToAnother } from "./unsaid-moves.js";

beforeAll(() => loadTagger());

describe("endedTerm: an update says a term of the older's state ran out, by a word that describes it", () => {
  it.each([
    [
      "Our electricity is with Octopus Energy on a fixed tariff.",
      "We moved over to EDF when the fixed deal ended.",
      "Who is our electricity supplier?",
      "fix",
      "end",
    ],
    [
      "Our mortgage is fixed at 2.1% until the spring.",
      "Now that the fix has ended and we're on 4.6%, should we be overpaying?",
      "What is our mortgage rate?",
      "fix",
      "end",
    ],
    [
      "My phone is on a two-year contract with Vodafone.",
      "The contract ran out in May, so I went SIM-only with Giffgaff.",
      "Which mobile network am I on?",
      "contract",
      "run out",
    ],
    [
      "We get our veg box from Riverford on their winter offer.",
      "The winter offer expired, so we're with Abel & Cole now.",
      "Who delivers our veg box?",
      "winter",
      "expire",
    ],
  ])("%s / %s → ends %s", (older, newer, question, word, how) => {
    expect(endedTerm(newer, describingWords(older, question))).toMatchObject({ word, how });
  });

  it.each([
    // The older's word only in a phrase of when: a term of the spring is no term of the mortgage.
    [
      "Our mortgage is fixed at 2.1% until the spring.",
      "The spring term ended last week.",
      "What is our mortgage rate?",
    ],
    // Not done: an ending to come, or one that may come.
    [
      "Our mortgage is fixed at 2.1% until the spring.",
      "Our fixed deal ends in March, what should we do?",
      "What is our mortgage rate?",
    ],
    [
      "Our mortgage is fixed at 2.1% until the spring.",
      "The fixed deal might expire soon.",
      "What is our mortgage rate?",
    ],
    // No word of the older describes what ended.
    [
      "Our electricity is with Octopus Energy on a fixed tariff.",
      "The match ended in a draw.",
      "Who is our electricity supplier?",
    ],
    // The speaker ends it, with an object: `retiredValue`'s reading, not a term running out.
    [
      "Our electricity is with Octopus Energy on a fixed tariff.",
      "We ended the fixed deal early and moved to EDF.",
      "Who is our electricity supplier?",
    ],
    // The older's word only in an aside, not its main clause: no term of its state.
    [
      "I see my therapist on Tuesday afternoons, it's the one fixed point in my week.",
      "We moved over to EDF when the fixed deal ended.",
      "When do I see my therapist?",
    ],
    // Only the question's word is shared: that word finds the older already and says nothing ended of it.
    [
      "Our electricity is with Octopus Energy on a fixed tariff.",
      "Our electricity deal ended last month.",
      "Who is our electricity supplier?",
    ],
  ])("%s / %s → null", (older, newer, question) => {
    expect(endedTerm(newer, describingWords(older, question))).toBeNull();
  });

  it("reads the older's describing words outside the question's and outside a phrase of when", () => {
    expect([
      ...describingWords("Our mortgage is fixed at 2.1% until the spring.", "What is our mortgage rate?"),
    ]).toEqual(["fix"]);
  });
});

describe("movedToAnother: another of the asked kind named after a move said without where to", () => {
  const lexicon = sharedWordNet();
  it.each([
    [
      "Could you recommend some day hikes within an hour of Edinburgh? I've only been here three weeks since the move.",
      "I live in Leeds, near the university, and I mostly cycle everywhere.",
      "Edinburgh",
    ],
    ["We've just moved house and the commute from Glasgow is long.", "We live in Manchester.", "Glasgow"],
    ["Since we moved, the kids love the parks in Bristol.", "We live in Leeds.", "Bristol"],
  ])("%s / %s → %s", (newer, older, name) => {
    expect(movedToAnother(newer, older, "city", lexicon)).toBe(name);
  });

  it.each([
    // A thing moved, not a home.
    ["We moved the party to Saturday, any ideas for Edinburgh?", "I live in Leeds."],
    // Another person's move.
    ["My sister has just moved house; she loves Edinburgh.", "I live in Leeds."],
    // A place of another kind: a shop is no city.
    ["Since the move I shop at Tesco.", "I live in Leeds."],
    // The move says where to: the residence frame's reading ("moved to Bristol").
    ["Since we moved to Bristol the kids love the parks.", "I live in Leeds."],
    // No move: a visit.
    ["We went to Edinburgh for the weekend.", "I live in Leeds."],
    // The older names no member of the kind: nothing for the newer to replace.
    [
      "Could you recommend hikes near Edinburgh? I've only been here since the move.",
      "I live near the university.",
    ],
  ])("%s / %s → null", (newer, older) => {
    expect(movedToAnother(newer, older, "city", lexicon)).toBeNull();
  });
});

describe("recall on a real store finds the newer statement the question's words miss", () => {
  const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };
  const filler = [
    "The plumber comes on Thursday to look at the boiler.",
    "I started reading a novel about lighthouse keepers.",
    "The garden fence needs painting before the summer.",
    "We booked the car in for its MOT on Friday.",
    "My sister moved the book club to Wednesdays.",
    "The kids' football season ended with a party at the club.",
  ];
  async function store(first: string, newer: string) {
    const mem = await openMemory({ path: ":memory:", clock });
    await mem.remember(first, { at: "2026-01-07" });
    for (const [i, text] of filler.entries()) await mem.remember(text, { at: `2026-02-${10 + i}` });
    await mem.remember(newer, { at: "2026-03-01" });
    return mem;
  }

  it.each([
    [
      "a term of its state ended",
      "Our electricity is with Octopus Energy on a fixed tariff.",
      "We moved over to EDF when the fixed deal ended.",
      "Who is our electricity supplier?",
      "EDF",
      "says a term of",
    ],
    [
      "another of the asked kind after a move",
      "I live in Leeds, near the university, and I mostly cycle everywhere.",
      "Could you recommend some day hikes within an hour of Edinburgh? I've only been here three weeks since the move.",
      "Which city do I live in?",
      "Edinburgh",
      "names another of the asked kind after a move",
    ],
  ])("%s: the newer ranks above the older and says why", async (_, first, newer, question, value, why) => {
    const mem = await store(first, newer);
    const hits = await mem.recall(question, { k: 5 });
    const at = hits.findIndex((h) => h.text.includes(value));
    const older = hits.findIndex((h) => h.text === first);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(older).toBeGreaterThan(at);
    expect(hits[at]!.why.summary).toContain(why);
    // Ranking only: the older is still active, nothing closed.
    expect(hits[older]!.status).toBe("active");
    await mem.close?.();
  });

  it("a measure: the newer turn that says the older's term ended links by a word many facts say", async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    await mem.remember("Our mortgage is fixed at 2.1% until the spring.", { at: "2026-01-07" });
    // "fix" in five more facts: too common to link two measures by itself (`newerMeasureFound`).
    const fixed = [
      "My therapist slot on Tuesdays is the one fixed point in my week.",
      "We fixed the garden fence before the storm.",
      "I fixed the puncture on my bike myself.",
      "The pub does a fixed menu on Sundays.",
      "Our cleaning rota is fixed on the fridge.",
    ];
    for (const [i, text] of [...filler, ...fixed].entries())
      await mem.remember(text, { at: `2026-02-${10 + i}` });
    await mem.record(
      "Now that the fix has ended and we're on 4.6%, should we be overpaying or saving first?",
      {
        type: "observation",
        at: "2026-03-01T10:00:00.000Z",
      },
    );
    const hits = await mem.recall("What is our mortgage rate?", { k: 5 });
    const at = hits.findIndex((h) => h.text.includes("4.6%"));
    const older = hits.findIndex((h) => h.text.includes("2.1%"));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(older).toBeGreaterThan(at);
    expect(hits[at]!.why.summary).toContain("percent: 2.1 → 4.6");
    await mem.close?.();
  });

  it("searches only the request's namespaces", async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    await mem.remember("Our electricity is with Octopus Energy on a fixed tariff.", {
      at: "2026-01-07",
      namespace: "home",
    });
    await mem.remember("We moved over to EDF when the fixed deal ended.", {
      at: "2026-03-01",
      namespace: "other",
    });
    const hits = await mem.recall("Who is our electricity supplier?", { k: 5, namespace: "home" });
    expect(hits.some((h) => h.text.includes("EDF"))).toBe(false);
    await mem.close?.();
  });
});

describe("recall reads the statements that may say a term ended once per recall, not a search per older", () => {
  const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };
  const olders = [
    "Our electricity is with Octopus Energy on a fixed tariff.",
    "Our gas is with British Gas on a capped tariff.",
    "Our broadband is with Sky on an introductory tariff.",
    "Our mortgage is fixed at 2.1% until the spring.",
  ];
  const filler = [
    "The plumber comes on Thursday to look at the boiler.",
    "My sister moved the book club to Wednesdays.",
    "The garden fence needs painting before the summer.",
  ];
  const questions = [
    "Who is our electricity supplier?",
    "Who supplies our gas?",
    "Who is our broadband provider?",
    "What is our mortgage rate?",
  ];
  /** A store of `olders`, the filler and `newer`, whose `searchBeliefText` calls are counted by their terms. */
  async function counted(newer: string[], everyOlder: boolean) {
    const mem = await openMemory({ path: ":memory:", clock });
    for (const [i, text] of olders.entries()) await mem.remember(text, { at: `2026-01-0${i + 1}` });
    for (const [i, text] of filler.entries()) await mem.remember(text, { at: `2026-02-1${i}` });
    for (const [i, text] of newer.entries()) await mem.remember(text, { at: `2026-03-0${i + 1}` });
    const searches: string[][] = [];
    const store = mem.store;
    const search = store.searchBeliefText.bind(store);
    store.searchBeliefText = async (terms, filter, limit) => {
      searches.push([...terms]);
      // More statements that say "ended" than recall reads at once: it searches per older, as before.
      if (everyOlder && terms.includes("expired"))
        return Array.from({ length: limit }, (_, i) => ({ id: `b${900 + i}`, score: 1 }));
      return search(terms, filter, limit);
    };
    return { mem, searches };
  }
  const recallAll = async (mem: Awaited<ReturnType<typeof openMemory>>) =>
    Promise.all(
      questions.map(async (q) =>
        (await mem.recall(q, { k: 10 })).map((h) => `${h.id} ${h.score} ${h.why.summary}`),
      ),
    );
  /** The searches by an older's describing words (missed-successors.ts): one per older, before. */
  const describingSearches = () =>
    new Set(
      olders.flatMap((older) =>
        questions.map((q) => {
          const describing = describingWords(older, q);
          return JSON.stringify(
            queryTerms(older).filter((t) => contentTokens(t).some((w) => describing.has(w))),
          );
        }),
      ),
    );
  const byDescribing = (searches: string[][]) =>
    searches.filter((t) => describingSearches().has(JSON.stringify(t))).length;

  it("gives the same hits, in the same order, with the same reasons, as a search per older", async () => {
    const newer = [
      "We moved over to EDF when the fixed deal ended.",
      "The introductory tariff expired, so we're with BT now.",
      "Now that the fix has ended and we're on 4.6%, should we be overpaying?",
    ];
    const once = await counted(newer, false);
    const each = await counted(newer, true);
    try {
      const [a, b] = [await recallAll(once.mem), await recallAll(each.mem)];
      expect(a).toEqual(b);
      expect(a.flat().some((h) => h.includes("says a term of"))).toBe(true);
    } finally {
      await once.mem.close?.();
      await each.mem.close?.();
    }
  });

  it("searches no older's describing words when no statement says a term ended", async () => {
    const once = await counted(["We moved over to EDF last month."], false);
    const each = await counted(["We moved over to EDF last month."], true);
    try {
      expect(await recallAll(once.mem)).toEqual(await recallAll(each.mem));
      // Per older before (the forced fallback shows it); none now, and one read of the endings per recall.
      expect(byDescribing(each.searches)).toBeGreaterThanOrEqual(2);
      expect(byDescribing(once.searches)).toBe(0);
      expect(once.searches.filter((t) => t.includes("expired")).length).toBeLessThanOrEqual(questions.length);
    } finally {
      await once.mem.close?.();
      await each.mem.close?.();
    }
  });
});
