import { beforeAll, describe, expect, it } from "vitest";
import { mainClauseStart } from "./judge/analysis.js";
import { loadTagger, tag } from "./judge/tagger.js";
import { withoutReason } from "./recall/lifts/reason-clause.js";
import {
  AS,
  alternatives,
  CAUSE_SUBORDINATORS,
  MOSTLY_PREPOSITIONS,
  opensWithSubordinator,
  SPOKEN_BECAUSE,
  SUBORDINATOR_PHRASES,
  SUBORDINATORS,
  subordinatorWord,
} from "./subordinators.js";

beforeAll(() => loadTagger());

describe("the one list of subordinators (sleepcost40)", () => {
  it("holds the one-word subordinators, and the words each reader adds or leaves out apart", () => {
    expect([...SUBORDINATORS].sort()).toEqual(
      "after although because before if once since though till unless until when whenever whereas while whilst"
        .split(" ")
        .sort(),
    );
    expect([...MOSTLY_PREPOSITIONS].every((w) => (SUBORDINATORS as readonly string[]).includes(w))).toBe(
      true,
    );
    expect([...CAUSE_SUBORDINATORS].every((w) => (SUBORDINATORS as readonly string[]).includes(w))).toBe(
      true,
    );
    expect((SUBORDINATORS as readonly string[]).includes(AS)).toBe(false);
    expect(SUBORDINATOR_PHRASES).toContain("now that");
    expect(SPOKEN_BECAUSE).toContain("cos");
  });

  it("puts the longer of two alternatives first", () => {
    expect(alternatives(["as", "after", "now that", "if"])).toBe("now that|after|as|if");
  });

  it.each([
    ["Since the garage closed I park on Fifth Avenue", true],
    ["Whilst the office is shut we work from home", true],
    ["till the landlord fixes it we use the heater", true],
    ["If it rains we stay in", true],
    ["Sincere thanks to the team", false],
    ["As of May the rent is 900", false],
    ["Now that the fix has ended we pay 40", false],
    ["Iffy weather today", false],
  ])("opensWithSubordinator: %s → %s", (text, opens) => {
    expect(opensWithSubordinator.test(text)).toBe(opens);
  });

  it.each([
    ["till", true],
    ["Whilst", true],
    ["before", true],
    ["as", false],
    ["cos", false],
    ["now", false],
    ["tills", false],
  ])("subordinatorWord: %s → %s", (word, is) => {
    expect(subordinatorWord.test(word)).toBe(is);
  });
});

describe("the readers that read a word the one list gave them (sleepcost40)", () => {
  it.each([
    // "whilst" is "while": the judge reads the main clause after it, as after "while"
    ["Whilst the office is shut we work from home", "we"],
    ["While the office is shut we work from home", "we"],
    // no subordinator first: no main clause after one
    ["As of May the rent is 900 a month", null],
    ["The office is shut so we work from home", null],
  ])("mainClauseStart: %s → %s", (text, first) => {
    const at = mainClauseStart(text, tag(text));
    expect(at === null ? null : text.slice(at).split(" ")[0]).toBe(first);
  });

  it.each([
    // "coz" is "because" as typed: the reason is left out of the change, as after "cos"
    ["We moved standup to 10 coz half the team was late", "We moved standup to 10"],
    ["We moved standup to 10 cos half the team was late", "We moved standup to 10"],
    // "cause" with no apostrophe is read as the noun it may be: nothing left out
    [
      "We moved standup to 10 cause half the team was late",
      "We moved standup to 10 cause half the team was late",
    ],
    ["We moved standup to 10 'cause half the team was late", "We moved standup to 10"],
  ])("withoutReason: %s → %s", (text, kept) => {
    expect(withoutReason(text)).toBe(kept);
  });
});
