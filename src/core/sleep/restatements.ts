/**
 * Unmarked restatements of a slot, for distillation: a sentence inside a longer turn that gives
 * another value of a slot the speaker stated before, with no cue of change — "Breakfast is
 * porridge these days, cereal got boring" after "I have Weetabix for breakfast most days"; "…the
 * home server last night, it's on 24.04 now…" after "My home server runs Ubuntu 20.04". Change-cue
 * distillation (`statementsOfState`, chat-turns.ts) never takes such a sentence out of its turn, so
 * when the turn itself stays an episode (it ends with a question) the new value is never a belief
 * and no lift of recall can reach it. Only such a turn is read for one (`staysEpisode`): a turn
 * distilled whole keeps the sentence inside its own belief.
 *
 * `restatesSlot(older, sentence)` pairs a sentence with an earlier statement by the language, not
 * by a cue word. Four named rules, all needed:
 *
 *   - `PRESENT_STATE`: the sentence says a state that holds (a present-tense verb or a marker of
 *     the present), declarative, not a question, a wish or a supposition, not negated, and adds
 *     nothing beside the older ("I also have porridge", "…as well": `hasAdditiveCue`)
 *   - `SPEAKERS_OWN`: no other person is its subject ("She has porridge for breakfast", "Dave is on
 *     24.04"); a name the older itself says is the thing, not a person ("Ubuntu is on 24.04 now")
 *   - `SAME_SLOT`: both fill one slot — same subject and attribute, central in one of them, one
 *     compound within the other's (`sharedSlot`, state-slots.ts); a noun's slot, not a verb's
 *   - `OTHER_VALUE`: each names a value the other does not (`namesOtherValue` both ways): a
 *     restatement of the same value ("Breakfast is still Weetabix") pairs nothing
 *
 * And one of the data, in distillation: `SAME_SPEAKER` — the older statement is the same speaker's
 * (the turn's actor said it), so in a conversation of two one speaker's sentence restates nothing
 * the other said.
 *
 * The pair is then gated like any statement: the judge's conservative stance decides whether the
 * newer supersedes (clearly the same slot, an exclusive value) or both stay, and the newer carries
 * the older's id in `metadata.restates`, so recall's `newerFirst` can rank it above the older
 * while no verdict has settled the pair. `await loadTagger()` first.
 *
 *   restatesSlot("I have Weetabix for breakfast most days.", "Breakfast is porridge these days.")
 *   // → { subject: "speaker", attribute: "breakfast", … }
 *   restatesSlot("I have Weetabix for breakfast most days.", "I also have porridge for breakfast.")
 *   // → null (an added value)
 */

import { calendarWords } from "../calendar-words.js";
import { adverbs, CURRENTLY, NOW, STILL, THESE_DAYS } from "../change-adverbs.js";
import { type TaggedWord, tag } from "../judge/tagger.js";
import type { Belief, Episode } from "../model.js";
import type { Store, StoreWriter } from "../ports.js";
import { namesOtherValue, type Slot, sharedSlot } from "../state-slots.js";
import { contentTokens, hasAdditiveCue, isHypothetical, isNegated, isQuestion, rawTokens } from "../text.js";
import { bare, sentencesOf } from "./chat-turns.js";
import { standalone } from "./standalone.js";

/**
 * A sentence of a turn as a candidate restatement, its opener dropped ("Oh and …"), or null when it
 * cannot be one before any tagging: a question, a supposition, an addition, a negation, fewer than
 * two content words, more than 30 words.
 */
export function restatementCandidate(sentence: string): string | null {
  const s = bare(sentence);
  if (isQuestion(s) || isHypothetical(s) || hasAdditiveCue(s) || isNegated(s)) return null;
  const words = rawTokens(s).length;
  if (words > 30 || contentTokens(s).length < 2) return null;
  return /^i\b/.test(s) ? `I${s.slice(1)}` : s;
}

/** Forms of "be", "have" and "do" that are present tense. */
const PRESENT_AUX = /^(?:is|are|am|'s|’s|'re|’re|'m|’m|has|have|'ve|’ve|does|do)$/i;

/** Markers of a state that holds now. */
const PRESENT_MARKER = new RegExp(`\\b${adverbs(NOW, THESE_DAYS, CURRENTLY, STILL)}\\b`, "i");

/** Words before a verb that make it no statement of what holds: a modal, an infinitive, a wish. */
const NOT_STATED = /^(?:to|will|would|'d|’d|'ll|’ll|shall|should|can|could|might|may|must|gonna|wanna)$/i;

/** Third persons and the listener as a subject: the state is theirs. */
const OTHER_PERSON = /^(?:he|she|they|you|he's|she's|they're|you're|he’s|she’s|they’re|you’re)$/i;

/**
 * Nouns of time, a closed class: a slot named by one says when, not what ("the weather has been grim
 * all week", "the fire drill this morning").
 */
const TIME_NOUNS = new Set([
  ...(
    "time day days week weeks weekend weekends month months year years morning mornings afternoon " +
    "afternoons evening evenings night nights hour hours minute minutes season decade moment while"
  ).split(" "),
  ...calendarWords({ relative: true, seasons: true }),
]);

/** Present forms of "be": the copula that says what a slot's value is. */
const PRESENT_BE = /^(?:is|are|'s|’s|'re|’re)$/i;

/** "it's" after the slot's noun in the same sentence ("the home server …, it's on 24.04 now"). */
const IT_BE = /^it(?:'s|’s)$/i;

/**
 * `PREDICATES`: the sentence says what the slot's value is — the slot's noun, or "it" after it in
 * the same sentence, is the subject of a present "be" whose complement is a value: a noun, a name,
 * a number or an adjective, not a verb's participle ("the washing machine is leaking") nor a time
 * ("the half marathon is in six weeks"), after at most a few determiners, adverbs and prepositions
 * ("Breakfast is porridge these days", "the home server …, it's on 24.04 now"). "The kitchen looks
 * great", "the boiler man fixed the radiators", "that's my week gone" say something of the thing,
 * not its value. Returns the complement's word, or null.
 */
export function predicates(words: readonly TaggedWord[], attribute: string): string | null {
  const isSlot = (w: TaggedWord) =>
    contentTokens(w.text).includes(attribute) || contentTokens(w.lemma).includes(attribute);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // "it's" is one word to the tagger: the pronoun and its "be".
    const be = IT_BE.test(w.text)
      ? words.slice(0, i).some(isSlot)
      : PRESENT_BE.test(w.text) &&
        (w.pos === "AUX" || w.pos === "VERB") &&
        words[i - 1] !== undefined &&
        (isSlot(words[i - 1]!) || (/^it$/i.test(words[i - 1]!.text) && words.slice(0, i - 1).some(isSlot)));
    if (!be) continue;
    const value = complement(words, i + 1);
    if (value !== null) return value;
  }
  return null;
}

/** Words between a copula and its complement: "is *still a* …", "it's *on* 24.04", "is *now* …". */
const BEFORE_VALUE = new Set(["DET", "ADV", "ADP", "PART"]);

/** The complement's value word from `from` on, or null when it is a verb, a time or nothing. */
function complement(words: readonly TaggedWord[], from: number): string | null {
  for (let j = from; j < words.length && j < from + 4; j++) {
    const w = words[j]!;
    if (BEFORE_VALUE.has(w.pos)) continue;
    // A participle is no value, whatever the tagger calls it ("work is calming down").
    if (!["NOUN", "PROPN", "NUM", "ADJ"].includes(w.pos) || /(?:ing|ed)$/i.test(w.text)) return null;
    const next = words[j + 1];
    const time = (x: TaggedWord | undefined) => x !== undefined && TIME_NOUNS.has(x.text.toLowerCase());
    if (time(w) || (w.pos === "NUM" && time(next))) return null;
    return w.text;
  }
  return null;
}

/** The speaker's or a thing's pronoun with a present "be" or "have" glued on, one word to the tagger: "I'm", "we're", "it's". */
const PRONOUN_PRESENT = /^(?:i[’']m|we[’'](?:re|ve)|(?:it|that|there|here)[’']s)$/i;

/** Another person's or the listener's contraction: their state, not read as the speaker's present. */
const OTHERS_CONTRACTION = /^(?:he|she|they|you|who|what)[’'](?:s|re|ve)$/i;

/** A name's or noun's "'s": "is" before a participle, a preposition, a determiner, a number or an adverb. */
const NOUN_S = /^[a-z][\w-]*[’']s$/i;
const AFTER_IS = new Set(["ADP", "DET", "NUM", "ADV"]);

/**
 * A present "be" or "have" glued onto its subject, which the tagger keeps as one word (`I'm`
 * PROPN): the speaker's or a thing's pronoun ("I'm down to one coffee a day", "we're on Hyperoptic",
 * "it's on 24.04") always, another person's or the listener's ("she's", "you're") never; a noun's or
 * name's "'s" only where "is" reads and a possessive does not — before a participle ("Car's
 * insured with…", "Leo's settling in"), a preposition ("Zoe's at St Bede's"), a determiner, a
 * number or an adverb; "Marta's friends", "Leo's new school" are possessives. Not "I'd", "I'll".
 */
function presentContraction(w: TaggedWord, next: TaggedWord | undefined): boolean {
  if (PRONOUN_PRESENT.test(w.text)) return true;
  if (
    !NOUN_S.test(w.text) ||
    OTHERS_CONTRACTION.test(w.text) ||
    next === undefined ||
    next.text.toLowerCase() === "of"
  )
    return false;
  return AFTER_IS.has(next.pos) || (next.pos === "VERB" && /(?:ed|ing|en)$/i.test(next.text));
}

/** Third persons anywhere in a sentence. */
const THIRD_PERSON =
  /^(?:he|she|they|his|her|hers|their|theirs|him|them|he's|she's|they're|he’s|she’s|they’re)$/i;

/** Verbs that report what someone else says or thinks. */
const REPORTED = /^(?:says|said|say|thinks|thought|reckons|reckoned|told|tells|claims|claimed)$/i;

/** `PRESENT_STATE`: a declarative statement of a state that holds now (see the module's comment). */
export function presentState(sentence: string, words: readonly TaggedWord[] = tag(sentence)): boolean {
  if (isQuestion(sentence) || isHypothetical(sentence) || hasAdditiveCue(sentence) || isNegated(sentence))
    return false;
  if (PRESENT_MARKER.test(sentence)) return true;
  return words.some((w, i) => {
    if (presentContraction(w, words[i + 1])) return true;
    if (w.pos !== "AUX" && w.pos !== "VERB") return false;
    if (words[i - 1] && NOT_STATED.test(words[i - 1]!.text)) return false;
    const form = w.text.toLowerCase();
    if (PRESENT_AUX.test(form)) return true;
    // "runs", "keeps": a third-person present; "I have", "we keep": the base form after a subject.
    if (w.pos !== "VERB" || form.endsWith("ing") || form.endsWith("ed")) return false;
    return form !== w.lemma ? /s$/.test(form) && form.startsWith(w.lemma.slice(0, -1)) : i > 0;
  });
}

/**
 * `SPEAKERS_OWN`: false when another person may be whose the value is — a third person anywhere
 * or a claim reported ("My flatmate says breakfast is porridge in her house"), the listener or a
 * name the older statement does not say as the first verb's subject ("you're on 24.04", "Dave has
 * porridge for breakfast").
 */
export function speakersOwn(older: string, words: readonly TaggedWord[]): boolean {
  // Anyone else in the sentence, or a claim reported ("My flatmate says breakfast is porridge in her
  // house"), may be whose the value is: no pair (a deferral, not a guess).
  if (words.some((w) => THIRD_PERSON.test(w.text) || REPORTED.test(w.text))) return false;
  const olderWords = new Set(contentTokens(older));
  for (const w of words) {
    if (w.pos === "VERB" || w.pos === "AUX") return true;
    if (OTHER_PERSON.test(w.text)) return false;
    if (w.pos === "PROPN" && !contentTokens(w.text).some((t) => olderWords.has(t))) return false;
  }
  return true;
}

/**
 * The slot a sentence restates with another value, of an older statement of the speaker's, or
 * null (the four rules of the module's comment). `await loadTagger()` first.
 */
export function restatesSlot(older: string, sentence: string): Slot | null {
  const words = tag(sentence);
  if (!presentState(sentence, words) || !speakersOwn(older, words)) return null;
  const slot = sharedSlot(older, sentence, new Set(contentTokens(sentence)));
  // A noun's slot only: what the speaker does ("I run") is said of many things at once; a time
  // ("the week has been chaos" / "…three times a week") is when, not what.
  if (!slot || slot.verb || slot.noun === null || TIME_NOUNS.has(slot.noun)) return null;
  const value = predicates(words, slot.attribute);
  // The value differs: the newer's is not in the older, and the older names one the newer does not.
  const olderWords = new Set(contentTokens(older));
  if (value === null || contentTokens(value).some((t) => olderWords.has(t))) return null;
  return namesOtherValue(sentence, older, new Set(slot.compound)) ? slot : null;
}

/**
 * True when a turn would give no belief of its own: no statement of state was taken out of it and
 * the whole turn cannot stand alone (it ends in a question, say). Only there is an unmarked
 * restatement taken out of its turn (restate20): "Slept through my alarm twice this week.
 * Breakfast is porridge these days, cereal got boring. Any good toppings?" stays an episode
 * otherwise; "…It's on 24.04 now. Took three reboots." is distilled whole, the sentence inside.
 */
export function staysEpisode(core: string, found: { statements: readonly string[] }): boolean {
  return found.statements.length === 0 && standalone(core) !== "standalone";
}

/** An older statement of the speaker's a restatement was paired with: a belief, or a sentence of an earlier turn. */
export interface Older {
  text: string;
  belief?: string;
  episode?: string;
}

/**
 * Older statements a restatement is looked for among, per consolidation: the sentences of the
 * turns read so far, by speaker (`SAME_SPEAKER`: one speaker's sentence restates no other
 * speaker's slot) and by word.
 */
export class SaidBefore {
  private readonly byWord = new Map<string, Older[]>();
  add(e: Pick<Episode, "id" | "actor">, text: string): void {
    for (const sentence of sentencesOf(text)) {
      const older = { text: sentence, episode: e.id };
      for (const w of new Set(contentTokens(sentence))) {
        const key = speakerKey(e.actor, w);
        let l = this.byWord.get(key);
        if (!l) {
          l = [];
          this.byWord.set(key, l);
        }
        l.push(older);
      }
    }
  }
  /** The newest `max` sentences of `actor`'s sharing a word with `words`, newest first. */
  near(actor: string | null, words: readonly string[], max: number): Older[] {
    const out = new Set<Older>();
    for (const w of words)
      for (const o of (this.byWord.get(speakerKey(actor, w)) ?? []).slice(-max)) out.add(o);
    return [...out].slice(-max * 2).reverse();
  }
}

function speakerKey(actor: string | null, word: string): string {
  return `${actor ?? ""}\u0000${word}`;
}

/** How many older statements a candidate restatement is compared with, from the store and from this consolidation each. */
const RESTATEMENT_OLDERS = 8;

/**
 * `SAME_SPEAKER`: true when the belief was said by `actor` — one of its source turns is theirs (a
 * belief with no source turn is the unnamed speaker's). In a conversation of two, "Wow Jon, same
 * here! Dance is pretty much my go-to for stress relief" restates nothing of Jon's "I'm starting a
 * dance studio".
 */
async function saidBy(store: Store, belief: Belief, actor: string | null): Promise<boolean> {
  if (belief.sources.length === 0) return actor === null;
  return (await store.getEpisodes(belief.sources, belief.namespace)).some((s) => s.actor === actor);
}

/**
 * The sentences of a longer turn, outside its statements of state already taken out, that restate a
 * slot of an older statement of the same speaker's with another value (`restatesSlot`): each with
 * the older statements it pairs with (active beliefs of the namespace, or sentences of earlier
 * turns of this consolidation), and the turn's rest without them.
 */
export async function restatements(
  store: Store,
  namespace: string,
  e: Episode,
  found: { statements: string[]; rest: string },
  earlier: SaidBefore,
): Promise<{ found: { text: string; olders: Older[] }[]; rest: string }> {
  const parts = sentencesOf(found.rest);
  const out: { text: string; olders: Older[] }[] = [];
  if (parts.length + found.statements.length < 2) return { found: out, rest: found.rest };
  const rest: string[] = [];
  for (const part of parts) {
    const text = restatementCandidate(part);
    if (text === null) {
      rest.push(part);
      continue;
    }
    const words = contentTokens(text);
    const hits = await store.searchBeliefText(
      words,
      { namespaces: [namespace], statuses: ["active"], kinds: ["fact"] },
      RESTATEMENT_OLDERS,
    );
    const beliefs: Belief[] = [];
    for (const b of await store.getBeliefs(
      hits.map((h) => h.id),
      namespace,
    ))
      if (b.status === "active" && !b.sources.includes(e.id) && (await saidBy(store, b, e.actor)))
        beliefs.push(b);
    const olders = [
      ...beliefs.map((b): Older => ({ text: b.text, belief: b.id })),
      ...earlier.near(e.actor, words, RESTATEMENT_OLDERS),
    ].filter((o) => o.episode !== e.id && restatesSlot(o.text, text) !== null);
    if (olders.length > 0 && standalone(text) === "standalone") out.push({ text, olders });
    else rest.push(part);
  }
  return { found: out, rest: rest.join(" ") };
}

/**
 * The active beliefs a restatement's older statements are now (a belief itself, or what its turn
 * was distilled to), and the attributes of the slots it restates of them.
 */
export async function restatedBeliefs(
  tx: StoreWriter,
  namespace: string,
  text: string,
  olders: readonly Older[],
): Promise<{ ids: string[]; slots: string[] }> {
  const ids = new Set<string>();
  const slots = new Set<string>();
  const pair = (b: Belief | undefined) => {
    if (b?.status !== "active" || ids.has(b.id)) return;
    const slot = restatesSlot(b.text, text);
    if (!slot) return;
    ids.add(b.id);
    slots.add(slot.attribute);
  };
  for (const o of olders) {
    if (o.belief) pair((await tx.getBeliefs([o.belief], namespace))[0]);
    else if (o.episode) for (const b of await tx.beliefsFromEpisode(o.episode, namespace)) pair(b);
  }
  return { ids: [...ids].sort(), slots: [...slots].sort() };
}
