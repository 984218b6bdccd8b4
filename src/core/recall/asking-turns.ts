/**
 * The turn a reply answers, read backward for a current-state question (`replyShare` in
 * recall.ts): a user says a new value in passing in a turn that asks for help, and the other
 * speaker's reply names what the thing is ("The migration to Snowflake is done… How do resource
 * monitors work?" / "A resource monitor tracks credits used by warehouses…"). Only a turn of that
 * shape borrows its reply's match.
 */
import { namedValues } from "../named-values.js";
import { sentencesOf } from "../sleep/chat-turns.js";
import { rawTokens, SPEAKER_SUBJECT } from "../text.js";

/**
 * True when a turn asks something and, in a sentence of its own that asks nothing and tells of the
 * speaker's own ("I", "we", "my", "our"), names a value (a name or a number: `namedValues`): the
 * shape of a new value said in passing while asking for help
 * ("I ported my number to Giffgaff because it was half the price. How do I set up Wi-Fi calling?").
 * Not a turn that only asks ("Would three-week sprints suit a team that keeps missing its goals?
 * I'm only asking before I suggest anything to the others."): its reply answers a question, not a
 * statement of what holds; nor one whose value is a name said in address ("Wow, Maria, how cute!
 * What's her name?"); nor one whose only question is about the listener ("I adopted Max last
 * week. How about you?", `asksOfListener`).
 *
 *   asksBesideAValue("I've been getting the 8:12 since the timetable change. Any reading tips?") // → true
 *   asksBesideAValue("Would three-week sprints suit us? I'm only asking.")                        // → false
 */
/**
 * A question about the listener's own life ("How about you?", "What have you been up to?", "Did you
 * finish your painting?"), not a request to them ("Can you suggest…?", "Do you know a stretch…?"):
 * two people catching up, where the reply is the listener's news, not an answer about the asker's thing.
 */
const LISTENER = /\b(?:you|your|yours|yourself)\b/i;
const REQUEST = /\b(?:can|could|would|will) you\b|\bdo you (?:know|have any|think)\b/i;
const asksOfListener = (sentence: string) => LISTENER.test(sentence) && !REQUEST.test(sentence);

/** A sentence in which the speaker tells of their own ("I", "we", "my", "our"): not "Wow, Maria, how cute!". */
const ofSpeaker = (sentence: string) =>
  rawTokens(sentence).some((t) => SPEAKER_SUBJECT.test(t) || /^(?:my|our)$/i.test(t));

export function asksBesideAValue(text: string): boolean {
  const sentences = sentencesOf(text);
  const asks = sentences.some((s) => s.trim().endsWith("?") && !asksOfListener(s));
  return (
    asks &&
    sentences.some(
      (s) => !s.trim().endsWith("?") && (namedValues(s).length > 0 || /\p{N}/u.test(s)) && ofSpeaker(s),
    )
  );
}

/**
 * True when a reply speaks of nothing of its own: no "I", "we" (or a contraction of them) nor "my",
 * "our". An answer that tells the asker what their thing is or how it works ("It only appears if the
 * network supports it on your plan.") describes the turn it answers; one that tells of the replier's
 * own life ("Yeah, I painted a sunset last week, my kids loved it") is the replier's statement, and
 * lends the turn before it nothing (two people catching up, each asking "how about you?").
 *
 *   answersOfItsAsker("Go to Settings, Phone, Wi-Fi Calling and switch it on.") // → true
 *   answersOfItsAsker("I went there last week, my sister loved it.")           // → false
 */
export function answersOfItsAsker(text: string): boolean {
  return !rawTokens(text).some((t) => SPEAKER_SUBJECT.test(t) || /^(?:my|our|mine|ours)$/i.test(t));
}
