/**
 * The AI SDK integration against the real SDK (`ai` 6) and its mock language model: the
 * middleware puts Strata's context in the prompt and records the exchange without holding the
 * answer or the stream back, skips memory on failure, and records nothing for a failed call;
 * the tools run the registry's operations from a model's tool calls.
 */
import { generateText, stepCountIs, streamText, wrapLanguageModel } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../core/engine.js";
import { openMemory } from "../../open-memory.js";
import { strataMiddleware } from "./strata-middleware.js";
import { strataTools } from "./strata-tools.js";

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const stop = { unified: "stop" as const, raw: "stop" };

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
  await mem.remember("The staging database is Postgres 16");
  return mem;
}
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close().catch(() => undefined);
});

const textModel = (answer: string) =>
  new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: "text", text: answer }],
      finishReason: stop,
      usage,
      warnings: [],
    }),
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: "text-start", id: "t" },
        ...answer
          .split(" ")
          .map((w, i) => ({ type: "text-delta" as const, id: "t", delta: i ? ` ${w}` : w })),
        { type: "text-end", id: "t" },
        { type: "finish", finishReason: stop, usage },
      ]),
    }),
  });

const systemOf = (call: { prompt: { role: string; content: unknown }[] }) =>
  call.prompt.filter((m) => m.role === "system").map((m) => m.content as string);

const episodes = async (mem: Memory) =>
  (await mem.list({ layer: "episode" })).map((e) => [
    (e as { actor: string }).actor,
    (e as { content: string }).content,
  ]);

describe("strataMiddleware", () => {
  it("generate: the context goes in after the app's system prompt; the exchange is recorded", async () => {
    const mem = await memory();
    const inner = textModel("The migration job runs nightly at two.");
    const middleware = strataMiddleware(mem, { session: "s1" });
    const model = wrapLanguageModel({ model: inner, middleware });
    const r = await generateText({
      model,
      system: "You are terse.",
      prompt: "Which database does staging use?",
    });
    expect(r.text).toBe("The migration job runs nightly at two.");
    const [system, context] = systemOf(inner.doGenerateCalls[0]!);
    expect(system).toBe("You are terse.");
    expect(context).toMatch(/Postgres 16/);
    expect(context).toMatch(/\[b1\]/);
    await middleware.settled();
    expect(await episodes(mem)).toEqual([
      ["user", "Which database does staging use?"],
      ["assistant", "The migration job runs nightly at two."],
    ]);
    expect(
      (await mem.list({ layer: "episode" })).every((e) => (e as { session: string }).session === "s1"),
    ).toBe(true);
  });

  it("stream: the whole answer flows before the recording finishes, then it is recorded", async () => {
    const mem = await memory();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const recordMany = mem.recordMany.bind(mem);
    // The real write, held until the stream has been read to its end.
    mem.recordMany = async (items) => {
      await gate;
      return recordMany(items);
    };
    const inner = textModel("The migration job runs nightly at two.");
    const middleware = strataMiddleware(mem);
    const result = streamText({
      model: wrapLanguageModel({ model: inner, middleware }),
      prompt: "Staging database?",
    });
    let text = "";
    for await (const delta of result.textStream) text += delta;
    expect(text).toBe("The migration job runs nightly at two.");
    expect(systemOf(inner.doStreamCalls[0]!).join()).toMatch(/Postgres 16/);
    expect(await episodes(mem)).toEqual([]);
    release();
    await middleware.settled();
    expect(await episodes(mem)).toEqual([
      ["user", "Staging database?"],
      ["assistant", "The migration job runs nightly at two."],
    ]);
  });

  it("a model that fails records nothing; a stream that errors records nothing", async () => {
    const mem = await memory();
    const failing = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error("provider down");
      },
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "half an ans" },
          { type: "error", error: new Error("connection reset") },
        ]),
      }),
    });
    const middleware = strataMiddleware(mem);
    const model = wrapLanguageModel({ model: failing, middleware });
    await expect(generateText({ model, prompt: "Hello?", maxRetries: 0 })).rejects.toThrow(/provider down/);
    const errors: unknown[] = [];
    const result = streamText({ model, prompt: "Hello?", onError: ({ error }) => void errors.push(error) });
    for await (const _ of result.textStream);
    expect(errors).toHaveLength(1);
    await middleware.settled();
    expect(await episodes(mem)).toEqual([]);
  });

  it("memory that fails is skipped: the call goes on without context and onError hears why", async () => {
    const mem = await memory();
    await mem.close();
    const heard: unknown[] = [];
    const inner = textModel("Fine.");
    const middleware = strataMiddleware(mem, { onError: (e) => heard.push(e) });
    const r = await generateText({ model: wrapLanguageModel({ model: inner, middleware }), prompt: "Hi" });
    expect(r.text).toBe("Fine.");
    expect(systemOf(inner.doGenerateCalls[0]!)).toEqual([]);
    await middleware.settled();
    expect(heard.map((e) => (e as { code: string }).code)).toEqual(["STORE_CLOSED", "STORE_CLOSED"]);
  });
});

describe("strataTools", () => {
  it("the default set, from the registry: recall, remember, record, outcome", async () => {
    const mem = await memory();
    const tools = strataTools(mem);
    expect(Object.keys(tools)).toEqual(["recall", "remember", "record", "outcome"]);
    expect(tools.recall!.description).toMatch(/Ranked beliefs/);
    expect(Object.keys(strataTools(mem, { tools: ["context", "explain"] }))).toEqual(["context", "explain"]);
    expect(() => strataTools(mem, { tools: ["nope"] })).toThrow(/Unknown tool "nope": choose among/);
  });

  it("a model's tool calls run the operations; a refusal comes back for the model to read", async () => {
    const mem = await memory();
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        step++;
        if (step === 1)
          return {
            content: [
              {
                type: "tool-call",
                toolCallId: "c1",
                toolName: "remember",
                input: JSON.stringify({ statement: "Deploys need two approvals" }),
              },
              {
                type: "tool-call",
                toolCallId: "c2",
                toolName: "outcome",
                input: JSON.stringify({ id: "b999", success: true }),
              },
            ],
            finishReason: { unified: "tool-calls", raw: "tool_calls" },
            usage,
            warnings: [],
          };
        if (step === 2)
          return {
            content: [
              {
                type: "tool-call",
                toolCallId: "c3",
                toolName: "recall",
                input: JSON.stringify({ query: "approvals" }),
              },
            ],
            finishReason: { unified: "tool-calls", raw: "tool_calls" },
            usage,
            warnings: [],
          };
        return { content: [{ type: "text", text: "Done." }], finishReason: stop, usage, warnings: [] };
      },
    });
    const r = await generateText({
      model,
      tools: strataTools(mem),
      prompt: "Note it.",
      stopWhen: stepCountIs(5),
    });
    const results = r.steps.flatMap((s) => s.toolResults).map((t) => [t.toolName, t.output]);
    expect(results[0]).toEqual(["remember", expect.objectContaining({ verdict: "novel", stored: true })]);
    expect(results[1]).toEqual([
      "outcome",
      { error: { code: "NOT_FOUND", message: expect.stringMatching(/b999/) } },
    ]);
    expect(results[2]![1]).toMatchObject({
      hits: [expect.objectContaining({ text: "Deploys need two approvals" })],
    });
  });
});
