/** Admin (admin keys only): the API keys, live and revoked; never a secret or its hash. */
import { listApiKeys } from "../../../access/api-keys.js";
import type { Memory } from "../../../core/engine.js";
import { type Html, html } from "../html.js";
import { day } from "../layout.js";

export async function renderAdmin(memory: Memory): Promise<Html> {
  const keys = await listApiKeys(memory.store);
  return html`<p class="muted">Create and revoke keys with <code>strata keys create</code> and <code>strata keys revoke</code>.</p>
<table><thead><tr><th>Name</th><th>Id</th><th>Scope</th><th>Namespaces</th><th>Created</th><th>Revoked</th></tr></thead><tbody>
${keys.map((k) => html`<tr><td>${k.name}</td><td><code>${k.id}</code></td><td>${k.scope}</td><td>${k.namespaces.join(", ")}</td><td>${day(k.createdAt)}</td><td>${day(k.revokedAt)}</td></tr>`)}
</tbody></table>`;
}
