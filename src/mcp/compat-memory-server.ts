/**
 * `--compat memory-server`: the official MCP memory server's nine tools, with its names and
 * shapes, over Strata's store, so prompts written for that server keep working.
 *
 * Mapping (every item is a belief in the server's namespace, tagged in its metadata with
 * `compat: "memory-server"` and a `role`):
 *   entity       → a fact `Alice (person)`, metadata { role: "entity", entity, entityType }
 *   observation  → a fact `Alice: works at Acme`, metadata { role: "observation", entity, observation }
 *   relation     → a fact `Alice works_at Acme`, metadata { role: "relation", from, to, relationType }
 *   delete_*     → forget (content erased for good; hash and audit kept)
 *   read_graph   → the active tagged beliefs, rebuilt as { entities, relations }
 *   search_nodes → entities whose name, type or observations contain the query (as the official
 *                  server), plus entities behind Strata's ranked recall of the query
 * Writes pass Strata's write gate: a restated observation strengthens the existing one, and a
 * changed value ("works at Initech") supersedes the old observation instead of piling up.
 */
import { z } from "zod";
import type { Memory, MemoryItem } from "../core/engine.js";
import { StrataError } from "../core/errors.js";
import type { Belief } from "../core/model.js";
import type { ToolSpec } from "./tools.js";

const TAG = "memory-server";

const Entity = z.object({
  name: z.string().min(1).describe("The name of the entity"),
  entityType: z.string().min(1).describe("The type of the entity"),
  observations: z.array(z.string()).describe("An array of observation contents associated with the entity"),
});
const Relation = z.object({
  from: z.string().min(1).describe("The name of the entity where the relation starts"),
  to: z.string().min(1).describe("The name of the entity where the relation ends"),
  relationType: z.string().min(1).describe("The type of the relation"),
});
const Graph = z.object({ entities: z.array(Entity), relations: z.array(Relation) });
const Done = z.object({ success: z.boolean(), message: z.string() });
type GraphT = z.infer<typeof Graph>;
type RelationT = z.infer<typeof Relation>;

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const DELETE = { ...WRITE, destructiveHint: true };
const READ = { readOnlyHint: true, openWorldHint: false };

interface Tagged {
  belief: Belief;
  role: string;
  meta: Record<string, string>;
}

async function tagged(engine: Memory): Promise<Tagged[]> {
  const out: Tagged[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = (await engine.list({
      layer: "belief",
      status: "active",
      limit: 1000,
      offset,
    })) as MemoryItem[];
    for (const item of page)
      if (item.layer === "belief" && item.metadata.compat === TAG)
        out.push({
          belief: item,
          role: String(item.metadata.role),
          meta: item.metadata as Record<string, string>,
        });
    if (page.length < 1000) return out;
  }
}

async function readGraph(engine: Memory): Promise<GraphT & { items: Tagged[] }> {
  const items = await tagged(engine);
  const entities = new Map<string, z.infer<typeof Entity>>();
  for (const t of items)
    if (t.role === "entity" && t.meta.entity && !entities.has(t.meta.entity))
      entities.set(t.meta.entity, {
        name: t.meta.entity,
        entityType: t.meta.entityType ?? "",
        observations: [],
      });
  for (const t of items)
    if (t.role === "observation" && t.meta.entity)
      entities.get(t.meta.entity)?.observations.push(t.meta.observation ?? "");
  const relations = items
    .filter((t) => t.role === "relation")
    .map((t) => ({ from: t.meta.from ?? "", to: t.meta.to ?? "", relationType: t.meta.relationType ?? "" }));
  return { entities: [...entities.values()], relations, items };
}

const sameRelation = (a: RelationT, b: RelationT) =>
  a.from === b.from && a.to === b.to && a.relationType === b.relationType;

const subgraph = (g: GraphT, names: Set<string>): GraphT => ({
  entities: g.entities.filter((e) => names.has(e.name)),
  relations: g.relations.filter((r) => names.has(r.from) && names.has(r.to)),
});

async function observe(engine: Memory, entity: string, observation: string): Promise<void> {
  await engine.remember(`${entity}: ${observation}`, {
    metadata: { compat: TAG, role: "observation", entity, observation },
  });
}

async function forgetAll(engine: Memory, items: Tagged[]): Promise<void> {
  for (const t of items) await engine.forget(t.belief.id);
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const done = (message: string) => ({ success: true, message });

const spec = <I extends z.ZodType, O extends z.ZodType>(s: ToolSpec<I, O>): ToolSpec =>
  s as unknown as ToolSpec;

export const MEMORY_SERVER_TOOLS: readonly ToolSpec[] = [
  spec({
    name: "create_entities",
    title: "Create Entities",
    description: "Create multiple new entities in the knowledge graph",
    input: z.object({ entities: z.array(Entity) }),
    output: z.object({ entities: z.array(Entity) }),
    annotations: WRITE,
    async run({ engine }, { entities }) {
      const existing = new Set((await readGraph(engine)).entities.map((e) => e.name));
      const created = entities.filter(
        (e, i) => !existing.has(e.name) && entities.findIndex((x) => x.name === e.name) === i,
      );
      for (const e of created) {
        await engine.remember(`${e.name} (${e.entityType})`, {
          metadata: { compat: TAG, role: "entity", entity: e.name, entityType: e.entityType },
        });
        for (const o of e.observations) await observe(engine, e.name, o);
      }
      return { entities: created };
    },
    text: json,
  }),
  spec({
    name: "create_relations",
    title: "Create Relations",
    description:
      "Create multiple new relations between entities in the knowledge graph. Relations should be in active voice",
    input: z.object({ relations: z.array(Relation) }),
    output: z.object({ relations: z.array(Relation) }),
    annotations: WRITE,
    async run({ engine }, { relations }) {
      const g = await readGraph(engine);
      const created = relations.filter(
        (r, i) =>
          !g.relations.some((x) => sameRelation(x, r)) &&
          relations.findIndex((x) => sameRelation(x, r)) === i,
      );
      for (const r of created)
        await engine.remember(`${r.from} ${r.relationType} ${r.to}`, {
          metadata: { compat: TAG, role: "relation", ...r },
        });
      return { relations: created };
    },
    text: json,
  }),
  spec({
    name: "add_observations",
    title: "Add Observations",
    description: "Add new observations to existing entities in the knowledge graph",
    input: z.object({
      observations: z.array(
        z.object({
          entityName: z.string().describe("The name of the entity to add the observations to"),
          contents: z.array(z.string()).describe("An array of observation contents to add"),
        }),
      ),
    }),
    output: z.object({
      results: z.array(z.object({ entityName: z.string(), addedObservations: z.array(z.string()) })),
    }),
    annotations: WRITE,
    async run({ engine }, { observations }) {
      const g = await readGraph(engine);
      const results = [];
      for (const o of observations) {
        const entity = g.entities.find((e) => e.name === o.entityName);
        if (!entity) throw new StrataError("NOT_FOUND", `Entity with name ${o.entityName} not found`);
        const added = o.contents.filter(
          (c, i) => !entity.observations.includes(c) && o.contents.indexOf(c) === i,
        );
        for (const c of added) await observe(engine, entity.name, c);
        results.push({ entityName: o.entityName, addedObservations: added });
      }
      return { results };
    },
    text: json,
  }),
  spec({
    name: "delete_entities",
    title: "Delete Entities",
    description: "Delete multiple entities and their associated relations from the knowledge graph",
    input: z.object({ entityNames: z.array(z.string()).describe("An array of entity names to delete") }),
    output: Done,
    annotations: DELETE,
    async run({ engine }, { entityNames }) {
      const names = new Set(entityNames);
      const { items } = await readGraph(engine);
      await forgetAll(
        engine,
        items.filter(
          (t) => names.has(t.meta.entity ?? "") || names.has(t.meta.from ?? "") || names.has(t.meta.to ?? ""),
        ),
      );
      return done("Entities deleted successfully");
    },
    text: (r) => r.message,
  }),
  spec({
    name: "delete_observations",
    title: "Delete Observations",
    description: "Delete specific observations from entities in the knowledge graph",
    input: z.object({
      deletions: z.array(
        z.object({
          entityName: z.string().describe("The name of the entity containing the observations"),
          observations: z.array(z.string()).describe("An array of observations to delete"),
        }),
      ),
    }),
    output: Done,
    annotations: DELETE,
    async run({ engine }, { deletions }) {
      const { items } = await readGraph(engine);
      await forgetAll(
        engine,
        items.filter(
          (t) =>
            t.role === "observation" &&
            deletions.some(
              (d) => d.entityName === t.meta.entity && d.observations.includes(t.meta.observation ?? ""),
            ),
        ),
      );
      return done("Observations deleted successfully");
    },
    text: (r) => r.message,
  }),
  spec({
    name: "delete_relations",
    title: "Delete Relations",
    description: "Delete multiple relations from the knowledge graph",
    input: z.object({ relations: z.array(Relation).describe("An array of relations to delete") }),
    output: Done,
    annotations: DELETE,
    async run({ engine }, { relations }) {
      const { items } = await readGraph(engine);
      await forgetAll(
        engine,
        items.filter(
          (t) =>
            t.role === "relation" &&
            relations.some((r) =>
              sameRelation(r, {
                from: t.meta.from ?? "",
                to: t.meta.to ?? "",
                relationType: t.meta.relationType ?? "",
              }),
            ),
        ),
      );
      return done("Relations deleted successfully");
    },
    text: (r) => r.message,
  }),
  spec({
    name: "read_graph",
    title: "Read Graph",
    description: "Read the entire knowledge graph",
    input: z.object({}),
    output: Graph,
    annotations: READ,
    async run({ engine }) {
      const { entities, relations } = await readGraph(engine);
      return { entities, relations };
    },
    text: json,
  }),
  spec({
    name: "search_nodes",
    title: "Search Nodes",
    description: "Search for nodes in the knowledge graph based on a query",
    input: z.object({
      query: z
        .string()
        .describe("The search query to match against entity names, types, and observation content"),
    }),
    output: Graph,
    annotations: READ,
    async run({ engine }, { query }) {
      const g = await readGraph(engine);
      const q = query.toLowerCase();
      const names = new Set(
        g.entities
          .filter(
            (e) =>
              e.name.toLowerCase().includes(q) ||
              e.entityType.toLowerCase().includes(q) ||
              e.observations.some((o) => o.toLowerCase().includes(q)),
          )
          .map((e) => e.name),
      );
      if (query.trim()) {
        const byId = new Map(g.items.map((t) => [t.belief.id, t]));
        for (const hit of await engine.recall(query, { k: 10, kinds: ["fact"] })) {
          const t = byId.get(hit.id);
          if (t?.meta.entity) names.add(t.meta.entity);
        }
      }
      return subgraph(g, names);
    },
    text: json,
  }),
  spec({
    name: "open_nodes",
    title: "Open Nodes",
    description: "Open specific nodes in the knowledge graph by their names",
    input: z.object({ names: z.array(z.string()).describe("An array of entity names to retrieve") }),
    output: Graph,
    annotations: READ,
    async run({ engine }, { names }) {
      return subgraph(await readGraph(engine), new Set(names));
    },
    text: json,
  }),
];
