/** The lift of the newer of two disagreeing beliefs near the top (`newerFirst`). */

import { clausesNamingThing, WHICH_THING_DEFERRALS } from "../../judge/clause-change.js";
import { retiredValue, valuesOf } from "../../judge/retired-values.js";
import { VALUE_RETIRED_RULE } from "../../judge/rules.js";
import { loadTagger, type TaggedWord } from "../../judge/tagger.js";
import type { Belief, Episode, RecallHit } from "../../model.js";
import type { JudgeVerdict, Lexicon } from "../../ports.js";
import { announcesReplacement, clausesOf, saysVietnameseChange } from "../../sleep/chat-turns.js";
import { sleepRecordOf } from "../../sleep-record.js";
import { type AskedSlot, namesAskedThing, namesOtherValue } from "../../state-slots.js";
import { contentTokens, rawTokens, referentsIn, stemV1, withoutMarks, withReferents } from "../../text.js";
import { tagged } from "../../typed-values.js";
import { RESTATED_SLOTS, RESTATES } from "../../vocabulary.js";
import { askedOnlyAsTime, holdersAsked, linkedOnlyByHolder } from "./asked-aside.js";
import { actsAsKnownDoer, identityAsked, POSSESSIVE } from "./asked-identity.js";
import { anotherOfAskedKind } from "./asked-instance.js";
import { askedInAnotherSense, type LiftInput, liftNewer, othersState } from "./moves.js";
import { type NewByRelated, newByRelatedWord, relatedByAsked } from "./new-by-related.js";
import { settledApartEach } from "./pair-checks.js";
import { withoutReason } from "./reason-clause.js";
import { changeBesideAsked, saysTime, timeAdjuncts } from "./same-slot-first.js";
import { mayAnswerTyped } from "./same-thing.js";
import { linkedByFamily } from "./shared-things.js";

/**
 * Current-state questions prefer current beliefs. Two items near the top that are about the same
 * thing the query asks for (the newer has every query word the older has) and disagree — the judge reads the newer as
 * replacing or contradicting the older, or the newer announces a change that ends what held
 * before ("moved to", "my new …", "now"; not "I just joined a new LGBTQ activist group", which
 * begins something beside the older: `announcesReplacement`) and is no restatement — while no verdict has closed either (an agent's or a model's
 * `distinct` keeps both as they rank): the newer is ranked just above the older and its `why`
 * says so. For a question about a person's state (`askedSlot`), only a pair that names what it
 * asks (`pairAboutAsked`): "I take the tram to the office now" shares only "take" with "What milk
 * do I take in my coffee?". Not when a question about the speaker's state meets another person's
 * change (`saysOthersState`: "My mum has switched to Libby for her audiobooks" for "What app do I
 * use for audiobooks?"; needs a lexicon). Not when the question names a time (`namedTimes`: "on
 * 3 June, 2023") the older was said within and the newer was not: it asks what was said then.
 * A clause sleep took out of a longer turn is read with its pronouns as what they stand for in that
 * turn (`metadata.referents`, sleep/referents.ts: "I replaced it with a MacBook Air", "it" = "My
 * old laptop"), for the word test and the judge; its text is shown as said.
 * With a lexicon, for a current-state question (`askedSlot`), the newer may name the asked thing by a word WordNet relates to it, in a phrase of
 * the speaker's that calls it new ("Dr. Lindqvist at my new dental clinic fitted me in" / "My dentist
 * is Dr. Okafor" for "Who is my dentist?": `newByRelatedWord`); with a value the older does not name,
 * that is a change whatever the judge reads of the two names. No older that meets the asked thing
 * only by its word in another part of speech ("I train at Ironworks" for "Which train do I catch?":
 * `askedInAnotherSense`) is succeeded.
 * A pair the judge deferred on which thing the newer is about (`WHICH_THING_DEFERRALS`) is read
 * through the newer's clauses that name the older's thing, never by the whole turn's change cue
 * (`CLAUSE_OF_THE_THING`, below). A change said in Vietnamese is a cue too (`saysVietnameseChange`),
 * in a clause that names a word of the question's the older says; a turn that tells of a change
 * proposed and turned down succeeds nothing (`proposalDeclined`).
 * Ranking only; nothing is closed. Bounded: the top 12 items. Mutates and re-sorts.
 */
export async function newerFirst(lift: LiftInput): Promise<{ older: RecallHit; newer: RecallHit }[]> {
  const { store, scored, records, judge, asked: askedOnce, times } = lift;
  const { query, lexicon } = lift.req;
  const within = (at: string) => times.some((t) => t.contains(at));
  // Words as written, less plural and tense endings (`stemV1`: "driving" → "driv", not "drive"):
  // another form of a verb of the question's ("the sync was driving me mad" for "What car do I
  // drive?") is no sign of the same thing on its own; it links a pair only through `silentE`,
  // behind a retirement by name, below.
  const asked = new Set(contentTokens(query, stemV1));
  // A word is the same with or without its marks (`MARKS_FOLDED`: "whānau" / "whanau").
  const askedFolded = new Set([...asked].map(withoutMarks));
  const askedE = new Set([...asked].map(silentE));
  const top = scored.slice(0, 12).filter((h) => {
    const r = records.get(h.id);
    // Beliefs only: an episode is a record of what was said then, not a claim about now.
    return r && h.status === "active" && "kind" in r && (r.kind === "fact" || r.kind === "failure");
  });
  // A clause sleep took out of a longer turn reads with its pronouns as what they stand for in that
  // turn ("I replaced it with a MacBook Air": "it" = "my old laptop"; `referents`, sleep/referents.ts).
  const matching = new Map(
    top.map((h) => {
      const r = records.get(h.id);
      return [h.id, r && "kind" in r ? withReferents(h.text, referentsIn(r.metadata)) : h.text];
    }),
  );
  const words = new Map(top.map((h) => [h.id, new Set(contentTokens(matching.get(h.id)!, stemV1))]));
  // The words a newer says of what changed, its reason for the change left out (`REASON_CLAUSE`):
  // "We moved standup to Thursdays since half the team is off" changes no team.
  const changeWords = new Map(
    top.map((h) => [h.id, new Set(contentTokens(withoutReason(matching.get(h.id)!), stemV1))]),
  );
  // The same words with their marks taken off (`MARKS_FOLDED`), read once a hit, not once a pair.
  const foldedChangeWords = new Map(
    [...changeWords].map(([id, ws]) => [id, new Set([...ws].map(withoutMarks))]),
  );
  // Read once a pair: both the word test and the asked-slot test may ask (it tags both texts).
  const retiring = new Map<string, Promise<boolean>>();
  const retires = (newer: RecallHit, older: RecallHit) => {
    const key = `${newer.id} ${older.id}`;
    let known = retiring.get(key);
    if (!known) {
      known = loadTagger().then(() => retiredValue(newer.text, valuesOf(older.text)) !== null);
      retiring.set(key, known);
    }
    return known;
  };
  // The words WordNet relates to the question's nouns, read once, when a pair first needs them.
  let relatedMap: Map<string, Set<string>> | undefined;
  const calledNew = async (
    b: RecallHit,
    askedA: readonly string[],
    wb: ReadonlySet<string>,
    lex: Lexicon,
  ): Promise<NewByRelated | null> => {
    const missing = askedA.filter((w) => !wb.has(w));
    if (missing.length === 0) return null;
    relatedMap ??= relatedByAsked(query, lex);
    const map = relatedMap;
    const related = map.get(missing[0]!);
    if (!related || related.size === 0) return null;
    await loadTagger();
    const found = newByRelatedWord(matching.get(b.id)!, missing[0]!, related, lex);
    // Every asked word of the older's the newer lacks is named by that one related word ("hay fever": "pollen").
    const stem = found && contentTokens(found.related, stemV1)[0];
    if (!found || !stem || !missing.every((w) => map.get(w)?.has(stem))) return null;
    return { ...found, asked: wordOf(query, missing[0]!) };
  };
  // Read once an older: every pair it is in asks (`askedInAnotherSense` tags it).
  const otherSense = new Map<string, boolean>();
  // The thing a "who is" question asks the identity of, read once when a pair first needs it.
  let identity: { thing: string | null } | undefined;
  // Whose state the question asks (`holdersAsked`), read once when a pair first needs it.
  let holders: Set<string> | undefined;
  const moves: { older: RecallHit; newer: RecallHit; reason: string }[] = [];
  for (const a of top)
    for (const b of top) {
      if (!(a.at < b.at) || !(a.score >= b.score)) continue;
      // A question that names a time asks what was said then ("What did Maria start, as mentioned
      // on 3 June?"): the older, said within it, is not replaced for that question by a newer said
      // at another time.
      if (times.length > 0 && within(a.at) && !within(b.at)) continue;
      // About the same thing the query asks: the newer matches every query word the older matches.
      const askedA = [...words.get(a.id)!].filter((w) => askedFolded.has(withoutMarks(w)));
      const wb = changeWords.get(b.id)!;
      const wbFolded = foldedChangeWords.get(b.id)!;
      // The newer names an asked word of the older's by a prefixed verb of its family ("We
      // remortgaged last week" for "Our mortgage is fixed at 2.1%"): `linkedByFamily`.
      let prefixed = false;
      // The newer calls the asked thing new by a word WordNet relates to it ("Dr. Lindqvist at my
      // new dental clinic…" / "My dentist is Dr. Okafor…" for "Who is my dentist?": `newByRelatedWord`).
      let renamed: NewByRelated | null = null;
      // A restatement sleep paired with the older by its slot (`restates`) is about the same thing
      // whatever words it says it in ("…the home server, it's on 24.04 now" / "My home server runs Ubuntu 20.04").
      const paired = restates(records.get(b.id), a.id);
      // The newer may leave out the question's verb the older echoes when it names the verb's object
      // and every other asked word the older says (`VERB_LEFT_OUT`: "Aunty Pania does the Monday
      // pickup from kohanga now" / "Aunty Hera picks up Nikau from kōhanga on Mondays" for "who picks
      // up Nikau from kōhanga on Mondays").
      // Or leaves out a modifier of a noun it says (`MODIFIER_LEFT_OUT`: "the Christmas concert" for
      // "The choir's Christmas concert"): `askedLeftOut`.
      // Read only for a pair sleep did not pair, and the tagger loaded only when the newer leaves out
      // some of the asked words, not none nor all (a keyword recall otherwise loads no tagger).
      const some = !paired && askedA.some((w) => !wbFolded.has(withoutMarks(w)));
      if (some && askedA.some((w) => wbFolded.has(withoutMarks(w)))) await loadTagger();
      const leftOut = some
        ? askedLeftOut(matching.get(a.id)!, askedA, wbFolded, withoutReason(matching.get(b.id)!))
        : [];
      if (leftOut.length > 0 && askedA.length > leftOut.length) {
        if (onlyAskedVerbLeftOut(query, leftOut, wbFolded)) leftOut.length = 0;
      }
      if (askedA.length === 0 || (!paired && leftOut.length > 0)) {
        // Or read with a silent "e" dropped ("What supplement am I taking?" / "I take vitamin D"),
        // only when the newer ends the older's value by name ("I stopped the vitamin D and take a
        // magnesium tablet now"): "the sync was driving me mad" is no driving of a car.
        const wbE = new Set([...wb].map(silentE));
        const askedAE = [...words.get(a.id)!].map(silentE).filter((w) => askedE.has(w));
        const family =
          lexicon && askedA.length > 0
            ? await linkedByFamily(
                a.text,
                b.text,
                askedA.filter((w) => !wb.has(w)),
                lexicon,
              )
            : null;
        if (family === "prefixed") prefixed = true;
        // Only for a current-state question, as recall's related-words search (recall/expansion.ts):
        // any other query reads nothing of WordNet.
        else if (lexicon && askedOnce.possible && (await askedOnce.read()) !== null)
          renamed = await calledNew(b, askedA, wb, lexicon);
        // Linked through the asked word's related word, in a phrase that calls it new, or not at all.
        if (
          !prefixed &&
          !renamed &&
          (askedAE.length === 0 || !askedAE.every((w) => wbE.has(w)) || !(await retires(b, a)))
        )
          continue;
      }
      // An older that meets the asked thing only by its word in another part of speech is about
      // something else ("I train at Ironworks" for "Which train do I catch?"; `askedInAnotherSense`).
      if (askedOnce.possible) {
        const slot = await askedOnce.read();
        let other = otherSense.get(a.id);
        if (other === undefined) {
          other = slot !== null && askedInAnotherSense(a.text, slot, lexicon);
          otherSense.set(a.id, other);
        }
        if (other) continue;
      }
      // A pair tied to the question only by whose state it asks or where it is asked, the newer
      // saying nothing else it asks ("gaz: heating's down to 18 degrees now" for "what dose is gaz's
      // blood pressure medicine"; "I've switched the dog walk to 6pm…" for "What podcast do I listen
      // to on my walk?"), or a "who is" question's thing named only as the doer of something else ("the
      // doctor took me off the tablets…" for "Who is my own doctor?"): not about what is asked.
      await loadTagger();
      const askedSlotRead = askedOnce.possible ? await askedOnce.read() : null;
      if (linkedOnlyByHolder(query, askedA, matching.get(b.id)!, askedSlotRead, lexicon)) continue;
      // The asked thing said by the newer only as the time of another change ("…moved training to
      // Sunday evenings after Mass" for "which Mass do I attend"): not what changed.
      if (askedOnlyAsTime(query, askedA, matching.get(b.id)!)) continue;
      // A pair tied to the question only by its verb, the newer naming none of its nouns nor
      // filling its stranded preposition ("I play five-a-side football…" over "I play a Fender
      // Stratocaster" for "What instrument do I play?"): not about what is asked.
      // Unless both say the verb of one named object (`SAME_OBJECT`: "…Iwan walks Mot" / "…Gethin walks
      // Mot after school now" for "who walks my dog").
      const sameObject = sameVerbObject(query, matching.get(a.id)!, matching.get(b.id)!);
      if (!sameObject && linkedOnlyByVerb(query, askedA, matching.get(b.id)!, lexicon)) continue;
      // A word of the question's compound said only as a modifier of another noun ("IT reimaged my
      // work laptop…" for "What do I use for design work?"): another thing.
      if (sharedInAnotherCompound(query, askedA, matching.get(a.id)!, matching.get(b.id)!)) continue;
      // The question's noun said by the newer of another one of its kind ("the final budget is
      // £12,500" for "What is our weekly grocery budget?", "every street has a tuk-tuk now" for "what
      // street do I live on"): a change of that other thing (`anotherOfAskedKind`).
      holders ??= holdersAsked(query, lexicon);
      if (anotherOfAskedKind(query, askedA, matching.get(a.id)!, matching.get(b.id)!, holders)) continue;
      identity ??= { thing: identityAsked(query) };
      if (identity.thing !== null && actsAsKnownDoer(matching.get(b.id)!, identity.thing)) continue;
      // `VIETNAMESE_CHANGE_IN_CLAUSE`: a change said in Vietnamese ties the pair only in a clause that
      // names a word of the question's the older says — "Bác sĩ nói bảo hiểm y tế trả nhiều hơn, từ giờ
      // má tái khám ở đó" changes no car insurance —, as Vietnamese turns meet by shared function words.
      // (Read for every cue, this cost two cases on the tuning sets: below53 in docs/evaluation.md.)
      const askedAFolded = new Set(askedA.map(withoutMarks));
      const names = (c: string) => contentTokens(c, stemV1).some((w) => askedAFolded.has(withoutMarks(w)));
      const cueOfThing = (text: string): boolean => {
        if (announcesReplacement(text, { unsaidSpeaker: false })) return true;
        if (!saysVietnameseChange(text)) return false;
        const parts = clausesOf(text);
        return (
          askedA.length === 0 || parts.length < 2 || parts.some((c) => saysVietnameseChange(c) && names(c))
        );
      };
      // `PROPOSAL_DECLINED`: a change proposed and turned down changed nothing, whatever the judge reads
      // of its value ("suggested I drop the package to ₦30,000 … I'm not doing it").
      if (proposalDeclined(matching.get(b.id)!)) continue;
      const olderItem = { text: matching.get(a.id)!, at: a.at, kind: a.kind };
      const whole = await judge.compare(olderItem, { text: matching.get(b.id)!, at: b.at, kind: b.kind });
      // Whether a reading of the newer — the verdict `v` on its words `text` — disagrees with the older.
      const disagrees = (v: JudgeVerdict, text: string) =>
        v.relation === "supersedes" ||
        v.relation === "contradicts" ||
        // Same subject, another value, and no rule could say only one holds — or the newer ends the
        // older's value by name, and no rule could say it replaces all of it: undecided, so the
        // newer ranks first until a semantic judge says otherwise.
        v.rule === "unsure:other-value" ||
        v.rule === VALUE_RETIRED_RULE ||
        (v.relation !== "duplicate" &&
          // The judge read them as about different things ("Alice's timezone" / "Bob's timezone").
          !v.reason.startsWith("different-entity") &&
          // A verb made of the older's word again, undone or taken away ("remortgaged",
          // "rehomed", "unsubscribed") says that thing changed.
          // The speaker said as the subject: a pair tied by a shared word only is no place for the
          // weaker reading of a subject left unsaid (`unsaid-subject.ts`).
          (prefixed || cueOfThing(text))) ||
        // Another value of a slot the older gave, paired at sleep; no verdict says they are the same.
        (paired && v.relation !== "duplicate") ||
        // The asked thing called new by a related word, with a value the older does not name: the
        // judge's "another entity" reads the two names ("Dr. Okafor" / "Dr. Lindqvist") the change is.
        (renamed !== null && v.relation !== "duplicate" && namesOtherValue(a.text, b.text, asked));
      // `CLAUSE_OF_THE_THING`: a turn the judge deferred on which thing it is about
      // (`WHICH_THING_DEFERRALS`: read whole, its subject is another clause's —
      // `unsure:thing-in-another-clause` — or its verb of change takes a thing the older does not name —
      // `unsure:other-thing-changed`) disagrees with the older only as a clause that names the older's
      // thing does, read alone: that clause's verdict and change cue, never the whole turn's cue, which
      // is the other thing's ("mi switch the gas and electric over to Octopus, Shanice do it on her
      // phone in 10 minutes" for "which network is my phone on"; "I changed my hours at work, physio
      // moved to Fridays" still changes the physio, in its own clause). A deferral on
      // whether the thing changed (`unsure:other-value`, `unsure:overlap` …) is read whole, as before.
      // A restatement sleep paired, a prefixed verb or a related word called new ties the pair
      // whichever clause says it.
      const readings = WHICH_THING_DEFERRALS.has(whole.rule ?? "")
        ? [
            ...(await Promise.all(
              clausesNamingThing(olderItem.text, matching.get(b.id)!).map(async (clause) => ({
                v: await judge.compare(olderItem, { text: clause, at: b.at, kind: b.kind }),
                text: clause,
              })),
            )),
            { v: whole, text: "" },
          ]
        : [{ v: whole, text: b.text }];
      const v = readings.find((r) => disagrees(r.v, r.text))?.v;
      if (!v) continue;
      // Another person's change ("My mum has switched to Libby for her audiobooks") says nothing
      // of the speaker's state a question in the first person asks ("What app do I use for audiobooks?").
      // For a question about a person's state, the pair must be about the thing it asks: one of
      // them names it (`namesAskedThing`); a shared light verb or degree word is no such thing ("I
      // take the tram to the office now" over "I take the car to Dave's Garage" for "What milk do
      // I take in my coffee?").
      if (askedOnce.possible) {
        const slot = await askedOnce.read();
        // A newer that ends the older's value by name ("I take vitamin D every morning" / "I stopped
        // the vitamin D and take a magnesium tablet at night now") is about what the older says,
        // whichever word of the question it shares (`retiredValue`).
        // A restatement paired at sleep on a slot the question names is about what it asks
        // ("Breakfast is porridge these days" / "I have Weetabix for breakfast" for "What do I eat
        // for breakfast?", where the breakfast is no central word of the question).
        const onAskedSlot = paired && restatedSlots(records.get(b.id)).some((w) => asked.has(w));
        if (
          slot &&
          !onAskedSlot &&
          !sameObject &&
          !pairAboutAsked(a.text, b.text, slot) &&
          !(await retires(b, a))
        )
          continue;
        if (slot && lexicon && othersState(b.text, slot, lexicon)) continue;
        // A newer that names the asked thing only beside a change it says of something else ("My
        // salary goes into a Monzo account now, the app is so much nicer" for "Which app do I keep
        // my notes in?"): no change of what is asked, unless it ends the older's value by name.
        if (slot && changeBesideAsked(matching.get(b.id)!, slot, lexicon) && !(await retires(b, a))) continue;
      }
      moves.push({
        older: a,
        newer: b,
        reason:
          v.relation === "supersedes" ||
          v.relation === "contradicts" ||
          v.rule === "unsure:other-value" ||
          v.rule === VALUE_RETIRED_RULE
            ? v.reason
            : paired
              ? "restates its slot"
              : renamed
                ? `names the asked "${renamed.asked}" as "${renamed.phrase}"`
                : "change-cue",
      });
    }
  // The pairs a stored verdict settled apart keep their order: read for every pair at once (the
  // loop above lifts nothing, so what it finds does not depend on them).
  // `ANSWER_SAID_RULE`: a newer that says no answer of the type the question asks changes something else.
  const answering = moves.filter((m) => mayAnswerTyped(lift.typedAnswer, m.newer.text));
  const apart = await settledApartEach(
    store,
    answering.map((m) => ({ a: m.older.id, b: m.newer.id })),
    lift.req.namespaces,
  );
  const unsettled = answering.filter((_, i) => !apart[i]);
  liftNewer(scored, unsettled, (m) => ` about the same thing and no verdict yet (${m.reason})`);
  return unsettled;
}

/**
 * `PROPOSAL_DECLINED`: a turn that tells of a change someone proposed — suggested, offered,
 * recommended, asked whether one wanted it (Vietnamese "đề nghị", "offer", "mời") — and that was
 * turned down ("I'm not doing it", "I ain't changing nothing", "refused", "said no", "turned it down",
 * "chị nói không", "không chịu") tells that nothing changed, and `newerFirst` lifts it over nothing: "Someone suggested I drop the package to
 * ₦30,000, I'm not doing it"; "Bên Chase gọi offer refinance cái loan xuống 6.9% …, chị nói không". Not
 * "The vet suggested Harringtons, so he is on it now" (taken up), nor "I said no to the old plan and
 * moved to Octopus" (no proposal said).
 *
 *   proposalDeclined("Someone suggested I drop the package to ₦30,000. I'm not doing it.") // → true
 *   proposalDeclined("The vet suggested Harringtons, so he is on it now")                 // → false
 */
export const proposalDeclined = (text: string): boolean => PROPOSAL_DECLINED.test(text);

const PROPOSAL_DECLINED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:suggest(?:s|ed)?|offer(?:s|ed)?|recommend(?:s|ed)?|asked (?:if|whether|was) (?:i|we)|asking (?:if|whether|was) (?:i|we)|đề nghị|de nghi|mời)(?![\p{L}\p{N}])` +
    String.raw`.*(?<![\p{L}\p{N}])(?:(?:i'?m|we'?re|i am|we are) not (?:doing|having|changing|switching)|(?:ain'?t|not|won'?t|wouldn'?t) (?:changing|switching|moving|doing it)|refused|refuses|declined|turned (?:it|them|that|him|her) down|said no|nói không|noi khong|nói thôi|noi thoi|không chịu|khong chiu)(?![\p{L}\p{N}])`,
  "iu",
);

/** True when `record` is a belief sleep distilled as an unmarked restatement of `older`'s slot (distil.ts `RESTATES`). */
function restates(record: Belief | Episode | undefined, older: string): boolean {
  const ids = record && "kind" in record ? sleepRecordOf(record.metadata)[RESTATES] : undefined;
  return Array.isArray(ids) && ids.includes(older);
}

/** The slot attributes a restatement distilled at sleep gives another value of (`RESTATED_SLOTS`). */
function restatedSlots(record: Belief | Episode | undefined): string[] {
  const words = record && "kind" in record ? sleepRecordOf(record.metadata)[RESTATED_SLOTS] : undefined;
  return Array.isArray(words) ? words.filter((w): w is string => typeof w === "string") : [];
}

/**
 * A stem with a silent final "e" dropped, as English drops it before "-ing" and "-ed": `stemV1`
 * (newer-first's word test) keeps "take" and "move" but cuts "taking" and "moved" to "tak" and
 * "mov", so "What supplement am I taking?" shares no word with "I take vitamin D" until both are
 * read this way.
 *
 *   silentE("take") // → "tak"     silentE("tak") // → "tak"     silentE("tee") // → "tee"
 */
export function silentE(token: string): string {
  return token.length > 3 && /[^aeiou]e$/.test(token) ? token.slice(0, -1) : token;
}

/**
 * Whether two statements are about what a question asks (`newerFirst`): one of them names it
 * (`namesAskedThing`), not only a light verb, a degree word or a circumstance of the question's:
 * not "I run 5k every morning" / "I bought a Chemex and I brew with it every morning now" for
 * "What do I drink in the morning?", which share only the morning.
 */
const pairAboutAsked = (older: string, newer: string, asked: AskedSlot): boolean =>
  namesAskedThing(newer, asked) || namesAskedThing(older, asked);

/** The question's word as written whose stem is `stem` ("dentist"); the stem when none is. */
function wordOf(query: string, stem: string): string {
  return (
    rawTokens(query)
      .find((w) => contentTokens(w, stemV1)[0] === stem)
      ?.toLowerCase() ?? stem
  );
}

/**
 * The preposition a question leaves at its end, its object the thing asked ("for" in "What team do
 * I play for?", "Which streaming service do we pay for?"), as a lemma, or null: "for my room each
 * month" has its object. A closing adverb ("…play for now?") is read past. `await loadTagger()` first.
 *
 *   strandedPreposition("What team do I play for?")              // → "for"
 *   strandedPreposition("What do I pay for my room each month?") // → null
 */
export function strandedPreposition(question: string): string | null {
  const words = tagged(question).filter((w) => w.pos !== "PUNCT");
  let last = words.length - 1;
  while (last > 0 && words[last]!.pos === "ADV") last--;
  const w = words[last];
  return w?.pos === "ADP" && words.slice(0, last).some((v) => v.pos === "VERB")
    ? w.lemma.toLowerCase()
    : null;
}

/**
 * True when a pair is tied to the question only by its verb: every word of the question the older
 * shares (`shared`, stemmed) is a verb of the question's, the question names a thing by a noun (not
 * a time: "each month", "in the morning", `timeAdjuncts`, `saysTime`), and the newer names none of
 * its nouns nor says the verb with the question's stranded preposition (`strandedPreposition`). A
 * verb names no thing; what the question asks is its noun, or the object of its preposition: "I
 * play five-a-side football at Powerleague" over "I play a Fender Stratocaster" for "What
 * instrument do I play?", "…moved to Giffgaff and pay half as much" over "We pay for Netflix" for
 * "Which streaming service do we pay for?". Not "i'm playing for the Knights now" for "What team do
 * I play for?" (the newer fills the frame), not a question that names no thing ("Where do I swim?",
 * "How far do I run in the morning?": the verb is what it asks), nor a newer that names the
 * question's noun. `await loadTagger()` first.
 *
 *   linkedOnlyByVerb("What instrument do I play?", ["play"], "I play five-a-side football now.")  // → true
 *   linkedOnlyByVerb("What team do I play for?", ["play"], "i'm playing for the Knights now")     // → false
 */
export function linkedOnlyByVerb(
  question: string,
  shared: readonly string[],
  newer: string,
  lexicon: Lexicon | undefined,
): boolean {
  if (shared.length === 0) return false;
  const words = tagged(question);
  const verbs = words.filter((w) => w.pos === "VERB");
  const verbStems = new Set(verbs.flatMap((w) => contentTokens(w.text, stemV1)));
  if (!shared.every((w) => verbStems.has(w))) return false;
  const units = timeAdjuncts(question);
  const things = words.filter((w) => {
    if (w.pos !== "NOUN" && w.pos !== "PROPN") return false;
    const stem = contentTokens(w.text.replace(POSSESSIVE, ""), stemV1)[0];
    return stem !== undefined && !units.has(stem) && !verbStems.has(stem) && !saysTime(stem, words, lexicon);
  });
  if (things.length === 0) return false;
  // By the word as written and by its lemma: `stemV1` reads "morning" as "morn" but "mornings" as "morning".
  const theirs = tagged(newer);
  const said = new Set([...contentTokens(newer, stemV1), ...theirs.map((w) => w.lemma.toLowerCase())]);
  const named = (w: TaggedWord) =>
    said.has(w.lemma.toLowerCase()) ||
    contentTokens(w.text.replace(POSSESSIVE, ""), stemV1).some((t) => said.has(t));
  if (things.some(named)) return false;
  const preposition = strandedPreposition(question);
  if (preposition === null) return true;
  const lemmas = new Set(verbs.map((w) => w.lemma.toLowerCase()));
  return !theirs.some(
    (w, i) =>
      w.pos === "VERB" &&
      lemmas.has(w.lemma.toLowerCase()) &&
      theirs[i + 1]?.lemma.toLowerCase() === preposition,
  );
}

/**
 * `SAME_OBJECT`: an older and a newer that say a verb of the question's of one object — a name
 * right after the verb — are about one thing, whatever the question calls it: "Glenys's grandson
 * Iwan walks Mot for me" / "…the boy from the farm, Gethin, walks Mot after school now" for "who
 * walks my dog" both say who walks Mot. Not two objects ("I play a Fender Stratocaster" / "I play
 * five-a-side football"), nor a noun after a determiner or a preposition ("walks in the park"): "a
 * Fender" may be one of many, one name is one thing. `await loadTagger()` first.
 *
 *   sameVerbObject("who walks my dog", "Iwan walks Mot for me.", "Gethin walks Mot after school now.")  // → true
 *   sameVerbObject("What do I play?", "I play a Fender Stratocaster.", "I play five-a-side football now.") // → false
 */
export function sameVerbObject(question: string, older: string, newer: string): boolean {
  const words = tagged(question);
  // Its verbs, and the word after an opening "who" ("who walks", `whoVerb`).
  const verbs = words.filter((w) => w.pos === "VERB");
  const who = whoVerb(words);
  const lemmas = new Set([...verbs, ...(who ? [who] : [])].map((w) => w.lemma.toLowerCase()));
  const objects = (text: string) => {
    const theirs = tagged(text);
    return theirs.flatMap((w, i) => {
      const next = theirs[i + 1];
      return lemmas.has(w.lemma.toLowerCase()) && next?.pos === "PROPN" ? [next.text.toLowerCase()] : [];
    });
  };
  const olders = objects(older);
  return olders.length > 0 && objects(newer).some((o) => olders.includes(o));
}

/**
 * The stemmed words of a question that are in a compound of its nouns, two or more in a row ("design
 * work", "food shopping", "shoe number"; not a possessor: "alfie's school jumpers" → "school",
 * "jumper"). A question whose thing is one word ("When do I do yoga?") has none.
 * `await loadTagger()` first.
 *
 *   compoundWords("What do I use for design work?")  // → {"design", "work"}
 *   compoundWords("When do I do yoga?")              // → {}
 */
export function compoundWords(question: string): Set<string> {
  const words = tagged(question);
  const noun = (w: TaggedWord | undefined) =>
    w !== undefined && (w.pos === "NOUN" || w.pos === "PROPN") && !POSSESSIVE.test(w.text);
  const out = new Set<string>();
  for (const [i, w] of words.entries())
    if (noun(w) && (noun(words[i - 1]) || noun(words[i + 1])))
      for (const t of contentTokens(w.text, stemV1)) out.add(t);
  return out;
}

/**
 * True when the words of the question the older shares (`shared`, stemmed) are each in a compound
 * of the question's (`compoundWords`) and the newer says each only as a modifier of another noun,
 * one the question does not say and the older does not say after that word: the newer names
 * another thing made with the word. "IT finally reimaged my work laptop…" over "My mentor at work
 * is Beatrice." for "What do I use for design work?"; "We had to raise the food budget…" for "Where
 * do I do my food shopping?"; "…it finds more number errors" for "what shoe number do I take". Not
 * a question whose thing is one word ("Yoga class switched to Saturday mornings" for "When do I do
 * yoga?": the class is the yoga's), not a compound the question says ("bumped the grocery budget"
 * for "What is my grocery budget?"), and not one the older says too ("my vitamin d is low" / "i take
 * vitamin d 1000 IU": the two are about one thing). `await loadTagger()` first.
 *
 *   sharedInAnotherCompound("What do I use for design work?", ["work"], "My mentor at work is Beatrice.", "IT reimaged my work laptop.")  // → true
 *   sharedInAnotherCompound("When do I do yoga?", ["yoga"], "I do yoga on Wednesdays.", "Yoga class switched to Saturdays.")              // → false
 */
export function sharedInAnotherCompound(
  question: string,
  shared: readonly string[],
  older: string,
  newer: string,
): boolean {
  if (shared.length === 0) return false;
  const compound = compoundWords(question);
  if (!shared.every((w) => compound.has(w))) return false;
  const stems = (w: TaggedWord) => new Set([...contentTokens(w.text, stemV1), w.lemma.toLowerCase()]);
  const asked = new Set(tagged(question).flatMap((w) => [...stems(w)]));
  // The nouns the older says right after each shared word: a compound the two share.
  const after = (text: string, word: string) => {
    const words = tagged(text);
    return words.flatMap((w, i) => {
      const next = words[i + 1];
      return stems(w).has(word) && next && (next.pos === "NOUN" || next.pos === "PROPN") ? [next] : [];
    });
  };
  const theirs = tagged(newer);
  return shared.every((word) => {
    const mentions = [...theirs.entries()].filter(
      ([, w]) => (w.pos === "NOUN" || w.pos === "PROPN" || w.pos === "ADJ") && stems(w).has(word),
    );
    if (mentions.length === 0) return false;
    const olders = new Set(after(older, word).flatMap((w) => [...stems(w)]));
    return mentions.every(([i]) => {
      const next = theirs[i + 1];
      if (!next || (next.pos !== "NOUN" && next.pos !== "PROPN")) return false;
      const own = stems(next);
      return ![...own].some((t) => asked.has(t) || olders.has(t));
    });
  });
}

/**
 * The asked words an older says (`askedA`, stemmed by `stemV1`) that a newer leaves out, as
 * `newerFirst`'s word test reads them (`newer`: the newer's stems, marks folded). `MODIFIER_LEFT_OUT`
 * (below47's rule of `newerMeasureFirst`, read here by the tagger): a word the older writes as a
 * modifier — a noun, name or adjective right before the run of one or two nouns that ends in a noun
 * the newer says — the newer may leave out when it says another asked word ("The choir's Christmas
 * concert is at Galeri" / "…the Christmas concert is going to be at Pontio" for "where is the
 * choir's Christmas concert"). The newer must say that noun as the head of its phrase ("Gaz's tax
 * return is done by an online firm now" names no "council tax"), not after a preposition ("we sell
 * sausages in bread for $3.50 at the sizzle" says nothing of where "the club sausage sizzle" is),
 * and not as a unit of time ("I'm sending £520 a month now" is of no "big trip next month"), and it
 * must keep in front of that noun another modifier the older says of it (`HEAD_KEEPS_MODIFIER`: "the
 * Christmas concert", "Mia's party", "the TB test" for "The TB herd test"; not "The library is open
 * late now" for "the mobile library", "I've noted where the clinic is now" for "the hearing aid
 * clinic": a head said bare may be another of its kind). Not a word that narrows no noun ("the
 * last bus home" / "the last bus back": "home"), a verb before its object or a noun before a verb
 * ("The vet weighed Mot" for "how much does Mot weigh" / "which vet does Mot go to"), nor a modifier
 * when no other asked word of the older's is said.
 * `await loadTagger()` first.
 *
 *   askedLeftOut("The choir's Christmas concert is at Galeri.", ["choir", "christmas", "concert"],
 *     new Set(["christmas", "concert", "pontio"]), "The Christmas concert is at Pontio now.")   // → []
 *   askedLeftOut("The last bus home is 5.40pm.", ["last", "bus", "home"],
 *     new Set(["last", "bus", "back", "town"]), "The last bus back from town is 6.10pm now.") // → ["home"]
 */
export function askedLeftOut(
  older: string,
  askedA: readonly string[],
  newer: ReadonlySet<string>,
  newerText: string,
): string[] {
  const left = askedA.map(withoutMarks).filter((w) => !newer.has(w));
  if (left.length === 0 || left.length === askedA.length) return left;
  const words = tagged(older);
  const stems = (w: TaggedWord) => contentTokens(w.text.replace(POSSESSIVE, ""), stemV1).map(withoutMarks);
  const noun = (w: TaggedWord | undefined) => w !== undefined && (w.pos === "NOUN" || w.pos === "PROPN");
  // The nouns the newer says as what its clause is about, not after a preposition ("…for $3.50 at the
  // sizzle" says where something else is sold, not where the sizzle is).
  const theirs = tagged(newerText);
  const modifier = (w: TaggedWord | undefined) => noun(w) || w?.pos === "ADJ";
  // Each head with the modifiers its phrase keeps in front of it (`HEAD_KEEPS_MODIFIER`, below).
  const heads = theirs.flatMap((w, i) => {
    // A unit of time is when, not a thing ("£520 a month now" names no "next month"'s thing).
    // The head of its phrase, not a modifier of another noun ("Gaz's tax return" names no tax).
    if (!noun(w) || noun(theirs[i + 1]) || saysTime(w.lemma.toLowerCase(), [w], undefined)) return [];
    let k = i - 1;
    while (k >= 0 && ["DET", "PRON", "ADJ", "NOUN", "PROPN"].includes(theirs[k]!.pos)) k--;
    if (theirs[k]?.pos === "ADP") return [];
    const kept = theirs
      .slice(k + 1, i)
      .filter(modifier)
      .flatMap(stems);
    return [{ head: new Set(stems(w)), kept: new Set(kept) }];
  });
  // A modifier of a noun the newer says: the word, then one or two nouns, the last of them said by
  // the newer as a head that keeps another modifier the older says of it (`HEAD_KEEPS_MODIFIER`: "the
  // Christmas concert", "Mia's party", "the TB test" for "The TB herd test"); a head said bare ("the
  // library", "the clinic") may be another of its kind ("the mobile library" is no village library).
  const narrowsSaid = (stem: string) =>
    words.some((w, i) => {
      if (!modifier(w) || !stems(w).includes(stem)) return false;
      let start = i;
      while (start > 0 && modifier(words[start - 1])) start--;
      for (let j = i + 1; j <= i + 2 && noun(words[j]); j++) {
        if (noun(words[j + 1])) continue;
        const olders = words
          .slice(start, j)
          .flatMap(stems)
          .filter((t) => !left.includes(t));
        const said = stems(words[j]!);
        if (heads.some((h) => said.some((t) => h.head.has(t)) && olders.some((t) => h.kept.has(t))))
          return true;
      }
      return false;
    });
  return left.filter((w) => !narrowsSaid(w));
}

/**
 * `VERB_LEFT_OUT`: the question's words an older says that a newer leaves out are only the
 * question's verb, and the newer says the verb's object — the noun that follows the verb (past its
 * particle and determiners, before any preposition): "how many people am I cooking the hāngī for"
 * asks of the hāngī, so "120 people for the hāngī now" is about what "cooking the hāngī for about 80
 * people" is, and "who picks up Nikau from kōhanga" asks of Nikau. Not when the verb has no noun
 * object — "What do I drink in the morning?" (the morning is when, not what: "I run in the morning
 * now" leaves the drinking out) — nor when the newer leaves out another asked word too.
 * `await loadTagger()` first.
 *
 *   onlyAskedVerbLeftOut("how many people am I cooking the hāngī for", ["cook"], new Set(["people", "hangi"])) // → true
 *   onlyAskedVerbLeftOut("What do I drink in the morning?", ["drink"], new Set(["run", "morning"]))           // → false
 */
export function onlyAskedVerbLeftOut(
  question: string,
  leftOut: readonly string[],
  newer: ReadonlySet<string>,
): boolean {
  // `newer`: the newer's stems, marks folded (`withoutMarks`), as `newerFirst` reads them.
  const words = tagged(question);
  // The verb: the first the tagger reads as one, or the word after a "who" that opens the question
  // ("who picks up Nikau", which the tagger reads as a noun).
  const at = whoVerb(words) ? 1 : words.findIndex((w) => w.pos === "VERB");
  const verb = words[at];
  if (!verb) return false;
  const folded = (text: string) => contentTokens(text, stemV1).map(withoutMarks);
  const verbStems = new Set([...folded(verb.text), ...folded(verb.lemma)]);
  if (!leftOut.every((w) => verbStems.has(withoutMarks(w)))) return false;
  // The object: the noun after the verb, past a particle right after it ("picks up", not "going
  // in") and any determiner or possessive; a preposition first means the verb has none.
  let i = at + 1;
  if (PARTICLE.test(words[i]?.text ?? "")) i++;
  while (words[i] && (words[i]!.pos === "DET" || words[i]!.pos === "PRON" || words[i]!.pos === "NUM")) i++;
  const object = words[i];
  if (!object || (object.pos !== "NOUN" && object.pos !== "PROPN")) return false;
  const says = (word: TaggedWord) => folded(word.text).some((w) => newer.has(w));
  // A question that names the kind it asks ("which airport am I picking Aroha up from") asks that
  // kind, not the verb's object: a newer that leaves out the verb must say it ("Aroha's flight moved
  // to 22 December" says nothing of an airport).
  const kind = askedKind(words);
  return says(object) && (kind === null || says(kind));
}

/**
 * The verb of a question that opens with "who" — the word after it, which the tagger may read as a
 * noun ("who **picks** up Nikau", "who **walks** my dog") — or null: "who is…" (an auxiliary) and
 * any other question.
 */
function whoVerb(words: readonly TaggedWord[]): TaggedWord | null {
  const next = words[1];
  return /^who$/i.test(words[0]?.text ?? "") && next && next.pos !== "AUX" ? next : null;
}

/** The particles of English phrasal verbs ("pick up", "drop off"); "in", "on", "to" begin a phrase of their own. */
const PARTICLE = /^(?:up|down|out|off|back|away|over)$/i;

/** The noun a question's "which", "what", "whose", "how many" or "how much" asks of ("which airport"), or null. */
function askedKind(words: readonly TaggedWord[]): TaggedWord | null {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.text.toLowerCase();
    let j = -1;
    if (w === "which" || w === "what" || w === "whose") j = i + 1;
    else if (w === "how" && /^(?:many|much)$/i.test(words[i + 1]?.text ?? "")) j = i + 2;
    if (j < 0) continue;
    while (words[j]?.pos === "ADJ") j++;
    const noun = words[j];
    return noun && (noun.pos === "NOUN" || noun.pos === "PROPN") ? noun : null;
  }
  return null;
}
