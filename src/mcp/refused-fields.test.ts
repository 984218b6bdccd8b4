/**
 * A refusal as an MCP client reads it names the tool's arguments and tools, never a library call:
 * `remember` with kind "rule" pointed at `capture({ when, prefer })` before newcomer44. The
 * tools' arguments are the library's fields (src/mcp/schemas.ts builds them from the core's), so
 * a cross-field rule reads as the engine words it. Through the real SDK client over
 * InMemoryTransport, on a real SQLite store.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mcpClientOf } from "../../test/support/mcp-client.js";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "../core/engine.js";
import { toolSpecs } from "./server.js";

let mem: Memory;
let client: Client;

beforeEach(async () => {
  ({ mem } = await testMemory());
  client = await mcpClientOf(mem);
});
afterEach(async () => {
  await client.close();
  await mem.close();
});

const refused = async (name: string, args: Record<string, unknown>) => {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(r.isError).toBe(true);
  return r.content.map((c) => ("text" in c ? c.text : "")).join("\n");
};

const argumentsOf = (name: string) =>
  Object.keys((toolSpecs().find((t) => t.name === name)!.input as unknown as { shape: object }).shape);

describe("MCP refusals in the tools' words", () => {
  it("remember with kind rule names the capture tool, not a library call", async () => {
    const text = await refused("remember", { statement: "Prefer XML for Anthropic", kind: "rule" });
    expect(text).toContain("use the `capture` tool (when, prefer) instead of remember");
    expect(text).not.toMatch(/capture\(/);
    expect(argumentsOf("capture")).toEqual(expect.arrayContaining(["when", "prefer"]));
  });

  it("recall with types and kinds that leave episodes out names the two arguments given", async () => {
    const text = await refused("recall", { query: "deploy", types: ["decision"], kinds: ["fact"] });
    expect(text).toBe(
      'INVALID_INPUT: recall: types filters episodes, but kinds leaves episodes out: add "episode" to kinds or drop types.',
    );
    expect(argumentsOf("recall")).toEqual(expect.arrayContaining(["types", "kinds"]));
  });
});
