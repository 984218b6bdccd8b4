/**
 * The OpenAPI document against real answers: each refusal the REST app sends is checked against
 * the Error schema the app itself serves at /openapi.json (with the MCP SDK's JSON Schema
 * validator, Ajv), and its status against the ones the document lists for that route. The
 * schema of a refused field (`details.issues[]`) admits no field it does not describe, so a field
 * the REST surface starts sending (as `meant` was, in surfaces28) fails here until the document
 * says what it is.
 *
 * Before surfaces29: `details` was an open object, so nothing here could fail on a field nobody
 * had described.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "../../src/server/app.js";
import { testMemory } from "../support/memory.js";

const NS = "/v1/namespaces/default";
const HOST = { host: "localhost" };
const JSON_BODY = { ...HOST, "content-type": "application/json" };

type Doc = {
  components: { schemas: { Error: Record<string, unknown> } };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};
type ErrorBody = { error: { code: string; details: { issues?: Array<Record<string, unknown>> } } };

let app: Hono;
let doc: Doc;

beforeAll(async () => {
  const { mem } = await testMemory();
  await mem.remember("The deploy key rotates every Monday");
  app = createServerApp({ memory: mem, loopbackClient: () => true }) as unknown as Hono;
  doc = (await (await app.request("/openapi.json", { headers: HOST })).json()) as Doc;
});

/** Whether `body` is an Error as `schema` describes it; the validator's message when not. */
function check(schema: Record<string, unknown>, body: unknown): string | null {
  const result = new AjvJsonSchemaValidator().getValidator(schema as never)(body);
  return result.valid ? null : (result.errorMessage ?? "invalid");
}

const REFUSALS = [
  // [what, method, route (as the document names it), url, body, status, issue fields it must carry]
  ["a borrowed name", "GET", "/recall", `${NS}/recall?query=deploy&limit=5`, null, 400, ["meant"]],
  [
    "a value below its bound",
    "GET",
    "/recall",
    `${NS}/recall?query=deploy&k=0`,
    null,
    400,
    ["received", "allowed"],
  ],
  [
    "a value not among those allowed",
    "POST",
    "/beliefs",
    `${NS}/beliefs`,
    { statement: "x y z", kind: "rumour" },
    400,
    ["received", "allowed"],
  ],
  ["a required field left out", "POST", "/beliefs", `${NS}/beliefs`, {}, 400, ["allowed"]],
  [
    "an unknown body field",
    "POST",
    "/beliefs",
    `${NS}/beliefs`,
    { statement: "The gate is B", meta: { a: 1 } },
    400,
    ["meant"],
  ],
  [
    "a time that is not a date",
    "GET",
    "/recall",
    `${NS}/recall?query=deploy&at=tomorrow`,
    null,
    400,
    ["code", "received"],
  ],
  ["a body that is not an object", "POST", "/beliefs", `${NS}/beliefs`, [1], 400, []],
  ["an item that is not there", "GET", "/items/{id}", `${NS}/items/b999`, null, 404, []],
] as const;

describe("every refusal REST sends is an Error as /openapi.json describes it", () => {
  it.each(REFUSALS)("%s (%s %s)", async (_what, method, route, url, body, status, fields) => {
    const r = await app.request(url, {
      method,
      headers: body === null ? HOST : JSON_BODY,
      ...(body === null ? {} : { body: JSON.stringify(body) }),
    });
    expect(r.status).toBe(status);
    const answer = (await r.json()) as ErrorBody;
    expect(check(doc.components.schemas.Error, answer)).toBeNull();
    // The status is one the document lists for this route.
    const operation = doc.paths[`/v1/namespaces/{namespace}${route}`]?.[method.toLowerCase()];
    expect(Object.keys(operation?.responses ?? {})).toContain(String(status));
    // The row really carries the fields it stands for, so the check above covers them.
    const carried = new Set((answer.error.details.issues ?? []).flatMap((i) => Object.keys(i)));
    for (const field of fields) expect([...carried], field).toContain(field);
  });

  it("a refused field's schema admits no field it does not describe: without meant, a real refusal fails", async () => {
    const r = await app.request(`${NS}/recall?query=deploy&limit=5`, { headers: HOST });
    const answer = (await r.json()) as ErrorBody;
    expect(answer.error.details.issues?.[0]?.meant).toEqual({ limit: ["k"] });
    const schema = structuredClone(doc.components.schemas.Error) as {
      properties: {
        error: {
          properties: {
            details: { properties: { issues: { items: { properties: Record<string, unknown> } } } };
          };
        };
      };
    };
    const issue = schema.properties.error.properties.details.properties.issues.items;
    expect(Object.keys(issue.properties).sort()).toEqual([
      "allowed",
      "code",
      "meant",
      "message",
      "path",
      "received",
    ]);
    delete issue.properties.meant;
    expect(check(schema, answer)).toMatch(/additional properties/);
  });
});
