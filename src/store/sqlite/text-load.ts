/**
 * How the SQLite store fills a layer of its in-process BM25 index (../text-index/text-index.ts)
 * from its table: every row, each read once (`loadTextLayer`), and the rows named by the
 * `text_changes` log read again (`readTextRows`). One definition for both builders: the store's
 * connection when a search needs the index (sqlite-store.ts), and a worker thread's read-only
 * connection when the indexes are built in the background (index-build-worker.ts), so both make
 * the same index.
 *
 *   const index = new TextIndex();
 *   loadTextLayer((sql) => db.prepare(sql), index, "b");
 */
import type { TextIndex, TextLayer, TextRow } from "../text-index/text-index.js";
import type { Prepare } from "./vector-load.js";

/** rowid, namespace, status, text, superseded (0/1). */
export type TextRead = [number, string, string, string, number];

/** The columns a layer's rows are read with (`TextRead`). */
export function textSelect(layer: TextLayer): string {
  return layer === "b"
    ? "SELECT rowid, namespace, status, text, 0 FROM beliefs"
    : "SELECT rowid, namespace, status, content, superseded_by IS NOT NULL FROM episodes";
}

/** A row as the index holds it: current means active and (episodes) not superseded. */
export function textRow([, namespace, status, text, superseded]: TextRead): TextRow {
  return { namespace, status, text, current: status === "active" && !superseded };
}

/** Replaces the layer with every row of its table, streamed (nothing kept per row but the index). */
export function loadTextLayer(prepare: Prepare, index: TextIndex, layer: TextLayer): void {
  const all = prepare(`${textSelect(layer)} /* text index */`)
    .raw(true)
    .iterate() as IterableIterator<TextRead>;
  index.load(
    layer,
    (function* () {
      for (const r of all) yield [r[0], textRow(r)] as const;
    })(),
  );
}

/** The log position a build from this snapshot is current through (read inside the build's transaction). */
export function textLogPosition(prepare: Prepare): number {
  return prepare("SELECT coalesce(max(seq), 0) AS n FROM text_changes").get()!.n as number;
}
