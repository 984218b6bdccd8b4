import { beforeAll, describe, expect, it } from "vitest";
import { openWordNet } from "../../lexicon/wordnet.js";
import { compareLexically, loadTagger, PRONOUN_REFERENT_RULE } from "./lexical-judge.js";

beforeAll(() => loadTagger());

const at = "2026-01-01T00:00:00.000Z";
const wordnet = openWordNet();
const judge = (a: string, b: string) => compareLexically({ text: a, at }, { text: b, at }, wordnet);

describe("a pronoun for the older's one person (pronoun-referent, judge42)", () => {
  it.each([
    ["my brother is on the night shift", "he's on the day shift now", "he = my brother"],
    ["my mum works at the bakery on fridays", "she works at the bakery on saturdays now", "she = my mum"],
    ["my boss is in the office on mondays", "btw she's in the office on tuesdays now", "she = my boss"],
    ["Dami is a junior nurse.", "she's a senior nurse now", "she = Dami"],
    ["Dami is a junior nurse.", "she got promoted to senior nurse", "she = Dami"],
    ["my aunty works at the bakery on fridays", "she works at the bakery on saturdays now", "she = my aunty"],
  ])("%s → %s closes the older (%s)", (a, b, referent) => {
    const v = judge(a, b);
    expect(v).toMatchObject({ relation: "supersedes", rule: PRONOUN_REFERENT_RULE.name, confident: true });
    expect(v.reason.startsWith(`${PRONOUN_REFERENT_RULE.name}: ${referent}; `)).toBe(true);
  });

  it.each([
    // A gender the subject's words deny.
    ["my sister is on the night shift", "he's on the day shift now"],
    ["Mrs Okafor teaches piano on mondays", "he teaches piano on tuesdays now"],
    ["my aunty works at the bakery on fridays", "he works at the bakery on saturdays now"], // person-words: "aunty" is "auntie"
    // The older names another person: the pronoun may be either.
    ["my brother works with Tom on the night shift", "he's on the day shift now"],
    ["Mia's teacher is Mr Ross", "she has Ms Patel now"],
    // Another third person in the newer.
    ["my brother is on the night shift", "he's on the day shift now, and she is too"],
    // A thing, not a person; "it" and "they" are left.
    ["the lift is slow", "he's fast now"],
    ["our team lunch is at noon", "it's at 1pm now"],
    ["my parents live in leeds", "they live in york now"],
    // Said of the person, but no change the rules read: deferred as before.
    ["my dad drives a volvo", "he drives a tesla now"],
    // A conditional or a plan.
    ["my brother is on the night shift", "he'd be on the day shift if he could"],
  ])("%s → %s is not read through the pronoun", (a, b) => {
    const v = judge(a, b);
    expect(v.rule).not.toBe(PRONOUN_REFERENT_RULE.name);
    expect(v.relation === "supersedes" && v.confident).toBe(false);
  });

  it("without the pronoun the pair defers, so the reading is what closes it", () => {
    const v = judge("my brother is on the night shift", "he's on the day shift now");
    expect(v.rule).toBe(PRONOUN_REFERENT_RULE.name);
    const alone = compareLexically(
      { text: "my brother is on the night shift", at },
      { text: "someone's on the day shift now", at },
      wordnet,
    );
    expect(alone.relation === "supersedes" && alone.confident).toBe(false);
  });
});
