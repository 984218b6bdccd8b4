/**
 * Which episode texts can stand alone as a belief. A fragment, a pleasantry or a note the
 * agent wrote to itself is indistinguishable from a fact once embedded: it ranks, it fits the
 * budget, it gets injected. So it is never distilled (the episode itself is kept). A sentence
 * that opens with a subordinate clause is read with the tagger: callers `await loadTagger()` first.
 */
import { mainClauseStart } from "../judge/analysis.js";
import { tag } from "../judge/tagger.js";
import { opensWithSubordinator } from "../subordinators.js";
import { contentTokens, isHypothetical, isQuestion, rawTokens } from "../text.js";
import { phatic } from "./chat-turns.js";

const CHIT_CHAT =
  /^(?:ok(?:ay)?|k|sure|yes|yeah|yep|no|nope|thanks?(?: you)?|thank you(?: so much)?|thx|ty|cool|great|nice|awesome|perfect|got it|sounds good|lol|haha|hmm+|hi|hello|hey|bye|good (?:morning|night|evening)|cheers|np|no problem|you're welcome|will do|done|right|alright|indeed|exactly|true|agreed)[\s.!?…]*$/i;

const SELF_REFERENTIAL =
  /^(?:i(?:'ll| will| should| must| need to| am going to|'m going to)\s+(?:remember|note|keep in mind|make sure|try to|look into|check)|note to self|remember to|reminder to self|let me (?:remember|note|think|check|look)|i (?:just )?(?:noted|remembered|saved|stored|recorded)|(?:saving|storing|recording) (?:this|that) (?:to|in) memory|memory (?:updated|saved))/i;

const FRAGMENT_START =
  /^(?:and|but|or|so|because|which|who|whose|that|then|also|although|though|while|whereas|unless|until|since|if|when|as well as|not yet|etc)\b/i;

export type StandaloneVerdict =
  | "standalone"
  | "chit-chat"
  | "question"
  | "hypothetical"
  | "self-referential"
  | "fragment";

/** What the episode was recorded as: an outcome reads its words differently (`standalone`). */
export interface StandaloneEpisode {
  type?: string;
  outcome?: string | null;
}

/**
 * Whether `text` can stand alone as a belief, and if not, why. Short text is chit-chat ("ok", "got
 * it") — unless the episode reports an outcome: "Deploy failed" recorded as a failure says what
 * happened to what, so its two words are a statement; a pleasantry stays chit-chat whatever its
 * type, and a one-word outcome ("Failed") names nothing that happened: a fragment.
 *
 *   standalone("Deploy failed"); // "chit-chat"
 *   standalone("Deploy failed", { type: "outcome", outcome: "failure" }); // "standalone"
 */
export function standalone(text: string, episode: StandaloneEpisode = {}): StandaloneVerdict {
  const t = text.trim();
  const outcome =
    episode.type === "outcome" || episode.outcome === "success" || episode.outcome === "failure";
  if (CHIT_CHAT.test(t)) return "chit-chat";
  const words = rawTokens(t).length;
  if (words <= 2 && !outcome) return "chit-chat";
  if (words <= 1) return "fragment";
  // The phatic classifier (chat-turns.ts): acknowledgements, greetings, notes on the next move.
  const social = phatic(t);
  if (social === "self-note") return "self-referential";
  if (social) return "chit-chat";
  if (isQuestion(t)) return "question";
  // "Maybe we should upgrade to 16" proposes; stored as a fact it would read as one.
  if (isHypothetical(t)) return "hypothetical";
  if (SELF_REFERENTIAL.test(t)) return "self-referential";
  const content = contentTokens(t);
  if (content.length < 2) return outcome ? "fragment" : "chit-chat";
  // Starts mid-thought, or leans on an antecedent left behind ("…not yet load-tested at that volume").
  // "Since the garage closed I've been parking on Fifth Avenue" opens with its subordinate clause
  // and says its main clause after it: complete. "Since the baby arrived." has none. (A
  // subordinator first makes the sentence complete only after one of FRAGMENT_START's openers.)
  if (FRAGMENT_START.test(t) && !(opensWithSubordinator.test(t) && mainClauseStart(t, tag(t)) !== null))
    return "fragment";
  if (/^(?:it|this|that|these|those|they|he|she)\b/i.test(t) && content.length < 4) return "fragment";
  if (/^[a-z]/.test(t) && !/[.!]$/.test(t) && content.length < 4) return "fragment";
  return "standalone";
}
