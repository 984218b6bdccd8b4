/**
 * The SQLite store's in-process vector index built off the request path: a worker thread
 * (index-build-worker.ts) reads a snapshot of the file on its own read-only connection and builds
 * the index with the store's own code, while the store keeps serving searches cold from the
 * tables; the index comes back with its arrays transferred, not copied, for the store to install
 * and bring up to date (sqlite-store.ts, `warmIndexes({ background: true })`).
 *
 *   const build = buildIndexInBackground({ path, busyTimeoutMs: 10_000, precision: "int8", search: "auto" });
 *   const result = await build.result; // { state, ms } or { error }
 *   await build.stop();                // terminates a build still running; nothing is installed
 */
import { Worker } from "node:worker_threads";
import { moduleWorker } from "../../threads/module-worker.js";
import type { VectorIndexState, VectorSearchMode } from "../vector-index.js";

/** What the worker is asked to build, from which file. */
export interface IndexBuildJob {
  path: string;
  busyTimeoutMs: number;
  precision: "int8" | "float32";
  search: VectorSearchMode;
}

/** The worker's answer: the index and how long the build took (wall ms), or why it failed. */
export type IndexBuildMessage = { state: VectorIndexState; ms: number } | { error: string };

export interface BackgroundIndexBuild {
  /** Settles once: the built index, or why there is none (never rejects). */
  readonly result: Promise<IndexBuildMessage>;
  /** Terminates the worker if it is still running (its answer is then `{ error: "stopped" }`). */
  stop(): Promise<void>;
}

/**
 * Starts the build in a worker thread. `entry`: the worker's module (default: index-build-worker
 * beside this module, built or from the sources). The worker never keeps the process alive.
 */
export function buildIndexInBackground(job: IndexBuildJob, entry?: URL): BackgroundIndexBuild {
  let worker: Worker | null;
  try {
    worker = entry
      ? new Worker(entry, { workerData: job })
      : moduleWorker("index-build-worker", import.meta.url, job);
  } catch (error) {
    worker = null;
    const reason = `the index build's worker thread did not start: ${(error as Error).message}`;
    return { result: Promise.resolve({ error: reason }), stop: async () => {} };
  }
  if (!worker) {
    const reason = "the index build's worker module (index-build-worker) is missing";
    return { result: Promise.resolve({ error: reason }), stop: async () => {} };
  }
  const w = worker;
  w.unref();
  let settle: (m: IndexBuildMessage) => void = () => {};
  const result = new Promise<IndexBuildMessage>((resolve) => {
    let done = false;
    settle = (m) => {
      if (done) return;
      done = true;
      resolve(m);
    };
  });
  w.once("message", (m: IndexBuildMessage) => settle(m));
  w.once("error", (error) => settle({ error: `the index build's worker thread failed: ${error.message}` }));
  w.once("exit", (code) =>
    settle({ error: `the index build's worker thread exited (code ${code}) without an index` }),
  );
  return {
    result,
    async stop() {
      settle({ error: "stopped" });
      await w.terminate();
    },
  };
}
