/** A superseded belief that answers a current-state question brings its current successor (`currentVersions`). */
import { retiredValue, valuesOf } from "../../judge/retired-values.js";
import { loadTagger } from "../../judge/tagger.js";
import { matchesMetadata } from "../../metadata-filter.js";
import type { Belief } from "../../model.js";
import type { Lexicon, StoreReader } from "../../ports.js";
import { type AskedSlot, askedPhraseWords, fillsAskedSlot, namesAskedPhrase } from "../../state-slots.js";
import { contentTokens } from "../../text.js";
import { doerTerms } from "../expansion.js";
import { liftedHitOf } from "../hits.js";
import { compareIds } from "../ids.js";
import { MAX_HOPS } from "../representative.js";
import { activeFactsOf, type LiftInput, othersState } from "./moves.js";
import { changedByName } from "./pair-checks.js";
import { slotChanged } from "./same-slot-first.js";

/** A matched episode whose belief was superseded, and the match it would rank by. */
export interface SupersededMatch {
  episode: string;
  boosted: number;
}

/**
 * The active end of a superseded belief's `supersededBy` chain, or null. A successor that was in
 * turn superseded is followed only when its own successor fills the asked slot: each hop is a
 * verdict of its own, and a later one about another thing ("…on Saturdays instead" / "These days I
 * do kickboxing … instead") says nothing of the value asked.
 */
export async function currentVersionOf(
  store: StoreReader,
  older: Belief,
  slot: AskedSlot | null,
  lexicon: Lexicon | undefined,
  cache: Map<string, Belief | null>,
): Promise<Belief | null> {
  let b: Belief = older;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = b.supersededBy;
    if (b.status !== "archived" || b.statusReason !== "superseded" || !next) return null;
    if (!cache.has(next)) cache.set(next, await store.getBelief(next, older.namespace));
    const n = cache.get(next) ?? null;
    if (!n || n.namespace !== older.namespace) return null;
    if (hop > 0 && !(slot && fillsAskedSlot(n.text, slot, lexicon))) return null;
    if (n.status === "active") return n;
    b = n;
  }
  return null;
}

/**
 * The asked slot with the nouns of the doer a "who" question asks for among its attributes
 * (`doerTerms`, the words recall's search adds: "Who cleans our house?" → "cleaner"), so a statement
 * that names the doer ("Our cleaner Agnieszka comes every other week") fills it as the search found
 * it. The slot itself when the question asks no doer.
 *
 *   withDoers(askedSlot("Who cleans our house?")!, "Who cleans our house?", wordnet).attributes // → {clean, hous, cleaner}
 */
export function withDoers(slot: AskedSlot, question: string, lexicon: Lexicon | undefined): AskedSlot {
  const doers = doerTerms(question, slot, lexicon);
  if (doers.length === 0) return slot;
  return {
    ...slot,
    attributes: new Set([...slot.attributes, ...doers.flatMap((d) => contentTokens(d))]),
    nouns: new Set([...slot.nouns, ...doers]),
  };
}

/**
 * How near the top a superseded match must have ranked for its current version to be listed: the
 * top the name link reads (`missedSuccessors`). (The slot link reads the first k, `sameSlotFirst`;
 * measured here, that listed successors of olders that fill the slot by a word of another sense —
 * "…work stuff alike" for "How do I get to work?" — and gained no question.)
 */
const SUCCESSOR_TOP = 5;

/**
 * A superseded belief that answers the question brings its current successor. A belief archived by
 * a supersession (not a merge, not forgotten) whose episode matched, that would rank in the first
 * `SUCCESSOR_TOP` if it were current, and that the links of an open pair would read as the
 * successor's older — it fills the slot a question about a person's current state asks
 * (`askedSlot`, `fillsAskedSlot`, a doer's noun read as the question's verb: `withDoers`), or, with
 * or without a slot, its successor says a change of it by a rare name of its (`changedByName`, the
 * name link of `missedSuccessors`: "Our cleaner Agnieszka comes every other week" / "Agnieszka
 * retired, so her cousin Beata comes now" for "Who cleans our house?"), not as another person's
 * state — has its current successor (its
 * `supersededBy` chain followed to the active end, in the same namespace, of a kind and metadata
 * the request asks for) listed at its rank, once, `why` naming the older: "I volunteer at the
 * food bank" / "These days I help out at the animal shelter on Saturdays instead of the food bank" for
 * "Where do I volunteer?" — the successor shares no word with the question, so it is not found by its own.
 * The older stays out (`at` brings it back). Not when a current fact newer than the older already
 * fills the asked slot within the first k: the question is answered, and a wrong supersession
 * would put an unrelated successor above the answer — unless the successor ends the older's value
 * by name (`retiredValue`: "We traded in the Subaru for a Kia EV6") or says its change by the
 * older's rare name (`changedByName`): the older's own update. Ranking only; nothing is searched again.
 * Mutates and re-sorts `scored`.
 */
export async function currentVersions(
  lift: Omit<LiftInput, "judge">,
  matches: readonly SupersededMatch[],
  maxFused: number,
): Promise<void> {
  const { store, scored, records, req, policy, asked: askedOnce } = lift;
  // A question with no slot read (`askedSlot` null: "Which streaming service do we pay for?") is
  // reached by the name link alone, as an open pair is (`missedSuccessors` reads names without one),
  // and so is a query that asks no person's state at all (a keyword search: "translators association").
  const asked = askedOnce.possible ? await askedOnce.read() : null;
  const slot = asked ? withDoers(asked, req.query, req.lexicon) : null;
  const filter = activeFactsOf(req);
  const now = req.at ?? req.asOf ?? req.now;
  const cache = new Map<string, Belief | null>();
  const byId = new Map(scored.map((h) => [h.id, h]));
  const listed = new Set<string>();
  // The words of the phrase the question asks (`askedPhraseWords`): tagged once per recall, and only
  // when an older passes no other gate.
  let phrase: Set<string> | undefined;
  const phraseOf = async (asked: AskedSlot) => {
    if (!phrase) {
      await loadTagger();
      phrase = askedPhraseWords(req.query, asked);
    }
    return phrase;
  };
  const top = [...matches].sort((a, b) => b.boosted - a.boosted || compareIds(a.episode, b.episode));
  // A hit's score is at most its relevance: a match below the SUCCESSOR_TOP-th score cannot rank there.
  const floor = scored.length >= SUCCESSOR_TOP ? scored[SUCCESSOR_TOP - 1]!.score : 0;
  for (const m of top) {
    const relevance = Math.min(1, m.boosted / maxFused);
    if (relevance < floor) break;
    for (const older of await store.beliefsFromEpisode(m.episode, req.namespaces)) {
      if (older.status !== "archived" || older.statusReason !== "superseded" || !older.supersededBy) continue;
      if (!req.namespaces.includes(older.namespace)) continue;
      const would = liftedHitOf(older, policy, now, relevance, "");
      const rank = scored.filter((h) => h.score > would.score).length;
      if (rank >= SUCCESSOR_TOP) continue;
      const current = await currentVersionOf(store, older, slot, req.lexicon, cache);
      if (
        !current ||
        current.namespace !== older.namespace ||
        !(req.kinds ?? [current.kind]).includes(current.kind) ||
        !matchesMetadata(current.metadata, req.metadata) ||
        listed.has(current.id)
      )
        continue;
      // The older's own update, by a rare name of its: read once, for the slot test and the guard.
      const byName =
        !(slot && othersState(current.text, slot, req.lexicon)) &&
        (await changedByName(store, filter, older.text, current.text)) !== null;
      // The older answered the question: it fills the asked slot, or names the phrase the question
      // asks by one of its words ("my quarterly estimate" for "my estimated tax payment",
      // `namesAskedPhrase`): its rank is handed to the statement that closed it.
      const fills = slot !== null && fillsAskedSlot(older.text, slot, req.lexicon) !== null;
      const byPhrase =
        !byName && !fills && slot !== null && namesAskedPhrase(older.text, await phraseOf(slot), slot);
      if (!byName && !fills && !byPhrase) continue;
      // The question is answered already, at or above the older's rank, by a current statement
      // newer than the older that fills the asked slot in its main words: a wrong supersession must
      // not put an unrelated successor beside it.
      const answered =
        slot !== null &&
        scored.some(
          (h) =>
            h.score >= would.score &&
            h.layer === "belief" &&
            h.status === "active" &&
            h.id !== current.id &&
            h.at > older.validFrom &&
            fillsAskedSlot(h.text, slot, req.lexicon)?.central === true,
        );
      // Unless the successor ends the older's value by name ("We traded in the Subaru for a Kia EV6"
      // for "We drive a Subaru Outback"), says its change by the older's rare name, or changes the
      // asked slot from the older's value as the slot link reads an open pair (`slotChanged`: "I
      // commute to work by train" / "I bike to work now instead of taking the train"): then it is the
      // older's own update, not an unrelated one.
      if (
        answered &&
        !byName &&
        !(await loadTagger().then(() => slotChanged(older.text, current.text, slot, req.lexicon))) &&
        !(await loadTagger().then(() => retiredValue(current.text, valuesOf(older.text))))
      )
        continue;
      listed.add(current.id);
      const known = byId.get(current.id);
      if (known && known.score >= would.score) continue;
      const hit =
        known ??
        liftedHitOf(current, policy, now, relevance, `matched through [${older.id}], which it superseded`);
      if (!known) {
        records.set(current.id, current);
        byId.set(current.id, hit);
        scored.push(hit);
      }
      hit.score = would.score;
      hit.why.summary += `; current version of [${older.id}] ("${older.text}"), which would rank #${rank + 1} for the question${byPhrase ? " by the phrase it asks" : ""} and was superseded: listed at its rank`;
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
}
