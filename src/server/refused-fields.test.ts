/**
 * A refusal as an HTTP caller reads it names the request's fields and the routes, never a library
 * call: a belief posted with kind "rule" pointed at `capture({ when, prefer })` before newcomer44.
 * The routes' JSON fields and query parameters are the library's (src/server/routes-table.ts), so
 * a cross-field rule reads as the engine words it. Over a real socket on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, serveLoopback } from "../../test/support/loopback-server.js";

let served: LoopbackServer;
beforeAll(async () => {
  served = await serveLoopback();
});
afterAll(async () => served.close());

const refused = async (method: string, path: string, body?: unknown) => {
  const res = await served.send(
    method,
    `/v1/namespaces/default${path}`,
    body === undefined ? {} : { "content-type": "application/json" },
    body === undefined ? undefined : JSON.stringify(body),
  );
  expect(res.status).toBe(400);
  return (res.json as unknown as { error: { message: string; details: Record<string, unknown> } }).error;
};

describe("REST refusals in the request's words", () => {
  it("POST …/beliefs with kind rule names the rules route, not a library call", async () => {
    const error = await refused("POST", "/beliefs", { statement: "Prefer XML for Anthropic", kind: "rule" });
    expect(error.message).toContain(
      "use `POST /v1/namespaces/{namespace}/rules` (when, prefer) instead of remember",
    );
    expect(error.message).not.toMatch(/capture\(/);
  });

  it("GET …/recall with types and kinds that leave episodes out names the two parameters sent", async () => {
    const error = await refused("GET", "/recall?query=deploy&types=decision&kinds=fact");
    expect(error.message).toBe(
      'recall: types filters episodes, but kinds leaves episodes out: add "episode" to kinds or drop types.',
    );
    expect(error.details).toMatchObject({ field: "types", fields: ["types", "kinds"] });
  });
});
