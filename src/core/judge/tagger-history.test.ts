/**
 * A text's tags depend on the text alone, not on what the process tagged before. wink's cache
 * keeps every unknown word it reads, and its tokenizer looks each space-separated piece up there
 * before splitting it: an unknown possessive that ends a sentence ("my gran's.") is cut from its
 * full stop and added whole, and a later "my gran's vet" then found "gran's" whole, an unknown
 * word with an apostrophe, tagged PROPN, instead of "gran" NOUN + "'s" (judge22 met it as "mum's"
 * flipping gp-control: docs/evaluation.md, tagger23).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { heldWordIds, loadTagger, tag, WINK_REBUILD_AFTER } from "./tagger.js";

beforeAll(loadTagger);

const PROBE = "My gran's vet moved to Leeds";

/**
 * Varied texts with unknown words in the shapes wink's tokenizer splits by what it has already
 * seen: possessives before a space, a bracket, a full stop or a comma; capitalised and
 * lower-case names; dotted, hyphenated and mailed identifiers. Three texts read a possessive before
 * a later text ends on it (nan's, flatmate's, cockapoo's), so tagged in order and then backwards
 * they meet it before and after wink has kept it whole. None is used by the other tests.
 */
const BATCH = [
  "Our nan's allotment is by the canal",
  "My flatmate's bike was stolen again",
  "the cockapoo's bowl and the Cockapoo's lead",
  "We visited my nan's.",
  "The blue one is my flatmate's, I think",
  "WHOSE IS THIS? THE COCKAPOO'S.",
  "Zorvath's manager is Quillon, not Brevik.",
  "We asked Brevik's team (and Quillon's) about the outage",
  "The ticket went to zorvath's queue, then quillon's.",
  "Ask Nadrel's sister; she'd know where Tamsin's keys are",
  "tamsin's flat is near the Okwuosa Centre",
  "Okwuosa's clinic moved to Fenwickshire last spring.",
  "I'll ping brevik@example.com about svc-ledgerd's config",
  "svc-ledgerd's owner is Nadrel, e.g. for v2.3.1 hotfixes.",
  "Meet at Kelvrin's, 7pm; bring Dr. Okwuosa's notes!",
  "Fenwickshire's trains run late; Kelvrin's don't",
];

const tagsOf = (texts: readonly string[]) => new Map(texts.map((t) => [t, tag(t)]));

describe("tag reads a text the same whatever was tagged before", () => {
  it("a possessive an earlier text ended with is still split: 'gran's' stays a noun", () => {
    const first = tag(PROBE);
    expect(first[1]).toMatchObject({ text: "gran's", pos: "NOUN" });
    tag("It was my gran's."); // wink alone keeps "gran's" whole here, and looks it up whole later
    expect(tag(PROBE)).toEqual(first);
  });

  it("a batch tagged in order, then backwards, gives every text the same words, tags and lemmas", () => {
    const forwards = tagsOf(BATCH);
    const backwards = tagsOf([...BATCH].reverse());
    for (const text of BATCH)
      expect({ text, words: backwards.get(text) }).toEqual({ text, words: forwards.get(text) });
  });

  it("after enough unknown words to build a fresh pipeline, a text reads as before", () => {
    const first = tagsOf(BATCH);
    // Each capitalised unknown word adds an id, and its lower case most often a second.
    const words = Array.from({ length: WINK_REBUILD_AFTER / 2 + 1000 }, (_, i) => `Qz${i.toString(36)}x`);
    tag(`${words.join(" ")}.`);
    expect(heldWordIds()).toBeGreaterThan(WINK_REBUILD_AFTER);
    tag("It was my gran's."); // read by the fresh pipeline
    expect(heldWordIds()).toBeLessThan(10);
    expect(tagsOf(BATCH)).toEqual(first);
  });
});
