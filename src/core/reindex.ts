/**
 * Reindex: re-embed every episode and belief (every namespace, every status but forgotten)
 * with the configured embedder, then drop vectors any other embedder made. What a user runs
 * after switching embedders (`strata reindex`, `mem.reindex()`); until then the embedder
 * guard refuses to compare the old vectors with new ones.
 *
 *   const report = await reindex(store, embedder, { onProgress: (done, total) => … });
 *   // → { embedder: "http:nomic-embed-text/768", episodes: 120, beliefs: 48, removed: 168, … }
 */
import { recheckEmbedders, unguarded } from "./embedder-guard.js";
import type { Belief, Episode } from "./model.js";
import type { DumpPage, Embedder, Store, VectorGroup } from "./ports.js";

export interface ReindexOptions {
  /** Items read, embedded and written per step (one transaction each). Default 256. */
  batchSize?: number;
  /** Called after every step with items done and items in all. */
  onProgress?: (done: number, total: number) => void;
}

export interface ReindexReport {
  embedder: string;
  dimension: number;
  /** Items re-embedded. */
  episodes: number;
  beliefs: number;
  /** Vectors of other embedders (or of forgotten items) deleted at the end. */
  removed: number;
  before: VectorGroup[];
  after: VectorGroup[];
  ms: number;
}

export async function reindex(
  guarded: Store,
  embedder: Embedder,
  options: ReindexOptions = {},
): Promise<ReindexReport> {
  const started = globalThis.performance.now();
  const store = unguarded(guarded);
  const batchSize = Math.max(1, options.batchSize ?? 256);
  const before = await store.vectorEmbedders();
  const counts = await store.dumpCounts();
  const total = counts.episodes + counts.beliefs;
  let done = 0;
  const embedded = { episodes: 0, beliefs: 0 };
  options.onProgress?.(0, total);

  const layer = async (section: "episodes" | "beliefs", text: (item: Episode & Belief) => string) => {
    let cursor: string | null = null;
    do {
      const page: DumpPage<typeof section> = await store.dump(section, { cursor, limit: batchSize });
      const items = (page.rows as (Episode & Belief)[]).filter((item) => item.status !== "forgotten");
      if (items.length > 0) {
        const texts = items.map(text);
        const vectors = await embedder.embed(texts);
        embedded[section] += await store.transaction(async (tx) => {
          // Read again under the write lock: a forget that committed while the page was embedded
          // (a model embedder takes seconds) erased the item and deleted its vector, or reworded a
          // belief that quoted it. Writing the vector of the text as it was read would put the
          // erased words back into the store, under this embedder's id, which the sweep of stale
          // vectors below keeps (attacks40). Such an item is left for the next reindex.
          const ids = items.map((item) => item.id);
          const now = new Map<string, Episode | Belief>(
            (section === "episodes"
              ? await tx.getEpisodesAnyNamespace(ids)
              : await tx.getBeliefsAnyNamespace(ids)
            ).map((x) => [x.id, x]),
          );
          // Counted once the page commits: what a rolled-back transaction wrote is not embedded.
          let written = 0;
          for (let i = 0; i < items.length; i++) {
            const current = now.get(items[i]!.id) as (Episode & Belief) | undefined;
            if (!current || current.status === "forgotten" || text(current) !== texts[i]) continue;
            await tx.putVector(items[i]!.id, items[i]!.namespace, embedder.id, vectors[i]!);
            written++;
          }
          return written;
        });
      }
      done += page.rows.length;
      options.onProgress?.(done, Math.max(total, done));
      cursor = page.cursor;
    } while (cursor !== null);
  };
  await layer("episodes", (e) => e.content);
  await layer("beliefs", (b) => b.text);

  // Whatever still carries another embedder's id (items forgotten meanwhile, strays) goes.
  const stale: string[] = [];
  let cursor: string | null = null;
  do {
    const page: DumpPage<"vectors"> = await store.dump("vectors", { cursor, limit: 2000 });
    for (const v of page.rows)
      if (v.embedder !== embedder.id || v.vector.length !== embedder.dimension) stale.push(v.id);
    cursor = page.cursor;
  } while (cursor !== null);
  for (let i = 0; i < stale.length; i += 500)
    await store.transaction(async (tx) => {
      for (const id of stale.slice(i, i + 500)) await tx.deleteVector(id);
    });

  recheckEmbedders(guarded);
  return {
    embedder: embedder.id,
    dimension: embedder.dimension,
    episodes: embedded.episodes,
    beliefs: embedded.beliefs,
    removed: stale.length,
    before,
    after: await store.vectorEmbedders(),
    ms: Math.round(globalThis.performance.now() - started),
  };
}
