/**
 * The worker thread of index-builder.ts: opens the store's file read-only on a connection of its
 * own, reads one snapshot (one read transaction) and builds the in-process indexes from it with
 * the code the store's own connection uses: first the text index of both layers (text-load.ts;
 * posted at once with the `text_changes` position the snapshot is current through), then the
 * vector index (vector-load.ts, then a first search of each partition, which trains the
 * approximate search's lists where the store's first search would). Each goes back with its
 * typed arrays in the transfer list (moved, not copied).
 */

import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { TextIndex } from "../text-index/text-index.js";
import { VectorIndex, type VectorLayer } from "../vector-index.js";
import type { IndexBuildJob, IndexBuildMessage, TextBuildMessage } from "./index-builder.js";
import { loadTextLayer, textLogPosition } from "./text-load.js";
import { asFloat32, loadVectorIndex, type Prepare, readVectorStatuses } from "./vector-load.js";

const job = workerData as IndexBuildJob;
const port = parentPort!;

function build(): { message: IndexBuildMessage; transfer: ArrayBuffer[] } {
  const started = performance.now();
  const db = new Database(job.path, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${job.busyTimeoutMs}`);
    const statements = new Map<string, ReturnType<Prepare>>();
    const prepare: Prepare = (sql) => {
      let s = statements.get(sql);
      if (!s) {
        s = db.prepare(sql) as ReturnType<Prepare>;
        statements.set(sql, s);
      }
      return s;
    };
    // One read transaction: every read below sees the same snapshot.
    db.exec("BEGIN");
    prepare("SELECT count(*) FROM meta").get();
    if (job.text) {
      // The log position first: inside the transaction, it names exactly the changes this snapshot holds.
      const seq = textLogPosition(prepare);
      const text = new TextIndex();
      for (const layer of ["b", "e"] as const) loadTextLayer(prepare, text, layer);
      const { state, transfer } = text.toTransferable();
      port.postMessage(
        { text: state, seq, ms: performance.now() - started } satisfies TextBuildMessage,
        transfer,
      );
    }
    const index = new VectorIndex({
      precision: job.precision,
      search: job.search,
      // The int8 re-rank's stored vectors (the zero query below never asks; kept correct anyway).
      readExact: (_layer, rowids, vrows) => {
        const out = new Map<number, Float32Array>();
        const read = prepare("SELECT vector FROM vectors WHERE rowid = ? /* index build */");
        vrows.forEach((vrow, i) => {
          const r = read.get(vrow) as { vector: Buffer } | undefined;
          if (r) out.set(rowids[i]!, asFloat32(r.vector));
        });
        return out;
      },
    });
    loadVectorIndex(prepare, index, false);
    readVectorStatuses(prepare, index);
    // What the store's first warm search does to each partition it searches: derive its active view
    // and, where the search is approximate, train the lists. A zero query scores every row 0 and
    // reads no stored vector.
    for (const layer of ["b", "e"] as VectorLayer[])
      for (const { key } of index.toTransferable().state[layer].partitions) {
        const [dim, namespace] = key.split("\u0000") as [string, string];
        index.search(layer, new Float32Array(Number(dim)), [namespace], "active", 1);
      }
    db.exec("COMMIT");
    const { state, transfer } = index.toTransferable();
    return { message: { state, ms: performance.now() - started }, transfer };
  } finally {
    db.close();
  }
}

try {
  const { message, transfer } = build();
  port.postMessage(message, transfer);
} catch (error) {
  port.postMessage({ error: (error as Error).message ?? String(error) } satisfies IndexBuildMessage);
}
