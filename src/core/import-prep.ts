/**
 * What a known-clean import computes from each text before writing it (`PreparedImport`): the
 * vector, the statement it is stored as (the text without citations or an echo prefix) and that
 * statement's content hash. It depends on the texts, the embedder and the store's secret alone,
 * so it can run anywhere: here, in the writing thread (the default), or in a worker thread while
 * the previous chunk is written (src/bulk/worker-preparer.ts), with the same answer.
 *
 *   const [first] = inThreadPreparer(embedder).prepare(texts, store.contentKey(), 1024);
 *   const { vectors, cores, contentHashes } = await first;
 */
import type { Embedder, ImportPreparer, PreparedImport } from "./ports.js";
import { hmacSha256 } from "./sha256.js";
import { analyseEcho } from "./text.js";

/** Texts an import prepares (and writes) at a time. */
export const IMPORT_CHUNK = 1024;

/** Each text's vector, stored statement and content hash: the definition every preparer follows. */
export async function prepareImport(
  embed: (texts: readonly string[]) => Promise<Float32Array[]> | Float32Array[],
  texts: readonly string[],
  contentKey: string,
): Promise<PreparedImport> {
  const vectors = await embed(texts);
  const cores = texts.map((t) => analyseEcho(t).core);
  return { vectors, cores, contentHashes: cores.map((c) => hmacSha256(contentKey, c)) };
}

/** `texts` as `[start, end)` ranges of at most `chunk`. */
export function chunkRanges(length: number, chunk: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < length; start += chunk) out.push([start, Math.min(length, start + chunk)]);
  return out;
}

/**
 * Prepares every chunk in the calling thread, with the engine's embedder: one embedding call for
 * all the texts (a remote embedder gets one request per batch, as the gated path makes).
 */
export function inThreadPreparer(embedder: Embedder): ImportPreparer {
  return {
    prepare: (texts, contentKey, chunk) => {
      const vectors = embedder.embed(texts);
      return chunkRanges(texts.length, chunk).map(([start, end]) =>
        vectors.then((all) =>
          prepareImport(() => all.slice(start, end), texts.slice(start, end), contentKey),
        ),
      );
    },
    close: async () => {},
  };
}
