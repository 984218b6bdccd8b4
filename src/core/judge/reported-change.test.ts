import { beforeAll, describe, expect, it } from "vitest";
import { openWordNet } from "../../lexicon/wordnet.js";
import { compareLexically, loadTagger, REPORTED_CHANGE_RULE } from "./lexical-judge.js";
import { REPORTED_CHANGE_UNSURE, reportFrameOf } from "./reported-change.js";

beforeAll(() => loadTagger());

const at = "2026-01-01T00:00:00.000Z";
const wordnet = openWordNet();
const judge = (a: string, b: string) => compareLexically({ text: a, at }, { text: b, at }, wordnet);

describe("a change reported by someone else (reported-change, judge45)", () => {
  it.each([
    ["the party is at Jo's on saturday", "my sister says the party is at the Crown now", "my sister says"],
    [
      "the surgery is on High Street",
      "the letter says the surgery is moving to Elm Street",
      "the letter says",
    ],
    ["the pool opens at 7", "the notice says the pool opens at 8 now", "the notice says"],
    ["my dose is 25mg", "Dr Okafor told me my dose is 50mg now", "dr okafor told"],
    ["the market is on thursdays", "I heard the market is on fridays now", "i heard"],
    [
      "the party is at Jo's on saturday",
      "My sister-in-law say the party is at the Crown now",
      "my sister-in-law say",
    ],
    [
      "the bins go out on tuesday",
      'the council email said: "bins now go out on thursday"',
      "the council email said",
    ],
  ])("%s → %s closes the older (%s)", (a, b, frame) => {
    const v = judge(a, b);
    expect(v).toMatchObject({ relation: "supersedes", rule: REPORTED_CHANGE_RULE.name, confident: true });
    expect(v.reason.startsWith(`${REPORTED_CHANGE_RULE.name}: ${frame}; `)).toBe(true);
  });

  it("without the frame the reporter is read as the subject: two things", () => {
    // The mechanism, not an accident: the whole reading calls the pair two things.
    const v = judge("the party is at Jo's on saturday", "my sister says the party is at the Crown now");
    expect(v.reason).toContain("change-cue");
    expect(
      judge("the party is at Jo's on saturday", "my sister's party is at the Crown now").relation,
    ).not.toBe("supersedes");
  });

  it.each([
    // A verb of opinion: supposed, not reported.
    ["the party is at Jo's on saturday", "my sister reckons the party is at the Crown now"],
    ["the pool opens at 7", "Sam thinks the pool opens at 8 now"],
    // A reported end of a sole value stays the speaker's own account's (sole-value-retired).
    ["my manager is Priya", "Dana says Priya left last week"],
  ])("%s → %s defers", (a, b) => {
    const v = judge(a, b);
    expect(v.relation === "supersedes" && v.confident).toBe(false);
    expect(v.relation).not.toBe("distinct");
  });

  it("a guess is named as the reported change deferred", () => {
    expect(
      judge("the party is at Jo's on saturday", "my sister reckons the party is at the Crown now"),
    ).toMatchObject({ relation: "refines", rule: REPORTED_CHANGE_UNSURE, confident: false });
  });

  it.each([
    // The reported clause is about another thing.
    ["the party is at Jo's on saturday", "my sister says her flat is at the Crown now"],
    ["the gym opens at 6", "the sign says the pool opens at 8 now"],
    // An object, an instruction, a topic, a negated report: no clause reported.
    ["Amir is based in Cairo.", "Amir wrote the onboarding guide."],
    ["my dose is 25mg", "Dr Okafor told me to take it with food"],
    ["the market is on thursdays", "my sister told me about the market in Ely"],
    ["the pool opens at 7", "the letter doesn't say the pool opens at 8 now"],
    // A restatement reported keeps both.
    ["the dentist is on Carlton Road", "the letter says the dentist is on Carlton Road"],
  ])("%s → %s closes nothing", (a, b) => {
    const v = judge(a, b);
    expect(v.relation === "supersedes" || v.relation === "contradicts" || v.relation === "duplicate").toBe(
      false,
    );
  });

  it.each([
    ["the notice says the pool opens at 8 now", "the notice says", "the pool opens at 8 now"],
    ["Oh my sister says the party is at the Crown now.", "my sister says", "the party is at the Crown now"],
    ["Dr Okafor told me that my dose is 50mg now", "Dr Okafor told", "my dose is 50mg now"],
    [
      'the council email said: "bins now go out on thursday"',
      "the council email said",
      "bins now go out on thursday",
    ],
  ])("reportFrameOf(%s) → %s / %s", (text, frame, clause) => {
    expect(reportFrameOf(text, wordnet)).toMatchObject({ frame, clause });
  });

  it.each([
    "the pool opens at 8 now",
    "Amir wrote the onboarding guide.",
    "my sister told me to bring a coat",
    "the letter never says when the pool opens",
    "my sister says hi",
  ])("reportFrameOf(%s) → null", (text) => {
    expect(reportFrameOf(text, wordnet)).toBeNull();
  });
});

describe('a quoted notice and "it" as the reported subject (reported-change, judge46)', () => {
  it.each([
    // A source's noun, a colon and its words: the colon does what a verb of saying does.
    [
      "the pool opens at 7 on weekdays",
      'paste notice at the gate: "The pool opens at 8 on weekdays from Monday"',
      "paste notice at the gate",
    ],
    [
      "the bin collection is on tuesdays",
      'leaflet from the council: "bin collection is on thursdays now"',
      "leaflet from the council",
    ],
    [
      "the rent is 1200 a month",
      'email from the landlord: "the rent is 1300 from May"',
      "email from the landlord",
    ],
    // "it" is the older's one thing when the newer names no other.
    ["the swimming lesson is at 5pm", "they said it's moving to 6pm", "they said; it = the swimming lesson"],
    [
      "the surgery is on High Street",
      "the letter says it's moving to Elm Street",
      "the letter says; it = the surgery",
    ],
    ["the farmers market is on saturdays", "I heard it's on sundays now", "i heard; it = the farmers market"],
  ])("%s → %s closes the older (%s)", (a, b, frame) => {
    const v = judge(a, b);
    expect(v).toMatchObject({ relation: "supersedes", rule: REPORTED_CHANGE_RULE.name, confident: true });
    expect(v.reason.startsWith(`${REPORTED_CHANGE_RULE.name}: ${frame}; `)).toBe(true);
  });

  it("without the frame or the referent the pair is no change", () => {
    // The mechanism: "it" alone shares no word, and the notice's noun is read as the subject.
    expect(judge("the swimming lesson is at 5pm", "it's moving to 6pm").relation).not.toBe("supersedes");
    expect(
      judge("the bin collection is on tuesdays", "the council leaflet bin collection thursdays").relation,
    ).not.toBe("supersedes");
  });

  it('another thing the newer names may be "it": deferred, named', () => {
    const v = judge("the swimming lesson is at 5pm", "the gym's email says it's moving to 6pm now");
    expect(v).toMatchObject({ relation: "refines", rule: REPORTED_CHANGE_UNSURE, confident: false });
    expect(v.reason).toContain("it = the swimming lesson?");
  });

  it.each([
    // "it" for no one thing of the older's (a person), or a clause that says no change.
    ["my sister lives in Leeds", "they said it's moving to Bristol"],
    ["the swimming lesson is at 5pm", "they said it's great"],
    // A phrase with no source's noun, or a negated one, before the colon.
    ["the bin collection is on tuesdays", 'my shopping list: "eggs, milk and bread"'],
    ["the library closes at 6pm", 'no letter yet: "the library closes at 5pm" is only a rumour'],
  ])("%s → %s closes nothing", (a, b) => {
    expect(judge(a, b).relation).not.toBe("supersedes");
  });

  it.each([
    [
      "paste notice from the school: 'Pickup is at 3:15 from Monday'",
      "paste notice from the school",
      "Pickup is at 3:15 from Monday",
    ],
    ['text from mum: "dinner is at 7 now"', "text from mum", "dinner is at 7 now"],
  ])("%s reports %s: %s", (text, frame, clause) => {
    expect(reportFrameOf(text, wordnet)).toEqual({ frame, clause, opinion: false });
  });

  it.each([
    "pickup at 3:15: bring the forms",
    "my list: eggs, milk and bread",
    "no letter yet: the library closes at 5pm",
  ])("%s reports nothing", (text) => {
    expect(reportFrameOf(text, wordnet)).toBeNull();
  });
});

describe('"go" to a number: a quantity moves to it (GOES_TO_AMOUNT, judge52)', () => {
  it.each([
    // Said alone, reported, or in a clause after another subject's.
    ["my rent is 900 a month", "rent's going to 950", "change-cue"],
    ["my rent is 900 a month", "the landlord says rent's going to 950", REPORTED_CHANGE_RULE.name],
    [
      "my rent is 900 a month",
      "landlord sent the renewal, rent going to 950 from March",
      "change-in-one-clause",
    ],
    [
      "the water bill is 1,200 a month",
      "the caretaker says the water bill is going to 1,500",
      REPORTED_CHANGE_RULE.name,
    ],
    [
      "the lodger rent is £575 a month",
      "landlord sent a letter, lodger rent going to £600 a month",
      "change-in-one-clause",
    ],
    ["my rent is 900 a month", "rent has gone to 950", "change-cue"],
  ])("%s → %s closes the older (%s)", (a, b, rule) => {
    expect(judge(a, b)).toMatchObject({ relation: "supersedes", rule, confident: true });
  });

  it.each([
    // Another person's own value, a proposal, a guess, the future "going to be", a person who goes.
    ["my rent is 900 a month", "my sister says her rent is going to 950"],
    ["our rent is 900 a month", "the neighbours told us their rent is going to 1,000"],
    [
      "the chama contribution is 2,000 a month",
      "some members say the contribution should go to 2,500, nothing decided",
    ],
    ["the school van is 3,500 a month", "Kibet reckons the van fee will go to 4,000 next year"],
    ["my rent is 900 a month", "the landlord says the rent is going to be 950"],
    ["we go to 1 service a week", "Sam is going to 3 weddings this summer"],
  ])("%s → %s closes nothing", (a, b) => {
    expect(judge(a, b).relation).not.toBe("supersedes");
  });
});
