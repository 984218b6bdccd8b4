import { beforeAll, describe, expect, it } from "vitest";
import { sharedWordNet } from "../../lexicon/wordnet.js";
import { analysisOf, pastSubjectLeftOut, slotsOf, taggedRead } from "./analysis.js";
import { compareLexically } from "./lexical-judge.js";
import { formTakes, loadTagger, tag } from "./tagger.js";

beforeAll(() => loadTagger());

const at = "2026-12-07T00:00:00Z";
const verdict = (older: string, newer: string) =>
  compareLexically({ text: older, at }, { text: newer, at }, sharedWordNet());
const closes = (older: string, newer: string) => {
  const v = verdict(older, newer);
  return v.relation === "supersedes" || v.relation === "contradicts";
};
/** The tag the tagger gives `form` in `text`, and the tag after its guesses are read again. */
const tagsOf = (text: string, form: string): [string, string] => {
  const i = tag(text).findIndex((w) => w.text === form);
  expect(i, `"${form}" is a word of "${text}"`).toBeGreaterThanOrEqual(0);
  return [tag(text)[i]!.pos, taggedRead(text)[i]!.pos];
};

describe("formTakes: the parts of speech the model's lexicon lists for a form", () => {
  it.each([
    ["moves", "VERB", true],
    ["moves", "NOUN", true],
    ["shifts", "VERB", true],
    ["opens", "VERB", true],
    ["lessons", "VERB", false],
    ["meetings", "VERB", false],
    ["paiseh", "NOUN", false],
  ])("%s as %s: %s", (form, pos, listed) => {
    expect(formTakes(form, pos)).toBe(listed);
  });
});

describe("verbReadAsNoun: an -s verb after a noun subject, before its value, in a notice", () => {
  it.each([
    ["Pickup moves to 3:15", "moves"],
    ["bin collection moves to thursdays from next week", "moves"],
    ["Choir practice shifts to the school hall", "shifts"],
    ["the gym switches to 7 from Monday", "switches"],
    ["the class moves to room 5", "moves"],
  ])("%s: %s is the verb", (text, form) => {
    // The premise: the tagger reads a plural noun there.
    expect(tagsOf(text, form)).toEqual(["NOUN", "VERB"]);
  });

  it.each([
    // another verb follows: the -s word ends the subject's noun phrase
    ["the bus stops on Elm Street are closed", "stops"],
    ["Pickup moves are a pain in the rain", "moves"],
    // a habit, not a notice
    ["the cat moves to the sofa at night", "moves"],
    ["the dog moves to the porch every evening", "moves"],
    // no value after it
    ["the kids love dance moves", "moves"],
    // a plural the lexicon lists as a noun only
    ["swim lessons at 6 now", "lessons"],
  ])("%s: %s stays as read", (text, form) => {
    const [before, after] = tagsOf(text, form);
    expect(after).toBe(before);
  });

  it("the noun after its 'to', which the tagger then read as a verb, is a noun again", () => {
    const words = taggedRead("the class moves to room 5");
    expect(words.map((w) => w.pos)).toEqual(["DET", "NOUN", "VERB", "PART", "NOUN", "NUM"]);
  });
});

describe("adjectiveReadAsNoun: a word no lexicon lists after a degree adverb is graded, an adjective", () => {
  it.each([
    ["He so paiseh, wear cap every day now.", "paiseh"],
    ["she very malu about it", "malu"],
  ])("%s: %s is an adjective", (text, form) => {
    expect(tagsOf(text, form)).toEqual(["NOUN", "ADJ"]);
  });

  it.each([
    ["the meeting moved, so lunch is at 1", "lunch"],
    ["Paiseh but cannot lose money.", "Paiseh"],
  ])("%s: %s stays as read", (text, form) => {
    const [before, after] = tagsOf(text, form);
    expect(after).toBe(before);
  });
});

describe("nounReadAsVerb: the head noun of an object the tagger read as a verb (judge51)", () => {
  it.each([
    ["I've updated the parking permit for Gwen's car.", "permit"],
    ["we paid for the bus pass at the office", "pass"],
    ["I've renewed the parking permit", "permit"],
  ])("%s: %s is a noun", (text, form) => {
    // The premise: the tagger reads a verb there.
    expect(tagsOf(text, form)).toEqual(["VERB", "NOUN"]);
  });

  it.each([
    // a verb that takes a verb after its object: the word is that infinitive or participle
    ["I watched the dog play in the garden", "play"],
    ["I get my hair cut at Tony's.", "cut"],
    // the phrase opens its clause: the word is its verb (a present without its -s, as Patois writes it)
    ["the school bus stop at the gate", "stop"],
    // an object follows: a verb takes its own
    ["I saw the man cut the hedge", "cut"],
    // no verb before the phrase in its clause: a preposition inside the subject, the word its verb
    ["Alfie's school jumpers with the logo come from Pinders on London Road.", "come"],
  ])("%s: %s stays as read", (text, form) => {
    const [before, after] = tagsOf(text, form);
    expect(after).toBe(before);
  });

  it("a change of the permit, with no value, closes nothing of the car's parking (judge50's table)", () => {
    const v = verdict(
      "Gwen's car is parked at the school.",
      "I've updated the parking permit for Gwen's car.",
    );
    expect(v.rule).toBe("unsure:change-without-value");
    expect(
      closes("Gwen's car is parked at the school.", "I've updated the parking permit for Gwen's car."),
    ).toBe(false);
  });
});

describe("contractedToReadAsNoun: a verb and its 'to' written as one word is an auxiliary, not the subject's (judge51)", () => {
  it.each([
    ["the potluck's gonna be on a Saturday evening this time", "gonna"],
    ["preg check's gonna be a week from Tuesday.", "gonna"],
  ])("%s: %s is an auxiliary", (text, form) => {
    // The premise: the tagger reads a noun there.
    expect(tagsOf(text, form)).toEqual(["NOUN", "AUX"]);
  });

  it.each([
    ["the potluck's gonna be on a Saturday evening this time", ["potluck"]],
    ["preg check's gonna be a week from Tuesday.", ["preg", "check"]],
  ])("%s: subject %j", (text, subject) => {
    expect(slotsOf(analysisOf(text)).subject).toEqual(subject);
  });

  it("a change said with it closes, an intention said with it defers", () => {
    expect(closes("the potluck is on Sundays", "the potluck's gonna be on Saturdays now")).toBe(true);
    expect(verdict("I bank with Monzo", "I'm gonna switch my bank to Starling").rule).toBe(
      "unsure:intention",
    );
  });
});

describe("pastSubjectLeftOut: a diary's verb of change with its subject dropped", () => {
  it.each([
    ["changed the litter to the one of pine pellets", true],
    ["moved the standup to 10", true],
    ["finally switched my bank to Starling", true],
    ["Changed plans, the meeting is at 5", false],
    ["renewed my passport, valid till 2036", false],
    ["need a polite email to the client", false],
  ])("%s: %s", (text, dropped) => {
    const words = tag(text);
    const first = words.findIndex((w) => w.pos === "VERB");
    expect(first >= 0 && pastSubjectLeftOut(words, 0, first)).toBe(dropped);
  });

  it("the verb of change is the predicate, what it changes its thing", () => {
    const s = slotsOf(analysisOf("changed the litter to the one of pine pellets"));
    expect(s.predicate).toBe("→");
    expect(s.changedThing?.words).toEqual(["litter"]);
  });
});

describe("the subject of a clause 'but' opens, and a graded word no subject", () => {
  it.each([
    ["Paiseh but I cannot skip the meeting", []],
    ["She so paiseh, she takes the back door now", []],
    ["Tom and Jerry are at the cafe", ["tom", "jerry"]],
  ])("%s: subject %j", (text, subject) => {
    expect(slotsOf(analysisOf(text)).subject).toEqual(subject);
  });
});

describe("pairs (judge47): what the re-read words close, and what they do not", () => {
  it.each([
    ["school pickup is at 3pm", "Pickup moves to 3:15 from Monday"],
    ["the bin collection is on tuesdays", "bin collection moves to thursdays from next week"],
    ["choir practice is in the church hall", "Choir practice shifts to the school hall"],
    ["the class is in room 4", "the class moves to room 5"],
    ["the thermostat is at 19", "turned the thermostat to 21, too cold"],
  ])("%s → %s: closes", (older, newer) => {
    expect(closes(older, newer)).toBe(true);
  });

  it.each([
    ["the cat sleeps on the bed", "the cat moves to the sofa at night"],
    ["the dentist is on Carlton Road", "dentist visits in March"],
    ["Paiseh but cannot lose money.", "He so paiseh, wear cap every day now."],
    ["Paiseh but I cannot skip the meeting", "She so paiseh, she takes the back door now"],
    ["my brother lives in cardiff", "he's thinking of moving to bristol"],
    ["we bank with Monzo", "we're thinking of switching our bank to Starling"],
  ])("%s → %s: closes nothing", (older, newer) => {
    expect(closes(older, newer)).toBe(false);
  });
});
