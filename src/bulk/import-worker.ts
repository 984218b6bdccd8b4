/**
 * The worker thread of src/bulk/worker-preparer.ts: prepares a known-clean import's chunks with
 * the hashed embedder (`prepareImport`, the same function the writing thread would run) and hands
 * each chunk's vectors back as one transferred buffer. A text whose stored statement is the text
 * itself comes back as null, so only changed statements are copied.
 */
import { parentPort, workerData } from "node:worker_threads";
import { prepareImport } from "../core/import-prep.js";
import { embedText } from "../embed/hashed-embedder.js";

/** A chunk to prepare, as the writing thread posts it. */
export interface ImportJob {
  id: number;
  texts: string[];
  contentKey: string;
}

/** A prepared chunk: `vectors` holds each text's `dimension` floats one after another. */
export type ImportJobResult =
  | { id: number; vectors: Float32Array; cores: (string | null)[]; contentHashes: string[] }
  | { id: number; error: string };

const { dimension } = workerData as { dimension: number };
const port = parentPort!;

port.on("message", async (job: ImportJob) => {
  try {
    const p = await prepareImport(
      (texts) => texts.map((t) => embedText(t, dimension)),
      job.texts,
      job.contentKey,
    );
    const vectors = new Float32Array(job.texts.length * dimension);
    p.vectors.forEach((v, i) => {
      vectors.set(v, i * dimension);
    });
    const cores = p.cores.map((c, i) => (c === job.texts[i] ? null : c));
    const result: ImportJobResult = { id: job.id, vectors, cores, contentHashes: p.contentHashes };
    port.postMessage(result, [vectors.buffer]);
  } catch (error) {
    port.postMessage({ id: job.id, error: String(error) } satisfies ImportJobResult);
  }
});
