import { beforeAll, describe, expect, it } from "vitest";
import { compareLexically } from "./lexical-judge.js";
import { loadTagger } from "./tagger.js";
import { quantityOf, VALUE_TYPES_DIFFER_RULE, valueTypesDiffer } from "./value-types.js";

beforeAll(() => loadTagger());

const at = "2026-03-01T00:00:00Z";

describe(`${VALUE_TYPES_DIFFER_RULE.name}: no change is closed between values of two kinds`, () => {
  it.each([
    ["PICKLE IS 34.5 LB", "vet switched pickle to cytopoint injections every 6 weeks, no more hiding pills"],
    ["The flight lands at 4pm.", "The flight is 2 hours late now."],
    ["The dog weighs 12 kg.", "The dog's walk is 40 minutes now."],
    // values41: money in words is money, a day of a month is when
    ["The dog weighs 12 kg.", "The dog's grooming is forty quid now."],
    ["The rent is £1,200.", "The rent is due on the 3rd now."],
  ])("%s / %s: types differ, the pair is deferred", (older, newer) => {
    expect(valueTypesDiffer(older, newer)).toBe(true);
    const v = compareLexically({ text: older, at }, { text: newer, at });
    expect(v.relation === "supersedes" || v.relation === "contradicts").toBe(false);
  });

  it.each([
    // one kind each side: a change
    ["The dog weighs 12 kg.", "The dog weighs 14 kg now."],
    ["The rent is £1,200.", "The rent is £1,350 from May."],
    // another unit of the same quantity: a change (judge-styles dev near-duplicates)
    ["Max file size is 10 MB.", "Max file size is 10 GB."],
    ["The build takes 5 minutes.", "The build takes 5 hours."],
    ["The invoice total is 1,200 EUR.", "The invoice total is 1,200 USD."],
    // a clock time and a day both say when
    ["Choir practice is at 7pm.", "Choir practice is on Thursdays now."],
    // thousands may count anything
    ["My salary is £48,000.", "My salary is 52k now."],
    // a bare number has no type and differs from nothing
    ["Our standup is at 9:30.", "standup's at 10 now, people kept being late"],
    // one side gives no typed value
    ["The vet is Siobhán Twomey.", "The vet is 20 minutes away now."],
    // a shared type beside another
    ["The gym opens at 6am.", "The gym opens at 7am now, 5 days a week"],
    // values41: money in words and in figures are one kind, as are times and dates said as people say them
    ["The haircut is £35.", "The haircut is forty quid now."],
    ["The amp was $900.", "The amp was twelve hundred bucks."],
    ["Dinner is at 6pm.", "Dinner is at half six now."],
    ["The deadline is Friday.", "The deadline is 3/11 now."],
  ])("%s / %s: no two kinds", (older, newer) => {
    expect(valueTypesDiffer(older, newer)).toBe(false);
  });

  it("a change between values of one kind still closes", () => {
    const v = compareLexically(
      { text: "The dog weighs 12 kg.", at },
      { text: "The dog weighs 14 kg now.", at },
    );
    expect(v).toMatchObject({ relation: "supersedes", confident: true });
  });

  it.each([
    ["measure:hour", "duration"],
    ["measure:lb", "mass"],
    ["measure:£", "money"],
    ["measure:₦", "money"],
    ["clock", "when"],
    ["date", "when"],
    ["version", "version"],
    ["measure:bar", "measure:bar"],
    ["measure:k", null],
  ])("quantityOf(%j) → %j", (type, quantity) => {
    expect(quantityOf(type)).toBe(quantity);
  });
});
