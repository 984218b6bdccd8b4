/**
 * A metadata filter with an own `"__proto__"` field — what JSON.parse makes of a REST query's
 * `metadata={"__proto__":"x","ticket":"A"}` or an MCP argument — was filtered on its other
 * fields alone: zod's record skips that key, so the condition vanished in silence and the answer
 * held items it excluded. No metadata can hold the field (writes refuse it since attacks24), so
 * the filter is refused, on every surface, with a message that names it.
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { isStrataError } from "../../src/core/errors.js";
import { createServerApp } from "../../src/server/app.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { testMemory } from "../support/memory.js";

let mem: Memory;
beforeEach(async () => {
  ({ mem } = await testMemory());
  await mem.remember("The ticket OPS-1 is about the deploy key", { metadata: { ticket: "A" } });
});
afterEach(async () => {
  await mem.close();
});

const PROTO = '{"__proto__":"x","ticket":"A"}';
const says = /metadata filter field cannot be "__proto__"/;

describe('a metadata filter naming "__proto__" is refused, never dropped', () => {
  it.each([
    ["list", () => mem.list({ metadata: JSON.parse(PROTO) })],
    ["recall", () => mem.recall("ticket deploy key", { metadata: JSON.parse(PROTO) })],
    ["list, the field alone", () => mem.list({ metadata: JSON.parse('{"__proto__":"A"}') })],
  ])("library %s: INVALID_INPUT", async (_, call) => {
    const error = await call().catch((e: unknown) => e);
    expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
    expect(String((error as Error).message)).toMatch(says);
  });

  it("REST GET …/items?metadata=: 400 naming the field", async () => {
    const app = createServerApp({ memory: mem, loopbackClient: () => true });
    const res = await app.request(`/v1/namespaces/default/items?metadata=${encodeURIComponent(PROTO)}`, {
      headers: { host: "localhost" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(says);
  });

  it("MCP recall tool: an isError result, not hits filtered on the ticket alone", async () => {
    const client = await mcpClientOf(mem);
    try {
      const r = (await client.callTool({
        name: "recall",
        arguments: { query: "ticket deploy key", metadata: JSON.parse(PROTO) },
      })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(JSON.stringify(r.content)).toMatch(/__proto__/);
    } finally {
      await client.close();
    }
  });

  it("a filter on the same field without __proto__ still matches (control)", async () => {
    expect(await mem.list({ metadata: { ticket: "A" } })).toHaveLength(1);
    expect(await mem.list({ metadata: { constructor: "A" } })).toHaveLength(0);
  });
});
