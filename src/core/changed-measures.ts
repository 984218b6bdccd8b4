/**
 * Another measure of the same thing: a newer statement that gives the same unit another number
 * ("We keep the thermostat at 19 degrees" / "…the thermostat lives at 20.5 degrees"; "I work from
 * home two days a week" / "I'm working from home three days a week"; "Isla's a size 11" / "…she's a
 * size 12"; "PostgreSQL 13" / "PostgreSQL 16"). In chat such an update is usually said in passing,
 * with no cue of change and no copula the slot readers need (`restatesSlot`, sleep/restatements.ts),
 * often inside a turn that ends in a question and so stays an episode; the judge reads many of these
 * pairs as about different things (a subject it cannot match, "lives" tagged a noun). A number
 * counted in the same unit is a reading of the language that needs no lexicon of values.
 *
 * Named rules (each a table row both ways in changed-measures.test.ts):
 *
 *   - `MEASURE` and the other readings of a number with its unit (`GLUED_UNIT`, `VERSION_FIRST`,
 *     `DATE_MEASURE`, `SYMBOL_UNIT`, `GIVEN_CLAUSE`): typed-values.ts, the one reader of typed values.
 *   - `OTHER_NUMBER`: a unit both statements count, and each gives it a number the other does not:
 *     "from 19 to 20.5 degrees" still gives 20.5 only to degrees; the same number again ("still 19
 *     degrees") and two different units ("3 days" / "3 weeks") are no other measure.
 *   - `ASKED_THING` (for recall, `anotherMeasureOfAsked`): the pair is about what the question asks
 *     — every content word of the question the older says, the newer says too (stemmed, so
 *     "taking" is "take", "Rehearsals" is "rehearsal"; or clipped, `CLIPPED`: "prod" for
 *     "production"), and there is at least one. "I walked 3 miles
 *     to the station" is no other measure of "I run 5 miles on Saturdays" for "How far do I run?".
 *   - `MODIFIER_LEFT_OUT` (in `ASKED_THING`): a question word the older writes only right before a
 *     noun it narrows, the newer may leave out when it says that noun and another question word
 *     ("Mum's blood pressure tablet is amlodipine 5mg" / "Doctor increased mum's tablet to 10mg" for
 *     "What dose is Mum on for her pressure?"), as a noun in the sentence that gives its number; the
 *     noun is then read by `NO_OTHER_MODIFIER`, so "the swim club membership" is no other measure of
 *     "my gym membership".
 *   - `ASKS_A_MEASURE`: the question's wh-word asks for an answer a number can be — "how many",
 *     "how much", "how far" (how before an adjective or adverb), "what", "which", "when", or no
 *     wh-word at all (a search); not "where" (a place), "who"/"whose" (a person), "why" (a reason)
 *     nor "how" before a verb (a manner: "How do I get to work?"). A time of day answers only a
 *     question of when ("When…", "What time…"): "I work the opening shift, 5am to 1pm" gives no
 *     other time of "I walk the dog at 7am before work" for "Where do I work?".
 *   - `WHEN_ASKS_TIME` (in `ASKS_A_MEASURE`): a question of when is answered only by a point or a
 *     span of time ("when does the season start" takes no two season-ticket prices; "what time" a
 *     time of day, "which day" a day), and its "when" is the question's first wh-word, not one
 *     opening a clause ("how much does the POS take when I withdraw").
 *   - `NO_OTHER_MODIFIER`: a word of the question both say is not narrowed by another word in each
 *     ("Staging media sidecar rate limit" / "Production catalog pipeline rate limit": two rate
 *     limits, each with its number).
 *   - `SAME_TOPIC_WORD` (for a statement found by its unit, `foundMeasureOfAsked`): the sentences
 *     giving the two numbers share a content word besides the unit's and the numbers ("fixed at
 *     2.1%" / "the fix has ended and we're on 4.6%"; "prescription is -2.25 in both eyes" / "my eyes
 *     changed, so the lenses are -2.75"); the unit alone ("£20 a week on coffee" / "£90 a week on
 *     groceries") links nothing, nor does a word said in many statements ("kids", "new": recall
 *     passes `linking`, the words rare in the store).
 *   - `NO_OTHER_HOLDER`: when the question names no person, a newer measure said of a third
 *     person ("she keeps hers at 22 degrees") is that person's, not the holder's the older speaks
 *     of; when the question names one that both statements name ("What shoe size is Isla?"), the
 *     newer's "she" may be that person ("Isla's feet grew again, she's a size 12").
 *   - `NOT_ASKED`: the newer's number is not said only inside a reported question — an asking verb
 *     with "whether" or "if", to the end of its clause ("Guy in the club chat asked whether the B
 *     bunch could push to 32 km/h": a question someone put, not a value that holds); a number said
 *     again outside it ("She asked if I could do 40 hours, so it's 40 hours now") is said.
 *   - `ASKS_THE_OLDER` (for a statement found by its unit): a question or search that says the
 *     older's number ("PostgreSQL 15 port 5432", "Is the thermostat still at 19 degrees?") asks
 *     about that value, not for the latest; `anotherMeasureOfAsked` has it already, as the newer
 *     must say every word of the question the older says.
 *
 * `await loadTagger()` before any call.
 */
import { boundedMemo } from "./bounded-memo.js";
import type { TaggedWord } from "./judge/tagger.js";
import { contentTokens, SPEAKER_SUBJECT, whWordOf } from "./text.js";
import {
  DATE,
  DATE_IN_FIGURES,
  DAY_OF_MONTH,
  datedMeasuresOf,
  isClock,
  isMonthName,
  type Measure,
  measuresOf,
  placedMeasuresOf,
  SPANS_OF_TIME,
  sentences,
  TIME_OF_DAY,
  tagged,
} from "./typed-values.js";

/** What `anotherMeasure` found: the unit and each side's numbers for it. */
export interface ChangedMeasure {
  unit: string;
  older: string[];
  newer: string[];
}

/**
 * `OTHER_NUMBER`: a unit both texts count, each with a number the other lacks, or null.
 *
 *   anotherMeasure("We keep the thermostat at 19 degrees.", "The thermostat is at 20.5 degrees now.")
 *   // → { unit: "degree", older: ["19"], newer: ["20.5"] }
 *   anotherMeasure("I work from home two days a week.", "I run three days a week.")  // → { unit: "day", … }
 *   anotherMeasure("We keep the thermostat at 19 degrees.", "It's still 19 degrees in here.")  // → null
 */
export function anotherMeasure(
  older: string,
  newer: string,
  read: (text: string) => readonly Measure[] = measuresOf,
): ChangedMeasure | null {
  const a = read(older);
  const b = read(newer);
  for (const m of b) {
    const olderValues = a.filter((x) => x.unit === m.unit).map((x) => x.value);
    if (olderValues.length === 0) continue;
    const newerValues = b.filter((x) => x.unit === m.unit).map((x) => x.value);
    const onlyNewer = newerValues.filter((v) => !olderValues.includes(v));
    const onlyOlder = olderValues.filter((v) => !newerValues.includes(v));
    if (onlyNewer.length > 0 && onlyOlder.length > 0)
      return { unit: m.unit, older: onlyOlder, newer: onlyNewer };
  }
  return null;
}

/**
 * `CLIPPED`: the newer says the word by its front, as chat clips a long word ("prod" for
 * "production", "config" for "configuration"): a word of four letters or more that begins the
 * word and is at least two letters shorter. "pro" is too short to say "programme".
 */
export function saysClipped(words: ReadonlySet<string>, word: string): boolean {
  for (const w of words) if (w.length >= 4 && word.length >= w.length + 2 && word.startsWith(w)) return true;
  return false;
}

/** A digit or a number word: a text with neither holds no `MEASURE`. */
const NUMBER_WORDS =
  "\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen)\\b";
const MAY_COUNT = new RegExp(`\\d|${NUMBER_WORDS}`, "i");

/** True when a text holds a digit or a number word: one with neither holds no `MEASURE`. */
export const mayCount = (text: string): boolean => MAY_COUNT.test(text);

/**
 * `ASKED_THING`, read without the tagger (so a recall that finds no such pair never loads it): the
 * words of the question the older says, leaving out the words of a unit or rate ("month" in "How
 * much do I save each month?" says how the thing is counted, not what it is: any "£50 a month"
 * says it), when there is one and the newer says each, whole or
 * clipped, and both texts hold a digit or a number word; else null.
 *
 *   askedWordsSaid("How far do I swim?", "I swim 2,500 metres.", "I swim 3,000 metres now.")  // → ["swim"]
 *   askedWordsSaid("How far do I swim?", "I swim 2,500 metres.", "I walked 4,000 metres.")    // → null
 *   askedWordsSaid("What dose is Gran on for her cholesterol?", "Gran's cholesterol tablet is 20mg.",
 *     "Gran's tablet went up to 40mg.")                                                  // → ["gran", "tablet"]
 */
export function askedWordsSaid(question: string, older: string, newer: string): string[] | null {
  return askedWordsRead(question, older, newer)?.words ?? null;
}

/** `askedWordsSaid`, with the nouns `MODIFIER_LEFT_OUT` read in (`heads`: none when every word was said). */
function askedWordsRead(
  question: string,
  older: string,
  newer: string,
): { words: string[]; heads: string[] } | null {
  if (!MAY_COUNT.test(older) || !MAY_COUNT.test(newer)) return null;
  const asked = new Set(contentTokens(question).filter((w) => !MEASURE_WORDS.has(w)));
  const olderAsked = contentTokens(older).filter((w) => asked.has(w));
  if (olderAsked.length === 0) return null;
  const newerWords = new Set(contentTokens(newer));
  const said = (w: string) => newerWords.has(w) || saysClipped(newerWords, w);
  if (olderAsked.every(said)) return { words: olderAsked, heads: [] };
  // `MODIFIER_LEFT_OUT`: a question word the older writes only before the noun it narrows, which the
  // newer says bare ("Mum's blood *pressure* tablet is 5mg" / "Doctor increased mum's tablet to
  // 10mg"), with another question word said: the noun joins the words read for another modifier.
  const kept = olderAsked.filter(said);
  if (kept.length === 0) return null;
  const heads = new Set<string>();
  for (const w of olderAsked.filter((x) => !said(x))) {
    const head = narrowedBy(older, w, said);
    if (!head) return null;
    heads.add(head);
  }
  return { words: [...new Set([...kept, ...heads])], heads: [...heads] };
}

/** True when `sentence` says `word` (a content token) as a noun or a name, as the tagger reads it. */
const saysNoun = (sentence: string, word: string): boolean =>
  tagged(sentence).some(
    (w) => (w.pos === "NOUN" || w.pos === "PROPN") && contentTokens(w.text).includes(word),
  );

/** A word a noun phrase may hold: letters, with an apostrophe or hyphen inside, and no number. */
const PHRASE_WORD = /^[\p{L}][\p{L}'’-]*$/u;

/**
 * The noun `word` narrows in `text`, as `MODIFIER_LEFT_OUT` reads it without the tagger: one of the
 * two words written right after it, in the same run of words (no punctuation, number or function
 * word between), that `accepts`; else null. "blood pressure tablet" → "tablet" for "pressure";
 * "the pickup is 0455 for early reports" → null for "pickup" (a verb follows).
 */
function narrowedBy(text: string, word: string, accepts: (head: string) => boolean): string | null {
  const raw = text.split(/\s+/);
  for (let i = 0; i < raw.length; i++) {
    if (!contentTokens(raw[i]!).includes(word) || /[,.;:!?)]$/.test(raw[i]!)) continue;
    for (let j = i + 1; j <= i + 2 && j < raw.length; j++) {
      const bare = raw[j]!.replace(/[,.;:!?)]+$/, "");
      const tokens = contentTokens(bare);
      if (!PHRASE_WORD.test(bare) || tokens.length !== 1) break;
      if (accepts(tokens[0]!)) return tokens[0]!;
      if (bare !== raw[j]) break;
    }
  }
  return null;
}

/** True when `word` is a clipped front of a word of `words`. */
const clips = (word: string, words: ReadonlySet<string>) =>
  [...words].some((w) => saysClipped(new Set([word]), w));

/** Wh-words whose answer is no number: a place, a person, a reason. */
const NOT_A_MEASURE = /^(?:where|who|whom|whose|why)$/i;

/** The units of a day: a date, a day of the month, a date in figures. */
const DAYS: ReadonlySet<string> = new Set([DATE, DAY_OF_MONTH, DATE_IN_FIGURES]);

/** The units of a point in time: a time of day or a day. */
const POINTS_IN_TIME: ReadonlySet<string> = new Set([TIME_OF_DAY, ...DAYS]);

/** Nouns after "what" or "which" that ask a time of day ("what time", "which hour"). */
const CLOCK_NOUN = /^(?:time|hour)$/i;

/** Nouns after "what" or "which" that ask a day ("which days", "what date", "what night"). */
const DAY_NOUN = /^(?:date|day|days|night|evening|morning)$/i;

/**
 * The question's first wh-word, lower-cased and without a verb written on it (text.ts `WH_WITH_ITS_VERB`),
 * and where it is among `words`; null when it has none. Read with the tagger.
 *
 *   askedWhWord(tagged("who's my electricity with"))  // → { at: 0, word: "who" }
 *   askedWhWord(tagged("Tell me what Ana's phone is")) // → { at: 2, word: "what" }
 */
export function askedWhWord(words: readonly TaggedWord[]): { at: number; word: string } | null {
  for (const [at, w] of words.entries()) {
    const wh = whWordOf(w.text);
    if (wh) return { at, word: wh.word };
  }
  return null;
}

/**
 * The points in time the wh-word `w` at `wh` asks for, or null when it asks no when: "when" any; "what
 * time…", "which hour…" a time of day; "which day…", "what date…" a day — each noun heading its
 * phrase (not "what time zone…", "which day rate…").
 */
function pointsAskedAt(words: readonly TaggedWord[], wh: number, w: string): ReadonlySet<string> | null {
  if (w === "when") return POINTS_IN_TIME;
  const noun = words[wh + 1]?.text ?? "";
  const next = words[wh + 2];
  if ((w !== "what" && w !== "which") || next?.pos === "NOUN" || next?.pos === "PROPN") return null;
  return CLOCK_NOUN.test(noun) ? new Set([TIME_OF_DAY]) : DAY_NOUN.test(noun) ? DAYS : null;
}

/**
 * `ASKS_A_MEASURE`: the question's first wh-word asks for an answer a number can be, in `unit`.
 * `WHEN_ASKS_TIME`: a question of when (its first wh-word "when", "what time", "which day…") is
 * answered by a point or a span of time, never by money, a percent or a weight ("when does the
 * season start on the grass" takes "the 25th of April", not "£315 for the season"; "when do I pay
 * £40" takes a date); "what time" by a time of day, "which day" by a day; and a point in time
 * answers only a question of when ("how much does the POS take when I withdraw": its "when" opens a
 * clause of the question, so no date or clock answers it).
 *
 *   asksMeasure("How many days a week do I work from home?", "day")  // → true
 *   asksMeasure("Where do I work?", "time of day")                   // → false
 *   asksMeasure("When is rent due?", "KES")                          // → false
 */
export function asksMeasure(question: string, unit: string): boolean {
  const words = tagged(question);
  const asked = askedWhWord(words);
  if (asked) {
    const { at: wh, word: w } = asked;
    // "Who", "where", "why" as written ask no number. With the verb written on ("who's our car
    // insured with") a measure's lift is still read: a new insurer is often said with its new
    // price, and refusing it lost a tuning case (fresh8 car-insurance, measured; see `WH_WITH_ITS_VERB`).
    if (NOT_A_MEASURE.test(words[wh]!.text)) return false;
    // "How" asks a quantity only before an adjective or adverb ("how many", "how far", "how often").
    if (w === "how" && !["ADJ", "ADV"].includes(words[wh + 1]?.pos ?? "")) return false;
    const points = pointsAskedAt(words, wh, w);
    if (points) return points.has(unit) || SPANS_OF_TIME.has(unit);
  }
  return !POINTS_IN_TIME.has(unit);
}

/** Third persons: a measure said of one of them is theirs. */
const THIRD_PERSON =
  /^(?:he|she|they|his|her|hers|their|theirs|him|them|he's|she's|they're|he’s|she’s|they’re)$/i;

/**
 * `ASKED_THING` and `NO_OTHER_HOLDER` over `OTHER_NUMBER`: the newer gives another measure of what
 * the question asks the older about, or null. The asked words the newer must say are read in what
 * it is about (`newerAbout`, recall/about-words.ts: a part of a turn with the questions the turn
 * asks of it; its own text when not given); its numbers only in its own text.
 *
 *   anotherMeasureOfAsked("What temperature is our thermostat set to?",
 *     "We keep the thermostat at 19 degrees.", "With a newborn the thermostat lives at 20.5 degrees.")
 *   // → { unit: "degree", … }
 *   anotherMeasureOfAsked("How far do I run?", "I run 5 miles on Saturdays.", "I walked 3 miles to the station.")
 *   // → null (the newer does not say "run")
 */
export function anotherMeasureOfAsked(
  question: string,
  older: string,
  newer: string,
  newerAbout: string = newer,
): ChangedMeasure | null {
  const read = askedWordsRead(question, older, newerAbout);
  if (read === null) return null;
  const olderAsked = read.words;
  const given = askedMeasureGiven(question, older, newer);
  if (!given) return null;
  const { changed, olderGiving, newerGiving } = given;
  // `MODIFIER_LEFT_OUT`'s noun is said as a noun where the newer gives its number, not as a verb or
  // in another sentence ("Thesis now due 28 February, so I can actually race in summer").
  if (read.heads.some((h) => !newerGiving.some((x) => saysNoun(x, h)))) return null;
  if (otherModifier(olderGiving, newerGiving, new Set(olderAsked))) return null;
  return otherHolder(question, olderAsked, older, newerGiving, changed.newer) ? null : changed;
}

/** A number said only as a plan or a supposition: "Product is going to tighten the SLO to 200ms next quarter". */
const PLANNED =
  /\b(?:going to|gonna|will|'ll|’ll|plans? to|planning to|maybe|perhaps|might|next (?:week|month|quarter|year|term|sprint|season))\b/i;

/**
 * `NOT_PLANNED`, its negation: every sentence that gives the newer's number says it as a plan or a
 * supposition ("…is going to tighten the checkout SLO to 200ms next quarter", "maybe 4.6%"), so it
 * is no value that holds; a question's "now that we're on 4.6%, should we…?" gives one that holds.
 */
function onlyPlanned(newerGiving: readonly string[]): boolean {
  return newerGiving.length > 0 && newerGiving.every((s) => PLANNED.test(s));
}

/**
 * A reported question (`NOT_ASKED`): an asking verb, up to three words of its object ("asked the
 * coach", "wondered"), "whether" or "if", and the rest of the clause — to a comma, semicolon or the
 * sentence's end. What it holds is asked of someone, not said to hold.
 */
const REPORTED_QUESTION =
  /\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?|want(?:s|ed)?\s+to\s+know|(?:en|in)quir(?:e|es|ed|ing))(?:\s+[\p{L}'’]+){0,3}?\s+(?:whether|if)\b[^,;:.!?]*/giu;

/**
 * `NOT_ASKED`, its negation: every sentence that gives the newer's number gives it only inside a
 * reported question (`REPORTED_QUESTION`): read without it, the sentence gives none of the numbers.
 *
 *   onlyAsked(["Guy in the club chat asked whether the B bunch could push to 32 km/h"], "km/h", ["32"]) // → true
 *   onlyAsked(["She asked if I could do 40 hours, so it's 40 hours now"], "hour", ["40"])                // → false
 */
function onlyAsked(newerGiving: readonly string[], unit: string, values: readonly string[]): boolean {
  return (
    newerGiving.length > 0 &&
    newerGiving.every((s) => {
      const rest = s.replace(REPORTED_QUESTION, " ");
      return rest !== s && !datedMeasuresOf(rest).some((m) => m.unit === unit && values.includes(m.value));
    })
  );
}

/**
 * The first checks of `anotherMeasureOfAsked` and `foundMeasureOfAsked`: the two give another
 * number of a unit the question asks (`OTHER_NUMBER`, `ASKS_A_MEASURE`), not only as a plan
 * (`NOT_PLANNED`) nor only inside a reported question (`NOT_ASKED`); with the sentences that give each side's number, the only ones read for what
 * and whose it is. Null when a check fails.
 */
function askedMeasureGiven(
  question: string,
  older: string,
  newer: string,
): { changed: ChangedMeasure; olderGiving: string[]; newerGiving: string[] } | null {
  const changed = anotherMeasure(older, newer, datedMeasuresOf);
  if (!changed || !asksMeasure(question, changed.unit)) return null;
  const olderGiving = giving(older, changed.unit, changed.older, datedMeasuresOf);
  const newerGiving = giving(newer, changed.unit, changed.newer, datedMeasuresOf);
  if (onlyPlanned(newerGiving) || onlyAsked(newerGiving, changed.unit, changed.newer)) return null;
  return { changed, olderGiving, newerGiving };
}

/** The sentences of `text` that give `unit` one of `values`. */
const giving = (
  text: string,
  unit: string,
  values: readonly string[],
  read: (text: string) => readonly Measure[] = measuresOf,
) => sentences(text).filter((s) => read(s).some((m) => m.unit === unit && values.includes(m.value)));

/**
 * `NO_OTHER_HOLDER`, its negation: the newer gives its number of a third person the older and the
 * question do not name. A name the question asks about ("What shoe size is Isla?") that the older
 * says: a third person of the newer may be that one ("Isla's feet grew again, she's a size 12"),
 * unless the newer says its number of a noun or name the older does not ("Rory's sister Mia is a
 * size 9 now" for "What shoe size is Rory?", `saidOfAnother`).
 */
function otherHolder(
  question: string,
  olderAsked: readonly string[],
  older: string,
  newerGiving: readonly string[],
  newerValues: readonly string[],
): boolean {
  const named = tagged(question)
    .filter((w, i) => i > 0 && w.pos === "PROPN" && /^\p{Lu}\p{Ll}/u.test(w.text))
    .flatMap((w) => contentTokens(w.text));
  // …unless the newer says its number of a noun or name the older does not ("Rory's sister Mia").
  if (named.some((n) => olderAsked.includes(n))) return saidOfAnother(older, newerGiving, newerValues);
  const olderThird = tagged(older).some((w) => THIRD_PERSON.test(w.text));
  return !olderThird && newerGiving.some((s) => tagged(s).some((w) => THIRD_PERSON.test(w.text)));
}

/**
 * The content words of the question `text` says (stemmed), or null when none: the older a unit
 * search starts from must be about what is asked.
 */
export function askedWordsOf(question: string, text: string): string[] | null {
  const asked = new Set(contentTokens(question).filter((w) => !MEASURE_WORDS.has(w)));
  const said = [...new Set(contentTokens(text).filter((w) => asked.has(w)))];
  return said.length > 0 ? said : null;
}

/**
 * `SAME_TOPIC_WORD`, read without the tagger: the content words two texts share, leaving out
 * numbers and the words of measures ("week", "degree", "percent") — a number's unit alone links
 * nothing. A recall with no pair sharing one never loads the tagger for a unit search.
 */
export function topicWordsShared(older: string, newer: string): string[] {
  const words = (text: string) =>
    contentTokens(text).filter((w) => !/\d/.test(w) && w.length >= 3 && !MEASURE_WORDS.has(w));
  const theirs = new Set(words(newer));
  return [...new Set(words(older).filter((w) => theirs.has(w)))];
}

/** Words that only say a measure's unit or rate: shared, they say nothing of what is measured. */
const MEASURE_WORDS = new Set(
  contentTokens(
    "percent cent per hour hours day days night nights week weeks weekly fortnight month months monthly " +
      "year years yearly time times minute minutes pound pounds dollar dollars euro euros",
  ),
);

/**
 * A statement found by its unit (recall's unit search) gives another measure of what the question
 * asks the older about, or null: `ASKS_A_MEASURE` and `OTHER_NUMBER` as for `anotherMeasureOfAsked`,
 * but the newer need not repeat the question's words — it shares a content word with the older in
 * the sentences giving the numbers, one `linking` accepts (`SAME_TOPIC_WORD`), no word of those is narrowed otherwise on
 * each side (`NO_OTHER_MODIFIER`), and it is not a third person's (`NO_OTHER_HOLDER`). The older
 * must say a word of the question, not narrowed otherwise than the question narrows it
 * (`NO_OTHER_MODIFIER` between the question and the older: "the food budget" for "What is our
 * kitchen renovation budget?" is another budget).
 *
 *   foundMeasureOfAsked("What is our mortgage rate?", "Our mortgage is fixed at 2.1% until the spring.",
 *     "Now that the fix has ended and we're on 4.6%, should we overpay?")
 *   // → { unit: "percent", older: ["2.1"], newer: ["4.6"] }
 *   foundMeasureOfAsked("What is our weekly grocery budget?", "We keep groceries to £90 a week.",
 *     "I spend £20 a week on coffee.")
 *   // → null (only the unit is shared)
 */
export function foundMeasureOfAsked(
  question: string,
  older: string,
  newer: string,
  linking: (word: string) => boolean = () => true,
  unitLinking: (word: string) => boolean = () => false,
): ChangedMeasure | null {
  const olderAsked = askedWordsOf(question, older);
  if (olderAsked === null) return null;
  const given = askedMeasureGiven(question, older, newer);
  if (!given) return null;
  const { changed, olderGiving, newerGiving } = given;
  // The older must measure the thing the question asks, not another of its kind ("the food budget"
  // for "What is our kitchen renovation budget?").
  if (otherModifier([question], olderGiving, new Set(olderAsked))) return null;
  const shared = topicOf(changed, olderGiving, newerGiving);
  if (!shared.some(linking) && !rareUnitLinks(changed, olderGiving, newerGiving, unitLinking)) return null;
  if (otherModifier(olderGiving, newerGiving, new Set([...shared, ...olderAsked]))) return null;
  if (saysNumber(question, changed.older)) return null;
  return otherHolder(question, olderAsked, older, newerGiving, changed.newer) ? null : changed;
}

/** A rate said: "a week", "per month", "each day", "weekly" (not "this week", which says when). */
const RATE =
  /\b(?:a|an|per|each|every)\s+(hour|day|night|week|fortnight|month|year)\b|\b(hour|dai|night|week|month|year)l(?:y|ies)\b|\bannual(?:ly)?\b/gi;

/** The rates a text counts per, as one key ("day week"; "" for none). */
const ratesOf = (text: string) =>
  [
    ...new Set(
      [...text.matchAll(RATE)].map((m) =>
        (m[1] ?? m[2] ?? "year")
          .toLowerCase()
          .replace(/^dai$/, "day")
          .replace(/^annual.*/, "year"),
      ),
    ),
  ]
    .sort()
    .join(" ");

/**
 * `RARE_UNIT`: the unit itself links the two measures when both say it as a word ("84 kg" / "down
 * to 79 kg", "two approvals" / "one approval", "20 km a week" / "35 km a week"), `unitLinking`
 * accepts it (recall: a word said in few active facts of the store, so that what the store counts
 * in it is likely one thing), and both count it per the same rates or none ("km a week" is no
 * "km"). A symbol, a time of day, a date or a number glued to its letters ("50mg") is no word the
 * store can be asked about, so it links nothing here.
 */
function rareUnitLinks(
  changed: ChangedMeasure,
  olderGiving: readonly string[],
  newerGiving: readonly string[],
  unitLinking: (word: string) => boolean,
): boolean {
  const unitSaid = (given: readonly string[]) =>
    new Set(
      given
        .flatMap((s) => tagged(s))
        .filter((w) => w.lemma.toLowerCase() === changed.unit && !/\d/.test(w.text))
        .flatMap((w) => contentTokens(w.text)),
    );
  const olderUnit = unitSaid(olderGiving);
  const newerUnit = unitSaid(newerGiving);
  const linked = [...olderUnit].filter((w) => newerUnit.has(w) && unitLinking(w));
  if (linked.length === 0) return false;
  if (ratesOf(olderGiving.join(" ")) !== ratesOf(newerGiving.join(" "))) return false;
  // Only the unit links them, so the newer must say it of what holds, not of a wish ("I want to get
  // down to 75 kg"), and of no holder the older does not name ("The suitcase was 23 kg", "My sister
  // weighs 60 kg").
  if (newerGiving.some((s) => WISH.test(s))) return false;
  const olderWords = new Set([
    ...contentTokens(olderGiving.join(" ")),
    ...olderGiving.flatMap((s) => tagged(s)).flatMap((w) => contentTokens(w.lemma)),
  ]);
  // Nor of another doing: the verb the newer's number is said with must be the older's ("I walked
  // 4,000 metres" is no "I swim 2,500 metres"); none ("Down to 79 kg") or "be" leaves it open.
  const otherDoing = newerGiving.some((s) => {
    const words = tagged(s);
    const verb = verbBefore(s, words, numberAt(s, words, changed.newer));
    const w = verb >= 0 ? words[verb]! : undefined;
    return w?.pos === "VERB" && !contentTokens(w.lemma).some((t) => olderWords.has(t));
  });
  if (otherDoing) return false;
  return newerGiving
    .flatMap((s) => holderOf(s, changed.newer))
    .every((w) => olderWords.has(w) || clippedEitherWay(w, olderWords));
}

/** `WISH`: a sentence that says a number wanted, aimed at or allowed for, not one that holds. */
const WISH =
  /\b(?:want|wants|wanted|hope|hoping|aim|aiming|goal|would like|'d like|’d like|going to|gonna|trying to|try to|need to get|should)\b/i;

/**
 * The words of `text` said right after a number ("kg" in "I weigh 84 kg", "approvals" in "two
 * approvals"), read without the tagger: the words a unit search counts in the store for
 * `RARE_UNIT` before the tagger reads which of them is a unit.
 */
export function wordsAfterNumbers(text: string): string[] {
  const found = new Set<string>();
  const numberThenWord = new RegExp(`(?:\\d[\\d,.]*|${NUMBER_WORDS})\\s+(\\p{L}+)`, "giu");
  for (const m of text.matchAll(numberThenWord)) for (const w of contentTokens(m[1]!)) found.add(w);
  return [...found];
}

/**
 * `SAME_TOPIC_WORD` over the sentences giving the two numbers: the content words they share but
 * the unit's, as its lemma or as said ("metres" for the lemma "meter").
 */
function topicOf(
  changed: ChangedMeasure,
  olderGiving: readonly string[],
  newerGiving: readonly string[],
): string[] {
  // A date's month is part of its value, not what is dated: "due feb 15" / "my talk is feb 20"
  // share no topic by "feb".
  const unitWords = new Set([
    ...contentTokens(changed.unit),
    ...[...olderGiving, ...newerGiving]
      .flatMap((s) => tagged(s))
      .filter((w) => w.lemma.toLowerCase() === changed.unit || (changed.unit === DATE && isMonthName(w.text)))
      .flatMap((w) => contentTokens(w.text)),
  ]);
  return topicWordsShared(olderGiving.join(" "), newerGiving.join(" ")).filter((w) => !unitWords.has(w));
}

/**
 * Two statements, no question: the newer gives another measure of the same thing the older
 * measures, or null — for the lexical judge, which must not read such a pair as about two things
 * (rules.ts, `unsure:other-measure` and `measure-changed`). `OTHER_NUMBER`; `SAME_TOPIC_WORD` (a
 * word besides the unit shared by the sentences giving the numbers, whole or `CLIPPED`: "prod" for
 * "production"); `NO_OTHER_MODIFIER` on those words; `NO_OTHER_HOLDER` (a third person in the
 * newer's sentence only).
 *
 *   sameMeasureChanged("We keep the thermostat at 19 degrees.",
 *     "With a newborn in the house the thermostat lives at 20.5 degrees.")
 *   // → { unit: "degree", older: ["19"], newer: ["20.5"] }
 *   sameMeasureChanged("I run 5 miles on Saturdays.", "I walked 3 miles to the station.")  // → null
 */
export function sameMeasureChanged(older: string, newer: string): ChangedMeasure | null {
  if (!MAY_COUNT.test(older) || !MAY_COUNT.test(newer)) return null;
  const changed = anotherMeasure(older, newer);
  if (!changed) return null;
  // Each side read once for its unit and numbers (a sweep asks one text against many others).
  const a = sideOf(older, changed.unit, changed.older);
  const b = sideOf(newer, changed.unit, changed.newer);
  // A function word ("every two weeks" / "every 2 weeks") names nothing measured.
  const naming = new Set([...a.naming, ...b.naming]);
  // `topicOf`: the words both sides' giving sentences say, less the unit's.
  const unitWords = new Set([...contentTokens(changed.unit), ...a.unitSaid, ...b.unitSaid]);
  const wordsA = new Set(a.topic);
  const wordsB = new Set(b.topic);
  const shared = [...new Set(a.topic.filter((w) => wordsB.has(w)))].filter(
    (w) => !unitWords.has(w) && naming.has(w),
  );
  // Said whole, or clipped on one side ("the prod cluster" / "the production database").
  const unitTokens = new Set(contentTokens(changed.unit));
  const clipped = [...wordsA].filter(
    (w) => naming.has(w) && !unitTokens.has(w) && !wordsB.has(w) && clippedEitherWay(w, wordsB),
  );
  if (shared.length === 0 && clipped.length === 0) return null;
  if (otherModifier(a.giving, b.giving, new Set(shared))) return null;
  if (
    a.giving.some((s) => namesWhich(s, changed.older)) ||
    b.giving.some((s) => namesWhich(s, changed.newer))
  )
    return null;
  if (otherHolder("", [], older, b.giving, changed.newer)) return null;
  return saidOfAnother(older, b.giving, changed.newer) ? null : changed;
}

/**
 * `NO_OTHER_HOLDER`, named: the newer's number is said of a noun or name the older does not say
 * ("My daughter now takes 400 IU of vitamin D" holds her dose, not "I take 1,000 IU"'s; "Rory's
 * sister Mia is a size 9 now" holds Mia's, not "Rory's a size 11"'s) (`holderOf`).
 */
function saidOfAnother(
  older: string,
  newerGiving: readonly string[],
  newerValues: readonly string[],
): boolean {
  const olderWords = new Set(contentTokens(older));
  const holders = newerGiving.flatMap((s) => holderOf(s, newerValues));
  return !holders.every((w) => olderWords.has(w) || clippedEitherWay(w, olderWords));
}

/** What `sameMeasureChanged` reads of one side, given the unit and the numbers that changed. */
interface MeasureSide {
  /** The sentences that give the unit one of the numbers (`giving`). */
  giving: readonly string[];
  /** The content words of their nouns, names, verbs and adjectives: words that may name what is measured. */
  naming: readonly string[];
  /** The content words of their words whose lemma is the unit ("degrees" for "degree"). */
  unitSaid: readonly string[];
  /** Their content words that may say what is measured: no digit, three letters or more, no unit or rate word. */
  topic: readonly string[];
}

const sideOf = (text: string, unit: string, values: readonly string[]): MeasureSide =>
  sidesMemo(JSON.stringify([text, unit, values]));
const sidesMemo = boundedMemo((key: string): MeasureSide => {
  const [text, unit, values] = JSON.parse(key) as [string, string, string[]];
  const given = giving(text, unit, values);
  const words = given.flatMap((s) => tagged(s));
  return {
    giving: given,
    naming: words.filter((w) => NAMING.has(w.pos)).flatMap((w) => contentTokens(w.text)),
    unitSaid: words.filter((w) => w.lemma.toLowerCase() === unit).flatMap((w) => contentTokens(w.text)),
    topic: contentTokens(given.join(" ")).filter(
      (w) => !/\d/.test(w) && w.length >= 3 && !MEASURE_WORDS.has(w),
    ),
  };
}, 8_192);

/** The parts of speech that may name what is measured. */
const NAMING = new Set(["NOUN", "PROPN", "VERB", "ADJ"]);

/**
 * `CLIPPED` either way, inside one word: "prod" / "production", not "ledger-db" /
 * "ledger-db-replica" (a part joined on is another name).
 */
const clippedEitherWay = (word: string, words: ReadonlySet<string>) =>
  [...words].some((w) => {
    const [short, long] = w.length < word.length ? [w, word] : [word, w];
    return saysClipped(new Set([short]), long) && /\p{L}/u.test(long[short.length]!);
  });

/** An identifier ("notify-worker", "eu-west-1") or a gerund ("reporting"), whatever its tag. */
const NAME_LIKE = /[\p{L}\p{N}][-_.][\p{L}\p{N}]|\d|\p{L}{2,}ing$/iu;

/** Words that open a clause: a number's holder is read inside its own clause. */
const CLAUSE_OPENER = /^(?:so|and|but|because|after|before|when|while|since|although|though|once|if|then)$/i;

/**
 * The nouns and names a number in `sentence` is said of (content tokens): the noun phrase right
 * before the last verb ahead of the number, inside the number's clause (a comma, a semicolon or a
 * conjunction closes a clause: "The blood test showed I was low, so I'm taking 4,000 IU" holds
 * "I'm"). A pronoun names no noun; none when no verb is read before the number.
 */
function holderOf(sentence: string, values: readonly string[]): string[] {
  const words = tagged(sentence);
  const at = numberAt(sentence, words, values);
  if (at < 0) return [];
  const verb = verbBefore(sentence, words, at);
  if (verb < 0) return [];
  // Back over the verb chain ("started taking", "has been keeping") to the noun phrase before it.
  let i = verb - 1;
  while (i >= 0 && ["ADV", "AUX", "PART", "VERB"].includes(words[i]!.pos)) i--;
  // The noun phrase ends, going back, at its determiner: "in the trays the greenhouse sits" holds
  // "the greenhouse".
  // A name the tagger reads as a verb ("notify-worker", "the reporting sidecar") is a modifier here.
  const inPhrase = (w: TaggedWord) =>
    ["NOUN", "PROPN", "ADJ", "DET", "PRON", "X"].includes(w.pos) ||
    (w.pos === "VERB" && NAME_LIKE.test(w.text));
  const phrase: TaggedWord[] = [];
  while (i >= 0 && inPhrase(words[i]!)) {
    phrase.unshift(words[i]!);
    if (words[i--]!.pos === "DET") break;
  }
  return phrase
    .filter((w) => !["DET", "PRON", "ADJ"].includes(w.pos) && !SPEAKER_SUBJECT.test(w.text))
    .flatMap((w) => contentTokens(w.text));
}

/**
 * `NAMES_WHICH`: a number before its clause's first verb, with a verb after it, is part of the
 * subject: it names which thing ("The 2024 budget was 2 million", "Ticket #4412 is resolved"), not
 * what is measured of it.
 */
function namesWhich(sentence: string, values: readonly string[]): boolean {
  const words = tagged(sentence);
  const at = numberAt(sentence, words, values);
  if (at < 0 || verbBefore(sentence, words, at) >= 0) return false;
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    if (/[,;:]/.test(sentence.slice(words[i - 1]!.start + words[i - 1]!.text.length, w.start))) return false;
    if (w.pos === "VERB" || w.pos === "AUX") return true;
  }
  return false;
}

/** The index of the word that starts one of `values` in `sentence`, or -1. */
function numberAt(sentence: string, words: readonly TaggedWord[], values: readonly string[]): number {
  // A scaled amount ("₹5 lakh" is 500000) is found where it is written.
  const placed = placedMeasuresOf(sentence).filter((p) => values.includes(p.measure.value));
  return words.findIndex(
    (w) =>
      (w.pos === "NUM" || isClock(w.text)) &&
      (values.some((v) =>
        sentence.slice(w.start).replace(/,/g, "").toLowerCase().startsWith(v.replace(/^[-+]/, "")),
      ) ||
        placed.some((p) => p.from <= w.start && w.start < p.to)),
  );
}

/** The last verb before word `at` inside its clause (a comma, a semicolon or a conjunction closes one), or -1. */
function verbBefore(sentence: string, words: readonly TaggedWord[], at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const w = words[i]!;
    const next = words[i + 1]!;
    if (/[,;:]/.test(sentence.slice(w.start + w.text.length, next.start))) return -1;
    if (w.pos === "VERB" || w.pos === "AUX") return i;
    if (w.pos === "CCONJ" || w.pos === "SCONJ" || CLAUSE_OPENER.test(w.text)) return -1;
  }
  return -1;
}

/**
 * `ASKS_THE_OLDER`: `text` says one of `values` (numbers as `measuresOf` writes them: "1000",
 * "20.5", "two", "7:30pm", "-2.25"), as a word of its own or as a value it reads to the same
 * number ("$60k" says "60000", "one hundred and eighty dollars" says "180": values, not digits).
 *
 *   saysNumber("PostgreSQL 15 port 5432", ["15"])        // → true
 *   saysNumber("Is it still $60k?", ["60000"])          // → true
 *   saysNumber("What is our mortgage rate?", ["2.1"])   // → false
 */
export function saysNumber(text: string, values: readonly string[]): boolean {
  if (sentences(text).some((s) => placedMeasuresOf(s).some((m) => values.includes(m.measure.value))))
    return true;
  const words = text
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .split(/[\s"“”()?!;]+/)
    .map((w) =>
      w
        .replace(/^\p{Sc}|\p{Sc}$/gu, "")
        .replace(/[%.,:]+$/, "")
        .replace(/^−/u, "-"),
    );
  return values.some((v) => words.includes(v));
}

/** Words that narrow a noun to one kind of it, right before it: a noun, a name or an adjective. */
const MODIFIER = new Set(["NOUN", "PROPN", "ADJ"]);

/** A modifier, or a gerund used as one ("the reporting sidecar", "shipping frontend"). */
const modifies = (w: TaggedWord) =>
  MODIFIER.has(w.pos) || (w.pos === "VERB" && /\p{L}{2,}ing$/iu.test(w.text));

/**
 * The modifiers of each word of a sentence: for every word with a run of nouns, names and adjectives
 * right before it, the content words of that run ("staging media sidecar" before "rate"), by each of
 * the word's content words. Remembered: the same sentence is read for every pair it is in.
 */
const modifiersIn = boundedMemo((sentence: string): ReadonlyMap<string, ReadonlySet<string>> => {
  const byWord = new Map<string, Set<string>>();
  const words = tagged(sentence);
  for (let i = 1; i < words.length; i++) {
    // The whole run of modifiers before it ("staging media sidecar" before "rate").
    let j = i;
    while (j > 0 && modifies(words[j - 1]!)) j--;
    if (j === i) continue;
    for (const w of contentTokens(words[i]!.text)) {
      const set = byWord.get(w) ?? new Set<string>();
      for (const before of words.slice(j, i)) for (const m of contentTokens(before.text)) set.add(m);
      byWord.set(w, set);
    }
  }
  return byWord;
}, 8_192);

/**
 * `NO_OTHER_MODIFIER`: true when a word both sides say of what is asked is narrowed, by the run of
 * nouns, names and adjectives right before it, by a word on each side the other does not say —
 * "Staging media sidecar rate limit" / "Production reporting sidecar rate limit", "the sandbox media
 * dashboard" / "the sandbox ledger dashboard": two things of one kind, each with its own measure.
 * A modifier on one side only ("the new thermostat" / "the thermostat"), or one side's within the
 * other's ("the boiler pressure" / "the combi boiler pressure"), narrows nothing the other contradicts.
 */
function otherModifier(
  older: readonly string[],
  newer: readonly string[],
  asked: ReadonlySet<string>,
): boolean {
  // Each sentence's modifiers read once (`modifiersIn`), kept here for the words asked.
  const modifiers = (sentencesGiving: readonly string[]) => {
    const byWord = new Map<string, Set<string>>();
    for (const s of sentencesGiving)
      for (const [w, before] of modifiersIn(s)) {
        if (!asked.has(w)) continue;
        const set = byWord.get(w) ?? new Set<string>();
        for (const m of before) set.add(m);
        byWord.set(w, set);
      }
    return byWord;
  };
  const a = modifiers(older);
  const b = modifiers(newer);
  for (const [word, mine] of a) {
    const theirs = b.get(word);
    // Each side narrows it by a word the other does not say.
    if (!theirs) continue;
    // Said whole or clipped ("the prod cluster" / "the production cluster" is one modifier).
    const saidIn = (set: ReadonlySet<string>, m: string) =>
      set.has(m) || saysClipped(set, m) || clips(m, set);
    if ([...theirs].some((m) => !saidIn(mine, m)) && [...mine].some((m) => !saidIn(theirs, m))) return true;
  }
  return false;
}
