/**
 * The REST API, derived from the operations registry: every operation answers its shared example
 * (test/support/operation-examples.ts) in its declared output shape, refuses its must-reject
 * inputs with 400 INVALID_INPUT and no change, and refuses a missing or bad key (401), a key for
 * another namespace (403) and a key below its scope (403). A new operation without an example
 * fails here. All through `app.request()` on a real SQLite store; no socket.
 */
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testMemory } from "../../test/support/memory.js";
import {
  badInputs,
  exampleInput,
  type Scenario,
  seedScenario,
} from "../../test/support/operation-examples.js";
import { requestFor } from "../../test/support/rest-request.js";
import { createApiKey } from "../access/api-keys.js";
import type { Memory } from "../core/engine.js";
import { type Access, OPERATIONS } from "../core/operations/index.js";
import { createServerApp } from "./app.js";
import { pathParams } from "./rest.js";

const NS = "team-a";

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function server(): Promise<{
  mem: Memory;
  app: Hono;
  s: Scenario;
  keys: Record<"admin" | "write" | "read" | "elsewhere", string>;
}> {
  const { mem, clock } = await testMemory({ namespace: NS });
  const s = await seedScenario(mem, NS);
  const make = async (name: string, scope: Access, namespaces: string[]) =>
    (await createApiKey(mem.store, { name, scope, namespaces }, clock)).key;
  const keys = {
    admin: await make("admin", "admin", ["team-*"]),
    write: await make("writer", "write", [NS]),
    read: await make("reader", "read", ["*"]),
    elsewhere: await make("elsewhere", "admin", ["team-b", "ops-*"]),
  };
  const app = createServerApp({
    memory: mem,
    writeRate: { perSecond: 1000, burst: 10_000 },
  }) as unknown as Hono;
  return { mem, app, s, keys };
}

const snapshot = (mem: Memory) => mem.export({ format: "json", namespace: NS });
const LOWER: Record<Access, Access | null> = { read: null, write: "read", admin: "write" };

describe("no cache keeps what the server answered (attacks40)", () => {
  it.each(OPERATIONS.filter((op) => op.http.method === "GET").map((op) => [op.http.path, op] as const))(
    "GET %s: Cache-Control: no-store, so no copy outlives a forget",
    async (_p, op) => {
      const { mem, app, s, keys } = await server();
      const res = await app.request(
        ...requestFor(op, await exampleInput(op.name, s), NS, bearer(keys.admin)),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      await mem.close();
    },
  );

  it("a refusal (no key), the health routes and the OpenAPI document too", async () => {
    const { mem, app } = await server();
    const host = { host: "localhost" };
    for (const path of ["/v1/namespaces/team-a/recall?query=x", "/healthz", "/readyz", "/openapi.json"])
      expect((await app.request(path, { headers: host })).headers.get("cache-control"), path).toBe(
        "no-store",
      );
    await mem.close();
  });
});

describe("every REST route, from the registry", () => {
  it.each(OPERATIONS.map((op) => [op.http.method, op.http.path, op] as const))(
    "%s %s answers its example in its declared output shape",
    async (_m, _p, op) => {
      const { mem, app, s, keys } = await server();
      const input = await exampleInput(op.name, s);
      const res = await app.request(...requestFor(op, input, NS, bearer(keys.admin)));
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      const parsed = op.output.safeParse(body);
      expect(parsed.success, parsed.success ? "" : z.prettifyError(parsed.error)).toBe(true);
      await mem.close();
    },
  );

  it.each(OPERATIONS.map((op) => [op.http.method, op.http.path, op] as const))(
    "%s %s refuses bad input with 400 INVALID_INPUT and changes nothing",
    async (_m, _p, op) => {
      const { mem, app, s, keys } = await server();
      const inputs = await badInputs(op.name, s);
      const before = await snapshot(mem);
      for (const input of inputs) {
        const res = await app.request(...requestFor(op, input, NS, bearer(keys.admin)));
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(body.error.code).toBe("INVALID_INPUT");
      }
      expect(await snapshot(mem)).toBe(before);
      await mem.close();
    },
  );

  describe("refuses callers who may not", () => {
    let ctx: Awaited<ReturnType<typeof server>>;
    beforeAll(async () => {
      ctx = await server();
    });

    it.each(OPERATIONS.map((op) => [op.http.method, op.http.path, op] as const))(
      "%s %s: no key or a bad key 401, another namespace's key 403, a scope too low 403; nothing changes",
      async (_m, _p, op) => {
        const { mem, app, s, keys } = ctx;
        const input = await exampleInput(op.name, s);
        const before = await snapshot(mem);
        const expectRefused = async (headers: Record<string, string>, status: number, code: string) => {
          const res = await app.request(...requestFor(op, input, NS, headers));
          const body = (await res.json()) as { error: { code: string } };
          expect(res.status, `${JSON.stringify(headers)} → ${JSON.stringify(body)}`).toBe(status);
          expect(body.error.code).toBe(code);
        };
        await expectRefused({}, 401, "UNAUTHORIZED");
        await expectRefused(bearer(`${keys.admin.slice(0, -4)}AAAA`), 401, "UNAUTHORIZED");
        await expectRefused({ "x-api-key": "sk_strata_nonsense" }, 401, "UNAUTHORIZED");
        await expectRefused(bearer(keys.elsewhere), 403, "FORBIDDEN");
        const lower = LOWER[op.access];
        const lowerKey = lower === "read" ? keys.read : lower === "write" ? keys.write : null;
        if (lowerKey) await expectRefused({ "x-api-key": lowerKey }, 403, "FORBIDDEN");
        else expect(op.access, "only read operations have no lower scope to try").toBe("read");
        expect(await snapshot(mem)).toBe(before);
      },
    );
  });
});

describe("input a route would otherwise drop or overrule is refused", () => {
  const writes = OPERATIONS.filter((op) => op.http.method !== "GET");

  it.each(writes.map((op) => [op.http.method, op.http.path, op] as const))(
    "%s %s refuses a query string (its input is the JSON body) and changes nothing",
    async (_m, _p, op) => {
      const { mem, app, s, keys } = await server();
      const [url, init] = requestFor(op, await exampleInput(op.name, s), NS, bearer(keys.admin));
      const before = await snapshot(mem);
      const res = await app.request(`${url}?dryRun=true&note=x`, init);
      const body = (await res.json()) as { error: { code: string; message: string; details: unknown } };
      expect(res.status).toBe(400);
      expect(body.error).toMatchObject({
        code: "INVALID_INPUT",
        details: { parameters: ["dryRun", "note"] },
      });
      expect(body.error.message).toContain('not the query string: move "dryRun", "note" into the body.');
      expect(await snapshot(mem)).toBe(before);
      await mem.close();
    },
  );

  const withParams = writes.filter((op) => pathParams(op).length > 0);
  it.each(withParams.map((op) => [op.http.method, op.http.path, op] as const))(
    "%s %s refuses a body that names another item than the path",
    async (_m, _p, op) => {
      const { mem, app, s, keys } = await server();
      const input = await exampleInput(op.name, s);
      const [url, init] = requestFor(op, input, NS, bearer(keys.admin));
      const [param] = pathParams(op);
      const before = await snapshot(mem);
      const sent = { ...JSON.parse(String(init.body)), [param!]: `${String(input[param!])}0` };
      const res = await app.request(url, { ...init, body: JSON.stringify(sent) });
      const body = (await res.json()) as { error: { code: string; details: unknown } };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.error).toMatchObject({ code: "INVALID_INPUT", details: { field: param } });
      expect(await snapshot(mem)).toBe(before);
      // The same value in both places says one thing: accepted.
      const same = await app.request(url, {
        ...init,
        body: JSON.stringify({ ...JSON.parse(String(init.body)), [param!]: input[param!] }),
      });
      expect(same.status).toBe(200);
      await mem.close();
    },
  );

  it.each(["0x10", "0b11", "1_0", "ten"])("GET recall refuses k=%s: numbers are decimal", async (k) => {
    const { mem, app, keys } = await server();
    const res = await app.request(`/v1/namespaces/${NS}/recall?query=retry&k=${k}`, {
      headers: { host: "localhost", ...bearer(keys.read) },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      `Invalid GET /v1/namespaces/{namespace}/recall: k must be a number, got "${k}".`,
    );
    await mem.close();
  });

  it.each([
    // [query, message, the issue]
    [
      "recall?query=retry&k=ten",
      'Invalid GET /v1/namespaces/{namespace}/recall: k must be a number, got "ten".',
      { path: ["k"], received: "ten", allowed: "a number" },
    ],
    [
      "items?limit=all&offset=x",
      'Invalid GET /v1/namespaces/{namespace}/items: limit must be a number, got "all"; offset must be a number, got "x".',
      { path: ["limit"], received: "all", allowed: "a number" },
    ],
    [
      "candidates?review=yes",
      'Invalid GET /v1/namespaces/{namespace}/candidates: review must be true or false, got "yes".',
      { path: ["review"], received: "yes", allowed: "true or false" },
    ],
    [
      "recall?query=retry&kinds=fact,rule&k=3&k=4",
      "Invalid GET /v1/namespaces/{namespace}/recall: k: Invalid input: expected number, received array.",
      { path: ["k"] },
    ],
  ])(
    "GET %s: a query value that is not what its field takes says so, not 'received string'",
    async (query, message, issue) => {
      const { mem, app, keys } = await server();
      const res = await app.request(`/v1/namespaces/${NS}/${query}`, {
        headers: { host: "localhost", ...bearer(keys.read) },
      });
      const body = (await res.json()) as { error: { message: string; details: { issues: unknown[] } } };
      expect(res.status).toBe(400);
      expect(body.error.message).toBe(message);
      expect(body.error.message).not.toContain("received string");
      expect(body.error.details.issues[0]).toMatchObject(issue);
      await mem.close();
    },
  );

  it("a value that reads as its kind passes to the engine as before (k=3, a wrong range is the engine's)", async () => {
    const { mem, app, keys } = await server();
    const headers = { host: "localhost", ...bearer(keys.read) };
    expect((await app.request(`/v1/namespaces/${NS}/recall?query=retry&k=3`, { headers })).status).toBe(200);
    const res = await app.request(`/v1/namespaces/${NS}/recall?query=retry&k=0`, { headers });
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^Invalid GET \/v1\/namespaces\/\{namespace\}\/recall: k: must be at least 1, got 0\.$/,
    );
    await mem.close();
  });
});

it.each([
  ["recall", "query=retry&constructor=1"],
  ["recall", "query=retry&__proto__=1"],
  ["recall", "query=retry&toString=x&hasOwnProperty=y"],
  ["items", "__proto__=%7B%22k%22%3A1%7D"],
])("GET %s?%s: an object's own names are unknown options (400), not a 500", async (route, query) => {
  const { mem, app, keys } = await server();
  const res = await app.request(`/v1/namespaces/${NS}/${route}?${query}`, {
    headers: { host: "localhost", ...bearer(keys.read) },
  });
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error.code).toBe("INVALID_INPUT");
  expect(body.error.message).toMatch(/unknown options? "(constructor|__proto__|toString)"/);
  await mem.close();
});

describe("error messages say what to call in REST's words", () => {
  it("an unknown id names the route that lists ids, not the library's list()", async () => {
    const { mem, app, keys } = await server();
    const res = await app.request(`/v1/namespaces/${NS}/items/b99999/explain`, {
      headers: { host: "localhost", ...bearer(keys.read) },
    });
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status, JSON.stringify(body)).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.message).toContain("List ids with `GET /v1/namespaces/{namespace}/items`.");
    expect(body.error.message).not.toContain("list()");
    await mem.close();
  });
});
