/** `--compat memory-server`: the official memory server's nine tools over Strata's store. */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mcpClientOf } from "../../test/support/mcp-client.js";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "../core/engine.js";

let mem: Memory;
let client: Client;

beforeEach(async () => {
  ({ mem } = await testMemory());
  client = await mcpClientOf(mem, { server: { tools: "memory-server" } });
});
afterEach(async () => {
  await client.close();
  await mem.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) =>
  // biome-ignore lint/suspicious/noExplicitAny: test reads structured results loosely
  (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: any };

describe("memory-server compatibility", () => {
  it("exposes exactly the official nine tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "add_observations",
        "create_entities",
        "create_relations",
        "delete_entities",
        "delete_observations",
        "delete_relations",
        "open_nodes",
        "read_graph",
        "search_nodes",
      ].sort(),
    );
  });

  it("creates, reads, searches, opens and deletes a graph", async () => {
    const created = await call("create_entities", {
      entities: [
        { name: "Alice", entityType: "person", observations: ["Speaks fluent Portuguese"] },
        { name: "Acme", entityType: "company", observations: [] },
      ],
    });
    expect(created.structuredContent.entities).toHaveLength(2);
    // Existing names are skipped, as in the official server.
    expect(
      (
        await call("create_entities", {
          entities: [{ name: "Alice", entityType: "person", observations: [] }],
        })
      ).structuredContent.entities,
    ).toEqual([]);
    const rel = await call("create_relations", {
      relations: [{ from: "Alice", to: "Acme", relationType: "works_at" }],
    });
    expect(rel.structuredContent.relations).toHaveLength(1);
    const added = await call("add_observations", {
      observations: [{ entityName: "Alice", contents: ["Prefers morning meetings"] }],
    });
    expect(added.structuredContent.results[0].addedObservations).toEqual(["Prefers morning meetings"]);

    const graph = (await call("read_graph")).structuredContent;
    expect(graph.entities.find((e: { name: string }) => e.name === "Alice").observations).toEqual([
      "Speaks fluent Portuguese",
      "Prefers morning meetings",
    ]);
    expect(graph.relations).toEqual([{ from: "Alice", to: "Acme", relationType: "works_at" }]);

    const found = (await call("search_nodes", { query: "portuguese" })).structuredContent;
    expect(found.entities.map((e: { name: string }) => e.name)).toEqual(["Alice"]);
    const opened = (await call("open_nodes", { names: ["Alice", "Acme"] })).structuredContent;
    expect(opened.entities).toHaveLength(2);
    expect(opened.relations).toHaveLength(1);

    await call("delete_observations", {
      deletions: [{ entityName: "Alice", observations: ["Prefers morning meetings"] }],
    });
    await call("delete_relations", { relations: [{ from: "Alice", to: "Acme", relationType: "works_at" }] });
    expect((await call("read_graph")).structuredContent.relations).toEqual([]);
    const del = await call("delete_entities", { entityNames: ["Acme"] });
    expect(del.structuredContent).toEqual({ success: true, message: "Entities deleted successfully" });
    expect(
      (await call("read_graph")).structuredContent.entities.map((e: { name: string }) => e.name),
    ).toEqual(["Alice"]);
  });

  it("refuses observations for an unknown entity, as the official server does", async () => {
    const r = await call("add_observations", { observations: [{ entityName: "Nobody", contents: ["x"] }] });
    expect(r.isError).toBe(true);
    expect(r.content[0]).toMatchObject({
      text: expect.stringContaining("Entity with name Nobody not found"),
    });
  });
});
