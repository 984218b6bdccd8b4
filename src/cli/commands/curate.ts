/**
 * `strata curate pgvector|chroma|lancedb`: clean an existing vector store in place. Opens the
 * collection with its adapter, hands it to the core's `curate`, closes it, and renders the result:
 * a summary, then one line per stale or duplicate record with the record that replaces it and why.
 */
import type { VectorCollection } from "../../core/curation/collection.js";
import type { CurateOptions, CurateResult } from "../../core/curation/curate.js";
import type { Memory, ProgressHooks } from "../../core/engine.js";
import { withoutUndefined } from "../args.js";
import { counted, keyValues, type Style, table, truncate } from "../style.js";

export interface CurateArgs {
  mode?: string;
  yes?: boolean;
  into?: string;
  markKey?: string;
  pageSize?: number;
}

/** Progress hooks per phase: a bar for the sync, one for consolidation, one for applying the mode. */
export type CurateBars = (phase: "sync" | "consolidate" | "apply") => ProgressHooks;

/** Runs curation over the collection `open` returns, and closes it whatever happens. */
export async function runCurate(
  mem: Memory,
  open: () => Promise<VectorCollection>,
  args: CurateArgs,
  bars: CurateBars = () => ({}),
): Promise<CurateResult> {
  const options = withoutUndefined({
    mode: args.mode,
    confirm: args.yes,
    namespace: args.into,
    markKey: args.markKey,
    pageSize: args.pageSize,
  }) as CurateOptions;
  // The schemas load on use, not when `strata --help` starts.
  const { curate, parseCurateOptions } = await import("../../core/curation/curate.js");
  // Refuse bad options (a delete without --yes) before connecting to anything.
  parseCurateOptions(options);
  const hooks = { sync: bars("sync"), consolidate: bars("consolidate"), apply: bars("apply") };
  const collection = await open();
  try {
    return await curate(mem, collection, options, {
      onProgress: (p) => {
        if (p.phase !== "scan" && p.total !== null) hooks[p.phase].onProgress?.(p.done, p.total);
      },
    });
  } finally {
    await collection.close?.();
  }
}

/** The summary, a table of the records acted on, and what to do next. */
export function renderCurate(r: CurateResult, style: Style): string {
  const applied =
    r.mode === "report"
      ? "nothing (report)"
      : r.mode === "mark"
        ? `${counted(r.marked, "record")} marked`
        : `${counted(r.deleted, "record")} deleted`;
  const summary = keyValues(
    [
      ["collection", r.collection],
      ["namespace", r.namespace],
      [
        "scanned",
        `${r.scanned} (${r.synced} synced, ${r.unchanged} unchanged${r.skipped ? `, ${r.skipped} skipped` : ""})`,
      ],
      ["superseded", String(r.superseded)],
      ["redundant", String(r.redundant)],
      ["changed", applied],
    ],
    style,
  );
  const items =
    r.items.length === 0
      ? style.dim("No stale or duplicate records.")
      : table(
          r.items,
          [
            { header: "RECORD", value: (i) => i.recordId, color: style.id },
            {
              header: "ACTION",
              value: (i) => i.action,
              color: (s) => (s.startsWith("skipped") ? style.warn(s) : style.bad(s)),
            },
            { header: "BY", value: (i) => i.by ?? "—", color: style.id },
            { header: "REASON", value: (i) => truncate(i.reason, 90) },
          ],
          style,
        );
  const acted = r.superseded + r.redundant;
  const next =
    r.mode === "report" && acted > 0
      ? `\n\n${style.dim("Nothing in the collection changed. Flag these with --mode mark, or remove them with --mode delete --yes.")}`
      : "";
  return `${summary}\n\n${items}${next}`;
}
