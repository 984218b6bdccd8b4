import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { openMemory } from "../../../open-memory.js";
import type { Memory } from "../../engine.js";
import { loadTagger } from "../../judge/tagger.js";
import { askedSlot } from "../../state-slots.js";
import {
  anotherValueOfKind,
  askedAfterChange,
  askedNouns,
  speaksOfChange,
  typedValueChange,
} from "./changed-value.js";

const lexicon = sharedWordNet();

beforeAll(async () => {
  await loadTagger();
});

describe("isChangeVerb: a verb WordNet's verb hierarchy puts under a change of one thing for another", () => {
  it.each(["switch", "migrate", "move", "replace", "swap", "convert", "shift", "relocate", "substitute"])(
    "%s",
    (verb) => {
      expect(lexicon.isChangeVerb?.(verb)).toBe(true);
    },
  );

  it.each(["use", "take", "go", "eat", "type", "like", "join", "start", "fold", "grow", "cut", "buy"])(
    "%s → not a change",
    (verb) => {
      expect(lexicon.isChangeVerb?.(verb)).toBe(false);
    },
  );
});

describe("speaksOfChange: a change said done, by a change verb, its nominalisation or a reference to the replaced one", () => {
  it.each([
    // a change verb (WordNet), said as done
    ["We swapped the router for a mesh system last weekend.", "swapped"],
    ["I've relocated the allotment shed to the far corner.", "relocated"],
    // its nominalisation (`derivedVerbs`: migration → migrate)
    ["The migration to Fly.io finished on Friday.", "migration"],
    ["The replacement is a Brother laser printer, much quieter.", "replacement"],
    // a definite reference to the alternative left behind
    ["The vet put her on Royal Canin because the other one upset her stomach.", "the other one"],
    ["My previous dentist never explained anything; Dr. Amin does.", "my previous dentist"],
    ["I bake with spelt instead of rye these days.", "instead of"],
    // COMPARED_WITH_FORMER: a reference likened to is no cue, but a change verb in the same sentence is
    ["Same engine as my old hatchback, but we swapped the hatchback for an estate.", "swapped"],
    ["Looks just like my old phone, but I switched to a Pixel in May.", "switched"],
    ["The shop is like my old local, but the previous owner sold it.", "the previous owner"],
  ])("%s", (sentence, cue) => {
    expect(speaksOfChange(sentence, lexicon)).toBe(cue);
  });

  it.each([
    // no change: a state, a use
    ["I use Fly.io for the side projects."],
    ["My printer is a Brother laser."],
    // a question, a plan, a supposition, a refusal
    ["Should we migrate to Fly.io?"],
    ["We might migrate to Fly.io next year."],
    ["We're going to swap the router for a mesh system."],
    ["I want to switch to spelt but haven't yet."],
    ["The manager asked if I wanna move to the bakery counter."],
    // a remembered past
    ["Years ago we used to swap the router every spring."],
    // a change verb in a sense that changes nothing for another ("grow", "fold")
    ["The tomatoes grew so fast this summer."],
    // COMPARED_WITH_FORMER: a thing seen likened to a former one of the speaker's
    ["Saw a red Fiesta in the car park, same as my old university car."],
    ["The new cafe on Dale Street reminds me of our old local."],
    ["Their flat is just like my previous place, tiny kitchen and all."],
  ])("%s → none", (sentence) => {
    expect(speaksOfChange(sentence, lexicon)).toBeNull();
  });
});

describe("ASKED_AFTER_CHANGE: the asked thing named only after the change, or only in its reason", () => {
  it.each([
    ["Which team am I on?", "We moved the standup to Thursdays since half the team is off on Mondays."],
    ["which choir section am i in", "the reading group is on sundays at four now, people had choir"],
    [
      "What's the size of our greenhouse?",
      "The council changed the bin days again and collection is on Friday now, which is a pain, so I'll be wheeling them past the greenhouse.",
    ],
  ])("%s / %s → after", (question, newer) => {
    expect(askedAfterChange(newer, askedNouns(question), lexicon)).toBe(true);
  });

  it.each([
    // the asked thing in the clause of its change, or before it
    ["When do I see the physio?", "Physio's on Fridays now since my physio changed clinics."],
    ["when's the herd test", "They moved the herd test on us again, it's the 4th of December now."],
    ["Which VPN do I use?", "Work made us use Mullvad for the VPN now instead of Nord."],
    // no sentence names the asked thing (its talk may): read as before
    [
      "Which data warehouse do we use?",
      "The migration to Snowflake is done, so I'm rewriting our cost alerts.",
    ],
    // named, but no change said
    ["Which team am I on?", "Half the team is off on Mondays, it's quiet."],
  ])("%s / %s → not after", (question, newer) => {
    expect(askedAfterChange(newer, askedNouns(question), lexicon)).toBe(false);
  });
});

describe("anotherValueOfKind: the newer names another value of the kind the older gives", () => {
  it.each([
    [
      "Which host do we deploy on?",
      "We deploy everything on Heroku.",
      "The migration to Netlify is done.",
      "netlify",
    ],
    [
      "What do I take for my migraines?",
      "For migraines I take sumatriptan when one starts.",
      "The neurologist switched me to rizatriptan.",
      "rizatriptan",
    ],
    ["What is our rent?", "Our rent is £1,150 a month.", "The landlord moved it to £1,240 in May.", "240"],
  ])("%s: %s / %s", (question, older, newer, value) => {
    expect(anotherValueOfKind(older, newer, askedSlot(question)!, lexicon)).toContain(value);
  });

  it.each([
    // the older's own value again
    ["Which host do we deploy on?", "We deploy everything on Heroku.", "The migration to Heroku is done."],
    // a name where the older gives a number: a shop is no rent
    ["What is our rent?", "Our rent is £1,150 a month.", "We switched to Lidl for the weekly shop."],
    // no value at all
    ["Which host do we deploy on?", "We deploy everything on Heroku.", "The migration is done."],
  ])("%s: %s / %s → none", (question, older, newer) => {
    expect(anotherValueOfKind(older, newer, askedSlot(question)!, lexicon)).toBeNull();
  });
});

describe("recall: changedValueFirst ranks a newer change to another value of the asked thing above the older", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });
  // openMemory gives recall WordNet (src/lexicon) as its lexicon.
  const withLexicon = (m: Memory, query: string) => m.recall(query, { k: 5 });

  it("a turn that names the other value, refers to the old one as 'the other one' and the asked thing only in its question", async () => {
    mem = await sleptChat([
      { text: "For migraines I take sumatriptan as soon as one starts.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      {
        text: "The neurologist suggested rizatriptan because the other one made my chest tight, and it works faster. Is coffee a bad idea during a migraine?",
        day: 20,
      },
    ]);
    const hits = await withLexicon(mem, "What do I take for migraines?");
    const newer = hits.findIndex((h) => /rizatriptan/.test(h.text));
    const older = hits.findIndex((h) => /sumatriptan/.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
    expect(hits[newer]?.why.summary).toMatch(/speaking of a change \("the other one"\)/);
  });

  it("another person's change leaves the older first", async () => {
    mem = await sleptChat([
      { text: "For my eczema I use Dermol cream twice a day.", day: 0 },
      {
        text: "My sister's nurse suggested Epaderm for her eczema because the other one stung her. Any tips for sleeping when it itches?",
        day: 20,
      },
    ]);
    const hits = await withLexicon(mem, "What cream do I use for eczema?");
    expect(hits[0]?.text).toMatch(/Dermol/);
    expect(hits.some((h) => h.why.summary.includes("speaking of a change"))).toBe(false);
  });

  it("a plan on the asked thing leaves the older first", async () => {
    mem = await sleptChat([
      { text: "For my eczema I use Dermol cream twice a day.", day: 0 },
      {
        text: "The nurse mentioned Epaderm, I might try it for my eczema if the other one keeps stinging. Any tips for sleeping when it itches?",
        day: 20,
      },
    ]);
    const hits = await withLexicon(mem, "What cream do I use for eczema?");
    expect(hits.some((h) => h.why.summary.includes("speaking of a change"))).toBe(false);
  });

  it("a change of another thing, whose talk never names the asked thing, leaves the older first", async () => {
    mem = await sleptChat([
      { text: "For my eczema I use Dermol cream twice a day.", day: 0 },
      { text: "The migration to Render is done, so I'm rewriting the deploy scripts.", day: 20 },
    ]);
    const hits = await withLexicon(mem, "What cream do I use for eczema?");
    expect(hits[0]?.text).toMatch(/Dermol/);
    expect(hits.some((h) => h.why.summary.includes("speaking of a change"))).toBe(false);
  });
});

describe("typedValueChange: the newer says a change or a state now to another value of a type the older gives", () => {
  it.each([
    [
      "What latency target does checkout have?",
      "Our p95 latency target for the checkout API is 300ms.",
      "Product tightened the checkout SLO, p95 has to be under 200ms now.",
      "200ms",
    ],
    [
      "What time does Leo go to bed?",
      "Leo goes to bed at 7pm but he's up at 5 every day.",
      "We pushed Leo's bedtime to 7:45pm like you suggested and he sleeps till almost 6:30 now.",
      "7:45pm",
    ],
    [
      "When is my status report due?",
      "My weekly status report is due Friday noon.",
      "they want the status report by Thursday EOD now so it's in the leadership pack.",
      "thursday",
    ],
    [
      "When does the data migration have to be done?",
      "The deadline for the data migration is 15 of May.",
      "Good news, the migration deadline is pushed to 30 June, so we have more breathing room.",
      "30 june",
    ],
    [
      "Which Python version does the pipeline run on?",
      "The pipeline runs on Python 3.9.",
      "We moved the pipeline onto Python 3.12 last sprint.",
      "3.12",
    ],
    // values41: values as people say them — a time in words, money in words, a range's hours
    ["What time is dinner?", "Dinner is at 6pm.", "We moved dinner to half six now.", "half six"],
    ["How much is the haircut?", "The haircut is £35.", "The haircut is forty quid now.", "forty quid"],
    ["What hours is the gym open?", "The gym is open 6am-10pm.", "The gym is open 7am-9pm now.", "7am"],
    ["When is the rent due?", "The rent is due on the 1st.", "The rent is due on the 3rd now.", "the 3rd"],
  ])("%s: %s / %s", (question, older, newer, value) => {
    expect(typedValueChange(askedNouns(question), older, newer, lexicon)?.value).toBe(value);
  });

  it.each([
    // a plan, a question, a supposition, a remembered past, a refusal
    [
      "What latency target does checkout have?",
      "Our p95 latency target for the checkout API is 300ms.",
      "Product is going to tighten the checkout SLO to 200ms next quarter.",
    ],
    [
      "What latency target does checkout have?",
      "Our p95 latency target for the checkout API is 300ms.",
      "Should the checkout SLO be 200ms now?",
    ],
    [
      "What time does Leo go to bed?",
      "Leo goes to bed at 7pm.",
      "Maybe we could push Leo's bedtime to 7:45pm now that it's light.",
    ],
    [
      "What time does Leo go to bed?",
      "Leo goes to bed at 7pm.",
      "When I was a kid my bedtime was 8pm, Leo's lucky.",
    ],
    [
      "When is my status report due?",
      "My weekly status report is due Friday noon.",
      "I won't move the status report to Thursday, Friday works.",
    ],
    // a value of another type: a count is no clock time
    [
      "What time does Leo go to bed?",
      "Leo goes to bed at 7pm.",
      "Leo is 4 now and goes to bed without a fuss.",
    ],
    // another unit: a weight is no latency
    [
      "What latency target does checkout have?",
      "Our p95 latency target for the checkout API is 300ms.",
      "The checkout team is down to 84 kg of snacks now.",
    ],
    // the older's own value again
    [
      "When is my status report due?",
      "My weekly status report is due Friday noon.",
      "The status report is still due Friday, now with a risks section.",
    ],
    // the newer names none of the asked nouns
    [
      "What time does Leo go to bed?",
      "Leo goes to bed at 7pm.",
      "The airline moved our flight to 09:55 now.",
    ],
    // the older does not name every asked noun: it is not the asked thing's statement
    [
      "When is my status report due?",
      "The leadership pack goes out Friday noon.",
      "they want the status report by Thursday EOD now.",
    ],
    // no change and no "now": a state beside the older
    [
      "What time does Leo go to bed?",
      "Leo goes to bed at 7pm.",
      "Leo's swimming lesson is at 5:30pm on Tuesdays.",
    ],
    // ANOTHER_THING: another noun in the place of an asked one, after the older's word before it
    [
      "What is the production support indexer deploy day?",
      "Production support indexer deploy day is Wednesday.",
      "The deploy day of the production support api was changed to Tuesday.",
    ],
  ])("%s: %s / %s → none", (question, older, newer) => {
    expect(typedValueChange(askedNouns(question), older, newer, lexicon)).toBeNull();
  });
});

describe("recall: changedValueFirst's typed values rank the newer of two beliefs about the asked thing first", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it.each([
    {
      name: "a thing's measure, said as now in other words (no person asked)",
      first:
        "Our p95 latency target for the checkout API is 300ms. How do I turn that into an error budget people understand?",
      update:
        "Product tightened the checkout SLO, p95 has to be under 200ms now. Can you help me figure out which endpoints will blow it?",
      question: "What latency target does checkout have?",
      newerValue: /200ms/,
      olderValue: /300ms/,
      // The measure found by its unit (`newerMeasureFound`, which reads "300ms" since measure28) or
      // the typed value here lifts it first; either says so.
      why: /another measure (?:in ms \("200ms"\)|of what the question asks \(ms: 300 → 200\))/,
    },
    {
      name: "the speaker's date and clock time, said as now in other words",
      first:
        "My weekly status report is due Friday noon. Can you give me a template that takes ten minutes to fill in?",
      update:
        "they want the status report by Thursday EOD now so it's in the leadership pack. can you shorten the template a bit more?",
      question: "When is my status report due?",
      newerValue: /Thursday EOD/,
      olderValue: /Friday noon/,
      why: /another date \("thursday"\)/,
    },
  ])("$name", async ({ first, update, question, newerValue, olderValue, why }) => {
    mem = await sleptChat([
      { text: first, day: 0 },
      { text: "Any quick ideas for a rainy Sunday with two kids?", day: 3 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall(question, { k: 10 });
    const newer = hits.findIndex((h) => newerValue.test(h.text));
    const older = hits.findIndex((h) => olderValue.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
    expect(hits[newer]?.why.summary).toMatch(why);
  });

  it("a plan leaves the older first", async () => {
    mem = await sleptChat([
      { text: "Our p95 latency target for the checkout API is 300ms.", day: 0 },
      { text: "Product is going to tighten the checkout SLO to 200ms next quarter.", day: 20 },
    ]);
    const hits = await mem.recall("What latency target does checkout have?", { k: 10 });
    expect(hits.some((h) => /another measure/.test(h.why.summary))).toBe(false);
  });

  it("another person's clock time leaves the speaker's first", async () => {
    mem = await sleptChat([
      { text: "My weekly status report is due Friday noon.", day: 0 },
      { text: "My sister's status report is due Thursday EOD now, poor her.", day: 20 },
    ]);
    const hits = await mem.recall("When is my status report due?", { k: 10 });
    expect(hits[0]?.text).toMatch(/Friday noon/);
    expect(hits.some((h) => /another (?:date|clock time)/.test(h.why.summary))).toBe(false);
  });

  it("reads only the request's namespaces: another namespace's newer is never found nor lifted", async () => {
    mem = await openMemory({ path: ":memory:", clock: { now: () => new Date("2026-06-01T00:00:00.000Z") } });
    await mem.remember("Our p95 latency target for the checkout API is 300ms.", {
      at: "2026-01-07",
      namespace: "work",
    });
    await mem.remember("Product tightened the checkout SLO, p95 has to be under 200ms now.", {
      at: "2026-03-01",
      namespace: "other",
    });
    const hits = await mem.recall("What latency target does checkout have?", { k: 10, namespace: "work" });
    expect(hits[0]?.text).toMatch(/300ms/);
    expect(hits.some((h) => h.text.includes("200ms"))).toBe(false);
  });
});

describe('ASKED_HOURS: "what hours" asks a time range by its noun (values41)', () => {
  it.each([
    ["What hours is the gym open?", ["gym"]],
    ["what hours does maisie work", ["maisie", "work"]],
    // the hours are the thing asked of, or a rule's name
    ["which hours rule am i on", ["hour", "rule"]],
    ["what app keeps my hours", ["app", "hour"]],
    ["how much does maisie earn per hour", ["maisie", "hour"]],
  ])("%s → %j", (question, nouns) => {
    expect([...askedNouns(question)].sort()).toEqual([...nouns].sort());
  });
});
