/**
 * Forget wins over a session wrap in flight (attacks20). `prepareWrap` hands the agent a package
 * (the wrap's frozen episodes, the digest, the patterns); the agent compresses it and calls
 * `saveContinuity` later, possibly after another process forgot an item the package showed. The
 * saved digest must not write that item back: forget cancels the open wrap whose package showed
 * it (its save is refused, nothing changed, and `prepareWrap` hands a package without it), and a
 * save drops every line that names a forgotten episode, as forget would have had it come after.
 *
 * Two engines on one SQLite file, as `strata forget` in another shell would hold it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { renderForget } from "../../src/cli/commands/lifecycle.js";
import { plain } from "../../src/cli/style.js";
import type { Memory } from "../../src/core/engine.js";
import type { ForgetResult } from "../../src/core/model.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { openMemory } from "../../src/open-memory.js";
import { createServerApp } from "../../src/server/app.js";
import { openApiDocument } from "../../src/server/openapi.js";
import { HOUR, tempDbPath, testClock } from "../support/memory.js";
import { storeSnapshot } from "../support/store-snapshot.js";

const CANARY = "the door code is zqxj4821";
const open: Memory[] = [];
afterEach(async () => {
  for (const m of open.splice(0)) await m.close();
});

async function two(): Promise<{ a: Memory; b: Memory; path: string; clock: ReturnType<typeof testClock> }> {
  const path = tempDbPath();
  const clock = testClock("2027-01-05T00:00:00.000Z");
  const a = await openMemory({ path, clock });
  open.push(a);
  const b = await openMemory({ path, clock });
  open.push(b);
  return { a, b, path, clock };
}

const digest = (line: string) =>
  `## State\n- Working on the release\n\n## Patterns\n\n## Decisions\n- Keep the release on Thursdays\n\n## Context\n${line}\n`;

/** Every text the namespace shows: items, continuity and its versions, recall, context, export. */
async function everything(mem: Memory): Promise<string> {
  return JSON.stringify([
    await mem.list({ layer: "episode", status: "any", limit: 1000 }),
    await mem.list({ layer: "belief", status: "any", limit: 1000 }),
    await mem.continuity(),
    await mem.continuityHistory(),
    await mem.recall("door code"),
    await mem.context("door code"),
    await mem.export({ format: "json" }),
  ]);
}

describe("forget while a wrap is open (another connection)", () => {
  it("a frozen episode forgotten: the save is refused with nothing changed, and the next wrap leaves it out", async () => {
    const { a, b, path, clock } = await two();
    const secret = (await a.record(`For the record, ${CANARY}`)).id;
    clock.advance(HOUR);
    const other = (await a.record("The release train leaves on Thursdays")).id;
    const wrap = await a.prepareWrap();
    expect(wrap.package).toContain("zqxj4821");
    // Forget's result says it cancelled the wrap (rest21), as its audit entry does.
    const forgot = await b.forget(secret);
    expect(wrap).toMatchObject({ status: "ready", wrap: 1 });
    expect(forgot.wrapCancelled).toBe(1);
    expect(await a.audit({ event: "wrap.cancelled" })).toHaveLength(1);
    const before = await storeSnapshot(a, path);
    const save = a.saveContinuity(
      digest(`- ${CANARY} [evidence: ${secret}]\n- release on Thursdays [evidence: ${other}]`),
      {
        token: wrap.token!,
      },
    );
    await expect(save).rejects.toMatchObject({
      code: "WRAP_NOT_PREPARED",
      message: expect.stringContaining("was cancelled when an item its package showed was forgotten"),
    });
    expect(await storeSnapshot(a, path)).toEqual(before);
    const again = await a.prepareWrap();
    expect(again.token).not.toBe(wrap.token);
    expect(again.package).not.toContain("zqxj");
    expect(again.package).toContain("Thursdays");
    const saved = await a.saveContinuity(digest(`- release on Thursdays [evidence: ${other}]`), {
      token: again.token!,
    });
    expect(saved.saved).toBe(true);
    for (const m of [a, b]) expect(await everything(m)).not.toContain("zqxj");
  });

  it("a line naming an episode forgotten before the wrap was prepared is redacted on save", async () => {
    const { a, b, clock } = await two();
    const secret = (await a.record(`For the record, ${CANARY}`)).id;
    const first = await a.prepareWrap();
    await a.saveContinuity(digest(`- release notes [evidence: ${secret}]`), { token: first.token! });
    expect((await b.forget(secret)).wrapCancelled).toBeNull();
    clock.advance(HOUR);
    const next = (await a.record("The release train leaves on Thursdays")).id;
    const wrap = await a.prepareWrap();
    expect(wrap.package).not.toContain("zqxj");
    // The agent still holds the old text (its own context) and cites the forgotten episode.
    const saved = await a.saveContinuity(
      digest(`- ${CANARY} [evidence: ${secret}]\n- release on Thursdays [evidence: ${next}]`),
      { token: wrap.token! },
    );
    expect(saved.text).not.toContain("zqxj");
    expect(saved.text).toContain("- [redacted: forgotten]");
    expect(saved.text).toContain("release on Thursdays");
    for (const m of [a, b]) expect(await everything(m)).not.toContain("zqxj");
  });

  it("a forget the open wrap never showed leaves it open", async () => {
    const { a, b, clock } = await two();
    const first = (await a.record("A zebra crossed the car park")).id;
    const w1 = await a.prepareWrap();
    await a.saveContinuity(digest("- lunch at noon"), { token: w1.token! });
    clock.advance(HOUR);
    const e = (await a.record("The release train leaves on Thursdays")).id;
    const wrap = await a.prepareWrap();
    expect((await b.forget(first)).wrapCancelled).toBeNull();
    const saved = await a.saveContinuity(digest(`- release on Thursdays [evidence: ${e}]`), {
      token: wrap.token!,
    });
    expect(saved.saved).toBe(true);
  });
});

describe("forget's result says it cancelled the wrap, on every surface (rest21)", () => {
  it("library and CLI (human and --json), REST and its OpenAPI schema, MCP: one field, wrapCancelled", async () => {
    const { a, clock } = await two();
    // Library and CLI: `strata forget --json` prints the result as it is; the human text says it.
    const e1 = (await a.record(`For the record, ${CANARY}`)).id;
    const w1 = await a.prepareWrap();
    expect(w1).toMatchObject({ status: "ready", wrap: 1 });
    const r = await a.forget(e1);
    expect(r.wrapCancelled).toBe(1);
    expect(JSON.parse(JSON.stringify(r))).toHaveProperty("wrapCancelled", 1);
    expect(renderForget(r, plain)).toContain(
      "wrap 1 cancelled: its package showed the forgotten text, so its save is refused; strata prepare-wrap freezes a new one without it",
    );
    clock.advance(HOUR);
    // No wrap open: the field is there, null, and the text says nothing of a wrap.
    const lone = await a.forget((await a.record("A zebra crossed the car park")).id);
    expect(lone).toHaveProperty("wrapCancelled", null);
    expect(renderForget(lone, plain)).not.toContain("wrap");

    // REST: DELETE /v1/namespaces/{ns}/items/{id} answers with the field; the OpenAPI document lists it.
    const app = createServerApp({ memory: a, loopbackClient: () => true }) as unknown as Hono;
    const e2 = (await a.record(`Again, ${CANARY}`)).id;
    const w2 = await a.prepareWrap();
    if (w2.status !== "ready") throw new Error("no wrap");
    const res = await app.request(`/v1/namespaces/default/items/${e2}`, {
      method: "DELETE",
      headers: { host: "localhost" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ForgetResult).wrapCancelled).toBe(w2.wrap);
    const doc = openApiDocument() as {
      paths: Record<string, { delete?: { responses: Record<string, unknown> } }>;
    };
    const answer = doc.paths["/v1/namespaces/{namespace}/items/{id}"]?.delete?.responses["200"];
    expect(JSON.stringify(answer)).toMatch(/"wrapCancelled":\{"anyOf":\[\{"type":"integer"/);

    // MCP: the forget tool's structured result carries it, and its text tells the agent.
    const server = createMcpServer(a);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "1" });
    await client.connect(clientSide);
    const e3 = (await a.record(`Once more, ${CANARY}`)).id;
    const w3 = await a.prepareWrap();
    if (w3.status !== "ready") throw new Error("no wrap");
    const tool = (await client.callTool({ name: "forget", arguments: { id: e3 } })) as unknown as {
      structuredContent: { forgotten: string[]; wrapCancelled: number | null };
      content: { type: string; text: string }[];
    };
    expect(tool.structuredContent).toMatchObject({ forgotten: [e3], wrapCancelled: w3.wrap });
    expect(tool.content[0]?.text).toContain(
      `Wrap ${w3.wrap} cancelled: its package showed the forgotten text`,
    );
    const none = (await client.callTool({
      name: "forget",
      arguments: { id: (await a.record("Lunch is at noon")).id },
    })) as unknown as { structuredContent: { wrapCancelled: number | null } };
    expect(none.structuredContent.wrapCancelled).toBeNull();
    await client.close();
    expect(await everything(a)).not.toContain("zqxj");
  });
});
