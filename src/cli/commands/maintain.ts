/**
 * `strata maintain`: the cheap homeostasis pass (retire what decayed, evict over the cap),
 * reported item by item with its reason code.
 */
import type { Memory } from "../../core/engine.js";
import type { MaintainReport } from "../../core/maintain.js";
import { type Style, table } from "../style.js";

/** `strata maintain` */
export async function runMaintain(mem: Memory): Promise<MaintainReport> {
  return mem.maintain();
}

export function renderMaintain(r: MaintainReport, style: Style): string {
  const c = r.counts;
  const head = `${r.activeBefore} active → ${r.activeAfter} active (retired ${c.retired}, evicted ${c.evicted}, archived ${c.archived}, skipped ${c.skipped})`;
  if (r.items.length === 0) return head;
  const rows = table(
    r.items,
    [
      { header: "ID", value: (i) => i.id, color: style.id },
      { header: "ACTION", value: (i) => i.action },
      {
        header: "EFF.CONF",
        value: (i) => (i.effectiveConfidence === undefined ? "-" : i.effectiveConfidence.toFixed(2)),
        right: true,
      },
      { header: "REASON", value: (i) => i.reason },
    ],
    style,
  );
  return `${head}\n${rows}`;
}
