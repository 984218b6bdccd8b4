/**
 * A known-clean import's texts prepared in a worker thread (`ImportPreparer`): while the writing
 * thread stores one chunk (SQLite's statements, the audit chain), the worker embeds and hashes
 * the next, so a bulk build uses a second core. The worker runs `prepareImport` with the hashed
 * embedder, the very function the writing thread would run, so the store comes out the same
 * either way (test/contract/import-worker.contract.test.ts compares two stores row by row).
 *
 * The first chunk of a batch is prepared in the writing thread (it has nothing to write yet)
 * while the worker starts on the second. The worker starts on the first batch of two chunks or
 * more, is never what keeps a process alive, and stops on `close()`. Wherever it cannot run (an
 * embedder it cannot rebuild, no worker threads, its file missing, a crash), the texts are
 * prepared in the writing thread with the same answer.
 *
 *   const mem = await openMemory({ path, importWorker: true }); // the default
 *   await mem.rememberMany(cleanFacts, { gate: "off" });
 */
import { Worker } from "node:worker_threads";
import { chunkRanges, inThreadPreparer, prepareImport } from "../core/import-prep.js";
import type { Embedder, ImportPreparer, PreparedImport } from "../core/ports.js";
import { moduleWorker } from "../threads/module-worker.js";
import type { ImportJob, ImportJobResult } from "./import-worker.js";

/** The hashed embedder's id for `dimension`: the one embedder a worker can rebuild by itself. */
const hashedId = (dimension: number) => `hashed-ngram-v1/${dimension}`;

interface Pending {
  texts: string[];
  contentKey: string;
  resolve: (p: PreparedImport) => void;
  reject: (error: unknown) => void;
}

/** How to start the worker: `entry` if given, else import-worker beside this module (`moduleWorker`). */
function startWorker(dimension: number, entry: URL | undefined): Worker | null {
  const workerData = { dimension };
  if (entry) return new Worker(entry, { workerData });
  return moduleWorker("import-worker", import.meta.url, workerData);
}

export interface WorkerPreparerOptions {
  /** Prepare in a worker thread at all. Default true. */
  enabled?: boolean;
  /** The worker's module. Default: import-worker.js (or .ts, from the sources) beside this file. */
  entry?: URL;
}

/** An `ImportPreparer`, and how many chunks its worker thread prepared. */
export interface WorkerPreparer extends ImportPreparer {
  /** Chunks the worker thread prepared so far (0 when every chunk was prepared in the calling thread). */
  readonly chunksInWorker: number;
}

/**
 * An `ImportPreparer` that prepares in a worker thread when `embedder` is the hashed embedder,
 * and in the calling thread otherwise (or when disabled).
 */
export function createWorkerPreparer(
  embedder: Embedder,
  options: WorkerPreparerOptions = {},
): WorkerPreparer {
  const inThread = inThreadPreparer(embedder);
  if (options.enabled === false || embedder.id !== hashedId(embedder.dimension))
    return { ...inThread, chunksInWorker: 0 };
  const dimension = embedder.dimension;
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 0;
  let chunksInWorker = 0;
  const pending = new Map<number, Pending>();
  /** The same answer, computed here: for a job the worker cannot finish. */
  const here = (job: Pending) =>
    prepareImport((t) => embedder.embed(t), job.texts, job.contentKey).then(job.resolve, job.reject);

  const fail = () => {
    broken = true;
    worker = null;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) void here(job);
  };

  const started = (): Worker | null => {
    if (worker || broken) return worker;
    try {
      worker = startWorker(dimension, options.entry);
    } catch {
      worker = null;
    }
    if (!worker) {
      broken = true;
      return null;
    }
    const w = worker;
    w.unref();
    w.on("message", (r: ImportJobResult) => {
      const job = pending.get(r.id);
      if (!job) return;
      pending.delete(r.id);
      if (pending.size === 0) w.unref();
      if ("error" in r) {
        void here(job);
        return;
      }
      chunksInWorker++;
      job.resolve({
        vectors: job.texts.map((_, i) => r.vectors.subarray(i * dimension, (i + 1) * dimension)),
        cores: r.cores.map((c, i) => c ?? job.texts[i]!),
        contentHashes: r.contentHashes,
      });
    });
    w.on("error", fail);
    w.on("exit", () => {
      if (pending.size > 0) fail();
      else if (worker === w) worker = null;
    });
    return w;
  };

  return {
    get chunksInWorker() {
      return chunksInWorker;
    },
    prepare(texts, contentKey, chunk) {
      const ranges = chunkRanges(texts.length, chunk);
      const w = ranges.length > 1 ? started() : null;
      if (!w) return inThread.prepare(texts, contentKey, chunk);
      // The worker gets chunks 1… first; chunk 0 is prepared here meanwhile.
      const later = ranges.slice(1).map(
        ([start, end]) =>
          new Promise<PreparedImport>((resolve, reject) => {
            const id = nextId++;
            const job: ImportJob = { id, texts: texts.slice(start, end), contentKey };
            if (pending.size === 0) w.ref();
            pending.set(id, { texts: job.texts, contentKey, resolve, reject });
            w.postMessage(job);
          }),
      );
      const [start, end] = ranges[0]!;
      return [prepareImport((t) => embedder.embed(t), texts.slice(start, end), contentKey), ...later];
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) {
        w.removeAllListeners("exit");
        w.removeAllListeners("error");
        await w.terminate();
      }
      // Nothing waits on a closed memory's import, but every promise still settles.
      const jobs = [...pending.values()];
      pending.clear();
      for (const job of jobs) await here(job);
    },
  };
}
