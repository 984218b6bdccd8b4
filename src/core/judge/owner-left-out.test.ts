import { beforeAll, describe, expect, it } from "vitest";
import { sharedWordNet } from "../../lexicon/wordnet.js";
import { compareLexically } from "./lexical-judge.js";
import { loadTagger } from "./tagger.js";

beforeAll(() => loadTagger());

const at = "2026-03-01T00:00:00Z";
const verdict = (older: string, newer: string) =>
  compareLexically({ text: older, at }, { text: newer, at }, sharedWordNet());
const closes = (v: ReturnType<typeof verdict>) =>
  (v.relation === "supersedes" || v.relation === "contradicts") && v.confident !== false;

describe('another person\'s thing, then the thing with "the" and no owner (judge49, `ownerLeftOut`)', () => {
  it.each([
    // a person's noun with "'s" (j48-head-alone-07: closed by `change-cue` before)
    ["my brother's car is a Fiesta", "the car is a Golf now"],
    ["my sister's car is red", "the car is blue now"],
    ["Mum's dentist is Dr Patel", "the dentist is Dr Jones now"],
    // a name with "'s"
    ["Sam's car is a Fiesta", "the car is a Golf now"],
    ["Dad's appointment is at 3", "the appointment is at 4 now"],
    // the head the tagger reads as an adjective before its verb ("flat")
    ["Priya's flat is in Leith", "the flat is in Morningside now"],
    // another person's pronoun
    ["her car is a Fiesta", "the car is a Golf now"],
    // adjectives between "the" and the head; a verb of change that takes the thing
    ["my brother's old car is a Fiesta", "the old car is a Golf now"],
    ["my brother's car is a Fiesta", "changed the car to a Golf"],
  ])("%s / %s is deferred as another owner's", (older, newer) => {
    const v = verdict(older, newer);
    expect(closes(v)).toBe(false);
    expect(v.confident).toBe(false);
    expect(v.rule).toBe("unsure:other-owner");
  });

  it.each([
    // the speaker's own thing: "the car" is the speaker's
    ["my car is a Fiesta", "the car is a Golf now"],
    ["my flat is in Leith", "the flat is in Morningside now"],
    // the owner given again by a pronoun
    ["my brother's car is a Fiesta", "his car is a Golf now"],
    // a thing's, not a person's: one thing (`headNamedAlone`)
    ["the cat's litter is clay", "the litter is pine pellets now"],
  ])("%s / %s still closes the older", (older, newer) => {
    expect(closes(verdict(older, newer))).toBe(true);
  });

  it.each([
    // the owner named again, or a third person who may be the owner: not this rule's
    ["my brother's car is a Fiesta", "my brother traded it in, the car is a Golf now"],
    ["my brother's car is a Fiesta", "he sold it, the car is a Golf now"],
    // the head with another noun after it: another thing
    ["my brother's car is a Fiesta", "the car park is full now"],
  ])("%s / %s is not read as another owner's by `ownerLeftOut`", (older, newer) => {
    const v = verdict(older, newer);
    expect(v.reason ?? "").not.toContain('then "the');
  });
});
