/**
 * A change said in one clause of a longer turn. People give a new value in passing: "standup's at 10
 * now, people kept being late", "The bishop has changed things around again and Sunday Mass is at
 * 9.30 now, which cuts into the morning milking". Read whole, such a turn's subject is its first
 * clause's ("people", "the bishop"), so the judge calls the pair two things or defers it. Read clause
 * by clause (`clausesOf`, the split sleep uses), one clause says what the older says with another
 * value, and the rules read that pair as they read any two statements.
 *
 * It acts only where it can be sure: the older is one sentence (closing it drops nothing else it
 * says apart from its asides); no sentence of the newer asks; exactly one pair of clauses reads a
 * change with confidence, and no other pair reads one; the two clauses name one thing — a word of the
 * older clause's subject is a word of the newer's subject, or of the thing its verb of change takes
 * ("I moved *the farm insurance* to Zurich"): a short clause shares little, and a word of its value
 * or its aside ("club", "Sunday", "God") ties nothing; that clause announces its change ("now",
 * "moved to", "switched" …) or negates the older's clause word for word — a clause that only says
 * another word after "is" ("the farrier is Tom Walsh now, the vet is grand") is an aside, not a
 * value; and the whole pair was deferred or called two things by a reading of slots that a clause
 * can mislead (`OVERRIDABLE`), never by a rule that says why the older may still hold (an
 * intention, one occasion, a scope, "still" …).
 *
 *   changeInOneClause("Our standup is at 9:30.", "standup's at 10 now, people kept being late", judge)
 *   // → { relation: "supersedes", rule: "change-in-one-clause", … "change-cue: 9:30 → 10" }
 */
import { boundedMemo } from "../bounded-memo.js";
import type { JudgeItem, JudgeVerdict, Lexicon } from "../ports.js";
import { clausesOf, sentencesOf } from "../sleep/chat-turns.js";
import { isQuestion, SPEAKER_SUBJECT } from "../text.js";
import {
  type Analysis,
  analysisOf,
  announcesChange,
  changeOf,
  narratesEvent,
  slotsOf,
  subjectLeftOut,
  wordsOf,
} from "./analysis.js";
import { severalSentences } from "./coverage.js";
import { REPORTS } from "./retired-values.js";
import { valueTypesDiffer } from "./value-types.js";

/** The rule's name (the reason code) and its doc line. */
export const CHANGE_IN_ONE_CLAUSE_RULE = {
  name: "change-in-one-clause",
  doc: 'The older is one sentence and the newer says, in exactly one of its clauses, what the older says with another value ("Our standup is at 9:30." / "standup\'s at 10 now, people kept being late"): read clause by clause, one pair is a change the rules read with confidence and no other pair is; the whole was read as two things only because another clause gave it its subject. Not when the newer asks, or a rule deferred the whole for a reason of its own.',
} as const;

/** The guard's name (the reason code) and its doc line. */
export const OLDER_RESTATED_RULE = {
  name: "unsure:older-restated",
  doc: 'The whole newer reads as a change, but one of its clauses restates the older word for word ("The flight lands at 4pm." / "the flight lands at 4pm, then the train is at 6pm now"): the change is another clause\'s, about something else, and the older holds; deferred.',
} as const;

/**
 * The whole-text readings a clause can mislead: the subject or attribute read from another clause,
 * or a value that swallowed another clause's words. Every other deferral says why the older may still
 * hold, and stands.
 */
export const OVERRIDABLE: ReadonlySet<string> = new Set([
  "several-statements",
  "different-entity",
  "different-subject",
  "different-attribute",
  "unsure:other-value",
  "unsure:other-thing-changed",
  "unsure:overlap",
  "unsure:value-kind-differs",
]);

const acts = (v: JudgeVerdict) =>
  (v.relation === "supersedes" || v.relation === "contradicts") && v.confident;

/**
 * A re-reading: the pair read again through one side rewritten — a frame of onset read as "now"
 * (`onsetFrame`), a pronoun read as the older's person (`pronounReferent`), a report frame read off
 * (`reportedChange`) — replacing the whole verdict `whole` with the rewritten pair's, or null when
 * the whole verdict stands. `judge` reads two texts as the judge does.
 */
export type Rereading = (
  a: JudgeItem,
  b: JudgeItem,
  whole: JudgeVerdict,
  judge: (a: JudgeItem, b: JudgeItem) => JudgeVerdict,
  lexicon?: Lexicon,
) => JudgeVerdict | null;

/**
 * Whether a re-reading may replace `whole`: it is no confident change, and it is a verdict the
 * rewritten words can mislead (`OVERRIDABLE`, or one of `also`: a re-reading's own).
 */
export function misleadable(whole: JudgeVerdict, also: readonly string[] = []): boolean {
  if (acts(whole)) return false;
  const rule = whole.rule ?? "";
  return OVERRIDABLE.has(rule) || also.includes(rule);
}

/** A contradiction read word for word: the older's clause negated, or its state turned over. */
const FLIPPED: ReadonlySet<string> = new Set(["negation-flipped", "state-flipped"]);

const holdsNumber = (x: Analysis) => x.numbers.size > 0 || [...x.content].some((w) => /\p{N}/u.test(w));

/**
 * Whether the change replaces a value of one kind the rules can type: a number on each side (a
 * time, a price, an amount: "9:30" / "10", "€390" / "€455"), or the older's clause said back
 * negated or with its state turned over. A name or a phrase after "is" is not typed, and a clause's
 * subject word shared with a clause about another case ("Roxy's vet is Kingsway Animal Hospital")
 * closed beliefs on dev material; those pairs wait for a semantic judge.
 */
const typed = (o: string, n: string, v: JudgeVerdict) =>
  FLIPPED.has(v.rule ?? "") ||
  (holdsNumber(analysisOf(o)) && holdsNumber(analysisOf(n)) && !valueTypesDiffer(o, n)) ||
  wholeSubjectChanged(o, n);

/**
 * Whether the newer clause's verb of change takes, right after it, every word of the older clause's
 * subject (`Slots.changedThing`, no pronoun): "power is with Mercury" / "Switched the power to
 * Electric Kiwi", "the car insurance is with aviva" / "moved the car insurance to Zurich". The
 * clause names what changed and what it changed to, so a name after "to" is the new value as surely
 * as a number: the change types it. Not a part of the subject ("moved the van insurance to …"
 * against "the car insurance …"; "switched the kids to scooters" against "the kids' school bus"),
 * nor a pronoun ("the vet switched her to the renal food").
 */
function wholeSubjectChanged(o: string, n: string): boolean {
  const subject = slotsOf(analysisOf(o)).subject;
  const changed = slotsOf(analysisOf(n)).changedThing;
  return (
    changed !== undefined &&
    !changed.pronoun &&
    subject.length > 0 &&
    subject.every((w) => changed.words.includes(w))
  );
}

/**
 * Whether two clauses name one thing: the older clause states a value (it
 * has a predicate — "very good with his hands" is an aside — and announces no change of its own:
 * "The fertiliser is after going up" says that something moved, not what it is), a content word of its subject is in the
 * newer's subject or in what the newer's verb of change takes (`Slots.object`; a number is no
 * name, nor is "I" or "we": "I'm based in Berlin" / "I'm training for a half marathon now"; a
 * clause read with no predicate is named by its first word only); the older clause narrates no event (`narratesEvent`)
 * and neither clause reports what someone said, asked or advised (`reports`); and when the newer's
 * verb of change takes a thing right after it (`Slots.changedThing`), that thing is the older's
 * subject, not a pronoun or another thing ("Roxy's vet is Kingsway" / "the vet switched her to …").
 */
function sameThing(o: string, n: string): boolean {
  const xo = analysisOf(o);
  const xn = analysisOf(n);
  const so = slotsOf(xo);
  const sn = slotsOf(xn);
  if (so.predicate === null || changeOf(xo)) return false;
  if (narratesEvent(xo) || reports(o) || reports(n)) return false;
  // The newer's verb of change takes another thing than the older's subject names ("the vet
  // switched her to the renal food"): the tie is who made the change, not what changed.
  const changed = sn.changedThing;
  if (changed && (changed.pronoun || !changed.words.some((w) => so.subject.includes(w)))) return false;
  // With no predicate read, the slot reader's subject is the whole clause: only its first word names it.
  const subject = sn.predicate === null ? sn.subject.slice(0, 1) : sn.subject;
  const newer = new Set([...subject, ...(sn.object ?? [])]);
  return so.subject.some(
    (w) => newer.has(w) && xo.content.has(w) && !/\p{N}/u.test(w) && !SPEAKER_SUBJECT.test(w),
  );
}

/** Whether the clause pair's change is named in the newer clause: a change cue, or a flip of the same words. */
const named = (o: string, n: string, v: JudgeVerdict) =>
  FLIPPED.has(v.rule ?? "") || announcesChange(analysisOf(o), analysisOf(n));

/**
 * Whether a clause opens with its subject left out ("thank them for the research", "need a polite
 * email"): the older is then a request or a note of the speaker's, and its clauses hold no value
 * another clause could replace ("Sure: thank them …, and offer to revisit it at next year's
 * planning.").
 */
const requests = (clause: string) => subjectLeftOut(wordsOf(analysisOf(clause)), 0, 0);

/** Verbs by which a clause reports what another said or asked (`REPORTS`, and asking or advising). */
const REPORTING = new Set([...REPORTS, "ask", "advise", "recommend", "suggest"]);

/**
 * Whether a clause reports what someone said, asked or advised ("the vet says too fat", "the vet
 * told us to change him to Hill's c/d", "my mother called to ask if I am eating well"): its subject
 * is the one who spoke, not the thing whose value changed.
 */
const reports = (clause: string) =>
  wordsOf(analysisOf(clause)).some((w) => w.pos === "VERB" && REPORTING.has(w.lemma));

/**
 * A turn's clauses (`clausesOf`), remembered by text: in a sleep a newer turn is read against
 * every candidate older, and each of them against every newer.
 */
const clausesRead = boundedMemo(clausesOf, 8_192);

/**
 * Whether two texts share a content word, as the judge's first rule reads them. A pair that
 * shares none is `no-shared-terms`: distinct, so it neither changes nor restates the other, and
 * the clause readings skip it without judging it (its similarity, its slots).
 *
 *   shareContent("standup's at 10 now", "Our standup is at 9:30") // → true ("standup")
 *   shareContent("people kept being late", "Our standup is at 9:30") // → false
 */
export function shareContent(a: string, b: string): boolean {
  const words = analysisOf(a).content;
  for (const w of analysisOf(b).content) if (words.has(w)) return true;
  return false;
}

/**
 * The verdict of the one clause pair that reads a change, when the whole verdict `whole` may be
 * overridden; null otherwise. `judge` compares two texts with the rules alone (no clause reading).
 */
export function changeInOneClause(
  a: JudgeItem,
  b: JudgeItem,
  whole: JudgeVerdict,
  judge: (a: JudgeItem, b: JudgeItem) => JudgeVerdict,
): JudgeVerdict | null {
  if (!OVERRIDABLE.has(whole.rule ?? "") || severalSentences(a.text)) return null;
  const older = clausesRead(a.text);
  if (older.some(requests)) return null;
  const newer = clausesRead(b.text);
  if (older.length + newer.length <= 2) return null;
  if (/\?/.test(b.text) || sentencesOf(b.text).some((s) => isQuestion(s))) return null;
  let found: { o: string; n: string; v: JudgeVerdict } | null = null;
  for (const o of older)
    for (const n of newer) {
      if (!shareContent(o, n)) continue;
      const v = judge({ text: o, at: a.at }, { text: n, at: b.at });
      if (!acts(v)) continue;
      if (found || !sameThing(o, n) || !named(o, n, v) || !typed(o, n, v)) return null;
      found = { o, n, v };
    }
  if (!found) return null;
  return {
    relation: found.v.relation,
    similarity: whole.similarity,
    reason: `${CHANGE_IN_ONE_CLAUSE_RULE.name}: ${found.v.reason} ("${found.n}")`,
    rule: CHANGE_IN_ONE_CLAUSE_RULE.name,
    confident: true,
  };
}

/**
 * A change read on the whole newer when one of its clauses restates the older: the cue and the new
 * value belong to another clause ("the flight lands at 4pm, then the train is at 6pm now"), so the
 * older still holds and the pair is deferred. Null when the whole is no confident change, or no
 * clause of the newer restates the older with confidence.
 *
 *   olderRestated("The flight lands at 4pm.", "the flight lands at 4pm, then the train is at 6pm now", whole, judge)
 *   // → { relation: "refines", rule: "unsure:older-restated", confident: false, … }
 */
export function olderRestated(
  a: JudgeItem,
  b: JudgeItem,
  whole: JudgeVerdict,
  judge: (a: JudgeItem, b: JudgeItem) => JudgeVerdict,
): JudgeVerdict | null {
  if (!acts(whole)) return null;
  const newer = clausesRead(b.text);
  if (newer.length < 2) return null;
  const restating = newer.find((n) => {
    if (!shareContent(a.text, n)) return false;
    const v = judge(a, { text: n, at: b.at });
    return v.relation === "duplicate" && v.confident;
  });
  if (!restating) return null;
  return {
    relation: "refines",
    similarity: whole.similarity,
    reason: `${OLDER_RESTATED_RULE.name}: "${restating}" (${whole.reason} read a change)`,
    rule: OLDER_RESTATED_RULE.name,
    confident: false,
  };
}

/** The guard's name (the reason code) and its doc line. */
export const THING_IN_ANOTHER_CLAUSE_RULE = {
  name: "unsure:thing-in-another-clause",
  doc: 'Read whole, the pair is two things (`different-entity`), but the newer is a turn of several clauses and one of them names the older\'s thing and, read alone against the older, is not sure it is another thing ("boiler service booked 5th Dec" / "engineer cancel, the boiler service rebook for 12th Dec morning"; "the choir meets in the church hall" / "the hall\'s being painted so the choir\'s in the vestry for now"): the whole took its subject from another clause, so the pair is deferred, never called two things. Not when every clause that names the older\'s thing is sure of its own verdict ("Joyce\'s friend Pat moved into the assisted living …" against "my sister Joyce lives in San Angelo").',
} as const;

/**
 * The judge's deferrals on which thing a newer is about, not on whether it changed: read whole, the
 * turn's subject is another clause's (`unsure:thing-in-another-clause`), or its verb of change takes
 * a thing the older does not name (`unsure:other-thing-changed`: "we switched banks" beside "the
 * choir meets in the church hall"). A reader of such a pair reads the clause that names the older's
 * thing (`clausesNamingThing`), not the whole turn's change: recall's `newerFirst`.
 */
export const WHICH_THING_DEFERRALS: ReadonlySet<string> = new Set([
  THING_IN_ANOTHER_CLAUSE_RULE.name,
  "unsure:other-thing-changed",
]);

/**
 * Where a turn goes on to another clause with no comma: a conjunction ("so", "and", "but",
 * "cause", "because") or a verb of saying ("says", "said") right before a noun phrase's opener — a
 * determiner, a possessive pronoun or a possessive ("so the potluck's gonna be …", "Kristy says
 * Lily's party's gonna be …"). Not before any other word: "and for the rest of spring", "so far".
 */
const GOES_ON =
  /\s+(?:so|and|but|cause|because|cos|says|said|say)\s+(?=(?:the|my|our|your|his|her|their|this|that)\s|\p{L}+['’]s\s)/iu;

/** A turn's clauses (`clausesOf`), each split again where it goes on with no comma (`GOES_ON`). */
const piecesOf = (text: string): string[] =>
  clausesRead(text).flatMap((clause) => clause.split(GOES_ON).filter((piece) => piece.length > 0));

/**
 * The clauses of a newer turn (`clausesOf`, each split again where it goes on with no comma,
 * `GOES_ON`) that name the older's thing: a content word of the older's subject, not a number, not
 * "I" or "we". The clauses `thingInAnotherClause` reads alone against the older; recall's
 * `newerFirst` reads a pair deferred on which thing (`WHICH_THING_DEFERRALS`) through them too.
 * `await loadTagger()` first.
 *
 *   clausesNamingThing("boiler service booked 5th Dec", "engineer cancel, the boiler service rebook for 12th Dec")
 *   // → ["the boiler service rebook for 12th Dec"]
 *   clausesNamingThing("I take the 7.40 bus", "we moved house, it's lovely") // → [] ("I" names no thing)
 */
export function clausesNamingThing(older: string, newer: string): string[] {
  const xa = analysisOf(older);
  const thing = slotsOf(xa).subject.filter(
    (w) => xa.content.has(w) && !/\p{N}/u.test(w) && !SPEAKER_SUBJECT.test(w),
  );
  if (thing.length === 0) return [];
  return piecesOf(newer).filter((piece) => {
    const words = analysisOf(piece).content;
    return thing.some((w) => words.has(w));
  });
}

/**
 * A verdict of two things read on the whole of a turn whose first clause is about another subject,
 * deferred when a clause of the newer names the older's thing (a content word of the older's
 * subject, not a number, not "I" or "we") and the rules, reading that clause alone against the
 * older, are not sure of it: they defer it, or read a change the clause readings did not take. The
 * whole's subject is its first clause's ("engineer", "they're", "Kristy"), so its `different-entity`
 * says nothing of the clause that carries the change. Null when the verdict is not a confident
 * `different-entity`, the newer has one clause, or every clause naming the older's thing is sure.
 *
 *   thingInAnotherClause(
 *     { text: "boiler service booked 5th Dec", at }, { text: "engineer cancel, the boiler service rebook for 12th Dec", at },
 *     whole, judge)
 *   // → { relation: "distinct", rule: "unsure:thing-in-another-clause", confident: false, … }
 */
export function thingInAnotherClause(
  a: JudgeItem,
  b: JudgeItem,
  whole: JudgeVerdict,
  judge: (a: JudgeItem, b: JudgeItem) => JudgeVerdict,
): JudgeVerdict | null {
  if (whole.rule !== "different-entity" || !whole.confident) return null;
  if (piecesOf(b.text).length < 2) return null;
  for (const piece of clausesNamingThing(a.text, b.text)) {
    const v = judge(a, { text: piece, at: b.at });
    if (v.confident && !acts(v)) continue;
    return {
      relation: "distinct",
      similarity: whole.similarity,
      reason: `${THING_IN_ANOTHER_CLAUSE_RULE.name}: "${piece}" (${v.rule ?? v.reason} on that clause)`,
      rule: THING_IN_ANOTHER_CLAUSE_RULE.name,
      confident: false,
    };
  }
  return null;
}
