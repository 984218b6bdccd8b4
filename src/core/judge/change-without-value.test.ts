import { beforeAll, describe, expect, it } from "vitest";
import { analysisOf } from "./analysis.js";
import { changeWithoutValue } from "./change-without-value.js";
import { loadTagger } from "./tagger.js";

beforeAll(() => loadTagger());

describe("a change reported with no value (judge50, `changeWithoutValue`)", () => {
  it.each([
    ["I've updated the lambing date for Elin's farm.", "date"],
    ["I've changed the date of your appointment.", "date"],
    ["The choir trip has changed.", "trip"],
    ["the trip has changed again", "trip"],
    ["Dad moved the appointment again", "appointment"],
    ["The appointment has been moved", "appointment"],
    ["They raised the rent", "rent"],
    ["I've changed it", "it"],
  ])("%s → %s", (text, thing) => {
    expect(changeWithoutValue(analysisOf(text))).toBe(thing);
  });

  it.each([
    // a value said
    "I've moved the appointment to Friday.",
    "I switched to Octopus",
    "I swapped my Fiesta for a Golf",
    "They raised the rent to 1050",
    // a verb that ends a thing, not one that changes its value
    "I dropped the gym",
    "turned the heating off",
    // a second clause that holds the value
    "the trip has changed again, it is Chester now",
    "the wifi password is brindle1987 now, diarmuid changed it",
    "the wifi password is brindle1987 now diarmuid changed it",
    // a passive's noun phrase is the value (supersession d026)
    "The strata-core repository was renamed strata-engine",
    // no thing named
    "I've moved",
  ])("%s → null", (text) => {
    expect(changeWithoutValue(analysisOf(text))).toBeNull();
  });
});
