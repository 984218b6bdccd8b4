/**
 * A JSON object that names a key twice (attacks44): which one counts, and is it the same on every
 * surface? Every surface reads JSON with the platform's parser, where the last one wins; a check
 * (the REST path's id against the body's, a namespace in the body refused as an unknown option)
 * sees the same value the engine then acts on, so no check reads one and the write the other.
 * Held, and pinned here on a real socket (REST, MCP over Streamable HTTP) on a SQLite file and on
 * PostgreSQL, and for a hook's payload.
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { serve } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { readPayload } from "../../src/cli/commands/hook.js";
import type { Memory } from "../../src/core/engine.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { createServerApp } from "../../src/server/app.js";
import { memoryBackends } from "../support/backends.js";

function post(port: number, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const bytes = Buffer.from(body, "utf8");
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "content-length": String(bytes.length), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(bytes);
  });
}

async function listen(mem: Memory) {
  const app = createServerApp({ memory: mem, makeMcpServer: () => createMcpServer(mem) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const contents = async (mem: Memory) =>
  (await mem.list({ layer: "episode" })).map((i) => (i as { content: string }).content).sort();

for (const backend of memoryBackends("dupkeys"))
  describe.skipIf(backend.skip)(`duplicate keys (${backend.name})`, () => {
    it("the last of a key named twice wins on REST and MCP alike; a namespace named twice is refused either way", async () => {
      const { mem } = await backend.open();
      const served = await listen(mem);
      const json = { "content-type": "application/json" };
      try {
        const rest = await post(
          served.port,
          "/v1/namespaces/default/episodes",
          json,
          '{"content":"first said over REST","content":"last said over REST"}',
        );
        expect(rest.status).toBe(200);
        const mcp = await post(
          served.port,
          "/mcp",
          { ...json, accept: "application/json, text/event-stream" },
          '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"record","arguments":{"content":"first said over MCP","content":"last said over MCP"}}}',
        );
        expect(mcp.status).toBe(200);
        expect(mcp.text).not.toContain('"isError":true');
        expect(await contents(mem)).toEqual(["last said over MCP", "last said over REST"]);

        // A namespace in the body, first or last, is an unknown option: refused, nothing stored.
        for (const body of [
          '{"content":"a fern","namespace":"team-b","namespace":"default"}',
          '{"content":"a fern","namespace":"default","namespace":"team-b"}',
        ]) {
          const r = await post(served.port, "/v1/namespaces/default/episodes", json, body);
          expect(r.status, body).toBe(400);
        }
        expect(await mem.withNamespace("team-b").stats()).toMatchObject({ episodes: { total: 0 } });
        expect(await contents(mem)).toHaveLength(2);
      } finally {
        await served.close();
        await mem.close();
      }
    });
  });

describe("duplicate keys in a hook's payload", () => {
  it("the last wins there too", async () => {
    expect(
      await readPayload(Readable.from(['{"prompt":"first","prompt":"last","cwd":"/a","cwd":"/b"}'])),
    ).toEqual({ prompt: "last", cwd: "/b" });
  });
});
