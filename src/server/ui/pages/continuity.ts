/** Continuity: the current digest (graduation levels and citations are in its text) and the saved versions. */
import type { z } from "zod";
import type { DigestsResultSchema } from "../../../core/operations/results-continuity.js";
import { type Html, html } from "../html.js";
import { day } from "../layout.js";
import type { View } from "../view.js";

type Digests = z.infer<typeof DigestsResultSchema>;

export async function renderContinuity(v: View): Promise<Html> {
  const [{ text }, history] = await Promise.all([
    v.call<{ text: string }>("continuity"),
    v.call<Digests>("continuityHistory"),
  ]);
  return html`<p class="muted">Patterns graduate 1x → 2x → 3x on cited evidence; each line cites the episodes behind it.</p>
<pre class="block">${text || "No digest yet."}</pre>
<h2>Saved versions (${history.digests.length})</h2>
${history.digests.length === 0 ? html`<p class="muted">None saved: the digest above is rendered from beliefs.</p>` : html`<ol>${history.digests.map((d) => html`<li>version ${d.version}, saved ${day(d.savedAt)} (${d.chars} characters) <details><summary>Show</summary><pre class="block">${d.text}</pre></details></li>`)}</ol>`}`;
}
