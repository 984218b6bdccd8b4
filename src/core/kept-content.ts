/**
 * What a turn says that a belief distilled from it must keep for the turn to count as represented
 * (the coverage invariant, `representative` in recall/representative.ts): its distinctive content.
 * A belief that lost one of these words cannot be found by it, so the turn that said it stays
 * recallable as itself rather than hidden behind a belief that no longer says it.
 *
 * Named rules (each a table row both ways in kept-content.test.ts):
 *
 *   - `NUMBER`: a word written with a digit ("7:45pm", "300ms", "goldenlotus2019", "3.12", "2"); not
 *     a number in words ("two flaky tests", "no one": a count said in passing, and "one" is a
 *     pronoun too).
 *   - `TYPED_VALUE`: a value whose type says which slot it fills (typed-values.ts `typedValues`): a
 *     time of day ("noon"), a date ("Friday", "15 of May"), a measure, a version — each word of it.
 *   - `NAME`: a word capitalised inside a sentence (named-values.ts `namedValues`: "Trek",
 *     "LastPass", "BT"); not "I", a title or a calendar word (those are typed values or nothing).
 *   - `VOCATIVE`: a name the turn calls its listener by is no content of it: set off by a comma
 *     before and a comma or the sentence's end after ("I understand, Ben.", "Sorry about the
 *     factory, Ben, but…"), or after an opening greeting or thanks ("Hi Ben", "Thanks Mel!").
 *   - `NAME_OWNER`: a sentence's first word, capitalised as every first word is, counts only where
 *     the tagger reads a name that owns what follows ("Zed's vim mode…": Zed). The tagger reads
 *     most capitalised first words as names ("Good to see you", "Awesome, that's great"), so a
 *     first word alone is no name.
 *
 * Kept means each such word is among the words of what the belief says (`rawTokens`, so case,
 * punctuation and a possessive "'s" aside): "Zed" is kept by "I switched to Zed", not by "I'm
 * really happy since I switched over". A turn with none of them is kept by any belief from it.
 *
 * `await loadTagger()` before any call.
 *
 *   distinctiveContent("Zed's vim mode still doesn't do :g, any workaround?") // → ["zed"]
 *   keeps(["I'm really happy since I switched over."], "Zed's vim mode… I'm really happy since I switched over.") // → false
 */
import { boundedMemo } from "./bounded-memo.js";
import type { Belief } from "./model.js";
import { namedValues } from "./named-values.js";
import { sleepRecordOf, withSleepRecord } from "./sleep-record.js";
import { analyseEcho, rawTokens } from "./text.js";
import { sentences, tagged, typedValues } from "./typed-values.js";
import { SOURCE_WORDS_KEY } from "./vocabulary.js";

/** A word a name never is, even where the tagger reads one at a sentence's start. */
const NOT_A_NAME = new Set(["i", "i'm", "i've", "i'd", "i'll", "ok", "okay"]);

/** The small words inside a typed value ("15 of May", "£90 a week"): said by any wording of it, or by none. */
const JOINING = new Set(["of", "a", "an", "the", "per", "at", "in", "on"]);

const HAS_DIGIT = /\d/;
/** A word as written (`rawTokens` reads "two" as "2"; a number in words is no `NUMBER`). */
const WORD = /[\p{L}\p{N}]+(?:[.\-_/:'’][\p{L}\p{N}]+)*/gu;
const OPENS_UPPER = /^\p{Lu}/u;
const OWNER = /['’]s$/;

function read(text: string): readonly string[] {
  const core = analyseEcho(text).core;
  const out = new Set<string>();
  // NUMBER
  for (const [word] of core.matchAll(WORD))
    if (HAS_DIGIT.test(word)) for (const t of rawTokens(word)) out.add(t);
  // TYPED_VALUE
  for (const v of typedValues(core)) for (const t of rawTokens(v.value)) if (!JOINING.has(t)) out.add(t);
  // NAME, inside a sentence
  const addressed = vocatives(core);
  for (const name of namedValues(core))
    if (!addressed.has(name)) for (const t of rawTokens(name)) if (!NOT_A_NAME.has(t)) out.add(t);
  // NAME_OWNER, a sentence's first word owning what follows, where the tagger reads a name
  for (const s of sentences(core)) {
    const first = tagged(s).find((w) => /\p{L}/u.test(w.text));
    if (first && first.pos === "PROPN" && OPENS_UPPER.test(first.text) && OWNER.test(first.text))
      for (const t of rawTokens(first.text)) if (!NOT_A_NAME.has(t)) out.add(t);
  }
  return [...out].sort();
}

/** `VOCATIVE`: a name set off by a comma before it and a comma or the sentence's end after it. */
const SET_OFF = /,\s*(\p{Lu}[\p{L}'’-]*)\s*(?=[,.!?]|$)/gu;
/** `VOCATIVE`: a name after a greeting or thanks that opens a sentence ("Hi Ben", "Thanks Mel!"). */
const GREETED =
  /(?:^|[.!?]\s+)(?:hi|hey|hello|thanks|thank you|congrats|congratulations|sorry|bye|morning|evening)[,!]?\s+(\p{Lu}[\p{L}'’-]*)/giu;

/** The names a text calls its listener by: the one spoken to, not what is said of the world. */
function vocatives(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(SET_OFF)) out.add(m[1]!.replace(/['’]s$/, ""));
  for (const m of text.matchAll(GREETED)) out.add(m[1]!.replace(/['’]s$/, ""));
  return out;
}

const memo = boundedMemo(read, 4_096);

/**
 * The words of a turn a belief distilled from it must keep (lower-cased, sorted): its numbers,
 * typed values and names (the rules above).
 *
 *   distinctiveContent("We buy the boxes from WebstaurantStore now, at £90 a week.") // → ["90", "webstaurantstore", "week"]
 */
export function distinctiveContent(text: string): readonly string[] {
  return memo(text);
}

/**
 * True when the texts (what the beliefs from a turn say) together keep every distinctive word of
 * the turn (`distinctiveContent`).
 *
 *   keeps(["I switched to Zed."], "Zed's startup is instant.") // → true
 *   keeps(["The startup is instant."], "Zed's startup is instant.") // → false
 */
export function keeps(texts: readonly string[], turn: string): boolean {
  return keepsWords(texts, distinctiveContent(turn));
}

/**
 * `keeps` for a turn whose distinctive content was read before (sleep records it on the beliefs it
 * distils from the turn, `SOURCE_WORDS_KEY`): no tagger, no read of the turn.
 *
 *   keepsWords(["I switched to Zed."], ["zed"]) // → true
 */
export function keepsWords(texts: readonly string[], wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  const said = new Set(texts.flatMap((t) => rawTokens(t)));
  return wanted.every((w) => said.has(w));
}

/**
 * The distinctive content of `episodeId` that sleep recorded on belief `b` (`SOURCE_WORDS_KEY`), or
 * undefined when it recorded none (a belief slept before it did, a caller's sources, a forgotten turn).
 */
export function recordedContent(b: Belief, episodeId: string): readonly string[] | undefined {
  const all = sleepRecordOf(b.metadata)[SOURCE_WORDS_KEY];
  if (!all || typeof all !== "object" || Array.isArray(all)) return undefined;
  const words = (all as Record<string, unknown>)[episodeId];
  return Array.isArray(words) && words.every((w) => typeof w === "string") ? (words as string[]) : undefined;
}

/**
 * `metadata` with the distinctive content of each of `episodes` recorded (`SOURCE_WORDS_KEY`), beside
 * what was recorded before. `await loadTagger()` first.
 */
export function withSourceWords(
  metadata: Record<string, unknown>,
  episodes: readonly { id: string; content: string }[],
): Record<string, unknown> {
  const had = sleepRecordOf(metadata)[SOURCE_WORDS_KEY];
  const recorded: Record<string, readonly string[]> =
    had && typeof had === "object" && !Array.isArray(had) ? { ...(had as Record<string, string[]>) } : {};
  for (const e of episodes) recorded[e.id] = distinctiveContent(e.content);
  return withSleepRecord(metadata, { [SOURCE_WORDS_KEY]: recorded });
}

/** Which distinctive words of the turn the texts lost (for reports and diagnostics). */
export function lostWords(texts: readonly string[], turn: string): string[] {
  const said = new Set(texts.flatMap((t) => rawTokens(t)));
  return distinctiveContent(turn).filter((w) => !said.has(w));
}
