/**
 * The newer statement the question found, ranked below the older, on the thing the question asks:
 * "What are we reading at the book group?" finds both "The library book group is reading Shuggie
 * Bain this month." and "We've finished that book and the group's on to Young Mungo now.", the older
 * first. `askedThingFound` links such a pair only when a clause of the newer also says a word of the
 * older's beyond the question's (the topic goes on), because its newer comes from a search by one
 * noun; here the question's own ranking found the newer, so the asked thing, said as the older says
 * it, in a change, with another value of the asked kind, is link enough.
 */
import { loadTagger } from "../../judge/tagger.js";
import type { Lexicon } from "../../ports.js";
import { sentencesOf } from "../../sleep/chat-turns.js";
import { hasAdditiveCue, hasChangeCue, isHypothetical, isQuestion } from "../../text.js";
import { askedThingWords } from "./asked-thing.js";
import type { LiftInput, Move } from "./moves.js";
import {
  answersAsked,
  liftChanges,
  nounsOf,
  PAST_MEMORY,
  type SameThing,
  saysAsTheThing,
  valuesByKind,
} from "./same-thing.js";
import { valueSaidOf } from "./value-said-of.js";

/** How many of the top hits are read as olders (as `askedThingFound` reads). */
const ASKED_THING_TOP = 5;

/** How deep among the ranked items a newer may be (as `changedValueFirst` reads). */
const NEWER_WITHIN = 12;

/**
 * Whether `newer` says, in a change, another value of a kind `older` states and `question` asks, of
 * a thing both the older and the question name (`askedThingWords`), as the older says it: a sentence
 * of the newer that says the noun (`saysAsTheThing`), no question, plan, memory or addition, with a
 * change cue and a value of the kind that neither the older nor the question says, *said of* that
 * thing (`valueSaidOf`: in one clause with the noun, the noun no holder, no modifier of another
 * thing, no place the clause happens in). Not a noun WordNet reads as a person (`Lexicon.isPerson`):
 * in a sentence of change a person is most often the doer of another change ("the doctor has me on
 * co-codamol now" for "Who is my doctor?"), not the thing whose value changed; a person's slot is
 * `newerFirst`'s and `sameSlotFirst`'s to read. Null when none. `await loadTagger()` first.
 *
 *   askedThingSaidAgain("The library book group is reading Shuggie Bain this month.",
 *     "We've finished that book and the group's on to Young Mungo now.", "What are we reading at the book group?", wordnet)
 *   // → { word: "group", kind: "name", value: "young" }
 */
export function askedThingSaidAgain(
  older: string,
  newer: string,
  question: string,
  lexicon: Lexicon,
): SameThing | null {
  const olderValues = new Map([...valuesByKind(older)].filter(([kind]) => answersAsked(kind, question)));
  if (olderValues.size === 0) return null;
  const askedValues = valuesByKind(question);
  const newerNouns = nounsOf(newer);
  const olderSentences = sentencesOf(older);
  // The older too says its value of the asked thing, not beside it ("I bank with Chase, mostly for the app").
  const saidInOlder = (word: string, kind: string) =>
    [...olderValues.get(kind)!].some((v) =>
      olderSentences.some((s) => valueSaidOf(s, word, v, older, question) === "said-of"),
    );
  for (const word of askedThingWords(older, question)) {
    if (!newerNouns.has(word) || lexicon.isPerson(word)) continue;
    for (const sentence of sentencesOf(newer)) {
      if (!nounsOf(sentence).has(word) || !saysAsTheThing(older, sentence, word)) continue;
      if (isQuestion(sentence) || isHypothetical(sentence) || PAST_MEMORY.test(sentence)) continue;
      // A change, not an addition beside the older ("…it's on to Young Mungo too").
      if (!hasChangeCue(sentence) || hasAdditiveCue(sentence)) continue;
      for (const [kind, values] of valuesByKind(sentence)) {
        const before = olderValues.get(kind);
        if (!before || !saidInOlder(word, kind)) continue;
        for (const value of values) {
          if (before.has(value) || askedValues.get(kind)?.has(value)) continue;
          if (valueSaidOf(sentence, word, value, older, question) === "said-of") return { word, kind, value };
        }
      }
    }
  }
  return null;
}

/**
 * The lift: for each active fact among the top hits of a question (naming no time) that states a
 * value of a kind the question asks and names the asked thing as a noun (`askedThingWords`), a later
 * active fact ranked below it among the first 12 that says that thing again with another value of
 * the kind in a change (`askedThingSaidAgain`; not through a person noun, and only with a lexicon) — by the same speaker, no other person's state
 * (`othersState`), not read by the judge as a restatement, no pair a verdict settled apart — is
 * ranked just above the older, its `why` saying "a newer statement the question found on the asked
 * thing of [older]". Ranking only; it searches nothing and closes nothing. Mutates and re-sorts
 * `scored`.
 *
 *   const moves = await askedThingFirst(lift);
 */
export async function askedThingFirst(lift: LiftInput): Promise<Move[]> {
  const { scored, req, times } = lift;
  const { lexicon } = req;
  // Without a lexicon no person can be told from a thing: the looser link defers.
  if (!lexicon || times.length > 0 || !isQuestion(req.query)) return [];
  const facts = (top: number) =>
    scored.slice(0, top).filter((h) => h.layer === "belief" && h.kind === "fact" && h.status === "active");
  const olders = facts(ASKED_THING_TOP);
  if (olders.length === 0) return [];
  await loadTagger();
  const newers = facts(NEWER_WITHIN);
  const searched = olders
    .filter(
      (older) =>
        [...valuesByKind(older.text).keys()].some((kind) => answersAsked(kind, req.query)) &&
        askedThingWords(older.text, req.query).size > 0,
    )
    .map((older) => ({
      older,
      found: newers.filter((n) => n !== older && n.at > older.at && n.score <= older.score),
      changeOf: (newer: string) => askedThingSaidAgain(older.text, newer, req.query, lexicon),
    }))
    .filter((c) => c.found.length > 0);
  return liftChanges(
    lift,
    searched,
    (older, change) =>
      `a newer statement the question found on the asked thing of [${older.id}], by "${change.word}", with another ${change.kind}`,
  );
}
