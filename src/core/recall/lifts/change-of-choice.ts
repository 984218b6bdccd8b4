/**
 * Change-of-choice frames: a new choice said in passing, with the older choice's words left out.
 * "We switched Mochi to pine pellets" replaces "Mochi's litter is clumping clay"; "I switched from
 * Sublime Text to Neovim" replaces "I write all my code in Sublime Text"; "we replaced Redshift with
 * Snowflake" replaces "Our analytics warehouse is Redshift". The frame is a closed class of English
 * (switch / move / migrate / change … to X, go with X, replace … with X, rewrite … in X, the
 * migration to X is done, we're on X now), read per clause, said by the speaker as done.
 *
 * The frame says a choice changed, not which: "we moved over to EDF" names no electricity. So the
 * frame alone links nothing. `replacesChoice` links it to an older statement only on strong
 * evidence: the frame's sentence names a name the older names — its value ("from Sublime Text",
 * "replaced Redshift") or its holder ("Mochi") — one a caller accepts as rare, and the frame's new
 * value is not one the older already names. A common word shared ("kids", "weekend") is none.
 *
 * Named rules, each a table row both ways in `change-of-choice.test.ts`:
 * - `CHANGE_OF_CHOICE`: a clause whose subject is the speaker (I, we) says a change verb with its
 *   new value (a noun phrase after "to", "with", "in", "on"), or "the migration/switch to X is
 *   done".
 * - `DONE_NOT_PLANNED`: no question, supposition, plan or negation in the sentence ("we might
 *   migrate to", "should I switch to", "we didn't switch to").
 * - `A_CHOICE_NOT_A_TIME`: the new value is no time ("moved to Thursdays", "moved to 9:45",
 *   "moved to next week": a rescheduling) and, with a lexicon, "moved to" a place is a new home,
 *   not a new choice ("moved to London").
 * - `NOT_A_PARTICLE`: "switched off the light", "changed into my boots" name no new value.
 * - `LINKED_BY_EVIDENCE`: the frame's sentence names a name (a run of capitalised words, not a
 *   sentence's first word) the older names, whose words `linking` accepts; and the new value is
 *   not said by the older.
 *
 *   choiceChangeOf("We switched Mochi to pine pellets, way less dust.")   // → { frame: "switched to", value: "pine pellets", … }
 *   choiceChangeOf("We might migrate to Snowflake next year.")           // → null (DONE_NOT_PLANNED)
 */

import { alternationOf, calendarWords } from "../../calendar-words.js";
import { adverbs, adverbWords, NOW } from "../../change-adverbs.js";
import type { Belief, Episode } from "../../model.js";
import type { BeliefFilter, EpisodeFilter, Lexicon, StoreReader } from "../../ports.js";
import { clausesOf, sentencesOf } from "../../sleep/chat-turns.js";
import { contentTokens, isHypothetical, isNegated, isQuestion } from "../../text.js";
import { newerFoundByWords } from "./moves.js";

export interface ChoiceChange {
  /** The frame, for `why`: "switched to", "went with", "replaced with", "migration to … done", "on … now". */
  frame: string;
  /** The new value, as said ("pine pellets", "Neovim", "Virgin Media"). */
  value: string;
  /** The sentence that says it. */
  sentence: string;
}

// Written with the i flag: the value is read afterwards, its case not needed for the frame.
const WE = String.raw`\b(?:i|we)(?:'ve|’ve|\s+have|\s+had|'d|’d)?`;
const ADVERBS = String.raw`(?:\s+(?:just|recently|finally|actually|officially|already|${adverbs(NOW)}|eventually|also))*`;
/** "now" and Scots "noo" (change-adverbs.ts's `NOW`), for the frames that read it outside `ADVERBS`. */
const NOW_WORD = adverbs(NOW);

/** `CHANGE_OF_CHOICE`: the frames, each with where its value starts (the text after the match). */
const FRAMES: readonly { name: string; re: RegExp }[] = [
  // "we switched Mochi to", "I've moved over to", "we changed our supplier to"
  {
    name: "switched to",
    re: new RegExp(
      String.raw`${WE}${ADVERBS}\s+(?:switched|moved|migrated|changed|swapped|transferred|upgraded)(?:\s+(?:over|across|everything|everyone))?(?:\s+(?!to\b)[\p{L}’'-]+){0,3}?\s+to\s+`,
      "iu",
    ),
  },
  // "who we went with", "we've gone with", "we settled on", "I picked"
  {
    name: "went with",
    re: new RegExp(String.raw`${WE}${ADVERBS}\s+(?:went|gone|settled|ended\s+up)\s+(?:with|on)\s+`, "iu"),
  },
  // "we replaced Redshift with", "I swapped the Kindle for"
  {
    name: "replaced with",
    re: new RegExp(
      String.raw`${WE}${ADVERBS}\s+(?:replaced|swapped)(?:\s+(?!with\b|for\b)[\p{L}\p{N}’'.-]+){1,4}?\s+(?:with|for)\s+`,
      "iu",
    ),
  },
  // "we rewrote it in", "I rebuilt the site in"
  {
    name: "rewrote in",
    re: new RegExp(
      String.raw`${WE}${ADVERBS}\s+(?:rewrote|rewritten|rebuilt|ported)(?:\s+(?!in\b)[\p{L}’'-]+){1,3}?\s+(?:in|to)\s+`,
      "iu",
    ),
  },
  // "the migration to Snowflake is done" (the value between, the completion after)
  {
    name: "migration to … done",
    re: new RegExp(
      String.raw`\b(?:the|our)\s+(?:migration|move|switch|changeover|transition)\s+(?:over\s+)?to\s+(?=[^,;]{1,40}?\s+(?:is|was|has\s+been|'s|’s)\s+(?:${NOW_WORD}\s+)?(?:done|finished|complete|completed|over|live)\b)`,
      "iu",
    ),
  },
  // "we're on Postgres now", "I'm on EDF now", Scots "I'm on the 77 noo"
  {
    name: "on … now",
    re: new RegExp(
      String.raw`\b(?:i'm|i’m|i\s+am|we're|we’re|we\s+are)\s+(?:${NOW_WORD}\s+)?on\s+(?=[^,;.]{1,40}?\s+${NOW_WORD}\b)`,
      "iu",
    ),
  },
];

/** Words that end the value: a clause of its own, a reason, a time, a purpose. */
const VALUE_END = new RegExp(
  `^(?:when|after|before|because|since|for|and|but|so|last|this|which|who|that|as|at|from|in|on|with|${adverbWords(NOW).join("|")}|today|yesterday|recently|instead|a|an|is|was|has|had|and|or|to|way|because|about|over|ago|mostly|too|then)$`,
  "i",
);
const PRONOUN = /^(?:i|we|you|he|she|they|it|i'm|we're|i’m|we’re)$/i;
const ARTICLE = /^(?:the|a|an|our|my|their|its)$/i;

/** `A_CHOICE_NOT_A_TIME`: a day, a month, a clock time, a relative time. */
const TIME_VALUE = new RegExp(
  `^(?:${alternationOf(calendarWords({ months: "names", weekdays: "names", plural: true, relative: true }))}|next|morning|mornings|afternoon|afternoons|evening|evenings|noon|midnight|weekends?|weekdays?|\\d{1,2}(?::\\d{2})?(?:\\s*[ap]\\.?m\\.?)?|\\d{1,2}[ap]m)$`,
  "i",
);

/** `NOT_A_PARTICLE`: a verb with "off"/"on"/"into" names a state, not a new choice. */
const PARTICLE = /\b(?:switched|changed|moved)\s+(?:off|on|into|out|around|up|down)\b/i;

/** Plans, wishes and the future: not done yet (`DONE_NOT_PLANNED`, besides `isHypothetical`). */
const NOT_YET =
  /\b(?:will|won't|going\s+to|gonna|want\s+to|wants\s+to|would\s+like\s+to|hope\s+to|about\s+to|should|need\s+to|have\s+to|ought\s+to|trying\s+to|try\s+to|if)\b|(?:i|we)['’]ll\b/i;

function valueAfter(rest: string): string | null {
  const kept: string[] = [];
  let named = false;
  for (const raw of rest.split(/\s+/)) {
    const w = raw.replace(/^[“"'(]+/, "");
    const bare = w.replace(/[,;:.!?)"”]+$/, "");
    if (kept.length === 0 && ARTICLE.test(bare)) continue;
    if (bare === "") break;
    const capital = /^\p{Lu}/u.test(bare) && !/^I(?:['’]|$)/.test(bare);
    if (kept.length === 0) {
      if (VALUE_END.test(bare) && !capital) return null;
      named = capital;
    } else if (VALUE_END.test(bare) || PRONOUN.test(bare) || (named && !capital)) break;
    kept.push(bare);
    if (bare !== w || kept.length >= 4) break;
  }
  return kept.length === 0 ? null : kept.join(" ");
}

/** A time as the value: rescheduled, not rechosen. */
const isTime = (value: string): boolean =>
  value.split(/\s+/).some((w) => TIME_VALUE.test(w)) || /^\d/.test(value);

/**
 * The change of choice a text says done by the speaker, or null (`CHANGE_OF_CHOICE`,
 * `DONE_NOT_PLANNED`, `A_CHOICE_NOT_A_TIME`, `NOT_A_PARTICLE`). With a lexicon, "moved to" a
 * place is a new home and not read here (state-frames.ts reads it).
 *
 *   choiceChangeOf("The migration to Snowflake is done, so I'm rewriting our cost alerts.")
 *   // → { frame: "migration to … done", value: "Snowflake", … }
 *   choiceChangeOf("My brother switched to Linux.")   // → null (not the speaker)
 */
export function choiceChangeOf(text: string, lexicon?: Lexicon): ChoiceChange | null {
  for (const sentence of sentencesOf(text)) {
    if (isQuestion(sentence) || isHypothetical(sentence) || NOT_YET.test(sentence)) continue;
    for (const clause of clausesOf(sentence)) {
      if (isNegated(clause) || PARTICLE.test(clause)) continue;
      for (const { name, re } of FRAMES) {
        const m = re.exec(clause);
        if (!m) continue;
        const value = valueAfter(clause.slice(m.index + m[0].length));
        if (!value || isTime(value)) continue;
        if (
          lexicon &&
          /\bmoved\b/i.test(m[0]) &&
          (lexicon.isPlace(value) || lexicon.isPlace(value.split(/\s+/)[0]!))
        )
          continue;
        return { frame: name, value, sentence };
      }
    }
  }
  return null;
}

/**
 * The runs of capitalised words a text names ("Sublime Text", "Redshift"). A sentence's first word
 * is capitalised anyway: it counts only as a possessive ("Mochi's litter") or before another
 * capitalised word.
 */
function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const sentence of sentencesOf(text)) {
    const all = sentence.split(/\s+/);
    const firstIsName = /^\p{Lu}[\p{L}\p{N}-]*['’]s$/u.test(all[0] ?? "") || /^\p{Lu}/u.test(all[1] ?? "");
    const words = firstIsName ? all : all.slice(1);
    let run: string[] = [];
    for (const raw of [...words, ""]) {
      const w = raw.replace(/[^\p{L}\p{N}'’.-]+$/u, "").replace(/^[^\p{L}\p{N}]+/u, "");
      if (/^\p{Lu}/u.test(w) && !/^I(?:'|’|$)/.test(w)) run.push(w.replace(/['’]s$/, ""));
      else {
        if (run.length > 0) names.push(run.join(" "));
        run = [];
      }
    }
  }
  return names;
}

const said = (text: string, value: string): boolean => {
  const words = new Set(contentTokens(text));
  const valueWords = contentTokens(value);
  return valueWords.length > 0 && valueWords.every((w) => words.has(w));
};

/**
 * `LINKED_BY_EVIDENCE`: `newer` says a change of choice that replaces a value `older` states, or
 * null. The frame's sentence names a name the older names (its value or its holder), one whose
 * words `linking` accepts (a caller passes a test of rarity: a name said everywhere links nothing);
 * the new value is not one the older names.
 *
 *   replacesChoice("Mochi's litter is clumping clay.", "We switched Mochi to pine pellets.")
 *   // → { frame: "switched to", value: "pine pellets", shared: ["mochi"], … }
 *   replacesChoice("Our analytics warehouse is Redshift.", "We moved over to EDF.")   // → null
 */
export function replacesChoice(
  older: string,
  newer: string,
  linking: (word: string) => boolean = () => true,
  lexicon?: Lexicon,
): (ChoiceChange & { shared: string[] }) | null {
  if (isQuestion(older) || isHypothetical(older)) return null;
  const change = choiceChangeOf(newer, lexicon);
  if (!change || said(older, change.value)) return null;
  // Names only: a common word shared ("kids", "paying", "weekend") is no evidence of the same thing.
  const named = namesIn(older).filter((n) => said(change.sentence, n) && !said(change.value, n));
  const shared = [...new Set(named.flatMap((n) => contentTokens(n)))];
  if (!shared.some(linking)) return null;
  return { ...change, shared };
}

/** How many of the top items a search for a change of choice starts from. */
export const CHOICE_SEARCH_TOP = 3;

/** How many facts, and how many turns, one search reads. */
const CHOICE_CANDIDATES = 24;

/** In how many active facts a shared word may be said and still link a change to the older. */
export const CHOICE_LINK_RARE = 4;

/** What the search needs from recall: its store reads, filters and readings of a record. */
export interface ChoiceSearch {
  store: StoreReader;
  facts: BeliefFilter;
  /** Turns to search too (active turns of the request), or null for facts only. */
  turns: EpisodeFilter | null;
  /** Who said each record (a belief: its first source's actor), read in one batch; both unknown counts as one. */
  actorsOf: (records: readonly (Belief | Episode)[]) => Promise<(string | null)[]>;
  /** True when a belief speaks for the turn: the turn is read as that belief, not searched as itself. */
  represented: (episodeId: string) => Promise<boolean>;
  /** Another person's state for the asked slot (`saysOthersState`), when a lexicon can tell. */
  othersState: (text: string) => Promise<boolean>;
  lexicon?: Lexicon | undefined;
}

/**
 * For each older (an active fact among the top items that says a word of the question), the newest
 * statement newer than it, by the same actor, that replaces its choice (`replacesChoice`, with
 * `CHOICE_LINK_RARE` as the test of rarity), found by a full-text search by the words of the names
 * the older names (no name: no search).
 * Nothing is read beyond the store; ranking is left to the caller.
 */
export async function choicesFound(
  search: ChoiceSearch,
  olders: readonly { id: string; text: string; at: string; record: Belief | Episode }[],
): Promise<{ olderId: string; record: Belief | Episode; change: ChoiceChange }[]> {
  const { store } = search;
  // Only a name the older names can link a change to it: an older that names none starts no
  // search, and the search is by its names' words. The searches and the counts of those words
  // start together (on PostgreSQL, reads started together share one read of the change log).
  const named = olders.flatMap((older) => {
    const terms = [...new Set(namesIn(older.text).flatMap((n) => contentTokens(n)))].filter(
      (t) => !/\d/.test(t),
    );
    return terms.length > 0 ? [{ older, terms }] : [];
  });
  if (named.length === 0) return [];
  const words = [...new Set(named.flatMap((n) => n.terms))];
  const [searched, counts] = await Promise.all([
    Promise.all(
      named.map(async ({ older, terms }) =>
        (await newerFoundByWords(store, terms, search, CHOICE_CANDIDATES, older)).map((found) => ({
          older,
          ...found,
        })),
      ),
    ),
    Promise.all(words.map((w) => store.countBeliefText([w], search.facts, CHOICE_LINK_RARE + 1))),
  ]);
  const rare = new Set(words.filter((_, i) => counts[i]! <= CHOICE_LINK_RARE));
  const changes = searched.flat().flatMap((found) => {
    const change = replacesChoice(found.older.text, found.text, (w) => rare.has(w), search.lexicon);
    return change ? [{ ...found, change }] : [];
  });
  // Who said each side: the olders' and the changes' actors in one read.
  const actors = await search.actorsOf(changes.flatMap((c) => [c.older.record, c.record]));
  const newest = new Map<string, { record: Belief | Episode; at: string; change: ChoiceChange }>();
  for (const [i, { older, record, text, at, change }] of changes.entries()) {
    if (actors[2 * i] !== actors[2 * i + 1]) continue;
    if (await search.othersState(text)) continue;
    if (!("kind" in record) && (await search.represented(record.id))) continue;
    const held = newest.get(older.id);
    if (held && (held.at > at || (held.at === at && held.record.id > record.id))) continue;
    newest.set(older.id, { record, at, change });
  }
  return [...newest].map(([olderId, { record, change }]) => ({ olderId, record, change }));
}
