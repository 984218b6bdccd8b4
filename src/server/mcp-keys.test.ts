/**
 * `/mcp` signed in with API keys, over a real socket with the real MCP SDK client: the key must
 * cover the server's namespace, its name is the audit actor, and every tool call is checked
 * against its scope (a read key recalls but cannot remember, and its refused write changes
 * nothing). The bearer token still works, and a request with neither is refused once a key exists.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { listenLocally } from "../../test/support/local-server.js";
import { testMemory } from "../../test/support/memory.js";
import { createApiKey, revokeApiKey } from "../access/api-keys.js";
import type { Memory } from "../core/engine.js";
import { createMcpServer } from "../mcp/server.js";
import { createServerApp, type RequestLogLine } from "./app.js";

const NS = "team-a";
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function listen(options: { token?: string } = {}) {
  const { mem, clock } = await testMemory({ namespace: NS });
  const log: RequestLogLine[] = [];
  const app = createServerApp({
    memory: mem,
    makeMcpServer: (caller) =>
      createMcpServer(mem, {
        ...(caller.actor ? { actor: caller.actor } : {}),
        ...(caller.permit ? { permit: caller.permit } : {}),
      }),
    ...(options.token ? { mcpToken: options.token } : {}),
    log: (line) => log.push(line),
  });
  const server = await listenLocally(app);
  stops.push(async () => {
    await server.close();
    await mem.close();
  });
  const url = new URL(`${server.origin}/mcp`);
  return { mem, clock, url, log };
}

async function connect(url: URL, credential?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: credential ? { headers: { authorization: `Bearer ${credential}` } } : {},
  });
  const client = new Client({ name: "keys-test", version: "1" });
  await client.connect(transport);
  stops.push(() => client.close());
  return client;
}

const text = (r: unknown) => (r as CallToolResult).content.map((c) => ("text" in c ? c.text : "")).join("\n");
const beliefCount = async (mem: Memory) => (await mem.stats()).beliefs.total;

describe("/mcp with API keys", () => {
  it("acts as a write key: its changes carry the key's name, and the log names it", async () => {
    const { mem, clock, url, log } = await listen();
    const { key } = await createApiKey(
      mem.store,
      { name: "ci-bot", scope: "write", namespaces: [NS] },
      clock,
    );
    const client = await connect(url, key);
    const r = await client.callTool({ name: "remember", arguments: { statement: "The retry limit is 5" } });
    expect(r.isError).toBeFalsy();
    expect((await mem.audit({ namespace: NS })).at(-1)?.actor).toBe("key:ci-bot");
    expect(log.filter((l) => l.route === "/mcp").every((l) => l.key === "ci-bot")).toBe(true);
  });

  it("lets a read key recall but refuses its write with FORBIDDEN, changing nothing", async () => {
    const { mem, clock, url } = await listen();
    await mem.remember("The gateway is Envoy");
    const { key } = await createApiKey(
      mem.store,
      { name: "viewer", scope: "read", namespaces: ["team-*"] },
      clock,
    );
    const client = await connect(url, key);
    const hits = await client.callTool({ name: "recall", arguments: { query: "gateway" } });
    expect(hits.isError).toBeFalsy();
    expect(text(hits)).toMatch(/Envoy/);
    const before = await beliefCount(mem);
    const headBefore = await mem.store.auditHeadMark(NS);
    const refused = await client.callTool({
      name: "remember",
      arguments: { statement: "The gateway is Nginx" },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^FORBIDDEN: .*scope read/);
    expect(await beliefCount(mem)).toBe(before);
    expect(await mem.store.auditHeadMark(NS)).toEqual(headBefore);
  });

  it("refuses a key for another namespace (403), a bad or revoked key and no key (401)", async () => {
    const { mem, clock, url } = await listen();
    const other = await createApiKey(
      mem.store,
      { name: "b-team", scope: "admin", namespaces: ["team-b"] },
      clock,
    );
    await expect(connect(url, other.key)).rejects.toThrow(/403|FORBIDDEN/);
    // The refusal names the server's one namespace and how to serve another.
    const refused = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${other.key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Key "b-team" may not act in namespace "team-a": it covers team-b. Use a key whose namespaces cover "team-a" (strata keys create --name NAME --scope read --namespaces team-a). This MCP server acts in namespace "team-a" only (strata -n NAME serve --http serves another).',
    );
    await expect(connect(url)).rejects.toThrow(/401|UNAUTHORIZED/);
    await expect(connect(url, "sk_strata_000000000000_nope")).rejects.toThrow(/401|UNAUTHORIZED/);
    const mine = await createApiKey(mem.store, { name: "mine", scope: "read", namespaces: [NS] }, clock);
    await connect(url, mine.key);
    await revokeApiKey(mem.store, mine.record.id, clock);
    await expect(connect(url, mine.key)).rejects.toThrow(/401|UNAUTHORIZED/);
  });

  it("still takes the bearer token, with every tool; without token or key it is refused", async () => {
    const { mem, clock, url } = await listen({ token: "op-secret" });
    await createApiKey(mem.store, { name: "viewer", scope: "read", namespaces: [NS] }, clock);
    const operator = await connect(url, "op-secret");
    const r = await operator.callTool({ name: "remember", arguments: { statement: "The queue is SQS" } });
    expect(r.isError).toBeFalsy();
    // Stateless HTTP: each request has a fresh server that never heard the client's name.
    expect((await mem.audit({ namespace: NS })).at(-1)?.actor).toBe("mcp:unknown");
    await expect(connect(url)).rejects.toThrow(/401|UNAUTHORIZED/);
  });

  it("serves a loopback caller without a key only while no key exists", async () => {
    const { mem, clock, url } = await listen();
    const open = await connect(url);
    expect((await open.callTool({ name: "recall", arguments: { query: "anything" } })).isError).toBeFalsy();
    await createApiKey(mem.store, { name: "first", scope: "read", namespaces: [NS] }, clock);
    await expect(connect(url)).rejects.toThrow(/401|UNAUTHORIZED/);
  });
});
