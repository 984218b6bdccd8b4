/**
 * Activity: what sleep and maintenance did, item by item, from the audit chain (each closing or
 * retirement is an entry naming its subject and actor), with one-click restore; the background
 * worker's kept runs, each with why it ran and its items; and a button that runs consolidation
 * now and shows its report.
 */
import type { z } from "zod";
import type {
  AuditEntriesSchema,
  MemoryItemSchema,
  SleepReportSchema,
} from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import { itemLink, postButton } from "../layout.js";
import type { View } from "../view.js";
import { type AuditEntry, auditTable, RESTORABLE_EVENTS, type SubjectNow } from "./audit-entries.js";
import { type WorkerStatus, workerRunsSection } from "./worker-runs.js";

type Audit = z.infer<typeof AuditEntriesSchema>;
type Item = z.infer<typeof MemoryItemSchema>;
export type SleepReport = z.infer<typeof SleepReportSchema>;

const ACTIVITY_EVENTS = new Set([
  ...RESTORABLE_EVENTS,
  "belief.absorbed",
  "belief.reopened",
  "episodes.distilled",
]);
const WINDOW_DAYS = 30;

export function sleepReport(v: View, report: SleepReport): Html {
  const counts = Object.entries(report.counts).filter(([, n]) => n > 0);
  return html`<section class="card" aria-label="Sleep report"><h2>${report.process} at ${report.at.slice(0, 16).replace("T", " ")}</h2>
<p>${counts.length === 0 ? "Nothing to do." : counts.map(([a, n]) => html`<span class="badge">${a} ${n}</span> `)}
<span class="muted">${report.work.beliefs} beliefs, ${report.work.pairs} pairs, ${report.work.judged} judged.</span></p>
${
  report.items.length > 0
    ? html`<table><thead><tr><th>Action</th><th>Item</th><th>By</th><th>Reason</th>${v.canWrite ? html`<th></th>` : ""}</tr></thead><tbody>${report.items.map(
        (i) =>
          html`<tr><td>${i.action}</td><td>${itemLink(v, i.id)}</td><td>${i.by ? itemLink(v, i.by) : "—"}</td><td>${i.reason}</td>${
            v.canWrite
              ? html`<td>${i.id.startsWith("b") ? postButton(v, `/items/${i.id}/restore`, `Restore ${i.id}`, { back: "/activity" }) : ""}</td>`
              : ""
          }</tr>`,
      )}</tbody></table>`
    : ""
}
</section>`;
}

/** Each belief's status now and why it last changed, for the entries shown. */
async function subjectsNow(v: View, entries: AuditEntry[]): Promise<Map<string, SubjectNow>> {
  const ids = [...new Set(entries.flatMap((e) => (e.subjectId?.startsWith("b") ? [e.subjectId] : [])))];
  const found = await Promise.all(
    ids.map(async (id): Promise<[string, SubjectNow]> => {
      const item = await v.call<Item>("get", { id });
      return [id, { status: item.status, reason: item.layer === "belief" ? item.statusReason : null }];
    }),
  );
  return new Map(found);
}

export async function renderActivity(v: View, report?: SleepReport): Promise<Html> {
  const since = new Date(v.now.getTime() - WINDOW_DAYS * 86_400_000).toISOString();
  const [{ entries }, worker] = await Promise.all([
    v.call<Audit>("audit", { since, limit: 10_000 }),
    v.call<WorkerStatus>("workerStatus"),
  ]);
  const activity = entries
    .filter((e) => ACTIVITY_EVENTS.has(e.event))
    .reverse()
    .slice(0, 200);
  return html`${v.canWrite ? html`<div class="row">${postButton(v, "/activity/consolidate", "Run consolidation now", {}, "primary")}${postButton(v, "/activity/maintain", "Run maintenance now")}</div>` : ""}
${report ? sleepReport(v, report) : ""}
${await workerRunsSection(v, worker)}
<h2>What sleep and maintenance did (last ${WINDOW_DAYS} days)</h2>
${auditTable(v, activity, { restore: true, back: "/activity", now: await subjectsNow(v, activity) })}`;
}
