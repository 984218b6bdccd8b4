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
import { isQuestion } from "../../text.js";
import { askedThingWords } from "./asked-thing.js";
import type { LiftInput, Move } from "./moves.js";
import {
  answersAsked,
  changeOnThing,
  liftChanges,
  nounsOf,
  type SameThing,
  valuesByKind,
} from "./same-thing.js";

/** How many of the top hits are read as olders (as `askedThingFound` reads). */
const ASKED_THING_TOP = 5;

/** How deep among the ranked items a newer may be (as `changedValueFirst` reads). */
const NEWER_WITHIN = 12;

/**
 * Whether `newer` says, in a change, another value of a kind `older` states and `question` asks, of
 * a thing both the older and the question name (`askedThingWords`), as the older says it: a sentence
 * of the newer that says the noun, no question, plan, memory or addition, with the new value in one
 * of its clauses (`changeOnThing` without its "the topic goes on" word). Null when none.
 * `await loadTagger()` first.
 *
 *   askedThingSaidAgain("The library book group is reading Shuggie Bain this month.",
 *     "We've finished that book and the group's on to Young Mungo now.", "What are we reading at the book group?")
 *   // → { word: "group", kind: "name", value: "young" }
 */
export function askedThingSaidAgain(older: string, newer: string, question: string): SameThing | null {
  const newerNouns = nounsOf(newer);
  for (const word of askedThingWords(older, question)) {
    if (!newerNouns.has(word)) continue;
    const change = changeOnThing(older, newer, question, word, { topicGoesOn: false });
    if (change) return change;
  }
  return null;
}

/**
 * The lift: for each active fact among the top hits of a question (naming no time) that states a
 * value of a kind the question asks and names the asked thing as a noun (`askedThingWords`), a later
 * active fact ranked below it among the first 12 that says that thing again with another value of
 * the kind in a change (`askedThingSaidAgain`) — by the same speaker, no other person's state
 * (`othersState`), not read by the judge as a restatement, no pair a verdict settled apart — is
 * ranked just above the older, its `why` saying "a newer statement the question found on the asked
 * thing of [older]". Ranking only; it searches nothing and closes nothing. Mutates and re-sorts
 * `scored`.
 *
 *   const moves = await askedThingFirst(lift);
 */
export async function askedThingFirst(lift: LiftInput): Promise<Move[]> {
  const { scored, req, times } = lift;
  if (times.length > 0 || !isQuestion(req.query)) return [];
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
      changeOf: (newer: string) => askedThingSaidAgain(older.text, newer, req.query),
    }))
    .filter((c) => c.found.length > 0);
  return liftChanges(
    lift,
    searched,
    (older, change) =>
      `a newer statement the question found on the asked thing of [${older.id}], by "${change.word}", with another ${change.kind}`,
  );
}
