/**
 * The newer statement found through the thing the question asks, as the older it found names it:
 * "Where do we do the weekly food shop?" finds "We do our big weekly shop at Tesco with the
 * Clubcard."; the older shares no rare word with "Big shop's at Aldi now, we're saving about £40 a
 * week.", but both name the shop the question asks about, and the newer says another name for it in
 * a change. `sameThingFound` links a pair only by a word rare in the store and beyond the question's;
 * this link is the asked thing itself, so it asks more of the newer sentence instead.
 */
import { isWhenWord } from "../../judge/analysis.js";
import { loadTagger } from "../../judge/tagger.js";
import { contentTokens, isQuestion, queryTerms } from "../../text.js";
import { activeFactsOf, type LiftInput, type Move } from "./moves.js";
import {
  answersAsked,
  changeOnThing,
  liftChanges,
  notTheThing,
  nounsOf,
  type SameThing,
  valuesByKind,
} from "./same-thing.js";

/** How many of the top hits are read as olders (as `sameThingFound` reads). */
const ASKED_THING_TOP = 5;

/** How many statements a search by the asked thing's words reads for one older. */
const ASKED_THING_CANDIDATES = 20;

/**
 * The nouns an older statement shares with the question that name the thing asked (stemmed): said as
 * nouns in both, not a noun a number counts or a title (`notTheThing`: "three **times** a week"), not
 * a word of when (`isWhenWord`: "week", "morning": a time, not a thing), not a value of the older's
 * ("Tesco" in a question that names it), no contraction, no word of two letters. `await loadTagger()` first.
 *
 *   askedThingWords("We do our big weekly shop at Tesco.", "Where do we do the weekly food shop?") // → {"shop"}
 *   askedThingWords("I go to the gym three times a week.", "How many times a week do I go?")        // → {} ("time" is counted, "week" says when)
 */
export function askedThingWords(older: string, question: string): Set<string> {
  const asks = nounsOf(question);
  const notThing = notTheThing(older);
  const values = new Set(
    [...valuesByKind(older).values()].flatMap((v) => [...v].flatMap((w) => contentTokens(w))),
  );
  return new Set(
    [...nounsOf(older)].filter(
      (t) =>
        asks.has(t) &&
        !notThing.has(t) &&
        !isWhenWord(t) &&
        !values.has(t) &&
        !/['’]/.test(t) &&
        t.length > 2,
    ),
  );
}

/**
 * Whether `newer` says, in a change, another value of a kind `older` states and `question` asks, of
 * the thing both the older and the question name (`askedThingWords`): a sentence of the newer says
 * that noun as the older does, and one clause of it holds a word of the older's beyond the
 * question's (the topic goes on) and the new value (`changeOnThing`: "Big shop's at Aldi now…" for
 * "We do our big weekly shop at Tesco…": "shop" asked, "big" said again, another name, "now").
 * Null when the pair shares no asked noun or the newer says no such change. `await loadTagger()` first.
 *
 *   askedThingChange("We do our big weekly shop at Tesco.", "Big shop's at Aldi now.", "Where do we do the weekly food shop?")
 *   // → { word: "shop", kind: "name", value: "aldi" }
 */
export function askedThingChange(older: string, newer: string, question: string): SameThing | null {
  const newerNouns = nounsOf(newer);
  for (const word of askedThingWords(older, question)) {
    if (!newerNouns.has(word)) continue;
    const change = changeOnThing(older, newer, question, word);
    if (change) return change;
  }
  return null;
}

/**
 * The lift: for each active fact among the top hits of a question that states a value of a kind the
 * question asks and names, as a noun, the thing the question asks about (`askedThingWords`), the
 * statements that name that thing are searched; a later fact by the same speaker that says another
 * value of the kind on it in a change (`askedThingChange`), that no other person's state reads
 * (`othersState`) and that the judge does not read as a restatement, is ranked just above the older,
 * its `why` saying "a newer statement on the asked thing of [older]". A newer already above its older
 * (another lift's) is left. A pair a model or agent judged distinct or a refinement stays as it ranks.
 * Ranking only; nothing is closed; only the request's namespaces are searched. Mutates and re-sorts
 * `scored`.
 *
 *   const moves = await askedThingFound(lift);
 */
export async function askedThingFound(lift: LiftInput): Promise<Move[]> {
  const { store, scored, req } = lift;
  if (!isQuestion(req.query)) return [];
  const facts = scored
    .slice(0, ASKED_THING_TOP)
    .filter((h) => h.layer === "belief" && h.kind === "fact" && h.status === "active");
  if (facts.length === 0) return [];
  await loadTagger();
  const filter = activeFactsOf(req);
  const searched = facts
    .filter((older) => [...valuesByKind(older.text).keys()].some((kind) => answersAsked(kind, req.query)))
    .map((older) => {
      const words = askedThingWords(older.text, req.query);
      return {
        older,
        terms: queryTerms(older.text).filter((t) => contentTokens(t).some((s) => words.has(s))),
      };
    })
    .filter((c) => c.terms.length > 0);
  if (searched.length === 0) return [];
  // Every search started together: one round of store reads however many olders.
  const founds = await Promise.all(
    searched.map((c) => store.searchBeliefText(c.terms, filter, ASKED_THING_CANDIDATES)),
  );
  return liftChanges(
    lift,
    searched.map(({ older }, i) => ({
      older,
      found: founds[i]!,
      changeOf: (newer: string) => askedThingChange(older.text, newer, req.query),
    })),
    (older, change) =>
      `a newer statement on the asked thing of [${older.id}], by "${change.word}", with another ${change.kind}`,
  );
}
