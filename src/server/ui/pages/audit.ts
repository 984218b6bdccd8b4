/** Audit: verify the chain, its head position, the latest entries and a JSONL export. */
import type { z } from "zod";
import type {
  AuditEntriesSchema,
  AuditVerificationSchema,
  StatsResultSchema,
} from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import type { View } from "../view.js";
import { auditTable } from "./audit-entries.js";
import { auditBadge } from "./overview.js";

type Audit = z.infer<typeof AuditEntriesSchema>;
type Verification = z.infer<typeof AuditVerificationSchema>;
type Stats = z.infer<typeof StatsResultSchema>;

export async function renderVerification(v: View): Promise<Html> {
  const result = await v.call<Verification>("verifyAudit");
  return html`<div id="verification" role="status">${auditBadge(result)}
${result.problems.length > 0 ? html`<ul>${result.problems.map((p) => html`<li>entry ${p.seq}: ${p.problem}</li>`)}</ul>` : ""}</div>`;
}

export async function renderAudit(v: View): Promise<Html> {
  const [stats, { entries }, { files }] = await Promise.all([
    v.call<Stats>("stats"),
    v.call<Audit>("audit", { limit: 10_000 }),
    v.call<{ files: string[] }>("exportAuditJsonl"),
  ]);
  return html`<div class="row">
<form method="get" action="${v.base}/audit/verify" hx-get="${v.base}/audit/verify" hx-target="#verification" hx-swap="outerHTML"><button type="submit" class="primary">Verify the chain</button></form>
<div id="verification" class="muted">Not verified on this page yet.</div></div>
<p>Chain position: entry <strong>${stats.audit.entries}</strong> of namespace ${v.namespace}.</p>
<p>Export: ${files.map((_, i) => html`<a href="${v.base}/audit/export/${i + 1}.jsonl" download hx-boost="false">part ${i + 1} (JSONL)</a> `)}</p>
<h2>Latest entries</h2>
${auditTable(v, entries.slice(-50).reverse())}`;
}
