/**
 * A statement that reports another's words: "the letter says the surgery is moving to Elm Street",
 * "the notice says the pool opens at 7 now", "My sister-in-law say the party is at the Crown now",
 * "Dr Okafor told me my dose is 50mg now", "I heard the market is on Fridays now". Its grammatical
 * subject is the source or the messenger (a letter, a notice, a person), the subject of a verb of
 * communication; what it reports is the complement clause, whose own subject is the thing whose state
 * is said. Read whole, the reporter is taken for the subject ("letter" against "surgery"), and the
 * pair is called two things (`different-entity`). Read as its reported clause, the pair is what the
 * rules make of the clause: a change of the older's thing when the clause's subject is the older's
 * (a reportative evidential: the speaker relays the state), two things when it is not.
 *
 * The frame is a subject of at most five words that is a source or a person — a noun of a document
 * or a message (`SOURCES`: letter, notice, email, text, sign, website …), a name, "he"/"she"/"they",
 * a noun WordNet reads as a person ("my sister-in-law", "the landlord") or the speaker with "heard"
 * or "was told" — then a verb of communication (say, tell, write, email, text, announce, confirm,
 * mention, report, inform; Singlish's unmarked "say" and "email" too), then "me"/"us", "that", a
 * colon or a quotation mark (after any verb but say and tell, one of the last three), and the
 * clause: three words or more with a verb of its own, not an
 * object ("Amir wrote the onboarding guide"), an instruction ("told me to take 50mg") or a topic
 * ("told me about the party"). Not a negated report ("the letter doesn't say …"), not a
 * question, not a report of a plan or a guess (the clause's own rules read those: "might", "will").
 * A verb of opinion ("reckons", "thinks", "believes", "guesses") reports what someone supposes, not
 * the thing's state: its change is deferred (`unsure:reported-change`), and so is a reported end of
 * a sole value, which `sole-value-retired` reads as the speaker's own account only.
 *
 * A quoted notice needs no verb: a source's noun, a colon and its words ("paste notice at the gate:
 * 'The pool opens at 8 from Monday'", `quotedNoticeOf`). "it" as the reported clause's subject ("they
 * said it's moving to 6pm") is the older's one thing when the newer names no other thing, and defers
 * when it does (`itReferent`).
 *
 * It replaces only a verdict the reporter's words can mislead (`misleadable`; and no shared word,
 * which "it" leaves), either side's frame read off (the older may report too: "the letter says the
 * surgery is on High Street").
 *
 *   reportedChange("the party is at Jo's on saturday", "my sister says the party is at the Crown now", whole, judge)
 *   // → { relation: "supersedes", rule: "reported-change", reason: "reported-change: my sister says; change-cue: …" }
 */
import { genderOf, isTitle } from "../person-words.js";
import type { Lexicon } from "../ports.js";
import { analysisOf, wordsOf } from "./analysis.js";
import { misleadable, type Rereading } from "./clause-change.js";
import type { TaggedWord } from "./tagger.js";

/** The reading's name (the reason code) and its doc line. */
export const REPORTED_CHANGE_RULE = {
  name: "reported-change",
  doc: 'The newer (or the older) reports another\'s words: its subject is a source or a messenger — a letter, notice, email, text, sign, a person — of a verb of communication ("the letter says …", "the notice says …", "my sister-in-law say …", "Dr Okafor told me …", "I heard …"), or a source\'s noun and a colon ("email from the landlord: …"): read as the reported clause ("it" in it read as the older\'s one thing when the newer names no other), the pair is a change the rules read with confidence. A verb of opinion ("reckons", "thinks") or a reported end of a sole value defers (`unsure:reported-change`); a clause about another thing stays two things.',
} as const;

/** The deferred form: a reported change the speaker relays as a guess, or an end reported by another. */
export const REPORTED_CHANGE_UNSURE = "unsure:reported-change";

/** Nouns of a document, a message or a notice: a source that reports a thing's state. */
const SOURCES = new Set(
  "letter notice email e-mail mail text message msg sign poster website site app newsletter memo note announcement flyer leaflet invite invitation card circular bulletin post noticeboard board form confirmation receipt schedule timetable update alert voicemail whatsapp sms".split(
    " ",
  ),
);

/** Forms of verbs of communication (a source or a person reports what holds). */
const COMMUNICATION =
  /^(?:says?|said|saying|tells?|told|telling|writes?|wrote|written|e-?mail(?:s|ed)?|text(?:s|ed)?|messag(?:e|es|ed)|announc(?:e|es|ed)|confirm(?:s|ed)?|mention(?:s|ed)?|reports?|reported|inform(?:s|ed)?|notif(?:y|ies|ied)|warn(?:s|ed)?|states?|stated)$/i;
/** "say" and "tell": a clause follows them bare ("says the pool opens at 8", "told me my dose is 50mg"). */
const SAY = /^(?:says?|said|saying|tells?|told|telling)$/i;
/** Forms of verbs of opinion: the reporter supposes, the state is not reported. */
const OPINION =
  /^(?:reckons?|reckoned|thinks?|thought|believes?|believed|guess(?:es|ed)?|supposes?|supposed)$/i;
/** The speaker as the hearer: "I heard", "I was told", "we got told". */
const HEARD = /^(?:i|we)\s+(?:(?:just|also)\s+)?(?:heard|(?:was|were|got|been)\s+told|read)$/i;

const PERSON_PRONOUN = /^(?:he|she|they)$/i;
const NEGATION = /^(?:not|n't|n’t|never|doesn't|didn't|don't|doesn’t|didn’t|don’t)$/i;
/** What may stand between the verb and the clause: the hearer, "that", a colon or a quotation mark. */
const BRIDGE = /^(?:\s|me\b|us\b|that\b|:|,|["'“”‘’]|\.\.\.|…)+/i;
const CHAT_OPENER = /^(?:(?:oh|ah|so|and|also|btw|well|ok|okay|update|news|fyi|heads up)\b[\s,:!.-]*)+/i;

export interface ReportFrame {
  /** The frame as written: "my sister says". */
  frame: string;
  /** The reported clause, quotes and "that" off. */
  clause: string;
  /** A verb of opinion: the clause is supposed, not reported. */
  opinion: boolean;
}

const name = (w: TaggedWord) => w.pos === "PROPN" && /^\p{Lu}/u.test(w.text);

/** Whether the words before the verb are a source or a person. */
function isReporter(subject: readonly TaggedWord[], lexicon: Lexicon | undefined): boolean {
  if (subject.length === 0 || subject.length > 5) return false;
  if (subject.some((w) => w.pos === "VERB" || w.pos === "AUX" || w.pos === "ADP")) return false;
  const head = subject[subject.length - 1]!;
  const lemma = head.lemma.toLowerCase();
  const form = head.text.toLowerCase().replace(/['’]s$/, "");
  if (subject.length === 1 && PERSON_PRONOUN.test(head.text)) return true;
  if (SOURCES.has(lemma) || SOURCES.has(form)) return true;
  if (subject.every((w, i) => name(w) || (i === 0 && isTitle(w.text)))) return subject.some(name);
  if (head.pos !== "NOUN" && head.pos !== "PROPN") return false;
  // "my sister-in-law", "the landlord", "our GP": a noun for a person.
  const words = form.split("-");
  return genderOf(form) !== null || genderOf(words[0]!) !== null || (lexicon?.isPerson(lemma) ?? false);
}

/**
 * The report frame a text opens with (after a chat opener), and the clause it reports; null when the
 * text opens with none or the clause is shorter than three words.
 */
export function reportFrameOf(text: string, lexicon?: Lexicon): ReportFrame | null {
  const opener = CHAT_OPENER.exec(text)?.[0].length ?? 0;
  const body = text.slice(opener);
  const words = wordsOf(analysisOf(body)).filter((w) => w.pos !== "PUNCT");
  if (words.length < 4) return null;
  for (let v = 1; v <= Math.min(6, words.length - 3); v++) {
    const verb = words[v]!;
    const heard = HEARD.test(
      words
        .slice(0, v + 1)
        .map((w) => w.text)
        .join(" "),
    );
    const opinion = OPINION.test(verb.text);
    if (!heard && !opinion && !COMMUNICATION.test(verb.text)) continue;
    const subject = words.slice(0, v);
    if (subject.some((w) => NEGATION.test(w.text))) return null;
    // "the council email said": "email" is the source's noun here, the verb comes after.
    if (!heard && !isReporter(subject, lexicon)) continue;
    let rest = body.slice(verb.start + verb.text.length);
    const quoted = /:\s*["“‘']([^"”’]+)["”’']?/.exec(rest);
    if (quoted && rest.slice(0, quoted.index).split(/\s+/).length <= 8) rest = quoted[1]!;
    // A verb that also takes a thing as its object ("Amir wrote the guide", "she confirmed the
    // booking") reports a clause only after "that", a colon or a quotation mark.
    else if (
      !heard &&
      !opinion &&
      !SAY.test(verb.text) &&
      !/^\s*(?:(?:me|us)\s+)?(?:that\b|:|["“‘'])/i.test(rest)
    )
      continue;
    else rest = rest.replace(BRIDGE, "");
    const clause = reportedClause(rest);
    if (clause === null) return null;
    const frame = body.slice(0, verb.start + verb.text.length).trim();
    return { frame, clause, opinion };
  }
  return quotedNoticeOf(body);
}

/**
 * The clause a frame reports, quotes and the closing stop off, when it is a complement clause: three
 * words or more with a verb of its own — not an object ("Amir wrote the onboarding guide"), an
 * instruction ("told me to take 50mg") or a topic ("told me about the party"); null otherwise.
 */
function reportedClause(rest: string): string | null {
  const clause = rest
    .replace(/^["“‘']+|["”’']+\s*[.!]*\s*$/g, "")
    .trim()
    .replace(/[.!]+$/, "");
  const inClause = wordsOf(analysisOf(clause)).filter((w) => w.pos !== "PUNCT");
  if (inClause.length < 3 || ["ADP", "PART"].includes(inClause[0]!.pos) || /^to$/i.test(inClause[0]!.text))
    return null;
  // "it's at 8:15": the tagger may read a pronoun's "'s" as a possessive; it is "is".
  const verb = inClause.some((w) => w.pos === "VERB" || w.pos === "AUX") || PRONOUN_IS.test(clause);
  return verb ? clause : null;
}

/** A pronoun subject with "'s": "it's", "she's", "there's". */
const PRONOUN_IS = /^(?:it|he|she|that|there)['’]s\s/i;

/** The phrase before a colon that opens a quoted notice, and the colon (a colon in "3:15" is none). */
const NOTICE_HEAD = /^([^:"“”‘’]+?):\s+/;
/** At most so many words name the notice: "Town council paste notice at the letterbox". */
const MAX_NOTICE_WORDS = 8;

/**
 * A quoted notice: a phrase that names a source by one of its nouns (`SOURCES`) — "paste notice from
 * the school", "the council leaflet", "text from the landlord" — then a colon and the source's own
 * words: "paste notice from the school: 'Pickup is at 3:15 from Monday'". The colon does what a verb of saying
 * does (it introduces the notice's content; a quotation mark may follow it), so the clause after it is
 * the report. Not a phrase with no source noun ("my list: eggs, milk"), not a negated one ("no
 * letter yet: …"), not a phrase of more than eight words; the clause is any reported clause's.
 *
 *   quotedNoticeOf("paste notice from the school: 'Pickup is at 3:15 from Monday'")
 *   // → { frame: "paste notice from the school", clause: "Pickup is at 3:15 from Monday", opinion: false }
 */
function quotedNoticeOf(body: string): ReportFrame | null {
  const m = NOTICE_HEAD.exec(body);
  if (!m) return null;
  const head = wordsOf(analysisOf(m[1]!)).filter((w) => w.pos !== "PUNCT");
  if (
    head.length === 0 ||
    head.length > MAX_NOTICE_WORDS ||
    head.some((w) => NEGATION.test(w.text) || /^no$/i.test(w.text))
  )
    return null;
  const source = (w: TaggedWord) =>
    (w.pos === "NOUN" || w.pos === "PROPN") &&
    (SOURCES.has(w.lemma.toLowerCase()) || SOURCES.has(w.text.toLowerCase()));
  if (!head.some(source)) return null;
  const clause = reportedClause(body.slice(m[0].length));
  return clause === null ? null : { frame: m[1]!.trim(), clause, opinion: false };
}

/** A reported clause whose subject is "it"; "'s" is "is", or "has" before "got"/"been". */
const IT_OPENS = /^it(?:\s+|(['’]s)\s+)(.+)$/i;
/** Words of a thing's noun phrase before its head. */
const THING_DETERMINER = /^(?:the|my|our|your|this|that|his|her|their)$/i;

/** Whether a word names a person: a pronoun for one, a word of gender, or a noun WordNet calls a person. */
const personal = (w: TaggedWord, lexicon: Lexicon | undefined) =>
  w.pos === "PRON" ||
  genderOf(w.text.toLowerCase()) !== null ||
  (lexicon?.isPerson(w.lemma.toLowerCase()) ?? false);

/**
 * The older's subject as written when it is one thing: a noun phrase of at most four words before
 * its first verb, a common noun that names no person at its head ("the swimming lesson", "our bin
 * day", "the farmers market"); null otherwise.
 */
function thingSubject(text: string, lexicon: Lexicon | undefined): { phrase: string; head: string } | null {
  const words = wordsOf(analysisOf(text)).filter((w) => w.pos !== "PUNCT");
  const v = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (v < 1 || v > 4) return null;
  const subject = words.slice(0, v);
  const head = subject[subject.length - 1]!;
  // The head names the thing; a noun before it is a modifier ("the farmers market" is no farmer).
  if (head.pos !== "NOUN" || personal(head, lexicon)) return null;
  const fits = subject.every(
    (w, i) => (i === 0 && THING_DETERMINER.test(w.text)) || w.pos === "NOUN" || w.pos === "ADJ",
  );
  return fits ? { phrase: subject.map((w) => w.text).join(" "), head: head.lemma.toLowerCase() } : null;
}

/**
 * "it" as the reported clause's subject ("they said it's moving to 6pm") read as the older's one
 * thing: the clause with "it" replaced by the older's subject, and whether another thing the newer
 * names outside the clause could be its referent ("the swim school rang, …", "the gym's email says
 * it's …": the gym may be what moves). A source ("the letter says it's …") or a person is no
 * candidate: a document reports the thing, it is not the thing. Null when the clause does not open
 * with "it" or the older's subject is no one thing.
 */
function itReferent(
  older: string,
  newer: string,
  frame: ReportFrame,
  lexicon: Lexicon | undefined,
): { clause: string; phrase: string; ambiguous: boolean } | null {
  const m = IT_OPENS.exec(frame.clause.trim());
  if (!m) return null;
  const subject = thingSubject(older, lexicon);
  if (!subject) return null;
  const outside = newer.slice(0, Math.max(0, newer.lastIndexOf(frame.clause)));
  const others = wordsOf(analysisOf(outside)).filter(
    (w) =>
      (w.pos === "NOUN" || w.pos === "PROPN") &&
      !SOURCES.has(w.lemma.toLowerCase()) &&
      !SOURCES.has(w.text.toLowerCase()) &&
      !personal(w, lexicon) &&
      !isTitle(w.text) &&
      w.lemma.toLowerCase() !== subject.head,
  );
  const verb = m[1] ? (/^(?:got|been)\b/i.test(m[2]!) ? " has" : " is") : "";
  return { clause: `${subject.phrase}${verb} ${m[2]}`, phrase: subject.phrase, ambiguous: others.length > 0 };
}

/**
 * The verdict of the pair read with each side's report frame read off, when the whole reading could
 * be misled by the reporter's words; null when neither side reports or the whole reading stands.
 * `judge` reads two texts as the judge does.
 */
export const reportedChange: Rereading = (a, b, whole, judge, lexicon) => {
  // A pronoun shares no word: "they said it's moving to 6pm" has none of "the swimming lesson …".
  if (!misleadable(whole, ["no-shared-terms"])) return null;
  const ra = reportFrameOf(a.text, lexicon);
  const rb = reportFrameOf(b.text, lexicon);
  if (ra === null && rb === null) return null;
  const older = ra === null ? a : { ...a, text: ra.clause };
  // "they said it's moving to 6pm": "it" is the older's one thing, unless the newer names another.
  const it = rb === null ? null : itReferent(older.text, b.text, rb, lexicon);
  const read = judge(older, rb === null ? b : { ...b, text: it?.clause ?? rb.clause });
  const frames =
    [ra, rb]
      .filter((r): r is ReportFrame => r !== null)
      .map((r) => r.frame.toLowerCase())
      .join(" / ") + (it ? `; it = ${it.phrase.toLowerCase()}${it.ambiguous ? "?" : ""}` : "");
  const change = read.relation === "supersedes" || read.relation === "contradicts";
  if (change && read.confident !== false) {
    if (ra?.opinion || rb?.opinion || it?.ambiguous || read.rule === "sole-value-retired")
      return {
        relation: "refines",
        similarity: whole.similarity,
        reason: `${REPORTED_CHANGE_UNSURE}: ${frames}; ${read.reason}`,
        rule: REPORTED_CHANGE_UNSURE,
        confident: false,
      };
    return {
      relation: read.relation,
      similarity: whole.similarity,
      reason: `${REPORTED_CHANGE_RULE.name}: ${frames}; ${read.reason}`,
      rule: REPORTED_CHANGE_RULE.name,
      confident: true,
    };
  }
  // Not a confident change: the clause's own reading, which no longer takes the reporter for the subject.
  // A restatement reported adds its source: the whole reading keeps both.
  if (read.rule === whole.rule || read.relation === "duplicate") return null;
  return { ...read, similarity: whole.similarity, reason: `reported (${frames}): ${read.reason}` };
};
