/**
 * Change adverbs: the words by which a speaker says a value changed or holds now — "the shift's at
 * six now", "I no longer drive", "I don't smoke anymore", "these days I cycle", "from now on it's
 * Fridays", "as of May the rent is £900". One vocabulary, grouped by what each group says, read by
 * sleep (the change cues of chat-turns.ts, text.ts's `hasChangeCue`, state-slots.ts, the judge's
 * rules.ts, older-value-said.ts, restatements.ts) and by recall (changed-value.ts, and the lifts
 * that read chat-turns.ts's `announcesReplacement`), so "the value changed" reads alike in each.
 * Each reader takes the groups that fit its question, named where it builds its pattern; where one
 * leaves a group out on purpose it says why (change-adverbs.test.ts holds the groups' words).
 *
 * The dialect and texted forms are sourced, never one eval line's words: Scots "noo" for "now"
 * (Dictionaries of the Scots Language, SND "NOO, adv."), Scots "nae langer" for "no longer" (SND
 * "NA, adv." — "nae", no, not — with "LANG", comparative "langer"). Texted "nw" is left out: no
 * source at hand lists it for "now" alone (it is as often "no way" or "no worries").
 *
 *   new RegExp(`\\b${adverbs(NOW, NO_LONGER)}\\b`, "i").test("he's a size 8 noo") // → true
 *   new RegExp(`\\b${adverbs(NOW)}\\b`, "i").test("I know the snow") // → false
 */

/** A change happened and its new state holds from now: "now", Scots "noo". */
export const NOW = ["now", "noo"] as const;

/** The present set against an earlier time, without naming when it changed: "these days". */
export const THESE_DAYS = ["these days", "nowadays"] as const;

/** The older no longer holds, said before the verb: "I no longer drive", Scots "nae langer". */
export const NO_LONGER = ["no longer", "nae langer"] as const;

/** The older no longer holds, said after a negated verb: "I don't drive anymore". */
export const NOT_ANYMORE = ["anymore", "any more", "any longer"] as const;

/** A change from this point on: "from now on it's Fridays", "going forward". */
export const FROM_NOW_ON = ["from now on", "going forward"] as const;

/** The state that holds at present, with no change said: "I currently live in Leeds". */
export const CURRENTLY = ["currently", "at the moment", "at present"] as const;

/** The state goes on as before: "I still live in Leeds". A cue of the present, never of a change. */
export const STILL = ["still"] as const;

/**
 * "as of" before a point in time ("as of May", "as of today", "as of now"): a change from then. Not
 * "as of yet", which means "so far" and starts nothing.
 */
export const AS_OF = String.raw`as\s+of(?!\s+yet\b)`;

/**
 * Scots "noo" as "now", but not the "no" people stretch in chat: not where it opens a sentence
 * ("Noo! I forgot", "noo, not that one"), after "oh" ("oh noo"), or before "way" ("noo way").
 * Scots "Noo, …" that opens a sentence is lost with it; a change is said mid-sentence or at the end
 * ("the shift's noo at six", "he's a size 8 noo").
 */
const NOO = String.raw`(?<!(?:^|[.!?…]\s*|\boh+,?\s+))noo(?!\s+way\b)`;

/**
 * The regular-expression alternation of the given groups' words, longest first, a space read as
 * any run of whitespace, in a non-capturing group; the caller puts the word boundaries around it.
 *
 *   adverbs(NO_LONGER, NOT_ANYMORE) // → "(?:any\\s+longer|nae\\s+langer|no\\s+longer|any\\s+more|anymore)"
 */
export function adverbs(...groups: readonly (readonly string[])[]): string {
  const words = [...new Set(groups.flat())].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return `(?:${words.map((w) => (w === "noo" ? NOO : w.split(" ").join(String.raw`\s+`))).join("|")})`;
}

/** The one-word adverbs of the given groups, for readers that compare tokens ("now", "noo", "nowadays"). */
export function adverbWords(...groups: readonly (readonly string[])[]): string[] {
  return [...new Set(groups.flat().filter((w) => !w.includes(" ")))];
}
