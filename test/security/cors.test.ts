/**
 * CORS beyond the Origin check, on REST (`/v1`) and MCP HTTP (`/mcp`) of one server over a real
 * socket, as a keyless loopback caller (the trust a page on the same machine would borrow).
 *
 * Before attacks27: `--allowed-origins null` let every sandboxed iframe and file:// page of any
 * site in (`Origin: null` matched the listed "null"); `*`, a trailing slash or a path were taken
 * and never matched; a listed origin's preflight was 404, so the listed page could not call a
 * JSON route at all nor read an answer; and a page of another site could make the server run a
 * GET (an image or a no-cors fetch sends no Origin) that only Fetch Metadata names.
 * Now: listed origins are checked when the server is made; a listed origin gets a preflight and
 * its own origin back (never `*`, never credentials); every other origin, `null` included, and
 * another site's request without one, is 403 ORIGIN_NOT_ALLOWED before anything runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { isStrataError } from "../../src/core/errors.js";
import { allowedOriginsOf } from "../../src/mcp/http.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { createServerApp } from "../../src/server/app.js";
import { type LoopbackServer, serveLoopback } from "../support/loopback-server.js";
import { storeSnapshot } from "../support/store-snapshot.js";

let served: LoopbackServer;
let mem: Memory;
let path: string;
let port: number;
let send: LoopbackServer["send"];

const LISTED = "https://app.example";
const EVIL = "https://evil.example";

beforeAll(async () => {
  served = await serveLoopback((memory) => ({
    memory,
    makeMcpServer: () => createMcpServer(memory),
    allowedOrigins: ["https://App.example/"],
  }));
  ({ mem, path, port, send } = served);
});
afterAll(() => served.close());

const BELIEFS = "/v1/namespaces/default/beliefs";
const RECALL = "/v1/namespaces/default/recall?query=deploy";
const preflight = (origin: string) => ({
  origin,
  "access-control-request-method": "POST",
  "access-control-request-headers": "content-type, authorization",
});
const ENDPOINTS = [BELIEFS, "/mcp"];

describe("allowed origins are origins, checked when the server is made", () => {
  it.each([
    ["null", "sandboxed iframes and file:// pages"],
    ["*", "wildcard"],
    ["https://app.example/app", "more than an origin"],
    ["https://app.example?x=1", "more than an origin"],
    ["https://user:pw@app.example", "more than an origin"],
    ["file:///home/me/page.html", "not an origin a browser sends"],
    ["app.example", "not an origin"],
  ])("refuses %s (%s), naming it", (entry, why) => {
    let caught: unknown;
    try {
      createServerApp({ memory: mem, allowedOrigins: [entry] });
    } catch (error) {
      caught = error;
    }
    expect(isStrataError(caught) && caught.code).toBe("INVALID_INPUT");
    expect((caught as Error).message).toContain(entry);
    expect((caught as Error).message).toContain(why);
  });

  it("reads each as a browser serialises it (case, default port, trailing slash)", () => {
    expect(
      allowedOriginsOf(["https://App.Example:443/", "http://localhost:3000", "chrome-extension://abcdef"]),
    ).toEqual(["https://app.example", "http://localhost:3000", "chrome-extension://abcdef"]);
  });
});

describe("preflight", () => {
  it.each(ENDPOINTS)(
    "a listed origin's preflight to %s is 204 naming that origin, never * or credentials",
    async (to) => {
      const r = await send("OPTIONS", to, preflight(LISTED));
      expect(r.status).toBe(204);
      expect(r.headers["access-control-allow-origin"]).toBe(LISTED);
      expect(r.headers["access-control-allow-methods"]).toContain("POST");
      expect(String(r.headers["access-control-allow-headers"]).toLowerCase()).toContain("content-type");
      expect(String(r.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
      expect(r.headers.vary).toContain("Origin");
      expect(r.headers["access-control-allow-credentials"]).toBeUndefined();
    },
  );

  it.each(ENDPOINTS)("another origin's preflight to %s is a clear 403 with no CORS header", async (to) => {
    for (const origin of [EVIL, "null", "http://localhost:3000"]) {
      const r = await send("OPTIONS", to, preflight(origin));
      expect(r.status).toBe(403);
      expect(r.json.error?.code).toBe("ORIGIN_NOT_ALLOWED");
      expect(r.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });
});

describe("the calls themselves", () => {
  it("a listed origin's JSON POST is served, and its answer names the origin (REST)", async () => {
    const r = await send(
      "POST",
      BELIEFS,
      { origin: LISTED, "content-type": "application/json" },
      JSON.stringify({ statement: "The retry limit is 7" }),
    );
    expect(r.status).toBe(200);
    expect(r.headers["access-control-allow-origin"]).toBe(LISTED);
    expect(r.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("a listed origin's MCP call is served, and its answer names the origin", async () => {
    const r = await send(
      "POST",
      "/mcp",
      { origin: LISTED, "content-type": "application/json", accept: "application/json, text/event-stream" },
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    );
    expect(r.status).toBe(200);
    expect(r.headers["access-control-allow-origin"]).toBe(LISTED);
  });

  it("Origin: null, another origin, and another site's request with no Origin run nothing", async () => {
    const before = await storeSnapshot(mem, path);
    const body = JSON.stringify({ statement: "The retry limit is 9" });
    const attempts: Array<[string, string, Record<string, string>, string?]> = [
      ["POST", BELIEFS, { origin: "null", "content-type": "application/json" }, body],
      ["POST", BELIEFS, { origin: EVIL, "content-type": "application/json" }, body],
      // An <img> or a no-cors fetch: no Origin on a GET, but Fetch Metadata says where it came from.
      [
        "GET",
        RECALL,
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
      ],
      [
        "GET",
        RECALL,
        { "sec-fetch-site": "same-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" },
      ],
      ["GET", RECALL, { referer: `${EVIL}/page`, "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" }],
    ];
    for (const [method, to, headers, b] of attempts) {
      const r = await send(method, to, headers, b);
      expect(r.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
      expect(r.json.error?.code).toBe("ORIGIN_NOT_ALLOWED");
      expect(r.headers["access-control-allow-origin"]).toBeUndefined();
    }
    expect(await storeSnapshot(mem, path)).toEqual(before);
  });

  it("controls: a client that is no browser, the server's own page, a navigation, a typed URL", async () => {
    for (const headers of <Array<Record<string, string>>>[
      {},
      { origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" },
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      { "sec-fetch-site": "none", "sec-fetch-mode": "navigate" },
      // A Referer alone is no browser's cross-site request (a browser's carries Origin or Fetch Metadata).
      { referer: `${EVIL}/page` },
    ]) {
      const r = await send("GET", RECALL, headers);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });
});

describe("a browser too old to send Fetch Metadata: the Origin alone decides, on REST and MCP alike", () => {
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });
  const POSTS: Array<[string, string, Record<string, string>, () => string]> = [
    [
      "REST",
      BELIEFS,
      { "content-type": "application/json" },
      () => JSON.stringify({ statement: "The retry limit is 11" }),
    ],
    [
      "MCP",
      "/mcp",
      { "content-type": "application/json", accept: "application/json, text/event-stream" },
      () => initialize,
    ],
  ];

  it.each(POSTS)(
    "%s: a cross-site POST with no Sec-Fetch-Site is refused, nothing run",
    async (_, to, headers, body) => {
      const before = await storeSnapshot(mem, path);
      for (const origin of [EVIL, "null", `http://localhost:${port}`]) {
        const r = await send("POST", to, { ...headers, origin }, body());
        expect(r.status, origin).toBe(403);
        expect(r.json.error?.code).toBe("ORIGIN_NOT_ALLOWED");
        expect(r.headers["access-control-allow-origin"]).toBeUndefined();
      }
      expect(await storeSnapshot(mem, path)).toEqual(before);
    },
  );

  it.each(POSTS)(
    "%s: the server's own origin and a listed one are served with no Sec-Fetch-Site",
    async (_, to, headers, body) => {
      const own = await send("POST", to, { ...headers, origin: `http://127.0.0.1:${port}` }, body());
      expect(own.status).toBe(200);
      expect(own.headers["access-control-allow-origin"]).toBeUndefined();
      const listed = await send("POST", to, { ...headers, origin: LISTED }, body());
      expect(listed.status).toBe(200);
      expect(listed.headers["access-control-allow-origin"]).toBe(LISTED);
    },
  );
});
