/**
 * Each refusal an operation really sends over REST has a status its route's OpenAPI entry lists,
 * with the Error schema: a client generated from /openapi.json knows every answer it may get.
 * The routes' statuses come from what each operation declares it may refuse with
 * (`Operation.refusals` in src/core/operations/catalog.ts).
 *
 * Before newcomer37: FORGOTTEN (410), CONFLICT, WRAP_NOT_PREPARED and TARGET_NOT_EMPTY (409), and
 * NOT_FOUND (404) for an episode a write cites, were sent by routes whose entry did not list them;
 * /healthz and /readyz documented no answer body.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "../../src/server/app.js";
import { testMemory } from "../support/memory.js";

const NS = "/v1/namespaces/default";
const HOST = { host: "localhost" };

type Doc = {
  components: { schemas: { Error: Record<string, unknown> } };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

let app: Hono;
let doc: Doc;
let exported = "";

const send = (method: string, url: string, body?: unknown) =>
  app.request(`${NS}${url}`, {
    method,
    headers: body === undefined ? HOST : { ...HOST, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  const { mem } = await testMemory();
  app = createServerApp({ memory: mem, loopbackClient: () => true }) as unknown as Hono;
  doc = (await (await app.request("/openapi.json", { headers: HOST })).json()) as Doc;
  // e1, e2 (forgotten); b1 (forgotten), b2 (pinned, key "staging.db"), b3, b4.
  const steps: [string, string, unknown?][] = [
    ["POST", "/episodes", { content: "Deployed the API at noon" }],
    ["POST", "/episodes", { content: "The pager went off twice" }],
    ["POST", "/beliefs", { statement: "The gate code is 4512" }],
    ["POST", "/beliefs", { statement: "Staging runs Postgres 16", key: "staging.db" }],
    ["PUT", "/beliefs/b2/pin"],
    ["POST", "/beliefs", { statement: "Lunch is at noon" }],
    ["POST", "/beliefs", { statement: "The office closes at six" }],
    ["DELETE", "/items/e2"],
    ["DELETE", "/items/b1"],
  ];
  for (const [method, url, body] of steps) expect((await send(method, url, body)).status, url).toBe(200);
  exported = ((await (await send("GET", "/export")).json()) as { text: string }).text;
});

// [what, method, route as the document names it, url, body, code, status]
const REFUSALS: [string, string, string, string, unknown, string, number][] = [
  [
    "a new value for a key a pinned belief holds",
    "POST",
    "/beliefs",
    "/beliefs",
    { statement: "Staging runs Postgres 17", key: "staging.db" },
    "CONFLICT",
    409,
  ],
  [
    "a statement citing an episode that is not there",
    "POST",
    "/beliefs",
    "/beliefs",
    { statement: "The pager is loud", sources: ["e999"] },
    "NOT_FOUND",
    404,
  ],
  [
    "a statement citing a forgotten episode",
    "POST",
    "/beliefs",
    "/beliefs",
    { statement: "The pager is loud", sources: ["e2"] },
    "FORGOTTEN",
    410,
  ],
  [
    "a batch item citing an episode that is not there",
    "POST",
    "/beliefs/batch",
    "/beliefs/batch",
    { items: [{ statement: "The pager is loud", sources: ["e999"] }] },
    "NOT_FOUND",
    404,
  ],
  [
    "a rule citing an episode that is not there",
    "POST",
    "/rules",
    "/rules",
    { when: "a deploy fails", prefer: "roll back", sources: ["e999"] },
    "NOT_FOUND",
    404,
  ],
  [
    "a rule citing a forgotten episode",
    "POST",
    "/rules",
    "/rules",
    { when: "a deploy fails", prefer: "roll back", sources: ["e2"] },
    "FORGOTTEN",
    410,
  ],
  [
    "an outcome of a forgotten belief",
    "POST",
    "/beliefs/{id}/outcome",
    "/beliefs/b1/outcome",
    { success: true },
    "FORGOTTEN",
    410,
  ],
  [
    "a use of a forgotten belief",
    "POST",
    "/beliefs/{id}/used",
    "/beliefs/b1/used",
    undefined,
    "FORGOTTEN",
    410,
  ],
  ["a pin of a forgotten belief", "PUT", "/beliefs/{id}/pin", "/beliefs/b1/pin", undefined, "FORGOTTEN", 410],
  [
    "an unpin of a forgotten belief",
    "DELETE",
    "/beliefs/{id}/pin",
    "/beliefs/b1/pin",
    undefined,
    "FORGOTTEN",
    410,
  ],
  [
    "a restore of a forgotten episode",
    "POST",
    "/items/{id}/restore",
    "/items/e2/restore",
    undefined,
    "FORGOTTEN",
    410,
  ],
  [
    "a verdict on a belief that is not there",
    "POST",
    "/judgments",
    "/judgments",
    { judgments: [{ a: "b3", b: "b999", verdict: "distinct" }] },
    "NOT_FOUND",
    404,
  ],
  [
    "a verdict on a pair no longer active",
    "POST",
    "/judgments",
    "/judgments",
    { judgments: [{ a: "b1", b: "b3", verdict: "distinct" }] },
    "CONFLICT",
    409,
  ],
  [
    "a distillation of an episode that is not there",
    "POST",
    "/distillations",
    "/distillations",
    { episodeIds: ["e999"], propositions: ["The pager is loud"] },
    "NOT_FOUND",
    404,
  ],
  [
    "a distillation of a forgotten episode",
    "POST",
    "/distillations",
    "/distillations",
    { episodeIds: ["e2"], propositions: ["The pager is loud"] },
    "FORGOTTEN",
    410,
  ],
  [
    "a save with a token no wrap has",
    "POST",
    "/wraps/{token}/save",
    "/wraps/w9-abc/save",
    { text: "## State\n- x" },
    "WRAP_NOT_PREPARED",
    409,
  ],
  [
    "a cancel with a token no wrap has",
    "DELETE",
    "/wraps/{token}",
    "/wraps/w9-abc",
    undefined,
    "WRAP_NOT_PREPARED",
    409,
  ],
  [
    "an import into a namespace that holds items",
    "POST",
    "/import",
    "/import",
    "EXPORT",
    "TARGET_NOT_EMPTY",
    409,
  ],
  // Listed before newcomer37 too: an id the route names.
  [
    "a pin of a belief that is not there",
    "PUT",
    "/beliefs/{id}/pin",
    "/beliefs/b999/pin",
    undefined,
    "NOT_FOUND",
    404,
  ],
  [
    "an explanation of an episode that is not there",
    "GET",
    "/items/{id}/explain",
    "/items/e999/explain",
    undefined,
    "NOT_FOUND",
    404,
  ],
];

describe("every refusal a route sends is among the answers its OpenAPI entry lists", () => {
  it.each(REFUSALS)("%s (%s %s)", async (_what, method, route, url, body, code, status) => {
    const r = await send(method, url, body === "EXPORT" ? { source: exported } : body);
    const answer = (await r.json()) as { error: { code: string } };
    expect([r.status, answer.error?.code]).toEqual([status, code]);
    const listed = doc.paths[`/v1/namespaces/{namespace}${route}`]?.[method.toLowerCase()]?.responses ?? {};
    expect(Object.keys(listed)).toContain(String(status));
    const schema = doc.components.schemas.Error;
    expect(new AjvJsonSchemaValidator().getValidator(schema as never)(answer).valid).toBe(true);
  });

  it("a route lists no refusal its operation does not declare: a read of one item answers 404, not 409 or 410", () => {
    const get = doc.paths["/v1/namespaces/{namespace}/items/{id}"]!.get!.responses;
    expect(Object.keys(get)).toContain("404");
    expect(Object.keys(get)).not.toContain("409");
    expect(Object.keys(get)).not.toContain("410");
    const recall = doc.paths["/v1/namespaces/{namespace}/recall"]!.get!.responses;
    expect(Object.keys(recall)).not.toContain("404");
  });

  it("a status shared by several refusals says each (409 on consolidate: BUSY; on save: WRAP_NOT_PREPARED)", () => {
    const consolidate = doc.paths["/v1/namespaces/{namespace}/consolidate"]!.post!.responses["409"] as {
      description: string;
    };
    expect(consolidate.description).toMatch(/^BUSY: /);
    const save = doc.paths["/v1/namespaces/{namespace}/wraps/{token}/save"]!.post!.responses["409"] as {
      description: string;
    };
    expect(save.description).toMatch(/^WRAP_NOT_PREPARED: /);
  });
});

describe("the probes answer as the document says", () => {
  it.each(["/healthz", "/readyz"])("%s", async (path) => {
    const r = await app.request(path, { headers: HOST });
    expect(r.status).toBe(200);
    const answer = await r.json();
    const ok = doc.paths[path]?.get?.responses["200"] as {
      content?: { "application/json"?: { schema: Record<string, unknown> } };
    };
    const schema = ok.content?.["application/json"]?.schema;
    expect(schema, `${path} documents no answer`).toBeDefined();
    expect(new AjvJsonSchemaValidator().getValidator(schema as never)(answer).valid).toBe(true);
  });
});
