import { beforeAll, describe, expect, it } from "vitest";
import { leansOnContext } from "./discourse.js";
import { loadTagger } from "./tagger.js";

beforeAll(() => loadTagger());

describe("leansOnContext: a statement whose subject is only in what was said before it", () => {
  it.each([
    // A pronoun subject that points back.
    "it's fixed now",
    "it got moved to the 14th",
    "they changed it to bluejay99",
    "that got cut to 25k",
    "she's 3 years old and hates the vacuum",
    "ok so it's at 1pm now",
    // No noun phrase of its own, and a pronoun that points back later.
    "had to move that one to thursday",
    // A change of something it does not name.
    "moved my accounts to ally",
    "we switched to github actions last month",
    "so we finally moved, we're in denver now and the kids love it",
    "finally upgraded to react 18",
    // A retraction.
    "nvm let's just do a zoom call",
    "btw we deploy on thursdays now",
  ])("leans: %s", (text) => {
    expect(leansOnContext(text)).toBe(true);
  });

  it.each([
    // It names its subject.
    "the wifi password is sunflower22",
    "my bank is chase",
    "the office moved to king st",
    "Kafka retention was cut down",
    "btw my manager is out all next week",
    // The speaker says all they mean: no change, no pointer back.
    "i'm vegetarian",
    "we use jenkins for ci",
    "i live in austin",
    "",
  ])("stands alone: %s", (text) => {
    expect(leansOnContext(text)).toBe(false);
  });
});
