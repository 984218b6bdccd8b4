/** The newest statement of the asked slot in a kind of its noun, listed within the first k (`newestKindListed`). */
import { askedWhWord } from "../../changed-measures.js";
import type { Belief } from "../../model.js";
import { fillsAskedSlot, practitionersOf, saysChangedState, speakerIs } from "../../state-slots.js";
import { queryTerms } from "../../text.js";
import { tagged } from "../../typed-values.js";
import { liftedHitOf } from "../hits.js";
import { compareIds } from "../ids.js";
import { activeFactsOf, type LiftInput, type Move } from "./moves.js";
import { saysTime } from "./same-slot-first.js";

/**
 * How many statements naming a kind of the asked noun are read (newest first, until one fills the
 * slot: WordNet's rare senses make common words kinds, "closed" and "book" of "music", and twenty
 * left the newest out of a 200-fact chat); how many of its kinds are searched.
 */
const KIND_CANDIDATES = 60;

export const KINDS_SEARCHED = 256;

/**
 * `KIND_ANSWERS_WHAT`: a kind of the asked noun answers a question that asks what or which thing,
 * where or when ("What music am I into?": synthwave, a kind of music; "Which antidepressant am I
 * taking?": escitalopram; "where do we get our friday chinese from"), never one that asks who or
 * how ("who insures my car": a kind of car names no insurer; "how much is my room a month": a
 * kind of month, "dec", says no amount; "how many units has our own parlour"). And a noun of the
 * question that names a time ("each month", "a day a week", "my working hours": `saysTime`) is
 * searched for no kinds: a month named ("seminar committee moved me to dec 4") says when, not
 * what the question asks of ("what do i pay for my room each month").
 */
export const KIND_ANSWERS_WHAT = "kind-answers-what";

/** The wh-words a kind of the asked noun answers no question of (`KIND_ANSWERS_WHAT`). */
const NO_KIND_ASKED = new Set(["who", "whom", "whose", "how"]);

/**
 * A current-state question is answered by the newest statement of its slot even when that
 * statement names only a kind of what the question asks ("What music am I into?": "I'm not into
 * jazz these days, I mostly listen to synthwave" — jazz is a kind of music in the lexicon).
 * When the question asks a person's state (`askedSlot`) and the lexicon knows kinds of its nouns,
 * active facts naming one of those kinds (single words, the nearest first) are searched; of those
 * that fill the asked slot through the lexicon (`fillsAskedSlot`: a kind or a synonym of the asked
 * noun, whose the question asks) and say a state that holds now or changed (`saysChangedState`),
 * the newest is listed within the first k, last, unless it is there already or a fact in the first
 * k that fills the slot centrally is as new. Not for a question of who or how, and no kinds of a
 * noun of time (`KIND_ANSWERS_WHAT`). Ranking only; only the request's namespaces are searched.
 * Mutates and re-sorts `scored`.
 */
export async function newestKindListed(lift: LiftInput): Promise<Move[]> {
  const { store, scored, records, req, policy, asked: askedOnce } = lift;
  const lexicon = req.lexicon;
  const last = scored[Math.min(req.k, scored.length) - 1];
  if (!lexicon || !last || !askedOnce.possible) return [];
  const asked = await askedOnce.read();
  if (!asked || asked.nouns.size === 0) return [];
  // `KIND_ANSWERS_WHAT`: no kind answers who or how; a noun of time is searched for none.
  if (NO_KIND_ASKED.has(askedWhWord(tagged(req.query))?.word ?? "")) return [];
  const kinds = [...asked.nouns]
    .filter((n) => !saysTime(n, [], lexicon))
    .flatMap((n) => lexicon.nounKinds(n))
    .filter((w) => !/[\s-]/.test(w));
  // The people who practise a kind ("vegetarianism" → "vegetarian", "vegan"): a speaker who says
  // they are one fills the slot ("What diet do I follow?": "I've gone fully vegan").
  const practitioners = new Set(kinds.flatMap((k) => practitionersOf(k, lexicon)));
  const terms = queryTerms([...practitioners, ...kinds].join(" "), KINDS_SEARCHED);
  if (terms.length === 0) return [];
  const filter = activeFactsOf(req);
  const found = await store.searchBeliefText(terms, filter, KIND_CANDIDATES);
  const now = req.at ?? req.asOf ?? req.now;
  // Newest first, read with the tagger until one fills the slot: the first that does is the answer.
  const byAge = (
    await store.getBeliefs(
      found.map((f) => f.id),
      filter.namespaces,
    )
  )
    .filter((b) => b.validFrom <= now)
    .sort((a, b) =>
      a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : compareIds(a.id, b.id),
    );
  let filling: { belief: Belief; noun: string } | undefined;
  for (const b of byAge) {
    if (!saysChangedState(b.text)) continue;
    const slot = fillsAskedSlot(b.text, asked, lexicon);
    const noun = slot ? (slot.noun ?? slot.attribute) : speakerIs(b.text, practitioners);
    if (noun) {
      filling = { belief: b, noun };
      break;
    }
  }
  if (!filling) return [];
  const { belief: newest, noun } = filling;
  const top = scored.slice(0, req.k);
  if (top.some((h) => h.id === newest.id)) return [];
  // A statement of the slot in the question's own words, as new, already answers.
  if (
    top.some(
      (h) => h.layer === "belief" && h.at >= newest.validFrom && fillsAskedSlot(h.text, asked)?.central,
    )
  )
    return [];
  const known = scored.find((h) => h.id === newest.id);
  const hit =
    known ??
    liftedHitOf(newest, policy, now, last.why.relevance, `a kind of what the question asks ("${noun}")`);
  if (!known) {
    records.set(newest.id, newest);
    scored.push(hit);
  }
  hit.score = last.score * (1 + 1e-6);
  hit.why.summary += `; the newest statement of the slot the question asks, in a kind of its noun ("${noun}"): listed within the first ${req.k}`;
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  return [{ older: last, newer: hit, listed: true }];
}
