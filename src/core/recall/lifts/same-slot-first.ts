/** The lift of the newer of two facts on the slot a current-state question asks (`sameSlotFirst`). */
import { mainClauseStart } from "../../judge/analysis.js";
import type { RecallHit } from "../../model.js";
import type { Lexicon } from "../../ports.js";
import { sentencesOf } from "../../sleep/chat-turns.js";
import {
  type AskedSlot,
  asksAbout,
  fillsAskedThing,
  NOW_MARKER,
  namesOtherValue,
  type Slot,
  saysChangedState,
  sharedSlot,
  slotsOf,
} from "../../state-slots.js";
import { contentTokens, stemV1 } from "../../text.js";
import { TIME_UNITS, tagged } from "../../typed-values.js";
import { askedOnlyAsTime, holdersAsked, linkedOnlyByHolder } from "./asked-aside.js";
import { actsAsKnownDoer, identityAsked } from "./asked-identity.js";
import { anotherOfAskedKind } from "./asked-instance.js";
import { type LiftInput, liftNewer, othersState, unsettledMoves } from "./moves.js";
import { withoutReason } from "./reason-clause.js";
import { mayAnswerTyped } from "./same-thing.js";

/**
 * Current-state questions prefer current beliefs, on the slot the question asks. When the question
 * asks about a state that holds now, of a person (`askedSlot`: "What phone do I have?", not "What
 * did I buy?" nor "What is the API rate limit?"), and two active facts among the candidates fill
 * that very slot — the same subject and attribute, the attribute one the question names
 * (`sharedSlot`: "My phone is a Pixel 6" / "…I finally upgraded my phone to an iPhone 15"), or
 * each one of the question's attribute words (`fillsAskedSlot`: "Which cloud do we host on?": "We
 * host everything on AWS" / "We're on Google Cloud now") — the older one within the first k, the newer saying a change or a state that holds now
 * (`saysChangedState`) and naming another value (`namesOtherValue`), with no verdict that closed
 * the pair (a non-lexical `distinct` or `refines`): the newer is ranked just above the older and
 * its `why` says so. In a chat between two people nearly every turn is someone's state, so every
 * condition is required: the question's tense and person, its own slot, and a change. Ranking
 * only, among the candidates recall already has; nothing is searched again and nothing is closed.
 * Mutates and re-sorts `scored`.
 */
export async function sameSlotFirst(lift: LiftInput): Promise<{ older: RecallHit; newer: RecallHit }[]> {
  const { store, scored, req, asked: askedOnce } = lift;
  if (!askedOnce.possible) return [];
  const words = new Set(contentTokens(req.query));
  // The active facts that share a word with the question; the pair needs one within the first k.
  const facts = scored.filter(
    (h) =>
      h.layer === "belief" &&
      h.kind === "fact" &&
      h.status === "active" &&
      contentTokens(h.text).some((w) => words.has(w)),
  );
  const topK = new Set(scored.slice(0, req.k));
  if (facts.length < 2 || !facts.some((h) => topK.has(h))) return [];
  const read = await askedOnce.read();
  const asked = read && withoutTimeAdjuncts(read, req.query);
  if (!asked) return [];
  // The thing a "who is" question asks, named by a newer only as the doer of something else ("the
  // doctor took me off the tablets…" for "Who is my own doctor?"): no change of who it is (`actsAsKnownDoer`).
  const identity = identityAsked(req.query);
  const askedStems = new Set(contentTokens(req.query, stemV1));
  const holders = holdersAsked(req.query, req.lexicon);
  const moves: { older: RecallHit; newer: RecallHit; slot: string }[] = [];
  for (const older of facts) {
    if (!topK.has(older)) continue;
    for (const newer of facts) {
      if (!(newer.at > older.at)) continue;
      if (identity !== null && actsAsKnownDoer(newer.text, identity)) continue;
      // A pair tied to the question only by whose state it asks or where or when it asks it, or a
      // newer that says the asked thing only as the time of another change (asked-aside.ts).
      const shared = [...new Set(contentTokens(older.text, stemV1))].filter((w) => askedStems.has(w));
      if (linkedOnlyByHolder(req.query, shared, newer.text, read, req.lexicon)) continue;
      if (askedOnlyAsTime(req.query, shared, newer.text)) continue;
      // The question's noun said of another one of its kind ("the egg price" for "what is the price
      // of our large plate"; asked-instance.ts).
      if (anotherOfAskedKind(req.query, shared, older.text, newer.text, holders)) continue;
      const slot = slotLifted(older.text, newer.text, asked, req.query, req.lexicon);
      if (!slot) continue;
      moves.push({
        older,
        newer,
        slot: `${slot.subject === "speaker" ? "the speaker's" : `${slot.subject}'s`} "${slot.attribute}"`,
      });
    }
  }
  // `ANSWER_SAID_RULE`: a newer that says no answer of the type the question asks changes something else.
  const answering = moves.filter((m) => mayAnswerTyped(lift.typedAnswer, m.newer.text));
  if (answering.length === 0) return [];
  const open = await unsettledMoves(store, answering);
  liftNewer(
    scored,
    open,
    (m) => ` on the same slot the question asks (${m.slot}), saying a change, and no verdict yet`,
  );
  return open;
}

/**
 * The slot `sameSlotFirst` lifts a newer statement on, or null: the asked slot the newer changes
 * from the older's value (`slotChanged`), where the newer names no other kind of the asked thing
 * (`namesAnotherKind`) — by the slot the pair shares, and by the newer's own asked word when the
 * two are linked through two of the question's words ("day rate £240" for "what interest rate is
 * the mortgage on", the older "Mortgage is … fixed at 1.89%": the newer's rate is another rate).
 * The newer is read one sentence at a time (`slotLiftedIn`): the slot, the change and the value in
 * one sentence. `await loadTagger()` first.
 *
 *   slotLifted("Our mortgage is fixed at 2.5%.", "I put my prices up, my day rate is £250 now.", askedSlot("What interest rate is our mortgage on?")!, "What interest rate is our mortgage on?", wordnet) // → null
 */
export function slotLifted(
  older: string,
  newer: string,
  asked: AskedSlot,
  question: string,
  lexicon: Lexicon | undefined,
): Slot | null {
  for (const sentence of sentencesOf(newer)) {
    const slot = slotLiftedIn(older, sentence, asked, question, lexicon);
    if (slot) return slot;
  }
  return null;
}

/**
 * `slotLifted`'s reading of one sentence of the newer: the asked slot, the change and the other
 * value all in that sentence. A message of many sentences says the asked thing in one and a change
 * of something else in another ("…we had two cows bulling at once this morning… A new fella came
 * out to do the inseminating" for "when do the cows go in for the winter"; "…Maura did a leg of
 * lamb… he bought a Texel ram for me" for "what wormer do the lambs get"): no sentence of it
 * changes the asked slot, so nothing is lifted. The sentences are sleep's (`sentencesOf`): not split
 * after a title ("it's Dr. Patel now" is one sentence).
 */
function slotLiftedIn(
  older: string,
  newer: string,
  asked: AskedSlot,
  question: string,
  lexicon: Lexicon | undefined,
): Slot | null {
  const slot = slotChanged(older, newer, asked, lexicon);
  if (!slot || namesAnotherKind(question, newer, slot.attribute, lexicon)) return null;
  if (!changeReachesAsked(newer, asked, lexicon)) return null;
  const theirs = fillsAskedThing(slotReading(withoutReason(newer)), asked, lexicon);
  if (
    theirs &&
    theirs.attribute !== slot.attribute &&
    namesAnotherKind(question, newer, theirs.attribute, lexicon)
  )
    return null;
  return slot;
}

/**
 * Where one clause of a sentence ends and the next begins: a semicolon, a comma (not one that
 * groups a number's thousands: "£1,275"), a joiner before a subject of the speaker's ("…so I
 * bought…", "…and we…", as sleep's `clausesOf` splits), and a relative "which" after a word of the
 * clause before ("I'm doing the evenings now which suits the hip better").
 */
export const CLAUSE_BREAK =
  /\s*(?:;|,(?<!\d,(?=\d{3}(?!\d))))\s*|(?<!\s)\s+(?=(?:so|and|but|then)\s+(?:i|we)\b)|(?<![,;\s])\s+(?=which\s)/iu;

/** "now that" opening a sentence: a subordinator ("Now that the office is shut, I…"), read as "since" is. */
const NOW_THAT = /^now\s+that\b/iu;

/**
 * True when the first clause of a sentence (`first`, as `CLAUSE_BREAK` splits it) is a subordinate
 * clause that the main clause follows (`mainClauseStart`, with "now that" read as "since"): "Now
 * that the office is being renovated, I work from home"; not "After the merge we're 11 people now,
 * and…" (the main clause is inside the first) nor "since the clocks changed i'm going up at nine, i
 * just cant keep my eyes open" (its main clause is "i'm going up…"). `await loadTagger()` first.
 */
function opensWithSubordinate(sentence: string, first: string): boolean {
  const read = sentence.trimStart().replace(NOW_THAT, "since");
  const shift = sentence.trimStart().length - read.length;
  const main = mainClauseStart(read, tagged(read));
  return main !== null && main + shift >= first.length;
}

/** A joiner that opens a clause ("so", "and", "but", "then"), as `CLAUSE_BREAK` leaves it. */
const CLAUSE_JOINER = /^(?:so|and|but|then)\s+/iu;

/**
 * A pronoun that points back at a thing or person named before it, as what a verb takes ("i've left
 * him", "we sold it"), not as the clause's subject ("it stops right outside the studio").
 */
const POINTS_BACK = /\S\s+(?:him|her|it|them)\b/iu;

/** A clause that says what follows from the clause before it ("…now, so it's 10k runs most mornings"). */
const RESULT_JOINER = /^so\b/iu;

/**
 * A clause spliced after the change with no joiner that opens by pointing back at it ("it's",
 * "that's") and gives a number: the new value the change comes to ("I'm training for a triathlon
 * now, it's 2k swims most evenings"), not a comment on it ("…now, it's so much nicer": no number;
 * "…now, the app is so much nicer": no pointing back).
 */
const RESTATES_AS_VALUE = /^(?:it|that)(?:['’]?s|\s+is)\b.*\p{Nd}/iu;

/**
 * True when the change a sentence of the newer says reaches the clause that names the asked thing
 * (`changeReachesAsked`): that clause says the change itself (`saysChangedState`, or a marker of the
 * present such as "now" in a sentence that says a change), or it says what follows from the clause
 * before it that does ("I'm training for a half marathon now, so it's 10k runs most mornings"), or
 * it gives the value the change comes to, pointing back at it with a number (`RESTATES_AS_VALUE`:
 * "I'm training for a triathlon now, it's 2k swims most evenings"), or
 * it is the main clause of an opening subordinate clause that does ("Now that the office is being
 * renovated, I work from home on Mondays"). A clause spliced beside the change by a comma, an "and"
 * or a relative "which" is a statement of its own: what it says of the asked thing is a comment, a
 * consequence or a given, not a new value ("My salary goes into a Monzo account now, the app is so
 * much nicer" for "Which app do I practise Italian on?"; "I'm doing the evenings now which suits the
 * hip better" for "which specialist is looking after my hip"; "…, the whole church was delighted").
 * An opening subordinate clause says when or why, so the asked thing named only there changes no
 * value ("Now that the office is being renovated, …" for "How do I get to the office?"). A sentence
 * of one clause, or one whose asked words the slots do not place in any clause, is not read this way.
 * `await loadTagger()` first.
 *
 *   changeReachesAsked("My salary goes into a Monzo account now, the app is so much nicer.", askedSlot("Which app do I practise Italian on?")!, wordnet) // → false
 *   changeReachesAsked("I'm training for a half marathon now, so it's 10k runs most mornings.", askedSlot("How far do I run in the morning?")!, wordnet) // → true
 */
export function changeReachesAsked(
  sentence: string,
  asked: AskedSlot,
  lexicon: Lexicon | undefined,
): boolean {
  const read = clausesRead(sentence, asked, lexicon);
  if (!read) return true;
  const { clauses, changes, names, leading } = read;
  return clauses.some((clause, i) => {
    if (!names[i] || (i === 0 && leading)) return false;
    if (changes[i]) return true;
    if (i > 0 && (RESULT_JOINER.test(clause) || RESTATES_AS_VALUE.test(clause)) && changes[i - 1])
      return true;
    // The next clause says the change of what this one names, pointing back at it ("see that
    // dentist, i've left him, …").
    if (changes[i + 1] && POINTS_BACK.test(clauses[i + 1]!)) return true;
    return i === 1 && leading && changes[0] === true;
  });
}

/**
 * A sentence of the newer read clause by clause (as `CLAUSE_BREAK` splits it) for the asked thing:
 * which clauses say a change (`saysChangedState` on the clause without its opening joiner, or a
 * marker of the present in a sentence that says a change), which name the asked thing, and whether
 * it opens with a subordinate clause. Null for a sentence of one clause, or one whose asked words
 * the slots do not place. `await loadTagger()` first.
 */
function clausesRead(
  sentence: string,
  asked: AskedSlot,
  lexicon: Lexicon | undefined,
): { clauses: string[]; changes: boolean[]; names: boolean[]; leading: boolean } | null {
  const clauses = sentence
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
  if (clauses.length < 2) return null;
  const words = askedWordsOf(sentence, asked, lexicon);
  if (words.size === 0) return null;
  const sentenceChanges = saysChangedState(sentence);
  // A clause read without the joiner that opens it ("…fell through, so I'm back to five days a
  // week"), as `saysChangedState` reads the clauses of a sentence.
  const changes = clauses.map(
    (c) => saysChangedState(c.replace(CLAUSE_JOINER, "")) || (sentenceChanges && NOW_MARKER.test(c)),
  );
  const names = clauses.map((c) =>
    [...contentTokens(c), ...tagged(c).flatMap((w) => contentTokens(w.lemma))].some((t) => words.has(t)),
  );
  return { clauses, changes, names, leading: opensWithSubordinate(sentence, clauses[0]!) };
}

/**
 * True when a newer names the asked thing only in a comment after a change it says of something
 * else: in every sentence of it that names the asked thing (its slots fill it, as
 * `fillsAskedThing` reads one), the change does not reach the clause that names it
 * (`changeReachesAsked`) and that clause comes after the clause that says the change — and one such
 * sentence says a change. "My salary goes into a Monzo account now, the app is so much nicer"
 * names "the app" for "Which app do I keep my notes in?" only in a comment on the account it
 * changed. The thing named first and the change after it speak of it ("the law student needed
 * faster internet for zoom court stuff so we upgraded, …"), and a newer that names it in the
 * clause of its change, in a sentence of one clause, or only in a sentence that says no change,
 * is not read this way. `await loadTagger()` first.
 *
 *   changeBesideAsked("My salary goes into a Monzo account now, the app is so much nicer.", askedSlot("Which app do I keep my notes in?")!, wordnet) // → true
 *   changeBesideAsked("I keep my notes in Obsidian now, the sync is free.", askedSlot("Which app do I keep my notes in?")!, wordnet) // → false
 */
export function changeBesideAsked(newer: string, asked: AskedSlot, lexicon: Lexicon | undefined): boolean {
  let after = false;
  for (const sentence of sentencesOf(newer)) {
    const read = clausesRead(sentence, asked, lexicon);
    if (!read) {
      if (askedWordsOf(sentence, asked, lexicon).size > 0) return false;
      continue;
    }
    if (changeReachesAsked(sentence, asked, lexicon)) return false;
    const change = read.changes.indexOf(true);
    if (change < 0) continue;
    if (read.names.findIndex(Boolean) < change) return false;
    after = true;
  }
  return after;
}

/**
 * The attributes of a statement's slots that fill the asked thing, as `fillsAskedThing` reads one:
 * whose the question asks, one of its words or (with a lexicon) a kind or sense of its noun, and
 * about what it asks (`asksAbout`).
 */
function askedWordsOf(statement: string, asked: AskedSlot, lexicon: Lexicon | undefined): Set<string> {
  const related = (s: Slot) =>
    lexicon !== undefined &&
    s.noun !== null &&
    [...asked.nouns].some((n) => lexicon.nounRelation(s.noun!, n) !== null);
  return new Set(
    slotsOf(slotReading(withoutReason(statement)))
      .filter(
        (s) =>
          s.subject === asked.subject &&
          (asked.attributes.has(s.attribute) || related(s)) &&
          asksAbout(s, asked),
      )
      .map((s) => s.attribute),
  );
}

/**
 * A unit of time said after a determiner of frequency or of the present ("a day", "each week",
 * "every month", "per hour", "this year"): when or how often the state holds, as a rate's unit
 * (`rateUnits`: "twice a day") is, not what the question asks. The units are rateUnits' own.
 */
const TIME_ADJUNCT =
  /\b(?:a|an|per|each|every|this)\s+(day|night|week|weekend|fortnight|month|year|hour|minute)\b/giu;

/**
 * The stemmed units of the time adjuncts a question says (`TIME_ADJUNCT`): "How much coffee do I
 * have a day?" → {"day"}; "How far do I run each week?" → {"week"}; "What's my day rate?" → none
 * (a modifier of what is asked, with no determiner before it).
 */
export function timeAdjuncts(question: string): Set<string> {
  return new Set([...question.matchAll(TIME_ADJUNCT)].flatMap((m) => contentTokens(m[1]!)));
}

/**
 * The asked slot without the units of the question's time adjuncts (`timeAdjuncts`), or null when
 * nothing else is asked: "How much coffee do I have a day?" asks the coffee, so "…her cousin Beata
 * comes now, same days" and "…take the calcium one twice a day" fill nothing it asks, and "How
 * many baguettes do we make each day?" is not "…she posts every day". A statement of another thing
 * said at the same rate ("£40 a week", "£39 a month") shares only when or how often.
 *
 *   withoutTimeAdjuncts(askedSlot("How much coffee do I have a day?")!, "How much coffee do I have a day?")!.attributes // → {"coffee", …}, no "day"
 */
export function withoutTimeAdjuncts(asked: AskedSlot, question: string): AskedSlot | null {
  const units = timeAdjuncts(question);
  if (units.size === 0) return asked;
  const keep = (w: string) => !units.has(w);
  const attributes = new Set([...asked.attributes].filter(keep));
  if (attributes.size === 0) return null;
  return {
    ...asked,
    attributes,
    nouns: new Set([...asked.nouns].filter((n) => contentTokens(n).every(keep))),
    heads: new Map([...asked.heads].filter(([h]) => keep(h))),
    central: new Set([...asked.central].filter(keep)),
  };
}

/**
 * True when the question names its thing by a compound ("our kitchen renovation budget", "my
 * daughter's class teacher", "the interest rate") and every compound of the newer's with the same
 * head names it by other words, none of them the question's nor one WordNet relates to one
 * (`Lexicon.nounRelation`): "the food budget", "her dance teacher", "the day rate" are other
 * budgets, teachers and rates. A head said alone ("the budget went up") or with the question's
 * word ("the kitchen budget") is not; a time the question's thing is had at is no kind of it ("my
 * morning coffee": "filter coffee" in the morning is that coffee); nor a compound after a number, a measure of the thing ("a 2000
 * watt inverter" for "the power inverter"); a question whose thing is one word ("Which team am I on?":
 * "the search team") asks no kind. `await loadTagger()` first.
 *
 *   namesAnotherKind("What is our kitchen renovation budget?", "We raised the food budget to £110.", "budget", wordnet) // → true
 *   namesAnotherKind("What is our kitchen renovation budget?", "The kitchen budget is £9,000 now.", "budget", wordnet)  // → false
 */
export function namesAnotherKind(
  question: string,
  newer: string,
  attribute: string,
  lexicon: Lexicon | undefined,
): boolean {
  const asked = slotsOf(question).find((s) => s.attribute === attribute && s.noun !== null);
  const head = asked?.compound.at(-1);
  // A time the question's thing is had at says when, not which kind ("my morning coffee" is the
  // filter coffee had in the morning): only the other modifiers name a kind.
  const askedWords = tagged(question);
  const modifiers = (asked?.compound.slice(0, -1) ?? []).filter((m) => !saysTime(m, askedWords, lexicon));
  if (!head || modifiers.length === 0) return false;
  const same = (a: string, b: string) =>
    a === b ||
    (lexicon !== undefined && (lexicon.nounRelation(a, b) !== null || lexicon.nounRelation(b, a) !== null));
  const changed = withoutReason(newer);
  const theirs = slotsOf(changed).filter((s) => s.noun !== null && s.compound.at(-1) === head);
  // A compound after a number is a measure of the thing, its value ("a 2000 watt inverter"), not a kind.
  const words = tagged(changed);
  const measured = (first: string) =>
    words.some((w, i) => w.pos === "NUM" && contentTokens(words[i + 1]?.text ?? "")[0] === first);
  return (
    theirs.length > 0 &&
    theirs.every((s) => {
      const own = s.compound.slice(0, -1);
      return own.length > 0 && !measured(own[0]!) && !own.some((w) => modifiers.some((m) => same(w, m)));
    })
  );
}

/**
 * True when the question's word of stem `stem` names a time: a unit of time (`TIME_UNITS`,
 * typed-values.ts: WordNet reads "day" and "hour" under no time period) or, by its lemma, a kind
 * of time period or calendar day in WordNet ("morning", "evening", "weekday", "winter"); not
 * "kitchen", "class" nor "interest".
 */
export function saysTime(
  stem: string,
  words: readonly { text: string; lemma: string }[],
  lexicon: Lexicon | undefined,
): boolean {
  const word = words.find((w) => contentTokens(w.text)[0] === stem);
  const lemma = (word?.lemma ?? stem).toLowerCase();
  if (TIME_UNITS.has(lemma) || TIME_UNITS.has(stem)) return true;
  if (!lexicon) return false;
  return ["time period", "time unit", "calendar day"].some((of) => lexicon.nounRelation(lemma, of) !== null);
}

/**
 * The slot a current-state question asks that a newer statement changes from the older's, as
 * `sameSlotFirst` reads a pair, or null: the same slot in the same words ("my phone" / "my phone"),
 * or the question's slot in two of its words ("Which cloud do we host on?": "we host on AWS" /
 * "we're on Google Cloud now"), each about what the question asks, by the head of its phrase
 * (`asksAbout`: not "the dog walk" for "our dog", "my favourite café" for "our favourite
 * restaurant", "for groceries" for "my grocery budget"), and no verb for a noun the question asks
 * ("I bike to work now" for "Which bike do I ride?"); the newer's slots as it says what changed, not
 * why (`REASON_CLAUSE`: "We moved standup to Thursdays since half the team is off" changes no team);
 * the newer says a change or a state that holds now (`saysChangedState`), names another value
 * (`namesOtherValue`) and is not another person's (`othersState`: "My flatmate started taking the
 * 38 bus"). `await loadTagger()` first.
 *
 *   slotChanged("I commute to work by train.", "I bike to work now instead of taking the train.", askedSlot("How do I get to work?")!, wordnet) // → the speaker's "work"
 */
export function slotChanged(
  older: string,
  newer: string,
  asked: AskedSlot,
  lexicon: Lexicon | undefined,
): Slot | null {
  const changed = slotReading(withoutReason(newer));
  const before = slotReading(older);
  const same = sharedSlot(before, changed, asked.attributes);
  const theirs =
    same && slotsOf(changed).find((s) => s.subject === same.subject && s.attribute === same.attribute);
  const a = fillsAskedThing(before, asked, lexicon);
  const b = fillsAskedThing(changed, asked, lexicon);
  const shared =
    same && theirs && same.subject === asked.subject && asksAbout(same, asked) && asksAbout(theirs, asked);
  const slot = shared ? same : a && b && (a.central || b.central) ? a : null;
  if (!slot) return null;
  // The newer's own slot on the asked thing must say it as the question does (`verbAskedAsNoun`).
  const newerSlot = shared ? theirs : b;
  if (newerSlot && verbAskedAsNoun(newerSlot, asked, changed)) return null;
  if (!saysChangedState(newer) || !namesOtherValue(older, newer, asked.attributes)) return null;
  if (othersState(newer, asked, lexicon)) return null;
  return slot;
}

/**
 * "these days" said in a statement, with the space before it: the present its state holds in, as
 * "now" is (`saysChangedState` reads it so), not days it is about — as `askedSlot` drops it from a question.
 */
const PRESENT_SPAN = /\s*\bthese\s+days\b/giu;

/**
 * A statement as the slot link reads its slots: without "these days" (`PRESENT_SPAN`), which names
 * when the state holds, not a thing the state is about. "I do my shopping at Lidl these days" fills
 * no "days" of "How many days a week do I work from home?"; "I work four days a week now" still does.
 *
 *   slotReading("I do my shopping at Lidl these days, so nothing fancy.") // → "I do my shopping at Lidl, so nothing fancy."
 */
export function slotReading(statement: string): string {
  return statement.replace(PRESENT_SPAN, "").trimStart();
}

/**
 * True when a statement says a verb the question asks by its noun, and not as a count of it: the
 * question asks a doing ("Where do I work?", "When do I walk the dog?") and the statement's slot on
 * it is a noun that names a thing — "Work made us use Mullvad for the VPN" (the employer), "On my
 * walks it's Hard Fork now" (the occasions, whose podcast changed) — so the newer changes no value
 * of that doing. A noun after a number counts the doing itself ("it's 10k runs most mornings" for
 * "How far do I run?") and still says it; a question that asks the noun ("What podcast do I listen
 * to on my walk?") is answered by the noun. `await loadTagger()` first. `asksAbout` lets a noun
 * through for a verb the question asks; this is the other half of "a verb for a verb".
 *
 *   verbAskedAsNoun(slotsOf("Work made us use Mullvad now.")[0]!, askedSlot("Where do I work?")!, "Work made us use Mullvad now.") // → true
 *   verbAskedAsNoun(slotsOf("I work from home now.").find((s) => s.attribute === "work")!, askedSlot("Where do I work?")!, "I work from home now.") // → false
 */
export function verbAskedAsNoun(slot: Slot, asked: AskedSlot, statement: string): boolean {
  if (slot.verb) return false;
  const head = slot.head.map((h) => asked.heads.get(h)).find((h) => h !== undefined);
  if (!head?.verb) return false;
  const words = tagged(statement);
  const counted = words.some(
    (w, i) => w.pos === "NUM" && contentTokens(words[i + 1]?.text ?? "").some((t) => slot.head.includes(t)),
  );
  return !counted;
}
