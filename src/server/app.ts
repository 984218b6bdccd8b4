/**
 * The whole HTTP server as one Hono app: MCP at `/mcp`, REST under `/v1`, the OpenAPI document
 * at `/openapi.json`, its reference page at `/docs`, and `/healthz` and `/readyz`. Every
 * request passes the Host/Origin checks and gets secure headers; request logs carry the method,
 * the route template, the status, the time taken and the key's name, never memory content.
 *
 *   const app = createServerApp({ memory, makeMcpServer: () => createMcpServer(memory) });
 *   serve({ fetch: app.fetch, port: 8787, hostname: "127.0.0.1" });
 *   await app.request("/v1/namespaces/team-a/stats", { headers: { "X-API-Key": key } }); // tests
 *
 * Other rooms mount their own sub-apps through `mount` (a dashboard at /ui, say); they run
 * after the shared checks and before the not-found answer.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type Context, Hono } from "hono";
import { routePath } from "hono/route";
import { secureHeaders } from "hono/secure-headers";
import type { Memory } from "../core/engine.js";
import { StrataError } from "../core/errors.js";
import type { Clock } from "../core/ports.js";
import {
  createHttpApp,
  DEFAULT_MAX_BODY_BYTES,
  guardHostAndOrigin,
  limitBody,
  type McpCaller,
} from "../mcp/http.js";
import { identifyMcpCaller, peerIsLoopback, presentedKey } from "./callers.js";
import { docsPage } from "./docs-page.js";
import { errorResponse } from "./errors.js";
import { openApiDocument } from "./openapi.js";
import type { RateLimit } from "./rate-limit.js";
import { CALLER_NAME, createRestApi, methodsOn, type RestVariables, verbRoutesFor } from "./rest.js";

/** One line of the request log: no query string, no body, no key secret. */
export interface RequestLogLine {
  method: string;
  /** The matched route template (`/v1/namespaces/:namespace/recall`), never the concrete path. */
  route: string;
  status: number;
  ms: number;
  /** The name of the verified key (`ci-bot`), `anonymous` (loopback, no key), `unverified` (refused) or `none`. */
  key: string;
}

export interface ServerAppOptions {
  memory: Memory;
  /**
   * A new MCP server for one request, acting as its caller (an API key's actor and scope);
   * without it `/mcp` is not served.
   */
  makeMcpServer?: (caller: McpCaller) => McpServer;
  /**
   * The MCP endpoint's bearer token (STRATA_TOKEN). `/mcp` takes API keys too, as REST does,
   * checked against the MCP server's namespace and, per operation, the key's scope.
   */
  mcpToken?: string;
  /** Host header values accepted (see src/mcp/http.ts). Default: loopback names. */
  allowedHosts?: readonly string[];
  /** Browser origins accepted besides the server's own. Default none. */
  allowedOrigins?: readonly string[];
  /** Largest request body in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Writes per API key (token bucket). Default 20/s, bursts of 200. */
  writeRate?: RateLimit;
  /** Clock of the write-rate buckets. Default: the engine's. */
  clock?: Clock;
  /** Whether a request comes from this machine; default: the socket's peer is loopback. */
  loopbackClient?: (c: Context) => boolean;
  /** Receives one line per request. Default: none. */
  log?: (line: RequestLogLine) => void;
  /** Milliseconds for the log's timings. Default performance.now. */
  now?: () => number;
  /** The package version, shown in the OpenAPI document. */
  version?: string;
  /** Mounts further sub-apps (a dashboard at /ui) after the shared checks. */
  mount?: (app: Hono<{ Variables: RestVariables }>) => void;
}

export function createServerApp(options: ServerAppOptions): Hono<{ Variables: RestVariables }> {
  const { memory } = options;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = options.now ?? (() => performance.now());
  // The name of the key /mcp verified, by request (its sub-app sees the same Request object).
  const keyNames = new WeakMap<Request, string>();
  const app = new Hono<{ Variables: RestVariables }>();
  app.onError((err, c) => errorResponse(c, err));

  if (options.log) {
    const log = options.log;
    app.use("*", async (c, next) => {
      const started = now();
      await next();
      const caller = c.get(CALLER_NAME) ?? keyNames.get(c.req.raw);
      log({
        method: c.req.method,
        route: routePath(c, -1),
        status: c.res.status,
        ms: Math.round((now() - started) * 10) / 10,
        key: caller ?? (presentedKey(c) ? "unverified" : "none"),
      });
    });
  }
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        frameAncestors: ["'none'"],
      },
      crossOriginResourcePolicy: "same-origin",
      // A room mounted beside the API (the dashboard at /ui) sets its own policy: keep it. The API's
      // `default-src 'none'` would block the dashboard's own scripts and styles, and its
      // `Referrer-Policy: no-referrer` makes a browser send `Origin: null` with the sign-in form,
      // which the Origin guard refuses.
      overwrite: false,
    }),
  );
  // What the server answers is the memory itself: no cache may keep a copy that outlives a forget
  // (a browser's, a caching proxy's in front of the TLS this server lacks). A room that sets its
  // own (the dashboard: no-store too, its static assets an hour) keeps it (attacks40).
  app.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  app.use("*", guardHostAndOrigin(options));
  // Every room, not only /v1: the dashboard's sign-in form is read before any key is checked, so
  // an unlimited body there let anyone who reaches the port fill the server's memory.
  app.use("*", limitBody(maxBodyBytes));

  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/readyz", async (c) => {
    try {
      await memory.store.getMeta("api-keys");
    } catch {
      throw new StrataError(
        "STORE_UNAVAILABLE",
        `The store (${memory.store.name}) does not answer: check it is up and reachable.`,
      );
    }
    return c.json({ ok: true, store: memory.store.name });
  });
  let doc: Record<string, unknown> | undefined;
  const document = () =>
    (doc ??= openApiDocument({ ...(options.version ? { version: options.version } : {}) }));
  app.get("/openapi.json", (c) => c.json(document()));
  app.get("/docs", (c) => c.html(docsPage(document())));

  app.route(
    "/v1",
    createRestApi({
      memory,
      ...(options.writeRate ? { writeRate: options.writeRate } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.loopbackClient ? { loopbackClient: options.loopbackClient } : {}),
    }),
  );

  if (options.makeMcpServer) {
    const loopbackClient = options.loopbackClient ?? peerIsLoopback;
    const mcp = createHttpApp({
      makeServer: options.makeMcpServer,
      authenticate: async (c) => {
        const caller = await identifyMcpCaller(c, memory.store, {
          token: options.mcpToken,
          namespace: memory.namespace,
          loopbackClient,
        });
        keyNames.set(c.req.raw, caller.keyName ?? "anonymous");
        return caller;
      },
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
      maxBodyBytes,
    });
    // Its own app (caller check, body limit, stateless transport): its middleware stays on /mcp.
    app.all("/mcp", (c) => mcp.fetch(c.req.raw, c.env));
  }

  options.mount?.(app);

  app.notFound((c) =>
    c.json(
      {
        error: {
          code: "NOT_FOUND",
          message: notFoundMessage(c.req.method, new URL(c.req.url).pathname, roomsOf(app)),
          details: {},
        },
      },
      404,
    ),
  );
  return app;
}

/** The first segments of the paths the app answers (/docs, /mcp, /ui, /v1 …), sorted. */
function roomsOf(app: Hono<{ Variables: RestVariables }>): string[] {
  const rooms = new Set<string>();
  for (const r of app.routes) {
    const room = /^\/[^/:*]+/.exec(r.path)?.[0];
    if (room) rooms.add(room);
  }
  return [...rooms].sort();
}

/**
 * The route an item's address asked under the collection it was written to means: a belief is
 * written at POST …/beliefs and an episode at POST …/episodes, but both are read, forgotten and
 * explained under …/items/{id}. Null when the path is not such an address or `items` has no
 * route for the method either.
 *
 *   itemRouteFor("GET", "/v1/namespaces/team-a/beliefs/b5")        // "GET /v1/namespaces/team-a/items/b5"
 *   itemRouteFor("GET", "/v1/namespaces/team-a/episodes/e1/explain") // "GET /v1/namespaces/team-a/items/e1/explain"
 *   itemRouteFor("POST", "/v1/namespaces/team-a/beliefs/b5")       // null (no POST …/items/{id})
 */
function itemRouteFor(method: string, pathname: string): string | null {
  const m = /^(\/v1\/namespaces\/[^/]+)\/(?:beliefs|episodes)\/([^/]+)(\/[^/]+)?$/.exec(pathname);
  if (!m) return null;
  const items = `${m[1]}/items/${m[2]}${m[3] ?? ""}`;
  return methodsOn(items).includes(method) ? `${method} ${items}` : null;
}

/**
 * The route a path under /v1 that names no namespace means (`/v1/recall`: every operation is under
 * /v1/namespaces/{namespace}/), in the default namespace, with the method asked when that route
 * takes it, else the ones it takes. Null when no such route exists.
 *
 *   namespacedRouteFor("GET", "/v1/recall")     // "GET /v1/namespaces/default/recall"
 *   namespacedRouteFor("POST", "/v1/recall")    // "GET /v1/namespaces/default/recall"
 *   namespacedRouteFor("GET", "/v1/items/b5")   // "GET /v1/namespaces/default/items/b5"
 *   namespacedRouteFor("GET", "/v1/nope")       // null
 */
function namespacedRouteFor(method: string, pathname: string): string | null {
  const m = /^\/v1\/(?!namespaces(?:\/|$))(.+)$/.exec(pathname);
  if (!m) return null;
  const under = `/v1/namespaces/default/${m[1]}`;
  const methods = methodsOn(under);
  if (methods.length === 0) return null;
  return `${methods.includes(method) ? method : methods.join(" or ")} ${under}`;
}

/**
 * A 404's message: the route asked for and, when only the method is wrong, the ones the path takes;
 * an item asked under beliefs or episodes, its route under items; an operation asked without a
 * namespace, its route under one; an operation asked by its verb (`…/remember`), its route. The
 * root, where a person lands who opens the server's address in a browser, names the rooms.
 */
function notFoundMessage(method: string, pathname: string, rooms: string[]): string {
  const methods = methodsOn(pathname).filter((m) => m !== method);
  const item = methods.length ? null : itemRouteFor(method, pathname);
  const namespaced = methods.length || item ? null : namespacedRouteFor(method, pathname);
  const verbs = methods.length || item || namespaced ? [] : verbRoutesFor(pathname);
  const takes = methods.length
    ? `: that path takes ${methods.join(" or ")}`
    : item
      ? `: a belief or an episode is read, explained and forgotten under items: ${item}`
      : namespaced
        ? `: every operation is under a namespace: ${namespaced} (or the namespace to use in place of default)`
        : verbs.length
          ? `: ${verbs.join("; ")}`
          : pathname === "/" && rooms.length > 0
            ? `: this server answers under ${rooms.slice(0, -1).join(", ")}${rooms.length > 1 ? " and " : ""}${rooms.at(-1)}${rooms.includes("/ui") ? " (/ui is the dashboard, for a browser)" : ""}`
            : "";
  return `No route ${method} ${pathname}${takes}. The routes are listed at /docs and /openapi.json.`;
}
