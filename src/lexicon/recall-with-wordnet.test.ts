import { describe, expect, it } from "vitest";
import type { Memory } from "../core/engine.js";
import { loadTagger } from "../core/judge/tagger.js";
import { fillsAsKind } from "../core/recall/lifts/newest-kind.js";
import { askedSlot, practitionersOf, speakerIs } from "../core/state-slots.js";
import { openMemory } from "../open-memory.js";
import { sharedWordNet } from "./wordnet.js";

const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };

/** One user's facts about music, the change said only in a kind of it ("jazz"), and a noun that is not one. */
async function musicMemory(lexicon?: null): Promise<Memory> {
  const mem = await openMemory({ path: ":memory:", clock, ...(lexicon === null ? { lexicon } : {}) });
  await mem.remember("We moved our daughter to Riverside Academy for the music program.", {
    at: "2026-01-02",
  });
  await mem.remember("I'm really into jazz lately, mostly Coltrane.", { at: "2026-01-10" });
  await mem.remember("Our favourite spot is a taco place called El Farolito.", { at: "2026-03-01" });
  await mem.remember("Funny, I'm not into jazz these days, I mostly listen to synthwave.", {
    at: "2026-02-01",
  });
  return mem;
}

describe("recall with WordNet: a current-state question is answered in a kind of its noun", () => {
  it("lists the newest statement of the asked slot said in a kind of the asked noun, and says why", async () => {
    const mem = await musicMemory();
    const hits = await mem.recall("What music am I into?", { k: 5 });
    const texts = hits.map((h) => h.text);
    const newest = texts.findIndex((t) => t.includes("synthwave"));
    expect(newest).toBeGreaterThanOrEqual(0);
    const older = texts.findIndex((t) => t.includes("Coltrane"));
    if (older >= 0) expect(newest).toBeLessThan(older);
    expect(hits[newest]!.why.summary).toContain('in a kind of its noun ("jazz")');
    // "spot" is a kind of music only in a rare sense: never listed for it.
    expect(hits.filter((h) => h.why.summary.includes("in a kind of its noun"))).toHaveLength(1);
    await mem.close?.();
  });

  it("finds the newest such statement among many that name a kind of the noun in passing", async () => {
    const mem = await musicMemory();
    // WordNet's rare senses make common words kinds of music ("section", "article", "episode"):
    // facts naming one each, once, rank above the update in the text search of the kinds.
    const passing = [
      "Section 4 is done.",
      "The article ran on Monday.",
      "The episode aired late.",
      "The clause was struck.",
      "The passage is blocked.",
      "The exposition opens in June.",
      "The preparation took hours.",
      "The resolution passed.",
      "The introduction was dull.",
      "The conclusion was obvious.",
      "The narration was slow.",
      "The development stalled.",
      "The arrangement suits everyone.",
      "The composition of the board changed.",
      "The movement grew fast.",
      "The study got funded.",
      "The suite was booked.",
      "The idea stuck.",
      "The signature is missing.",
      "The strain showed.",
      "The opus shipped.",
      "The insert fell out.",
      "The subdivision was approved.",
      "The genre sells.",
    ];
    for (const text of passing) await mem.remember(text, { at: "2026-01-05" });
    const hits = await mem.recall("What music am I into?", { k: 5 });
    const listed = hits.filter((h) => h.why.summary.includes("in a kind of its noun"));
    expect(listed.map((h) => h.text)).toEqual([expect.stringContaining("synthwave")]);
    await mem.close?.();
  });

  it("without a lexicon, the question's own words only", async () => {
    const mem = await musicMemory(null);
    const hits = await mem.recall("What music am I into?", { k: 5 });
    expect(hits.some((h) => h.text.includes("synthwave"))).toBe(false);
    await mem.close?.();
  });

  it("a question about another person's state, or a past event, lists nothing by kind", async () => {
    const mem = await musicMemory();
    for (const q of ["What music is Ana into?", "What music did I play last week?"]) {
      const hits = await mem.recall(q, { k: 5 });
      expect(
        hits.some((h) => h.why.summary.includes("in a kind of its noun")),
        q,
      ).toBe(false);
    }
    await mem.close?.();
  });
});

describe('practitionersOf: who practises an "-ism", by English derivation, as WordNet knows people', () => {
  const lexicon = sharedWordNet();
  it.each([
    ["vegetarianism", ["vegetarian", "vegan"]],
    ["buddhism", ["buddhist"]],
    ["pugilism", ["pugilist", "bantamweight", "slugger", "slogger", "featherweight", "flyweight"]],
  ])("%s → %j", (kind, who) => expect(practitionersOf(kind, lexicon).slice(0, who.length)).toEqual(who));
  it.each([
    // No "-ism", or a stem that names no person.
    "diet",
    "prism",
    "serialism",
  ])("%s → []", (kind) => expect(practitionersOf(kind, lexicon)).toEqual([]));
});

describe("speakerIs: the speaker says they are, or have become, one of the words", () => {
  const words = new Set(["vegetarian", "vegan"]);
  it.each([
    ["I'm vegetarian, have been since college.", "vegetarian"],
    ["I've gone fully vegan as of this month, so no more cheese for me.", "vegan"],
    ["I am a vegan now.", "vegan"],
    ["We went vegan in January.", "vegan"],
  ])("%s → %s", (statement, word) => expect(speakerIs(statement, words)).toBe(word));
  it.each([
    "My sister is vegan now.",
    "I was vegan at uni.",
    "I'm not vegan any more.",
    "I might go vegan next year.",
    "I'm cooking a vegan curry tonight.",
  ])("%s → null", (statement) => expect(speakerIs(statement, words)).toBeNull());
});

describe("recall with WordNet: the practitioner of a kind of the asked noun fills its slot", () => {
  it('lists the speaker\'s newest "I\'ve gone vegan" for "What diet do I follow?"', async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    await mem.remember("I'm vegetarian, have been since college.", { at: "2026-01-02" });
    await mem.remember("The vet put the cat on Hill's Science Diet.", { at: "2026-01-05" });
    await mem.remember("I usually go to bed around 1am.", { at: "2026-01-06" });
    await mem.remember("I've gone fully vegan as of this month, so no more cheese for me.", {
      at: "2026-02-01",
    });
    const hits = await mem.recall("What diet do I follow?", { k: 3 });
    const newest = hits.findIndex((h) => h.text.includes("vegan"));
    expect(newest).toBeGreaterThanOrEqual(0);
    expect(hits[newest]!.why.summary).toContain('in a kind of its noun ("vegan")');
    const older = hits.findIndex((h) => h.text.includes("vegetarian"));
    if (older >= 0) expect(newest).toBeLessThan(older);
    await mem.close?.();
  });

  it("not another person's, nor a plan", async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    await mem.remember("I'm vegetarian, have been since college.", { at: "2026-01-02" });
    await mem.remember("My sister has gone fully vegan now.", { at: "2026-02-01" });
    await mem.remember("I might go vegan now that the new cafe opened.", { at: "2026-02-02" });
    const hits = await mem.recall("What diet do I follow?", { k: 3 });
    expect(hits.some((h) => h.why.summary.includes("in a kind of its noun"))).toBe(false);
    await mem.close?.();
  });
});

describe("KIND_ANSWERS_WHAT: no kind of the asked noun for who or how, nor a kind of a noun of time", () => {
  /** Facts about the speaker's room, the newest a change of a day said by a month's name ("nov"). */
  async function roomMemory(): Promise<Memory> {
    const mem = await openMemory({ path: ":memory:", clock });
    await mem.remember("My room in the shared flat is £650 a month, bills included.", { at: "2026-01-02" });
    await mem.remember("The landlord says the boiler in the flat gets serviced in spring.", {
      at: "2026-01-05",
    });
    await mem.remember("My flatmate pays a bit more for the room with the balcony.", { at: "2026-01-06" });
    await mem.remember("The dentist moved me to nov 18 now.", { at: "2026-02-01" });
    return mem;
  }

  it.each([
    // a question of how much: a kind of its noun says no amount
    "how much is my room a month",
    // a noun of time in a question of what: "nov" is a kind of month, said of no room
    "what do i pay for my room each month",
  ])(
    "lists nothing for %s (the newest kind of a noun is still listed for what music: above)",
    async (question) => {
      const mem = await roomMemory();
      const hits = await mem.recall(question, { k: 2 });
      expect(hits.some((h) => h.why.summary.includes("in a kind of its noun"))).toBe(false);
      await mem.close?.();
    },
  );
});

describe("KIND_AS_MEANT and MODIFIER_NAMES_NO_KIND: a kind of the asked noun as meant, said as its phrase's head", () => {
  /** Whether `statement` fills the question's slot as `newestKindListed` reads it (kinds in the asked nouns' dominant senses). */
  async function fills(question: string, statement: string): Promise<string | null> {
    await loadTagger();
    const lexicon = sharedWordNet();
    const asked = askedSlot(question, lexicon)!;
    const kinds = new Set([...asked.nouns].flatMap((n) => lexicon.nounKinds(n, "dominant")));
    return fillsAsKind(statement, asked, kinds, lexicon)?.attribute ?? null;
  }

  it.each([
    // a kind of the asked noun in its dominant sense, its phrase's head
    ["What music am I into?", "Funny, I'm not into jazz these days, I mostly listen to synthwave.", "jazz"],
    ["What sport do I do?", "I've taken up cycling now that the gym closed.", "cycl"],
    [
      "when does my mother get to nashville",
      "mom found a cheaper flight so she lands 4/9 now, which is fine i guess",
      "mom",
    ],
    // the question's own word, a modifier in both ("friday chinese", "the Friday place")
    [
      "where do we get our friday chinese from",
      "We tried Mr Wu's on Saturday and it's actually better, so that's the Friday place now.",
      "friday",
    ],
  ])("%s ← %s: fills by %s", async (question, statement, by) => {
    expect(await fills(question, statement)).toBe(by);
  });

  it.each([
    // a kind of a rarer sense of the asked noun (a bowed instrument is "string" in its second sense)
    ["what strings does my precision have on it", "I moved my gear next to the fiddle now."],
    // a body of water is "water" in its second sense
    ["What heats our water?", "I changed my mind, i get seasick on the river now"],
    // a statement's modifier names what its head is of: the fiddle player is a player, a rest day a day
    [
      "what strings does my precision have on it",
      "i'm top bunk #6 now, next to the fiddle player who snores.",
    ],
    ["which part of his battalion is my boy in", "I join the qigong group now, 7am every rest day."],
    // the question's head said as a modifier: the team captain is a captain
    ["where does my team play at home", "The team captain sent me the bill now."],
  ])("%s ← %s: fills nothing", async (question, statement) => {
    expect(await fills(question, statement)).toBeNull();
  });

  it("lists no fiddle player for the strings of a bass (newestKindListed, real SQLite)", async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    await mem.remember("My precision bass has flatwound strings on it.", { at: "2026-01-02" });
    for (const [i, text] of [
      "The van needs new tyres before the tour.",
      "Our drummer lives in Murfreesboro.",
      "The label wants the mixes by March.",
      "I park behind the venue on Broadway.",
    ].entries())
      await mem.remember(text, { at: `2026-01-0${i + 3}` });
    await mem.remember("rearranged bunks, i'm top bunk #6 now, next to the fiddle player who snores.", {
      at: "2026-02-01",
    });
    const hits = await mem.recall("what strings does my precision have on it", { k: 1 });
    expect(hits.filter((h) => h.why.summary.includes("in a kind of its noun"))).toEqual([]);
    await mem.close?.();
  });
});
