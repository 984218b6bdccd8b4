import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../../test/support/memory.js";
import { sharedWordNet } from "../../lexicon/wordnet.js";
import type { Memory } from "../engine.js";
import { loadTagger } from "../judge/tagger.js";
import { SLEEP_RECORD_KEY, sleepRecordOf } from "../sleep-record.js";
import { referentsIn, withReferents } from "../text.js";
import { referentsOf, resolvePronouns, resolveTopics, topicsOf } from "./referents.js";

beforeAll(() => loadTagger());
const lexicon = sharedWordNet();

/**
 * The resolution rule, both ways: [turn, clause (as sleep took it out), the other speaker's turn
 * before it or undefined, what the pronoun stands for or null, the rule that decided].
 */
const ROWS: [string, string, string | undefined, string | null, string][] = [
  // Resolved: the nearest noun phrase of an earlier sentence of the same turn, agreeing in number.
  [
    "My old laptop finally died last month. Anyway I replaced it with a MacBook Air.",
    "I replaced it with a MacBook Air.",
    undefined,
    "My old laptop",
    "earlier-sentence",
  ],
  [
    "I bought new running shoes on Saturday. I love them already.",
    "I love them already.",
    undefined,
    "new running shoes",
    "earlier-sentence",
  ],
  [
    "The old desk chair broke. I switched to the new one last week.",
    "I switched to the new one last week.",
    undefined,
    "desk chair",
    "earlier-sentence",
  ],
  // A noun of time is passed over: "last week" is when, not what.
  [
    "Our broadband router died last week. We replaced it with a Hyperoptic one.",
    "We replaced it with a Hyperoptic one.",
    undefined,
    "Our broadband router",
    "earlier-sentence",
  ],
  // Across a speaker change only as the answer to the other speaker's question that names the thing.
  [
    "I love it, the screen is so much warmer.",
    "I love it, the screen is so much warmer.",
    "What do you think of your new Kobo?",
    "my new Kobo",
    "answers-question",
  ],
  // Not resolved: the thing is named in the clause itself (its words are there already).
  [
    "I bought a Chemex last week and I brew with it every morning now.",
    "I bought a Chemex last week and I brew with it every morning now.",
    undefined,
    null,
    "in-clause",
  ],
  // A pronoun for a person: "it" never stands for "my sister", nor for a name that opens its sentence as its subject.
  ["My sister visited on Sunday. I drove it home.", "I drove it home.", undefined, null, "person"],
  ["Priya left last week. I never liked it.", "I never liked it.", undefined, null, "person"],
  // Pleonastic "it": weather, a time, an extraposed clause.
  ["The new bike came today. It's raining though.", "It's raining though.", undefined, null, "pleonastic"],
  ["We sold the Honda. It's been a long week.", "It's been a long week.", undefined, null, "pleonastic"],
  [
    "We sold the Honda. It's hard to say goodbye.",
    "It's hard to say goodbye.",
    undefined,
    null,
    "pleonastic",
  ],
  [
    "The Kindle broke. It turns out I prefer paper.",
    "It turns out I prefer paper.",
    undefined,
    null,
    "pleonastic",
  ],
  // The nearest noun is in a question the speaker asked: refused, not passed over to an older one.
  [
    "My Kindle is fine. Do you like the Kobo? It's warmer at night.",
    "It's warmer at night.",
    undefined,
    null,
    "in-question",
  ],
  // A phrase that addresses the listener is no thing: "Thanks, Melanie" (LoCoMo's tuning conversations).
  [
    "Thanks, Melanie! It's definitely changed me.",
    "It's definitely changed me.",
    undefined,
    null,
    "no-antecedent",
  ],
  [
    "We sold the Honda. It feels like the end of an era.",
    "It feels like the end of an era.",
    undefined,
    null,
    "pleonastic",
  ],
  // Number: "it" after a plural, "them" after a singular.
  ["I bought new running shoes. I love it.", "I love it.", undefined, null, "number"],
  ["I bought a new kettle. I love them.", "I love them.", undefined, null, "number"],
  // Across a speaker change that is no answer: the other speaker stated something, asked nothing.
  [
    "I love it, the screen is so much warmer.",
    "I love it, the screen is so much warmer.",
    "I got a Kobo for my birthday.",
    null,
    "speaker-change",
  ],
  // With no turn before it and nothing earlier in the turn: nothing to stand for.
  [
    "I love it, the screen is so much warmer.",
    "I love it, the screen is so much warmer.",
    undefined,
    null,
    "no-antecedent",
  ],
];

describe("resolvePronouns: what a pronoun of a distilled clause stands for in its turn", () => {
  it.each(ROWS)("%j / %j (asked %j) → %j by %s", (turn, clause, asked, referent, rule) => {
    const [first] = resolvePronouns(turn, clause, { lexicon, asked });
    expect(first).toEqual({ pronoun: expect.any(String), referent, rule });
    expect(referentsOf(turn, clause, { lexicon, asked }).map((r) => r.referent)).toEqual(
      referent ? [referent] : [],
    );
  });
});

/**
 * `NEIGHBOUR_TOPIC`, both ways: [turn, clause (as sleep took it out), the topics it gains, the rule
 * that decided each of the neighbour's noun phrases, in order].
 */
const TOPIC_ROWS: [string, string, string[], string[]][] = [
  // Taken: the sentence before names a drink, the clause's verb makes one ("brew": a beverage), the
  // clause names its thing only by a name ("a Chemex") and says no food or drink of its own.
  [
    "Lent started so I gave up sugar, which means black coffee only for a while. I bought a Chemex last week and I brew with it every morning now. Any tips for a first Chemex pour?",
    "I bought a Chemex last week and I brew with it every morning now.",
    ["coffee"],
    ["unrelated", "neighbour-topic", "no-kind"],
  ],
  [
    "We ran out of tea. I brew Yorkshire Gold now.",
    "I brew Yorkshire Gold now.",
    ["tea"],
    ["neighbour-topic"],
  ],
  // Not taken: no verb of the clause is of a kind with the noun (a neighbour may be about anything).
  ["We switched energy company. EDF does it cheaper.", "EDF does it cheaper.", [], ["unrelated"]],
  ["The old phone finally gave up. Got a Pixel 8 on Friday.", "Got a Pixel 8 on Friday.", [], ["unrelated"]],
  [
    "We planted tomatoes in the garden. I sold the Merc in October and bought a used Tesla Model 3.",
    "I sold the Merc in October and bought a used Tesla Model 3.",
    [],
    ["unrelated", "unrelated"],
  ],
  // A role only beside a titled name, and then related as any topic.
  [
    "We found a dentist nearer home. Dr Lindqvist is much closer.",
    "Dr Lindqvist is much closer.",
    [],
    ["unrelated", "no-kind"],
  ],
  // The clause names no thing by a name (its common nouns say its kind).
  [
    "My sister came over last week. I switched to oat milk now.",
    "I switched to oat milk now.",
    [],
    ["no-name", "time"],
  ],
  // A role beside an untitled name: "Lidl" is no sister.
  ["My sister came over. I get oat milk at Lidl now.", "I get oat milk at Lidl now.", [], ["untitled"]],
  // The clause has a noun of the same kind: "milk" is its food, "coffee" another thing.
  [
    "I cut down on coffee. I brew oat milk lattes at Lidl now.",
    "I brew oat milk lattes at Lidl now.",
    [],
    ["own-kind"],
  ],
  // The neighbour is a question the speaker asked.
  ["Do you like the Kobo reader? I read on a Kindle now.", "I read on a Kindle now.", [], ["in-question"]],
  // A person's name is no topic.
  ["Priya visited. I use Obsidian now.", "I use Obsidian now.", [], ["name"]],
  // A noun of another kind (an idea) or of time.
  ["The idea came to me last week. I use Obsidian now.", "I use Obsidian now.", [], ["no-kind", "time"]],
  // The clause says the noun already.
  ["I needed a new laptop. I bought a ThinkPad laptop.", "I bought a ThinkPad laptop.", [], ["in-clause"]],
];

describe("resolveTopics: the asked thing named in a neighbouring sentence of the turn, without a pronoun", () => {
  it.each(TOPIC_ROWS)("%j / %j → %j", (turn, clause, topics, rules) => {
    expect(resolveTopics(turn, clause, { lexicon }).map((r) => r.rule)).toEqual(rules);
    expect(topicsOf(turn, clause, { lexicon })).toEqual(topics);
  });

  it("takes nothing without a lexicon that names kinds and relates them, or from another turn", () => {
    const turn = "We ran out of coffee. I brew with a Chemex now.";
    const clause = "I brew with a Chemex now.";
    expect(topicsOf(turn, clause, { lexicon })).toEqual(["coffee"]);
    expect(topicsOf(turn, clause)).toEqual([]);
    expect(topicsOf(turn, clause, { lexicon: { ...lexicon, topicKind: undefined } })).toEqual([]);
    expect(topicsOf(turn, clause, { lexicon: { ...lexicon, sharesKind: undefined } })).toEqual([]);
    expect(topicsOf(clause, clause, { lexicon })).toEqual([]);
  });
});

describe("withReferents: the clause read with its pronouns as what they stand for, for matching", () => {
  it.each([
    [
      "I replaced it with a MacBook Air.",
      [{ pronoun: "it", referent: "my old laptop" }],
      "I replaced my old laptop with a MacBook Air.",
    ],
    [
      "It's on 24.04 now.",
      [{ pronoun: "it's", referent: "the home server" }],
      "the home server is on 24.04 now.",
    ],
    [
      "I switched to the new one last week.",
      [{ pronoun: "the new one", referent: "desk chair" }],
      "I switched to the new desk chair last week.",
    ],
    [
      "I love them already.",
      [{ pronoun: "them", referent: "new running shoes" }],
      "I love new running shoes already.",
    ],
    ["I love it, it's warmer.", [{ pronoun: "it", referent: "my Kobo" }], "I love my Kobo, it's warmer."],
    ["No referents.", [], "No referents."],
    ["I brew with a Chemex now.", [{ topic: "coffee" }], "I brew with a Chemex now (coffee)."],
    ["EDF does it cheaper.", [{ topic: "energy company" }], "EDF does it cheaper (energy company)."],
    // A topic the text says already is not added.
    ["My coffee is a Chemex brew.", [{ topic: "coffee" }], "My coffee is a Chemex brew."],
    [
      "I brew with it now",
      [{ pronoun: "it", referent: "a Chemex" }, { topic: "coffee" }],
      "I brew with a Chemex now (coffee)",
    ],
  ])("%j with %j → %j", (text, referents, read) => {
    expect(withReferents(text, referents)).toBe(read);
  });

  it("reads only well-formed referents out of sleep's record (an import's record is the export's)", () => {
    const slept = (referents: unknown) => ({ [SLEEP_RECORD_KEY]: { referents } });
    expect(referentsIn(slept([{ pronoun: "it", referent: "my laptop" }]))).toEqual([
      { pronoun: "it", referent: "my laptop" },
    ]);
    expect(referentsIn(slept([{ pronoun: "the", referent: "x" }, { pronoun: "it" }, "it"]))).toEqual([]);
    expect(referentsIn(slept("it"))).toEqual([]);
    expect(referentsIn(slept([{ topic: "coffee" }, { topic: 3 }, { topic: "x<y" }]))).toEqual([
      { topic: "coffee" },
    ]);
    // A caller's own field of the same name is the caller's: never read as what a pronoun stood for.
    expect(referentsIn({ referents: [{ pronoun: "it", referent: "my laptop" }] })).toEqual([]);
    expect(referentsIn(undefined)).toEqual([]);
  });
});

describe("a clause slept out of its turn keeps what its pronoun stands for", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  const OLDER = "My laptop is a ThinkPad X1.";
  const NEWER_TURN =
    "My old laptop finally died last month. Anyway I replaced it with a MacBook Air. Any tips for macOS?";

  it("stores the user's words, the referent in metadata, and ranks the newer first for the question", async () => {
    mem = await sleptChat([
      { text: OLDER, day: 0 },
      { text: NEWER_TURN, day: 20 },
    ]);
    const hits = await mem.recall("What laptop do I have?", { k: 5 });
    // The clause's belief, or the turn itself: the turn names "macOS" in the question sleep left
    // out, which no belief kept, so the turn stays recallable as itself (kept-content.ts) and
    // recall lists the turn once, in its part's place.
    const newer = hits.findIndex((h) => h.text.includes("I replaced it with a MacBook Air."));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(hits.findIndex((h) => h.text === OLDER));
    const items = await mem.list({});
    const clause = items.find((i) => i.layer === "belief" && i.text === "I replaced it with a MacBook Air.");
    // (Beside it, what the turn said that its beliefs must keep: `sourceWords`, determ31.)
    expect(clause?.layer === "belief" && sleepRecordOf(clause.metadata).referents).toEqual([
      { pronoun: "it", referent: "My old laptop" },
    ]);
  });

  it("a pronoun for a person links nothing: the older stays first", async () => {
    mem = await sleptChat([
      { text: OLDER, day: 0 },
      {
        text: "My sister finally visited last month. Anyway I replaced it with a MacBook Air. Any tips for macOS?",
        day: 20,
      },
    ]);
    const items = await mem.list({});
    const newer = items.find((i) => i.layer === "belief" && i.text === "I replaced it with a MacBook Air.");
    expect(newer?.layer === "belief" ? Object.keys(newer.metadata) : null).toEqual([SLEEP_RECORD_KEY]);
    expect(newer?.layer === "belief" ? Object.keys(sleepRecordOf(newer.metadata)) : null).toEqual([
      "sourceWords",
    ]);
  });

  it("forgetting the turn erases the clause's belief and the referent's words with it", async () => {
    mem = await sleptChat([
      { text: OLDER, day: 0 },
      { text: NEWER_TURN, day: 20 },
    ]);
    const before = JSON.stringify(await mem.list({ status: "any" }));
    expect(before).toMatch(/My old laptop/);
    const turn = (await mem.list({ layer: "episode" })).find(
      (i) => i.layer === "episode" && i.content === NEWER_TURN,
    );
    await mem.forget(turn!.id);
    const dump = JSON.stringify([
      await mem.list({ status: "any" }),
      await mem.list({ layer: "episode", status: "any" }),
    ]);
    expect(dump).not.toMatch(/old laptop|MacBook/);
  });
});
