import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "./judge/tagger.js";
import {
  DATE,
  DATE_IN_FIGURES,
  DAY_OF_MONTH,
  datedMeasuresOf,
  type Measure,
  measuresOf,
  SIGNED_NUMBER,
  TIME_OF_DAY,
  typedValues,
} from "./typed-values.js";

beforeAll(() => loadTagger());

/**
 * One sentence, and what each reading of the one reader takes from it: `measuresOf` (the lexical
 * judge's), `datedMeasuresOf` (recall's measure lifts': the judge's and a day of a month; the same
 * as the judge's when not given) and `typedValues` (`changedValueFirst`'s: [as written, type]).
 */
interface Row {
  text: string;
  measures: Measure[];
  typed: [string, string][];
  dated?: Measure[];
}

const m = (unit: string, value: string): Measure => ({ unit, value });

describe("the one reader of typed values: a sentence's measures (the judge's, the lifts') and its typed values", () => {
  it.each<Row>([
    // MEASURE: a number with the unit it counts; a count or a name's number has no type
    {
      text: "The boiler pressure sits at 1.5 bar.",
      measures: [m("bar", "1.5")],
      // POINTED_VALUE: a point and a noun after it, no version context: a measure in that noun (it was a "version" before prec30)
      typed: [["1.5 bar", "measure:bar"]],
    },
    { text: "I swim 2,500 metres on a good day.", measures: [m("meter", "2500")], typed: [] },
    {
      text: "We run Kubernetes 1.27 in staging.",
      measures: [m("kubernetes", "1.27")],
      typed: [["1.27", "version"]],
    },
    { text: "My bike is a size 54 frame.", measures: [m("frame", "54")], typed: [] },
    {
      text: "Pottery class begins at 6:15pm on Wednesdays.",
      measures: [m(TIME_OF_DAY, "6:15pm")],
      typed: [
        ["6:15pm", "clock"],
        ["wednesdays", "date"],
      ],
    },
    { text: "The bins go out at 7 pm sharp.", measures: [m(TIME_OF_DAY, "7pm")], typed: [["7 pm", "clock"]] },
    // a clock's "pm" as its own token after minutes: one time of day, "7:45pm" (it read "7:45" before fold29)
    {
      text: "We pushed bedtime to 7:45 pm.",
      measures: [m(TIME_OF_DAY, "7:45pm")],
      typed: [["7:45 pm", "clock"]],
    },
    // GLUED_UNIT: the unit's letters written on the number
    {
      text: "I take 50mg of sertraline in the morning.",
      measures: [m("mg", "50")],
      typed: [["50mg", "measure:mg"]],
    },
    {
      text: "Our p95 latency target for the checkout API is 300ms.",
      measures: [m("ms", "300")],
      typed: [["300ms", "measure:ms"]],
    },
    { text: "The parcel weighs 2.5kg.", measures: [m("kg", "2.5")], typed: [["2.5kg", "measure:kg"]] },
    // VERSION_FIRST: a number between a name and a singular noun is the name's version
    { text: "The Postgres 17 upgrade went out last night.", measures: [m("postgres", "17")], typed: [] },
    { text: "We run Node 22 images in CI.", measures: [m("image", "22")], typed: [] },
    // VALUE_TYPE: a unit of measurement spaced from its number; a version's points; a currency
    { text: "I weigh 84 kg.", measures: [m("kg", "84")], typed: [["84 kg", "measure:kg"]] },
    // a point and a unit of measurement is a measure, not a version (it was "12.5" a version before fold29)
    {
      text: "Biscuit was 12.5 kg at the weigh-in this week.",
      measures: [m("kg", "12.5")],
      typed: [["12.5 kg", "measure:kg"]],
    },
    {
      text: "The nightly pipeline runs on Python 3.9.",
      measures: [m("python", "3.9")],
      typed: [["3.9", "version"]],
    },
    { text: "We moved to v2.4.1 last week.", measures: [], typed: [["v2.4.1", "version"]] },
    {
      text: "Rent went up to £1,420 in the renewal.",
      measures: [m("£", "1420")],
      typed: [["£1,420", "measure:£"]],
    },
    {
      text: "Leo goes to bed at 7pm but he's up at 5 every day.",
      measures: [m(TIME_OF_DAY, "7pm")],
      typed: [["7pm", "clock"]],
    },
    {
      text: "We pushed his bedtime to 7:45pm and he sleeps till 6:30 now.",
      measures: [m(TIME_OF_DAY, "7:45pm"), m(TIME_OF_DAY, "6:30")],
      typed: [
        ["7:45pm", "clock"],
        ["6:30", "clock"],
      ],
    },
    // a weekday and a time of day said by a word: typed values, no measure
    {
      text: "My weekly status report is due Friday noon.",
      measures: [],
      typed: [
        ["friday", "date"],
        ["noon", "clock"],
      ],
    },
    {
      text: "They want it by Thursday EOD now.",
      measures: [],
      typed: [
        ["thursday", "date"],
        ["eod", "clock"],
      ],
    },
    // DATE_MEASURE: a day of a month, for recall's readings only
    {
      text: "The deadline for the data migration is 15 of May.",
      measures: [],
      dated: [m(DATE, "15 may")],
      typed: [["15 of may", "date"]],
    },
    {
      text: "Good news, the migration deadline is pushed to 30 June.",
      measures: [],
      dated: [m(DATE, "30 jun")],
      typed: [["30 june", "date"]],
    },
    {
      text: "The migration deadline is pushed to 30 June.",
      measures: [],
      dated: [m(DATE, "30 jun")],
      typed: [["30 june", "date"]],
    },
    {
      text: "The launch is on March 3rd now.",
      measures: [],
      dated: [m(DATE, "3 mar")],
      typed: [["march 3rd", "date"]],
    },
    // SYMBOL_UNIT and GIVEN_CLAUSE: a unit said by a symbol (a rate is the measure's, not the type's: values39 measured it in the type and did not keep it)
    {
      text: "The savings account pays 3.4% interest.",
      measures: [m("percent", "3.4")],
      typed: [["3.4%", "measure:%"]],
    },
    {
      text: "The car park costs £6 a day near the office.",
      measures: [m("£ a day", "6")],
      typed: [["£6", "measure:£"]],
    },
    {
      text: "Rent is £1,495 a month now.",
      measures: [m("£ a month", "1495")],
      typed: [["£1,495", "measure:£"]],
    },
    {
      text: "We budget $40 per month for streaming.",
      measures: [m("$ a month", "40")],
      typed: [["$40", "measure:$"]],
    },
    {
      text: "The new sofa was €1,200 in the sale.",
      measures: [m("€", "1200")],
      typed: [["€1,200", "measure:€"]],
    },
    // any currency symbol Unicode names, before the number (spaced or not) or after it
    {
      text: "Appa's pension is now ₹41,650 per month.",
      measures: [m("₹ a month", "41650")],
      typed: [["₹41,650", "measure:₹"]],
    },
    {
      text: "The driver's salary is ₹ 18,000 now.",
      measures: [m("₹", "18000")],
      typed: [["₹ 18,000", "measure:₹"]],
    },
    {
      text: "The room in Lyon costs 640€ a month.",
      measures: [m("€ a month", "640")],
      typed: [["640€", "measure:€"]],
    },
    {
      text: "The repair came to 1200 € in the end.",
      measures: [m("€", "1200")],
      typed: [["1200 €", "measure:€"]],
    },
    // CURRENCY_WORD: a currency said by its name or code is the unit its sign says (Intl's CLDR
    // names and narrow symbols; each read "euro" or "usd" as a noun before values37)
    {
      text: "My hourly rate for proofreading is 28 euros.",
      measures: [m("€ a hour", "28")],
      typed: [["28 euros", "measure:€"]],
    },
    { text: "The studio is 1240 euro now.", measures: [m("€", "1240")], typed: [["1240 euro", "measure:€"]] },
    {
      text: "We pay 45 dollars a month for it.",
      measures: [m("$ a month", "45")],
      typed: [["45 dollars", "measure:$"]],
    },
    {
      text: "The course costs USD 300 a month.",
      measures: [m("$ a month", "300")],
      typed: [["usd 300", "measure:$"]],
    },
    {
      text: "The hostel is CHF 90 a night.",
      measures: [m("CHF a night", "90")],
      typed: [["chf 90", "measure:CHF"]],
    },
    {
      text: "The deposit was Rs 40,000.",
      measures: [m("Rs", "40000")],
      typed: [["rs 40,000", "measure:Rs"]],
    },
    // …but not a name that names two currencies or another measure ("pounds": £, E£ and a weight;
    // "rupees": ₹ and Rs), a name whose sign is letters ("marks"), a code in capitals that spells a word
    { text: "I lost 5 pounds over the summer.", measures: [m("pound", "5")], typed: [] },
    { text: "She sent 40,000 rupees home.", measures: [m("rupee", "40000")], typed: [] },
    { text: "I got 80 marks in the test.", measures: [m("mark", "80")], typed: [] },
    { text: "TOP 5 tips for saving money.", measures: [m("tip", "5")], typed: [] },
    // MULTIPLIER after a currency's amount scales its number (Intl's compact words: "1.5 lakh" was 1.5)
    {
      text: "The school fee is ₹1.5 lakh a year.",
      measures: [m("₹ a year", "150000")],
      typed: [["₹1.5 lakh", "measure:₹"]],
    },
    {
      text: "The school fee is ₹1,50,000 a year.",
      measures: [m("₹ a year", "150000")],
      typed: [["₹1,50,000", "measure:₹"]],
    },
    { text: "The bonus was $60k.", measures: [m("$", "60000")], typed: [["$60k", "measure:$"]] },
    {
      text: "They raised £1.2m in the round.",
      measures: [m("£", "1200000")],
      typed: [["£1.2m", "measure:£"]],
    },
    {
      text: "The flat sold for 2 million euros.",
      measures: [m("€", "2000000")],
      typed: [["2 million euros", "measure:€"]],
    },
    // with no currency: "5 lakh" is a measure in lakh, as "95k" is in "k" (it had no type before);
    // "5k" alone may be a race and stays as written; "2 million people" counts people
    { text: "The cover is 5 lakh now.", measures: [m("lakh", "5")], typed: [["5 lakh", "measure:lakh"]] },
    {
      text: "I ran 5k on Sunday.",
      measures: [],
      typed: [
        ["5k", "measure:k"],
        ["sunday", "date"],
      ],
    },
    { text: "The city has 2 million people.", measures: [], typed: [] },
    // LOWER_CASE_MONTH: a month beside a day's number in any case is a date (each was no date before)
    {
      text: "The wedding moved to sept 6.",
      measures: [],
      dated: [m(DATE, "6 sep")],
      typed: [["sept 6", "date"]],
    },
    {
      text: "the grant is due feb 15 now",
      measures: [],
      dated: [m(DATE, "15 feb")],
      typed: [["feb 15", "date"]],
    },
    {
      text: "The op is on the 3rd of march.",
      measures: [],
      dated: [m(DATE, "3 mar")],
      typed: [["3rd of march", "date"]],
    },
    // …not a verb the tagger reads ("march", "may"), nor a day and month in figures a locale orders
    {
      text: "we march 5 miles every day",
      measures: [m("mile", "5")],
      typed: [["5 miles", "measure:mile"]],
    },
    { text: "The op is on the 3rd of may.", measures: [], typed: [] },
    // FIGURE_DATE (values41): a day and a month in figures with a date noun is a date, its order
    // not guessed ("12/3" is 12 March or December 3: a date in figures); it was unread before
    {
      text: "The deadline is 12/3.",
      measures: [],
      typed: [["12/3", "date"]],
      dated: [m(DATE_IN_FIGURES, "12/3")],
    },
    // a symbol a word away from the number is not its unit
    {
      text: "The till showed € and 40 people queued.",
      measures: [m("people", "40")],
      typed: [],
    },
    {
      text: "My golf handicap is +1.5 these days.",
      measures: [m(SIGNED_NUMBER, "+1.5")],
      // a signed reading is no release (it was a "version" before prec30)
      typed: [],
    },
    { text: "The freezer runs at -18 degrees.", measures: [m("degree", "-18")], typed: [] },
    {
      text: "Given that the loan is at 5.2% now, should I pay it off early?",
      measures: [m("percent", "5.2")],
      typed: [["5.2%", "measure:%"]],
    },
    // POINTED_VALUE: a version needs a version context (a dotted triple, a name before it, a version
    // word beside it); a measure a noun after it, known or not (each was a "version" before prec30)
    {
      text: "I've lost 2.5 stone since the new year.",
      measures: [m("stone", "2.5")],
      typed: [["2.5 stone", "measure:stone"]],
    },
    {
      text: "I run 5.5 miles on Sundays.",
      measures: [m("mile", "5.5")],
      typed: [
        ["5.5 miles", "measure:mile"],
        ["sundays", "date"],
      ],
    },
    // neither: still a version, as before ("it's on 24.04 now")
    { text: "We're on 3.12 now.", measures: [], typed: [["3.12", "version"]] },
    {
      text: "We moved to version 3.12 in March.",
      measures: [m("version", "3.12")],
      typed: [
        ["3.12", "version"],
        ["march", "date"],
      ],
    },
    { text: "The 2.4 release broke the sync.", measures: [m("release", "2.4")], typed: [["2.4", "version"]] },
    { text: "We deployed 1.27.4 on staging.", measures: [], typed: [["1.27.4", "version"]] },
    {
      text: "The Python 3.12 runtime is out.",
      measures: [m("python", "3.12")],
      typed: [["3.12", "version"]],
    },
    // a range's hyphen is no sign
    { text: "We host 10-12 people for the quiz.", measures: [m("people", "10-12")], typed: [] },
    // none, or no type
    // when something happened, not what holds ("four years ago"; "4 years" was a measure:year before fold29)
    { text: "We adopted the cat four years ago.", measures: [], typed: [] },
    { text: "Where did Caroline move from 4 years ago?", measures: [], typed: [] },
    // a year with a month: a date, never a measure
    { text: "The lease started in October 2024.", measures: [], typed: [["october", "date"]] },
    // a question, a supposition, a negation assert no measure; a question's typed values are read
    { text: "Is the boiler at 1.5 bar?", measures: [], typed: [["1.5 bar", "measure:bar"]] },
    { text: "If the boiler were at 2 bar it would be fine.", measures: [], typed: [] },
    { text: "The boiler isn't at 2 bar.", measures: [], typed: [] },
    { text: "Is the deadline 15 of May?", measures: [], typed: [["15 of may", "date"]] },
    { text: "Is 3.4% a good rate for a savings account?", measures: [], typed: [["3.4%", "measure:%"]] },
    // a given clause that is negated
    { text: "Now that the loan isn't at 5.2%, should I wait?", measures: [], typed: [["5.2%", "measure:%"]] },
    // a number counting nothing; letters after a number that are no unit
    { text: "I was born in 1990.", measures: [], typed: [] },
    { text: "We came 2nd in the quiz.", measures: [], typed: [] },
    { text: "I grew up in the 1990s.", measures: [], typed: [] },
    // "may" the verb, "marched" the verb: no date ("march" was a date before fold29)
    { text: "We may need 15 people for the move.", measures: [m("people", "15")], typed: [] },
    { text: "So many people marched through the streets.", measures: [], typed: [] },
    { text: "May I ask what p95 means?", measures: [], typed: [] },
    // a count, a number in words: a measure for the judge, no type (LONE_NUMBER_WORD, values39: one
    // number word beside a duration is read to its digits, and keeps no type)
    { text: "My team is 6 people including me.", measures: [m("people", "6")], typed: [] },
    {
      text: "Leo goes to Sunbeams nursery three days a week.",
      measures: [m("day", "3")],
      typed: [],
    },
    { text: "Our API allows 100 requests per minute per key.", measures: [m("request", "100")], typed: [] },
    // CLAUSE_NEGATION (values38): a negation denies its own clause, not the sentence's other values
    // (each positive here read no measure before: one negation anywhere dropped them all)
    {
      text: "3 in the morning, can't sleep, pharmacist said go up to 5 mg melatonin so that's what I'm doing now.",
      // SPOKEN_CLOCK (values39): the hour and the part of the day, first in the sentence, is a clock
      measures: [m(TIME_OF_DAY, "3am"), m("mg", "5")],
      typed: [
        ["3 in the morning", "clock"],
        ["5 mg", "measure:mg"],
      ],
    },
    { text: "It's not 20 degrees, it's 22 degrees.", measures: [m("degree", "22")], typed: [] },
    {
      text: "No worries, the rent is 1300 dollars now.",
      measures: [m("$", "1300")],
      typed: [["1300 dollars", "measure:$"]],
    },
    // …the negated clause's value stays unread, and a verbless clause after it goes on with it (a list
    // or a correction: unsure, so neither is asserted)
    {
      text: "I don't take 5 mg anymore, the doctor said 10 mg.",
      measures: [m("mg", "10")],
      typed: [
        ["5 mg", "measure:mg"],
        ["10 mg", "measure:mg"],
      ],
    },
    {
      text: "We're not doing 5 km, 10 km or 20 km.",
      measures: [],
      typed: [
        ["5 km", "measure:km"],
        ["10 km", "measure:km"],
        ["20 km", "measure:km"],
      ],
    },
    {
      text: "Not 5 mg, 10 mg.",
      measures: [],
      typed: [
        ["5 mg", "measure:mg"],
        ["10 mg", "measure:mg"],
      ],
    },
    { text: "The rent isn't 1200 dollars anymore.", measures: [], typed: [["1200 dollars", "measure:$"]] },
    // NUMBER_IN_WORDS (values38): a number said in two words or more is read as its digits are
    // (each was a measure in the words as written, or none, and no type, before)
    {
      text: "bowls club membership is one hundred and eighty dollars for the year",
      measures: [m("$", "180")],
      typed: [["one hundred and eighty dollars", "measure:$"]],
    },
    {
      text: "Rusty weighed twenty-four kilos at the vet.",
      measures: [m("kilo", "24")],
      typed: [["twenty-four kilos", "measure:kg"]],
    },
    {
      text: "he's twenty one kilos now",
      measures: [m("kilo", "21")],
      typed: [["twenty one kilos", "measure:kg"]],
    },
    {
      text: "the best they could do was three point six five percent",
      measures: [m("percent", "3.65")],
      typed: [["three point six five percent", "measure:percent"]],
    },
    { text: "it's two thousand units a day now", measures: [m("unit", "2000")], typed: [] },
    // SLANG_CURRENCY (values41): "bucks" is dollars (it was a measure in "buck", with no type, before)
    {
      text: "The amp was twelve hundred bucks.",
      measures: [m("$", "1200")],
      typed: [["twelve hundred bucks", "measure:$"]],
    },
    {
      text: "he's charging a hundred and ten dollars now",
      measures: [m("$", "110")],
      typed: [["a hundred and ten dollars", "measure:$"]],
    },
    {
      text: "the pension's gone up to one thousand and sixty eight dollars a fortnight",
      measures: [m("$ a fortnight", "1068")],
      typed: [["one thousand and sixty eight dollars", "measure:$"]],
    },
    {
      text: "the metformin is five hundred milligrams twice a day",
      measures: [m("milligram", "500")],
      typed: [["five hundred milligrams", "measure:mg"]],
    },
    // …a number in words with a point and no noun after it is no version (a reading: "plus two and a half")
    // (SPOKEN_SIGN, values39: the "plus" before it is read as its sign, a signed number, still no type)
    { text: "the reading ones are plus two and a half now", measures: [m(SIGNED_NUMBER, "+2.5")], typed: [] },
    { text: "the reading glasses are plus two point five", measures: [m(SIGNED_NUMBER, "+2.5")], typed: [] },
    // …not one word alone ("one": a pronoun; a duration's word is read to its digits since values39, untyped), nor an idiom
    { text: "One of the kids has 3 goldfish.", measures: [m("goldfish", "3")], typed: [] },
    { text: "The one I liked was sold.", measures: [], typed: [] },
    { text: "I'm a hundred percent sure.", measures: [], typed: [] },
    { text: "The lease is twelve months.", measures: [m("month", "12")], typed: [] },
    { text: "The half marathon is in six weeks.", measures: [m("week", "6")], typed: [] },
    // O_CLOCK (values38): an hour with "o'clock" is a clock time (each was no clock before)
    {
      text: "The bins go out at 9 o'clock.",
      measures: [m(TIME_OF_DAY, "9 o'clock")],
      typed: [["9 o'clock", "clock"]],
    },
    {
      text: "he comes at eleven oclock now",
      measures: [m(TIME_OF_DAY, "11 o'clock")],
      typed: [["eleven oclock", "clock"]],
    },
    { text: "We had 13 o'clock tea.", measures: [], typed: [] },
    // CURRENCY_WORD (values38): a sign of letters with a point, written onto its number
    {
      text: "The maid is Rs.2,800 a month now.",
      measures: [m("Rs a month", "2800")],
      typed: [["rs.2,800", "measure:Rs"]],
    },
    { text: "Ms.2 is fine.", measures: [], typed: [] },
    // MEASURE (values38): no unit across a comma ("training" was the unit of 10k before)
    {
      text: "I pushed my Saturday run to 10k, training for the half marathon.",
      measures: [],
      typed: [
        ["saturday", "date"],
        ["10k", "measure:k"],
      ],
    },
    {
      text: "I pushed my run to 10 miles now.",
      measures: [m("mile", "10")],
      typed: [["10 miles", "measure:mile"]],
    },
    // LONE_NUMBER_WORD (values39): one number word is read to its digits when a unit of measurement,
    // "percent" or a currency word beside it says it is a quantity (each read "fifty", "twenty"… as
    // written and no type before)
    { text: "It cost fifty dollars.", measures: [m("$", "50")], typed: [["fifty dollars", "measure:$"]] },
    {
      text: "she dropped the statin to twenty mg at night",
      measures: [m("mg", "20")],
      typed: [["twenty mg", "measure:mg"]],
    },
    {
      text: "Rex is twelve kilos now.",
      measures: [m("kilo", "12")],
      typed: [["twelve kilos", "measure:kg"]],
    },
    { text: "The rate went to five percent.", measures: [m("percent", "5")], typed: [] },
    // …not "one", an ordinal, a count, or a word CLDR and the units do not name
    { text: "One of the kids is sick again.", measures: [], typed: [] },
    { text: "I take one pill a day.", measures: [m("pill", "one")], typed: [] },
    { text: "I got a second opinion.", measures: [], typed: [] },
    { text: "We have five kids now.", measures: [m("kid", "five")], typed: [] },
    // SLANG_CURRENCY and GRAND (values41): "quid" is pounds, "grand" thousands (each was unread before)
    { text: "That was forty quid.", measures: [m("£", "40")], typed: [["forty quid", "measure:£"]] },
    { text: "It came to seven grand.", measures: [], typed: [["seven grand", "measure:k"]] },
    // RATE (values39): an amount per unit is its own kind, in the type as in the measure — "per",
    // "each", "every" and a noun; "a" and a singular noun that ends the phrase; a slash on the number
    {
      text: "Delivery is ₦1,500 per drop now.",
      measures: [m("₦ a drop", "1500")],
      typed: [["₦1,500", "measure:₦"]],
    },
    {
      text: "Petrol is $3.20 a gallon.",
      measures: [m("$ a gallon", "3.20")],
      typed: [["$3.20", "measure:$"]],
    },
    {
      text: "Lambs made €142 a head at the mart.",
      measures: [m("€ a head", "142")],
      typed: [["€142", "measure:€"]],
    },
    {
      text: "the loan payment goes down to $1,045 a month from next month",
      measures: [m("$ a month", "1045")],
      typed: [["$1,045", "measure:$"]],
    },
    {
      text: "My hourly rate for the agency is £40.",
      measures: [m("£ a hour", "40")],
      typed: [["£40", "measure:£"]],
    },
    {
      text: "I paid £40 for the hourly pass and £9 for the daily one.",
      measures: [m("£", "40"), m("£", "9")],
      typed: [
        ["£40", "measure:£"],
        ["£9", "measure:£"],
      ],
    },
    {
      text: "roth is $275/mo now",
      measures: [m("$ a month", "275")],
      typed: [["$275/mo", "measure:$"]],
    },
    {
      text: "The cows are down to 17 litres a head.",
      measures: [m("liter", "17")],
      typed: [["17 litres", "measure:l"]],
    },
    // …not a time since, a noun before a noun, or "a lot of"
    { text: "I paid $20 a week ago.", measures: [m("$", "20")], typed: [["$20", "measure:$"]] },
    { text: "We spent £300 a day trip.", measures: [m("£", "300")], typed: [["£300", "measure:£"]] },
    { text: "It cost £40 a lot of times.", measures: [m("£", "40")], typed: [["£40", "measure:£"]] },
    // units of measurement (values39): litres, hectares, acres, micrograms
    {
      text: "We're at 60 hectares now.",
      measures: [m("hectare", "60")],
      typed: [["60 hectares", "measure:ha"]],
    },
    { text: "The thyroid dose is 88 mcg.", measures: [m("mcg", "88")], typed: [["88 mcg", "measure:mcg"]] },
    // SPOKEN_CLOCK (values39): a time of day said with no "pm" or "o'clock" (each was no clock before)
    {
      text: "Training is moved to monday at half 6.",
      measures: [m(TIME_OF_DAY, "6:30")],
      typed: [
        ["monday", "date"],
        ["half 6", "clock"],
      ],
    },
    {
      text: "Morning milking starts at half five here.",
      measures: [m(TIME_OF_DAY, "5:30")],
      typed: [["half five", "clock"]],
    },
    {
      text: "Sunday Mass is at 9.30 now.",
      measures: [m(TIME_OF_DAY, "9:30")],
      typed: [
        ["sunday", "date"],
        ["9.30", "clock"],
      ],
    },
    {
      text: "The walks are on fridays at eleven now.",
      measures: [m(TIME_OF_DAY, "11 o'clock")],
      typed: [
        ["fridays", "date"],
        ["eleven", "clock"],
      ],
    },
    {
      text: "She can stay out till 11 on weekends.",
      measures: [m(TIME_OF_DAY, "11 o'clock")],
      typed: [["11", "clock"]],
    },
    {
      text: "The shop closes at six in the evening.",
      measures: [m(TIME_OF_DAY, "6pm")],
      typed: [["six in the evening", "clock"]],
    },
    // …not a count with the part of the day, a version after "to", a point that is no quarter, an
    // hour with a noun after it, "half" with no word that opens a time
    { text: "I have 3 in the morning and 2 in the afternoon.", measures: [], typed: [] },
    { text: "We upgraded to 3.15 last week.", measures: [], typed: [["3.15", "version"]] },
    { text: "The rate is at 4.6 now.", measures: [], typed: [["4.6", "version"]] },
    {
      text: "He was down to 11 stone by Friday.",
      measures: [m("stone", "11")],
      typed: [
        ["11 stone", "measure:stone"],
        ["friday", "date"],
      ],
    },
    { text: "Cut it in half 5 times.", measures: [m("time", "5")], typed: [] },
    // SPOKEN_SIGN (values39): "plus"/"minus" before a number with no noun after it is its sign
    // (each read no measure before)
    { text: "I need plus three now for reading.", measures: [m(SIGNED_NUMBER, "+3")], typed: [] },
    { text: "My lenses are plus 2.5 now.", measures: [m(SIGNED_NUMBER, "+2.5")], typed: [] },
    { text: "It was minus five last night.", measures: [m(SIGNED_NUMBER, "-5")], typed: [] },
    // …not a sum (a noun after the number), not "plus one"
    {
      text: "The fee is 2.9% plus 30 cents.",
      measures: [m("percent", "2.9"), m("cent", "30")],
      typed: [["2.9%", "measure:%"]],
    },
    { text: "I'm bringing a plus one to the wedding.", measures: [], typed: [] },
    { text: "We have plus two kids coming.", measures: [m("kid", "two")], typed: [] },
    // PAST_OR_TO and SPOKEN_CLOCK (values41): minutes past or to an hour, "half six" after "is",
    // an hour and its minutes in words after "at" (each was no clock before)
    {
      text: "Dinner is at half past six.",
      measures: [m(TIME_OF_DAY, "6:30")],
      typed: [["half past six", "clock"]],
    },
    {
      text: "The class starts at quarter past nine.",
      measures: [m(TIME_OF_DAY, "9:15")],
      typed: [["quarter past nine", "clock"]],
    },
    {
      text: "Swimming is quarter to seven now.",
      measures: [m(TIME_OF_DAY, "6:45")],
      typed: [["quarter to seven", "clock"]],
    },
    {
      text: "It's ten past eight.",
      measures: [m(TIME_OF_DAY, "8:10")],
      typed: [["ten past eight", "clock"]],
    },
    {
      text: "Pickup is at twenty-five to 4.",
      measures: [m(TIME_OF_DAY, "3:35")],
      typed: [["twenty-five to 4", "clock"]],
    },
    { text: "Dinner is half six now.", measures: [m(TIME_OF_DAY, "6:30")], typed: [["half six", "clock"]] },
    {
      text: "We meet at six thirty now.",
      measures: [m(TIME_OF_DAY, "6:30")],
      typed: [["six thirty", "clock"]],
    },
    {
      text: "We meet at seven oh five.",
      measures: [m(TIME_OF_DAY, "7:05")],
      typed: [["seven oh five", "clock"]],
    },
    {
      text: "We moved dinner to half six.",
      measures: [m(TIME_OF_DAY, "6:30")],
      typed: [["half six", "clock"]],
    },
    // …not a score ("ten to seven" with nothing that says a time), not half of a count, not "half" alone
    { text: "We won ten to seven.", measures: [], typed: [] },
    { text: "The score went to ten to seven.", measures: [], typed: [] },
    { text: "It was half six hours.", measures: [m("hour", "6")], typed: [] },
    { text: "Half the team is out.", measures: [], typed: [] },
    { text: "At six thirty people came.", measures: [], typed: [] },
    // CLOCK_RANGE (values41): two times in one token are two clock times (it was no value before)
    {
      text: "The gym is open 6am-10pm.",
      measures: [m(TIME_OF_DAY, "6am"), m(TIME_OF_DAY, "10pm")],
      typed: [
        ["6am", "clock"],
        ["10pm", "clock"],
      ],
    },
    { text: "We won 3-1.", measures: [], typed: [] },
    // SLANG_CURRENCY in figures; GRAND in figures; not "grand" before a noun or "a grand idea"
    { text: "It's 40 quid now.", measures: [m("£", "40")], typed: [["40 quid", "measure:£"]] },
    { text: "It costs 5 bucks.", measures: [m("$", "5")], typed: [["5 bucks", "measure:$"]] },
    { text: "The salary is 40 grand now.", measures: [], typed: [["40 grand", "measure:k"]] },
    { text: "We bought two grand pianos.", measures: [], typed: [] },
    { text: "It's a grand idea.", measures: [], typed: [] },
    // FIGURE_DATE (values41): a date in figures where something says it is a date; its order read
    // only when the numbers say it (recall's readings only: the judge reads no date)
    {
      text: "The meeting is on 3/11 now.",
      measures: [],
      typed: [["3/11", "date"]],
      dated: [m(DATE_IN_FIGURES, "3/11")],
    },
    { text: "It moved to 25/12.", measures: [], typed: [], dated: [] },
    { text: "It's due 25/12 now.", measures: [], typed: [["25/12", "date"]], dated: [m(DATE, "25 dec")] },
    { text: "It's due 12/25 now.", measures: [], typed: [["12/25", "date"]], dated: [m(DATE, "25 dec")] },
    {
      text: "The party is 5/5/2026.",
      measures: [],
      typed: [["5/5/2026", "date"]],
      dated: [m(DATE, "5 may")],
    },
    {
      text: "The release is 2026-03-11.",
      measures: [],
      typed: [["2026-03-11", "date"]],
      dated: [m(DATE, "11 mar")],
    },
    // …not a score, a share, a rating, "24/7"
    { text: "I rated it 8/10.", measures: [], typed: [] },
    { text: "The shop is open 24/7.", measures: [], typed: [] },
    { text: "We're 3/4 of the way by Friday.", measures: [], typed: [["friday", "date"]] },
    { text: "The deadline is 40/12.", measures: [], typed: [] },
    // DAY_OF_MONTH (values41): "the" and an ordinal after a word that says a date
    {
      text: "Rent is due on the 3rd.",
      measures: [],
      typed: [["the 3rd", "date"]],
      dated: [m(DAY_OF_MONTH, "3")],
    },
    {
      text: "Rent is due by the fifteenth of the month now.",
      measures: [],
      typed: [["the fifteenth of the month", "date"]],
      dated: [m(DAY_OF_MONTH, "15")],
    },
    // …not an ordinal of a thing, not "the second" (a rate, or a place), nor "the first"
    { text: "The office is on the 3rd floor.", measures: [], typed: [] },
    { text: "Billing is by the second.", measures: [], typed: [] },
    { text: "I came second.", measures: [], typed: [] },
    { text: "We start from the first.", measures: [], typed: [] },
    { text: "It's on the third of the list.", measures: [], typed: [] },
    // "second" as a unit after a number, an ordinal or "a second" with none
    { text: "Give me a second.", measures: [], typed: [] },
    {
      text: "The timeout is 30 seconds now.",
      measures: [m("second", "30")],
      typed: [["30 seconds", "measure:s"]],
    },
    { text: "It's one of the best.", measures: [], typed: [] },
    // a relative date keeps its weekday: "next Tuesday" is a date as "Tuesday" is
    { text: "The trip is next Tuesday.", measures: [], typed: [["tuesday", "date"]] },
  ])("$text", ({ text, measures, typed, dated }) => {
    expect(measuresOf(text)).toEqual(measures);
    expect(datedMeasuresOf(text)).toEqual(dated ?? measures);
    expect(typedValues(text).map((v) => [v.value, v.type])).toEqual(typed);
  });
});

describe("values written the French way (FRENCH_CALENDAR, FRENCH_DATE, H_CLOCK, FRENCH_NUMBER), and the English forms they must not take", () => {
  it.each<Row>([
    // FRENCH_DATE: a day's number and a French month after it (CLDR's names through Intl), the same date as in English
    {
      text: "The recital is le 14 février at the church.",
      measures: [],
      typed: [["14 février", "date"]],
      dated: [m(DATE, "14 feb")],
    },
    {
      text: "My appointment moved to 9 déc.",
      measures: [],
      typed: [["9 déc", "date"]],
      dated: [m(DATE, "9 dec")],
    },
    {
      text: "The vet is le 1er avril now.",
      measures: [],
      typed: [["1er avril", "date"]],
      dated: [m(DATE, "1 apr")],
    },
    // …a name that is an English word too, with a noun after it, is that word
    { text: "The fair is on 3 Mars bars.", measures: [], typed: [] },
    { text: "I bought a Mars bar.", measures: [], typed: [] },
    // FRENCH_CALENDAR: a French month named alone is a date unless it is an English word too; a French weekday is one
    { text: "Swim lessons start in septembre.", measures: [], typed: [["septembre", "date"]] },
    // FRENCH_DATE: a day's number after a weekday, French style; not a count with its noun after
    {
      text: "Soccer is samedi 4, not Sunday.",
      measures: [],
      typed: [
        ["samedi", "date"],
        ["4", "date"],
        ["sunday", "date"],
      ],
      dated: [m(DAY_OF_MONTH, "4")],
    },
    {
      text: "Mardi 3 enfants sont malades.",
      measures: [m("enfants", "3")],
      typed: [["mardi", "date"]],
    },
    // H_CLOCK: the 24-hour clock written with "h", after a word that opens a time or past noon
    { text: "The train leaves at 7h05.", measures: [m(TIME_OF_DAY, "7:05")], typed: [["7h05", "clock"]] },
    { text: "Daycare closes à 17h30.", measures: [m(TIME_OF_DAY, "17:30")], typed: [["17h30", "clock"]] },
    {
      text: "Supper is at 18 h 30 sharp.",
      measures: [m(TIME_OF_DAY, "18:30")],
      typed: [["18 h 30", "clock"]],
    },
    {
      text: "Lights out is 21h15 for the kids.",
      measures: [m(TIME_OF_DAY, "21:15")],
      typed: [["21h15", "clock"]],
    },
    { text: "The gym opens at 6h.", measures: [m(TIME_OF_DAY, "6:00")], typed: [["6h", "clock"]] },
    // …not a duration: a noun after it, a word of duration before it, an hour before noon with nothing that opens a time
    { text: "It was a 6h drive to Québec.", measures: [m("h", "6")], typed: [] },
    { text: "The flight took 6h.", measures: [m("h", "6")], typed: [] },
    { text: "We waited for 14h at the airport.", measures: [m("h", "14")], typed: [] },
    { text: "A 14h shift again.", measures: [m("h", "14")], typed: [] },
    { text: "We left after 2h of driving.", measures: [m("h", "2")], typed: [] },
    { text: "She ran it in 3h42.", measures: [], typed: [] },
    { text: "My goal is under 2h10.", measures: [], typed: [] },
    // FRENCH_CALENDAR: "minuit" is midnight; "midi" noon only after a word that opens a time
    { text: "The café closes at minuit now.", measures: [], typed: [["minuit", "clock"]] },
    { text: "Lunch is à midi.", measures: [], typed: [["midi", "clock"]] },
    { text: "I bought a midi skirt.", measures: [], typed: [] },
    // FRENCH_NUMBER: a decimal comma and thousands grouped by a space
    { text: "A coffee is 3,50 $ now.", measures: [m("$", "3.50")], typed: [["3,50 $", "measure:$"]] },
    {
      text: "Rent went up to 1 245 $ a month.",
      measures: [m("$ a month", "1245")],
      typed: [["1 245 $", "measure:$"]],
    },
    { text: "The dose is 2,5 mg.", measures: [m("mg", "2.5")], typed: [["2,5 mg", "measure:mg"]] },
    {
      text: "We raised 12 000 € for the school.",
      measures: [m("€", "12000")],
      typed: [["12 000 €", "measure:€"]],
    },
    // …English thousands by three keep their reading; a comma in a list is no decimal point nor a version
    { text: "I swim 2,500 metres on a good day.", measures: [m("meter", "2500")], typed: [] },
    { text: "Pick 1,2 or 3.", measures: [], typed: [] },
  ])("$text", ({ text, measures, typed, dated }) => {
    expect(measuresOf(text)).toEqual(measures);
    expect(datedMeasuresOf(text)).toEqual(dated ?? measures);
    expect(typedValues(text).map((v) => [v.value, v.type])).toEqual(typed);
  });
});

describe("the 24-hour clock written as four digits (FOUR_DIGIT_CLOCK), and the years, counts and codes it must not take", () => {
  it.each<Row>([
    // a word that opens a time before it
    {
      text: "He has to book in by 2100 now.",
      measures: [m(TIME_OF_DAY, "21:00")],
      typed: [["2100", "clock"]],
    },
    { text: "Pickup at 0715 is too early.", measures: [m(TIME_OF_DAY, "7:15")], typed: [["0715", "clock"]] },
    // …"at" before a number that may be a year still opens a time
    { text: "Kickoff is at 1930.", measures: [m(TIME_OF_DAY, "19:30")], typed: [["1930", "clock"]] },
    // a sign of the clock after it: "hrs" (with a leading zero), "local", "<name> time"
    { text: "Shift starts at 0600 hrs.", measures: [m(TIME_OF_DAY, "6:00")], typed: [["0600 hrs", "clock"]] },
    { text: "ETA 0810 local.", measures: [m(TIME_OF_DAY, "8:10")], typed: [["0810 local", "clock"]] },
    {
      text: "My flight lands at 0705 HK time.",
      measures: [m(TIME_OF_DAY, "7:05")],
      typed: [["0705 hk time", "clock"]],
    },
    // a leading zero, no noun before it that it numbers
    { text: "The report time is now 0620.", measures: [m(TIME_OF_DAY, "6:20")], typed: [["0620", "clock"]] },
    // a comparative of time across "now" and a comma
    { text: "Book-in is later now, 2230.", measures: [m(TIME_OF_DAY, "22:30")], typed: [["2230", "clock"]] },
    // …not a year ("by", "from", "to" before 1900–2099), a count, a code after its noun, an amount, a duration
    { text: "By 2030 we want to retire.", measures: [], typed: [] },
    { text: "From 2019 to 2022 we lived in Leeds.", measures: [], typed: [] },
    { text: "The renovation moved to 2028.", measures: [], typed: [] },
    { text: "We sold 2230 tickets.", measures: [m("ticket", "2230")], typed: [] },
    { text: "Room 0620 is on the sixth floor.", measures: [m("room", "0620")], typed: [] },
    { text: "It costs $2100.", measures: [m("$", "2100")], typed: [["$2100", "measure:$"]] },
    {
      text: "I logged 1500 hours of flying.",
      measures: [m("hour", "1500")],
      typed: [["1500 hours", "measure:hour"]],
    },
    { text: "The score went to 2230, a record.", measures: [], typed: [] },
    // SPOKEN_CLOCK: a change adverb after "half ten" is no noun it counts (Scots "noo" as "now")
    { text: "Church is half ten noo.", measures: [m(TIME_OF_DAY, "10:30")], typed: [["half ten", "clock"]] },
    { text: "Church is half ten now.", measures: [m(TIME_OF_DAY, "10:30")], typed: [["half ten", "clock"]] },
  ])("$text", ({ text, measures, typed, dated }) => {
    expect(measuresOf(text)).toEqual(measures);
    expect(datedMeasuresOf(text)).toEqual(dated ?? measures);
    expect(typedValues(text).map((v) => [v.value, v.type])).toEqual(typed);
  });
});

describe("the 12-hour clock written with a point (DOT_CLOCK), and the prices and versions it must not take", () => {
  it.each<Row>([
    // the meridiem glued on or after it, "a.m." with its points: a clock time, valued with a colon
    {
      text: "The hospital car picks me up at 8.50am for appointments.",
      measures: [m(TIME_OF_DAY, "8:50am")],
      typed: [["8.50am", "clock"]],
    },
    {
      text: "The new driver comes at 9.25am, which suits me better.",
      measures: [m(TIME_OF_DAY, "9:25am")],
      typed: [["9.25am", "clock"]],
    },
    {
      text: "Surgery opens at 8.30 am now.",
      measures: [m(TIME_OF_DAY, "8:30am")],
      typed: [["8.30 am", "clock"]],
    },
    {
      text: "The bus goes at 4.45 p.m. now.",
      measures: [m(TIME_OF_DAY, "4:45pm")],
      typed: [["4.45 p.m", "clock"]],
    },
    { text: "Choir ends at 9.15pm.", measures: [m(TIME_OF_DAY, "9:15pm")], typed: [["9.15pm", "clock"]] },
    // …not a point with no meridiem after it that no word opens as a time (a price, a version),
    // nor an hour past 12 or minutes past 59
    { text: "A coffee is 2.50 there.", measures: [], typed: [["2.50", "version"]] },
    { text: "We upgraded to 9.25 last week.", measures: [], typed: [["9.25", "version"]] },
    { text: "The bus goes at 13.50pm.", measures: [], typed: [] },
    { text: "The bus goes at 9.75am.", measures: [], typed: [] },
  ])("$text", ({ text, measures, typed, dated }) => {
    expect(measuresOf(text)).toEqual(measures);
    expect(datedMeasuresOf(text)).toEqual(dated ?? measures);
    expect(typedValues(text).map((v) => [v.value, v.type])).toEqual(typed);
  });
});

describe("weekdays named in te reo Māori (MAORI_WEEKDAY), and the words they must not take", () => {
  it.each<Row>([
    // Te Taura Whiri's names and CLDR's, with macrons or without
    { text: "I take the te reo class on Rātū now.", measures: [], typed: [["rātū", "date"]] },
    { text: "Rostered off Rāmere at the depot.", measures: [], typed: [["rāmere", "date"]] },
    { text: "Swimming is Rahoroi morning.", measures: [], typed: [["rahoroi", "date"]] },
    { text: "Kapa haka practice moved to Tūrei.", measures: [], typed: [["tūrei", "date"]] },
    // …not an English word ("mane"), a title before a name, or te reo words that name no day
    { text: "The horse's mane needs a trim.", measures: [], typed: [] },
    { text: "Ratu Sukuna was a chief.", measures: [], typed: [] },
    { text: "We speak te reo at home.", measures: [], typed: [] },
  ])("$text", ({ text, measures, typed, dated }) => {
    expect(measuresOf(text)).toEqual(measures);
    expect(datedMeasuresOf(text)).toEqual(dated ?? measures);
    expect(typedValues(text).map((v) => [v.value, v.type])).toEqual(typed);
  });
});

describe("SPOKEN_CLOCK: a part of the day is one of its own words, not a member every object inherits (perf51)", () => {
  beforeAll(() => loadTagger());
  it.each([
    ["The gym closes at six in the evening.", [["six in the evening", "clock"]]],
    ["The gym closes at six in the constructor.", []],
  ])("%s", (text, typed) => {
    expect(typedValues(text).map((v) => [v.value, v.type])).toEqual(typed);
  });
});
