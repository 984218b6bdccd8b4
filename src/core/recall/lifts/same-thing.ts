/**
 * The newer statement the question's words miss, found through the older statement they did find:
 * "who do i phone for a cab" finds "i've been using Hampden Cabs for the taxi this while"; its own
 * word "taxi", rare in the store, leads to "the taxi i get now is TOA". The question names the
 * thing by one word, the update by another; the older says both.
 */
import { loadTagger } from "../../judge/tagger.js";
import type { RecallHit } from "../../model.js";
import { namedValues } from "../../named-values.js";
import { wordBelowHundred } from "../../number-words.js";
import { isTitle } from "../../person-words.js";
import { clausesOf, sentencesOf } from "../../sleep/chat-turns.js";
import {
  contentTokens,
  hasAdditiveCue,
  hasChangeCue,
  isHypothetical,
  isQuestion,
  queryTerms,
} from "../../text.js";
import { sentences, tagged, typedValues } from "../../typed-values.js";
import { liftedHitOf } from "../hits.js";
import { compareIds } from "../ids.js";
import { namesNounOfAskedVerb } from "./asked-noun.js";
import { describingWords } from "./ended-terms.js";
import { activeFactsOf, type LiftInput, type Move, othersState, type TypedAnswer } from "./moves.js";
import { judgedSuccessor, saidOf, speakersOf } from "./pair-checks.js";

/** How many of the top hits are read as olders (as `missedSuccessors` reads). */
const SAME_THING_TOP = 5;

/** A word of the older in more active facts than this leads nowhere in particular. */
export const SAME_THING_RARE = 4;

/** How many statements a search by an older's rare words reads. */
const SAME_THING_CANDIDATES = 20;

/**
 * A written code: letters and digits in one token of six or more ("goldenlotus2019",
 * "croissant4ever", "KX52ABC"): a password, a reference or a plate, a value of its own kind. Not a
 * word or a number alone ("2019", "p95").
 */
export const CODE = /^(?=[\p{L}\p{N}]*\p{L})(?=[\p{L}\p{N}]*\p{N})[\p{L}\p{N}]{6,}$/u;

/**
 * A memory of the past, not a state that holds now ("when I was a girl we had a Ford", "we used to
 * close on Mondays", "years ago").
 */
export const PAST_MEMORY =
  /\b(?:used to|when (?:i|we) was|when (?:i|we) were|years ago|back then|back in the day|as a (?:kid|child|boy|girl|lad|lassie))\b/i;

/**
 * `CHANGED_TO_RULE`: a thing moved to a new place or holder, or an amount or a date changed to a new
 * one, is a change even when the verb and its "to" stand apart and no word of `hasChangeCue` is said
 * ("la ligue **moved** our games **to** the aréna Saint-Michel", "ma mère **moved into** the
 * résidence Le Boisé", "Cataract got **preponed to** 9th Nov", "they **pushed** the rencontre **to**
 * the 21 novembre", "rent **went up to** $1,245"): a verb of moving ("move", "shift", "transfer"),
 * of putting off or bringing forward ("postpone", "prepone", "push", "reschedule", "bring forward"),
 * or of changing an amount ("raise", "increase", "reduce", "cut", "lower", "drop", "bump", "hike",
 * "go up/down"), then within four words (its object) "to", "into" or "over to". Not after "to" — an
 * infinitive is a wish or a plan ("I'd love **to move to** Spain", "we have to move it to Friday")
 * — nor "move on" or "moved by". `hasChangeCue` reads "moved to" only side by side. The lift that
 * reads it still needs the older's word and a new value of the asked kind in the clause.
 *
 *   CHANGED_TO.test("la ligue moved our games to the aréna Saint-Michel") // → true
 *   CHANGED_TO.test("Cataract got preponed to 9th Nov")                   // → true
 *   CHANGED_TO.test("I'd love to move to Spain one day")                   // → false
 *   CHANGED_TO.test("we moved on to Python")                               // → false
 */
export const CHANGED_TO =
  /(?<!\bto\s)(?<!\bto\s\w+\s)\b(?:mov(?:e|es|ed|ing)|shift(?:s|ed|ing)?|transfer(?:s|red|ring)?|postpon(?:e|es|ed|ing)|prepon(?:e|es|ed|ing)|push(?:es|ed|ing)?|reschedul(?:e|es|ed|ing)|br(?:ing|ings|ought|inging)\s+forward|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|reduc(?:e|es|ed|ing)|cut(?:s|ting)?|lower(?:s|ed|ing)?|dropp(?:ed|ing)|drops?|bump(?:s|ed|ing)?|hik(?:e|es|ed|ing)|(?:go|goes|went|gone|going)\s+(?:up|down))\b(?!\s+(?:on|by|in\s+with)\b)(?:\s+[^\s,.;:!?]+){0,4}?\s+(?:into|to|over\s+to)\b/i;

/**
 * Whether a sentence says a change for the found-by-a-word lifts: `hasChangeCue`, or a move or a change
 * of an amount or a date to a new one (`CHANGED_TO_RULE`).
 */
export function saysChange(sentence: string): boolean {
  return hasChangeCue(sentence) || CHANGED_TO.test(sentence);
}

/**
 * `DEGREE_TOO_RULE`: "too" before an adjective, an adverb or "much", "many", "few", "little" says how
 * much ("the old place was **too much** wahala", "it was **too noisy**", "he's **too busy** now"), not
 * an addition beside the older (`hasAdditiveCue`: "…it's wednesdays **too**", "I use Starline **too**
 * for the airport"). Whether a sentence adds beside the older once such a "too" is set aside.
 * `await loadTagger()` first.
 *
 *   addsBeside("I moved my stall to Tejuosho Market, the old place was too much wahala.") // → false
 *   addsBeside("I've started using Starline for the minicab now too.")                     // → true
 */
export function addsBeside(sentence: string): boolean {
  if (!hasAdditiveCue(sentence)) return false;
  const words = tagged(sentence);
  const rest = words.filter((w, i) => {
    if (w.text.toLowerCase() !== "too") return true;
    const next = words[i + 1];
    return !(next && (next.pos === "ADJ" || next.pos === "ADV" || DEGREE_OF.test(next.text)));
  });
  return rest.length < words.length ? hasAdditiveCue(rest.map((w) => w.text).join(" ")) : true;
}

const DEGREE_OF = /^(?:much|many|few|little)$/i;

/** Another's possession just before a word: "his", "her", "their", or a name's "Lorna's" (not "it's", "that's"…). */
const ANOTHERS =
  /^(?:his|her|their|(?!(?:it|that|there|what|who|here|where|he|she|let|one)['’]s$)\p{L}+['’]s)$/iu;

/** A number said as a word, counting what follows it ("three times a week"). */
const NUMBER_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|dozen|several|few|couple)$/i;

/**
 * `HOLDER_RULE`: the older's nouns that do not name the thing it states, so link nothing: a noun a
 * number counts ("three **times** a week", "two nights"): how often or how many, not which thing
 * ("I'm on Central Time now" is no gym); a title before a name ("**Mrs.** Alvarez"): part of the
 * name, a value, and any other title says another person ("Since Mrs. Halloran emigrated…").
 * Stemmed (`contentTokens`). `await loadTagger()` first.
 *
 *   notTheThing("I go to Iron Temple gym three times a week.") // → {"time"}
 *   notTheThing("My son's piano teacher is Mrs. Alvarez.")    // → {"mrs"}
 */
export function notTheThing(text: string): Set<string> {
  const out = new Set<string>();
  for (const s of sentencesOf(text)) {
    const words = tagged(s);
    for (const [i, w] of words.entries()) {
      if (w.pos !== "NOUN" && w.pos !== "PROPN") continue;
      const before = words[i - 1];
      const counted =
        before && (before.pos === "NUM" || NUMBER_WORD.test(before.text)) && /^\p{L}+$/u.test(w.text);
      const title = isTitle(w.text) && words.slice(i + 1).find((x) => x.pos !== "PUNCT")?.pos === "PROPN";
      if (counted || title) for (const t of contentTokens(w.text)) out.add(t);
    }
  }
  return out;
}

/**
 * Whether the words after a noun written with "'s" are what it owns — a noun phrase ("the
 * **bakery's** liability policy", "Alfie's new school") — rather than the rest of a clause whose
 * "'s" is "is" or "has" ("Big **shop's** at Aldi now", "the car's fine", "Maisie's 15"): the next
 * word a noun or a name, or an adjective before one.
 */
function ownsNext(after: readonly { pos: string }[]): boolean {
  const [first, second] = after;
  if (first?.pos === "NOUN" || first?.pos === "PROPN") return true;
  return first?.pos === "ADJ" && (second?.pos === "NOUN" || second?.pos === "PROPN");
}

/**
 * How a sentence says a noun (stemmed): each time, the noun after it when the common noun names that
 * noun's kind ("**road** bike": "bike"; "" when it heads its own phrase, "the ring **road**", or is a
 * name) and whether it is written as another's holder ("the **bakery's** liability policy").
 */
function usesOf(text: string, word: string): { of: string; holder: boolean }[] {
  const out: { of: string; holder: boolean }[] = [];
  for (const s of sentencesOf(text)) {
    const words = tagged(s);
    for (const [i, w] of words.entries()) {
      if ((w.pos !== "NOUN" && w.pos !== "PROPN") || !contentTokens(w.text).includes(word)) continue;
      const next = words[i + 1];
      const holder = /['’]s$/i.test(w.text) && ownsNext(words.slice(i + 1));
      // A common noun before another names that one's kind; a name ("Casella picks up…") names itself.
      const kindOf = !holder && w.pos === "NOUN" && next?.pos === "NOUN";
      out.push({ of: kindOf ? (contentTokens(next.text)[0] ?? "") : "", holder });
    }
  }
  return out;
}

/**
 * `HOLDER_RULE`, in the newer: whether a sentence says the shared noun as the older does — as the
 * thing, not as the holder of another ("I switched the **bakery's** liability policy" is the policy,
 * not "The bakery is on Chandler Street"), and in the same role, not a modifier in one and a head in
 * the other ("a **road** bike" / "the ring **road**"). True when some use of each agrees.
 * `await loadTagger()` first.
 *
 *   saysAsTheThing("The bakery is on Chandler Street.", "I switched the bakery's liability policy to Next.", "bakeri") // → false
 *   saysAsTheThing("The customer wifi password is x1.", "Changed the guest wifi password to y2", "wifi")            // → true
 */
export function saysAsTheThing(older: string, sentence: string, word: string): boolean {
  const before = usesOf(older, word);
  const now = usesOf(sentence, word);
  // Two modifiers of different heads may still be one thing ("the minicab service" / "the minicab
  // firm"): only the role is compared.
  return now.some((n) => before.some((b) => b.holder === n.holder && (b.of === "") === (n.of === "")));
}

/** A value's kind: a typed value's type (`typedValues`), "name" (`namedValues`) or "code" (`CODE`). */
export type ValueKind = string;

/** The values a text says, by kind, each lower-cased (a day's plural as its singular: "mondays" → "monday"). */
export function valuesByKind(text: string): Map<ValueKind, Set<string>> {
  const out = new Map<ValueKind, Set<string>>();
  const add = (kind: string, value: string) => {
    const v = value.toLowerCase();
    const set = out.get(kind) ?? new Set<string>();
    set.add(kind === "date" ? v.replace(/(day)s$/, "$1") : v);
    out.set(kind, set);
  };
  for (const v of typedValues(text)) add(v.type, v.value);
  for (const n of namedValues(text)) add("name", n);
  for (const w of text.split(/[^\p{L}\p{N}]+/u)) if (CODE.test(w)) add("code", w);
  return out;
}

/** The stemmed content words a text says as nouns (the tagger's NOUN or PROPN): the things it names. */
export function nounsOf(text: string): Set<string> {
  return new Set(
    sentences(text).flatMap((s) =>
      tagged(s).flatMap((w) => (w.pos === "NOUN" || w.pos === "PROPN" ? contentTokens(w.text) : [])),
    ),
  );
}

/**
 * The older's words a newer statement may share with it beyond the question's: the nouns of its
 * main clause outside a phrase of when (`describingWords`: "Casella", "taxi", "wifi", "password"),
 * not its values of a kind the question asks (a value is what changes; the thing it is of stays: "Mondays" in "We moved
 * standup to Thursdays since half the team is off on Mondays" leads to any statement of a Monday),
 * no contraction. A verb names the change, not the thing ("retired" in "Dr. Okafor retired, so my
 * new GP is Dr. Lindqvist" links any retirement); a reason clause's noun is another thing's ("team"
 * in "…since Priya moved to the platform team").
 */
export function distinctiveWords(older: string, question: string): Set<string> {
  const nouns = nounsOf(older);
  // Only the values of a kind the question asks: "Biffa" names the firm of "When is the bin
  // collected?", the day is what changes.
  const values = new Set(
    [...valuesByKind(older)]
      .filter(([kind]) => answersAsked(kind, question))
      .flatMap(([, v]) => [...v].flatMap((w) => contentTokens(w))),
  );
  const notThing = notTheThing(older);
  return new Set(
    [...describingWords(older, question)].filter(
      (t) => nouns.has(t) && !values.has(t) && !notThing.has(t) && !/['’]/.test(t) && t.length > 2,
    ),
  );
}

/** A question that asks how much, how many, how long…: a measure or a count answers it. */
const ASKS_HOW_MUCH = /^\s*how (?:much|many|long|often|far|old|big|heavy|tall|early|late)\b/i;

/** A question that asks a manner ("How do I get to work?"): no value of a kind answers it. */
const ASKS_HOW = /^\s*how\b/i;

/** A question that asks when ("When is…", "when's…", "What time…", "Which day…", "what night…"). */
const ASKS_WHEN_KIND = /^\s*(?:when\b|what time\b|(?:which|what) (?:days?|night|evening|morning)\b)/i;

/**
 * Whether a question asks when (`ASKS_WHEN_KIND`): its answer is a day or a time of day.
 *
 *   asksWhen("which evening of the week is my choir practice") // → true
 *   asksWhen("what's the POS charge when I withdraw")          // → false
 */
export const asksWhen = (question: string): boolean => ASKS_WHEN_KIND.test(question);

/**
 * Whether a value of `kind` may answer `question`, by what it asks: when → a date or a clock time;
 * how much, how many… → a measure; a manner ("How do I…") → none; who, where, what, which → a
 * name, a code or a measure, not a time (a "what" that asks a time says so: "What time…"). So a
 * statement of the dog's walking time ("I walk the dog at 7am before work") answers no "How do I
 * get to work?", and a newer time of the walk is not brought in for it.
 *
 *   answersAsked("date", "Which day is the shop shut?") // → true
 *   answersAsked("clock", "How do I get to work?")       // → false
 */
export function answersAsked(kind: ValueKind, question: string): boolean {
  const time = kind === "date" || kind === "clock";
  if (ASKS_WHEN_KIND.test(question)) return time;
  if (ASKS_HOW_MUCH.test(question)) return kind.startsWith("measure:");
  if (ASKS_HOW.test(question)) return false;
  return !time;
}

/**
 * `ANSWER_TYPE_RULE`: a question that asks when ("When is…", "What time…", "Which day…") or how much
 * ("How much…", "How many…", "How heavy…") is answered by a value of its type — a date or a clock
 * time, a measure or a count — and recall ranks a statement that says one above one that says
 * none, at equal match (`policy.answerTypeWeight`). The statement of a changed value often shares
 * only one word with the question ("how much goes to the crew union from my pay each month" / "…
 * they voted to raise the dues, so it's HK$320 every month"), and what outranks it says the asked
 * thing with no value at all: a greeting, a question, a reply, an aside. A question that asks who,
 * where or what is answered by a name, which most statements say: no type is read for it.
 */
export const ANSWER_TYPE_RULE = "answer-type";

/**
 * The kinds of value that answer a when or how-much question (`ANSWER_TYPE_RULE`, `answersAsked`'s
 * reading), as a test of a kind; null for any other question. Recall reads it once per question
 * (`LiftInput.typedAnswer`).
 *
 *   typedAnswerAsked("which day am I on call at home this month")?.("date") // → true
 *   typedAnswerAsked("how heavy is my cat")?.("measure:kg")                 // → true
 *   typedAnswerAsked("who leads my crew group")                             // → null
 */
export function typedAnswerAsked(question: string): TypedAnswer | null {
  if (ASKS_WHEN_KIND.test(question)) return (kind) => kind === "date" || kind === "clock";
  if (ASKS_HOW_MUCH.test(question)) return (kind) => kind.startsWith("measure:");
  return null;
}

/**
 * Whether a text says a value of a kind `asked` accepts (`typedAnswerAsked`).
 * `await loadTagger()` first (typed values tag).
 *
 *   saysTypedAnswer("standby moved to 18 March", typedAnswerAsked("which day am I on standby")!) // → true
 *   saysTypedAnswer("roster changed again!!", typedAnswerAsked("which day am I on standby")!)     // → false
 */
export function saysTypedAnswer(text: string, asked: TypedAnswer): boolean {
  return [...valuesByKind(text).keys()].some(asked);
}

/** A number in figures, or a word of one below a hundred ("three days", "eleven people"). */
const saysANumber = (text: string): boolean =>
  /\d/.test(text) || text.split(/[^\p{L}-]+/u).some((w) => wordBelowHundred(w) !== undefined);

/**
 * `ANSWER_SAID_RULE`: a newer statement ranked above an older as the newer answer to a question that
 * asks when or how much (`typedAnswerAsked`) says an answer of that type — a number, in figures or
 * in words, or a value of the asked kind ("walks have gone to wednesday"). One that says neither
 * changes something else ("how much rent am I getting for the Whitefield flat" / "Added a washing
 * machine … in the Whitefield flat, so it is fully furnished now"; "when do we go and see nan" /
 * "Nan's friend Doreen has moved into Oakwood Grange care home"), and no lift ranks it so. Any
 * number is enough, typed or not: "we're 11 people now", "release show is now 5/16" (a date the
 * reader does not type), "three days a week". A question that asks who, where or what reads none.
 */
export const ANSWER_SAID_RULE = "answer-said";

/**
 * Whether `text` may answer a question that asks `asked` (`typedAnswerAsked`, read once per recall:
 * `LiftInput.typedAnswer`) as `ANSWER_SAID_RULE` reads it: true for a question that asks no typed
 * answer (`asked` null). `await loadTagger()` first (typed values tag).
 *
 *   mayAnswerTyped(typedAnswerAsked("when do we go and see nan"), "Nan's friend Doreen has moved into a care home.") // → false
 *   mayAnswerTyped(typedAnswerAsked("how many people are on my team"), "we're 11 people now")                      // → true
 *   mayAnswerTyped(typedAnswerAsked("who is my GP"), "Dr Okafor retired, so my new GP is Dr Lindqvist")             // → true
 */
export function mayAnswerTyped(asked: TypedAnswer | null, text: string): boolean {
  return asked === null || saysANumber(text) || saysTypedAnswer(text, asked);
}

/** Why a newer statement is on the same thing as an older one, with another value of its kind. */
export interface SameThing {
  /** The older's rare word the newer says. */
  word: string;
  /** The value's kind ("date", "name", "code", "measure:kg"…). */
  kind: ValueKind;
  /** The newer's value, lower-cased. */
  value: string;
}

/**
 * Whether `newer` says, in a change, another value of a kind `older` states, on the same thing: it
 * shares one of the older's `rare` words (stems, rare in the store, beyond the question's), and one
 * clause of it holds both a word of the older's beyond the question's and a value of a kind the
 * older states and the question asks (`answersAsked`) that the older and the question do not say ("Casella picks up the dumpster Wednesday
 * mornings." / "Casella changed our route, pickup is Friday mornings now": "casella" is rare, the
 * clause "pickup is Friday mornings now" says "mornings" and another date). The clause's sentence
 * says a change (`hasChangeCue`: "now", "changed", "instead", "new", "retired"…), not an addition
 * beside the older (`hasAdditiveCue`: "too", "also"), and is no question,
 * plan or hypothetical (`isHypothetical`) nor a memory of the past (`PAST_MEMORY`); the shared word
 * is not another's ("Lorna's taxi", "her doctor"), and the sentence says it as the older does
 * (`HOLDER_RULE`: not counted by a number or a title in the older, `notTheThing`; not as another
 * thing's holder nor in another role, `saysAsTheThing`). `await loadTagger()` first (typed values tag).
 *
 *   sameThingChange("The customer wifi password is goldenlotus2019.", "Changed the guest wifi password to croissant4ever", "What do I tell customers for the internet?", new Set(["wifi", "password"]))
 *   // → { word: "wifi", kind: "code", value: "croissant4ever" }
 */
export function sameThingChange(
  older: string,
  newer: string,
  question: string,
  rare: ReadonlySet<string>,
): SameThing | null {
  const words = distinctiveWords(older, question);
  const newerWords = nounsOf(newer);
  const word = [...rare].find((w) => words.has(w) && newerWords.has(w));
  if (!word) return null;
  return changeOnThing(older, newer, question, word);
}

/**
 * Whether a sentence of `newer` that says `word` (stemmed) as a noun, as `older` says it
 * (`saysAsTheThing`), says in a change another value of a kind `older` states and `question` asks
 * (`answersAsked`), in one clause with a word of the older's beyond the question's and its values
 * (the topic goes on). Not a question, a plan or hypothetical, a memory of the past, nor an
 * addition beside the older ("…it's wednesdays too"). The check `sameThingChange` makes once it
 * has its rare word, and `askedThingChange` once it has the asked thing's. `await loadTagger()` first.
 *
 *   changeOnThing("Casella picks up the dumpster Wednesday mornings.", "Casella changed our route, pickup is Friday mornings now", "When is the dumpster collected?", "casella")
 *   // → { word: "casella", kind: "date", value: "friday" }
 */
export function changeOnThing(
  older: string,
  newer: string,
  question: string,
  word: string,
): SameThing | null {
  const olderValues = new Map([...valuesByKind(older)].filter(([kind]) => answersAsked(kind, question)));
  if (olderValues.size === 0) return null;
  const askedValues = valuesByKind(question);
  // The clause of the value says a word of the older's beyond the question's and its values, of any
  // part of speech ("mornings" in "pickup is Friday mornings now"), in a sentence that says the rare noun.
  const asked = new Set(contentTokens(question));
  const olderValueWords = new Set(
    [...valuesByKind(older).values()].flatMap((v) => [...v].flatMap((w) => contentTokens(w))),
  );
  const olderWords = new Set(
    contentTokens(older).filter((t) => !asked.has(t) && !olderValueWords.has(t) && !/['’\d]/.test(t)),
  );
  for (const sentence of sentencesOf(newer)) {
    if (!nounsOf(sentence).has(word)) continue;
    // Said as the older says it: the thing, not its holder, nor a modifier of another.
    if (!saysAsTheThing(older, sentence, word)) continue;
    if (isQuestion(sentence) || isHypothetical(sentence) || PAST_MEMORY.test(sentence)) continue;
    // A change, not an addition beside the older ("…it's wednesdays too").
    if (!saysChange(sentence) || addsBeside(sentence)) continue;
    for (const clause of clausesOf(sentence)) {
      const tokens = clause.split(/\s+/);
      // A word of the older's in the clause, said of no one else.
      const shared = tokens.findIndex((t, i) => {
        const stems = contentTokens(t);
        if (!stems.some((s) => olderWords.has(s))) return false;
        return !tokens.slice(Math.max(0, i - 3), i).some((p) => ANOTHERS.test(p.replace(/[^\p{L}'’]/gu, "")));
      });
      if (shared < 0) continue;
      for (const [kind, values] of valuesByKind(clause)) {
        const before = olderValues.get(kind);
        if (!before) continue;
        const value = [...values].find((v) => !before.has(v) && !askedValues.get(kind)?.has(v));
        if (value) return { word, kind, value };
      }
    }
  }
  return null;
}

/**
 * The lift: for each active fact among the top hits of a current-state question that states a
 * value (a typed value, a name or a code) and shares a word with the question, its words beyond the
 * question's that are rare among the active facts (in at most `SAME_THING_RARE`) are searched; a
 * later fact by the same speaker that says another value of the same kind on the same thing in a
 * change (`sameThingChange`), that no other person's state reads (`othersState`, when the question
 * asks one) and that the judge does not read as a restatement, is ranked just above the older, its
 * `why` saying "a newer statement on the same thing as [older]". A pair a model or agent judged
 * distinct or a refinement stays as it ranks. Ranking only; nothing is closed; only the request's
 * namespaces are searched. Mutates and re-sorts `scored`.
 *
 *   const moves = await sameThingFound(lift);
 */
export async function sameThingFound(lift: LiftInput): Promise<Move[]> {
  const { store, scored, req } = lift;
  const filter = activeFactsOf(req);
  // A question with a fact to start from, before the tagger is loaded: a hook's keyword recall
  // ("billing gateway owner") never loads it.
  if (!isQuestion(req.query)) return [];
  const facts = scored
    .slice(0, SAME_THING_TOP)
    .filter((h) => h.layer === "belief" && h.kind === "fact" && h.status === "active");
  if (facts.length === 0) return [];
  await loadTagger();
  // The older is about the asked thing: it names, as a noun, a noun the question names, or one of
  // the same verb ("management" for "my manager", `namesNounOfAskedVerb`).
  const asks = nounsOf(req.query);
  const olders = facts.filter(
    (h) =>
      [...nounsOf(h.text)].some((t) => asks.has(t)) || namesNounOfAskedVerb(h.text, req.query, req.lexicon),
  );
  if (olders.length === 0) return [];
  // Each older's distinctive terms; every term counted together, then every search started
  // together (one round of store reads each, however many olders: PostgreSQL reads its change
  // log once per round).
  const candidates = olders
    .filter((older) => [...valuesByKind(older.text).keys()].some((kind) => answersAsked(kind, req.query)))
    .map((older) => {
      const words = distinctiveWords(older.text, req.query);
      return {
        older,
        terms: queryTerms(older.text).filter((t) => contentTokens(t).some((s) => words.has(s))),
      };
    });
  const allTerms = [...new Set(candidates.flatMap((c) => c.terms))];
  const counts = await Promise.all(
    allTerms.map((term) => store.countBeliefText([term], filter, SAME_THING_RARE + 1)),
  );
  const isRare = new Map(allTerms.map((term, i) => [term, counts[i]! <= SAME_THING_RARE]));
  const searched = candidates
    .map((c) => ({ older: c.older, rareTerms: c.terms.filter((t) => isRare.get(t)) }))
    .filter((c) => c.rareTerms.length > 0);
  const founds = await Promise.all(
    searched.map((c) => store.searchBeliefText(c.rareTerms, filter, SAME_THING_CANDIDATES)),
  );
  return liftChanges(
    lift,
    searched.map(({ older, rareTerms }, i) => {
      const rare = new Set(rareTerms.flatMap((t) => contentTokens(t)));
      return {
        older,
        found: founds[i]!,
        changeOf: (newer: string) => sameThingChange(older.text, newer, req.query, rare),
      };
    }),
    (older, change) =>
      `a newer statement on the same thing as [${older.id}], by "${change.word}", with another ${change.kind}`,
  );
}

/**
 * The ranking both found-by-a-word lifts share (`sameThingFound`, `askedThingFound`): for each older
 * and the statements its search `found`, a later fact (not later than the request's `at`) that
 * `changeOf` reads as a change of the older's value, that no other person's state reads
 * (`othersState`, when the question asks one), by the same speaker, and that the judge does not read
 * as a restatement, is ranked just above the older with `why(older, change)` in its summary. A newer
 * already above its older is left. Mutates and re-sorts `scored`.
 */
export async function liftChanges(
  lift: LiftInput,
  searched: readonly {
    older: RecallHit;
    found: readonly { id: string }[];
    changeOf: (newer: string) => SameThing | null;
  }[],
  why: (older: RecallHit, change: SameThing) => string,
): Promise<Move[]> {
  const { store, scored, records, req, policy, judge, asked } = lift;
  if (searched.length === 0) return [];
  const now = req.at ?? req.asOf ?? req.now;
  const slot = asked.possible ? await asked.read() : null;
  const moves: Move[] = [];
  for (const { older, found, changeOf } of searched) {
    const olderRecord = records.get(older.id);
    for (const b of await store.getBeliefs(
      found.map((f) => f.id).filter((id) => id !== older.id),
      req.namespaces,
    )) {
      if (b.kind !== "fact" || !(b.validFrom > older.at) || (req.at && b.validFrom > req.at)) continue;
      const known = scored.find((h) => h.id === b.id);
      if (known && known.score > older.score) continue;
      const change = changeOf(b.text);
      if (!change) continue;
      // `ANSWER_SAID_RULE`: a change that says no answer of the type the question asks is another thing's.
      if (!mayAnswerTyped(lift.typedAnswer, b.text)) continue;
      if (slot && othersState(b.text, slot, req.lexicon)) continue;
      // The same speaker's: another's statement says nothing of what the speaker's older held.
      if ((await speakersOf(store, records, olderRecord, b)) !== "same") continue;
      // The link read the change itself: the judge's "another entity" does not stop it.
      if (
        !(await judgedSuccessor(judge, store, saidOf(older), saidOf(b), { changeRead: true, byName: false }))
      )
        continue;
      const said = why(older, change);
      const newer: RecallHit = known ?? liftedHitOf(b, policy, now, older.why.relevance, said);
      if (!known) {
        records.set(b.id, b);
        scored.push(newer);
      }
      newer.score = older.score * (1 + 1e-6);
      newer.why.summary += `; newer than [${older.id}], ${said} in a change and no verdict yet: ranked above it`;
      moves.push({ older, newer });
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  return moves;
}
