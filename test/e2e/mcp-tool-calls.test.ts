/**
 * The two tools/call requests the MCP SDK refused in its own words before any Strata tool ran —
 * a tool this server does not have, and `arguments` that are no object — are refused as every
 * other call is: an `isError` result naming Strata's code and what to do, the store unchanged.
 * Through the SDK's own client, over InMemoryTransport and over Streamable HTTP on a real socket.
 *
 * Before surfaces29: an unknown tool answered `MCP error -32602: Tool recal not found` (no tool
 * named, none listed), and a string as `arguments` a protocol error (-32603) holding zod's raw
 * issue list.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Memory } from "../../src/core/engine.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { serveLoopback } from "../support/loopback-server.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { testMemory } from "../support/memory.js";
import { storeSnapshot } from "../support/store-snapshot.js";

interface Connected {
  mem: Memory;
  path: string;
  client: Client;
  close(): Promise<void>;
}

const TRANSPORTS: Record<string, (tools?: "strata" | "memory-server") => Promise<Connected>> = {
  async "in memory"(tools = "strata") {
    const { mem, path } = await testMemory({ file: true });
    await mem.remember("The deploy key rotates every Monday");
    const client = await mcpClientOf(mem, { server: { tools } });
    return {
      mem,
      path,
      client,
      close: async () => {
        await client.close();
        await mem.close();
      },
    };
  },
  async "Streamable HTTP"(tools = "strata") {
    const served = await serveLoopback((memory) => ({
      memory,
      makeMcpServer: () => createMcpServer(memory, { tools }),
    }));
    const client = new Client({ name: "tool-calls-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${served.port}/mcp`)));
    return {
      mem: served.mem,
      path: served.path,
      client,
      close: async () => {
        await client.close();
        await served.close();
      },
    };
  },
};

const textOf = (r: Awaited<ReturnType<Client["callTool"]>>) =>
  (r.content as Array<{ type: string; text: string }>).map((c) => c.text).join("\n");

const TOOL_LIST =
  "this server's tools are recall, context, record, remember, capture, outcome, inspect, curate, forget, sleep, settle, wrap; tools/list describes each.";

for (const [transport, connect] of Object.entries(TRANSPORTS)) {
  describe(`tools/call refusals are Strata's (${transport})`, () => {
    let c: Connected;
    beforeAll(async () => {
      c = await connect();
    });
    afterAll(async () => {
      await c.close();
    });

    it.each([
      // [tool asked for, the tools it may have meant]
      ["recal", ' (did you mean "recall"?)'], // a slip
      ["Remember", ' (did you mean "remember"?)'], // the same name, written otherwise
      ["consolidate", ' (did you mean "sleep"?)'], // an operation a tool runs: it must not run
      ["prepare_wrap", ' (did you mean "wrap"?)'],
      [
        "search_nodes",
        " (a tool of the official MCP memory server: strata serve --compat memory-server serves those nine instead)",
      ],
      ["search", ""], // nothing near: every tool is named
      ["__proto__", ""],
    ])("an unknown tool %j is NOT_FOUND, naming the tools%s", async (name, guess) => {
      const before = await storeSnapshot(c.mem, c.path);
      const r = await c.client.callTool({ name, arguments: { query: "deploy" } });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(`NOT_FOUND: Unknown tool "${name}"${guess}: ${TOOL_LIST}`);
      expect(await storeSnapshot(c.mem, c.path)).toEqual(before);
    });

    it.each([
      // [tool, arguments, what they are, the example field]
      ["remember", "The deploy key rotates daily", "a string", "statement"],
      ["remember", ["The deploy key rotates daily"], "an array", "statement"],
      ["record", 42, "a number", "content"],
      ["sleep", true, "a boolean", "action"],
      ["forget", null, "null", "id"],
      ["context", "deploy", "a string", "goal"],
    ])("%s with arguments %j is INVALID_INPUT, nothing run", async (name, args, kind, field) => {
      const before = await storeSnapshot(c.mem, c.path);
      const r = await c.client.callTool({ name, arguments: args as never });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(
        `INVALID_INPUT: Invalid ${name}: arguments must be an object of the tool's fields, such as { "${field}": … }, not ${kind}; tools/list gives its input schema.`,
      );
      expect(await storeSnapshot(c.mem, c.path)).toEqual(before);
    });

    it("a known tool with object arguments, or none, is served as before", async () => {
      const ok = await c.client.callTool({ name: "recall", arguments: { query: "deploy" } });
      expect(ok.isError).toBeFalsy();
      expect(textOf(ok)).toContain("deploy key");
      expect(ok.structuredContent).toMatchObject({
        hits: [expect.objectContaining({ text: expect.any(String) })],
      });
      const none = await c.client.callTool({ name: "context" });
      expect(none.isError).toBeFalsy();
      const missing = await c.client.callTool({ name: "remember" });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toBe(
        "INVALID_INPUT: Invalid remember: statement: statement is required: pass the text.",
      );
    });

    it("tools/call without a tool name is a protocol error in Strata's words", async () => {
      const asked = c.client.request(
        { method: "tools/call", params: { arguments: {} } } as never,
        z.object({}),
      );
      await expect(asked).rejects.toBeInstanceOf(McpError);
      await expect(asked).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        // The client's own "MCP error -32602: " once, then Strata's code (docs/mcp.md).
        message: expect.stringMatching(
          /^MCP error -32602: INVALID_INPUT: tools\/call names the tool it calls/,
        ),
      });
    });

    it("a method no handler serves is still -32601, as the SDK answers it", async () => {
      const asked = c.client.request({ method: "tools/nope", params: {} } as never, z.object({}));
      await expect(asked).rejects.toMatchObject({
        code: ErrorCode.MethodNotFound,
        message: "MCP error -32601: Method not found",
      });
    });
  });

  describe(`--compat memory-server keeps the SDK's answer, as the official server gives it (${transport})`, () => {
    it("an unknown tool", async () => {
      const c = await connect("memory-server");
      try {
        const r = await c.client.callTool({ name: "recal", arguments: {} });
        expect(r.isError).toBe(true);
        expect(textOf(r)).toBe("MCP error -32602: Tool recal not found");
      } finally {
        await c.close();
      }
    });
  });
}
