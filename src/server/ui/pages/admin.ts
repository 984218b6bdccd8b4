/**
 * Admin (admin keys only): the API keys within the signed-in key's reach — create one (its
 * secret shown once, on the answer to the form, never kept), revoke one after confirming — and
 * the background worker: the pending request, the last runs, and asking for a run now. Who may
 * manage which key is the access layer's rule (authorizeKeyManagement), not this page's.
 */
import { type ApiKeyView, listApiKeys, managesKey } from "../../../access/api-keys.js";
import type { StoreReader } from "../../../core/ports.js";
import { type Html, html } from "../html.js";
import { csrfField, day } from "../layout.js";
import type { View } from "../view.js";
import { pendingLine, runsTable, type WorkerStatus } from "./worker-runs.js";

export interface CreatedKey {
  key: string;
  record: ApiKeyView;
}

const who = (at: string | null, by: string | undefined) => (at ? `${day(at)}${by ? ` by ${by}` : ""}` : "—");

function createdNotice(created: CreatedKey): Html {
  return html`<div class="notice" role="status" id="created-key">
<p>Created key <strong>${created.record.name}</strong> (${created.record.scope}, ${created.record.namespaces.join(", ")}). Store it now: <strong>it cannot be shown again</strong>, only its hash is kept.</p>
<p><label>The new key <input type="text" readonly value="${created.key}" size="70" id="new-key-secret"></label></p>
</div>`;
}

/** The create-key form's fields. */
export type KeyField = "name" | "scope" | "namespaces";

/**
 * A key creation the access layer refused, as the form was sent: the page shows the form again
 * with these values and what is wrong under each field, as a form answers a wrong field.
 */
export interface RefusedKey {
  values: Record<KeyField, string>;
  errors: Partial<Record<KeyField, string>>;
  code: string;
}

/**
 * What is wrong with each field of a refused key creation, from the refusal's details: a schema's
 * issues by their path (a namespace by the pattern typed, not its index), a name a live key holds,
 * patterns outside the signed-in key's reach. Null when the refusal names no field.
 *
 *   keyFieldErrors(conflict, ["default"]) // { name: 'A live key named "ci-bot" exists: …' }
 */
export function keyFieldErrors(
  error: { code: string; message: string; details: Record<string, unknown> },
  namespaces: readonly string[],
): Partial<Record<KeyField, string>> | null {
  const found: Partial<Record<KeyField, string>> = {};
  const add = (field: KeyField, said: string) => {
    found[field] = found[field] ? `${found[field]} ${said}` : said;
  };
  const issues = error.details.issues;
  if (error.code === "INVALID_INPUT" && Array.isArray(issues)) {
    for (const issue of issues as { path: string[]; message: string }[]) {
      const [field, at] = issue.path;
      if (field !== "name" && field !== "scope" && field !== "namespaces") return null;
      const typed = at !== undefined && /^\d+$/.test(at) ? namespaces[Number(at)] : undefined;
      const message = issue.message.replace(/\.$/, "");
      add(field, typed === undefined ? `${message}.` : `"${typed}": ${message}.`);
    }
  } else if (error.code === "CONFLICT" && typeof error.details.name === "string")
    add(
      "name",
      `A live key named "${error.details.name}" exists: revoke it first (Revoke ${error.details.name}… in the table above) or pick another name.`,
    );
  else if (error.code === "FORBIDDEN" && Array.isArray(error.details.namespaces))
    add("namespaces", error.message);
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * What is wrong with a refused worker request's note, from the refusal's issues, in the form's
 * words (the field, what it allows, the length typed); null when the refusal is about anything else.
 *
 *   noteIssue(refusal) // "The note must be at most 500 characters, got 612."
 */
export function noteIssue(error: { details: Record<string, unknown> }): string | null {
  const issues = error.details.issues;
  if (!Array.isArray(issues) || issues.length !== 1) return null;
  const [issue] = issues as { path: string[]; message: string; allowed?: string }[];
  if (issue?.path.join(".") !== "note") return null;
  return issue.allowed
    ? `The note must be ${issue.allowed}.`
    : `The note: ${issue.message.replace(/\.$/, "")}.`;
}

function createKeyForm(v: View, refused?: RefusedKey): Html {
  const value = (field: KeyField, fallback: string) => refused?.values[field] ?? fallback;
  const invalid = (field: KeyField) =>
    refused?.errors[field] ? html` aria-invalid="true" aria-describedby="key-${field}-error"` : "";
  const said = (field: KeyField) =>
    refused?.errors[field]
      ? html`<p class="notice error" id="key-${field}-error" role="alert"><strong>${refused.code}</strong>: ${refused.errors[field]}</p>`
      : "";
  const scope = value("scope", "read");
  return html`<form method="post" action="${v.base}/admin/keys" class="row" hx-boost="false">${csrfField(v)}
<label>Name <input name="name" required maxlength="64" placeholder="ci-bot" autocomplete="off" value="${value("name", "")}"${invalid("name")}></label>
<label>Scope <select name="scope"${invalid("scope")}>${(["read", "write", "admin"] as const).map(
    (s) => html`<option value="${s}"${s === scope ? " selected" : ""}>${s}</option>`,
  )}</select></label>
<label>Namespaces <input name="namespaces" required placeholder="team-a, team-*" value="${value("namespaces", v.namespace)}"${invalid("namespaces")}></label>
<button type="submit" class="primary">Create key</button>
</form>${said("name")}${said("scope")}${said("namespaces")}`;
}

/** A worker request the engine refused, as the form was sent: the note as typed and what is wrong with it. */
export interface RefusedNote {
  note: string;
  code: string;
  error: string;
}

export async function renderAdmin(
  v: View,
  store: StoreReader,
  worker: WorkerStatus,
  created?: CreatedKey,
  refused?: RefusedKey,
  refusedNote?: RefusedNote,
): Promise<Html> {
  const keys = (await listApiKeys(store)).filter((k) => managesKey(v.key, k));
  return html`${created ? createdNotice(created) : ""}
<section class="card" aria-labelledby="keys-heading"><h2 id="keys-heading">API keys</h2>
<p class="muted">The keys within ${v.key.namespaces.join(", ")}, live and revoked; never a secret. Also <code>strata keys create|list|revoke</code>.</p>
<table><thead><tr><th>Name</th><th>Id</th><th>Scope</th><th>Namespaces</th><th>Created</th><th>Revoked</th><th></th></tr></thead><tbody>
${keys.map(
  (k) =>
    html`<tr><td>${k.name}</td><td><code>${k.id}</code></td><td>${k.scope}</td><td>${k.namespaces.join(", ")}</td><td>${who(k.createdAt, k.createdBy)}</td><td>${who(k.revokedAt, k.revokedBy)}</td><td>${
      k.revokedAt === null ? html`<a href="${v.base}/admin/keys/${k.id}/revoke">Revoke ${k.name}…</a>` : ""
    }</td></tr>`,
)}
</tbody></table>
<h3>Create a key</h3>
${createKeyForm(v, refused)}
</section>
<section class="card" aria-labelledby="worker-heading"><h2 id="worker-heading">Background worker · ${v.namespace}</h2>
${pendingLine(worker)}
<form method="post" action="${v.base}/admin/worker/request" class="row">${csrfField(v)}
<label>Note (optional) <input name="note" maxlength="500" placeholder="why now"${
    refusedNote
      ? html` value="${refusedNote.note}" aria-invalid="true" aria-describedby="worker-note-error"`
      : ""
  }></label>
<button type="submit">Request a run now</button>
</form>
${refusedNote ? html`<p class="notice error" id="worker-note-error" role="alert"><strong>${refusedNote.code}</strong>: ${refusedNote.error}</p>` : ""}
<p class="muted">A running worker (<code>strata worker</code>, <code>strata serve --http --worker</code>) takes the request at its next tick and consolidates this namespace.</p>
${runsTable(v, worker)}
</section>`;
}

export function renderRevokeConfirmation(v: View, key: ApiKeyView): Html {
  return html`<div class="notice error" role="alert">
<p>Revoke key <strong>${key.name}</strong> (<code>${key.id}</code>, ${key.scope}, ${key.namespaces.join(", ")})? It stops working at once on every server of this store, and its dashboard sessions end. This cannot be undone: a new key would be needed.</p>
<form method="post" action="${v.base}/admin/keys/${key.id}/revoke">${csrfField(v)}<input type="hidden" name="confirm" value="yes">
<button type="submit" class="danger">Revoke ${key.name} now</button>
<a href="${v.base}/admin">Cancel</a></form></div>`;
}
