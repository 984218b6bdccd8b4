import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, recalledBesideUnrelated, UNRELATED_TEXTS } from "../../../../test/support/memory.js";
import { openMemory } from "../../../open-memory.js";
import { loadTagger } from "../../judge/tagger.js";
import { hasAdditiveCue, hasChangeCue } from "../../text.js";
import {
  addsBeside,
  answersAsked,
  CHANGED_TO,
  CODE,
  distinctiveWords,
  mayAnswerTyped,
  notTheThing,
  sameThingChange,
  saysAsTheThing,
  saysChange,
  saysTypedAnswer,
  typedAnswerAsked,
  valuesByKind,
} from "./same-thing.js";

beforeAll(async () => {
  await loadTagger();
});

const TAXI_Q = "Who do I phone for a taxi?";
const TAXI_OLDER = "For the taxi I use the Apex Cars minicab service.";
const MINICAB = new Set(["minicab"]);

describe("HOLDER_RULE: the shared noun names the older's thing, said as the older says it", () => {
  // Each row links on the code before the rule (a wrong lift on the dev traces, in other words).
  it.each<[string, string, string, string, ReadonlySet<string>]>([
    [
      "a noun a number counts: how often, not which thing",
      "I swim at Lido Park four times a week.",
      "I moved to Denver so I'm on Mountain Time now.",
      "Which pool do I swim at?",
      new Set(["time"]),
    ],
    [
      "a title: part of the older's name, and another title is another person",
      "My daughter's violin teacher is Mrs. Price, lessons are on Fridays.",
      "Since Mrs. Doyle retired I take lessons with Mr. Grant instead.",
      "Who is my daughter's violin teacher?",
      new Set(["mrs"]),
    ],
    [
      "the shared noun as the holder of another thing",
      "The florist is on Mill Lane.",
      "I switched the florist's delivery contract to Parcelforce now.",
      "What road is the shop on?",
      new Set(["florist"]),
    ],
    [
      "the shared noun a modifier in the older, a head in the newer",
      "I ride a Ribble road bike on Sundays.",
      "Since Pete retired I take the van to AutoFix on the ring road now.",
      "Which bike do I ride?",
      new Set(["road"]),
    ],
  ])("none: %s", (_name, older, newer, question, rare) => {
    expect(sameThingChange(older, newer, question, rare)).toBeNull();
  });

  it.each<[string, string, string[]]>([
    ["a count of occasions", "I go to the gym three times a week.", ["time"]],
    ["a count in digits", "We stayed 2 nights at the Grand.", ["night"]],
    ["a title before a name", "My son's piano teacher is Mrs. Alvarez.", ["mrs"]],
    ["a title without its point", "My dentist is Dr Reyes.", ["dr"]],
    ["a noun no number counts", "I ride a road bike on weekends.", []],
    ["a name that opens the sentence", "Casella picks up the dumpster Wednesday mornings.", []],
    ["a title said alone is no title of a name", "The doctor said no.", []],
  ])("notTheThing: %s", (_name, text, expected) => {
    expect([...notTheThing(text)]).toEqual(expected);
  });

  it.each<[string, string, string, string, boolean]>([
    [
      "the same compound",
      "The customer wifi password is x1.",
      "Changed the guest wifi password to y2",
      "wifi",
      true,
    ],
    [
      "the head of the same compound",
      "The customer wifi password is x1.",
      "Changed the guest wifi password to y2",
      "password",
      true,
    ],
    [
      "a head with and without its kind",
      "Choir rehearsal is in the church hall.",
      "The hall got a new booking now.",
      "hall",
      true,
    ],
    ["a name before a verb", "Casella picks up the dumpster.", "Casella changed our route.", "casella", true],
    [
      "a holder of another thing",
      "The bakery is on Chandler Street.",
      "I switched the bakery's liability policy to Next.",
      "bakeri",
      false,
    ],
    ["a modifier, then a head", "I ride a road bike.", "I take the car on the ring road now.", "road", false],
    [
      "a modifier of another head: one thing",
      "The minicab service is Apex.",
      "The minicab firm is Starline now.",
      "minicab",
      true,
    ],
  ])("saysAsTheThing: %s", (_name, older, sentence, word, expected) => {
    expect(saysAsTheThing(older, sentence, word)).toBe(expected);
  });
});

describe("sameThingChange: another value of the older's kind on the same thing, in a change", () => {
  it.each<
    [string, string, string, string, ReadonlySet<string>, { word: string; kind: string; value: string }]
  >([
    [
      "a code: a password changed",
      "The office wifi password is bluefinch2020.",
      "We changed the office wifi password to redkite77, the old one leaked",
      "What do I tell visitors for the internet?",
      new Set(["wifi", "password"]),
      { word: "wifi", kind: "code", value: "redkite77" },
    ],
    [
      "a date: the same firm on another day, the rare word in one clause and the value in the next",
      "Biffa empties the skip on Tuesday mornings.",
      "Biffa changed the rota, the skip goes on Thursday mornings now",
      "When is the bin collected?",
      new Set(["biffa"]),
      { word: "biffa", kind: "date", value: "thursday" },
    ],
    [
      "a name: the firm the speaker uses now",
      TAXI_OLDER,
      "The minicab firm I use now is Starline, the drivers wait till I'm inside.",
      TAXI_Q,
      MINICAB,
      { word: "minicab", kind: "name", value: "starline" },
    ],
    [
      "a name: the one who does it now, the older's retired",
      "My dentist on the high street is Mr Okafor, he's been doing my teeth for ages.",
      "Okafor retired so the dentist I see now is Ms Lindqvist.",
      "Who looks after my teeth?",
      new Set(["dentist"]),
      { word: "dentist", kind: "name", value: "lindqvist" },
    ],
  ])("%s", (_name, older, newer, question, rare, expected) => {
    expect(sameThingChange(older, newer, question, rare)).toEqual(expected);
  });

  it.each<[string, string, string, string, ReadonlySet<string>]>([
    ["another person's value", TAXI_OLDER, "My sister's minicab firm now is Starline.", TAXI_Q, MINICAB],
    ["her own, said of her", TAXI_OLDER, "Lorna says her minicab now is Starline.", TAXI_Q, MINICAB],
    ["a plan or hypothetical", TAXI_OLDER, "I might switch the minicab to Starline now.", TAXI_Q, MINICAB],
    ["a question", TAXI_OLDER, "Is the minicab firm now Starline?", TAXI_Q, MINICAB],
    [
      "a memory of the past",
      TAXI_OLDER,
      "When I was a girl we got the minicab from Starline now and then.",
      TAXI_Q,
      MINICAB,
    ],
    [
      "an addition beside the older, not a change",
      TAXI_OLDER,
      "I've started using Starline for the minicab now too.",
      TAXI_Q,
      MINICAB,
    ],
    [
      "the same value again",
      TAXI_OLDER,
      "The minicab is still Apex Cars now, they're great.",
      TAXI_Q,
      MINICAB,
    ],
    [
      "a different thing that shares a word: a value of another kind",
      "The office wifi password is bluefinch2020.",
      "The wifi is now with Virgin Media.",
      "What do I tell visitors for the internet?",
      new Set(["wifi"]),
    ],
    [
      "the shared word is not rare in the store",
      TAXI_OLDER,
      "The minicab firm I use now is Starline.",
      TAXI_Q,
      new Set<string>(),
    ],
    ["no change said", TAXI_OLDER, "Starline's minicab drivers are friendly, I hear.", TAXI_Q, MINICAB],
    [
      "the value is in a clause that says nothing of the older's thing",
      TAXI_OLDER,
      "The minicab was late today, so now I'm reading about Starline's history.",
      TAXI_Q,
      MINICAB,
    ],
  ])("none: %s", (_name, older, newer, question, rare) => {
    expect(sameThingChange(older, newer, question, rare)).toBeNull();
  });

  it("reads the older's words beyond the question's, and a code as a kind of its own", () => {
    expect([...distinctiveWords(TAXI_OLDER, TAXI_Q)]).not.toContain("taxi");
    expect([...distinctiveWords(TAXI_OLDER, TAXI_Q)]).toContain("minicab");
    expect(CODE.test("goldenlotus2019")).toBe(true);
    expect(CODE.test("2019")).toBe(false);
    expect(CODE.test("p95")).toBe(false);
    expect(valuesByKind("We close on Mondays.").get("date")).toEqual(new Set(["monday"]));
    // A value is what changes, not what the thing is: the older's own values link nothing.
    const standup = distinctiveWords(
      "We moved standup to Thursdays since half the team is off on Mondays.",
      "When is our standup?",
    );
    expect(standup.has("monday")).toBe(false);
    // Nor a reason clause's noun, another thing's ("the team" that is off).
    expect(standup.has("team")).toBe(false);
    // Nor a verb: "retired" names the change, not the thing.
    expect(
      distinctiveWords("Dr. Okafor retired, so my new GP is Dr. Lindqvist.", "Who is my GP?").has("retir"),
    ).toBe(false);
  });

  it.each<[string, string, boolean]>([
    ["date", "Which day is the shop shut?", true],
    ["clock", "When does the dumpster get emptied?", true],
    ["name", "When is our standup?", false],
    ["measure:kg", "How much does the parcel weigh?", true],
    ["clock", "How do I get to work?", false],
    ["name", "How do I get to work?", false],
    ["name", "Who do I phone for a taxi?", true],
    ["code", "What do I tell visitors for the internet?", true],
    ["clock", "What do I feed the cat?", false],
  ])("answersAsked: a %s for %s → %s", (kind, question, expected) => {
    expect(answersAsked(kind, question)).toBe(expected);
  });

  it("none: the older's value answers no question of that kind (a time for a manner)", () => {
    expect(
      sameThingChange(
        "I walk the dog at 7am before work.",
        "I've switched the dog walk to 6pm because my mornings are packed now.",
        "How do I get to work?",
        new Set(["dog"]),
      ),
    ).toBeNull();
  });
});

const ARENA_OLDER = "The league plays our games at Grove Park arena, we walk there.";
const ARENA_Q = "Where are my son's hockey games?";
const ARENA = new Set(["arena"]);

describe('CHANGED_TO_RULE: a move, or an amount or a date changed, with its object before the "to"', () => {
  // Each row says no word of `hasChangeCue`: on the code before the rule it links nothing.
  it.each<
    [string, string, string, string, ReadonlySet<string>, { word: string; kind: string; value: string }]
  >([
    [
      'a place: the games moved, the object between the verb and its "to"',
      ARENA_OLDER,
      "The league moved our games to the Kingsway arena because of the roof repairs, so it's the bus again.",
      ARENA_Q,
      ARENA,
      { word: "arena", kind: "name", value: "kingsway" },
    ],
    [
      "a home: moved into",
      "Gran lives in her little flat on Mill Lane, near the shops.",
      "Gran finally moved into Beechwood House, the care home with the garden.",
      "Where does my grandmother live?",
      new Set(["gran"]),
      { word: "gran", kind: "name", value: "beechwood" },
    ],
    [
      "a date put off",
      "The school photo day is on 3 October, he needs a clean shirt.",
      "The school pushed photo day to 18 October because the photographer is ill.",
      "When are the school pictures?",
      new Set(["photo"]),
      { word: "photo", kind: "date", value: "18 october" },
    ],
    [
      "a day shifted",
      "The practice nurse does my jabs on Tuesday mornings.",
      "The practice shifted my jabs to Thursday mornings.",
      "When do I get my injections?",
      new Set(["jab"]),
      { word: "jab", kind: "date", value: "thursday" },
    ],
  ])("%s", (_name, older, newer, question, rare, expected) => {
    expect(hasChangeCue(newer)).toBe(false);
    expect(sameThingChange(older, newer, question, rare)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["a wish: the verb an infinitive", "I'd love to move our games to the Kingsway arena one day."],
    [
      "a plan: to move for a week",
      "The league had to move our games to the Kingsway arena for one week, back to Grove Park after.",
    ],
    ["move on: to another subject", "The league moved on to the Kingsway arena question at the meeting."],
    ["no verb of change", "The league talked about the arena at Kingsway and the roof."],
  ])("none: %s", (_name, newer) => {
    expect(saysChange(newer)).toBe(false);
    expect(sameThingChange(ARENA_OLDER, newer, ARENA_Q, ARENA)).toBeNull();
  });

  it.each<[string, boolean]>([
    ["la ligue moved our games to the aréna Saint-Michel", true],
    ["Cataract got preponed to 9th Nov, they had a slot free", true],
    ["rent went up to $1,245 in July", true],
    ["they moved the standup to 10am", true],
    ["we need to move the standup to 10", false],
    ["I was moved by the speech to tears", false],
    ["we drove to Leeds on Friday", false],
  ])("CHANGED_TO reads %s → %s", (sentence, expected) => {
    expect(CHANGED_TO.test(sentence)).toBe(expected);
  });
});

describe('DEGREE_TOO_RULE: "too" that says how much is no addition beside the older', () => {
  it.each<[string, string, boolean]>([
    ["too much", "I moved my stall to Tejuosho Market, the old place was too much wahala.", false],
    [
      "too and an adjective",
      "I left the coworking, it was too noisy, I took a fixed desk at Heden now.",
      false,
    ],
    ["too busy", "The barber opened his own salon, too busy now, his cousin Mahesh comes instead.", false],
    ["too at the end: an addition", "I've started using Starline for the minicab now too.", true],
    ["too before a preposition: an addition", "I use Starline too for the airport now.", true],
    ["also", "we also moved the shop to Aldi", true],
    ["a degree too beside an additive one", "It was too noisy, so I took a desk at Heden as well.", true],
  ])("%s", (_name, sentence, expected) => {
    expect(addsBeside(sentence)).toBe(expected);
  });

  it('links a move said beside a degree "too" (the older\'s stall, another market)', () => {
    const older = "My fabric stall is at Balogun Market, near the second gate.";
    const newer = "I moved my stall to Tejuosho Market, the old place was too much wahala with the touts.";
    const question = "Where is my fabric shop at the market?";
    expect(hasAdditiveCue(newer)).toBe(true);
    expect(sameThingChange(older, newer, question, new Set(["stall"]))).toEqual({
      word: "stall",
      kind: "name",
      value: "tejuosho",
    });
    // The same move said as an addition links nothing.
    expect(
      sameThingChange(older, "I moved a second stall to Tejuosho Market too.", question, new Set(["stall"])),
    ).toBeNull();
  });
});

const NEWER = "The minicab firm I use now is Starline, the drivers wait till I'm inside.";

describe("sameThingFound: the newer statement the question's words miss, through the older they find", () => {
  it("ranks the newer just above the older after sleep, and says why", async () => {
    const hits = await recalledBesideUnrelated(TAXI_OLDER, { text: NEWER }, TAXI_Q);
    const newer = rankOf(hits, "Starline");
    const older = rankOf(hits, "Apex");
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain("a newer statement on the same thing as");
  });

  it("CHANGED_TO_RULE: lifts a newer that moved the thing, said with no other cue of change", async () => {
    const older = "My son's hockey games are at Grove Park arena, we walk there.";
    const question = "Where does my son play hockey?";
    const moved = "The league moved the matches to the Kingsway arena because of the roof repairs.";
    const hits = await recalledBesideUnrelated(older, { text: moved }, question);
    const newer = rankOf(hits, "Kingsway");
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(rankOf(hits, "Grove Park"));
    expect(hits[newer]!.why.summary).toContain("a newer statement on the same thing as");
    // A wish to move them is no change: not lifted over the older.
    const wish = "I'd love the league to move the matches to the Kingsway arena one day.";
    const wished = await recalledBesideUnrelated(older, { text: wish }, question);
    expect(rankOf(wished, "Grove Park")).toBe(0);
    const w = rankOf(wished, "Kingsway");
    if (w >= 0) expect(wished[w]!.why.summary).not.toContain("on the same thing as");
  });

  it("lifts nothing said by another speaker", async () => {
    const hits = await recalledBesideUnrelated(TAXI_OLDER, { text: NEWER, actor: "assistant" }, TAXI_Q);
    const newer = rankOf(hits, "Starline");
    expect(rankOf(hits, "Apex")).toBe(0);
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("on the same thing as");
  });

  it("never finds another namespace's statement", async () => {
    const hits = await recalledBesideUnrelated(TAXI_OLDER, { text: NEWER, namespace: "neighbour" }, TAXI_Q);
    expect(rankOf(hits, "Starline")).toBe(-1);
    expect(rankOf(hits, "Apex")).toBe(0);
  });
});

describe("ANSWER_TYPE_RULE: a when or how-much question is answered by a value of its type", () => {
  it.each<[string, string, boolean]>([
    [
      "which day am I on call at home this month",
      "Standby moved to 18 March, and a Bangkok turnaround instead.",
      true,
    ],
    ["When is my yearly safety exam?", "my SEP is rescheduled to 23 June", true],
    ["what time must I sign in for the California trip", "report is now 2:20pm for the passengers", true],
    [
      "how much goes to the crew union from my pay each month",
      "they voted to raise the dues, so it's HK$320 every month",
      true,
    ],
    ["how heavy is my cat", "weighed Mochi on the bathroom scale, 5.1kg!! aiya", true],
    // the asked type is not said: a greeting, a plan, an aside
    ["which day am I on call at home this month", "roster changed again!! so tired", false],
    [
      "how much goes to the crew union from my pay each month",
      "Union AGM last night, so many aunties arguing ga",
      false,
    ],
    // a when question is not answered by an amount, nor a how-much one by a date
    ["When is my yearly safety exam?", "the exam fee is £40", false],
    ["how heavy is my cat", "the vet visit is on 3 May", false],
  ])("%s / %s → %s", (question, text, answers) => {
    const asked = typedAnswerAsked(question);
    expect(asked).not.toBeNull();
    expect(saysTypedAnswer(text, asked!)).toBe(answers);
  });

  it.each([
    "who leads my crew group",
    "where is my big trip next month going",
    "which restaurant does the family do yum cha at on Sundays",
    "How do I get to work?",
    "what does my cat eat",
  ])("reads no type for a question that asks who, where, what or how: %s", (question) => {
    expect(typedAnswerAsked(question)).toBeNull();
  });

  const DAY = 86_400_000;
  // The vague turn says more of the question's words (its match ranks first with the rule off, by
  // less than the default weight's ×2); the dated one says the date the question asks.
  const VAGUE =
    "I keep forgetting to book my dentist check-up, the dentist keeps texting me about the check-up.";
  const DATED = "Booked the check-up for 14 March, the dentist confirmed.";
  /** The two turns around the unrelated ones, slept, asked `question`, with `answerTypeWeight` as given. */
  async function ranks(question: string, answerTypeWeight?: number) {
    const start = Date.parse("2026-01-05T09:00:00.000Z");
    const mem = await openMemory({
      path: ":memory:",
      clock: { now: () => new Date(start + 90 * DAY) },
      actor: "test",
      policy: answerTypeWeight === undefined ? {} : { answerTypeWeight },
    });
    try {
      for (const [i, text] of [VAGUE, ...UNRELATED_TEXTS, DATED].entries()) {
        const at = new Date(start + i * 5 * DAY).toISOString();
        await mem.record(text, { type: "observation", actor: "user", at, session: at.slice(0, 10) });
      }
      await mem.consolidate();
      const hits = await mem.recall(question, { k: 10 });
      return { vague: rankOf(hits, "keep forgetting"), dated: rankOf(hits, "14 March") };
    } finally {
      await mem.close?.();
    }
  }

  it("recall ranks the statement that says a date above one that says the thing without a value (the default weight)", async () => {
    const on = await ranks("When is my dentist check-up?");
    expect(on.dated).toBeGreaterThanOrEqual(0);
    expect(on.dated).toBeLessThan(on.vague);
    // The rule off: the statement with more of the question's words ranks first.
    const off = await ranks("When is my dentist check-up?", 0);
    expect(off.vague).toBeLessThan(off.dated);
    // A question that asks who reads no type: the order is the rule-off order.
    const who = await ranks("Who is my dentist?");
    const whoOff = await ranks("Who is my dentist?", 0);
    expect(who).toEqual(whoOff);
  });
});

describe("ANSWER_SAID_RULE: a newer ranked as the newer answer to a when or how-much question says one", () => {
  it.each<[string, string, boolean]>([
    // positive: a number, typed or not, or a value of the asked kind
    ["how many people are on my team", "After the merge we're 11 people now.", true],
    ["when is the record release show", "vinyl delays AGAIN, release show is now 5/16", true],
    ["How many days a week do I work from home?", "I'm working from home three days a week now.", true],
    ["when's the walking group", "the walks have gone to wednesday for a month", true],
    // negative: a change of something else, with no number and no value of the asked kind
    [
      "how much rent am I getting for the Whitefield flat",
      "Added a washing machine in the Whitefield flat, so it is fully furnished now.",
      false,
    ],
    ["when do we go and see nan", "Nan's friend Doreen has moved into Oakwood Grange care home.", false],
    ["how heavy is biscuit", "Vet says Biscuit's on Burns sensitive pork and potato now.", false],
    // a question that asks no typed answer reads nothing
    ["who is my GP", "Dr Okafor retired, so my new GP is Dr Lindqvist.", true],
  ])("%s / %s → %s", (question, text, expected) => {
    expect(mayAnswerTyped(typedAnswerAsked(question), text)).toBe(expected);
  });

  it("recall lifts no newer that says no amount over an older of the flat for a how-much question", async () => {
    const mem = await openMemory({
      path: ":memory:",
      clock: { now: () => new Date("2026-06-01T00:00:00.000Z") },
    });
    try {
      await mem.remember("We rent out the Whitefield flat for ₹32,000 a month.", { at: "2026-01-03" });
      await mem.remember("Broker valued the Whitefield flat at 1.1 crore, if ever we want to sell.", {
        at: "2026-01-05",
      });
      await mem.remember("My sister moved the book club to Wednesdays.", { at: "2026-01-10" });
      await mem.remember(
        "Added a washing machine, fridge, sofa and beds in the Whitefield flat before the new people moved in, so it is fully furnished now.",
        { at: "2026-03-01" },
      );
      await mem.consolidate();
      const hits = await mem.recall("how much rent am I getting for the Whitefield flat", { k: 5 });
      const furnished = hits.find((h) => h.text.includes("fully furnished"));
      expect(furnished).toBeDefined();
      expect(furnished!.why.summary).not.toContain("; newer than [");
    } finally {
      await mem.close?.();
    }
  });

  it.each<[string, boolean]>([
    // negative: a change of the dog's walker says no weight
    ["How much does my dog weigh?", false],
    // positive: a question of who reads no type, and the walker's link still lifts
    ["Who walks my dog?", true],
  ])("the missed: links read it too: %s → a link lifts the new walker: %s", async (question, lifted) => {
    const mem = await openMemory({
      path: ":memory:",
      clock: { now: () => new Date("2026-06-01T00:00:00.000Z") },
    });
    try {
      await mem.remember("Our dog walker is Ellie, she takes Biscuit out at lunchtime.", {
        at: "2026-01-03",
      });
      await mem.remember("Our dog weighs 12 kg at the vet.", { at: "2026-01-05" });
      await mem.remember("Ellie's gone back to uni, so Jamal from down the road walks Biscuit now.", {
        at: "2026-03-01",
      });
      const hits = await mem.recall(question, { k: 5 });
      const jamal = hits.find((h) => h.text.includes("Jamal"));
      expect(Boolean(jamal?.why.summary.includes("; newer than ["))).toBe(lifted);
    } finally {
      await mem.close?.();
    }
  });
});
