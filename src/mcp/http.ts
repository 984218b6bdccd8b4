/**
 * Streamable HTTP for the MCP server, on Hono's web-standard Request/Response. Stateless: every
 * POST gets a fresh server and transport over the one shared engine (a stateless transport
 * cannot be reused across requests).
 *
 * Safe by default, in this order, before any tool runs:
 *   Host     must name an allowed host (default: loopback names), so a page that rebinds its
 *            own domain to 127.0.0.1 (DNS rebinding) is refused: 403 HOST_NOT_ALLOWED
 *   Origin   when a browser sends one, it must be the server's own origin or an allowed origin:
 *            403 ORIGIN_NOT_ALLOWED
 *   caller   when set, `authenticate` names the caller (an API key, say) or refuses it: 401
 *            UNAUTHORIZED or 403 FORBIDDEN; the caller's actor and permission go to the server
 *   token    otherwise, when set, `Authorization: Bearer <token>`, compared in constant time:
 *            401 UNAUTHORIZED
 *   size     a body over `maxBodyBytes` is refused unread: 413 PAYLOAD_TOO_LARGE
 * Every refusal is `{ "error": { "code", "message" } }`.
 *
 *   const app = createHttpApp({ makeServer: () => createMcpServer(mem), token: "s3cret" });
 *   await app.request("/mcp", { method: "POST", headers, body }); // testable without a socket
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { isStrataError, StrataError, utf8Text } from "../core/errors.js";
import type { Access } from "../core/operations/operation.js";

/** Host names every server accepts: the loopback interface under its usual names. */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);
/** Largest request body, in bytes, unless told otherwise: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Who an HTTP request comes from, as `authenticate` found: what its server acts as and may do. */
export interface McpCaller {
  /** The API key's name, for request logs; none for the token or a loopback caller. */
  keyName?: string;
  /** The audit actor of its changes (`key:ci-bot`); default `mcp:<client name>`. */
  actor?: string;
  /** Throws FORBIDDEN for an operation needing more access than the caller has. */
  permit?: (access: Access) => void;
}

export interface HttpAppOptions {
  /** A new MCP server for one request, acting as its caller. */
  makeServer: (caller: McpCaller) => McpServer;
  /**
   * Names the caller of a request before any tool runs, or refuses it by throwing a StrataError
   * coded UNAUTHORIZED (401) or FORBIDDEN (403). Takes the place of `token` when set.
   */
  authenticate?: (c: Context) => Promise<McpCaller>;
  /** When set (and no `authenticate`), every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Path of the MCP endpoint. Default `/mcp`. */
  path?: string;
  /**
   * Host header values accepted: a name (`localhost`, any port) or `name:port` (that port only);
   * `*` accepts any host (only sensible behind a token). Default {@link LOOPBACK_HOSTS}.
   */
  allowedHosts?: readonly string[];
  /**
   * Origins (`https://app.example`) accepted besides the server's own. A request without an
   * Origin header (not from a browser) is not checked. Default none.
   */
  allowedOrigins?: readonly string[];
  /** Largest request body in bytes. Default {@link DEFAULT_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
}

/** Constant-time: both sides are hashed first, so neither the content nor the length leaks. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** `Host: Example.com:8787` → { name: "example.com", port: "8787" }; IPv6 keeps its brackets. */
export function splitHost(value: string): { name: string; port: string | null } {
  const v = value.trim().toLowerCase();
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(v);
  return m ? { name: m[1]!, port: m[2] ?? null } : { name: v, port: null };
}

export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (!host) return false;
  if (allowed.includes("*")) return true;
  const given = splitHost(host);
  return allowed.some((entry) => {
    const want = splitHost(entry);
    return want.name === given.name && (want.port === null || want.port === given.port);
  });
}

const refuse = (
  c: Context,
  status: 401 | 403 | 413,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => c.json({ error: { code, message } }, status, headers);

/**
 * The origins a server accepts besides its own, each as a browser serialises it
 * (`https://app.example`, `http://localhost:3000`): `https://App.Example:443/` is read as
 * `https://app.example`. Refused with INVALID_INPUT, naming the entry: `null` (what a sandboxed
 * iframe, a `file://` page or a `data:` URL sends — from any site, so listing it lists them all),
 * `*` (a wildcard would accept every site; Strata has none), and anything with a path, query or
 * credentials, or that is not an http(s) origin (no browser sends it, so it would never match).
 *
 *   allowedOriginsOf(["https://App.example/"]); // ["https://app.example"]
 *   allowedOriginsOf(["null"]);                 // throws INVALID_INPUT
 */
export function allowedOriginsOf(entries: readonly string[] = []): string[] {
  return entries.map((entry) => {
    const refuse = (why: string) =>
      new StrataError(
        "INVALID_INPUT",
        `allowed origin "${entry}" ${why}: name each one as scheme://host[:port], such as https://app.example or http://localhost:3000.`,
        { field: "allowedOrigins" },
      );
    const value = entry.trim();
    if (value === "*") throw refuse("is a wildcard, which would let every web site call the server");
    if (value.toLowerCase() === "null")
      throw refuse(
        "is what sandboxed iframes and file:// pages of any site send, so it would let them all call the server",
      );
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw refuse("is not an origin");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      // An extension's or a webview's page (chrome-extension://id): its origin is the text itself.
      if (url.protocol !== "file:" && /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(?::\d+)?$/i.test(value))
        return value.toLowerCase();
      throw refuse("is not an origin a browser sends");
    }
    if (
      url.username ||
      url.password ||
      url.search ||
      url.hash ||
      (url.pathname !== "/" && url.pathname !== "")
    )
      throw refuse("has more than an origin (a path, query or user), which no browser sends");
    return url.origin;
  });
}

/** What a listed origin's page may send: the methods the routes take, the headers they read. */
export const CORS_ALLOW_METHODS = "GET, POST, PUT, DELETE";
export const CORS_ALLOW_HEADERS =
  "Content-Type, Authorization, X-API-Key, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID";
/** The answer headers a listed origin's script may read besides the safelisted ones. */
export const CORS_EXPOSE_HEADERS = "Retry-After, WWW-Authenticate, Mcp-Session-Id, Strata-Why-Empty";

/**
 * The Host and Origin checks as a Hono middleware (DNS-rebinding and cross-site protection),
 * shared by every HTTP surface of the server (MCP here, REST in src/server).
 *
 * CORS: a page of an origin listed in `allowedOrigins` gets what a browser needs to call the
 * server and read the answer — a preflight (`OPTIONS` with `Access-Control-Request-Method`)
 * answered 204 with `Access-Control-Allow-Origin` naming that origin (never `*`), the methods and
 * headers above, and `Vary: Origin`; every other answer to it carries the same origin. Never
 * `Access-Control-Allow-Credentials`: a listed page sends a key, it never rides the dashboard's
 * session cookie. Any other origin, `Origin: null` included, is refused before anything runs,
 * its preflight too (403 ORIGIN_NOT_ALLOWED, no CORS headers, so the browser sends nothing more).
 * The server's own origin needs no CORS (a browser does not preflight a same-origin request).
 *
 *   app.use("*", guardHostAndOrigin({ allowedHosts: LOOPBACK_HOSTS, allowedOrigins: [] }));
 */
export function guardHostAndOrigin(options: {
  allowedHosts?: readonly string[] | undefined;
  allowedOrigins?: readonly string[] | undefined;
}): MiddlewareHandler {
  const allowedHosts = options.allowedHosts?.length ? options.allowedHosts : LOOPBACK_HOSTS;
  const allowedOrigins = allowedOriginsOf(options.allowedOrigins);
  return async (c, next) => {
    const host = c.req.header("host");
    if (!hostAllowed(host, allowedHosts))
      return refuse(
        c,
        403,
        "HOST_NOT_ALLOWED",
        `Host "${host ?? ""}" is not allowed (DNS-rebinding protection). Connect through ${allowedHosts.join(", ")}, or start the server with --allowed-hosts naming the host clients use.`,
      );
    const origin = c.req.header("origin");
    const listed = origin !== undefined && allowedOrigins.includes(origin);
    if (origin !== undefined && !listed) {
      let own = false;
      try {
        own = new URL(origin).host === host?.toLowerCase();
      } catch {}
      if (!own)
        return refuse(
          c,
          403,
          "ORIGIN_NOT_ALLOWED",
          `Origin "${origin}" is not allowed: a web page may call this server only from an origin listed with --allowed-origins.`,
          { Vary: "Origin" },
        );
    }
    if (!listed) {
      // A page of another site loading the server as an image, script, frame or no-cors fetch
      // sends no Origin on a GET, but a browser that sends Fetch Metadata names the site it came
      // from: such a request would run (a recall, a listing) though its page cannot read the
      // answer. Refused like a foreign Origin. A navigation (a link or bookmark to the dashboard)
      // still opens, and a client that is no browser sends no Sec-Fetch-Site.
      const site = c.req.header("sec-fetch-site");
      if ((site === "cross-site" || site === "same-site") && c.req.header("sec-fetch-mode") !== "navigate")
        return refuse(
          c,
          403,
          "ORIGIN_NOT_ALLOWED",
          `A request from another site's page (Sec-Fetch-Site: ${site}) is not allowed: a web page may call this server only from an origin listed with --allowed-origins.`,
          { Vary: "Origin" },
        );
      await next();
      return;
    }
    const cors = { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method") !== undefined)
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          "Access-Control-Allow-Methods": CORS_ALLOW_METHODS,
          "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS,
          "Access-Control-Max-Age": "600",
        },
      });
    await next();
    // A copy: an answer passed through from another app (`/mcp`) may have immutable headers.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("Access-Control-Allow-Origin", origin);
    c.res.headers.set("Access-Control-Expose-Headers", CORS_EXPOSE_HEADERS);
    if (!/\borigin\b/i.test(c.res.headers.get("Vary") ?? "")) c.res.headers.append("Vary", "Origin");
  };
}

/** The request-body limit as a Hono middleware: a larger body is refused unread (413). */
export function limitBody(maxBodyBytes: number = DEFAULT_MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) =>
      refuse(
        c,
        413,
        "PAYLOAD_TOO_LARGE",
        `The request body is over the ${maxBodyBytes}-byte limit: send less per call (split the text), or raise --max-body-bytes.`,
      ),
  });
}

export function createHttpApp(options: HttpAppOptions): Hono<{ Variables: { caller?: McpCaller } }> {
  const app = new Hono<{ Variables: { caller?: McpCaller } }>();
  const path = options.path ?? "/mcp";
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  app.use("*", guardHostAndOrigin(options));

  if (options.authenticate) {
    const authenticate = options.authenticate;
    app.use("*", async (c, next) => {
      try {
        c.set("caller", await authenticate(c));
      } catch (error) {
        if (isStrataError(error) && error.code === "UNAUTHORIZED")
          return refuse(c, 401, error.code, error.message, { "WWW-Authenticate": 'Bearer realm="strata"' });
        if (isStrataError(error) && error.code === "FORBIDDEN")
          return refuse(c, 403, error.code, error.message);
        throw error;
      }
      await next();
    });
  } else if (options.token) {
    const token = options.token;
    app.use("*", async (c, next) => {
      const header = c.req.header("authorization") ?? "";
      const given = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? "";
      if (!sameSecret(given, token))
        return refuse(c, 401, "UNAUTHORIZED", "Send Authorization: Bearer <token>.", {
          "WWW-Authenticate": 'Bearer realm="strata"',
        });
      await next();
    });
  }

  app.post(path, limitBody(maxBodyBytes), async (c) => {
    // Bytes, not text: the transport's decoder put U+FFFD for a byte that is not UTF-8 and the
    // tool stored a text the client never sent. Read here and refused as the parse error it is;
    // UTF-8 goes on to the transport, which answers everything else (its own parse error too).
    let text: string;
    try {
      text = utf8Text(new Uint8Array(await c.req.raw.arrayBuffer()), "The request body");
    } catch (error) {
      if (!isStrataError(error)) throw error;
      return c.json(
        {
          jsonrpc: "2.0",
          error: {
            code: -32700,
            message: `Parse error: ${error.message}`,
            data: { code: error.code, ...error.details },
          },
          id: null,
        },
        400,
      );
    }
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(text);
    } catch {}
    const server = options.makeServer(c.get("caller") ?? {});
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBodyBytes,
    });
    await server.connect(transport);
    try {
      return await (parsedBody === undefined
        ? transport.handleRequest(
            new Request(c.req.raw.url, { method: "POST", headers: c.req.raw.headers, body: text }),
          )
        : transport.handleRequest(c.req.raw, { parsedBody }));
    } finally {
      await server.close();
    }
  });
  // Stateless: no server-initiated stream and no session to delete. A client takes the 405 as
  // "no stream"; a person who opened the URL the server printed in a browser reads what it is.
  app.on(["GET", "DELETE"], path, (c) =>
    c.json(
      {
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: `Method not allowed: ${c.req.method} ${path} is the MCP endpoint (Streamable HTTP, stateless), which an MCP client POSTs JSON-RPC to (strata install <client> wires one); it opens no event stream and keeps no session.`,
        },
        id: null,
      },
      405,
      { Allow: "POST" },
    ),
  );
  return app;
}
