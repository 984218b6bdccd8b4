/**
 * The SQLite store's in-process indexes built off the request path: a worker thread
 * (index-build-worker.ts) reads a snapshot of the file on its own read-only connection and builds
 * the text index (BM25, both layers) and then the vector index with the store's own code, while
 * the store keeps serving searches cold from the tables; each index comes back as soon as it is
 * built, its arrays transferred, not copied, for the store to install and bring up to date
 * (sqlite-store.ts, `warmIndexes({ background: true })`).
 *
 *   const build = buildIndexInBackground({ path, busyTimeoutMs: 10_000, precision: "int8", search: "auto", text: true });
 *   const text = await build.text;     // { text, seq, ms } or { error }
 *   const result = await build.result; // { state, ms } or { error }
 *   await build.stop();                // terminates a build still running; nothing is installed
 */
import { Worker } from "node:worker_threads";
import { moduleWorker } from "../../threads/module-worker.js";
import type { TextIndexState } from "../text-index/text-index.js";
import type { VectorIndexState, VectorSearchMode } from "../vector-index.js";

/** What the worker is asked to build, from which file. */
export interface IndexBuildJob {
  path: string;
  busyTimeoutMs: number;
  precision: "int8" | "float32";
  search: VectorSearchMode;
  /** Build the text index too (false: the store ranks text with FTS5 and keeps none). */
  text: boolean;
}

/** The worker's answer: the vector index and how long the build took (wall ms), or why it failed. */
export type IndexBuildMessage = { state: VectorIndexState; ms: number } | { error: string };

/**
 * The worker's first answer: the text index (both layers), the `text_changes` position its
 * snapshot is current through, and the build's wall ms; or why there is none.
 */
export type TextBuildMessage = { text: TextIndexState; seq: number; ms: number } | { error: string };

export interface BackgroundIndexBuild {
  /** Settles once: the built text index (the job's `text`), or why there is none (never rejects). */
  readonly text: Promise<TextBuildMessage>;
  /** Settles once: the built vector index, or why there is none (never rejects). */
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
    return failed(`the index build's worker thread did not start: ${(error as Error).message}`);
  }
  if (!worker) return failed("the index build's worker module (index-build-worker) is missing");
  const w = worker;
  w.unref();
  const [result, settle] = once<IndexBuildMessage>();
  const [text, settleText] = once<TextBuildMessage>();
  if (!job.text) settleText({ error: "no text index was asked for" });
  const fail = (error: string) => {
    settleText({ error });
    settle({ error });
  };
  w.on("message", (m: TextBuildMessage | IndexBuildMessage) => {
    if ("text" in m) settleText(m);
    else if ("state" in m) settle(m);
    else fail(m.error);
  });
  w.once("error", (error) => fail(`the index build's worker thread failed: ${error.message}`));
  w.once("exit", (code) => fail(`the index build's worker thread exited (code ${code}) without an index`));
  return {
    text,
    result,
    async stop() {
      fail("stopped");
      await w.terminate();
    },
  };
}

/** A build that never started: both answers say why. */
function failed(error: string): BackgroundIndexBuild {
  return { text: Promise.resolve({ error }), result: Promise.resolve({ error }), stop: async () => {} };
}

/** A promise and the function that settles it, the first call only. */
function once<T>(): [Promise<T>, (value: T) => void] {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    let done = false;
    settle = (value) => {
      if (done) return;
      done = true;
      resolve(value);
    };
  });
  return [promise, settle];
}
