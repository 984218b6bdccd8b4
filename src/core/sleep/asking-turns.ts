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
 *     (`presentState`, which reads a contraction the tagger keeps whole: "I'm on…", "Car's
 *     insured with…"): "I take 50mg…", "Our production database is Postgres 14…"; not a past
 *     narrative ("Back when I lived in London I had a Boardman road bike") nor a plan — save a
 *     past said inside the period that holds now (`CURRENT_PERIOD`: "Went with Esure this year")
 *
 * A sentence that fails them whole for a later clause (one that asks, denies or supposes) is read
 * by its leading clause (`LEADING_CLAUSE`, `leadingClause`), a main clause of its own: "The nightly
 * pipeline still runs on Python 3.9, so I can't use match statements" gives "The nightly pipeline
 * still runs on Python 3.9."; a turn of one sentence that asks ("From this sprint the api runs
 * Node 22, I've updated the Dockerfile; what else might break?") is read so too. A clause opened by
 * a subordinator ("Now that the fix has ended…") is no main clause. What follows the clause stays
 * with the turn.
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
import { sleepRecordOf } from "../sleep-record.js";
import { AS, alternatives, SUBORDINATOR_PHRASES, SUBORDINATORS } from "../subordinators.js";
import { ASKING_TURN } from "../vocabulary.js";
import { leadingClause, sentencesOf } from "./chat-turns.js";
import { presentState, restatementCandidate } from "./restatements.js";
import { standalone } from "./standalone.js";

export function statementsInAskingTurn(turn: string): { statements: string[]; rest: string } {
  const parts = sentencesOf(turn);
  const statements: string[] = [];
  const rest: string[] = [];
  for (const part of parts) {
    // A turn of one sentence asks in it: only a leading clause of its own can be a statement.
    const found = part.endsWith(":") ? null : statementOf(part, parts.length > 1);
    if (found === null) rest.push(part);
    else {
      statements.push(sentenceCase(found.statement));
      if (found.after) rest.push(found.after);
    }
  }
  return { statements, rest: rest.join(" ") };
}

/**
 * The sentence (`whole`), else its leading clause (`LEADING_CLAUSE`), when it passes the three
 * rules, with what is left of the sentence after it (`after`: the clauses that ask, deny or
 * suppose, which stay with the turn); else null.
 */
function statementOf(sentence: string, whole: boolean): { statement: string; after: string } | null {
  const clause = leadingClause(sentence);
  // A clause that opens with a subordinator is no main clause ("Now that the fix has ended…").
  const at = clause !== null && !SUBORDINATE.test(clause) ? sentence.indexOf(clause) : -1;
  const main = at >= 0 ? clause : null;
  for (const candidate of whole ? [sentence, main] : [main]) {
    const s = candidate === null ? null : restatementCandidate(candidate);
    if (s === null || standalone(s) !== "standalone" || !(presentState(s, tag(s)) || CURRENT_PERIOD.test(s)))
      continue;
    if (candidate === sentence) return { statement: s, after: "" };
    const after = sentence.slice(at + candidate!.length).replace(/^\s*[,;]?\s*/, "");
    return { statement: `${s}.`, after };
  }
  return null;
}

/**
 * Words that open a subordinate clause: what follows depends on another clause. "as" too ("as the
 * rent went up"): a clause that is no main clause is kept with its turn, which loses nothing.
 */
const SUBORDINATE = new RegExp(
  `^(?:${alternatives([...SUBORDINATOR_PHRASES, ...SUBORDINATORS, AS])})\\b`,
  "i",
);

/**
 * A past tense inside the period that holds now: a choice made "this year" or "from this sprint"
 * still holds ("Went with Esure this year"); a day, a week or a morning are when something
 * happened, not a period a state lasts ("I was ill this week").
 */
const CURRENT_PERIOD = /\bthis (?:year|month|term|quarter|season|sprint|semester)\b/i;

/** "my landlord is…" (its opener dropped) → "My landlord is…": only a pronoun or determiner, never a name's case ("iPhone"). */
function sentenceCase(s: string): string {
  return /^(?:my|our|we|the|it|this|that|there)\b/.test(s) ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** Why a change such a statement would make is left to the agent: the write gate's and the sweep's reason. */
export const SAID_WHILE_ASKING = "it was said in passing in a turn that asks something";

/**
 * True when a belief was taken out of a turn that asks something (`ASKING_TURN` in sleep's record): a
 * change it would make is left to the agent — the sweep skips it, `candidates()` offers the pair.
 */
export function saidWhileAsking(b: Pick<Belief, "metadata">): boolean {
  return sleepRecordOf(b.metadata)[ASKING_TURN] === true;
}
