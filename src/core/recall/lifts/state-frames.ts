/**
 * State frames: a state of the speaker and the change that replaces it, said with other words.
 * "I live in Denver" is replaced by "I moved to Portland", "I work at Acme" by "my new job is at
 * Globex", "I use LastPass" by "I migrated to Bitwarden": the change names no attribute the state
 * names, so no shared word links them. A frame pairs a state verb with the ways its change is
 * said, a closed class of English (residence, employer, a thing used), not a list of sentences.
 *
 * A change matches a frame when one of its clauses is first-person (I, we, my, our) and names a
 * value of its own by a capitalised word right after the change ("moved to Portland"). A purpose
 * in the same sentence that the older state does not have ("I switched to CorePower for yoga" against "I use LastPass for
 * my passwords") says the change is about another thing. "Moved to" is said of both a home and a
 * thing used; with a lexicon, its value decides: a place (WordNet's noun.location) moves a home,
 * anything else changes a thing used (`StateFrame.moved`).
 *
 *   frameOf("I live in Denver, it's been two years now.")         // → the residence frame
 *   replacedByFrame("I live in Denver.", "I moved to Portland last week!")  // → "residence"
 */
import { adverbs, adverbWords, CURRENTLY, NOW, STILL } from "../../change-adverbs.js";
import type { Lexicon } from "../../ports.js";
import { clausesOf, sentencesOf } from "../../sleep/chat-turns.js";
import { contentTokens } from "../../text.js";

export interface StateFrame {
  /** What the state is, for `why`. */
  name: string;
  /** A first-person statement of the state: "I live in…", "we use…". */
  state: RegExp;
  /** A clause that changes it, naming the new value (capitalised) right after the change. */
  change: RegExp;
  /** Words a full-text search finds the changes by. */
  terms: readonly string[];
  /** A question about the state itself ("Where do I live?"); none when the verb alone is too general ("use"). */
  asked: RegExp | null;
  /**
   * What the value of a change said by "moved" must be, read by a lexicon (`Lexicon.isPlace`):
   * "moved" says both a new home ("I moved to Portland") and a new thing used ("I've moved to
   * Giffgaff"). A place for the residence (an unknown name is not one: the change waits for another
   * reading), no place for a thing used. Unchecked without a lexicon.
   */
  moved?: "place" | "no place";
}

// Written without the i flag: under it \p{Lu} would match any letter. Pronouns take either case.
const ADVERB = String.raw`(?:(?:just|recently|finally|actually|officially|already|${adverbs(NOW)})\s+)?`;
/** "Do I still / currently live …": the present asked of, with no change (`STILL`, `CURRENTLY`'s one-word adverb). */
const PRESENT = String.raw`(?:(?:${adverbWords(STILL, CURRENTLY).join("|")})\s+)?`;
const PERFECT = String.raw`(?:'ve|\s+have)?`;
const WE = "(?:I|[Ww]e)";
const MY = "(?:[Mm]y|[Oo]ur)";

export const STATE_FRAMES: readonly StateFrame[] = [
  {
    name: "residence",
    state:
      /^(?:i|we)(?:'ve|\s+have)?\s+(?:still\s+)?(?:live|lived|reside|resided|am based|are based)\s+in\b/i,
    change: new RegExp(
      String.raw`^${WE}${PERFECT}\s+${ADVERB}(?:moved|relocated|moved back)\s+to\s+\p{Lu}`,
      "u",
    ),
    terms: ["moved", "relocated"],
    moved: "place",
    asked: new RegExp(
      String.raw`\b(?:do|did)\s+(?:i|we)\s+${PRESENT}live\b|\b(?:am\s+i|are\s+we)\s+(?:based|living)\b`,
      "i",
    ),
  },
  {
    name: "employer",
    state: /^(?:i|we)\s+(?:still\s+)?(?:work|worked)\s+(?:at|for)\b/i,
    change: new RegExp(
      String.raw`^(?:${MY}\s+new\s+(?:job|employer|company|workplace)\s+is\s+(?:at|with)\s+\p{Lu}|${WE}${PERFECT}\s+${ADVERB}(?:started|joined)\s+(?:(?:a\s+new\s+job|work)\s+)?(?:at\s+|with\s+)?\p{Lu}|${WE}${PERFECT}\s+${ADVERB}(?:got\s+a\s+(?:new\s+)?job|got\s+hired)\s+(?:at|with|by)\s+\p{Lu})`,
      "u",
    ),
    terms: ["job", "started", "joined", "hired"],
    asked: new RegExp(
      String.raw`\b(?:do|did)\s+(?:i|we)\s+${PRESENT}work\b|\bwho\s+(?:do|does)\s+(?:i|we)\s+work\s+for\b`,
      "i",
    ),
  },
  {
    name: "thing used",
    state: new RegExp(String.raw`^${WE}\s+(?:still\s+)?(?:use|used)\s+\p{Lu}`, "u"),
    change: new RegExp(
      String.raw`^${WE}${PERFECT}\s+${ADVERB}(?:switched|migrated|moved|changed)\s+(?:over\s+)?to\s+\p{Lu}`,
      "u",
    ),
    terms: ["switched", "migrated", "moved", "changed"],
    asked: null,
    moved: "no place",
  },
];

/** The frame a statement of state opens, or null. */
export function frameOf(text: string): StateFrame | null {
  const first = clausesOf(text)[0];
  if (!first) return null;
  return STATE_FRAMES.find((f) => f.state.test(first)) ?? null;
}

/** What a purpose ("for yoga", "for all my passwords") names: the content words after "for". */
function purposeOf(text: string): readonly string[] {
  const m = /\bfor\s+((?:(?:all|my|our|the|a|an|of)\s+)*[\p{L}-]+)/iu.exec(text);
  return m ? contentTokens(m[1]!) : [];
}

/** The frame a question asks about ("Which city do I live in?" → residence), or null. */
export function askedFrame(question: string): StateFrame | null {
  return STATE_FRAMES.find((f) => f.asked?.test(question)) ?? null;
}

/**
 * True when a sentence of `text` changes the frame's state (a clause says the change, its value of
 * the frame's type when the change is "moved" and a lexicon can tell: `StateFrame.moved`), with no
 * purpose or one whose words `about` has.
 */
export function changesFrame(frame: StateFrame, text: string, about: string, lexicon?: Lexicon): boolean {
  const words = new Set(contentTokens(about));
  return sentencesOf(text).some((sentence) => {
    if (!clausesOf(sentence).some((c) => changesIn(frame, c, lexicon))) return false;
    const purpose = purposeOf(sentence);
    return purpose.length === 0 || purpose.some((w) => words.has(w));
  });
}

/** True when a clause says the frame's change, its value a place or not as the frame needs (`StateFrame.moved`). */
function changesIn(frame: StateFrame, clause: string, lexicon: Lexicon | undefined): boolean {
  const m = frame.change.exec(clause);
  if (!m) return false;
  if (!frame.moved || !lexicon || !/\bmoved\b/.test(m[0])) return true;
  // The value: the capitalised words the change ends on ("Portland", "New York").
  const value = /^\p{Lu}[\p{L}\p{N}'’-]*(?:\s+\p{Lu}[\p{L}\p{N}'’-]*)*/u.exec(
    clause.slice(m.index + m[0].length - 1),
  )?.[0];
  if (!value) return false;
  const place = lexicon.isPlace(value) || lexicon.isPlace(value.split(/\s+/)[0]!);
  return frame.moved === "place" ? place : !place;
}

/**
 * The name of the frame in which `newer` replaces `older`'s state, or null: `older` states it in
 * the first person, a clause of `newer` changes it, and a purpose of the change is one the older
 * has too (or there is none). With a lexicon, "moved to" a place changes a residence and "moved
 * to" anything else a thing used (`StateFrame.moved`).
 *
 *   replacedByFrame("I use LastPass for all my passwords.", "I moved to Portland last week!", lexicon)  // → null
 */
export function replacedByFrame(older: string, newer: string, lexicon?: Lexicon): string | null {
  const frame = frameOf(older);
  return frame && changesFrame(frame, newer, older, lexicon) ? frame.name : null;
}
