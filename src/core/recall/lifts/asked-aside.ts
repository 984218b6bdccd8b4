/**
 * What a question asks beside its thing: whose state it asks (`holdersAsked`) and where or when it
 * asks it (`circumstancesAsked`), and a newer that says the asked thing only as the time of another
 * change (`askedOnlyAsTime`). `newerFirst` and `sameSlotFirst` lift no newer tied to the question
 * only by these (`linkedOnlyByHolder`).
 */

import { SEASONS } from "../../calendar-words.js";
import type { TaggedWord } from "../../judge/tagger.js";
import type { Lexicon } from "../../ports.js";
import { type AskedSlot, namesAskedThing } from "../../state-slots.js";
import { contentTokens, stemV1 } from "../../text.js";
import { tagged } from "../../typed-values.js";
import { POSSESSIVE } from "./asked-identity.js";

/**
 * The stemmed words of a question that name whose state it asks, not what it asks: a possessor
 * ("Marg's" in "where do we go on Marg's anniversary", "gaz's" in "what dose is gaz's blood pressure
 * medicine", "hawkers'" in "who heads the hawkers' association") and a name that is the subject of
 * its verb, right after the auxiliary ("Leo" in "Which nursery is Leo at?", "Rusty" in "What does
 * Rusty weigh?"). With a lexicon, also a person said by a common noun as the subject of the
 * question's verb ("my sister" in "Where does my sister live?", "the young lad" in "what night does
 * the young lad have the under-12s": a noun WordNet reads as a person, `Lexicon.isPerson`, between
 * the auxiliary and the verb). A wh-word with "'s" ("what's"), a name that is no subject ("my ESA
 * presentation") and a person the question asks about ("who's my dentist": no verb after it) hold
 * nothing. `await loadTagger()` first.
 *
 *   holdersAsked("Which nursery is Leo at?")                     // → {"leo"}
 *   holdersAsked("Where does my sister live?", wordnet)          // → {"sister"}
 *   holdersAsked("what format is my ESA presentation")           // → {}
 */
export function holdersAsked(question: string, lexicon?: Lexicon): Set<string> {
  const words = tagged(question);
  const out = new Set<string>();
  const noun = (w: TaggedWord) => w.pos === "NOUN" || w.pos === "PROPN";
  // A plural possessor's apostrophe stands after its "s" ("the hawkers' association").
  const pluralPossessor = (w: TaggedWord) =>
    /s$/i.test(w.text) && /^['’](?![\p{L}\p{N}])/u.test(question.slice(w.start + w.text.length));
  // A name of more than one word is the subject whole ("is Hui Min going").
  let subject = false;
  for (const [i, w] of words.entries()) {
    subject =
      w.pos === "PROPN" && (words[i - 1]?.pos === "AUX" || (subject && !POSSESSIVE.test(words[i - 1]!.text)));
    const possessor = noun(w) && (POSSESSIVE.test(w.text) || pluralPossessor(w));
    if (subject || possessor) for (const t of wordTokens(w)) out.add(t);
  }
  if (lexicon) for (const t of personSubject(words, lexicon)) out.add(t);
  return out;
}

/**
 * The stemmed words of a person said by a common noun as the subject of a question's verb: the
 * words between its first auxiliary and the verb after it, a determiner, a possessive, adjectives
 * and nouns, the last a noun WordNet reads as a person ("does my mother go", "does the young lad
 * have"). None when no verb follows ("who's my dentist") or the noun names no person ("does the
 * shop close").
 */
function personSubject(words: readonly TaggedWord[], lexicon: Lexicon): string[] {
  const aux = words.findIndex((w) => w.pos === "AUX");
  if (aux < 0) return [];
  let end = aux + 1;
  while (end < words.length && /^(?:DET|PRON|ADJ|NOUN|PROPN)$/.test(words[end]!.pos)) end++;
  const verb = words[end];
  const last = words[end - 1];
  if (!verb || (verb.pos !== "VERB" && verb.pos !== "AUX") || end === aux + 1) return [];
  if (last?.pos !== "NOUN" || !lexicon.isPerson(last.lemma)) return [];
  return words
    .slice(aux + 1, end)
    .filter((w) => w.pos === "NOUN" || w.pos === "ADJ")
    .flatMap(wordTokens);
}

/** A word's stems as written and as its lemma ("centre", "center"), less a possessive "'s". */
const wordTokens = (w: TaggedWord): string[] => [
  ...contentTokens(w.text.replace(POSSESSIVE, ""), stemV1),
  ...contentTokens(w.lemma, stemV1),
];

/**
 * The stemmed words of where or when a question asks, not what it asks: the nouns of a
 * prepositional phrase that follows a noun or another phrase, not its verb ("on my walk" in "What
 * podcast do I listen to on my walk?", "at the house" in "how do i get on the internet at the
 * house", "in the parlour" in "what protein is the ration in the parlour"), and the unit of a time
 * adjunct of the present ("this year", `THIS_TIME`). A phrase right after the verb is what the verb takes ("into
 * the city" in "How do I get into the city?", "after my taxes" in "who's looking after my taxes"):
 * none. `await loadTagger()` first.
 *
 *   circumstancesAsked("What podcast do I listen to on my walk?")  // → {"walk"}
 *   circumstancesAsked("How do I get into the city?")              // → {}
 */
export function circumstancesAsked(question: string): Set<string> {
  const words = tagged(question);
  const out = new Set<string>([...question.matchAll(THIS_TIME)].flatMap((m) => contentTokens(m[1]!, stemV1)));
  for (const [i, w] of words.entries()) {
    const before = words[i - 1];
    if (w.pos !== "ADP" || !before) continue;
    // After a noun ("the ration in the parlour"), "there" ("are there at Amma's house") or a
    // preposition left without its object ("listen to on my walk"); not after a verb, an amount
    // ("how much of the sunshine vitamin") or a verb's particle ("driving out to the site").
    const afterThing = /^(?:NOUN|PROPN|PRON|NUM)$/.test(before.pos);
    const afterStranded = before.pos === "ADP" && !PARTICLES.has(before.lemma.toLowerCase());
    if (!afterThing && !afterStranded) continue;
    for (let j = i + 1; j < words.length && /^(?:DET|PRON|ADJ|NOUN|PROPN|NUM)$/.test(words[j]!.pos); j++) {
      const v = words[j]!;
      if (v.pos === "NOUN" || v.pos === "PROPN" || v.pos === "ADJ") for (const t of wordTokens(v)) out.add(t);
    }
  }
  return out;
}

/**
 * A time adjunct of the present ("this year", "this week"): when the question asks, not a rate's
 * unit ("£450 a month" for "How much do I save each month?" says the asked amount by its unit).
 */
const THIS_TIME = new RegExp(
  `\\bthis\\s+(day|night|week|weekend|fortnight|month|year|${SEASONS.join("|")}|term|semester)\\b`,
  "giu",
);

/** Adverb particles of phrasal verbs ("drive out to", "go back to"): what follows them is the verb's. */
const PARTICLES = new Set(["out", "up", "down", "off", "away", "back", "over", "around", "in", "on"]);

/**
 * True when a pair is tied to the question only by whose state it asks or by where or when it asks
 * it: every word of the question the older shares (`shared`, stemmed) is one of its holders
 * (`holdersAsked`) or circumstances (`circumstancesAsked`), and the newer says nothing else the
 * question asks — none of its other content words, nor, with the asked slot, a word of its central
 * phrases but those (`namesAskedThing`, which reads "favorite color" for "favourite colour").
 * The two are changes of that person, pet or place, not of what is asked: "gaz: heating's down to 18
 * degrees now" over "gaz: council tax gone up again" for "what dose is gaz's blood pressure
 * medicine"; "We pushed Leo's bedtime to 7:45pm" over "Leo's settling in well at Little Acorns" for
 * "Which nursery is Leo at?"; "I've switched the dog walk to 6pm…" over "…it's a 5 minute walk"
 * for "What podcast do I listen to on my walk?". Not "Zoe changed her mind, her favorite color is
 * teal now" over "I want to repaint Zoe's room and she wants everything pink" for "What's Zoe's
 * favourite colour?": the newer names the colour. `await loadTagger()` first.
 */
export function linkedOnlyByHolder(
  question: string,
  shared: readonly string[],
  newer: string,
  slot: AskedSlot | null,
  lexicon?: Lexicon,
): boolean {
  const aside = new Set([...holdersAsked(question, lexicon), ...circumstancesAsked(question)]);
  if (shared.length === 0 || !shared.every((w) => aside.has(w))) return false;
  const others = contentTokens(question, stemV1).filter((w) => !aside.has(w));
  // A question that names nothing but its holder or setting ("How is Leo?") asks about them.
  if (others.length === 0) return false;
  const said = new Set(contentTokens(newer, stemV1));
  if (others.some((w) => said.has(w))) return false;
  if (slot === null) return true;
  // The slot's central words read by their own stems ("walk"), the holders' and settings' left out.
  const asideAsRead = new Set([...aside].flatMap((w) => [w, ...contentTokens(w)]));
  const central = new Set([...slot.central].filter((w) => !asideAsRead.has(w)));
  return central.size > 0 ? !namesAskedThing(newer, { ...slot, central }) : true;
}

/** Prepositions that make a time of a thing ("after Mass", "before the milking", "after work"). */
const TIME_FRAMES = new Set(["after", "before", "during", "until", "till", "since"]);

/**
 * The stemmed words a text says inside a phrase that makes a time of a thing (`TIME_FRAMES`: "Mass"
 * and "evening" aside, "after Mass" in "moved training to Sunday evenings after Mass"), and those it
 * says anywhere else. `await loadTagger()` first.
 */
function framedWords(text: string): { framed: Set<string>; elsewhere: Set<string> } {
  const words = tagged(text);
  const framed = new Set<string>();
  const elsewhere = new Set<string>();
  let inFrame = false;
  for (const w of words) {
    if (w.pos === "ADP" || w.pos === "SCONJ") inFrame = TIME_FRAMES.has(w.lemma.toLowerCase());
    // A gerund is the frame's noun ("before the milking").
    else if (!/^(?:DET|PRON|ADJ|NOUN|PROPN|NUM)$/.test(w.pos) && !(w.pos === "VERB" && /ing$/i.test(w.text)))
      inFrame = false;
    for (const t of wordTokens(w)) (inFrame && w.pos !== "PRON" ? framed : elsewhere).add(t);
  }
  return { framed, elsewhere };
}

/**
 * True when the newer says every word of the question the older shares (`shared`, stemmed) only as
 * the time of something else, in a phrase after "after", "before", "during" and the like
 * (`TIME_FRAMES`), and the question does not say it so: "Dayo's football coach moved training to
 * Sunday evenings after Mass" for "which Mass do I attend"; "gym at 11pm after work now" for "how
 * long is my work term"; "…we ring Aoife on Saturday mornings now, before the milking" for "how much
 * milk does each calf get". The newer changes the other thing; the asked one only dates it. Not
 * "What do I do after school?" / "…after school it's football now": the question dates by it too.
 * `await loadTagger()` first.
 *
 *   askedOnlyAsTime("which Mass do I attend", ["mass"], "The coach moved training to Sunday evenings after Mass.")  // → true
 *   askedOnlyAsTime("which Mass do I attend", ["mass"], "We've started going to the 9am Mass now.")                 // → false
 */
export function askedOnlyAsTime(question: string, shared: readonly string[], newer: string): boolean {
  if (shared.length === 0) return false;
  const theirs = framedWords(newer);
  const asked = framedWords(question);
  return shared.every((w) => theirs.framed.has(w) && !theirs.elsewhere.has(w) && !asked.framed.has(w));
}
