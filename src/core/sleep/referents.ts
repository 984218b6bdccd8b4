/**
 * What a pronoun of a distilled clause stands for, when the thing it names was said outside the
 * clause: the clause keeps the referent's words for matching, never in its text.
 *
 * Sleep distils a statement of state out of a longer turn (chat-turns.ts `statementsOfState`) as
 * its own proposition. A sentence that names its thing only by a pronoun ("My old laptop finally
 * died. Anyway I replaced it with a MacBook Air.") loses the thing it is about once it stands
 * alone: "I replaced it with a MacBook Air" shares no word with "My laptop is a ThinkPad", so the
 * write gate never meets the pair, and recall's newer-first word test never links them.
 * `referentsOf` resolves such a pronoun to the noun phrase of the same turn it stands for, by named
 * rules over the tagger's parse (all needed):
 *
 *   - `REFERRING`: "it" is no pleonastic subject ("it's raining", "it's been a long week", "it's hard
 *     to say", "it turns out"); the pronouns read are it/it's/its (one thing), they/them/they're
 *     (several), and "that one", "this one", "the new one", "the old one", "the other one" (one).
 *   - `NEAREST`: the nearest noun phrase before the pronoun, a noun of time skipped ("last week"):
 *     first within the clause (then nothing is added: its words are there already), then the turn's
 *     earlier sentences, the nearest first, at most two back.
 *   - `AGREES`: its number agrees (a plural head for they/them, a singular one for it; a proper
 *     name ending in "s" may be either: "the Hokas").
 *   - `NOT_A_PERSON` (it, and the "one" forms): its head is no person (`Lexicon.isPerson`: "my
 *     sister", "the GP"; a noun that may also name a made thing, `Lexicon.isArtifact`, is no
 *     person to "it": "the home server"), nor a bare name that opens its sentence as its subject ("Priya left").
 *   - `NOT_ASKED`: the noun phrase is not in a question the speaker asked ("Do you like the Kobo?
 *     It's warmer at night." names nothing the speaker holds): refused, not passed over.
 *   - `SAME_SPEAKER`: nothing across turns, except `ANSWERS`: a clause that opens a turn with no
 *     noun phrase before its pronoun, answering the other speaker's question that names the thing
 *     ("What do you think of your new Kobo?" / "I love it, the screen is warmer"): the question's
 *     nearest agreeing noun phrase, "your" read as "my".
 *
 * Unsure is refused: a pronoun no rule resolves keeps only its own words (a wrong referent would
 * link the clause to the wrong older belief, worse than no link).
 *
 * Callers `await loadTagger()` first.
 *
 *   referentsOf("My old laptop finally died. Anyway I replaced it with a MacBook Air.", "I replaced it with a MacBook Air.")
 *   // → [{ pronoun: "it", referent: "my old laptop" }]
 */
import { adverbWords, NOW } from "../change-adverbs.js";
import { isWhenWord } from "../judge/analysis.js";
import { type TaggedWord, tag } from "../judge/tagger.js";
import { capitalTitles, TITLES } from "../person-words.js";
import type { Lexicon } from "../ports.js";
import { isQuestion, stem } from "../text.js";
import { sentencesOf } from "./chat-turns.js";

export interface Referent {
  /** The pronoun as written, lower case ("it", "it's", "them", "the new one"). */
  pronoun: string;
  /** The noun phrase it stands for, as written in the turn (a question's "your" as "my"). */
  referent: string;
}

/** Why a pronoun was or was not resolved: the rule that decided, for the table tests and traces. */
export type Resolution =
  | { pronoun: string; referent: string; rule: "earlier-sentence" | "answers-question" }
  | {
      pronoun: string;
      referent: null;
      rule:
        | "in-clause"
        | "pleonastic"
        | "in-question"
        | "person"
        | "no-antecedent"
        | "speaker-change"
        | "number";
    };

/** Pronouns of one thing, of several, and the "one" phrases (one thing). */
const SINGULAR = new Set(["it", "it's", "it’s", "its"]);
const PLURAL = new Set(["they", "them", "they're", "they’re"]);
const ONE_PHRASE = /\b(?:that|this|the new|the old|the other)\s+one\b(?!\s+(?:of|who|which|that)\b)/giu;

/** Words that may open a noun phrase or stand inside it. */
const NP_POS = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM"]);
const POSSESSIVES = new Set(["my", "our", "your", "his", "her", "their"]);
const HEAD_POS = new Set(["NOUN", "PROPN"]);

/** Weather said of no thing: "it's raining", "it was freezing", "it snowed". */
const WEATHER = new Set(
  "rain raining rained snow snowing snowed hail hailing drizzle drizzling pour pouring poured sleet thunder thundering sunny cloudy windy foggy rainy snowy stormy humid muggy chilly freezing icy misty drizzly overcast".split(
    " ",
  ),
);
/** Verbs whose "it" is the frame of what follows, not a thing: "it seems", "it turns out". */
const FRAME_VERBS = new Set([
  "seem",
  "seems",
  "seemed",
  "appear",
  "appears",
  "appeared",
  "turns",
  "turned",
  "depends",
  "depend",
  "occurred",
  "happens",
  "happened",
  "sucks",
  "feels",
  "felt",
]);
/** "now" and Scots "noo" (`NOW`): an adverb of the present, read as a complement of time, never skipped as a mere adverb. */
const NOW_WORDS = new Set(adverbWords(NOW));
const TIME_COMPLEMENT = new Set(["time", "late", "early", ...NOW_WORDS, "noon", "midnight", "o'clock"]);

interface NounPhrase {
  text: string;
  head: TaggedWord;
  /** Index of the phrase's first word in its sentence's tags. */
  first: number;
  plural: boolean | null;
  bareName: boolean;
  start: number;
  /** Its words, tagged in their sentence. */
  parts: TaggedWord[];
}

/** The noun phrases of tagged words: runs of determiners, possessives, adjectives, numbers and nouns ending in a noun. */
function nounPhrases(words: readonly TaggedWord[], text: string): NounPhrase[] {
  const out: NounPhrase[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const opens = NP_POS.has(w.pos) || (w.pos === "PRON" && POSSESSIVES.has(w.text.toLowerCase()));
    if (!opens) {
      i++;
      continue;
    }
    let j = i;
    let lastHead = -1;
    while (j < words.length) {
      const x = words[j]!;
      const inside =
        NP_POS.has(x.pos) || (j === i && x.pos === "PRON" && POSSESSIVES.has(x.text.toLowerCase()));
      if (!inside) break;
      // After its head a phrase goes on only by a compound's nouns or a model's number ("desk chair",
      // "iPhone 15"): "a Chemex last week" is two phrases, "the Strat the day" too.
      if (lastHead >= 0 && !HEAD_POS.has(x.pos) && x.pos !== "NUM") break;
      if (HEAD_POS.has(x.pos)) lastHead = j;
      j++;
    }
    if (lastHead >= 0 && !addressed(words.slice(i, lastHead + 1), text)) {
      const head = words[lastHead]!;
      const first = words[i]!;
      const end = head.start + head.text.length;
      const lower = head.text.toLowerCase();
      // A name ending in "s" may be either ("the Hokas", "Brooks"); a noun is plural when its lemma drops an "s".
      const plural =
        head.pos === "PROPN"
          ? /[^s]s$/i.test(head.text)
            ? null
            : false
          : head.lemma !== lower && /s$/i.test(lower);
      out.push({
        text: text.slice(first.start, end),
        head,
        first: i,
        plural,
        bareName: i === lastHead && head.pos === "PROPN",
        start: first.start,
        parts: words.slice(i, lastHead + 1),
      });
      i = lastHead + 1;
    } else i = j;
  }
  return out;
}

/** Words that address the listener, not a thing: "Thanks, Melanie", "Congrats", "Hey Dave". */
const ADDRESS = new Set(
  "thanks thank thx cheers hi hey hello hiya bye congrats congratulations wow yay lol haha omg aw aww".split(
    " ",
  ),
);

/**
 * A phrase that addresses the listener: it holds a word of address ("Thanks, Melanie"), or it is a
 * bare name set off by a comma before it and a mark or the end after it (a vocative, "…, Dave!").
 */
function addressed(parts: readonly TaggedWord[], text: string): boolean {
  if (parts.some((w) => ADDRESS.has(w.text.toLowerCase()))) return true;
  if (parts.length !== 1 || parts[0]!.pos !== "PROPN" || text === "") return false;
  const w = parts[0]!;
  const before = text.slice(0, w.start).trimEnd();
  const after = text.slice(w.start + w.text.length).trimStart();
  return before.endsWith(",") && (after === "" || /^[,!.?]/.test(after));
}

/** A noun of time is when, not what: "last week", "every morning", "the weekend". */
const isTime = (np: NounPhrase): boolean =>
  isWhenWord(stem(np.head.text.toLowerCase())) ||
  isWhenWord(np.head.lemma) ||
  TIME_COMPLEMENT.has(np.head.lemma);

/** `REFERRING`: whether an "it" at `i` frames what follows rather than naming a thing. */
function pleonastic(words: readonly TaggedWord[], i: number): boolean {
  const w = words[i]!.text.toLowerCase();
  if (w === "its") return false;
  const next = words.slice(i + 1, i + 5).map((x) => x.text.toLowerCase());
  const lemmas = words.slice(i + 1, i + 5).map((x) => x.lemma);
  const pos = words.slice(i + 1, i + 5).map((x) => x.pos);
  if (next.length === 0) return false;
  if (WEATHER.has(next[0]!) || FRAME_VERBS.has(next[0]!)) return true;
  // After a form of "be" ("it's", "it is", "it was", "it's been", "it'll be"), skipping one adverb.
  let k = 0;
  if (w === "it") {
    while (
      k < next.length &&
      (lemmas[k] === "be" || lemmas[k] === "will" || next[k] === "has" || next[k] === "had")
    )
      k++;
    if (k === 0) return next[0] === "looks" && next[1] === "like";
  } else while (k < next.length && (lemmas[k] === "be" || next[k] === "has" || next[k] === "had")) k++;
  if (k < next.length && pos[k] === "ADV" && !NOW_WORDS.has(next[k]!)) k++;
  const c = next[k];
  if (c === undefined) return false;
  if (WEATHER.has(c) || TIME_COMPLEMENT.has(c)) return true;
  // "it's been a long week", "it's 5pm", "it's Monday": a time for complement.
  const rest = words.slice(i + 1 + k);
  const np = nounPhrases(rest, "").find((p) => p.first === 0);
  if (np && isTime(np)) return true;
  if (/^\d/.test(c) && /(?:am|pm)$/i.test(c)) return true;
  // Extraposition: "it's hard to say", "it's a shame that…", "it was nice to see…".
  const after = rest.slice(np ? rest.indexOf(np.head) + 1 : 1).map((x) => x.text.toLowerCase());
  if (
    (pos[k] === "ADJ" || np) &&
    (after[0] === "to" || after[0] === "that" || after[0] === "how" || after[0] === "whether")
  )
    return true;
  return false;
}

/** The pronouns of a clause, as written, in order: word index in its tags, or the "one" phrase's offset. */
interface Pronoun {
  pronoun: string;
  plural: boolean;
  /** Character offset in the clause. */
  start: number;
  /** Index of the pronoun's word in the clause's tags (the "one" phrases: their first word). */
  index: number;
}

function pronounsOf(words: readonly TaggedWord[], clause: string): Pronoun[] {
  const out: Pronoun[] = [];
  for (const [i, w] of words.entries()) {
    const lower = w.text.toLowerCase();
    if (SINGULAR.has(lower)) out.push({ pronoun: lower, plural: false, start: w.start, index: i });
    else if (PLURAL.has(lower)) out.push({ pronoun: lower, plural: true, start: w.start, index: i });
  }
  for (const m of clause.matchAll(ONE_PHRASE)) {
    const start = m.index ?? 0;
    const index = words.findIndex((w) => w.start >= start);
    out.push({ pronoun: m[0].toLowerCase(), plural: false, start, index });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The nearest agreeing phrase in `nps` (last first), time nouns skipped; null when none. */
function nearest(
  nps: readonly NounPhrase[],
  p: Pronoun,
  before = Number.POSITIVE_INFINITY,
): NounPhrase | "number" | null {
  let mismatch = false;
  for (let k = nps.length - 1; k >= 0; k--) {
    const np = nps[k]!;
    if (np.start >= before || isTime(np)) continue;
    // A "one" phrase names a thing of its own head: "the new one" is no "one".
    if (np.head.lemma === "one") continue;
    if (np.plural === null || np.plural === p.plural) return np;
    mismatch = true;
    // Agreement is read against the nearest phrase only: a farther one is not reached past it.
    break;
  }
  return mismatch ? "number" : null;
}

/** `NOT_A_PERSON`: a person named by a noun ("my sister") or by a bare name that opens its sentence. */
function person(np: NounPhrase, lexicon: Lexicon | undefined): boolean {
  // A noun that may name a made thing ("the home server", "our broadband router": a waiter and a
  // worker first in WordNet) is read as the thing the speaker calls "it".
  if (np.head.pos === "NOUN")
    return (lexicon?.isPerson(np.head.lemma) ?? false) && !(lexicon?.isArtifact?.(np.head.lemma) ?? false);
  return np.bareName && np.first === 0;
}

/**
 * What a pronoun stands for, in the phrase's words: the whole phrase ("my old laptop"); for a "one"
 * form, the thing's kind only, its nouns ("the new one" after "The old desk chair broke": "desk
 * chair"), as "the new one" is another of that kind.
 */
function named(np: NounPhrase, p: Pronoun): string {
  if (!/\bone$/.test(p.pronoun)) return np.text;
  const noun = np.parts.find((w) => HEAD_POS.has(w.pos));
  return noun ? np.text.slice(noun.start - np.start) : np.text;
}

/** "your new Kobo" in the other speaker's question is "my new Kobo" in the answer. */
const asAnswerer = (text: string): string => text.replace(/^your\b/i, "my").replace(/^Your\b/, "My");

/**
 * Every pronoun of `clause` (a sentence or clause of `turn`, as `statementsOfState` took it out)
 * with the rule that resolved or refused it. `asked`: the turn just before, when another speaker
 * said it (the caller knows the speakers); only a question of theirs is read.
 */
export function resolvePronouns(
  turn: string,
  clause: string,
  options: { lexicon?: Lexicon | undefined; asked?: string | undefined } = {},
): Resolution[] {
  const words = tag(clause);
  const pronouns = pronounsOf(words, clause);
  if (pronouns.length === 0) return [];
  const sentences = sentencesOf(turn);
  const lowerClause = clause.toLowerCase().trim();
  const at = sentences.findIndex(
    (s) => s.toLowerCase().includes(lowerClause) || lowerClause.includes(s.toLowerCase()),
  );
  const earlier = at < 0 ? [] : sentences.slice(Math.max(0, at - 2), at);
  const own = nounPhrases(words, clause);
  const out: Resolution[] = [];
  for (const p of pronouns) {
    const lower = p.pronoun;
    if (SINGULAR.has(lower) && pleonastic(words, p.index)) {
      out.push({ pronoun: lower, referent: null, rule: "pleonastic" });
      continue;
    }
    const inClause = nearest(own, p, p.start);
    if (inClause === "number") {
      out.push({ pronoun: lower, referent: null, rule: "number" });
      continue;
    }
    if (inClause) {
      out.push({ pronoun: lower, referent: null, rule: "in-clause" });
      continue;
    }
    let decided: Resolution | null = null;
    for (let s = earlier.length - 1; s >= 0 && !decided; s--) {
      const sentence = earlier[s]!;
      const nps = nounPhrases(tag(sentence), sentence);
      const np = nearest(nps, p);
      if (np === null) continue;
      if (np === "number") decided = { pronoun: lower, referent: null, rule: "number" };
      else if (isQuestion(sentence)) decided = { pronoun: lower, referent: null, rule: "in-question" };
      else if (!p.plural && person(np, options.lexicon))
        decided = { pronoun: lower, referent: null, rule: "person" };
      else decided = { pronoun: lower, referent: named(np, p), rule: "earlier-sentence" };
    }
    if (!decided && at === 0 && options.asked !== undefined) {
      // `ANSWERS`: only a question of the other speaker's, and only its own phrases.
      const question = sentencesOf(options.asked).filter(isQuestion).at(-1);
      const nps = question ? nounPhrases(tag(question), question) : [];
      const np = question ? nearest(nps, p) : null;
      if (!question) decided = { pronoun: lower, referent: null, rule: "speaker-change" };
      else if (np === "number") decided = { pronoun: lower, referent: null, rule: "number" };
      else if (np && !(!p.plural && person(np, options.lexicon)))
        decided = { pronoun: lower, referent: asAnswerer(named(np, p)), rule: "answers-question" };
      else if (np) decided = { pronoun: lower, referent: null, rule: "person" };
    }
    out.push(decided ?? { pronoun: lower, referent: null, rule: "no-antecedent" });
  }
  return out;
}

/** The resolved pronouns of `clause`, each once: what the clause's matching words gain. */
export function referentsOf(
  turn: string,
  clause: string,
  options: { lexicon?: Lexicon | undefined; asked?: string | undefined } = {},
): Referent[] {
  const out: Referent[] = [];
  for (const r of resolvePronouns(turn, clause, options))
    if (r.referent !== null && !out.some((o) => o.pronoun === r.pronoun && o.referent === r.referent))
      out.push({ pronoun: r.pronoun, referent: r.referent });
  return out;
}

/** Why a neighbour's noun was or was not taken as the clause's topic: for the table tests and traces. */
export interface TopicResolution {
  /** The neighbour's noun phrase's nouns ("energy company", "coffee"). */
  noun: string;
  topic: string | null;
  rule:
    | "neighbour-topic"
    | "in-clause"
    | "no-name"
    | "untitled"
    | "unrelated"
    | "own-kind"
    | "no-kind"
    | "name"
    | "in-question"
    | "time"
    | "no-lexicon";
}

/** A name given a title ("Dr Lindqvist", "Mrs. Rose", "Doctor Reyes"): a person for sure. */
const TITLED = new RegExp(`\\b(?:${capitalTitles([...TITLES.keys()])}|Doctor)\\.?\\s+\\p{Lu}`, "u");

/**
 * `NEIGHBOUR_TOPIC`: the topic of a clause taken out of its turn, named only in a neighbouring
 * sentence of the same turn, with no pronoun: "Lent started so I gave up sugar, which means black
 * coffee only for a while. I bought a Chemex last week and I brew with it every morning now." —
 * the clause is about coffee and never says it; "We switched energy company. EDF does it cheaper."
 * Each noun phrase of the sentence just before the clause (the one after it when the one before
 * names none), by named conditions, all needed:
 *
 *   - `SAME_SPEAKER` / `ADJACENT`: a sentence of the same turn, next to the clause's own.
 *   - `NOT_ASKED`: the sentence is no question ("Any tips for a first Chemex pour?").
 *   - `KIND`: its head is a common noun (not a name: "not a person's name") whose dominant senses in
 *     WordNet are all of one kind a topic may be (`Lexicon.topicKind`): a made thing, a food or
 *     drink, an organisation, a role; not a time ("last week", "a while").
 *   - `NAMES_A_THING`: the clause names a thing by a name the noun may classify ("a Chemex", "EDF",
 *     "Dr Lindqvist"): a clause of common nouns only ("I switched to oat milk now") says its own
 *     kind of thing, and a neighbour's "my sister" is no topic of it.
 *   - `TITLED` (a role only): a role classifies a person, so the clause's name must be one for sure,
 *     a titled name ("Dr Lindqvist"); "my sister" beside "I get oat milk at Lidl now" is no topic.
 *   - `RELATED`: a verb of the clause, read as a noun or by a noun WordNet derives from it, and the
 *     noun are of one kind within two steps (`Lexicon.sharesKind`: "brew" and "coffee" are both a
 *     beverage). A turn often says two unrelated things side by side ("The vet put Luna on new
 *     kibble. I sold the Merc and bought a Tesla."): adjacency alone is no topic. So "We switched
 *     energy company. EDF does it cheaper." gains nothing: "does" says no kind (unsure: refused).
 *   - `NOT_OWN_KIND`: the clause has no common noun of its own of that kind ("I get oat milk at
 *     Lidl now" names its food: "coffee" beside it is another thing), and does not say the noun
 *     already.
 *
 * The topic is the phrase's nouns ("energy company"; "black coffee" → "coffee"). Unsure (no
 * lexicon, a name, a noun of another kind) is no topic: the clause keeps its own words.
 */
export function resolveTopics(
  turn: string,
  clause: string,
  options: { lexicon?: Lexicon | undefined } = {},
): TopicResolution[] {
  const sentences = sentencesOf(turn);
  const lowerClause = clause.toLowerCase().trim();
  const at = sentences.findIndex(
    (s) => s.toLowerCase().includes(lowerClause) || lowerClause.includes(s.toLowerCase()),
  );
  if (at < 0) return [];
  const kind = options.lexicon?.topicKind?.bind(options.lexicon);
  const words = tag(clause);
  const said = new Set(words.flatMap((w) => [w.text.toLowerCase(), w.lemma]));
  const ownKinds = new Set(words.filter((w) => w.pos === "NOUN").map((w) => (kind ? kind(w.lemma) : null)));
  const named = words.some((w) => w.pos === "PROPN" && !/^i$/i.test(w.text));
  // `RELATED`: a verb of the clause, read as a noun or by a noun made of it, is of a kind with the
  // topic ("brew" and "coffee": beverages); a sentence beside the clause may be about anything.
  const nounsOfVerbs = words
    .filter((w) => w.pos === "VERB")
    .flatMap((w) => [w.lemma, ...(options.lexicon?.derivedNouns(w.lemma) ?? [])]);
  const related = (head: string): boolean =>
    nounsOfVerbs.some((n) => options.lexicon?.sharesKind?.(head, n) ?? false);
  // A role names a person: only a name the clause gives a title ("Dr Lindqvist") is one for sure.
  const titled = TITLED.test(clause);
  for (const n of [at - 1, at + 1]) {
    const sentence = sentences[n];
    if (sentence === undefined) continue;
    const nps = nounPhrases(tag(sentence), sentence);
    if (nps.length === 0) continue;
    const out: TopicResolution[] = [];
    for (const np of nps) {
      const nouns = np.parts.filter((w) => w.pos === "NOUN");
      const noun = nouns.length > 0 ? nouns.map((w) => w.text).join(" ") : np.text;
      const decide = (topic: string | null, rule: TopicResolution["rule"]) => out.push({ noun, topic, rule });
      if (isQuestion(sentence)) decide(null, "in-question");
      else if (isTime(np)) decide(null, "time");
      else if (np.head.pos !== "NOUN") decide(null, "name");
      else if (!kind) decide(null, "no-lexicon");
      else if (nouns.every((w) => said.has(w.text.toLowerCase()) || said.has(w.lemma)))
        decide(null, "in-clause");
      else if (!named) decide(null, "no-name");
      else {
        const k = kind(np.head.lemma);
        if (k === null) decide(null, "no-kind");
        else if (ownKinds.has(k)) decide(null, "own-kind");
        else if (k === "role" && !titled) decide(null, "untitled");
        else if (!related(np.head.lemma)) decide(null, "unrelated");
        else decide(noun.toLowerCase(), "neighbour-topic");
      }
    }
    // The sentence before decides when it names any phrase; the one after only when it names none.
    return out;
  }
  return [];
}

/** The topics `resolveTopics` takes, each once: what the clause's matching words gain. */
export function topicsOf(
  turn: string,
  clause: string,
  options: { lexicon?: Lexicon | undefined } = {},
): string[] {
  const out: string[] = [];
  for (const r of resolveTopics(turn, clause, options))
    if (r.topic !== null && !out.includes(r.topic)) out.push(r.topic);
  return out;
}
