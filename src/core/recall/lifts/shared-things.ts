/**
 * A newer statement that says the current state of a thing the older statement names besides the
 * asked one: "I bank with Barclays, I've had the account since uni." / "My salary goes into a Monzo
 * account now". The question ("Who do I bank with?") and the update share no word; the older and
 * the update share a thing ("account"), rare in the store, and the update says it holds now in the
 * speaker's words, with a value of its own ("Monzo"). The link is read from the two statements
 * only, with the tagger (callers `await loadTagger()` first); recall uses it where the older fills
 * the slot a current-state question asks (`missedSuccessors`), and only for a thing said in at most
 * a few active facts: a common word ("day", "work") links everything and so nothing.
 *
 *   thingsOf("I bank with Barclays, I've had the account since uni.", new Set(["bank"]))
 *   // → ["account", "uni"]
 *   namesThingNow("My salary goes into a Monzo account now.", "account", older)  // → "Monzo"
 *   namesThingNow("I left Bistro Nomad, the kitchen is way calmer now.", "kitchen", older)  // → null (no name types it)
 */
import { calendarWords } from "../../calendar-words.js";
import { lemmaAs, loadTagger, type TaggedWord } from "../../judge/tagger.js";
import { unlistedName, writtenInLowerCase } from "../../lower-case-names.js";
import type { Lexicon } from "../../ports.js";
import { LIGHT_VERBS, type Slot, saysChangedState } from "../../state-slots.js";
import { contentTokens, rawTokens } from "../../text.js";
import { tagged } from "../../typed-values.js";

/** The speaker's words: the state said is the speaker's (or the speaker's group's). */
const FIRST_PERSON = /\b(?:i|i'm|i've|we|we're|we've|my|our)\b/i;

/**
 * The common nouns of a statement outside the asked attributes, lower-case as written, once each:
 * the things it names besides the asked one. Names (capitalised words) are not things here: a
 * named value has its own link (`named-values.ts`).
 */
export function thingsOf(statement: string, asked: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  // Typed without capitals, a name is a word the lexicon does not list ("i bank with barclays").
  const uncased = writtenInLowerCase(statement);
  for (const w of tagged(statement)) {
    if (w.pos !== "NOUN" || !/^\p{Ll}[\p{Ll}-]+$/u.test(w.text) || w.text.length < 3) continue;
    if (uncased && unlistedName(w.text)) continue;
    const stems = contentTokens(w.text);
    if (stems.length === 0 || stems.some((s) => asked.has(s))) continue;
    out.add(w.text);
  }
  return [...out];
}

/** The forms a text index holds a noun under, as written: singular and plural ("account", "accounts"). */
export function nounForms(noun: string): string[] {
  return noun.endsWith("s") ? [noun, noun.slice(0, -1)] : [noun, `${noun}s`];
}

/**
 * The name the statement gives the thing, when it says, in the speaker's words, a state that holds
 * now or changed (`saysChangedState`) and the thing is typed by a name right before it, a name the
 * older does not give: "My salary goes into a Monzo account now" → "Monzo" for "account". The name
 * is the thing's value, so the statement says which one the speaker's is now; a statement that only
 * mentions the thing ("the kitchen is way calmer now", "the number 12 bus") gives it no value and
 * links nothing. A name is a capitalised word inside the sentence (not its first word); in a
 * statement typed without capitals, a word the lexicon does not list ("my salary goes into a monzo
 * account now" → "monzo": `unlistedName`).
 */
export function namesThingNow(statement: string, thing: string, older: string): string | null {
  if (!FIRST_PERSON.test(statement) || !saysChangedState(statement)) return null;
  const want = contentTokens(thing).join(" ");
  const olderWords = new Set(contentTokens(older));
  const words = tagged(statement);
  const uncased = writtenInLowerCase(statement);
  for (let i = 2; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos !== "NOUN" || contentTokens(w.text).join(" ") !== want) continue;
    const name = words[i - 1]!;
    const written = uncased ? unlistedName(name.text) : /^\p{Lu}[\p{L}\p{N}]+$/u.test(name.text);
    if (!written || (name.pos !== "PROPN" && name.pos !== "NOUN")) continue;
    if (contentTokens(name.text).some((t) => olderWords.has(t))) continue;
    return name.text;
  }
  return null;
}

/**
 * The part of a turn said right after `part` (the next sentence distillation took out of the same
 * turn), or null: "My coworker Dana switched to intermittent fasting, so she skips lunch now." is
 * followed by "Honestly I've been getting burritos from the cart downstairs for the past few
 * weeks." A sentence with no word of the topic takes it from the sentence before it in the turn.
 */
export function nextPart(
  turn: string,
  part: string,
  parts: readonly { id: string; text: string }[],
): string | null {
  const at = turn.indexOf(part);
  if (at < 0) return null;
  const end = at + part.length;
  let best: { id: string; at: number } | null = null;
  for (const p of parts) {
    const i = turn.indexOf(p.text, end);
    if (i < 0 || turn.slice(end, i).trim().length > 0) continue;
    if (!best || i < best.at) best = { id: p.id, at: i };
  }
  return best?.id ?? null;
}

/**
 * The events a statement's verbs name as nouns, outside the asked attributes: for each verb (not a
 * light one, "go", "get", "make"), the nouns WordNet derives from it in its dominant sense
 * (`Lexicon.derivedNouns`) that are another word than the verb ("renews" → "renewal"; "baking", a
 * gerund, is the verb's own word, and a doer, "driver", is a person, not an event). A later statement may
 * speak of that event by its noun ("Our car insurance is with Aviva, it renews in March." / "Admiral
 * beat the renewal quote by two hundred quid, so we signed with them instead."), sharing no word
 * with the older or the question ("Who insures our car?").
 *
 *   eventsOf("Our car insurance is with Aviva, it renews in March.", new Set(["insur", "car"]), lexicon)
 *   // → [{ verb: "renews", noun: "renewal" }]
 */
export function eventsOf(
  statement: string,
  asked: ReadonlySet<string>,
  lexicon: Lexicon,
): { verb: string; noun: string }[] {
  const out = new Map<string, { verb: string; noun: string }>();
  for (const w of tagged(statement)) {
    if (w.pos !== "VERB" || LIGHT_VERBS.has(w.lemma)) continue;
    const own = contentTokens(w.lemma);
    if (own.length === 0 || own.some((t) => asked.has(t))) continue;
    for (const noun of lexicon.derivedNouns(w.lemma)) {
      const stems = contentTokens(noun);
      // A gerund is the verb's own word ("baking", "driving"), no other name of its event.
      if (noun.endsWith("ing") || stems.length === 0 || stems.some((t) => own.includes(t) || asked.has(t)))
        continue;
      out.set(noun, { verb: w.text.toLowerCase(), noun });
    }
  }
  return [...out.values()];
}

/** Calendar words are capitalised but name no value ("March", "Monday"). */
const CALENDAR = calendarWords({ months: "names", weekdays: "names" });

/**
 * The name a statement gives as the speaker's new value when it speaks of the older's event by its
 * noun: the statement says, in the speaker's words, a change or a state that holds now
 * (`saysChangedState`), has the noun (`event`), and names a value the older does not give — a
 * proper noun, not a calendar word ("Admiral beat the renewal quote by two hundred quid, so we
 * signed with them instead." → "Admiral" for "renewal"). A mention of the event that names no new
 * value ("the renewal is due soon, so I'll shop around") or another person's change links nothing.
 */
export function namesValueAtEvent(statement: string, event: string, older: string): string | null {
  if (!FIRST_PERSON.test(statement) || !saysChangedState(statement)) return null;
  const want = contentTokens(event).join(" ");
  const olderWords = new Set(contentTokens(older));
  const words = tagged(statement);
  if (!words.some((w) => w.pos === "NOUN" && contentTokens(w.text).join(" ") === want)) return null;
  // Typed without capitals, a proper noun is a noun the lexicon does not list (`unlistedName`).
  const uncased = writtenInLowerCase(statement);
  const name = words.find(
    (w) =>
      (uncased
        ? (w.pos === "PROPN" || w.pos === "NOUN") && unlistedName(w.text)
        : w.pos === "PROPN" && /^\p{Lu}[\p{L}\p{N}]+$/u.test(w.text)) &&
      !CALENDAR.has(w.text.toLowerCase()) &&
      !contentTokens(w.text).some((t) => olderWords.has(t)),
  );
  return name?.text ?? null;
}

/**
 * True when a statement fills the asked slot by what it is about, the head of its noun phrase, not
 * by a modifier: "my car" fills "What car do we drive?", "our car insurance" does not — it is about
 * the insurance — unless the question's verb is the head's own (WordNet's derivation: "Who insures
 * our car?" asks about the insurance, `Lexicon.derivedVerbs`).
 *
 *   aboutAsked(fillsAskedSlot("Our car insurance is with Aviva.", askedSlot("Who insures our car?")!)!, "Who insures our car?", lexicon)  // → true
 *   aboutAsked(fillsAskedSlot("Our car insurance is with Aviva.", askedSlot("What car do we drive?")!)!, "What car do we drive?", lexicon)  // → false
 */
export function aboutAsked(filled: Slot, question: string, lexicon: Lexicon): boolean {
  const head = filled.compound.at(-1);
  if (head === undefined || head === filled.attribute) return true;
  const verbs = new Set(lexicon.derivedVerbs(head));
  return tagged(question).some((w) => w.pos === "VERB" && verbs.has(w.lemma));
}

/**
 * Prefixes that make a verb of a word again, undone or taken away: "remortgaged", "rehomed",
 * "re-read", "unsubscribed", "defrosted". Read off only when WordNet lacks the whole word and has
 * the rest as a verb (`wordFamily`): "reason", "deliver", "renew", "unit" are words of their own.
 */
const VERB_PREFIX = /^(?:re|un|de)-?(?=[a-z]{3,}$)/;

/** A word's family as `wordFamily` reads it: the WordNet forms, and whether a prefix was read off. */
export interface WordFamily {
  /** Base forms (noun or verb) and the forms WordNet derives from them in their dominant sense. */
  forms: ReadonlySet<string>;
  /** The word is a prefixed verb ("remortgaged") whose rest is the family's verb ("mortgage"). */
  prefixed: boolean;
}

/** How the tagger read a written word in its sentence: its part of speech and lemma (`tag`). */
export type WordReading = Pick<TaggedWord, "pos" | "lemma">;

const EMPTY_FAMILY: WordFamily = { forms: new Set(), prefixed: false };
const families = new WeakMap<Lexicon, Map<string, WordFamily>>();
/** Families kept per lexicon before the cache starts afresh. */
const FAMILIES_KEPT = 4096;

/**
 * The base forms of a written word (lower case) as a noun or a verb that the lexicon lists: the
 * tagger's lemma read in the word's sentence when the tagger read the word as that part of speech
 * ("I saw the plank": "see"; "hoped" → "hope", not "hop"; "took" → "take"); otherwise the word
 * itself when listed, and the base the tagger's lemmatiser gives it out of its sentence with the
 * lexicon's listing as its vocabulary (`lemmaAs`: "went" → "go", "geese" → "goose", "mortgaged"
 * → "mortgage", "homes" → "home"). A lemma the lexicon does not list in the tagger's part of speech
 * (the tagger read "swam" as a noun "swam") is no reading: the word falls back to the latter.
 */
export function basesOf(
  word: string,
  pos: "noun" | "verb",
  lexicon: Lexicon,
  reading?: WordReading,
): string[] {
  const tagged = pos === "noun" ? "NOUN" : "VERB";
  if (reading?.pos === tagged && lexicon.lists(reading.lemma, pos)) return [reading.lemma];
  const out = new Set<string>();
  if (lexicon.lists(word, pos)) out.add(word);
  const lemma = lemmaAs(word, tagged, (l) => lexicon.lists(l, pos));
  if (lemma !== word && lexicon.lists(lemma, pos)) out.add(lemma);
  return [...out];
}

/**
 * The family of a word (lower case, as written) in the lexicon: its base forms as a noun or a verb
 * (`basesOf`: the tagger's lemma, `reading`, when the word was read in its sentence) with the nouns
 * WordNet derives from each verb and the verbs it derives from each noun, in their dominant sense
 * (`derivedNouns`, `derivedVerbs`: "booked" → book, booking; "insurance" → insurance, insure). A
 * word WordNet lacks that starts with "re-", "un-" or "de-" is read as that prefix and the rest,
 * when WordNet has the rest as a verb ("remortgaged" → mortgage; "rehomed" → home; "re-read" →
 * read, reading); the rest of a word WordNet has is never read ("reason" is no "ason", "renew" no
 * "new"). Empty when WordNet knows neither. `await loadTagger()` first (its lemmatiser).
 */
export function wordFamily(word: string, lexicon: Lexicon, reading?: WordReading): WordFamily {
  let cache = families.get(lexicon);
  if (!cache) {
    cache = new Map();
    families.set(lexicon, cache);
  }
  const w = word.toLowerCase();
  const read = reading && (reading.pos === "NOUN" || reading.pos === "VERB") ? reading : undefined;
  const key = read ? `${w} ${read.pos} ${read.lemma}` : w;
  const known = cache.get(key);
  if (known) return known;
  const family = readFamily(w, lexicon, read);
  if (cache.size >= FAMILIES_KEPT) cache.clear();
  cache.set(key, family);
  return family;
}

function readFamily(w: string, lexicon: Lexicon, reading: WordReading | undefined): WordFamily {
  if (!/^[a-z][a-z'-]{2,}$/.test(w)) return EMPTY_FAMILY;
  let nouns = basesOf(w, "noun", lexicon, reading);
  let verbs = basesOf(w, "verb", lexicon, reading);
  let prefixed = false;
  if (nouns.length === 0 && verbs.length === 0) {
    const prefix = VERB_PREFIX.exec(w);
    if (!prefix) return EMPTY_FAMILY;
    const rest = w.slice(prefix[0].length);
    verbs = basesOf(rest, "verb", lexicon);
    if (verbs.length === 0) return EMPTY_FAMILY;
    nouns = [];
    prefixed = true;
  }
  const forms = new Set<string>([...nouns, ...verbs]);
  for (const v of verbs) for (const n of lexicon.derivedNouns(v)) forms.add(n);
  for (const n of nouns) for (const v of lexicon.derivedVerbs(n)) forms.add(v);
  return { forms, prefixed };
}

/** A word with what may be a prefix ("re-", "un-", "de-") read off, for the cheap test that two words share a root. */
const rootOf = (w: string) => w.replace(VERB_PREFIX, "");

/**
 * How two written words (lower case) are of one family in the lexicon (`wordFamily`), when they are
 * not one word: "remortgaged" and "mortgage" ("prefixed": a verb made of the other's word again,
 * undone or taken away), "booking" and "rebooked" (prefixed), "insure" and "insurance"
 * ("derived"); null for unrelated words or a word WordNet lacks, and for words whose roots do not
 * begin alike (a derivation keeps its root's first letters: the test that spares most lookups).
 * `readings` are the tagger's readings of the two words in their sentences (`linkedByFamily`);
 * without them each word is read out of its sentence. `await loadTagger()` first.
 *
 *   familyLink("remortgaged", "mortgage", lexicon)  // → "prefixed"
 *   familyLink("reason", "son", lexicon)            // → null
 */
export function familyLink(
  x: string,
  y: string,
  lexicon: Lexicon,
  readings: { x?: WordReading; y?: WordReading } = {},
): "prefixed" | "derived" | null {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  if (!beginAlike(a, b)) return null;
  const fa = wordFamily(a, lexicon, readings.x);
  const fb = wordFamily(b, lexicon, readings.y);
  if (fa.forms.size === 0 || fb.forms.size === 0) return null;
  if (![...fa.forms].some((f) => fb.forms.has(f))) return null;
  return fa.prefixed || fb.prefixed ? "prefixed" : "derived";
}

/** Two other words (lower case) whose roots begin alike: the cheap test before any family is read. */
function beginAlike(a: string, b: string): boolean {
  if (a === b) return false;
  const starts = (w: string) => [w.slice(0, 3), rootOf(w).slice(0, 3)];
  return starts(a).some((s) => starts(b).includes(s));
}

/** Each written word of a text (as `rawTokens` writes it) with the tagger's reading in its sentence, the first where it recurs. */
function readingsOf(text: string): Map<string, WordReading> {
  const out = new Map<string, WordReading>();
  for (const w of tagged(text)) {
    const [written] = rawTokens(w.text);
    if (written !== undefined && !out.has(written)) out.set(written, { pos: w.pos, lemma: w.lemma });
  }
  return out;
}

/**
 * How a newer statement names each of `stems` (content tokens of the older statement) by another
 * word of its family (`familyLink`), when it has not the stem itself: "prefixed" when some link is a
 * prefixed verb made of the older's noun ("We remortgaged last week" for the older's "mortgage"; not
 * "I re-read my old diaries" for "I read the Guardian", a verb done again), "derived" when every link is
 * a derivation between two base forms ("I insured it" / "the insurance"); null when a stem has no
 * such word in the newer. An inflection of one base form is no link here ("driving" / "drive" are
 * one verb read two ways: the stemmer's business, not the lexicon's). Each word is read by the
 * tagger in its sentence (its lemma: "took" → "take", `basesOf`); the tagger is loaded only when
 * some word of the older's begins like one of the newer's (`familyLink`'s cheap test), so most
 * pairs read no family and load nothing.
 *
 *   await linkedByFamily("Our mortgage is fixed at 2.1%.", "We remortgaged last week.", ["mortgage"], lexicon)  // → "prefixed"
 */
export async function linkedByFamily(
  older: string,
  newer: string,
  stems: readonly string[],
  lexicon: Lexicon,
): Promise<"prefixed" | "derived" | null> {
  const words = (text: string) => [...new Set(rawTokens(text).filter((t) => contentTokens(t).length > 0))];
  const olderWords = words(older);
  const newerWords = words(newer);
  const candidates = stems.map((s) =>
    olderWords
      .filter((x) => contentTokens(x)[0] === s)
      .flatMap((x) => newerWords.filter((y) => beginAlike(x, y)).map((y) => [x, y] as const)),
  );
  // No pair of words begins alike: no family to read, and the tagger stays unloaded.
  if (stems.length === 0 || candidates.some((c) => c.length === 0)) return null;
  // Each word read in its sentence (its lemma and part of speech), for its base forms; the older's
  // nouns for a prefixed link: a prefixed verb made of a thing ("remortgaged", "rehomed") says that
  // thing was made anew or undone; made of a verb ("re-read" / "I read the Guardian") it says the
  // same thing was done again, which replaces nothing.
  await loadTagger();
  const olderReadings = readingsOf(older);
  const newerReadings = readingsOf(newer);
  const nouns = new Set(
    tagged(older)
      .filter((w) => w.pos === "NOUN")
      .map((w) => w.text.toLowerCase()),
  );
  let prefixed = false;
  for (const pairs of candidates) {
    let linked: "prefixed" | "derived" | null = null;
    for (const [x, y] of pairs) {
      const readings = { x: olderReadings.get(x), y: newerReadings.get(y) };
      const link = familyLink(x, y, lexicon, readings);
      if (link === "prefixed" && !nouns.has(x)) continue;
      if (link === "derived" && sharesBase(x, y, lexicon, readings)) continue;
      if (link) linked = link === "prefixed" || linked === "prefixed" ? "prefixed" : "derived";
    }
    if (!linked) return null;
    if (linked === "prefixed") prefixed = true;
  }
  return prefixed ? "prefixed" : "derived";
}

/** Two words with a base form in common ("driving" and "drive"): one word inflected, not a derivation. */
function sharesBase(
  x: string,
  y: string,
  lexicon: Lexicon,
  readings: { x?: WordReading; y?: WordReading },
): boolean {
  const bases = (w: string, reading?: WordReading) => [
    ...basesOf(w, "noun", lexicon, reading),
    ...basesOf(w, "verb", lexicon, reading),
  ];
  const bx = new Set(bases(x, readings.x));
  return bases(y, readings.y).some((b) => bx.has(b));
}
