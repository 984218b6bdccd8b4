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

/** What a subject is now: its status and why it last changed (shown on Activity). */
export interface SubjectNow {
  status: string;
  reason: string | null;
}

export function auditTable(
  v: View,
  entries: AuditEntry[],
  options: { restore?: boolean; back?: string; now?: Map<string, SubjectNow> } = {},
): Html {
  if (entries.length === 0) return html`<p class="muted">No entries.</p>`;
  const restoreColumn = options.restore && v.canWrite;
  const now = options.now;
  // A subject already active again needs no restore button, and a forgotten one cannot be restored.
  const restorable = (e: AuditEntry) => {
    if (e.subjectId === null || !RESTORABLE_EVENTS.has(e.event)) return false;
    const status = now?.get(e.subjectId)?.status;
    return status !== "active" && status !== "forgotten";
  };
  return html`<table><thead><tr><th class="num">#</th><th>When (store time)</th><th>Event</th><th>Subject</th><th>Actor</th><th>${now ? "Now" : "Detail"}</th>${restoreColumn ? html`<th>Action</th>` : ""}</tr></thead><tbody>
${entries.map((e) => {
  const subject = e.subjectId ? now?.get(e.subjectId) : undefined;
  const detail = now
    ? subject
      ? html`${subject.status}${subject.reason ? html` <span class="muted">(${subject.reason})</span>` : ""}`
      : ""
    : html`<span class="muted">${e.detail ? JSON.stringify(e.detail) : ""}</span>`;
  return html`<tr><td class="num">${e.seq}</td><td>${day(e.at)}</td><td>${e.event}</td><td>${e.subjectId ? itemLink(v, e.subjectId) : "—"}</td><td>${e.actor}</td><td>${detail}</td>${
    restoreColumn
      ? html`<td>${restorable(e) ? postButton(v, `/items/${e.subjectId}/restore`, `Restore ${e.subjectId}`, { back: options.back ?? "/activity" }) : ""}</td>`
      : ""
  }</tr>`;
})}
</tbody></table>`;
}
