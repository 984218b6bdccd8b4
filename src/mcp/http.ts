/**
 * Streamable HTTP for the MCP server, on Hono's web-standard Request/Response. Stateless: every
 * POST gets a fresh server and transport over the one shared engine (a stateless transport
 * cannot be reused across requests). An optional bearer token guards every route.
 *
 *   const app = createHttpApp({ makeServer: () => createMcpServer(mem), token: "s3cret" });
 *   await app.request("/mcp", { method: "POST", headers, body }); // testable without a socket
 */
import { timingSafeEqual } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";

export interface HttpAppOptions {
  /** A new MCP server for one request. */
  makeServer: () => McpServer;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Path of the MCP endpoint. Default `/mcp`. */
  path?: string;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  const path = options.path ?? "/mcp";
  if (options.token) {
    const token = options.token;
    app.use("*", async (c, next) => {
      const header = c.req.header("authorization") ?? "";
      const given = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? "";
      if (!sameSecret(given, token))
        return c.json({ error: "unauthorized: send Authorization: Bearer <token>" }, 401, {
          "WWW-Authenticate": 'Bearer realm="strata"',
        });
      await next();
    });
  }
  app.post(path, async (c) => {
    const server = options.makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
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
