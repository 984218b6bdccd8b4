/**
 * A mixed list of record ids read in one round, within a namespace: beliefs by their "b" ids,
 * episodes by their "e" ids. Ids of the other namespace, unknown ids and ids of another shape read
 * as missing.
 */
import type { Belief, Episode } from "./model.js";
import type { NamespaceScope, StoreReader } from "./ports.js";

export async function itemsByIds(
  store: StoreReader,
  ids: readonly string[],
  namespace: NamespaceScope,
): Promise<{ beliefs: Belief[]; episodes: Episode[] }> {
  const [beliefs, episodes] = await Promise.all([
    store.getBeliefs(
      ids.filter((id) => id.startsWith("b")),
      namespace,
    ),
    store.getEpisodes(
      ids.filter((id) => id.startsWith("e")),
      namespace,
    ),
  ]);
  return { beliefs, episodes };
}
