/**
 * Statements of state inside a turn that asks. In an assistant chat the user says how things are
 * and asks for help in one turn: "I take 50mg of sertraline in the morning. Is it fine to have a
 * glass of wine at a wedding on it?", "Our production database is Postgres 14 on a managed
 * instance. What does VACUUM FULL actually lock?". Read whole, such a turn is a question and stays
 * an episode, so the state it says never becomes a belief: no later value can be judged against it
 * and no lift of recall, which ranks beliefs, can rank a newer value above it (docs/evaluation.md,
 * lead27). Change-cue distillation (`statementsOfState`, chat-turns.ts) and unmarked restatements
 * (restatements.ts) take out only a sentence that changes or restates something said before.
 *
 * `statementsInAskingTurn` takes out each sentence of such a turn that says a state holding now,
 * by three named rules, all needed:
 *
 *   - `DECLARATIVE`: a whole sentence of its own that is no question, supposition, addition or
 *     negation, of 2 content words or more and 30 words at most (`restatementCandidate`), and no
 *     lead-in closed by a colon ("The diet is working:" announces the sentence after it)
 *   - `STANDS_ALONE`: it can stand alone as a belief (`standalone`: not chit-chat, a fragment or a
 *     note to self)
 *   - `PRESENT_STATE`: a present-tense verb or a marker of the present says it holds now
 *     (`presentState`): "I take 50mg…", "Our production database is Postgres 14…"; not a past
 *     narrative ("Back when I lived in London I had a Boardman road bike") nor a plan
 *
 * What is left (the questions, the narrative) stays with the episode. A change such a statement
 * would make is never made by the lexical judge alone: said in passing, beside a question, it is
 * stored beside what it would replace and offered by `candidates()` (`ASKING_TURN` in its metadata;
 * the write gate's `deferChange`, the sweep's and `candidates()`'s `saidWhileAsking`, below).
 * Recall still ranks it, and `newerFirst` can put it above the older while no verdict has settled
 * the pair. `await loadTagger()` first.
 *
 *   statementsInAskingTurn("I take 50mg of sertraline in the morning. Is it fine with wine?")
 *   // → { statements: ["I take 50mg of sertraline in the morning."], rest: "Is it fine with wine?" }
 *   statementsInAskingTurn("Back when I lived in London I had a road bike. How do I fix a brake?")
 *   // → { statements: [], rest: "Back when I lived in London I had a road bike. How do I fix a brake?" }
 */
import { tag } from "../judge/tagger.js";
import type { Belief } from "../model.js";
import { ASKING_TURN } from "../vocabulary.js";
import { sentencesOf } from "./chat-turns.js";
import { presentState, restatementCandidate } from "./restatements.js";
import { standalone } from "./standalone.js";

export function statementsInAskingTurn(turn: string): { statements: string[]; rest: string } {
  const parts = sentencesOf(turn);
  const statements: string[] = [];
  const rest: string[] = [];
  for (const part of parts) {
    const s = parts.length > 1 && !part.endsWith(":") ? restatementCandidate(part) : null;
    if (s !== null && standalone(s) === "standalone" && presentState(s, tag(s)))
      statements.push(sentenceCase(s));
    else rest.push(part);
  }
  return { statements, rest: rest.join(" ") };
}

/** "my landlord is…" (its opener dropped) → "My landlord is…": only a pronoun or determiner, never a name's case ("iPhone"). */
function sentenceCase(s: string): string {
  return /^(?:my|our|we|the|it|this|that|there)\b/.test(s) ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** Why a change such a statement would make is left to the agent: the write gate's and the sweep's reason. */
export const SAID_WHILE_ASKING = "it was said in passing in a turn that asks something";

/**
 * True when a belief was taken out of a turn that asks something (`ASKING_TURN` in its metadata): a
 * change it would make is left to the agent — the sweep skips it, `candidates()` offers the pair.
 */
export function saidWhileAsking(b: Pick<Belief, "metadata">): boolean {
  return b.metadata?.[ASKING_TURN] === true;
}
