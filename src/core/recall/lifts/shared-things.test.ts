import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import type { Memory } from "../../engine.js";
import { loadTagger, tag } from "../../judge/tagger.js";
import { askedSlot, fillsAskedSlot } from "../../state-slots.js";
import {
  aboutAsked,
  basesOf,
  eventsOf,
  familyLink,
  linkedByFamily,
  namesThingNow,
  namesValueAtEvent,
  nextPart,
  nounForms,
  thingsOf,
  wordFamily,
} from "./shared-things.js";

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

describe("eventsOf: the events a statement's verbs name as nouns (WordNet's derivations)", () => {
  const lexicon = sharedWordNet();
  it.each([
    ["Our car insurance is with Aviva, it renews in March.", ["car"], [{ verb: "renews", noun: "renewal" }]],
    // The verb's own word ("baking", "walking") and its doer ("driver", "walker") are no other event.
    ["I bake rye bread every weekend.", ["bread"], []],
    ["I walk the dog at 7am before work.", ["dog"], []],
    ["I drive a Mercedes C-Class, it was my dad's.", ["car"], []],
    // A verb the question asks is not an event of the older's.
    ["Our car insurance is with Aviva, it renews in March.", ["car", "renew"], []],
    // Light verbs name nothing.
    ["I go to the gym three times a week.", ["gym"], []],
  ])("%s (asked %j) → %j", (statement, asked, events) => {
    expect(eventsOf(statement, new Set(asked), lexicon)).toEqual(events);
  });
});

describe("namesValueAtEvent: the speaker names a new value at the older's event, said as a change", () => {
  const older = "Our car insurance is with Aviva, it renews in March.";
  it.each([
    ["Admiral beat the renewal quote by two hundred quid, so we signed with them instead.", "Admiral"],
    ["At the renewal we moved to Direct Line, much cheaper.", "Direct"],
  ])("%s → %s", (statement, name) => {
    expect(namesValueAtEvent(statement, "renewal", older)).toBe(name);
  });

  it.each([
    // No new value named: the event only.
    "The renewal came in higher, so we switched insurers instead.",
    // The older's own value: a restatement.
    "Aviva sent the renewal and we stayed with them, same price now.",
    // A plan, not a change.
    "We might switch to Admiral at the renewal next year.",
    // Not the speaker's words.
    "Admiral beat the renewal quote, so she signed with them instead.",
    // No event noun.
    "Admiral beat the quote by two hundred quid, so we signed with them instead.",
    // A calendar word is no value.
    "The renewal is in March now, so we switched the date instead.",
  ])("%s → null", (statement) => {
    expect(namesValueAtEvent(statement, "renewal", older)).toBeNull();
  });
});

describe("aboutAsked: a statement fills the asked slot by its head, or by the noun of the question's verb", () => {
  const lexicon = sharedWordNet();
  const about = (statement: string, question: string) => {
    const asked = askedSlot(question)!;
    return aboutAsked(fillsAskedSlot(statement, asked, lexicon)!, question, lexicon);
  };
  it.each([
    ["Our car insurance is with Aviva, it renews in March.", "Who insures our car?"],
    ["I drive a Mercedes C-Class, it was my dad's.", "What car do I drive?"],
    ["My car is a Subaru Outback.", "What car do we drive?"],
  ])("%s is about %s", (statement, question) => expect(about(statement, question)).toBe(true));
  it.each([
    ["Our car insurance is with Aviva, it renews in March.", "What car do we drive?"],
    ["Our car insurance is with Aviva, it renews in March.", "Where do I take the car for its service?"],
  ])("%s is not about %s", (statement, question) => expect(about(statement, question)).toBe(false));
});

describe("recall: an update that names a new value at the older's event ranks above the older", () => {
  let mem: Memory;
  afterEach(() => mem?.close());
  const older = "Our car insurance is with Aviva, it renews in March.";
  const update =
    "The kids are off school all next week, send help. Admiral beat the renewal quote by two hundred quid, so we signed with them instead. What can I do with two bored kids on a rainy day?";
  const part = "Admiral beat the renewal quote by two hundred quid, so we signed with them instead.";

  it("lists the update first for the question the older answers", async () => {
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall("Who insures our car?", { k: 5 });
    expect(hits[0]?.text).toBe(part);
    expect(hits[0]?.why.summary).toContain('speaks of its "renews" as "renewal"');
    expect(hits.findIndex((h) => h.text === older)).toBeGreaterThan(0);
  });

  it("not for another person's change at the event", async () => {
    mem = await sleptChat([
      { text: older, day: 0 },
      {
        text: "Admiral beat my sister's renewal quote by two hundred quid, so she signed with them instead.",
        day: 20,
      },
    ]);
    const hits = await mem.recall("Who insures our car?", { k: 5 });
    expect(hits.some((h) => h.why.summary.includes("speaks of its"))).toBe(false);
  });

  it("not for a question the older answers only by a modifier (the car, not its insurance)", async () => {
    mem = await sleptChat([
      { text: "We drive a Subaru Outback, it handles the snow really well.", day: 0 },
      { text: older, day: 1 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall("What car do we drive?", { k: 5 });
    expect(hits.some((h) => h.why.summary.includes("speaks of its"))).toBe(false);
  });
});

describe("basesOf: a written word's base forms, the tagger's lemma checked against WordNet's listing (lemma20)", () => {
  const lexicon = sharedWordNet();
  /** The tagger's reading of `word` in `sentence`. */
  const readingIn = (sentence: string, word: string) => {
    const read = tag(sentence).find((w) => w.text.toLowerCase() === word);
    if (!read) throw new Error(`no "${word}" in "${sentence}"`);
    return read;
  };
  it.each([
    // Irregular verbs: the tagger's lemma (WordNet lacks the form; its morphy rules had no base).
    ["I took the train to work.", "took", [], ["take"]],
    ["We went to Leeds for the weekend.", "went", [], ["go"]],
    ["She has written three letters.", "written", [], ["write"]],
    ["We sold the house in May.", "sold", [], ["sell"]],
    // Nouns whose plural is irregular.
    ["The children love the park.", "children", ["child"], []],
    ["We have two mice in the shed.", "mice", ["mouse"], []],
    ["My feet hurt after the run.", "feet", ["foot"], []],
    // A form of two verbs: read in its sentence, the one meant ("hoped" is no form of "hop").
    ["I hoped it would rain.", "hoped", [], ["hope"]],
    // A word WordNet lists as a noun and a verb: the tagger's lemma in the part of speech it read,
    // the word's own listing and the lemmatiser's base in the other.
    ["I saw the plank in half.", "saw", ["saw"], ["see"]],
    ["I bought a saw at the market.", "saw", ["saw"], ["saw", "see"]],
    ["Our homes are small.", "homes", ["home"], ["home"]],
    ["The leaves fell in October.", "leaves", ["leaf"], ["leave"]],
    ["I found my keys.", "found", ["found"], ["find"]],
    ["They founded a company.", "founded", [], ["found"]],
    // The tagger mis-reads "swam" (a noun "swam"): WordNet lists no such noun, so the verb falls
    // back to the lemmatiser's base out of the sentence.
    ["They swam in the lake.", "swam", [], ["swim"]],
    // Regular inflections, and words WordNet lacks in any form.
    ["We booked a table for two.", "booked", [], ["book"]],
    ["We remortgaged last week.", "remortgaged", [], []],
    ["The sync was driving me mad.", "driving", ["driving"], ["drive"]],
  ] as const)("%s: %s → nouns %j, verbs %j", (sentence, word, nouns, verbs) => {
    const reading = readingIn(sentence, word);
    expect(basesOf(word, "noun", lexicon, reading)).toEqual(nouns);
    expect(basesOf(word, "verb", lexicon, reading)).toEqual(verbs);
  });

  it.each([
    // Out of its sentence, a form of two verbs reads as the lemmatiser's first rule that fits.
    ["hoped", [], ["hop"]],
    ["went", [], ["go"]],
    ["geese", ["goose"], []],
    ["mortgaged", [], ["mortgage"]],
    ["stopped", [], ["stop"]],
    ["ason", [], []],
  ] as const)("out of its sentence, %s → nouns %j, verbs %j", (word, nouns, verbs) => {
    expect(basesOf(word, "noun", lexicon)).toEqual(nouns);
    expect(basesOf(word, "verb", lexicon)).toEqual(verbs);
  });

  it("a word's family is read once per reading: the cache keys the tagger's lemma", () => {
    expect([...wordFamily("hoped", lexicon).forms]).toContain("hop");
    expect([
      ...wordFamily("hoped", lexicon, readingIn("I hoped it would rain.", "hoped")).forms,
    ]).not.toContain("hop");
  });
});

describe("familyLink: two written words of one WordNet family (cue19)", () => {
  const lexicon = sharedWordNet();
  it.each([
    // A prefix read off a word WordNet lacks, the rest a WordNet verb of the other's family.
    ["remortgaged", "mortgage", "prefixed"],
    ["rehomed", "home", "prefixed"],
    ["re-read", "read", "prefixed"],
    ["rebooked", "booking", "prefixed"],
    // Derivationally related forms in the dominant sense.
    ["insurance", "insure", "derived"],
    ["decided", "decision", "derived"],
    // An irregular form reaches its family through the tagger's lemmatiser ("began" → "begin",
    // whose noun is "beginning"; its morphy rules gave "began" none): `linkedByFamily` reads the
    // two as one verb inflected.
    ["began", "beginning", "derived"],
    // The rest of a word WordNet has is never read: "reason" is no "ason", "renew" no "new".
    ["reason", "son", null],
    ["reason", "ason", null],
    ["deliver", "liver", null],
    ["renewed", "new", null],
    ["recall", "call", null],
    ["designed", "signed", null],
    ["removed", "moved", null],
    ["unit", "it", null],
    // No derivation links them ("moved house" / "my address" is out of its reach).
    ["moved", "address", null],
    ["mortgage", "mortgage", null],
  ] as const)("%s / %s → %s", (x, y, link) => {
    expect(familyLink(x, y, lexicon)).toBe(link);
    expect(familyLink(y, x, lexicon)).toBe(link);
  });
});

describe("linkedByFamily: a newer names the older's word by another of its family (cue19)", () => {
  const lexicon = sharedWordNet();
  it.each([
    [
      "Our mortgage is fixed at 2.1% until next year.",
      "We remortgaged last week and the new rate is 4.3%.",
      ["mortgage"],
      "prefixed",
    ],
    ["The cat's home is the shed for now.", "We rehomed the cat with my parents.", ["home"], "prefixed"],
    ["Our car insurance is with Aviva.", "We insure it with Admiral now.", ["insurance"], "derived"],
    // A verb done again, made of the older's verb, not its noun: nothing made anew.
    ["I read the Guardian every morning.", "I re-read my old diaries last night.", ["read"], null],
    // One verb inflected is no derivation ("the sync was driving me mad" / "I drive a Mercedes").
    ["I drive a Mercedes.", "The sync was driving me mad.", ["drive"], null],
    // An irregular verb of the older's, read by the tagger's lemma: "took" is "take", no derivation of "takeover".
    ["I drive a Mercedes.", "I gave up driving, I take the bus.", ["drive"], null],
    ["I built the shed last year.", "The building work is done.", ["built"], null],
    // Every stem needs a link.
    ["Our mortgage rate is 2.1%.", "We remortgaged last week.", ["mortgage", "rate"], null],
  ] as const)("%s / %s for %j → %s", async (older, newer, stems, link) => {
    expect(await linkedByFamily(older, newer, stems, lexicon)).toBe(link);
  });
});
