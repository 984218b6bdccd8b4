/** A table of audit entries, newest first, shared by the item, timeline, activity and audit pages. */
import type { z } from "zod";
import type { AuditEntriesSchema } from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import { day, itemLink, postButton } from "../layout.js";
import type { View } from "../view.js";

export type AuditEntry = z.infer<typeof AuditEntriesSchema>["entries"][number];

/** Events after which `restore` brings the subject back: what sleep and maintenance retire or close. */
export const RESTORABLE_EVENTS = new Set([
  "belief.superseded",
  "belief.merged",
  "belief.retired",
  "belief.resolved",
  "belief.folded",
]);

export function auditTable(
  v: View,
  entries: AuditEntry[],
  options: { restore?: boolean; back?: string } = {},
): Html {
  if (entries.length === 0) return html`<p class="muted">No entries.</p>`;
  const restoreColumn = options.restore && v.canWrite;
  return html`<table><thead><tr><th class="num">#</th><th>When (store time)</th><th>Event</th><th>Subject</th><th>Actor</th><th>Detail</th>${restoreColumn ? html`<th>Action</th>` : ""}</tr></thead><tbody>
${entries.map(
  (e) =>
    html`<tr><td class="num">${e.seq}</td><td>${day(e.at)}</td><td>${e.event}</td><td>${e.subjectId ? itemLink(v, e.subjectId) : "—"}</td><td>${e.actor}</td><td class="muted">${e.detail ? JSON.stringify(e.detail) : ""}</td>${
      restoreColumn
        ? html`<td>${
            e.subjectId && RESTORABLE_EVENTS.has(e.event)
              ? postButton(v, `/items/${e.subjectId}/restore`, `Restore ${e.subjectId}`, {
                  back: options.back ?? "/activity",
                })
              : ""
          }</td>`
        : ""
    }</tr>`,
)}
</tbody></table>`;
}
