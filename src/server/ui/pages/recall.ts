/** Recall: a search with each hit's why, time travel (`at`), and the context block with tokens per section. */
import type { z } from "zod";
import { isStrataError } from "../../../core/errors.js";
import { TOKEN_BUDGET_RANGE } from "../../../core/model.js";
import type { ContextResultSchema, RecallResultSchema } from "../../../core/operations/results.js";
import type { InputIssue } from "../../../core/validate.js";
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
${ctx.whyEmpty ? html`<p class="muted">${EMPTY_CONTEXT[ctx.whyEmpty]}</p>` : html`<pre class="block">${ctx.text}</pre>`}`;
}

/** The engine's reason for an empty block (`whyEmpty`), as the Recall page says it. */
const EMPTY_CONTEXT: Record<NonNullable<Context["whyEmpty"]>, string> = {
  "empty-namespace":
    "Nothing in context: this namespace holds no belief or event yet (at that time, when one is given).",
  "nothing-relevant": "Nothing in context: nothing in this namespace bears on the query.",
  "over-budget": "Nothing in context: what was chosen did not fit the budget; raise the context budget.",
};

/** The form's fields an operation's refusal can name, by the input field the issue's path ends in. */
const FIELD_OF_INPUT: Readonly<Record<string, "budget" | "at">> = { tokenBudget: "budget", at: "at" };

/**
 * What each field of the form was refused for, when `error` is the operations' refusal of what the
 * form sent (INVALID_INPUT naming `tokenBudget` or `at`); null for any other failure, which the
 * dashboard's error page answers.
 *
 *   fieldErrors(refusalOf({ tokenBudget: 10 }), { budget: "10" })
 *   // { budget: "The context budget is a whole number of tokens from 32 to 200000; got 10." }
 */
export function fieldErrors(
  error: unknown,
  typed: { budget?: string | undefined; at?: string | undefined },
): Partial<Record<"budget" | "at", string>> | null {
  if (!isStrataError(error) || error.code !== "INVALID_INPUT" || !Array.isArray(error.details.issues))
    return null;
  const found: Partial<Record<"budget" | "at", string>> = {};
  for (const issue of error.details.issues as InputIssue[]) {
    const field = FIELD_OF_INPUT[String(issue.path.at(-1))];
    if (!field) return null;
    found[field] =
      field === "budget"
        ? `The context budget is a whole number of tokens from ${TOKEN_BUDGET_RANGE.min} to ${TOKEN_BUDGET_RANGE.max}; got ${typed.budget ?? ""}.`
        : `${issue.message}.`;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * A date field. A browser's date input holds a date or nothing: given text that is none (a date
 * typed into the address, `?at=yesterday`) it shows empty, and the refusal under it would quote a
 * value the user cannot see. A refused date is therefore a text field holding what was typed
 * (marked, and described by the refusal with the id `${name}-error`), so it can be read and
 * corrected in place; the page after a date it takes shows the date picker again.
 *
 *   dateInput("at", "yesterday", { refused: true }) // <input type="text" name="at" value="yesterday" … aria-invalid="true" …>
 */
export function dateInput(name: string, value: string, o: { refused: boolean; max?: string }): Html {
  return o.refused
    ? html`<input type="text" name="${name}" value="${value}" placeholder="YYYY-MM-DD" size="12" aria-invalid="true" aria-describedby="${name}-error">`
    : html`<input type="date" name="${name}" value="${value}"${o.max ? html` max="${o.max}"` : ""}>`;
}

/**
 * The Recall page and its status: the form, then the hits and the context block. A value of the
 * form the operations refuse (a budget below 32 typed into the address, a date that is none) shows
 * the form again, as typed, with what is wrong under that field (400), as a form answers a wrong
 * field; the page is not replaced by an error page.
 */
export async function renderRecall(
  v: View,
  q: { query?: string; at?: string; budget?: string },
): Promise<{ body: Html; status: 200 | 400 }> {
  const query = q.query?.trim() ?? "";
  const at = endOfDay(q.at || undefined);
  const tokenBudget = q.budget ? Number(q.budget) : 600;
  const form = (errors: Partial<Record<"budget" | "at", string>> = {}) => {
    const invalid = (field: "budget" | "at") =>
      errors[field] ? html` aria-invalid="true" aria-describedby="${field}-error"` : "";
    const said = (field: "budget" | "at") =>
      errors[field]
        ? html`<p class="notice error" id="${field}-error" role="alert"><strong>INVALID_INPUT</strong>: ${errors[field]}</p>`
        : "";
    return html`<form method="get" action="${v.base}/recall" class="row" role="search">
<label>Search <input type="search" name="q" value="${query}" required autofocus></label>
<label>As of date (time travel) ${dateInput("at", q.at ?? "", { refused: Boolean(errors.at) })}</label>
<label>Context budget (tokens) <input type="number" name="budget" min="${TOKEN_BUDGET_RANGE.min}" max="${TOKEN_BUDGET_RANGE.max}" value="${q.budget ?? String(tokenBudget)}"${invalid("budget")}></label>
<button type="submit" class="primary">Recall</button>
</form>${said("at")}${said("budget")}`;
  };
  if (!query) return { body: form(), status: 200 };
  const [recall, ctx] = await Promise.allSettled([
    v.call<Recall>("recall", { query, k: 10, ...(at ? { at } : {}) }),
    v.call<Context>("context", { goal: query, tokenBudget, ...(at ? { at } : {}) }),
  ]);
  if (recall.status === "rejected" || ctx.status === "rejected") {
    const errors: Partial<Record<"budget" | "at", string>> = {};
    for (const settled of [recall, ctx]) {
      if (settled.status === "fulfilled") continue;
      const found = fieldErrors(settled.reason, q);
      if (!found) throw settled.reason;
      Object.assign(errors, found);
    }
    return { body: form(errors), status: 400 };
  }
  return {
    body: html`${form()}
<h2>Hits${at ? html` as held on ${q.at}` : ""}</h2>
${hitList(v, recall.value.hits)}
<h2>Context block</h2>
${contextBlock(ctx.value)}`,
    status: 200,
  };
}
