/** Overview: counts by layer and status, health classes, confidence, junk indicators, the last worker run, audit badge. */
import type { z } from "zod";
import type {
  AuditVerificationSchema,
  HealthReportSchema,
  ItemsSchema,
  StatsResultSchema,
} from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import type { View } from "../view.js";
import { lastRunCard, type WorkerStatus } from "./worker-runs.js";

type Stats = z.infer<typeof StatsResultSchema>;
type Health = z.infer<typeof HealthReportSchema>;
type Verification = z.infer<typeof AuditVerificationSchema>;
type Items = z.infer<typeof ItemsSchema>;

const tally = (caption: string, counts: Record<string, number>): Html =>
  html`<table><caption class="muted">${caption}</caption><tbody>${Object.entries(counts).map(
    ([k, n]) => html`<tr><th scope="row">${k}</th><td class="num">${n}</td></tr>`,
  )}</tbody></table>`;

/** A bar chart drawn by dashboard.js from its data, with the same figures as a table for screen readers. */
export function barChart(label: string, labels: string[], values: number[]): Html {
  const spec = JSON.stringify({ label, labels, values });
  return html`<figure>
<div class="chart" data-chart="${spec}" role="img" aria-label="${label}: ${labels.map((l, i) => `${l} ${values[i]}`).join(", ")}"></div>
<figcaption class="muted">${label}</figcaption>
</figure>`;
}

export const auditBadge = (v: Verification): Html =>
  v.ok
    ? html`<span class="badge ok" id="audit-badge">Audit chain verified · ${v.entries} ${v.entries === 1 ? "entry" : "entries"}</span>`
    : html`<span class="badge bad" id="audit-badge">Audit chain broken · ${v.problems.length} problems</span>`;

/** A line chart over time (x in epoch seconds), drawn by dashboard.js; figures also in the label. */
export function lineChart(label: string, xs: number[], series: { label: string; values: number[] }[]): Html {
  const spec = JSON.stringify({ kind: "lines", label, xs, series });
  const last = series.map((s) => `${s.label} ${s.values[s.values.length - 1] ?? 0}`).join(", ");
  return html`<figure>
<div class="chart" data-chart="${spec}" role="img" aria-label="${label}; today: ${last}"></div>
<figcaption class="muted">${label}</figcaption>
</figure>`;
}

const DAY_MS = 86_400_000;
const TREND_DAYS = 30;

/** Beliefs active and retired (left the active set) at the end of each of the last 30 days. */
function activeVsRetired(now: Date, beliefs: Items["items"]) {
  const xs: number[] = [];
  const active: number[] = [];
  const retired: number[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let d = TREND_DAYS - 1; d >= 0; d--) {
    const end = today - d * DAY_MS + DAY_MS - 1;
    let a = 0;
    let r = 0;
    for (const b of beliefs) {
      if (b.layer !== "belief" || Date.parse(b.recordedAt) > end) continue;
      if (b.retiredAt && Date.parse(b.retiredAt) <= end) r++;
      else a++;
    }
    xs.push(Math.floor((today - d * DAY_MS) / 1000));
    active.push(a);
    retired.push(r);
  }
  return { xs, active, retired };
}

/** Confidence of active beliefs in ten buckets: 0–0.1 … 0.9–1. */
function confidenceBuckets(items: Items["items"]): number[] {
  const buckets = new Array<number>(10).fill(0);
  for (const item of items)
    if (item.layer === "belief") buckets[Math.min(9, Math.floor(item.confidence * 10))]! += 1;
  return buckets;
}

/**
 * What a namespace holding nothing says instead of a page of zeros (a first visit): how memories
 * get in, and the other namespaces this key may see, if any.
 */
function emptyNamespace(v: View): Html {
  const others = v.namespaces.filter((n) => n !== v.namespace);
  const ns = v.namespace === "default" ? "" : ` -n ${v.namespace}`;
  return html`<div class="card" id="empty-namespace"><h2>Nothing is stored in ${v.namespace} yet</h2>
<p>Memories arrive as an agent works: wire one with <code>strata install claude-code</code> (or cursor, codex, gemini, claude-desktop, windsurf) on the server's machine, or write through the REST API with a write key: <code>POST /v1/namespaces/${v.namespace}/beliefs</code> (every route at <code>/docs</code>). By hand, on the server's machine: <code>strata${ns} remember "The retry limit is 5"</code>, with the server's <code>--db</code>.</p>
${others.length > 0 ? html`<p>This key also sees ${others.join(", ")}: pick one under Namespace above.</p>` : ""}
</div>`;
}

export async function renderOverview(v: View): Promise<Html> {
  const [stats, health, verification, all, worker] = await Promise.all([
    v.call<Stats>("stats"),
    v.call<Health>("health"),
    v.call<Verification>("verifyAudit"),
    v.call<Items>("list", { layer: "belief", status: "any", limit: 10_000 }),
    v.call<WorkerStatus>("workerStatus"),
  ]);
  const active = { items: all.items.filter((i) => i.status === "active") };
  const trend = activeVsRetired(v.now, all.items);
  const classes = Object.entries(health.classes);
  const neverUsed = active.items.filter((i) => i.layer === "belief" && i.uses === 0).length;
  return html`<section id="overview" data-live="${v.base}/events" data-refresh="${v.base}" data-head="${stats.audit.entries}">
<p>${auditBadge(verification)} <span class="muted">Audit head at entry ${stats.audit.entries}.</span></p>
${stats.beliefs.total === 0 && stats.episodes.total === 0 ? emptyNamespace(v) : ""}
<div class="grid">
  <div class="card"><h2>Beliefs · ${stats.beliefs.total}</h2>${tally("by status", stats.beliefs.byStatus)}${tally("by kind", stats.beliefs.byKind)}<p class="muted">${stats.beliefs.pinned} pinned</p></div>
  <div class="card"><h2>Episodes · ${stats.episodes.total}</h2>${tally("by status", stats.episodes.byStatus)}${tally("by type", stats.episodes.byType)}</div>
  <div class="card"><h2>Health of ${health.active} active</h2>
    ${barChart(
      "Active beliefs by health class",
      classes.map(([k]) => k),
      classes.map(([, c]) => c.count),
    )}
    <p>Usable: <strong>${health.active === 0 ? "— (no active belief)" : `${Math.round(health.usable * 100)}%`}</strong></p></div>
  <div class="card"><h2>Confidence</h2>
    ${barChart(
      "Active beliefs by confidence",
      ["0", ".1", ".2", ".3", ".4", ".5", ".6", ".7", ".8", ".9"],
      confidenceBuckets(active.items),
    )}</div>
  <div class="card"><h2>Active and retired</h2>
    ${lineChart(`Beliefs active and retired, last ${TREND_DAYS} days`, trend.xs, [
      { label: "active", values: trend.active },
      { label: "retired", values: trend.retired },
    ])}</div>
  <div class="card"><h2>Junk indicators</h2><table><tbody>
    <tr><th scope="row">Exact duplicates (groups)</th><td class="num">${health.duplicates.exact.count}</td></tr>
    <tr><th scope="row">Near duplicates (pairs)</th><td class="num">${health.duplicates.near.count}</td></tr>
    <tr><th scope="row">Echoes (recalled text written back)</th><td class="num">${health.echoes.count}</td></tr>
    <tr><th scope="row">Open contradictions</th><td class="num">${health.contradictions.count}</td></tr>
    <tr><th scope="row">Superseded yet active</th><td class="num">${health.supersededButActive.count}</td></tr>
    <tr><th scope="row">Stale</th><td class="num">${health.classes.stale.count}</td></tr>
    <tr><th scope="row">Never used</th><td class="num">${neverUsed}</td></tr>
    <tr><th scope="row">Episodes no belief covers</th><td class="num">${health.coverage.uncovered.count}</td></tr>
  </tbody></table>
  ${health.duplicates.near.count + health.contradictions.count > 0 ? html`<p><a href="${v.base}/review">Review the pairs</a></p>` : ""}</div>
  ${lastRunCard(v, worker)}
</div>
</section>`;
}
