/**
 * The background worker's runs (the `workerStatus` operation), as the pages show them: the
 * last run in a line (Overview), each run with its reasons and items and one-click restore of
 * what an applied run took out of the active set (Activity), and a short table (Admin).
 */
import type { z } from "zod";
import type { MemoryItemSchema, WorkerStatusSchema } from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import { day, itemLink, postButton } from "../layout.js";
import type { View } from "../view.js";

export type WorkerStatus = z.infer<typeof WorkerStatusSchema>;
type Report = WorkerStatus["reports"][number];
type Item = z.infer<typeof MemoryItemSchema>;

/** Actions by which a run takes a belief out of the active set: what Restore undoes. */
const LEAVING_ACTIONS = new Set(["retired", "evicted", "archived", "superseded", "merged"]);
/** Reports shown on Activity, and items per report (the REST answer has them all). */
const REPORTS_SHOWN = 10;
const ITEMS_SHOWN = 50;

const STATUS_WORDS: Record<Report["status"], string> = {
  applied: "applied",
  "dry-run": "dry run (nothing applied)",
  stopped: "stopped by the retire-share guard (nothing applied)",
  abandoned: "abandoned at shutdown (nothing applied)",
  failed: "failed (nothing applied)",
};

const statusBadge = (r: Report): Html =>
  html`<span class="badge${r.status === "applied" ? " ok" : r.status === "dry-run" ? "" : " bad"}">${r.status}</span>`;

const reasonsText = (r: Report): string =>
  r.reasons.length === 0 ? "maintenance only" : r.reasons.map((x) => x.code).join(", ");

export function pendingLine(status: WorkerStatus): Html {
  return status.request
    ? html`<p class="notice" id="worker-request">A run is requested: by ${status.request.by} at ${day(status.request.at)}${status.request.note ? html` (${status.request.note})` : ""}. The worker takes it at its next tick.</p>`
    : html`<p class="muted" id="worker-request">No run is waiting.</p>`;
}

/** The Overview's card: the last run in a few words, or how to start the worker. */
export function lastRunCard(v: View, status: WorkerStatus): Html {
  const [last] = status.reports;
  return html`<div class="card" id="last-worker-run"><h2>Last worker run</h2>
${
  last
    ? html`<p>${statusBadge(last)} ${day(last.at)} by ${last.worker}</p>
<p>Why: ${reasonsText(last)}. Active ${last.activeBefore} → ${last.activeAfter}; ${last.left.count} left the active set.</p>
<p><a href="${v.base}/activity#worker-runs">The run item by item</a></p>`
    : html`<p class="muted">The background worker has not run in this namespace. Start it with <code>strata worker</code> or <code>strata serve --http --worker</code>.</p>`
}
${status.request ? html`<p class="muted">A run is requested (${day(status.request.at)}).</p>` : ""}
</div>`;
}

/** The Admin page's table: the last runs, one line each. */
export function runsTable(v: View, status: WorkerStatus, limit = 5): Html {
  if (status.reports.length === 0) return html`<p class="muted">No runs kept for this namespace yet.</p>`;
  return html`<table><caption class="muted">The last runs (<a href="${v.base}/activity#worker-runs">item by item on Activity</a>)</caption>
<thead><tr><th>At</th><th>Status</th><th>Why</th><th class="num">Active before → after</th><th class="num">Left</th></tr></thead><tbody>
${status.reports
  .slice(0, limit)
  .map(
    (r) =>
      html`<tr><td>${day(r.at)}</td><td>${statusBadge(r)}</td><td>${reasonsText(r)}</td><td class="num">${r.activeBefore} → ${r.activeAfter}</td><td class="num">${r.left.count}</td></tr>`,
  )}</tbody></table>`;
}

/** Each belief's status now, for the items a restore button may be offered on. */
async function statusesNow(v: View, reports: Report[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const r of reports)
    if (r.status === "applied")
      for (const i of r.items.slice(0, ITEMS_SHOWN))
        if (i.id.startsWith("b") && LEAVING_ACTIONS.has(i.action)) ids.add(i.id);
  const found = await Promise.all(
    [...ids].map(async (id): Promise<[string, string]> => {
      try {
        return [id, (await v.call<Item>("get", { id })).status];
      } catch {
        return [id, "gone"];
      }
    }),
  );
  return new Map(found);
}

function runSection(v: View, r: Report, now: Map<string, string>, open: boolean): Html {
  const shown = r.items.slice(0, ITEMS_SHOWN);
  const more = r.items.length - shown.length + r.itemsOmitted;
  const restorable = (id: string, action: string) =>
    r.status === "applied" && LEAVING_ACTIONS.has(action) && id.startsWith("b") && now.get(id) !== "active";
  return html`<details class="card run"${open ? html` open` : ""}><summary>${statusBadge(r)} ${day(r.at)} · ${reasonsText(r)} · active ${r.activeBefore} → ${r.activeAfter}</summary>
<p>${STATUS_WORDS[r.status]}; by ${r.worker}. ${r.left.count} left the active set (${Math.round(r.left.share * 1000) / 10}%, limit ${r.limit}).</p>
${r.reasons.length > 0 ? html`<ul>${r.reasons.map((x) => html`<li><strong>${x.code}</strong>: ${x.detail}</li>`)}</ul>` : ""}
${r.error ? html`<p class="notice error">${r.error.code}: ${r.error.message}</p>` : ""}
${
  shown.length === 0
    ? html`<p class="muted">No item changed.</p>`
    : html`<table><thead><tr><th>Action</th><th>Item</th><th>By</th><th>Reason</th>${v.canWrite ? html`<th></th>` : ""}</tr></thead><tbody>${shown.map(
        (i) =>
          html`<tr><td>${i.action}</td><td>${itemLink(v, i.id)}</td><td>${i.by ? itemLink(v, i.by) : "—"}</td><td>${i.reason}</td>${
            v.canWrite
              ? html`<td>${restorable(i.id, i.action) ? postButton(v, `/items/${i.id}/restore`, `Restore ${i.id}`, { back: "/activity" }) : now.get(i.id) === "active" ? html`<span class="muted">active now</span>` : ""}</td>`
              : ""
          }</tr>`,
      )}</tbody></table>`
}
${more > 0 ? html`<p class="muted">${more} more items: <code>strata worker-status --json</code> or <code>GET /v1/namespaces/${v.namespace}/worker</code>.</p>` : ""}
</details>`;
}

/** Activity's section: every kept run, newest first and open, item by item. */
export async function workerRunsSection(v: View, status: WorkerStatus): Promise<Html> {
  const reports = status.reports.slice(0, REPORTS_SHOWN);
  const now = await statusesNow(v, reports);
  return html`<section id="worker-runs" aria-label="Worker runs"><h2>What the background worker did</h2>
${pendingLine(status)}
${
  reports.length === 0
    ? html`<p class="muted">No worker runs kept for this namespace (<code>strata worker</code>, <code>strata serve --http --worker</code>).</p>`
    : reports.map((r, n) => runSection(v, r, now, n === 0))
}
</section>`;
}
