import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../test/support/memory.js";
import { sharedWordNet } from "../lexicon/wordnet.js";
import type { Memory } from "./engine.js";
import { loadTagger } from "./judge/tagger.js";
import {
  askedPhraseWords,
  askedSlot,
  asksAbout,
  asksOfRecall,
  fillsAskedSlot,
  fillsAskedThing,
  namedSubject,
  namesAskedPhrase,
  namesAskedThing,
  namesOtherValue,
  opensWithOthersState,
  outsideReasons,
  personCompound,
  rateUnits,
  saysChangedState,
  saysOthersState,
  sharedSlot,
  slotsOf,
  takesDayInstead,
  takesTimeOfDay,
  unclipped,
  valueLeftUnsaid,
} from "./state-slots.js";
import { contentTokens } from "./text.js";

beforeAll(() => loadTagger());

describe("saysChangedState: a state changed or holds now, read from the language", () => {
  it.each([
    "Anyway I finally upgraded my phone to an iPhone 15 over the weekend.",
    "The landlord raised the rent to $2,050 starting next month, ugh.",
    "I hurt my shoulder so I gave up climbing and took up pottery instead.",
    "Lately my afternoon drink is matcha.",
    "These days I use Neovim instead of Sublime.",
    "Yoga class switched to Saturday mornings.",
    // A change decided or instructed, reported as made.
    "The vet said to switch the cat off Purina.",
    "The weekly retro was productive, we agreed to cut two meetings.",
    "Last weekend I joined a mentorship program.",
  ])("yes: %s", (s) => expect(saysChangedState(s)).toBe(true));

  // A verb of change that wishes, plans, advises or refuses a change says none happened.
  it.each([
    "Keep going and never give up!",
    "I won't quit on my dreams.",
    "I'm gonna start a dance studio.",
    "I wanna start a dance studio so I can teach others.",
    "Joining a church can be really encouraging.",
    "Proud of you for starting your own business!",
    "Don't let anything stop you.",
  ])("not done: %s", (s) => expect(saysChangedState(s)).toBe(false));

  it.each([
    "My phone is a Pixel 6, the camera is great.",
    "Should I switch my phone to an iPhone?",
    "If we moved to Lisbon we would learn Portuguese.",
    "The kids had a great time at the lake.",
  ])("no: %s", (s) => expect(saysChangedState(s)).toBe(false));
});

describe("HABITUAL_PRESENT: a third-person present of a change verb is a habit or a timetable, not a change", () => {
  it.each([
    "The bus leaves at 7 from the corner.",
    "She stops at the shop on the way home.",
    "The gym closes at 10 on weekdays.",
    "He switches shifts every month.",
    "The caravan club leaves on the first of October.",
    "Sanjay starts at the bakery at 6.",
  ])("habit: %s", (s) => expect(saysChangedState(s)).toBe(false));

  it.each([
    // set against what held before
    "The bus leaves from stand 4 now.",
    "The bus now leaves at 8.",
    "From next week the gym closes at 9.",
    // one arranged occasion
    "Sanjay starts at the bakery this Monday.",
    "The rent becomes £900 from April.",
    "Priya starts at the clinic in 3 weeks.",
    // the past and the perfect are read as before
    "She's stopped going to the gym.",
    "The gym closed early all summer.",
    "My sister moved to Lyon.",
  ])("change: %s", (s) => expect(saysChangedState(s)).toBe(true));
});

describe("saysChangedState, holds since: a perfect of be that runs up to now", () => {
  it.each([
    "I've been going to bed at 10:30 since the baby arrived.",
    "We've been on the Pro plan for the past month.",
    "My sister has been living in Lyon since May.",
    "I have been running 10k for the last two weeks.",
  ])("yes: %s", (s) => expect(saysChangedState(s)).toBe(true));

  it.each([
    // A visit, a negation, no span up to now, no person: none says a state of theirs holds now.
    "I've been to Lisbon since the wedding.",
    "I haven't been sleeping well since Tuesday.",
    "I've been a fan for ages.",
    "It's been raining since Monday.",
    "I went to bed at 10:30 since I was tired.",
    "Have you been sleeping since the baby arrived?",
    // A perfect whose subject is no person of the speaker's judges or reports.
    "It's been tough going since I lost my job.",
    "It has been a really fulfilling experience for me since then.",
    "They've been there for me since the wedding.",
  ])("no: %s", (s) => expect(saysChangedState(s)).toBe(false));
});

describe("slotsOf and sharedSlot: (subject, attribute) from the tagger", () => {
  const asked = (q: string) => new Set(contentTokens(q));

  it("reads whose a noun is: the speaker's unless a possessive names another", () => {
    expect(slotsOf("My phone is a Pixel 6.")).toContainEqual(
      expect.objectContaining({ subject: "speaker", attribute: "phone", central: true }),
    );
    expect(slotsOf("Ana's phone is a Pixel.")).toContainEqual(
      expect.objectContaining({ subject: "ana", attribute: "phone" }),
    );
  });

  it.each([
    ["What phone do I have?", "My phone is a Pixel 6.", "I finally upgraded my phone to an iPhone 15."],
    [
      "How far do I run in the morning?",
      "I run 5k every morning.",
      "I'm training now, so it's 10k runs most mornings.",
    ],
    [
      "How much am I asking for?",
      "I'm asking for 95k in the salary negotiation.",
      "I'm going to ask for 110k instead.",
    ],
    [
      "What milk do I take in my coffee?",
      "I drink my coffee with oat milk.",
      "I've stopped oat milk, almond milk is better now.",
    ],
  ])("same slot: %s", (q, older, newer) => expect(sharedSlot(older, newer, asked(q))).not.toBeNull());

  it.each([
    // Another person's phone is another slot.
    ["What phone do I have?", "My phone is a Pixel 6.", "Ana's phone is now an iPhone 15."],
    // A circumstance of both ("at work", "for work") is not what either is about.
    ["Where do I work?", "Long day at work. Chaos.", "I got a MacBook Pro for work, the ThinkPad went back."],
    // Two compounds on one noun are two attributes.
    [
      "What phone plan do I have?",
      "My phone plan is 20 GB a month.",
      "I upgraded my phone case to a leather one.",
    ],
    // A system's states are said in parallel, one attribute each: the judge's, not a slot's.
    [
      "What region is the search-svc service in?",
      "The search-svc service was moved to ap-southeast-2.",
      "Ownership of the search-svc service moved from Ravi to Felix.",
    ],
    // A statement about the world, not in the first person.
    [
      "What is the API rate limit?",
      "The API rate limit is 100 requests per minute.",
      "The webhook retry limit got bumped to 5 attempts.",
    ],
    // The question does not ask about what they share.
    [
      "What time do I go to bed?",
      "I go to Iron Temple gym three times a week.",
      "I relocated to Austin so I'm on Central Time now.",
    ],
  ])("another slot: %s", (q, older, newer) => expect(sharedSlot(older, newer, asked(q))).toBeNull());
});

describe("askedSlot: a question about a state that holds now, and whose", () => {
  it.each([
    ["What phone do I have?", "speaker", ["phone"]],
    ["Which team am I on?", "speaker", ["team"]],
    ["What's my afternoon drink?", "speaker", ["afternoon", "drink"]],
    ["Where does my sister live?", "speaker", ["sister"]],
    ["How far do I run in the morning?", "speaker", ["run"]],
    ["What have I been drinking lately?", "speaker", ["drink"]],
    ["What is Ana's phone?", "ana", ["phone"]],
    ["What instruments does Melanie play?", "melanie", ["instrument"]],
  ])("current: %s", (question, subject, attributes) => {
    const slot = askedSlot(question);
    expect(slot?.subject).toBe(subject);
    for (const a of attributes) expect(slot?.attributes).toContain(contentTokens(a)[0]);
    // The person asked about is whose the state is, never what it is about.
    expect(slot?.attributes).not.toContain(subject);
  });

  it.each([
    // Past events.
    "When did Caroline go to the LGBTQ support group?",
    "What did I paint last weekend?",
    "Which phone did I have before the upgrade?",
    "Where was my sister living in 2020?",
    // A present perfect is an event, unless said as now.
    "What has Melanie painted?",
    // Modals ask what may be.
    "Would Caroline still want to pursue counseling?",
    // A thing's or the world's state is no person's slot.
    "What is the API rate limit?",
    // Not a question; no attribute to ask.
    "My phone is a Pixel 6.",
    "What does Melanie do to destress?",
  ])("not a person's current state: %s", (question) => expect(askedSlot(question)).toBeNull());
});

describe("namesOtherValue: the newer names a value the older does not", () => {
  const asked = new Set(["phone"]);
  it.each([
    ["My phone is a Pixel 6.", "I finally upgraded my phone to an iPhone 15."],
    ["I'm vegetarian, have been since college.", "I've gone fully vegan as of this month."],
  ])("yes: %s / %s", (older, newer) => expect(namesOtherValue(older, newer, asked)).toBe(true));

  it.each([
    ["My phone is a Pixel 6.", "My phone is still the Pixel 6."],
    ["My phone is a Pixel 6, the camera is great.", "I still love my Pixel 6 phone, great camera."],
  ])("no: %s / %s", (older, newer) => expect(namesOtherValue(older, newer, asked)).toBe(false));
});

describe("slotsOf: phrases end at punctuation; a possessed word is no subject", () => {
  it("keeps a comma's two noun phrases apart", () => {
    const milk = slotsOf("I drink my coffee with oat milk, dairy upsets my stomach.").find(
      (s) => s.attribute === "milk",
    );
    expect(milk?.compound).toEqual(["oat", "milk"]);
    expect(
      sharedSlot(
        "I drink my coffee with oat milk, dairy upsets my stomach.",
        "I've stopped oat milk, almond milk tastes better to me now.",
        new Set(["milk", "coffee"]),
      ),
    ).toMatchObject({ subject: "speaker", attribute: "milk" });
  });

  it("reads a hyphenated word after a possessive as a modifier, not as whose", () => {
    expect(slotsOf("My go-to afternoon drink is Earl Grey tea.")).toContainEqual(
      expect.objectContaining({ subject: "speaker", attribute: "drink" }),
    );
    // An identifier that opens the sentence still says whose the state is.
    expect(slotsOf("checkout-svc region is eu-west-1.")).toContainEqual(
      expect.objectContaining({ subject: "checkout-svc", attribute: "region" }),
    );
  });
});

describe('slotsOf: whose verb it is — a clause\'s own subject, and the causative "drive"', () => {
  const verbs = (text: string) =>
    slotsOf(text)
      .filter((s) => s.subject === "speaker")
      .map((s) => s.attribute);

  it.each([
    // After punctuation, a noun before the verb is its own subject.
    ["I dropped Evernote for Obsidian, the sync was driving me mad.", "drive"],
    ["I quit my job, the commute was killing me.", "kill"],
    ["I run 5k, my knees hurt afterwards.", "hurt"],
    // "drive someone mad / up the wall": done to someone, nobody drives.
    ["I'm driving myself crazy over this car.", "drive"],
    ["The commute drives me nuts so I cycle now.", "drive"],
    ["The commute drives me nuts so I cycle now.", "nut"],
    ["Honestly the old Golf drove us up the wall.", "wall"],
  ])("%s: no speaker's %s", (text, attribute) => expect(verbs(text)).not.toContain(attribute));

  it.each([
    ["I'm driving a Tesla now.", "drive"],
    ["I drive us to school every morning.", "drive"],
    ["I sold the Golf, now I'm driving a Subaru.", "drive"],
    ["I dropped Evernote, started using Obsidian.", "start"],
    ["The commute drives me nuts so I cycle now.", "cycle"],
  ])("%s: the speaker's %s", (text, attribute) => expect(verbs(text)).toContain(attribute));

  it('"What car do I drive?" is not filled by a sync driving the speaker mad', () => {
    const asked = askedSlot("What car do I drive?")!;
    expect(fillsAskedSlot("I dropped Evernote for Obsidian, the sync was driving me mad.", asked)).toBeNull();
    expect(fillsAskedSlot("I'm driving a Tesla now.", asked)).not.toBeNull();
  });
});

describe("takesDayInstead: the speaker's newer activity takes the older's recurring day, \"instead\"", () => {
  it.each([
    [
      "I volunteer at the food bank on Saturdays.",
      "These days I help out at the animal shelter on Saturdays instead.",
      "saturday",
    ],
    [
      "I go to a spin class at the YMCA on Thursday evenings.",
      "These days I do kickboxing at a gym on Main Street on Thursday evenings instead.",
      "thursday",
    ],
    [
      "We play five-a-side every Sunday.",
      "We're doing a pub quiz on Sundays instead, my knee needed the rest.",
      "sunday",
    ],
  ])("takes: %s / %s", (older, newer, day) => expect(takesDayInstead(older, newer)).toBe(day));

  it.each([
    // The older's day is the value it gives, not when an activity is done.
    ["We moved standup to Thursdays.", "These days I do kickboxing on Thursday evenings instead."],
    // What it replaces is named: the retirement and frame readers decide.
    [
      "I volunteer at the food bank on Saturdays.",
      "I help out at the animal shelter on Saturdays instead of the library.",
    ],
    // Another day, or no "instead".
    ["I go to a spin class on Thursday evenings.", "These days I do kickboxing on Tuesday evenings instead."],
    ["I volunteer at the food bank on Saturdays.", "I also help out at the animal shelter on Saturdays."],
    // No clause of the speaker's.
    ["I take the bus on Mondays.", "My flatmate takes the train on Mondays instead."],
    // A plan or a wish ("I'll", "I'd": SPEAKER_CLAUSE leaves them out) takes no day yet.
    ["I go to a spin class on Thursday evenings.", "I'll do kickboxing on Thursday evenings instead."],
    ["I go to a spin class on Thursday evenings.", "I’d do kickboxing on Thursday evenings instead."],
  ])("does not take: %s / %s", (older, newer) => expect(takesDayInstead(older, newer)).toBeNull());
});

describe("takesTimeOfDay: the speaker's newer change takes the older's daily time, leaving what it replaces unsaid", () => {
  const lexicon = sharedWordNet();
  const older = "I practise Italian on Memrise every evening.";
  it.each([
    // WordNet has the evening as "the early part of night".
    ["I've moved over to Babbel now, twenty minutes before dinner each night.", "night"],
    ["I switched to Busuu every evening.", "evening"],
    ["These days I do a crossword every evening instead.", "evening"],
  ])("takes: %s → %s", (newer, time) => expect(takesTimeOfDay(older, newer, lexicon)).toBe(time));

  it.each([
    // What it replaces is named.
    "I've moved from Memrise to Babbel, each night before dinner.",
    "I do a crossword every evening instead of the app.",
    // No change that leaves it unsaid.
    "I also read every night before bed.",
    // A weekly time is not a daily one; a time that is neither part nor whole of the evening.
    "These days I do kickboxing on Thursday evenings instead.",
    "I've moved over to Babbel now, every morning on the train.",
    // Not the speaker's clause.
    "My flatmate switched to Babbel every night.",
  ])("does not take: %s", (newer) => expect(takesTimeOfDay(older, newer, lexicon)).toBeNull());
});

describe("recall: a change that takes the older's daily time ranks above it", () => {
  let mem: Memory;
  afterEach(() => mem?.close());
  const older = "I practise Italian on Memrise every evening.";

  it("lists the newer first, saying why", async () => {
    const update =
      "Our landlord is finally fixing the boiler next week. I've moved over to Babbel now, twenty minutes before dinner each night. Any tips for dealing with a slow landlord?";
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: update, day: 20 },
    ]);
    const hits = await mem.recall("Which app do I practise Italian on?", { k: 5 });
    expect(hits[0]?.text).toBe("I've moved over to Babbel now, twenty minutes before dinner each night.");
    expect(hits[0]?.why.summary).toContain("takes its time of day");
    expect(hits.findIndex((h) => h.text === older)).toBeGreaterThan(0);
  });

  it("not for a weekly time, nor when the question asks when", async () => {
    mem = await sleptChat([
      { text: older, day: 0 },
      { text: "These days I do kickboxing on Thursday evenings instead.", day: 20 },
      { text: "I've moved over to Babbel now, every night.", day: 21 },
    ]);
    const hits = await mem.recall("When do I practise Italian?", { k: 5 });
    expect(hits.some((h) => h.why.summary.includes("takes its time of day"))).toBe(false);
  });
});

describe("askedSlot: what the question asks about, not its answer's type nor its circumstances", () => {
  it.each([
    // The wh-noun of a question that asks when is the answer's type.
    ["What time do I go to bed?", ["bed"]],
    ["Which days do I play squash?", ["play", "squash"]],
    // A compound headed by another noun asks that noun.
    ["What time zone is my sister on?", ["time", "zone", "sister"]],
  ])("%s → attributes %j", (question, attributes) => {
    expect([...askedSlot(question)!.attributes].sort()).toEqual([...attributes].sort());
  });

  it.each([
    // Kinds are read of the heads of the central phrases only.
    ["Which Python version does our service run in staging?", ["version", "service"]],
    ["What time zone am I on for calls?", ["zone"]],
    ["What is my grocery budget?", ["budget"]],
    ["What biscuit do I dunk in my tea?", ["biscuit", "tea"]],
  ])("%s → nouns %j", (question, nouns) => {
    expect([...askedSlot(question)!.nouns].sort()).toEqual([...nouns].sort());
  });
});

describe("slotsOf: a numeral counts a noun", () => {
  it("reads a verb-tagged word after a numeral as the noun it counts", () => {
    const runs = slotsOf("Since the new job it's 8k runs most evenings.").find((s) => s.attribute === "run");
    expect(runs).toMatchObject({ verb: false, noun: "run" });
  });
});

describe("asksAbout / fillsAskedThing: a statement fills the asked slot by the head of its phrase", () => {
  const lexicon = sharedWordNet();
  it.each([
    ["What is our favourite pizzeria?", "Our new favourite pizzeria is Franco's on the high street."],
    ["What is my savings target?", "I raised my savings target to 300 a month."],
    [
      "How far do I cycle in the evening?",
      "These days it's 30k rides most evenings, and I cycle every Sunday.",
    ],
    ["Which laptop do I use for work?", "I've switched to a Framework laptop now."],
    // A kind of the asked noun, read through WordNet.
    ["What is our dog called?", "We've renamed the poodle Pepper now."],
  ])("fills: %s ← %s", (question, statement) => {
    const asked = askedSlot(question)!;
    const slot = fillsAskedThing(statement, asked, lexicon);
    expect(slot).not.toBeNull();
    expect(asksAbout(slot!, asked)).toBe(true);
  });

  it.each([
    // Another head: a walk, a café, a schedule.
    ["What is our cat called?", "I've moved the cat flap to the back door now."],
    ["What is our favourite pizzeria?", "My favourite bakery these days is Crumbs."],
    // A modifier of the question's compound, in a circumstance.
    ["What is my savings target?", "We moved our savings to Marcus now."],
    // A circumstance of the question ("in the evening"), and the question's noun as a verb.
    ["How far do I cycle in the evening?", "I switched to decaf in the evenings now."],
    ["Which canoe do I paddle?", "I canoe to the island every summer now."],
  ])("does not fill: %s ← %s", (question, statement) => {
    const asked = askedSlot(question)!;
    expect(fillsAskedSlot(statement, asked, lexicon)).not.toBeNull(); // in the question's words
    expect(fillsAskedThing(statement, asked, lexicon)).toBeNull();
  });
});

describe("valueLeftUnsaid: the one value of the older's a change leaving it unsaid can replace", () => {
  it.each([
    ["I practise Spanish on Busuu every morning.", "Which app do I practise Spanish on?", "Busuu"],
    ["I do my stretches with Peloton every night.", "What do I do my stretches with?", "Peloton"],
  ])("%s / %s → %s", (older, question, value) => expect(valueLeftUnsaid(older, question)).toBe(value));

  it.each([
    // Two values the question does not name: the change may replace either.
    ["I'm studying Korean with Anki every evening.", "Which language am I studying?"],
    // None.
    ["I go for a swim every morning.", "Where do I swim?"],
  ])("%s / %s → null", (older, question) => expect(valueLeftUnsaid(older, question)).toBeNull());
});

describe("namesAskedThing: a statement names what the question asks, outside the clause that says why", () => {
  it.each([
    ["Which team am I on?", "I transferred to the search team last week, so different codebase now."],
    ["What is my therapist's name?", "Helen moved away, so now I see a therapist named Joaquin on Tuesdays."],
    [
      "Where do we do our grocery shopping?",
      "We switched to Lidl for groceries since it opened two blocks away.",
    ],
    [
      "How do I get into the city?",
      "Because the 8:15 got cancelled, I catch the 7:40 express bus into the city now.",
    ],
    [
      "How far do I run in the morning?",
      "I'm training for a half marathon now, so it's 10k runs most mornings.",
    ],
    ["What is my favourite show?", "Lately though my favourite show is The Bear, I binged it in three days."],
    ["Which browser do I use?", "I now use Firefox as my browser since Chrome got slow."],
  ])("%j: %j names it", (question, statement) => {
    expect(namesAskedThing(statement, askedSlot(question)!)).toBe(true);
  });
  it.each([
    // Only in a clause that says why.
    ["Which team am I on?", "We moved standup to Thursdays since half the team is off on Mondays."],
    [
      "How much is our rent?",
      "We finally moved to Walthamstow last month since the rent in Clapham kept climbing.",
    ],
    // Only a light verb, a degree word, an indefinite pronoun or a circumstance of the question's.
    [
      "What milk do I take in my coffee?",
      "The scooter got stolen outside the station, so I take the tram to the office now.",
    ],
    ["How much is our rent?", "Hyperoptic is our provider now, it's much faster."],
    [
      "Which herb do I like to put on everything?",
      "I closed my Chase account and moved everything to a credit union.",
    ],
    ["What do I drink in the morning?", "I bought a Chemex last week and I brew with it every morning now."],
    ["What is our dog called?", "Luigi's closed, so our new favourite is a taco spot called El Farolito."],
  ])("%j: %j does not", (question, statement) => {
    expect(namesAskedThing(statement, askedSlot(question)!)).toBe(false);
  });

  it("keeps the words of a main clause that follows an opening reason", () => {
    const words = outsideReasons("Since the garage closed I park on Fifth Avenue.");
    expect(words.has("park")).toBe(true);
    expect(words.has("garage")).toBe(false);
  });
});

describe("ku18: saysChangedState — a verb that gives up a value, a possessed correction, a state returned to", () => {
  it.each([
    "Company-wide we ditched Slack for Microsoft Teams this quarter.",
    "my nephew's birthday is actually the 21st of May, I had it wrong.",
    "Our bins are actually collected on Tuesdays.",
    "Childcare fell through, so I'm back to five days a week from this month.",
    "We're back on the old plan.",
  ])("yes: %s", (s) => expect(saysChangedState(s)).toBe(true));
  it.each([
    "It's actually really fun, my kids love it.",
    "I actually love painting landscapes.",
    "I got back to the hotel late and crashed.",
    "Is my nephew's birthday actually in May?",
  ])("no: %s", (s) => expect(saysChangedState(s)).toBe(false));
});

describe("ku18: the unit of a rate is no asked attribute", () => {
  it.each([
    ["How many days a week do I work?", ["week"]],
    ["I run twice a day.", ["day"]],
    ["My plan has 10GB per month.", ["month"]],
    // No count before it: not a rate.
    ["I took a week off.", []],
    ["Which week am I on call?", []],
  ])("%s → %j", (text, units) => {
    expect([...rateUnits(text)]).toEqual(units);
  });
  it.each([
    ["How many days a week do I work?", ["day", "work"]],
    ["Which week am I on call?", ["call", "week"]],
  ])("%s → attributes %j", (question, attributes) => {
    expect([...askedSlot(question)!.attributes].sort()).toEqual([...attributes].sort());
  });
});

describe("slot32: askedSlot reads a question with no first person or no mark — a thing's state, an unpunctuated query", () => {
  it.each([
    // A query typed or dictated without its mark: a question word first is enough for recall.
    ["which inhaler am I on", ["inhaler"]],
    ["what heats our house", ["house"]],
    ["how heavy are my bags", ["bag"]],
    // A present in -ies, and a verb after "who" the tagger reads as a plural noun.
    ["Which company supplies my water?", ["company", "water"]],
    ["Who supplies our broadband?", ["broadband"]],
    // A thing said with "the" and no owner: the speaker's.
    ["What food does the dog eat?", ["food", "dog"]],
    ["Which day is the library shut?", ["library"]],
    ["Who insures the van?", ["van"]],
    ["how tall is the hedge", ["hedge"]],
    ["how big is the freezer in the garage", ["freezer"]],
    // A capitalised word the lexicon lists as a noun names no person.
    ["Which Python version is the pipeline on?", ["pipeline"]],
    // A form in -ing modifies a noun: the finite verb comes after it.
    ["Which streaming service do we pay for?", ["service"]],
    ["What running shoes do I wear?", ["shoe"]],
  ])("%s → the speaker's %j", (question, attributes) => {
    const slot = askedSlot(question, sharedWordNet());
    expect(slot?.subject).toBe("speaker");
    for (const a of attributes) expect(slot?.attributes).toContain(a);
  });

  it.each([
    ["what am i driving these days", ["drive"]],
    ["What's the dog eating these days?", ["dog"]],
    // Days asked about are kept.
    ["What fills my days?", ["day"]],
  ])("a marker of the present is no attribute: %s → %j", (question, attributes) => {
    expect([...askedSlot(question, sharedWordNet())!.attributes].sort()).toEqual(attributes);
  });

  it.each([
    // The thing asked itself, after a copula: the world's state, the judge's.
    "When is the quarterly review?",
    "What is the wifi password?",
    // Past, modal, an exclamation, a statement.
    "what did the cat eat yesterday",
    "Who supplied the drinks?",
    "what would the dog eat",
    "What a day!",
    "the dog eats salmon now",
    "Who cares",
    // A question that names a person asks that person's thing; a copula's phrase with a noun of
    // its own says which thing is asked, not whose.
    "What type of clients does the agency Caroline runs take on?",
    "What is the general mood about the new office?",
    // A person said with "the" is another's state, not the speaker's.
    "which school is the boy at",
    "Who looks after the baby on Fridays?",
  ])("null: %s", (question) => expect(askedSlot(question, sharedWordNet())).toBeNull());

  it("a thing held is read only with a lexicon to say it is no person", () => {
    expect(askedSlot("What food does the dog eat?")).toBeNull();
    expect(askedSlot("What food does the dog eat?", sharedWordNet())).not.toBeNull();
  });

  it("the thing held is whose the state is, not a kind asked: its kinds are not read", () => {
    expect([...askedSlot("Which day is the shop shut?", sharedWordNet())!.nouns]).toEqual([]);
    expect([...askedSlot("What food does the dog eat?", sharedWordNet())!.nouns]).toEqual(["food"]);
  });

  it.each([
    ["which inhaler am I on", true],
    ["um so what's the dog eating these days", true],
    ["Which day is the library shut?", true],
    ["What a day!", false],
    ["I drive a Tesla", false],
    ["the inhaler I'm on.", false],
  ])("asksOfRecall(%j) → %s", (query, asks) => expect(asksOfRecall(query)).toBe(asks));
});

describe("slot32: a question whose subject is its wh-phrase asks that phrase, not what its verb acts on", () => {
  it.each([
    ["What app keeps my hours?", ["app", "application"]],
    ["Which bank gets my client payments?", ["bank"]],
    ["What heats our house?", []],
    // Not a wh-subject: the speaker is the subject, what the verb takes is asked.
    ["What app do I use for my hours?", ["app", "application", "hour"]],
    ["Which bank do I pay my rent into?", ["bank", "pay", "rent"]],
  ])("%s → central %j", (question, central) => {
    expect([...askedSlot(question, sharedWordNet())!.central].sort()).toEqual(central);
  });
});

describe("namedSubject: a relative's title before a name is part of it", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const speaker = (question: string) => {
    const words = new Set(contentTokens(question));
    return {
      subject: "speaker",
      attributes: words,
      nouns: new Set<string>(),
      heads: new Map(),
      central: words,
    };
  };
  it.each([
    ["Aunty Nkechi pledged ₦500,000 at harvest thanksgiving.", "how much did I pledge for harvest", "nkechi"],
    ["Uncle Tunde moved the shop to Surulere.", "where is the shop", "tunde"],
    ["Nkechi pledged ₦500,000 at harvest thanksgiving.", "how much did I pledge for harvest", "nkechi"],
    // A title that is no relative is no part of a name at the sentence's start: not read as one.
    ["Doctor Rafferty took over the practice.", "who is the doctor", null],
    // A first-person word: the speaker's own statement.
    ["Aunty Nkechi and I pledged ₦500,000 at harvest.", "how much did I pledge for harvest", null],
  ])("%j, asked %j → %j", (statement, question, expected) => {
    expect(namedSubject(statement, speaker(question), sharedWordNet())).toBe(expected);
  });
});

describe("opensWithOthersState: another person's state said first, the speaker only after it", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  const read = (statement: string, question: string) =>
    opensWithOthersState(statement, askedSlot(question, sharedWordNet())!, sharedWordNet());

  it.each([
    // A person's state first (a copula, a need, a wearing), the speaker's doing after it.
    ["The new deckhand is A-, I put it on the muster list for the blood drive.", "what's my blood type"],
    [
      "The new fitter needs size 41 work boots, I'll tell the bosun to order them.",
      "what size are my work boots",
    ],
    ["The chef wears size 44 clogs, I borrowed a pair once.", "what size are my clogs"],
    // A name as subject.
    ["Rosa is on the early shift, I cover for her on Fridays.", "which shift am I on"],
    // A closed compound of a person noun WordNet does not list.
    ["The new messboy is O-, I wrote it in the medical log.", "what's my blood type"],
  ])("%j, asked %j → true", (statement, question) => {
    expect(read(statement, question)).toBe(true);
  });

  it.each([
    // A change another makes to a thing: whose rent is left to the slot readers.
    ["The landlord raised the rent to £950, I can't believe it.", "how much is my rent"],
    // The person is what the question asks.
    ["The new manager is Priya, I report to her now.", "who is my manager"],
    // The speaker's clause says the asked thing again.
    ["The new nanny starts at 8, I leave for work at 7:30 on weekdays.", "when do I leave for work"],
    // The speaker's clause says a change of their own.
    ["For context the agent put it up at renewal, so I'm paying £1,275 now.", "how much rent do I pay"],
    // What the person says of another thing, in a clause of its own.
    ["The pharmacist says 20mg is fine, I take it at night.", "what dose do I take"],
    // The speaker in the first clause.
    ["My sister is B+, I'm O+.", "what's my blood type"],
    // No clause after the first.
    ["The new deckhand is A-.", "what's my blood type"],
  ])("%j, asked %j → false", (statement, question) => {
    expect(read(statement, question)).toBe(false);
  });

  it("makes saysOthersState read a statement with the speaker in it as another's", () => {
    const question = "what size are my work boots";
    const asked = askedSlot(question, sharedWordNet())!;
    expect(
      saysOthersState(
        "The new fitter needs size 41 work boots, I'll tell the bosun to order them.",
        asked,
        sharedWordNet(),
      ),
    ).toBe(true);
    expect(
      saysOthersState("I need size 43 work boots now, the old ones split.", asked, sharedWordNet()),
    ).toBe(false);
  });
});

describe("personCompound: an unlisted closed compound ending in a person noun", () => {
  it.each([
    ["messman", true],
    ["messboy", true],
    // Listed words are read by the lexicon itself.
    ["postman", false],
    ["bedroom", false],
    // No person at the end.
    ["oilcan", false],
    ["zzqman", false],
  ])("%j → %j", (word, expected) => {
    expect(personCompound(word, sharedWordNet())).toBe(expected);
  });
});

describe("ASKED_PHRASE_RULE: a statement names the phrase a question asks by a word of it", () => {
  it.each([
    ["How long is my planned trip?", ["plan", "trip"]],
    // An adjective says which one, not what: "monthly" is not read, the noun before it is.
    ["What is my monthly gym fee?", ["fee", "gym"]],
    ["What's my current weight?", ["weight"]],
    // A verb asked: no phrase.
    ["Where do I park?", []],
  ])("%s → %j", (question, words) => {
    expect([...askedPhraseWords(question, askedSlot(question)!)].sort()).toEqual([...words].sort());
  });

  it.each([
    ["My plan is ten days in Lisbon.", "How long is my planned trip?", true],
    // Another person's, asked as the speaker's.
    ["Dana's plan is ten days in Lisbon.", "How long is my planned trip?", false],
    // A word of the question outside the asked phrase ("long").
    ["I had a long day at work.", "How long is my planned trip?", false],
    ["My plan is ten days in Lisbon.", "Where do I park?", false],
    ["My day rate for the current client is €650.", "What's my current weight?", false],
    // A named person's state: the statement names the person, or it is someone else's.
    ["Dana's plan is ten days in Lisbon.", "How long is Dana's planned trip?", true],
    ["My plan is ten days in Lisbon.", "How long is Dana's planned trip?", false],
  ])("%s, asked %s → %s", (statement, question, named) => {
    const asked = askedSlot(question)!;
    expect(namesAskedPhrase(statement, askedPhraseWords(question, asked), asked)).toBe(named);
  });
});

describe('notfound50: askedSlot reads a wh-word with a contracted "is" and a possessive typed in lower case', () => {
  it.each([
    // WH_WITH_BE: the tagger reads "where's"/"when's"/"how's" as one adverb and "whats" as a
    // determiner; each is the question's finite verb, in the present.
    ["where's my pension account", "speaker", ["account"]],
    ["When's my eye test?", "speaker", ["test"]],
    ["how's my cholesterol these days", "speaker", ["cholesterol"]],
    ["whats my shoe size", "speaker", ["size"]],
    ["wheres my passport", "speaker", ["passport"]],
    ["Where’s Priya's new flat?", "priya", ["flat"]],
    // OWNER_IN_LOWER_CASE: a name the lexicon lists as no noun, or a person's noun.
    ["what colour is keisha's bike", "keisha", ["bike"]],
    ["who's nan's dentist these days", "nan", ["dentist"]],
    ["what's the lodger's phone number", "lodger", ["phone", "number"]],
  ])("%s → %s's %j", (question, subject, attributes) => {
    const slot = askedSlot(question, sharedWordNet());
    expect(slot?.subject).toBe(subject);
    for (const a of attributes) expect(slot?.attributes).toContain(a);
  });

  it.each([
    // A thing's or an animal's possessive in lower case names no person: the thing is the speaker's.
    ["when is the car's service due", "speaker"],
    ["who looks after the dog's teeth", "speaker"],
  ])("not a person's: %s → %s", (question, subject) => {
    expect(askedSlot(question, sharedWordNet())?.subject ?? "speaker").toBe(subject);
    expect(askedSlot(question, sharedWordNet())?.subject).not.toBe(question.match(/(\w+)'s /)?.[1]);
  });

  it.each([
    // "whose" is no contraction, and asks whose, not a state of anyone's.
    "whose bike is this",
    // The thing asked itself after the contraction: the world's state, as "When is the quarterly review?".
    "when's the quarterly review",
  ])("null: %s", (question) => expect(askedSlot(question, sharedWordNet())).toBeNull());

  it("a lower-case possessive is read only with a lexicon to say it names a person", () => {
    expect(askedSlot("what colour is keisha's bike")).toBeNull();
    expect(askedSlot("what colour is keisha's bike", sharedWordNet())?.subject).toBe("keisha");
  });
});

describe('notfound51: askedSlot reads "have … got" as possession, "\'s been" as "has been", a clipped "-in" as "-ing"', () => {
  it.each([
    // HAVE_GOT: "got" first after the subject of "have"/"has" is possession in the present.
    ["what car have I got", "speaker", ["car"]],
    ["how many bulls have I got", "speaker", ["bull"]],
    ["what holiday have i got in september", "speaker", ["holiday"]],
    // CLIPPED_ING: "workin", "eatin", "shoppin" read as "working", "eating", "shopping".
    ["how many hours a week am i workin", "speaker", ["hour", "work"]],
    ["how much protein am i eatin a day", "speaker", ["protein", "eat"]],
    ["how much do i spend on food shoppin weekly", "speaker", ["spend", "shop"]],
  ])("%s → %s's %j", (question, subject, attributes) => {
    const slot = askedSlot(question, sharedWordNet());
    expect(slot?.subject).toBe(subject);
    for (const a of attributes) expect(slot?.attributes).toContain(a);
  });

  it.each([
    // "have … got to" is "must"; "gotten" is get's participle: events, not possession.
    "what have I got to do today",
    "what have I gotten Mum for her birthday",
    "what have I forgotten to get",
    // HAS_BEEN: "'s been" is "has been", a present perfect: an event, unless said as now.
    "when's my bike been fixed",
  ])("null: %s", (question) => expect(askedSlot(question, sharedWordNet())).toBeNull());

  it('"\'s been" with a marker of the present is read, as "has been … lately" is', () => {
    expect(askedSlot("what's my dog been eating lately", sharedWordNet())?.attributes).toContain("dog");
  });

  it('"\'s" before another participle is "is", a passive in the present', () => {
    expect(askedSlot("what's my dog called", sharedWordNet())?.attributes).toContain("dog");
  });

  it.each([
    ["where's my mom workin these days", "where's my mom working these days"],
    ["whats my gpa sittin at", "whats my gpa sitting at"],
    ["who's the HR lady handlin my co-op", "who's the HR lady handling my co-op"],
    ["where we goin' for reading week", "where we going for reading week"],
    // Words the lexicon lists, words with no verb under them, and names are kept.
    ["what's in the cabin", "what's in the cabin"],
    ["which robin is within the garden", "which robin is within the garden"],
    ["what muffin did I begin with", "what muffin did I begin with"],
    ["where does Dustin work", "where does Dustin work"],
  ])("unclipped: %s → %s", (text, read) => {
    expect(unclipped(text, sharedWordNet())).toBe(read);
  });

  it("without a lexicon nothing is unclipped", () => {
    expect(unclipped("where's my mom workin these days", undefined)).toBe("where's my mom workin these days");
  });
});
