/**
 * Graph: the associations between episodes (links formed by validated co-citation), drawn with
 * cytoscape (loaded on this page only) and listed in a table, strongest first, with each
 * episode's text.
 */
import type { z } from "zod";
import type { MemoryItemSchema } from "../../../core/operations/results.js";
import type { AssociationsResultSchema } from "../../../core/operations/results-continuity.js";
import { type Html, html } from "../html.js";
import { itemLink } from "../layout.js";
import type { View } from "../view.js";

type Associations = z.infer<typeof AssociationsResultSchema>;
type Item = z.infer<typeof MemoryItemSchema>;

const MAX_NODES = 60;
const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export async function renderGraph(v: View): Promise<Html> {
  const { associations } = await v.call<Associations>("associations", { limit: 200 });
  if (associations.length === 0)
    return html`<p class="muted">No associations yet: they form when saved continuity digests cite episodes together.</p>`;
  const ids = [...new Set(associations.flatMap((a) => [a.episodeId, a.other]))].slice(0, MAX_NODES);
  const items = new Map<string, Item>(
    await Promise.all(ids.map(async (id) => [id, await v.call<Item>("get", { id })] as [string, Item])),
  );
  const text = (id: string) => {
    const item = items.get(id);
    return item ? (item.layer === "episode" ? item.content : item.text) : "";
  };
  const edges = associations.filter((a) => items.has(a.episodeId) && items.has(a.other));
  const spec = JSON.stringify({
    base: `${v.base}/items/`,
    nodes: ids.map((id) => ({ id })),
    edges: edges.map((a) => ({ source: a.episodeId, target: a.other, strength: a.strength })),
  });
  // cytoscape injects a <style> unless an element with this id exists (the CSP would refuse it);
  // dashboard.css gives the container the position: relative that style set.
  return html`<span id="__________cytoscape_stylesheet" hidden></span>
<div id="graph" class="graph" data-graph="${spec}" role="img" aria-label="${ids.length} episodes and ${edges.length} links; the table below lists them"></div>
<p class="muted">Click an episode to open it. Thicker lines are stronger links.</p>
<table><thead><tr><th>Episode</th><th>Linked to</th><th class="num">Strength</th><th>Affect</th></tr></thead><tbody>
${associations.map(
  (a) =>
    html`<tr><td>${itemLink(v, a.episodeId)} ${clip(text(a.episodeId))}</td><td>${itemLink(v, a.other)} ${clip(text(a.other))}</td><td class="num">${a.strength.toFixed(2)}</td><td>${a.affect ? `${a.affect.tag} ${a.affect.intensity}` : "—"}</td></tr>`,
)}
</tbody></table>`;
}
