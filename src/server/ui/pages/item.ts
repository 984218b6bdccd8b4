/**
 * The page of one belief or episode: text, provenance, outcomes, the supersession chain, links,
 * audit entries, and the actions the key may take (outcome, pin, unpin, restore, forget). Forget
 * is confirmed on a page of its own before anything is erased.
 */
import type { z } from "zod";
import type { ExplainResultSchema, HistoryResultSchema } from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import { csrfField, day, itemLink, postButton } from "../layout.js";
import type { View } from "../view.js";
import { auditTable } from "./audit-entries.js";

type Explain = z.infer<typeof ExplainResultSchema>;
type History = z.infer<typeof HistoryResultSchema>;

function actions(v: View, id: string, belief: Explain["belief"], status: string): Html {
  if (!v.canWrite) return html``;
  // Every action on a forgotten item is refused (410 FORGOTTEN): offer none, and say why.
  if (status === "forgotten")
    return html`<h2>Actions</h2><p class="muted" id="forgotten-item">Forgotten on request: its text was erased everywhere Strata kept it, so it can no longer be restored, pinned or given an outcome. What happened to it stays in the audit entries below.</p>`;
  const back = { back: `/items/${id}` };
  return html`<h2>Actions</h2><div class="row">
${belief ? postButton(v, `/items/${id}/outcome`, "It worked", { ...back, success: "true" }) : ""}
${belief ? postButton(v, `/items/${id}/outcome`, "It failed", { ...back, success: "false" }) : ""}
${belief && !belief.pinned ? postButton(v, `/items/${id}/pin`, "Pin as identity", back) : ""}
${belief?.pinned ? postButton(v, `/items/${id}/unpin`, "Unpin", back) : ""}
${status !== "active" ? postButton(v, `/items/${id}/restore`, "Restore", back) : ""}
${v.canAdmin ? html`<a href="${v.base}/items/${id}/forget" class="danger">Forget…</a>` : ""}
</div>`;
}

export async function renderItem(v: View, id: string): Promise<Html> {
  const explained = await v.call<Explain>("explain", { id });
  const { belief, episode } = explained;
  const history = belief ? await v.call<History>("history", { id }) : null;
  const status = belief?.status ?? episode?.status ?? "";
  const text = belief ? belief.text : (episode?.content ?? "");
  return html`<p><span class="badge">${belief ? belief.kind : episode?.type}</span> <span class="badge">${status}</span>
${belief?.pinned ? html`<span class="badge ok">pinned</span>` : ""}</p>
<blockquote><p>${text || html`<em class="muted">(forgotten)</em>`}</p></blockquote>
${belief?.when ? html`<p>WHEN ${belief.when} → PREFER ${belief.prefer}</p>` : ""}
${belief && belief.exceptions.length > 0 ? html`<p>Except: ${belief.exceptions.join("; ")}</p>` : ""}
${
  belief
    ? html`<table><tbody>
<tr><th scope="row">Confidence</th><td>${belief.confidence.toFixed(2)} (${belief.successes} worked, ${belief.failures} failed)</td></tr>
<tr><th scope="row">Support · uses</th><td>${belief.support} · ${belief.uses}</td></tr>
<tr><th scope="row">Valid</th><td>${day(belief.validFrom)} → ${belief.validTo ? day(belief.validTo) : "still holds"}</td></tr>
<tr><th scope="row">Recorded · retired</th><td>${day(belief.recordedAt)} · ${day(belief.retiredAt)}</td></tr>
<tr><th scope="row">Status reason</th><td>${belief.statusReason ?? "—"}</td></tr>
<tr><th scope="row">Source</th><td>${belief.source ?? "—"}</td></tr>
</tbody></table>`
    : html`<p class="muted">Episode at ${day(episode?.at)}, recorded ${day(episode?.recordedAt)}.</p>`
}
${actions(v, id, belief, status)}
<h2>Provenance</h2>
${explained.sources.length === 0 ? html`<p class="muted">No source episodes.</p>` : html`<ul>${explained.sources.map((e) => html`<li>${itemLink(v, e.id)} ${day(e.at)}: ${e.content}</li>`)}</ul>`}
<h2>Outcomes</h2>
${explained.outcomes.length === 0 ? html`<p class="muted">No outcomes reported.</p>` : html`<ul>${explained.outcomes.map((o) => html`<li>${day(o.at)}: ${o.success ? "worked" : "failed"} (${o.confidenceBefore.toFixed(2)} → ${o.confidenceAfter.toFixed(2)})</li>`)}</ul>`}
<h2>Supersession chain</h2>
${
  history && history.chain.length > 1
    ? html`<ol>${history.chain.map((b) => html`<li>${b.id === id ? html`<strong>${b.id}</strong>` : itemLink(v, b.id)} ${day(b.validFrom)}–${b.validTo ? day(b.validTo) : "now"}: ${b.text}</li>`)}</ol>`
    : html`<p class="muted">Not part of a chain.</p>`
}
<h2>Links</h2>
${explained.links.length === 0 ? html`<p class="muted">No links.</p>` : html`<ul>${explained.links.map((l) => html`<li>${itemLink(v, l.from)} ${l.relation} ${itemLink(v, l.to)} (${day(l.at)})</li>`)}</ul>`}
<h2>Audit entries</h2>
${auditTable(v, [...explained.audit].reverse())}`;
}

export async function renderForgetConfirmation(v: View, id: string): Promise<Html> {
  const explained = await v.call<Explain>("explain", { id });
  const text = explained.belief?.text ?? explained.episode?.content ?? "";
  return html`<div class="notice error" role="alert">
<p>Forget ${id}? Its content is erased everywhere Strata keeps it; only a keyed hash and the audit trail stay. This cannot be undone.</p>
<blockquote><p>${text}</p></blockquote>
<form method="post" action="${v.base}/items/${id}/forget">${csrfField(v)}<input type="hidden" name="confirm" value="yes">
<button type="submit" class="danger">Forget ${id} permanently</button>
<a href="${v.base}/items/${id}">Cancel</a></form></div>`;
}
