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

describe("a thing named with its modifier, then by its head alone (judge48, `headNamedAlone`)", () => {
  it.each([
    // a prepositional phrase after the head ("litter for the cat") or a possessive before it ("the
    // cat's litter"), then "the litter": one thing (fresh7 cat-litter, read short)
    ["litter for the cat is clay", "the litter is pine pellets now"],
    ["the cat's litter is clay", "the litter is pine pellets now"],
    ["the bowl for the dog is steel", "the bowl is ceramic now"],
  ])("%s / %s closes the older", (older, newer) => {
    expect(closes(verdict(older, newer))).toBe(true);
  });

  it.each([
    // the modifier no longer read as another attribute; the values are read no further (deferred)
    ["litter for the cat: the clay one, cheap from Lidl", "changed the litter to the one of pine pellets"],
    ["the cat's litter is the clay one", "changed the litter to pine pellets"],
  ])("%s / %s is no longer `different-attribute: cat`", (older, newer) => {
    const v = verdict(older, newer);
    expect(v.rule).not.toBe("different-attribute");
    expect(v.confident).toBe(false);
  });

  it.each([
    // another modifier said by the newer: another thing
    ["litter for the cat is the clay one", "changed the litter for the rabbit to pine pellets"],
    // the head with another noun after it: "the litter box" is not "the litter"
    ["litter for the cat is the clay one", "changed the litter box to the covered one"],
    // a person's or a named one's thing: the bare "the car" may be the speaker's own
    ["Mochi's litter is the clay one", "changed the litter to pine pellets"],
    ["my sister's car is red", "the car is blue now"],
    // a compound's first noun names a kind: "the litter" may be another of the speaker's
    ["cat litter is clay", "the litter is pine pellets now"],
  ])("%s / %s closes nothing", (older, newer) => {
    expect(closes(verdict(older, newer))).toBe(false);
  });
});
