import { beforeAll, describe, expect, it } from "vitest";
import {
  alternationOf,
  calendarWords,
  frenchMonth,
  isFrenchWeekday,
  isMaoriWeekday,
  monthClips,
  monthNames,
  RELATIVE_DAYS,
  SEASONS,
  weekdayNames,
} from "./calendar-words.js";
import { isWhenWord } from "./judge/analysis.js";
import { loadTagger } from "./judge/tagger.js";
import { namedValues } from "./named-values.js";
import { typedValues } from "./typed-values.js";

describe("calendar words: one vocabulary of days and months", () => {
  it("reads the English names from Intl, in calendar order (weekdays Sunday first, as Date#getDay)", () => {
    expect(monthNames()).toEqual(
      "january february march april may june july august september october november december".split(" "),
    );
    expect(monthClips()).toEqual("jan feb mar apr may jun jul aug sep oct nov dec".split(" "));
    expect(weekdayNames()).toEqual("sunday monday tuesday wednesday thursday friday saturday".split(" "));
    expect(weekdayNames()[new Date(Date.UTC(2026, 11, 7)).getUTCDay()]).toBe("monday");
  });

  it.each<[string, Parameters<typeof calendarWords>[0], boolean]>([
    // names only
    ["monday", { weekdays: "names" }, true],
    ["march", { months: "names" }, true],
    ["may", { months: "names" }, true],
    ["mon", { weekdays: "names" }, false],
    ["sept", { months: "names" }, false],
    ["mondays", { weekdays: "names" }, false],
    ["monday", { months: "names" }, false],
    ["today", { months: "names", weekdays: "names" }, false],
    // clipped: CLDR's and as people text them
    ["sep", { months: "clipped" }, true],
    ["sept", { months: "clipped" }, true],
    ["jan", { months: "clipped" }, true],
    ["january", { months: "clipped" }, true],
    ["tue", { weekdays: "clipped" }, true],
    ["tues", { weekdays: "clipped" }, true],
    ["weds", { weekdays: "clipped" }, true],
    ["thurs", { weekdays: "clipped" }, true],
    ["thur", { weekdays: "clipped" }, true],
    ["sat", { weekdays: "clipped" }, true],
    ["sat", { months: "clipped", weekdays: "names" }, false], // a weekday clipped only when asked
    ["septem", { months: "clipped" }, false],
    ["tu", { weekdays: "clipped" }, false],
    // plurals of weekdays, not of months
    ["fridays", { weekdays: "names", plural: true }, true],
    ["fridays", { weekdays: "names" }, false],
    ["junes", { months: "names", plural: true }, false],
    // the days named from today
    ["tomorrow", { relative: true }, true],
    ["tmrw", { relative: true }, true],
    ["tonight", { relative: true }, true],
    ["now", { relative: true }, false],
    ["tomorrow", { weekdays: "clipped" }, false],
    // seasons
    ["fall", { seasons: true }, true],
    ["autumn", { seasons: true }, true],
    ["season", { seasons: true }, false],
    // lower case only: readers lower-case what they ask
    ["Monday", { weekdays: "names" }, false],
  ])("calendarWords: %j in %j → %s", (word, ask, has) => {
    expect(calendarWords(ask).has(word)).toBe(has);
  });

  it("gives one set per ask, read once", () => {
    expect(calendarWords({ months: "names" })).toBe(calendarWords({ months: "names" }));
    expect(calendarWords({ months: "names" })).not.toBe(calendarWords({ months: "clipped" }));
    expect(RELATIVE_DAYS).toEqual(["today", "tonight", "tomorrow", "yesterday", "tmrw"]);
    expect(SEASONS).toEqual(["spring", "summer", "autumn", "fall", "winter"]);
  });

  it("orders an alternation longest first, so a regular expression takes the longer word", () => {
    expect(alternationOf(["sep", "sept", "september"])).toBe("september|sept|sep");
    expect(
      new RegExp(`^(?:${alternationOf(calendarWords({ months: "clipped" }))})`).exec("september")?.[0],
    ).toBe("september");
  });

  it.each<[string, number | null]>([
    ["janvier", 0],
    ["Juillet", 6],
    ["juil.", 6],
    ["août", 7],
    ["aout", 7],
    ["sept.", 8],
    ["décembre", 11],
    ["decembre", 11],
    ["july", null],
    ["lundi", null],
    ["jan", null],
  ])("frenchMonth(%j) → %s", (word, month) => {
    expect(frenchMonth(word)).toBe(month);
  });

  it.each<[string, boolean]>([
    ["mardi", true],
    ["Samedi", true],
    ["dimanche", true],
    ["mar", false], // CLDR's clipped "mar." is March in English too
    ["tuesday", false],
    ["janvier", false],
  ])("isFrenchWeekday(%j) → %s", (word, weekday) => {
    expect(isFrenchWeekday(word)).toBe(weekday);
  });

  it.each<[string, boolean]>([
    ["Rātū", true], // Te Taura Whiri's Tuesday
    ["ramere", true], // …Friday, typed without macrons
    ["Tūrei", true], // CLDR's "mi" Tuesday
    ["Rātapu", true], // Sunday in both
    ["mane", true], // CLDR's Monday (typed-values sets the English word apart)
    ["reo", false],
    ["tuesday", false],
  ])("isMaoriWeekday(%j) → %s", (word, weekday) => {
    expect(isMaoriWeekday(word)).toBe(weekday);
  });
});

describe("calendar words: readers that set a word apart on purpose", () => {
  beforeAll(() => loadTagger());

  it("a capitalised weekday, month or relative day names no value; a clipped one may be a name", () => {
    expect(namedValues("We met on Monday and again in March.")).toEqual([]);
    expect(namedValues("The party is Tonight, with Priya.")).toEqual(["Priya"]);
    // "Jan" is a person as often as January, "Sun" a star or a newspaper: names, as written.
    expect(namedValues("I asked Jan about it.")).toEqual(["Jan"]);
    expect(namedValues("I read the Sun every morning.")).toEqual(["Sun"]);
  });

  it("a month alone is a date in lower case except the verbs 'may' and 'march'; capitalised 'March' is one", () => {
    const dates = (text: string) =>
      typedValues(text)
        .filter((v) => v.type === "date")
        .map((v) => v.value);
    expect(dates("the lease ends in june")).toEqual(["june"]);
    expect(dates("we may go")).toEqual([]);
    expect(dates("we march on")).toEqual([]);
    expect(dates("The lease ends in March.")).toEqual(["march"]);
  });

  it("the judge's words of when hold months clipped and weekdays by name, not 'sun' or 'sat'", () => {
    expect(isWhenWord("sept")).toBe(true);
    expect(isWhenWord("thursday")).toBe(true);
    expect(isWhenWord("tmrw")).toBe(true);
    expect(isWhenWord("sun")).toBe(false);
    expect(isWhenWord("sat")).toBe(false);
  });
});
