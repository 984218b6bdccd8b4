/** Recall: a search with each hit's why, time travel (`at`), and the context block with tokens per section. */
import type { z } from "zod";
import type { ContextResultSchema, RecallResultSchema } from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import { day, itemLink } from "../layout.js";
import type { View } from "../view.js";

type Recall = z.infer<typeof RecallResultSchema>;
type Context = z.infer<typeof ContextResultSchema>;

/** A date input's value (YYYY-MM-DD) as the end of that day, UTC: what held by then. */
export function endOfDay(date: string | undefined): string | undefined {
  if (!date) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date; // the operation refuses what is not a time
  return `${date}T23:59:59.999Z`;
}

export function hitList(v: View, hits: Recall["hits"]): Html {
  if (hits.length === 0) return html`<p class="muted">Nothing matched.</p>`;
  return html`<ol class="hits">${hits.map(
    (
      h,
    ) => html`<li>${itemLink(v, h.id)} <span class="badge">${h.kind}</span> <span class="badge">${h.status}</span>
<div>${h.text}</div>
<div class="why">why: ${h.why.summary} · full-text rank ${h.why.textRank ?? "—"}, vector rank ${h.why.vectorRank ?? "—"} · from ${day(h.at)}${h.validTo ? html` until ${day(h.validTo)}` : ""}</div></li>`,
  )}</ol>`;
}

export function contextBlock(ctx: Context): Html {
  const perBlock = new Map<string, { items: number; tokens: number }>();
  for (const item of ctx.items) {
    const b = perBlock.get(item.block) ?? { items: 0, tokens: 0 };
    b.items += 1;
    b.tokens += item.tokens;
    perBlock.set(item.block, b);
  }
  return html`<table><thead><tr><th>Section</th><th class="num">Items</th><th class="num">Tokens</th></tr></thead><tbody>
${[...perBlock].map(([block, b]) => html`<tr><th scope="row">${block}</th><td class="num">${b.items}</td><td class="num">${b.tokens}</td></tr>`)}
<tr><th scope="row">Total (budget ${ctx.tokenBudget})</th><td class="num">${ctx.items.length}</td><td class="num">${ctx.tokens}</td></tr>
</tbody></table>
${ctx.skipped.length > 0 ? html`<p class="muted">${ctx.skipped.length} relevant items did not fit the budget.</p>` : ""}
<pre class="block">${ctx.text}</pre>`;
}

export async function renderRecall(
  v: View,
  q: { query?: string; at?: string; budget?: string },
): Promise<Html> {
  const query = q.query?.trim() ?? "";
  const at = endOfDay(q.at || undefined);
  const tokenBudget = q.budget ? Number(q.budget) : 600;
  const form = html`<form method="get" action="${v.base}/recall" class="row" role="search">
<label>Search <input type="search" name="q" value="${query}" required autofocus></label>
<label>As of date (time travel) <input type="date" name="at" value="${q.at ?? ""}"></label>
<label>Context budget (tokens) <input type="number" name="budget" min="50" max="100000" value="${tokenBudget}"></label>
<button type="submit" class="primary">Recall</button>
</form>`;
  if (!query) return form;
  const [recall, ctx] = await Promise.all([
    v.call<Recall>("recall", { query, k: 10, ...(at ? { at } : {}) }),
    v.call<Context>("context", { goal: query, tokenBudget, ...(at ? { at } : {}) }),
  ]);
  return html`${form}
<h2>Hits${at ? html` as held on ${q.at}` : ""}</h2>
${hitList(v, recall.hits)}
<h2>Context block</h2>
${contextBlock(ctx)}`;
}
