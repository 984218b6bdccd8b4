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
 * A route that takes what another's answer holds (a wrap's token, a candidate pair, an item's id)
 * is called as a client reading the document would: through the `links` of the answer that yields
 * it, calling that route first (its request built from the document too) and putting the linked
 * values where the link says. A body field with `examples` is sent its first example.
 *
 * Before newcomer42, four valid requests built from the document alone could not succeed (a
 * judgment of a pair the store never paired, a save and a cancel of a token no prepare gave, an
 * import of a string that is no export): the document said nothing of where those values come
 * from. Before newcomer40, `GET /v1/namespaces?bogus=1` answered 200 where every other route refuses a
 * field it does not take (400, saying which), and its entry listed no 400.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "../../src/server/app.js";
import { listenLocally } from "../support/local-server.js";
import { type LoopbackServer, serveLoopback } from "../support/loopback-server.js";
import { testMemory } from "../support/memory.js";

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
  oneOf?: Schema[];
  examples?: unknown[];
  $ref?: string;
};
type Link = {
  operationId: string;
  parameters?: Record<string, string>;
  requestBody?: unknown;
  description: string;
};
type Entry = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }>; links?: Record<string, Link> }>;
};
type Doc = { paths: Record<string, Record<string, Entry>>; components: { schemas: Record<string, Schema> } };

const NS = "walk";
const ROOMS_THAT_DESCRIBE_THEMSELVES = ["/openapi.json", "/docs", "/mcp", "/ui"];

/** The smallest value a schema admits, built from the schema alone (required fields only): its first example if it lists one. */
function sample(s: Schema | undefined, name = "text"): unknown {
  if (!s) return name;
  if (s.examples?.length) return s.examples[0];
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
  // A pair the judge is asked about (candidates' link to judgments): near, neither replacing the other.
  await call("POST", `/v1/namespaces/${NS}/beliefs`, { statement: "The target model is Claude" });
  await call("POST", `/v1/namespaces/${NS}/beliefs`, { statement: "Anthropic's model is our target" });
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

/**
 * Every path and method of the document, a forget last (it erases what the others read), and a
 * DELETE of a path with routes beneath it (a wrap's cancel, beside its save) before them: a save
 * closes the wrap, after which a prepare has nothing to wrap and gives no token to cancel.
 */
const walk = () => {
  const routes = Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, entry]) => ({ path, method, entry })))
    .sort(
      (a, b) =>
        Number(a.method === "delete" && a.path.endsWith("{id}")) -
        Number(b.method === "delete" && b.path.endsWith("{id}")),
    );
  for (const ending of routes.filter((r) => r.method === "delete" && !r.path.endsWith("{id}"))) {
    const beneath = routes.findIndex((r) => r.path.startsWith(`${ending.path}/`));
    if (beneath < 0 || beneath > routes.indexOf(ending)) continue;
    routes.splice(routes.indexOf(ending), 1);
    routes.splice(beneath, 0, ending);
  }
  return routes;
};

function request(path: string, entry: Entry, extra: boolean, pathValues: Record<string, string> = {}) {
  const values: Record<string, string> = { namespace: NS, id: "b2", token: "w_walked", ...pathValues };
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? name));
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

/** The route whose answer links to `operationId`, and the link; null when none does. */
function linkTo(operationId: string) {
  for (const { path, method, entry } of walk())
    for (const link of Object.values(entry.responses["200"]?.links ?? {}))
      if (link.operationId === operationId) return { path, method, entry, link };
  return null;
}

/** A link's value in an answer: a runtime expression `$response.body#/…` whole, or `{$response.body#/…}` inside a string. */
function resolve(value: unknown, answer: unknown): unknown {
  const at = (pointer: string) =>
    pointer
      .split("/")
      .slice(1)
      .reduce<unknown>(
        (v, key) => (v as Record<string, unknown> | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")],
        answer,
      );
  if (typeof value === "string")
    return value.startsWith("$response.body#")
      ? at(value.slice("$response.body#".length))
      : value.replace(/\{\$response\.body#([^}]*)\}/g, (_, pointer: string) => String(at(pointer)));
  if (Array.isArray(value)) return value.map((v) => resolve(v, answer));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, answer)]));
  return value;
}

/**
 * The request a client reading the document makes: where another route's answer links to this
 * one (and no example is given for its body), that route is called first and the link's values
 * are put where the link says; otherwise the request built from the schemas.
 */
async function followedRequest(path: string, entry: Entry): Promise<{ url: string; body: unknown }> {
  const from = linkTo(entry.operationId);
  const bodySchema = entry.requestBody?.content["application/json"]?.schema;
  const exemplified = (field: string) => Boolean(bodySchema?.properties?.[field]?.examples?.length);
  // A link that would only fill body fields the document gives an example of is not needed.
  if (
    !from ||
    (!from.link.parameters &&
      Object.keys((from.link.requestBody as Record<string, unknown> | undefined) ?? {}).every(exemplified))
  )
    return request(path, entry, false);
  const source = request(from.path, from.entry, false);
  const res = await call(from.method.toUpperCase(), source.url, source.body);
  const answer = await res.json();
  if (res.status !== 200)
    throw new Error(
      `${from.method} ${from.path}, linked to ${entry.operationId}: ${res.status} ${JSON.stringify(answer)}`,
    );
  const pathValues = Object.fromEntries(
    Object.entries(from.link.parameters ?? {}).map(([name, expr]) => [name, String(resolve(expr, answer))]),
  );
  const built = request(path, entry, false, pathValues);
  return {
    url: built.url,
    body: from.link.requestBody === undefined ? built.body : resolve(from.link.requestBody, answer),
  };
}

describe("the OpenAPI document, walked against the server it describes", () => {
  it("every path and method: a request built from the document succeeds as listed, and its answer is the listed schema", async () => {
    const problems: string[] = [];
    for (const { path, method, entry } of walk()) {
      const { url, body } = await followedRequest(path, entry);
      const res = await call(method.toUpperCase(), url, body);
      if (res.status !== 200) problems.push(`${method} ${path}: ${res.status} ${await res.clone().text()}`);
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

  it("every link names a documented operation, only its path parameters, and fields the answer's schema has", () => {
    const byId = new Map(walk().map((r) => [r.entry.operationId, r]));
    const problems: string[] = [];
    let links = 0;
    for (const { path, method, entry } of walk()) {
      const answer = entry.responses["200"]?.content?.["application/json"]?.schema;
      for (const [name, link] of Object.entries(entry.responses["200"]?.links ?? {})) {
        links++;
        const target = byId.get(link.operationId);
        if (!target) {
          problems.push(`${method} ${path} → ${name}: no operation ${link.operationId}`);
          continue;
        }
        for (const param of Object.keys(link.parameters ?? {}))
          if (!target.path.includes(`{${param}}`))
            problems.push(`${method} ${path} → ${name}: ${target.path} takes no ${param}`);
        const pointers = JSON.stringify(link).match(/\$response\.body#[^"}]*/g) ?? [];
        for (const pointer of pointers) {
          // Walk the answer's schema down the pointer: each step a property, or an array's items.
          let at: Schema | undefined = answer;
          for (const key of pointer.split("#")[1]!.split("/").slice(1)) {
            const options: Schema[] = at?.anyOf ?? (at?.oneOf as Schema[] | undefined) ?? (at ? [at] : []);
            at = options
              .map((o) => (/^\d+$/.test(key) ? o.items : o.properties?.[key]))
              .find((o) => o !== undefined);
          }
          if (!at) problems.push(`${method} ${path} → ${name}: the answer has no ${pointer}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(links).toBeGreaterThanOrEqual(5); // the wrap's two, candidates', export's, the writes' ids
  });

  it("every link to an item read, followed from a fresh answer, reads the item the answer named", async () => {
    // A write's, a batch's and distil's ids (newcomer43 linked the batches and distil): the route
    // is called with a request built from the document, then the link is followed.
    const problems: string[] = [];
    const followed: string[] = [];
    for (const { path, method, entry } of walk()) {
      for (const [name, link] of Object.entries(entry.responses["200"]?.links ?? {})) {
        if (!["get", "explain", "history"].includes(link.operationId)) continue;
        const source = request(path, entry, false);
        const res = await call(method.toUpperCase(), source.url, source.body);
        const answer = await res.json();
        if (res.status !== 200) {
          problems.push(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
          continue;
        }
        const id = String(resolve(link.parameters!.id, answer));
        const target = walk().find((r) => r.entry.operationId === link.operationId)!;
        const read = await call("GET", request(target.path, target.entry, false, { id }).url);
        const body = (await read.json()) as {
          id?: string;
          belief?: { id: string };
          episode?: { id: string };
        };
        if (read.status !== 200 || (body.id ?? body.belief?.id ?? body.episode?.id) !== id)
          problems.push(
            `${method} ${path} → ${name} (${id}): ${read.status} ${JSON.stringify(body).slice(0, 200)}`,
          );
        followed.push(`${entry.operationId} → ${name}`);
      }
    }
    expect(problems).toEqual([]);
    for (const from of ["record", "remember", "recordMany", "rememberMany", "distil"])
      expect(followed, from).toContain(`${from} → get`);
    expect(followed).toContain("rememberMany → history");
    expect(followed).toContain("distil → history");
  });

  it("export's link to import: the export, sent as the link says, loads into another store's empty namespace", async () => {
    const other = await testMemory({ file: true });
    const app = createServerApp({ memory: other.mem });
    const server = await listenLocally(app);
    try {
      const exported = await call("GET", `/v1/namespaces/${NS}/export`);
      const answer = await exported.json();
      const link = doc.paths["/v1/namespaces/{namespace}/export"]!.get!.responses["200"]!.links!.import!;
      const res = await fetch(`${server.origin}/v1/namespaces/${NS}/import`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(resolve(link.requestBody, answer)),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await problemWith(doc.paths["/v1/namespaces/{namespace}/import"]!.post!, res)).toBeNull();
      const items = async (base: string) =>
        (
          (await (await fetch(`${base}/v1/namespaces/${NS}/items?limit=100`)).json()) as {
            items: { id: string }[];
          }
        ).items.map((i) => i.id);
      expect(await items(server.origin)).toEqual(await items(`http://127.0.0.1:${served.port}`));
    } finally {
      await server.close();
      await other.mem.close();
    }
  });

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
