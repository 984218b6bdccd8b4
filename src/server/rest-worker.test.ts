/**
 * The background worker over REST: `POST …/worker/requests` leaves a request a worker tick
 * honours, and `GET …/worker` shows that run's report (why it ran, what it did) newest first,
 * in the caller's namespace only. Real SQLite, a real worker tick in-process, `app.request()`.
 */
import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DAY, seedBelief, testMemory } from "../../test/support/memory.js";
import { createApiKey } from "../access/api-keys.js";
import { WorkerStatusSchema } from "../core/operations/results.js";
import { createWorker } from "../core/worker/index.js";
import { createServerApp } from "./app.js";

const NS = "default"; // where seedBelief writes
const HOST = { host: "localhost" };

async function setup() {
  const { mem, clock } = await testMemory({ namespace: NS });
  const key = async (name: string, scope: "read" | "write", namespaces: string[]) =>
    (await createApiKey(mem.store, { name, scope, namespaces }, clock)).key;
  const keys = {
    writer: await key("writer", "write", [NS]),
    reader: await key("reader", "read", [NS]),
    other: await key("other", "write", ["team-b"]),
  };
  const app = createServerApp({ memory: mem }) as unknown as Hono;
  const get = (path: string, k: string) =>
    app.request(`/v1/namespaces/${path}`, { headers: { ...HOST, authorization: `Bearer ${k}` } });
  const post = (path: string, k: string, body: unknown) =>
    app.request(`/v1/namespaces/${path}`, {
      method: "POST",
      headers: { ...HOST, authorization: `Bearer ${k}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { mem, clock, keys, get, post };
}

describe("GET /worker and POST /worker/requests", () => {
  it("a requested run is honoured by the next tick and its report is listed newest first", async () => {
    const { mem, clock, keys, get, post } = await setup();
    // One failure decayed for a year: the worker's maintain retires it.
    const decayed = await seedBelief(mem, clock, "Deploy step 3 failed on host h3", "2026-12-01", "failure");
    clock.advance(365 * DAY);

    const empty = WorkerStatusSchema.parse(await (await get(`${NS}/worker`, keys.reader)).json());
    expect(empty).toEqual({ namespace: NS, request: null, reports: [] });

    const asked = await post(`${NS}/worker/requests`, keys.writer, { note: "session s42 ended" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ by: "key:writer", note: "session s42 ended" });
    const pending = WorkerStatusSchema.parse(await (await get(`${NS}/worker`, keys.reader)).json());
    expect(pending.request).toMatchObject({ by: "key:writer", note: "session s42 ended" });

    const tick = await createWorker(mem, { namespaces: [NS], daily: null }).tick();
    expect(tick.outcomes[0]?.status).toBe("applied");

    const after = WorkerStatusSchema.parse(await (await get(`${NS}/worker`, keys.reader)).json());
    expect(after.request).toBeNull();
    expect(after.reports).toHaveLength(1);
    const [report] = after.reports;
    const request = report?.reasons.find((r) => r.code === "request");
    expect(request?.detail).toMatch(/requested by key:writer at .*: session s42 ended/);
    expect(report?.items).toContainEqual(expect.objectContaining({ id: decayed, action: "retired" }));
    await mem.close();
  });

  it("refuses a read key's request, another namespace's key and a bad note, writing nothing", async () => {
    const { mem, keys, get, post } = await setup();
    expect((await post(`${NS}/worker/requests`, keys.reader, {})).status).toBe(403);
    expect((await post(`${NS}/worker/requests`, keys.other, {})).status).toBe(403);
    expect((await get(`${NS}/worker`, keys.other)).status).toBe(403);
    const long = await post(`${NS}/worker/requests`, keys.writer, { note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { code: string } }).error.code).toBe("INVALID_INPUT");
    expect((await mem.workerStatus({ namespace: NS })).request).toBeNull();
    // A request in team-b is not seen from this namespace.
    await mem.requestConsolidation({ namespace: "team-b" });
    expect((await mem.workerStatus({ namespace: NS })).request).toBeNull();
    await mem.close();
  });
});
