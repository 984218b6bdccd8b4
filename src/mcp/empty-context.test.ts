/**
 * The MCP `context` tool when nothing goes into the block: before newcomer40 its text content was
 * the empty string, which tells a model at the start of a task nothing (recall says "Nothing
 * recalled."). Through the real SDK client over InMemoryTransport, on a real SQLite store.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "../core/engine.js";
import { createMcpServer } from "./server.js";

let mem: Memory;
let client: Client;

beforeEach(async () => {
  ({ mem } = await testMemory());
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(mem).connect(serverSide);
  client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
});
afterEach(async () => {
  await client.close();
  await mem.close();
});

const context = async (args: Record<string, unknown>) => {
  const r = (await client.callTool({ name: "context", arguments: args })) as CallToolResult;
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return {
    text: r.content.map((c) => ("text" in c ? c.text : "")).join("\n"),
    structured: r.structuredContent as { text: string; tokens: number; skipped: string[] },
  };
};

describe("context with nothing to put in the block", () => {
  it.each([
    ["an empty store, no goal", [], {}],
    ["an empty store, a goal", [], { goal: "deploy the API" }],
    ["a goal nothing stored bears on", ["The retry limit is 5"], { goal: "paint the fence" }],
  ] as const)(
    "%s: the text says so and what to do; the structured answer is as it was",
    async (_what, writes, args) => {
      for (const statement of writes) await mem.remember(statement);
      const r = await context(args);
      expect(r.text).toMatch(/^Nothing in context: memory holds nothing yet that bears on this goal/);
      expect(r.text).toMatch(/Record what happens and remember what lasts/);
      expect(r.structured).toEqual({ text: "", tokens: 0, skipped: [] });
    },
  );

  it("a block that holds anything is the block, word for word", async () => {
    await mem.remember("The retry limit is 5");
    const r = await context({});
    expect(r.text).toContain("[b1] The retry limit is 5");
    expect(r.text).toBe(r.structured.text);
  });
});
