/**
 * Id resolution within a namespace: the one place an id becomes an item. Ids are store-wide
 * counters (`b7`, `e12`), so every verb that takes one must also say which namespace it acts
 * in, and an item of another namespace must look exactly like an item that does not exist: the
 * same NOT_FOUND code and the same message, and the same cost (the store never reads it), so a
 * caller learns nothing about other namespaces.
 *
 *   const b = await beliefIn(tx, "b7", "team-a"); // NOT_FOUND if b7 is missing or in another namespace
 */
import { notFound } from "./errors.js";
import type { Belief, Episode } from "./model.js";
import type { StoreReader } from "./ports.js";

export type ScopedItem = ({ layer: "belief" } & Belief) | ({ layer: "episode" } & Episode);

/** The belief `id` of `namespace`, or NOT_FOUND (also when it belongs to another namespace). */
export async function beliefIn(reader: StoreReader, id: string, namespace: string): Promise<Belief> {
  // The store filters by namespace: a foreign row is never read, so it costs what a missing one does.
  const b = await reader.getBelief(id, namespace);
  if (!b || b.namespace !== namespace) throw notFound("belief", id);
  return b;
}

/** The episode `id` of `namespace`, or NOT_FOUND (also when it belongs to another namespace). */
export async function episodeIn(reader: StoreReader, id: string, namespace: string): Promise<Episode> {
  const e = await reader.getEpisode(id, namespace);
  if (!e || e.namespace !== namespace) throw notFound("episode", id);
  return e;
}

/** A belief (b…) or an episode (e…) of `namespace`, or NOT_FOUND. */
export async function itemIn(reader: StoreReader, id: string, namespace: string): Promise<ScopedItem> {
  if (id.startsWith("b")) return { layer: "belief", ...(await beliefIn(reader, id, namespace)) };
  return { layer: "episode", ...(await episodeIn(reader, id, namespace)) };
}

/** The beliefs among `ids` that belong to `namespace` (others are left out, as if missing). */
export async function beliefsIn(
  reader: StoreReader,
  ids: readonly string[],
  namespace: string,
): Promise<Belief[]> {
  // The store filters by namespace (a foreign row is never read); the check stays for any store that does not.
  return (await reader.getBeliefs(ids, namespace)).filter((b) => b.namespace === namespace);
}

/** The episodes among `ids` that belong to `namespace` (others are left out, as if missing). */
export async function episodesIn(
  reader: StoreReader,
  ids: readonly string[],
  namespace: string,
): Promise<Episode[]> {
  return (await reader.getEpisodes(ids, namespace)).filter((e) => e.namespace === namespace);
}
