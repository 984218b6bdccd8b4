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
import { createMcpServer } from "../../src/mcp/server.js";

export async function mcpClientOf(mem: Memory, name = "probe"): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(mem).connect(serverSide);
  const client = new Client({ name, version: "1" });
  await client.connect(clientSide);
  return client;
}
