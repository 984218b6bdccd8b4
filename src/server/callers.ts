/**
 * Who is calling the REST API, and whether they may act in a namespace. A caller presents an
 * API key (`Authorization: Bearer sk_strata_…` or `X-API-Key: sk_strata_…`); its name is the
 * actor of its changes (`key:ci-bot`). With no live key in the store, a caller on this machine
 * (a loopback address) may call without one, as actor `rest`, with every scope: the same trust
 * as the CLI on that machine. Once any key exists, every request needs one.
 *
 *   const caller = await identify(c, store, { loopbackClient });
 *   permit(caller, "team-a", "write"); // FORBIDDEN when the key may not
 */
import type { Context } from "hono";
import {
  type ApiKeyView,
  authorize,
  authorizeTree,
  hasLiveApiKeys,
  keyActor,
  verifyApiKey,
} from "../access/api-keys.js";
import { StrataError } from "../core/errors.js";
import type { Access } from "../core/operations/operation.js";
import type { StoreReader } from "../core/ports.js";
import { type McpCaller, sameSecret } from "../mcp/http.js";

export interface Caller {
  /** The key presented, or null for the anonymous loopback caller. */
  key: ApiKeyView | null;
  /** The actor its changes carry in the audit chain. */
  actor: string;
}

/** The actor of requests made without a key (loopback only, and only while no key exists). */
export const ANONYMOUS_ACTOR = "rest";

/** The key a request presents, from `Authorization: Bearer …` or `X-API-Key`, or null. */
export function presentedKey(c: Context): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return bearer ?? c.req.header("x-api-key")?.trim() ?? null;
}

/** Whether an address is this machine's: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** The peer's address as @hono/node-server reports it; undefined without a socket (app.request). */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** Whether the request's peer is this machine (the default `loopbackClient`). */
export const peerIsLoopback = (c: Context): boolean => isLoopbackAddress(socketAddress(c));

export async function identify(
  c: Context,
  store: StoreReader,
  options: { loopbackClient: (c: Context) => boolean },
): Promise<Caller> {
  const presented = presentedKey(c);
  if (presented) {
    const key = await verifyApiKey(store, presented);
    if (!key)
      throw new StrataError(
        "UNAUTHORIZED",
        "This API key is not valid: it is mistyped, revoked or unknown to this store. List keys with strata keys list; create one with strata keys create.",
      );
    return { key, actor: keyActor(key) };
  }
  if (await hasLiveApiKeys(store))
    throw new StrataError(
      "UNAUTHORIZED",
      "Send an API key: Authorization: Bearer sk_strata_… or X-API-Key: sk_strata_…. Create one with strata keys create --name NAME --scope read --namespaces NS.",
    );
  if (!options.loopbackClient(c))
    throw new StrataError(
      "UNAUTHORIZED",
      "No API key exists yet, so only this machine (loopback) may call without one. Create a key (strata keys create --name NAME --scope write --namespaces NS) and send it as Authorization: Bearer sk_strata_….",
    );
  return { key: null, actor: ANONYMOUS_ACTOR };
}

/** Refuses (FORBIDDEN) a caller whose key does not cover the namespace or the access. */
export function permit(caller: Caller, namespace: string, access: Access): void {
  if (caller.key) authorize(caller.key, namespace, access);
}

/**
 * Who is calling `/mcp`: the server's bearer token (every access, the client's name as actor)
 * or an API key, as on REST (its name is the actor; it must cover the server's namespace, and
 * every operation a tool runs is checked against its scope). With neither, the request is
 * refused once a token is set or any live key exists, and otherwise served to this machine only.
 *
 *   const caller = await identifyMcpCaller(c, store, { token, namespace: "team-a", loopbackClient });
 *   createMcpServer(memory, { ...(caller.actor ? { actor: caller.actor } : {}), permit: caller.permit });
 */
export async function identifyMcpCaller(
  c: Context,
  store: StoreReader,
  options: { token?: string | undefined; namespace: string; loopbackClient: (c: Context) => boolean },
): Promise<McpCaller> {
  const presented = presentedKey(c);
  if (presented && options.token && sameSecret(presented, options.token)) return {};
  if (presented) {
    const key = await verifyApiKey(store, presented);
    if (!key)
      throw new StrataError(
        "UNAUTHORIZED",
        `This is neither the server's token nor a valid API key (mistyped, revoked or unknown to this store). Send Authorization: Bearer <token or key>; list keys with strata keys list.`,
      );
    const { namespace } = options;
    try {
      authorize(key, namespace, "read");
    } catch (error) {
      // The MCP server acts in one namespace, chosen where it was started: say which, and how.
      if (error instanceof StrataError && error.code === "FORBIDDEN" && error.details.namespace === namespace)
        throw new StrataError(
          "FORBIDDEN",
          `${error.message} This MCP server acts in namespace "${namespace}" only (strata -n NAME serve --http serves another).`,
          error.details,
        );
      throw error;
    }
    return { keyName: key.name, actor: keyActor(key), permit: (access) => authorize(key, namespace, access) };
  }
  if (options.token)
    throw new StrataError(
      "UNAUTHORIZED",
      "Send Authorization: Bearer <token>, or an API key (strata keys create).",
    );
  await identify(c, store, options);
  return {};
}

/**
 * Refuses (FORBIDDEN) a caller reading over a namespace prefix unless its key covers the prefix and
 * every namespace that is or may be under it: a prefix is a wildcard, so one call would otherwise
 * reach namespaces the key was never given.
 */
export function permitTree(caller: Caller, prefix: string, access: Access): void {
  if (caller.key) authorizeTree(caller.key, prefix, access);
}
