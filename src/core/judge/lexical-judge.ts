/**
 * The default judge: deterministic, no model, no network. It reads a statement as
 * subject · predicate · value slots (from part-of-speech tags and lemmas), then runs an ordered
 * table of named rules (./rules.ts); the first rule that decides gives the verdict, and its name
 * is the reason code. Only rules that act on named evidence are `confident`; the rest defer the pair
 * to a semantic judge.
 *
 *   judge.compare({ text: "Retry limit is 5", at }, { text: "Retry limit is now 7", at })
 *   // → { relation: "supersedes", reason: "value-changed:number: 5 → 7", rule: "value-changed:number", confident: true, … }
 */
import type { Judge, JudgeItem, JudgeVerdict, Lexicon } from "../ports.js";
import { jaccard } from "../text.js";
import { actOnSpeakersThing } from "./act-on-speakers-thing.js";
import { analysisOf, announcesChange, minus, packedDice, slotsOf } from "./analysis.js";
import { changeInOneClause, olderRestated, type Rereading, thingInAnotherClause } from "./clause-change.js";
import { SEVERAL_STATEMENTS_RULE, severalSentences, UNCOVERED_RULE, uncoveredWords } from "./coverage.js";
import { OLDER_VALUE_SAID_RULE, olderValueSaid, readAroundTheValue } from "./older-value-said.js";
import { onsetFrame } from "./onset-frame.js";
import { pronounReferent } from "./pronoun-referent.js";
import { reportedChange } from "./reported-change.js";
import { LEXICAL_RULES, type Pair } from "./rules.js";
import { loadTagger, taggerLoaded } from "./tagger.js";
import { VALUE_TYPES_DIFFER_RULE, valueTypesDiffer } from "./value-types.js";

export { ACT_ON_SPEAKERS_THING_RULE } from "./act-on-speakers-thing.js";
export { distinctions } from "./analysis.js";
export {
  CHANGE_IN_ONE_CLAUSE_RULE,
  OLDER_RESTATED_RULE,
  THING_IN_ANOTHER_CLAUSE_RULE,
} from "./clause-change.js";
export { SEVERAL_STATEMENTS_RULE, severalSentences, UNCOVERED_RULE, uncoveredWords } from "./coverage.js";
export { OLDER_VALUE_SAID_RULE, olderValueSaid } from "./older-value-said.js";
export { ONSET_FRAME_RULE } from "./onset-frame.js";
export { PRONOUN_REFERENT_RULE } from "./pronoun-referent.js";
export { REPORTED_CHANGE_RULE } from "./reported-change.js";
export { LEXICAL_RULES, type LexicalRule, OTHER_OUTCOME_RULE } from "./rules.js";
export { loadTagger } from "./tagger.js";
export { VALUE_TYPES_DIFFER_RULE, valueTypesDiffer } from "./value-types.js";

/** Similarity of two texts in [0,1]: content-word Jaccard blended with character-trigram Dice. */
export function lexicalSimilarity(a: string, b: string): number {
  const x = analysisOf(a);
  const y = analysisOf(b);
  return 0.5 * jaccard(x.content, y.content) + 0.5 * packedDice(x.trigrams, y.trigrams);
}

/** What the lexical judge reads besides the two texts. */
export interface LexicalJudgeOptions {
  /**
   * The relations between words (WordNet, src/lexicon): with it, one word of a value swapped for
   * its antonym or for another value of one attribute is a change (rules.ts `opposite-values`).
   * Read synchronously, a few seeks a pair; without it that pair is deferred.
   */
  lexicon?: Lexicon | undefined;
}

export function createLexicalJudge(options: LexicalJudgeOptions = {}): Judge {
  const { lexicon } = options;
  return {
    name: "lexical",
    // compareLexically reads a.text and b.text only (and the lexicon, fixed for the judge's life).
    textOnly: true,
    // The tagger loads on the first comparison (tagger.ts), not when the judge is made.
    compare: (a, b) =>
      taggerLoaded()
        ? compareLexically(a, b, lexicon)
        : loadTagger().then(() => compareLexically(a, b, lexicon)),
  };
}

/**
 * How `b` (the newer statement) relates to `a`, decided by the first rule of `LEXICAL_RULES` that
 * decides; a turn of several clauses is then read clause by clause: a change read on the whole
 * defers when a clause restates the older (`olderRestated`), and a whole reading a clause misled
 * gives way to the one clause that changes the older (`changeInOneClause`); a newer that opens with
 * "he" or "she" for the older's one person is read again with that person named (`pronounReferent`);
 * a side that reports another's words ("the notice says …") is read as its reported clause
 * (`reportedChange`); a newer that says another's act on the speaker's thing ("the clinic moved my
 * appointment to the 14th") is read with the actor left out (`actOnSpeakersThing`); two things read
 * on a turn whose clause naming the older's thing is not sure of it are deferred
 * (`thingInAnotherClause`).
 * Synchronous: await `loadTagger()` once before the first call.
 */
export function compareLexically(a: JudgeItem, b: JudgeItem, lexicon?: Lexicon): JudgeVerdict {
  const read = (x: JudgeItem, y: JudgeItem) => compareWhole(x, y, lexicon);
  const whole = read(a, b);
  const clauses = olderRestated(a, b, whole, read) ?? changeInOneClause(a, b, whole, read) ?? whole;
  const again = (x: JudgeItem, y: JudgeItem) => compareLexically(x, y, lexicon);
  const reread = REREADINGS.reduce((verdict, r) => r(a, b, verdict, again, lexicon) ?? verdict, clauses);
  return thingInAnotherClause(a, b, reread, read) ?? reread;
}

/**
 * The re-readings, in order, each over the verdict the one before left: "After the reorg, alerts go
 * to #sre-alerts" with "now" for the frame of onset; "he's on the day shift now" with the older's one
 * person for the pronoun; "the letter says the surgery is moving to Elm Street" as the reported clause;
 * "the dental practice moved my appointment to 27 January" as "my appointment moved to 27 January".
 */
const REREADINGS: readonly Rereading[] = [onsetFrame, pronounReferent, reportedChange, actOnSpeakersThing];

/**
 * Whether `b` restates `a`: `compareLexically(a, b).relation === "duplicate"`, at the cost of the
 * whole reading alone when that is not a duplicate. The clause readings never make a duplicate
 * (`olderRestated` answers "refines", `changeInOneClause` a change or a contradiction), so a whole
 * reading that is no duplicate decides; a duplicate is read on as `compareLexically` reads it.
 * For callers that ask only this (sleep's clustering of paraphrases, its rules' triggers): most
 * pairs they ask are no duplicate, and the clause readings were a third of their cost.
 *
 *   restatesLexically({ text: "Retry limit is 5", at }, { text: "The retry limit is 5.", at }) // → true
 *   restatesLexically({ text: "Retry limit is 5", at }, { text: "Retry limit is now 7", at })  // → false
 */
export function restatesLexically(a: JudgeItem, b: JudgeItem): boolean {
  const whole = compareWhole(a, b);
  if (whole.relation !== "duplicate") return false;
  const read =
    olderRestated(a, b, whole, compareWhole) ?? changeInOneClause(a, b, whole, compareWhole) ?? whole;
  return read.relation === "duplicate";
}

/** The verdict of the first rule of `LEXICAL_RULES` that decides, on the two texts whole. */
function compareWhole(a: JudgeItem, b: JudgeItem, lexicon?: Lexicon): JudgeVerdict {
  const xa = analysisOf(a.text);
  const xb = analysisOf(b.text);
  const ca = xa.content;
  const cb = xb.content;
  const shared = [...ca].filter((x) => cb.has(x));
  const numbersDiffer =
    xa.numbers.size > 0 &&
    xb.numbers.size > 0 &&
    minus(xa.numbers, xb.numbers).length + minus(xb.numbers, xa.numbers).length > 0;
  const similarity = 0.5 * jaccard(ca, cb) + 0.5 * packedDice(xa.trigrams, xb.trigrams);
  // Slots and cues are derived on first use: most pairs are decided before any rule needs them.
  const pair: Pair = {
    a: xa,
    b: xb,
    similarity,
    shared,
    sameWords: ca.size === cb.size && shared.length === ca.size,
    numbersDiffer,
    get sa() {
      return slotsOf(xa);
    },
    get sb() {
      return slotsOf(xb);
    },
    get change() {
      return announcesChange(xa, xb) || slotsOf(xb).predicate === "→";
    },
    lexicon,
  };
  for (const rule of LEXICAL_RULES) {
    const d = rule.decide(pair);
    if (!d) continue;
    // A duplicate drops a statement: the older one must account for every informative word of the newer.
    const uncovered = d.relation === "duplicate" ? uncoveredWords(a.text, b.text) : [];
    if (uncovered.length > 0)
      return {
        relation: "refines",
        similarity,
        reason: `${UNCOVERED_RULE.name}: ${uncovered.join(" ")} (${rule.name} read a restatement)`,
        rule: UNCOVERED_RULE.name,
        confident: false,
      };
    // A change closes a belief; a guard that doubts it stores the pair and defers, naming the rule.
    const acts = d.relation === "supersedes" || d.relation === "contradicts";
    const deferredBy = (guard: string): JudgeVerdict => ({
      relation: "refines",
      similarity,
      reason: `${guard}: ${rule.name} read a ${d.relation === "contradicts" ? "contradiction" : "change"}`,
      rule: guard,
      confident: false,
    });
    // It needs one statement on each side, not a paragraph read as slots.
    if (acts && (severalSentences(a.text) || severalSentences(b.text)))
      return deferredBy(SEVERAL_STATEMENTS_RULE.name);
    // It is read between values of one kind: a weight is not changed by a number of weeks.
    if (acts && valueTypesDiffer(a.text, b.text)) return deferredBy(VALUE_TYPES_DIFFER_RULE.name);
    // A change read around a value the newer says again is a change of another thing.
    if (acts && readAroundTheValue(rule.name) && olderValueSaid(a.text, b.text))
      return deferredBy(OLDER_VALUE_SAID_RULE.name);
    return {
      relation: d.relation,
      similarity,
      reason: d.detail ? `${rule.name}: ${d.detail}` : rule.name,
      rule: rule.name,
      confident: d.confident ?? true,
    };
  }
  // The last rule always decides; this is unreachable.
  return {
    relation: "distinct",
    similarity,
    reason: "unsure:overlap",
    rule: "unsure:overlap",
    confident: false,
  };
}
