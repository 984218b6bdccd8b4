/**
 * The MCP SDK's own client connected to Strata's MCP server over `mem`, in process (the SDK's
 * linked in-memory transports): what a test asks the tools through. Close it when done.
 *
 *   const client = await mcpClientOf(mem);
 *   try { await client.callTool({ name: "recall", arguments: { query: "deploy" } }); }
 *   finally { await client.close(); }
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Memory } from "../../src/core/engine.js";
import { type CreateMcpServerOptions, createMcpServer } from "../../src/mcp/server.js";

/** `server` is what `createMcpServer` takes (a tool set, a judge); `name` is the client's. */
export async function mcpClientOf(
  mem: Memory,
  options: { server?: CreateMcpServerOptions; name?: string } = {},
): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(mem, options.server).connect(serverSide);
  const client = new Client({ name: options.name ?? "probe", version: "1" });
  await client.connect(clientSide);
  return client;
}
