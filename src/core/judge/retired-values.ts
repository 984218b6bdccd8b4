/**
 * An update that retires the older statement's value by name: "My main hobby is rock climbing" /
 * "I gave up climbing and took up pottery", "I play a Fender Stratocaster" / "I sold the Strat and
 * picked up a Gibson", "I get my hair cut at Tony's" / "Since Tony retired I go to Sharp Lines".
 * The newer names the value the older holds — a word of the older's main clause, lower-case
 * included, or a clipped form of one of its names ("Strat" of "Stratocaster", "Merc" of
 * "Mercedes": a capitalised prefix of at least four letters) — in a clause that says that value
 * ended for the speaker. Read with the tagger (callers `await loadTagger()` first), in two ways:
 *
 * - *The speaker ends it*: a verb of ending whose subject is the speaker takes the value as its
 *   object ("I quit tennis", "I gave up climbing", "I sold my cello", "we traded in the Subaru",
 *   "I stopped drinking espresso", "I deleted Insta", "I broke up with Marco", "I've put the paints
 *   away": the particle after the object), or the value comes after "switched from" / "moved from" /
 *   "instead of", or "no longer" goes with the verb ("I no longer play the cello").
 *
 * The object names the value by its head, or, when its head is a general noun that says no thing of
 * its own ("place", "stuff", "one": `GENERAL_NOUNS`), by a modifier: "I left the insurance place"
 * retires Brightwell Insurance. A gerund value is named by its verb's word too ("painting" by
 * "paints": the same stem), and recall searches for those forms (`verbForms`).
 * - *The value itself ends*: it is the subject of a verb of ending that takes no object of its own
 *   ("the Birch Street garage closed", "Tony retired", "my Trek got stolen", "Marco and I broke up",
 *   "Jamal moved away",
 *   "Dr. Reyes closed her practice": its own).
 *
 * Not a retirement: another person's ("My sister gave up her Kindle", "Dana quit the food bank"),
 * another thing's ("I gave up sugar for Lent" against "My main hobby is baking"), a plan, wish or
 * refusal ("I'll never quit climbing", "I might sell the Strat", "I'd sell the Strat for the right
 * price"), or a mention ("I still think about
 * the Severance finale").
 *
 *   await loadTagger();
 *   retiredValue("I gave up climbing and took up pottery.", valuesOf("My main hobby is rock climbing."))
 *   // → { value: "climbing", said: "climbing", how: "give up" }
 */

import { boundedMemo } from "../bounded-memo.js";
import { alternationOf, calendarWords } from "../calendar-words.js";
import { adverbWords, NOW } from "../change-adverbs.js";
import { namedValues } from "../named-values.js";
import { contentTokens, SPEAKER_SUBJECT } from "../text.js";
import { analysisOf, mainClauseOf, possessorOf, wordsOf } from "./analysis.js";
import type { TaggedWord } from "./tagger.js";

/** A value of the older's, as written there ("climbing", "Stratocaster"). */
export interface OlderValue {
  word: string;
  /** Capitalised where it is written: a name, which may be said clipped ("Strat"). */
  name: boolean;
  /**
   * A common noun the older says only before another noun, as what kind its thing is ("delivery"
   * of "the Monday delivery slot"): a phrase of the newer headed by it names its own thing when a
   * noun of its own comes first ("stopped the paper delivery"), `ownModifier`.
   */
  modifier?: boolean;
  /**
   * A common noun the older says after a noun of its own phrase, which says its kind ("club" of "a
   * cycling club"): a phrase of the newer headed by it names another of that kind when a noun of its
   * own comes first ("the Foyles book club"), `ownModifier`, as for `modifier`.
   */
  modified?: boolean;
}

export interface Retirement {
  /** The older's value retired, as the older writes it. */
  value: string;
  /** How the newer names it ("climbing", "Strat"). */
  said: string;
  /** The verb that ends it, as a lemma with its particle ("give up", "sell", "close"). */
  how: string;
  /**
   * Where the newer says it: the index, in the newer's tagged words, of the verb (or "from", "of")
   * that ends it. `lastingEnd` reads the end's own clause from it; without it, the whole newer.
   */
  at?: number;
}

/**
 * Verbs (lemmas, with a particle where one belongs) by which a person ends a possession, an
 * activity, a membership or a relation: a closed class of English.
 */
const SPEAKER_ENDS = new Set(
  (
    "quit stop drop sell cancel delete ditch abandon leave lose retire " +
    "give_up trade_in get_rid break_up pack_in put_away"
  ).split(" "),
);

/** Verbs by which a thing, a place or a person stops being there for the speaker (intransitive uses). */
export const VALUE_ENDS = new Set(
  (
    "close retire quit leave die break end steal shut_down close_down break_up discontinue cancel " +
    // A person who moved away or out is no longer there for the speaker ("Jamal moved away").
    "move_away move_out " +
    // "The oil furnace is gone", "Stan's gone from the plant": `goneForGood`.
    "be_gone"
  ).split(" "),
);

/** After "gone", the words that leave it an absence, not a movement ("gone from the plant", "gone for good"). */
const GONE_AFTER = new RegExp(`^(?:from|${adverbWords(NOW).join("|")}|away|altogether|already)$`, "i");

/**
 * "Gone" as a state of absence that holds: after a form of "be" or "have" ("is gone", "Stan's gone",
 * "has gone"), at the clause's end or before "from", "now", "away" or "for good" — "The oil furnace
 * is gone", "Stan's gone from the plant". Not a movement or a change of level ("the rent has gone
 * up", "Dana's gone to Halifax", "she's gone for the weekend", "we've gone with Starlink", "the milk's
 * gone off"): those name where or how, not an end.
 */
function goneForGood(words: readonly TaggedWord[], i: number, text: string): boolean {
  const w = words[i]!;
  if (w.text.toLowerCase() !== "gone") return false;
  const before = words[i - 1];
  const copula =
    before !== undefined &&
    (/^(?:is|was|are|were|has|have|had|been)$/i.test(before.text) ||
      /\p{L}[’'](?:s|re|ve)$/iu.test(before.text));
  if (!copula) return false;
  const next = words[i + 1];
  if (next === undefined || CLAUSE_END.test(text.slice(w.start + w.text.length, next.start))) return true;
  if (GONE_AFTER.test(next.text)) return true;
  return next.text.toLowerCase() === "for" && words[i + 2]?.text.toLowerCase() === "good";
}

/** Verbs of moving a thing from one value to another ("we migrated every repo from X to Y"). */
const MOVES_FROM_TO = new Set(
  "move switch change migrate transfer upgrade downgrade convert shift port".split(" "),
);

/**
 * The lemma of a verb of moving said as done by the speaker whose clause holds "from" at `i` with
 * its object between and a "to" after the "from" phrase, within the clause: "we migrated every
 * repo from Bitbucket to GitLab", "I moved the photos over from Dropbox to iCloud". Not "I bought
 * it from Halfords" (no verb of moving), "I moved here from Denver" (no "to"), nor another person's.
 */
function movedFromTo(words: readonly TaggedWord[], i: number, text: string): string | null {
  const clauseEnd = (k: number) =>
    CLAUSE_END.test(text.slice(words[k]!.start + words[k]!.text.length, words[k + 1]!.start));
  let to = false;
  for (let k = i + 1; k < words.length && !clauseEnd(k - 1); k++)
    if (words[k]!.text.toLowerCase() === "to") {
      to = true;
      break;
    }
  if (!to) return null;
  for (let k = i - 1; k >= 0 && !clauseEnd(k); k--) {
    const w = words[k]!;
    if (w.pos !== "VERB") continue;
    return MOVES_FROM_TO.has(w.lemma) && speakerDid(words, k, text) ? w.lemma : null;
  }
  return null;
}

/** Prepositions after a change that name what it changed from ("switched from X", "instead of X"). */
const FROM = new Set(["switch from", "move from", "change from", "go from", "instead of"]);

const PARTICLES = new Set(["up", "in", "down", "off", "out", "away"]);

/** "I'll", "we'll": the speaker as the subject of a verb not yet done ("I'll sell the Strat next month"). */
const WILL = /[’']ll$/i;

/**
 * "I'd", "we'd": "I would" before a verb's base form ("I'd sell the Strat for the right price": not
 * done), "I had" before a participle ("I'd sold the Strat by then": done). A form that is both
 * ("I'd quit") is read as not done: a retirement needs the verb done.
 */
const WOULD_OR_HAD = /[’']d$/i;

/** Words between a subject and its verb that leave the subject the same ("I've just", "we finally"). */
const BETWEEN_SUBJECT_AND_VERB =
  /^(?:have|has|had|[’']ve|just|finally|recently|also|already|actually|eventually|then|both)$/i;

/** Before a verb: it is not (yet) done — a plan, wish, refusal or question. */
const NOT_DONE =
  /^(?:to|not|n't|never|without|will|won't|would|wouldn't|shall|should|can|can't|could|might|may|must|gonna|wanna|don't|didn't|do|does|did)$/i;

/** Ends a clause: another subject may begin after it. */
const CLAUSE_END = /[,;:.!?—–]/;

/** Verbs by which someone ends their own business: "closed her practice", "shut down his shop". */
const CLOSES_OWN = new Set(["close", "shut_down", "close_down"]);

/** The possessives that make an object the subject's own ("closed her practice"). */
const OWN = /^(?:his|her|their|its)$/i;

const nominal = (w: TaggedWord) => w.pos === "NOUN" || w.pos === "PROPN";
const gerund = (w: TaggedWord) => /ing$/i.test(w.text) && (w.pos === "VERB" || w.pos === "NOUN");

/**
 * The values the older states: the nouns, names and gerunds of its main clause (`mainClauseOf`:
 * "My main hobby is rock climbing, I boulder at the gym" → hobby, rock, climbing), and the names
 * it gives anywhere (`namedValues`: "I commute by bike, a blue Trek hybrid" → Trek).
 */
export const valuesOf: (older: string) => readonly OlderValue[] = (older) => values(older);
// The judge asks for each older's values once per pair it compares (its two retirement rules): remembered by text.
const values = boundedMemo(readValues, 4096);

function readValues(older: string): readonly OlderValue[] {
  const main = mainClauseOf(analysisOf(older));
  const words = wordsOf(analysisOf(older));
  const reporters = reportersOf(words);
  const out = new Map<string, OlderValue>();
  const add = (word: string, modifier: boolean, modified: boolean) => {
    if (reporters.has(word.split(/\s+/).at(-1)!.toLowerCase())) return;
    const had = out.get(word.toLowerCase());
    if (had) {
      // A head anywhere is a head: only a word said before a noun every time is a modifier, and
      // only a word said after one every time is modified.
      if (had.modifier && !modifier) delete had.modifier;
      if (had.modified && !modified) delete had.modified;
      return;
    }
    const name = /^\p{Lu}/u.test(word);
    out.set(word.toLowerCase(), {
      word,
      name,
      ...(modifier && !name ? { modifier } : {}),
      ...(modified && !name ? { modified } : {}),
    });
  };
  words.forEach((w, i) => {
    if ((nominal(w) || gerund(w)) && contentTokens(w.text).some((t) => main.has(t)))
      add(
        w.text.replace(/[’']s$/, ""),
        beforeNoun(words, i, older),
        i > 0 && beforeNoun(words, i - 1, older),
      );
  });
  for (const name of namedValues(older)) add(name, false, false);
  return [...out.values()];
}

/**
 * Verbs by which one reports what another says or thinks ("Rick says his new Volvo does 8.5 mpg",
 * "the nurse told me to cut back"): their subject is who said it, not a value of the statement.
 */
export const REPORTS = new Set(["say", "tell", "think", "reckon", "claim", "mention", "report"]);

/** The words (lower case) that are the subject of a verb of reporting, right before it ("Rick says"). */
function reportersOf(words: readonly TaggedWord[]): Set<string> {
  const out = new Set<string>();
  words.forEach((w, i) => {
    const before = words[i - 1];
    if (w.pos === "VERB" && REPORTS.has(w.lemma) && before && nominal(before))
      out.add(before.text.replace(/[’']s$/, "").toLowerCase());
  });
  return out;
}

/** A common noun right before another noun of the same phrase ("delivery" of "delivery slot"). */
function beforeNoun(words: readonly TaggedWord[], i: number, text: string): boolean {
  const w = words[i]!;
  const next = words[i + 1];
  return (
    w.pos === "NOUN" &&
    next !== undefined &&
    nominal(next) &&
    !/[’']s$/.test(w.text) &&
    !CLAUSE_END.test(text.slice(w.start + w.text.length, next.start))
  );
}

/** True when `said` names `value`: the same word (stemmed), or a clipped form of a name (Strat, Stratocaster). */
export function namesValue(said: string, value: OlderValue): boolean {
  const [a, b] = [contentTokens(said), contentTokens(value.word)];
  if (a.length > 0 && a.length === b.length && a.every((t, i) => t === b[i])) return true;
  const s = said.replace(/[’']s$/, "");
  return (
    value.name &&
    /^\p{Lu}/u.test(s) &&
    s.length >= 4 &&
    s.length < value.word.length &&
    value.word.toLowerCase().startsWith(s.toLowerCase())
  );
}

/**
 * The forms a text search finds a value's verb by, for a gerund that is no name: the stem and its
 * third person ("painting" → paint, paints: "I've put the paints away"); none otherwise. `namesValue`
 * reads them as the value (the same stem).
 */
export function verbForms(value: OlderValue): string[] {
  if (value.name || !/^\p{L}{5,}ing$/iu.test(value.word)) return [];
  const stem = contentTokens(value.word)[0];
  if (!stem || stem.length < 3 || stem === value.word.toLowerCase()) return [];
  return [stem, /(?:s|x|z|ch|sh)$/.test(stem) ? `${stem}es` : `${stem}s`];
}

/**
 * The clipped forms a name may be said in, for a text search to find them: its prefixes of four
 * letters or more, shorter than the name ("Stratocaster" → strat, strato, …; "Mercedes" → merc, …).
 */
export function clippings(value: OlderValue): string[] {
  if (!value.name || !/^\p{L}+$/u.test(value.word)) return [];
  const lower = value.word.toLowerCase();
  const out: string[] = [];
  for (let n = 4; n < lower.length; n++) out.push(lower.slice(0, n));
  return out;
}

/** The verb at `i` with its particle, as a key of the sets above ("give_up"), or its lemma. */
function verbKey(words: readonly TaggedWord[], i: number): { key: string; next: number } {
  const w = words[i]!;
  const p = words[i + 1]?.text.toLowerCase();
  if (p === "rid" && w.lemma === "get") return { key: "get_rid", next: i + 3 };
  if (p && PARTICLES.has(p)) return { key: `${w.lemma}_${p}`, next: i + 2 };
  return { key: w.lemma, next: i + 1 };
}

/** True when the verb at `i` is said as done by the speaker (its subject I/we, or a chat's dropped "I"). */
function speakerDid(words: readonly TaggedWord[], i: number, text: string): boolean {
  let j = i - 1;
  const w = words[i]!;
  while (j >= 0 && BETWEEN_SUBJECT_AND_VERB.test(words[j]!.text)) j--;
  const subject = words[j];
  if (j >= 0 && NOT_DONE.test(subject!.text)) return false;
  if (words.slice(Math.max(0, j - 1), i).some((x) => NOT_DONE.test(x.text))) return false;
  // "Sold my cello last month": a chat's first person, the subject dropped at the sentence start.
  if (subject === undefined) return w.text.toLowerCase() !== w.lemma;
  if (SPEAKER_SUBJECT.test(subject.text))
    return !WILL.test(subject.text) && !(WOULD_OR_HAD.test(subject.text) && w.text.toLowerCase() === w.lemma);
  // "I sold the Strat and picked up a Gibson": the second verb shares the first's subject.
  if (
    subject.text.toLowerCase() === "and" &&
    !CLAUSE_END.test(text.slice(subject.start - 2, subject.start))
  ) {
    for (let k = j - 1; k >= 0; k--) {
      if (CLAUSE_END.test(text.slice(words[k]!.start + words[k]!.text.length, words[k + 1]!.start))) break;
      if (words[k]!.pos === "VERB") return speakerDid(words, k, text);
    }
  }
  return false;
}

/** The words of the noun phrase from `i`: determiners, possessives, adjectives, numbers, nouns and names. */
function phraseFrom(words: readonly TaggedWord[], i: number, text: string): TaggedWord[] {
  const out: TaggedWord[] = [];
  // One gerund of the activity first: "stopped drinking espresso", "quit playing tennis".
  if (words[i] && words[i]!.pos === "VERB" && gerund(words[i]!) && words[i + 1] && !nominal(words[i]!)) {
    out.push(words[i]!);
    i++;
  }
  const lead = out.length;
  // "gave up climbing last year": a time phrase after the gerund says when, not what (`timePhraseAt`);
  // "gave up climbing, my physio …": a mark after it ends the phrase.
  if (
    lead > 0 &&
    (timePhraseAt(words, i) ||
      CLAUSE_END.test(text.slice(words[i - 1]!.start + words[i - 1]!.text.length, words[i]!.start)))
  )
    return out;
  for (let k = i; k < words.length; k++) {
    const w = words[k]!;
    if (k > i && CLAUSE_END.test(text.slice(words[k - 1]!.start + words[k - 1]!.text.length, w.start))) break;
    const noun = nominal(w) || gerund(w);
    // After its noun, a determiner or adjective begins another phrase ("my cello last month").
    if (noun) out.push(w);
    else if (
      !out.slice(lead).some((x) => nominal(x) || gerund(x)) &&
      (["DET", "ADJ", "NUM"].includes(w.pos) || /^(?:my|our)$/i.test(w.text))
    )
      out.push(w);
    else break;
  }
  return out;
}

/** Nouns of a stretch of calendar time ("year", "spring", "weekend", "June", "Monday"), singular or plural. */
const TIME_NOUN = new RegExp(
  `^(?:year|month|week|weekend|day|night|morning|evening|afternoon|season|term|semester|${alternationOf(calendarWords({ months: "names", weekdays: "names", seasons: true }))})s?$`,
  "i",
);

/** Words that point a stretch of time back from or at now ("last year", "this spring"). */
const TIME_DEICTIC = /^(?:last|this|past)$/i;

/** Words that count a stretch of time, which "ago" or "back" then places before now ("a year ago"). */
const TIME_COUNT = /^(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple|several|\d+)$/i;

/**
 * True when a time phrase that says when begins at `i`: "last year", "this spring", "the past
 * month", "a year ago", "two weeks back", "yesterday". Not a possessive ("this year's Bake Off":
 * a thing), nor a count with no "ago" or "back" ("a year of lessons"), nor "next year" (an end to
 * come, read by `lastingEnd`: left in the phrase, so nothing reads as retired there).
 */
export function timePhraseAt(words: readonly TaggedWord[], i: number): boolean {
  const first = words[i]?.text.toLowerCase();
  if (first === undefined) return false;
  if (first === "yesterday") return true;
  let k = first === "the" && TIME_DEICTIC.test(words[i + 1]?.text ?? "") ? i + 1 : i;
  const at = words[k]!.text;
  const deictic = TIME_DEICTIC.test(at);
  if (!deictic && !TIME_COUNT.test(at)) return false;
  k++;
  // "a few weeks ago", "a couple of months back".
  while (k < words.length && /^(?:few|couple|of)$/i.test(words[k]!.text)) k++;
  const noun = words[k]?.text;
  if (noun === undefined || !TIME_NOUN.test(noun)) return false;
  if (deictic) return true;
  return /^(?:ago|back)$/i.test(words[k + 1]?.text ?? "");
}

/**
 * General nouns (Halliday and Hasan's class, the inanimate ones, and the pro-form "one"): a head
 * that says no thing of its own, so its modifiers say which thing — "I left the insurance place"
 * names Brightwell Insurance, "I sold the climbing stuff" climbing; "I sold the climbing shoes"
 * names shoes, not climbing.
 */
const GENERAL_NOUNS = new Set(["place", "thing", "things", "stuff", "business", "one", "lot"]);

/**
 * The verb's particle said after its object ("put the paints away", "gave the car up"), as a key of
 * `SPEAKER_ENDS` ("put_away"), when the word at `at` is one.
 */
function separatedParticle(words: readonly TaggedWord[], verb: TaggedWord, at: number): string | null {
  const p = words[at]?.text.toLowerCase();
  if (p === undefined || at === words.indexOf(verb) + 1) return null;
  const key = `${verb.lemma}_${p}`;
  return SPEAKER_ENDS.has(key) ? key : null;
}

/** The head of a noun phrase: its last noun, name or gerund. */
const headOf = (phrase: readonly TaggedWord[]): TaggedWord | undefined =>
  phrase.filter((w) => nominal(w) || gerund(w)).at(-1);

/** What a verb read as an "-ed" adjective is the participle of ("retired" → retire, "closed" → close). */
const participleLemmas = (w: TaggedWord): string[] =>
  w.pos === "ADJ" ? [w.text.toLowerCase().slice(0, -1), w.text.toLowerCase().slice(0, -2)] : [w.lemma];

/** An object a verb takes: a noun phrase, or a pronoun that is not a clause's subject ("I've", "we"). */
const OBJECT_PRONOUN = /^(?:me|him|us|them|it|this|that|my|our|your|his|her|their|its)$/i;

/** A present form of "be" before a participle: a state or a habit ("is closed on Sundays"), no end. */
const PRESENT_BE = /^(?:is|are|am)$/i;

/** Auxiliaries between a subject and a passive or perfect verb of ending ("got stolen", "has closed"). */
const AUXILIARY =
  /^(?:got|get|gets|was|were|is|are|been|be|has|had|have|just|finally|recently|permanently)$/i;

/**
 * A subject another holds: a possessive before its head that the older does not name ("My mum's GP
 * retired" against "My GP is Dr. Whitfield", "her shop closed"). "Dana's dog died" against "Dana's
 * dog is Rex" is the older's own holder.
 */
function anothersPhrase(phrase: readonly TaggedWord[], values: readonly OlderValue[]): boolean {
  const head = headOf(phrase);
  return phrase.some((w) => {
    if (w === head) return false;
    if (/^(?:his|her|their)$/i.test(w.text)) return true;
    const holder = possessorOf(w.text);
    return holder !== null && !values.some((v) => namesValue(holder, v));
  });
}

/**
 * A noun of the newer's phrase before its head that names none of the older's values: the head is
 * another thing of that kind ("the paper delivery" against "the Monday delivery slot").
 */
function ownModifier(
  phrase: readonly TaggedWord[],
  head: TaggedWord,
  values: readonly OlderValue[],
): boolean {
  return phrase
    .slice(0, phrase.indexOf(head))
    .some((w) => nominal(w) && !values.some((v) => namesValue(w.text, v)));
}

/** A first-person word anywhere: "us" of "Work made us use Mullvad", "i'm" of "the one i'm on". */
const FIRST_PERSON = /^(?:i|me|my|mine|we|us|our|ours)(?:[’'](?:m|re|ve|d|ll|s))?$/i;

/**
 * "Instead" said of another's doing: the subject of its clause's first verb is someone else and no
 * first person comes between that verb and "instead" ("My flatmate started taking the 38 bus instead
 * of cycling"). A change done to the speaker is theirs ("Work made us use Mullvad instead of Nord",
 * "she decided the one i'm on should be Fostair now instead of the brown one"), as is a chat's
 * dropped "I".
 */
function anothersInstead(words: readonly TaggedWord[], instead: number, text: string): boolean {
  let start = instead;
  while (
    start > 0 &&
    !CLAUSE_END.test(text.slice(words[start - 1]!.start + words[start - 1]!.text.length, words[start]!.start))
  )
    start--;
  const verb = words.findIndex((w, k) => k >= start && k < instead && (w.pos === "VERB" || w.pos === "AUX"));
  if (verb < 0) return false;
  const subject = words.slice(start, verb);
  if (subject.length === 0 || subject.some((w) => SPEAKER_SUBJECT.test(w.text))) return false;
  return !words.slice(verb, instead).some((w) => FIRST_PERSON.test(w.text));
}

/** The newer's retirement of one of the older's values, or null (see the module's comment). */
export function retiredValue(newer: string, values: readonly OlderValue[]): Retirement | null {
  if (values.length === 0) return null;
  const words = wordsOf(analysisOf(newer));
  // Only a phrase's head names what ended: "the bakery on Birch Street closed" is the bakery, "I quit
  // the Clapham gym" the gym (its last noun before a preposition).
  // A general noun ("the insurance place", "the climbing stuff") says its thing by its modifiers: a
  // modifier naming the value names it (`GENERAL_NOUNS`).
  const named = (phrase: readonly TaggedWord[]) => {
    const head = headOf(phrase);
    if (head === undefined) return null;
    const said = GENERAL_NOUNS.has(head.text.toLowerCase())
      ? phrase.filter((x) => x !== head && (nominal(x) || gerund(x)))
      : [head];
    for (const x of said)
      for (const v of values)
        if (namesValue(x.text, v) && !((v.modifier || v.modified) && ownModifier(phrase, x, values)))
          return { value: v.word, said: x.text.replace(/[’']s$/, "") };
    return null;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const lower = w.text.toLowerCase();
    // "…instead of climbing", "switched from Sublime to Neovim".
    if (lower === "of" || lower === "from") {
      const head = lower === "of" ? words[i - 1]?.text.toLowerCase() : words[i - 1]?.lemma;
      const key = `${head} ${lower}`;
      if (
        FROM.has(key) &&
        (lower === "of" ? !anothersInstead(words, i - 1, newer) : speakerDid(words, i - 1, newer))
      ) {
        const hit = named(phraseFrom(words, i + 1, newer));
        if (hit) return { ...hit, how: key, at: i };
      }
      // "We migrated every repo from Bitbucket to GitLab": a verb of moving said by the speaker, its
      // object between, and "from X" then "to Y" in the same clause.
      const moved = lower === "from" ? movedFromTo(words, i, newer) : null;
      if (moved) {
        const hit = named(phraseFrom(words, i + 1, newer));
        if (hit) return { ...hit, how: `${moved} from`, at: i };
      }
      continue;
    }
    if (
      w.pos !== "VERB" &&
      !(w.pos === "ADJ" && /ed$/.test(lower)) &&
      !/^(?:stolen|broken|closed|gone)$/.test(lower)
    )
      continue;
    const { key: verb, next } = verbKey(words, i);
    const key = goneForGood(words, i, newer)
      ? "be_gone"
      : ([verb, ...participleLemmas(w)].find((k) => SPEAKER_ENDS.has(k) || VALUE_ENDS.has(k)) ?? verb);
    const noLonger =
      words[i - 1]?.text.toLowerCase() === "longer" && words[i - 2]?.text.toLowerCase() === "no";
    // The speaker ends it: the value in what the verb takes ("gave up climbing", "broke up with Marco"),
    // or between the verb and its particle ("I've put the paints away", "gave the car up").
    const from = words[next]?.text.toLowerCase() === "with" ? next + 1 : next;
    const taken = phraseFrom(words, from, newer);
    const split = separatedParticle(words, w, from + taken.length);
    const ends = SPEAKER_ENDS.has(key) ? key : split;
    if ((ends || noLonger) && (noLonger || speakerDid(words, i, newer))) {
      const hit = named(taken);
      if (hit) return { ...hit, how: (ends ?? key).replace("_", " "), at: i };
    }
    // The value ends: it is the subject, and the verb takes nothing but the subject's own.
    if (VALUE_ENDS.has(key)) {
      // A particle read with the verb but not part of the end ("retired in June": `retire_in` is no
      // verb of ending, "retire" is) leaves what follows the verb its own: "in June" is no object.
      const object = words[key === verb ? next : i + 1];
      const intransitive =
        object === undefined ||
        CLAUSE_END.test(newer.slice(w.start + w.text.length, object.start)) ||
        !(nominal(object) || object.pos === "DET" || OBJECT_PRONOUN.test(object.text)) ||
        // "Dr. Reyes closed her practice": closing one's own business ends it ("Dana quit her job" ends the job).
        (OWN.test(object.text) && CLOSES_OWN.has(key));
      if (!intransitive) continue;
      let k = i - 1;
      while (k >= 0 && AUXILIARY.test(words[k]!.text)) k--;
      if (k >= 0 && NOT_DONE.test(words[k]!.text)) continue;
      // "Support is closed on public holidays", "Tickets are closed after 14 days": a present passive
      // says a state or a habit, not an end that came ("the garage closed", "has closed", "got stolen").
      if (key !== "be_gone" && words.slice(k + 1, i).some((a) => PRESENT_BE.test(a.text))) continue;
      const subject: TaggedWord[] = [];
      for (; k >= 0; k--) {
        const s = words[k]!;
        if (CLAUSE_END.test(newer.slice(s.start + s.text.length, words[k + 1]!.start))) break;
        if (
          s.pos === "VERB" ||
          s.pos === "SCONJ" ||
          /^(?:since|because|when|so|but|after|once)$/i.test(s.text)
        )
          break;
        subject.unshift(s);
      }
      // Each conjunct's head ("Marco and I broke up"), before any preposition ("the bakery on Birch Street").
      const conjuncts: TaggedWord[][] = [[]];
      for (const s of subject) {
        if (s.pos === "CCONJ") conjuncts.push([]);
        else conjuncts.at(-1)!.push(s);
      }
      for (const c of conjuncts) {
        const ends = c.findIndex((s) => s.pos === "ADP");
        const phrase = ends < 0 ? c : c.slice(0, ends);
        if (anothersPhrase(phrase, values)) continue;
        const hit = named(phrase);
        if (hit) return { ...hit, how: key.replace("_", " "), at: i };
      }
    }
  }
  return null;
}

/**
 * Words of a clause that make its value one of several the speaker has: a list ("guitar and
 * piano", "plus"), an addition ("also", "too", "another", "as well"), a part ("one of", "among",
 * "including"), a number of them ("two bikes").
 */
const SEVERAL =
  /^(?:also|too|another|both|either|plus|among|including|include|includes|other|others|several|various|well)$/i;

/** A present copula: a role that holds now ("is"), not one that held ("was": a past fact stays true). */
const ROLE_NOW = /^(?:is|are|[’']s)$/i;

/**
 * True when the older states `value` as the one value of a slot of the speaker's: in one clause
 * (bounded by punctuation or a subordinating conjunction) with no list, addition, part or number
 * (`SEVERAL`), held by the speaker — the clause's subject is "I" or "we" and the value comes after
 * the verb with no preposition between ("I use Firefox", "We use mongo for the orders db"), or a
 * slot of the speaker's is said to be it ("My manager is Helen", "my gym membership is at
 * FitZone"), or a role named with "the" is said to be held now by a named person ("the shipper at
 * the chicken plant is Stan Mazur": one person holds it). Not "I play guitar and piano", "I also play the cello", "I have two bikes", "My
 * sister plays the cello", "My sister's car is a Golf", "I get my hair cut at Tony's" (the value
 * after a preposition: a circumstance), "The house heats with an oil furnace" (no holder said).
 *
 *   await loadTagger();
 *   soleValueOf("My main hobby is rock climbing.", "climbing") // → true
 */
export function soleValueOf(older: string, value: string): boolean {
  const sole = soleClauseOf(older, value);
  if (sole === null) return false;
  const clause = sole.words;
  const verb = clause.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb < 0) return false;
  const subject = clause.slice(0, verb);
  const value_ = sole.at;
  if (subject.length > 0 && subject.every((w) => SPEAKER_SUBJECT.test(w.text)))
    return value_ > verb && !clause.slice(verb + 1, value_).some((w) => w.pos === "ADP");
  const copula = clause[verb]!.lemma === "be";
  const ownsNoName = !subject.some((w) => w.pos === "PROPN" || /[’']s$/.test(w.text));
  // "the shipper at the chicken plant is Stan Mazur": a role held now by one named person (`ROLE_NOW`).
  const role =
    subject.length > 0 &&
    /^the$/i.test(subject[0]!.text) &&
    ownsNoName &&
    ROLE_NOW.test(clause[verb]!.text) &&
    clause[value_]?.pos === "PROPN";
  const mine = subject.length > 0 && (/^(?:my|our)$/i.test(subject[0]!.text) || role) && ownsNoName;
  // "My manager is Helen", "my gym membership is at FitZone": a preposition right after "is" is the value's.
  const between = clause.slice(verb + 1, Math.max(verb + 1, value_));
  return copula && mine && !between.slice(between[0]?.pos === "ADP" ? 1 : 0).some((w) => w.pos === "ADP");
}

/** Words that say the end is reported by another, not the speaker's own account ("apparently"). */
const HEARSAY = /\b(?:apparently|supposedly|allegedly|reportedly|rumou?r(?:ed|s)?)\b/i;
const HEARS = new Set([...REPORTS, "hear", "read"]);

/** An end said to last only a while ("while my wrist heals", "for now", "until spring", "on hold"). */
const FOR_A_WHILE =
  /\b(?:while|until|till|til|temporarily|for now|for the (?:time being|moment|winter|summer|season)|for a (?:while|bit|few|couple|month|week|year)|for (?:a few|two|three|several|\d+) (?:days|weeks|months)|on hold|on pause|a break)\b/i;

/** A return to come ("back next spring", "back when it heals"): wherever it is said, the end may be a pause. */
const BACK_LATER = /\bback (?:in|next|after|when|once)\b/i;

/** An end still to come ("next month", "going to", "planning to"). */
const TO_COME =
  /\b(?:next|soon|tomorrow|going to|gonna|about to|planning|thinking (?:of|about)|want to|wanna|considering|by the end of)\b/i;

/** Before the retired value's head: only a part of what the older holds ("a bike", "one of my bikes"). */
const A_PART = /^(?:a|an|one|another|other|some|any|either|each|half)$/i;

/** A third person named or said as "he", "she", "they": the subject of a clause of another's doing or saying. */
const THIRD_PERSON = /^(?:he|she|they)$/i;

/** One stretch of the newer between punctuation marks: its words' indices, first to last. */
interface Stretch {
  from: number;
  to: number;
}

/** The newer's stretches between punctuation marks (`CLAUSE_END`). */
function stretchesOf(words: readonly TaggedWord[], text: string): Stretch[] {
  const out: Stretch[] = [];
  let from = 0;
  for (let k = 0; k < words.length; k++) {
    const next = words[k + 1];
    if (
      next === undefined ||
      CLAUSE_END.test(text.slice(words[k]!.start + words[k]!.text.length, next.start))
    ) {
      out.push({ from, to: k });
      from = k + 1;
    }
  }
  return out;
}

/**
 * The verb of a clause of its own whose subject is another person, by name or as "he", "she",
 * "they", opening the stretch ("Shelley got the heat pump put in while i was out", "she says it's
 * already cheaper"), or -1: a clause that says what another did or says, not how long the
 * speaker's end lasts. Not a clause of the speaker's ("I'm renting one for now"), of a thing ("the
 * gym is closed until March") or one that points back ("it's just for now").
 */
function anothersClauseVerb(words: readonly TaggedWord[], s: Stretch): number {
  let k = s.from;
  if (words[k]?.pos === "CCONJ") k++;
  const first = words[k];
  if (first === undefined) return -1;
  if (first.pos === "PROPN") while (words[k + 1]?.pos === "PROPN" && k + 1 <= s.to) k++;
  else if (!(first.pos === "PRON" && THIRD_PERSON.test(first.text))) return -1;
  const verb = words[k + 1];
  return k + 1 <= s.to && verb !== undefined && (verb.pos === "VERB" || verb.pos === "AUX") ? k + 1 : -1;
}

/**
 * True when the newer's retirement (`retiredValue`) ends the value for good and as the speaker's
 * own account: not reported by another ("Dana says …", "I heard Tony retired", "apparently"), not
 * for a while ("I've stopped climbing while my wrist heals", "for now"), not still to come ("next
 * month", "going to"), and not a part of it ("I sold one of my bikes", "I sold a bike").
 *
 * A mark of a pause, an end to come or a report is read in the end's own clause (`Retirement.at`):
 * one said in a clause of its own whose subject is another person — before the end ("Shelley got
 * the heat pump put in while I was away, the oil furnace is gone"), or a report with its own
 * content ("…, she says it's already cheaper") — says when or what that person did or says, not how
 * long the end lasts. Anywhere else it still counts: after the end ("I quit climbing, Dana says
 * it's just until spring"), a report with no content of its own ("the furnace is gone, she says"),
 * a clause of the speaker's or a thing's, a phrase with no clause ("…, for now"), "apparently", a
 * return ("back next spring").
 *
 *   await loadTagger();
 *   lastingEnd("ditched firefox last week, all chrome now", { value: "Firefox", said: "firefox", how: "ditch" }) // → true
 */
export function lastingEnd(newer: string, retired: Retirement): boolean {
  if (HEARSAY.test(newer) || BACK_LATER.test(newer)) return false;
  const words = wordsOf(analysisOf(newer));
  const stretches =
    retired.at === undefined ? [{ from: 0, to: words.length - 1 }] : stretchesOf(words, newer);
  const own = stretches.findIndex(
    (s) => retired.at !== undefined && s.from <= retired.at && retired.at <= s.to,
  );
  const text = (s: Stretch) =>
    words.length === 0
      ? newer
      : newer.slice(words[s.from]!.start, words[s.to]!.start + words[s.to]!.text.length);
  const blocks = stretches.some((s, n) => {
    const verb = n === own || retired.at === undefined ? -1 : anothersClauseVerb(words, s);
    const reports = words.slice(s.from, s.to + 1).some((w) => w.pos === "VERB" && HEARS.has(w.lemma));
    const marks = FOR_A_WHILE.test(text(s)) || TO_COME.test(text(s));
    if (verb < 0) return reports || marks;
    // Another's clause: a report with content of its own, and before the end a pause or plan of theirs.
    const bare = reports && (words[verb]!.pos !== "VERB" || !HEARS.has(words[verb]!.lemma) || verb === s.to);
    return bare || (marks && n > own);
  });
  if (blocks) return false;
  const said = retired.said.toLowerCase();
  return !words.some((w, k) => {
    if (w.text.replace(/[’']s$/, "").toLowerCase() !== said) return false;
    if (words[k + 1]?.text.toLowerCase() === "of") return true;
    for (let j = k - 1; j >= 0; j--) {
      const x = words[j]!;
      if (x.pos === "NUM" || A_PART.test(x.text)) return true;
      if (x.text.toLowerCase() === "of" && j > 0 && A_PART.test(words[j - 1]!.text)) return true;
      if (!["ADJ", "NOUN", "PROPN", "DET", "PRON", "ADP"].includes(x.pos) || x.pos === "ADP") break;
    }
    return false;
  });
}

/** The prepositions of a place a habit of the speaker's is done at or got from ("at Tony's", "from Luigi's"). */
const VENUE_PREPOSITION = /^(?:at|from)$/i;

/** The verbs by which a business ends (`retiredValue`'s `how`): "Tony's closed down", "Iron Temple shut down". */
const BUSINESS_ENDS = new Set(["close", "close down", "shut down"]);

/**
 * True when the older states `value` as the one place a habit of the speaker's is done at or got
 * from: in one clause (as `soleValueOf` bounds it) with no list, addition, part or number, its
 * subject "I" or "we", and the value in the phrase right after "at" or "from", after the verb
 * ("I get my hair cut at Tony's", "We order pizza from Luigi's on Fridays", "I buy my bread at the
 * bakery on Birch Street"). Not "I buy bread at the bakery and the market" (a list), "My sister gets
 * her hair cut at Tony's" (another's), "I commute by bike" (a means, not a place), "Tony cuts my
 * hair" (the value is the subject).
 *
 *   await loadTagger();
 *   soleVenueOf("I get my hair cut at Tony's.", "Tony") // → true
 */
export function soleVenueOf(older: string, value: string): boolean {
  const clause = soleClauseOf(older, value);
  if (clause === null) return false;
  const { words, at } = clause;
  const verb = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb < 0 || verb > at) return false;
  const subject = words.slice(0, verb);
  if (subject.length === 0 || !subject.every((w) => SPEAKER_SUBJECT.test(w.text))) return false;
  let k = at - 1;
  while (k > verb && ["DET", "ADJ", "NOUN", "PROPN"].includes(words[k]!.pos)) k--;
  return k > verb && VENUE_PREPOSITION.test(words[k]!.text);
}

/** The clause of the older that holds `value`, and its place there, when it lists nothing (see `soleValueOf`). */
function soleClauseOf(older: string, value: string): { words: TaggedWord[]; at: number } | null {
  const words = wordsOf(analysisOf(older));
  const last = value.split(/\s+/).at(-1)!.toLowerCase();
  const at = words.findIndex((w) => w.text.replace(/[’']s$/, "").toLowerCase() === last);
  if (at < 0) return null;
  const boundary = (k: number) =>
    CLAUSE_END.test(older.slice(words[k]!.start + words[k]!.text.length, words[k + 1]!.start));
  let from = at;
  while (from > 0 && !boundary(from - 1) && words[from - 1]!.pos !== "SCONJ") from--;
  let to = at;
  while (to < words.length - 1 && !boundary(to) && words[to + 1]!.pos !== "SCONJ") to++;
  const clause = words.slice(from, to + 1);
  const several = clause.some(
    (w, k) =>
      w.pos === "CCONJ" ||
      w.pos === "NUM" ||
      SEVERAL.test(w.text) ||
      (/^(?:one|some|any|each|most|all)$/i.test(w.text) && clause[k + 1]?.text.toLowerCase() === "of"),
  );
  return several ? null : { words: clause, at: at - from };
}

/**
 * True when the newer's retirement (`retiredValue`) is a business closing for good, said of the
 * very place the older names: a verb of a business ending (`BUSINESS_ENDS`) said as lasting — with
 * "down" ("Tony's closed down"), "for good" or "permanently", after "has"/"have"/"had" ("the bakery
 * has closed"), or before a time phrase in the past ("closed last spring", "shut a year ago") — in
 * an end `lastingEnd` reads as the speaker's own and for good, and with no noun before the place's
 * name in its phrase that names another thing ("the Elm Road bakery closed down" against "the
 * bakery on Birch Street"). Not "The leisure centre closed for refurbishment", "Tony's closed
 * today" or a bare "The bakery closed" (a closing that may be for a while: left unsure), nor "I
 * heard Tony's closed down" (a report).
 *
 *   await loadTagger();
 *   closedForGood("Tony's closed down, I go to Sharp Cuts now.", { value: "Tony", said: "Tony", how: "close down" }, valuesOf("I get my hair cut at Tony's.")) // → true
 */
export function closedForGood(newer: string, retired: Retirement, values: readonly OlderValue[]): boolean {
  if (!BUSINESS_ENDS.has(retired.how) || !lastingEnd(newer, retired)) return false;
  const words = wordsOf(analysisOf(newer));
  const said = retired.said.toLowerCase();
  const at = words.findIndex((w) => w.text.replace(/[’']s$/, "").toLowerCase() === said);
  if (at < 0) return false;
  for (let k = at - 1; k >= 0 && ["NOUN", "PROPN", "ADJ"].includes(words[k]!.pos); k--)
    if (nominal(words[k]!) && !values.some((v) => namesValue(words[k]!.text, v))) return false;
  const verb = words.findIndex(
    (w, k) => k > at && (w.lemma === "close" || w.lemma === "shut" || /^(?:closed|shut)$/i.test(w.text)),
  );
  if (verb < 0) return false;
  const after = words.slice(verb + 1, verb + 3).map((w) => w.text.toLowerCase());
  if (after[0] === "permanently" || (after[0] === "for" && after[1] === "good")) return true;
  // "closed for refurbishment", "shut down over Christmas", "closed early today": for a while.
  if (after.some((w) => /^(?:for|over|during|on|today|tonight|early|temporarily)$/.test(w))) return false;
  if (retired.how !== "close") return true;
  const before = words[verb - 1]?.text ?? "";
  if (/^(?:has|have|had)$/i.test(before) || /[’'](?:ve|d)$/i.test(before)) return true;
  return (
    /^(?:last|past)$/i.test(words[verb + 1]?.text ?? "") ||
    (timePhraseAt(words, verb + 1) && !/^this$/i.test(words[verb + 1]!.text))
  );
}

/**
 * Verbs of a relation between people or of a feeling, knowing or having (English's stative verbs,
 * and keeping in touch): "Tony likes my cooking", "Tony owes me money", "Tony calls my mum on
 * Sundays". A retirement ends a person's work, not these.
 */
const RELATION_VERBS = new Set(
  (
    "like love hate prefer want need know remember miss owe own have enjoy admire trust mind " +
    "call phone text email visit see meet ring write"
  ).split(" "),
);

/** Words of a newer that say the habit goes on in some form ("still", "but", "only", "part-time"). */
const GOES_ON = /\b(?:still|but|though|although|except|only|anyway|part[- ]time|semi)\b/i;

/** The doer's verb in the older: a present habit said of one person ("cuts", "does", "fixes"). */
interface Doing {
  /** The verb's lemma ("cut", "do"): the tagger may read it as a noun ("Tony cuts my hair"). */
  verb: string;
  /** The thing done is the speaker's own ("my hair", "our car"), not the speaker ("me") or another's. */
  ownThing: boolean;
}

/**
 * How the older states `value`, a named person, as the one doer of a habit of theirs for the
 * speaker: the clause's subject is that name alone (no list of doers, no "also"), its verb says a
 * present habit (a third-person "-s" form: "cuts", "does", "fixes"), and the first word after it (or
 * after one preposition: "looks after our dog") is the speaker — "my", "our", "me", "us" ("Tony cuts
 * my hair", "Patti Leblanc does my taxes and the quarterly HST": a list of what she does leaves
 * her the one who does it). Null otherwise: "Tony and Sal cut my hair", "Tony also cuts my hair",
 * "Tony cut my hair" (an event), "Tony cuts Dana's hair" (another's), "I get my hair cut at Tony's"
 * (the name is no subject), "The barber is Tony".
 *
 *   await loadTagger();
 *   doingOf("Tony cuts my hair.", "Tony") // → { verb: "cut", ownThing: true }
 */
export function doingOf(older: string, value: string): Doing | null {
  const words = wordsOf(analysisOf(older));
  const name = value.split(/\s+/);
  let k = 0;
  while (k < words.length && words[k]!.pos === "PROPN") k++;
  const subject = words.slice(0, k).map((w) => w.text.replace(/[’']s$/, "").toLowerCase());
  if (k === 0 || !subject.some((t) => t === name[0]!.toLowerCase())) return null;
  const verb = words[k];
  if (verb === undefined || /[’']s$/.test(words[k - 1]!.text)) return null;
  // A present habit: "cuts", "does", "fixes" (the tagger may read "cuts" as a noun; "my" after it says it is the verb).
  if (!/^\p{L}+s$/u.test(verb.text) || /ss$/i.test(verb.text) || !["VERB", "AUX", "NOUN"].includes(verb.pos))
    return null;
  let at = k + 1;
  if (words[at]?.pos === "ADP") at++;
  const who = words[at]?.text ?? "";
  if (!/^(?:my|our|me|us)$/i.test(who)) return null;
  const clauseEnd = (j: number) =>
    words[j + 1] === undefined ||
    CLAUSE_END.test(older.slice(words[j]!.start + words[j]!.text.length, words[j + 1]!.start));
  const clause: TaggedWord[] = [];
  for (let j = 0; j < words.length; j++) {
    clause.push(words[j]!);
    if (clauseEnd(j)) break;
  }
  // "every other Friday" says how often, not another doer or thing.
  if (
    clause.some(
      (w, j) =>
        SEVERAL.test(w.text) && !(/^other$/i.test(w.text) && /^every$/i.test(clause[j - 1]?.text ?? "")),
    )
  )
    return null;
  const lemma = verb.pos === "NOUN" ? verb.lemma.replace(/s$/, "") : verb.lemma;
  const thing = words[at + 1];
  const ownThing =
    /^(?:my|our)$/i.test(who) && thing !== undefined && nominal(thing) && !/[’']s$/.test(thing.text);
  return { verb: lemma, ownThing };
}

/**
 * True when the newer says the person the older names as the doer of a habit (`doingOf`) is gone
 * for good from it: they died ("Tony died in March": every habit of theirs ends), or they retired
 * — a retirement ends a person's work, so it ends a habit done on a thing of the speaker's ("Tony
 * cuts my hair" / "Tony retired last month", "Patti does my taxes" / "Patti retired in June") —
 * said as done ("retired", not "is retiring"), from nothing named ("retired from the fire service":
 * something else), with nothing that says it goes on ("still", "but", "only", "part-time"), in an
 * end `lastingEnd` reads as the speaker's own and for good. Not a retirement against a relation, a
 * feeling or keeping in touch ("Tony calls my mum every Sunday", "Tony likes my cooking":
 * `RELATION_VERBS`), nor against a habit done to the speaker ("Tony drives me to work").
 *
 *   await loadTagger();
 *   doerGoneForGood("Tony retired last month.", { value: "Tony", said: "Tony", how: "retire", at: 1 }, doingOf("Tony cuts my hair.", "Tony")!) // → true
 */
export function doerGoneForGood(newer: string, retired: Retirement, doing: Doing): boolean {
  if (retired.at === undefined || GOES_ON.test(newer) || !lastingEnd(newer, retired)) return false;
  const words = wordsOf(analysisOf(newer));
  const verb = words[retired.at]!;
  // Done: "retired", "died" — not "is retiring", "retires in June".
  if (!/ed$/i.test(verb.text)) return false;
  if (retired.how === "die") return true;
  if (retired.how !== "retire" || !doing.ownThing || RELATION_VERBS.has(doing.verb)) return false;
  return words[retired.at + 1]?.text.toLowerCase() !== "from";
}

/** A determiner that makes its noun one countable thing ("an oil furnace", "the boiler"). */
const ONE_THING = /^(?:a|an|the|one)$/i;

/**
 * True when the older states `value` as the one object a thing of the speaker's, named with no
 * holder of its own, has or works by: the clause's subject is a common noun after "the", "my" or
 * "our" (no name, no possessive: "The house", "Our car"), its verb is in the present and is no
 * copula, and the value — one countable thing, after "a", "an", "the" or "one" — is its object or
 * comes after one preposition right after the verb ("The house heats with an oil furnace", "The
 * flat has a gas boiler"), with no list, addition, part or number in the clause (as `soleValueOf`
 * bounds it). Not "Dana's house heats with an oil furnace" (another's), "The house heated with an
 * oil furnace" (past), "The generator runs on propane" (a mass, which runs out: "the propane is
 * gone" is no removal), "The bedrooms heat with radiators" (several), "The house heats with an oil
 * furnace and a wood stove" (a list).
 *
 *   await loadTagger();
 *   soleObjectOf("The house heats with an oil furnace.", "furnace") // → true
 */
export function soleObjectOf(older: string, value: string): boolean {
  const sole = soleClauseOf(older, value);
  if (sole === null) return false;
  const { words, at } = sole;
  const verb = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb < 1 || verb > at || words[verb]!.lemma === "be") return false;
  // In the present: "heats", "has", or a base form ("The radiators use…"); not "heated".
  const v = words[verb]!.text.toLowerCase();
  if (!/^\p{L}+s$/u.test(v) && v !== words[verb]!.lemma) return false;
  const subject = words.slice(0, verb);
  if (!/^(?:the|my|our)$/i.test(subject[0]!.text)) return false;
  if (!subject.slice(1).every((w) => w.pos === "NOUN" || w.pos === "ADJ") || subject.length < 2) return false;
  if (subject.some((w) => /[’']s$/.test(w.text))) return false;
  let k = verb + 1;
  if (words[k]?.pos === "ADP") k++;
  if (!ONE_THING.test(words[k]?.text ?? "")) return false;
  k++;
  while (k < at && (words[k]!.pos === "NOUN" || words[k]!.pos === "ADJ")) k++;
  return k === at && words[at]!.pos === "NOUN" && !/s$/i.test(words[at]!.text);
}

/**
 * True when the newer says the older's one object (`soleObjectOf`) is gone from where the older
 * has it: the object itself "is gone" (`goneForGood`: an absence that holds), said by the name the
 * older gives it ("the oil furnace", not "the radiators" for "a radiator"), with no place of its
 * own after it that the older does not name ("the oil furnace at the cabin", "the radiator in the
 * kitchen": another, or a part), in an end `lastingEnd` reads as the speaker's own and for good.
 * Other ends stay unsure: "We sold the oil furnace" is the speaker's act on what no one said was
 * theirs, and "had it taken out" is not read as an end at all (`retiredValue`).
 *
 *   await loadTagger();
 *   objectGoneForGood("the oil furnace is gone", { value: "furnace", said: "furnace", how: "be gone", at: 4 }, valuesOf("The house heats with an oil furnace.")) // → true
 */
export function objectGoneForGood(
  newer: string,
  retired: Retirement,
  values: readonly OlderValue[],
): boolean {
  if (retired.how !== "be gone" || retired.at === undefined) return false;
  if (retired.said.toLowerCase() !== retired.value.toLowerCase() || !lastingEnd(newer, retired)) return false;
  const words = wordsOf(analysisOf(newer));
  const said = words.findLastIndex(
    (w, k) => k < retired.at! && w.text.replace(/[’']s$/, "").toLowerCase() === retired.said.toLowerCase(),
  );
  if (said < 0) return false;
  // "the oil furnace at the cabin is gone": a place of its own between the thing and its end.
  return !words
    .slice(said + 1, retired.at)
    .some((w) => nominal(w) && !values.some((v) => namesValue(w.text, v)));
}
