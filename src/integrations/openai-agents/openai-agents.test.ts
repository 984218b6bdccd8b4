/**
 * The OpenAI Agents SDK integration against the real SDK with a fake model (no network): the
 * instructions carry Strata's context for the run's input, strict tools take `null` for an
 * omitted field, and the agent's hooks record the exchange when it ends.
 */
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  setTracingDisabled,
  Usage,
} from "@openai/agents";
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../core/engine.js";
import { openMemory } from "../../open-memory.js";
import { strataAgents } from "./strata-agents.js";
import { strictJsonSchema } from "./strict-schema.js";

setTracingDisabled(true);

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

type Output = ModelResponse["output"][number];
const say = (text: string): Output => ({
  type: "message",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text }],
});
const call = (name: string, args: unknown, id: string): Output => ({
  type: "function_call",
  callId: id,
  name,
  arguments: JSON.stringify(args),
  status: "completed",
});

/** A model that answers from a script, one turn per call, and keeps every request it saw. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly turns: Output[][]) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.turns[Math.min(this.requests.length - 1, this.turns.length - 1)]!;
    return { usage: new Usage(), output, responseId: `r${this.requests.length}` };
  }
  // biome-ignore lint/correctness/useYield: the tests do not stream
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("not used");
  }
}

describe("strataAgents", () => {
  it("instructions carry the context for the run's input; the exchange is recorded at the end", async () => {
    const mem = await memory();
    const goals: string[] = [];
    const context = mem.context.bind(mem);
    mem.context = (goal, options) => {
      goals.push(goal);
      return context(goal, options);
    };
    const strata = strataAgents(mem, { session: "s1" });
    const model = new ScriptedModel([[say("The migration job runs nightly at two.")]]);
    const agent = strata.attach(
      new Agent({ name: "ops", instructions: strata.instructions("You run deploys."), model }),
    );
    const result = await new Runner().run(agent, "Which database does staging use?");
    expect(result.finalOutput).toBe("The migration job runs nightly at two.");
    const system = model.requests[0]!.systemInstructions!;
    expect(system.startsWith("You run deploys.")).toBe(true);
    expect(system).toMatch(/Postgres 16/);
    expect(goals).toEqual(["Which database does staging use?"]);
    await strata.settled();
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

  it("strict tools: null for an omitted field is dropped; results and refusals come back to the model", async () => {
    const mem = await memory();
    const strata = strataAgents(mem, { record: false });
    const model = new ScriptedModel([
      [
        call(
          "remember",
          {
            statement: "Deploys need two approvals",
            kind: null,
            at: null,
            source: null,
            sources: null,
            steps: null,
          },
          "c1",
        ),
        call("outcome", { id: "b999", success: true, session: null }, "c2"),
      ],
      [
        call(
          "recall",
          {
            query: "approvals",
            k: null,
            at: null,
            asOf: null,
            kinds: null,
            types: null,
            diversity: null,
            associative: null,
          },
          "c3",
        ),
      ],
      [say("Noted.")],
    ]);
    const agent = new Agent({ name: "ops", instructions: "Keep notes.", model, tools: strata.tools() });
    const result = await new Runner().run(agent, "Note that deploys need two approvals.");
    expect(result.finalOutput).toBe("Noted.");
    const outputs = result.newItems
      .filter((i) => i.type === "tool_call_output_item")
      .map((i) => JSON.parse((i as unknown as { output: string }).output));
    expect(outputs[0]).toMatchObject({ verdict: "novel", stored: true });
    expect(outputs[1]).toEqual({ error: { code: "NOT_FOUND", message: expect.stringMatching(/b999/) } });
    expect(outputs[2].hits[0]).toMatchObject({ text: "Deploys need two approvals" });
    expect(await mem.list({ layer: "episode" })).toEqual([]);
  });

  it("the tools' parameters are strict JSON schemas: every field required, optional ones nullable", async () => {
    const mem = await memory();
    const [recall] = strataAgents(mem).tools({ tools: ["recall"] });
    const params = (recall as unknown as { parameters: Record<string, unknown> }).parameters;
    expect(params).toMatchObject({ type: "object", additionalProperties: false });
    expect(params.required).toEqual(Object.keys(params.properties as object));
    expect((params.properties as Record<string, unknown>).k).toMatchObject({
      anyOf: [expect.anything(), { type: "null" }],
    });
    const remember = strictJsonSchema(
      (await import("../../core/operations/index.js")).OPERATION_BY_NAME.get("remember")!.input,
    );
    expect(Object.keys(remember.properties as object)).not.toContain("metadata");
  });

  it("memory that fails is skipped: the agent runs on its own instructions and onError hears why", async () => {
    const mem = await memory();
    await mem.close();
    const heard: unknown[] = [];
    const strata = strataAgents(mem, { onError: (e) => heard.push(e) });
    const model = new ScriptedModel([[say("Fine.")]]);
    const agent = strata.attach(
      new Agent({ name: "ops", instructions: strata.instructions("Base."), model }),
    );
    const result = await new Runner().run(agent, "Hi");
    expect(result.finalOutput).toBe("Fine.");
    expect(model.requests[0]!.systemInstructions).toBe("Base.");
    await strata.settled();
    expect(heard.map((e) => (e as { code: string }).code)).toEqual(["STORE_CLOSED", "STORE_CLOSED"]);
  });
});
