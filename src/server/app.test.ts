/**
 * The server app around the REST routes: keyless loopback mode, representations, the error
 * statuses, limits, headers, the request log, the OpenAPI document and the /docs page, all
 * through `app.request()` on a real SQLite store.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context, Hono } from "hono";
import { describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import { createApiKey, revokeApiKey } from "../access/api-keys.js";
import { StrataError } from "../core/errors.js";
import { OPERATIONS } from "../core/operations/index.js";
import { createServerApp, type RequestLogLine, type ServerAppOptions } from "./app.js";
import { honoPath } from "./rest.js";
import { routesTable } from "./routes-table.js";

const NS = "team-a";
const HOST = { host: "localhost" };
const json = { ...HOST, "content-type": "application/json" };

async function setup(options: Partial<ServerAppOptions> & { loopback?: boolean; lockWaitMs?: number } = {}) {
  const { mem, clock } = await testMemory({
    namespace: NS,
    ...(options.lockWaitMs !== undefined ? { lockWaitMs: options.lockWaitMs } : {}),
  });
  const loopback = options.loopback ?? false;
  const app = createServerApp({
    memory: mem,
    loopbackClient: (_c: Context) => loopback,
    ...options,
  }) as unknown as Hono;
  return { mem, clock, app };
}

const remember = (statement: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { ...json, ...headers },
  body: JSON.stringify({ statement }),
});

describe("the server app", () => {
  it("without any key, serves loopback callers as actor rest and refuses others; once a key exists, needs it", async () => {
    const local = await setup({ loopback: true });
    const ok = await local.app.request(`/v1/namespaces/${NS}/beliefs`, remember("The retry limit is 5"));
    expect(ok.status).toBe(200);
    const audit = await local.mem.audit({ namespace: NS });
    expect(audit.at(-1)?.actor).toBe("rest");
    const { key, record } = await createApiKey(
      local.mem.store,
      { name: "ci-bot", scope: "write", namespaces: [NS] },
      local.clock,
    );
    const refused = await local.app.request(`/v1/namespaces/${NS}/beliefs`, remember("The gateway is Envoy"));
    expect(refused.status).toBe(401);
    const keyed = await local.app.request(
      `/v1/namespaces/${NS}/beliefs`,
      remember("The gateway is Envoy", { "x-api-key": key }),
    );
    expect(keyed.status).toBe(200);
    expect((await local.mem.audit({ namespace: NS })).at(-1)?.actor).toBe("key:ci-bot");
    await revokeApiKey(local.mem.store, record.id, local.clock);
    expect(
      (await local.app.request(`/v1/namespaces/${NS}/stats`, { headers: { ...HOST, "x-api-key": key } }))
        .status,
    ).toBe(401);
    // With every key revoked, loopback callers need none again.
    expect((await local.app.request(`/v1/namespaces/${NS}/stats`, { headers: HOST })).status).toBe(200);

    const remote = await setup({ loopback: false });
    const res = await remote.app.request(`/v1/namespaces/${NS}/stats`, { headers: HOST });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/only this machine/);
  });

  it("lists the namespaces a key's patterns cover, and only those", async () => {
    const { mem, clock, app } = await setup();
    for (const ns of ["team-a", "team-b", "ops"])
      await mem.remember(`Owner of ${ns} is Ann`, { namespace: ns });
    const { key } = await createApiKey(
      mem.store,
      { name: "t", scope: "read", namespaces: ["team-*"] },
      clock,
    );
    const res = await app.request("/v1/namespaces", { headers: { ...HOST, authorization: `Bearer ${key}` } });
    expect(await res.json()).toEqual({ namespaces: ["team-a", "team-b"] });
    expect((await app.request("/v1/namespaces", { headers: HOST })).status).toBe(401);
  });

  it("answers context as text/plain with ?format=text and the audit chain as JSONL on request", async () => {
    const { mem, app } = await setup({ loopback: true });
    await mem.remember("The retry limit is 5", { namespace: NS });
    const text = await app.request(`/v1/namespaces/${NS}/context?format=text&goal=retries`, {
      headers: HOST,
    });
    expect(text.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await text.text()).toMatch(/^<strata-memory namespace="team-a">[\s\S]*retry limit is 5/);
    const jsonl = await app.request(`/v1/namespaces/${NS}/audit/jsonl`, {
      headers: { ...HOST, accept: "application/x-ndjson" },
    });
    expect(jsonl.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await jsonl.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type?: string });
    expect(lines[0]!.type).toBe("strata-audit");
    expect(lines.length).toBeGreaterThan(1);
    const bad = await app.request(`/v1/namespaces/${NS}/context?format=xml`, { headers: HOST });
    expect(bad.status).toBe(400);
  });

  it("maps stable codes to statuses: 404, 410, 409 BUSY with Retry-After, 400 for a bad namespace, 500 without internals", async () => {
    const { mem, app } = await setup({
      loopback: true,
      lockWaitMs: 0,
      mount: (a) => {
        a.get("/boom", () => {
          throw new Error("secret internals at /var/db");
        });
        a.get("/unavailable", () => {
          throw new StrataError("STORE_UNAVAILABLE", "down");
        });
      },
    });
    const missing = await app.request(`/v1/namespaces/${NS}/items/b99`, { headers: HOST });
    expect(missing.status).toBe(404);
    const b = await mem.remember("The retry limit is 5", { namespace: NS });
    await mem.forget(b.id, { namespace: NS });
    const gone = await app.request(`/v1/namespaces/${NS}/items/${b.id}/restore`, {
      method: "POST",
      headers: HOST,
    });
    expect([gone.status, ((await gone.json()) as { error: { code: string } }).error.code]).toEqual([
      410,
      "FORGOTTEN",
    ]);
    let release!: () => void;
    let entered!: () => void;
    const holding = new Promise<void>((r) => {
      entered = r;
    });
    const held = mem.store.withLock(`sleep:${NS}`, { waitMs: 0 }, () => {
      entered();
      return new Promise<void>((r) => {
        release = r;
      });
    });
    await holding;
    const busy = await app.request(`/v1/namespaces/${NS}/sweep`, {
      method: "POST",
      headers: json,
      body: "{}",
    });
    release();
    await held;
    expect(busy.status).toBe(409);
    expect(busy.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe("BUSY");
    const badNs = await app.request("/v1/namespaces/..%2Fetc/stats", { headers: HOST });
    expect(badNs.status).toBe(400);
    const boom = await app.request("/boom", { headers: HOST });
    expect(boom.status).toBe(500);
    expect(await boom.text()).not.toMatch(/secret|\/var\/db/);
    expect((await app.request("/unavailable", { headers: HOST })).status).toBe(503);
    const notJson = await app.request(`/v1/namespaces/${NS}/beliefs`, {
      method: "POST",
      headers: json,
      body: "{",
    });
    expect(notJson.status).toBe(400);
  });

  it("limits each key's writes with a token bucket on the injected clock: 429 with Retry-After, then refills", async () => {
    const { mem, clock, app } = await setup({ writeRate: { perSecond: 1, burst: 2 } });
    const { key } = await createApiKey(mem.store, { name: "w", scope: "write", namespaces: [NS] }, clock);
    const other = (await createApiKey(mem.store, { name: "v", scope: "write", namespaces: [NS] }, clock)).key;
    const write = (k: string, s: string) =>
      app.request(`/v1/namespaces/${NS}/beliefs`, remember(s, { "x-api-key": k }));
    expect((await write(key, "The retry limit is 1")).status).toBe(200);
    expect((await write(key, "The gateway is Envoy")).status).toBe(200);
    const limited = await write(key, "The region is eu-west-1");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    // Reads are not counted, and another key has its own bucket.
    expect(
      (await app.request(`/v1/namespaces/${NS}/stats`, { headers: { ...HOST, "x-api-key": key } })).status,
    ).toBe(200);
    expect((await write(other, "The region is eu-west-1")).status).toBe(200);
    clock.advance(1000);
    expect((await write(key, "The queue is SQS")).status).toBe(200);
  });

  it("refuses a body over the limit with 413 and a foreign Host with 403, and sends secure headers", async () => {
    const { mem, app } = await setup({ loopback: true, maxBodyBytes: 1000 });
    const big = await app.request(`/v1/namespaces/${NS}/beliefs`, remember("x".repeat(2000)));
    expect(big.status).toBe(413);
    expect((await mem.stats({ namespace: NS })).beliefs.total).toBe(0);
    const foreign = await app.request("/healthz", { headers: { host: "evil.example" } });
    expect(foreign.status).toBe(403);
    const ok = await app.request("/healthz", { headers: HOST });
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect((await app.request("/readyz", { headers: HOST })).status).toBe(200);
  });

  it("logs method, route template, status, time and key name, never memory content or the key", async () => {
    const lines: RequestLogLine[] = [];
    let t = 0;
    const { mem, clock, app } = await setup({ log: (l) => lines.push(l), now: () => (t += 5) });
    const { key } = await createApiKey(
      mem.store,
      { name: "ci-bot", scope: "write", namespaces: [NS] },
      clock,
    );
    await app.request(
      `/v1/namespaces/${NS}/beliefs`,
      remember("The launch code is 0000", { "x-api-key": key }),
    );
    await app.request(`/v1/namespaces/${NS}/recall?query=launch+code`, { headers: HOST });
    expect(lines).toEqual([
      { method: "POST", route: "/v1/namespaces/:namespace/beliefs", status: 200, ms: 5, key: "ci-bot" },
      { method: "GET", route: "/v1/namespaces/:namespace/recall", status: 401, ms: 5, key: "none" },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/launch|sk_strata/);
  });

  it("publishes an OpenAPI 3.1 document and a /docs page covering every operation's route", async () => {
    const { app } = await setup();
    const doc = (await (await app.request("/openapi.json", { headers: HOST })).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { operationId: string; parameters: { name: string; in: string }[] }>
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    for (const op of OPERATIONS) {
      const entry = doc.paths[`/v1/namespaces/{namespace}${op.http.path}`]?.[op.http.method.toLowerCase()];
      expect(entry?.operationId, op.name).toBe(op.name);
    }
    const recall = doc.paths["/v1/namespaces/{namespace}/recall"]!.get!;
    expect(recall.parameters.map((p) => `${p.in}:${p.name}`)).toContain("query:asOf");
    const page = await app.request("/docs", { headers: HOST });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    for (const op of OPERATIONS) expect(html, op.name).toContain(`id="${op.name}"`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    expect(honoPath("/items/{id}/explain")).toBe("/items/:id/explain");
  });

  it("a 404 whose path exists under another method names the methods that path takes", async () => {
    const { app, mem } = await setup({ loopback: true });
    const message = async (method: string, path: string) => {
      const r = await app.request(path, {
        method,
        headers: json,
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      expect(r.status, `${method} ${path}`).toBe(404);
      return ((await r.json()) as { error: { message: string } }).error.message;
    };
    expect(await message("POST", `/v1/namespaces/${NS}/recall`)).toBe(
      `No route POST /v1/namespaces/${NS}/recall: that path takes GET. The routes are listed at /docs and /openapi.json.`,
    );
    expect(await message("GET", `/v1/namespaces/${NS}/beliefs`)).toMatch(/: that path takes POST\. /);
    expect(await message("POST", `/v1/namespaces/${NS}/items/b1`)).toMatch(
      /: that path takes DELETE or GET\. /,
    );
    // An item asked under the collection it was written to (newcomer45): its route under items.
    expect(await message("GET", `/v1/namespaces/${NS}/beliefs/b5`)).toBe(
      `No route GET /v1/namespaces/${NS}/beliefs/b5: a belief or an episode is read, explained and forgotten under items: GET /v1/namespaces/${NS}/items/b5. The routes are listed at /docs and /openapi.json.`,
    );
    expect(await message("DELETE", `/v1/namespaces/${NS}/episodes/e1`)).toMatch(
      /under items: DELETE \/v1\/namespaces\/[^/]+\/items\/e1\. /,
    );
    expect(await message("GET", `/v1/namespaces/${NS}/beliefs/b5/history`)).toMatch(
      /under items: GET \/v1\/namespaces\/[^/]+\/items\/b5\/history\. /,
    );
    // No such route under items either: nothing pointed at.
    expect(await message("POST", `/v1/namespaces/${NS}/beliefs/b5`)).not.toMatch(/under items/);
    expect(await message("GET", `/v1/namespaces/${NS}/beliefs/b5/nope`)).not.toMatch(/under items/);
    // An operation asked without a namespace (newcomer47: `GET /v1/recall?query=…`): its route under one.
    expect(await message("GET", "/v1/recall")).toBe(
      "No route GET /v1/recall: every operation is under a namespace: GET /v1/namespaces/default/recall (or the namespace to use in place of default). The routes are listed at /docs and /openapi.json.",
    );
    expect(await message("POST", "/v1/recall")).toMatch(
      /under a namespace: GET \/v1\/namespaces\/default\/recall /,
    );
    expect(await message("DELETE", "/v1/items/b1")).toMatch(
      /under a namespace: DELETE \/v1\/namespaces\/default\/items\/b1 /,
    );
    expect(await message("GET", "/v1/nope")).not.toMatch(/under a namespace/);
    expect(await message("GET", "/v1/namespaces/recall")).not.toMatch(/under a namespace/);
    // An operation asked by its verb, as the library, the CLI and MCP call it (newcomer49:
    // `POST …/remember`), or by a slip of its name: its route. Nothing for a word no verb is near.
    expect(await message("POST", `/v1/namespaces/${NS}/remember`)).toBe(
      `No route POST /v1/namespaces/${NS}/remember: remember is POST /v1/namespaces/${NS}/beliefs. The routes are listed at /docs and /openapi.json.`,
    );
    expect(await message("POST", `/v1/namespaces/${NS}/record`)).toMatch(
      /: record is POST \/v1\/namespaces\/[^/]+\/episodes\. /,
    );
    expect(await message("GET", `/v1/namespaces/${NS}/recal`)).toMatch(
      /: recall is GET \/v1\/namespaces\/[^/]+\/recall\. /,
    );
    expect(await message("GET", `/v1/namespaces/${NS}/list`)).toMatch(
      /: list is GET \/v1\/namespaces\/[^/]+\/items\. /,
    );
    expect(await message("POST", `/v1/namespaces/${NS}/outcome`)).toMatch(
      /: outcome is POST \/v1\/namespaces\/[^/]+\/beliefs\/\{id\}\/outcome\. /,
    );
    expect(await message("GET", `/v1/namespaces/${NS}/search`)).not.toMatch(/ is (GET|POST)/);
    // A path no method takes says no more than before.
    expect(await message("POST", `/v1/namespaces/${NS}/nope`)).toBe(
      `No route POST /v1/namespaces/${NS}/nope. The routes are listed at /docs and /openapi.json.`,
    );
    await mem.close();
  });

  it("docs/rest.md's routes table is the registry's", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../docs/rest.md"), "utf8");
    const table = /<!-- routes:start -->\n([\s\S]*?)\n<!-- routes:end -->/.exec(doc)?.[1];
    expect(table, "regenerate it with routesTable() (src/server/routes-table.ts)").toBe(routesTable());
  });
});

describe("the dashboard mounted beside the API, as strata serve --http mounts it", () => {
  it("keeps the dashboard's own headers (its files load, and a sign-in form sends its origin); the API keeps the strict ones", async () => {
    const { createDashboard, CONTENT_SECURITY_POLICY } = await import("./ui/dashboard.js");
    const { mem } = await testMemory({ namespace: NS });
    const dashboard = createDashboard({ memory: mem });
    const app = createServerApp({
      memory: mem,
      loopbackClient: () => true,
      mount: (root) => root.route("/ui", dashboard),
    }) as unknown as Hono;
    for (const path of ["/ui/signin", "/ui/assets/dashboard.css"]) {
      const res = await app.request(path, { headers: HOST });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Security-Policy"), path).toBe(CONTENT_SECURITY_POLICY);
      // no-referrer would make a browser send `Origin: null` with the sign-in form's POST.
      expect(res.headers.get("Referrer-Policy"), path).toBe("same-origin");
      expect(res.headers.get("X-Frame-Options"), path).toBe("DENY");
    }
    const api = await app.request(`/v1/namespaces/${NS}/stats`, { headers: HOST });
    expect(api.status).toBe(200);
    expect(api.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(api.headers.get("Referrer-Policy")).toBe("no-referrer");
    await mem.close();
  });
});
