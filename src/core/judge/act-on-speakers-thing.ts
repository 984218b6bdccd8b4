/**
 * Another's act on the speaker's thing: "the dental practice moved my appointment to 27 January",
 * "the therapy gal moved me to Wednesdays", "they switched me to the Thursday route", "Rhodri has
 * moved my electric over to EDF". The grammatical subject is the one who acts (a clinic, a boss,
 * "they"); the thing whose value changes is the verb's object, and the object carries the owner: "my
 * appointment" is the speaker's, and "me" stands for the speaker's one slot the older states. Read
 * whole, the actor is taken for the subject ("dental practice" against "dentist appointment") and the
 * pair is called two things (`different-entity`) with confidence. Read with the actor left out and the
 * object made the subject — "my appointment moved to 27 January", "physical therapy moved to
 * Wednesdays" — the pair is what the rules make of it: a change of the older's thing when the object
 * is the older's, two things when it is not.
 *
 * The frame (`actFrameOf`): a clause whose subject is a third party of at most five words — "they",
 * "she", "he", Jamaican Creole's "dem", a name, a noun ("the clinic", "my boss", "Dr") — with at most a
 * perfect auxiliary ("has moved", "'s moved") and no other verb, then a verb of moving, changing or
 * setting (`ACT_VERBS`: move, switch, change, put, rebook, reschedule, push, bump, shift, transfer,
 * swap, up, raise, lower, double …) in a finite form, then the speaker's object: "me"/"us"/"mi", or
 * "my"/"our"/"mi" before a thing's noun (not a person's: "moved my son to halfback" is the son's). Not
 * a modal or a wish ("they might move it", "they want to move my appointment": a verb or an auxiliary
 * stands in the subject), not a negation, not a clause under "if"/"unless", not a question, not an
 * "-ing" form ("they're moving me": a plan), not the speaker's own act ("I moved my appointment": the
 * rules read that already), not another's own thing ("they moved their appointment", "she switched to
 * Tuesdays": no speaker's object).
 *
 * "me" is read as the older's subject when that is one thing — a noun phrase of at most four words
 * before its first verb or preposition whose head names no person ("eye appointment", "physical
 * therapy") — and the newer says one of its words ("the therapy gal moved me to Wednesdays"), or as
 * "I am"/"we are" when the older's subject is the speaker and the words after "me" share one with the
 * older ("I drive the Tuesday route" / "they switched me to the Thursday route"); otherwise there is
 * no reading: "me" may stand for any of the speaker's slots ("the artist rescheduled me to feb 27" is
 * no lab section's change). The word must be said in the act's own clause, and a change read on "me"
 * is deferred, never closed: the shared word may be the actor's ("the club put me on …" is no club
 * sausage sizzle's change; lead53).
 *
 * It replaces only a verdict the actor's words can mislead (`misleadable`, and no shared word), and a
 * change it reads is the rules' own on the rewritten pair, with every guard they run (a value of
 * another kind, a value said again, a change reported with no value are deferred there). When the
 * rewritten pair is two things with confidence, that reading stands ("they moved my dentist
 * appointment" is not the eye appointment); when it is neither that nor a confident change, the act
 * says the older's thing was moved but not to what the rules can read: deferred
 * (`unsure:act-on-speakers-thing`), never left a confident `different-entity`.
 *
 *   actOnSpeakersThing("My dentist appointment is on 20 January at ten.", "The dental practice moved my appointment to 27 January, the hygienist is off.", whole, judge)
 *   // → { relation: "supersedes", rule: "act-on-speakers-thing", reason: "act-on-speakers-thing: the dental practice moved my appointment; change-in-one-clause: …" }
 */
import { genderOf, isTitle } from "../person-words.js";
import type { Lexicon } from "../ports.js";
import { analysisOf, wordsOf } from "./analysis.js";
import { misleadable, type Rereading } from "./clause-change.js";
import type { TaggedWord } from "./tagger.js";

/** The reading's name (the reason code) and its doc line. */
export const ACT_ON_SPEAKERS_THING_RULE = {
  name: "act-on-speakers-thing",
  doc: 'The newer says another\'s act on the speaker\'s thing: a third party ("they", "the clinic", "my boss", "dem") moves, switches, changes, puts, rebooks or bumps the speaker\'s object ("my appointment", "me", "us") — "the dental practice moved my appointment to 27 January", "the therapy gal moved me to Wednesdays": read with the actor left out and the object as the subject ("me" as the older\'s one thing when the newer says a word of it, or "I am" when the older\'s subject is the speaker), the pair is a change the rules read with confidence on "my X"; one read on "me" (which slot it stands for is a guess) or one they do not read with confidence is deferred (`unsure:act-on-speakers-thing`). Not a modal, a wish, a negation, an "if", a question or an "-ing" plan ("they might move it", "they want to move my appointment"), nor another\'s own thing ("they moved their appointment", "she switched to Tuesdays").',
} as const;

/** The deferred form: an act on the speaker's thing whose change the rules do not read with confidence. */
export const ACT_ON_SPEAKERS_THING_UNSURE = "unsure:act-on-speakers-thing";

/** Lemmas of verbs by which one person moves, changes or sets another's thing. */
const ACT_VERBS = new Set(
  "move switch change put rebook reschedule push bump shift transfer swap set up raise lower double halve increase reduce cut drop reassign".split(
    " ",
  ),
);
/** Forms the tagger may leave unlemmatised or read as a noun: "upped", "rebooked", "dem rebook me". */
const ACT_FORM = /^(?:upped|ups|rebook(?:s|ed)?|resched(?:ule[ds]?)?|bumped|swapped|shifted)$/i;
/** Third-person subjects that are pronouns: "they", "she", "he", Jamaican Creole "dem"/"dey". */
const AGENT_PRONOUN = /^(?:they|she|he|dem|dey)$/i;
/** The speaker as a subject or an object: never the actor here. */
const SPEAKER = /^(?:i|we|mi|me|us|my|our)$/i;
/** A pronoun, with what may be written onto it: "i'm", "it's", "we've" (no word of a thing's name). */
const PRONOUN_WORD = /^(?:i|me|we|us|you|he|him|she|her|they|them|it|mi)(?:['’]\p{L}+)?$/iu;
/** The speaker as the verb's object. */
const SPEAKER_OBJECT = /^(?:me|us|mi)$/i;
/** The speaker's possessive before the object's noun. */
const SPEAKER_OWNER = /^(?:my|our|mi)$/i;
/** A perfect auxiliary the actor may carry: "has moved", "'s moved", "have put". */
const PERFECT = /^(?:has|have|had|['’]s|['’]ve|['’]d)$/i;
/** Words that open a clause, ending the one before. */
const CLAUSE_OPENER = /^(?:and|so|but|then|because|bc|cause|cuz|coz|cos|since|as|now|which|who)$/i;
/** Words that make what follows no statement of fact: a condition, a doubt. */
const NOT_ASSERTED = /^(?:if|unless|whether|maybe|perhaps|hopefully|might|may|could|would|should)$/i;
const NEGATION = /^(?:not|n't|n’t|never|no)$/i;
/** Words of a thing's noun phrase before its head. */
const DETERMINER = /^(?:the|a|an|my|our|this|that)$/i;
const MAX_AGENT_WORDS = 5;
const MAX_OBJECT_WORDS = 4;

/** What "me" or the object is read as: its phrase and the copula that agrees with it. */
interface Subject {
  phrase: string;
  copula: "am" | "is" | "are";
}

/** The copula for a noun: "are" for a plural ("my shifts"), "is" otherwise. */
const copulaOf = (head: TaggedWord): "is" | "are" =>
  /s$/i.test(head.text) && head.text.toLowerCase() !== head.lemma ? "are" : "is";

/**
 * A preposition of destination right after the object: "to", "over to", "up to", "down to", "back
 * to", "onto", "for" ("rebooked my blood test for 9 May"), read off; "on" stays ("put me on nights" →
 * "I am now on nights", `RESULT_SAID_BARE`), and so does a value said bare ("dem rebook me 26th Feb").
 */
const DESTINATION = /^\s*(?:(?:over|up|down|back|across)\s+)?(?:to|onto|for)\s+/i;

/** A result said with its own preposition or bare after the object: "on nights", "26th Feb". */
const RESULT_SAID_BARE = /^\s*(?:on\s|\p{N})/u;

export interface ActFrame {
  /** The frame as written: "the dental practice moved my appointment". */
  frame: string;
  /** The newer with the actor left out and the object as the subject. */
  rewritten: string;
  /**
   * The object is "me"/"us": which of the speaker's slots it stands for is a reading of the words the
   * two share, not said ("the seminar committee moved me to Dec 4" for "my seminar talk is Nov 13",
   * but "the club put me on …" names the club's sizzle too) — a change read so is deferred, never closed.
   */
  objectIsSpeaker: boolean;
}

const personal = (w: TaggedWord, lexicon: Lexicon | undefined) =>
  genderOf(w.text) !== null || isTitle(w.text) || (lexicon?.isPerson(w.lemma.toLowerCase()) ?? false);

const nominal = (w: TaggedWord) => w.pos === "NOUN" || w.pos === "PROPN";

/** Whether punctuation stands between two words of the text. */
const boundaryBetween = (text: string, a: TaggedWord, b: TaggedWord) =>
  /[,;:.!?()—–]/.test(text.slice(a.start + a.text.length, b.start));

/** A clause's end: punctuation before a space or the text's end (not "2.5"), a bracket or a dash. */
const CLAUSE_END = /[,;:.!?](?=\s|$)|[()—–]/g;

/**
 * The offsets of the clause around the word `at`: from the last clause end before it to the first
 * after it ("The doctor put me up to 100mg last week, the first few days were a bit wobbly." → "The
 * doctor put me up to 100mg last week").
 */
function clauseAround(text: string, at: TaggedWord): { start: number; end: number } {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(CLAUSE_END)) {
    if (m.index < at.start) start = m.index + 1;
    else if (m.index >= at.start + at.text.length) {
      end = m.index;
      break;
    }
  }
  return { start, end };
}

/**
 * The older's subject as a phrase "me" may stand for: its first noun phrase of at most four words,
 * before its first verb or preposition, whose head names no person ("eye appointment with Dr Schmidt
 * is …" → "eye appointment"); "I am"/"we are" when the older's subject is the speaker; null otherwise.
 */
function olderSubject(older: string, lexicon: Lexicon | undefined): Subject | null {
  const words = wordsOf(analysisOf(older)).filter((w) => w.pos !== "PUNCT");
  const first = words[0];
  if (!first) return null;
  if (/^(?:i|mi)$/i.test(first.text)) return { phrase: "I", copula: "am" };
  if (/^we$/i.test(first.text)) return { phrase: "we", copula: "are" };
  const end = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX" || w.pos === "ADP");
  if (end < 1 || end > MAX_OBJECT_WORDS) return null;
  const phrase = words.slice(0, end);
  const head = phrase[phrase.length - 1]!;
  const fits = phrase.every((w, i) => (i === 0 && DETERMINER.test(w.text)) || nominal(w) || w.pos === "ADJ");
  if (!fits || head.pos !== "NOUN" || personal(head, lexicon)) return null;
  return { phrase: phrase.map((w) => w.text).join(" "), copula: copulaOf(head) };
}

/**
 * The speaker's object after the verb at `v`: "me"/"us" (the older's subject stands for it), or "my
 * X" of a thing (its noun phrase as written); the offset in `text` after it; null when the object is
 * none of these, or "me" names no word of the older's thing.
 */
function speakersObject(
  text: string,
  words: readonly TaggedWord[],
  v: number,
  older: string,
  lexicon: Lexicon | undefined,
): { subject: Subject; end: number; speaker: boolean } | null {
  const o = words[v + 1];
  if (!o) return null;
  const next = words[v + 2];
  // After a possessive a bare verb is a noun the tagger misread: "pushed my consult to 3/11".
  const thing = (w: TaggedWord) =>
    nominal(w) || w.pos === "ADJ" || (w.pos === "VERB" && w.text.toLowerCase() === w.lemma);
  const owned = SPEAKER_OWNER.test(o.text) && next !== undefined && thing(next);
  if (!owned) {
    if (!SPEAKER_OBJECT.test(o.text)) return null;
    const subject = olderSubject(older, lexicon);
    if (subject === null) return null;
    // "me" may stand for any of the speaker's slots: it is the older's thing only when the newer names
    // it — a word of the older's subject ("the therapy gal moved me" / "physical therapy …"), or for
    // the speaker as subject a word of the older's after the object ("switched me to the Thursday
    // route" / "I drive the Tuesday route"). "the artist rescheduled me to feb 27" names no lab section.
    // Named in the act's own clause: "the doctor put me up to 100mg, the first few days were wobbly"
    // names no "long day".
    const clause = clauseAround(text, o);
    const named = subject.copula === "am" || subject.phrase === "we" ? older : subject.phrase;
    const said =
      subject.copula === "am" || subject.phrase === "we"
        ? text.slice(o.start + o.text.length, clause.end)
        : text.slice(clause.start, clause.end);
    const own = analysisOf(named).content;
    if (![...analysisOf(said).content].some((t) => own.has(t) && !SPEAKER.test(t))) return null;
    return { subject, end: o.start + o.text.length, speaker: true };
  }
  let last = v + 1;
  for (let j = v + 2; j < words.length && j <= v + 1 + MAX_OBJECT_WORDS; j++) {
    const w = words[j]!;
    if (!thing(w) || PRONOUN_WORD.test(w.text) || boundaryBetween(text, words[j - 1]!, w)) break;
    last = j;
  }
  const head = words[last]!;
  if (last === v + 1 || head.pos === "ADJ" || personal(head, lexicon)) return null;
  const end = head.start + head.text.length;
  // Jamaican Creole's possessive "mi" is "my" ("dem move mi appointment").
  const phrase = text.slice(o.start, end).replace(/^mi\b/i, "my");
  return { subject: { phrase, copula: copulaOf(head) }, end, speaker: false };
}

/**
 * The frame of another's act on the speaker's thing in `newer`, and the newer rewritten with the
 * actor left out; null when it says none.
 *
 *   actFrameOf("my physio is on Mondays", "the physio clinic switched me to Tuesdays")
 *   // → { frame: "the physio clinic switched me", rewritten: "my physio is now Tuesdays", objectIsSpeaker: true }
 *   actFrameOf("my physio is on Mondays", "the clinic switched me to Tuesdays") // → null: "me" names no physio
 */
export function actFrameOf(older: string, newer: string, lexicon?: Lexicon): ActFrame | null {
  const words = wordsOf(analysisOf(newer)).filter((w) => w.pos !== "PUNCT");
  for (let v = 1; v < words.length - 1; v++) {
    const verb = words[v]!;
    const form = verb.text.toLowerCase();
    if (!ACT_VERBS.has(verb.lemma.toLowerCase()) && !ACT_FORM.test(form)) continue;
    if (form.endsWith("ing") || form.endsWith("in'")) continue;
    // The clause's start: after the last punctuation or clause opener before the verb.
    let start = v;
    while (start > 0 && !boundaryBetween(newer, words[start - 1]!, words[start]!)) {
      if (CLAUSE_OPENER.test(words[start - 1]!.text)) break;
      start--;
    }
    let agent = words.slice(start, v);
    while (agent.length > 1 && PERFECT.test(agent[agent.length - 1]!.text)) agent = agent.slice(0, -1);
    if (agent.length === 0 || agent.length > MAX_AGENT_WORDS) continue;
    const head = agent[agent.length - 1]!;
    const sentence =
      newer
        .slice(0, verb.start)
        .split(/[.!?]\s/)
        .pop() ?? "";
    if (
      agent.some((w) => w.pos === "VERB" || w.pos === "AUX" || w.pos === "PART" || NEGATION.test(w.text)) ||
      agent.some((w) => SPEAKER.test(w.text) && w !== agent[0]) ||
      SPEAKER.test(head.text) ||
      !(AGENT_PRONOUN.test(head.text) || nominal(head)) ||
      sentence.split(/\s+/).some((w) => NOT_ASSERTED.test(w)) ||
      /\?/.test(newer.slice(verb.start).split(/[.!]\s/)[0] ?? "")
    )
      continue;
    const object = speakersObject(newer, words, v, older, lexicon);
    if (object === null) continue;
    const rest = newer.slice(object.end);
    if (rest.trim().length === 0) continue;
    // The act's result: "moved my appointment to the 14th" leaves "my appointment is now the 14th".
    const { phrase, copula } = object.subject;
    const to = DESTINATION.exec(rest);
    const said = to
      ? `${phrase} ${copula} now ${rest.slice(to[0].length)}`
      : RESULT_SAID_BARE.test(rest)
        ? `${phrase} ${copula} now${rest}`
        : `${phrase} ${copula === "am" || phrase === "we" ? `${copula} ` : ""}${verb.text}${rest}`;
    return {
      frame: newer.slice(agent[0]!.start, object.end),
      rewritten: newer.slice(0, agent[0]!.start) + said,
      objectIsSpeaker: object.speaker,
    };
  }
  return null;
}

/**
 * The verdict of the pair read with the newer's actor left out, when the whole reading could be
 * misled by the actor's words; null when the newer says no act on the speaker's thing or the whole
 * reading stands. `judge` reads two texts as the judge does.
 */
export const actOnSpeakersThing: Rereading = (a, b, whole, judge, lexicon) => {
  if (!misleadable(whole, ["no-shared-terms"])) return null;
  const act = actFrameOf(a.text, b.text, lexicon);
  if (act === null) return null;
  const read = judge(a, { ...b, text: act.rewritten });
  const frame = act.frame.toLowerCase();
  const change = read.relation === "supersedes" || read.relation === "contradicts";
  if (change && read.confident !== false && !act.objectIsSpeaker)
    return {
      relation: read.relation,
      similarity: whole.similarity,
      reason: `${ACT_ON_SPEAKERS_THING_RULE.name}: ${frame}; ${read.reason}`,
      rule: ACT_ON_SPEAKERS_THING_RULE.name,
      confident: true,
    };
  // Two things read with confidence: the act is on another of the speaker's things, and that reading
  // no longer takes the actor for the subject. It never makes a deferral confident.
  if (read.relation === "distinct" && read.confident !== false)
    return read.rule === whole.rule || whole.confident === false
      ? null
      : { ...read, similarity: whole.similarity, reason: `act (${frame}): ${read.reason}` };
  // An act of moving or changing the older's thing with no change the rules are sure of, or one on
  // "me" (which of the speaker's slots it moved is a guess): deferred.
  return {
    relation: "refines",
    similarity: whole.similarity,
    reason: `${ACT_ON_SPEAKERS_THING_UNSURE}: ${frame}; ${read.reason}`,
    rule: ACT_ON_SPEAKERS_THING_UNSURE,
    confident: false,
  };
};
