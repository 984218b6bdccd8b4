/**
 * The MCP server through a real SDK client over InMemoryTransport: every tool (a happy path and
 * a refusal each), resources, the prompt, the sampling judge and the tool-manifest budget.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type CallToolResult, CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { countTokens } from "gpt-tokenizer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "../core/engine.js";
import { AGENT_INSTRUCTIONS, CLI_AGENT_INSTRUCTIONS } from "./agent-instructions.js";
import { hashToolDefinition, hashTools, TOOL_SETS } from "./manifest.js";
import { type CreateMcpServerOptions, createMcpServer, toolSpecs } from "./server.js";

let mem: Memory;
let client: Client;

async function connect(options: CreateMcpServerOptions = {}, sampling?: (text: string) => string) {
  const server = createMcpServer(mem, options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const c = new Client({ name: "test", version: "1" }, { capabilities: sampling ? { sampling: {} } : {} });
  if (sampling)
    c.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const content = request.params.messages[0]!.content;
      const text = "text" in content ? String(content.text) : "";
      return { model: "test-model", role: "assistant", content: { type: "text", text: sampling(text) } };
    });
  await c.connect(clientSide);
  return c;
}

async function call(name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & {
    // biome-ignore lint/suspicious/noExplicitAny: test reads structured results loosely
    structuredContent: Record<string, any>;
  };
}

const text = (r: CallToolResult) => r.content.map((c) => ("text" in c ? c.text : "")).join("\n");

beforeEach(async () => {
  ({ mem } = await testMemory());
  client = await connect();
});
afterEach(async () => {
  await client.close();
  await mem.close();
});

describe("tool manifest", () => {
  it("lists every tool with a title, a when-to-call description, schemas and honest annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(toolSpecs().map((s) => s.name));
    for (const t of tools) {
      expect(t.title, t.name).toBeTruthy();
      expect(t.description!.length, t.name).toBeLessThan(140);
      expect(t.outputSchema, t.name).toBeDefined();
      expect(t.annotations?.openWorldHint, t.name).toBe(false);
      for (const [field, schema] of Object.entries(t.inputSchema.properties ?? {}))
        expect((schema as { description?: string }).description, `${t.name}.${field}`).toBeTruthy();
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(byName.forget).toMatchObject({ destructiveHint: true });
    expect(byName.forget?.readOnlyHint ?? false).toBe(false);
    expect(byName.recall).toMatchObject({ readOnlyHint: true });
    // readOnlyHint defaults to false in MCP, so write tools leave it out.
    expect(byName.record).toMatchObject({ destructiveHint: false });
    expect(byName.record?.readOnlyHint ?? false).toBe(false);
  });

  it("fits the always-loaded tools/list in a small token budget (printed)", async () => {
    const { tools } = await client.listTools();
    const tokens = countTokens(JSON.stringify(tools));
    process.stdout.write(`MCP tools/list: ${tools.length} tools, ${tokens} tokens (o200k_base)\n`);
    // 12 tools over the whole loop, within Sediment's ~2,000 (docs/mcp.md); 20 more since
    // newcomer41 for context's whyEmpty (a nullable enum, listed as one enum with null).
    expect(tokens).toBeLessThanOrEqual(2_020);
  });

  it("the committed manifest matches the tools, and hashes what tools/list sends", async () => {
    const shipped = JSON.parse(readFileSync(join(import.meta.dirname, "tool-manifest.json"), "utf8"));
    for (const set of TOOL_SETS) expect(shipped.sets[set], set).toEqual(hashTools(toolSpecs(set)));
    const { tools } = await client.listTools();
    for (const t of tools) expect(hashToolDefinition(t as never), t.name).toBe(shipped.sets.strata[t.name]);
  });
});

describe("tools: happy paths", () => {
  it("record, remember, capture go through the write gate", async () => {
    const r = await call("record", {
      content: "Deploy failed: migration lock timeout",
      type: "outcome",
      outcome: "failure",
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ verdict: "novel", id: "e1" });
    expect(text(r)).toContain("novel e1");
    const b = await call("remember", { statement: "The staging database is Postgres 16", source: "user" });
    expect(b.structuredContent).toMatchObject({ verdict: "novel", id: expect.stringMatching(/^b/) });
    const again = await call("remember", { statement: "The staging database is Postgres 16" });
    expect(again.structuredContent.verdict).toBe("redundant");
    const rule = await call("capture", {
      when: "the target model is Claude",
      prefer: "XML delimiters",
      feedback: "positive",
    });
    expect(rule.structuredContent.verdict).toBe("novel");
  });

  it("recall and context read back with ids", async () => {
    await call("remember", { statement: "The staging database is Postgres 16" });
    const r = await call("recall", { query: "staging database", k: 2 });
    expect(r.structuredContent.hits[0]).toMatchObject({ id: "b1", kind: "fact" });
    expect(text(r)).toContain("b1 [fact]");
    const c = await call("context", { goal: "migrate staging", tokenBudget: 200 });
    expect(c.structuredContent.text).toContain("b1");
    expect(c.structuredContent.tokens).toBeLessThanOrEqual(200);
  });

  it("remember names a belief by key; recall filters by metadata (the key is kept in it)", async () => {
    const first = await call("remember", { statement: "The user prefers the dark theme", key: "user.theme" });
    await call("remember", { statement: "The editor theme of the docs site is light" });
    const second = await call("remember", {
      statement: "The user prefers the light theme",
      key: "user.theme",
    });
    expect(second.structuredContent).toMatchObject({ superseded: [first.structuredContent.id] });
    const r = await call("recall", { query: "theme", k: 5, metadata: { key: "user.theme" } });
    expect(r.structuredContent.hits.map((h: { id: string }) => h.id)).toEqual([second.structuredContent.id]);
    const none = await call("recall", { query: "theme", metadata: { key: "user.font" } });
    expect(none.structuredContent.hits).toEqual([]);
    const bad = await call("recall", { query: "theme", metadata: { key: { nested: true } } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/INVALID_INPUT: .*metadata/);
  });

  it("outcome moves confidence", async () => {
    await call("remember", { statement: "Use blue-green deploys for the API" });
    const r = await call("outcome", { id: "b1", success: true });
    expect(r.structuredContent).toMatchObject({ id: "b1", confidenceBefore: 0.5 });
    expect(r.structuredContent.confidenceAfter).toBeGreaterThan(0.5);
  });

  it("inspect explains, lists pending and candidates, counts and checks health", async () => {
    await call("record", { content: "Chose blue-green deploys for the API", type: "decision" });
    await call("remember", { statement: "Blue-green deploys avoid downtime", sources: ["e1"] });
    const ex = await call("inspect", { what: "explain", id: "b1" });
    expect(ex.structuredContent.result.belief.id).toBe("b1");
    expect(ex.structuredContent.text).toContain("source e1");
    const pending = await call("inspect", { what: "pending" });
    expect(pending.structuredContent.result.episodes[0].id).toBe("e1");
    const pairs = await call("inspect", { what: "candidates", limit: 5 });
    expect(Array.isArray(pairs.structuredContent.result.pairs)).toBe(true);
    const stats = await call("inspect", { what: "stats" });
    expect(stats.structuredContent.result.beliefs.total).toBe(1);
    const health = await call("inspect", { what: "health" });
    expect(health.structuredContent.result.active).toBe(1);
  });

  it("curate pins, unpins and restores; forget erases", async () => {
    await call("remember", { statement: "Never deploy on Fridays" });
    expect((await call("curate", { action: "pin", id: "b1" })).structuredContent).toMatchObject({
      pinned: true,
    });
    expect((await call("curate", { action: "unpin", id: "b1" })).structuredContent).toMatchObject({
      pinned: false,
    });
    const restored = await call("curate", { action: "restore", id: "b1" });
    expect(restored.structuredContent).toMatchObject({ id: "b1", status: "active" });
    const f = await call("forget", { id: "b1" });
    expect(f.structuredContent.forgotten).toEqual(["b1"]);
    expect((await mem.get("b1")).status).toBe("forgotten");
  });

  it("sleep maintains, consolidates and sweeps, naming its judge", async () => {
    await call("record", { content: "The retry limit is 5", type: "decision" });
    const m = await call("sleep", { action: "maintain" });
    expect(m.structuredContent).toMatchObject({ judge: "none" });
    const c = await call("sleep", { action: "consolidate" });
    expect(c.structuredContent.judge).toBe("lexical");
    expect(c.structuredContent.items.some((i: { action: string }) => i.action === "distilled")).toBe(true);
    const s = await call("sleep", { action: "sweep", full: true });
    expect(s.structuredContent.judge).toBe("lexical");
  });

  it("settle distils and judges as the agent", async () => {
    await call("record", { content: "Validating a 60MB CSV timed out", type: "outcome", outcome: "failure" });
    const d = await call("settle", {
      episodeIds: ["e1"],
      propositions: ["Validation of CSVs over 50MB times out"],
      valence: "failure",
    });
    expect(d.structuredContent).toMatchObject({ judge: "agent", items: [{ action: "distilled" }] });
    await call("remember", { statement: "The cache TTL is one hour" });
    await call("remember", { statement: "Cached pages expire after sixty minutes" });
    const ids = (await mem.list()).map((b) => b.id).filter((id) => id !== d.structuredContent.items[0].id);
    const j = await call("settle", { judgments: [{ a: ids[0], b: ids[1], verdict: "merge" }] });
    expect(j.isError).toBeFalsy();
    expect(j.structuredContent.judge).toBe("agent");
  });

  it("inspect candidates pages with offset; review lists the gate's supersession and settle distinct undoes it", async () => {
    await call("remember", { statement: "The retry limit is 5" });
    await call("remember", { statement: "The retry limit is 7" });
    const review = await call("inspect", { what: "candidates", review: true, days: 2 });
    expect(review.structuredContent.result.pairs).toEqual([
      expect.objectContaining({
        a: "b1",
        b: "b2",
        decided: expect.objectContaining({ closed: "b1", by: "b2" }),
      }),
    ]);
    expect(text(review)).toContain("b1 superseded by b2, write gate");
    const undo = await call("settle", { judgments: [{ a: "b1", b: "b2", verdict: "distinct" }] });
    expect(undo.structuredContent.items).toEqual([expect.objectContaining({ action: "reopened", id: "b1" })]);
    expect((await mem.get("b1")).status).toBe("active");
    const again = await call("inspect", { what: "candidates", review: true });
    expect(again.structuredContent.result.pairs).toEqual([]);
    const paged = await call("inspect", { what: "candidates", offset: 3 });
    expect(paged.structuredContent.result.pairs).toEqual([]);
    const refused = await call("inspect", { what: "candidates", days: 2 });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/INVALID_INPUT: .*review/);
  });
});

describe("tools dispatch through the operations registry", () => {
  it("a value the tool's schema lets through is refused by the operation's, named after it, with nothing run", async () => {
    // inspect's schema takes any days ≥ 1; the candidates operation allows at most 3650.
    const r = await call("inspect", { what: "candidates", review: true, days: 5000 });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^INVALID_INPUT: Invalid inspect \(candidates\): days:/);
  });

  it("sleep lends the sampling judge per call: the server's engine keeps its own", async () => {
    await client.close();
    client = await connect({}, () => "unrelated");
    await call("remember", { statement: "The deploy window is Tuesday" });
    const r = await call("sleep", { action: "sweep", full: true });
    expect(r.structuredContent.judge).toBe("sampling");
    expect(mem.sleepJudge.name).toBe("lexical");
    expect((await mem.sweep({ full: true })).items).toEqual([]);
  });
});

describe("tools: refusals the model can read", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["recall", { query: "" }, /recall/],
    ["context", { tokenBudget: 5 }, /tokenBudget|32/],
    ["record", {}, /content/],
    ["record", { content: "x", mood: "happy" }, /mood|unrecognized/i],
    ["remember", { statement: "Release the service", steps: ["tag"] }, /INVALID_INPUT: .*steps/],
    ["capture", { when: "", prefer: "x" }, /when/],
    ["outcome", { id: "b999", success: true }, /NOT_FOUND/],
    ["inspect", { what: "explain" }, /INVALID_INPUT: .*id/],
    ["curate", { action: "pin", id: "b404" }, /NOT_FOUND/],
    // The name another tool gives the operation it runs names the one this tool takes.
    ["inspect", { action: "explain", id: "b1" }, /unknown option "action" \(did you mean "what"\?\)/],
    ["curate", { what: "pin", id: "b1" }, /unknown option "what" \(did you mean "action"\?\)/],
    ["forget", { id: "x1" }, /id/],
    ["sleep", { action: "nap" }, /action/],
    // A field of named values left out is missing, and the message names the values it takes.
    [
      "inspect",
      {},
      /INVALID_INPUT: Invalid inspect: what: missing \(one of explain, pending, .* is required\)/,
    ],
    ["sleep", {}, /INVALID_INPUT: Invalid sleep: action: missing \(one of .* is required\)/],
    ["wrap", {}, /INVALID_INPUT: Invalid wrap: action: missing \(one of .* is required\)/],
    ["settle", {}, /INVALID_INPUT: settle needs/],
    // A field the chosen action does not take is refused by that operation's schema, never ignored.
    ["inspect", { what: "stats", id: "b1" }, /INVALID_INPUT: Invalid inspect \(stats\): unknown option "id"/],
    [
      "inspect",
      { what: "pending", review: true },
      /INVALID_INPUT: Invalid inspect \(pending\): unknown option "review"/,
    ],
    [
      "inspect",
      { what: "explain", id: "b1", limit: 5 },
      /INVALID_INPUT: Invalid inspect \(explain\): unknown option "limit"/,
    ],
    [
      "sleep",
      { action: "maintain", full: true },
      /INVALID_INPUT: Invalid sleep \(maintain\): unknown option "full"/,
    ],
    [
      "settle",
      { judgments: [{ a: "b1", b: "b2", verdict: "distinct" }], valence: "failure" },
      /INVALID_INPUT: Invalid settle \(judge\): unknown option "valence"/,
    ],
    [
      "wrap",
      { action: "prepare", token: "t1" },
      /INVALID_INPUT: Invalid wrap \(prepareWrap\): unknown option "token"/,
    ],
    [
      "wrap",
      { action: "cancel", token: "t1", text: "x" },
      /INVALID_INPUT: Invalid wrap \(cancelWrap\): unknown option "text"/,
    ],
  ];
  it.each(cases)("%s %j → isError", async (name, args, message) => {
    const r = await call(name, args);
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(message);
  });
});

describe("sleep while another sleep of the namespace runs", () => {
  it("comes back as an isError result starting BUSY; once it ends, sleep runs", async () => {
    await client.close();
    await mem.close();
    ({ mem } = await testMemory({ lockWaitMs: 50 }));
    client = await connect({ sampling: "off" });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Another sweeper (in any process) holds the namespace's sleep lock.
    const other = mem.store.withLock(
      "sleep:default",
      { waitMs: 0, what: 'a sweep of namespace "default"' },
      () => gate,
    );
    const r = await call("sleep", { action: "consolidate" });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^BUSY: A sweep of namespace "default" is already running .*try again/);
    release();
    await other;
    expect((await call("sleep", { action: "sweep" })).isError).toBeFalsy();
  });
});

describe("session wrap", () => {
  it("prepares a package, saves the agent's digest with enforced levels, and the resource serves it", async () => {
    await call("record", { content: "The nightly export to S3 timed out at 2am" });
    await call("record", { content: "Splitting the export into hourly batches fixed the S3 timeout" });
    const prepared = await call("wrap", { action: "prepare" });
    expect(prepared.isError).toBeFalsy();
    expect(prepared.structuredContent).toMatchObject({ status: "ready" });
    expect(prepared.structuredContent.package).toContain("[e1]");
    const digest = [
      "## State",
      "- Exports run hourly now",
      "## Patterns",
      '- Big S3 exports time out | 2x [evidence: e1 "nightly export to S3 timed out", e2 "hourly batches fixed the S3 timeout"]',
      "## Decisions",
      "- Export in hourly batches",
      "## Context",
      "- none",
    ].join("\n");
    const token = prepared.structuredContent.token;
    const saved = await call("wrap", { action: "save", token, text: digest });
    expect(saved.structuredContent).toMatchObject({
      status: "saved",
      notes: ["1x new: Big S3 exports time out (level capped: new patterns start at 1x)"],
    });
    const again = await call("wrap", { action: "save", token, text: digest });
    expect(again.isError).toBe(true);
    expect(text(again)).toMatch(/WRAP_NOT_PREPARED/);
    const resource = await client.readResource({ uri: "strata://continuity/default" });
    expect(String((resource.contents[0] as { text: string }).text)).toContain("Big S3 exports time out | 1x");
  });

  it("refuses save without a token or text", async () => {
    expect(text(await call("wrap", { action: "save", text: "## State" }))).toMatch(/needs the token/);
    expect((await call("wrap", { action: "prepare" })).structuredContent).toMatchObject({ status: "empty" });
  });
});

describe("resources and prompts", () => {
  it("serves the continuity digest, items by id and the manifest", async () => {
    await call("remember", { statement: "The staging database is Postgres 16" });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining(["strata://continuity/default", "strata://manifest"]),
    );
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining(["strata://continuity/{namespace}", "strata://item/{id}"]),
    );
    const digest = await client.readResource({ uri: "strata://continuity/default" });
    const body = String((digest.contents[0] as { text: string }).text);
    // No agent has wrapped yet: the digest is rendered from beliefs, in the four sections.
    expect(body).toMatch(/^## State\n/);
    expect(body).toMatch(/\[b1\] The staging database is Postgres 16/);
    const item = await client.readResource({ uri: "strata://item/b1" });
    expect(JSON.parse(String((item.contents[0] as { text: string }).text))).toMatchObject({
      id: "b1",
      layer: "belief",
    });
    // The code and the engine's words, after the client's one "MCP error -32002: " (the server's
    // message carries no prefix of its own, so the client does not print it twice).
    await expect(client.readResource({ uri: "strata://item/b99" })).rejects.toMatchObject({
      code: -32002,
      message: 'MCP error -32002: NOT_FOUND: No belief with id "b99". List ids with `recall`.',
    });
    const manifest = await client.readResource({ uri: "strata://manifest" });
    expect(JSON.parse(String((manifest.contents[0] as { text: string }).text)).tools).toEqual(
      hashTools(toolSpecs()),
    );
  });

  // attacks50: the SDK's own refusals kept the doubled prefix newcomer49 took out of Strata's
  // ("MCP error -32602: MCP error -32602: Resource strata://item/ not found"), and a namespace that
  // is not percent-encoded UTF-8 was an internal error (-32603 "URI malformed").
  it.each([
    [
      "strata://item/",
      -32002,
      "MCP error -32002: NOT_FOUND: No resource strata://item/ on this server: its resources are strata://continuity/{namespace}, strata://item/{id} and strata://manifest.",
    ],
    [
      "strata://nothing",
      -32002,
      "MCP error -32002: NOT_FOUND: No resource strata://nothing on this server: its resources are strata://continuity/{namespace}, strata://item/{id} and strata://manifest.",
    ],
    [
      "strata://continuity/%E0%A4%A",
      -32602,
      'MCP error -32602: INVALID_INPUT: The namespace in strata://continuity/%E0%A4%A is not percent-encoded UTF-8: write it as strata://continuity/default for namespace "default".',
    ],
    [
      "strata://continuity/%ED%A0%80",
      -32602,
      'MCP error -32602: INVALID_INPUT: The namespace in strata://continuity/%ED%A0%80 is not percent-encoded UTF-8: write it as strata://continuity/default for namespace "default".',
    ],
  ])("refuses %s with its code, said once", async (uri, code, message) => {
    await expect(client.readResource({ uri })).rejects.toMatchObject({ code, message });
  });

  // attacks51: a namespace may hold "/" (and ":" "@"); the listed URI spelled it as it is, which
  // the template's {namespace} (no "/") does not match: the one resource listed could not be read.
  it.each([["team/a"], ["org:acme@eu/bot-1"]])(
    "the continuity URI listed for namespace %s is the one that reads it",
    async (namespace) => {
      await client.close();
      await mem.close();
      ({ mem } = await testMemory({ namespace }));
      client = await connect();
      await call("remember", { statement: "The staging database is Postgres 16" });
      const { resources } = await client.listResources();
      const listed = resources.find((r) => r.uri.startsWith("strata://continuity/"))!;
      expect(listed.uri).toBe(`strata://continuity/${encodeURIComponent(namespace)}`);
      const digest = await client.readResource({ uri: listed.uri });
      expect(String((digest.contents[0] as { text: string }).text)).toMatch(
        /The staging database is Postgres 16/,
      );
      // Another namespace, "/.." or encoded, is still another: refused, never read.
      for (const other of ["strata://continuity/team", "strata://continuity/team%2F..%2Fdefault"])
        await expect(client.readResource({ uri: other })).rejects.toMatchObject({ code: -32002 });
    },
  );

  // attacks51: params that are not the shape MCP gives them (a name or URI not a string, none, a
  // prompt argument not a string) were the SDK's schema error as -32603, "Internal error", its
  // message a JSON dump of zod's issues: the client's mistake said as the server's fault.
  it.each([
    ["prompts/get", { name: 5 }, "INVALID_INPUT: prompts/get: params.name"],
    ["prompts/get", {}, "INVALID_INPUT: prompts/get: params.name"],
    [
      "prompts/get",
      { name: "memory-loop", arguments: { a: 1 } },
      "INVALID_INPUT: prompts/get: params.arguments.a",
    ],
    ["resources/read", { uri: 5 }, "INVALID_INPUT: resources/read: params.uri"],
    ["resources/read", {}, "INVALID_INPUT: resources/read: params.uri"],
    // attacks52: the methods the SDK answers itself were the same -32603 JSON dump.
    ["tools/list", { cursor: 5 }, "INVALID_INPUT: tools/list: params.cursor"],
    ["resources/list", { cursor: {} }, "INVALID_INPUT: resources/list: params.cursor"],
    ["resources/templates/list", { cursor: 5 }, "INVALID_INPUT: resources/templates/list: params.cursor"],
    ["prompts/list", { cursor: [] }, "INVALID_INPUT: prompts/list: params.cursor"],
  ])("%s with params %j is -32602, naming the field", async (method, params, start) => {
    const error = await client
      .request({ method, params } as never, z.object({}).passthrough())
      .catch((e: { code: number; message: string }) => e);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as { message: string }).message).toContain(`MCP error -32602: ${start}`);
    expect((error as { message: string }).message).not.toContain('"code": "invalid_type"');
  });

  // surfaces53: `initialize`, whose handler the SDK's Server sets before any code of Strata's runs,
  // answered params of another shape with -32603 "Internal error" and zod's issues as a JSON dump.
  it.each([
    [
      { protocolVersion: 5, capabilities: {}, clientInfo: { name: "c", version: "1" } },
      "params.protocolVersion",
    ],
    [{ protocolVersion: "2025-06-18", capabilities: {} }, "params.clientInfo"],
    [{}, "params.protocolVersion"],
  ])("initialize with params %j is -32602, naming the field", async (params, field) => {
    const error = await client
      .request({ method: "initialize", params } as never, z.object({}).passthrough())
      .catch((e: { code: number; message: string }) => e);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as { message: string }).message).toContain(
      `MCP error -32602: INVALID_INPUT: initialize: ${field}`,
    );
    expect((error as { message: string }).message).toContain("see the MCP specification's initialize");
  });

  it("still answers a well-formed initialize as the SDK does", async () => {
    const answer = await client.request(
      {
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "again", version: "2" },
        },
      } as never,
      z.object({ protocolVersion: z.string(), serverInfo: z.object({ name: z.string() }) }).passthrough(),
    );
    expect(answer).toMatchObject({ protocolVersion: "2025-06-18", serverInfo: { name: "strata" } });
  });

  it("refuses a prompt it does not have with its code, said once", async () => {
    await expect(client.getPrompt({ name: "memory-lop" })).rejects.toMatchObject({
      code: -32602,
      message:
        'MCP error -32602: NOT_FOUND: No prompt "memory-lop" on this server: its prompt is memory-loop.',
    });
  });

  it("offers the agent instructions as a prompt, identical to docs/agent-instructions.md", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain("memory-loop");
    const p = await client.getPrompt({ name: "memory-loop" });
    const body = (p.messages[0]!.content as { text: string }).text;
    expect(body).toBe(AGENT_INSTRUCTIONS);
    for (const step of ["Recall", "Apply", "Capture", "Distill", "Consolidate", "Session wrap"])
      expect(body).toContain(step);
    const doc = readFileSync(join(import.meta.dirname, "../../docs/agent-instructions.md"), "utf8");
    expect(doc).toContain(AGENT_INSTRUCTIONS.trim());
    expect(doc).toContain(CLI_AGENT_INSTRUCTIONS.trim()); // strata instructions --cli
  });
});

describe("sampling judge", () => {
  async function seedPairs() {
    await mem.remember("The API gateway timeout is 30 seconds for uploads");
    await mem.remember("The API gateway timeout for uploads was raised to 90 seconds");
    await mem.remember("Upload requests through the API gateway time out after 90 seconds");
  }

  it("asks the client's model when the client offers sampling, and says so", async () => {
    await client.close();
    const asked: string[] = [];
    client = await connect({}, (prompt) => {
      asked.push(prompt);
      return "supersedes";
    });
    await seedPairs();
    const r = await call("sleep", { action: "sweep", full: true });
    expect(r.structuredContent.judge).toBe("sampling");
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toMatch(/A \(.*\): .*\nB \(.*\): /);
    expect(
      r.structuredContent.items.some((i: { reason: string }) => /sampling \(test-model\)/.test(i.reason)),
    ).toBe(true);
  });

  it("falls back to the lexical judge per pair when the answer is unreadable", async () => {
    await client.close();
    client = await connect({}, () => "I cannot say");
    await seedPairs();
    const r = await call("sleep", { action: "sweep", full: true });
    expect(r.structuredContent.judge).toBe("sampling");
    for (const i of r.structuredContent.items) expect(i.reason).not.toMatch(/sampling \(test-model\)/);
    expect(r.structuredContent.items).toContainEqual(
      expect.objectContaining({
        action: "fallback",
        reason: expect.stringMatching(/^\d+ pairs? judged by lexical: sampling answer unreadable/),
      }),
    );
    expect(text(r)).toMatch(
      /b\d+ fallback by b\d+: \d+ pairs? judged by lexical: sampling answer unreadable/,
    );
  });

  it("uses the lexical judge without sampling, or with sampling off", async () => {
    await seedPairs();
    expect((await call("sleep", { action: "sweep", full: true })).structuredContent.judge).toBe("lexical");
    await client.close();
    client = await connect({ sampling: "off" }, () => "supersedes");
    expect((await call("sleep", { action: "consolidate" })).structuredContent.judge).toBe("lexical");
  });
});
