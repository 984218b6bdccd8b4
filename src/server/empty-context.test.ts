/**
 * REST's context answer carries the engine's reason for an empty block (`whyEmpty`, newcomer41):
 * before, the CLI and the MCP tool each guessed it and REST said nothing. Over a real socket on a
 * real SQLite file (the server `strata serve --http` runs), checked against the published document.
 * With ?format=text the body stays the block alone (empty, for a prompt) and the reason travels
 * in the Strata-Why-Empty header (newcomer42).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, serveLoopback } from "../../test/support/loopback-server.js";
import { CONTEXT_EMPTY_REASONS } from "../core/model.js";
import { openApiDocument } from "./openapi.js";
import { WHY_EMPTY_HEADER } from "./rest.js";

let served: LoopbackServer;
beforeAll(async () => {
  served = await serveLoopback(); // "The deploy key rotates every Monday" in "default"
});
afterAll(async () => served.close());

const context = async (namespace: string, query: string) => {
  const res = await served.send("GET", `/v1/namespaces/${namespace}/context?${query}`, {});
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as { text: string; items: unknown[]; whyEmpty: string | null };
};

describe("GET …/context says why a block is empty", () => {
  it.each([
    ["a namespace that holds nothing", "fresh", "goal=deploy", "empty-namespace"],
    ["a goal nothing stored bears on", "default", "goal=paint+the+fence", "nothing-relevant"],
    ["a block that holds anything", "default", "goal=deploy+key", null],
  ] as const)("%s (%s, %s): whyEmpty %s", async (_what, namespace, query, why) => {
    const r = await context(namespace, query);
    expect(r.whyEmpty).toBe(why);
    expect(r.text === "").toBe(why !== null);
  });

  it.each([
    ["a namespace that holds nothing", "fresh", "goal=deploy", "empty-namespace"],
    ["a goal nothing stored bears on", "default", "goal=paint+the+fence", "nothing-relevant"],
    ["a block that holds anything", "default", "goal=deploy+key", null],
  ] as const)(
    "?format=text, %s: the body is the block alone, and %s says why it is empty",
    async (_what, namespace, query, why) => {
      // Before newcomer42 an empty text block answered an empty body and nothing else.
      const res = await fetch(
        `http://127.0.0.1:${served.port}/v1/namespaces/${namespace}/context?${query}&format=text`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(res.headers.get(WHY_EMPTY_HEADER)).toBe(why);
      expect((await res.text()) === "").toBe(why !== null);
    },
  );

  it("a listed origin's page can read the header", async () => {
    const allowed = await serveLoopback((memory) => ({ memory, allowedOrigins: ["https://app.example"] }));
    try {
      const res = await fetch(`http://127.0.0.1:${allowed.port}/v1/namespaces/fresh/context?format=text`, {
        headers: { origin: "https://app.example" },
      });
      expect(res.headers.get(WHY_EMPTY_HEADER)).toBe("empty-namespace");
      expect(res.headers.get("access-control-expose-headers")).toContain(WHY_EMPTY_HEADER);
    } finally {
      await allowed.close();
    }
  });

  it("the OpenAPI document lists the header beside the text answer, with the reasons it may hold", () => {
    const doc = openApiDocument() as {
      paths: Record<
        string,
        { get: { responses: { 200: { headers?: Record<string, { schema: { enum: string[] } }> } } } }
      >;
    };
    const header =
      doc.paths["/v1/namespaces/{namespace}/context"]!.get.responses[200].headers?.[WHY_EMPTY_HEADER];
    expect(header?.schema.enum).toEqual([...CONTEXT_EMPTY_REASONS]);
  });

  it("the OpenAPI document lists whyEmpty, its three values and null, and says what each means", () => {
    const doc = openApiDocument() as {
      paths: Record<
        string,
        { get: { responses: { 200: { content: Record<string, { schema: unknown }> } } } }
      >;
    };
    const schema = doc.paths["/v1/namespaces/{namespace}/context"]!.get.responses[200].content[
      "application/json"
    ]!.schema as {
      properties: Record<string, { anyOf?: { enum?: string[]; type?: string }[]; description?: string }>;
      required: string[];
    };
    const field = schema.properties.whyEmpty!;
    expect(schema.required).toContain("whyEmpty");
    expect(field.anyOf?.[0]?.enum).toEqual([...CONTEXT_EMPTY_REASONS]);
    expect(field.anyOf?.[1]).toEqual({ type: "null" });
    for (const reason of CONTEXT_EMPTY_REASONS) expect(field.description).toContain(reason);
  });
});
