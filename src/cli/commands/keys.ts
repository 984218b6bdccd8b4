/**
 * `strata keys create|list|revoke`: the REST API's keys, kept hashed in the store (so every
 * server on a shared database sees them). The full key is printed once, by create.
 */
import type { ApiKeyInput, ApiKeyView } from "../../access/api-keys.js";
import type { Memory } from "../../core/engine.js";
import { keyValues, type Style, shortTime, table } from "../style.js";
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT } from "./serve.js";

export interface CreatedKey {
  /** The full key: shown now only. */
  key: string;
  record: ApiKeyView;
  warning: string;
}

// Loaded when a keys command runs: `strata --help` must not pay for the key store's schemas.
const keys = () => import("../../access/api-keys.js");

/** Where `strata serve --http` listens unless `--host` or `--port` say otherwise. */
const SERVER = `http://${DEFAULT_HTTP_HOST}:${DEFAULT_HTTP_PORT}`;

const WARNING =
  "Store this key now: it cannot be shown again (only its hash is kept). Revoke it with strata keys revoke.";

/** `strata keys create --name ci-bot --scope write --namespaces team-a,team-*` */
export async function runKeysCreate(mem: Memory, input: ApiKeyInput): Promise<CreatedKey> {
  const { key, record } = await (await keys()).createApiKey(mem.store, input, mem.clock);
  return { key, record, warning: WARNING };
}

export function renderKeysCreate(r: CreatedKey, style: Style): string {
  return [
    r.key,
    "",
    keyValues(
      [
        ["id", style.id(r.record.id)],
        ["name", r.record.name],
        ["scope", r.record.scope],
        ["namespaces", r.record.namespaces.join(", ")],
        ["actor", `key:${r.record.name}`],
      ],
      style,
    ),
    "",
    style.warn(r.warning),
    `Use it as: curl -H "Authorization: Bearer ${r.key.slice(0, 14)}…" ${SERVER}/v1/namespaces`,
    // This command cannot know where a server runs: the address is serve's default, and it says so.
    style.dim(
      `(${SERVER} is where strata serve --http listens unless started with --host or --port; the server prints its address when it starts: "serving … on http://…")`,
    ),
  ].join("\n");
}

/** `strata keys list`: every key, live and revoked; never a secret. */
export async function runKeysList(mem: Memory): Promise<{ keys: ApiKeyView[] }> {
  return { keys: await (await keys()).listApiKeys(mem.store) };
}

export function renderKeysList(r: { keys: ApiKeyView[] }, style: Style): string {
  if (r.keys.length === 0)
    return "No API keys. Without one, strata serve --http answers REST calls from this machine only. Create one with strata keys create --name NAME --scope read --namespaces NS.";
  return table(
    r.keys,
    [
      { header: "ID", value: (k) => k.id, color: style.id },
      { header: "NAME", value: (k) => k.name },
      { header: "SCOPE", value: (k) => k.scope },
      { header: "CREATED", value: (k) => shortTime(k.createdAt) },
      { header: "REVOKED", value: (k) => (k.revokedAt ? shortTime(k.revokedAt) : "—") },
      { header: "NAMESPACES", value: (k) => k.namespaces.join(", ") },
    ],
    style,
  );
}

/** `strata keys revoke <id|name>` */
export async function runKeysRevoke(mem: Memory, idOrName: string): Promise<ApiKeyView> {
  return (await keys()).revokeApiKey(mem.store, idOrName, mem.clock);
}

export function renderKeysRevoke(k: ApiKeyView, style: Style): string {
  return `revoked key ${style.id(k.id)} (${k.name}) at ${shortTime(k.revokedAt)}: it stops working on every server of this store at once.`;
}
