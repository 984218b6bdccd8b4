/**
 * Phatic sentences: what a speaker says to the listener to keep the conversation going — a
 * greeting, a farewell, thanks, a well-wish, congratulations, sympathy, an appraisal of what the
 * listener said ("Have a great day!", "Hey Melanie!", "Thanks so much!", "Congrats, that's
 * awesome!", "Sorry to hear that", "I'm so happy for you"). Such a sentence is a dialogue act, not
 * a claim about the world, so distillation leaves it out of beliefs: a turn made only of them
 * (`onlyPhatic`) stays an episode, recallable as itself. A mixed turn ("Thanks! Losing my job was
 * a bummer, but I start at the bakery Monday.") is distilled whole: distilling its content sentences
 * alone (`withoutPhatic`) was measured and cost LoCoMo recall (docs/evaluation.md).
 *
 * Read from the language, not from a list of whole sentences. A sentence is cut into its comma
 * chunks, and it is phatic when every chunk is one of:
 *
 * - a vocative (a capitalised name alone: "…, John!") or an interjection ("wow", "aww", "haha");
 * - a closed-class act with its head first: greeting or farewell, thanks, congratulation, sympathy,
 *   well-wish — optionally followed by what it is about, as a phrase that opens with a preposition
 *   ("Thanks for the tips", "Congrats on the new job", "Good luck with the move to Berlin");
 *   "thanks to" is a preposition, not thanks ("Thanks to Jo, the release shipped Friday");
 * - an imperative of a wishing verb (the tagger reads the first word as a verb with no subject
 *   after it: "Enjoy your family time", "Have a great day", "Keep up the amazing work");
 * - an appraisal whose subject is the listener's news or the listener ("that's awesome", "you're
 *   so talented", "what an amazing journey", "great to hear from you"), or the speaker's feeling
 *   aimed at the listener ("I'm so happy for you", "glad you had fun"): after the appraisal comes
 *   nothing, the listener ("for you", "of you"), or a clause about the listener ("that you …").
 *
 * A first- or third-person claim anywhere in a chunk keeps the sentence: "I'm so happy at my new
 * job", "Have you met Ana? She runs the bakery." A well-wish's object is the listener's own news
 * ("Good luck with the move to Berlin!"): phatic, because the listener said it in a turn of their
 * own, which is distilled (or kept) as the claim; the wish adds nothing to it.
 *
 * Callers `await loadTagger()` first (the imperative and appraisal readings tag words).
 *
 *   phaticAct("Have a great day!")              // → "well-wish"
 *   phaticAct("Thanks to Jo, the release shipped Friday") // → null
 *   withoutPhatic("Thanks! Losing my job was a bummer, but I start at the bakery Monday.")
 *   // → "Losing my job was a bummer, but I start at the bakery Monday."
 */
import { tag } from "../judge/tagger.js";
import { isQuestion } from "../text.js";
import { sentencesOf } from "./chat-turns.js";

export type PhaticAct =
  | "greeting"
  | "farewell"
  | "thanks"
  | "congratulation"
  | "sympathy"
  | "well-wish"
  | "appraisal"
  | "acknowledgement";

/** Sounds and words that carry feeling or assent, never content. */
const INTERJECTION =
  /^(?:wow|whoa|woah|oh|ooh|oooh|ah|aw+|omg|omg+|yay|woo+hoo+|woohoo|hooray|haha+|hehe+|lol|lmao|yeah|yes|yep|yup|yeah yeah|sure|ok|okay|alright|right|true|indeed|exactly|absolutely|totally|definitely|of course|hmm+|um+|uh+|well|man|dude|gosh|geez|jeez|wowza|ha|nice|cool|awesome|great|amazing|agreed|no way|oh my|oh my god|oh wow|same|same here|me too|haha yeah|sure thing|got your back|got you|gotcha|no prob|no problem|np|no worries|you bet|for sure|good point|fair enough)$/i;

/** Greetings and farewells, whole. */
const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|yo|heya|hey there|hi there|hello there|good (?:morning|afternoon|evening)|morning|long time no (?:see|talk|chat)|(?:it'?s )?(?:so |really )?(?:good|great|nice|lovely) (?:to (?:see|hear from|talk to|chat with|catch up with) you|talking to you|chatting with you|catching up)(?: again)?|(?:i )?just wanted to (?:say hi|say hello|check in|catch up|chat))$/i;
const FAREWELL =
  /^(?:bye|bye bye|goodbye|good night|night|see (?:you|ya|u)(?: (?:soon|later|then|there|around|tomorrow|(?:at|on|in) .+))?|talk (?:to you )?(?:soon|later)|catch you later|later|ttyl|cya|take care(?: of yourself)?|have a good one|until next time|speak soon|chat (?:soon|later))$/i;

/** Acts with their head first; what follows may only say what the act is about (a preposition). */
const HEADED: readonly { act: PhaticAct; head: RegExp }[] = [
  {
    act: "thanks",
    head: /^(?:(?:thanks|thank you|thank u|thx|ty|many thanks|cheers)(?! to\b)|(?:i |we )?(?:really |truly |so )?(?:appreciate (?:(?:your|the) \S+(?: \S+)?|(?:it|that|this|you)\b)|(?:much )?appreciated)|(?:you'?re|you are) (?:so |very |too )?(?:welcome|kind|sweet))/i,
  },
  {
    act: "congratulation",
    head: /^(?:congrats|congratulations|kudos|bravo|well done|way to go|good on you|good for you|props|(?:good|great|nice|awesome|amazing) (?:job|work|going))/i,
  },
  {
    act: "sympathy",
    head: /^(?:(?:i'?m |i am )?(?:so |really |very |truly )?sorry (?:to hear(?: that| about that| this)?|for your (?:loss|troubles?)|about your \S+|for you|about that|that happened)|that (?:sucks|'?s (?:too bad|rough|tough|a shame|awful|terrible|so sad))|what a shame|hugs|sending (?:hugs|love|you \S+)|my condolences)/i,
  },
  {
    act: "well-wish",
    head: /^(?:good luck|best of luck|all the best|best wishes|happy (?:birthday|anniversary|holidays|new year|belated birthday)|get well soon|hang in there|you(?:'ve)? got this|go for it|break a leg|fingers crossed|rooting for you|(?:i'?m )?(?:always )?here for you|(?:i )?(?:hope|wish) (?:you|your|u)\b.*|(?:don'?t|never) (?:give up|stop (?:\S+ing|believing))\b.*|keep (?:it up|up the (?:\S+ )?(?:work|spirit)|going|at it|on \S+ing|\S+ing)\b.*|stay (?:safe|strong|positive|healthy|tuned|awesome|warm|cool|in touch|motivated))/i,
  },
];

/** Verbs whose bare imperative wishes the listener well ("Enjoy your trip", "Have a great day"). */
const WISHING_VERBS = new Set(["enjoy", "have", "stay", "savor", "savour"]);

/** What may follow a "have" wish: "have a great day", "have fun", "have a blast". */
const HAVE_WISH =
  /^have (?:so much |lots of |a (?:lot|ton) of )?(?:fun|a blast|a great|a good|a nice|a wonderful|a lovely|an amazing|an awesome|a fantastic|a safe|a fun|an incredible|a relaxing|a happy|a great one|a good one)\b/i;

/** Words that appraise: what is said of the listener's news or the listener. */
const APPRAISAL = new Set(
  (
    "great awesome amazing wonderful cool nice lovely beautiful gorgeous stunning sweet kind fantastic incredible " +
    "impressive inspiring inspirational brave courageous talented proud happy glad thrilled excited stoked fun " +
    "exciting interesting fascinating cute adorable precious special meaningful thoughtful touching heartwarming " +
    "awful terrible sad tough rough hard scary crazy wild insane perfect brilliant excellent good neat rad epic " +
    "admirable remarkable fabulous marvelous marvellous magical peaceful relaxing refreshing cozy adorable hilarious " +
    "funny smart clever wise strong powerful moving uplifting empowering encouraging motivating incredible " +
    "unbelievable unreal dope sick lucky blessed true right spot-on wholesome relatable valid"
  ).split(" "),
);

/** Words that only make an appraisal stronger or softer. */
const INTENSIFIER = new Set(
  "so such really very super truly quite pretty totally absolutely just too incredibly extremely seriously genuinely definitely sooo soo".split(
    " ",
  ),
);

/** Frames that point an appraisal at the listener's news or the listener. */
const APPRAISAL_FRAME =
  /^(?:(?:that|this)(?:'s| is| was| sounds| sound| looks| look| seems| seem| must be| must have been| has been| feels)|(?:it|which)(?:'s| is| sounds| looks| seems| must be| must have been| feels)|(?:you|u|they)(?:'re| are| were| look| sound| seem| must be| have been|'ve been)|sounds|sound|looks|look|seems|what an?|how|such an?|so|(?:i'?m|i am|we'?re|we are)(?= (?:(?:so|really|very|super|truly|just|too|incredibly) )*(?:happy|glad|proud|thrilled|excited|stoked|sorry|grateful|thankful) (?:for|of|to hear|to see|to know|that you|you|about that|about it)\b)|(?:i |we )?(?:love|adore|like) (?:that|this|it|your|how you|what you|seeing|hearing)|your \w+(?: \w+)? (?:is|are|was|were|looks?|sounds?|seems?)|what (?:you'?re|you are|you'?ve been|you) \w+ (?:is|are|was|sounds|looks))\b/i;

/** How an appraisal may end: nothing, the listener, or a clause about the listener. */
function aboutListener(tail: string): boolean {
  const t = tail.trim();
  if (t === "") return true;
  if (/^(?:for|of|to|with) (?:you|u|yourself)(?: (?:too|both|two|all|guys))?$/i.test(t)) return true;
  if (/^(?:that|when|how|what|if)? ?(?:you|u|your)\b/i.test(t)) return true;
  // "to hear from you", "to see your love for your family", "to have you as a friend", "to be part of it"
  if (/^to (?:hear|see|know|read|meet|have|be|watch|learn|find out)\b/i.test(t))
    return /\b(?:you|your|u|yours)\b/i.test(t) || t.split(/\s+/).length <= 5;
  return false;
}

/**
 * The comma chunks of a sentence: "Wow, John, that's great!" → ["Wow", "John", "that's great"].
 * Each run a pattern may start in (whitespace, closing marks) is entered at its start only
 * (`(?<!\s)`): otherwise every position of a long run restarts the scan of the rest (quadratic).
 */
function chunksOf(sentence: string): string[] {
  return sentence
    .replace(/(?<![.!?…:;)])[.!?…:;)]+$/u, "")
    .split(/(?<!\s)\s*[,;]\s*|(?<!\s)\s+[-–—]+\s+|(?<!\s)\s*[!?]+\s*/u)
    .map((c) => c.trim().replace(/^[("'“]+|(?<!["'”)])["'”)]+$/gu, ""))
    .filter((c) => c.length > 0);
}

const isVocative = (chunk: string) =>
  /^(?:\p{Lu}[\p{L}'’-]*)(?: \p{Lu}[\p{L}'’-]*)?$/u.test(chunk) && !/^I$/.test(chunk);

/** What a headed act is about: nothing, a vocative, or a phrase that opens with a preposition. */
function actObject(rest: string): boolean {
  const r = rest
    .trim()
    .replace(
      /^(?:(?:so much|very much|a lot|a ton|so|very|again|too|both|all|heaps|loads|guys|buddy|man|friend|my friend|girl|dude|mate|pal|bro|sis|love)\b\s*)+/i,
      "",
    )
    .trim();
  if (r === "" || isVocative(r)) return true;
  return /^(?:for|on|with|at|about|in|to you|to your|with your|again|,)\b/i.test(r);
}

/** The act of one comma chunk, or null when it may say something. */
function chunkAct(raw: string): PhaticAct | null {
  const chunk = raw.replace(/’/g, "'").trim();
  const lower = chunk.toLowerCase();
  if (INTERJECTION.test(lower)) return "acknowledgement";
  if (GREETING.test(lower)) return "greeting";
  if (FAREWELL.test(lower)) return "farewell";
  for (const { act, head } of HEADED) {
    const m = head.exec(chunk);
    if (m && actObject(chunk.slice(m[0].length))) return act;
  }
  const words = tag(chunk);
  if (words.length === 0) return "acknowledgement";
  // A bare imperative of a wishing verb: a verb first, no subject after it ("Have you met…" asks).
  const first = words[0]!;
  if (
    WISHING_VERBS.has(first.lemma) &&
    first.text.toLowerCase() === first.lemma &&
    !/^(?:you|i|we|they|he|she|it)$/i.test(words[1]?.text ?? "")
  ) {
    if (first.lemma !== "have" || HAVE_WISH.test(lower)) return "well-wish";
  }
  return appraisal(chunk, words) ? "appraisal" : null;
}

/** An appraisal of the listener's news or the listener (see the module comment). */
function appraisal(chunk: string, words: ReturnType<typeof tag>): boolean {
  const lower = chunk.toLowerCase();
  const frame = APPRAISAL_FRAME.exec(lower);
  // Or the appraisal itself comes first: "Great idea", "So cool", "Glad you had fun".
  let i = 0;
  if (frame) {
    const end = frame.index + frame[0].length;
    while (i < words.length && words[i]!.start < end) i++;
  }
  // Then: intensifiers, articles, "like", the appraisal word(s), at most two plain nouns after it.
  let appraised = false;
  let nouns = 0;
  for (; i < words.length; i++) {
    const w = words[i]!;
    const t = w.text.toLowerCase();
    if (
      INTENSIFIER.has(t) ||
      t === "a" ||
      t === "an" ||
      t === "like" ||
      t === "the" ||
      t === "much" ||
      t === "lot" ||
      t === "of"
    )
      continue;
    if (APPRAISAL.has(t) || APPRAISAL.has(w.lemma)) {
      appraised = true;
      continue;
    }
    if (appraised && nouns < 2 && w.pos === "NOUN") {
      nouns++;
      continue;
    }
    break;
  }
  if (
    !appraised ||
    (!frame &&
      words[0] &&
      !APPRAISAL.has(words[0].text.toLowerCase()) &&
      !INTENSIFIER.has(words[0].text.toLowerCase()))
  )
    return false;
  const tail = i < words.length ? chunk.slice(words[i]!.start) : "";
  return aboutListener(tail);
}

/**
 * The dialogue act of a sentence when it is phatic (every chunk phatic or a vocative), else null.
 * A question is never phatic here: questions are read apart (`isQuestion`).
 */
export function phaticAct(sentence: string): PhaticAct | null {
  const s = sentence.trim();
  if (s === "" || isQuestion(s)) return null;
  // An image caption recorded with the turn describes something: content.
  if (/\[image:/i.test(s)) return null;
  let act: PhaticAct | null = null;
  for (const chunk of chunksOf(s)) {
    // A name after the act is the address ("Hey Melanie", "Thanks John"); a name alone too.
    const named = /(?<!\s)\s+\p{Lu}[\p{L}'’-]*$/u.exec(chunk);
    const a = chunkAct(chunk) ?? (named && named.index > 0 ? chunkAct(chunk.slice(0, named.index)) : null);
    if (a === null && isVocative(chunk)) continue;
    if (a === null) return null;
    if (act === null || act === "acknowledgement") act = a;
  }
  // Names alone ("Iron Temple.", an answer) are no act: content.
  return act;
}

/**
 * The turn without its phatic sentences, the rest in their order and wording ("" when every
 * sentence is phatic). A turn with none comes back unchanged.
 */
export function withoutPhatic(text: string): string {
  const sentences = sentencesOf(text);
  const kept = sentences.filter((s) => phaticAct(s) === null);
  if (kept.length === sentences.length) return text;
  return kept.join(" ");
}

/** True when every sentence of the turn is phatic (and it has one): nothing in it to hold as a belief. */
export function onlyPhatic(text: string): boolean {
  return text.trim() !== "" && withoutPhatic(text) === "";
}
