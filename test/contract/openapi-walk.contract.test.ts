/**
 * The OpenAPI document walked mechanically against the server `strata serve --http` runs, over a
 * real socket on a real SQLite file: every path and method the document lists is called once with
 * a request built from the document itself (its required fields, sampled from their schemas) and
 * once with a field the document does not list. Each answer's status must be one the route lists,
 * and its body must be what the listed response's schema says (Ajv, the MCP SDK's validator); a
 * valid request must succeed but where a row below says why not. And the converse: every route the
 * server answers is in the document, but for the rooms that describe themselves (/openapi.json,
 * /docs, /mcp, /ui).
 *
 * Before newcomer40, `GET /v1/namespaces?bogus=1` answered 200 where every other route refuses a
 * field it does not take (400, saying which), and its entry listed no 400.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "../../src/server/app.js";
import { type LoopbackServer, serveLoopback } from "../support/loopback-server.js";

type Schema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minimum?: number;
  pattern?: string;
  anyOf?: Schema[];
  $ref?: string;
};
type Entry = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Doc = { paths: Record<string, Record<string, Entry>>; components: { schemas: Record<string, Schema> } };

const NS = "walk";
const ROOMS_THAT_DESCRIBE_THEMSELVES = ["/openapi.json", "/docs", "/mcp", "/ui"];

/**
 * A valid request that cannot succeed on a fresh store, and the documented refusal it gets: the
 * walk still checks the status is listed and the body is an Error as the document says.
 */
const REFUSED_WHEN_VALID: Record<string, [number, string]> = {
  "post /v1/namespaces/{namespace}/judgments": [404, "the sampled pair (b1, b1) is not one the store paired"],
  "post /v1/namespaces/{namespace}/wraps/{token}/save": [409, "the sampled token names no prepared wrap"],
  "delete /v1/namespaces/{namespace}/wraps/{token}": [409, "the sampled token names no prepared wrap"],
  "post /v1/namespaces/{namespace}/import": [400, "the sampled source (a string) is no export"],
};

/** The smallest value a schema admits, built from the schema alone (required fields only). */
function sample(s: Schema | undefined, name = "text"): unknown {
  if (!s) return name;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sample(s.anyOf[0], name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "string")
    return s.pattern?.startsWith("^e") ? "e1" : s.pattern?.match(/^\^\[?[eb]/) ? "b1" : name;
  if (type === "integer" || type === "number")
    return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
  if (type === "boolean") return false;
  if (type === "array")
    return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, name));
  if (type === "object" || s.properties)
    return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k], k)]));
  return name; // a schema of any value (import's source): a string is one
}

let served: LoopbackServer;
let doc: Doc;
const validator = new AjvJsonSchemaValidator();

beforeAll(async () => {
  served = await serveLoopback(); // b1 in "default"; the walk writes its own namespace
  doc = (await (await call("GET", "/openapi.json")).json()) as Doc;
  await call("POST", `/v1/namespaces/${NS}/beliefs`, { statement: "The retry limit is 5" }); // b2
  await call("POST", `/v1/namespaces/${NS}/episodes`, { content: "The deploy failed on Monday" }); // e1
}, 60_000);
afterAll(async () => served?.close());

function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${served.port}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** What is wrong with an answer against the route's entry: null when nothing. */
async function problemWith(entry: Entry, res: Response): Promise<string | null> {
  const listed = entry.responses[String(res.status)];
  const text = await res.text();
  if (!listed)
    return `status ${res.status} is not listed (${Object.keys(entry.responses).join(", ")}): ${text}`;
  const [media, content] = Object.entries(listed.content ?? {})[0] ?? [];
  if (!media) return null;
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith(media)) return `content-type ${type}, listed ${media}`;
  if (!media.startsWith("application/json") || !content?.schema) return null;
  const schema = content.schema.$ref
    ? doc.components.schemas[content.schema.$ref.split("/").pop()!]
    : content.schema;
  const result = validator.getValidator(schema as never)(JSON.parse(text));
  return result.valid ? null : `${result.errorMessage}: ${text.slice(0, 300)}`;
}

/** Every path and method of the document, a forget last (it erases what the others read). */
const walk = () =>
  Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, entry]) => ({ path, method, entry })))
    .sort(
      (a, b) =>
        Number(a.method === "delete" && a.path.endsWith("{id}")) -
        Number(b.method === "delete" && b.path.endsWith("{id}")),
    );

function request(path: string, entry: Entry, extra: boolean) {
  const url = path.replace("{namespace}", NS).replace("{id}", "b2").replace("{token}", "w_walked");
  const query = new URLSearchParams();
  for (const p of entry.parameters ?? [])
    if (p.in === "query" && p.required) query.set(p.name, String(sample(p.schema, "retry")));
  const schema = entry.requestBody?.content["application/json"]?.schema;
  let body = schema ? (sample(schema) as Record<string, unknown>) : undefined;
  if (extra && body) body = { ...body, notAField: 1 };
  else if (extra) query.set("notAField", "1");
  const qs = query.toString();
  return { url: qs ? `${url}?${qs}` : url, body };
}

describe("the OpenAPI document, walked against the server it describes", () => {
  it("every path and method: a request built from the document succeeds as listed, and its answer is the listed schema", async () => {
    const problems: string[] = [];
    for (const { path, method, entry } of walk()) {
      const { url, body } = request(path, entry, false);
      const res = await call(method.toUpperCase(), url, body);
      const expected = REFUSED_WHEN_VALID[`${method} ${path}`]?.[0] ?? 200;
      if (res.status !== expected) problems.push(`${method} ${path}: ${res.status}, expected ${expected}`);
      const problem = await problemWith(entry, res);
      if (problem) problems.push(`${method} ${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("every path and method: a field the document does not list is refused, 400, an Error naming it", async () => {
    const problems: string[] = [];
    for (const { path, method, entry } of walk()) {
      if (path === "/healthz" || path === "/readyz") continue; // probes read nothing a caller sends
      const { url, body } = request(path, entry, true);
      const res = await call(method.toUpperCase(), url, body);
      const text = await res.clone().text();
      if (res.status !== 400 || !text.includes("notAField"))
        problems.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      const problem = await problemWith(entry, res);
      if (problem) problems.push(`${method} ${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("every route the server answers is in the document, and every documented route is answered", async () => {
    const app = createServerApp({ memory: served.mem, makeMcpServer: () => ({}) as never });
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`)),
    );
    const answered = new Set(
      app.routes
        .filter((r) => r.method !== "ALL" || r.path !== "/*")
        .filter(
          (r) =>
            !ROOMS_THAT_DESCRIBE_THEMSELVES.some((room) => r.path === room || r.path.startsWith(`${room}/`)),
        )
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    expect([...answered].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !answered.has(r))).toEqual([]);
  });
});
