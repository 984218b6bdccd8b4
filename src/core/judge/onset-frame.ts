/**
 * A newer statement fronted by a frame of onset: "After the reorg, alerts go to #sre-alerts", "With
 * the 4.0 release, the mobile app targets iOS 17", "Under the new contract, invoices are due in 45
 * days", "Since the lease ended, the warehouse ships from Sheffield". The frame says when (or upon
 * what) the main clause began to hold, as "now" does: the clause is the state since that event.
 * Read whole, the frame's words join the value ("sre-alert after reorg") or read as a scope, and the
 * pair is deferred or called two things. Read as its main clause with "now", the pair is what the
 * rules read with confidence or not.
 *
 * The frames of onset, each a reading a grammar of English adverbials gives (a definite event as a
 * temporal anchor; a completed event in an absolute "with" clause; a new regime under "under"):
 * - "after" and a definite or possessive noun phrase naming one event ("After the reorg", "After our
 *   move"), or a clause in the past ("After we upgraded prod"). Not a routine's occasion: "After
 *   lunch" (no determiner), "After the school run", "After the standup" (`ROUTINE`), "After the kids
 *   go to bed" (a clause in the present).
 * - "with" and a definite or possessive noun phrase that names a change (`CHANGE_EVENT`: "the 4.0
 *   release", "the move") or is said done ("With the rebrand done", "with the merger complete").
 *   Not a circumstance: "With a newborn in the house", "With the discount, …", "With the kids at school".
 * - "under" and a new regime: "Under the new contract / policy / manager". Not "Under the contract"
 *   (a scope: where the statement holds).
 * - the openers of onset the slot reader already knows (`ONSET_OPENER`: "Since March", "Since the
 *   lease ended", "Following the merger", "As of Monday", "Starting next week"); "since" with a verb
 *   in the present gives a reason ("Since it's cheaper, …"), "as" only as "as of".
 *
 * The reading replaces only a verdict that a frame's words can mislead (`OVERRIDABLE`, or a scope
 * read from this frame), never when the main clause adds ("Since March, the gateway also ships its
 * logs to Loki"), and is kept only when it is a change the rules read with confidence.
 *
 *   onsetFrame("Alerts go to the #ops channel.", "After the reorg, alerts go to #sre-alerts.", whole, judge)
 *   // → { relation: "supersedes", rule: "onset-frame", reason: "onset-frame: after the reorg; change-cue: …" }
 */
import { adverbs, NOW } from "../change-adverbs.js";
import type { JudgeVerdict } from "../ports.js";
import { additiveOf, analysisOf, frontedEnd, wordsOf } from "./analysis.js";
import { misleadable, type Rereading } from "./clause-change.js";
import type { TaggedWord } from "./tagger.js";

/** The reading's name (the reason code) and its doc line. */
export const ONSET_FRAME_RULE = {
  name: "onset-frame",
  doc: 'The newer opens with a frame of onset — "after" a definite event ("After the reorg, …") or a clause in the past, "with" a change or a thing done ("With the 4.0 release, …", "With the rebrand done, …"), "under the new …", "since", "following", "as of" — and its main clause, read with "now" for the frame, is a change the rules read with confidence. Not a routine\'s occasion ("After lunch", "After the standup", "After the kids go to bed"), not a circumstance ("With a newborn in the house", "With the discount") or a scope ("Under the contract").',
} as const;

/** Heads of a noun phrase after "after" that name a routine's occasion, not one event. */
const ROUTINE = new Set(
  "breakfast lunch dinner tea supper brunch work school class lesson standup stand-up meeting practice training service mass church gym shift run match game session call weekend holiday bedtime nap walk commute".split(
    " ",
  ),
);

/** Heads of a noun phrase after "with" that name a change, an event that makes a new state hold. */
const CHANGE_EVENT = new Set(
  "release launch relaunch rollout update upgrade migration move switch switchover merger reorg reorganisation reorganization rebrand redesign restructure restructuring takeover acquisition renovation refit refurb changeover cutover".split(
    " ",
  ),
);

/** Words that say the event of an absolute "with" clause is over: "With the rebrand done". */
const DONE = new Set("done over finished complete completed gone through signed approved live".split(" "));

const ONSET = /^(?:since|starting|beginning|effective|following|as)$/i;

const DEFINITE = /^(?:the|our|my|your|his|her|their|this|that|last)$/i;
/** The main clause already says "now" or Scots "noo" (`NOW`): it is read as it stands, with no "now" added. */
const SAYS_NOW = new RegExp(`\\b${adverbs(NOW)}\\b`, "i");

const acts = (v: JudgeVerdict) =>
  (v.relation === "supersedes" || v.relation === "contradicts") && v.confident !== false;

/** A verb in the past: a form the lemmatiser takes back to another word, not an -s or -ing form ("upgraded", "ended", "left"). */
const pastForm = (w: TaggedWord) => {
  const form = w.text.toLowerCase();
  return form !== w.lemma && !/(?:s|ing)$/.test(form) && !/^(?:am|is|are|'s|’s|'re|’re|'m|’m)$/.test(form);
};

/**
 * Where the newer's opening frame ends: at its first comma, when two or more words stand before it
 * and a clause of three or more after it (the tagger may read the clause's verb as a noun, "the
 * mobile app targets iOS 17", or the frame's participle as a verb, "With the rebrand done", where
 * `frontedEnd` reads no opening); else where `frontedEnd` ends it.
 */
function frameEnd(text: string, words: readonly TaggedWord[]): number {
  const comma = text.indexOf(",");
  if (comma > 0) {
    const i = words.findIndex((w) => w.start > comma);
    if (
      i >= 2 &&
      words.length - i >= 3 &&
      !words.slice(0, i).some((w) => w.pos === "PUNCT" && /[.;:!?]/.test(w.text))
    )
      return i;
  }
  return frontedEnd(text, words);
}

/** The frame's kind when `words[0..end)` is a frame of onset, else null. */
function onsetKind(words: readonly TaggedWord[], end: number): string | null {
  const opener = words[0]!.text.toLowerCase();
  const frame = words.slice(1, end).filter((w) => w.pos !== "PUNCT");
  const nouns = frame.filter((w) => w.pos === "NOUN" || w.pos === "PROPN");
  const head = nouns[nouns.length - 1]?.lemma.toLowerCase();
  const definite = frame.length > 0 && DEFINITE.test(frame[0]!.text);
  const verbs = frame.filter((w) => w.pos === "VERB" || w.pos === "AUX");
  if (opener === "after") {
    // A clause: one event only in the past ("After we upgraded prod"); "after the kids go to bed" is a routine.
    if (verbs.length > 0) return verbs.every(pastForm) ? "after" : null;
    return definite && head !== undefined && !ROUTINE.has(head) ? "after" : null;
  }
  if (opener === "with") {
    if (!definite || head === undefined) return null;
    const done = frame.some((w) => DONE.has(w.text.toLowerCase()));
    return done || CHANGE_EVENT.has(head) ? "with" : null;
  }
  if (opener === "under")
    return /^(?:the|our|a)\s+new\b/i.test(frame.map((w) => w.text).join(" ")) ? "under" : null;
  // "Since March", "Since the lease ended", "Following the merger", "As of Monday": the slot
  // reader's openers of onset (`ONSET_OPENER`); "since" with a verb in the present gives a reason.
  if (!ONSET.test(opener)) return null;
  if (opener === "since") return verbs.every(pastForm) ? opener : null;
  // "As of Monday", not "As I said"; the others open with their own word ("Following the merger").
  if (opener === "as") return frame[0]?.text.toLowerCase() === "of" ? "as of" : null;
  return opener;
}

/**
 * The verdict of the pair read with the newer's frame of onset replaced by "now", when the whole
 * reading could be misled by the frame's words and the reading is a confident change; null otherwise.
 * `judge` reads two texts as the judge does.
 */
export const onsetFrame: Rereading = (a, b, whole, judge) => {
  if (!misleadable(whole, ["unsure:scope-one-side"])) return null;
  const xb = analysisOf(b.text);
  const words = wordsOf(xb);
  if (words.length === 0 || b.text.slice(0, words[0]!.start).trim() !== "") return null;
  const end = frameEnd(b.text, words);
  if (end <= 1 || end >= words.length) return null;
  // The older has a frame of its own: two frames, two occasions or scopes; the pair is read as it stands.
  const wa = wordsOf(analysisOf(a.text));
  if (frontedEnd(a.text, wa) > 0) return null;
  const kind = onsetKind(words, end);
  if (kind === null) return null;
  const main = b.text
    .slice(words[end]!.start)
    .trim()
    .replace(/[.!]+$/, "");
  // "Since March, the gateway also ships its logs to Loki": one more fact since then, not a new value.
  if (additiveOf(analysisOf(main))) return null;
  const clause = SAYS_NOW.test(main) ? main : `${main} now`;
  const read = judge(a, { ...b, text: clause });
  if (!acts(read)) return null;
  const frame = b.text.slice(0, words[end]!.start).trim().replace(/,$/, "");
  return {
    relation: read.relation,
    similarity: whole.similarity,
    reason: `${ONSET_FRAME_RULE.name}: ${frame.toLowerCase()}; ${read.reason}`,
    rule: ONSET_FRAME_RULE.name,
    confident: true,
  };
};
