/**
 * The speaker left unsaid as the subject. Chat and diary English drop the "I" of a sentence that
 * reports what the speaker did: "Replaced the parents' RO with an Aquaguard.", "Switched the
 * broadband to Airtel last week.", "Finally sold the City." Such a sentence opens with its verb in a
 * past form; its subject is the one writing. Read only at a sentence's start: a later clause with
 * no subject takes the subject of the clause before it ("The client called, moved the standup to
 * Friday" is the client's move), and a passive ("Replaced by a newer model") or a visit ("Stopped
 * by the pharmacy") names no act of the speaker's.
 */
import type { TaggedWord } from "./judge/tagger.js";

/** Words that may open the sentence before its verb: when, how surely, and a link to what came before. */
const UNSAID_LEAD_IN = "just|finally|recently|already|also|actually|today|yesterday|so|and|then|ok|okay";

/** After the verb: a passive's agent or a visit ("Replaced by…", "Stopped by…"), not an object. */
const NOT_AN_OBJECT = "by";

/**
 * A sentence that opens with one of `verbs` (past forms, "moved|switched|…") with no subject before
 * it, after at most two lead-in words (`UNSAID_LEAD_IN`), and goes on with what it acts on: the
 * speaker's act said without "I". Test it against one sentence, not a later clause.
 *
 *   speakerDidUnsaid("replaced|switched").test("Replaced the parents' RO with an Aquaguard.") // → true
 *   speakerDidUnsaid("replaced|switched").test("Replaced by a newer model last year.")         // → false
 *   speakerDidUnsaid("replaced|switched").test("The client switched the call to Friday.")       // → false
 */
export const speakerDidUnsaid = (verbs: string): RegExp =>
  new RegExp(
    `^(?:(?:${UNSAID_LEAD_IN}),?\\s+){0,2}(?:${verbs})\\s+(?!(?:${NOT_AN_OBJECT})\\b)[\\p{L}\\p{N}'’]`,
    "iu",
  );

/**
 * The tagged form, for a reader that has the sentence's words (`tag`): the verb at `verb` opens its
 * sentence — only adverbs before it ("Finally switched the gym to Cult") — is said in a past form
 * (not "Switch the gym", an order), and the next word is no passive's "by". `words` is one sentence.
 *
 *   opensWithUnsaidSpeaker(tag("Replaced the parents' RO with an Aquaguard."), 0) // → true
 *   opensWithUnsaidSpeaker(tag("Replace the filter every month."), 0)           // → false
 */
export function opensWithUnsaidSpeaker(words: readonly TaggedWord[], verb: number): boolean {
  const w = words[verb];
  if (w?.pos !== "VERB") return false;
  if (!words.slice(0, verb).every((x) => x.pos === "ADV")) return false;
  if (w.text.toLowerCase() === w.lemma.toLowerCase() || /ing$/i.test(w.text)) return false;
  return words[verb + 1] !== undefined && words[verb + 1]!.text.toLowerCase() !== NOT_AN_OBJECT;
}
