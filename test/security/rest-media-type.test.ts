/**
 * A REST route that takes a JSON body reads it only when the request says `Content-Type:
 * application/json`. Before attacks26 the body was read as JSON whatever its type, so a
 * `text/plain` POST — a CORS "simple request" any web page may send without asking first — wrote
 * memory; only the Origin check stood in the way. Now every other declared type, and a body with
 * no type, is 415 UNSUPPORTED_MEDIA_TYPE and changes nothing. Over a real socket, as a keyless
 * loopback caller (the trust a page on the same machine would try to borrow).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { OPERATIONS } from "../../src/core/operations/index.js";
import { openApiDocument } from "../../src/server/openapi.js";
import { type LoopbackServer, serveLoopback } from "../support/loopback-server.js";
import { storeSnapshot } from "../support/store-snapshot.js";

let served: LoopbackServer;
let mem: Memory;
let path: string;
let send: LoopbackServer["send"];

beforeAll(async () => {
  served = await serveLoopback();
  ({ mem, path, send } = served);
});
afterAll(() => served.close());

const BELIEFS = "/v1/namespaces/default/beliefs";
const statement = JSON.stringify({ statement: "The retry limit is 7" });

/** The content types a browser sends cross-site without a preflight, and other non-JSON ones. */
const REFUSED: Array<[string, Record<string, string>]> = [
  ["text/plain (a CORS simple request)", { "content-type": "text/plain" }],
  ["text/plain naming JSON in a parameter", { "content-type": "text/plain; charset=application/json" }],
  ["a form", { "content-type": "application/x-www-form-urlencoded" }],
  ["multipart", { "content-type": "multipart/form-data; boundary=x" }],
  ["another JSON-like type", { "content-type": "application/json-patch+json" }],
  ["no type at all", {}],
];

describe("REST JSON routes refuse a body not sent as application/json", () => {
  it.each(REFUSED)("%s: 415 UNSUPPORTED_MEDIA_TYPE, nothing stored", async (_, headers) => {
    const before = await storeSnapshot(mem, path);
    const res = await send("POST", BELIEFS, headers, statement);
    expect(res.status).toBe(415);
    expect(res.json.error?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(res.json.error?.message).toMatch(/Content-Type: application\/json/);
    expect(await storeSnapshot(mem, path)).toEqual(before);
  });

  it("every route that takes a body refuses text/plain, and none changes the store", async () => {
    const before = await storeSnapshot(mem, path);
    const ids: Record<string, string> = { id: "b1", token: "wrap-token" };
    const routes = OPERATIONS.filter((op) => op.http.method !== "GET");
    expect(routes.length).toBeGreaterThan(15);
    for (const op of routes) {
      const route = `/v1/namespaces/default${op.http.path.replace(/\{(\w+)\}/g, (_, p: string) => ids[p]!)}`;
      for (const body of ["{}", ""]) {
        const res = await send(op.http.method, route, { "content-type": "text/plain" }, body);
        expect([op.name, res.status, res.json.error?.code]).toEqual([op.name, 415, "UNSUPPORTED_MEDIA_TYPE"]);
      }
    }
    expect(await storeSnapshot(mem, path)).toEqual(before);
  });

  it.each([
    ["application/json", { "content-type": "application/json" }],
    ["with a charset, in capitals", { "content-type": "Application/JSON; charset=UTF-8" }],
  ])("%s is read (control)", async (_, headers) => {
    const res = await send("POST", BELIEFS, headers, statement);
    expect(res.status).toBe(200);
  });

  it("a POST with neither body nor type still runs (curl -X POST …/consolidate)", async () => {
    const res = await send("POST", "/v1/namespaces/default/consolidate", {});
    expect(res.status).toBe(200);
  });

  it("the OpenAPI document says so: every body is application/json and every such route lists 415", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const op of OPERATIONS.filter((o) => o.http.method !== "GET")) {
      const entry = doc.paths[`/v1/namespaces/{namespace}${op.http.path}`]![op.http.method.toLowerCase()]!;
      const body = entry.requestBody as { content: Record<string, unknown> } | undefined;
      if (body) expect(Object.keys(body.content)).toEqual(["application/json"]);
      expect(Object.keys(entry.responses as object)).toContain("415");
    }
  });
});
