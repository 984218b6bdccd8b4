/**
 * The two addresses `strata serve --http` prints that a newcomer opens in a browser first: the
 * server's root and its /mcp URL. Before newcomer40 the root said only "No route GET /" and /mcp
 * said "Method not allowed." (JSON-RPC, no Allow header): neither said what the server is or where
 * to go. Through the server app with the dashboard and MCP mounted as `serve --http` mounts them.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import { createMcpServer } from "../mcp/server.js";
import { createServerApp } from "./app.js";

const HOST = { host: "localhost" };

async function served(options: { dashboard: boolean }) {
  const { mem } = await testMemory();
  const app = createServerApp({
    memory: mem,
    loopbackClient: () => true,
    makeMcpServer: () => createMcpServer(mem),
    ...(options.dashboard
      ? {
          mount: (root) =>
            root.route(
              "/ui",
              new Hono().get("/", (c) => c.text("ui")),
            ),
        }
      : {}),
  });
  return { mem, app };
}

describe("the first addresses a newcomer opens", () => {
  it.each([
    [
      true,
      "No route GET /: this server answers under /docs, /healthz, /mcp, /openapi.json, /readyz, /ui and /v1 (/ui is the dashboard, for a browser). The routes are listed at /docs and /openapi.json.",
    ],
    [
      false,
      "No route GET /: this server answers under /docs, /healthz, /mcp, /openapi.json, /readyz and /v1. The routes are listed at /docs and /openapi.json.",
    ],
  ])("GET / with the dashboard mounted: %s → a 404 naming the rooms", async (dashboard, message) => {
    const { mem, app } = await served({ dashboard });
    const r = await app.request("/", { headers: HOST });
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: { code: "NOT_FOUND", message, details: {} } });
    await mem.close();
  });

  it("an unknown path other than the root says no more than before", async () => {
    const { mem, app } = await served({ dashboard: true });
    const r = await app.request("/nope", { headers: HOST });
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe(
      "No route GET /nope. The routes are listed at /docs and /openapi.json.",
    );
    await mem.close();
  });

  it.each(["GET", "DELETE"])(
    "%s /mcp: 405 with Allow: POST, saying what the endpoint is and how a client reaches it",
    async (method) => {
      const { mem, app } = await served({ dashboard: true });
      const r = await app.request("/mcp", { method, headers: HOST });
      expect(r.status).toBe(405);
      expect(r.headers.get("allow")).toBe("POST");
      const body = (await r.json()) as {
        jsonrpc: string;
        error: { code: number; message: string };
        id: null;
      };
      expect(body).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 }, id: null });
      expect(body.error.message).toBe(
        `Method not allowed: ${method} /mcp is the MCP endpoint (Streamable HTTP, stateless), which an MCP client POSTs JSON-RPC to (strata install <client> wires one); it opens no event stream and keeps no session.`,
      );
      await mem.close();
    },
  );
});
