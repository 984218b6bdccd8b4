import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../../judge/tagger.js";
import { type ValueSaidOf, valueSaidOf } from "./value-said-of.js";

beforeAll(async () => {
  await loadTagger();
});

// [shape, sentence, the asked noun (stemmed), the value, the older statement, the reading]
type Row = [string, string, string, string, string, ValueSaidOf];

const GROUP_OLDER = "The library book group is reading Shuggie Bain this month.";
const CHOIR_OLDER = "Mrs Dunn is taking the choir for now.";
const BOILER_OLDER = "The boiler gets serviced by HomeServe every year.";

describe("valueSaidOf: the new value said of the asked thing", () => {
  it.each<Row>([
    [
      "the noun the subject, the value its complement",
      "We finished that book and the group's on to Young Mungo now.",
      "group",
      "young",
      GROUP_OLDER,
      "said-of",
    ],
    [
      "the value named by 'called' of the noun's role, the noun after that role's 'at'",
      "We've a new conductor at choir now, a music teacher called Declan.",
      "choir",
      "declan",
      CHOIR_OLDER,
      "said-of",
    ],
    [
      "the value the subject, the noun in its object's phrase",
      "Kelvin Heating did the service on my boiler this year.",
      "boiler",
      "kelvin",
      BOILER_OLDER,
      "said-of",
    ],
    [
      "the value after a comma, in apposition",
      "Paid the tax for the flat today, £950 this year.",
      "tax",
      "£950",
      "The yearly tax on the flat is £890.",
      "said-of",
    ],
    [
      "the value the subject, set off by commas before its verb",
      "A wee firm now, Kelvin Heating, did the service on my boiler.",
      "boiler",
      "kelvin",
      BOILER_OLDER,
      "said-of",
    ],
    [
      "two nouns joined before their verb, no clause between",
      "Glossary notes and ideas go in Obsidian now.",
      "note",
      "obsidian",
      "Glossary notes go in Google Keep.",
      "said-of",
    ],
    [
      "a modifier of a noun the older says too",
      "They want the status report by Thursday now.",
      "status",
      "thursday",
      "My weekly status report is due Friday noon.",
      "said-of",
    ],
  ])("%s", (_shape, sentence, word, value, older, reading) => {
    expect(valueSaidOf(sentence, word, value, older)).toBe(reading);
  });

  it.each<Row>([
    [
      "the noun a modifier of another thing (a car park, not the car)",
      "They charge for the station car park now, so the tram it is, from Meadowhall.",
      "car",
      "meadowhall",
      "Car insurance renews in September, with Admiral.",
      "modifier",
    ],
    [
      "the noun the place the clause happens in",
      "So now it is 4 cameras total at the parents' house, from Hikvision.",
      "house",
      "hikvision",
      "Amma uses a walking stick outside the house now.",
      "place",
    ],
    [
      "the noun in a clause of cause",
      "Bumping the holiday pot up to £250 a month since Gaz's rates went up.",
      "rate",
      "£250",
      "Gaz's rate is £45 an hour.",
      "another-clause",
    ],
    [
      "the noun another thing's holder",
      "I switched the bakery's liability policy to Hiscox now.",
      "bakery",
      "hiscox",
      "The bakery is on Chandler Street.",
      "holder",
    ],
    [
      "a plural holder written with its apostrophe",
      "Spare key of the parents' house is now with Mrs. Kulkarni.",
      "parent",
      "kulkarni",
      "Home collection for the parents' blood tests is Thyrocare.",
      "holder",
    ],
    [
      "the value in a next clause with a subject of its own (after a comma)",
      "Mum's carer has changed, Sandra's moved to the Doncaster office.",
      "carer",
      "doncaster",
      "My mum has a carer come in mornings from Home Instead.",
      "another-clause",
    ],
    [
      "the value in a next clause with a subject of its own (after 'and')",
      "I've stopped the delivery and i read the Record on my phone now.",
      "delivery",
      "record",
      "Deliveries go out in our white Ford Transit.",
      "another-clause",
    ],
    [
      "the value in the clause before 'and' a noun phrase's own verb",
      "We changed the Simmons code and now each job finishes in an hour.",
      "job",
      "simmons",
      "My cluster jobs go to the small queue.",
      "another-clause",
    ],
    [
      "the value in the clause before a comma, a noun phrase and its 'is'",
      "She has taken a new SIM, number is 63605 88214.",
      "number",
      "sim",
      "Amma's phone number is 98450 11223.",
      "another-clause",
    ],
    [
      "a noun before it names another kind of the thing",
      "We had to raise the food budget to £110 a week.",
      "budget",
      "£110",
      "Our budget for the kitchen renovation is £8,000.",
      "another-kind",
    ],
    [
      "the value in the clause before a comma, the noun and its 'is'",
      "My salary goes into a Monzo account now, the app is so much nicer.",
      "app",
      "monzo",
      "We migrated the app from MySQL to PostgreSQL.",
      "another-clause",
    ],
    [
      "the noun in a phrase of purpose after an adverb",
      "I bank with Chase, mostly for the app.",
      "app",
      "chase",
      "I bank with Chase, mostly for the app.",
      "place",
    ],
    ["the value not said", "The group's on to a new book now.", "group", "young", GROUP_OLDER, "not-said"],
  ])("not said of it: %s", (_shape, sentence, word, value, older, reading) => {
    expect(valueSaidOf(sentence, word, value, older)).toBe(reading);
  });
});
