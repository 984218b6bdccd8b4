import { beforeAll, describe, expect, it } from "vitest";
import {
  AS_OF,
  adverbs,
  adverbWords,
  CURRENTLY,
  FROM_NOW_ON,
  NO_LONGER,
  NOT_ANYMORE,
  NOW,
  STILL,
  THESE_DAYS,
} from "./change-adverbs.js";
import { analysisOf, participleOf, transitionOf } from "./judge/analysis.js";
import { loadTagger } from "./judge/tagger.js";
import { choiceChangeOf } from "./recall/lifts/change-of-choice.js";
import { announcesChange } from "./sleep/chat-turns.js";
import { NOW_MARKER } from "./state-slots.js";
import { contentTokens, hasChangeCue, STOP_WORDS } from "./text.js";

beforeAll(() => loadTagger());

const reads = (source: string) => new RegExp(`\\b${source}\\b`, "i");

describe("the one vocabulary of change adverbs (changeadv46)", () => {
  it("holds each group's words, the dialect forms beside the standard ones", () => {
    expect([...NOW]).toEqual(["now", "noo"]);
    expect([...THESE_DAYS]).toEqual(["these days", "nowadays"]);
    expect([...NO_LONGER]).toEqual(["no longer", "nae langer"]);
    expect([...NOT_ANYMORE]).toEqual(["anymore", "any more", "any longer"]);
    expect([...FROM_NOW_ON]).toEqual(["from now on", "going forward"]);
    expect([...CURRENTLY]).toEqual(["currently", "at the moment", "at present"]);
    expect([...STILL]).toEqual(["still"]);
  });

  it("builds one alternation, longest first, a space read as any whitespace", () => {
    expect(adverbs(NO_LONGER, NOT_ANYMORE)).toBe(
      String.raw`(?:any\s+longer|nae\s+langer|no\s+longer|any\s+more|anymore)`,
    );
    expect(reads(adverbs(NO_LONGER)).test("I no\n longer drive")).toBe(true);
    expect(adverbWords(NOW, THESE_DAYS, NOT_ANYMORE)).toEqual(["now", "noo", "nowadays", "anymore"]);
  });

  it("reads 'now' and Scots 'noo' as adverbs, never inside another word", () => {
    const now = reads(adverbs(NOW));
    for (const s of [
      "the shift's at six now",
      "the shift's noo at six",
      "he's a size 8 noo",
      "£71.40 for the return noo",
    ])
      expect(now.test(s), s).toBe(true);
    for (const s of [
      "I know the snow is deep",
      "we met at noon",
      "a snooker table",
      "the nook",
      "Noo! I forgot",
      "oh noo",
      "noo way",
    ])
      expect(now.test(s), s).toBe(false);
  });

  it("reads 'as of' before a point in time, not 'as of yet'", () => {
    const asOf = reads(AS_OF);
    expect(asOf.test("as of May the rent is £900")).toBe(true);
    expect(asOf.test("As of today I work from home")).toBe(true);
    expect(asOf.test("nothing has changed as of yet")).toBe(false);
  });

  it("reads 'no longer' and its kin, not the comparatives they contain", () => {
    const gone = reads(adverbs(NO_LONGER, NOT_ANYMORE));
    for (const s of [
      "I no longer drive",
      "I'm nae langer on nights",
      "I don't smoke anymore",
      "not any more",
      "I can't wait any longer",
    ])
      expect(gone.test(s), s).toBe(true);
    for (const s of ["the queue is longer", "a langer shift", "any moreover", "more than any"])
      expect(gone.test(s), s).toBe(false);
  });
});

describe("each reader asks the vocabulary for the groups it needs", () => {
  it("text.ts's change cue: a change adverb, 'noo' as 'now', but not 'currently' or 'these days' (they say no change)", () => {
    expect(hasChangeCue("he's a size 8 noo")).toBe(true);
    expect(hasChangeCue("I'm nae langer on nights")).toBe(true);
    expect(hasChangeCue("The standup is at 10 now")).toBe(true);
    expect(hasChangeCue("I know the snow is deep")).toBe(false);
    expect(hasChangeCue("I currently live in Leeds")).toBe(false);
    expect(hasChangeCue("these days I cycle to work")).toBe(false);
  });

  it("state-slots' present marker: the change adverbs and 'currently', not 'still' or 'as of yet'", () => {
    expect(NOW_MARKER.test("where do I work noo")).toBe(true);
    expect(NOW_MARKER.test("who is my current dentist")).toBe(true);
    expect(NOW_MARKER.test("as of Monday the gym opens at 6")).toBe(true);
    expect(NOW_MARKER.test("do I still live in Leeds")).toBe(false);
    expect(NOW_MARKER.test("nothing has changed as of yet")).toBe(false);
  });

  it("sleep's strong change cue: 'now'/'noo' after 'is' or ending a clause, never mid-clause", () => {
    expect(announcesChange("My shift is noo at six.")).toBe(true);
    expect(announcesChange("My shift is at six noo.")).toBe(true);
    expect(announcesChange("My shift is at six now.")).toBe(true);
    expect(announcesChange("I know the shift is at six.")).toBe(false);
  });
});

describe("the lists that spelled the adverbs themselves ask the vocabulary too (changeadv47)", () => {
  it("stop words: 'now', Scots 'noo', 'still', 'currently' are no content; 'nowadays', 'anymore' stay content, deliberately", () => {
    for (const w of ["now", "noo", "still", "currently"]) expect(STOP_WORDS.has(w), w).toBe(true);
    for (const w of ["nowadays", "anymore"]) expect(STOP_WORDS.has(w), w).toBe(false);
    expect(contentTokens("he's a size 8 noo")).toEqual(["size", "8"]);
    expect(contentTokens("we met at noon by the snooker hall")).toEqual(["met", "noon", "snooker", "hall"]);
  });

  it("the judge's 'no longer': 'longer' and Scots 'langer' name nothing after 'no'/'nae', but do as a comparative", () => {
    expect(analysisOf("I no longer drive").content.has("longer")).toBe(false);
    expect(analysisOf("I'm nae langer on nights").content.has("langer")).toBe(false);
    expect(analysisOf("a langer shift on nights").content.has("langer")).toBe(true);
    expect(analysisOf("the queue is longer on nights").content.has("longer")).toBe(true);
  });

  it("the judge's value after 'to' ends at 'now' or 'noo', not at 'noon'", () => {
    expect(transitionOf(analysisOf("the dose went up to 40mg noo"))?.to).toEqual(["40mg"]);
    expect(transitionOf(analysisOf("the dose went up to 40mg now"))?.to).toEqual(["40mg"]);
    expect(transitionOf(analysisOf("the dose went up to 40mg noon"))?.to).toEqual(["40mg", "noon"]);
  });

  it("the judge's participle after a copula skips 'now'/'noo', 'currently', 'still', and no other word", () => {
    expect(participleOf(analysisOf("the van is noo owned by Ravi"))).toBe("own");
    expect(participleOf(analysisOf("the van is currently owned by Ravi"))).toBe("own");
    expect(participleOf(analysisOf("the van is nook owned by Ravi"))).not.toBe("own");
  });

  it("recall's change of choice reads 'noo' where it reads 'now', not 'noon'", () => {
    expect(choiceChangeOf("I'm on Octopus noo")?.value).toBe("Octopus");
    expect(choiceChangeOf("we've noo switched to Octopus for the gas")?.value).toBe("Octopus");
    expect(choiceChangeOf("I'm on Octopus at noon")).toBeNull();
  });
});
