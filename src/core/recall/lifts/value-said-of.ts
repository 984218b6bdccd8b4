/**
 * Whether a new value is said *of* the thing a noun names, read by a shallow parse of one sentence:
 * "the group's on to Young Mungo now" says "Young Mungo" of the group; "a new conductor at choir
 * now, a young music teacher called Declan" says "Declan" of the choir's conductor; "Kelvin Heating
 * did the service on my boiler" says "Kelvin Heating" of the boiler's service. A sentence that only
 * names the thing beside the value says nothing of it: the noun as a modifier of another thing
 * ("the station **car** park"), a place the clause happens in ("4 cameras total at the parents'
 * house"), another thing's holder ("the **parents'** house"), or a clause of its own — a cause
 * ("…since Gaz's **rates** went up"), a next clause with a subject of its own ("…and i read the
 * Record", "…, Sandra's moved to the Doncaster office").
 *
 * The tagger's parts of speech (`tagged`), no dependency parse: where the reading is unsure it says
 * so by a reason other than `said-of`, and a lift defers.
 */
import type { TaggedWord } from "../../judge/tagger.js";
import { AS, alternatives, MOSTLY_PREPOSITIONS, SPOKEN_BECAUSE, SUBORDINATORS } from "../../subordinators.js";
import { contentTokens } from "../../text.js";
import { tagged } from "../../typed-values.js";

/** How a sentence holds a noun and a value: `said-of` when the value is said of the noun's thing. */
export type ValueSaidOf =
  /** The value is said of the thing the noun names. */
  | "said-of"
  /** The sentence does not say the noun, or not the value. */
  | "not-said"
  /** The noun owns another thing ("the bakery's liability policy", "the parents' house"). */
  | "holder"
  /** The noun modifies another noun the older does not say ("the station car park" for "car insurance"). */
  | "modifier"
  /** A noun before it names another kind of the thing, one neither the older nor the question says ("the food budget" for "the kitchen renovation budget"). */
  | "another-kind"
  /** The noun is in a phrase of place or manner the clause happens in, not of a noun ("total at the parents' house"). */
  | "place"
  /** A clause boundary stands between the noun and the value (a cause, a next clause with its own subject). */
  | "another-clause";

/**
 * Words that open a subordinate clause of cause, time or condition, beside the tagger (it must not
 * read them as a preposition or an adverb): every subordinator but "after" and "before", which open
 * a clause here only where the tagger reads a conjunction; "as"; "because" as typed ("cos").
 */
const SUBORDINATOR = new RegExp(
  `^(?:${alternatives([...SUBORDINATORS.filter((w) => !MOSTLY_PREPOSITIONS.has(w)), AS, ...SPOKEN_BECAUSE])})$`,
  "i",
);

/** A pronoun that is a clause's subject, with or without its contracted verb ("i", "we've", "he's", "I'm"). */
const SUBJECT_PRONOUN = /^(?:i|we|he|she|they|you|it)(?:['’](?:s|ve|re|m|ll|d))?$/i;

/** Words that join a next clause when its subject follows ("and i read…", "so we had…"). */
const JOINER = /^(?:and|but|or|so|then|plus)$/i;

/** The parts of speech a noun phrase is made of (its determiners, possessors, adjectives, nouns, numbers). */
const NOUN_PHRASE = /^(?:DET|PRON|ADJ|NOUN|PROPN|NUM)$/;

/** A possessor before a noun ("my", "our"…): part of the noun's phrase, not a subject. */
const POSSESSIVE = /^(?:my|our|your|his|her|their|its)$/i;

/** A name or noun with a contracted "is" or "has" before a verb ("Sandra's moved"): a subject. */
const CONTRACTED = /['’]s$/i;

/** Whether a clause boundary opens at word `i`, given the text between word `i - 1` and it. */
function opensClause(words: readonly TaggedWord[], i: number, gap: string): boolean {
  const w = words[i]!;
  const next = words[i + 1];
  if (/[;:—–]/.test(gap) || /\s-\s/.test(gap)) return true;
  if (w.pos === "SCONJ" && w.text.toLowerCase() !== "that") return true;
  if (w.text.toLowerCase() === "because") return true;
  if (SUBORDINATOR.test(w.text) && w.pos !== "ADP" && w.pos !== "ADV") return true;
  const subject = (x: TaggedWord | undefined, after: TaggedWord | undefined) =>
    !!x &&
    ((x.pos === "PRON" && SUBJECT_PRONOUN.test(x.text)) ||
      ((x.pos === "PROPN" || x.pos === "NOUN") &&
        CONTRACTED.test(x.text) &&
        (after?.pos === "VERB" || after?.pos === "AUX")));
  // "and i read…", "so we had…", "and now each job finishes…": a joiner, then (past an adverb) a
  // subject — a pronoun, or a noun phrase and its verb.
  if (JOINER.test(w.text)) {
    const j = next?.pos === "ADV" ? i + 2 : i + 1;
    if (subject(words[j], words[j + 1])) return true;
    // A noun phrase and its verb after a joiner open a clause only after a verb in the sentence before it:
    // "notes and ideas go in Keep" joins two nouns, "vectorized it and now each job finishes" two clauses.
    const verbBefore = words.slice(0, i).some((x) => x.pos === "VERB" || x.pos === "AUX");
    const after = afterNounPhrase(words, j);
    return verbBefore && after > j && (words[after]?.pos === "VERB" || words[after]?.pos === "AUX");
  }
  // ", she has taken…", ", Sandra's moved…", ", number is…": a comma, then a subject — a pronoun, or
  // a noun phrase and a finite "be", "have" or "do" (not a participle: ", a teacher called Declan").
  if (!gap.includes(",")) return false;
  const after = afterNounPhrase(words, i);
  return subject(w, next) || (after > i && words[after]?.pos === "AUX");
}

/** The index after a noun phrase that opens at word `j` (its determiners, possessors, adjectives, nouns), or `j` when none names a thing. */
function afterNounPhrase(words: readonly TaggedWord[], j: number): number {
  let noun = false;
  let k = j;
  for (; k < words.length && NOUN_PHRASE.test(words[k]!.pos); k++) {
    if (words[k]!.pos === "PRON" && !POSSESSIVE.test(words[k]!.text)) break;
    noun ||= words[k]!.pos === "NOUN" || words[k]!.pos === "PROPN";
  }
  return noun ? k : j;
}

/** Where a lower-cased value starts in a sentence (its first word when not found whole), or -1. */
function valueAt(sentence: string, value: string): number[] {
  const lower = sentence.toLowerCase();
  const forms = [
    value.toLowerCase(),
    value
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .find((p) => p) ?? "",
  ];
  for (const form of forms) {
    if (!form) continue;
    const out: number[] = [];
    for (let at = lower.indexOf(form); at >= 0; at = lower.indexOf(form, at + 1)) out.push(at);
    if (out.length > 0) return out;
  }
  return [];
}

/** The index of the word a character offset falls in. */
function wordAt(words: readonly TaggedWord[], offset: number): number {
  let i = 0;
  while (i + 1 < words.length && words[i + 1]!.start <= offset) i++;
  return i;
}

/** Whether word `i`, written with "'s" or a plural's "'", owns what follows it ("the bakery's liability policy"). */
function ownsNext(sentence: string, words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!;
  const after = sentence.slice(w.start + w.text.length, words[i + 1]?.start ?? sentence.length);
  const possessive = CONTRACTED.test(w.text) || /^['’]/.test(after);
  if (!possessive) return false;
  const [first, second] = [words[i + 1], words[i + 2]];
  if (first?.pos === "NOUN" || first?.pos === "PROPN") return true;
  return first?.pos === "ADJ" && (second?.pos === "NOUN" || second?.pos === "PROPN");
}

/**
 * How `sentence` holds the noun `word` (stemmed, as `contentTokens` gives it) and `value` (lower
 * case, as `valuesByKind` gives it): `said-of` when some use of the noun and some use of the value
 * are in one clause (no subordinator, no next clause with its own subject between them) and the
 * noun names the thing there — not another's holder, not a modifier of a noun `older` does not say,
 * not after a noun naming another kind of it that neither `older` nor `question` says ("the food budget"),
 * not in a phrase of place that follows no noun ("at choir" after "conductor" is the conductor's;
 * "at the parents' house" after "total" is where). Otherwise the first reason found.
 * `await loadTagger()` first.
 *
 *   valueSaidOf("We finished that book and the group's on to Young Mungo now.", "group", "young mungo", "The book group is reading Shuggie Bain.") // → "said-of"
 *   valueSaidOf("Bumping the pot up to £250 since Gaz's rates went up.", "rate", "£250", "Gaz's rate is £45 an hour.")                   // → "another-clause"
 */
export function valueSaidOf(
  sentence: string,
  word: string,
  value: string,
  older: string,
  question = "",
): ValueSaidOf {
  const words = tagged(sentence);
  const nouns = words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => (w.pos === "NOUN" || w.pos === "PROPN") && contentTokens(w.text).includes(word))
    .map(({ i }) => i);
  const values = valueAt(sentence, value).map((at) => wordAt(words, at));
  if (nouns.length === 0 || values.length === 0) return "not-said";
  const olderWords = new Set(contentTokens(older));
  const namedWords = new Set([...olderWords, ...contentTokens(question)]);
  let reason: ValueSaidOf | null = null;
  const note = (r: ValueSaidOf) => {
    reason ??= r;
  };
  for (const n of nouns) {
    if (ownsNext(sentence, words, n)) {
      note("holder");
      continue;
    }
    // A modifier of the next noun names that noun's kind: the thing is the next noun, unless the older says it too.
    const head = words[n + 1];
    if (
      head &&
      head.pos === "NOUN" &&
      !values.includes(n + 1) &&
      !contentTokens(head.text).some((t) => olderWords.has(t))
    ) {
      note("modifier");
      continue;
    }
    // A common noun just before it names a kind of the thing: one neither statement nor the question names is another thing.
    const kind = words[n - 1];
    if (
      kind?.pos === "NOUN" &&
      !values.includes(n - 1) &&
      !ownsNext(sentence, words, n - 1) &&
      !contentTokens(kind.text).some((t) => namedWords.has(t))
    ) {
      note("another-kind");
      continue;
    }
    // The noun phrase's first word: back over its determiners, possessors, adjectives and modifiers.
    let first = n;
    while (first > 0 && NOUN_PHRASE.test(words[first - 1]!.pos)) {
      const prev = words[first - 1]!;
      if (prev.pos === "PRON" && !POSSESSIVE.test(prev.text)) break;
      first--;
    }
    const before = words[first - 1];
    if (before?.pos === "ADP" && !/^(?:NOUN|PROPN)$/.test(words[first - 2]?.pos ?? "")) {
      note("place");
      continue;
    }
    for (const v of values) {
      const [from, to] = v < n ? [v, n] : [n, v];
      let boundary = false;
      for (let i = from + 1; i <= to && !boundary; i++) {
        const gap = sentence.slice(words[i - 1]!.start + words[i - 1]!.text.length, words[i]!.start);
        boundary = opensClause(words, i, gap);
      }
      if (!boundary) return "said-of";
      note("another-clause");
    }
  }
  return reason ?? "not-said";
}
