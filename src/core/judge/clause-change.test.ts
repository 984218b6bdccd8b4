import { beforeAll, describe, expect, it } from "vitest";
import { clausesNamingThing, shareContent } from "./clause-change.js";
import { compareLexically, LEXICAL_RULES } from "./lexical-judge.js";
import { loadTagger } from "./tagger.js";

beforeAll(() => loadTagger());

const at = "2026-03-01T00:00:00Z";
const verdict = (older: string, newer: string) => compareLexically({ text: older, at }, { text: newer, at });

describe("change-in-one-clause: one clause of a longer turn changes the older (judge39)", () => {
  it.each([
    ["Our standup is at 9:30.", "standup's at 10 now, people kept being late", "supersedes"],
    ["the meeting is on zoom", "the meeting isn't on zoom, it's in person", "contradicts"],
    [
      "The deadline for the data migration is 15 of May.",
      "Good news, the migration deadline is pushed to 30 June.",
      "supersedes",
    ],
    [
      "the car insurance is 640 a year",
      "sorted the paperwork tonight, the car insurance is 710 a year now",
      "supersedes",
    ],
    // judge48: a name is typed by the change itself when its verb takes the older's whole subject
    // ("switched the power to …"): the clause names what changed and what it changed to (fresh22 dev)
    [
      "power is with Mercury",
      "Switched the power to Electric Kiwi, the free hour is good for the washing machine, took ten min online",
      "supersedes",
    ],
    [
      "the mortgage is with Halifax",
      "the kids are off school, switched the mortgage to Nationwide, the rate was better",
      "supersedes",
    ],
  ])("%s / %s → %s", (older, newer, relation) => {
    const v = verdict(older, newer);
    expect(v.rule).toBe("change-in-one-clause");
    expect(v.relation).toBe(relation);
    expect(v.confident).toBe(true);
  });

  it('a turn the whole reading now reads right is not read clause by clause (values39 reads "at 9.30" as a clock)', () => {
    const v = verdict(
      "Sunday Mass in our church is at 10 o'clock, we go every week.",
      "Sunday Mass is at 9.30 now, which cuts into the morning milking",
    );
    expect(v).toMatchObject({ relation: "supersedes", rule: "change-cue", confident: true });
  });

  it.each([
    // another thing in the clause that changes
    ["The gym opens at 6am.", "the pool opens at 7am now, they cut the staff"],
    ["the car insurance is with aviva", "the van insurance is with zurich now, i sorted it tonight"],
    ["the dog's food is 12 euro a bag", "the cat's food is 15 euro a bag now, everything's gone up"],
    [
      "the swimming lessons are on saturday",
      "the kids love the pool, the lessons for adults are on sunday now",
    ],
    ["The kids' bus comes at 7:45.", "the school bus comes at 7:30 now, the kids' bus is the same"],
    // a clause that says another word after "is" without announcing a change is an aside
    ["The vet is Siobhán Twomey.", "the farrier is Tom Walsh now, the vet is grand"],
    // a number of another kind: a weight, then how often an injection is given (fresh10 dev)
    ["PICKLE IS 34.5 LB", "vet switched pickle to cytopoint injections every 6 weeks, no more hiding pills"],
    // the older is two sentences: closing it would drop the other
    ["Our standup is at 9:30. Retro is on Fridays.", "standup's at 10 now, people kept being late"],
    // the newer asks
    ["our db backups run nightly", "backups run every 6 hours now, is that enough?"],
    // the whole was deferred for a reason of its own: one occasion, a scope, still, an intention, a hypothesis
    ["Our standup is at 9:30.", "standup is at 10 tomorrow, the manager is away"],
    ["The gym opens at 6am.", "on weekends the gym opens at 8am, which is annoying"],
    ["I walk the dog every morning.", "I moved to Leeds, but I still walk the dog every morning"],
    ["I take the 8:05 train.", "I'll take the 9:10 train now, if the boss agrees"],
    [
      "Piano lessons are on Tuesdays.",
      "maybe piano lessons will be on thursdays now, the teacher might swap days",
    ],
    // the older's clause announces a change of its own and holds no value
    [
      "The fertiliser is after going up, it'll be 455 a tonne.",
      "the fertiliser merchant is Dan Barry now, he's cheaper",
    ],
    // the older's clause that shares a word is an aside with no predicate
    [
      "A nice quiet young lad from Kerry, very good with his hands.",
      "the accountant's office has changed hands, Clodagh is doing ours now",
    ],
    // the speaker is no thing two clauses share; a clause read with no predicate is named by its first word
    [
      "I'm based in Berlin, so I'm on CET for all meetings.",
      "I'm training for a half marathon now, so it's 10k runs most mornings.",
    ],
    [
      "My son's piano teacher is Mrs. Alvarez, lessons are on Saturdays.",
      "Since Mrs. Halloran emigrated I have lessons with Mr. Castellano instead.",
    ],
    // the older is a request: its clauses hold no value
    [
      "Sure: thank them for the research, and offer to revisit it at next year's planning.",
      "we talked it over, the offer is with the other team now",
    ],
    // a clause that reports what someone said holds no value
    [
      "the cat weighs 6.2 kg, the vet says too fat, no more treats",
      "the vet told us to change him to Hill's c/d, the urinary one",
    ],
    [
      "our vet is the Clínica Veterinária do Castelo, Dr. Paula, she knows the cat",
      "the vet told us to change him to Hill's c/d, the urinary one",
    ],
    // the newer's verb of change takes another thing: the shared subject is who made the change
    ["Roxy's vet is Kingsway Animal Hospital", "Roxy's vet switched her to the renal food now, she hates it"],
    ["Roxy's vet is Kingsway Animal Hospital", "long day, Roxy's vet moved her to the renal diet now"],
    [
      "the vet was pretty firm about it, Roxy is on the renal food",
      "long day, the vet moved her to the senior diet now",
    ],
    // a name or a word after "is" is no typed value: the change waits for a semantic judge
    ["the car insurance is with aviva", "sorted the paperwork tonight, the car insurance is with zurich now"],
    [
      "the boiler service is with Flogas",
      "rang about the boiler, the service is with Calor now, it's cheaper",
    ],
    ["The office wifi is slow.", "we got a new router, the office wifi is fast now"],
    ["Our landlord is Mr Byrne.", "the agency took over from Mr Byrne, our landlord is Ms Walsh now"],
    // judge48: the verb of change takes another thing, or a part of the older's subject only
    ["the car insurance is with aviva", "moved the van insurance to Zurich, the car is next"],
    ["The kids' school bus is Go Bus", "switched the kids to scooters, the bus is too full"],
    ["power is with Mercury", "thinking of switching the power to Electric Kiwi, the free hour is good"],
    // a word of the older's aside ties nothing
    ["Our standup is at 9:30, good with the coffee.", "the coffee is from Lidl now, the good stuff is gone"],
  ])("%s / %s closes nothing", (older, newer) => {
    const v = verdict(older, newer);
    expect(v.rule).not.toBe("change-in-one-clause");
    expect(v.relation === "supersedes" || v.relation === "contradicts").toBe(false);
  });
});

describe("unsure:older-restated: a clause of the newer restates the older, so another clause's change is not the older's (judge39)", () => {
  it.each([
    ["The flight lands at 4pm.", "the flight lands at 4pm, then the train is at 6pm now"],
    ["The gym opens at 6am.", "the gym opens at 6am, the pool opens at 7am now"],
  ])("%s / %s is deferred", (older, newer) => {
    const v = verdict(older, newer);
    expect(v.relation === "supersedes" || v.relation === "contradicts").toBe(false);
    expect(v.confident).toBe(false);
  });

  it("the flight's restated clause is named", () => {
    expect(
      verdict("The flight lands at 4pm.", "the flight lands at 4pm, then the train is at 6pm now").rule,
    ).toBe("unsure:older-restated");
  });

  it.each([
    // a change with its reason in another clause stays a change
    ["The gym opens at 6am.", "gym opens at 7am now, they cut the staff"],
    ["My rent is 1200 a month.", "rent is 1350 a month now, the landlord wrote yesterday"],
    ["the dog's food is 12 euro a bag", "the dog's food is 15 euro a bag now, everything's gone up"],
  ])("%s / %s still supersedes", (older, newer) => {
    const v = verdict(older, newer);
    expect(v.relation).toBe("supersedes");
    expect(v.confident).toBe(true);
  });
});

describe("shareContent: the clause pairs the clause readings judge (sleepcost40)", () => {
  it.each([
    ["Our standup is at 9:30", "standup's at 10 now", true],
    ["The flight lands at 4pm.", "the flight lands at 4pm", true],
    ["the car insurance is 640 a year", "the car insurance is 710 a year now", true],
    ["Our standup is at 9:30", "people kept being late", false],
    ["The flight lands at 4pm.", "then the train is at 6pm now", false],
    ["the car insurance is 640 a year", "sorted the paperwork tonight", false],
  ])("%s / %s → %s", (a, b, shared) => {
    expect(shareContent(a, b)).toBe(shared);
    expect(shareContent(b, a)).toBe(shared);
  });

  it("a pair that shares no content word is what the judge's first rule calls distinct, so skipping it changes no verdict", () => {
    expect(LEXICAL_RULES[0]!.name).toBe("no-shared-terms");
    for (const [a, b] of [
      ["Our standup is at 9:30", "people kept being late"],
      ["The flight lands at 4pm.", "then the train is at 6pm now"],
      ["the car insurance is 640 a year", "sorted the paperwork tonight"],
    ] as const) {
      expect(shareContent(a, b)).toBe(false);
      expect(verdict(a, b)).toMatchObject({ relation: "distinct", rule: "no-shared-terms" });
    }
  });
});

describe("unsure:thing-in-another-clause: a turn whose first clause is about another subject, and a later clause names the older's thing (judge51)", () => {
  it.each([
    // fresh24 dev: the change is the second clause's, "engineer" the whole's subject
    ["boiler service booked 5th Dec", "engineer cancel, the boiler service rebook for 12th Dec morning"],
    // no comma: "so" and "and" before a noun phrase's opener turn to the older's thing
    ["the choir meets in the church hall", "the hall's being painted so the choir's in the vestry for now"],
    ["our broadband is with Virgin", "the engineer came and the broadband is with BT from today"],
    ["our broadband is with Virgin", "the engineer came, the broadband is with BT from today"],
    [
      "the bin collection is on Mondays",
      "council sent a letter, the bin collection moves to Thursdays next month",
    ],
    [
      "my gym membership is 30 a month",
      "the new manager started, the gym membership is 35 a month from June",
    ],
  ])("%s / %s → deferred, not two things", (older, newer) => {
    const v = verdict(older, newer);
    expect(v.rule).toBe("unsure:thing-in-another-clause");
    expect(v.confident).toBe(false);
    expect(v.relation).toBe("distinct");
  });

  it.each([
    // the clause naming the older's thing is sure it is another's, or that the older holds
    ["Dad's physio is on Wednesdays at 2", "Mum's physio moved to Fridays, Dad's is the same"],
    ["our broadband is with Virgin", "my brother switched his broadband to BT, he says it's faster"],
    ["the car service is booked for the 9th", "the van had its MOT yesterday, the car is fine though"],
    ["my gym membership is 30 a month", "Jo's gym put theirs up to 40, mine is the same"],
    // one clause: the whole's subject is the newer's own
    ["Alice's timezone is UTC", "Bob's timezone is PST"],
  ])("%s / %s → two things, as read whole", (older, newer) => {
    expect(verdict(older, newer).rule).toBe("different-entity");
  });

  it("a turn the clause readings close is closed as before", () => {
    const v = verdict(
      "the car service is booked for the 9th",
      "garage rang, the car service is moved to the 16th",
    );
    expect(v.rule).toBe("change-in-one-clause");
    expect(v.relation).toBe("supersedes");
  });
});

describe("clausesNamingThing: the clauses of a newer that name the older's thing (below52)", () => {
  it.each([
    [
      "boiler service booked 5th Dec",
      "engineer cancel, the boiler service rebook for 12th Dec",
      ["the boiler service rebook for 12th Dec"],
    ],
    [
      "Dad changed his phone to Vodafone, better signal in the house.",
      "I switched the gas and electric to Octopus, Dad did it on his phone in ten minutes",
      ["Dad did it on his phone in ten minutes"],
    ],
    // "I" names no thing; no clause names "choir".
    ["I take the 7.40 bus", "we moved house, it's lovely", []],
    ["The choir meets in the church hall.", "I switched my shift to nights, it's hard", []],
  ])("%j, then %j: %j", (older, newer, clauses) => {
    expect(clausesNamingThing(older, newer)).toEqual(clauses);
  });
});
