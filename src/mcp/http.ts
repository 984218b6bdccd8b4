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
import { isStrataError } from "../core/errors.js";
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

const refuse = (c: Context, status: 401 | 403 | 413, code: string, message: string, headers = {}) =>
  c.json({ error: { code, message } }, status, headers);

/**
 * The Host and Origin checks as a Hono middleware (DNS-rebinding and cross-site protection),
 * shared by every HTTP surface of the server (MCP here, REST in src/server).
 *
 *   app.use("*", guardHostAndOrigin({ allowedHosts: LOOPBACK_HOSTS, allowedOrigins: [] }));
 */
export function guardHostAndOrigin(options: {
  allowedHosts?: readonly string[] | undefined;
  allowedOrigins?: readonly string[] | undefined;
}): MiddlewareHandler {
  const allowedHosts = options.allowedHosts?.length ? options.allowedHosts : LOOPBACK_HOSTS;
  const allowedOrigins = options.allowedOrigins ?? [];
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
    if (origin !== undefined && !allowedOrigins.includes(origin)) {
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
        );
    }
    await next();
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
    const server = options.makeServer(c.get("caller") ?? {});
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBodyBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
  // Stateless: no server-initiated stream and no session to delete.
  app.on(["GET", "DELETE"], path, (c) =>
    c.json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null }, 405),
  );
  return app;
}
