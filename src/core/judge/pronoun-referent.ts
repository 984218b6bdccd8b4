/**
 * A newer statement that names its person by a pronoun: "my brother is on the night shift" / "he's
 * on the day shift now". Read alone, "he" names nobody, so the judge finds no shared subject and
 * defers the pair. Read as the older's continuation, "he" is the older's subject — the one person the
 * older names — and the newer says of him what the older says with another value.
 *
 * It acts only where the referent is unambiguous within the pair: the newer opens with "he" or "she"
 * (after a chat opener) and names no other third person by a pronoun; the older's subject is one
 * person — a name (with its title: "Mr Ross"), or the speaker's relative or role ("my brother",
 * "our landlord"; WordNet says the noun names a kind of person) — that agrees in gender where its
 * words say one ("brother", "Mrs"), and the older names no other person ("Mia's teacher is Mr Ross":
 * "she" may be Mia). The pronoun is replaced by the older's subject, and the pair is read again;
 * only a change the rules read with confidence is kept. "it", "that" and "they" are left: a thing or
 * a group has many candidates in a store, and the pair alone cannot tell which.
 *
 *   pronounReferent("my brother is on the night shift", "he's on the day shift now", whole, judge)
 *   // → { relation: "supersedes", rule: "pronoun-referent", reason: "pronoun-referent: he = my brother; opposite-values: night → day (antonym)", … }
 */
import { genderOf, isTitle } from "../person-words.js";
import type { JudgeVerdict, Lexicon } from "../ports.js";
import { stem } from "../text.js";
import { analysisOf, isWhenWord, stated, wordsOf } from "./analysis.js";
import { misleadable, type Rereading } from "./clause-change.js";
import type { TaggedWord } from "./tagger.js";

/** The reading's name (the reason code) and its doc line. */
export const PRONOUN_REFERENT_RULE = {
  name: "pronoun-referent",
  doc: 'The newer opens with "he" or "she" and the older\'s subject is its one person, of that gender where its words say one ("my brother is on the night shift" / "he\'s on the day shift now"): read with the pronoun replaced by that subject, the pair is a change the rules read with confidence. Not "it", "that" or "they", not when the older names another person ("Mia\'s teacher is Mr Ross") or the newer another third person by a pronoun, not a gender the subject\'s words deny ("my sister" / "he …").',
} as const;

const POSSESSIVE = /^(?:my|our|your)$/i;

/** The subject pronoun the newer opens with, and what follows it; "'s" is "is", or "has" before "got"/"been". */
const OPENS_WITH = /^(?:(?:and|so)\s+)?(he|she)(?:\s+|(['’]s)\s+)(.+)$/i;
/** Another third person named by a pronoun in the newer ("she drives him now"). */
const OTHER_PRONOUN = /\b(?:he|she|him|her|hers|his|they|them|their|he['’]s|she['’]s)\b/i;

const verbal = (w: TaggedWord) => w.pos === "VERB" || w.pos === "AUX";
const name = (w: TaggedWord) => w.pos === "PROPN" && /^\p{Lu}/u.test(w.text) && !/['’]s$/i.test(w.text);

/**
 * The older's subject as written when it is one person and the older names no other, else null:
 * "my brother", "Dami", "Mr Ross", "our landlord".
 */
function personSubject(
  text: string,
  lexicon: Lexicon | undefined,
): { phrase: string; words: string[] } | null {
  const words = wordsOf(analysisOf(text));
  const v = words.findIndex(verbal);
  if (v < 1 || v > 3) return null;
  const subject = words.slice(0, v);
  const rest = words.slice(v);
  const texts = subject.map((w) => w.text);
  let person = false;
  if (subject.every((w, i) => name(w) || (i === 0 && isTitle(w.text)))) person = subject.some(name);
  else if (subject.length === 2 && POSSESSIVE.test(texts[0]!) && subject[1]!.pos === "NOUN") {
    const noun = subject[1]!.lemma.toLowerCase();
    person = genderOf(noun) !== null || (lexicon?.isPerson(noun) ?? false);
  }
  if (!person) return null;
  // Another person in the older: "my brother works with Tom", "our landlord is Mr Byrne". A kind
  // of person said of the subject by "be" is the subject ("Dami is a junior nurse").
  const copula = words[v]!.lemma === "be";
  const firstAdposition = rest.findIndex((w) => w.pos === "ADP");
  // A name of a place or a month is no person: "Our landlord is in Dubai until March".
  const place = (w: TaggedWord) =>
    isWhenWord(stem(w.text.toLowerCase())) || (lexicon?.isPlace(w.text.toLowerCase()) ?? false);
  const another = rest.some(
    (w, i) =>
      (name(w) && !place(w)) ||
      isTitle(w.text) ||
      (genderOf(w.text) !== null && !(copula && (firstAdposition < 0 || i < firstAdposition))) ||
      (w.pos === "NOUN" &&
        !(copula && (firstAdposition < 0 || i < firstAdposition)) &&
        (lexicon?.isPerson(w.lemma.toLowerCase()) ?? false)),
  );
  return another ? null : { phrase: texts.join(" "), words: texts };
}

const acts = (v: JudgeVerdict) =>
  (v.relation === "supersedes" || v.relation === "contradicts") && v.confident;

/**
 * The verdict of the pair read with the newer's opening "he"/"she" replaced by the older's subject,
 * when the whole reading could not see the subject (`OVERRIDABLE`, or no shared word) and the
 * referent is unambiguous; null otherwise. `judge` reads two texts as the judge does.
 */
export const pronounReferent: Rereading = (a, b, whole, judge, lexicon) => {
  if (!misleadable(whole, ["no-shared-terms"])) return null;
  // A chat opener ("oh and", "btw") says nothing and is set aside (`stated`).
  const m = OPENS_WITH.exec(stated(b.text).trim());
  if (!m || OTHER_PRONOUN.test(m[3]!)) return null;
  const pronoun = m[1]!.toLowerCase() as "he" | "she";
  const subject = personSubject(a.text, lexicon);
  if (!subject) return null;
  const said = subject.words.map(genderOf).filter((g) => g !== null);
  if (said.some((g) => g !== pronoun)) return null;
  const verb = m[2] ? (/^(?:got|been)\b/i.test(m[3]!) ? " has" : " is") : "";
  const read = judge(a, { text: `${subject.phrase}${verb} ${m[3]}`, at: b.at });
  if (!acts(read)) return null;
  return {
    relation: read.relation,
    similarity: whole.similarity,
    reason: `${PRONOUN_REFERENT_RULE.name}: ${pronoun} = ${subject.phrase}; ${read.reason}`,
    rule: PRONOUN_REFERENT_RULE.name,
    confident: true,
  };
};
