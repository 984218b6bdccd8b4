/**
 * A tool's `id` field says which ids the tool takes, and the tool takes what it says: outcomes,
 * pins and unpins act on beliefs only, so their field does not offer an episode's id; restore,
 * explain and forget take either.
 *
 * Before newcomer37 every id field read "b12 or e7.", and `outcome {"id": "e7"}` or `curate
 * {"action": "pin", "id": "e7"}` was refused: "e7 is an episode; outcomes, pins and uses apply to
 * beliefs (b…)".
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
  await mem.record("Deployed the API at noon"); // e1
  const server = createMcpServer(mem);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
});
afterEach(async () => {
  await client.close();
  await mem.close();
});

/** The description of `tool`'s id field, as tools/list sends it. */
async function idDescription(tool: string): Promise<string> {
  const { tools } = await client.listTools();
  const schema = tools.find((t) => t.name === tool)!.inputSchema as unknown as {
    properties: { id: { description: string } };
  };
  return schema.properties.id.description;
}

const ROWS: { tool: string; args: Record<string, unknown>; takesEpisode: boolean }[] = [
  { tool: "outcome", args: { id: "e1", success: true }, takesEpisode: false },
  { tool: "outcome", args: { id: "e1" }, takesEpisode: false },
  { tool: "curate", args: { action: "pin", id: "e1" }, takesEpisode: false },
  { tool: "curate", args: { action: "unpin", id: "e1" }, takesEpisode: false },
  { tool: "curate", args: { action: "restore", id: "e1" }, takesEpisode: true },
  { tool: "inspect", args: { what: "explain", id: "e1" }, takesEpisode: true },
  { tool: "forget", args: { id: "e1" }, takesEpisode: true },
];

describe("a tool's id field offers an episode's id only where the tool takes one", () => {
  it.each(ROWS.map((row) => [`${row.tool} ${JSON.stringify(row.args)}`, row] as const))(
    "%s",
    async (_name, { tool, args, takesEpisode }) => {
      const r = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
      const text = r.content.map((c) => ("text" in c ? c.text : "")).join("\n");
      expect(/is an episode/.test(text), text).toBe(!takesEpisode);
      const described = await idDescription(tool);
      const action = String(args.action ?? args.what ?? "");
      // "b12 or e7." offers an episode to every action; "…; restore also takes e7." to restore alone.
      const offered =
        /\bor e7\b/.test(described) ||
        (action !== "" && new RegExp(`${action} also takes e7`).test(described));
      expect(offered, described).toBe(takesEpisode);
    },
  );
});
