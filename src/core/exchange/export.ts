/**
 * Rendering a namespace's document for export: JSON (lossless: `import` loads it back with ids
 * and audit chain intact), JSONL (the same records, one a line with a `type`, for streaming
 * and grep), Markdown (for people: the digest, then beliefs by kind and status with their
 * provenance, then the episodes) and the official MCP memory server's memory.jsonl (the current
 * beliefs, for going back to it or feeding a tool that reads it).
 */
import type { Belief, BeliefKind, BeliefStatus, Episode } from "../model.js";
import { BELIEF_KINDS, BELIEF_STATUSES } from "../model.js";
import { DUMP_SECTIONS } from "../ports.js";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument, RECORD_TYPES } from "./document.js";

/** The document as one JSON text. */
export const renderJson = (doc: ExportDocument): string => `${JSON.stringify(doc, null, 2)}\n`;

/**
 * The document as JSONL: a header line (`type: "header"`), then one line per record,
 * `{ "type": "episode", "data": { … } }`, sections in load order.
 */
export function renderJsonl(doc: ExportDocument): string {
  const header = {
    type: "header",
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    namespace: doc.namespace,
    exportedAt: doc.exportedAt,
    ...(doc.sleepRecordKey ? { sleepRecordKey: doc.sleepRecordKey } : {}),
    counts: doc.counts,
  };
  const lines = [JSON.stringify(header)];
  for (const section of DUMP_SECTIONS)
    for (const data of doc[section]) lines.push(JSON.stringify({ type: RECORD_TYPES[section], data }));
  return `${lines.join("\n")}\n`;
}

const KIND_TITLES: Record<BeliefKind, string> = {
  fact: "Facts",
  failure: "Lessons from failures",
  rule: "Rules",
  procedure: "Procedures",
};

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "…");

function beliefBlock(b: Belief, episodes: Map<string, Episode>): string[] {
  const text = b.status === "forgotten" ? "_(forgotten: content erased)_" : oneLine(b.text);
  const facts = [
    `conf ${b.confidence.toFixed(2)}`,
    `${b.successes}/${b.successes + b.failures} worked`,
    `support ${b.support}`,
    `valid ${day(b.validFrom)} → ${b.validTo ? day(b.validTo) : "now"}`,
    ...(b.pinned ? ["pinned"] : []),
    ...(b.statusReason && b.status !== "active" ? [b.statusReason] : []),
    ...(b.supersededBy ? [`superseded by ${b.supersededBy}`] : []),
    ...(b.source ? [`source: ${oneLine(b.source)}`] : []),
  ];
  const lines = [`- **${b.id}** ${text} _(${facts.join(", ")})_`];
  if (b.steps?.length) lines.push(`  - steps: ${b.steps.map((s, i) => `${i + 1}) ${oneLine(s)}`).join(" ")}`);
  for (const x of b.exceptions) lines.push(`  - exception: ${oneLine(x)}`);
  for (const id of b.sources) {
    const e = episodes.get(id);
    lines.push(
      e
        ? `  - from ${id} (${day(e.at)}, ${e.type}${e.outcome ? `, ${e.outcome}` : ""}): ${e.status === "forgotten" ? "_(forgotten)_" : `"${oneLine(e.content)}"`}`
        : `  - from ${id}`,
    );
  }
  return lines;
}

/**
 * A readable Markdown report of the namespace: its digest, beliefs grouped by kind then status
 * (each with confidence, validity and the episodes it came from), and the episodes, oldest first.
 */
export function renderMarkdown(doc: ExportDocument, digest: string): string {
  const episodes = new Map(doc.episodes.map((e) => [e.id, e]));
  const head = doc.auditHeads[0];
  const out: string[] = [
    `# Strata memory: namespace \`${doc.namespace}\``,
    "",
    `Exported ${doc.exportedAt}: ${doc.episodes.length} episodes, ${doc.beliefs.length} beliefs, ${doc.audit.length} audit entries${head ? ` (chain head #${head.seq} ${head.hash.slice(0, 16)})` : ""}.`,
    "",
    "## Continuity digest",
    "",
    digest.trim().length > 0 ? digest.trim().replace(/^(#+) /gm, "#$1 ") : "_(empty)_",
    "",
    "## Beliefs",
  ];
  for (const kind of BELIEF_KINDS) {
    const ofKind = doc.beliefs.filter((b) => b.kind === kind);
    if (ofKind.length === 0) continue;
    out.push("", `### ${KIND_TITLES[kind]}`);
    for (const status of BELIEF_STATUSES as readonly BeliefStatus[]) {
      const group = ofKind.filter((b) => b.status === status);
      if (group.length === 0) continue;
      out.push("", `#### ${status} (${group.length})`, "");
      for (const b of group) out.push(...beliefBlock(b, episodes));
    }
  }
  if (doc.beliefs.length === 0) out.push("", "_(no beliefs)_");
  out.push("", `## Episodes (${doc.episodes.length})`, "");
  const ordered = [...doc.episodes].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const e of ordered) {
    const tags = [
      e.type,
      e.outcome,
      e.session ? `session ${e.session}` : null,
      e.status !== "active" ? e.status : null,
    ]
      .filter((t) => t !== null)
      .join(", ");
    const content = e.status === "forgotten" ? "_(forgotten: content erased)_" : oneLine(e.content);
    out.push(`- **${e.id}** ${e.at.slice(0, 16).replace("T", " ")} (${tags}): ${content}`);
  }
  if (doc.episodes.length === 0) out.push("_(no episodes)_");
  return `${out.join("\n")}\n`;
}

interface McpEntity {
  type: "entity";
  name: string;
  entityType: string;
  observations: string[];
}
interface McpRelation {
  type: "relation";
  from: string;
  to: string;
  relationType: string;
}

/**
 * The namespace's current knowledge in the MCP memory server's `memory.jsonl` format: one line per
 * entity, then one per relation. Only active beliefs are written (the format has no history).
 * A belief that came from a memory.jsonl import goes back to its entity, observation or
 * relation, as the source record said it; any other belief becomes an observation of one entity
 * named after the namespace (entityType `strata-namespace`), in its own words.
 */
export function renderMemoryJsonl(doc: ExportDocument): string {
  const episodes = new Map(doc.episodes.map((e) => [e.id, e]));
  const entities = new Map<string, McpEntity>();
  const relations = new Map<string, McpRelation>();
  const entity = (name: string, entityType: string) => {
    const known = entities.get(name);
    if (known) {
      if (!known.entityType && entityType) known.entityType = entityType;
      return known;
    }
    const created: McpEntity = { type: "entity", name, entityType, observations: [] };
    entities.set(name, created);
    return created;
  };
  const observe = (e: McpEntity, text: string) => {
    if (!e.observations.includes(text)) e.observations.push(text);
  };
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  for (const b of doc.beliefs) {
    if (b.status !== "active") continue;
    const origins = b.sources
      .map((id) => episodes.get(id)?.metadata)
      .filter((m): m is Record<string, unknown> => m?.source === "mcp-memory");
    if (origins.length === 0) {
      observe(entity(doc.namespace, "strata-namespace"), oneLine(b.text));
      continue;
    }
    for (const m of origins) {
      const [from, to, relationType] = [str(m.from), str(m.to), str(m.relationType)];
      if (from && to && relationType) {
        relations.set(`${from}\u0000${relationType}\u0000${to}`, {
          type: "relation",
          from,
          to,
          relationType,
        });
        continue;
      }
      const name = str(m.entity);
      if (!name) continue;
      const e = entity(name, str(m.entityType) ?? "");
      const observation = str(m.observation);
      if (observation) observe(e, observation);
    }
  }
  const lines = [...entities.values(), ...relations.values()].map((r) => JSON.stringify(r));
  return lines.length ? `${lines.join("\n")}\n` : "";
}
