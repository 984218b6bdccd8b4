/**
 * What the lexical judge reads in one statement, computed once per text and cached: content
 * words, numbers, negation, enumerated states (on/off, enabled/disabled …), cues, and the
 * subject · predicate · value slots found from part-of-speech tags and lemmas (./tagger.ts).
 * Pure functions of the text: a cached analysis judges exactly as a fresh one.
 */

import { boundedMemo } from "../bounded-memo.js";
import { calendarWords, SEASONS } from "../calendar-words.js";
import {
  adverbs,
  adverbWords,
  CURRENTLY,
  FROM_NOW_ON,
  NO_LONGER,
  NOW,
  STILL,
  THESE_DAYS,
} from "../change-adverbs.js";
import { lowerCaseNames } from "../lower-case-names.js";
import { subordinatorWord } from "../subordinators.js";
import {
  asWritten,
  contentTokens,
  hasAdditiveCue,
  hasChangeCue,
  isHypothetical,
  isNegated,
  isQuestion,
  jaccard,
  negationWord,
  numericTokens,
  rawTokens,
  STOP_WORDS,
  stem,
  wordTable,
} from "../text.js";
import { CANONICAL_FORMS } from "./coverage.js";
import { formTakes, lemmaAs, listedWord, type TaggedWord, tag } from "./tagger.js";

/**
 * Predicates, canonicalised: every copula is `is`, change verbs are `→`, and verbs that report how
 * an attempt went are `OUTCOME` (`outcomeAt`).
 */
const COPULAS = new Set(["is", "are", "was", "were", "be", "=", "equals", "means"]);
const CHANGE_VERBS = new Set([
  "moved",
  "switched",
  "changed",
  "renamed",
  "replaced",
  "migrated",
  "upgraded",
  "downgraded",
  "updated",
  "relocated",
  "transferred",
  "became",
  "becomes",
  // "failed over (to …)" and "passed (on) to": with their particle only; bare, they report an
  // outcome, which `slots` reads first (`outcomeAt`).
  "failed",
  "reassigned",
  "bumped",
  "raised",
  "lowered",
  "increased",
  "decreased",
  "reduced",
  "ported",
  "rotated",
  "rebranded",
  "scaled",
  "extended",
  "passed",
  "handed",
]);
const VERBS = new Set(
  (
    "use run live work prefer own lead manage host store point require need cost take support deploy " +
    "call report belong sit serve handle listen expose contain target default allow block read write send " +
    "depend rely hold keep stay reside locate base owned led managed hosted stored pointed set configured"
  ).split(" "),
);

interface Slots {
  subject: string[];
  predicate: string | null;
  value: string[];
  /** With the predicate `OUTCOME`: what the attempt came to, its negation read ("didn't work": failure). */
  result?: Result;
  /**
   * The content words of a fronted adverbial (`frontedEnd`), and whether it sets a scope ("For
   * enterprise customers, …", "On public holidays, …", "If it rains, …": the statement holds
   * there only) rather than when or why it came to hold ("Since March, …", "After the reorg, …").
   */
  frame?: { scope: boolean; words: string[] };
  /**
   * With the predicate `→`: what the verb of change takes before its "to", the thing changed
   * ("The landlord bumped *the rent* to 1350"), when a noun phrase stands there.
   */
  object?: string[];
  /**
   * With the predicate `→`: the thing the verb of change takes right after it, "to" or not
   * ("Kayla renamed *the truck*", "sam moved *it* to the garage"): its noun words, or `pronoun`
   * when a personal pronoun stands there alone ("Kayla renamed *her*"), which names no thing.
   */
  changedThing?: { words: string[]; pronoun: boolean };
  /**
   * With the predicate `→`: the bare noun phrase the verb of change takes right after it, with no
   * determiner or possessive ("Tess changed *endocrinologist*", "we switched *banks*", "I changed
   * *jobs*"): its words, stemmed. The thing whose holder or kind changed (`changedThing` takes the
   * phrases a determiner opens). Not a name alone ("switched Brightlane out"), not "to" ("moved to Cork").
   */
  bareThing?: string[];
}

/**
 * Openers of an adverbial that says when or why a statement came to hold, not where it holds:
 * "Since March, the gateway runs on Kong", "After the promotion I bumped the standing order to
 * £450", "Once Dave retired I …", "Because the 8:15 got cancelled, I catch the 7:40". Every other
 * opener sets a scope (for, in, on, at, under, with, during, if, when, while, until, before …).
 * Of the openings with no finite verb (`nonFiniteOpener`), "Starting …", "Beginning …",
 * "Effective …", "As of …" say when, and an infinitive says why ("To save space, …"); any other
 * gerund sets a scope ("Excluding weekends, …").
 */
const SINCE_OPENER = /^(?:since|after|once|because|following|from|starting|beginning|effective|as|to)$/i;

/**
 * The predicate of a statement that reports how an attempt went: "The blue-green switch worked",
 * "Deploy failed: migration lock timeout", "The nightly backup timed out". An outcome is an event
 * of its subject, not a value of one of its attributes: it changes no value (only `→` announces a
 * change), and two outcomes of one subject with other results are an outcome conflict
 * (`unsure:other-outcome` in rules.ts), not a restatement and not a change.
 */
export const OUTCOME = "outcome";
export type Result = "success" | "failure";

/**
 * Verbs that report how an attempt went, by lemma: the result each reports, and when the verb has
 * another sense instead, read from the word after it (`next`, lower case; `tagged`, its tag, when
 * the text was tagged) and whether the clause ends after the verb. "failed over to" and "passed
 * (on) to" hand a value over (a change: the verbs of change read them); "succeeded Tom as lead"
 * takes a holder's place; "broke up", "passed away", "crashed at a friend's" are other events;
 * "works at Acme", "work on billing" name an employer or a task, so "work" reports a result only
 * at the end of its clause or before an adverb of how it went ("worked fine"). "time" reports one
 * only as "timed out".
 */
const OUTCOME_VERBS = wordTable<{ result: Result; reports: (after: After) => boolean }>({
  work: { result: "success", reports: ({ next, clauseEnds }) => clauseEnds || HOW_IT_WENT.has(next ?? "") },
  succeed: {
    result: "success",
    reports: ({ tagged }) => !["NOUN", "PROPN", "PRON", "DET"].includes(tagged ?? ""),
  },
  // "passed the design guild on to Aisha": a recipient after "to" makes it a hand-over.
  pass: {
    result: "success",
    reports: ({ next, words }) => !/^(?:over|down|along|away)$/.test(next ?? "") && !words.includes("to"),
  },
  fail: { result: "failure", reports: ({ next }) => next !== "over" },
  break: {
    result: "failure",
    reports: ({ next }) => !/^(?:up|into|in|off|even|ground|free|out|away|through)$/.test(next ?? ""),
  },
  crash: { result: "failure", reports: ({ next }) => !/^(?:at|into)$/.test(next ?? "") },
  time: { result: "failure", reports: ({ next }) => next === "out" },
});
/** What follows an outcome verb: the next word (lower case) and its tag, the clause's next few words, whether the clause ends. */
interface After {
  next: string | undefined;
  tagged: string | undefined;
  words: readonly string[];
  clauseEnds: boolean;
}
/** Adverbs of how an attempt went, after "worked": "worked fine", "works perfectly again". */
const HOW_IT_WENT = new Set(
  "fine well perfectly great again smoothly flawlessly nicely first out ok okay".split(" "),
);
/** Inflected forms of the outcome verbs, for a text read without tags: "failed" → "fail", "broke" → "break". */
const OUTCOME_FORMS = new Map<string, string>([
  ...[...OUTCOME_VERBS.keys()].flatMap((l) =>
    ["", "s", "es", "ed", "d"].map((end) => [`${l}${end}`, l] as [string, string]),
  ),
  ["broke", "break"],
]);
/**
 * A negated auxiliary of do-support or a modal ("doesn't", "didn't", "won't", "can't"; "did not",
 * "will not"): the word after it is a bare verb, whatever the tagger read ("The cache fix doesn't
 * work" tags "work" a noun). Not "isn't" or "hasn't": a noun may follow those ("It isn't work").
 */
const VERB_FOLLOWS = /^(?:do|does|did|can|could|will|would|shall|should|must|might|may|wo|ca|sha)(?:n't)$/;
const BARE_VERB_BEFORE = /^(?:do|does|did|can|could|will|would|shall|should|must|might|may)$/;
const bareVerbAt = (raw: readonly string[], i: number): boolean =>
  VERB_FOLLOWS.test(asWritten(raw[i - 1] ?? "")) ||
  (raw[i - 1] === "not" && BARE_VERB_BEFORE.test(raw[i - 2] ?? ""));

/**
 * The result the verb at `i` reports, or null when it reports none (another verb, or an outcome
 * verb in its other sense). A negation just before the verb turns the result over: "didn't work",
 * "never failed".
 */
function outcomeAt(
  text: string,
  raw: readonly string[],
  words: readonly TaggedWord[] | null,
  i: number,
): Result | null {
  const w = words?.[i];
  // A noun ("the work", "a break") names a thing, not how it went — unless a negated auxiliary
  // makes it a verb (`bareVerbAt`).
  if (w && (w.pos === "NOUN" || w.pos === "PROPN") && !bareVerbAt(raw, i)) return null;
  const lemma = w ? w.lemma : OUTCOME_FORMS.get(raw[i]!);
  const verb = lemma === undefined ? undefined : OUTCOME_VERBS.get(lemma);
  if (!verb) return null;
  const boundary = (a: TaggedWord, b: TaggedWord) =>
    /[,;:.!?()—–]/.test(text.slice(a.start + a.text.length, b.start));
  // The clause's next words: up to its punctuation when tagged (offsets), else the next six.
  let end = Math.min(raw.length, i + 7);
  if (words) for (let j = i + 1; j < end; j++) if (boundary(words[j - 1]!, words[j]!)) end = j;
  const after: After = {
    next: raw[i + 1],
    tagged: words?.[i + 1]?.pos,
    words: raw.slice(i + 1, end),
    clauseEnds: i + 1 >= raw.length || (words !== null && end === i + 1),
  };
  if (!verb.reports(after)) return null;
  const negated = [i - 1, i - 2].some((j) => raw[j] !== undefined && negationWord(raw[j]!, raw[j - 1]));
  return negated === (verb.result === "success") ? "failure" : "success";
}

/**
 * The verb at `i` is tagged a verb, inflected for tense or person ("works", "failed", "broke"; not
 * "failing" nor a bare "work") and reports a result (`outcomeAt`).
 */
function finiteOutcomeAt(
  text: string,
  raw: readonly string[],
  words: readonly TaggedWord[],
  i: number,
): boolean {
  const w = words[i];
  if (w?.pos !== "VERB") return false;
  const form = w.text.toLowerCase();
  return form !== w.lemma && !form.endsWith("ing") && outcomeAt(text, raw, words, i) !== null;
}

/** Lemmas of verbs that state a change of value: "pushed to", "cut down to", "took over", "turned on". */
export const CHANGE_LEMMAS = new Set(
  (
    "move switch change rename replace migrate upgrade downgrade update relocate transfer become reassign " +
    "bump raise lower increase decrease reduce cut push postpone delay reschedule shift hand rotate pass port " +
    "scale extend shorten drop flip toggle turn convert swap"
  ).split(" "),
);

/** A tagged VERB that is a noun modifier ("the retry limit", "Max file size") is not the predicate. */
function modifierVerb(words: readonly TaggedWord[], i: number): boolean {
  const prev = words[i - 1]?.pos;
  const next = words[i + 1]?.pos;
  return (
    prev === "DET" || prev === "ADJ" || (i === 1 && (next === "NOUN" || next === "PROPN") && prev !== "PRON")
  );
}

function slots(text: string, tagged: readonly TaggedWord[]): Slots {
  const raw = rawTokens(text);
  const negations = negatedBareWords(text);
  // Tags line up with raw tokens (the same word pattern); without them the word lists decide alone.
  const words = tagged.length === raw.length ? tagged : null;
  let pivot = -1;
  let predicate: string | null = null;
  let result: Result | null = null;
  let seenSubject = false;
  // A fronted adverbial ("With a newborn in the house …", "After we upgraded prod, …") holds no
  // subject: the main clause is read, and the opening's words join the value, as they would
  // trailing the clause ("… at 20.5 degrees with a newborn in the house").
  const from = words ? frontedEnd(text, words) : 0;
  for (let i = from; i < raw.length; i++) {
    const t = raw[i]!;
    // A predicate needs a subject before it: "the deploy job runs" pivots on runs, not deploy.
    const w = words?.[i];
    // Unless the sentence opens with its verb, its subject left out ("need a polite email …",
    // "Need to update Amma's iPad"): the verb is no subject (`subjectLeftOut`).
    if (!seenSubject && words && (subjectLeftOut(words, from, i) || pastSubjectLeftOut(words, from, i)))
      seenSubject = true;
    if (!seenSubject) {
      // A pronoun is a subject too: "We use tabs" pivots on use.
      if (!STOP_WORDS.has(t) || w?.pos === "PRON") seenSubject = true;
      if (!COPULAS.has(t)) continue;
    }
    // A bare word read as a verb just before a finite outcome verb is a noun of the subject: two
    // finite verbs do not follow each other ("The cache fix works": the tagger reads "fix" a verb).
    if (
      words &&
      w?.pos === "VERB" &&
      w.text.toLowerCase() === w.lemma &&
      finiteOutcomeAt(text, raw, words, i + 1)
    )
      continue;
    const s = stem(t);
    const lemma = w?.lemma ?? t;
    const outcome = COPULAS.has(t) ? null : outcomeAt(text, raw, words, i);
    if (COPULAS.has(t) || (words && getPassiveAt(words, i))) predicate = "is";
    else if (outcome) {
      predicate = OUTCOME;
      result = outcome;
    } else if (CHANGE_VERBS.has(t) || CHANGE_VERBS.has(s)) predicate = "→";
    // A listed verb the tagger reads as a noun, right before a verb, heads the subject: "lab
    // reports get graded", "the service calls are slow".
    else if (words && nounBeforeVerb(words, i)) continue;
    else if (VERBS.has(t) || VERBS.has(s) || VERBS.has(t.replace(/s$/, "")))
      predicate = stem(t.replace(/s$/, ""));
    else if (w && w.pos === "VERB" && !modifierVerb(words!, i) && !STOP_WORDS.has(t))
      predicate = CHANGE_LEMMAS.has(lemma) ? "→" : lemma;
    else continue;
    pivot = i;
    break;
  }
  const keep = (ts: readonly string[]) =>
    ts
      // Words joined by a slash are words, not an identifier: "requests/minute", "read/write".
      .flatMap((t) => (/^\p{L}+(?:\/\p{L}+)+$/u.test(t) ? t.split("/") : [t]))
      .filter(
        (t) =>
          !STOP_WORDS.has(t) &&
          !/^(?:not|no|never|longer)$/.test(t) &&
          !asWritten(t).endsWith("n't") &&
          !negations.has(t),
      )
      .map(stem);
  if (pivot < 0) {
    // "Billing service region: ap-southeast-2": a label and its value, the colon as the copula.
    const label = /^([^:]{3,60}?):\s+(\S.*)$/.exec(text.trim());
    if (label && !/\d$/.test(label[1]!))
      return { subject: keep(rawTokens(label[1]!)), predicate: "is", value: keep(rawTokens(label[2]!)) };
    return { subject: keep(raw), predicate: null, value: [] };
  }
  // "X is now Y", "X was changed to Y": a copula followed by a change verb is a change.
  let rest = raw.slice(pivot + 1);
  const next = rest.find((t) => !STOP_WORDS.has(t));
  const nextWord = next && words ? words[pivot + 1 + rest.indexOf(next)] : undefined;
  const nextLemma = nextWord?.lemma ?? next;
  // Only a verb of change after the copula is one ("is now switched", "was cut to 5"): a noun
  // spelled as a change verb's lemma is the value ("is on port 6100", "is in the top shift").
  const changeParticiple =
    nextWord === undefined ? next !== nextLemma : nextWord.pos === "VERB" || nextWord.pos === "AUX";
  if (
    predicate === "is" &&
    next &&
    (CHANGE_VERBS.has(next) ||
      CHANGE_VERBS.has(stem(next)) ||
      (CHANGE_LEMMAS.has(nextLemma ?? "") && changeParticiple))
  ) {
    predicate = "→";
    rest = rest.slice(rest.indexOf(next) + 1);
  }
  // "bumped the rent to 1350": the noun phrase between the verb of change and its "to".
  let object: string[] | undefined;
  if (predicate === "→" && words) {
    let j = pivot + 1;
    while (j < raw.length && (OBJECT_WORD.has(words[j]!.pos) || POSSESSIVE.test(raw[j]!)) && raw[j] !== "to")
      j++;
    const phrase = words.slice(pivot + 1, j);
    // A particle of passage before "to" leaves the phrase as it was: "moved my electricity over to
    // EDF", "switched the account across to Monzo" (not "moved over to the sofa": no noun before it).
    const to = PASSAGE_PARTICLE.has(raw[j] ?? "") && raw[j + 1] === "to" ? j + 1 : j;
    if (raw[to] === "to" && phrase.some((w) => w.pos === "NOUN" || w.pos === "PROPN"))
      object = keep(raw.slice(pivot + 1, j));
  }
  const clauseStart = words ? clauseJoinedAt(words, from, pivot) : from;
  const changedThing = predicate === "→" && words ? changedThingAt(words, raw, pivot, keep) : null;
  const bareThing = predicate === "→" && words ? bareThingAt(words, pivot, keep) : null;
  return {
    ...(object && object.length > 0 ? { object } : {}),
    ...(changedThing ? { changedThing } : {}),
    ...(bareThing ? { bareThing } : {}),
    // An adverb before the verb says when or how ("We finally moved…", "I just upgraded…",
    // "Honestly I've been…"), not whose: two statements sharing "finally" share no subject.
    // A clause "but" opens holds the verb's subject: "Paiseh but I cannot skip it" is said of "I";
    // a graded word no lexicon lists ("She so paiseh, she …") is a predicate, not the subject; nor
    // is an auxiliary ("the potluck's gonna be …": `contractedToReadAsNoun`).
    subject: keep(
      raw
        .slice(clauseStart, pivot)
        .filter(
          (_, i) =>
            words?.[clauseStart + i]?.pos !== "ADV" &&
            words?.[clauseStart + i]?.pos !== "AUX" &&
            !(words && gradedUnlisted(words, clauseStart + i)),
        ),
    ),
    predicate,
    value: keep([...rest, ...raw.slice(0, from)]).filter((t) => !CHANGE_VERBS.has(t)),
    ...(result && predicate === OUTCOME ? { result } : {}),
    ...(from > 0 ? { frame: { scope: !SINCE_OPENER.test(raw[0]!), words: keep(raw.slice(1, from)) } } : {}),
  };
}

/**
 * Whether the word at `i` opens its sentence as a verb with the subject left out, as chat and
 * notes do ("need a polite email to the client", "Need to update Amma's iPad", "love the new
 * cafe"): the first word of the clause read (after adverbs and interjections: "actually need the
 * car"), tagged a verb in its bare form, before a determiner, a pronoun or an adjective that opens
 * its object, or "to" and a verb. A noun that only looks like one opens a noun phrase instead
 * ("Swim lessons are on Tuesdays": a noun follows; "Deploy failed": a verb follows).
 *
 *   subjectLeftOut(tag("need a polite email"), 0, 0) // → true
 *   subjectLeftOut(tag("Swim lessons are on Tuesdays"), 0, 0) // → false
 */
export function subjectLeftOut(words: readonly TaggedWord[], from: number, i: number): boolean {
  const w = words[i];
  // A bare form the lexicon lists: an unknown word is its own lemma ("vectorized the likelihood").
  if (w?.pos !== "VERB" || w.text.toLowerCase() !== w.lemma || !listedWord(w.lemma)) return false;
  for (let k = from; k < i; k++) if (words[k]!.pos !== "ADV" && words[k]!.pos !== "INTJ") return false;
  const next = words[i + 1];
  if (!next) return false;
  if (next.text.toLowerCase() === "to") return words[i + 2]?.pos === "VERB";
  return next.pos === "DET" || next.pos === "PRON" || next.pos === "ADJ";
}

/**
 * Whether the word at `i` opens its sentence as a verb of change in the past tense with its subject
 * left out, as a diary or a hurried note drops it ("changed the litter to pine pellets", "moved the
 * standup to 10", "finally swapped my bank"): the first word of the clause read (after adverbs and
 * interjections), tagged a verb, inflected (not "-ing" nor "-s"), whose lemma is one of
 * `CHANGE_LEMMAS`, before a determiner, a possessive or an adjective that opens its object. The
 * speaker is the subject; the verb is the predicate, and what it changes is read as after "I".
 * Only a verb of change: another dropped-subject verb ("renewed my passport") names no value of
 * its own to read against the older's, and is left as before (deferred). Not a participle before a noun ("Changed
 * plans: …", "Updated prices are up": a noun follows) and not a request ("need a polite email",
 * `subjectLeftOut`, which reads the bare form).
 *
 *   pastSubjectLeftOut(tag("changed the litter to pine pellets"), 0, 0) // → true
 *   pastSubjectLeftOut(tag("Changed plans, the meeting is at 5"), 0, 0)  // → false
 */
export function pastSubjectLeftOut(words: readonly TaggedWord[], from: number, i: number): boolean {
  const w = words[i];
  if (w?.pos !== "VERB") return false;
  const form = w.text.toLowerCase();
  if (form === w.lemma || /(?:ing|s)$/.test(form) || !CHANGE_LEMMAS.has(w.lemma)) return false;
  for (let k = from; k < i; k++) if (words[k]!.pos !== "ADV" && words[k]!.pos !== "INTJ") return false;
  const next = words[i + 1];
  if (!next) return false;
  return next.pos === "DET" || POSSESSIVE.test(next.text) || next.pos === "ADJ";
}

/**
 * A verb of `VERBS` in its -s form that the tagger reads as a noun, after a noun and right before
 * a verb or an auxiliary, is the head of the subject, not its verb: "lab reports get graded in
 * gradescope", "the service calls are slow". (Before a preposition the tagger's plural is the verb:
 * "My sister lives in Bristol"; `verbAt`.)
 */
function nounBeforeVerb(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!;
  const next = words[i + 1];
  return (
    (w.pos === "NOUN" || w.pos === "VERB") &&
    /s$/i.test(w.text) &&
    ["NOUN", "PROPN"].includes(words[i - 1]?.pos ?? "") &&
    next !== undefined &&
    (next.pos === "AUX" || getPassiveAt(words, i + 1))
  );
}

/**
 * "get" before a past participle is the passive's copula ("lab reports get graded", "school
 * reports get sent home", "I got moved to nights"): read as "is". A participle is a verb's form
 * the lemmatiser takes back to another listed verb ("sent" → "send"), tagged a verb or, as the
 * tagger often reads it after "get", an adjective; not "-ing" ("got going"), not "get" with an
 * object ("I got a new phone") or an adjective of its own ("got ready").
 */
function getPassiveAt(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i];
  const next = words[i + 1];
  if (w?.lemma !== "get" || !next || (next.pos !== "VERB" && next.pos !== "ADJ")) return false;
  const form = next.text.toLowerCase();
  if (form.endsWith("ing")) return false;
  const verb = lemmaAs(form, "VERB", listedWord);
  return verb !== form && listedWord(verb);
}

/**
 * Pronouns of the third person in the object case: each stands for a thing named elsewhere. Not
 * "me", "us" or "you": the speaker and the listener are what chat statements are about ("the music
 * director bumped us to $140 a service" changes the speaker's pay).
 */
const OBJECT_PRONOUN = /^(?:it|them|her|him|this|that|these|those)$/i;

/**
 * What a verb of change at `pivot` takes right after it (`Slots.changedThing`): a personal pronoun
 * alone ("renamed her, said …", "moved it to the garage"), or a noun phrase that a determiner or a
 * possessive opens ("renamed the truck", "upgraded his laptop to 32gb"). Null when none stands
 * there ("moved to Cork", "switched to a corolla", "changed jobs").
 */
function changedThingAt(
  words: readonly TaggedWord[],
  raw: readonly string[],
  pivot: number,
  keep: (ts: string[]) => string[],
): { words: string[]; pronoun: boolean } | null {
  let j = pivot + 1;
  const first = words[j];
  if (!first) return null;
  // "her" and "this" also open a noun phrase ("renamed her truck", "moved this meeting").
  const after = words[j + 1];
  const opensPhrase = after !== undefined && IN_PHRASE.has(after.pos) && after.pos !== "NUM";
  if (OBJECT_PRONOUN.test(raw[j]!) && !(opensPhrase && PHRASE_OPENER.test(raw[j]!)))
    return { words: [], pronoun: true };
  if (first.pos !== "DET" && !POSSESSIVE.test(raw[j]!)) return null;
  j++;
  while (j < raw.length && IN_PHRASE.has(words[j]!.pos)) j++;
  const nouns = words.slice(pivot + 2, j).filter((w) => w.pos === "NOUN" || w.pos === "PROPN");
  return nouns.length > 0 ? { words: keep(nouns.map((w) => w.text.toLowerCase())), pronoun: false } : null;
}

/**
 * The bare noun phrase a verb of change at `pivot` takes right after it (`Slots.bareThing`): common
 * nouns, adjectives between them, no determiner or possessive before them ("changed endocrinologist",
 * "switched banks", "changed primary schools"), ended by the first word that is none of those. Null
 * when a determiner, a pronoun, a preposition or a name stands there ("changed her mind", "moved to
 * Cork", "swapped Brightlane out"): a name is a value, a determiner's phrase is `changedThingAt`'s.
 *
 *   bareThingAt(tag("Tess changed endocrinologist, …"), 1, keep) // → ["endocrinologist"]
 */
function bareThingAt(
  words: readonly TaggedWord[],
  pivot: number,
  keep: (ts: string[]) => string[],
): string[] | null {
  let j = pivot + 1;
  while (j < words.length && (words[j]!.pos === "ADJ" || words[j]!.pos === "NOUN")) j++;
  const phrase = words.slice(pivot + 1, j);
  // The phrase ends on its head, a common noun.
  if (phrase.length === 0 || phrase[phrase.length - 1]!.pos !== "NOUN") return null;
  const nouns = keep(phrase.map((w) => w.text.toLowerCase()));
  return nouns.length > 0 ? nouns : null;
}

/**
 * Who holds a role named with "the", when a statement equates the two: "Mei is the release manager"
 * or "The release manager is Mei" (a present copula; one to three proper names on one side; on the
 * other "the", at most one adjective and one to three nouns; nothing after but an adverb, "now").
 * An equative with a definite description names the one who holds it. Null otherwise: a role with
 * "a" ("Ravi is a release manager": one of many), with "my" ("Ana is my friend": a person has many),
 * with more after it ("Ana is the owner for billing"), an adjective alone ("Ana is the tallest"), a
 * name that is not one ("The lead is the release manager"), a question or a negation. Needs the
 * tagged words of `x`.
 *
 *   roleHeldBy(analysisOf("Mei is the release manager.")) // → { role: ["release", "manager"], holder: ["mei"], nameFirst: true }
 *   roleHeldBy(analysisOf("Ana is my friend."))           // → null
 */
export function roleHeldBy(x: Analysis): { role: string[]; holder: string[]; nameFirst: boolean } | null {
  if (x.question || x.negated) return null;
  // What opens a chat turn ("no wait,", "actually") is no part of what it states (`stated`).
  const opening = CHAT_OPENER_RE.exec(x.text)?.[0].length ?? 0;
  const words = wordsOf(x).filter((w) => w.pos !== "PUNCT" && w.start >= opening);
  const from = frontedEnd(x.text, words);
  const copula = words.findIndex((w, i) => i >= from && /^(?:is|'s|’s)$/i.test(w.text));
  if (copula <= from) return null;
  // A name is capitalised, or, in a text written without capitals, a word the lexicon does not
  // list ("maya is the product owner": `lowerCaseNames`).
  const lowerNames = new Set(lowerCaseNames(x.text));
  const names = (ws: readonly TaggedWord[]) =>
    ws.length > 0 &&
    ws.length <= 3 &&
    ws.every((w) => w.pos === "PROPN" || lowerNames.has(w.text.toLowerCase()));
  // The role: "the", an adjective or none, one to three nouns, then only adverbs.
  const role = (ws: readonly TaggedWord[]) => {
    if (!/^the$/i.test(ws[0]?.text ?? "")) return null;
    let j = ws[1]?.pos === "ADJ" ? 2 : 1;
    const start = j;
    while (j < ws.length && ws[j]!.pos === "NOUN" && j - start < 3) j++;
    if (j === start || !ws.slice(j).every((w) => w.pos === "ADV")) return null;
    return ws.slice(1, j);
  };
  const before = words.slice(from, copula);
  const after = words.slice(copula + 1);
  const trailing = after.findIndex((w) => w.pos === "ADV");
  const afterCore = trailing < 0 ? after : after.slice(0, trailing);
  const lower = (ws: readonly TaggedWord[]) => ws.map((w) => stem(w.text.toLowerCase()));
  const nameFirst = names(before) ? role(after) : null;
  if (nameFirst) return { role: lower(nameFirst), holder: lower(before), nameFirst: true };
  const roleFirst =
    names(afterCore) && after.slice(afterCore.length).every((w) => w.pos === "ADV") ? role(before) : null;
  return roleFirst ? { role: lower(roleFirst), holder: lower(afterCore), nameFirst: false } : null;
}

/** Canonical forms: irregular verbs and an abbreviation that stemming misses (coverage.ts's). */
const canon = (t: string) => CANONICAL_FORMS.get(t) ?? t;

/**
 * Words that only say when or how lasting a statement is; they name no subject or value. The
 * change-adverbs.ts groups `THESE_DAYS` ("these days", "nowadays") and `FROM_NOW_ON`; "for now" and
 * "as of now" are fixed phrases of "now" that no Scots reading was ever measured for.
 */
const TIME_FILLER_RE = new RegExp(
  `\\b(?:(?:this|next|last|that) (?:week|month|quarter|year|${SEASONS.join("|")})|today|tonight|${adverbs(THESE_DAYS)}|for good|permanently|for now|as of (?:today|now|this \\w+)|starting (?:today|this \\w+)|${adverbs(FROM_NOW_ON)})\\b`,
  "gi",
);

/**
 * What opens a chat turn without saying anything: "hey, fyi", "btw", "quick update:". "update" and
 * "note" only with their colon or comma: "Update the README" is an instruction, not an opener.
 * A correction's opener says only that what follows replaces what was said ("wait no, my birthday
 * is june 14", "turns out the app doesn't work offline", "i misread it, the flight lands at 6pm",
 * "actually, …", "oops", "my bad"): it is no part of what the statement asserts, and its "no" is
 * no negation of it. "correction" only with its colon or comma, as "update".
 */
const CHAT_OPENER_RE =
  /^\s*(?:(?:(?:hey|hi|hello|ok|okay|so|oh|well|btw|fyi|heads[- ]up|just so you know|by the way|wait,? no|no,? wait|turns out|turned out|i misread (?:it|that)|my bad|oops|actually)\b|(?:quick )?(?:note|update|correction)\s*[,:;\-–—])[\s,:;!.\-–—]*)+/i;

/**
 * A discourse adverbial that closes a clause and says how the speaker stands to it, not what it
 * states: "i'm not coming to the offsite after all", "the meeting is on zoom though", "it's fine
 * anyway", "tbh", "lol". Only at a clause's end: "after all the trouble" is a preposition's phrase,
 * "though on fridays I'm in" opens a clause.
 */
const CLOSING_DISCOURSE_RE = /\s*\b(?:after all|though|anyways?|tbh|lol|honestly)\b(?=\s*(?:[,.;:!?)]|$))/gi;

/** What a chat turn states, less its opener and the discourse adverbials that close its clauses. */
export const stated = (text: string): string =>
  text.replace(CHAT_OPENER_RE, "").replace(CLOSING_DISCOURSE_RE, "");

/** The statement's assertion: the old value of "from X to Y" and "Y instead of X" is dropped. */
function asserted(text: string): string {
  return stated(text)
    .replace(TIME_FILLER_RE, " ")
    .replace(/\bfrom\s+([^\s,;]+(?:\s+[^\s,;]+)?)\s+to\b/gi, (m, _x, offset: number, all: string) =>
      // Only a change's "from": "moved from A to B", not "9 to 5" or "from the EU to the US office".
      /\b(?:moved|switched|changed|migrated|ported|went|rotated|passed|bumped|raised|lowered|upgraded|downgraded|renamed)\b[^.]*$/i.test(
        all.slice(0, offset),
      )
        ? "to"
        : m,
    )
    .replace(/\binstead of\s+[^\s,;.]+(?:\s+[A-Z][^\s,;.]*)?/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Role statements: who holds a role over something (owns, leads, maintains, is on call for …).
 * The role is single-held, so the same target with another holder is a change of holder.
 */
const ROLE_RE =
  /\b(?:took over|handed (?:[\w-]+ )*?over|own|owns|owned|owner|ownership|lead|leads|led|maintains?|maintained|maintainer|maintenance|on[- ]call|in charge of|responsible for|approved by|approves)\b/i;
const ROLE_WORDS = new Set(
  "own owns owned owner ownership lead leads led maintain maintains maintained maintainer maintenance on-call call charge responsible approved approves engineer took over rotated passed handed moved now".split(
    " ",
  ),
);
const HOLDER_VERB = /^(?:owns|leads|maintains|manages|runs|handles|approves|is|was|took|has|will)$/i;

interface Role {
  holders: Set<string>;
  target: Set<string>;
  /** Each lower-case target word and the form `target` holds it in: a name written in lower case is re-read against the other statement. */
  plain: Map<string, string>;
}

/** Names holding the role (capitalised words; the first word only before a verb) and the rest. */
const CALENDAR = new Set([
  // Weekdays by name only: "sat" and "sun" are a verb and a thing as often.
  ...calendarWords({ months: "clipped", weekdays: "names" }),
  ..."q1 q2 q3 q4".split(" "),
]);
/** Prepositions and conjunctions of time: one list for the pattern and `isTimePreposition`'s stems. */
const TIME_PREPOSITIONS = ["since", "until", "till", "from", "after", "before", "during"];
const TIME_PREPOSITION = new RegExp(`^(?:${TIME_PREPOSITIONS.join("|")})$`, "i");
/**
 * Words of when, not what: units and parts of the calendar and the day ("days", "evenings",
 * "weekend"), as written and as `stem` makes them ("morning" → "morn", "evening" → "even"), since
 * `isWhenWord` is handed stemmed tokens.
 */
const WHEN_WORDS = new Set(
  "day week weekend month year morning afternoon evening night hour minute weekday"
    .split(" ")
    .concat(...calendarWords({ relative: true }))
    .flatMap((w) => [w, stem(w)]),
);

/**
 * Whether a content token (`contentTokens`' form: lower case, stemmed) says when, not what: a day,
 * month or quarter by name, or a unit or part of the calendar or the day. Two statements sharing
 * only such a word ("standup on Thursdays" / "kickboxing on Thursday evenings") share a time, not
 * an attribute.
 *
 *   isWhenWord("thursday") // → true ("Thursdays")
 *   isWhenWord("evening")  // → true
 *   isWhenWord("standup")  // → false
 */
export function isWhenWord(token: string): boolean {
  return CALENDAR.has(token) || WHEN_WORDS.has(token) || CALENDAR.has(`${token}s`);
}

/** `TIME_PREPOSITION`'s words as `contentTokens` leaves them ("during" → "dure"). */
const TIME_PREPOSITION_STEMS = new Set(TIME_PREPOSITIONS.flatMap((w) => [w, stem(w)]));

/**
 * Whether a content token is a preposition or conjunction of time ("after", "since", "until"): kept
 * as a content word so "before" and "after" stay apart, but it names no thing two statements share
 * ("After the promotion I bumped the standing order…" / "I cut up the Amex after too many shops
 * refused it…").
 *
 *   isTimePreposition("after") // → true
 *   isTimePreposition("order") // → false
 */
export function isTimePreposition(token: string): boolean {
  return TIME_PREPOSITION_STEMS.has(token);
}

function roleOf(text: string): Role | null {
  if (!ROLE_RE.test(text)) return null;
  const words = asserted(text).match(/[\p{L}\p{N}]+(?:[.\-_/:'’][\p{L}\p{N}]+)*/gu) ?? [];
  const holders = new Set<string>();
  const target = new Set<string>();
  const plain = new Map<string, string>();
  words.forEach((w, i) => {
    const lower = w.toLowerCase().replace(/['’]s$/, "");
    if (STOP_WORDS.has(lower) || ROLE_WORDS.has(lower) || /^(?:on|call)$/.test(lower)) return;
    // A date is when, not who: "since March", "until Friday".
    if (CALENDAR.has(lower) || TIME_PREPOSITION.test(lower) || TIME_PREPOSITION.test(words[i - 1] ?? ""))
      return;
    const capital = /^\p{Lu}/u.test(w) && !/^[\p{Lu}\p{N}]{2,}$/u.test(w);
    if (capital && (i > 0 || HOLDER_VERB.test(words[1] ?? ""))) holders.add(lower);
    else {
      target.add(canon(stem(lower)));
      plain.set(lower, canon(stem(lower)));
    }
  });
  return { holders, target, plain };
}

/** Verbs that say the same thing of a location or a service: "listens on", "runs on", "is on". */
const LIGHT_VERBS = new Set(
  "is run listen serve live reside base locate sit stay host keep store use build deploy set".split(" "),
);

/** Attribute names and the verbs of change or state: words that do not name an entity. */
const STATE_WORDS = new Set(
  "version release value number setting current currently now new latest upgrade downgrade bump raise lower increase decrease update change move switch migrate from to region zone location city country address site timezone datacenter".split(
    " ",
  ),
);
const isStateWord = (t: string) =>
  STATE_WORDS.has(t) ||
  LIGHT_VERBS.has(t) ||
  CHANGE_VERBS.has(t) ||
  CHANGE_VERBS.has(`${t}ed`) ||
  CHANGE_VERBS.has(`${t}d`);

const IRREGULAR_PARTICIPLES = wordTable({
  run: "run",
  led: "lead",
  held: "hold",
  kept: "keep",
  built: "build",
  written: "write",
  known: "know",
  hosted: "host",
});

/** Opposite states, as the stemmer leaves them (enabled → enable, closed → close, denied → deni). */
const STATE_OPPOSITES: [string, string][] = [
  ["enable", "disable"],
  ["allow", "block"],
  ["allow", "deni"],
  ["accept", "reject"],
  ["open", "close"],
  ["includ", "exclud"],
  ["start", "stop"],
  ["paus", "resum"],
];

/**
 * enabled / disabled, locked / unlocked, allowed / blocked: one attribute, two values. A prefix may
 * take the silent "e" the stemmer gives a short word only ("muted" → "mute", "unmuted" → "unmut").
 */
function oppositeStates(a: string, b: string): boolean {
  const prefixed = (x: string, y: string) =>
    [x, x.replace(/([^aeiou])e$/, "$1")].some((v) => y === `dis${v}` || y === `un${v}` || y === `de${v}`);
  return (
    prefixed(a, b) ||
    prefixed(b, a) ||
    STATE_OPPOSITES.some(([x, y]) => (a === x && b === y) || (a === y && b === x))
  );
}

/** A copula, one adverb of the present (`NOW`, `CURRENTLY`, `STILL`'s one-word ones) or "also", then the word. */
const PARTICIPLE_AFTER_COPULA = new RegExp(
  String.raw`\b(?:is|are|was|were|be|been)\s+(?:(?:${adverbWords(NOW, CURRENTLY, STILL).join("|")}|also)\s+)?(\p{L}+)\b`,
  "iu",
);

/** The attribute a copula statement's participle names: "is now owned by Ravi" → "own". */
function attributeParticiple(text: string): string | null {
  const m = PARTICIPLE_AFTER_COPULA.exec(text);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  if (CHANGE_VERBS.has(word) || CHANGE_LEMMAS.has(stem(word))) return null;
  const irregular = IRREGULAR_PARTICIPLES.get(word);
  if (irregular) return irregular;
  return /(?:ed|en)$/.test(word) && word.length > 4 ? stem(word) : null;
}

/** A classification: the copula followed by an article ("Acme is an organization"). */
const classifies = (text: string) => /\b(?:is|are|was|were)\s+(?:now\s+|still\s+)?(?:a|an)\s/iu.test(text);

/** The values a text ends up at: "from 18.19 to 20.11" → {20.11}. */
function resultAnchors(text: string, anchors: readonly string[]): Set<string> {
  const from = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/\bfrom\s+v?([\p{N}][\p{L}\p{N}.-]*)\s+to\b/gu))
    from.add(m[1]!);
  // And what a change names as its old value: "changed from ap-southeast-2 to ca-central-1".
  const stated = new Set(contentTokens(asserted(text)).map(canon));
  return new Set(anchors.filter((t) => !from.has(t.replace(/^v/, "")) && stated.has(t)));
}

export const setOf = (xs: readonly string[]) => new Set(xs);
export const minus = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((x) => !b.has(x));
export const subsetOf = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((x) => b.has(x));

/**
 * Enumerated states: each word names one side of a two-valued attribute. Two statements that
 * differ only by the side (on/off, enabled/disabled, allowed/blocked …) say opposite things.
 */
const STATES = new Map<string, [group: string, side: 0 | 1]>();
for (const [group, yes, no] of [
  ["switch", "on enabled active activated online", "off disabled inactive deactivated offline"],
  ["open", "open opened reopened", "closed shut"],
  [
    "allow",
    "allowed permitted granted whitelisted approved accepted included",
    "forbidden blocked denied disallowed prohibited banned revoked rejected excluded blacklisted",
  ],
  ["truth", "true yes", "false"],
  ["visibility", "public visible shown", "private hidden"],
  ["lock", "unlocked", "locked"],
  ["required", "required mandatory compulsory", "optional"],
  ["running", "running started resumed", "stopped paused halted suspended"],
] as const) {
  for (const w of yes.split(" ")) STATES.set(w, [group, 1]);
  for (const w of no.split(" ")) STATES.set(w, [group, 0]);
}
/** Every state word, either side. */
export const ENUMERATED_STATES: readonly string[] = [...STATES.keys()];

/** Verbs after which on/off is a state, not a place: "turned on", "switched off", "left on". */
const SWITCH_LEMMAS = new Set("turn switch toggle flip set keep leave stay be".split(" "));
const NOMINAL = new Set(["DET", "NOUN", "PROPN", "NUM", "PRON", "ADJ"]);

/** The states a statement asserts, as `group` → side; "on"/"off" only when predicative ("is off for drafts"). */
function statesOf(words: readonly TaggedWord[]): Map<string, 0 | 1> {
  const out = new Map<string, 0 | 1>();
  words.forEach((w, i) => {
    const lower = w.text.toLowerCase();
    const state = STATES.get(lower);
    if (!state) return;
    if (lower === "on" || lower === "off") {
      const prev = words[i - 1];
      const next = words[i + 1];
      const afterSwitch = prev && SWITCH_LEMMAS.has(prev.lemma) && prev.lemma !== "be";
      const predicative = prev?.lemma === "be" && (!next || !NOMINAL.has(next.pos));
      if (!afterSwitch && !predicative) return;
    }
    out.set(state[0], state[1]);
  });
  return out;
}

const PARTICLE_RE = /^(?:to|over|on|off|down|up|at|into|from|back|forward|onto)$/;
const PHRASAL_CHANGE = new Set([...CHANGE_LEMMAS, "take", "keep", "hand", "bring", "set", "go"]);

/**
 * A verb of motion, hand-over or retention with its particle: "pushed to Friday", "took over",
 * "cut down to 3", "turned on", "handed over to", "kept at 5"; "go" with "up" or "down", or with
 * "to" and a number (`GOES_TO_AMOUNT`).
 */
function phrasalChange(words: readonly TaggedWord[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos !== "VERB" || !PHRASAL_CHANGE.has(w.lemma)) continue;
    const particle = [words[i + 1], words[i + 2]].find((x) => x && PARTICLE_RE.test(x.text.toLowerCase()));
    if (!particle) continue;
    const p = particle.text.toLowerCase();
    if (w.lemma === "take" && p !== "over") continue;
    if (w.lemma === "go" && p !== "up" && p !== "down" && !goesToAmount(words, i)) continue;
    if (w.lemma === "keep" && p !== "at") continue;
    return true;
  }
  return false;
}

/** Auxiliaries of a change under way or done: "is going to 950", "has gone to 950". */
const GOES_ON_AUX = new Set(["be", "have"]);
/**
 * `GOES_TO_AMOUNT`: "go" right before "to" and a number says a quantity moves to that number — "rent
 * going to 950 from March", "the landlord says rent's going to 950", "the fare goes to £2.10" —
 * as "going up to 950" does, when no person goes: the word before "go" (past its auxiliary) is no
 * pronoun and no name ("it's going to 950" is left: "it" names no thing), and no modal goes with it. Not "going to be 950" (a verb after
 * "to": the future), not "the contribution should go to 2,500" (a modal: a proposal), not
 * "we're going to 2 services a week" or "Sam is going to 3 weddings" (a person goes to them), not
 * "going to Paris" or "going to the 9am Mass" (no number right after "to").
 */
function goesToAmount(words: readonly TaggedWord[], i: number): boolean {
  const value = words[i + 2];
  if (words[i + 1]?.text.toLowerCase() !== "to" || !value) return false;
  // A number, or a currency sign the tokenizer split from it ("£", "575").
  if (value.pos !== "NUM" && !/^[£$€₹¥]?\d|^[£$€₹¥]$/.test(value.text)) return false;
  let s = i - 1;
  for (; s >= 0 && (words[s]!.pos === "AUX" || /^['’]s$/.test(words[s]!.text)); s--)
    // "should go to 2,500", "will go to 4,000": a modal says what may be, not a change.
    if (words[s]!.pos === "AUX" && !GOES_ON_AUX.has(words[s]!.lemma.toLowerCase())) return false;
  const subject = words[s];
  return subject !== undefined && subject.pos !== "PRON" && subject.pos !== "PROPN";
}

/** Numbers with the unit written after them: "10 MB" and "10MB" → "10 mb", "5" → "5". */
const ORDINAL_SUFFIX = /^(?:st|nd|rd|th)$/;

function quantities(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of rawTokens(text)
    .join(" ")
    .matchAll(/(\d+(?:[.,:]\d+)*)\s*(%|[a-z]{1,12}\b)?/g))
    out.add(m[2] && !STOP_WORDS.has(m[2]) && !ORDINAL_SUFFIX.test(m[2]) ? `${m[1]} ${m[2]}` : m[1]!);
  return out;
}

/**
 * Everything the judge derives from one text, computed once per text and shared by every pair
 * the text is in: a belief sits in ~10 candidate pairs per sweep, and re-tokenising both sides
 * on every call was most of the judge's cost. The rarer parts (slots, role, cues) are derived on
 * first use. Pure functions of the text, so a cached analysis judges exactly as a fresh one.
 */
export interface Analysis {
  text: string;
  content: Set<string>;
  /** Distinct character trigrams, each packed into one number (three UTF-16 units), sorted. */
  trigrams: Float64Array;
  negated: boolean;
  numbers: Set<string>;
  question: boolean;
  hypothetical: boolean;
  light: Set<string>;
  anchors: string[];
  words?: TaggedWord[];
  states?: Map<string, 0 | 1>;
  quantities?: Set<string>;
  slots?: Slots;
  role?: Role | null;
  result?: Set<string>;
  participle?: string | null;
  additive?: boolean;
  change?: boolean;
  lowerStems?: Set<string>;
  transition?: Transition | null;
  rawWords?: Set<string>;
  narrated?: boolean;
  occasion?: Set<string>;
}

function packedTrigrams(text: string): Float64Array {
  const s = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
  const n = Math.max(0, s.length - 2);
  const codes = new Float64Array(n);
  for (let i = 0; i < n; i++)
    codes[i] = s.charCodeAt(i) * 4294967296 + s.charCodeAt(i + 1) * 65536 + s.charCodeAt(i + 2);
  codes.sort();
  let m = 0;
  for (let i = 0; i < n; i++) if (i === 0 || codes[i] !== codes[m - 1]) codes[m++] = codes[i]!;
  return codes.subarray(0, m);
}

/** Dice over two packed trigram sets: the same value as `dice(charTrigrams(a), charTrigrams(b))`. */
export function packedDice(a: Float64Array, b: Float64Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let inter = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      inter++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return (2 * inter) / (a.length + b.length);
}

/**
 * A modal states a possibility, not a value: "we could switch to Postmark", "it might move"; so
 * does a plan of a change still weighed, "thinking of" and "planning on" with a verb's -ing form
 * ("he's thinking of moving to bristol": he has not moved).
 */
const MODAL_RE = /\b(?:could|might|would|(?:thinking of|planning on) \p{L}+ing)\b/iu;

/** "no longer", Scots "nae langer" (`NO_LONGER`) is a negation with a change cue; "longer" names nothing. */
const NO_LONGER_RE = new RegExp(`\\b${adverbs(NO_LONGER)}\\b`, "i");

function analyse(text: string): Analysis {
  // What opens a chat turn ("heads up:", "fyi", "btw") is no part of what it states: "heads up: the
  // auth-gw service moved to port 8443" says what "the auth-gw service moved to port 8443" says.
  const content = setOf(contentTokens(stated(text)));
  const noLonger = NO_LONGER_RE.exec(text);
  if (noLonger) for (const t of contentTokens(noLonger[0].split(/\s+/).at(-1)!)) content.delete(t);
  // "cant" and "wont" read as negations where the word before says so are no content words, as
  // "can't" and "won't" are none: "i can make friday" / "i cant make friday" say the same words.
  for (const t of negatedBareWords(text)) content.delete(stem(t));
  const light = setOf([...content].map(canon).filter((t) => !LIGHT_VERBS.has(t)));
  return {
    text,
    content,
    trigrams: packedTrigrams(text),
    negated: isNegated(stated(text)),
    numbers: setOf(numericTokens(text)),
    question: isQuestion(text),
    hypothetical: isHypothetical(text) || MODAL_RE.test(text),
    light,
    anchors: [...light].filter((t) => /\d/.test(t)),
  };
}

/** How many analyses are remembered, by text (`boundedMemo`: two generations of this many each). */
const ANALYSIS_CACHE = 32_768;

/**
 * The analysis of a text, remembered: the same text hands back the same object (its lazily read
 * fields, `wordsOf` and the rest, filled once), until it falls out of the memo or `clearAnalyses`.
 */
export function analysisOf(text: string): Analysis {
  return analyses(text);
}
const analyses = boundedMemo(analyse, ANALYSIS_CACHE);

/**
 * Empties the memo of analyses, so the next judgement of every text analyses it again. For a
 * bench that compares two write paths in one process: the second would otherwise find every
 * text the first analysed already analysed (bench/batch.ts). Verdicts never depend on it.
 */
export function clearAnalyses(): void {
  analyses.clear();
}

export const wordsOf = (x: Analysis): TaggedWord[] => (x.words ??= taggedRead(x.text));

/** A possessive as the tagger keeps it, one word of letters and "'s": "brother's", "Sam’s". */
const POSSESSIVE_WORD = /^(\p{L}+)['’]s$/u;

/**
 * The owner a possessive word names, as written ("brother's" → "brother", "Sam’s" → "Sam"), or
 * null for any other word ("cars", "90's", "ex-wife's"). "it's" and "Gaz's" ("Gaz is") have the
 * shape too: the tags around the word say whether it owns.
 */
export const possessorOf = (word: string): string | null => POSSESSIVE_WORD.exec(word)?.[1] ?? null;

/** Whether a word is a possessive as the tagger keeps it (`possessorOf`): "brother's", "Sam’s". */
export const isPossessive = (word: string): boolean => POSSESSIVE_WORD.test(word);

const isVerbal = (w: TaggedWord | undefined) => w !== undefined && (w.pos === "AUX" || w.pos === "VERB");

/**
 * The head of the noun phrase an owner opens at `i` ("my", "Dad's", "her" … stands at `i - 1`):
 * adjectives, then the run of nouns up to the next possessive, its last noun stemmed; null when no
 * noun follows. A phrase of adjectives alone before its verb has its last one as head, the noun the
 * tagger read as one ("Priya's flat is in Leith" → "flat").
 *
 *   ownedHead(taggedRead("my brother's old car is a Fiesta"), 2) // → "car"
 *   ownedHead(taggedRead("Priya's flat is in Leith"), 1)          // → "flat"
 *   ownedHead(taggedRead("Gaz's delighted with it"), 1)           // → null
 */
export function ownedHead(words: readonly TaggedWord[], i: number): string | null {
  let j = i;
  while (words[j]?.pos === "ADJ") j++;
  if (j > i && isVerbal(words[j])) return stem(words[j - 1]!.text.toLowerCase());
  if (words[j]?.pos !== "NOUN" || isPossessive(words[j]!.text)) return null;
  while (words[j + 1]?.pos === "NOUN" && !isPossessive(words[j + 1]!.text)) j++;
  return stem(words[j]!.text.toLowerCase());
}
export const statesIn = (x: Analysis): Map<string, 0 | 1> => (x.states ??= statesOf(wordsOf(x)));
/** Every word of the text, stop words included (`rawTokens`), as a set: what `distinctions` compares. */
const rawWordsOf = (x: Analysis): Set<string> => (x.rawWords ??= new Set(rawTokens(x.text)));
/** The numbers a statement ends up at: the old value of "from 3 to 5" is not asserted. */
export const quantitiesOf = (x: Analysis): Set<string> => (x.quantities ??= quantities(asserted(x.text)));
/** Slots of what the statement asserts (its "from X" and time fillers dropped). */
export function slotsOf(x: Analysis): Slots {
  if (x.slots) return x.slots;
  const text = asserted(x.text);
  x.slots = slots(text, text === x.text ? wordsOf(x) : taggedRead(text));
  return x.slots;
}
export function roleOfA(x: Analysis): Role | null {
  if (x.role === undefined) x.role = roleOf(x.text);
  return x.role;
}

/**
 * The role statements of a pair, each side's holders completed by the other's: "jonas is on call
 * for the mobile team" holds the role as "Jonas" does. Null unless both sides state a role and
 * each then has a holder.
 */
export function rolesOf(a: Analysis, b: Analysis): [Role, Role] | null {
  const ra = roleOfA(a);
  const rb = roleOfA(b);
  if (!ra || !rb || (ra.holders.size === 0 && rb.holders.size === 0)) return null;
  const complete = (r: Role, names: ReadonlySet<string>): Role => {
    const moved = [...r.plain].filter(([w]) => names.has(w));
    if (moved.length === 0) return r;
    const holders = new Set([...r.holders, ...moved.map(([w]) => w)]);
    const target = new Set(r.target);
    for (const [, t] of moved) target.delete(t);
    return { holders, target, plain: r.plain };
  };
  const xa = complete(ra, rb.holders);
  const xb = complete(rb, ra.holders);
  return xa.holders.size > 0 && xb.holders.size > 0 ? [xa, xb] : null;
}
export const resultOf = (x: Analysis): Set<string> => (x.result ??= resultAnchors(x.text, x.anchors));
export function participleOf(x: Analysis): string | null {
  if (x.participle === undefined) x.participle = attributeParticiple(x.text);
  return x.participle;
}
export const additiveOf = (x: Analysis): boolean => (x.additive ??= hasAdditiveCue(x.text));
export const changeOf = (x: Analysis): boolean => (x.change ??= hasChangeCue(x.text) || phrasalChangeOf(x));
/** A phrasal verb of change ("pushed to", "cut down to", "took over", "turned on"). */
export const phrasalChangeOf = (x: Analysis): boolean => phrasalChange(wordsOf(x));

/**
 * The words of `text` typed without their apostrophe that read as a negation everywhere they stand
 * (`negationWord`, the word before each): "cant" in "i cant make friday"; not "wont" in "as was
 * his wont". `contentTokens` keeps them (`asWritten` has no word before); the judge drops them
 * from a statement's words and slots, as it drops "can't".
 *
 *   negatedBareWords("i cant make friday") // → Set {"cant"}
 *   negatedBareWords("the cant of the roof") // → Set {}
 */
export function negatedBareWords(text: string): Set<string> {
  const raw = rawTokens(text);
  const negation = new Set<string>();
  const other = new Set<string>();
  raw.forEach((t, i) => {
    if (asWritten(t) !== t || STOP_WORDS.has(t)) return;
    (negationWord(t, raw[i - 1]) ? negation : other).add(t);
  });
  return setOf([...negation].filter((t) => !other.has(t) && !t.endsWith("n't") && t !== "not" && t !== "no"));
}

/**
 * Negated by a word of negation (not, no, never, n't, typed with its apostrophe or without: "dont";
 * `negationWord`), not by a state word ("disabled") that `negated` also counts.
 */
export const negatedByWord = (x: Analysis): boolean => {
  if (!x.negated) return false;
  const raw = rawTokens(x.text);
  return raw.some((t, i) => negationWord(t, raw[i - 1]));
};

/**
 * Whether a negation in the statement bears on one of `words`: it stands in the same clause as one
 * of them. "tom's vegan, no animal products at all" negates "animal products", not "vegan".
 *
 *   negationOver(analysisOf("tom's vegan, no animal products at all"), ["vegan"]) // false
 *   negationOver(analysisOf("the app doesn't work offline"), ["offline"])          // true
 */
export function negationOver(x: Analysis, words: readonly string[]): boolean {
  if (!x.negated) return false;
  return x.text
    .split(/[,;:.!?()]+|\s[-–—]\s|\b(?:and|but|so|because|though|although|while)\b/i)
    .some((clause) => isNegated(clause) && contentTokens(clause).some((t) => words.includes(t)));
}

/** "new" before a noun: "my new manager is Tom", "new number btw: 555-0199", "new brake pads". */
const NEW_NOUN_RE = /\bnew\s+([\p{L}\p{N}][\p{L}\p{N}'’-]*)/giu;

/**
 * Whether the newer statement `b` announces a change of something the older `a` says. A change
 * cue does (now, moved to, switched, no longer, took over …), except "new" alone: "new" changes
 * the noun it qualifies, so "my new manager is Tom" announces a change to "my manager is Priya",
 * while "the car needs an oil change and new brake pads" changes nothing "the car needs service"
 * says.
 */
export function announcesChange(a: Analysis, b: Analysis): boolean {
  if (!changeOf(b)) return false;
  const nouns = [...b.text.matchAll(NEW_NOUN_RE)].map((m) => stem(m[1]!.toLowerCase()));
  if (nouns.length === 0 || nouns.some((n) => a.content.has(n))) return true;
  // Only "new" (with nouns the older statement lacks): is there another cue without it?
  const without = b.text.replace(NEW_NOUN_RE, (_m, noun: string) => noun);
  return hasChangeCue(without) || phrasalChange(wordsOf(b));
}
export const lowerStemsOf = (x: Analysis): Set<string> =>
  (x.lowerStems ??= setOf(
    (x.text.match(/(?<![\p{L}\p{N}])\p{Ll}+(?![\p{L}\p{N}.\-_/:]|['’](?!s(?![\p{L}\p{N}])))/gu) ?? []).map(
      stem,
    ),
  ));

const sameStates = (a: ReadonlyMap<string, 0 | 1>, b: ReadonlyMap<string, 0 | 1>) =>
  a.size === b.size && [...a].every(([g, v]) => b.get(g) === v);

/**
 * What a restatement must keep to be dropped as redundant: the same numbers with the same units,
 * the same negation, the same states, and the same side of a polar function word ("in" / "out of
 * maintenance mode", "with" / "without"). Returns what differs, or null when nothing does.
 *
 *   distinctions("Autosave is off for drafts", "Autosave is on for drafts") // → "state"
 */
export function distinctions(a: string, b: string): string | null {
  // Direction and polarity said by a function word ("in" / "out of maintenance mode", "with" /
  // "without", "before" / "after"): stop words to the content analysis, but never the same statement.
  const x = analysisOf(a);
  const y = analysisOf(b);
  const wa = rawWordsOf(x);
  const wb = rawWordsOf(y);
  const flipped = POLAR_PAIRS.some(
    ([p, q]) =>
      (wa.has(p) && !wa.has(q) && wb.has(q) && !wb.has(p)) ||
      (wa.has(q) && !wa.has(p) && wb.has(p) && !wb.has(q)),
  );
  if (flipped || [...REVERSERS].some((w) => wa.has(w) !== wb.has(w))) return "polarity";
  const qa = quantitiesOf(x);
  const qb = quantitiesOf(y);
  if (qa.size !== qb.size || minus(qa, qb).length > 0) return "numbers";
  if (x.negated !== y.negated) return "negation";
  if (!sameStates(statesIn(x), statesIn(y))) return "state";
  return null;
}

/** Function words that reverse a statement when one side has one and the other its opposite. */
const POLAR_PAIRS: readonly (readonly [string, string])[] = [
  ["in", "out"],
  ["inside", "outside"],
  ["on", "off"],
  ["up", "down"],
  ["with", "without"],
  ["before", "after"],
  ["above", "below"],
  ["over", "under"],
  ["always", "never"],
  ["all", "none"],
  ["more", "less"],
  ["most", "least"],
  ["yes", "no"],
];
/** Function words that reverse a statement on their own, present on one side only. */
const REVERSERS = new Set(["without", "never", "none", "except", "neither", "nor"]);

/**
 * A change stated with its values: "from X to Y", "X → Y", "changed X to Y", "bumped … to Y",
 * "reverted / rolled back / went back to X". The value after "to" (or the arrow) is the one that
 * holds now; "from X" names the one that stopped. `attribute` is what changed: the statement's
 * content words but the values and the verbs of change.
 */
export interface Transition {
  from: string[];
  to: string[];
  /** "reverted to", "rolled back to", "went back to": the value after "to" holds again. */
  revert: boolean;
  attribute: string[];
}

const TRANSITION_VERB =
  /\b(?:moved|switched|changed|migrated|upgraded|downgraded|updated|bumped|raised|lowered|increased|decreased|reduced|cut|pushed|postponed|delayed|rescheduled|shifted|rotated|passed|handed|ported|scaled|extended|shortened|dropped|converted|swapped|went|gone|go(?:es)?|fell|rose|grew|slipped|dialled|dialed|turned|reverted|rolled|reassigned|transferred|relocated|renamed|promoted)\b/i;
const TRANSITION_WORD = new RegExp(`^${TRANSITION_VERB.source.replace(/\\b/g, "")}$`, "i");
/** Where the value after "to" ends: punctuation, a clause, a time, a reason. */
const VALUE_END = `(?=\\s*(?:[,;!?]|\\.(?:\\s|$)|\\(|$|\\b(?:in|on|at|for|since|because|after|as|from|when|with|by|starting|until|next|this|last|${adverbs(NOW)}|today|yesterday|again|and|but|so|due|per)\\b))`;
const FROM_TO = new RegExp(`\\bfrom\\s+(.+?)\\s+to\\s+(.+?)${VALUE_END}`, "i");
const ARROW = /([^\s:,;]+(?:\s+[^\s:,;→>-]+)?)\s*(?:→|->|=>)\s*([^\s,;]+(?:\s+[^\s,;.]+)?)/;
const REVERT = new RegExp(
  `\\b(?:revert(?:ed|s)?|roll(?:ed|s)? (?:it |\\S+ )?back|(?:went|go(?:es)?|switched|changed|moved|dialled|dialed) back|back)\\s+to\\s+(.+?)${VALUE_END}`,
  "i",
);
const TO_VALUE = new RegExp(`\\bto\\s+(.+?)${VALUE_END}`, "i");
/** Words of a change that name neither the attribute nor a value. */
const CHANGE_FILLER = new Set(
  "back again just finally officially new btw fyi heads quick update yesterday today week month recently".split(
    " ",
  ),
);

function transition(text: string): Transition | null {
  const t = text.replace(CHAT_OPENER_RE, "");
  let from: string | null = null;
  let to: string | null = null;
  let revert = false;
  const revertM = REVERT.exec(t);
  const fromTo = TRANSITION_VERB.test(t) ? FROM_TO.exec(t) : null;
  const arrow = ARROW.exec(t);
  if (revertM) {
    to = revertM[1]!;
    revert = true;
  } else if (fromTo) {
    from = fromTo[1]!;
    to = fromTo[2]!;
  } else if (arrow) {
    from = arrow[1]!;
    to = arrow[2]!;
  } else {
    const verb = TRANSITION_VERB.exec(t);
    if (!verb) return null;
    const after = TO_VALUE.exec(t.slice(verb.index + verb[0].length));
    if (!after) return null;
    to = after[1]!;
  }
  const toWords = contentTokens(to).map(canon);
  if (toWords.length === 0 || toWords.length > 3) return null;
  const fromWords = from ? contentTokens(from).map(canon) : [];
  const values = new Set([...toWords, ...fromWords]);
  const attribute = rawTokens(t)
    .filter((w) => !STOP_WORDS.has(w) && !CHANGE_FILLER.has(w) && !TRANSITION_WORD.test(w))
    .map((w) => canon(stem(w)))
    .filter((w) => !values.has(w) && !CHANGE_LEMMAS.has(w) && !LIGHT_VERBS.has(w));
  return { from: fromWords, to: toWords, revert, attribute: [...new Set(attribute)] };
}

/** The change a statement states with its values, or null (cached on the analysis). */
export function transitionOf(x: Analysis): Transition | null {
  // Most statements state no change: null is remembered too (`??=` would read it again each call).
  if (x.transition === undefined) x.transition = transition(x.text);
  return x.transition;
}

/** Opposite sides of one enumerated state in the two statements: "on" / "off". */
export function flippedStates(x: Analysis, y: Analysis): string[] {
  const sx = statesIn(x);
  const sy = statesIn(y);
  return [...sx].filter(([g, v]) => sy.has(g) && sy.get(g) !== v).map(([g]) => g);
}

export {
  CHANGE_VERBS,
  canon,
  classifies,
  isStateWord,
  jaccard,
  LIGHT_VERBS,
  oppositeStates,
  type Role,
  type Slots,
};

/**
 * Subordinating conjunctions that can open a sentence, read by their form (the tagger reads an
 * opening "When" as an adverb): the clause they open says when, why or on what condition.
 */
const OPENING_SUBORDINATOR = subordinatorWord;

/** A subject pronoun, with its contraction: the first word of a clause of its own ("I've", "we"). */
const NOMINATIVE = /^(?:i|we|you|he|she|they)(?:[’'](?:m|re|ve|d|ll|s))?$/i;

/** Words that join what follows to the clause before it rather than open a main clause. */
const JOINS = /^(?:and|or|but|nor|that|which|who|whom|whose|where|because|since|when|while|if|so)$/i;

const predicate = (w: TaggedWord) =>
  w.pos === "VERB" || w.pos === "AUX" || (w.pos === "ADJ" && /ed$/i.test(w.text));

/** A word that opens a noun phrase: an article, a demonstrative or a possessive ("the", "this", "our"). */
const PHRASE_OPENER = /^(?:the|a|an|this|these|those|my|our|your|his|her|their|its)$/i;

/** Parts of speech a phrase can end on, so that a phrase after them starts anew ("…onto Debian bookworm | the …"). */
const PHRASE_END = new Set(["NOUN", "PROPN", "NUM", "ADJ", "ADV"]);

/**
 * True when the words from `j` are a noun phrase and then its verb: an opener, one to three
 * adjectives, nouns or numbers, and a predicate ("the scanner report is", "our bill went"); "the old
 * sofa." has no verb, and "the dog the" is a second phrase, not a subject.
 */
function subjectThenVerb(words: readonly TaggedWord[], j: number): boolean {
  for (let k = j + 1; k < Math.min(words.length, j + 5); k++) {
    const w = words[k]!;
    if (predicate(w)) return k > j + 1;
    if (!(w.pos === "ADJ" || w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "NUM")) return false;
  }
  return false;
}

/**
 * Where the main clause begins in a sentence that opens with a subordinate clause: the offset of
 * its first word, or null when the sentence opens with none or has no main clause after it. The
 * opening clause has a predicate of its own ("Since Tony retired", "Because the 8:15 got
 * cancelled"); the main clause follows it after a comma ("…got cancelled, I catch the bus") or
 * begins at a subject pronoun that nothing joins to the clause before ("Since the Birch Street
 * garage closed I've been parking on Fifth Avenue", "When Dr. Reyes closed her practice I signed
 * up with Dr. Okafor"), and has a verb. "Since the baby arrived." and "Because it was late and
 * that's all" have none: a fragment. Needs the tagged words of `text` (`await loadTagger()`).
 *
 *   mainClauseStart("Since Tony retired I get my hair cut at Sharp Lines.", tag(…))  // → 19 ("I get …")
 *   mainClauseStart("Since the baby arrived.", tag(…))                               // → null
 */
export function mainClauseStart(text: string, words: readonly TaggedWord[]): number | null {
  if (words.length < 4 || !OPENING_SUBORDINATOR.test(words[0]!.text)) return null;
  // "Because of the outage the release slipped": a preposition, no clause; the sentence is its main clause.
  if (/^of$/i.test(words[1]!.text)) return words.slice(2).some(predicate) ? words[0]!.start : null;
  const first = words.findIndex((w, i) => i > 0 && predicate(w));
  if (first < 0) return null;
  // An opening phrase with no verb before its comma is a time or a reason ("Since then, …", "Since 2019, …").
  const comma = words.findIndex((w, i) => i > 0 && text.slice(words[i - 1]!.start, w.start).includes(","));
  const from = comma > 0 && comma <= first ? comma - 1 : first;
  for (let j = from + 1; j < words.length; j++) {
    const w = words[j]!;
    const before = words[j - 1]!;
    const between = text.slice(before.start + before.text.length, w.start);
    if (/[.;:!?]/.test(between)) return null;
    const rest = words.slice(j, j + 4);
    const hasVerb = rest.some(predicate) || /[’'](?:m|re|ve|d|ll|s)$/i.test(w.text);
    if (!hasVerb || JOINS.test(w.text)) continue;
    if (between.includes(",")) return w.start;
    if (NOMINATIVE.test(w.text) && !JOINS.test(before.text)) return w.start;
    // A subject that is a noun phrase, where no comma marks the clause's end (speech, hurried
    // typing): "Since we rebased the images onto Debian bookworm the scanner report is shorter".
    // The phrase must follow one that ended (not a verb's object: "rebased the images") and have
    // its own verb.
    if (
      PHRASE_OPENER.test(w.text) &&
      (w.pos === "DET" || w.pos === "PRON") &&
      PHRASE_END.has(before.pos) &&
      !JOINS.test(before.text) &&
      subjectThenVerb(words, j)
    )
      return w.start;
  }
  return null;
}

/**
 * Content words of the main clause: up to the first comma, semicolon, colon or sentence end, and
 * before a subordinate clause — a subordinating conjunction with a verb of its own ("We moved
 * standup to Thursdays since half the team is off", "…because the baby arrived"). Such a clause
 * says why or when; its words are a circumstance, not the attribute that changed ("team" above
 * is not what moved). A conjunction with no verb after it ("since 2019") is a time, kept. A
 * sentence that opens with its subordinate clause ("Since the garage closed I park on Fifth
 * Avenue") has its main clause after it (`mainClauseStart`).
 */
export function mainClauseOf(x: Analysis): Set<string> {
  const opened = x.text.replace(/^\s*(?:(?:oh|ok|okay|so|and|btw|fyi|also)\b[\s,]*)+/i, "");
  const start = x.text.length - opened.length;
  const from =
    mainClauseStart(
      opened,
      wordsOf(x)
        .filter((w) => w.start >= start)
        .map((w) => ({ ...w, start: w.start - start })),
    ) ?? 0;
  const main = opened.slice(from);
  let to = start + from + (/^[^,;:.!?]*/.exec(main)?.[0].length ?? 0);
  const words = wordsOf(x).filter((w) => w.start >= start + from && w.start < to);
  const sub = words.findIndex(
    (w, i) =>
      w.pos === "SCONJ" && i > 0 && words.slice(i + 1).some((v) => v.pos === "VERB" || v.pos === "AUX"),
  );
  if (sub > 0) to = words[sub]!.start;
  return setOf(contentTokens(x.text.slice(start + from, to)));
}

/**
 * The nouns of a statement's main clause by place (stemmed): inside a prepositional phrase, a
 * circumstance ("a standing desk *for the office*", "running shoes *for the marathon*"), or
 * central — the subject, what the verb takes and a phrase that completes the verb ("*a standing
 * desk*"; "*the office* is in Leeds"; "We're on *the Pro plan*").
 */
export function nounPlacesOf(x: Analysis): { circumstance: Set<string>; central: Set<string> } {
  const main = mainClauseOf(x);
  const circumstance = new Set<string>();
  const central = new Set<string>();
  let inPhrase = false;
  // A phrase right after its verb completes it ("We're on the Pro plan", "I live in Leeds"): central.
  let afterVerb = false;
  for (const w of wordsOf(x)) {
    if (w.pos === "ADP") inPhrase = !afterVerb;
    else if (w.pos === "VERB" || w.pos === "AUX" || w.pos === "CCONJ" || w.pos === "SCONJ") inPhrase = false;
    const verbal =
      w.pos === "VERB" || w.pos === "AUX" || (w.pos === "PRON" && /[’'](?:re|m|s)$/i.test(w.text));
    if (verbal) afterVerb = true;
    else if (w.pos !== "ADV" && w.pos !== "PART") afterVerb = false;
    if (w.pos !== "NOUN" && w.pos !== "PROPN") continue;
    for (const t of contentTokens(w.text)) if (main.has(t)) (inPhrase ? circumstance : central).add(canon(t));
  }
  return { circumstance, central };
}

/**
 * Words that open a clause before its subject: a subordinating conjunction or a time adverb. "now"
 * alone of `NOW`, deliberately: change-adverbs.ts reads a "noo" that opens a sentence as the "no"
 * people stretch in chat ("Noo, not that one"), and a clause opener stands where a sentence opens.
 */
const CLAUSE_OPENER = /^(?:since|after|once|when|because|as|until|till|now|before|and|but|so)$/i;
/** Nominative pronouns: a subject of their own ("since he retired"). */
const SUBJECT_PRONOUN = /^(?:i|he|she|we|they|it)$/i;

/**
 * A past participle after a subject with no auxiliary is the clause's verb, when the tagger reads it
 * as an adjective: "Since Tony retired I get my hair cut at Sharp Lines", "Once Dave retired, I …",
 * "When my barber retired …" (the tagger: "retired/ADJ"). The word ends in "-ed", follows the head
 * of a noun phrase (a name, a noun, a nominative pronoun) with nothing between, that phrase opens
 * the sentence or follows a clause opener ("since", "after", "once", "when", a comma), and no noun
 * follows it. Not an attribute ("the retired teacher": no subject before it; "Tony retired
 * teachers"), not a predicate adjective ("I'm retired", "my dad is retired": an auxiliary before
 * it), not a phrase set off by commas ("Tony, retired now, …"). Returns the verb's possible lemmas
 * ("retired" → "retire", "retir"; "stopped" → "stop"), or null. Needs the tagged words.
 *
 *   verbalParticiple(t, tag(t), 2)  // t = "Since Tony retired I get my hair cut." → ["retire", "retir"]
 *   verbalParticiple(t, tag(t), 1)  // t = "The retired teacher lives next door." → null
 */
export function verbalParticiple(text: string, words: readonly TaggedWord[], i: number): string[] | null {
  const w = words[i];
  if (w?.pos !== "ADJ" || !/^[a-z]+ed$/i.test(w.text) || i === 0) return null;
  const next = words[i + 1];
  if (next && (next.pos === "NOUN" || next.pos === "PROPN")) return null;
  const head = words[i - 1]!;
  const between = (a: TaggedWord, b: TaggedWord) => text.slice(a.start + a.text.length, b.start);
  const adjoining = (a: TaggedWord, b: TaggedWord) => /^\s+$/.test(between(a, b));
  if (!adjoining(head, w)) return null;
  // The subject phrase: a name, a noun phrase, or a nominative pronoun (no contraction: "I'm retired").
  let from = i - 1;
  // "I'm retired", "Tony's retired": a contracted auxiliary.
  if (/[’'](?:m|re|s|ve|d)$/i.test(head.text)) return null;
  if (head.pos === "PRON") {
    if (!SUBJECT_PRONOUN.test(head.text)) return null;
  } else if (head.pos === "NOUN" || head.pos === "PROPN") {
    while (
      from > 0 &&
      adjoining(words[from - 1]!, words[from]!) &&
      ["NOUN", "PROPN", "DET", "ADJ", "PRON"].includes(words[from - 1]!.pos) &&
      !CLAUSE_OPENER.test(words[from - 1]!.text)
    )
      from--;
    // A possessive pronoun belongs to the phrase ("my barber"); a nominative one is a subject of its own.
    if (words[from]!.pos === "PRON" && SUBJECT_PRONOUN.test(words[from]!.text) && from < i - 1) return null;
  } else return null;
  const opener = words[from - 1];
  const opens =
    opener === undefined || CLAUSE_OPENER.test(opener.text) || /,\s*$/.test(between(opener, words[from]!));
  if (!opens) return null;
  const form = w.text.toLowerCase();
  const stem = form.slice(0, -2);
  const lemmas = [form.slice(0, -1), stem];
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) lemmas.push(stem.slice(0, -1));
  return lemmas;
}

/** The words of a noun phrase a verb takes: "the rent", "our standing order", "the API gateway". */
const OBJECT_WORD = new Set(["DET", "ADJ", "NOUN", "PROPN"]);
/** A particle of passage between a changed thing and its "to": "moved my electricity over to EDF". */
const PASSAGE_PARTICLE = new Set(["over", "across"]);
/** Possessive pronouns: they open a noun phrase ("my sister", "our rent"). */
const POSSESSIVE = /^(?:my|our|your|his|her|its|their)$/i;
/** A word that may stand inside a noun phrase after its first word. */
const IN_PHRASE = new Set(["ADJ", "NOUN", "PROPN", "NUM"]);

/**
 * The words of `text` as the tagger reads them, with four of its guesses read again: a verb read
 * as a noun (`verbReadAsNoun`), a word it does not know read as a noun after a degree adverb
 * (`adjectiveReadAsNoun`), a verb and its "to" written as one word read as a noun
 * (`contractedToReadAsNoun`) and the head noun of an object read as a verb (`nounReadAsVerb`). The
 * judge's reading of a text; tagger.ts's `tagged` is the tagger's own tags, remembered.
 */
export function taggedRead(text: string): TaggedWord[] {
  const words = tag(text);
  let out: TaggedWord[] | null = null;
  for (let i = 0; i < words.length; i++) {
    if (adjectiveReadAsNoun(words, i)) {
      out ??= [...words];
      out[i] = { ...words[i]!, pos: "ADJ" };
      continue;
    }
    if (contractedToReadAsNoun(words, i)) {
      out ??= [...words];
      out[i] = { ...words[i]!, pos: "AUX", lemma: CONTRACTED_TO.get(words[i]!.text.toLowerCase())! };
      continue;
    }
    if (nounReadAsVerb(text, words, i)) {
      out ??= [...words];
      out[i] = { ...words[i]!, pos: "NOUN", lemma: lemmaAs(words[i]!.text, "NOUN", listedWord) };
      continue;
    }
    if (!verbReadAsNoun(text, words, i)) continue;
    const w = words[i]!;
    out ??= [...words];
    out[i] = { ...w, pos: "VERB", lemma: lemmaAs(w.text, "VERB", listedWord) };
    // "moves to room 5", "moves to Park Lane": the tagger, having read no verb, read "to" as an
    // infinitive's and the noun after it as its verb.
    const to = words[i + 2]!;
    if (nounAfterTo(words.slice(i + 1, i + 4), 1))
      out[i + 2] = { ...to, pos: /^\p{Lu}/u.test(to.text) ? "PROPN" : "NOUN", lemma: to.text.toLowerCase() };
  }
  return out ?? words;
}

/** A verb and its "to" written as one word, and the verb it stands for: "gonna" is "going to". */
const CONTRACTED_TO = new Map([
  ["gonna", "go"],
  ["gotta", "get"],
  ["wanna", "want"],
  ["hafta", "have"],
  ["oughta", "ought"],
]);

/**
 * A verb and its "to" written as one word ("gonna", "gotta", "wanna", "hafta") that the tagger reads
 * as a noun: "the potluck's gonna be on a Saturday", "preg check's gonna be a week from Tuesday".
 * Read as a noun it joins the subject ("potluck gonna"), and the subject no longer matches the
 * older's ("the church potluck"); it is an auxiliary before the verb it takes, as "going to" is.
 * Only before a verb or an auxiliary ("gonna be", "gotta get"): "a wanna-be" is no such word.
 *
 *   contractedToReadAsNoun(tag("the potluck's gonna be on a Saturday"), 2) // → true
 */
export function contractedToReadAsNoun(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!;
  const next = words[i + 1];
  return (
    CONTRACTED_TO.has(w.text.toLowerCase()) &&
    w.pos !== "AUX" &&
    w.pos !== "VERB" &&
    (next?.pos === "AUX" || next?.pos === "VERB")
  );
}

/**
 * Verbs that take an object and then a verb as its complement — a bare infinitive ("I watched the
 * dog play in the garden", "she let the kids stay up", "we had the plumber look at it") or a
 * participle ("I get my hair cut at Tony's", "we need the hedge cut", "keep the door shut"): the
 * verb after their object is one.
 */
const COMPLEMENT_TAKERS = new Set(
  "see watch hear feel notice let make help have get bid want need keep leave find".split(" "),
);

/**
 * The head noun of an object read as a verb: "I've updated the parking permit for Gwen's car" —
 * the tagger reads "permit" as a verb after "the parking". Read as a noun when all of these hold:
 *
 * - the word is tagged a verb in its base form ("permit", not "permits" or "permitted") and the
 *   model's lexicon lists it as a noun too (`formTakes`);
 * - the word before it is a noun, and the nouns and adjectives before that are opened by a
 *   determiner or a possessive pronoun ("the parking", "my bus", "our new parking");
 * - a verb or a preposition takes that phrase ("updated the parking permit", "paid for the bus
 *   pass") and the clause has its verb before it (`verbBefore`; not "jumpers with the logo come
 *   from Pinders", a preposition inside the subject): English puts no second verb right after its
 *   object without a conjunction — unless the first verb takes a verb after its object
 *   (`COMPLEMENT_TAKERS`: "I watched the dog play in the garden", "I get my hair cut at Tony's");
 * - a preposition, a clause's end or the text's end follows it: a verb would take its own object.
 *
 * Not read: a phrase that opens its clause ("the school bus stop at the gate", a present without
 * its -s in Patois or a headline: the word is the verb), a verb with its -s or its past ("the
 * council permits parking"), an object before the verb's own object ("I saw the man cut the hedge").
 *
 *   nounReadAsVerb("I've updated the parking permit for Gwen's car", tag(…), 4) // → true
 *   nounReadAsVerb("the school bus stop at the gate", tag(…), 3)              // → false
 */
export function nounReadAsVerb(text: string, words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!;
  const form = w.text.toLowerCase();
  if (w.pos !== "VERB" || form !== w.lemma || !formTakes(form, "NOUN")) return false;
  if (words[i - 1]?.pos !== "NOUN") return false;
  let k = i - 1;
  while (words[k]?.pos === "NOUN" || words[k]?.pos === "ADJ") k--;
  const opener = words[k];
  if (!opener || !(opener.pos === "DET" || POSSESSIVE.test(opener.text))) return false;
  const taker = words[k - 1];
  if (!taker || !(taker.pos === "VERB" || taker.pos === "ADP")) return false;
  if (taker.pos === "VERB" && COMPLEMENT_TAKERS.has(taker.lemma)) return false;
  // The clause has its verb before the phrase: after a preposition inside the subject ("jumpers with
  // the logo come from Pinders") the word is the clause's verb.
  if (!verbBefore(text, words, k)) return false;
  const next = words[i + 1];
  if (next === undefined || next.pos === "ADP") return true;
  return /[,;:.!?()"“”—–]/.test(text.slice(w.start + w.text.length, next.start));
}

/** Whether a verb or an auxiliary stands before word `k` in its clause (no punctuation between). */
function verbBefore(text: string, words: readonly TaggedWord[], k: number): boolean {
  for (let j = k - 1; j >= 0; j--) {
    const w = words[j]!;
    if (w.pos === "VERB" || w.pos === "AUX") return true;
    if (/[,;:.!?()"“”—–]/.test(text.slice(w.start + w.text.length, words[j + 1]!.start))) return false;
  }
  return false;
}

/**
 * Whether `after[k]`, right after "to", is a noun the tagger read as an infinitive's verb: the
 * lexicon lists it as a noun too, and a number or a name follows it ("to room 5", "to Park Lane").
 */
function nounAfterTo(after: readonly TaggedWord[], k: number): boolean {
  const w = after[k];
  const next = after[k + 1];
  return (
    after[k - 1]?.text.toLowerCase() === "to" &&
    w?.pos === "VERB" &&
    formTakes(w.text, "NOUN") &&
    (next?.pos === "NUM" || next?.pos === "PROPN")
  );
}

/** Adverbs of degree: they grade an adjective or an adverb ("so tired", "very late"), never a noun. */
const DEGREE_ADVERB = /^(?:so|very|too|quite|really|super|extremely|pretty|damn|bit)$/i;

/**
 * A word the model's lexicon does not list as a noun, which the tagger read as one, right after an
 * adverb of degree: an adjective, as a degree adverb grades only adjectives and adverbs. Chat in
 * other languages and varieties puts such words where English puts "embarrassed" or "tired" ("He
 * so paiseh", "she very malu", "I'm too kaput"); read as a noun, the word becomes the subject and
 * two turns that share it share a "subject". Not a word the lexicon lists as a noun ("so lunch is
 * at 1": "so" joins two clauses there), not after any other word.
 */
export function adjectiveReadAsNoun(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!;
  const before = words[i - 1];
  return (
    (w.pos === "NOUN" || w.pos === "PROPN") &&
    before !== undefined &&
    before.pos === "ADV" &&
    DEGREE_ADVERB.test(before.text) &&
    /^\p{L}+$/u.test(w.text) &&
    !formTakes(w.text, "NOUN") &&
    !formTakes(w.text, "PROPN")
  );
}

/** A word read as an adjective after a degree adverb that the lexicon does not list: "so paiseh", "very malu". */
function gradedUnlisted(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!;
  const before = words[i - 1];
  return w.pos === "ADJ" && before?.pos === "ADV" && DEGREE_ADVERB.test(before.text) && !listedWord(w.text);
}

/**
 * Where the verb's own clause begins when "but" or "yet" joins it to what opens the sentence
 * ("Paiseh but I cannot skip the meeting", "Sorry but we're closed on Mondays"): the word after the
 * last such conjunction before the verb, when a pronoun or a noun stands between it and the verb;
 * else `from`. Not "and" or "or", which join the nouns of one subject ("Tom and Jerry are …").
 */
function clauseJoinedAt(words: readonly TaggedWord[], from: number, pivot: number): number {
  for (let k = pivot - 1; k > from; k--) {
    if (words[k]!.pos !== "CCONJ" || !/^(?:but|yet)$/i.test(words[k]!.text)) continue;
    const between = words.slice(k + 1, pivot);
    return between.some((w) => w.pos === "PRON" || w.pos === "NOUN" || w.pos === "PROPN") ? k + 1 : from;
  }
  return from;
}

/** Prepositions that open a verb's value of time, place or amount: "moves to 3:15", "starts at 8", "runs until June". */
const VALUE_PREPOSITION = /^(?:to|at|on|in|into|from|until|till|by|onto)$/i;

/**
 * A verb in its -s form that the tagger reads as a plural noun, in the register of headlines and
 * notices where a bare noun subject takes its verb ("Pickup moves to 3:15", "Choir practice
 * shifts to the school hall"): read as the clause's verb when all of these hold —
 *
 * - the model's lexicon lists the form as a verb too (`formTakes`: "moves", "shifts", "starts";
 *   not "lessons", "meetings");
 * - it ends its clause's first noun phrase: only determiners, possessives, adjectives, numbers and
 *   nouns before it in its clause, the last a singular noun or a name ("Pickup", "the school run",
 *   "Mia's swim class") — an -s verb agrees with one thing;
 * - a value follows it: a preposition of time, place or amount and then a number, a name or a noun
 *   ("to 3:15", "to the school hall", "from June"), or a number right after it ("costs 12");
 * - no verb or auxiliary follows in its clause: "the bus stops on Elm Street are closed" is a noun
 *   phrase before its verb, and stays one;
 * - the sentence says no habit (`HABITUAL`: "every", "usually", "at night", "on weekends"): the simple
 *   present of a notice announces ("Pickup moves to 3:15"), that of a habit narrates a routine ("the
 *   cat moves to the sofa at night"), which changes nothing; that is left as the tagger read it.
 *
 * Not a plural the lexicon lists as a noun only ("Swim lessons at 5"), not after a plural or a
 * pronoun ("the kids moves", "it moves": the tagger reads those), not before another verb.
 */
export function verbReadAsNoun(text: string, words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!;
  const form = w.text.toLowerCase();
  if (w.pos !== "NOUN" || !/[^su]s$/.test(form) || !formTakes(form, "VERB")) return false;
  const clauses = clausesRead(text, words);
  // Its clause's words before it: a noun phrase, headed by one thing.
  const start = clauses.start[i]!;
  const head = words[i - 1];
  if (start === i || !head || (head.pos !== "NOUN" && head.pos !== "PROPN")) return false;
  if (head.pos === "NOUN" && head.text.toLowerCase() !== head.lemma && /s$/i.test(head.text)) return false;
  if (clauses.lastOutOfPhrase[i - 1]! >= start) return false;
  // Its clause's words after it: a value, and no verb ("to" and a noun read as a verb excepted).
  const end = clauses.end[i]!;
  const verb = clauses.nextVerb[i + 1]!;
  if (verb < end) {
    const excused = verb === i + 2 && nounAfterTo(words.slice(i + 1, Math.min(end, i + 4)), 1);
    if (!excused || clauses.nextVerb[verb + 1]! < end) return false;
  }
  if (clauses.habitual) return false;
  const next = i + 1 < end ? words[i + 1] : undefined;
  if (!next) return false;
  if (next.pos === "NUM") return true;
  return VALUE_PREPOSITION.test(next.text) && clauses.nextNominal[i + 2]! < end;
}

/**
 * What `verbReadAsNoun` reads of each word's clause, found in one pass over a tagged text and kept
 * with it: read again for each word, a statement of one noun phrase and -s verb repeated ("The team
 * moves team moves … at 5", 8,000 characters) took time in the square of its length (attacks48).
 * Indexes into the words: a clause's first word and the one past its last; the last word before
 * each that is no word of a noun phrase (-1: none); the first verb or auxiliary, and the first
 * number, name or noun, at or after each (the length: none).
 */
interface ClausesRead {
  text: string;
  start: Int32Array;
  end: Int32Array;
  lastOutOfPhrase: Int32Array;
  nextVerb: Int32Array;
  nextNominal: Int32Array;
  habitual: boolean;
}

const CLAUSES_READ = new WeakMap<readonly TaggedWord[], ClausesRead>();

function clausesRead(text: string, words: readonly TaggedWord[]): ClausesRead {
  const known = CLAUSES_READ.get(words);
  if (known && known.text === text) return known;
  const n = words.length;
  const boundary = (a: TaggedWord, b: TaggedWord) =>
    /[,;:.!?()"“”—–]/.test(text.slice(a.start + a.text.length, b.start));
  const read: ClausesRead = {
    text,
    start: new Int32Array(n),
    end: new Int32Array(n),
    lastOutOfPhrase: new Int32Array(n),
    nextVerb: new Int32Array(n + 2).fill(n),
    nextNominal: new Int32Array(n + 2).fill(n),
    habitual: HABITUAL.test(text),
  };
  for (let i = 0; i < n; i++) {
    const p = words[i]!;
    read.start[i] = i > 0 && !boundary(words[i - 1]!, p) ? read.start[i - 1]! : i;
    const inPhrase = NOUN_PHRASE_WORD.has(p.pos) || POSSESSIVE.test(p.text) || /^\p{L}+[’']s$/u.test(p.text);
    read.lastOutOfPhrase[i] = inPhrase ? (i > 0 ? read.lastOutOfPhrase[i - 1]! : -1) : i;
  }
  for (let i = n - 1; i >= 0; i--) {
    const p = words[i]!;
    read.end[i] = i < n - 1 && !boundary(p, words[i + 1]!) ? read.end[i + 1]! : i + 1;
    read.nextVerb[i] = p.pos === "VERB" || p.pos === "AUX" ? i : read.nextVerb[i + 1]!;
    read.nextNominal[i] =
      p.pos === "NUM" || p.pos === "PROPN" || p.pos === "NOUN" ? i : read.nextNominal[i + 1]!;
  }
  CLAUSES_READ.set(words, read);
  return read;
}

/**
 * Words that make a simple present a habit's: adverbs of frequency, "every"/"each" and a recurring
 * part of the day or week ("at night", "in the evenings", "on weekends", "whenever").
 */
const HABITUAL =
  /\b(?:every|each|usually|often|always|sometimes|never|normally|generally|typically|rarely|seldom|whenever|mostly|at night|at weekends|on weekends|in the (?:mornings?|evenings?|afternoons?))\b/i;

/** The parts of speech of a noun phrase's words before its head's verb: "the new school run", "Mia's 3 swim classes". */
const NOUN_PHRASE_WORD = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM"]);

/**
 * Whether the word at `i` is a clause's verb: tagged a verb or an auxiliary, a contracted subject
 * pronoun ("we're", "I've"), or the -s form of a verb of `VERBS` right after a noun and before a
 * preposition, which the tagger reads as a plural noun ("the thermostat lives at 20.5 degrees",
 * "My sister lives in Bristol").
 */
function verbAt(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i];
  if (!w) return false;
  if (w.pos === "VERB" || w.pos === "AUX") return true;
  if (w.pos === "PRON" && /^\p{L}+[’'](?:m|re|ve|d|ll|s)$/iu.test(w.text)) return true;
  const form = w.text.toLowerCase();
  return (
    w.pos === "NOUN" &&
    /s$/.test(form) &&
    VERBS.has(form.slice(0, -1)) &&
    ["NOUN", "PROPN"].includes(words[i - 1]?.pos ?? "") &&
    words[i + 1]?.pos === "ADP"
  );
}

/**
 * The index of the first word of a sentence's main clause when a fronted adverbial opens it — a
 * preposition phrase ("With a newborn in the house we're asleep by 9:30", "During the winter the
 * boiler runs at 1.5 bar") or a subordinate clause ("After we upgraded prod, the database is
 * PostgreSQL 15", "After the plumber came the boiler pressure is at 1.2 bar") — else 0. The subject
 * of a clause is never inside such an opening: it is the noun phrase right before the main verb.
 * The opening ends at a comma followed by a clause with a verb, or, with no comma, where a new
 * noun phrase begins (a determiner, a possessive or a subject pronoun after the phrase's noun or
 * the clause's verb) and runs up to a verb. Nothing found (no verb after the phrase, a phrase
 * that runs into the verb: "In the house rent is 1200"): 0, the sentence is read from its start.
 * Needs the tagged words of `text`.
 *
 *   frontedEnd(t, tag(t)) // t = "With a newborn in the house the thermostat lives at 20.5 degrees" → 6 ("the thermostat …")
 *   frontedEnd(t, tag(t)) // t = "The boiler runs at 1.5 bar in winter" → 0
 */
export function frontedEnd(text: string, words: readonly TaggedWord[]): number {
  const first = words[0];
  if (words.length < 4 || !first) return 0;
  if (nonFiniteOpener(words)) return commaClosedOpening(text, words);
  const subordinate = OPENING_SUBORDINATOR.test(first.text);
  if (!subordinate && first.pos !== "ADP" && first.pos !== "SCONJ") return 0;
  if (/^(?:of|to|like|than|as)$/i.test(first.text)) return 0;
  if (subordinate) {
    const at = mainClauseStart(text, words);
    if (at !== null) {
      const i = words.findIndex((w) => w.start === at);
      if (i > 0) return i;
    }
  }
  const between = (i: number) => text.slice(words[i - 1]!.start + words[i - 1]!.text.length, words[i]!.start);
  for (let j = 2; j < words.length; j++) {
    const gap = between(j);
    if (/[.;:!?]/.test(gap)) return 0;
    // A comma closes the opening: a main clause follows when a verb comes after a word of its own.
    if (gap.includes(",")) {
      for (let k = j + 1; k < Math.min(words.length, j + 6); k++) if (verbAt(words, k)) return j;
      return verbAt(words, j) && words[j]!.pos === "PRON" ? j : 0;
    }
    const w = words[j]!;
    const prev = words[j - 1]!;
    // A new noun phrase begins after a noun (a phrase's head; the tagger reads some as adjectives:
    // "in the flat") or a verb (the opening clause's).
    const afterHead = ["NOUN", "PROPN", "NUM", "ADJ", "VERB"].includes(prev.pos);
    const opensPhrase =
      w.pos === "DET" || (w.pos === "PRON" && (POSSESSIVE.test(w.text) || NOMINATIVE.test(w.text)));
    if (!afterHead || !opensPhrase) {
      // An opening phrase holds no verb (a clause's verb is its own: an opening subordinator).
      if (!subordinate && verbAt(words, j)) return 0;
      continue;
    }
    if (verbAt(words, j)) return j;
    let k = j + 1;
    while (k < words.length && IN_PHRASE.has(words[k]!.pos) && !verbAt(words, k) && !/,/.test(between(k)))
      k++;
    if (k < words.length && k > j && verbAt(words, k) && !/,/.test(between(k))) return j;
    if (NOMINATIVE.test(w.text) && verbAt(words, j + 1)) return j;
  }
  return 0;
}

/**
 * Whether a sentence opens with a phrase that has no finite verb and no subject of its own: a
 * gerund ("Starting next week, …", "Looking at the logs, …"), an infinitive of purpose ("To save
 * space, …"), "As of" ("As of Monday, …") or "Effective" ("Effective immediately, …"). Such an
 * opening is read only when a comma closes it (`commaClosedOpening`): "Starting the car takes a
 * minute" opens with its own subject.
 */
function nonFiniteOpener(words: readonly TaggedWord[]): boolean {
  const [first, second] = words;
  if (!first || !second) return false;
  const form = first.text.toLowerCase();
  if (form === "as") return /^of$/i.test(second.text);
  if (form === "effective") return true;
  // "To be honest, …" is a speaker's aside, not a purpose: a lexical verb only.
  if (form === "to") return second.pos === "VERB";
  return (first.pos === "VERB" || first.pos === "AUX") && /\p{L}{2,}ing$/u.test(form);
}

/**
 * The index of the first word after the comma that closes an opening, when a clause with a verb
 * follows it within five words; else 0 (no comma before a sentence stop, or no verb after it).
 */
function commaClosedOpening(text: string, words: readonly TaggedWord[]): number {
  // From the second word: a time filler the slot reader drops leaves "Starting , support hours …".
  for (let j = 1; j < words.length; j++) {
    const gap = text.slice(words[j - 1]!.start + words[j - 1]!.text.length, words[j]!.start);
    if (/[.;:!?]/.test(gap)) return 0;
    if (!gap.includes(",")) continue;
    for (let k = j; k < Math.min(words.length, j + 6); k++) if (verbAt(words, k)) return j;
    return 0;
  }
  return 0;
}

/**
 * Openers of an adverbial of onset: the statement after it began to hold then, so it announces a
 * change as "now" does ("Since March, the gateway runs on Kong", "Starting next week, support hours
 * are 8 to 8", "As of Monday, …", "Effective immediately, …", "Following the merger, …"). Not
 * "after" ("After lunch I go for a walk" is a routine's occasion, not an onset), not "once" ("Once
 * a week, …"), not "because" (a reason is no time).
 */
const ONSET_OPENER = /^(?:since|starting|beginning|effective|following|as)$/i;

/**
 * Whether the statement opens with an adverbial of onset (`ONSET_OPENER`) that `frontedEnd` reads as
 * an opening: the state it states began then, a change announced as "now" announces one. "Since"
 * counts only as time: before a noun phrase ("Since March", "Since the policy change") or a clause
 * in the past ("Since the lease ended"); "Since it's raining, …" gives a reason. Needs the tagged
 * words of `x`.
 *
 *   opensWithOnset(analysisOf("Since March, the API gateway runs on Kong."))   // → true
 *   opensWithOnset(analysisOf("Since it's raining, the match is indoors."))    // → false
 *   opensWithOnset(analysisOf("After lunch, I go for a walk."))                 // → false
 */
export function opensWithOnset(x: Analysis): boolean {
  const words = wordsOf(x);
  const first = words[0];
  if (!first || !ONSET_OPENER.test(first.text)) return false;
  const end = frontedEnd(x.text, words);
  if (end <= 0) return false;
  if (!/^since$/i.test(first.text)) return true;
  // A verb of the opening in the present (or a contraction of one) makes "since" a reason.
  return !words.slice(1, end).some(presentVerb);
}

/** A verb in the present: an auxiliary of the present, a contraction of one, a base form or an -s form. */
function presentVerb(w: TaggedWord): boolean {
  const form = w.text.toLowerCase();
  if (PRESENT_AUX.test(form) || /[’'](?:s|re|m)$/.test(form)) return true;
  if (w.pos !== "VERB" && w.pos !== "AUX") return false;
  return form === w.lemma || (form.endsWith("s") && form.startsWith(w.lemma.slice(0, -1)));
}

/**
 * Verbs whose past begins a holding: what was got, bought, joined or started is had, joined or
 * done after it ("I bought a Chemex last week", "I joined Crunch"), so a later value may replace it.
 */
const BEGINS_HOLDING = new Set(
  "get buy adopt join start begin hire sign pick choose take become set install book reserve order rent lease".split(
    " ",
  ),
);
/** An auxiliary of the present or the future: the statement says what is (or will be), not only what happened. */
const PRESENT_AUX =
  /^(?:am|is|are|'m|’m|'re|’re|'s|’s|has|have|'ve|’ve|do|does|will|'ll|’ll|can|shall|may|must)$/i;

/**
 * Whether the statement only narrates an event: every verb is in the simple past and none is a verb
 * of change, of state (`VERBS`: live, use, work, keep …) or one that begins a holding
 * (`BEGINS_HOLDING`). "My sister visited and we went to that new ramen place downtown, so good."
 * holds no value that a later statement could replace.
 *
 *   narratesEvent(analysisOf("My sister visited and we went to that new ramen place")) // → true
 *   narratesEvent(analysisOf("I bought a Chemex last week"))                            // → false
 *   narratesEvent(analysisOf("My sister lives in Leeds"))                               // → false
 */
export function narratesEvent(x: Analysis): boolean {
  x.narrated ??= narrated(x);
  return x.narrated;
}

function narrated(x: Analysis): boolean {
  // How an attempt went is an outcome, read by its own rules ("The nightly backup timed out").
  if (x.question || slotsOf(x).predicate === OUTCOME) return false;
  let past = 0;
  for (const w of wordsOf(x)) {
    const form = w.text.toLowerCase();
    if (w.pos === "AUX") {
      if (PRESENT_AUX.test(form)) return false;
      continue;
    }
    if (w.pos !== "VERB") continue;
    const lemma = w.lemma;
    // A present ("retries", "practise": another spelling of the lemma) or a base form may say a
    // state or a habit; a past ends in -ed or is another word than its lemma ("went", "saw").
    // A gerund after a past names the activity ("we went climbing", "the climbing wall").
    if (form.endsWith("ing")) continue;
    if (form === lemma || /(?:s|ise|ize)$/.test(form)) return false;
    if (CHANGE_LEMMAS.has(lemma) || CHANGE_VERBS.has(form) || VERBS.has(lemma) || BEGINS_HOLDING.has(lemma))
      return false;
    past++;
  }
  return past > 0;
}

/** Prepositions that open an occasion before a possessive ("on my walk", "at our Friday meeting"). */
const OCCASION_PREPOSITION = /^(?:on|at|in|over|during|before|after|for)$/i;
const OCCASION_POSSESSIVE = /^(?:my|our|his|her|their|your)$/i;
/** Where an occasion's words stop: a clause or phrase of its own begins. */
const OCCASION_END = new Set(["ADP", "CCONJ", "SCONJ", "AUX", "PRON", "PUNCT", "PART", "DET"]);

/**
 * The occasion a statement names: the words after "during" or "while", or after a preposition and
 * a possessive ("on my morning walk", "during my commute", "at our Friday meeting"), up to the next
 * phrase or clause (at most three words), stemmed. Empty when it names none.
 *
 *   occasionOf(analysisOf("I listen to Radiolab on my morning walk")) // → {"morn", "walk"}
 *   occasionOf(analysisOf("I keep my passwords in LastPass"))         // → {}
 */
export function occasionOf(x: Analysis): Set<string> {
  x.occasion ??= occasion(x);
  return x.occasion;
}

function occasion(x: Analysis): Set<string> {
  const words = wordsOf(x);
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text.toLowerCase();
    let j: number;
    if (t === "during" || t === "while") j = i + 1;
    else if (OCCASION_PREPOSITION.test(t) && OCCASION_POSSESSIVE.test(words[i + 1]?.text ?? "")) j = i + 2;
    else continue;
    if (OCCASION_POSSESSIVE.test(words[j]?.text ?? "") || words[j]?.pos === "DET") j++;
    for (let k = j; k < Math.min(words.length, j + 3); k++) {
      const w = words[k]!;
      if (OCCASION_END.has(w.pos) || !/[\p{L}\p{N}]/u.test(w.text)) break;
      for (const token of contentTokens(w.text)) out.add(token);
    }
  }
  return out;
}
