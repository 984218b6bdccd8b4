/**
 * Statements that say what their speaker means to do, not what is so: the main verb is a verb of
 * aim, hope, wish or attempt that takes an infinitive ("I'm aiming to turn my passion into a
 * business", "we're hoping to move the office", "I'm trying to cut down on sugar"). Such a
 * statement changes no value, whatever cue it carries ("Now, I'm aiming to …"): the judge defers
 * it (`unsure:intention` in ./rules.ts). So does the speaker's "I'll" (a plan: "I'll switch to
 * Bitwarden next month") and "I'd" with a base form (a wish). Only the sentence's first full verb counts, so an
 * intention inside a subordinate clause leaves a done change a change ("I moved to Boston because
 * I wanted to be near family").
 *
 * Reads the tagger's words (callers `await loadTagger()` first).
 *
 *   intentionOf(tag("Now, I'm aiming to turn my dancing passion into a business.")) // → "aim"
 *   intentionOf(tag("I moved to Boston because I wanted to be near family."))      // → null
 */
import { SPEAKER_SUBJECT } from "../text.js";
import type { TaggedWord } from "./tagger.js";

/**
 * Verbs whose infinitive complement is not (yet) done: aims, hopes, wishes, attempts, intentions.
 * A closed class of English. Not "like", "love" or "need": "I like to run" and "I need to take
 * the 8:05 train now" say a habit or a current requirement, which a newer value can replace.
 */
const INTENTION_VERBS = new Set(
  "aim hope want wish intend mean try plan strive seek attempt dream long yearn aspire".split(" "),
);

/**
 * The speaker's contracted "will" and "would" ("I'll", "we'd"; `SPEAKER_SUBJECT`) before the first
 * full verb: "I'll switch to Bitwarden next month" plans, "I'd switch to Bitwarden if it were
 * cheaper" wishes. "I'd" before a participle is "I had" ("I'd moved to York by then": done).
 */
const WILL = /[’']ll$/i;
const WOULD_OR_HAD = /[’']d$/i;

/** Auxiliaries and the future's "going" / "gonna" before an infinitive: "I'm going to quit". */
const FUTURE = new Set(["gonna", "wanna"]);

/**
 * The lemma of the intention the sentence's main verb says, or null when its first full verb
 * says something done or holding. "going to" + a verb is a plan ("I'm going to switch banks");
 * "going to" + a place is a movement ("I'm going to the gym"), and counts as no intention.
 */
export function intentionOf(words: readonly TaggedWord[]): string | null {
  const i = words.findIndex((w) => w.pos === "VERB" || FUTURE.has(w.text.toLowerCase()));
  if (i < 0) return null;
  const verb = words[i]!;
  const form = verb.text.toLowerCase();
  if (FUTURE.has(form)) return words[i + 1]?.pos === "VERB" ? form : null;
  // The subject before it, over adverbs ("I'll probably switch", "I'd really rather move").
  let s = i - 1;
  while (s >= 0 && words[s]!.pos === "ADV") s--;
  const subject = words[s]?.text ?? "";
  if (SPEAKER_SUBJECT.test(subject)) {
    if (WILL.test(subject)) return "will";
    if (WOULD_OR_HAD.test(subject) && form === verb.lemma) return "would";
  }
  const to = words[i + 1];
  const next = words[i + 2];
  if (to?.text.toLowerCase() !== "to" || next?.pos !== "VERB") return null;
  // "I'm going to quit" plans; "I went to see a doctor" did.
  if (verb.lemma === "go") return form === "going" ? "go" : null;
  return INTENTION_VERBS.has(verb.lemma) ? verb.lemma : null;
}
