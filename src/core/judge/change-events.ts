/**
 * Changes people tell as an event rather than as the new state: "got promoted to senior designer"
 * (the older: "i'm a junior designer"), "upgraded to a pixel 8 yesterday" ("my phone is a pixel 6"),
 * "Lars took over the support desk" ("Kim runs the support desk"). The event names the new value or
 * the new holder and leaves the attribute to the older statement: the speaker's rank, the speaker's
 * phone, who runs the desk. Read as slots, such a turn has no subject the older shares, or another
 * subject, and the judge deferred it or called it two things.
 *
 * Both readings act only on the narrow shape they name, and only on the newer's whole text: one
 * event, its value or its thing, and words of when ("yesterday", "last week", "now") — nothing else.
 * A plan, a hedge, a negation, an addition ("also"), a question, a stand-in ("for the week", "while
 * Kim is away") or another holder ("my sister got promoted to …") is left to the rules after them.
 */
import { adverbWords, NOW } from "../change-adverbs.js";
import type { Lexicon } from "../ports.js";
import { contentTokens, isHypothetical, isQuestion, SPEAKER_SUBJECT } from "../text.js";
import { type Analysis, additiveOf, isWhenWord, stated } from "./analysis.js";

/** Words of when and of the turn's stance that say nothing of the value ("now", Scots "noo", "yesterday", "finally"). */
const NOT_VALUE = new Set([
  ...adverbWords(NOW),
  "last",
  "ago",
  "just",
  "final",
  "finally",
  "yesterday",
  "today",
  "recent",
  "recently",
  "offici",
  "officially",
]);
const valueWords = (text: string): string[] =>
  contentTokens(text).filter((t) => !isWhenWord(t) && !NOT_VALUE.has(t));

const clean = (text: string): string =>
  stated(text)
    .trim()
    .replace(/[\s.!]+$/u, "")
    .replace(/[’]/g, "'");

/**
 * An event of rank or grade said of the speaker, or of nobody named (the speaker left out), with its
 * new value: "got promoted to senior designer", "i was demoted to junior analyst", "upgraded to the
 * premium plan", "we downgraded to the basic tier last month". The value words after "to".
 */
const EVENT_TO =
  /^(?:(?:i|we)(?:'ve|'d| have| had)?\s+)?(?:(?:just|finally|recently|officially)\s+)?(?:(?:got|get|was|were|been|have been|'ve been|finally got)\s+)?(?:just\s+)?(?:promoted|demoted|upgraded|downgraded)\s+(?:me\s+|us\s+)?to\s+(?:a\s+|an\s+|the\s+|my\s+|our\s+)?(.+)$/i;

/**
 * The older's value of a thing of the speaker's, after a copula: "i'm a junior designer", "im on
 * the basic plan", "we're on the free tier", "my phone is a pixel 6". The holder ("phone") when a
 * thing of the speaker's is named, and the value words.
 */
const SPEAKER_IS =
  /^(?:(?:i|we)(?:'m|'re| am| are)|im|(?:my|our)\s+([\p{L}\p{N}-]+(?:\s+[\p{L}\p{N}-]+)?)\s+(?:is|are|'s))\s+(?:still\s+)?(?:(?:a|an|the|on\s+(?:a|an|the|my|our)?)\s+)?(.+)$/iu;

export interface EventToValue {
  from: string[];
  to: string[];
}

/**
 * The new value an event of rank or grade gives what the older says of the speaker (or of a thing
 * of the speaker's, not a person), when the two values share a word and each has a word the other
 * lacks: "junior designer" → "senior designer", "pixel 6" → "pixel 8", "basic plan" → "premium
 * plan". Null otherwise: another holder, a value of another kind, the same value, more words than a
 * value, a negation, a hedge, an addition or a question.
 *
 *   eventToValue(analysisOf("i'm a junior designer"), analysisOf("got promoted to senior designer"))
 *   // → { from: ["junior", "designer"], to: ["senior", "designer"] }
 */
export function eventToValue(a: Analysis, b: Analysis, lexicon?: Lexicon): EventToValue | null {
  if (a.negated || b.negated || a.question || isQuestion(b.text) || isHypothetical(b.text) || additiveOf(b))
    return null;
  const event = EVENT_TO.exec(clean(b.text));
  const older = SPEAKER_IS.exec(clean(a.text));
  if (!event || !older) return null;
  // "my daughter is a junior nurse" / "got promoted to …": whose promotion is not said.
  const thing = older[1];
  if (thing !== undefined && (!lexicon || thing.split(/\s+/).some((w) => lexicon.isPerson(w.toLowerCase()))))
    return null;
  if (/,|\b(?:and|but|then|so|while|until|for)\b/i.test(event[1]!)) return null;
  const to = valueWords(event[1]!);
  const from = valueWords(older[2]!);
  if (to.length === 0 || to.length > 3 || from.length === 0 || from.length > 3) return null;
  const shared = to.filter((t) => from.includes(t));
  const gone = from.filter((t) => !to.includes(t));
  const came = to.filter((t) => !from.includes(t));
  return shared.length > 0 && gone.length > 0 && came.length > 0 ? { from, to } : null;
}

/**
 * "X took over (the) T", "X has taken over T (from Y)": a hand-over to X. The holder, the thing and
 * the holder it was taken from, as written.
 */
const TAKE_OVER =
  /^(.+?)\s+(?:(?:has|have|had|'s|'ve)\s+)?(?:just\s+)?(?:took|taken)\s+over\s+(?!from\b)(.+?)(?:\s+from\s+(.+?))?$/i;

/** A hand-over for a while: the older's holder comes back. */
const STAND_IN =
  /\b(?:for (?:the|a|this|that|two|three|\d+)\b|while|until|till|today|tonight|this (?:week|month)|temporar|cover|covering|meanwhile|in the meantime)/i;

/** Verbs of running or doing a thing one holder does ("Kim runs the support desk"), by lemma. */
const HOLDING_VERBS = new Set(
  "run manage lead handle own coach teach cover chair host organise organize head supervise oversee maintain staff do"
    .split(" ")
    .map((w) => w),
);

export interface TakenOver {
  from: string[];
  to: string[];
}

/**
 * A hand-over told as an event: the newer says someone "took over" the very thing the older's
 * holder runs, manages, coaches, teaches … ("Kim runs the support desk" / "Lars took over the support
 * desk", "… took over the support desk from Kim"). Null when the thing differs, the holder is the
 * same or the one named after "from" is another, the hand-over is for a while ("for the week",
 * "while Kim is away", "covering"), or the newer adds ("also"), asks, hedges or negates.
 *
 *   takenOver(analysisOf("Kim runs the support desk."), analysisOf("Lars took over the support desk."), slots)
 *   // → { from: ["kim"], to: ["lar"] }
 */
export function takenOver(
  a: Analysis,
  b: Analysis,
  older: { subject: readonly string[]; predicate: string | null; value: readonly string[] },
): TakenOver | null {
  if (a.negated || b.negated || a.question || isQuestion(b.text) || isHypothetical(b.text) || additiveOf(b))
    return null;
  const text = clean(b.text);
  if (/[,;:]/.test(text) || STAND_IN.test(text)) return null;
  const m = TAKE_OVER.exec(text);
  if (!m) return null;
  if (!older.predicate || !HOLDING_VERBS.has(older.predicate)) return null;
  const holder = older.subject.filter((t) => !SPEAKER_SUBJECT.test(t));
  const to = contentTokens(m[1]!).filter((t) => !NOT_VALUE.has(t));
  // The same thing, word for word ("the support desk" / "the support desk"; "the night shift"):
  // a word of when the older's thing lacks says when the hand-over was ("last week").
  const value = new Set(older.value);
  const thing = contentTokens(m[2]!).filter((t) => value.has(t) || (!isWhenWord(t) && !NOT_VALUE.has(t)));
  if (holder.length === 0 || to.length === 0 || to.length > 3 || thing.length === 0) return null;
  if (thing.length !== value.size || !thing.every((t) => value.has(t))) return null;
  if (to.some((t) => holder.includes(t))) return null;
  // "… from Kim" names the older's holder; "from Ana" names another.
  if (m[3] !== undefined && !contentTokens(m[3]).every((t) => holder.includes(t))) return null;
  return { from: holder, to };
}
