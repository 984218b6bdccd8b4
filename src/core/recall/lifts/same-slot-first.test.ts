import { beforeAll, describe, expect, it } from "vitest";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import { loadTagger } from "../../judge/tagger.js";
import { askedSlot, slotsOf } from "../../state-slots.js";
import {
  changeBesideAsked,
  changeReachesAsked,
  namesAnotherKind,
  slotChanged,
  slotLifted,
  slotReading,
  timeAdjuncts,
  verbAskedAsNoun,
  withoutTimeAdjuncts,
} from "./same-slot-first.js";

/** `slotChanged`: the slot link's reading of a pair, shared by `sameSlotFirst` and `currentVersions`' guard. */
describe("slotChanged: a newer statement changes the asked slot from the older's value", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (older: string, newer: string, question: string) =>
    slotChanged(older, newer, askedSlot(question)!, sharedWordNet());

  it.each([
    [
      "I commute to work by train, it takes about 50 minutes.",
      "I bike to work now instead of taking the train, it's faster and I get some exercise.",
      "How do I get to work?",
      "work",
    ],
    [
      "My phone is a Pixel 6.",
      "I finally upgraded my phone to an iPhone 15.",
      "What phone do I have?",
      "phone",
    ],
  ])("%j / %j, asked %j → the speaker's %j", (older, newer, question, attribute) => {
    expect(read(older, newer, question)?.attribute).toBe(attribute);
  });

  it.each([
    // No change said.
    [
      "I commute to work by train, it takes about 50 minutes.",
      "I go to the gym before work on Tuesdays.",
      "How do I get to work?",
    ],
    // Another person's change.
    [
      "I commute to work by train, it takes about 50 minutes.",
      "My flatmate bikes to work now instead of the train.",
      "How do I get to work?",
    ],
    // The same value said again: no other value.
    ["My phone is a Pixel 6.", "My phone is still a Pixel 6 now.", "What phone do I have?"],
  ])("%j / %j, asked %j → null", (older, newer, question) => {
    expect(read(older, newer, question)).toBeNull();
  });
});

/**
 * `timeAdjuncts` / `withoutTimeAdjuncts`: a unit of time after "a", "each", "every", "per" or
 * "this" says when or how often, not what the question asks; a pair that shares only it shares no slot.
 */
describe("withoutTimeAdjuncts: a time adjunct of the question is no slot a pair can share", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  it.each([
    ["How much tea do I drink a day?", ["day"]],
    ["How far do I cycle each week?", ["week"]],
    ["How much do we put aside every month?", ["month"]],
    ["What do I pay per hour for parking?", ["hour"]],
    ["Who does my accounts this year?", ["year"]],
    // A unit with no determiner before it modifies what is asked.
    ["What's my day rate?", []],
    ["What is my weekend routine?", []],
    ["Which day do I swim?", []],
  ])("%j → %j", (question, units) => {
    expect([...timeAdjuncts(question)]).toEqual(units);
  });

  const read = (older: string, newer: string, question: string) => {
    const asked = withoutTimeAdjuncts(askedSlot(question)!, question);
    return asked && slotChanged(older, newer, asked, sharedWordNet());
  };

  it.each([
    // Another thing said at the same rate: only the rate is shared.
    [
      "I drink three cups of tea a day.",
      "I walk the dog three times a day now, she has so much energy.",
      "How much tea do I drink a day?",
    ],
    [
      "I cycle about 60 km a week.",
      "Our veg box is £18 a week now, we switched to the smaller one.",
      "How far do I cycle each week?",
    ],
    [
      "We put £150 a month into the holiday fund.",
      "My gym membership went up, it's £42 a month now.",
      "How much do we put aside every month?",
    ],
  ])("%j / %j, asked %j → null", (older, newer, question) => {
    expect(read(older, newer, question)).toBeNull();
  });

  it.each([
    // The change of what is asked, said at the same rate, is still read.
    [
      "I drink three cups of tea a day.",
      "I'm down to one cup of tea a day now, it helps my sleep.",
      "How much tea do I drink a day?",
      "drink",
    ],
    [
      "I cycle about 60 km a week.",
      "I cycle about 90 km a week now, training for the sportive.",
      "How far do I cycle each week?",
      "cycle",
    ],
    [
      "We put £150 a month aside for the holidays.",
      "We now put £200 a month aside for the holidays.",
      "How much do we put aside every month?",
      "put",
    ],
  ])("%j / %j, asked %j → the speaker's %j", (older, newer, question, attribute) => {
    expect(read(older, newer, question)?.attribute).toBe(attribute);
  });
});

/** `namesAnotherKind`: a compound of other words names another thing of the asked kind. */
describe("namesAnotherKind: the question's compound against the newer's, by the same head", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (question: string, newer: string, attribute: string) =>
    namesAnotherKind(question, newer, attribute, sharedWordNet());

  it.each([
    [
      "What is our kitchen renovation budget?",
      "We had to raise the holiday budget to £900, flights are mad.",
      "budget",
    ],
    ["Who is my son's class teacher?", "His piano teacher moved him to Thursdays now.", "teacher"],
    ["What is the interest rate on our loan?", "I put my day rate up to £320 now.", "rate"],
  ])("%j / %j (%j) → another kind", (question, newer, attribute) => {
    expect(read(question, newer, attribute)).toBe(true);
  });

  it.each([
    // The head alone, or with the question's own word.
    [
      "What is our kitchen renovation budget?",
      "The builder's quote came in, so the budget is £9,500 now.",
      "budget",
    ],
    ["What is our kitchen renovation budget?", "We raised the kitchen budget to £9,500 now.", "budget"],
    // A time the thing is had at names no kind of it.
    [
      "Where do I get my morning coffee?",
      "These days I get a filter coffee from the kiosk by the station.",
      "coffee",
    ],
    ["What is my evening workout?", "I've switched to a kettlebell workout now.", "workout"],
    // A compound after a number is a measure of the asked thing, its new value.
    [
      "How big is the power inverter in the van?",
      "Upgraded to a 2000 watt inverter so the kettle runs now.",
      "inverter",
    ],
    // A question whose thing is one word asks no kind.
    ["Which team am I on?", "I joined the search team last month.", "team"],
    // A modifier WordNet reads as a kind of the question's ("puppy" of "dog").
    ["Who is our dog walker?", "Our puppy walker is Sam now.", "walker"],
  ])("%j / %j (%j) → not another kind", (question, newer, attribute) => {
    expect(read(question, newer, attribute)).toBe(false);
  });
});

/**
 * `verbAskedAsNoun`: a question that asks a doing ("Where do I work?") is answered by the verb, or
 * by its noun counted ("12k runs"); the noun said of a thing ("Work switched us to Slack") is not it.
 */
describe("verbAskedAsNoun: an asked verb said as a noun that is no count of it", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (statement: string, question: string, attribute: string) => {
    const slot = slotsOf(statement).find((s) => s.attribute === attribute);
    if (!slot) throw new Error(`no slot "${attribute}" in ${statement}`);
    return verbAskedAsNoun(slot, askedSlot(question, sharedWordNet())!, statement);
  };

  it.each([
    ["Work switched us to Slack now instead of Teams.", "Where do I work?", "work"],
    ["Work gave everyone new laptops now.", "Which shift do I work?", "work"],
    ["On my walks it's audiobooks now, I got bored of music.", "When do I walk the dog?", "walk"],
  ])("%j, asked %j (%j) → a noun for the asked verb", (statement, question, attribute) => {
    expect(read(statement, question, attribute)).toBe(true);
  });

  it.each([
    // The verb itself.
    ["I work at the library now, it's quieter.", "Where do I work?", "work"],
    // The doing counted by a number.
    [
      "I'm training for a marathon now, so it's 12k runs most mornings.",
      "How far do I run in the morning?",
      "run",
    ],
    // The question asks the noun.
    [
      "On my walks it's Hard Fork now, I got bored of the old one.",
      "What podcast do I listen to on my walk?",
      "walk",
    ],
  ])("%j, asked %j (%j) → said as asked", (statement, question, attribute) => {
    expect(read(statement, question, attribute)).toBe(false);
  });
});

/** `slotReading`: "these days" says when a state holds, not days it is about. */
describe("slotReading: a statement read for its slots without 'these days'", () => {
  it.each([
    ["I do my shopping at Lidl these days, so nothing fancy.", "I do my shopping at Lidl, so nothing fancy."],
    ["These days I cycle to work.", "I cycle to work."],
    ["I work from home four days a week.", "I work from home four days a week."],
  ])("%j → %j", (statement, read) => {
    expect(slotReading(statement)).toBe(read);
  });
});

/** The slot link no longer reads a noun for an asked verb, nor "these days" as days asked. */
describe("slotChanged: the newer says the asked thing as the question asks it", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (older: string, newer: string, question: string) =>
    slotChanged(older, newer, askedSlot(question, sharedWordNet())!, sharedWordNet());

  it.each([
    // "Work" the employer, for "Where do I work?" (a doing).
    [
      "I jog along the canal before work.",
      "Work switched us to Slack now instead of Teams.",
      "Where do I work?",
    ],
    // "these days" is when, not the days asked.
    [
      "I work from home two days a week, the rest in the office.",
      "I buy my bread at the market these days, so no more sliced loaves.",
      "How many days a week do I work from home?",
    ],
  ])("%j / %j, asked %j → null", (older, newer, question) => {
    expect(read(older, newer, question)).toBeNull();
  });

  it.each([
    [
      "I work at the bakery on Elm Street.",
      "I work at the library now, it's quieter.",
      "Where do I work?",
      "work",
    ],
    [
      "I run 5k every morning before breakfast.",
      "I'm training for a marathon now, so it's 12k runs most mornings.",
      "How far do I run in the morning?",
      "run",
    ],
    [
      "I work from home two days a week, the rest in the office.",
      "I work from home four days a week these days.",
      "How many days a week do I work from home?",
      "work",
    ],
  ])("%j / %j, asked %j → the speaker's %j", (older, newer, question, attribute) => {
    expect(read(older, newer, question)?.attribute).toBe(attribute);
  });
});

/** `slotLifted`: linked through two of the question's words, the newer's own word names no other kind. */
describe("slotLifted: the newer's own asked word names no other kind of the asked thing", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (older: string, newer: string, question: string) =>
    slotLifted(older, newer, askedSlot(question, sharedWordNet())!, question, sharedWordNet());

  it("another rate, linked to the mortgage only through the question → null", () => {
    expect(
      read(
        "Our mortgage is with Halifax, fixed at 2.5% until May.",
        "I've put my prices up, my day rate is £250 now.",
        "What interest rate is our mortgage on?",
      ),
    ).toBeNull();
  });

  it.each([
    ["We host everything on AWS, mostly EC2.", "We're on Google Cloud now.", "Which cloud do we host on?"],
    [
      "Our team sits on the 4th floor, next to the kitchen.",
      "Facilities moved us up to the 7th floor over the weekend.",
      "Which floor does our team sit on?",
    ],
  ])("%j / %j, asked %j → a slot", (older, newer, question) => {
    expect(read(older, newer, question)).not.toBeNull();
  });
});

/**
 * `slotLifted` reads the newer one sentence at a time: the asked slot, the change and the other
 * value in one sentence. A message that says the asked thing in one sentence and a change of
 * something else in another changes no asked slot.
 */
describe("slotLifted: the asked slot, the change and the new value in one sentence of the newer", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (older: string, newer: string, question: string) =>
    slotLifted(older, newer, askedSlot(question, sharedWordNet())!, question, sharedWordNet());

  it.each([
    // The cows in one sentence, a new vet in the next.
    [
      "We bring the cows in for the winter in mid November.",
      "Busy day here, we had the cows out in the top field all morning. A new vet came out to do the herd test, Dr. Walsh from Macroom, and he is doing ours now.",
      "when do the cows go in for the winter",
    ],
    // The calves in one sentence, a new bull bought in another.
    [
      "We dose the calves with Ivomec for the worms.",
      "Grand weekend. My sister did a leg of veal for the dinner and the calves were roaring all night. Her husband bought a new Hereford bull for me at the sale, he is in with the heifers now.",
      "what wormer do the calves get",
    ],
  ])("%j / %j, asked %j → null", (older, newer, question) => {
    expect(read(older, newer, question)).toBeNull();
  });

  it.each([
    [
      "We bring the cows in for the winter in mid November.",
      "Long week here. We bring the cows in for the winter at the start of October now, with the rain.",
      "when do the cows go in for the winter",
    ],
    [
      "We dose the calves with Ivomec for the worms.",
      "Grand weekend. We switched the calves to Cydectin now, the vet said the worms were getting used to the old one.",
      "what wormer do the calves get",
    ],
    [
      "My phone is a Pixel 6.",
      "Long day. I finally upgraded my phone to an iPhone 15.",
      "What phone do I have?",
    ],
    // A title's full stop ends no sentence (sleep's `sentencesOf`): the slot and the value stay together.
    [
      "My GP is Dr. Hughes at the Elm Street practice.",
      "My GP is Dr. Patel now, the old one retired.",
      "Who is my GP?",
    ],
    [
      "My dentist is Dr. Hughes on the high street.",
      "I changed dentist, it is Dr. Patel now, near the new flat.",
      "Who is my dentist?",
    ],
  ])("%j / %j, asked %j → a slot", (older, newer, question) => {
    expect(read(older, newer, question)).not.toBeNull();
  });
});

describe("slotLifted: the change reaches the clause of the newer that names the asked thing (changeReachesAsked)", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (older: string, newer: string, question: string) =>
    slotLifted(older, newer, askedSlot(question, sharedWordNet())!, question, sharedWordNet());

  it.each([
    // A comment spliced beside the change by a comma: the app is another's, no new value of it.
    [
      "I practise Spanish on Duolingo every morning.",
      "My pension goes into a Nationwide account now, the app is so much nicer.",
      "Which app do I practise Spanish on?",
    ],
    // A relative "which" after the change: what suits the knee is a consequence, no new specialist.
    [
      "My knee specialist is Mr Byrne at the Mater.",
      "I'm doing the mornings now which suits the knee better.",
      "which specialist is looking after my knee",
    ],
    // The asked thing named only in an opening subordinate clause: when or why, not what changed.
    [
      "I cycle to the office along the canal.",
      "Now that the office is being repainted, I work from home on Tuesdays and Fridays.",
      "How do I get to the office?",
    ],
    // A comma splice pointing back at the change with no number: a comment, not a value.
    [
      "I swim 1k every evening before dinner.",
      "I'm training for a triathlon now, it's so much nicer in the evenings.",
      "How far do I swim in the evening?",
    ],
    // A given beside a new thing's arrival: the choir is not what the change is about.
    [
      "Evening service in our chapel is at 6 o'clock, we go most weeks.",
      "We've a new minister, Rev Mensah, from Accra, she gave a fine talk on Sunday, short and warm, the whole chapel was delighted.",
      "what time do I need to be at the chapel of an evening",
    ],
  ])("%j / %j, asked %j → null", (older, newer, question) => {
    expect(read(older, newer, question)).toBeNull();
  });

  it.each([
    // What follows from the change ("so"): the runs are the new value.
    [
      "I swim 1k every evening before dinner.",
      "I'm training for a triathlon now, so it's 2k swims most evenings.",
      "How far do I swim in the evening?",
    ],
    // A comma splice with no "so": a clause pointing back at the change gives its value, a number.
    [
      "I swim 1k every evening before dinner.",
      "I'm training for a triathlon now, it's 2k swims most evenings.",
      "How far do I swim in the evening?",
    ],
    // The main clause after an opening "now that": the change reaches it.
    [
      "I work from home on Thursdays.",
      "Now that the office is being repainted, I work from home on Tuesdays and Fridays.",
      "Which days do I work from home?",
    ],
    // An opening phrase, not a clause: the main clause with its "now" names the asked people.
    [
      "My team is 8 people including me.",
      "After the reorg with the data squad we're 14 people now, and the retros feel endless.",
      "How many people are on my team?",
    ],
    // The asked thing in a clause with "now", the speaker said in another clause of the sentence.
    [
      "my work pension comes to 900 pound a month after tax",
      "got the letter about the pension going up so its 950 a month now after the tax, is that enough for me",
      "how much do i get from my work pension",
    ],
  ])("%j / %j, asked %j → a slot", (older, newer, question) => {
    expect(read(older, newer, question)).not.toBeNull();
  });
});

describe("changeReachesAsked: the clause that names the asked thing says the change or is tied to it", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const reaches = (sentence: string, question: string) =>
    changeReachesAsked(sentence, askedSlot(question, sharedWordNet())!, sharedWordNet());

  it.each([
    [
      "My pension goes into a Nationwide account now, the app is so much nicer.",
      "Which app do I practise Spanish on?",
      false,
    ],
    [
      "I'm doing the mornings now which suits the knee better.",
      "which specialist is looking after my knee",
      false,
    ],
    [
      "since the clocks went back i'm going to bed at ten, i just cant keep my eyes open",
      "where do i get my eyes tested",
      false,
    ],
    [
      "My pension goes into a Nationwide account now, the app is so much nicer.",
      "Which bank does my pension go into?",
      true,
    ],
    [
      "I'm training for a triathlon now, so it's 2k swims most evenings.",
      "How far do I swim in the evening?",
      true,
    ],
    ["I switched my phone to an iPhone 15.", "What phone do I have?", true],
    // A comma splice with no "so": "it's" points back at the change and gives a number.
    [
      "I'm training for a triathlon now, it's 2k swims most evenings.",
      "How far do I swim in the evening?",
      true,
    ],
    [
      "I'm training for a triathlon now, that's 2k swims most evenings.",
      "How far do I swim in the evening?",
      true,
    ],
    // Pointing back with no number: a comment on the change.
    [
      "My pension goes into a Nationwide account now, it's a much nicer app.",
      "Which app do I practise Spanish on?",
      false,
    ],
    // A number in a clause that does not point back at the change: not tied to it.
    [
      "My pension goes into a Nationwide account now, the app has 4 stars.",
      "Which app do I practise Spanish on?",
      false,
    ],
    // below42: a clause read without its opening joiner ("so I'm back to…" says the change).
    [
      "The nursery place fell through, so I'm back to four days a week.",
      "How many days a week do I work?",
      true,
    ],
    // below42: the next clause says the change and points back at what this one names.
    ["that physio in town, I've left her, I'm with a new one now.", "who's my physio", true],
    ["that physio in town, I've moved the gym to Fridays.", "who's my physio", false],
    // A pronoun that is the next clause's subject points at no change of this one's thing.
    ["I take the 40 bus to my choir, it stops right by the church hall.", "Which choir do I sing in?", false],
  ])("%j, asked %j → %j", (sentence, question, expected) => {
    expect(reaches(sentence, question)).toBe(expected);
  });
});

describe("below42: changeBesideAsked — the asked thing named only in a comment after a change of something else", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const beside = (newer: string, question: string) =>
    changeBesideAsked(newer, askedSlot(question, sharedWordNet())!, sharedWordNet());

  it.each([
    [
      "My pension goes into a Nationwide account now, the app is so much nicer.",
      "Which app do I track my runs on?",
    ],
    ["We switched the broadband to Sky last month, the van is still off the road.", "What van do I drive?"],
    ["I've switched to oat milk now, the coffee machine is so loud.", "which coffee machine do we have"],
  ])("beside: %j, asked %j", (newer, question) => expect(beside(newer, question)).toBe(true));

  it.each([
    // The change said in the clause that names the asked thing.
    ["I track my runs on Strava now, the app is free.", "Which app do I track my runs on?"],
    // The asked thing named first, the change after it speaking of it.
    [
      "the flatmate needed faster broadband for work so we upgraded, 900 mbps now.",
      "how fast is our broadband",
    ],
    // A sentence of one clause names it.
    [
      "The app is so much nicer. My pension goes into a Nationwide account now, the app is great.",
      "Which app do I track my runs on?",
    ],
    // No change said at all: not this reading.
    ["The app is lovely, the colours are nice.", "Which app do I track my runs on?"],
    // The asked thing not named.
    ["My pension goes into a Nationwide account now, it's much nicer.", "Which app do I track my runs on?"],
  ])("not beside: %j, asked %j", (newer, question) => expect(beside(newer, question)).toBe(false));
});
