/**
 * Review queue: candidate pairs side by side with a word diff and the four verdicts; review mode
 * lists the automatic decisions (a distinct verdict undoes one); and the episodes waiting to be
 * distilled.
 */
import type { z } from "zod";
import type { CandidatesResultSchema, EpisodesSchema } from "../../../core/operations/results.js";
import { type Html, html } from "../html.js";
import { csrfField, day, itemLink, postButton } from "../layout.js";
import type { View } from "../view.js";
import { wordDiff } from "../word-diff.js";
import type { SleepReport } from "./activity.js";

type Pair = z.infer<typeof CandidatesResultSchema>["pairs"][number];
type Episodes = z.infer<typeof EpisodesSchema>;

export const VERDICTS = ["merge", "contradict", "supersede", "distinct"] as const;

const diffHtml = (a: string, b: string, side: "a" | "b"): Html =>
  html`${wordDiff(a, b).map((p) =>
    p.op === "same"
      ? html`${p.text} `
      : p.op === "del" && side === "a"
        ? html`<del>${p.text}</del> `
        : p.op === "ins" && side === "b"
          ? html`<ins>${p.text}</ins> `
          : "",
  )}`;

function pairCard(v: View, p: Pair, mode: string): Html {
  const id = `pair-${p.a}-${p.b}`;
  return html`<article class="card" id="${id}" aria-labelledby="${id}-h">
<h2 id="${id}-h">${itemLink(v, p.a)} and ${itemLink(v, p.b)} <span class="muted">similarity ${p.similarity.toFixed(2)}</span></h2>
<div class="pair">
  <div><p class="muted">${p.a} · ${p.kindA} · ${day(p.atA)}</p><p>${diffHtml(p.textA, p.textB, "a")}</p></div>
  <div><p class="muted">${p.b} (newer) · ${p.kindB} · ${day(p.atB)}</p><p>${diffHtml(p.textA, p.textB, "b")}</p></div>
</div>
<p class="why">Lexical judge: ${p.lexical.relation} (${p.lexical.reason})</p>
${p.decided ? html`<p class="why">Decided automatically: ${p.decided.action} by ${p.decided.judge} on ${day(p.decided.at)} (${p.decided.reason}).</p>` : ""}
${
  v.canWrite
    ? html`<fieldset class="row batch"><legend>Batch verdict</legend>${["leave", ...VERDICTS].map(
        (verdict) =>
          html`<label class="choice"><input type="radio" form="batch" name="v:${p.a}:${p.b}" value="${verdict}"${verdict === "leave" ? html` checked` : ""}> ${verdict}</label>`,
      )}</fieldset>
<form method="post" action="${v.base}/review/judge" class="row" hx-post="${v.base}/review/judge" hx-target="#${id}" hx-swap="outerHTML">
${csrfField(v)}<input type="hidden" name="a" value="${p.a}"><input type="hidden" name="b" value="${p.b}"><input type="hidden" name="mode" value="${mode}">
${VERDICTS.map((verdict) => html`<button type="submit" name="verdict" value="${verdict}">${verdict}</button>`)}
</form>`
    : ""
}
</article>`;
}

export async function renderReview(v: View, mode: string): Promise<Html> {
  const review = mode === "review";
  const [{ pairs }, pending] = await Promise.all([
    v.call<{ pairs: Pair[] }>("candidates", { limit: 20, review }),
    v.call<Episodes>("pending", { limit: 20 }),
  ]);
  return html`<p><a href="${v.base}/review"${review ? "" : html` aria-current="true"`}>Candidate pairs</a> ·
<a href="${v.base}/review?mode=review"${review ? html` aria-current="true"` : ""}>Review automatic decisions</a></p>
<p class="muted">${
    review
      ? "Decisions the sweep made by itself; distinct undoes one."
      : "Pairs the judge has not settled: merge (the same thing), contradict (opposite claims), supersede (the newer replaces the older), distinct (both stand)."
  }</p>
${pairs.length === 0 ? html`<p>No pairs to review.</p>` : pairs.map((p) => pairCard(v, p, mode))}
${
  v.canWrite && pairs.length > 0
    ? html`<form id="batch" method="post" action="${v.base}/review/batch" class="row">${csrfField(v)}<input type="hidden" name="mode" value="${mode}">
<button type="submit" class="primary">Apply the batch verdicts</button> <span class="muted">Pairs left on "leave" are not judged.</span></form>`
    : ""
}
<h2>Pending episodes (${pending.episodes.length})</h2>
${pending.episodes.length === 0 ? html`<p class="muted">Every episode is distilled.</p>` : html`<ul>${pending.episodes.map((e) => html`<li>${itemLink(v, e.id)} ${day(e.at)} <span class="badge">${e.type}</span> ${e.content}</li>`)}</ul>`}`;
}

/** What a verdict did, in words, and the ids it closed (which restore undoes). */
export function describeJudgment(report: SleepReport): { summary: string; closed: string[] } {
  const closing = report.items.filter((i) => i.action === "superseded" || i.action === "merged");
  const summary =
    report.items.map((i) => `${i.action} ${i.id}${i.by ? ` by ${i.by}` : ""}`).join("; ") || "Both stand.";
  return { summary, closed: closing.map((i) => i.id) };
}

/** The card that replaces a judged pair: what happened, and an undo that restores what it closed. */
export function judgedCard(v: View, p: { a: string; b: string }, verdict: string, report: SleepReport): Html {
  const { summary, closed } = describeJudgment(report);
  return html`<article class="card" id="pair-${p.a}-${p.b}" role="status"><p>Judged ${p.a} and ${p.b}: <strong>${verdict}</strong>. ${summary}</p>
${v.canWrite ? closed.map((id) => postButton(v, `/items/${id}/restore`, `Undo: restore ${id}`, { back: "/review" })) : ""}</article>`;
}
