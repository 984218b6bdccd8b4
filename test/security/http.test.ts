/**
 * The Streamable HTTP server over a real socket, attacked the way a web page and a careless
 * deployment would: forged Host (DNS rebinding) and Origin headers, a missing or wrong token,
 * a body over the limit. Every refusal is coded and happens before any tool runs.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { createHttpApp, type HttpAppOptions, hostAllowed, sameSecret } from "../../src/mcp/http.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { listenLocally } from "../support/local-server.js";
import { testMemory } from "../support/memory.js";
import { type RawAnswer, rawRequest } from "../support/raw-http.js";

let mem: Memory | null = null;
let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  await mem?.close();
  stop = null;
  mem = null;
});

async function listen(options: Omit<HttpAppOptions, "makeServer"> = {}): Promise<number> {
  ({ mem } = await testMemory());
  const engine = mem;
  const app = createHttpApp({ makeServer: () => createMcpServer(engine), ...options });
  const server = await listenLocally(app);
  stop = server.close;
  return server.port;
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
});

/** A raw POST of an MCP message, with whatever Host (and other) headers it is given. */
function post(port: number, headers: Record<string, string>, body = initialize): Promise<RawAnswer> {
  return rawRequest(
    port,
    "POST",
    "/mcp",
    { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  );
}

describe("HTTP: Host and Origin (DNS-rebinding protection, on by default)", () => {
  it("refuses a rebinding-style request (Host: evil.example) with 403 HOST_NOT_ALLOWED", async () => {
    const port = await listen();
    const r = await post(port, { host: `evil.example:${port}` });
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe("HOST_NOT_ALLOWED");
  });

  it("refuses a rebinding-style tool call that would erase an item, and nothing is erased", async () => {
    const port = await listen();
    const b = await mem!.remember("The staging database is Postgres 16");
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "forget", arguments: { id: b.id } },
    });
    const r = await post(port, { host: "attacker.test" }, call);
    expect(r.status).toBe(403);
    expect((await mem!.get(b.id)).status).toBe("active");
  });

  it.each([
    ["localhost with the port", (p: number) => `localhost:${p}`],
    ["127.0.0.1 with the port", (p: number) => `127.0.0.1:${p}`],
    ["[::1] with the port", (p: number) => `[::1]:${p}`],
  ])("accepts loopback Host: %s", async (_, host) => {
    const port = await listen();
    const r = await post(port, { host: host(port) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ jsonrpc: "2.0", id: 1 });
  });

  it("accepts a host named with allowedHosts, and only that one", async () => {
    const port = await listen({ allowedHosts: ["mybox.lan"] });
    expect((await post(port, { host: `mybox.lan:${port}` })).status).toBe(200);
    expect((await post(port, { host: `localhost:${port}` })).status).toBe(403);
  });

  it("refuses a request with no Host header at all", () => {
    expect(hostAllowed(undefined, ["localhost"])).toBe(false);
    expect(hostAllowed("localhost.evil.example", ["localhost"])).toBe(false);
    expect(hostAllowed("LOCALHOST:1", ["localhost"])).toBe(true);
    expect(hostAllowed("mybox:9", ["mybox:8787"])).toBe(false);
  });

  it("refuses a foreign Origin with 403 ORIGIN_NOT_ALLOWED even when Host is loopback", async () => {
    const port = await listen();
    const r = await post(port, { host: `127.0.0.1:${port}`, origin: "http://evil.example" });
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe("ORIGIN_NOT_ALLOWED");
  });

  it("accepts the server's own origin and an origin named with allowedOrigins", async () => {
    const port = await listen({ allowedOrigins: ["https://app.example"] });
    expect((await post(port, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).status).toBe(
      200,
    );
    expect((await post(port, { host: `127.0.0.1:${port}`, origin: "https://app.example" })).status).toBe(200);
    expect((await post(port, { host: `127.0.0.1:${port}`, origin: "https://app.example.evil" })).status).toBe(
      403,
    );
  });
});

describe("HTTP: token", () => {
  it("refuses a missing or wrong token with 401 UNAUTHORIZED and accepts the right one", async () => {
    const port = await listen({ token: "correct horse" });
    const host = `127.0.0.1:${port}`;
    for (const auth of [
      {},
      { authorization: "Bearer wrong" },
      { authorization: "Bearer correct hors" },
    ] as Record<string, string>[]) {
      const r = await post(port, { host, ...auth });
      expect(r.status).toBe(401);
      expect(r.json.error?.code).toBe("UNAUTHORIZED");
    }
    expect((await post(port, { host, authorization: "Bearer correct horse" })).status).toBe(200);
  });

  it("compares tokens by digest, so unequal lengths are simply unequal", () => {
    expect(sameSecret("a", "a")).toBe(true);
    expect(sameSecret("a", "ab")).toBe(false);
    expect(sameSecret("", "x")).toBe(false);
  });

  it("the SDK client works against a protected server with its token", async () => {
    const port = await listen({ token: "t0ken" });
    const client = new Client({ name: "t", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: { Authorization: "Bearer t0ken" } },
      }),
    );
    expect((await client.listTools()).tools.length).toBeGreaterThan(5);
    await client.close();
  });
});

describe("HTTP: body size", () => {
  it("refuses a body over the limit with 413 PAYLOAD_TOO_LARGE and stays up", async () => {
    const port = await listen({ maxBodyBytes: 64 * 1024 });
    const host = `127.0.0.1:${port}`;
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "record", arguments: { content: "x".repeat(100 * 1024) } },
    });
    const r = await post(port, { host }, big);
    expect(r.status).toBe(413);
    expect(r.json.error?.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await post(port, { host })).status).toBe(200);
  });
});
