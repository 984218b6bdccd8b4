/**
 * A newer statement that says the current state of a thing the older statement names besides the
 * asked one: "I bank with Barclays, I've had the account since uni." / "My salary goes into a Monzo
 * account now". The question ("Who do I bank with?") and the update share no word; the older and
 * the update share a thing ("account"), rare in the store, and the update says it holds now in the
 * speaker's words, with a value of its own ("Monzo"). The link is read from the two statements
 * only, with the tagger (callers `await loadTagger()` first); recall uses it where the older fills
 * the slot a current-state question asks (`missedSuccessors`), and only for a thing said in at most
 * a few active facts: a common word ("day", "work") links everything and so nothing.
 *
 *   thingsOf("I bank with Barclays, I've had the account since uni.", new Set(["bank"]))
 *   // → ["account", "uni"]
 *   namesThingNow("My salary goes into a Monzo account now.", "account", older)  // → "Monzo"
 *   namesThingNow("I left Bistro Nomad, the kitchen is way calmer now.", "kitchen", older)  // → null (no name types it)
 */
import { tag } from "./judge/tagger.js";
import type { Lexicon } from "./ports.js";
import { LIGHT_VERBS, type Slot, saysChangedState } from "./state-slots.js";
import { contentTokens } from "./text.js";

/** The speaker's words: the state said is the speaker's (or the speaker's group's). */
const FIRST_PERSON = /\b(?:i|i'm|i've|we|we're|we've|my|our)\b/i;

/**
 * The common nouns of a statement outside the asked attributes, lower-case as written, once each:
 * the things it names besides the asked one. Names (capitalised words) are not things here: a
 * named value has its own link (`named-values.ts`).
 */
export function thingsOf(statement: string, asked: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const w of tag(statement)) {
    if (w.pos !== "NOUN" || !/^\p{Ll}[\p{Ll}-]+$/u.test(w.text) || w.text.length < 3) continue;
    const stems = contentTokens(w.text);
    if (stems.length === 0 || stems.some((s) => asked.has(s))) continue;
    out.add(w.text);
  }
  return [...out];
}

/** The forms a text index holds a noun under, as written: singular and plural ("account", "accounts"). */
export function nounForms(noun: string): string[] {
  return noun.endsWith("s") ? [noun, noun.slice(0, -1)] : [noun, `${noun}s`];
}

/**
 * The name the statement gives the thing, when it says, in the speaker's words, a state that holds
 * now or changed (`saysChangedState`) and the thing is typed by a name right before it, a name the
 * older does not give: "My salary goes into a Monzo account now" → "Monzo" for "account". The name
 * is the thing's value, so the statement says which one the speaker's is now; a statement that only
 * mentions the thing ("the kitchen is way calmer now", "the number 12 bus") gives it no value and
 * links nothing. A name is a capitalised word inside the sentence (not its first word).
 */
export function namesThingNow(statement: string, thing: string, older: string): string | null {
  if (!FIRST_PERSON.test(statement) || !saysChangedState(statement)) return null;
  const want = contentTokens(thing).join(" ");
  const olderWords = new Set(contentTokens(older));
  const words = tag(statement);
  for (let i = 2; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos !== "NOUN" || contentTokens(w.text).join(" ") !== want) continue;
    const name = words[i - 1]!;
    if (!/^\p{Lu}[\p{L}\p{N}]+$/u.test(name.text) || (name.pos !== "PROPN" && name.pos !== "NOUN")) continue;
    if (contentTokens(name.text).some((t) => olderWords.has(t))) continue;
    return name.text;
  }
  return null;
}

/**
 * The part of a turn said right after `part` (the next sentence distillation took out of the same
 * turn), or null: "My coworker Dana switched to intermittent fasting, so she skips lunch now." is
 * followed by "Honestly I've been getting burritos from the cart downstairs for the past few
 * weeks." A sentence with no word of the topic takes it from the sentence before it in the turn.
 */
export function nextPart(
  turn: string,
  part: string,
  parts: readonly { id: string; text: string }[],
): string | null {
  const at = turn.indexOf(part);
  if (at < 0) return null;
  const end = at + part.length;
  let best: { id: string; at: number } | null = null;
  for (const p of parts) {
    const i = turn.indexOf(p.text, end);
    if (i < 0 || turn.slice(end, i).trim().length > 0) continue;
    if (!best || i < best.at) best = { id: p.id, at: i };
  }
  return best?.id ?? null;
}

/**
 * The events a statement's verbs name as nouns, outside the asked attributes: for each verb (not a
 * light one, "go", "get", "make"), the nouns WordNet derives from it in its dominant sense
 * (`Lexicon.derivedNouns`) that are another word than the verb ("renews" → "renewal"; "baking", a
 * gerund, is the verb's own word, and a doer, "driver", is a person, not an event). A later statement may
 * speak of that event by its noun ("Our car insurance is with Aviva, it renews in March." / "Admiral
 * beat the renewal quote by two hundred quid, so we signed with them instead."), sharing no word
 * with the older or the question ("Who insures our car?").
 *
 *   eventsOf("Our car insurance is with Aviva, it renews in March.", new Set(["insur", "car"]), lexicon)
 *   // → [{ verb: "renews", noun: "renewal" }]
 */
export function eventsOf(
  statement: string,
  asked: ReadonlySet<string>,
  lexicon: Lexicon,
): { verb: string; noun: string }[] {
  const out = new Map<string, { verb: string; noun: string }>();
  for (const w of tag(statement)) {
    if (w.pos !== "VERB" || LIGHT_VERBS.has(w.lemma)) continue;
    const own = contentTokens(w.lemma);
    if (own.length === 0 || own.some((t) => asked.has(t))) continue;
    for (const noun of lexicon.derivedNouns(w.lemma)) {
      const stems = contentTokens(noun);
      // A gerund is the verb's own word ("baking", "driving"), no other name of its event.
      if (noun.endsWith("ing") || stems.length === 0 || stems.some((t) => own.includes(t) || asked.has(t)))
        continue;
      out.set(noun, { verb: w.text.toLowerCase(), noun });
    }
  }
  return [...out.values()];
}

/** Calendar words are capitalised but name no value ("March", "Monday"). */
const CALENDAR =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * The name a statement gives as the speaker's new value when it speaks of the older's event by its
 * noun: the statement says, in the speaker's words, a change or a state that holds now
 * (`saysChangedState`), has the noun (`event`), and names a value the older does not give — a
 * proper noun, not a calendar word ("Admiral beat the renewal quote by two hundred quid, so we
 * signed with them instead." → "Admiral" for "renewal"). A mention of the event that names no new
 * value ("the renewal is due soon, so I'll shop around") or another person's change links nothing.
 */
export function namesValueAtEvent(statement: string, event: string, older: string): string | null {
  if (!FIRST_PERSON.test(statement) || !saysChangedState(statement)) return null;
  const want = contentTokens(event).join(" ");
  const olderWords = new Set(contentTokens(older));
  const words = tag(statement);
  if (!words.some((w) => w.pos === "NOUN" && contentTokens(w.text).join(" ") === want)) return null;
  const name = words.find(
    (w) =>
      w.pos === "PROPN" &&
      /^\p{Lu}[\p{L}\p{N}]+$/u.test(w.text) &&
      !CALENDAR.test(w.text) &&
      !contentTokens(w.text).some((t) => olderWords.has(t)),
  );
  return name?.text ?? null;
}

/**
 * True when a statement fills the asked slot by what it is about, the head of its noun phrase, not
 * by a modifier: "my car" fills "What car do we drive?", "our car insurance" does not — it is about
 * the insurance — unless the question's verb is the head's own (WordNet's derivation: "Who insures
 * our car?" asks about the insurance, `Lexicon.derivedVerbs`).
 *
 *   aboutAsked(fillsAskedSlot("Our car insurance is with Aviva.", askedSlot("Who insures our car?")!)!, "Who insures our car?", lexicon)  // → true
 *   aboutAsked(fillsAskedSlot("Our car insurance is with Aviva.", askedSlot("What car do we drive?")!)!, "What car do we drive?", lexicon)  // → false
 */
export function aboutAsked(filled: Slot, question: string, lexicon: Lexicon): boolean {
  const head = filled.compound.at(-1);
  if (head === undefined || head === filled.attribute) return true;
  const verbs = new Set(lexicon.derivedVerbs(head));
  return tag(question).some((w) => w.pos === "VERB" && verbs.has(w.lemma));
}
