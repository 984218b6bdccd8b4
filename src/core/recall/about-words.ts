/**
 * What a statement is about, for the lifts' word tests: a belief sleep took out of a longer turn
 * ("Went with Esure this year." out of "…Do I need to tell the old insurer or does it just
 * lapse?") says only its part, and the words the turn gives it — the thing its question asks about
 * — are in the turn. Recall already ranks the part by its turn's match; the lifts decide whether a
 * newer statement names the asked thing, and read it here, in one place, rather than each
 * re-reading its text.
 */
import type { Belief, Episode, RecallHit } from "../model.js";
import type { StoreReader } from "../ports.js";
import { sentencesOf } from "../sleep/chat-turns.js";
import { contentTokens, isQuestion, referentsIn, withReferents } from "../text.js";

/** Which rule lent a turn's sentences to a part of it (`lentByTurn`). */
export type LendingRule = "only-asks-beside" | "asks-of-its-thing";

/** The sentences of its turn a part is read with, and the rule that lent them. */
export interface Lent {
  sentences: string[];
  rule: LendingRule | null;
}

const NONE: Lent = Object.freeze({ sentences: [], rule: null }) as Lent;

/**
 * The sentences of `turn` a statement taken out of it (`part`) is read with, by two named rules;
 * a sentence that says something (no question) is never lent — it is another statement of the
 * turn, with a subject of its own ("I moved to Leeds. My sister still lives in York.": no "York"
 * for the Leeds statement).
 *
 * - `ONLY_ASKS_BESIDE`: every sentence of the turn the part does not say is a question — the turn
 *   says one thing and asks about it, so what it asks is about the part ("Went with Esure this
 *   year. Do I need to tell the old insurer or does it just lapse?"). Every question is lent.
 * - `ASKS_OF_ITS_THING`: the turn says other things too; a question is lent when it names a
 *   content word the part says and no other statement of the turn says ("I moved to Leeds. My
 *   sister still lives in York. Is Leeds expensive to rent in?" lends its question to the Leeds
 *   statement, not to the York one; a question naming a word both statements say is lent to
 *   neither).
 *
 * A part that is the whole turn lends nothing (it says it all already).
 *
 *   lentByTurn("Went with Esure this year.", "Went with Esure this year. Do I need to tell the old insurer?")
 *   // → { sentences: ["Do I need to tell the old insurer?"], rule: "only-asks-beside" }
 *   lentByTurn("I moved to Leeds.", "I moved to Leeds. My sister still lives in York.")
 *   // → { sentences: [], rule: null }
 */
export function lentByTurn(part: string, turn: string): Lent {
  const said = new Set(contentTokens(part));
  const others = sentencesOf(turn).filter((s) => !contentTokens(s).every((t) => said.has(t)));
  if (others.length === 0) return { sentences: [], rule: null };
  if (others.every((s) => isQuestion(s))) return { sentences: others, rule: "only-asks-beside" };
  const stated = new Set(others.filter((s) => !isQuestion(s)).flatMap((s) => contentTokens(s)));
  const own = new Set([...said].filter((t) => !stated.has(t) && !/^\d/.test(t)));
  const sentences = others.filter((s) => isQuestion(s) && contentTokens(s).some((t) => own.has(t)));
  return sentences.length > 0 ? { sentences, rule: "asks-of-its-thing" } : { sentences: [], rule: null };
}

/** What a statement is about: its words for the lifts' tests, and whether its whole turn is about it. */
export interface About {
  /**
   * The statement's text read with its pronouns resolved and its neighbour topics
   * (`withReferents`, recorded at sleep), then the sentences its turn lends it (`lentByTurn`).
   * For a word test only: a judge, a value or a slot reader reads the statement's own text.
   */
  text: string;
  /**
   * True when the statement's whole turn (and so the reply to it) is about it: the statement is the
   * turn, a turn left as itself, or a part lent by `ONLY_ASKS_BESIDE`.
   */
  wholeTurn: boolean;
  /** The sentences its turn lends it (`lentByTurn`), and by which rule; none for a whole turn. */
  lent: Lent;
  /** The turn's id when the statement is a belief read from a turn (its first source). */
  turn?: string;
}

/**
 * What a recall's statements are about (`About`), read once a statement: the source turns the
 * records lack are read in one batch per `read` call, not one per statement.
 *
 *   const about = aboutWords(store, records);
 *   await about.read(scored.slice(0, 12));
 *   about.of(newer).text // → "Went with Esure this year. Do I need to tell the old insurer?"
 */
export interface AboutWords {
  /** Reads the turns `hits` come from that the records lack (one store read), and what each is about. */
  read(hits: readonly RecallHit[]): Promise<void>;
  /** What a hit is about; a hit `read` has not seen is read as its own text. */
  of(hit: RecallHit): About;
}

export function aboutWords(store: StoreReader, records: Map<string, Belief | Episode>): AboutWords {
  const known = new Map<string, About>();
  const sourceOf = (r: Belief | Episode | undefined) => (r && "kind" in r ? r.sources[0] : undefined);
  return {
    async read(hits) {
      const unread = [
        ...new Set(
          hits.flatMap((h) => {
            if (known.has(h.id)) return [];
            const id = sourceOf(records.get(h.id));
            return id !== undefined && !records.has(id) ? [id] : [];
          }),
        ),
      ];
      // A belief's sources are turns of its own namespace.
      const namespaces = [...new Set(hits.map((h) => h.namespace))];
      if (unread.length > 0)
        for (const e of await store.getEpisodes(unread, namespaces)) records.set(e.id, e);
      for (const h of hits)
        if (!known.has(h.id)) known.set(h.id, aboutRecord(h.text, records.get(h.id), records));
    },
    of(hit) {
      return known.get(hit.id) ?? { text: hit.text, wholeTurn: hit.layer === "episode", lent: NONE };
    },
  };
}

/** `About` for one record (its text `text`), its source turn read from `records` when it is there. */
export function aboutRecord(
  text: string,
  record: Belief | Episode | undefined,
  records: ReadonlyMap<string, Belief | Episode>,
): About {
  if (!record || !("kind" in record)) return { text, wholeTurn: record !== undefined, lent: NONE };
  const read = withReferents(text, referentsIn(record.metadata));
  // Its first source, as the lifts read a belief's speaker (`actorsOf`): a merged belief's turns say one thing.
  const turn = record.sources[0] !== undefined ? records.get(record.sources[0]) : undefined;
  if (!turn || "kind" in turn) return { text: read, wholeTurn: false, lent: NONE };
  if (turn.content.trim() === text.trim()) return { text: read, wholeTurn: true, lent: NONE, turn: turn.id };
  const lent = lentByTurn(text, turn.content);
  return {
    text: lent.sentences.length > 0 ? `${read} ${lent.sentences.join(" ")}` : read,
    wholeTurn: lent.rule === "only-asks-beside",
    lent,
    turn: turn.id,
  };
}
