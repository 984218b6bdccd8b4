/**
 * The agent instructions name only what the server serves: every tool, every field and every
 * action value the prose mentions is resolved against a real `tools/list` (SDK client over
 * InMemoryTransport). A renamed tool or action fails here, not in an agent's session.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpClientOf } from "../../test/support/mcp-client.js";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "../core/engine.js";
import { AGENT_INSTRUCTIONS } from "./agent-instructions.js";

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: string[];
}

/** A field of a tool's input, at any depth (a judgment's `verdict` sits inside `judgments`). */
function field(schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  if (!schema) return undefined;
  const direct = schema.properties?.[name];
  if (direct) return direct;
  for (const child of [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : [])]) {
    const found = field(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Each backticked span of the text, in order: a bare name or a `field: "value"` pair. */
function references(text: string): { tool?: string; field: string; value?: string }[] {
  const out: { tool?: string; field: string; value?: string }[] = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const pair = /^([A-Za-z_]+): (?:"([^"]+)"|(true|false|\d+))$/.exec(span!);
    if (pair) out.push({ field: pair[1]!, value: pair[2] ?? pair[3]! });
    else if (/^[A-Za-z_]+$/.test(span!)) out.push({ field: span! });
    else throw new Error(`unreadable reference \`${span}\`: write a tool name or field: "value"`);
  }
  return out;
}

let mem: Memory;
let tools: Map<string, JsonSchema>;

beforeAll(async () => {
  ({ mem } = await testMemory());
  const client = await mcpClientOf(mem);
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t.inputSchema as JsonSchema]));
  await client.close();
});
afterAll(async () => mem.close());

/** What the text names that the served tools do not have; empty when every reference resolves. */
function unresolved(text: string): string[] {
  const problems: string[] = [];
  let current: string | undefined;
  for (const ref of references(text)) {
    if (ref.value === undefined && tools.has(ref.field)) {
      current = ref.field;
      continue;
    }
    const found = current ? field(tools.get(current), ref.field) : undefined;
    if (!found) {
      problems.push(`\`${ref.field}\` is neither a served tool nor a field of \`${current ?? "?"}\``);
      continue;
    }
    const allowed = found.enum ?? found.items?.enum;
    if (ref.value !== undefined && allowed && !allowed.includes(ref.value))
      problems.push(`${current}.${ref.field} takes ${allowed.join("|")}, not "${ref.value}"`);
  }
  return problems;
}

describe("agent instructions", () => {
  it("name only served tools, and only fields and actions those tools take", () => {
    expect(unresolved(AGENT_INSTRUCTIONS)).toEqual([]);
  });

  it("list every served tool, and the docs page is the same text", () => {
    for (const name of tools.keys()) expect(AGENT_INSTRUCTIONS).toContain(`- \`${name}\``);
    const doc = readFileSync(join(import.meta.dirname, "../../docs/agent-instructions.md"), "utf8");
    expect(doc, "run: npx tsx scripts/write-agent-instructions.ts").toContain(AGENT_INSTRUCTIONS.trim());
  });

  it("catch a tool, a field or an action the server does not have", () => {
    expect(
      unresolved('call `prepare_wrap`, then `wrap` with `action: "finish"` and `digest`; `inspect` `limit`'),
    ).toEqual([
      "`prepare_wrap` is neither a served tool nor a field of `?`",
      'wrap.action takes prepare|save|cancel, not "finish"',
      "`digest` is neither a served tool nor a field of `wrap`",
    ]);
  });
});
