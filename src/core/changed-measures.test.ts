import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../test/support/memory.js";
import {
  anotherMeasure,
  anotherMeasureOfAsked,
  askedWhWord,
  askedWordsSaid,
  asksMeasure,
  foundMeasureOfAsked,
  sameMeasureChanged,
  saysClipped,
  saysNumber,
  topicWordsShared,
  wordsAfterNumbers,
} from "./changed-measures.js";
import type { Memory } from "./engine.js";
import { loadTagger } from "./judge/tagger.js";
import { DATE, DAY_OF_MONTH, SIGNED_NUMBER, TIME_OF_DAY, tagged } from "./typed-values.js";

beforeAll(() => loadTagger());

describe("DATE_MEASURE: a day of a month (typed-values.ts) is asked by when", () => {
  it("a date is asked by when, not by how many", () => {
    expect(asksMeasure("When does the data migration have to be done?", DATE)).toBe(true);
    expect(asksMeasure("What date is the launch?", DATE)).toBe(true);
    expect(asksMeasure("How many people work on the migration?", DATE)).toBe(false);
  });
});

describe("RARE_UNIT: the unit itself links a found measure when the store says it rarely", () => {
  const rare = () => true;
  const none = () => false;
  it.each([
    ["What do I weigh?", "I weigh 84 kg and I'd like to get lighter.", "Down to 79 kg this morning!!", "kg"],
    ["What do I weigh?", "I weigh 84 kg.", "I'm 80 kg this week, finally.", "kg"],
    [
      "How far do I run each week?",
      "I run about 20 km a week, mostly easy.",
      "I'm up to 35 km a week ahead of the half marathon.",
      "km",
    ],
    [
      "How many reviews does a pull request need before merging?",
      "A pull request needs two approvals before merging.",
      "The policy changed, one approval is enough now.",
      "approval",
    ],
  ])("%s: %s → %s", (question, older, newer, unit) => {
    expect(foundMeasureOfAsked(question, older, newer, none, rare)?.unit).toBe(unit);
  });

  it.each([
    // another person's, another thing's
    ["What do I weigh?", "I weigh 84 kg.", "My sister weighs 60 kg now."],
    ["What do I weigh?", "I weigh 84 kg.", "Dad is 90 kg now."],
    ["What do I weigh?", "I weigh 84 kg.", "The suitcase was 23 kg at check-in."],
    // a wish or plan, a question, a refusal
    ["What do I weigh?", "I weigh 84 kg.", "I want to get down to 75 kg by summer."],
    ["What do I weigh?", "I weigh 84 kg.", "Should I get to 75 kg?"],
    ["What do I weigh?", "I weigh 84 kg.", "I won't go back to 90 kg."],
    // another doing: a walk's distance is no swim's
    ["How far do I swim?", "I swim 2,500 metres at the lido.", "I walked 4,000 metres to the market."],
    // another rate: a race's length is no weekly distance
    ["How far do I run each week?", "I run about 20 km a week.", "The half marathon is 21 km."],
  ])("%s: %s / %s: none", (question, older, newer) => {
    expect(foundMeasureOfAsked(question, older, newer, none, rare)).toBeNull();
  });

  it("a unit the store says often links nothing", () => {
    expect(
      foundMeasureOfAsked("What do I weigh?", "I weigh 84 kg.", "Down to 79 kg this morning!!", none, none),
    ).toBeNull();
  });

  it("a glued unit is no word the store can count: it links nothing by itself", () => {
    expect(
      foundMeasureOfAsked(
        "How much sertraline am I taking?",
        "I take 50mg of sertraline.",
        "I'm on 150mg now.",
        none,
        rare,
      ),
    ).toBeNull();
  });

  it("wordsAfterNumbers reads the words said right after a number, without the tagger", () => {
    expect(wordsAfterNumbers("I weigh 84 kg; two approvals, 20 km a week")).toEqual(["kg", "approval", "km"]);
  });
});

describe("OTHER_NUMBER: the same unit with another number", () => {
  it.each([
    [
      "The boiler pressure sits at 1.5 bar.",
      "The engineer topped it up, the boiler is at 1.2 bar now.",
      "bar",
    ],
    ["I swim 2,500 metres on a good day.", "These days I manage 3,000 metres before I tire.", "meter"],
    [
      "We run Kubernetes 1.27 in staging.",
      "Staging got bumped to Kubernetes 1.29 last sprint.",
      "kubernetes",
    ],
    [
      "Pottery class begins at 6:15pm on Wednesdays.",
      "Pottery begins at 7pm since the studio changed hands.",
      TIME_OF_DAY,
    ],
  ])("%s → %s", (older, newer, unit) => {
    expect(anotherMeasure(older, newer)?.unit).toBe(unit);
  });

  it.each([
    // the same number again
    ["The boiler pressure sits at 1.5 bar.", "The boiler is still at 1.5 bar."],
    // different units
    ["I swim three days a week.", "I swim three weeks a year in the sea."],
    // no number on one side
    ["The boiler pressure sits at 1.5 bar.", "The boiler pressure is fine now."],
    // the newer's number is in a question
    ["The boiler pressure sits at 1.5 bar.", "Should the boiler be at 2 bar?"],
  ])("%s / %s: none", (older, newer) => {
    expect(anotherMeasure(older, newer)).toBeNull();
  });
});

describe("ASKS_A_MEASURE: the question's wh-word asks for a number", () => {
  it.each([
    ["How many hours do I sleep?", "hour", true],
    ["How much is the gym membership?", "pound", true],
    ["What pressure is the boiler at?", "bar", true],
    ["Which Kubernetes version is staging on?", "kubernetes", true],
    ["When does pottery class begin?", TIME_OF_DAY, true],
    ["What time does pottery begin?", TIME_OF_DAY, true],
    ["Where do I swim?", "metre", false],
    ["Who fixes our boiler?", "bar", false],
    ["How do I get to pottery?", "minute", false],
    ["What do I do on Wednesdays?", TIME_OF_DAY, false],
  ])("%s (%s): %s", (question, unit, expected) => {
    expect(asksMeasure(question, unit)).toBe(expected);
  });
});

describe("WHEN_ASKS_TIME: a question of when is answered by a point or a span of time", () => {
  it.each([
    // positive: a point or a span of time answers when
    ["when is rent due", DAY_OF_MONTH, true],
    ["when is rent due", DATE, true],
    ["when do I pay £40", DATE, true],
    ["when does the season start on the grass", DATE, true],
    ["which days do I get a visit from the care service", DATE, true],
    ["what day is my sister's wedding", DATE, true],
    ["until when is my seaman's book good", DATE, true],
    ["when's my physio now", "week", true],
    ["what time am I aiming for in the half", "hour", true],
    // negative: money, a percent, a weight or a count answers no when
    ["when is rent due", "KES", false],
    ["when do I pay £40", "£", false],
    ["when does the season start on the grass", "£", false],
    ["when is my mortgage fix up", "percent", false],
    ["what time does the gym open", "kg", false],
    ["which day do I work", "shift", false],
    // a "when" that opens a clause of another question asks no time
    ["how much does the POS take when I withdraw", "₦", true],
    ["how much does the POS take when I withdraw", DATE, false],
    ["how much rent do I pay each month", DAY_OF_MONTH, false],
    // a noun of time that is a compound's modifier asks no when
    ["what time zone am I in for meetings", TIME_OF_DAY, false],
    // "what time" asks a time of day, "which day" a day
    ["which days do I work from home", TIME_OF_DAY, false],
    ["what time is the bus", DATE, false],
    // "when" with its verb written on is read as "when"
    ["when's the walking group", TIME_OF_DAY, true],
    ["when's the walking group", "£", false],
  ])("%s (%s): %s", (question, unit, expected) => {
    expect(asksMeasure(question, unit)).toBe(expected);
  });
});

describe("WH_WITH_ITS_VERB: a wh-word with its verb written on asks as the wh-word does", () => {
  it.each([
    // positive: read as the wh-word
    ["what's each cow averaging in the bucket a day", "l", true],
    ["whats the gym fee now", "£", true],
    ["how's the new boiler", "bar", false],
    // the question's first wh-word decides: a later "when" opens a clause
    ["what's the POS charge when I withdraw", DATE, false],
    ["what's the POS charge when I withdraw", "₦", true],
    // negative: "whose" is its own wh-word; a word that only starts like one is none; "who's" is
    // refused no measure (its insurer's new price lifts "who's our car insured with")
    ["who's our car insured with", "£", true],
    ["whose car do we take to church", "£", false],
    ["whatsapp group fee, how much is it", "£", true],
  ])("%s (%s): %s", (question, unit, expected) => {
    expect(asksMeasure(question, unit)).toBe(expected);
  });

  it.each([
    ["who's my electricity with", { at: 0, word: "who" }],
    ["Tell me what Ana's phone is", { at: 2, word: "what" }],
    ["when’re the kids back", { at: 0, word: "when" }],
    ["I switched banks", null],
  ])("askedWhWord(%s)", (question, expected) => {
    expect(askedWhWord(tagged(question))).toEqual(expected);
  });
});

describe("CLIPPED: a long word said by its front", () => {
  it.each([
    ["prod", "production", true],
    ["config", "configuration", true],
    ["info", "information", true],
    // too short a front, or no shorter than the word
    ["pro", "programme", false],
    ["prod", "prods", false],
    // not the word's front
    ["duct", "production", false],
  ])("%s for %s: %s", (said, word, expected) => {
    expect(saysClipped(new Set([said]), word)).toBe(expected);
  });
});

describe("askedWordsSaid: ASKED_THING without the tagger", () => {
  it.each([
    ["How far do I swim?", "I swim 2,500 metres.", "I swim three thousand metres now.", ["swim"]],
    [
      "How many workers does production run?",
      "Production runs 4 workers.",
      "Prod runs 6 workers.",
      ["production", "run", "worker"],
    ],
    // the newer lacks a word of the question the older says
    ["How far do I swim?", "I swim 2,500 metres.", "I walked 4,000 metres.", null],
    // no number on one side: no measure to compare
    ["How far do I swim?", "I swim 2,500 metres.", "I swim further these days.", null],
  ])("%s / %s / %s", (question, older, newer, expected) => {
    expect(askedWordsSaid(question, older, newer)).toEqual(expected);
  });
});

describe("anotherMeasureOfAsked: another measure of what the question asks", () => {
  it.each([
    [
      "What pressure is the boiler at?",
      "The boiler pressure sits at 1.5 bar.",
      "The engineer came round and the boiler pressure is at 1.2 bar. Is that too low for winter?",
    ],
    [
      "How far do I swim?",
      "I swim 2,500 metres on a good day.",
      "The new goggles help, I swim 3,000 metres now. Any drills for my kick?",
    ],
    [
      "What size bike frame does Omar ride?",
      "Omar rides a size 54 frame.",
      "Omar had a growth spurt, he rides a size 56 frame now. Which brands run large?",
    ],
    // CLIPPED: "prod" says "production"
    [
      "How many workers does the production cluster run?",
      "The production cluster runs 4 workers.",
      "Traffic doubled, so the prod cluster runs 6 workers now. How do I autoscale?",
    ],
    // NO_OTHER_MODIFIER: a modifier on one side only narrows nothing
    [
      "What is the cache timeout?",
      "The cache timeout is 20 seconds.",
      "We raised it, the staging cache timeout is 45 seconds now.",
    ],
    // MODIFIER_LEFT_OUT: a question word the older writes before a noun the newer says bare
    [
      "What dose is Gran on for her cholesterol?",
      "Gran's cholesterol tablet is atorvastatin 20mg, once a day.",
      "Gran's tablet went up to 40mg last week.",
    ],
    [
      "When is my next eye test?",
      "Next eye test 3 March at the optician.",
      "the optician moved my test to 17 March",
    ],
    // NOT_ASKED: the number asked of someone, then said again as what holds
    [
      "What temperature is our thermostat set to?",
      "We keep the thermostat at 19 degrees.",
      "My partner asked if the thermostat could go to 21 degrees, so the thermostat is at 21 degrees now.",
    ],
    [
      "How far do I run on Sundays?",
      "I run 10 km on Sundays.",
      "The coach asked whether I'd cut back; I run 8 km on Sundays now.",
    ],
  ])("%s", (question, older, newer) => {
    expect(anotherMeasureOfAsked(question, older, newer)).not.toBeNull();
  });

  it.each([
    // ASKED_THING: the newer does not say what the question asks of the older ("swim")
    ["How far do I swim?", "I swim 2,500 metres on a good day.", "I walked 4,000 metres to the market."],
    // ASKS_A_MEASURE: a place is asked
    ["Where do I swim?", "I swim 2,500 metres at the lido.", "I swim 3,000 metres at the lido now."],
    // ASKS_A_MEASURE: a time of day answers no question of what
    [
      "Where do I volunteer?",
      "I volunteer at the food bank at 9am on Saturdays.",
      "I volunteer with the choir, rehearsals at 6pm.",
    ],
    // ASKED_THING: a front too short to be the word ("pro" for "programme")
    ["How many seats does the programme have?", "The programme has 30 seats.", "The pro tier has 40 seats."],
    // NO_OTHER_MODIFIER: one kind of timeout each, narrowed by another word
    [
      "What is the cache timeout?",
      "The staging cache timeout is 20 seconds.",
      "The production cache timeout is 45 seconds, I checked this morning.",
    ],
    [
      "How big is the upload limit?",
      "The customer portal upload limit is 10 megabytes.",
      "The billing admin upload limit is 50 megabytes.",
    ],
    // ASKED_THING: the only word of the question both say is the rate's ("month")
    [
      "How much do I save each month?",
      "I put £300 a month into savings.",
      "I give £25 a month to the hospice.",
    ],
    // NO_OTHER_HOLDER: another person's measure, and the question names no one
    [
      "What pressure is the boiler at?",
      "The boiler pressure sits at 1.5 bar.",
      "My neighbour says she keeps her boiler at 2 bar.",
    ],
    // NO_OTHER_HOLDER: a named person the question asks about, and the older names another
    [
      "What size bike frame does Omar ride?",
      "Omar rides a size 54 frame.",
      "His sister rides a size 50 frame, she loves it.",
    ],
    // NOT_PLANNED: a number said only as a plan or a supposition
    [
      "What temperature is our thermostat set to?",
      "We keep the thermostat at 19 degrees.",
      "We're going to turn the thermostat down to 18 degrees next month.",
    ],
    [
      "What temperature is our thermostat set to?",
      "We keep the thermostat at 19 degrees.",
      "Maybe the thermostat could go to 20 degrees when the baby comes.",
    ],
    // MODIFIER_LEFT_OUT: the noun said bare is narrowed by another word on the newer's side…
    [
      "How much is my gym membership?",
      "My gym membership is £40 a month.",
      "My swim club membership is £55 a month.",
    ],
    // …the question word left out narrows nothing the newer says (a number follows it)…
    ["How far do I run on Sundays?", "I run 10 km on Sundays.", "Sundays I walked 8 km."],
    // …the newer says the noun only as a verb…
    [
      "When is my next eye test?",
      "Next eye test 3 March at the optician.",
      "Essay now due 17 March, so I can test the new lenses.",
    ],
    // …or it is written after the noun, not before it
    [
      "How many physio sessions does Dad have for his knee?",
      "Dad's physio for his knee is 2 sessions a week.",
      "Dad's physio is 3 sessions a week now.",
    ],
    // NOT_ASKED: a number said only inside a reported question
    [
      "How fast does our club ride?",
      "Our club rides at 28 km/h on the flats.",
      "Someone in the group chat asked whether the club could ride at 31 km/h, nobody answered.",
    ],
    [
      "What temperature is our thermostat set to?",
      "We keep the thermostat at 19 degrees.",
      "My partner wondered if the thermostat could go up to 21 degrees.",
    ],
    [
      "How many hours do I work a week?",
      "I work 36 hours a week.",
      "My manager asked me whether I would work 40 hours a week.",
    ],
  ])("%s / %s / %s: none", (question, older, newer) => {
    expect(anotherMeasureOfAsked(question, older, newer)).toBeNull();
  });
});

describe("recall: the newer of two measures of what the question asks ranks above the older", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it("a turn left as itself (it ends in a question) gives another measure", async () => {
    mem = await sleptChat([
      { text: "The boiler pressure sits at 1.5 bar, the gauge is in the airing cupboard.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      {
        text: "The engineer came round yesterday and the boiler pressure is at 1.2 bar. Is that too low for winter?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("What pressure is the boiler at?", { k: 5 });
    const newer = hits.findIndex((h) => /1\.2 bar/.test(h.text));
    const older = hits.findIndex((h) => /1\.5 bar/.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
  });

  it("another thing's number leaves the older first", async () => {
    mem = await sleptChat([
      { text: "I swim 2,500 metres at the lido most mornings.", day: 0 },
      {
        text: "I walked 4,000 metres to the market and back today. What shoes are good for walking?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("How far do I swim?", { k: 5 });
    expect(hits[0]?.text).toMatch(/2,500 metres/);
  });

  it("NOT_ASKED: a number asked of someone leaves the older first", async () => {
    mem = await sleptChat([
      { text: "Our club rides at 28 km/h on the flats, perfect for me.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      {
        text: "Someone in the group chat asked whether the club could ride at 31 km/h, nobody answered, nothing changed.",
        day: 20,
      },
    ]);
    const hits = await mem.recall("How fast does our club ride?", { k: 5 });
    expect(hits[0]?.text).toMatch(/28 km\/h/);
  });
});

describe("SAME_TOPIC_WORD: a statement found by its unit measures the same thing", () => {
  it.each([
    // a percent, linked by "fix"/"fixed"; the newer in a given clause
    [
      "What is the loan's interest rate?",
      "The loan is fixed at 3.9% for two years.",
      "Now that the fix is over and we pay 6.1%, should we switch lenders?",
      "percent",
    ],
    // a signed number, linked by "eyes"; the newer never says "prescription"
    [
      "What is my glasses prescription?",
      "My glasses prescription is -1.50 for both eyes.",
      "The optician tested my eyes again and the new lenses are -1.75.",
      SIGNED_NUMBER,
    ],
    // a time of day, linked by "lesson"; the newer never says "piano"
    [
      "What time is the piano lesson?",
      "The piano lesson is at 4pm at Mrs Hale's.",
      "The lesson moved to 5:15pm because the studio is busy earlier.",
      TIME_OF_DAY,
    ],
    // a day of a month, linked by "appointment"
    [
      "When is the dentist appointment?",
      "The dentist appointment is on 3 March.",
      "The appointment moved to 17 March.",
      DATE,
    ],
    // the question names the holder; the newer's "she" may be that one
    [
      "What shoe size is Isla?",
      "Isla is a size 10 in kids' shoes.",
      "Isla's feet grew again, she's a size 12 now.",
      "size",
    ],
  ])("%s: %s → %s", (question, older, newer, unit) => {
    expect(foundMeasureOfAsked(question, older, newer)?.unit).toBe(unit);
  });

  it.each([
    // only the unit is shared
    [
      "What is our weekly grocery budget?",
      "We keep groceries to £90 a week.",
      "I spend £20 a week on coffee.",
    ],
    // a date's month is its value, no topic word (it linked the two before values37)
    ["When is the book club?", "The book club is on 3 March.", "My haircut is on 17 March."],
    ["when is the grant due", "the grant is due feb 15", "my talk at lab meeting is feb 20"],
    // the unit as said ("metres") is no topic word
    ["How far do I swim?", "I swim 2,500 metres at the lido.", "I walked 4,000 metres to the market."],
    // a word the linking test refuses (said in many statements)
    [
      "What time is the piano lesson?",
      "The lesson is at 4pm, the kids love it.",
      "The kids eat at 5:15pm now.",
    ],
    // the older measures another thing of the asked kind (NO_OTHER_MODIFIER with the question)
    [
      "What is our kitchen renovation budget?",
      "We raised the food budget to £110 a week.",
      "Food is at £125 a week now.",
    ],
    // the older says no word of the question
    ["What time is the piano lesson?", "The bus is at 4pm.", "The bus comes at 4:20pm now."],
    // another person's number (NO_OTHER_HOLDER)
    [
      "What is my glasses prescription?",
      "My glasses prescription is -1.50 for both eyes.",
      "Her eyes are worse, she is at -3.00.",
    ],
    // the question names the older's holder, and the newer says its number of another (NO_OTHER_HOLDER, named)
    [
      "What shoe size is Rory?",
      "Rory's a size 11 in children's shoes.",
      "Rory's sister Mia is a size 9 now.",
    ],
    // the search says the older's number: it asks about that value (ASKS_THE_OLDER)
    [
      "thermostat 19 degrees",
      "We keep the thermostat at 19 degrees.",
      "With the baby here the thermostat sits at 20.5 degrees.",
    ],
    [
      "Is the glasses prescription still -1.50?",
      "My glasses prescription is -1.50 for both eyes.",
      "The optician tested my eyes again and the new lenses are -1.75.",
    ],
    // a plan (NOT_PLANNED)
    [
      "What latency target does checkout have?",
      "Our p95 latency target for the checkout API is 300ms.",
      "Product is going to tighten the checkout SLO to 200ms next quarter.",
    ],
  ])("%s: %s / %s: none", (question, older, newer) => {
    const linking = (w: string) => w !== "kid";
    expect(foundMeasureOfAsked(question, older, newer, linking)).toBeNull();
  });

  it.each([
    ["PostgreSQL 15 port 5432", ["15"], true],
    ["Is it still £1,200 a month?", ["1200"], true],
    ["Is it still ₹41,650 a month?", ["41650"], true],
    ["Is the room still 640€?", ["640"], true],
    ["Is the room still 640€?", ["64"], false],
    ["Are we on 2.1%?", ["2.1"], true],
    ["Do I still work two days a week?", ["two"], true],
    ["What is our mortgage rate?", ["2.1"], false],
    ["Which port after 15432?", ["5432"], false],
    // values38: a value, not its digits ("$60k" says 60000; "one hundred and eighty dollars" 180)
    ["Is the bonus still $60k?", ["60000"], true],
    ["Is it still one hundred and eighty dollars for the year?", ["180"], true],
    ["Is the bonus still $60k?", ["60"], false],
    ["Is it still one hundred and eighty dollars?", ["100"], false],
  ] as const)("saysNumber(%s, %j) → %s", (text, values, says) => {
    expect(saysNumber(text, values)).toBe(says);
  });

  it("topicWordsShared leaves out numbers and the words of a unit or rate", () => {
    const shared = topicWordsShared("The lesson is at 4pm, £30 a week.", "The lesson is at 5pm, £35 a week.");
    expect(shared).toEqual(["lesson"]);
  });
});

describe("recall: a newer measure the question's words do not find is listed above the older", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it("found by the older's words, another percent", async () => {
    mem = await sleptChat([
      { text: "Our loan is fixed at 3.9% until the autumn.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      { text: "Now that the fix is over and we pay 6.1%, should we switch lenders?", day: 20 },
    ]);
    const hits = await mem.recall("What is our loan interest rate?", { k: 5 });
    const newer = hits.findIndex((h) => /6\.1%/.test(h.text));
    const older = hits.findIndex((h) => /3\.9%/.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
  });

  it("the unit alone finds nothing", async () => {
    mem = await sleptChat([
      { text: "We keep groceries to £90 a week for the family.", day: 0 },
      { text: "I spend about £20 a week on coffee, which is silly. Any cheaper habits?", day: 20 },
    ]);
    const hits = await mem.recall("What is our weekly grocery budget?", { k: 5 });
    expect(hits[0]?.text).toMatch(/£90/);
  });
});

describe("sameMeasureChanged: another measure of the same thing, with no question (the lexical judge)", () => {
  it.each([
    // SAME_TOPIC_WORD: "boiler pressure", "greenhouse", "magnesium"; CLIPPED: "prod" / "production".
    [
      "The boiler pressure sits at 1.5 bar.",
      "After the plumber came the boiler pressure is at 1.2 bar.",
      "bar",
    ],
    [
      "We keep the greenhouse at 24 degrees.",
      "With seedlings in the trays the greenhouse sits at 26 degrees.",
      "degree",
    ],
    [
      "I take 500 mg of magnesium every night.",
      "The GP said my levels were low, so I'm taking 800 mg of magnesium now.",
      "mg",
    ],
    [
      "Our production cluster runs Kubernetes 1.27.",
      "We upgraded the prod cluster to Kubernetes 1.29.",
      "kubernetes",
    ],
    // a currency's amount scaled by its multiplier (values37)
    ["My salary is ₹5 lakh a year.", "My salary went up to ₹6 lakh a year.", "₹ a year"],
  ] as const)("%s / %s: taken (%s)", (older, newer, unit) => {
    expect(sameMeasureChanged(older, newer)?.unit).toBe(unit);
  });

  it.each([
    // SAME_TOPIC_WORD: only the unit shared, or only a function word ("every").
    ["I run 5 miles on Saturdays.", "I walked 3 miles to the station."],
    ["We publish every three weeks.", "We deploy every 3 weeks."],
    // NO_OTHER_HOLDER, named: the noun phrase before the number's verb (chain) is not the older's.
    ["I take 500 mg of magnesium every night.", "My son now takes 200 mg of magnesium."],
    ["I take 500 mg of magnesium every night.", "My son started taking 200 mg of magnesium."],
    ["api-gateway runs Node 18.", "api-gateway-canary runs Node 20."],
    // …and a scaled amount's holder is read where it is written (values37: "₹6 lakh" is 600000)
    ["My salary is ₹5 lakh a year.", "Priya's salary is ₹6 lakh a year."],
    // A name the tagger reads as a verb ("email-worker") is still the holder's.
    ["The billing-api service listens on port 8080", "The email-worker service now listens on port 9090"],
    // NAMES_WHICH: a number in the subject, before the verb, names which thing.
    ["The 2022 budget was 3 million.", "The 2023 budget was 3 million."],
    ["Invoice #1207 is paid.", "Invoice #1208 is paid."],
    // NO_OTHER_MODIFIER; OTHER_NUMBER (the same number again).
    ["The staging cluster runs 3 worker nodes.", "The production cluster runs 12 worker nodes."],
    ["The boiler pressure sits at 1.5 bar.", "The boiler pressure is still 1.5 bar."],
  ] as const)("%s / %s: refused", (older, newer) => {
    expect(sameMeasureChanged(older, newer)).toBeNull();
  });
});
