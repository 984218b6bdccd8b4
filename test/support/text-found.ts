/**
 * What a store's full-text search finds for a question's terms (`queryTerms`), as sorted texts: for
 * tests of what the index reads as the same word (marks-folded, hyphen-joined), on SQLite cold and
 * warm and on PostgreSQL.
 *
 *   const { cold, warm } = await foundColdAndWarm(path, "who is Nguyen"); // SQLite file
 *   const texts = await beliefTextsFound(store, "H-E-B");                  // any store
 */
import { queryTerms } from "../../src/core/text.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";

const ACTIVE = { namespaces: ["default"], statuses: ["active" as const] };

/** The store calls these reads make: a belief search and the belief's text. */
interface BeliefTextReader {
  searchBeliefText: SqliteStore["searchBeliefText"];
  getBelief(id: string, namespace: string): Promise<{ text: string } | null | undefined>;
}

/** The sorted texts of the active beliefs the store's full-text search finds for the question. */
export async function beliefTextsFound(store: BeliefTextReader, question: string): Promise<string[]> {
  const hits = await store.searchBeliefText(queryTerms(question), ACTIVE, 10);
  return (
    await Promise.all(hits.map(async (h) => (await store.getBelief(h.id, "default"))?.text ?? ""))
  ).sort();
}

/**
 * The texts of a belief search and an episode search on the SQLite file at `path`, cold (FTS5) then
 * warm (the built in-process index), each sorted.
 */
export async function foundColdAndWarm(
  path: string,
  question: string,
): Promise<{ cold: string[]; warm: string[] }> {
  const read = async (store: SqliteStore) => {
    const episodes = await store.searchEpisodeText(queryTerms(question), ACTIVE, 10);
    const texts = await Promise.all(
      episodes.map(async (h) => (await store.getEpisode(h.id, "default"))?.content ?? ""),
    );
    return [...(await beliefTextsFound(store, question)), ...texts].sort();
  };
  const cold = SqliteStore.open({ path });
  const warm = SqliteStore.open({ path, coldStart: false });
  try {
    return { cold: await read(cold), warm: await read(warm) };
  } finally {
    await cold.close();
    await warm.close();
  }
}
