/**
 * The body limit holds on every route of `strata serve --http`, not only /v1 and /mcp: the
 * dashboard's sign-in form is read before any key is checked, so before attacks25 anyone who
 * reached the port could post a body of any size there and the server read all of it (a 5 MB
 * form against a 1 KiB limit was read and answered 401).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/access/api-keys.js";
import type { Memory } from "../../src/core/engine.js";
import { createServerApp } from "../../src/server/app.js";
import { createDashboard } from "../../src/server/ui/dashboard.js";
import { testMemory } from "../support/memory.js";

const LIMIT = 1024;
let mem: Memory;
let app: ReturnType<typeof createServerApp>;
let key: string;

beforeEach(async () => {
  const t = await testMemory();
  mem = t.mem;
  key = (await createApiKey(mem.store, { name: "admin", scope: "admin", namespaces: ["*"] }, t.clock)).key;
  app = createServerApp({
    memory: mem,
    maxBodyBytes: LIMIT,
    mount: (root) => root.route("/ui", createDashboard({ memory: mem, clock: t.clock })),
  });
});
afterEach(async () => {
  await mem.close();
});

const FORM = { host: "localhost", "Content-Type": "application/x-www-form-urlencoded" };
const oversize = `key=${"x".repeat(64 * LIMIT)}`;

/** The same bytes as a stream: no Content-Length, so the limit must count what it reads. */
const streamed = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.subarray(i, i + 4096));
      controller.close();
    },
  });

describe("the body limit on the dashboard's routes", () => {
  it.each([
    ["/ui/signin, unauthenticated", "/ui/signin"],
    ["/ui/namespace", "/ui/namespace"],
    ["/ui/admin/keys", "/ui/admin/keys"],
  ])("%s: an oversize form is refused unread with 413", async (_, path) => {
    const res = await app.request(`http://localhost${path}`, {
      method: "POST",
      headers: FORM,
      body: oversize,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("counts a streamed body with no Content-Length too", async () => {
    const res = await app.request("http://localhost/ui/signin", {
      method: "POST",
      headers: FORM,
      body: streamed(oversize),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("a form within the limit still signs in", async () => {
    const res = await app.request("http://localhost/ui/signin", {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ key }).toString(),
    });
    expect(res.status).toBe(303);
  });

  it("/v1 keeps its limit", async () => {
    const res = await app.request("http://localhost/v1/namespaces/default/episodes", {
      method: "POST",
      headers: { host: "localhost", "Content-Type": "application/json", Authorization: `Bearer ${key}` },
      body: JSON.stringify({ content: "x".repeat(2 * LIMIT) }),
    });
    expect(res.status).toBe(413);
  });
});
