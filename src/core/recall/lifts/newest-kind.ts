/** The newest statement of the asked slot in a kind of its noun, listed within the first k (`newestKindListed`). */
import { askedWhWord } from "../../changed-measures.js";
import type { Belief } from "../../model.js";
import type { Lexicon } from "../../ports.js";
import {
  type AskedSlot,
  fillsAskedSlot,
  practitionersOf,
  type Slot,
  saysChangedState,
  slotsFillingAsked,
  speakerIs,
} from "../../state-slots.js";
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
 * `KIND_AS_MEANT`: a statement's noun fills the asked slot as a kind only when it is a kind of an
 * asked noun in that noun's dominant senses (WordNet's `ASKED_NOUN_AS_MEANT`: "What strings does my
 * precision have on it?" asks strings, cords — a fiddle is a bowed stringed instrument, "string" in
 * its second sense; "What heats our water?" — a river is a body of water; "What's my afternoon
 * drink?" — coffee is a beverage, "drink" in its third sense, 3 of its 27 counted uses), and only as
 * its phrase's head (`MODIFIER_NAMES_NO_KIND`). Still "jazz" for "What music am I into?",
 * "sertraline" for "Which antidepressant am I taking?", "mom" for "when does my mother get to
 * nashville".
 */
export const KIND_AS_MEANT = "kind-as-meant";

/**
 * `MODIFIER_NAMES_NO_KIND`: a noun that modifies the noun after it names what its phrase is of, not
 * a thing of its own — "the fiddle player" is a player, not a fiddle; "every rest day" a day, not a
 * rest (no "part" of anything); "the team captain" a captain, so it says nothing of "where does my
 * team play at home". So a statement's modifier fills no kind of an asked noun, and fills an asked
 * word by the word itself only when the question too says it as a modifier ("the Friday place"
 * still fills "where do we get our friday chinese from", whose "friday" modifies "chinese").
 */
export const MODIFIER_NAMES_NO_KIND = "modifier-names-no-kind";

/**
 * The slot of a statement that fills the asked slot as a kind of an asked noun or in the
 * question's own word, read as meant (`KIND_AS_MEANT`, `MODIFIER_NAMES_NO_KIND`): `kinds` are the
 * asked nouns' kinds in their dominant senses. The central one first, as `fillsAskedSlot`.
 */
export function fillsAsKind(
  statement: string,
  asked: AskedSlot,
  kinds: ReadonlySet<string>,
  lexicon: Lexicon,
): Slot | null {
  const modifies = (s: Slot) => s.compound.at(-1) !== s.attribute;
  const filled = slotsFillingAsked(statement, asked, lexicon).filter((s) =>
    asked.attributes.has(s.attribute)
      ? !(modifies(s) && asked.heads.has(s.attribute))
      : !modifies(s) && s.noun !== null && kinds.has(s.noun),
  );
  return filled.find((s) => s.central) ?? filled[0] ?? null;
}

/**
 * A current-state question is answered by the newest statement of its slot even when that
 * statement names only a kind of what the question asks ("What music am I into?": "I'm not into
 * jazz these days, I mostly listen to synthwave" — jazz is a kind of music in the lexicon).
 * When the question asks a person's state (`askedSlot`) and the lexicon knows kinds of its nouns,
 * active facts naming one of those kinds (single words, the nearest first; kinds of the noun as
 * meant, its dominant senses) are searched; of those that fill the asked slot through the lexicon
 * (`fillsAsKind`: one of those kinds, or the question's own word, as its phrase's head, whose the
 * question asks — `KIND_AS_MEANT`, `MODIFIER_NAMES_NO_KIND`) and say a state that holds now or
 * changed (`saysChangedState`),
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
    .flatMap((n) => lexicon.nounKinds(n, "dominant"))
    .filter((w) => !/[\s-]/.test(w));
  // The people who practise a kind ("vegetarianism" → "vegetarian", "vegan"): a speaker who says
  // they are one fills the slot ("What diet do I follow?": "I've gone fully vegan").
  const practitioners = new Set(kinds.flatMap((k) => practitionersOf(k, lexicon)));
  const kindWords = new Set(kinds);
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
    const slot = fillsAsKind(b.text, asked, kindWords, lexicon);
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
