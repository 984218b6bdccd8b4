/**
 * The checks a lift makes of a pair — an older statement and the newer it would rank above it —
 * in one place: who said each (`actorsOf`, `speakersOf`), whether the judge
 * reads the newer as the older again (`restates`), whether an agent's or a model's verdict settled
 * the pair as two things (`settledApart`), and the three together for a newer found by a link
 * (`judgedSuccessor`), and the link by a rare name of a given pair (`changedByName`). The lifts
 * differ in which they ask, not in how each is read.
 */

import { retiredValue, valuesOf } from "../../judge/retired-values.js";
import { loadTagger } from "../../judge/tagger.js";
import type { Belief, Episode, RecallHit } from "../../model.js";
import { namedValues } from "../../named-values.js";
import type { BeliefFilter, Judge, JudgedPair, NamespaceScope, StoreReader } from "../../ports.js";
import { announcesReplacement } from "../../sleep/chat-turns.js";
import { queryTerms } from "../../text.js";

/**
 * Who said each record: an episode's actor, a belief's first source's (null when unknown: no source,
 * or one the store no longer holds). The sources `records` lacks are read in one batch and added to
 * it, so a lift that asks about many records costs one read, not one per record.
 *
 *   const [olderActor, newerActor] = await actorsOf(store, records, [older, newer]);
 */
export async function actorsOf(
  store: StoreReader,
  records: Map<string, Belief | Episode>,
  of: readonly (Belief | Episode | undefined)[],
): Promise<(string | null)[]> {
  const sourceOf = (r: Belief | Episode | undefined) => (r && "kind" in r ? r.sources[0] : undefined);
  const unread = [
    ...new Set(
      of.flatMap((r) => {
        const id = sourceOf(r);
        return id !== undefined && !records.has(id) ? [id] : [];
      }),
    ),
  ];
  // A belief's sources are turns of its own namespace.
  const namespaces = [...new Set(of.flatMap((r) => (r ? [r.namespace] : [])))];
  if (unread.length > 0) for (const e of await store.getEpisodes(unread, namespaces)) records.set(e.id, e);
  return of.map((r) => {
    if (!r) return null;
    if (!("kind" in r)) return r.actor;
    const id = sourceOf(r);
    const e = id !== undefined ? records.get(id) : undefined;
    return e && !("kind" in e) ? e.actor : null;
  });
}

/**
 * Who said the pair: "same" when both speakers are known and they are one, "another" when both are
 * known and they differ, null when either is unknown. A link that reads another's statement as no
 * evidence at all asks "same" (`sameThingFound`); one that only keeps a reply's words from counting
 * as the user's ("try 7:30pm") skips "another" (`namedTurnSuccessors`, `changedValueFirst`).
 *
 *   await speakersOf(store, records, older, reply) // → "another"
 */
export async function speakersOf(
  store: StoreReader,
  records: Map<string, Belief | Episode>,
  older: Belief | Episode | undefined,
  newer: Belief | Episode | undefined,
): Promise<"same" | "another" | null> {
  const [olderActor, newerActor] = await actorsOf(store, records, [older, newer]);
  if (olderActor === null || newerActor === null) return null;
  return olderActor === newerActor ? "same" : "another";
}

/** A statement as the judge compares it: its id, its text, when it was said and its kind. */
export interface Said {
  id: string;
  text: string;
  at: string;
  kind: string;
  /** Its row's namespace: the scope its stored verdicts are read in. */
  namespace: string;
}

/** A ranked item, a belief or a turn as the judge compares it (`Said`). */
export function saidOf(item: RecallHit | Belief | Episode): Said {
  const namespace = item.namespace;
  if ("content" in item) return { id: item.id, text: item.content, at: item.at, kind: item.type, namespace };
  if ("validFrom" in item)
    return { id: item.id, text: item.text, at: item.validFrom, kind: item.kind, namespace };
  return { id: item.id, text: item.text, at: item.at, kind: item.kind, namespace };
}

/** The judge's verdict on the pair, older first. */
const verdictOn = (judge: Judge, older: Said, newer: Said) =>
  judge.compare(
    { text: older.text, at: older.at, kind: older.kind },
    { text: newer.text, at: newer.at, kind: newer.kind },
  );

/**
 * True when the judge reads the newer as the older said again (`duplicate`): no successor.
 *
 *   await restates(judge, older, newer)
 */
export async function restates(judge: Judge, older: Said, newer: Said): Promise<boolean> {
  return (await verdictOn(judge, older, newer)).relation === "duplicate";
}

/** A verdict of an agent or a model (not the lexical judge's) that the pair are two things or one refines the other. */
export const settlesApart = (p: JudgedPair): boolean =>
  p.judge !== "lexical" && (p.relation === "distinct" || p.relation === "refines");

/**
 * True when a stored verdict settled the pair apart (`settlesApart`): the older keeps its rank.
 *
 *   await settledApart(store, older.id, newer.id, older.namespace)
 */
export async function settledApart(
  store: StoreReader,
  older: string,
  newer: string,
  namespace: NamespaceScope,
): Promise<boolean> {
  return (await settledApartEach(store, [{ a: older, b: newer }], namespace))[0]!;
}

/**
 * For each pair (`a` the older, `b` the newer), whether a stored verdict settled it apart, as
 * `settledApart` reads one pair — all read in one store call (on PostgreSQL one round trip, not
 * one per pair).
 *
 *   await settledApartEach(store, [{ a: "b1", b: "b4" }, { a: "b2", b: "b4" }], "default") // [false, true]
 */
export async function settledApartEach(
  store: StoreReader,
  pairs: readonly { a: string; b: string }[],
  namespace: NamespaceScope,
): Promise<boolean[]> {
  if (pairs.length === 0) return [];
  const key = (p: { a: string; b: string }) => `${p.a}\u0000${p.b}`;
  const apart = new Set((await store.judgedPairs(pairs, namespace)).filter(settlesApart).map(key));
  return pairs.map((p) => apart.has(key(p)));
}

/**
 * Whether the judge lets a newer statement found by a link stand as the older's successor: not a
 * duplicate; read as another entity only when the link itself reads the change (`changeRead`: the
 * asked slot reads it, or the value changed on the same thing) or, where `byName` allows, the newer
 * ends the older's value by name ("We keep all our code on Bitbucket" / "we migrated every repo
 * from Bitbucket to GitLab": `retiredValue`) — the judge reads two values' names (Claritin /
 * Zyrtec) as two things, which is what a change of the asked value is; and no agent's or model's
 * verdict settled the pair as distinct or as a refinement (`settledApart`). One test for the links
 * by a name, a frame or a time (`missed-successors.ts`), by a rare name to a turn no belief speaks
 * for (`named-turns.ts`) and by a rare noun of the same thing (`same-thing.ts`).
 *
 *   await judgedSuccessor(judge, store, older, newer, { changeRead: false, byName: true })
 */
export async function judgedSuccessor(
  judge: Judge,
  store: StoreReader,
  older: Said,
  newer: Said,
  how: { changeRead: boolean; byName: boolean },
): Promise<boolean> {
  const v = await verdictOn(judge, older, newer);
  if (v.relation === "duplicate") return false;
  if (
    !how.changeRead &&
    v.reason.startsWith("different-entity") &&
    !(how.byName && (await loadTagger().then(() => retiredValue(newer.text, valuesOf(older.text)) !== null)))
  )
    return false;
  return !(await settledApart(store, older.id, newer.id, [older.namespace, newer.namespace]));
}

/** A name in more active facts than this links nothing: a name said everywhere (a participant's) is no value of one statement. */
export const NAMED_RARE = 3;

/**
 * True when a statement names a name (`namedValues`) other than the older's own (`own`, lower-case):
 * a value of its own ("Cannondale" beside "Trek").
 *
 *   namesValueOfItsOwn(new Set(["agnieszka"]), "Agnieszka retired, so her cousin Beata comes now.") // → true
 */
export const namesValueOfItsOwn = (own: ReadonlySet<string>, text: string): boolean =>
  namedValues(text).some((w) => !own.has(w.toLowerCase()));

/**
 * The rare name by which a newer statement says a change of the older's value, or null: the newer
 * names a name the older states (`namedValues`), said in at most `NAMED_RARE` active facts of the
 * filter, in a change that ends what held before (`announcesReplacement`), with a name of its own
 * (`namesValueOfItsOwn`) — the link by a name of `missedSuccessors`, read of a pair already found
 * ("Our cleaner Agnieszka comes every other week" / "Agnieszka retired, so her cousin Beata comes
 * now, same days" → "agnieszka"; "Our cleaner Agnieszka comes every other week" / "Agnieszka brought
 * her daughter along today" → null: no change that ends anything).
 *
 *   await changedByName(store, activeFactsOf(req), older.text, newer.text) // → "agnieszka"
 */
export async function changedByName(
  store: StoreReader,
  filter: BeliefFilter,
  older: string,
  newer: string,
): Promise<string | null> {
  const own = new Set(namedValues(older).map((w) => w.toLowerCase()));
  if (own.size === 0 || !announcesReplacement(newer) || !namesValueOfItsOwn(own, newer)) return null;
  const said = new Set(namedValues(newer).map((w) => w.toLowerCase()));
  for (const name of own) {
    if (!said.has(name)) continue;
    if ((await store.countBeliefText(queryTerms(name), filter, NAMED_RARE + 1)) <= NAMED_RARE) return name;
  }
  return null;
}
