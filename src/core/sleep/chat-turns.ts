/**
 * Reading chat turns for distillation, without a model.
 *
 * `phatic(text)` — the phatic classifier: a turn that only manages the conversation
 * (acknowledges, thanks, greets, says goodbye, agrees, or notes what the speaker is about to do)
 * states nothing about the world, so it never becomes a belief; it stays an episode, recallable.
 * It reads structure, not a list of whole sentences: after a small closed class of conversational
 * words (acknowledgements, thanks, greetings, appraisals, pronouns and function words, a vocative
 * name) nothing is left; or the turn is a short first-person note about the speaker's next move
 * ("let me check", "brb", "I'll look into it") with no object beyond a pronoun.
 *
 *   phatic("Thanks, that helps.")        // → "acknowledgement"
 *   phatic("let me check")               // → "self-note"
 *   phatic("Thanks, the fix works on ARM too.")  // → null: it says something
 *
 * `statementsOfState(text)` — the statements of state inside a longer turn: a sentence in which
 * the speaker says a value of theirs changed or is now something ("…by the way, I moved my dentist
 * appointment to Thursdays", "my new job is at Globex"). Each is gated as its own proposition, so
 * a value changed in passing meets the belief it replaces like a direct statement would; the write
 * gate and its judge decide (unsure pairs stay both active, for `candidates()`). Besides the
 * first-person patterns below, any sentence the tagger reads as saying a state changed or holds
 * now (`saysChangedState`: a verb of change, a first-person "now", "these days", "no longer",
 * "instead", or a perfect that runs up to now: "I've been going to bed at 10:30 since the baby
 * arrived") is one: callers `await loadTagger()` first.
 */
import { adverbs, FROM_NOW_ON, NO_LONGER, NOT_ANYMORE, NOW } from "../change-adverbs.js";
import { tag, tagged, taggerLoaded } from "../judge/tagger.js";
import { DOTTED_TITLES, typedTitles } from "../person-words.js";
import { BACK_TO, CORRECTION, saysChangedState } from "../state-slots.js";
import {
  contentTokens,
  hasAdditiveCue,
  hasChangeCue,
  isHypothetical,
  isQuestion,
  rawTokens,
  STOP_WORDS,
} from "../text.js";
import { speakerDidUnsaid } from "../unsaid-subject.js";

/**
 * The closed class: words that carry the conversation, not a fact. Function words and pronouns
 * are the shared stop words; this adds the conversational ones. Compared unstemmed.
 */
const CONVERSATIONAL = new Set(
  (
    "ok okay k kk sure yes yeah yep yup no nope nah thanks thank thx ty cheers appreciate appreciated " +
    "cool great nice awesome perfect fine good wonderful amazing excellent brilliant lovely fantastic " +
    "sounds sound works work worked helps help helped helpful makes make sense got noted understood " +
    "agree agreed right alright exactly indeed true totally absolutely definitely course " +
    "hi hello hey hiya yo morning evening afternoon night day bye goodbye later see soon ttyl cya " +
    "lol haha hahaha hmm hm oh ah wow welcome problem np worries mention pleasure glad happy " +
    "much lot lots bunch ton tons so well way one thing things done deal will go going all " +
    "worry checking check looking look sec second moment minute " +
    // Addressing the room, and words about the exchange itself ("thanks for the quick answer").
    "team everyone everybody folks guys all y'all answer answers reply response explanation tip tips " +
    "quick fast really very super need needed now"
  ).split(" "),
);

/** First-person notes about the speaker's next move, answered later by what they find. */
const SELF_NOTE =
  /^(?:let me (?:check|see|think|look|find out|get back|double[- ]check|try|confirm)|(?:i'?ll|i will|gonna|going to) (?:check|look into|get back|think about|find out|double[- ]check|try)|one (?:sec|second|moment|min(?:ute)?)|hold on|give me a (?:sec|second|moment|minute)|brb|be right back|checking|looking into it|on it|will do|will check|bbl|afk)\b/i;

export type PhaticClass = "acknowledgement" | "greeting" | "self-note";

/**
 * A note the speaker addresses to themselves ("note to self: …", "Reminder to myself: ask about X
 * at standup") is a to-do, never a claim about the world, whatever follows it.
 */
const NOTE_TO_SELF =
  /^(?:(?:a\s+)?(?:note|reminder|memo)\s+to\s+(?:self|myself)|to\s+myself|todo|to-do)\s*[:,-]/i;

const GREETING =
  /^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening|night)|bye|goodbye|see you|later|ttyl|cya)\b/i;

/**
 * The phatic class of a turn, or null when it states something. Short by construction: a turn
 * of more than 12 words is never phatic.
 */
export function phatic(text: string): PhaticClass | null {
  const t = text.trim();
  const words = rawTokens(t);
  if (words.length === 0) return "acknowledgement";
  if (NOTE_TO_SELF.test(t)) return "self-note";
  if (words.length > 12) return null;
  // A note about the speaker's next move, with at most a pronoun or "that"/"this" as its object.
  if (SELF_NOTE.test(t) && wordsOf(t.replace(SELF_NOTE, "")).every((w) => CONVERSATIONAL.has(w)))
    return "self-note";
  // A vocative name ("Thanks, Melanie!") is part of the address, not content.
  const vocatives = new Set(
    [...t.matchAll(/(?:^|[,!.]\s*)(\p{Lu}[\p{Ll}]+)(?=\s*[,!.?]|$)/gu)].map((m) => m[1]!.toLowerCase()),
  );
  const content = wordsOf(t).filter((w) => !vocatives.has(w));
  if (!content.every((w) => CONVERSATIONAL.has(w) || CONVERSATIONAL.has(w.replace(/s$/, "")))) return null;
  return GREETING.test(t) ? "greeting" : "acknowledgement";
}

/** Words outside the shared stop words (negations are no content either: "no worries"). */
const wordsOf = (text: string) =>
  rawTokens(text).filter((w) => !STOP_WORDS.has(w) && !/^(?:no|not|never|none|nothing)$/.test(w));

/** Openers that hand over to a new topic in passing: "by the way", "oh and", "also", "btw". */
const DISCOURSE_OPENER =
  /^(?:(?:oh|ah|and|also|anyway|anyways|btw|by the way|oh and|oh also|oh by the way|fyi|quick update|update|news|side note|random(?:ly)?|speaking of which|not that it matters|just so you know|heads up)[\s,:;.!-]+)+/i;

/**
 * Verbs of a change that ends what held before: the speaker moved, switched, left, sold… something
 * ("I transferred to the search team" is no longer on the old one).
 */
const ENDING_VERBS =
  "moved|switched|changed|rescheduled|pushed|shifted|upgraded|downgraded|migrated|renamed|left|quit|sold|relocated|transferred|cancelled|canceled|dropped|replaced|swapped|traded|took over|gave up|" +
  // A value raised or lowered ends the one before ("we bumped the pipeline to Python 3.12"), as does
  // a thing given up ("we ditched Slack for Teams").
  "bumped|raised|lowered|increased|decreased|reduced|doubled|halved|converted|stopped|ditched|dumped|abandoned";

/**
 * Verbs of a change that begins something and ends nothing by itself: "I just joined a new LGBTQ
 * activist group" leaves the art show the speaker is having next month; "I started volunteering at
 * a dog shelter" the homeless shelter they still help at. A change, but not a replacement.
 */
const BEGINNING_VERBS = "started|joined|adopted|bought|got|became";

/**
 * "I (just) moved…", "we've finally switched…", "Company-wide we ditched…", "Last week I swapped…": a
 * first-person clause opening with one of `verbs`, after at most two words of a lead-in that sets
 * the scene (not a subordinator or a word of doubt: "If we moved…", "Maybe we switched…",
 * "When I quit…" say no change made).
 */
const speakerDid = (verbs: string) =>
  new RegExp(
    `^(?:(?!(?:${NOT_A_LEAD_IN})\\b)[\\p{L}\\p{N}-]+,?\\s+){0,2}(?:i|we)(?:'ve| have)?\\s+(?:just\\s+|recently\\s+|finally\\s+|actually\\s+|now\\s+)?(?:${verbs})\\b`,
    "iu",
  );

/** Words that open a clause that is no statement of a change made: subordinators, doubt, wishes. */
const NOT_A_LEAD_IN =
  "if|when|whenever|before|after|unless|until|till|once|whether|because|since|though|although|while|maybe|perhaps|should|would|could|might|must|can|will|wish|hope|hoping|think|thinking|guess|suppose|what|why|how|where|who|did|do|does|had|have|not|never";

/** A first-person sentence about something of the speaker's that changed or now holds, other than by a verb. */
const STATE_OF_SPEAKER_SAID = [
  // my new job/address is Y · my X is now Y · our X moved to Y
  // (a whitespace run is taken whole, `\s+(?!\s)`: a run of thousands of spaces after "my new" cost seconds)
  /^(?:my|our)\s+(?!\s)(?:new|current|latest)\s+(?!\s)[\p{L}\p{N}' -]{2,40}?\s+(?!\s)(?:is|are)\s+\S/iu,
  new RegExp(
    String.raw`^(?:my|our)\s+(?!\s)[\p{L}\p{N}' -]{2,40}?\s+(?!\s)(?:(?:is|are)\s+${adverbs(NOW)}|has moved to|have moved to|moved to|was moved to|got moved to|changed to|was changed to|switched to|is changing to)\s+\S`,
    "iu",
  ),
  // I now work at Y · I no longer X · I'm now Y · I don't X anymore (change-adverbs.ts)
  new RegExp(String.raw`^(?:i|we)(?:'m| am|'re| are)?\s+${adverbs(NOW, NO_LONGER)}\b`, "i"),
  new RegExp(
    String.raw`^(?:i|we)\s+(?:don't|do not|${adverbs(NO_LONGER)})\b.*\b${adverbs(NOT_ANYMORE)}\b`,
    "i",
  ),
  // I'm back to Y · we're back on Y: a state returned to ends the one between.
  BACK_TO,
];

/**
 * A first-person sentence about something of the speaker's that changed or now holds: I
 * moved/switched/changed/rescheduled X (to Y) · we upgraded to Y · I started at Y · my new job is
 * Y · my X is now Y · I no longer X.
 */
const STATE_OF_SPEAKER = [speakerDid(`${ENDING_VERBS}|${BEGINNING_VERBS}`), ...STATE_OF_SPEAKER_SAID];

/** The same, when what held before ends: not by a verb that only begins something (`BEGINNING_VERBS`). */
const REPLACED_STATE_OF_SPEAKER = [speakerDid(ENDING_VERBS), ...STATE_OF_SPEAKER_SAID];

/**
 * `CREOLE_UNMARKED_PAST`: in Jamaican Creole (Patois) a verb of action said bare after its subject,
 * with no marker of aspect ("a", "did", "wi", "waan", "fi", "nuh"), tells what was done — "mi switch mi
 * prescriptions to Day Lewis" is "I switched my prescriptions to Day Lewis". Read only after the
 * Creole first person "mi", which English never uses as a subject, so an English "I switch
 * it off at night" (a habit) is not read; and only for the verbs of `ENDING_VERBS`, in their bare form.
 * Not "mi a switch" (going on), "mi waan switch" (a wish), "mi nuh switch" (not done), "mi will
 * switch". Not "wi" (Creole's "we" is also its future: "mi wi move"). Recall's reading only
 * (`announcesReplacement`); sleep's split of a turn reads as before.
 */
export const CREOLE_UNMARKED_PAST_RULE = {
  name: "creole-unmarked-past",
  doc: 'A Jamaican Creole verb of change said bare right after "mi" ("mi switch mi prescriptions to Day Lewis", "so mi move di pardner to Sunday") tells a change done, as its English past would; never after an aspect or modal marker ("mi a switch", "mi waan move", "mi nuh change").',
} as const;

/** Creole's markers of aspect, mood and negation before a verb: none may lead in to "mi". */
const CREOLE_MARKERS = "a|did|wi|go|gwaan|waan|fi|nuh|nah|neva|cyaan|haffi|mus";

/** `ENDING_VERBS` in their bare form, with "rebook" and Creole's "tek over" (take over). */
const CREOLE_ENDING_VERBS =
  "move|switch|change|reschedule|rebook|push|shift|upgrade|downgrade|rename|leave|quit|sell|relocate|transfer|cancel|drop|replace|swap|trade|tek over|take over|give up|bump|raise|lower|increase|reduce|double|halve|stop|ditch|dump";

const CREOLE_SPEAKER_DID = new RegExp(
  `^(?:(?!(?:${NOT_A_LEAD_IN}|${CREOLE_MARKERS})\\b)[\\p{L}\\p{N}-]+,?\\s+){0,2}mi\\s+(?:just\\s+|jus\\s+|finally\\s+|done\\s+)?(?:${CREOLE_ENDING_VERBS})\\b`,
  "iu",
);

/**
 * `VIETNAMESE_CHANGE`: Vietnamese says a change by a verb of change followed by where the thing went —
 * "đổi password khách thành hoasen888" (changed … into), "đám cưới dời qua 5/23" (moved to), "đổi Cha
 * Phêrô về Dallas", "nâng giá lông mày lên 15 đô" (raised … to) — by "lên"/"xuống" before an amount
 * ("Yelp lên 4.6 rồi", "đặt lên 30 đòn": up to), or by "từ giờ"/"từ nay" (from now on). The verb has
 * no tense of its own, so a marker of negation, future, wish, plan or condition before it ("chưa tính
 * đổi", "sẽ đổi", "muốn chuyển", "nếu dời", "khỏi lên 59") says no change was made, and a clause that
 * ends on a question particle ("… đổi chưa?", "… không") asks. Text typed without marks is read only
 * where its letters say one word: "doi qua" is as often "đói quá" (so hungry), "chuyen" "chuyện", so
 * an unmarked verb is read only before "sang", "thành", "lên", "xuống". A bare "giờ" (now) is left
 * out: it opens as many plans as changes ("giờ chị đi đón con", I'm off to fetch my son now) and
 * counts hours ("6 giờ chiều"); so is "mới" (new, and "just"). Read by `saysVietnameseChange`,
 * for `newerFirst` only: the lifts that tie a pair by a value named alone (missed-successors) met
 * Vietnamese turns through their function words ("của", "ở", "một tháng") and lifted 13 wrong on
 * fresh27's dev half when this rule was read by `announcesReplacement`; sleep reads as before.
 */
export const VIETNAMESE_CHANGE_RULE = {
  name: "vietnamese-change",
  doc: 'A Vietnamese verb of change with where the thing went ("đổi … thành", "dời qua", "nâng … lên"), "lên"/"xuống" before an amount, or "từ giờ"/"từ nay" tells a change made; never after a marker of negation, future, wish, plan or condition ("chưa tính đổi", "sẽ đổi", "khỏi lên 59"), nor in a clause that asks.',
} as const;

/**
 * Vietnamese markers of negation, future, wish, plan, condition or a suggestion made to the speaker
 * (with marks and without), read up to two words before the verb ("chưa tính đổi", "nếu chị dời",
 * "rủ chị đổi qua", "đề nghị đổi tên thành"); "nên" (should) and "phải" (must) only
 * right before it, as each is also "so" and "right" where it opens a clause ("… nên chị đổi
 * password …" is "so I changed the password").
 */
const VIETNAMESE_NOT_DONE =
  "không|hông|ko|khong|chưa|chua|chẳng|chả|chang|đừng|khỏi|khoi|sẽ|se|tính|tinh|định|dinh|muốn|muon|nếu|neu|có thể|co the|đề nghị|de nghi|rủ|khuyên|khuyen";
const VIETNAMESE_OUGHT = "nên|nen|phải|phai";

/** Not after a marker of `VIETNAMESE_NOT_DONE` up to two words before, nor right after one of `VIETNAMESE_OUGHT`. */
const NOT_AFTER_NOT_DONE = `(?<!(?:^|[^\\p{L}])(?:${VIETNAMESE_NOT_DONE})\\s+(?:[\\p{L}\\p{N}]+\\s+){0,2})(?<!(?:^|[^\\p{L}])(?:${VIETNAMESE_OUGHT})\\s+)`;

const VIETNAMESE_CHANGE = new RegExp(
  `(?<![\\p{L}\\p{N}])${NOT_AFTER_NOT_DONE}(?:` +
    // A marked verb of change, its object, then where it went.
    // Not "đổi qua đổi lại" (back and forth).
    `(?:đổi|dời|chuyển|nâng|tăng|giảm|tụt)(?:\\s+[\\p{L}\\p{N}$.,/:-]+){0,5}?\\s+(?:qua|sang|thành|lên|xuống|về)\\s+(?!(?:đổi|dời|chuyển)\\s)\\S` +
    // The same typed without marks, only where the letters say one word.
    `|(?:doi|nang|tang|giam)(?:\\s+[\\p{L}\\p{N}$.,/:-]+){0,5}?\\s+(?:sang|thanh|len|xuong)\\s+\\S` +
    // Up or down to an amount.
    `|(?:lên|xuống|len|xuong)\\s+(?:US)?\\$?\\d` +
    // From now on.
    `|từ\\s+(?:giờ|nay)(?![\\p{L}\\p{N}])` +
    // Not in a clause that ends on a question particle.
    `)(?!.*[^\\p{L}](?:không|hông|ko|khong|chưa|chua|hả)[\\s?!.]*$)`,
  "iu",
);

/**
 * True when some sentence of the text says a change made in Vietnamese (`VIETNAMESE_CHANGE`), not in
 * a question or a hypothetical.
 *
 *   saysVietnameseChange("Lớp yoga dời qua thứ Năm vì cô giáo bận.")  // → true
 *   saysVietnameseChange("Tháng sau anh sẽ chuyển qua Verizon.")     // → false
 */
export function saysVietnameseChange(text: string): boolean {
  return announces(text, [VIETNAMESE_CHANGE]);
}

/** Where `sentencesOf` splits: see there. */
const SENTENCE_BREAKS = new RegExp(
  `(?<!\\b(?:${typedTitles(DOTTED_TITLES)}|St|Jr|Sr|vs|etc|e\\.g|i\\.e|approx|No)\\.)(?<=[.!?])\\s+(?=\\S)|(?<!\\s)\\s+[–—]\\s+|(?<!\\s)\\s+-\\s+`,
  "u",
);

/** The sentences of a text; a short lead-in closed by a colon is split from its clause. */
export function sentencesOf(text: string): string[] {
  // Split on sentence ends (not inside numbers like 3.5, nor after a title, which a writer with no
  // capitals types as "dr.", "mrs."; "ms." in lower case is as often milliseconds) and on dashes used
  // as breaks. A dash's whitespace is entered at its start only (`(?<!\s)`), so a long run is read
  // once, not once a position.
  return text
    .split(SENTENCE_BREAKS)
    .flatMap(afterLeadIn)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A short lead-in closed by a colon ("Big news though: my new job is at Globex") announces the
 * clause after it, which is said as its own sentence. A time ("10:15") has no space after its colon.
 */
function afterLeadIn(sentence: string): string[] {
  const m = /^([^:]{1,80}):\s+(\S.*)$/su.exec(sentence);
  if (!m) return [sentence];
  const words = rawTokens(m[1]!).length;
  return words <= 4 || (words <= 12 && META_LEAD_IN.test(m[1]!)) ? [`${m[1]}:`, m[2]!] : [sentence];
}

/**
 * A lead-in that speaks of what was or will be said, not of the world ("Correction on something I
 * told you ages ago:", "Quick update on the move:"): it announces the clause after its colon at any
 * length up to 12 words. Not "The three things I still need this week:" (a list's own subject).
 */
const META_LEAD_IN =
  /\b(?:correction|correcting|update|news|heads[- ]up|fyi|reminder|told you|said|mentioned)\b/i;

/** A sentence with its discourse opener removed, as it would be said on its own. */
export function bare(sentence: string): string {
  return sentence.replace(DISCOURSE_OPENER, "").trim();
}

/**
 * Statements of state found inside a longer turn (two sentences or more, or one that opens by
 * changing topic), each case-preserved and with its opener dropped, and what is left of the turn.
 * A turn that is itself one plain statement yields nothing: it is distilled as it is.
 *
 *   statementsOfState("Work is hectic. By the way, I moved my dentist appointment to Thursdays!")
 *   // → { statements: ["I moved my dentist appointment to Thursdays!"], rest: "Work is hectic." }
 */
export function statementsOfState(text: string): { statements: string[]; rest: string } {
  const parts = sentencesOf(text);
  const statements: string[] = [];
  const rest: string[] = [];
  const longer = parts.length > 1 || DISCOURSE_OPENER.test(text.trim());
  const said = (s: string) => (s.charAt(0).toUpperCase() === s.charAt(0) ? s : capitaliseFirstPronoun(s));
  for (const part of parts) {
    const s = bare(part);
    // A sentence that splices a statement of state to an unrelated clause with a comma: the
    // statement is taken out as if it were a sentence of its own (`splicedStates`).
    const spliced = splicedStates(s);
    if (spliced) {
      statements.push(...spliced.statements.map(said));
      rest.push(spliced.rest);
    } else if (longer && isStateSentence(s)) statements.push(said(s));
    else rest.push(part);
  }
  return { statements, rest: rest.join(" ") };
}

/** A sentence (or clause) that states, in the speaker's words, that a value changed or now holds. */
function isStateSentence(s: string): boolean {
  return (
    !isQuestion(s) &&
    !isHypothetical(s) &&
    contentTokens(s).length >= 2 &&
    rawTokens(s).length <= 30 &&
    saysState(s)
  );
}

const saysState = (s: string) => STATE_OF_SPEAKER.some((re) => re.test(s)) || saysChangedState(s);

/** The rule that takes a statement of state out of a comma splice, and its doc line. */
export const SPLICED_STATE_RULE = {
  name: "spliced-state",
  doc: 'A sentence whose clauses a comma joins (a comma splice: "switched muffin of the month to pumpkin chai, fall is here") holds its statement of state as a clause: that clause is taken out as a statement of its own when neither it nor any other clause points back (it, that, them, which…) or opens with a conjunction (so, and, but…), and every other clause is a sentence by itself (a subject before its verb); a sentence that opens with a subordinate clause ("if…", "when…"), reports speech ("she said, …") or is hypothetical is never split.',
} as const;

/** Words that open a clause leaning on another: subordinators and relatives. */
const LEANING_OPENER =
  /^(?:which|who|whom|whose|where|when|whenever|while|whereas|that|because|cause|since|though|although|if|unless|until|till|as|once|so that|even though|after|before|whether)\b/i;
/** Conjunctions that join a clause to the one before (a compound sentence, not a splice). */
const JOINS = /^(?:so|and|but|then|yet|or|nor|plus|because|cause|cos)\b/i;
/** Words that point back at another clause of the sentence. */
const POINTS_BACK = /\b(?:it|its|it's|that|this|these|those|them|which|there|so)\b/i;
/** A verb that reports speech or thought: "she said, we're closed" reports, it states nothing of its own. */
const REPORTS =
  /\b(?:said|says|say|told|tells|tell|think|thinks|thought|guess|reckon|reckons|hope|hopes|believe|believes|heard|hear|know|knows|mean|means|feel|feels|suppose|bet|swear|wonder|asked|asks|ask|wrote|writes)\s*$/i;

/**
 * The statements of state of one sentence made of comma-joined clauses, and the clauses left,
 * or null when the sentence is not split (`SPLICED_STATE_RULE`). Adjacent state clauses stay one
 * statement; a sentence all of whose clauses are states is not split (it is one statement).
 *
 *   splicedStates("switched muffin of the month to pumpkin chai, fall is here")
 *   // → { statements: ["switched muffin of the month to pumpkin chai"], rest: "fall is here" }
 *   splicedStates("my nephew's birthday is actually the 21st of May, I had it wrong") // → null: "it"
 *   splicedStates("my new job is at Globex, starting Monday!")                         // → null: no clause
 */
export function splicedStates(sentence: string): { statements: string[]; rest: string } | null {
  if (isQuestion(sentence) || isHypothetical(sentence)) return null;
  const pieces = sentence.split(/(?<=[^\s,;])[,;]\s+/);
  if (pieces.length < 2 || pieces.length > 6) return null;
  if (LEANING_OPENER.test(pieces[0]!.trim())) return null;
  const states = pieces.map((p) => isStateSentence(bare(p)));
  if (states.every(Boolean) || !states.some(Boolean)) return null;
  for (let i = 0; i < pieces.length; i++) {
    if (i + 1 < pieces.length && REPORTS.test(pieces[i]!)) return null;
    // "…, so I bought a Canyon", "…, and we signed with them": a conjunction joins, it splices nothing.
    // "…, since Jasmine moved away", "…, who do his walks": a clause that leans on the one before.
    if (i > 0 && (JOINS.test(pieces[i]!.trim()) || LEANING_OPENER.test(pieces[i]!.trim()))) return null;
    if (states[i] && POINTS_BACK.test(pieces[i]!)) return null;
    // A clause left behind must say no state and no change itself, however short or third-person
    // ("…, I drive in now", "Biscuit goes to daycare now, …"): it may be the value asked for.
    if (!states[i] && (!standsAlone(pieces[i]!) || saysState(bare(pieces[i]!)) || hasChangeCue(pieces[i]!)))
      return null;
  }
  const statements: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const into = states[i] ? statements : rest;
    const piece = bare(pieces[i]!.trim());
    if (i > 0 && states[i] === states[i - 1]) into[into.length - 1] += `, ${piece}`;
    else into.push(piece);
  }
  return { statements, rest: rest.join(", ") };
}

/**
 * A clause that is a sentence by itself: a subject before its verb ("fall is here", "the loaves
 * are coming out taller"), not opened by a preposition, a subordinator or a relative, and pointing
 * back at no other clause. A command ("call me tomorrow") is not read as one: the tagger takes its
 * verb for a noun without a subject before it, so such a sentence is left whole.
 */
function standsAlone(clause: string): boolean {
  const c = bare(clause.trim());
  if (LEANING_OPENER.test(c) || POINTS_BACK.test(c)) return false;
  const words = tag(c).filter((w) => w.pos !== "PUNCT");
  // A finite verb: an auxiliary, or a verb not in its -ing form ("the launch permitting" is a
  // circumstance of the clause before, not a sentence).
  const verb = words.findIndex((w) => w.pos === "AUX" || (w.pos === "VERB" && !/ing$/i.test(w.text)));
  if (verb < 0) return false;
  const first = words[0]!;
  if (first.pos === "ADP" || first.pos === "SCONJ" || first.pos === "CCONJ") return false;
  return words.slice(0, verb).some((w) => ["PRON", "NOUN", "PROPN", "NUM"].includes(w.pos));
}

/** "i moved…" → "I moved…": only the pronoun, never another word's case. */
function capitaliseFirstPronoun(s: string): string {
  return /^i\b/.test(s) ? `I${s.slice(1)}` : s;
}

/**
 * Change cues that name the new state, unlike a bare "new" or "now" that chat is full of: the change
 * adverbs (change-adverbs.ts) with "now" only after "is"/"are" or ending a clause ("the shift's at
 * six noo"), never "these days" or "currently", which say no change.
 */
const STRONG_CHANGE = new RegExp(
  String.raw`\b(?:(?:is|are)\s+${adverbs(NOW)}|${adverbs(NO_LONGER, NOT_ANYMORE, FROM_NOW_ON)}|switched to|moved to|changed to|instead of|replaced by|took over)\b|\b${adverbs(NOW)}(?=\s*(?:[,.!;]|$))`,
  "i",
);

/**
 * True when some sentence of the text announces a change of the speaker's state or a new value
 * ("I moved my swimming to…", "my new manager is…", "…is now…"): recall's cue that a newer item
 * may replace an older one about the same thing.
 */
export function announcesChange(text: string): boolean {
  return announces(text, STATE_OF_SPEAKER);
}

/**
 * True when some sentence of the text announces a change that ends what held before ("I
 * transferred to the search team", "Yoga class switched to Saturday mornings", "…into the city
 * now"): `announcesChange` without the changes that only begin something ("I just joined a new
 * activist group", "I started caring more about mental health"), which add a state beside the
 * older one rather than replace it. Recall's cue, with no judge's verdict, that a newer item
 * replaces an older one about the same thing (`newerFirst`).
 *
 *   announcesReplacement("I transferred to the search team last week.")  // → true
 *   announcesReplacement("I just joined a new LGBTQ activist group.")     // → false
 *   announcesReplacement("Anyway, the commute is into the city now.")    // → true
 *   announcesReplacement("Replaced the RO with an Aquaguard.")           // → true (the speaker unsaid)
 *   announcesReplacement("Replaced the RO with an Aquaguard.", { unsaidSpeaker: false }) // → false
 */
export function announcesReplacement(text: string, options: { unsaidSpeaker?: boolean } = {}): boolean {
  return announces(
    text,
    REPLACED_IN_RECALL,
    options.unsaidSpeaker === false ? null : REPLACED_BY_UNSAID_SPEAKER,
  );
}

/**
 * `announcesReplacement`'s change said with the speaker left unsaid, read at a sentence's start only
 * (`speakerDidUnsaid`: "Replaced the parents' RO with an Aquaguard."). A reader that ties the pair by
 * no more than a shared word asks without it (`{ unsaidSpeaker: false }`, `newerFirst`): a subject
 * left unsaid is a weaker sign of the speaker's own change than one said. Recall's readers only:
 * sleep's split of a turn (`saysState`) reads the subject as before.
 */
const REPLACED_BY_UNSAID_SPEAKER = speakerDidUnsaid(ENDING_VERBS);

/** What `announcesReplacement` reads in a clause: the speaker's change, said in English or in Creole. */
const REPLACED_IN_RECALL = [...REPLACED_STATE_OF_SPEAKER, CREOLE_SPEAKER_DID];

function announces(text: string, states: readonly RegExp[], sentenceStates: RegExp | null = null): boolean {
  if (hasAdditiveCue(text)) {
    const rest = withoutOwnAdditions(text);
    if (rest === null) return false;
    text = rest;
  }
  return sentencesOf(text).some((part) => {
    const s = bare(part);
    return (
      !isQuestion(s) &&
      !isHypothetical(s) &&
      (STRONG_CHANGE.test(s) ||
        CORRECTION.test(s) ||
        sentenceStates?.test(s) === true ||
        clauses(s).some((c) => states.some((re) => re.test(c))))
    );
  });
}

/**
 * `ADDITION_IN_ITS_OWN_CLAUSE`: an additive word ("too", "also", "as well", "another") adds to what
 * its own clause says. In a clause with a verb of its own it adds beside that clause's thing, not
 * beside a change another clause of the turn says: "Aunty Pania does the Monday pickup now, she's got
 * her own moko there too", "My day off is Friday now, so Wednesday I'm doing the Ōkāreka run as well",
 * "120 people for the hāngī now, need heaps more kai and another pit" still announce their change.
 * The text is read without those clauses; null when an additive word stays with the change — in its
 * clause ("I use Starline for the minicab now too") or in a clause with no verb, which goes on with
 * the change's own list ("I take the bus now, the car as well"), or in a clause that says something
 * is kept, which may be the older ("I moved to the search team and kept the old project as well") —
 * or when the tagger is not loaded (the whole-text reading before: a change beside an addition is none).
 *
 *   withoutOwnAdditions("Pania does the pickup now, she's got her own moko there too") // → "Pania does the pickup now"
 *   withoutOwnAdditions("I take the bus now, the car as well")                         // → null
 */
function withoutOwnAdditions(text: string): string | null {
  if (!taggerLoaded()) return null;
  const kept: string[] = [];
  for (const clause of clausesOf(text)) {
    if (!hasAdditiveCue(clause)) kept.push(clause);
    else if (KEPT.test(clause) || !tagged(clause).some((w) => w.pos === "VERB" || w.pos === "AUX"))
      return null;
  }
  return kept.length > 0 ? kept.join(". ") : null;
}

/** Words that say something is kept, as it was: an addition so said may keep the older beside the change. */
const KEPT = /\b(?:keep|keeps|keeping|kept|still|stay|stays|stayed|remain|remains|remained)\b/i;

/** Every clause of a text: its sentences, each split into clauses (`clauses`), openers dropped. */
export function clausesOf(text: string): string[] {
  return sentencesOf(text).flatMap((part) => clauses(bare(part)));
}

/**
 * The first clause of a sentence of two or more (`clauses`), or null: "The nightly pipeline still
 * runs on Python 3.9, so I can't use match statements" → "The nightly pipeline still runs on
 * Python 3.9"; "From this sprint the api runs Node 22, I've updated the Dockerfile; what else…?"
 * → "From this sprint the api runs Node 22".
 */
export function leadingClause(sentence: string): string | null {
  const all = clauses(bare(sentence));
  return all.length > 1 ? all[0]! : null;
}

/**
 * The clauses of a sentence, split where a coordinating conjunction or a comma joins two
 * ("My Trek got stolen so I bought a Cannondale" → "My Trek got stolen", "I bought a Cannondale"),
 * each with its opener dropped. A comma that groups a number's thousands joins nothing: "rent is
 * ₹11,240 now" is one clause ("3,4 or 5" and "10, 200 people" are two numbers, split as written).
 */
function clauses(sentence: string): string[] {
  return sentence
    .split(/(?<!\s)\s*(?:;|,(?<!\d,(?=\d{3}(?!\d))))\s*|(?<!\s)\s+(?=(?:so|and|but|then)\s+(?:i|we)\b)/i)
    .map((c) => bare(c.replace(/^(?:so|and|but|then)\s+/i, "")))
    .filter((c) => c.length > 0);
}
