/** Graph: the associations between episodes, strongest first, as a list (episode, other, strength). */
import type { z } from "zod";
import type { AssociationsResultSchema } from "../../../core/operations/results-continuity.js";
import { type Html, html } from "../html.js";
import { itemLink } from "../layout.js";
import type { View } from "../view.js";

type Associations = z.infer<typeof AssociationsResultSchema>;

export async function renderGraph(v: View): Promise<Html> {
  const { associations } = await v.call<Associations>("associations", { limit: 200 });
  if (associations.length === 0)
    return html`<p class="muted">No associations yet: they form when saved continuity digests cite episodes together.</p>`;
  return html`<table><thead><tr><th>Episode</th><th>Linked to</th><th class="num">Strength</th><th>Affect</th></tr></thead><tbody>
${associations.map((a) => html`<tr><td>${itemLink(v, a.episodeId)}</td><td>${itemLink(v, a.other)}</td><td class="num">${a.strength.toFixed(2)}</td><td>${a.affect ? `${a.affect.tag} ${a.affect.intensity}` : "—"}</td></tr>`)}
</tbody></table>`;
}
