/**
 * Statements of state and the slot they fill, read from the language with the tagger (callers
 * `await loadTagger()` first), not from a list of attributes.
 *
 * A sentence says a state *changed or holds now* when it is declarative and either a verb of
 * change says it happened ("I upgraded my phone…", "the landlord raised the rent…", "I gave up
 * climbing", "we traded in the Subaru…"; not a wish, plan, advice or refusal: "never give up!",
 * "I'm gonna start a business", `saidAsDone`) or, said in the first person, a marker of the present
 * against the past does ("…is matcha lately", "I'm a size 10 now", "I don't like X any more",
 * "these days I use Neovim instead of Sublime", "my new GP is…"), or a perfect of "be" runs up
 * to now ("I've been going to bed at 10:30 since the baby arrived", `holdsSince`).
 *
 * The slot of a statement is (subject, attribute): the attribute is a noun the statement is
 * about; the subject is whose it is — the speaker (I, we, my, our) or a named possessor
 * ("Ana's phone"). Two statements fill the same slot when they share a subject and an attribute:
 * "My phone is a Pixel 6" and "I finally upgraded my phone to an iPhone 15" both fill (speaker,
 * phone); "Ana's phone is a Pixel" fills (ana, phone), another slot.
 *
 *   await loadTagger();
 *   saysChangedState("Anyway I finally upgraded my phone to an iPhone 15.")  // → true
 *   saysChangedState("The camera is great.")                                 // → false
 *   slotsOf("My phone is a Pixel 6.")  // → [{ subject: "speaker", attribute: "phone" }]
 */

import { alternationOf, calendarWords } from "./calendar-words.js";
import {
  AS_OF,
  adverbs,
  FROM_NOW_ON,
  NO_LONGER,
  NOT_ANYMORE,
  NOW,
  STILL,
  THESE_DAYS,
} from "./change-adverbs.js";
import { mainClauseStart, verbalParticiple } from "./judge/analysis.js";
import { type TaggedWord, tagged } from "./judge/tagger.js";
import { namedValues } from "./named-values.js";
import { isTitle } from "./person-words.js";
import type { Lexicon } from "./ports.js";
import { contentTokens, isHypothetical, isQuestion, SPEAKER_SUBJECT, whWithBe } from "./text.js";

/**
 * Verbs whose meaning is a change of value or state (lemmas). A closed class of English: moving,
 * switching, raising and lowering, starting and stopping, acquiring and giving up, renaming.
 */
const CHANGE_VERBS = new Set(
  (
    "move switch change reschedule shift upgrade downgrade migrate rename transfer relocate " +
    "replace swap trade convert raise lower bump increase decrease reduce double halve cut " +
    "start begin join leave quit stop cancel close drop retire sell buy adopt become " +
    "promote hire reassign update extend ditch dump abandon"
  ).split(" "),
);

/** Phrasal verbs of change: the verb lemma with its particle ("gave up", "took up", "went back"). */
const PHRASAL_CHANGE = new Set([
  "give up",
  "take up",
  "take over",
  "go back",
  "hand over",
  "sign up",
  "pick up",
]);

/**
 * Markers of the present set against an earlier state ("now", "these days", "no longer", "instead"):
 * the change adverbs (change-adverbs.ts) but "still", which says nothing changed, and "currently"
 * with "current", "new" and "latest", which mark the value asked for now.
 */
export const NOW_MARKER = new RegExp(
  `\\b(?:${adverbs(NOW, THESE_DAYS, NO_LONGER, NOT_ANYMORE, FROM_NOW_ON)}|${AS_OF}|lately|instead|new|latest|current(?:ly)?)\\b`,
  "i",
);

/**
 * A correction of something of the speaker's, said as it is now: "my nephew's birthday is actually
 * the 21st", "our bins are actually collected on Tuesdays". The possessed subject is required: "It's
 * actually really fun" or "I actually love painting" correct nothing of a state.
 */
export const CORRECTION = /\b(?:my|our)\s+[\p{L}\p{N}'’ -]{1,40}?\s+(?:is|are)\s+actually\b/iu;

/**
 * A state the speaker is back to ("I'm back to five days a week", "we're back on the old plan"):
 * what held in between ends. Not "I got back to the hotel" (a way home, not a state).
 */
export const BACK_TO = /^(?:i|we)(?:'m|’m| am|'re|’re| are)\s+(?:now\s+)?back\s+(?:to|on)\b/iu;

/** A first-person word: the speaker (or the speaker's group) is the subject or the possessor. */
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|we|we're|we've|my|our|me|us)\b/i;

/** True when a sentence says that a state changed or now holds (see the module's comment). */
export function saysChangedState(sentence: string): boolean {
  if (isQuestion(sentence) || isHypothetical(sentence)) return false;
  if (FIRST_PERSON.test(sentence) && NOW_MARKER.test(sentence)) return true;
  if (CORRECTION.test(sentence)) return true;
  if (sentence.split(/\s*[,;]\s*(?:so\s+|and\s+|but\s+)?/).some((c) => BACK_TO.test(c.trim()))) return true;
  const words = tagged(sentence);
  if (FIRST_PERSON.test(sentence) && holdsSince(words)) return true;
  return words.some((w, i) => {
    // "Since Tony retired I …": the tagger's adjective is the opening clause's verb.
    const participle = verbalParticiple(sentence, words, i);
    if (participle) return participle.some((l) => CHANGE_VERBS.has(l)) && !notDoneBefore(words, i);
    if (w.pos !== "VERB" || !saidAsDone(words, i)) return false;
    if (saidAsHabit(w) && !PRESENT_AS_CHANGE.test(sentence)) return false;
    if (CHANGE_VERBS.has(w.lemma)) return true;
    const next = words[i + 1];
    return next !== undefined && PHRASAL_CHANGE.has(`${w.lemma} ${next.text.toLowerCase()}`);
  });
}

/** Where a state that holds up to now began: "since" (a time or an event), "for the past/last" (a span). */
const SINCE = /^(?:since|for)$/;

/**
 * True when the sentence is a perfect of "be" that runs up to now from a point or over a span:
 * "I've been going to bed at 10:30 since the baby arrived", "we've been on the Pro plan for the
 * past month", "my sister has been living in Lyon since May". The perfect says the state began
 * before now, "since" or "for the past/last" says it still holds: a state said as current, like a
 * "now". Not a visit ("I've been to Lisbon since…"), a negation ("I haven't been sleeping well
 * since Tuesday": it names no state that holds), nor "for" without a span up to now ("I've been a
 * fan for ages"), nor a perfect whose subject is no person of the speaker's ("It's been tough since
 * I lost my job", "it has been fulfilling since then": `personsPerfect`).
 */
function holdsSince(words: readonly TaggedWord[]): boolean {
  const been = words.findIndex((w, i) => w.text.toLowerCase() === "been" && personsPerfect(words, i - 1));
  if (been < 0 || words[been + 1]?.text.toLowerCase() === "to") return false;
  if (words.slice(0, been).some((w) => /^(?:not|n't|never|haven't|hasn't|haven’t|hasn’t)$/i.test(w.text)))
    return false;
  return words.slice(been + 1).some((w, j, rest) => {
    const form = w.text.toLowerCase();
    if (!SINCE.test(form)) return false;
    if (form === "since") return j + 1 < rest.length;
    return (
      /^(?:past|last)$/.test(rest[j + 2]?.text.toLowerCase() ?? "") &&
      rest[j + 1]?.text.toLowerCase() === "the"
    );
  });
}

/**
 * True when the word at `i` is the auxiliary of a person's perfect: "I've", "we've", "I have",
 * "we have", or "has" after a noun the speaker possesses ("my sister has"). "It's been tough",
 * "it has been a fulfilling experience" and "they've been there" judge or report, and say no state
 * of the speaker's.
 */
function personsPerfect(words: readonly TaggedWord[], i: number): boolean {
  const aux = words[i]?.text.toLowerCase().replace(/’/g, "'");
  if (aux === undefined) return false;
  if (aux === "i've" || aux === "we've") return true;
  const before = words[i - 1]?.text.toLowerCase();
  if (aux === "have") return before === "i" || before === "we";
  if (aux !== "has") return false;
  const phrase = words.slice(Math.max(0, i - 3), i).map((w) => w.text.toLowerCase());
  return (phrase.includes("my") || phrase.includes("our")) && words[i - 1]!.pos === "NOUN";
}

/**
 * `HABITUAL_PRESENT`: a verb in the simple present of the third person ("leaves", "stops",
 * "closes", "switches", "moves") says what happens by habit or by timetable, not a change that
 * happened: "the bus leaves at 7", "she stops at the shop on the way home", "the gym closes at 10",
 * "he switches shifts every month". It says a change only when the sentence sets it against what
 * held before or points it at one arranged occasion (`PRESENT_AS_CHANGE`): "it leaves from stand 4
 * now", "the bus now leaves at 8", "from next week the gym closes at 9", "Sanjay starts at the bakery this
 * Monday". The past and the perfect ("she's stopped going", "the gym closed")
 * are read as before.
 */
function saidAsHabit(w: { text: string; lemma: string }): boolean {
  const form = w.text.toLowerCase();
  if (form === w.lemma || !form.endsWith("s")) return false;
  const stem = w.lemma.endsWith("y") ? `${w.lemma.slice(0, -1)}ies` : null;
  return form === `${w.lemma}s` || form === `${w.lemma}es` || form === stem;
}

/**
 * Words that set a present against what held before ("now", "no longer", "from next week"), or
 * point it at one arranged occasion, as English says a change that is fixed ("the rent becomes
 * £900 from April", "Priya starts at the clinic in 3 weeks", "Sanjay starts at the bakery this
 * Monday", "Mum moves in next week", "she starts tomorrow").
 */
const PRESENT_AS_CHANGE = new RegExp(
  `\\b(?:${adverbs(NOW, THESE_DAYS, NO_LONGER, NOT_ANYMORE, FROM_NOW_ON)}|${AS_OF}|instead|starting|today|tonight|tomorrow|in\\s+(?:a|an|a\\s+few|\\d+|two|three|four)\\s+(?:days?|weeks?|months?)|from\\s+(?:${alternationOf(calendarWords({ months: "clipped" }))})|(?:from\\s+)?(?:this|next)\\s+(?:week(?:end)?|month|year|term|semester|season|morning|afternoon|evening|night|${alternationOf(calendarWords({ weekdays: "names", seasons: true }))}))\\b`,
  "i",
);

/** Words before a verb that make it not (yet) a change: a wish, a plan, an advice, a refusal. */
const NOT_DONE = new Set(
  "to not n't never will won't would wouldn't shall should can can't could might may must let gonna wanna gotta don't do does did didn't".split(
    " ",
  ),
);

/** Verbs that report a change as decided or instructed when they take an infinitive. */
const DECIDED = new Set(["say", "tell", "agree", "decide", "choose"]);

/**
 * True when the verb at `i` says a change that happened: an inflected form that is not a gerund
 * ("moved", "raised", "started", "switched"), with no infinitive marker, modal, negation or
 * imperative "don't"/"let" just before it, or the infinitive of a decision or instruction reported
 * as made ("the vet said to switch her food", "we agreed to cut two meetings"). "Keep going and never give up!", "I won't quit", "I'm
 * gonna start a business", "Joining a church can be encouraging" and "Proud of you for starting"
 * wish, plan, advise or refuse a change; "I started a weekend yoga class" and "the landlord raised
 * the rent" say one.
 */
function saidAsDone(words: readonly { text: string; lemma: string }[], i: number): boolean {
  const w = words[i]!;
  const form = w.text.toLowerCase();
  const [before, decision] = [words[i - 1], words[i - 2]];
  // A change decided or instructed, reported as made: "the vet said to switch…", "we agreed to cut…".
  if (before?.text.toLowerCase() === "to" && decision && DECIDED.has(decision.lemma))
    return decision.text.toLowerCase() !== decision.lemma;
  if (form === w.lemma || form.endsWith("ing")) return false;
  return !notDoneBefore(words, i);
}

/** A wish, plan, advice or refusal word just before the verb at `i` ("won't quit", "to retire"). */
function notDoneBefore(words: readonly { text: string }[], i: number): boolean {
  return [words[i - 1], words[i - 2]].some((p) => p !== undefined && NOT_DONE.has(p.text.toLowerCase()));
}

export interface Slot {
  /** Whose state: "speaker" unless a possessive or an identifier says whose ("Ana's", "her", "checkout-svc"). */
  subject: string;
  /** What the state is about: a noun's or a verb's stemmed content token ("phone", "run"). */
  attribute: string;
  /** The compound the noun is the part of, stemmed ("upload size limit" for "limit"). */
  compound: readonly string[];
  /** In a central place (subject, what a verb takes, possessed, the speaker's verb), not a circumstance. */
  central: boolean;
  /** The common noun it is, as the tagger's lemma ("puppy"), for a lexicon's relations; null for a name, verb or adjective. */
  noun: string | null;
  /** Said by a verb the speaker does ("I run", "we host"), not by a noun or a name. */
  verb: boolean;
  /** The stems of its phrase's head: its last common noun or verb, over a name after it ("the puppy Waffles": puppy). */
  head: readonly string[];
}

/** Verbs too general to name what a state is about ("I go…", "I got…", "I keep…"). */
export const LIGHT_VERBS = new Set(
  "be have do go get make keep take give say tell think know want need let come see try feel".split(" "),
);

/** A written identifier: letters joined by "-", "_" or "." to letters or digits ("checkout-svc", "eu-west-1"). */
const IDENTIFIER = /^\p{L}[\p{L}\p{N}]*(?:[-_.][\p{L}\p{N}]+)+$/u;

/** Punctuation between two words that ends a phrase (a comma, a colon, a dash, a bracket). */
const PHRASE_STOP = /[,;:.!?()[\]—–]/;

/**
 * The causative "drive" with a result ("the sync was driving me mad", "it drove us up the wall",
 * "I'm driving myself crazy"): what something does to someone, not anyone driving. Its words fill
 * no slot (no "drive" of the speaker's, no "wall", no "nuts"); "I'm driving a Tesla now", "I drive
 * us to school" and "she drives me to the station" still drive.
 */
const DRIVEN_TO =
  /\b(?:drive|drives|drove|driven|driving)\s+(?:me|us|myself|ourselves|him|her|them|you|everyone|everybody)\s+(?:absolutely\s+|completely\s+|totally\s+|slowly\s+)?(?:mad|crazy|nuts|insane|bananas|batty|potty|mental|spare|wild|bonkers|up\s+the\s+wall|(?:a)?round\s+the\s+(?:bend|twist)|to\s+(?:distraction|despair|drink))\b/gi;

const LOWER_START = /^\p{Ll}/u;

/** Possessives that make a noun someone else's: "her phone", "Ana's phone". */
const OTHERS = new Set(["his", "her", "their", "your", "its"]);

/**
 * The slots a statement fills: the nouns (and names) in its central places, with whose they are —
 * the subject ("the landlord", "yoga class"), what a verb takes ("raised the rent", "I drive a
 * Subaru", "I run 5k every morning"), and anything possessed ("my phone", "our new favourite") —
 * and the verbs the speaker does ("I run", "I'm asking for"). A noun inside a prepositional phrase
 * ("a long day at work", "in the salary negotiation") is a circumstance, not what the state is
 * about. In one user's chat a state is the speaker's unless a possessive says whose ("Ana's
 * phone", "her manager"); it reaches over adjectives, adverbs, determiners and numbers to its noun.
 * Which slot a question is about is read from the question's words (`sharedSlot`).
 */
export function slotsOf(text: string): Slot[] {
  const known = SLOTS_READ.get(text);
  if (known) return known;
  if (SLOTS_READ.size >= SLOTS_KEPT) SLOTS_READ.clear();
  const slots = readSlots(text);
  SLOTS_READ.set(text, slots);
  return slots;
}

/** Slots read recently, by text: recall reads the same top facts' slots for every pair. */
const SLOTS_READ = new Map<string, Slot[]>();
const SLOTS_KEPT = 2048;

function readSlots(text: string): Slot[] {
  const out = new Map<string, Slot>();
  let possessor: string | null = null;
  let speakerSubject = false;
  // A central place: the subject (before the verb), or what a verb takes (after it, before a preposition).
  let central = true;
  let seenVerb = false;
  // Consecutive nouns are one compound ("upload size limit"): each of its nouns is a slot of it.
  let compound: { words: string[]; subject: string; central: boolean; noun: string | null; verb: boolean }[] =
    [];
  // The slots of a possessed adjective just flushed ("my favourite"): a noun right after it is
  // their phrase's head ("my favourite café" is about a café); none, and the adjective stands for
  // the noun it leaves out ("our new favourite is a taco spot").
  let modifies: Slot[] = [];
  const flush = () => {
    const flushed: Slot[] = [];
    const stems = [...new Set(compound.flatMap((c) => c.words.flatMap((w) => contentTokens(w))))];
    const last = compound.findLast((c) => c.noun !== null || c.verb) ?? compound.at(-1);
    const head = last ? [...new Set(last.words.flatMap((w) => contentTokens(w)))] : [];
    for (const c of compound)
      for (const attribute of c.words.flatMap((w) => contentTokens(w))) {
        const key = `${c.subject}\u0000${attribute}`;
        if (!out.get(key)?.central) {
          const slot = {
            subject: c.subject,
            attribute,
            compound: stems,
            central: c.central,
            noun: c.noun,
            verb: c.verb,
            head,
          };
          out.set(key, slot);
          flushed.push(slot);
        }
      }
    compound = [];
    return flushed;
  };
  const add = (
    subject: string,
    words: string[],
    central: boolean,
    noun: string | null = null,
    verb = false,
  ) => compound.push({ words, subject, central, noun, verb });
  let end = 0;
  // After punctuation, a noun before the next verb is that verb's own subject: "I dropped Evernote
  // for Obsidian, the sync was driving me mad" — the sync drives, not the speaker.
  let afterStop = false;
  const driven = [...text.matchAll(DRIVEN_TO)].map((m) => [m.index, m.index + m[0].length] as const);
  let before: TaggedWord | undefined;
  for (const read of tagged(text)) {
    // A numeral counts a noun: "10k runs", "three trips" (the tagger reads a verb at times).
    const w: TaggedWord = read.pos === "VERB" && before?.pos === "NUM" ? { ...read, pos: "NOUN" } : read;
    before = read;
    const lower = w.text.toLowerCase();
    const nominal = w.pos === "NOUN" || w.pos === "PROPN";
    // A lower-case word is a common noun, whatever the tagger says ("my favourite café").
    if (w.pos === "NOUN" || (w.pos === "PROPN" && LOWER_START.test(w.text)))
      for (const m of modifies) m.head = [...new Set([w.text, w.lemma].flatMap((x) => contentTokens(x)))];
    if (w.pos !== "ADV") modifies = [];
    // Punctuation ends a noun phrase: "oat milk, dairy upsets my stomach" is two, not one compound.
    const stop = PHRASE_STOP.test(text.slice(end, w.start));
    end = w.start + w.text.length;
    if (!nominal || stop) flush();
    if (stop) afterStop = true;
    if (afterStop && nominal) speakerSubject = false;
    if (driven.some(([from, to]) => w.start >= from && w.start < to)) {
      flush();
      seenVerb = true;
      central = true;
      possessor = null;
      afterStop = false;
      continue;
    }
    // Pronouns by their form: the tagger reads "I'm" as a name and "our" as a determiner at times.
    if (OTHERS.has(lower) || lower === "my" || lower === "our") {
      possessor = OTHERS.has(lower) ? lower : "speaker";
      continue;
    }
    if (SPEAKER_SUBJECT.test(lower)) {
      speakerSubject = true;
      central = true;
      continue;
    }
    if (/[’']s$/.test(w.text) && nominal) {
      flush();
      possessor = lower.replace(/[’']s$/, "");
      continue;
    }
    // An identifier in the subject ("the checkout-svc service region") is whose the state is.
    // A possessed one is a modifier of the noun it goes with ("my go-to afternoon drink").
    if (!seenVerb && possessor === null && IDENTIFIER.test(w.text)) {
      flush();
      possessor = lower;
      continue;
    }
    if (nominal || (w.pos === "ADJ" && possessor)) {
      // Both the word and its lemma: "mornings"/"morning" meet on the lemma, "favourite" on the word.
      add(
        possessor ?? "speaker",
        w.pos === "PROPN" ? [w.text] : [w.text, w.lemma],
        central || possessor !== null,
        w.pos === "NOUN" ? w.lemma.toLowerCase() : null,
      );
      if (!nominal) modifies = flush();
      continue;
    }
    if (w.pos === "VERB" || w.pos === "AUX") {
      seenVerb = true;
      afterStop = false;
      // What the speaker does is a slot too ("I run 5k" / "10k runs"; "I'm asking for 95k").
      if (w.pos === "VERB" && speakerSubject && !LIGHT_VERBS.has(w.lemma)) {
        add("speaker", [w.lemma], true, null, true);
        flush();
      }
      central = true;
    } else if (w.pos === "ADP") central = false;
    else if (w.pos === "CCONJ" || w.pos === "SCONJ" || lower === "so") {
      central = true;
      speakerSubject = false;
    } else if (w.pos === "PRON") speakerSubject = false;
    if (w.pos !== "DET" && w.pos !== "NUM" && w.pos !== "ADJ" && w.pos !== "ADV") possessor = null;
  }
  flush();
  return [...out.values()];
}

/**
 * The slot two statements share on the asked words (the question's content tokens), or null:
 * same subject and attribute, the question asks about that attribute, it is in a central place of
 * one of the two ("I drink my coffee with oat milk" / "I've stopped oat milk"), not a circumstance
 * of both ("a long day at work" / "a MacBook for work"), and one's compound holds the other's
 * ("my phone" / "my phone"; but "the upload size limit" / "the webhook retry limit" are two).
 * Only a person's states: the speaker's, said by the older in the first person, or a named
 * possessor's ("Ana's phone"); a system's (an identifier subject) and the world's are the judge's.
 */
export function sharedSlot(older: string, newer: string, asked: ReadonlySet<string>): Slot | null {
  const key = (s: Slot) => `${s.subject}\u0000${s.attribute}`;
  const within = (a: readonly string[], b: readonly string[]) => a.every((w) => b.includes(w));
  const theirs = new Map(slotsOf(newer).map((s) => [key(s), s]));
  const shared = slotsOf(older).find((s) => {
    const other = asked.has(s.attribute) ? theirs.get(key(s)) : undefined;
    return (
      other !== undefined &&
      (s.central || other.central) &&
      (within(s.compound, other.compound) || within(other.compound, s.compound))
    );
  });
  if (!shared) return null;
  // The speaker's state is one the older says in the first person ("my phone", "I run"); a
  // statement about the world ("Upload size limit: 10 MB") is left to the judge's rules.
  if (shared.subject === "speaker") return FIRST_PERSON.test(older) ? shared : null;
  // A named thing's states are said in parallel, one attribute each ("the search-svc service now
  // listens on port 6060" / "ownership of the search-svc service moved to Felix"): the judge's.
  return IDENTIFIER.test(shared.subject) ? null : shared;
}

/** The slot a current-state question asks about: whose state, and the words that name what it is about. */
export interface AskedSlot {
  /** "speaker" for a question in the first person ("What phone do I have?"), else the named person ("ana"). */
  subject: string;
  /** The stemmed attribute words of the question's own slots ("phone"; "run", "morning"). */
  attributes: ReadonlySet<string>;
  /** The common nouns among them, as lemmas ("dog" in "What is our dog called?"), for a lexicon's relations. */
  nouns: ReadonlySet<string>;
  /**
   * What the question asks about: the heads of its central phrases ("budget" in "What is my grocery
   * budget?", "run" in "How far do I run in the morning?"), each as a verb or not (`Slot.verb`);
   * all its heads when none is central.
   */
  heads: ReadonlyMap<string, { verb: boolean }>;
  /**
   * The attribute words of its central phrases, a compound's words with them ("grocery", "shop" in
   * "Where do we do our grocery shopping?"; "run" but not "morning" in "How far do I run in the
   * morning?"); all its attributes when none is central.
   */
  central: ReadonlySet<string>;
}

/** Forms of be, do and have that are in the present ("is", "do", "has"; not "was", "did", "had"). */
const PRESENT_AUX = new Set([
  "am",
  "is",
  "are",
  "'s",
  "’s",
  "'re",
  "’re",
  "'m",
  "’m",
  "do",
  "does",
  "have",
  "has",
]);

/** A contraction that carries "is" or "are" ("what's", "who're"). */
const CONTRACTED_BE = /[’'](?:s|re|m)$/;

/**
 * `OWNER_IN_LOWER_CASE`: a possessive written in lower case names the person whose state is asked
 * when the lexicon lists its word as no noun ("maisie's hair", "gaz's hourly rate": a name typed
 * with no capital) or as a person ("nan's carer", "rachel's manager", "the grandson's 21st"), as a
 * capitalised "Ana's phone" does. Not a thing's ("the car's mot", "the choir's Christmas concert")
 * nor an animal's ("the dog's health"), whose owner is the speaker; without a lexicon to tell, the
 * word names no one.
 */
function ownerInLowerCase(w: TaggedWord, lexicon: Lexicon | undefined): string | null {
  if (!lexicon || (w.pos !== "NOUN" && w.pos !== "PROPN") || whWithBe(w.text)) return null;
  if (!LOWER_START.test(w.text) || !/[’']s$/.test(w.text)) return null;
  const owner = w.text.toLowerCase().replace(/[’']s$/, "");
  return !lexicon.lists(owner, "noun") || lexicon.isPerson(owner) ? owner : null;
}

/**
 * `HAVE_GOT`: "have … got" is possession in the present, not a present perfect: "got" is the
 * first verb after the finite "have" or "has", its subject (and an adverb) between ("what car have
 * I got", "how many bulls have I got", "have I still got the van"). Not "have … got to", which is
 * "must" ("what have I got to do today"), nor "gotten", the participle of get ("what have I gotten
 * Mum", an event), nor "got" after another verb ("what have I forgotten to get").
 */
function haveGot(words: readonly TaggedWord[], finite: number): boolean {
  const i = words.findIndex((w, j) => j > finite && (w.pos === "VERB" || w.pos === "AUX"));
  return i > 0 && words[i]!.text.toLowerCase() === "got" && words[i + 1]?.text.toLowerCase() !== "to";
}

/**
 * `HAS_BEEN`: a contracted "'s" before "been" is "has", a present perfect ("when's my bike been
 * fixed", "where's she been working"): an event, as "has been" is, unless said as now. Not
 * "'s" before another participle, which is "is" ("what's the dog called", a passive in the present).
 */
function hasBeen(words: readonly TaggedWord[], finite: number): boolean {
  if (!/[’']?s$/i.test(words[finite]!.text)) return false;
  const next = words.findIndex((w, j) => j > finite && (w.pos === "VERB" || w.pos === "AUX"));
  return next > 0 && words[next]!.text.toLowerCase() === "been";
}

/** A word in "-in" or "-in'" ("workin", "gettin", "goin'"): perhaps a clipped "-ing". */
const CLIPPED = /\b(\p{Ll}{2,})in[’']?(?=$|[^\p{L}\p{N}’'])/gu;

/**
 * `CLIPPED_ING`: a word in lower case typed or dictated with its "-ing" clipped ("where's my mom
 * workin these days", "whats my gpa sittin at", "who's handlin my co-op") is read as its "-ing"
 * form when the lexicon lists no noun or verb of the word itself and lists a verb it clips:
 * "workin" → "working" (work), "sittin" → "sitting" (sit), "handlin" → "handling" (handle). Not a
 * word the lexicon lists ("cabin", "robin", "muffin", "begin"), a word with no verb under it
 * ("within", "akin"), nor a name ("Dustin", capitalised): without a lexicon, nothing is read.
 */
export function unclipped(text: string, lexicon: Lexicon | undefined): string {
  if (!lexicon) return text;
  return text.replace(CLIPPED, (word: string, stem: string) => {
    const bare = word.replace(/[’']$/, "");
    if (lexicon.lists(bare, "noun") || lexicon.lists(bare, "verb")) return word;
    const undoubled = /([^aeiou])\1$/.test(stem) ? stem.slice(0, -1) : null;
    const verbs = [stem, `${stem}e`, ...(undoubled ? [undoubled] : [])];
    return verbs.some((v) => lexicon.lists(v, "verb")) ? `${bare}g` : word;
  });
}

/**
 * The slot a question asks when it asks about a state that holds now, or null. Read with the
 * tagger (`await loadTagger()` first): the finite verb — the question's first verb or auxiliary —
 * is in the present ("What phone do I have?", "Which team am I on?", "What's my afternoon
 * drink?", "Where does my sister live?"), not past ("When did…", "What was…"), not a modal
 * ("Would she…", "Could I…"), and not a present perfect ("What have I painted?", a past event)
 * unless a marker of the present goes with it ("What have I been drinking lately?"); a wh-word
 * with "is" contracted onto it is that verb however it is tagged or typed ("where's", "whats",
 * `WH_WITH_BE`); "have … got" is possession, not a perfect (`HAVE_GOT`), and "'s been" is "has
 * been" (`HAS_BEEN`); a word with its "-ing" clipped is read whole first ("workin", `CLIPPED_ING`).
 * Whose state is the speaker's when the question is in the first person (the user
 * asks about themselves), else a named person's ("What is Ana's phone?"; with a `lexicon`, a
 * possessive in lower case too, "maisie's hair", "nan's carer", `OWNER_IN_LOWER_CASE`), else,
 * with a `lexicon` that reads the thing as no person, the speaker's when it asks a thing's state
 * said with "the" ("Which day is the shop shut?", "Who insures the van?", `thingHeld`); the
 * thing's value asked itself ("What is the API rate limit?") asks no person's slot. A recall query without its question mark is read
 * (`asksOfRecall`: "which inhaler am I on"). The attributes are the stemmed words of
 * the question's own slots (`slotsOf`): its nouns and the speaker's verbs ("run" in "How far do I
 * run?"), never a wh-word or an auxiliary.
 *
 *   await loadTagger();
 *   askedSlot("What phone do I have?")                  // → { subject: "speaker", attributes: {"phone"} }
 *   askedSlot("What did I paint last weekend?")         // → null (a past event)
 *   askedSlot("Would Caroline still want to move?")     // → null (a modal)
 */
export function askedSlot(query: string, lexicon?: Lexicon): AskedSlot | null {
  if (!asksOfRecall(query)) return null;
  const question = unclipped(query, lexicon);
  const words = tagged(question);
  // A form in -ing is never the finite verb: it modifies a noun or needs an auxiliary ("Which
  // streaming service do we pay for?", "What running shoes do I wear?").
  const finite = words.findIndex(
    (w, i) =>
      w.pos === "AUX" ||
      (w.pos === "VERB" && !/ing$/i.test(w.text)) ||
      (w.pos === "PRON" && CONTRACTED_BE.test(w.text)) ||
      whWithBe(w.text) ||
      doerVerbAt(words, i),
  );
  if (finite < 0) return null;
  const f = words[finite]!;
  const form = f.text.toLowerCase();
  const contracted = (CONTRACTED_BE.test(form) && !/^(?:am|is|are)$/.test(form)) || whWithBe(form);
  let present: boolean;
  if (contracted) present = true;
  else if (f.lemma === "be" || f.lemma === "do" || f.lemma === "have") present = PRESENT_AUX.has(form);
  // A modal ("would", "could", "will") asks what may be, not what is.
  else if (f.pos === "AUX") present = false;
  // A verb in the present is its lemma or the lemma with -s ("live", "lives"); "moved", "took" are past.
  else present = presentForm(form, f.lemma) || doerVerbAt(words, finite);
  if (!present) return null;
  // "has/have" before a verb's participle is the present perfect: an event, unless said as now or
  // it is "have … got", a possession (`HAVE_GOT`); so is a contracted "'s" before "been" (`HAS_BEEN`).
  const perfect =
    (f.lemma === "have" && f.pos === "AUX" && words.slice(finite + 1).some((w) => w.pos === "VERB")) ||
    (contracted && hasBeen(words, finite));
  if (perfect && !haveGot(words, finite) && !NOW_MARKER.test(question)) return null;
  let subject: string | null = FIRST_PERSON.test(question) ? "speaker" : null;
  let held: string[] = [];
  if (!subject) {
    // A person's name (capitalised, not an acronym such as "API"): the one the finite verb asks
    // about ("does Melanie play") or a possessor ("Ana's phone").
    const name = (w: TaggedWord | undefined) => w?.pos === "PROPN" && /^\p{Lu}\p{Ll}/u.test(w.text);
    const after = words[finite + 1];
    const named = name(after) ? after : words.find((w) => name(w) && /[’']s$/.test(w.text));
    subject = named
      ? named.text.toLowerCase().replace(/[’']s$/, "")
      : (words.map((w) => ownerInLowerCase(w, lexicon)).find((o) => o !== null) ?? null);
    // A thing the question asks the state of ("the shop" in "Which day is the shop shut?"): in one
    // user's memory, a thing said with "the" and no other owner is the speaker's. Not when the
    // question names a person, a name the lexicon lists as no noun ("the adoption agency Caroline is
    // considering": hers; "Python" is a noun and names none); a person said
    // so ("the boy", "the nurse") is another's state; without a lexicon to tell, the question is left unread.
    const namesPerson = words.some(
      (w, i) => i > 0 && name(w) && !lexicon?.lists(w.text.toLowerCase(), "noun"),
    );
    const thing = subject || namesPerson ? null : thingHeld(words, finite);
    if (thing && lexicon && !thing.some((n) => lexicon.isPerson(n))) {
      subject = "speaker";
      held = thing;
    }
  }
  if (!subject) return null;
  // The person asked about is whose the state is, not what it is about; in a question that asks
  // when by its wh-noun ("What time do I go to bed?", "Which day do I swim?") the noun is the
  // answer's type, not what the state is about ("a while" is a time, "these days" days).
  const when = whenNoun(words);
  // The unit of a rate ("How many days a week do I work?", "How many times per day…") says how
  // often, not what the state is about: "last week" or "every fifth week" fills nothing asked.
  const per = rateUnits(question);
  // A marker of the present ("these days") says when the state holds, as "now" does:
  // "What am I driving these days?" asks nothing about days.
  const now = presentMarkers(question);
  const own = slotsOf(question).filter(
    (s) =>
      !contentTokens(subject).includes(s.attribute) &&
      s.attribute !== when &&
      !per.has(s.attribute) &&
      !now.has(s.attribute),
  );
  const attributes = new Set(own.map((s) => s.attribute));
  // Kinds are read of what the question asks about, the heads of its central nouns: not of a
  // circumstance ("in production", "for meetings", "in the morning") nor of a compound's modifier
  // ("time" in "time zone"): a kind of those fills nothing asked.
  // Nor of the thing whose state it is ("the shop" in "Which day is the shop shut?": a bakery is
  // a kind of shop, not a day it shuts).
  const nouns = new Set(
    own.flatMap((s) =>
      s.noun && s.central && s.compound.at(-1) === s.attribute && !held.includes(s.noun) ? [s.noun] : [],
    ),
  );
  // A question whose subject is its wh-phrase ("what app keeps my hours", "what heats our house")
  // asks what that phrase names: what its verb acts on ("my hours", "our house") is whose the
  // state is, not what is asked.
  const acted = whSubject(words, finite)
    ? new Set(words.slice(finite + 1).flatMap((w) => contentTokens(w.text)))
    : null;
  const central = own.filter((s) => s.central && !acted?.has(s.attribute));
  const asked = central.length > 0 || acted ? central : own;
  const heads = new Map(asked.flatMap((s) => s.head.map((h) => [h, { verb: s.verb }] as const)));
  const centralWords = new Set(asked.map((s) => s.attribute));
  return attributes.size > 0 ? { subject, attributes, nouns, heads, central: centralWords } : null;
}

/**
 * True when a question's subject is its wh-phrase: the finite verb is a verb of its own ("heats",
 * "keeps"; not an auxiliary, "does…"), and only the wh-word and its phrase come before it ("what",
 * "which bank", "what kind of oil"). "What app keeps my hours?" and "Who cleans our house?" are;
 * "What app do I use?" is not.
 */
function whSubject(words: readonly TaggedWord[], finite: number): boolean {
  const f = words[finite];
  if (!f || !(f.pos === "VERB" || doerVerbAt(words, finite))) return false;
  if (!/^(?:what|which|who)$/i.test(words[0]?.text ?? "")) return false;
  return words.slice(1, finite).every((w) => /^(?:NOUN|PROPN|ADJ|ADP|DET)$/.test(w.pos));
}

/** A question word a recall query opens with, after a spoken filler ("um so what's…"). */
const WH_OPENING =
  /^(?:(?:um+|uh+|er+m?|so|ok|okay|oh|and|also|btw)\b[\s,]*)*(?:what|which|who|whose|where|when|how)(?:[’'](?:s|re))?\b/i;

/**
 * True when a recall query asks: a question (`isQuestion`), or a text that opens with a question
 * word and ends with no full stop or exclamation — a query typed or dictated without its mark
 * ("what am i driving these days", "which inhaler am I on", "what heats our house"). A recall
 * query is asked, never stored, so a question word first is enough: the tagger's reading of its
 * finite verb (`askedSlot`) decides what it asks. Not "I drive a Tesla" nor "What a day!".
 *
 *   asksOfRecall("which inhaler am I on")  // → true
 *   asksOfRecall("What a day!")            // → false
 */
export function asksOfRecall(query: string): boolean {
  const t = query.trim();
  return isQuestion(t) || (WH_OPENING.test(t) && !/[.!]$/.test(t));
}

/**
 * True when a verb form is in the present of its lemma: the lemma, or its third person in -s,
 * -es or -ies ("live", "lives", "washes", "supplies"); "moved", "took", "supplied" are past.
 */
function presentForm(form: string, lemma: string): boolean {
  if (form === lemma || form === `${lemma}s` || form === `${lemma}es`) return true;
  return /[^aeiou]y$/.test(lemma) && form === `${lemma.slice(0, -1)}ies`;
}

/**
 * True when the word at `i` is the verb of a question whose subject is "who", whatever the tagger
 * reads it as: right after an opening "who", a word in -s is the verb ("Who supplies our
 * electricity?", "Who mills our flour?"; the tagger reads them as plural nouns). Not "Whose", nor
 * "Who is…" (read as the auxiliary it is).
 */
function doerVerbAt(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i];
  return (
    i === 1 &&
    w !== undefined &&
    w.pos === "NOUN" &&
    /^who$/i.test(words[0]!.text) &&
    /\p{Ll}s$/u.test(w.text) &&
    !/ss$/.test(w.text)
  );
}

/**
 * The nouns of the thing a question asks the state of, said with "the", no person named, or null: the subject
 * of the question's clause after its finite verb ("What food does *the cat* eat?", "Which day is
 * *the shop* shut?", "how heavy is *the cat*") or what a "who"/"what" subject does something to
 * ("Who insures *the bakery*?", "who leads *the choir*"). Not the thing asked itself, after a copula
 * with nothing after it ("What is the API rate limit?", "When is the daily standup?": the world's
 * states, the judge's), unless a "how" and an adjective ask its measure ("how heavy is the cat").
 */
function thingHeld(words: readonly TaggedWord[], finite: number): string[] | null {
  const at = words[finite + 1];
  if (at?.text.toLowerCase() !== "the") return null;
  let end = finite + 2;
  while (end < words.length && /^(?:NOUN|PROPN|ADJ)$/.test(words[end]!.pos)) end++;
  if (end === finite + 2 || words[end - 1]!.pos === "ADJ") return null;
  const thing = words
    .slice(finite + 2, end)
    .filter((w) => w.pos === "NOUN")
    .map((w) => w.lemma.toLowerCase());
  const rest = words.slice(end).filter((w) => w.pos !== "PUNCT");
  const f = words[finite]!;
  let held: boolean;
  // "who/what VERB the H": the wh-word is the subject, the thing its verb's object.
  if (f.pos === "VERB" || doerVerbAt(words, finite))
    held = finite <= 2 && /^(?:who|what|which)$/i.test(words[0]!.text);
  // After a copula, what follows is the thing's predicate ("is the shop shut", "is the shop on"),
  // not a phrase with a noun of its own that says which thing is asked ("What is the general
  // sentiment about the upcoming opening?": the sentiment is asked, not held).
  // A measure asked by "how" and an adjective is the thing's, whatever follows ("how big is the
  // power inverter in the cab").
  else if (rest.length > 0)
    held =
      f.lemma !== "be" ||
      !rest.some((w) => w.pos === "NOUN" || w.pos === "PROPN") ||
      (/^how$/i.test(words[0]!.text) && words[1]?.pos === "ADJ");
  // A copula with the thing last asks the thing's value itself, except a measure asked by "how" and an adjective.
  else held = /^how$/i.test(words[0]!.text) && words[1]?.pos === "ADJ";
  return held && thing.length > 0 ? thing : null;
}

/**
 * True when a slot a statement fills is about what the question asks, not only in its words: the
 * head of the statement's phrase is a head the question asks (`AskedSlot.heads`: "the dog walk" is
 * about a walk, not "our dog"; "for groceries" is no "grocery budget"; "every morning" is a
 * circumstance of "How far do I run in the morning?"), said as the question says it — a verb for a
 * verb ("Where do I work?": "Work made us use Mullvad" is no working), a noun for a noun ("Which
 * bike do I ride?": "I bike to work now" rides no bike).
 *
 *   const asked = askedSlot("What is my grocery budget?")!;
 *   asksAbout(fillsAskedSlot("We switched to Lidl for groceries.", asked)!, asked)            // → false
 *   asksAbout(fillsAskedSlot("We bumped the grocery budget to 550 euros.", asked)!, asked)    // → true
 */
export function asksAbout(slot: Slot, asked: AskedSlot): boolean {
  // A kind or a synonym of an asked noun (the lexicon's fill) is about it by that relation.
  if (!asked.attributes.has(slot.attribute)) return slot.head.includes(slot.attribute);
  // An asked adjective that heads its own phrase stands for the noun it leaves out ("our new
  // favourite is a taco spot" for "What is our favourite restaurant?").
  if (slot.noun === null && !slot.verb && slot.head.includes(slot.attribute)) return true;
  const head = slot.head.map((h) => asked.heads.get(h)).find((h) => h !== undefined);
  return head !== undefined && !(slot.verb && !head.verb);
}

/** A unit of time after "a", "per" or "each" that follows a count: the unit of a rate ("days a week", "twice a day", "10GB per month"). */
const RATE =
  /(?:\b(?:times|twice|once|\p{L}+s)|\d\S*)\s+(?:a|an|per|each)\s+(day|night|week|weekend|fortnight|month|year|hour|minute)\b/giu;

/**
 * The stemmed units of the rates a text states or asks: "How many days a week do I work?" →
 * {"week"}; "I run twice a day" → {"day"}; "a week off" → none (no count before it).
 */
export function rateUnits(text: string): Set<string> {
  return new Set([...text.matchAll(RATE)].flatMap((m) => contentTokens(m[1]!)));
}

/** "these days": the present a state holds in, as "now" is, not a thing asked. */
const PRESENT_SPAN = /\bthese\s+(days)\b/gi;

/** The stemmed nouns of the question's markers of the present: "What am I driving these days?" → {"day"}. */
function presentMarkers(question: string): Set<string> {
  return new Set([...question.matchAll(PRESENT_SPAN)].flatMap((m) => contentTokens(m[1]!)));
}

/** Nouns that, right after "what" or "which" and heading no compound, ask when ("what time", "which days"). */
const WHEN_NOUNS = new Set(["time", "day"]);

/**
 * The stemmed wh-noun of a question that asks when by it, or null: "What time is my alarm?",
 * "Which days do I swim?" → "time", "day"; not "What time zone…" (the noun is a compound's modifier).
 */
function whenNoun(words: readonly TaggedWord[]): string | null {
  const [wh, noun, next] = words;
  if (!wh || !noun || !/^(?:what|which)$/i.test(wh.text) || !WHEN_NOUNS.has(noun.lemma.toLowerCase()))
    return null;
  if (next && (next.pos === "NOUN" || next.pos === "PROPN")) return null;
  return contentTokens(noun.lemma)[0] ?? null;
}

/**
 * True when the newer of two statements of one slot names a value the older does not: a noun,
 * name, number or adjective outside the slot's own words and the question's ("my phone is a
 * Pixel 6" / "I upgraded my phone to an iPhone 15": iphone; "I'm vegetarian" / "I've gone fully
 * vegan": vegan). A restatement ("I still have my Pixel 6 phone") names none. `await loadTagger()` first.
 */
export function namesOtherValue(older: string, newer: string, asked: ReadonlySet<string>): boolean {
  const olderWords = new Set(contentTokens(older));
  return tagged(newer).some(
    (w) =>
      (w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "NUM" || w.pos === "ADJ") &&
      contentTokens(w.text).some((t) => !olderWords.has(t) && !asked.has(t)),
  );
}

/**
 * The slot of the question's that a statement fills, or null: whose the question asks (the
 * speaker's only in a first-person statement) and one of the question's attribute words. Two
 * statements may fill it with different words of the question ("Which cloud do we host on?":
 * "We host everything on AWS" / "We're on Google Cloud now"); the central one is preferred.
 * With a `lexicon`, a noun of the statement fills a noun the question asks when it is one sense
 * of it or a kind of it (`Lexicon.nounRelation`: "We renamed the puppy Waffles" fills "What is
 * our dog called?"; "our cat" does not). `await loadTagger()` first.
 *
 *   fillsAskedSlot("We host everything on AWS.", askedSlot("Which cloud do we host on?")!)
 *   // → { subject: "speaker", attribute: "host", central: true, … }
 */
export function fillsAskedSlot(
  statement: string,
  asked: AskedSlot,
  lexicon?: Lexicon,
  about = false,
): Slot | null {
  const filled = slotsFillingAsked(statement, asked, lexicon, about);
  return filled.find((s) => s.central) ?? filled[0] ?? null;
}

/** Every slot of a statement that fills the question's (`fillsAskedSlot`), in the statement's order. */
export function slotsFillingAsked(
  statement: string,
  asked: AskedSlot,
  lexicon?: Lexicon,
  about = false,
): Slot[] {
  if (asked.subject === "speaker" && !FIRST_PERSON.test(statement)) return [];
  const related = (s: Slot) =>
    lexicon !== undefined &&
    s.noun !== null &&
    [...asked.nouns].some((n) => lexicon.nounRelation(s.noun!, n) !== null);
  return slotsOf(statement).filter(
    (s) =>
      s.subject === asked.subject &&
      (asked.attributes.has(s.attribute) || related(s)) &&
      (!about || asksAbout(s, asked)),
  );
}

/**
 * The stemmed words of the phrase that names what a question asks (`ASKED_PHRASE_RULE`): each of its
 * central heads (`AskedSlot.heads`, as a noun) with the nouns and participles written before it
 * ("estimated", "tax"), back to the determiner or possessive. An adjective is not read: "current",
 * "local", "main" say which one, not what ("my current weight" / "my day rate for the current
 * client"). "How big is my estimated tax payment?" → {estimate, tax, payment}; "Where do I park?"
 * (a verb, no phrase) → {}. `await loadTagger()` first.
 */
export function askedPhraseWords(question: string, asked: AskedSlot): Set<string> {
  const words = tagged(question);
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos !== "NOUN") continue;
    const [head] = contentTokens(w.text);
    if (!head || asked.heads.get(head)?.verb !== false) continue;
    out.add(head);
    for (let j = i - 1; j >= 0; j--) {
      const m = words[j]!;
      const participle = m.pos === "VERB" && /(?:ed|en)$/i.test(m.text);
      if (m.pos === "ADJ") continue;
      if (m.pos !== "NOUN" && !participle) break;
      for (const t of contentTokens(m.text)) out.add(t);
    }
  }
  return out;
}

/**
 * True when a statement names the phrase a question asks by one of its words (`phrase`, the
 * question's `askedPhraseWords`, read once per question by the caller), in the first person when the
 * question asks the speaker's state, naming the person when it asks a named person's: "my cpa says
 * my quarterly estimate is $2,800" names "How big is my estimated tax payment?" ({estimate, tax,
 * payment}) by "estimate", where no slot of its fills the question's {tax, payment}; "I volunteer at
 * the food bank" is the speaker's and names nothing "Where does Dana volunteer?" asks, "Dana
 * volunteers at the library" does. Reads no tagger.
 */
export function namesAskedPhrase(statement: string, phrase: ReadonlySet<string>, asked: AskedSlot): boolean {
  const tokens = contentTokens(statement);
  if (asked.subject === "speaker" ? !FIRST_PERSON.test(statement) : !tokens.includes(asked.subject))
    return false;
  return tokens.some((t) => phrase.has(t));
}

/**
 * `fillsAskedSlot`, by a slot about what the question asks (`asksAbout`) only: "I'm training for a
 * half marathon now, so it's 10k runs most mornings" fills "How far do I run in the morning?" by
 * its runs, not its mornings; "We switched to Lidl for groceries" fills no "grocery budget".
 */
export function fillsAskedThing(statement: string, asked: AskedSlot, lexicon?: Lexicon): Slot | null {
  return fillsAskedSlot(statement, asked, lexicon, true);
}

/**
 * True when a statement names what a question asks — a word of its slot's central phrases
 * (`AskedSlot.central`: "team" in "Which team am I on?", not "take" in "What milk do I take in my
 * coffee?", "much" in "How much is our rent?" nor "morning" in "What do I drink in the morning?";
 * an indefinite pronoun names nothing: "moved everything to a credit union") — outside a subordinate clause (a subordinating
 * conjunction with a verb of its own, to the end of its phrase: "We moved standup to Thursdays
 * *since half the team is off*", "We moved to Walthamstow *since the rent in Clapham kept
 * climbing*"). Such a clause says why or when the change happened; the thing it names is not what
 * changed. A complement ("that …") is not such a clause. `await loadTagger()` first.
 *
 *   namesAskedThing("I transferred to the search team last week.", askedSlot("Which team am I on?")!)            // → true
 *   namesAskedThing("We moved standup to Thursdays since half the team is off.", askedSlot("Which team am I on?")!) // → false
 */
export function namesAskedThing(statement: string, asked: AskedSlot): boolean {
  for (const t of outsideReasons(statement)) if (asked.central.has(t)) return true;
  return false;
}

/**
 * The stemmed words of a statement outside its subordinate clauses (`namesAskedThing`), each by its
 * form and its lemma ("named" and "name"); no indefinite pronoun. `await loadTagger()` first.
 *
 *   outsideReasons("We moved standup to Thursdays since half the team is off.")  // → {"move", "standup", "thursday", …}, no "team"
 */
export function outsideReasons(statement: string): Set<string> {
  const words = tagged(statement);
  // A sentence that opens with its subordinate clause has its main clause after it.
  const from = mainClauseStart(statement, words) ?? 0;
  const out = new Set<string>();
  let inClause = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const before = words[i - 1];
    if (before && PHRASE_STOP.test(statement.slice(before.start + before.text.length, w.start)))
      inClause = false;
    if (w.start < from) continue;
    // A conjunction after a verb of the sentence's, or opening it: a clause; after only an adverb
    // it is one itself ("Lately though my favourite show is The Bear").
    const opens = i === 0 || words.slice(0, i).some((v) => v.pos === "VERB" || v.pos === "AUX");
    if (w.pos === "SCONJ" && !/^that$/i.test(w.text) && opens && clauseVerbAfter(statement, words, i))
      inClause = true;
    if (inClause || INDEFINITE.test(w.text)) continue;
    for (const t of [...contentTokens(w.text), ...contentTokens(w.lemma)]) out.add(t);
  }
  return out;
}

/** Indefinite pronouns: they stand for no thing of their own ("moved everything to a credit union"). */
const INDEFINITE = /^(?:every|some|any|no)(?:thing|one|body)$/i;

/** True when a verb of its own follows word `i` before its phrase ends: a clause, not a preposition ("since 2019"). */
function clauseVerbAfter(text: string, words: readonly TaggedWord[], i: number): boolean {
  for (let j = i + 1; j < words.length; j++) {
    const w = words[j]!;
    const before = words[j - 1]!;
    if (PHRASE_STOP.test(text.slice(before.start + before.text.length, w.start))) return false;
    if (w.pos === "VERB" || w.pos === "AUX") return true;
  }
  return false;
}

/**
 * The people who practise a kind of practice or doctrine ("-ism"), by English derivation: the
 * stem itself or the stem with "-ist" ("vegetarianism" → "vegetarian", "buddhism" → "buddhist",
 * "pugilism" → "pugilist"), when the lexicon knows it as a kind of person (`Lexicon.isPerson`),
 * with its own kinds ("vegetarian" → "vegan"). WordNet relates few such pairs ("vegetarianism" has
 * no derivation to "vegetarian"), so a question about the practice ("What diet do I follow?") and
 * a statement that the speaker is its practitioner ("I've gone fully vegan") share no relation of
 * its. [] for a word that is no "-ism".
 */
export function practitionersOf(kind: string, lexicon: Lexicon): string[] {
  if (!/^[a-z]{3,}ism$/.test(kind)) return [];
  const stem = kind.slice(0, -3);
  const out: string[] = [];
  for (const who of [stem, `${stem}ist`].filter((w) => lexicon.isPerson(w)))
    out.push(who, ...lexicon.nounKinds(who).filter((w) => !/[\s-]/.test(w)));
  return [...new Set(out)];
}

/**
 * The word of `words` the speaker says they are or have become, or null: "I'm vegetarian", "I am
 * a vegan", "I've gone fully vegan as of this month", "I became a Buddhist", "I've been vegetarian
 * since college". Not another person ("my sister is vegan"), a past ("I was vegan at uni"), a
 * negation ("I'm not vegan") or a plan ("I might go vegan": a word between the speaker and the verb).
 */
export function speakerIs(statement: string, words: ReadonlySet<string>): string | null {
  const text = statement.replace(/’/g, "'");
  for (const m of text.matchAll(SPEAKER_IS)) {
    const word = m[1]!.toLowerCase();
    if (words.has(word)) return word;
  }
  return null;
}

/** The speaker as subject, a verb of being or becoming, adverbs and an article, then the word. */
const SPEAKER_IS = new RegExp(
  String.raw`\b(?:i'm|i am|we're|we are|i've (?:been|gone|become|turned)|we've (?:been|gone|become|turned)|i (?:went|became|turned)|we (?:went|became|turned))\s+(?:(?:fully|${adverbs(NOW, STILL)}|completely|totally|strictly|mostly|also|a|an)\s+)*([a-z]+)\b`,
  "gi",
);

const POSSESSIVE_FIRST = /\b(?:my|our)\b/i;
const SPEAKER_WORD = /\b(?:i|me|we|us|myself|ourselves)\b/i;

/**
 * The speaker as subject or object: "I", "me", "we", "us" and their contractions. Wider than
 * `SPEAKER_SUBJECT` (text.ts) on purpose: "my doctor put me on Zyrtec" involves the speaker too.
 */
const SPEAKER_ITSELF = /^(?:i|me|we|us|myself|ourselves)(?:[’'](?:m|re|ve|d|ll))?$/i;

/**
 * True when a statement says the state of another person of the speaker's, not the speaker's own:
 * its first-person words are all the possessor of a person ("my flatmate", "my coworker Dana",
 * "our daughter", "my neighbour"; a noun WordNet reads as a kind of person, `Lexicon.isPerson`),
 * none of them a person the question asks about ("Who is my roommate?": "my new roommate is
 * Priscilla" is the speaker's state). Through a possessive chain, the first link says whose: "my
 * sister's salary", "our neighbour's dog" are a person's; "my car's engine", "my company's health
 * plan" the speaker's. "My flatmate started taking the number 38 bus" says nothing
 * of the speaker's bus, nor "My daughter left the school choir and joined St Mary's" of the
 * speaker's choir. Not when the speaker is a subject or object anywhere ("The pool changed its
 * schedule, so I swim on Fridays now", "Facilities moved us up", "my doctor put me on Zyrtec"),
 * when a first-person word possesses a thing ("my phone"). With no first-person word at all, true
 * when the main clause's subject is a person's name (`namedSubject`: "Dana quit the food bank" says
 * nothing of where the speaker banks); a common-noun subject is left to the slot readers ("The
 * landlord raised the rent" stays a change of our rent). `await loadTagger()` first.
 *
 *   saysOthersState("My flatmate started taking the 38 bus.", askedSlot("Which bus do I take?")!, lexicon)  // → true
 *   saysOthersState("Oliver moved out, so my new roommate is Priscilla.", askedSlot("Who is my roommate?")!, lexicon)  // → false
 */
export function saysOthersState(statement: string, asked: AskedSlot, lexicon: Lexicon): boolean {
  // Read without the tagger first: the speaker itself gives the state away, unless only in what
  // the speaker does about another's state said first ("The new oiler needs size 39 boots, I'll…").
  if (SPEAKER_WORD.test(statement)) return opensWithOthersState(statement, asked, lexicon);
  if (!POSSESSIVE_FIRST.test(statement)) return namedSubject(statement, asked, lexicon) !== null;
  const words = tagged(statement);
  let others = false;
  for (let i = 0; i < words.length; i++) {
    const lower = words[i]!.text.toLowerCase();
    if (SPEAKER_ITSELF.test(lower)) return false;
    if (lower !== "my" && lower !== "our") continue;
    // The noun the possessive goes with, over adjectives, adverbs and numbers ("my new boss").
    let j = i + 1;
    while (j < words.length && /^(?:ADJ|ADV|NUM|DET)$/.test(words[j]!.pos)) j++;
    const noun = words[j];
    if (noun?.pos !== "NOUN") return false;
    // A possessive chain: "my sister's salary" is the sister's (a person), "my car's engine" the speaker's.
    const lemma = noun.lemma.toLowerCase().replace(/[’']s$/, "");
    if (asked.nouns.has(lemma) || contentTokens(noun.text).some((t) => asked.attributes.has(t))) return false;
    if (!lexicon.isPerson(lemma)) return false;
    others = true;
  }
  return others;
}

/**
 * Where a statement's first clause ends: a comma (not one that groups a number's thousands:
 * "£1,275"), a semicolon, a dash between spaces or a sentence's end (not the point after a title:
 * "Dr. Yap").
 */
const FIRST_CLAUSE_END =
  /\s*(?:(?:;|[!?]|(?<!\b(?:[Mm]rs?|[Mm]s|[Dd]r|[Pp]rof|[Ss]t))\.)(?:\s|$)|,(?<!\d,(?=\d{3}(?!\d)))|\s[-–—]\s)\s*/u;

/**
 * True when a statement opens with another person's state and the speaker comes in only after it,
 * saying what they do about it: the first clause has no first-person word, says no change
 * (`saysChangedState`) and has for subject a person (`personSubject`: "The new oiler", "Titi") who
 * is not what the question asks, with one group of verbs (`oneVerbGroup`: not what the person
 * says of another thing, "The pharmacist says 20mg is fine, I take it at night"), and no later
 * clause with a first-person word says a change (`saysChangedState`: "…the landlord put it up at
 * renewal, so I'm paying £1,275 now") or names a noun the question asks. "The new oiler needs size 39 safety shoes, I'll ask the master to include it in the
 * order." says the oiler's size, not the speaker's, for "What size are my safety shoes?"; "The new
 * messman is B+, I wrote it on the crew list" is the messman's blood type. Not when the first
 * clause says a change another makes to a thing ("The landlord raised the rent to £950, I can't
 * believe it": whose rent is left to the slot readers), when the person is the asked thing ("The
 * new manager is Priya, I report to her now" for "Who is my manager?"), nor when the speaker's
 * clause says the asked thing again, by a noun or by the speaker's verb the question asks ("The new
 * nanny starts at 8, I leave for work at 7:30 on weekdays" for "When do I leave for work?"). `await loadTagger()` first.
 *
 *   opensWithOthersState("The new oiler needs size 39 safety shoes, I'll ask the master.", askedSlot("What size are my safety shoes?")!, lexicon) // → true
 *   opensWithOthersState("The new manager is Priya, I report to her now.", askedSlot("Who is my manager?")!, lexicon) // → false
 */
export function opensWithOthersState(statement: string, asked: AskedSlot, lexicon: Lexicon): boolean {
  const end = FIRST_CLAUSE_END.exec(statement);
  if (!end) return false;
  const first = statement.slice(0, end.index);
  const rest = statement.slice(end.index + end[0].length);
  if (FIRST_PERSON.test(first) || SPEAKER_WORD.test(first) || saysChangedState(first)) return false;
  if (!personSubject(first, asked, lexicon) || !oneVerbGroup(tagged(first))) return false;
  const askedNoun = (w: TaggedWord) =>
    [...contentTokens(w.text), ...contentTokens(w.lemma)].some((t) => asked.nouns.has(t));
  // The speaker's own verb the question asks ("I leave for work at 7:30" for "when do I leave for work").
  const askedVerb = (w: TaggedWord) =>
    w.pos === "VERB" &&
    !LIGHT_VERBS.has(w.lemma) &&
    contentTokens(w.lemma).some((t) => asked.attributes.has(t));
  const speakers = rest.split(FIRST_CLAUSE_END).filter((c) => FIRST_PERSON.test(c) || SPEAKER_WORD.test(c));
  return (
    speakers.length > 0 &&
    speakers.every(
      (c) =>
        !saysChangedState(c) && !tagged(c).some((w) => (w.pos === "NOUN" && askedNoun(w)) || askedVerb(w)),
    )
  );
}

/**
 * True when a clause's verbs are one group (adverbs and particles between them: "will need", "has
 * always been"): the clause says its subject's state, not what the subject says of something else
 * in a clause of its own ("The pharmacist says 20mg is fine": the 20mg may be the speaker's).
 */
function oneVerbGroup(words: readonly TaggedWord[]): boolean {
  const verbs = words.flatMap((w, i) => (w.pos === "VERB" || w.pos === "AUX" ? [i] : []));
  return verbs.every(
    (v, k) => k === 0 || words.slice(verbs[k - 1]! + 1, v).every((w) => w.pos === "ADV" || w.pos === "PART"),
  );
}

/**
 * True when a clause's subject is a person the question does not ask about: a name
 * (`namedSubject`), or a common noun whose head WordNet reads as a kind of person
 * (`Lexicon.isPerson`: "the new oiler", "the bosun's wife") or, unlisted, a closed compound ending
 * in one (`personCompound`: "messman"). The subject is the words before the clause's first verb.
 */
function personSubject(clause: string, asked: AskedSlot, lexicon: Lexicon): boolean {
  if (namedSubject(clause, asked, lexicon) !== null) return true;
  const words = tagged(clause);
  const verb = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb <= 0) return false;
  const head = words
    .slice(0, verb)
    .filter((w) => w.pos === "NOUN")
    .at(-1);
  if (!head || head !== words[verb - 1]) return false;
  const lemma = head.lemma.toLowerCase();
  if (asked.nouns.has(lemma) || contentTokens(head.text).some((t) => asked.attributes.has(t))) return false;
  return lexicon.isPerson(lemma) || personCompound(lemma, lexicon);
}

/**
 * True when a word the lexicon does not list as a noun is a closed compound of a listed noun and a
 * noun of a person ("messman": "mess" + "man"; "deckboy": "deck" + "boy"), each part of three
 * letters or more; false for a listed word or any other.
 *
 *   personCompound("messman", wordnet) // → true     personCompound("oilcan", wordnet) // → false
 */
export function personCompound(word: string, lexicon: Lexicon): boolean {
  if (lexicon.lists(word, "noun")) return false;
  for (let i = 3; i <= word.length - 3; i++) {
    const [left, right] = [word.slice(0, i), word.slice(i)];
    if (lexicon.lists(left, "noun") && lexicon.isPerson(right)) return true;
  }
  return false;
}

/**
 * The person's name a statement with no first-person word has as the subject of its main clause,
 * lower-cased, or null: "Dana quit the food bank after the new manager started" → "dana". A
 * capitalised proper noun ("Dana", "Mrs. Halloran", "Marco and Dana") before the main clause's
 * first verb, after an opening subordinate clause if there is one (`mainClauseStart`); a title
 * before it is part of it, a relative's too ("Aunty Nkechi", "Uncle Tunde": WordNet's kinds of relative). A named
 * third person is not the speaker: what the clause says is that person's state. Not: a common
 * noun ("The landlord raised the rent": whose rent is left to the slot readers, as before), a word
 * capitalised only because it opens the sentence and that WordNet knows as a common noun with
 * kinds of its own ("Production runs Redis 7.2.4"), an identifier ("checkout-svc is owned by
 * Ravi"), an acronym ("AWS"), nor the name the question asks about ("Where does Dana volunteer?",
 * or "Netflix" in "How much do I pay for Netflix?"). `await loadTagger()` first.
 *
 *   namedSubject("Dana quit the food bank.", askedSlot("Who do I bank with?")!, lexicon)       // → "dana"
 *   namedSubject("The landlord raised the rent.", askedSlot("How much is our rent?")!, lexicon) // → null
 */
export function namedSubject(statement: string, asked: AskedSlot, lexicon: Lexicon): string | null {
  if (FIRST_PERSON.test(statement)) return null;
  const words = tagged(statement);
  const start = mainClauseStart(statement, words) ?? 0;
  const clause = words.filter((w) => w.start >= start);
  const verb = clause.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb <= 0) return null;
  const subject = clause.slice(0, verb);
  // A relative's title before a name is part of it, as "Mrs" is ("Aunty Nkechi", "Uncle Tunde").
  const relativeTitle = (w: TaggedWord, i: number) =>
    /^\p{Lu}/u.test(subject[i + 1]?.text ?? "") &&
    subject[i + 1]!.pos === "PROPN" &&
    lexicon.nounRelation(w.text.toLowerCase(), "relative") !== null;
  const names = subject.filter(
    (w, i) => !isTitle(w.text) && !relativeTitle(w, i) && w.text.toLowerCase() !== "and",
  );
  const name = (w: TaggedWord) => {
    if (w.pos !== "PROPN" || !/^\p{Lu}\p{Ll}+$/u.test(w.text)) return false;
    const lower = w.text.toLowerCase();
    if (asked.attributes.has(lower) || contentTokens(w.text).some((t) => asked.attributes.has(t)))
      return false;
    // Sentence-initial capitals are no evidence of a name: a common noun with kinds reads as one.
    return w.start > 0 || (lexicon.nounKinds(lower).length === 0 && !lexicon.isPerson(lower));
  };
  if (names.length === 0 || !names.every(name)) return null;
  if (names.some((w) => w.text.toLowerCase() === asked.subject)) return null;
  return names.map((w) => w.text.toLowerCase()).join(" ");
}

/** The days a recurring time is said by ("on Saturdays", "on Thursday evenings", "every weekend"). */
const DAY_NAMES = alternationOf([...calendarWords({ weekdays: "names" }), "weekend"]);
const RECURRING_DAY = new RegExp(`\\b(?:on|every|each)\\s+(${DAY_NAMES})s?\\b`, "gi");
/** "instead" that leaves what it replaces unsaid: not "instead of …". */
const BARE_INSTEAD = /\binstead\b(?!\s+of\b)/i;
/**
 * The speaker as the subject of a clause, in running text: "I", "we", "I'm", "we're", "I've"
 * before a verb. Not `SPEAKER_SUBJECT` (text.ts): it leaves out "I'll" and "I'd" on purpose, a plan
 * or a wish ("I'll do kickboxing on Thursdays instead") that takes no day from anything yet.
 */
const SPEAKER_CLAUSE = /\b(?:i|we)(?:[’'](?:m|re|ve))?\s+(?:\w+\s+)?\w+/i;

/**
 * The recurring day a newer statement takes from an older one "instead", or null: both say it as
 * when something is done ("on Saturdays", "on Thursday evenings", "every weekend"), the newer in
 * the speaker's own clause with a bare "instead", leaving what it replaces for the listener to
 * find — the older activity at that time ("I volunteer at the food bank on Saturdays" / "These days
 * I help out at the animal shelter on Saturdays instead" → "saturday"). Not when the older's day
 * is the value it gives ("We moved standup to Thursdays": a day said with "to" is no time of an
 * activity), when "instead of …" names what it replaces, when the days differ, nor when no clause
 * has the speaker as subject ("My flatmate takes the bus on Mondays instead").
 *
 *   takesDayInstead("I go to a spin class on Thursday evenings.", "These days I do kickboxing on Thursday evenings instead.")  // → "thursday"
 *   takesDayInstead("We moved standup to Thursdays.", "I do kickboxing on Thursday evenings instead.")  // → null
 */
export function takesDayInstead(older: string, newer: string): string | null {
  if (!BARE_INSTEAD.test(newer) || !SPEAKER_CLAUSE.test(newer)) return null;
  const olderDays = new Set(recurringDays(older));
  return recurringDays(newer).find((day) => olderDays.has(day)) ?? null;
}

/** The days a statement says something is done on, recurring ("on Saturdays" → "saturday"). */
export function recurringDays(text: string): string[] {
  return [...new Set([...text.matchAll(RECURRING_DAY)].map((m) => m[1]!.toLowerCase()))];
}

/**
 * The parts of a day a daily time is said by ("every evening", "each night"). A day's part ("on
 * Thursday evenings") recurs weekly, with its day (`recurringDays`), and is not the same time.
 */
const TIMES_OF_DAY = ["morning", "afternoon", "evening", "night"] as const;
const RECURRING_TIME = /\b(?:every|each)\s+(morning|afternoon|evening|night)\b/gi;
/** A change said by where the speaker went only, leaving what it replaces unsaid ("I've moved over to Babbel now"). */
const OPEN_CHANGE =
  /\b(?:i|we)(?:[’'](?:ve|m)|\s+have)?\s+(?:\w+\s+)?(?:moved|switched|changed|gone)\s+(?:over\s+|back\s+)?to\b/i;

/** The parts of the day a statement says something is done at, daily ("every evening" → "evening"). */
export function recurringTimes(text: string): string[] {
  return [...new Set([...text.matchAll(RECURRING_TIME)].map((m) => m[1]!.toLowerCase()))];
}

/**
 * The times of day a statement's recurring time may be said by in another statement: itself, and
 * the parts of the day WordNet has it as a part of or a whole of ("evening" and "night": the evening
 * is "the early part of night").
 */
export function sameTimes(time: string, lexicon: Lexicon): string[] {
  return TIMES_OF_DAY.filter((t) => t === time || lexicon.isPartOf(time, t) || lexicon.isPartOf(t, time));
}

/**
 * The recurring time of day a newer statement takes from an older one, or null: the older says it
 * as when something is done ("I practise Italian on Memrise every evening"), the newer says the same
 * time or one WordNet has as its whole or part ("each night", `sameTimes`) in the speaker's own
 * clause, with a change that leaves what it replaces unsaid — a bare "instead", or a move said by
 * where the speaker went only ("I've moved over to Babbel now, twenty minutes before dinner each
 * night"). Not with "instead of …" or "from …" (what it replaces is named), nor another person's
 * clause ("My flatmate switched to the gym each evening"), nor a time only the older says.
 *
 *   takesTimeOfDay("I practise Italian on Memrise every evening.", "I've moved over to Babbel now, twenty minutes before dinner each night.", lexicon)  // → "night"
 *   takesTimeOfDay("I practise Italian on Memrise every evening.", "I moved the piano to the hall each night.", lexicon)  // → null
 */
export function takesTimeOfDay(older: string, newer: string, lexicon: Lexicon): string | null {
  if (!SPEAKER_CLAUSE.test(newer) || /\bfrom\b/i.test(newer)) return null;
  if (!BARE_INSTEAD.test(newer) && !OPEN_CHANGE.test(newer)) return null;
  const times = new Set(recurringTimes(older).flatMap((t) => sameTimes(t, lexicon)));
  return recurringTimes(newer).find((t) => times.has(t)) ?? null;
}

/**
 * The one value an older statement gives that the question does not name, or null when it gives
 * none or several: what a change that leaves what it replaces unsaid ("I've moved over to Babbel
 * now", `takesTimeOfDay`) can only be read as replacing. "I practise Italian on Memrise every
 * evening" for "Which app do I practise Italian on?" leaves Memrise; for "Which language am I
 * learning?", "I'm learning Japanese on Duolingo every evening" leaves Japanese and Duolingo, and
 * the change may replace either — the listener cannot tell, so the link is not made.
 *
 *   valueLeftUnsaid("I practise Italian on Memrise every evening.", "Which app do I practise Italian on?")  // → "Memrise"
 *   valueLeftUnsaid("I'm learning Japanese on Duolingo every evening.", "Which language am I learning?")      // → null
 */
export function valueLeftUnsaid(older: string, question: string): string | null {
  const asked = new Set(contentTokens(question));
  const left = namedValues(older).filter((v) => !contentTokens(v).some((t) => asked.has(t)));
  return left.length === 1 ? left[0]! : null;
}

/** The auxiliaries and forms of be that end a wh-determiner's noun phrase ("Which code editor *do* I use?"). */
const ASKED_PHRASE =
  /^\s*(?:which|what)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:do|does|did|is|are|am|was|were|has|have|will|can)\b/iu;

/**
 * The kind a question asks a member of, by its wh-determiner: the head of the noun phrase right
 * after "which" or "what" ("Which *school* does my son go to?", "Which code *editor* do I use?",
 * "What *keyboard* do I type on?"), when it is a noun of the asked slot and no kind of person;
 * null for "What is our favourite restaurant?" (no determiner), "Who looks after our dog?", "What
 * time…" (a time is no kind of thing a name is of). A determiner asks for one of a class, so a
 * name of that class answers it.
 */
export function askedKind(question: string, asked: AskedSlot, lexicon: Lexicon): string | null {
  const m = ASKED_PHRASE.exec(question);
  if (!m) return null;
  const head = m[1]!.trim().split(/\s+/).at(-1)!.toLowerCase();
  if (!asked.nouns.has(head) || lexicon.isPerson(head) || /^(?:time|day|days|year|month|week)$/.test(head))
    return null;
  return head;
}

/**
 * A name in `text`, not among `except`, that WordNet reads as a member of `kind` (`askedKind`), or
 * null: the whole name is an instance or kind of it ("Edinburgh" of "city"), or a longer name's
 * last word is, as the common noun the name is made of ("Riverside Academy": an academy is a
 * school). A name WordNet lacks ("Neovim", "Virgin Media") is of no kind it can tell: null. A name
 * is a run of capitalised words (`namedValues`, never a sentence's first word) with only a space
 * between them. The slot-typed link (`missedSuccessors`): a newer statement that names another
 * value of the asked kind replaces the older's value even when the two share no word.
 *
 *   namesAskedKind("Theo's teacher at Riverside Academy set a project.", "school", [], lexicon)  // → "Riverside Academy"
 *   namesAskedKind("Theo plays the violin after school on Fridays.", "school", [], lexicon)      // → null
 */
export function namesAskedKind(
  text: string,
  kind: string,
  except: readonly string[],
  lexicon: Lexicon,
): string | null {
  const known = new Set(except.map((w) => w.toLowerCase()));
  const names = new Set(namedValues(text));
  // Runs of capitalised words with only a space between: "Riverside Academy", "Edinburgh".
  const runs: string[][] = [];
  let end = -1;
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu)) {
    const word = m[0].replace(/[’']s$/, "");
    if (!names.has(word)) {
      end = -1;
      continue;
    }
    if (end >= 0 && /^ +$/.test(text.slice(end, m.index))) runs.at(-1)!.push(word);
    else runs.push([word]);
    end = word === m[0] ? m.index + m[0].length : -1;
  }
  for (const words of runs) {
    // A run every word of which the older names is its own value; one word in common is not ("Hillcrest
    // Academy" / "Northgate Academy").
    if (words.every((w) => known.has(w.toLowerCase()))) continue;
    const name = words.join(" ");
    // The whole name as an instance or kind; a longer name's last word also as the kind itself.
    const whole = lexicon.nounRelation(name.toLowerCase(), kind);
    if (whole === "kind" || whole === "synonym") return name;
    if (words.length > 1 && lexicon.nounRelation(words.at(-1)!.toLowerCase(), kind) !== null) return name;
  }
  return null;
}

/**
 * The slot-typed link's test (`missedSuccessors`): a name of `newer` of the asked kind that `older`
 * does not name (`namesAskedKind`), in a statement that names a name the older names (the same
 * person or thing: "My son Theo …" / "Theo's teacher at Riverside Academy …"), or in a statement
 * of the speaker's (first person) when the older names a member of that kind too; else null.
 */
export function namesAnotherOfAskedKind(
  newer: string,
  older: string,
  kind: string,
  lexicon: Lexicon,
): string | null {
  const own = namedValues(older);
  const name = namesAskedKind(newer, kind, own, lexicon);
  if (name === null) return null;
  // A name said first in a sentence is not among `namedValues` ("Theo's teacher …"): any word.
  const words = new Set(newer.split(/[^\p{L}\p{N}'’&-]+/u).map((w) => w.replace(/[’']s$/, "").toLowerCase()));
  if (own.some((w) => words.has(w.toLowerCase()))) return name;
  // Else the speaker's, and only in place of a member of the kind the older names too ("I live in
  // Leeds" / "…since we moved to Edinburgh"): a speaker's name of the kind said about another thing
  // ("we met friends at the Grand Hotel" for "Which building is my office in?") replaces nothing.
  return FIRST_PERSON.test(newer) && namesAskedKind(older, kind, [], lexicon) !== null ? name : null;
}
