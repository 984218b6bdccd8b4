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
  // Since newcomer41 the reason is the engine's (`whyEmpty`), which the tool phrases and returns.
  it.each([
    [
      "an empty store, no goal",
      [],
      {},
      "empty-namespace",
      /^Nothing in context: memory holds nothing yet \(no belief and no event/,
    ],
    [
      "an empty store, a goal",
      [],
      { goal: "deploy the API" },
      "empty-namespace",
      /^Nothing in context: memory holds nothing yet/,
    ],
    [
      "a goal nothing stored bears on",
      ["The retry limit is 5"],
      { goal: "paint the fence" },
      "nothing-relevant",
      /^Nothing in context: memory holds beliefs or events, but none bears on this goal\. Recall searches/,
    ],
    [
      "a budget nothing chosen fits",
      ["The retry limit is 5"],
      { goal: "retry limit", tokenBudget: 32 },
      "over-budget",
      /^Nothing in context: b1 did not fit the token budget; raise tokenBudget/,
    ],
  ] as const)(
    "%s: the text says why and what to do; the structured answer carries the reason",
    async (_what, writes, args, why, says) => {
      for (const statement of writes) await mem.remember(statement);
      const r = await context(args);
      expect(r.text).toMatch(says);
      expect(r.structured).toEqual({
        text: "",
        tokens: 0,
        skipped: why === "over-budget" ? ["b1"] : [],
        whyEmpty: why,
      });
    },
  );

  it("a block that holds anything is the block, word for word, and whyEmpty is null", async () => {
    await mem.remember("The retry limit is 5");
    const r = await context({});
    expect(r.text).toContain("[b1] The retry limit is 5");
    expect(r.text).toBe(r.structured.text);
    expect(r.structured).toMatchObject({ whyEmpty: null });
  });
});
