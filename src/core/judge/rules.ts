/**
 * The lexical judge's rules, in the order they are tried. Each rule reads the pair (older `a`,
 * newer `b`) and either decides or passes; the first that decides gives the verdict, and its name
 * is the verdict's reason code. A rule is `confident` when it decided on evidence it can name (a changed
 * number, a flipped state, a change cue, the same words); the catch-all rules at the end are not,
 * and their pairs wait for a semantic judge (`candidates` → `judge`, a model judge in the sweep).
 *
 * The stance is conservative: closing a true belief or dropping a statement by a guess breaks
 * "nothing is lost silently"; a duplicate kept until a semantic judge sees it costs little.
 * The examples of every rule are in ./rules.test.ts.
 */

import { alternationOf, calendarWords } from "../calendar-words.js";
import {
  adverbs,
  adverbWords,
  CURRENTLY,
  FROM_NOW_ON,
  NO_LONGER,
  NOT_ANYMORE,
  NOW,
  STILL,
  THESE_DAYS,
} from "../change-adverbs.js";
import { sameMeasureChanged } from "../changed-measures.js";
import { listedWord } from "../listed-words.js";
import type { JudgeRelation, Lexicon } from "../ports.js";
import { contentTokens, hasChangeCue, rawTokens, SPEAKER_SUBJECT, stem } from "../text.js";
import { measuresOf } from "../typed-values.js";
import {
  type Analysis,
  additiveOf,
  analysisOf,
  CHANGE_LEMMAS,
  CHANGE_VERBS,
  canon,
  changeOf,
  classifies,
  distinctions,
  ENUMERATED_STATES,
  flippedStates,
  isStateWord,
  isTimePreposition,
  isWhenWord,
  jaccard,
  LIGHT_VERBS,
  lowerStemsOf,
  mainClauseOf,
  minus,
  narratesEvent,
  negatedByWord,
  negationOver,
  nounPlacesOf,
  OUTCOME,
  occasionOf,
  opensWithOnset,
  oppositeStates,
  ownedHead,
  participleOf,
  phrasalChangeOf,
  possessorOf,
  quantitiesOf,
  resultOf,
  roleHeldBy,
  rolesOf,
  type Slots,
  setOf,
  statesIn,
  subsetOf,
  transitionOf,
  wordsOf,
} from "./analysis.js";
import { eventToValue, takenOver } from "./change-events.js";
import { changeWithoutValue } from "./change-without-value.js";
import { headNamedAlone } from "./head-alone.js";
import { intentionOf } from "./intention.js";
import { deicticOccasionOf, predicateTense } from "./one-occasion.js";
import { ownerLeftOut } from "./owner-left-out.js";
import {
  closedForGood,
  doerGoneForGood,
  doingOf,
  lastingEnd,
  objectGoneForGood,
  type Retirement,
  valuesOf as retirableValues,
  retiredValue,
  soleObjectOf,
  soleValueOf,
  soleVenueOf,
} from "./retired-values.js";
import type { TaggedWord } from "./tagger.js";

/** One pair under judgement, with what every rule shares computed once. */
export interface Pair {
  a: Analysis;
  b: Analysis;
  similarity: number;
  /** Content words (stemmed) both sides have. */
  shared: string[];
  /** The same content words, whatever the numbers, negation and states. */
  sameWords: boolean;
  numbersDiffer: boolean;
  /** The newer statement announces a change (a cue word or a verb of motion, hand-over, retention). */
  change: boolean;
  sa: Slots;
  sb: Slots;
  /** The relations between words the judge was given (`createLexicalJudge({ lexicon })`); undefined: none. */
  lexicon?: Lexicon | undefined;
}

export interface RuleDecision {
  relation: JudgeRelation;
  /** Words after the code: `value-changed:number: 5 → 7`. */
  detail?: string;
  /** False for the catch-alls: the pair is deferred to a semantic judge. Default true. */
  confident?: boolean;
}

export interface LexicalRule {
  /** The reason code of every verdict this rule gives. */
  name: string;
  /** One line: what evidence the rule acts on. */
  doc: string;
  decide(p: Pair): RuleDecision | null;
}

/**
 * `OUTCOME_IS_ANOTHER_FACT`: one side reports how an attempt went (an outcome: "Deploy failed:
 * migration lock timeout", "Deploys fail when the migration lock times out") and the other states a
 * value of the same subject ("Deploys need two approvals", "Deploys happen on Thursdays"). An outcome
 * is an event of its subject, not a value of one of its attributes: whatever the cue, it neither
 * replaces the value nor is replaced by it, and it says nothing more of it — two facts (distinct),
 * never a refinement, which would link a failure to a requirement it does not qualify. Two outcomes
 * ("the switch worked" / "the switch failed") are an outcome conflict, read by their own rule; a
 * "failed over to" hands a value over and is a change (`OUTCOME_VERBS`).
 *
 *   outcomeAgainstValue(pair("Deploys need two approvals", "Deploys fail when the migration lock times out")) // → true
 *   outcomeAgainstValue(pair("The blue-green switch worked", "The blue-green switch failed"))                // → false
 */
const outcomeAgainstValue = (p: Pair): boolean =>
  (p.sa.predicate === OUTCOME) !== (p.sb.predicate === OUTCOME);

const decided = (relation: JudgeRelation, detail?: string): RuleDecision =>
  detail === undefined ? { relation } : { relation, detail };
const unsure = (relation: JudgeRelation, detail?: string): RuleDecision => ({
  ...decided(relation, detail),
  confident: false,
});

/** Subject and value sets of a pair, built once per pair: most rules read them. */
const memo = new WeakMap<
  Pair,
  { subjA: Set<string>; subjB: Set<string>; valueA: Set<string>; valueB: Set<string> }
>();
function sets(p: Pair) {
  let m = memo.get(p);
  if (!m) {
    m = {
      subjA: setOf(p.sa.subject.filter(named)),
      subjB: setOf(p.sb.subject.filter(named)),
      valueA: setOf(p.sa.value.map(ordinal)),
      valueB: setOf(p.sb.value.map(ordinal)),
    };
    // "New" before the older's thing says that thing changed, it names no other one: "New customer
    // care line is 0701 888 4421" is about the older's "customer care line" (`newOfTheOlders`).
    // Only with a number on each side: "my new friend is Bo" may be one friend more.
    if (newOfTheOlders(m.subjA, m.subjB) && numberedValues(p)) m.subjB.delete(NEW);
    // A change whose object is the other side's subject changes that thing, whoever changed it:
    // "Rent is 1200 a month" / "The landlord bumped the rent to 1350" are both about the rent.
    const objA = changedThing(p.sa, p.sb, m.subjB);
    const objB = changedThing(p.sb, p.sa, m.subjA);
    if (objB && !objA) {
      m.subjB = objB;
      m.valueB = setOf([...m.valueB].filter((t) => !objB.has(t)));
    } else if (objA && !objB) {
      m.subjA = objA;
      m.valueA = setOf([...m.valueA].filter((t) => !objA.has(t)));
    }
    memo.set(p, m);
  }
  return m;
}

/** Both value slots hold a number: a value of one thing, not one more thing of a kind. */
const numberedValues = (p: Pair) => [p.sa.value, p.sb.value].every((v) => v.some((t) => /\d/.test(t)));

/**
 * The newer's subject is the older's with "new" before it ("Our customer care line" / "New customer
 * care line"; "my car" / "my new car"): the adjective marks the thing's value as changed and names
 * no other thing. Said on both sides, or beside another word the older lacks ("the new intern" /
 * "the office"), it is read as it stands.
 *
 *   newOfTheOlders(new Set(["customer", "care", "line"]), new Set(["new", "customer", "care", "line"])) // → true
 */
function newOfTheOlders(older: ReadonlySet<string>, newer: ReadonlySet<string>): boolean {
  if (!newer.has(NEW) || older.has(NEW) || older.size === 0) return false;
  const rest = [...newer].filter((t) => t !== NEW);
  return rest.length === older.size && rest.every((t) => older.has(t));
}

/**
 * The object of a statement's verb of change (`Slots.object`) when it names exactly the other
 * statement's `subject` and the statement's own subject does not: then the object is what the
 * statement is about. The other must say what its subject is (a copula: "Rent is 1200 a month",
 * "The office is in Leeds"), so its subject is the whole phrase before the verb; read with
 * another verb, the subject may be cut short of its attribute ("Staging media sidecar listening
 * port is 6100" reads "listening" as the verb, "port" as the value) and the change of the thing
 * ("Decided to move the staging media sidecar to MySQL 8") is no new value of that attribute.
 */
function changedThing(x: Slots, other: Slots, subject: ReadonlySet<string>): Set<string> | null {
  if (!x.object || subject.size === 0 || other.predicate !== "is") return null;
  const object = setOf(x.object.filter(named));
  const own = setOf(x.subject.filter(named));
  const same = (a: ReadonlySet<string>) => a.size === subject.size && subsetOf(a, subject);
  return same(object) && !same(own) ? object : null;
}

/**
 * What takes a plan back: a cue of replacement or correction ("I'll take the 9:10 instead",
 * "actually I'll drive", "I'm hoping to move to Boston now", "I changed my mind, I'll …", "I won't … after all").
 * Without one, a second plan is another task beside the first.
 */
const RETRACTS_A_PLAN = new RegExp(
  `\\b(?:${adverbs(NOW, NOT_ANYMORE, NO_LONGER)}|instead|rather|actually|after all|scratch that|changed? (?:my|our) minds?|change of plans?)\\b`,
  "i",
);
/**
 * Adverbs that say a change happened or that a state holds now, not what changed: a link of their
 * own names no attribute. Held as the value tokens they are compared with are (stemmed: "nowadays"
 * → "nowaday"; "now" and "currently" are stop words and never reach a value). Not `hasChangeCue`'s
 * list (text.ts), which asks another question: whether a text announces a change, by phrases and
 * verbs ("moved to", "switched", "no longer", "new"). The two share "now", "instead" and
 * "anymore"; "nowadays", "lately" and "currently" say a state holds now without saying it changed
 * ("I currently live in Leeds" announces nothing), so they are cues of the present here, not of a change there.
 */
const CUE_ADVERBS = new Set(
  ["instead", ...adverbWords(NOW, NOT_ANYMORE, THESE_DAYS, CURRENTLY), "lately"].map(stem),
);
/**
 * "New" marks a change ("my new job", "the new restaurant"), it names no thing: two statements that
 * share only it (or a word it stems alike: "news") are not about one attribute.
 */
const NEW = stem("new");

/** Quantifiers: how many of a thing, never which thing ("every morning", "all repos"). */
const QUANTIFIERS = new Set(
  [
    "every",
    "each",
    "all",
    "any",
    "some",
    "most",
    "many",
    "much",
    "few",
    "several",
    "both",
    "either",
    "neither",
  ].map(stem),
);

/**
 * Compound indefinite pronouns ("everything", "someone", "nothing", "anywhere"): a quantifier and a
 * general noun in one word (every/some/any/no + thing/one/body/where), they stand for any thing and
 * name none. A closed class of the language, held apart because the tagger does not always know it
 * (wink's lite model reads "everything" as a verb). Said by two statements of two different verbs
 * ("I exported everything out of Evernote" / "everything goes through Prisma now") they share no
 * slot; as the object of one verb ("We host everything on AWS" / "We host everything on GCP now")
 * they are one.
 */
const INDEFINITE_PRONOUNS = new Set(
  ["every", "some", "any", "no"].flatMap((q) => ["thing", "one", "body", "where"].map((n) => stem(q + n))),
);

/**
 * The speaker's own pronoun, contracted with its verb ("I'm", "we've", "I'll"), is no subject
 * word: the tagger reads "I'm" as a name, and "I'm enjoying my new job" / "I'm now part of the
 * brigade" then shared a subject "i'm" that "I enjoy my job" does not have. Like "I" and "we",
 * it names the holder every first-person statement has, not what the statement is about.
 */
const named = (t: string) => !SPEAKER_SUBJECT.test(t);
const subjects = (p: Pair) => sets(p);
const sameSubject = (p: Pair) => {
  const { subjA, subjB } = subjects(p);
  return subjA.size === subjB.size && minus(subjA, subjB).length === 0;
};
const bothSlotted = (p: Pair) => p.sa.predicate !== null && p.sb.predicate !== null;
const samePredicate = (p: Pair) =>
  p.sa.predicate === p.sb.predicate || p.sb.predicate === "→" || p.sa.predicate === "→";
/**
 * The preposition a word stands after in its phrase ("work" in "people at work" → "at"; in "for all
 * my design work" → "for"; in "my design work" → null), or null: read back from the word over its
 * determiners, adjectives and nouns, stopping at a verb or a clause's edge.
 */
function prepositionBefore(x: Analysis, word: string): string | null {
  const words = wordsOf(x);
  const at = words.findIndex((w) => contentTokens(w.text).includes(word));
  for (let i = at - 1; i >= 0; i--) {
    const w = words[i]!;
    if (w.pos === "ADP") return w.lemma;
    if (!["DET", "ADJ", "NOUN", "PROPN", "NUM", "PRON"].includes(w.pos)) return null;
  }
  return null;
}
/** Two prepositions, and not the same one: a word said in two places of two phrases. */
const twoPlaces = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;
/** "3rd" and "3" are one value. */
const ordinal = (t: string) => t.replace(/^(\d+)(?:st|nd|rd|th)$/, "$1");
const valuesOf = (p: Pair) => sets(p);
const changedValue = (p: Pair) => {
  const { valueA, valueB } = valuesOf(p);
  // Two outcomes name no value, only a result ("didn't work" / "failed": failure → failure).
  const from = minus(valueA, valueB).join(" ") || p.sa.value.join(" ") || (p.sa.result ?? "no value");
  const to = minus(valueB, valueA).join(" ") || p.sb.value.join(" ") || (p.sb.result ?? "no value");
  return `${from} → ${to}`;
};
/** Identifier-like: has a digit, a dot or dash inside, or a leading # (v2.3, eu-west-1, #releases). */
const identifier = (t: string) => /\d/.test(t) || /^#|[\p{L}\p{N}][.\-_/:][\p{L}\p{N}]/u.test(t);

/**
 * Predicates one holder has one value of at a time: where someone lives or is based, what a
 * setting defaults to, where a name points. Other verbs (manage, like, prefer, use, speak …)
 * can hold many values, and a new value is not evidence that the old one ended.
 */
const SINGLE_VALUED = new Set(
  "is live reside base locate headquarter default point cost listen expire due schedule start end".split(" "),
);

/** Participles after a copula that name a place, a time or a name: one at a time. */
const PLACE_OR_TIME = new Set(
  "base locate headquarter station host deploy schedule plan set due pin call name title price".split(" "),
);

/** The word after the copula (past adverbs and determiners) names the value itself. */
function namesOneValue(x: Analysis): boolean {
  const words = wordsOf(x);
  const be = words.findIndex((w) => w.lemma === "be" || /^(?:is|are|was|were)$/i.test(w.text));
  if (be < 0) return true;
  let i = be + 1;
  while (i < words.length && (words[i]!.pos === "ADV" || words[i]!.pos === "DET" || words[i]!.pos === "PART"))
    i++;
  const w = words[i];
  if (!w) return false;
  if (["NOUN", "PROPN", "NUM", "X", "SYM"].includes(w.pos)) return true;
  if (w.pos === "ADJ") return words[i + 1] === undefined || !["ADP", "PART"].includes(words[i + 1]!.pos);
  return w.pos === "VERB" && PLACE_OR_TIME.has(w.lemma);
}

/**
 * Each side has a word of its own beside the value that changed: "for free users" / "for paid users"
 * is another fact, not a new value. A clause only the newer side adds ("after the tuning") is not.
 * Units, verbs of change and state words do not count.
 */
function qualifierSwapped(p: Pair, isValue: (t: string) => boolean): boolean {
  const units = new Set<string>();
  for (const x of [p.a, p.b])
    for (const q of quantitiesOf(x)) {
      const unit = q.split(" ")[1];
      if (unit) units.add(stem(unit));
    }
  const own = (t: string) =>
    !isValue(t) && !units.has(t) && !CHANGE_VERBS.has(t) && !CHANGE_LEMMAS.has(t) && !isStateWord(t);
  const { valueA, valueB } = valuesOf(p);
  return minus(valueA, valueB).some(own) && minus(valueB, valueA).some(own);
}

/** Is the changed value slot about the same thing on both sides (same subject, same attribute)? */
function sameAttribute(p: Pair): boolean {
  if (!bothSlotted(p) || !samePredicate(p)) return false;
  if (!sameSubject(p)) return false;
  const partA = participleOf(p.a);
  const partB = participleOf(p.b);
  return !(partA && partB && partA !== partB && !oppositeStates(partA, partB));
}

/** Value words the two sides do not share, minus the verbs of change. */
const differingValues = (p: Pair) => {
  const { valueA, valueB } = valuesOf(p);
  return [...minus(valueA, valueB), ...minus(valueB, valueA)].filter((t) => !CHANGE_VERBS.has(t));
};

const NAMING = new Set(["NOUN", "PROPN", "NUM", "X"]);

/** "from X to Y" inside one clause. */
const FROM_TO_RE =
  /\bfrom\s+([^,;.]+?)\s+to\s+([^,;.]+?)\s*(?:[,;.]|$|\b(?:in|on|at|for|since|because|after|as)\b)/i;

const RENAME_RE = /\b(?:renamed|rebranded|now (?:called|named|known as))\b/i;

/**
 * Words by which a newer statement sets a number of its own aside as the past or as wrong ("it was
 * 1200, now it's 1350", "1350 instead of 1200", "not 1200"): a number kept under them is not kept.
 */
const SETS_ASIDE = new RegExp(
  `\\b(?:was|were|used to|previously|originally|before|earlier|instead|rather than|not|${adverbs(NO_LONGER)})\\b`,
  "i",
);

/**
 * A recurring day: a plural day name or "weekends"/"weekdays" after a preposition, or "every" with
 * one ("on weekends", "on Mondays", "every Friday"). The plural says the statement holds on those
 * days, so it may hold only there. `ANY_DAY`: any day named at all.
 */
const DAY_NAME = `(?:${alternationOf(calendarWords({ weekdays: "names" }))})`;
const RECURRING_DAY = new RegExp(
  `\\b(?:(?:on|at|over|during)\\s+(?:the\\s+)?(?:weekends|weekdays|${DAY_NAME}s)|every\\s+(?:weekend|weekday|${DAY_NAME}))\\b`,
  "i",
);
const ANY_DAY = new RegExp(`\\b(?:${DAY_NAME}s?|weekends?|weekdays?|daily|weekly)\\b`, "i");

/** A calendar date or a month: an older statement of one event, which a deictic day may re-time. */
const DATE = new RegExp(
  `\\b(?:\\d{1,2}(?:st|nd|rd|th)\\b|\\d{1,2}[/.-]\\d{1,2}|${alternationOf(calendarWords({ months: "clipped" }))})\\b`,
  "i",
);

/**
 * Words by which a newer statement of the older's predicate in the past, or on one day, takes the
 * older back for good: the older held until then ("used to", "until", "anymore", "no longer"), or
 * the newer replaces it ("instead", "from now on", "these days").
 */
const TAKES_THE_OLDER_BACK = new RegExp(
  `\\b(?:${adverbs(NOT_ANYMORE, NO_LONGER, THESE_DAYS, FROM_NOW_ON)}|used to|until|till|instead)\\b`,
  "i",
);

/** Words that mark one occasion as an exception: "tomorrow only", "just today". */
const ONE_OFF = new Set(["only", "just", "onli"]);

/**
 * The one word that differs between two statements when it is a participle or an adjective on one
 * side and its "un-" form on the other ("Notifications are muted for #random" / "… unmuted for
 * #random"): the prefix reverses the state, so the newer turns the older's state back. Every other
 * word the same, as written; the word without the prefix at least four letters ("unit" is no "un-"
 * form of "it"). Null otherwise. Detail: "muted / unmuted".
 */
function reversedByUn(a: Analysis, b: Analysis): string | null {
  const wa = wordsOf(a).filter((w) => w.pos !== "PUNCT");
  const wb = wordsOf(b).filter((w) => w.pos !== "PUNCT");
  if (wa.length !== wb.length) return null;
  let found: string | null = null;
  for (let i = 0; i < wa.length; i++) {
    const x = wa[i]!.text.toLowerCase();
    const y = wb[i]!.text.toLowerCase();
    if (x === y) continue;
    if (found !== null) return null;
    const [plain, prefixed] = y.startsWith("un") ? [x, y] : [y, x];
    const stateWord = (w: TaggedWord) => w.pos === "VERB" || w.pos === "ADJ";
    if (prefixed !== `un${plain}` || plain.length < 4 || !stateWord(wa[i]!) || !stateWord(wb[i]!))
      return null;
    found = `${x} / ${y}`;
  }
  return found;
}

/** The numbers differ, or the same number has another unit (10 MB / 10 GB). */
const quantitiesDiffer = (p: Pair) => {
  const qa = quantitiesOf(p.a);
  const qb = quantitiesOf(p.b);
  return p.numbersDiffer || (qa.size > 0 && qb.size > 0 && (qa.size !== qb.size || minus(qa, qb).length > 0));
};

/**
 * The newer gives another measure of the thing the older measures — the same unit, another number,
 * a word of what is measured said by both (changed-measures.ts `sameMeasureChanged`: "We keep the
 * thermostat at 19 degrees" / "With a newborn in the house the thermostat lives at 20.5 degrees").
 * Such a pair is never confidently about two things, whatever the slot reader took for each
 * subject (an opening phrase, "With a newborn in the house", "After we upgraded prod", reads as
 * one): the rules that say so pass, and a later rule decides (most often `unsure:other-value`).
 */
const measuresOneThing = (p: Pair) => {
  let m = measureMemo.get(p);
  if (m === undefined) {
    // An outcome is an event, not a measure of a state ("The deploy failed after 35 minutes").
    m =
      p.sa.predicate !== OUTCOME &&
      p.sb.predicate !== OUTCOME &&
      sameMeasureChanged(p.a.text, p.b.text) !== null;
    measureMemo.set(p, m);
  }
  return m;
};
const measureMemo = new WeakMap<Pair, boolean>();

/**
 * Both statements report how an attempt went (`OUTCOME`): a later result is another event of the
 * subject, not a claim that the earlier was false — an outcome conflict, read by
 * `unsure:other-outcome`, never a contradiction that closes the older.
 */
const bothOutcomes = (p: Pair) => p.sa.predicate === OUTCOME && p.sb.predicate === OUTCOME;

/**
 * The rule that reads two outcomes of one subject with other results: the write gate stores the
 * newer as an outcome conflict when the two were recorded with other outcomes (write-gate.ts).
 */
export const OTHER_OUTCOME_RULE = "unsure:other-outcome";

/** The rule that defers a pair whose newer ends the older's value by name (`retiredValue`). */
export const VALUE_RETIRED_RULE = "unsure:value-retired";

/**
 * The rule that reads a retirement of the one value the older gives a slot of the speaker's, said
 * for good (`soleValueOf`, `lastingEnd`): a confident `supersedes`, which sleep closes on.
 */
export const SOLE_VALUE_RETIRED_RULE = "sole-value-retired";

const retirementMemo = new WeakMap<Pair, Retirement | null>();

/**
 * The newer's retirement of a value of the older's (`retiredValue`), unless a rule after the two
 * retirement rules reads the change with confidence ("I dropped Evernote for Obsidian": `change-cue`):
 * that change stands as it decides it; only its "two things" gives way.
 */
function retirement(p: Pair): Retirement | null {
  if (retirementMemo.has(p)) return retirementMemo.get(p)!;
  let retired = bothOutcomes(p) ? null : retiredValue(p.b.text, retirableValues(p.a.text));
  if (retired) {
    const after = LEXICAL_RULES.slice(LEXICAL_RULES.findIndex((r) => r.name === VALUE_RETIRED_RULE) + 1);
    for (const rule of after) {
      const d = rule.decide(p);
      if (d === null) continue;
      if (d.confident !== false && (d.relation === "supersedes" || d.relation === "contradicts"))
        retired = null;
      break;
    }
  }
  retirementMemo.set(p, retired);
  return retired;
}

/** A word that says the clause it leads holds on unchanged: "still", "continue(s|d) to". */
const GOES_ON_RE = /\b(?:still|continu(?:e|es|ed|ing) to)\b/i;
/** Where a clause ends: a stop, a semicolon, a comma, a dash, or a conjunction that turns. */
const CLAUSE_EDGE_RE = /[.;!?,\u2013\u2014]|\s-\s|\b(?:but|though|although|while|whereas)\b/gi;

/**
 * The newer restates the older inside a clause led by "still" or "continue to": every content word
 * of the older is in that clause, but for the older's subject (its words before its first verb),
 * which the newer may name anywhere and the clause refer to ("Tony retired, but he still cuts my
 * hair"), with the older's negation.
 */
function olderGoesOn(p: Pair): boolean {
  const text = p.b.text;
  const cue = GOES_ON_RE.exec(text);
  if (!cue) return false;
  let start = 0;
  let end = text.length;
  for (const edge of text.matchAll(CLAUSE_EDGE_RE)) {
    const at = edge.index ?? 0;
    if (at < cue.index) start = at + edge[0].length;
    else if (at >= cue.index + cue[0].length) {
      end = at;
      break;
    }
  }
  const clause = analysisOf(text.slice(start, end));
  if (clause.negated !== p.a.negated) return false;
  // The older's subject: its words before its first verb, or with no verb read (the tagger reads
  // "cuts" in "Tony cuts my hair" as a noun), the names it opens with.
  const words = wordsOf(p.a);
  const verbAt = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  const opening = words.findIndex((w) => w.pos !== "PROPN");
  const subjectEnd = verbAt >= 0 ? verbAt : Math.max(0, opening);
  const subject = setOf(words.slice(0, subjectEnd).flatMap((w) => contentTokens(w.text).map(canon)));
  const said = [...p.a.light];
  if (said.filter((t) => !subject.has(t)).length === 0) return false;
  return said.every((t) => clause.light.has(t) || (subject.has(t) && p.b.light.has(t)));
}

export const LEXICAL_RULES: readonly LexicalRule[] = [
  {
    name: "no-shared-terms",
    doc: "The two statements share no content word: unrelated.",
    decide: (p) => (p.shared.length === 0 ? decided("distinct") : null),
  },
  {
    name: "question",
    doc: 'The newer text asks — it ends with "?", or it is short, has no sentence punctuation and asks by its word order, as speech-to-text leaves a question ("can you remind me to bring a padlock", "what\'s a good stretch for tight calves"; `isQuestion` in `src/core/text.ts`); a question never replaces a statement (the same question asked twice is a restatement).',
    decide: (p) =>
      p.b.question
        ? decided(p.sameWords && !distinctions(p.a.text, p.b.text) ? "duplicate" : "distinct")
        : null,
  },
  {
    name: "hypothetical",
    doc: "The newer text speculates or proposes (maybe, should we, if …): it adds, never replaces.",
    decide: (p) =>
      p.b.hypothetical
        ? decided(p.sameWords && !distinctions(p.a.text, p.b.text) ? "duplicate" : "refines")
        : null,
  },
  {
    name: "negation-flipped",
    doc: 'The same words and numbers, one side negated: the newer contradicts the older. Not two outcomes: an outcome\'s negation is its result ("The fix works" / "The fix doesn\'t work": `unsure:other-outcome`).',
    decide: (p) =>
      p.sameWords && !p.numbersDiffer && p.a.negated !== p.b.negated && !bothOutcomes(p)
        ? decided("contradicts")
        : null,
  },
  {
    name: "state-flipped",
    doc: 'The same words and numbers with an enumerated state on the other side (on/off, enabled/disabled, open/closed, allowed/blocked, true/false …), or with a participle or adjective and its "un-" form ("muted" / "unmuted", "published" / "unpublished").',
    decide: (p) => {
      // A negation on one side turns the state back: "is closed" / "doesn't open" say one thing.
      if (p.numbersDiffer || negatedByWord(p.a) !== negatedByWord(p.b)) return null;
      const reversed = reversedByUn(p.a, p.b);
      if (reversed) return decided("supersedes", reversed);
      const flipped = flippedStates(p.a, p.b);
      if (flipped.length === 0) return null;
      // The rest must be the same statement: the same content words but for the state words.
      const stateless = (x: Analysis) =>
        setOf([...x.content].filter((t) => !STATE_STEMS.has(t) && !LIGHT_VERBS.has(canon(t))));
      const ra = stateless(p.a);
      const rb = stateless(p.b);
      if (ra.size === 0 || jaccard(ra, rb) < 1) return null;
      return decided("supersedes", flipped.join(" "));
    },
  },
  {
    name: "same-content",
    doc: "The same content words, numbers, negation and states: a restatement.",
    decide: (p) => (p.sameWords && !distinctions(p.a.text, p.b.text) ? decided("duplicate") : null),
  },
  {
    name: "same-words-light-verb",
    doc: 'The same words but for a light verb or a spelling ("listens on port 9443" / "port … is 9443"), same numbers and states.',
    decide: (p) => {
      const { a, b } = p;
      if (a.light.size < 2 || jaccard(a.light, b.light) !== 1) return null;
      return distinctions(a.text, b.text) ? null : decided("duplicate");
    },
  },
  {
    name: "same-value-restated",
    doc: "The same identifying values (numbers, versions, ids) and at most one extra attribute word, or a change restated as the state it produced.",
    decide: (p) => {
      const { a, b } = p;
      if (distinctions(a.text, b.text) && !(resultOf(a).size > 0 && a.negated === b.negated)) return null;
      if (
        a.anchors.length > 0 &&
        jaccard(setOf(a.anchors), setOf(b.anchors)) === 1 &&
        a.negated === b.negated
      ) {
        const [small, large] = a.light.size <= b.light.size ? [a.light, b.light] : [b.light, a.light];
        if (small.size - a.anchors.length >= 2 && subsetOf(small, large) && large.size - small.size <= 1)
          return decided("duplicate", "paraphrase");
      }
      // Only the result counts ("from 18.19 to 20.11" states 20.11), and the words that differ may only
      // be verbs of change or state and attribute names, never another entity.
      const ra = resultOf(a);
      const rb = resultOf(b);
      if (ra.size > 0 && jaccard(ra, rb) === 1 && a.negated === b.negated && sameStates(p)) {
        const wordsA = setOf([...a.light].filter((t) => !/\d/.test(t)));
        const wordsB = setOf([...b.light].filter((t) => !/\d/.test(t)));
        const differing = [...minus(wordsA, wordsB), ...minus(wordsB, wordsA)];
        const sharedWords = [...wordsA].filter((t) => wordsB.has(t));
        if (sharedWords.length >= 1 && differing.every(isStateWord))
          return decided("duplicate", "a change restated as state");
      }
      return null;
    },
  },
  {
    name: "unsure:intention",
    doc: 'The newer statement says what its speaker means to do ("Now, I\'m aiming to turn my passion into a business", "we\'re hoping to move the office", "I\'ll switch to Bitwarden next month", "I\'d switch if it were cheaper"), the older what is so: no value changed, whatever the cue; deferred.',
    decide: (p) => {
      const meant = intentionOf(wordsOf(p.b));
      if (meant === null || intentionOf(wordsOf(p.a)) !== null) return null;
      const how = meant === "will" || meant === "would" ? `${meant} …` : `${meant} to …`;
      return unsure("refines", `${how}: an intention`);
    },
  },
  {
    name: "unsure:two-plans",
    doc: 'Both statements say what the speaker will do ("I\'ll add the link to the bio" / "I\'ll update the menu board and the post", "I\'ll raise the order" / "I\'ll change the supplier"), and the newer does not take the older back (no instead, rather, actually, now, after all, no longer, changed my mind; the same polarity; not the same words with another number, "I\'ll take the 8:05" / "I\'ll take the 9:10"): a speaker plans many things, and a verb of change in a plan is the task, not a changed value; deferred.',
    decide: (p) => {
      if (intentionOf(wordsOf(p.a)) === null || intentionOf(wordsOf(p.b)) === null) return null;
      // The same words with another number is one plan re-timed ("the 8:05 train" / "the 9:10 train").
      const differing = [...minus(p.a.content, p.b.content), ...minus(p.b.content, p.a.content)];
      const reTimed = differing.length > 0 && differing.every((t) => /\d/.test(t));
      if (reTimed || p.a.negated !== p.b.negated || RETRACTS_A_PLAN.test(p.b.text)) return null;
      return unsure("distinct", "two plans");
    },
  },
  {
    name: "unsure:narrated-event",
    doc: 'The older statement only narrates a past event ("My sister visited and we went to that new ramen place downtown"): every verb in the simple past, none of change, of state or of beginning to hold (bought, joined, started); it holds no value a newer statement could replace; deferred.',
    decide: (p) => (narratesEvent(p.a) ? unsure("distinct", "the older narrates an event") : null),
  },
  {
    name: "unsure:says-nothing",
    doc: 'One statement holds no value: its first clause says there is nothing — a negative indefinite ("nothing", "nobody", "no one", "not much", "no news") with at most "new", "much", "to report", "going on", "changed", "here" … after it ("Nothing new, just tired", "Not much going on this week") — and what follows holds no number and no change (a short fragment: "just tired", "same old"). It asserts that no such thing exists, so it is no value a newer statement could replace, and it replaces none; deferred. So does a first clause of no news ("same as ever", "all good here", "as usual", "no change") and an acknowledgement ("noted", "got it", "ok", "thanks", "I\'ve noted") with only what it acknowledges after it — a noun phrase with no verb and no number ("Noted the new tuition for this semester", "thanks for the new address") or an embedded question ("I\'ve noted who\'s at the front desk now"), and fragments with no verb. Not "Nothing new, but the rent is 1300 now" (a value after it), "Nobody lives there now" (a clause of its own), "ok got it, the lesson is at 5pm now" or "I\'ve noted that Sipho is at the front desk now" (a value acknowledged is said).',
    decide: (p) =>
      saysNothing(p.a.text) || saysNothing(p.b.text)
        ? unsure("distinct", `${saysNothing(p.a.text) ? "the older" : "the newer"} holds no value`)
        : null,
  },
  {
    name: "unsure:change-without-value",
    doc: 'The newer reports a change and no value: one clause whose verb changes a thing\'s value while the thing goes on (change, update, move, reschedule, raise, switch …) and says only the thing — its noun phrase, its owner or a "for"/"of" phrase the, a possessive or an owner opens, a pronoun — and adverbs of time or repetition ("I\'ve updated the lambing date for Elin\'s farm", "Dad moved the appointment again", "the choir trip has changed"; `changeWithoutValue`). It names nothing to hold in the older\'s value\'s place, so it replaces none; deferred. Not a value said ("moved the appointment to Friday", "swapped my Fiesta for a Golf"), a verb that ends a thing ("I dropped the gym"), or a second clause ("the trip has changed again, it is Chester now").',
    decide: (p) => {
      const thing = changeWithoutValue(p.b);
      if (thing === null) return null;
      return unsure(
        p.a.content.has(stem(thing)) ? "refines" : "distinct",
        `${thing}: a change with no value`,
      );
    },
  },
  {
    name: "unsure:one-occasion",
    doc: 'The newer says the older\'s predicate of one occasion, which the older does not name: a day or part of one by deixis ("today", "tomorrow", "last night", "this morning"; not an onset or an end, "from tomorrow", "until today"), the older naming no day ("standup is at 9:30" / "standup is at 10 tomorrow only"), or in the past tense, the older in the present ("the kids go to bed at 8" / "the kids went to bed at 10 last night", "the rent is 1200" / "the rent was 1100 when we moved in"; `deicticOccasionOf`, `predicateTense`); nothing announces a change (no now, moved, used to, until, anymore, instead): an exception, an instance or a past value, and the older may still hold; deferred.',
    decide: (p) => {
      const predicate = p.sa.predicate;
      if (predicate === null || predicate !== p.sb.predicate || predicate === "→" || predicate === OUTCOME)
        return null;
      if (p.change || TAKES_THE_OLDER_BACK.test(p.b.text) || !sharesSubject(p)) return null;
      const occasion = deicticOccasionOf(p.b.text);
      const oneDay =
        occasion !== null &&
        deicticOccasionOf(p.a.text) === null &&
        !ANY_DAY.test(p.a.text) &&
        !DATE.test(p.a.text);
      const past =
        predicateTense(wordsOf(p.b), predicate) === "past" &&
        predicateTense(wordsOf(p.a), predicate) === "present";
      if (!oneDay && !past) return null;
      // Something of the value differs beside the occasion's own words; the same value on one
      // day is a restatement's business.
      const occasionWords = new Set(occasion === null ? [] : contentTokens(occasion));
      const { valueA, valueB } = valuesOf(p);
      const otherValue = [...minus(valueA, valueB), ...minus(valueB, valueA)].some(
        (t) => !occasionWords.has(t) && !ONE_OFF.has(t),
      );
      if (!otherValue && !p.numbersDiffer && p.a.negated === p.b.negated) return null;
      return unsure("refines", oneDay ? `${occasion}: one occasion` : `${predicate}: a past one`);
    },
  },
  {
    name: "unsure:older-goes-on",
    doc: 'The newer says, in a clause led by "still" (or "continue to"), what the older says, its subject aside, which may be named anywhere in the newer ("I walk the dog every morning" / "I moved to Leeds but I still walk the dog every morning"; "Tony cuts my hair" / "Tony retired, but he still cuts my hair"): the older holds on beside whatever else changed; deferred.',
    decide: (p) => (olderGoesOn(p) ? unsure("refines", "the older still holds") : null),
  },
  {
    name: "unsure:generic-statement",
    doc: 'The newer is a generic statement: its subject is a bare plural, a kind ("Cats", "Kids", "People"), with an adverb of quantification ("often", "usually", "generally", "tend to"), and no "now" ties it to the speaker\'s present ("Cats often accept a new litter after a day or two"). It says what holds of the kind, not a value of the speaker\'s own thing, and the older is not about that kind ("litter for the cat: the clay one"); deferred.',
    decide: (p) => {
      const kind = genericKind(p.b);
      if (
        kind === null ||
        genericKind(p.a) !== null ||
        firstNounOf(p.a) === kind ||
        SPEAKER_NOW.test(p.b.text)
      )
        return null;
      return unsure("distinct", `${kind}: a generic statement`);
    },
  },
  {
    name: "holder-changed",
    doc: "A single-held role (owns, leads, maintains, on call for, in charge of) over the same target with another holder: a hand-over.",
    decide: (p) => {
      const [ra, rb] = rolesOf(p.a, p.b) ?? [];
      if (!ra || !rb) return null;
      if (!sharesTarget(ra.target, rb.target)) return null;
      const arrived = minus(rb.holders, ra.holders);
      const left = minus(ra.holders, rb.holders);
      if (arrived.length === 0 || additiveOf(p.b)) return null;
      return decided("supersedes", `${left.join(" ") || "?"} → ${arrived.join(" ")}`);
    },
  },
  {
    name: "holder-named",
    doc: 'A role named with "the" equated with another named holder ("Ravi is the release manager" / "Mei is the release manager", "The product owner is Kevin" / "Maya is the product owner now"): one person holds it, a hand-over. Not a role with "a" or "my" ("Mei is a release manager", "Ana is my friend"), a role with more after it ("the owner for billing"), or "also".',
    decide: (p) => {
      const ra = roleHeldBy(p.a);
      const rb = roleHeldBy(p.b);
      // Both said role first ("The primary database is Postgres") is the slot reader's own reading
      // (value-changed:single-valued); a name said first is what it reads as the subject.
      if (!ra || !rb || additiveOf(p.b) || !(ra.nameFirst || rb.nameFirst)) return null;
      const same = (x: readonly string[], y: readonly string[]) =>
        x.length === y.length && x.every((t) => y.includes(t));
      if (!same(ra.role, rb.role) || rb.holder.some((t) => ra.holder.includes(t))) return null;
      return decided("supersedes", `${ra.holder.join(" ")} → ${rb.holder.join(" ")}`);
    },
  },
  {
    name: "same-holder",
    doc: "The same single-held role, target and holder, said another way; a negated one contradicts.",
    decide: (p) => {
      const [ra, rb] = rolesOf(p.a, p.b) ?? [];
      if (!ra || !rb || !sharesTarget(ra.target, rb.target)) return null;
      if (minus(rb.holders, ra.holders).length > 0 || minus(ra.holders, rb.holders).length > 0) return null;
      if (p.a.negated !== p.b.negated) return decided("contradicts", "negation");
      // More held than before ("billing" → "billing and invoicing") is a detail, not a restatement.
      if (minus(rb.target, ra.target).length > 0) return unsure("refines", "more held");
      return distinctions(p.a.text, p.b.text) ? null : decided("duplicate");
    },
  },
  {
    name: "role-target-differs",
    doc: "Single-held roles over different targets (owns the auth service / owns the billing service): two facts.",
    decide: (p) => {
      const [ra, rb] = rolesOf(p.a, p.b) ?? [];
      if (!ra || !rb) return null;
      const shared = [...ra.target].some((t) => rb.target.has(t));
      const both = minus(ra.target, rb.target).length > 0 && minus(rb.target, ra.target).length > 0;
      return !shared || both ? decided("distinct") : null;
    },
  },
  {
    name: "role-holder-added",
    doc: "The same role and target with an added holder (also, too, as well): a second holder, not a hand-over.",
    decide: (p) => {
      const [ra, rb] = rolesOf(p.a, p.b) ?? [];
      return ra && rb ? decided("refines") : null;
    },
  },
  {
    name: "event-to-value",
    doc: 'An event of rank or grade said of the speaker or of nobody named, with its new value ("got promoted to senior designer", "upgraded to a pixel 8 yesterday", "we downgraded to the basic plan"), beside the older\'s value of the speaker or of a thing of the speaker\'s that is no person ("i\'m a junior designer", "my phone is a pixel 6"): the two values share a word and each has one the other lacks; the newer says nothing else but when. Not another holder ("my sister got promoted to …"), a person of the speaker\'s ("my daughter is a junior nurse"), a plan, a hedge, an addition or a value of another head ("i\'m a nurse" / "got promoted to ward manager").',
    decide: (p) => {
      const e = eventToValue(p.a, p.b, p.lexicon);
      return e ? decided("supersedes", `${e.from.join(" ")} → ${e.to.join(" ")}`) : null;
    },
  },
  {
    name: "taken-over",
    doc: 'The newer says someone took over the very thing the older\'s holder runs, manages, leads, coaches, teaches … ("Kim runs the support desk." / "Lars took over the support desk.", "… from Kim"): a hand-over. Not another thing, the same holder, a "from" that names another, a hand-over for a while ("for the week", "while Kim is away", "covering"), an addition ("also"), a hedge or a question.',
    decide: (p) => {
      const t = takenOver(p.a, p.b, p.sa);
      return t ? decided("supersedes", `${t.from.join(" ")} → ${t.to.join(" ")}`) : null;
    },
  },
  {
    name: "renamed",
    doc: 'The newer statement renames the older one\'s value ("#ship-it was renamed to #releases").',
    decide: (p) => {
      const subjB = setOf(p.sb.subject);
      return RENAME_RE.test(p.b.text) &&
        p.sb.predicate === "→" &&
        subjB.size > 0 &&
        p.sa.value.length > 0 &&
        subsetOf(subjB, setOf(p.sa.value))
        ? decided("supersedes", `${p.sb.subject.join(" ")} → ${p.sb.value.join(" ")}`)
        : null;
    },
  },
  {
    name: "unsure:changed-circumstance",
    doc: 'The newer changes a thing the older names only as a circumstance ("I bought a standing desk for the office" / "We moved the office to Leeds"): the older\'s value did not change; deferred.',
    decide: (p) => {
      if (!p.change) return null;
      const t = transitionOf(p.b);
      if (!t) return null;
      const nounsB = nounPlacesOf(p.b);
      const moved = t.attribute.filter((w) => nounsB.central.has(w));
      if (moved.length === 0) return null;
      const { circumstance, central } = nounPlacesOf(p.a);
      // The newer names none of the older's central nouns: "downgraded figma to the starter plan"
      // changes the plan "We're on the Pro plan for Figma" is about.
      if ([...nounsB.central, ...nounsB.circumstance].some((w) => central.has(w))) return null;
      return moved.every((w) => circumstance.has(w))
        ? unsure("distinct", `${moved.join(" ")}: a circumstance of the older`)
        : null;
    },
  },
  {
    name: "unsure:other-owner",
    doc: 'One thing of two owners: the older says it is a named person\'s ("Dad\'s appointment is at 3"), the newer the speaker\'s own ("my appointment is at 4 now, dad\'s is the same"), or the other way round, or two named people\'s, and neither side gives it the other\'s owner. Another owner\'s appointment replaces nothing of this one\'s; deferred. "his", "her", "their" and "your" may stand for the other side\'s owner and are no mismatch ("Dad\'s appointment" / "his appointment is at 4 now"), but "his", "her" and "their" are never the speaker\'s ("my rent is 900" / "my sister says her rent is going to 950"). Also another person\'s thing, then the thing with "the" and no owner ("my brother\'s car is a Fiesta" / "the car is a Golf now": whose car is not said; `ownerLeftOut`); not the speaker\'s own ("my car" / "the car …") nor the owner named again ("his car is a Golf now").',
    decide: (p) => {
      const thing = otherOwner(p);
      if (thing !== null) return unsure("distinct", `${thing}: another owner's`);
      const bare = ownerLeftOut(p.a, p.b, aboutOf(p.sa), aboutOf(p.sb), p.lexicon);
      return bare === null
        ? null
        : unsure("distinct", `${bare}: another person's, then "the ${bare}" with no owner`);
    },
  },
  {
    name: "changed-from-old-value",
    doc: 'The newer statement announces a change from the older one\'s value to another ("ported from Jest to Vitest") and covers the rest of the older statement.',
    decide: (p) => {
      if (!p.change || additiveOf(p.b) || p.a.negated !== p.b.negated) return null;
      const m = FROM_TO_RE.exec(p.b.text);
      if (!m) return null;
      const from = contentTokens(m[1]!);
      const to = contentTokens(m[2]!);
      if (from.length === 0 || to.length === 0) return null;
      if (!from.every((t) => p.a.content.has(t)) || to.some((t) => p.a.content.has(t))) return null;
      // Everything else the older statement says (its subject, its attribute) is in the newer one.
      // Its nouns, names and numbers: verbs and prepositions may change with the wording.
      // Its subject and its identifiers count whatever their tag ("notify-worker" is read as a verb).
      // Of its content only: a chat opener ("fyi", "btw", which the tagger reads as nouns) says nothing.
      const named = wordsOf(p.a)
        .filter((w) => NAMING.has(w.pos))
        .flatMap((w) => contentTokens(w.text));
      const ids = [...p.a.content].filter(identifier);
      const rest = [...new Set([...named, ...ids, ...p.sa.subject])].filter(
        (t) => !from.includes(t) && p.a.content.has(t),
      );
      if (rest.length === 0 || !rest.every((t) => p.b.content.has(t))) return null;
      return decided("supersedes", `${m[1]} → ${m[2]}`);
    },
  },
  {
    name: "changed-to-value",
    doc: 'A change stated with its values ("from X to Y", "X → Y", "bumped … to Y", "reverted / rolled back to X") and a statement of the same attribute with another value: the value after "to" is the current one (the same value said as a state is a restatement).',
    decide: (p) => {
      const { a, b } = p;
      if (a.negated !== b.negated || a.question || a.hypothetical || additiveOf(b)) return null;
      const ta = transitionOf(a);
      const tb = transitionOf(b);
      if (!ta && !tb) return null;
      // What changed: named by the change (the newer's when both are changes), and said by both sides.
      const attribute = (tb ?? ta)!.attribute;
      if (attribute.length === 0) return null;
      const canonA = setOf([...a.content].map(canon));
      const canonB = setOf([...b.content].map(canon));
      if (!attribute.every((w) => canonA.has(w) && canonB.has(w))) return null;
      if (ta && tb && !ta.attribute.every((w) => canonB.has(w))) return null;
      const va = valueBeside(p.sa, a, ta, attribute);
      const vb = valueBeside(p.sb, b, tb, attribute);
      if (!va || !vb || !sameShape(va, vb, a, b)) return null;
      const gone = minus(va, vb).length;
      const came = minus(vb, va).length;
      // The value a change produced, said as a state ("bumped Redis to 7.2.4" / "Production runs Redis 7.2.4").
      if (gone === 0 && came === 0) return decided("duplicate", "a change restated as state");
      if (gone === 0 || came === 0) return null;
      return decided("supersedes", `${[...va].join(" ")} → ${[...vb].join(" ")}`);
    },
  },
  {
    name: SOLE_VALUE_RETIRED_RULE,
    doc: 'The newer statement ends, by name, the one value the older gives a slot of the speaker\'s, for good and as the speaker\'s own account, and no rule after it reads the change with confidence ("My main hobby is rock climbing" / "I gave up climbing last year, I took up pottery", "I use Firefox" / "ditched firefox last week, all chrome now", "My manager is Priya" / "Priya left last week, my manager is Tom now", a role held now by one named person: "The head coach is Maria Lopez" / "Maria Lopez retired last year": `retiredValue`, `soleValueOf`, `lastingEnd`), or the one place a habit of the speaker\'s is done at closes for good ("I get my hair cut at Tony\'s" / "Tony\'s closed down, I go to Sharp Cuts now": `soleVenueOf`, `closedForGood`), or the one named doer of a habit done on a thing of the speaker\'s retired or died ("Tony cuts my hair" / "Tony retired last month": `doingOf`, `doerGoneForGood`), or the one countable object of a thing named with no holder is gone ("The house heats with an oil furnace" / "the oil furnace is gone": `soleObjectOf`, `objectGoneForGood`); a pause, a plan or a report is read in the end\'s own clause, not in another person\'s before it ("Shelley got a heat pump put in while I was away, the oil furnace is gone"): the newer replaces the older. Not a value among several ("I play guitar and piano", "I also play the cello", "I have two bikes", "The bedrooms heat with radiators"), another\'s ("My sister plays the cello", "Dana\'s house heats with an oil furnace"), a role that was held ("The head coach was Maria Lopez"), a means ("I commute by bike"), a mass that runs out ("The generator runs on propane"), a part ("I sold one of my bikes", "the radiator in the kitchen is gone"), a relation a retirement does not end ("Tony calls my mum every Sunday"), a retirement from something else ("Tony retired from the fire service"), a pause ("while my wrist heals", "for now", "closed for refurbishment", "…, Dana is off until spring too") or a closing that may be one ("The bakery closed"), an end to come or one reported ("Dana says Priya left", "the furnace is gone, she says"): those stay `unsure:value-retired`.',
    decide: (p) => {
      const retired = retirement(p);
      if (!retired) return null;
      const held = soleValueOf(p.a.text, retired.value) && lastingEnd(p.b.text, retired);
      // "I get my hair cut at Tony's" / "Tony's closed down": the one place of a habit, closed for good.
      const closed =
        !held &&
        soleVenueOf(p.a.text, retired.value) &&
        closedForGood(p.b.text, retired, retirableValues(p.a.text));
      // "Tony cuts my hair" / "Tony retired last month": the one doer of a habit, gone from it for good.
      const doing = held || closed ? null : doingOf(p.a.text, retired.value);
      const doerGone = doing !== null && doerGoneForGood(p.b.text, retired, doing);
      // "The house heats with an oil furnace" / "the oil furnace is gone": the one object, no holder named.
      const objectGone =
        !held &&
        !closed &&
        !doerGone &&
        soleObjectOf(p.a.text, retired.value) &&
        objectGoneForGood(p.b.text, retired, retirableValues(p.a.text));
      if (!held && !closed && !doerGone && !objectGone) return null;
      return decided("supersedes", `${retired.how} ${retired.said}`);
    },
  },
  {
    name: VALUE_RETIRED_RULE,
    doc: 'The newer statement ends a value of the older\'s by name, no rule after it reads the change with confidence, and `sole-value-retired` does not hold ("I get my hair cut at Tony\'s" / "Tony retired so I go to Sharp Lines now", "The bedrooms heat with radiators" / "the radiator in the kitchen is gone", "I play guitar and piano" / "I sold the piano": `retiredValue`): the older may no longer hold, but whether the newer replaces all of it is not read: deferred to the agent or a model as a refinement (sleep closes nothing on it), never read as two things.',
    decide: (p) => {
      const retired = retirement(p);
      return retired ? unsure("refines", `${retired.how} ${retired.said}`) : null;
    },
  },
  {
    name: "different-entity",
    doc: "Each subject has words the other lacks (Alice's timezone / Bob's timezone): two things.",
    decide: (p) => {
      if (!bothSlotted(p)) return null;
      const { subjA, subjB } = subjects(p);
      if (subjA.size === 0 || subjB.size === 0 || subsetOf(subjA, subjB) || subsetOf(subjB, subjA))
        return null;
      const { valueA, valueB } = valuesOf(p);
      if (valueA.size > 0 && jaccard(valueA, valueB) === 1) return null;
      return measuresOneThing(p) ? null : decided("distinct");
    },
  },
  {
    name: "different-subject",
    doc: "The subjects share no word: the statements are about different things.",
    decide: (p) => {
      if (!bothSlotted(p)) return null;
      const { subjA, subjB } = subjects(p);
      const shared =
        subjA.size === 0 || subjB.size === 0 || p.shared.some((t) => subjA.has(t) && subjB.has(t));
      return shared || measuresOneThing(p) ? null : decided(p.similarity > 0.5 ? "refines" : "distinct");
    },
  },
  {
    name: "different-attribute",
    doc: 'Same subject, another attribute: an extra subject word, another participle (deployed in / owned by), a kind (is a …) against a place, another verb, an outcome against a value ("Deploys happen on Thursdays" / "Deploy failed: migration lock timeout"; "Deploys need two approvals" / "Deploys fail when the migration lock times out"), which is two facts (distinct), not a refinement (`OUTCOME_IS_ANOTHER_FACT`).',
    decide: (p) => {
      if (!bothSlotted(p) || measuresOneThing(p)) return null;
      const same = sameSubject(p);
      if (!same && !p.change) return decided(p.similarity > 0.35 ? "refines" : "distinct", "subject");
      if (outcomeAgainstValue(p)) return decided("distinct", `${p.sa.predicate} / ${p.sb.predicate}`);
      const partA = participleOf(p.a);
      const partB = participleOf(p.b);
      if (partA && partB && partA !== partB && !oppositeStates(partA, partB))
        return decided("refines", `${partA} / ${partB}`);
      if ((partA && !partB && classifies(p.b.text)) || (partB && !partA && classifies(p.a.text)))
        return decided("refines", `kind / ${partA ?? partB}`);
      if (!same) {
        const { subjA, subjB } = subjects(p);
        const ca = p.a.content;
        const canonA = setOf([...ca].map(canon));
        const newAttr = minus(subjB, ca).filter((t) => !/\d/.test(t) && !canonA.has(canon(t)));
        // "litter for the cat is clay" / "the litter is pine pellets now": a modifier left out of a
        // head the newer names alone with "the" is no attribute dropped (`headNamedAlone`).
        const dropped = minus(subjA, p.b.content).filter((t) => !headNamedAlone(p.a, p.b, t, p.lexicon));
        const lowerB = lowerStemsOf(p.b);
        const plainNew = p.sb.value.filter(
          (t) => !ca.has(t) && lowerB.has(t) && !LIGHT_VERBS.has(t) && !CHANGE_VERBS.has(t),
        );
        if (newAttr.length > 0 || (dropped.length > 0 && plainNew.length > 0))
          return decided("refines", [...newAttr, ...dropped].join(" "));
      }
      if (!samePredicate(p) && !p.change) return decided("refines", `${p.sa.predicate} / ${p.sb.predicate}`);
      return null;
    },
  },
  {
    name: "unsure:scope-one-side",
    doc: 'The newer or the older opens with a scope the other does not name ("The rate limit is 100 requests per minute" / "For paid accounts, the rate limit is 500 requests per minute"; "On Fridays, …", "Under the new contract, …"), or names anywhere a recurring day the other names no day at all ("The gym opens at 6am" / "The gym opens at 8am on weekends"): the statement may hold only there, so another value may be another fact; deferred. An opening of when or why ("Since March, …", "After the reorg, …") is no scope.',
    decide: (p) => {
      const scoped = (x: Slots, other: Analysis) =>
        x.frame?.scope === true && x.frame.words.some((t) => !other.content.has(t));
      // A recurring day said on one side only, wherever it stands: "… at 8am on weekends".
      const recurring = (x: Analysis, other: Analysis) => {
        const day = RECURRING_DAY.exec(x.text);
        return day !== null && !ANY_DAY.test(other.text) ? day[0] : null;
      };
      if (!scoped(p.sa, p.b) && !scoped(p.sb, p.a)) {
        if (!bothSlotted(p) || !sharesSubject(p) || differingValues(p).length === 0) return null;
        const day = recurring(p.b, p.a) ?? recurring(p.a, p.b);
        return day ? unsure("refines", day) : null;
      }
      const words = (p.sb.frame?.scope ? p.sb.frame : p.sa.frame)!.words;
      return unsure("refines", words.join(" "));
    },
  },
  {
    name: "unsure:other-occasion",
    doc: 'Each statement names its own occasion ("on my morning walk" / "during my commute": `occasionOf`) and another value beside it ("Radiolab" / "audiobooks on Audible"): two routines, each may still hold; deferred. The same occasion with another value, another occasion with the same value, or an "occasion" the other statement names as its topic ("for my audiobooks" after "I listen to audiobooks…") is one routine changed.',
    decide: (p) => {
      const oa = occasionOf(p.a);
      const ob = occasionOf(p.b);
      if (oa.size === 0 || ob.size === 0 || minus(oa, ob).length === 0 || minus(ob, oa).length === 0)
        return null;
      // What the other statement names in its own words is its topic, not another occasion ("I've
      // switched to Libby for my audiobooks" after "I listen to audiobooks on Audible…").
      if (minus(oa, p.b.content).length === 0 || minus(ob, p.a.content).length === 0) return null;
      const { valueA, valueB } = valuesOf(p);
      const rest = (v: ReadonlySet<string>, o: ReadonlySet<string>) =>
        setOf([...v].filter((t) => !o.has(t) && !isTimePreposition(t) && !CUE_ADVERBS.has(t)));
      const ra = rest(valueA, oa);
      const rb = rest(valueB, ob);
      if (minus(ra, rb).length === 0 || minus(rb, ra).length === 0) return null;
      return unsure("refines", `${[...oa].join(" ")} / ${[...ob].join(" ")}`);
    },
  },
  {
    name: OTHER_OUTCOME_RULE,
    doc: 'Two outcomes of the same subject with other results ("The migration worked" / "The migration broke"): an outcome conflict, both kept, nothing closed; deferred.',
    decide: (p) => {
      const ra = p.sa.predicate === OUTCOME ? p.sa.result : undefined;
      const rb = p.sb.predicate === OUTCOME ? p.sb.result : undefined;
      if (!ra || !rb || ra === rb || !sameSubject(p)) return null;
      return unsure("refines", `${ra} → ${rb}`);
    },
  },
  {
    name: "same-slots",
    doc: 'The same subject, predicate and value, same numbers and states (word order aside): a restatement; negated, a contradiction (but an outcome\'s negation is its result: "didn\'t work" says what "failed" says).',
    decide: (p) => {
      if (!bothSlotted(p) || !samePredicate(p)) return null;
      const { valueA, valueB } = valuesOf(p);
      if (valueA.size !== valueB.size || minus(valueA, valueB).length > 0) return null;
      const outcomes = p.sa.predicate === OUTCOME && p.sb.predicate === OUTCOME;
      if (p.a.negated !== p.b.negated && !outcomes) return decided("contradicts", "negation");
      return distinctions(p.a.text, p.b.text) ? null : decided("duplicate");
    },
  },
  {
    name: "additive-detail",
    doc: "The newer statement adds (also, too, as well, another) without announcing a change.",
    decide: (p) => (bothSlotted(p) && additiveOf(p.b) && !p.change ? decided("refines") : null),
  },
  {
    name: "value-subset",
    doc: "The newer value is part of the older one, nothing changed and nothing added: a shorter restatement.",
    decide: (p) => {
      if (!bothSlotted(p) || p.change || p.numbersDiffer) return null;
      const { valueA, valueB } = valuesOf(p);
      if (valueB.size === 0 || !subsetOf(valueB, valueA)) return null;
      return distinctions(p.a.text, p.b.text) ? null : decided("duplicate");
    },
  },
  {
    name: "unsure:value-kind-differs",
    doc: 'Same subject, but the two values are of different kinds (a number, an identifier, a name): "port: 3000" / "now deployed in ca-central-1", "owner: Marco" / "runs in ap-southeast-2" are two attributes. Stored, deferred to a semantic judge.',
    decide: (p) => {
      if (!bothSlotted(p) || !sharesSubject(p)) return null;
      const ka = valueKindsOf(p.sa.value, p.a);
      const kb = valueKindsOf(p.sb.value, p.b);
      if (ka.size === 0 || kb.size === 0 || [...ka].some((k) => kb.has(k))) return null;
      return unsure("refines", `${[...ka].join(" ")} / ${[...kb].join(" ")}`);
    },
  },
  {
    name: "unsure:older-value-kept",
    doc: 'The newer keeps every number of the older\'s value (not of its subject: "Service 3 is owned by team 3" / "… by team 42" is a change) and adds another ("The rent is 1200" / "The rent is 1200 plus 80 for parking now", "The meeting is at 3pm" / "… at 3pm on Tuesdays and 4pm on Thursdays now"), with no past or negation to set the older\'s number aside ("was 1200, now 1350"): the older\'s value holds beside the added one, so nothing is replaced; deferred.',
    decide: (p) => {
      if (!bothSlotted(p) || !sharesSubject(p) || p.b.negated || SETS_ASIDE.test(p.b.text)) return null;
      // The numbers of the value slots: a number in the subject names which thing ("Service 3 is
      // owned by team 3" / "… by team 42"); it is no value kept.
      const numeric = (v: readonly string[]) => v.filter((t) => /\d/.test(t));
      const qa = numeric(p.sa.value);
      const qb = numeric(p.sb.value);
      if (qa.length === 0 || !qa.every((q) => qb.includes(q))) return null;
      const added = qb.filter((q) => !qa.includes(q));
      return added.length > 0 ? unsure("refines", `${qa.join(" ")} kept, ${added.join(" ")} added`) : null;
    },
  },
  {
    name: "value-changed:number",
    doc: "Same subject and attribute, the value's number, version, date or time differs: the newer replaces the older.",
    decide: (p) => {
      if (!sameAttribute(p) || !quantitiesDiffer(p) || p.sb.value.length === 0) return null;
      if (!sameValueNames(p) || !namedBoth(p)) return null;
      if (additiveOf(p.b) && !p.change) return null;
      // Only the number (and its unit, and the verb that changed it) may differ: "for free users" →
      // "for paid users" is another qualifier, so another fact.
      if (qualifierSwapped(p, (t) => /\d/.test(t))) return null;
      return decided("supersedes", changedValue(p));
    },
  },
  {
    name: "value-changed:identifier",
    doc: "Same subject and attribute, the value differs in an identifier (region, host, channel, version tag): one attribute, one value.",
    decide: (p) => {
      if (!sameAttribute(p) || p.sb.value.length === 0 || additiveOf(p.b) || !sameValueNames(p)) return null;
      if (!namedBoth(p) || !plainValuesShared(p)) return null;
      const differing = differingValues(p);
      const { valueA, valueB } = valuesOf(p);
      const gone = minus(valueA, valueB).some(identifier);
      const came = minus(valueB, valueA).some(identifier);
      // Only the identifier may be swapped, not a qualifier beside it ("for reads" / "for writes").
      if (qualifierSwapped(p, identifier)) return null;
      return differing.length > 0 && gone && came ? decided("supersedes", changedValue(p)) : null;
    },
  },
  {
    name: "unsure:other-thing-changed",
    doc: 'The newer\'s verb of change takes a noun phrase right after it, bare or opened by a determiner or a possessive, the thing whose holder or kind changed ("Tess changed endocrinologist, she sees Dr. Chiongbian now", "we switched banks", "the new master changed the routine"), and the older names no such thing: not the word, nor a noun WordNet relates to it ("Tess changed her mind, the outside will be cream", "Nothing new, just tired"). A change of one thing replaces nothing of another; deferred, unless one clause of the newer changes the older\'s typed value on its own (`change-in-one-clause`). Not a change of mind, plan or course, which names no thing.',
    decide: (p) => {
      const thing = otherThingChanged(p);
      return thing === null ? null : unsure("distinct", `${thing}: another thing changed`);
    },
  },
  {
    name: "change-cue",
    doc: 'The newer statement announces a change (now, moved to, switched, pushed to, took over, cut down to, turned on …, or, with the older\'s verb and nothing added, an opening of onset: "Since March, …", "Starting next week, …", "As of Monday, …") about the same subject with another value.',
    decide: (p) => {
      // An opening of onset says when the main clause began to hold; its verb is the main clause's
      // own, so it announces a change only of the older's predicate ("runs on NGINX" / "Since
      // March, … runs on Kong"), and "also" keeps it an addition ("Since March, … also ships its logs").
      const onset =
        p.sa.predicate !== null &&
        p.sa.predicate === p.sb.predicate &&
        !additiveOf(p.b) &&
        opensWithOnset(p.b);
      if (!p.change && !onset) return null;
      // A role named on one side only ("is now owned by Felix" / "moved to port 5000") is another attribute.
      const roleA = participleOf(p.a);
      const roleB = participleOf(p.b);
      const role = (x: string | null) => x !== null && ROLE_PARTICIPLES.has(x);
      if (role(roleA) !== role(roleB) && !(roleA && roleB)) return null;
      if (bothSlotted(p)) {
        if (!sharesSubject(p) || p.sb.value.length === 0 || !sameValueNames(p) || !shortValues(p))
          return null;
        const { valueA, valueB } = valuesOf(p);
        if (subsetOf(valueA, valueB) && subsetOf(valueB, valueA)) return null;
        // The older statement announced the change already; the newer keeps its value and adds a
        // detail ("we're moving offices" / "we're moving offices next month, to the 12th floor").
        const announced = p.sa.predicate === "→" || changeOf(p.a);
        if (announced && valueA.size > 0 && subsetOf(valueA, valueB) && p.a.negated === p.b.negated)
          return null;
        // With no subject words ("We use tabs for indentation"), the values must share their attribute,
        // and in the main clauses: a word of an aside ("…, way less crowded") names no attribute.
        const { subjA, subjB } = subjects(p);
        // With no subject words on either side and another verb ("I went to a support group" / "I
        // just joined a new activist group"), a "new" thing is one more object of another relation,
        // not a new value: only a cue of changed state ("now", "moved to", "switched") names a change.
        if (subjA.size === 0 && subjB.size === 0 && !samePredicate(p) && onlyNewCue(p.b)) return null;
        // A copula with no subject words: two owners' things (`ownedByOthers`).
        if (ownedByOthers(p)) return null;
        // The subject both name made a change to another thing (`changedAnotherThing`).
        if (changedAnotherThing(p)) return null;
        // A shared word of when ("on Thursdays" / "on Thursday evenings", "these days") or a cue
        // both sides say ("instead") links two routines, not one attribute: unrelated things fall
        // on the same day and are both said to have changed. No change read; the catch-alls defer. Deferred, not decided.
        if (subjA.size === 0 || subjB.size === 0) {
          const mainB = mainClauseOf(p.b);
          const linking = [...mainClauseOf(p.a)].filter(
            (t) => valueA.has(t) && valueB.has(t) && mainB.has(t),
          );
          if (linking.length === 0) return null;
          // Unless the time is the value's unit ("logs for 30 days" / "for 90 days", "March 3" /
          // "March 17") or the statement turned negative ("we don't deploy on Fridays anymore").
          // A number on each side: one number on one side ("an iPhone 15 over the weekend" / "a road
          // bike on weekends") counts something else, not the time.
          const numbered = (v: Set<string>) => [...v].some((t) => /\d/.test(t));
          const timed =
            (numbered(valueA) && numbered(valueB) && !otherCounts(p)) || p.a.negated !== p.b.negated;
          // A quantifier ("every morning" / "every repo") is a function word: it links nothing; an
          // indefinite pronoun ("everything") links only as the object of the same verb.
          const pronounLinks = p.sa.predicate === p.sb.predicate;
          // Nor does a preposition of time ("after the promotion" / "after too many shops refused it"),
          // nor "new" ("the new Ethiopian restaurant" / "after the breach news"), nor, under another
          // verb, a word of two different names ("park … on Birch Street" / "do kickboxing … on Main
          // Street"; "park on Birch Street" / "park on Main Street now" is one place changed).
          const names = (t: string) =>
            !(
              isWhenWord(t) ||
              isTimePreposition(t) ||
              CUE_ADVERBS.has(t) ||
              t === NEW ||
              QUANTIFIERS.has(t) ||
              (!samePredicate(p) && (onlyInOtherNames(p.a, p.b, t) || verbOfBoth(p, t)))
            ) &&
            (pronounLinks || !INDEFINITE_PRONOUNS.has(t));
          if (!timed && !linking.some(names)) return null;
          // Two verbs of the speaker's linked by one word after two different prepositions ("I use
          // Figma for my design work" / "I've asked people at work to call me Ben from now on"): two
          // things that share a word, not one attribute. No change read; the catch-alls defer. The
          // same word after the same preposition ("the bus to work" / "cycle to work now"), or after
          // one on one side only ("with a double espresso" / "stopped drinking espresso"), is one.
          const links = linking.filter(names);
          if (
            !timed &&
            subjA.size === 0 &&
            subjB.size === 0 &&
            !samePredicate(p) &&
            links.length === 1 &&
            twoPlaces(prepositionBefore(p.a, links[0]!), prepositionBefore(p.b, links[0]!))
          )
            return null;
        }
        return decided("supersedes", changedValue(p));
      }
      // Without slots on both sides: every word of the older statement but its value (numbers,
      // identifiers, names) is in the newer one.
      const { a, b } = p;
      const plain = lowerStemsOf(a);
      const rest = [...a.content].filter((t) => !identifier(t) && plain.has(t));
      // The value is what is not plain; a capital that only opens the sentence on an ordinary word
      // ("Good that it's easier to get to.") names nothing, so the older holds no value to replace.
      const value = [...a.content].filter((t) => identifier(t) || !plain.has(t));
      const opener = a.text.match(/\p{L}+/u)?.[0] ?? "";
      if (value.length > 0 && value.every((t) => t === stem(opener.toLowerCase())) && listedWord(opener))
        return null;
      // Words of when alone ("I'm on a four-day week" / "…across the monorepo last week") link two
      // statements that happen in the same span, not one attribute: as in the slotted case above.
      const covered =
        rest.some((t) => !isWhenWord(t) && !CUE_ADVERBS.has(t)) &&
        rest.every((t) => b.content.has(t) || LIGHT_VERBS.has(canon(t)));
      return covered && !additiveOf(b) ? decided("supersedes") : null;
    },
  },
  {
    name: "value-changed:single-valued",
    doc: "Same subject and a predicate that holds one value at a time (is, lives in, is based in, defaults to, points to) with another value.",
    decide: (p) => {
      if (!sameAttribute(p) || additiveOf(p.b) || p.sb.value.length === 0 || p.sa.value.length === 0)
        return null;
      const predicate = p.sa.predicate === "→" ? p.sb.predicate : p.sa.predicate;
      if (!predicate || !SINGLE_VALUED.has(predicate)) return null;
      if (ownedByOthers(p) || changedAnotherThing(p)) return null;
      // A value is a few words; a person starts and ends many things ("I just started volunteering …").
      if (!shortValues(p)) return null;
      const { subjA, subjB } = subjects(p);
      if ((predicate === "start" || predicate === "end") && subjA.size === 0) return null;
      // A change said with no subject words ("I dropped Spanish, I'm learning Japanese now") agrees
      // with any single-valued statement of the speaker's ("I live in Denver") through its arrow
      // alone: it replaces it only when the main clauses share a word that names the attribute.
      if ((p.sa.predicate === "→" || p.sb.predicate === "→") && subjA.size === 0 && subjB.size === 0) {
        const mainB = mainClauseOf(p.b);
        if (![...mainClauseOf(p.a)].some((t) => mainB.has(t))) return null;
      }
      // A copula with an article classifies ("is a designer"): kinds are many, not one.
      if (predicate === "is" && (classifies(p.a.text) || classifies(p.b.text))) return null;
      // A copula names one value when a noun or a closing adjective follows it ("is Postgres", "is blue"),
      // or a participle of place or schedule ("is based in", "is planned for"); not a circumstance
      // ("is on leave"), nor a qualifier ("is allergic to X", "is required for X", "is enabled in X").
      if (predicate === "is" && !(namesOneValue(p.a) && namesOneValue(p.b))) return null;
      const { valueA, valueB } = valuesOf(p);
      if (subsetOf(valueA, valueB) || subsetOf(valueB, valueA)) return null;
      // One value swapped for another; a number and a qualifier changing together is another fact.
      if (quantitiesDiffer(p) && qualifierSwapped(p, (t) => /\d/.test(t))) return null;
      return decided("supersedes", changedValue(p));
    },
  },
  {
    name: "value-changed:bag",
    doc: "No slots found; a different number (and none kept) while nearly every word agrees.",
    decide: (p) => {
      if (bothSlotted(p) || !p.numbersDiffer || !comparableLength(p)) return null;
      const { a, b } = p;
      // A number kept while another changes: the changed one names another thing ("Room 4 seats 10
      // people" / "Room 5 seats 10 people").
      if ([...a.numbers].some((n) => b.numbers.has(n))) return null;
      const overlap = p.shared.length / Math.min(a.content.size, b.content.size);
      return overlap >= 0.75 && jaccard(a.content, b.content) >= 0.5 ? decided("supersedes") : null;
    },
  },
  {
    name: "negation-flipped:bag",
    doc: "No slots found; nearly the same words, one side negated.",
    decide: (p) => {
      if (bothSlotted(p) || p.a.negated === p.b.negated || !comparableLength(p)) return null;
      // The negation must bear on what both say, not on a clause only one side has.
      if (!negationOver(p.a.negated ? p.a : p.b, p.shared)) return null;
      const overlap = p.shared.length / Math.min(p.a.content.size, p.b.content.size);
      return overlap >= 0.8 ? decided("contradicts") : null;
    },
  },
  {
    name: "near-identical",
    doc: "Nearly the same text (word Jaccard ≥ 0.75, trigram similarity ≥ 0.6), identical numbers, units, negation and states, no word swapped (use / avoid) and no content word added.",
    decide: (p) => {
      const { a, b } = p;
      if (jaccard(a.content, b.content) < 0.75 || p.similarity < 0.6) return null;
      // One side may say more; a word on each side that the other lacks is a substitution, not a restatement.
      // Stop words count here: "use XML" / "avoid XML" differ by a stop word and a content word.
      const wa = plainWords(a.text);
      const wb = plainWords(b.text);
      if (minus(wa, wb).length > 0 && minus(wb, wa).length > 0) return null;
      // Nor may the newer one add a content word: "… GitHub Actions and Buildkite" says more.
      if (minus(b.content, a.content).length > 0) return null;
      return distinctions(a.text, b.text) ? null : decided("duplicate");
    },
  },
  {
    name: "value-changed:same-words",
    doc: 'Statements both, the same words but for light verbs ("We run Python 3.10 in production" / "Production Python is now 3.11"), one number swapped for another and none kept: the newer replaces the older.',
    decide: (p) => {
      const { a, b } = p;
      if (!bothSlotted(p) || !p.numbersDiffer || a.negated !== b.negated || additiveOf(b)) return null;
      if ([...a.numbers].some((n) => b.numbers.has(n))) return null;
      const words = (x: Analysis) => setOf([...x.light].filter((t) => !/\d/.test(t)));
      const wa = words(a);
      const wb = words(b);
      if (wa.size < 2 || jaccard(wa, wb) < 1) return null;
      const na = minus(setOf(a.anchors), setOf(b.anchors));
      const nb = minus(setOf(b.anchors), setOf(a.anchors));
      if (na.length !== 1 || nb.length !== 1 || !sameStates(p)) return null;
      return decided("supersedes", `${na[0]} → ${nb[0]}`);
    },
  },
  {
    name: "opposite-values",
    doc: 'With a lexicon: the same statement but for one word of its value, swapped for its antonym ("the early shift" / "the late shift", "slow" / "fast") or for another value of one attribute ("blue" / "green"), as WordNet lists them: the newer replaces the older.',
    decide: (p) => {
      const swap = oppositeSwap(p);
      return swap ? decided("supersedes", swap) : null;
    },
  },
  {
    name: "unsure:other-value",
    doc: "Same subject, another value, but no named evidence that only one value holds: stored, deferred to a semantic judge.",
    decide: (p) => (bothSlotted(p) ? unsure("refines", changedValue(p)) : null),
  },
  {
    name: "unsure:overlap",
    doc: "Related words and nothing more to go on: stored, deferred to a semantic judge.",
    decide: (p) => {
      const overlap = p.shared.length / Math.min(p.a.content.size, p.b.content.size);
      return unsure(p.similarity >= 0.35 || overlap >= 0.5 ? "refines" : "distinct");
    },
  },
];

/** The speaker as subject, with its verb's clitic or without the apostrophe ("I'm", "im", "we've"). */
const SPEAKER = /^(?:(?:i|we)(?:['’](?:m|re|ve|d|ll))?|im|ive)$/i;

/**
 * True when `word` (a lemma) stands in what a statement says of its thing: in its value slot when
 * the predicate was read, else after the first verb, preposition or speaker subject ("im on the
 * *night* shift", "got promoted to *senior* designer"), not in the noun phrase it opens with.
 */
function inValue(x: Analysis, slots: Slots, word: string, changeVerb: (lemma: string) => boolean): boolean {
  if (slots.predicate) return slots.value.includes(stem(word));
  const words = wordsOf(x);
  const verbal = (w: TaggedWord) => w.pos === "AUX" || w.pos === "VERB";
  const head = words.findIndex((w) => verbal(w) || w.pos === "ADP" || SPEAKER.test(w.text));
  const at = words.findIndex((w) => w.lemma.toLowerCase() === word);
  if (head < 0 || at <= head) return false;
  // Said by "be" or a verb of change; "we have a black cat" / "… a white cat" may be two cats.
  return words.slice(0, at).every((w) => !verbal(w) || w.lemma === "be" || changeVerb(w.lemma.toLowerCase()));
}

/** The days named from today ("today", "tomorrow", "tmrw"): a day of its own. */
const RELATIVE_DAY = calendarWords({ relative: true });

/** Words before a unit of the calendar that make it a time the statement holds at ("this month", "every week"). */
const WHEN_DETERMINERS = new Set(["this", "next", "last", "every", "each", "that"]);

/**
 * True when a tagged word says when the statement holds, not what it says: a day of its own
 * ("today", "tonight") or a unit of the calendar after "this", "next", "every" … ("this month").
 * "the night shift" keeps its "night": there it is the value.
 */
function saysWhen(w: TaggedWord, before: TaggedWord | undefined): boolean {
  const lemma = w.lemma.toLowerCase();
  if (RELATIVE_DAY.has(lemma)) return true;
  return isWhenWord(lemma) && before !== undefined && WHEN_DETERMINERS.has(before.text.toLowerCase());
}

/** Parts of speech a statement's content words have (`oppositeSwap`). */
const CONTENT_POS = new Set(["NOUN", "ADJ", "VERB", "ADV", "PROPN", "NUM"]);
/** Words that say when or that a value changed, not what it is ("now", "back", "anymore"). */
const CHANGE_ADVERBS = new Set([
  ...adverbWords(NOW, NOT_ANYMORE, THESE_DAYS, CURRENTLY, STILL),
  ..."back instead lately again finally actually".split(" "),
]);

/**
 * The one word of the older's value and the one of the newer's that the lexicon lists as antonyms
 * or as two values of one attribute, when that swap is all that differs ("early → late
 * (antonym)"); null otherwise. Both sides say one statement, neither negated nor hedged, with the
 * same numbers; the newer may add only words of when and of change ("now", "this week",
 * "got promoted to": a verb the lexicon reads as a change, `isChangeVerb`). Both swapped words
 * stand in the value slot and the rest of both sides is the same words, at least one shared: so
 * "the front door is locked" / "the back door is locked" (the swap in the subject) and "i dont eat
 * pork" / "i dont eat beef" (foods: no one attribute) change nothing.
 */
function oppositeSwap(p: Pair): string | null {
  const lexicon = p.lexicon;
  if (!lexicon?.wordRelation || p.numbersDiffer || p.a.negated || p.b.negated) return null;
  if (negatedByWord(p.a) || negatedByWord(p.b) || additiveOf(p.b) || p.b.hypothetical || p.b.question)
    return null;
  // A predicate that holds one value at a time, a change, or none read; "we have a black cat" /
  // "we have a white cat" may be two cats.
  const holdsOne = (predicate: string | null) =>
    predicate === null || predicate === "→" || SINGLE_VALUED.has(predicate);
  if (!holdsOne(p.sa.predicate) || !holdsOne(p.sb.predicate)) return null;
  // A verb of change, or one made anew by "re-" ("redesigned in green", "repainted"): how the value came.
  const changeVerb = (l: string) =>
    CHANGE_LEMMAS.has(l) ||
    lexicon.isChangeVerb?.(l) === true ||
    (/^re[a-z]{4,}$/.test(l) && lexicon.lists(l.slice(2), "verb"));
  const lemmas = (x: Analysis, newer: boolean): string[] =>
    wordsOf(x)
      .filter((w, i, all) => CONTENT_POS.has(w.pos) && !saysWhen(w, all[i - 1]))
      .filter((w) => !(newer && w.pos === "VERB" && changeVerb(w.lemma.toLowerCase())))
      .map((w) => w.lemma.toLowerCase())
      .filter((l) => !/^(?:be|have|get|'s|'m|'re)$/.test(l) && !SPEAKER.test(l) && !CHANGE_ADVERBS.has(l));
  const la = lemmas(p.a, false);
  const lb = lemmas(p.b, true);
  const onlyA = [...new Set(la.filter((l) => !lb.includes(l)))];
  const onlyB = [...new Set(lb.filter((l) => !la.includes(l)))];
  if (onlyA.length !== 1 || onlyB.length !== 1 || !la.some((l) => lb.includes(l))) return null;
  const [x, y] = [onlyA[0]!, onlyB[0]!];
  // The swap is in what is said of the thing, not in which thing: both words stand in the value.
  if (!inValue(p.a, p.sa, x, () => false) || !inValue(p.b, p.sb, y, changeVerb)) return null;
  const related = lexicon.wordRelation(x, y);
  return related === "antonym" || related === "sibling" ? `${x} → ${y} (${related})` : null;
}

/** Runs of capitalised words ("Birch Street", "Planet Fitness"), lower case, that hold a word stemmed as `token`. */
function namesHolding(x: Analysis, token: string): Set<string> {
  const held = new Set<string>();
  for (const run of x.text.match(/\p{Lu}[\p{L}\p{N}'’-]*(?:\s+\p{Lu}[\p{L}\p{N}'’-]*)*/gu) ?? []) {
    const words = run.toLowerCase().split(/\s+/);
    if (words.length > 1 && words.some((w) => stem(w) === token)) held.add(words.join(" "));
  }
  return held;
}

/**
 * Whether a word both statements share only inside names, and inside different names ("Birch
 * Street" / "Main Street", "Planet Fitness" / "Anytime Fitness"): it is part of two names, so it
 * names two things, not one attribute. Written in lower case on either side ("the street"), or in
 * the same name on both, it is shared.
 *
 *   onlyInOtherNames(a("I park on Birch Street"), b("I box on Main Street"), "street") // → true
 */
function onlyInOtherNames(a: Analysis, b: Analysis, token: string): boolean {
  if (lowerStemsOf(a).has(token) || lowerStemsOf(b).has(token)) return false;
  const inA = namesHolding(a, token);
  const inB = namesHolding(b, token);
  return inA.size > 0 && inB.size > 0 && ![...inA].some((n) => inB.has(n));
}

/**
 * Whether a word both statements share is a verb in each, under two other predicates ("Everything
 * is *going* up except my money" / "We've started *going* to the 9am Mass now"): a verb says what
 * is done, not to what or where; the same verb under another predicate, with another object or
 * particle ("going up", "going to"), names no attribute the two share. A noun, or the verb on one
 * side only, may ("the bus to work" / "cycle to work now": "work" after "to" is read as a place).
 *
 *   verbOfBoth(pair("Everything is going up", "We've started going to the 9am Mass now"), "going") // → true
 */
function verbOfBoth(p: Pair, token: string): boolean {
  const verb = (x: Analysis) => {
    const words = wordsOf(x);
    const said = words.filter((w) => contentTokens(w.text).includes(token));
    // After "to" a word is a verb's infinitive or a place the tagger cannot tell apart ("cycle to
    // work", "walk to school"): read as a verb only elsewhere.
    const afterTo = (w: TaggedWord) => words[words.indexOf(w) - 1]?.text.toLowerCase() === "to";
    return said.length > 0 && said.every((w) => w.pos === "VERB" && !afterTo(w));
  };
  return verb(p.a) && verb(p.b);
}

/** The newer text's only change cue is the adjective "new" ("joined a new group"). */
function onlyNewCue(x: Analysis): boolean {
  return /\bnew\b/i.test(x.text) && !hasChangeCue(x.text.replace(/\bnew\b/gi, " ")) && !phrasalChangeOf(x);
}

/**
 * With no subject words ("We run Redis 7.2.4" / "We run Node.js 20.11"), the value's plain words
 * name the thing: each side's must be in the other statement (`plainValuesShared`), or they are
 * two things.
 */
function namedBoth(p: Pair): boolean {
  const { subjA, subjB, valueA, valueB } = sets(p);
  if (subjA.size > 0 && subjB.size > 0) return true;
  const idsA = [...valueA].filter(identifier);
  const idsB = [...valueB].filter(identifier);
  return plainValuesShared(p) && (idsA.length === 0) === (idsB.length === 0);
}

/**
 * Every plain word of each value (not an identifier, a change verb or a state word) is in the other
 * statement: only identifiers were swapped. A plain word on one side names another thing, whatever
 * the subject ("Production runs Redis 6.2.14" / "Production runs Node.js 18.19": Redis and Node.js).
 */
function plainValuesShared(p: Pair): boolean {
  const { valueA, valueB } = sets(p);
  const plain = (v: ReadonlySet<string>, other: Analysis) =>
    [...v].every((w) => identifier(w) || other.content.has(w) || CHANGE_VERBS.has(w) || isStateWord(w));
  return plain(valueA, p.b) && plain(valueB, p.a);
}

/** The most words a changed value may have: a longer "value" is a sentence, and a guess. */
const MAX_VALUE_WORDS = 6;
const shortValues = (p: Pair) => {
  const { valueA, valueB } = valuesOf(p);
  return valueA.size <= MAX_VALUE_WORDS && valueB.size <= MAX_VALUE_WORDS;
};

/** Neither text has more than twice the other's content words: "Thanks for having my back." is not a version of a paragraph. */
const comparableLength = (p: Pair) =>
  Math.max(p.a.content.size, p.b.content.size) <= 2 * Math.min(p.a.content.size, p.b.content.size);

/** Participles that name who holds a role: another attribute than where, which port, which version. */
const ROLE_PARTICIPLES = new Set(["own", "lead", "maintain", "manag", "approv"]);

/** Attribute names beside a value: "port 8443", "version 3.12". */
const VALUE_NAMES = new Set(["port", "version", "region", "value", "number", "setting", "v"]);

/**
 * The value a statement gives: a change's value after "to", or the words beside the attribute of a
 * statement whose verb only links (is, runs, listens, is based …) — none for another verb ("likes").
 */
function valueBeside(
  slots: Slots,
  x: Analysis,
  change: ReturnType<typeof transitionOf>,
  attribute: readonly string[],
): Set<string> | null {
  if (change) return setOf(change.to);
  const linking =
    slots.predicate === null ||
    slots.predicate === "is" ||
    LIGHT_VERBS.has(canon(slots.predicate)) ||
    LIGHT_VERBS.has(slots.predicate);
  if (!linking) return null;
  const rest = [...x.content]
    .map(canon)
    .filter((w) => !attribute.includes(w) && !LIGHT_VERBS.has(w) && !CHANGE_LEMMAS.has(w) && !isStateWord(w));
  return rest.length > 0 && rest.length <= 3 ? setOf(rest) : null;
}

/**
 * An attribute name beside one side's value ("port 6060") is named by the other statement too:
 * "runs on port 6060" / "was moved to eu-central-1" are two attributes.
 */
function sameValueNames(p: Pair): boolean {
  const { valueA, valueB } = valuesOf(p);
  const named = (v: ReadonlySet<string>, other: Analysis) =>
    [...v].every((w) => !VALUE_NAMES.has(w) || other.content.has(w));
  return named(valueA, p.b) && named(valueB, p.a);
}

/** A value word's kind: a number or version (3.12, 8443), an identifier (eu-west-1, v2), a word. */
const shapeOf = (w: string) =>
  /^[\d.,:]+(?:st|nd|rd|th)?$/.test(w) ? "number" : /\d/.test(w) || identifier(w) ? "identifier" : "word";

/**
 * Two values of one attribute: an attribute name beside either value is in the other statement
 * ("port 8443" / "port 5000", not "port 6060" / "eu-central-1"), and the same kinds of word.
 */
function sameShape(x: ReadonlySet<string>, y: ReadonlySet<string>, a: Analysis, b: Analysis): boolean {
  const named = (v: ReadonlySet<string>, other: Analysis) =>
    [...v].every((w) => !VALUE_NAMES.has(w) || other.content.has(w));
  if (!named(x, b) || !named(y, a)) return false;
  const kinds = (v: ReadonlySet<string>) =>
    [...new Set([...v].filter((w) => !VALUE_NAMES.has(w)).map(shapeOf))].sort().join(" ");
  return kinds(x) === kinds(y);
}

/**
 * The kinds of value a statement's value words name: a number ("8443", "3.12", "9:30", "v2", "10am"), an
 * identifier with a digit, a dot or a # ("eu-west-1", "fly.io", "#ops"), or a name
 * written with a capital ("Marco", "MySQL"). Plain lower-case words, attribute names (port,
 * region …) and verbs of change name no kind. One attribute holds values of one kind: a port
 * is not replaced by a region, nor an owner by a region.
 */
function valueKindsOf(value: readonly string[], x: Analysis): Set<string> {
  // Words written in lower case somewhere in the text (a sentence's last word too).
  const plain = setOf((x.text.match(/(?<![\p{L}\p{N}])\p{Ll}\p{L}*(?![\p{L}\p{N}])/gu) ?? []).map(stem));
  const kinds = new Set<string>();
  for (const raw of value) {
    const w = ordinal(raw);
    if (VALUE_NAMES.has(w) || CHANGE_VERBS.has(w) || CHANGE_LEMMAS.has(w) || isStateWord(w)) continue;
    // A number with its unit glued on is a number: "10am", "25k", "2h", "10mb", "3rd".
    if (/^v?\d[\d.,:]*(?:am|pm|k|m|b|kb|mb|gb|tb|ms|s|h|hr|hrs|min|d|w|mo|yr|x|st|nd|rd|th)?$/.test(w))
      kinds.add("number");
    // A hyphen alone joins words ("on-call", "read-only"); a digit, a dot or a # makes an identifier.
    else if (/\d/.test(w) || /^#|[\p{L}\p{N}][._/:][\p{L}\p{N}]/u.test(w)) kinds.add("identifier");
    else if (/^\p{L}+$/u.test(w) && !plain.has(w)) kinds.add("name");
  }
  return kinds;
}

/** Stems of the state words, as content tokens carry them (enabled → enabl). */
const STATE_STEMS = new Set(ENUMERATED_STATES.map(stem));

/** Words that only point (articles, determiners, possessives): the rest of the text's words, stemmed. */
const POINTERS = new Set(
  "a an the this that these those our your their my its his her we i you they".split(" "),
);
const plainWords = (text: string) =>
  setOf(
    rawTokens(text)
      .filter((t) => !POINTERS.has(t))
      .map(stem),
  );

function sameStates(p: Pair): boolean {
  const x = statesIn(p.a);
  const y = statesIn(p.b);
  return x.size === y.size && [...x].every(([g, v]) => y.get(g) === v);
}

function sharesTarget(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return [...a].some((t) => b.has(t)) && !(minus(a, b).length > 0 && minus(b, a).length > 0);
}

/** A noun at `i`, after any adjectives ("Gaz's tax return", "the dentist's new number"). */
function ownedNounAt(words: readonly TaggedWord[], i: number): boolean {
  let j = i;
  while (words[j]?.pos === "ADJ") j++;
  return words[j]?.pos === "NOUN";
}

/**
 * Names said as a possessor ("Gaz's tax return": a name with "'s" right before a noun, or before
 * adjectives and a noun: "the dentist's new number"), stemmed: the
 * subject is the thing possessed, not its owner. "Gaz's delighted" ("Gaz is") is no possessor.
 */
function possessorsOf(x: Analysis): Set<string> {
  const words = wordsOf(x);
  return setOf(
    words.flatMap((w, i) => {
      const owner = possessorOf(w.text);
      return owner !== null && ownedNounAt(words, i + 1) ? [stem(owner.toLowerCase())] : [];
    }),
  );
}

/**
 * A measure's unit said right after its number ("20 lengths", "30 days"), other than a time of day
 * ("7:30"). Only a unit next to its number: "to 10k, training for the half marathon" counts no
 * "training".
 */
const countedUnits = (x: Analysis): Set<string> => {
  const text = x.text.toLowerCase();
  return setOf(
    measuresOf(x.text).flatMap((m) =>
      m.unit !== "time of day" && text.includes(`${m.value} ${m.unit}`) ? [m.unit] : [],
    ),
  );
};

/**
 * The two numbers count other things: one side measures in a unit the other does not say ("i run
 * 5k on sundays" / "i swim 20 lengths on sundays now": lengths on one side only). A number that
 * times the value ("for 30 days" / "for 90 days", "at 7" / "at 6:30") is one attribute's.
 *
 *   otherCounts(pair("i run 5k on sundays", "i swim 20 lengths on sundays now")) // → true
 *   otherCounts(pair("We store logs for 30 days.", "We keep them for 90 days now.")) // → false
 */
function otherCounts(p: Pair): boolean {
  const a = countedUnits(p.a);
  const b = countedUnits(p.b);
  return [...a].some((u) => !b.has(u)) || [...b].some((u) => !a.has(u));
}

/**
 * A copula with no subject words says what "this" or "it" is: a value owned by another on each side
 * ("this is the dentist's new number" / "this is the plumber's new number now") names two owners'
 * things, as an owner on one side of a subject does (`sharesSubject`). The same owner on both is
 * one thing, and under another verb the owner is the value ("i drive dad's car" / "i drive mum's car
 * now").
 */
function ownedByOthers(p: Pair): boolean {
  if (p.sa.predicate !== "is" || p.sb.predicate !== "is") return false;
  const { subjA, subjB } = subjects(p);
  if (subjA.size > 0 || subjB.size > 0) return false;
  const a = possessorsOf(p.a);
  const b = possessorsOf(p.b);
  return a.size > 0 && b.size > 0 && ![...a].some((o) => b.has(o));
}

/** The speaker's own possessives: "my appointment", "our rent". */
const SPEAKER_OWNER = /^(?:my|our)$/i;
/**
 * A third person's possessives: "her rent", "his appointment", "their car". Never the speaker: read
 * against "my"/"our" only (`otherOwner`), since they may stand for the other side's named owner.
 */
const THIRD_PERSON_OWNER = /^(?:his|her|their)$/i;

/**
 * Each thing a statement gives an owner, by the head noun of the phrase the owner opens: a name or
 * a noun with "'s" ("Dad's appointment", "the dentist's new number"), the speaker's "my"/"our"
 * ("my appointment": `speaker`), or a third person's "his"/"her"/"their" (`third person`). A possessive inside the speaker's phrase is the owner ("my dad's
 * appointment" is dad's). Head: `ownedHead`, the last noun of the run after the adjectives, stemmed.
 *
 *   ownersOf(analysisOf("my appointment is at 4 now, dad's is the same")) // → Map { "appointment" → {"speaker"} }
 */
function ownersOf(x: Analysis): Map<string, Set<string>> {
  const words = wordsOf(x);
  const owned = new Map<string, Set<string>>();
  words.forEach((w, i) => {
    const possessor = w.pos === "NOUN" || w.pos === "PROPN" ? possessorOf(w.text) : null;
    const owner =
      possessor !== null
        ? stem(possessor.toLowerCase())
        : SPEAKER_OWNER.test(w.text)
          ? "speaker"
          : THIRD_PERSON_OWNER.test(w.text)
            ? "third person"
            : null;
    if (owner === null) return;
    const head = ownedHead(words, i + 1);
    if (head === null) return;
    owned.set(head, (owned.get(head) ?? new Set<string>()).add(owner));
  });
  return owned;
}

/** What a statement is about: its subject, and what its verb of change acts on ("I upgraded my phone"). */
const aboutOf = (x: Slots) => new Set([...x.subject, ...(x.changedThing?.words ?? [])]);

/**
 * The head of a thing both statements are about — their subject, or what a verb of change acts on
 * ("I upgraded my phone") — that one gives the speaker ("my", "our") and the other a named person
 * ("Dad's"), neither giving it the other's owner ("Dad's appointment is at 3" / "my appointment is
 * at 4 now": `appointment`); null when none. An owned value is a value ("i drive dad's car" / "i
 * drive mum's car now" is a change), two named owners are `different-entity`'s. A third person's
 * pronoun ("his", "her", "their") is no mismatch with a named owner, whom it may stand for ("Dad's
 * appointment" / "his appointment is at 4 now"), but it is never the speaker's `THIRD_PERSON_OWNER`:
 * "my rent is 900" / "my sister says her rent is going to 950" is her rent. "your" is not read.
 */
function otherOwner(p: Pair): string | null {
  const aboutA = aboutOf(p.sa);
  const aboutB = aboutOf(p.sb);
  const a = ownersOf(p.a);
  const b = ownersOf(p.b);
  const speakerOnly = (o: ReadonlySet<string>) => o.has("speaker");
  for (const [head, ownersA] of a) {
    const ownersB = b.get(head);
    if (!ownersB || !aboutA.has(head) || !aboutB.has(head)) continue;
    if ([...ownersA].some((o) => ownersB.has(o))) continue;
    if (speakerOnly(ownersA) !== speakerOnly(ownersB)) return head;
  }
  return null;
}

/** A chat opener before a turn's first clause: "Oh, nothing new". */
const FILLER_OPENER = /^(?:(?:oh|ah|eh|well|honestly|nah|meh|hmm+|so|yeah|ya|lol|haha)\b[\s,.!]*)+/i;
/**
 * A clause that says there is nothing: a negative indefinite ("nothing", "nobody", "no one", "none",
 * "not much", "not a lot", "no news") and only words that say of what there is nothing ("new",
 * "much", "to report", "going on", "changed", "here", "this week" …).
 */
const NEGATIVE_EXISTENTIAL =
  /^(?:nothing|nothin['’]?|nuthin['’]?|nobody|no ?one|none|not much|not a lot|no news)(?:['’]s)?(?:\s+(?:really|much|new|special|different|else|exciting|interesting|major|big|to report|to say|to tell|to add|going on|goin on|happening|here|there|changed|has changed|have changed|at all|today|this week|lately|so far|yet|on my end|on my side|my end|from me|with me|from my side|over here|much new))*$/i;
/**
 * A clause that says all is as it was, with no value: "same as ever", "all good here", "as usual",
 * "no change", "still the same". Like a negative existential, it says no such thing as a change
 * exists; it names no thing and no value.
 */
const NO_NEWS =
  /^(?:(?:all|everything|everything['’]s|everything is|it['’]s all|all is|things are)\s+(?:good|fine|well|ok|okay|grand|quiet|calm|the same)|same (?:as (?:ever|always|usual|before)|old(?:,? same old)?|ol['’]? same ol['’]?)|(?:business )?as (?:usual|always|ever)|no (?:change|changes|updates?)|still (?:the )?same)(?:\s+(?:really|here|there|so far|today|this week|lately|on my end|on my side|over here|lol|haha|tbh|thanks))*$/i;
/**
 * An acknowledgement of what was said ("noted", "got it", "ok", "thanks", "will do", "understood",
 * "I've noted", "I've taken note of"): what follows it in its clause may name what it acknowledges
 * ("Noted the new tuition for this semester", "ok got it re the new time", "thanks for the new
 * address", "I've noted who's at the front desk now"), and says no value of it.
 */
const ACKNOWLEDGEMENT =
  /^(?:(?:ok(?:ay)?|kk?|alright|(?:(?:i|we)(?:['’]ve| have)? )?(?:noted|got it|taken note of|made a note of)|gotcha|understood|will do|sounds good|roger(?: that)?|thanks|thank you|thx|cheers)\b[\s,.!]*)+/i;
/**
 * An embedded question as the thing acknowledged ("who's at the front desk now", "what the new time
 * is", "where they moved it"): a concealed question names what was learnt, not the answer.
 */
const EMBEDDED_QUESTION = /^(?:who|what|when|where|which|how)\b/i;
/** A fragment after the clause, short and with no value: "just tired", "same old", "Ingat po". */
const MAX_FRAGMENT_WORDS = 4;

/** Words with no verb and no number: nothing is said of the thing named ("the new tuition for this semester"). */
const namesOnly = (text: string) =>
  !/\d/.test(text) &&
  !wordsOf(analysisOf(text)).some((w) => w.pos === "VERB" || w.pos === "AUX" || w.pos === "NUM");

/**
 * Whether a turn holds no value: its first clause is a negative existential (`NEGATIVE_EXISTENTIAL`:
 * "Nothing new", "Not much going on") and every clause after it is a fragment of at most four words
 * with no digit and no change cue ("just tired", "same old", "Ingat po").
 *
 *   saysNothing("Nothing new, just tired. Ingat po.")          // → true
 *   saysNothing("Nothing new, but the rent is 1300 now.")     // → false
 *   saysNothing("Nobody lives in the flat upstairs anymore.") // → false
 */
function saysNothing(text: string): boolean {
  const clauses = text
    .replace(FILLER_OPENER, "")
    .split(/[,.;:!?\u2013\u2014]+|\s-\s/)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
  if (clauses.length === 0) return false;
  const first = clauses[0]!;
  const fragment = (c: string) =>
    c.split(/\s+/).length <= MAX_FRAGMENT_WORDS && !/\d/.test(c) && !hasChangeCue(c);
  if (NEGATIVE_EXISTENTIAL.test(first) || NO_NEWS.test(first)) return clauses.slice(1).every(fragment);
  // "Noted the new tuition": an acknowledgement, what it names, and fragments with no verb of their own.
  const acknowledged = ACKNOWLEDGEMENT.exec(first);
  if (!acknowledged) return false;
  const object = first.slice(acknowledged[0].length).trim();
  if (!(EMBEDDED_QUESTION.test(object) ? !/\d/.test(object) : namesOnly(object))) return false;
  return clauses.slice(1).every((c) => fragment(c) && namesOnly(c));
}

/** Adverbs of quantification: with a bare plural subject, they make a generic statement. */
const QUANTIFYING = new Set([
  "often",
  "usually",
  "generally",
  "typically",
  "normally",
  "commonly",
  "sometimes",
  "rarely",
  "seldom",
  "mostly",
]);
/** Plurals not made with "-s". */
const IRREGULAR_PLURALS = new Set(["people", "children", "men", "women"]);
/** Words that tie a statement to the speaker's present: a generic statement has none. */
const SPEAKER_NOW = new RegExp(`\\b${adverbs(NOW, THESE_DAYS, NOT_ANYMORE, NO_LONGER)}\\b`, "i");

/**
 * The kind a generic statement is about: it opens with a bare plural (no determiner, no
 * possessive; adjectives may stand before it), a common noun ("Cats", "Kids", "Older dogs",
 * "People"; a capitalised first word the tagger reads as a name counts when the lexicon lists its
 * singular), right before an adverb of quantification or "tend" ("Cats often accept …", "People
 * tend to …"). The plural's stem; null otherwise ("My cats often …", "The kids usually …",
 * "Cats are fine").
 *
 *   genericKind(analysisOf("Cats often accept a new litter after a day or two.")) // → "cat"
 */
function genericKind(x: Analysis): string | null {
  const words = wordsOf(x).filter((w) => w.pos !== "PUNCT");
  let i = 0;
  while (words[i]?.pos === "ADJ") i++;
  const start = i;
  while (
    words[i]?.pos === "NOUN" ||
    (i === 0 && words[i]?.pos === "PROPN" && listedWord(stem(words[i]!.text.toLowerCase())))
  )
    i++;
  if (i === start) return null;
  const head = words[i - 1]!.text.toLowerCase();
  const plural = IRREGULAR_PLURALS.has(head) || (/[^s]s$/.test(head) && stem(head) !== head);
  const next = words[i];
  if (!plural || !next || !(QUANTIFYING.has(next.text.toLowerCase()) || next.lemma === "tend")) return null;
  return stem(head);
}

/**
 * The head of a statement's first noun phrase, stemmed: what it is about ("litter for the cat: …"
 * → "litter", "the kids go to bed at 8" → "kid"). Determiners, possessives, numbers and adjectives
 * before it are skipped.
 */
function firstNounOf(x: Analysis): string | null {
  const words = wordsOf(x).filter((w) => w.pos !== "PUNCT");
  let i = 0;
  while (i < words.length && !["NOUN", "PROPN"].includes(words[i]!.pos)) {
    if (!["DET", "PRON", "NUM", "ADJ"].includes(words[i]!.pos)) return null;
    i++;
  }
  while (["NOUN", "PROPN"].includes(words[i + 1]?.pos ?? "")) i++;
  const w = words[i];
  return w ? stem(w.text.toLowerCase()) : null;
}

/** Verbs too general to tie two statements to one attribute: "be", "have", "get" … */
const GENERAL_VERBS = new Set("be have do get make take say tell want need like think know let".split(" "));
/**
 * Nouns a verb of change takes that name no thing changed: a change of mind, of plan, of course or
 * of tack takes the speaker's own intention back ("changed plans, we're taking the train").
 */
const NO_THING = new Set(["mind", "plan", "cours", "course", "tack", "tune", "direct", "direction", "gear"]);

/**
 * The head of the noun phrase the newer's verb of change takes right after it, bare
 * (`Slots.bareThing`: "changed endocrinologist") or opened by a determiner or a possessive
 * (`Slots.changedThing`: "changed the routine", "moved our schedule", "switched my meds"), when the
 * older names no such thing: not the head or another word of the phrase, nor, with a lexicon, a
 * noun of the older that WordNet relates to the head (one is the other, a synonym or a kind of it:
 * "switched gp" / "my doctor is dr hughes"). Null when the older names it, when no such phrase
 * stands there (a pronoun, "moved it", is `changedAnotherThing`'s), or when the phrase is a change
 * of mind or plan (`NO_THING`).
 *
 *   otherThingChanged(pair("Tess changed her mind, the outside will be cream.", "Tess changed endocrinologist.")) // → "endocrinologist"
 *   otherThingChanged(pair("Nothing new, just tired.", "The new master changed the routine, breakfast at 0630 now.")) // → "routin"
 *   otherThingChanged(pair("I bank with Chase.", "I switched banks, I'm with Monzo now.")) // → null
 */
function otherThingChanged(p: Pair): string | null {
  if (p.sb.predicate !== "→") return null;
  const named = p.sb.changedThing;
  const thing = p.sb.bareThing ?? (named && !named.pronoun ? named.words : undefined);
  if (!thing || thing.length === 0) return null;
  const head = thing[thing.length - 1]!;
  if (NO_THING.has(head) || thing.some((t) => p.a.content.has(t))) return null;
  // The newer says the older's own verb with the new value ("I work at Deloitte" / "I changed jobs,
  // I work at KPMG now"): the change is of the older's attribute, whatever the thing is called.
  const verbs = (x: Analysis) =>
    new Set(
      wordsOf(x)
        .filter((w) => w.pos === "VERB" && !CHANGE_LEMMAS.has(w.lemma) && !GENERAL_VERBS.has(w.lemma))
        .map((w) => w.lemma),
    );
  const verbsA = verbs(p.a);
  if ([...verbs(p.b)].some((v) => verbsA.has(v))) return null;
  const lexicon = p.lexicon;
  if (lexicon) {
    const headLemma = wordsOf(p.b).find((w) => stem(w.text.toLowerCase()) === head)?.lemma ?? head;
    const nouns = wordsOf(p.a).filter((w) => w.pos === "NOUN" || w.pos === "PROPN");
    const related = (n: string) =>
      lexicon.nounRelation(headLemma, n) !== null || lexicon.nounRelation(n, headLemma) !== null;
    if (nouns.some((w) => related(w.lemma) || related(w.text.toLowerCase()))) return null;
  }
  return head;
}

/**
 * The newer's verb of change takes a thing right after it, and that thing is a pronoun (it names
 * nothing the older can be about: "Kayla renamed her, said the old name was for a cow") or names
 * nothing the older says by its head noun ("Kayla renamed the truck", "wade moved the pines rehearsal
 * UP" after "wade extended the pines run"), while the subject the two share is the one
 * who made the change: the older's subject did not change, another thing did ("Kayla goes to
 * Lasalle Secondary"). The thing named by the older is one change ("sam moved his standup to 10"
 * after "sam's standup is at 9:30"); so is a change with nothing between the verb and its value
 * ("dad moved to cork").
 */
function changedAnotherThing(p: Pair): boolean {
  const thing = p.sb.predicate === "→" ? p.sb.changedThing : undefined;
  if (!thing) return false;
  const { subjA, subjB } = subjects(p);
  if (![...subjA].some((t) => subjB.has(t))) return false;
  // The phrase's head, its last noun, names the thing: "the pines rehearsal" is no "pines run".
  const head = thing.words[thing.words.length - 1];
  return thing.pronoun || head === undefined || !p.a.content.has(head);
}

/**
 * The two subjects share a word, said alike on both sides: an owner on one side only ("gaz has the
 * sports pass" / "Gaz's tax return is done by Crunch now") is two things of one person's.
 */
function sharesSubject(p: Pair): boolean {
  const { subjA, subjB } = subjects(p);
  if (subjA.size === 0 || subjB.size === 0) return p.shared.length > 0;
  const ownerA = possessorsOf(p.a);
  const ownerB = possessorsOf(p.b);
  return p.shared.some((t) => subjA.has(t) && subjB.has(t) && ownerA.has(t) === ownerB.has(t));
}
