/** Timeline: pick a date (slider or date input) and see what held then and what changed since. */
import type { z } from "zod";
import type {
  AuditEntriesSchema,
  ContextResultSchema,
  MemoryItemSchema,
  RecallResultSchema,
} from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import { itemLink } from "../layout.js";
import type { View } from "../view.js";
import { auditTable } from "./audit-entries.js";
import { dateInput, endOfDay, fieldErrors, hitList } from "./recall.js";

type Context = z.infer<typeof ContextResultSchema>;
type Item = z.infer<typeof MemoryItemSchema>;
type Recall = z.infer<typeof RecallResultSchema>;
type Audit = z.infer<typeof AuditEntriesSchema>;

const SLIDER_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The Timeline page and its status. A date the operations refuse (one typed into the address that
 * is no date: `?at=yesterday`) shows the form again, as typed, with what is wrong under the date
 * (400), as Recall's form answers it; the page is not replaced by an error page.
 */
export async function renderTimeline(
  v: View,
  q: { at?: string; query?: string },
): Promise<{ body: Html; status: 200 | 400 }> {
  const today = v.now.toISOString().slice(0, 10);
  // A date that is not one goes to the operation as Recall's does, which refuses it (a 400 saying
  // what it takes), instead of showing today as if it had been asked.
  const date = q.at || today;
  const back = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);
  const at = endOfDay(date)!;
  const query = q.query?.trim() ?? "";
  const form = (error?: string) => html`<form method="get" action="${v.base}/timeline" class="row">
<label>Date ${dateInput("at", date, { refused: error !== undefined, max: today })}</label>
<label>The last ${SLIDER_DAYS} days <input type="range" min="0" max="${SLIDER_DAYS}" value="${Number.isNaN(back) ? SLIDER_DAYS : Math.max(0, SLIDER_DAYS - back)}" data-days-back data-today="${today}" aria-describedby="slider-date"></label>
<output id="slider-date">${date}</output>
<label>Topic (optional) <input type="search" name="query" value="${query}"></label>
<button type="submit" class="primary">Show</button>
</form>${error ? html`<p class="notice error" id="at-error" role="alert"><strong>INVALID_INPUT</strong>: ${error}</p>` : ""}`;
  // What held: the context block as it would have been at the end of that day, or a recall on a topic.
  let held: Html;
  let changes: Audit;
  try {
    held = query
      ? hitList(v, (await v.call<Recall>("recall", { query, k: 20, at })).hits)
      : await heldList(v, at);
    changes = await v.call<Audit>("audit", { since: at, limit: 10_000 });
  } catch (error) {
    const refused = fieldErrors(error, { at: q.at })?.at;
    if (refused === undefined) throw error;
    return { body: form(refused), status: 400 };
  }
  const counts = new Map<string, number>();
  for (const e of changes.entries) counts.set(e.event, (counts.get(e.event) ?? 0) + 1);
  return {
    body: html`${form()}
<h2>What held on ${date}</h2>
${held}
<h2>What changed since (${changes.entries.length} audit entries)</h2>
${counts.size > 0 ? html`<p>${[...counts].map(([event, n]) => html`<span class="badge">${event} ${n}</span> `)}</p>` : ""}
${auditTable(v, changes.entries.slice(-100).reverse())}`,
    status: 200,
  };
}

async function heldList(v: View, at: string): Promise<Html> {
  const ctx = await v.call<Context>("context", {
    goal: "",
    at,
    tokenBudget: 4000,
    recentEvents: 0,
    continuity: false,
  });
  const ids = ctx.items.map((i) => i.id).slice(0, 60);
  const items = await Promise.all(ids.map((id) => v.call<Item>("get", { id })));
  if (items.length === 0) return html`<p class="muted">Nothing held then.</p>`;
  return html`<table><thead><tr><th>Id</th><th>Section</th><th>Text</th><th>Status now</th></tr></thead><tbody>
${items.map(
  (item, i) =>
    html`<tr><td>${itemLink(v, item.id)}</td><td>${ctx.items[i]?.block}</td><td>${item.layer === "belief" ? item.text : item.content}</td><td>${item.status}</td></tr>`,
)}</tbody></table>`;
}
