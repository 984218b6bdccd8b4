/**
 * A field given under the name another request, tool or API gives it (`limit` for recall's `k`)
 * is refused on REST and MCP as on the CLI, and the refusal names the field meant, from the one
 * table in the core (NAME_MEANINGS, src/core/borrowed-names.ts). Through a real socket: REST
 * with raw HTTP, MCP with the SDK's own client over Streamable HTTP.
 *
 * Before surfaces28: REST said `Invalid recall: unknown option "limit".` and MCP the SDK's
 * `Unrecognized key: "limit"`, neither naming `k`; only the CLI named the flag.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/server.js";
import { type LoopbackServer, serveLoopback } from "../support/loopback-server.js";
import { storeSnapshot } from "../support/store-snapshot.js";

let served: LoopbackServer;
let client: Client;

beforeAll(async () => {
  served = await serveLoopback((memory) => ({ memory, makeMcpServer: () => createMcpServer(memory) }));
  client = new Client({ name: "borrowed-names-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${served.port}/mcp`)));
});
afterAll(async () => {
  await client.close();
  await served.close();
});

const NS = "/v1/namespaces/default";

describe("REST names the field a borrowed name means", () => {
  it.each([
    // [method, route, body, the unknown field, the field meant]
    ["GET", `${NS}/recall?query=deploy&limit=5`, undefined, "limit", "k"],
    ["GET", `${NS}/recall?query=deploy&top_k=5`, undefined, "top_k", "k"],
    ["GET", `${NS}/recall?query=deploy&date=2026-01-01`, undefined, "date", "at"],
    ["GET", `${NS}/items?k=5`, undefined, "k", "limit"],
    ["GET", `${NS}/context?goal=deploy&tokens=300`, undefined, "tokens", "tokenBudget"],
    ["POST", `${NS}/beliefs`, { statement: "The retry limit is 7", meta: { team: "a" } }, "meta", "metadata"],
    // newcomer35: a search API's q, and the name record gives the text remember calls statement
    ["GET", `${NS}/recall?q=deploy`, undefined, "q", "query"],
    ["POST", `${NS}/beliefs`, { content: "The retry limit is 7" }, "content", "statement"],
  ] as const)("%s %s %j: 400 naming the field %s means", async (method, route, body, field, meant) => {
    const before = await storeSnapshot(served.mem, served.path);
    const r = await served.send(
      method,
      route,
      body ? { "content-type": "application/json" } : {},
      body ? JSON.stringify(body) : undefined,
    );
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe("INVALID_INPUT");
    expect(r.json.error?.message).toContain(`unknown option "${field}" (did you mean "${meant}"?)`);
    const details = (r.json.error as { details?: { issues?: Array<{ meant?: Record<string, string[]> }> } })
      .details;
    // The unknown field's issue (after a required field's, when the name meant is the one missing).
    expect(details?.issues?.find((i) => i.meant)?.meant).toEqual({ [field]: [meant] });
    expect(await storeSnapshot(served.mem, served.path)).toEqual(before);
  });

  it("a name no row holds is refused as before, with no guess", async () => {
    const r = await served.send("GET", `${NS}/recall?query=deploy&color=red`, {});
    expect(r.status).toBe(400);
    expect(r.json.error?.message).toBe(
      'Invalid GET /v1/namespaces/{namespace}/recall: unknown option "color".',
    );
  });
});

describe("MCP names the field a borrowed name means (the SDK's client, over HTTP)", () => {
  const textOf = (r: Awaited<ReturnType<Client["callTool"]>>) =>
    (r.content as Array<{ type: string; text: string }>).map((c) => c.text).join("\n");

  it.each([
    // [tool, arguments, the unknown field, the field meant]
    ["recall", { query: "deploy", limit: 5 }, "limit", "k"],
    ["recall", { query: "deploy", filter: { team: "a" } }, "filter", "metadata"],
    ["recall", { query: "deploy", date: "2026-01-01" }, "date", "at"],
    ["context", { goal: "deploy", max_tokens: 300 }, "max_tokens", "tokenBudget"],
    ["inspect", { what: "candidates", k: 5 }, "k", "limit"],
  ] as const)("%s %j → isError naming the field meant", async (name, args, field, meant) => {
    const before = await storeSnapshot(served.mem, served.path);
    const r = await client.callTool({ name, arguments: args });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(
      `INVALID_INPUT: Invalid ${name}: unknown option "${field}" (did you mean "${meant}"?)`,
    );
    expect(await storeSnapshot(served.mem, served.path)).toEqual(before);
  });

  it("the right name is served, and a bad value still names its field", async () => {
    const ok = await client.callTool({ name: "recall", arguments: { query: "deploy", k: 5 } });
    expect(ok.isError).toBeFalsy();
    expect(textOf(ok)).toContain("deploy key");
    const bad = await client.callTool({ name: "remember", arguments: { statement: 42 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/INVALID_INPUT: Invalid remember: statement/);
  });

  it("a name no row holds is refused as unknown, with no guess", async () => {
    const r = await client.callTool({ name: "recall", arguments: { query: "deploy", color: "red" } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('unknown option "color"');
    expect(textOf(r)).not.toContain("did you mean");
  });
});
