/**
 * A measure the speaker gives of themself: "I weigh 63 kg" and, weeks later, "with the running and
 * the food I'm at 59 kg today". `newerMeasureFound` links two measures by their unit only when the
 * unit is rare in the store (`RARE_UNIT`), so that what the store counts in it is likely one thing;
 * a store that also holds "the cat weighs 4 kg" and "my suitcase was 23 kg" has "kg" in too many
 * facts. When the question asks about the speaker ("how much do I weigh") and both statements say
 * the number of the speaker — the speaker is the subject the number is said of — the holder is one,
 * whatever else the store counts in that unit: the unit links them. Read with the tagger
 * (`await loadTagger()` first).
 */
import { sentencesOf } from "../../sleep/chat-turns.js";
import { contentTokens } from "../../text.js";
import { tagged } from "../../typed-values.js";

/** The speaker as a subject: "I", "we", and their contractions with "be" or "have". */
const SPEAKER = /^(?:i|we|i'm|i’m|we're|we’re|i've|i’ve|we've|we’ve)$/i;

/** A question about the speaker: "I" or "we" in it ("How much do I weigh?"), not "my cat". */
const ASKS_SPEAKER = /\b(?:i|we)\b/i;

/** Words between a subject and its number that leave the subject as it is: "I'm **at** 59", "I weigh **about** 63". */
const BETWEEN = new Set(["ADP", "ADV", "AUX", "VERB", "PART"]);

/**
 * The units (stems, `contentTokens`) a text gives a number in, said of the speaker: the word right
 * after a number, whose subject — the first pronoun, noun or name before the number, past
 * prepositions, adverbs and verbs — is the speaker. "I weigh 63 kg" → ["kg"]; "I'm at 59 kg today"
 * → ["kg"]; "Mia weighs 4 kg" → []; "my suitcase was 23 kg" → []; "the doctor has me on 150 mg"
 * → [] (the speaker is the object, not the subject).
 *
 *   speakersOwnUnits("I weigh 63 kg, a bit more than I want") // → ["kg"]
 */
export function speakersOwnUnits(text: string): string[] {
  const out = new Set<string>();
  for (const sentence of sentencesOf(text)) {
    const words = tagged(sentence);
    for (const [i, w] of words.entries()) {
      if (w.pos !== "NUM" && !/^\d[\d,.]*$/.test(w.text)) continue;
      const unit = words[i + 1];
      if (!unit || !/\p{L}/u.test(unit.text)) continue;
      let j = i - 1;
      while (j >= 0 && BETWEEN.has(words[j]!.pos)) j--;
      // The tagger may read "I'm" as a name: the word itself says the speaker.
      const subject = words[j];
      if (subject && (subject.pos === "PRON" || subject.pos === "PROPN") && SPEAKER.test(subject.text))
        for (const t of contentTokens(unit.text)) out.add(t);
    }
  }
  return [...out];
}

/**
 * The units that link an older and a newer measure as the speaker's own: the question asks about
 * the speaker, and both statements give a number in the unit of the speaker (`speakersOwnUnits`).
 *
 *   ownUnitsLinking("how much do I weigh", "I weigh 63 kg", "I'm at 59 kg today") // → Set {"kg"}
 *   ownUnitsLinking("how much does Mia weigh", "I weigh 63 kg", "I'm at 59 kg today") // → Set {}
 */
export function ownUnitsLinking(question: string, older: string, newer: string): Set<string> {
  if (!ASKS_SPEAKER.test(question)) return new Set();
  const olderUnits = new Set(speakersOwnUnits(older));
  return new Set(speakersOwnUnits(newer).filter((u) => olderUnits.has(u)));
}

/**
 * Whether the pair may give measures of the speaker's for a question about the speaker, read without
 * the tagger (before it is loaded): "I" or "we" in the question and in both statements.
 */
export const mayBeOwnMeasures = (question: string, older: string, newer: string): boolean =>
  ASKS_SPEAKER.test(question) && ASKS_SPEAKER.test(older) && ASKS_SPEAKER.test(newer);
