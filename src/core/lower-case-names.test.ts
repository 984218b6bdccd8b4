import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "./judge/tagger.js";
import { lowerCaseNames, unlistedName, writtenInLowerCase } from "./lower-case-names.js";
import { namedValues } from "./named-values.js";
import { namesThingNow, namesValueAtEvent, thingsOf } from "./recall/lifts/shared-things.js";
import { sentencesOf } from "./sleep/chat-turns.js";

beforeAll(() => loadTagger());

describe("writtenInLowerCase: a writer who uses no capitals", () => {
  it.each<[string, boolean]>([
    ["gaz sold the panda, we drive a kia now", true],
    ["i bank with monzo now.", true],
    // sleep capitalises a statement's first "i"; words in capitals are emphasis or acronyms
    ["I replaced the fitbit with a garmin venu", true],
    ["omg i gave u my OLD contacts rx before", true],
    // one word that opens with a capital and goes on in lower case: read by its capitals
    ["Gaz sold the Panda.", false],
    ["My phone is great.", false],
    ["we're on Sky Broadband now", false],
    ["", false],
    ["42", false],
  ])("%s → %s", (text, lower) => expect(writtenInLowerCase(text)).toBe(lower));
});

describe("unlistedName: one word of a text typed without capitals", () => {
  it.each<[string, boolean]>([
    // a word the lexicon does not list is a name
    ["maisie's", true],
    ["alliant", true],
    ["purina", true],
    ["okafor", true],
    // a word the lexicon lists is not, however often it is a name too
    ["bill", false],
    ["will", false],
    ["may", false],
    ["rose", false],
    ["mark", false],
    ["chase", false],
    // an inflection of a listed word
    ["fridays", false],
    ["queueing", false],
    ["cycled", false],
    ["mercies", false],
    // a chat abbreviation (no vowel, or a contraction), a clipped day or month, an indefinite pronoun, a short word
    ["ngl", false],
    ["tmrw", false],
    ["gonna", false],
    ["idk", false],
    ["thurs", false],
    ["sept", false],
    ["everything", false],
    ["im", false],
  ])("%s → %s", (word, name) => expect(unlistedName(word)).toBe(name));
});

describe("lowerCaseNames and namedValues: the names of a text typed without capitals", () => {
  it.each<[string, string[]]>([
    ["i closed my chase account and moved everything to a credit union called alliant.", ["alliant"]],
    ["the vet said to switch the cat off purina, she's on hill's science diet now.", ["purina"]],
    ["dr. okafor retired, so my new gp is dr. lindqvist at the same clinic.", ["okafor", "lindqvist"]],
    ["maisie's hair appt moved to thurs", ["maisie", "appt"]],
    ["bill will mark the rose in may", []],
    ["ngl im gonna stay in tmrw", []],
    // a word right after a number is its unit
    ["internet at home is meo fibre, 500 megas", ["meo"]],
    // a word glued to digits is a code, not a name
    ["I ran 12 laps and the wifi password is goldenlotus2019.", []],
    // after a title with its period a listed word is a name too
    ["when dr. reyes closed her practice i signed up with dr. mensah on mill lane.", ["reyes", "mensah"]],
    ["my dentist is dr. reyes on station road.", ["reyes"]],
    ["my son's piano teacher is mrs. rose, lessons are on saturdays.", ["rose"]],
    // a title after a determiner or a possessive is the noun; without its period it may be another word
    ["my dr. said to rest and the dr. chase was fine.", []],
    ["the dr reyes sent was fine", []],
    ["dr reyes retired", []],
    ["she has ms and will rest", []],
    ["latency is 120 ms. we shipped it.", []],
    ["went to see my gp, he said dr. we should wait.", []],
    // a function word or a time after a title names no one
    ["mr. and mrs. lee came round, dr. tomorrow then.", ["lee"]],
  ])("%s → %j", (text, names) => {
    expect(lowerCaseNames(text)).toEqual(names);
    expect(namedValues(text)).toEqual(names);
  });

  it.each<[string, string[]]>([
    // a text that capitalises is read by its capitals only, as before
    ["I closed my Chase account and moved everything to Alliant.", ["Chase", "Alliant"]],
    ["The vet said to switch the cat off Purina, she's on a new diet.", ["Purina"]],
    ["My phone is an iphone now.", []],
  ])("read by its capitals: %s → %j", (text, names) => {
    expect(lowerCaseNames(text)).toEqual([]);
    expect(namedValues(text)).toEqual(names);
  });
});

describe("shared things: a name typed without capitals is no thing, and types the thing it names", () => {
  const older = "i bank with barclays, i've had the account since uni.";
  it("thingsOf leaves out a name the lexicon does not list", () => {
    expect(thingsOf(older, new Set(["bank"]))).toEqual(["account"]);
  });
  it.each<[string, string | null]>([
    ["my salary goes into a monzo account now, the app is so much nicer.", "monzo"],
    // a listed word before the thing types it, names nothing
    ["my salary goes into a joint account now.", null],
    ["my salary goes into a savings account now.", null],
  ])("namesThingNow: %s → %s", (statement, name) =>
    expect(namesThingNow(statement, "account", older)).toBe(name),
  );
  it("namesValueAtEvent reads a name the lexicon does not list", () => {
    expect(
      namesValueAtEvent("monzo beat the renewal quote so we signed with them instead.", "renewal", older),
    ).toBe("monzo");
    expect(
      namesValueAtEvent("the renewal quote went up so we signed a new deal.", "renewal", older),
    ).toBeNull();
  });
});

describe("sentencesOf: a title typed without its capital ends no sentence", () => {
  it.each<[string, string[]]>([
    [
      "finally got the garage sorted. dr. okafor retired, so my new gp is dr. lindqvist at the same clinic.",
      [
        "finally got the garage sorted.",
        "dr. okafor retired, so my new gp is dr. lindqvist at the same clinic.",
      ],
    ],
    [
      "since mrs. halloran emigrated i have lessons with mr. castellano.",
      ["since mrs. halloran emigrated i have lessons with mr. castellano."],
    ],
    [
      "Dr. Okafor retired. My new GP is Dr. Lindqvist.",
      ["Dr. Okafor retired.", "My new GP is Dr. Lindqvist."],
    ],
    // a sentence that ends on another word still ends
    ["i said no. we left early.", ["i said no.", "we left early."]],
    ["p95 is down to 120 ms. the cache helped.", ["p95 is down to 120 ms.", "the cache helped."]],
    ["we moved to the 1st. it was quieter.", ["we moved to the 1st.", "it was quieter."]],
  ])("%s", (text, sentences) => expect(sentencesOf(text)).toEqual(sentences));
});
