/**
 * `createMcpServer(engine)`: Strata over the Model Context Protocol. Tools (src/mcp/tools.ts),
 * resources (continuity digest, items by id, the tool-integrity manifest) and the agent
 * instructions prompt, all thin over one engine. Errors are mapped here and only here: a
 * StrataError inside a tool becomes an `isError` result naming its code, so the model can read
 * it and correct the call. Nothing in this folder writes to stdout (the stdio channel).
 *
 *   const server = createMcpServer(await openMemory({ path: "agent.db" }));
 *   await server.connect(new StdioServerTransport());
 */
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  type InitializeRequest,
  InitializeRequestSchema,
  type InitializeResult,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { namesNear } from "../core/borrowed-names.js";
import type { Memory } from "../core/engine.js";
import { isStrataError, StrataError } from "../core/errors.js";
import type { Access } from "../core/operations/operation.js";
import { parseInput } from "../core/validate.js";
import { AGENT_INSTRUCTIONS } from "./agent-instructions.js";
import { MEMORY_SERVER_TOOLS } from "./compat-memory-server.js";
import { hashTools, type ToolSet, toolDefinition } from "./manifest.js";
import { clientSamples, createSamplingJudge } from "./sampling-judge.js";
import { TOOLS, type ToolContext, type ToolSpec } from "./tools.js";
import { mcpWording } from "./wording.js";

export interface CreateMcpServerOptions {
  /** Server name reported to clients. Default `strata`. */
  name?: string;
  /** Server version reported to clients. Default `0.0.0`. */
  version?: string;
  /** `strata` (default): Strata's tools; `memory-server`: the official memory server's nine. */
  tools?: ToolSet;
  /** `auto` (default): judge sweeps with the client's model when it offers sampling; `off`: never. */
  sampling?: "auto" | "off";
  /**
   * Who the audit chain names for changes made through this server. Default `mcp:<client name>`,
   * the name the client gave at initialisation (`mcp:unknown` before it or without one).
   */
  actor?: string;
  /**
   * Refuses (throws FORBIDDEN) an operation needing more access than the caller has: an HTTP
   * request signed in with an API key passes its key's check here. Default: every access (stdio,
   * the bearer token, a loopback caller while no key exists).
   */
  permit?: (access: Access) => void;
}

/** `mcp:<client name>`, printable and bounded, for the audit chain. */
export function mcpActor(clientName: string | undefined): string {
  const name = (clientName ?? "").replace(/[^\x21-\x7e]+/g, "-").slice(0, 64);
  return `mcp:${name || "unknown"}`;
}

/** The tool specs a server of this set registers. */
export const toolSpecs = (set: ToolSet = "strata"): readonly ToolSpec[] =>
  set === "memory-server" ? MEMORY_SERVER_TOOLS : TOOLS;

/** The one place a failure becomes a tool result the model reads. */
export function toolError(error: unknown): CallToolResult {
  const text = isStrataError(error)
    ? `${error.code}: ${mcpWording(error.message)}`
    : `INTERNAL: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: "text", text }] };
}

const SERVER_INSTRUCTIONS =
  "Long-term memory. Call context at the start of a task and recall before acting; record, remember and capture what you learn; report outcome on beliefs you used. The memory-loop prompt has the full loop.";

export function createMcpServer(engine: Memory, options: CreateMcpServerOptions = {}): McpServer {
  const set = options.tools ?? "strata";
  const server = new McpServer(
    { name: options.name ?? "strata", version: options.version ?? "0.0.0" },
    { instructions: SERVER_INSTRUCTIONS },
  );
  paramsReadAsMcp(server);

  // Every change is audited as this server's client: the engine is re-made once the client
  // has said its name (same store, namespace and policy; only the actor differs).
  let acting: Memory | null = null;
  const actingEngine = (): Memory => {
    const actor = options.actor ?? mcpActor(server.server.getClientVersion()?.name);
    if (acting?.actor !== actor) acting = engine.withActor(actor);
    return acting;
  };
  const permit = options.permit ?? (() => {});
  const context: ToolContext = {
    get engine() {
      return actingEngine();
    },
    permit,
    sleepJudge() {
      if (options.sampling === "off" || !clientSamples(server.server))
        return { name: actingEngine().sleepJudge.name };
      // The client's model judges this call's pairs, falling back per pair to the engine's sleep
      // judge (a model judge when one is configured); same engine, store, policy and gate.
      const judge = createSamplingJudge(server.server, { fallback: actingEngine().sleepJudge });
      return { judge, name: "sampling" };
    },
  };

  const calls = new Map<string, (args: unknown) => Promise<CallToolResult>>();
  for (const spec of toolSpecs(set)) {
    // Strata's tools check their arguments themselves (parseInput, as REST does), so a refusal
    // says what the registry's does — a field under another tool's name names the one meant
    // (`limit` → "did you mean "k"?") — where the SDK's says only "Unrecognized key". The SDK
    // is given a schema that takes any object; the compat set keeps the SDK's own check, as the
    // official server answers.
    const own = spec.operations !== undefined;
    const call = async (args: unknown): Promise<CallToolResult> => {
      try {
        // Strata's tools check each operation they run; a compat tool names none, so its
        // annotation says what it needs.
        if (!spec.operations) permit(spec.annotations.readOnlyHint ? "read" : "write");
        const input = own ? parseInput(spec.input, args ?? {}, spec.name) : args;
        const result = (await spec.run({ ...context, tool: spec.name }, input)) as Record<string, unknown>;
        return { content: [{ type: "text", text: spec.text(result) }], structuredContent: result };
      } catch (error) {
        return toolError(error);
      }
    };
    calls.set(spec.name, call);
    server.registerTool(
      spec.name,
      {
        title: spec.title,
        description: spec.description,
        inputSchema: own ? z.looseObject({}) : spec.input,
        outputSchema: spec.output,
        annotations: spec.annotations,
      },
      call,
    );
  }
  if (set === "strata") answerToolCalls(server, toolSpecs(set), calls);

  // Strata lists its own definitions (compact JSON Schema, hashed by the integrity manifest);
  // every call is checked against the tool's zod schema (by parseInput above, or by the SDK).
  const definitions = toolSpecs(set).map(toolDefinition);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));

  registerResources(server, engine, set);

  const prompt = () => ({
    description: "Strata agent instructions",
    messages: [{ role: "user" as const, content: { type: "text" as const, text: AGENT_INSTRUCTIONS } }],
  });
  server.registerPrompt(
    "memory-loop",
    {
      title: "Use Strata memory",
      description:
        "How to use the memory tools: Recall → Apply → Capture → Distill → Consolidate, and the session wrap.",
    },
    prompt,
  );
  // prompts/get answered here, as resources/read is: the SDK's "Prompt … not found" was an
  // McpError, its prefix said twice by the client (attacks50).
  server.server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name === "memory-loop") return prompt();
    throw protocolError(
      ErrorCode.InvalidParams,
      `NOT_FOUND: No prompt "${clip(request.params.name)}" on this server: its prompt is memory-loop.`,
    );
  });
  return server;
}

/**
 * Strata answers tools/call itself, so that the two calls the SDK would refuse in its own words
 * before any tool runs are refused as every other call is, as an `isError` result naming the
 * code and what to do: a tool this server does not have (NOT_FOUND, naming the tools it may have
 * meant — a slip of a name, or an operation a tool runs — and every tool it has), and arguments
 * that are not an object of fields (INVALID_INPUT); nothing runs and the store is unchanged. The
 * SDK's handler parses the whole request with its schema first, so a non-object `arguments`
 * would never reach a tool; the request is taken here instead through the SDK's public
 * `fallbackRequestHandler`, which serves any method without a handler of its own. Every other
 * method keeps the SDK's handling, and one without any is still -32601, "Method not found". The
 * compat set keeps the SDK's handler and words, as the official memory server answers.
 */
function answerToolCalls(
  server: McpServer,
  specs: readonly ToolSpec[],
  calls: ReadonlyMap<string, (args: unknown) => Promise<CallToolResult>>,
): void {
  const names = specs.map((s) => s.name);
  const runs = Object.fromEntries(specs.map((s) => [s.name, s.operations ?? []]));
  server.server.removeRequestHandler("tools/call");
  server.server.fallbackRequestHandler = async (request) => {
    // What the SDK answers a method nobody handles, word for word.
    if (request.method !== "tools/call") throw protocolError(ErrorCode.MethodNotFound, "Method not found");
    const params = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof params.name !== "string")
      throw protocolError(
        ErrorCode.InvalidParams,
        `INVALID_INPUT: tools/call names the tool it calls, as params { "name": "recall", "arguments": { "query": "…" } }; this server's tools are ${names.join(", ")}.`,
      );
    const spec = specs.find((s) => s.name === params.name);
    const call = calls.get(params.name);
    if (!spec || !call) {
      const meant = namesNear(params.name, names, runs);
      const guess = meant.length
        ? ` (did you mean ${meant.map((n) => `"${n}"`).join(" or ")}?)`
        : COMPAT_NAMES.includes(params.name)
          ? " (a tool of the official MCP memory server: strata serve --compat memory-server serves those nine instead)"
          : "";
      return toolError(
        new StrataError(
          "NOT_FOUND",
          `Unknown tool "${clip(params.name)}"${guess}: this server's tools are ${names.join(", ")}; tools/list describes each.`,
        ),
      );
    }
    const args = params.arguments;
    if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args)))
      return toolError(
        new StrataError(
          "INVALID_INPUT",
          `Invalid ${spec.name}: arguments must be an object of the tool's fields, such as { "${exampleField(spec)}": … }, not ${kindOf(args)}; tools/list gives its input schema.`,
        ),
      );
    // The SDK's handler checked each answer against the tool's output schema; so does this one.
    const result = await call(args);
    const checked = result.isError ? null : spec.output.safeParse(result.structuredContent);
    if (checked && !checked.success)
      return toolError(
        new Error(
          `Output validation error: ${spec.name} answered off its output schema: ${checked.error.message}`,
        ),
      );
    return result;
  };
}

/** The official memory server's tool names, which a client set up for that server may call. */
const COMPAT_NAMES: readonly string[] = MEMORY_SERVER_TOOLS.map((t) => t.name);

const clip = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;

/** A field the tool takes, for an example: its first required one, else its first, as tools/list lists them. */
function exampleField(spec: ToolSpec): string {
  const schema = toolDefinition(spec).inputSchema as { required?: string[]; properties?: object };
  return schema.required?.[0] ?? Object.keys(schema.properties ?? {})[0] ?? "…";
}

/**
 * A JSON-RPC error whose message is `message` itself. The SDK sends a thrown error's `code` and
 * `message` as they are, and an `McpError`'s message already starts "MCP error -32602: ", which
 * the client's own McpError then prefixes again ("MCP error -32602: MCP error -32602: …").
 */
const protocolError = (code: number, message: string): Error => Object.assign(new Error(message), { code });

/** MCP's code for a resource that is not there (the specification's "Resource not found"). */
const RESOURCE_NOT_FOUND = -32002;

/** A StrataError read through a resource is a protocol error naming its code. */
async function readOrRefuse<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isStrataError(error))
      throw protocolError(
        error.code === "NOT_FOUND" ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams,
        `${error.code}: ${mcpWording(error.message)}`,
      );
    throw error;
  }
}

/** A resource's reader: the URI asked, and the template's variables (none for a fixed URI). */
type ResourceReader = (uri: URL, variables: Record<string, string | string[]>) => Promise<ReadResourceResult>;

/**
 * A request of `method` with any params, for a handler that checks them itself (`paramsAs`): the
 * SDK parses a request with the method's own schema before its handler runs, and a params object
 * of another shape was its zod error, -32603 "Internal error" with the issues as a JSON dump.
 */
const anyParams = <M extends string>(method: M) =>
  z.object({ method: z.literal(method), params: z.unknown().optional() });

/** What `setRequestHandler` is given: a request schema (its method a literal) and a handler. */
type RequestSchema = z.ZodObject<{ method: z.ZodLiteral<string> }>;
type RequestHandler = (request: unknown, extra: unknown) => unknown;

/**
 * Every request handler set on `server` from here on — Strata's own and those the SDK sets as tools,
 * resources and prompts are registered (tools/list, resources/list, resources/templates/list,
 * prompts/list …) — reads its params by the method's MCP schema through `paramsAs`: a params object
 * of another shape is -32602 naming the field, never the SDK's -32603 JSON dump of zod's issues
 * (attacks51 mended prompts/get and resources/read one by one; attacks52 found the list methods).
 * `initialize`, which the SDK's Server sets before this runs, is set again through the wrapper to
 * the Server's own answer (`_oninitialize`, public in its JavaScript, not in its types: it records
 * the client's name and capabilities), so it too says -32602 and the field (surfaces53); were a
 * later SDK to drop that method, `initialize` keeps the SDK's answer.
 *
 *   paramsReadAsMcp(server); // tools/list { cursor: 5 } → -32602 "INVALID_INPUT: tools/list: params.cursor …"
 */
function paramsReadAsMcp(server: McpServer): void {
  const protocol = server.server;
  const set = protocol.setRequestHandler.bind(protocol) as (schema: unknown, handler: RequestHandler) => void;
  protocol.setRequestHandler = ((schema: RequestSchema, handler: RequestHandler) =>
    set(anyParams(schema.shape.method.value), (raw, extra) =>
      handler(paramsAs(schema, raw as { method: string }), extra),
    )) as unknown as typeof protocol.setRequestHandler;
  const sdk = protocol as unknown as {
    _oninitialize?: (request: InitializeRequest) => Promise<InitializeResult>;
  };
  const answer = sdk._oninitialize;
  if (typeof answer === "function")
    protocol.setRequestHandler(InitializeRequestSchema, (request) => answer.call(protocol, request));
}

/**
 * `request` read by the MCP schema of its method, or -32602 INVALID_INPUT naming the first field
 * that is not as MCP gives it: the client's mistake, said as one (attacks51).
 *
 *   paramsAs(GetPromptRequestSchema, { method: "prompts/get", params: { name: 5 } });
 *   // -32602 "INVALID_INPUT: prompts/get: params.name expected string, received number; …"
 */
function paramsAs<S extends z.ZodType>(schema: S, request: { method: string }): z.output<S> {
  const read = schema.safeParse(request);
  if (read.success) return read.data;
  const issue = read.error.issues[0]!;
  throw protocolError(
    ErrorCode.InvalidParams,
    `INVALID_INPUT: ${request.method}: ${issue.path.join(".") || "params"} ${issue.message.replace(/^Invalid input: /, "").toLowerCase()}; see the MCP specification's ${request.method}.`,
  );
}

/** The resources, as a client is told when it asks for one this server does not have. */
const RESOURCES = "strata://continuity/{namespace}, strata://item/{id} and strata://manifest";

/**
 * The URI of a namespace's continuity digest, the namespace percent-encoded: a namespace may hold
 * "/" (and ":", "@"), which the template's {namespace} does not match as it is — the one digest
 * listed could not be read (attacks51).
 *
 *   continuityUri("team/a"); // "strata://continuity/team%2Fa"
 */
const continuityUri = (namespace: string) => `strata://continuity/${encodeURIComponent(namespace)}`;

function registerResources(server: McpServer, engine: Memory, set: ToolSet): void {
  const continuity = new ResourceTemplate("strata://continuity/{namespace}", {
    list: async () => ({
      resources: [{ uri: continuityUri(engine.namespace), name: `continuity: ${engine.namespace}` }],
    }),
  });
  const readContinuity: ResourceReader = (uri, variables) =>
    readOrRefuse(async () => {
      const said = String(variables.namespace);
      const own = continuityUri(engine.namespace);
      let namespace: string;
      try {
        namespace = decodeURIComponent(said);
      } catch {
        // A stray % or the bytes of no UTF-8 character: the SDK answered "URI malformed", -32603.
        throw new StrataError(
          "INVALID_INPUT",
          `The namespace in ${clip(uri.href)} is not percent-encoded UTF-8: write it as ${own} for namespace "${engine.namespace}".`,
          { namespace: said },
        );
      }
      // The server acts in one namespace: any other is refused as unknown, whether it exists or not.
      if (namespace !== engine.namespace)
        throw new StrataError(
          "NOT_FOUND",
          `No continuity digest "${namespace}" on this server: it serves namespace "${engine.namespace}" only (${own}).`,
          { namespace },
        );
      return {
        contents: [{ uri: uri.href, mimeType: "text/markdown", text: await renderDigest(engine, namespace) }],
      };
    });
  const item = new ResourceTemplate("strata://item/{id}", { list: undefined });
  const readItem: ResourceReader = (uri, variables) =>
    readOrRefuse(async () => {
      const found = await engine.get(String(variables.id));
      return {
        contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(found, null, 2) }],
      };
    });
  const readManifest: ResourceReader = async (uri) => ({
    contents: [
      {
        uri: uri.href,
        mimeType: "application/json",
        text: JSON.stringify({ algorithm: "sha256", set, tools: hashTools(toolSpecs(set)) }, null, 2),
      },
    ],
  });

  // Registered for resources/list and resources/templates/list, which the SDK answers.
  server.registerResource(
    "continuity",
    continuity,
    {
      title: "Continuity digest",
      description: "What to know at session start, per namespace.",
      mimeType: "text/markdown",
    },
    readContinuity,
  );
  server.registerResource(
    "item",
    item,
    {
      title: "Belief or episode",
      description: "One item by id (b… or e…), as JSON.",
      mimeType: "application/json",
    },
    readItem,
  );
  server.registerResource(
    "manifest",
    "strata://manifest",
    {
      title: "Tool-integrity manifest",
      description: "SHA-256 of each tool definition as tools/list sends it.",
      mimeType: "application/json",
    },
    (uri) => readManifest(uri, {}),
  );

  // resources/read is answered here, as tools/call is: the SDK refused a URI it had no resource
  // for with an McpError, its "MCP error -32602: " prefixed again by the client, and a URI that
  // does not parse as an internal error (attacks50). An unknown resource is -32002, MCP's
  // "Resource not found", naming the resources there are.
  const templates: [ResourceTemplate, ResourceReader][] = [
    [continuity, readContinuity],
    [item, readItem],
  ];
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const said = request.params.uri;
    if (!URL.canParse(said))
      throw protocolError(
        ErrorCode.InvalidParams,
        `INVALID_INPUT: "${clip(said)}" is not a URI: this server's resources are ${RESOURCES}.`,
      );
    const uri = new URL(said);
    if (uri.href === "strata://manifest") return readManifest(uri, {});
    for (const [template, read] of templates) {
      const variables = template.uriTemplate.match(uri.href);
      if (variables) return read(uri, variables);
    }
    throw protocolError(
      RESOURCE_NOT_FOUND,
      `NOT_FOUND: No resource ${clip(uri.href)} on this server: its resources are ${RESOURCES}.`,
    );
  });
}

/** The continuity digest: the agent's last saved one, or one rendered from beliefs (no LLM). */
export async function renderDigest(engine: Memory, namespace: string): Promise<string> {
  return engine.continuity({ namespace });
}
