/**
 * The LangChain integration against the real packages (`langchain` createAgent, `@langchain/core`
 * retrievers and tools) with a fake chat model: the middleware puts Strata's context in the
 * system message before the model call and records the exchange after the agent finishes; the
 * retriever returns recall hits as documents with why and provenance; the tools run the registry.
 */
import type { BaseMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { createAgent, createMiddleware } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../core/engine.js";
import { openMemory } from "../../open-memory.js";
import { strataMiddleware } from "./strata-middleware.js";
import { StrataRetriever } from "./strata-retriever.js";
import { strataTools } from "./strata-tools.js";

const opened: Memory[] = [];
async function memory(): Promise<Memory> {
  let t = Date.parse("2026-03-01T00:00:00Z");
  const mem = await openMemory({
    path: ":memory:",
    clock: {
      now: () => {
        t += 1000;
        return new Date(t);
      },
    },
  });
  opened.push(mem);
  return mem;
}
afterEach(async () => {
  calls.length = 0;
  for (const m of opened.splice(0)) await m.close().catch(() => undefined);
});

/** What reached the model: the system message and messages of every call, seen by a middleware inside Strata's. */
const calls: BaseMessage[][] = [];
const spy = createMiddleware({
  name: "Spy",
  wrapModelCall: (request, handler) => {
    calls.push([request.systemMessage, ...request.messages]);
    return handler(request);
  },
});
class RecordingModel extends FakeListChatModel {
  readonly calls = calls;
}

describe("strataMiddleware for createAgent", () => {
  it("context goes into the system message before the model call; the exchange is recorded after", async () => {
    const mem = await memory();
    const fact = await mem.remember("The staging database is Postgres 16");
    const model = new RecordingModel({ responses: ["The migration job runs nightly at two."] });
    const middleware = strataMiddleware(mem, { session: "s1" });
    const agent = createAgent({ model, systemPrompt: "You run deploys.", middleware: [middleware, spy] });
    const result = await agent.invoke({
      messages: [{ role: "user", content: "Which database does staging use?" }],
    });
    expect(result.messages.at(-1)!.text).toBe("The migration job runs nightly at two.");
    const [system] = model.calls[0]!;
    expect(system!.getType()).toBe("system");
    expect(system!.text.startsWith("You run deploys.\n\n")).toBe(true);
    expect(system!.text).toContain(`[${fact.id}]`);
    await middleware.settled();
    const episodes = (await mem.list({ layer: "episode" })) as {
      actor: string;
      content: string;
      session: string;
    }[];
    expect(episodes.map((e) => [e.actor, e.content, e.session])).toEqual([
      ["user", "Which database does staging use?", "s1"],
      ["assistant", "The migration job runs nightly at two.", "s1"],
    ]);
  });

  it("memory that fails is skipped: the agent answers and onError hears why", async () => {
    const mem = await memory();
    await mem.close();
    const heard: unknown[] = [];
    const model = new RecordingModel({ responses: ["Fine."] });
    const middleware = strataMiddleware(mem, { onError: (e) => heard.push(e) });
    const agent = createAgent({ model, systemPrompt: "Base.", middleware: [middleware, spy] });
    const result = await agent.invoke({ messages: [{ role: "user", content: "Hi" }] });
    expect(result.messages.at(-1)!.text).toBe("Fine.");
    expect(model.calls[0]![0]!.text).toBe("Base.");
    await middleware.settled();
    expect(heard.map((e) => (e as { code: string }).code)).toEqual(["STORE_CLOSED", "STORE_CLOSED"]);
  });
});

describe("StrataRetriever", () => {
  it("returns recall hits as documents with why and provenance", async () => {
    const mem = await memory();
    const e = await mem.record("Ops said staging moved to Postgres 16 last week", { session: "s1" });
    const b = await mem.remember("The staging database is Postgres 16", { sources: [e.id], source: "ops" });
    await mem.remember("The office cat is called Miso");
    const docs = await new StrataRetriever({ memory: mem, k: 2 }).invoke("staging database");
    expect(docs[0]!.pageContent).toBe("The staging database is Postgres 16");
    expect(docs[0]!.metadata).toMatchObject({
      id: b.id,
      layer: "belief",
      kind: "fact",
      sources: [e.id],
      why: { summary: expect.any(String) },
    });
    expect(docs.map((d) => d.pageContent)).not.toContain("The office cat is called Miso");
  });
});

describe("strataTools for LangChain", () => {
  it("the registry's tools, with its schemas; results and refusals as JSON", async () => {
    const mem = await memory();
    const tools = strataTools(mem);
    expect(tools.map((t) => t.name)).toEqual(["recall", "remember", "record", "outcome"]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const stored = JSON.parse(await byName.remember!.invoke({ statement: "Deploys need two approvals" }));
    expect(stored).toMatchObject({ verdict: "novel", stored: true });
    const hits = JSON.parse(await byName.recall!.invoke({ query: "approvals" }));
    expect(hits.hits[0]).toMatchObject({ id: stored.id });
    const refused = JSON.parse(await byName.outcome!.invoke({ id: "b999", success: true }));
    expect(refused).toEqual({ error: { code: "NOT_FOUND", message: expect.stringMatching(/b999/) } });
  });
});
