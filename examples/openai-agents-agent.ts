/**
 * An OpenAI Agents SDK agent with Strata: context in the instructions, strict tools, hooks that
 * record when the agent ends. Offline: the model is a scripted stand-in; drop `model` to use
 * OpenAI's.
 *
 *   npx tsx --tsconfig examples/tsconfig.json examples/openai-agents-agent.ts
 */
import { Agent, type Model, type ModelResponse, Runner, setTracingDisabled, Usage } from "@openai/agents";
import { openMemory } from "strata-memory";
import { strataAgents } from "strata-memory/openai-agents";

setTracingDisabled(true);

/** A stand-in model: first asks Strata to recall, then answers. */
class StubModel implements Model {
  private turn = 0;
  async getResponse(): Promise<ModelResponse> {
    this.turn++;
    const output: ModelResponse["output"] =
      this.turn === 1
        ? [
            {
              type: "function_call",
              callId: "1",
              name: "recall",
              arguments: JSON.stringify({
                query: "staging database",
                k: null,
                at: null,
                asOf: null,
                kinds: null,
                types: null,
                diversity: null,
                associative: null,
              }),
              status: "completed",
            },
          ]
        : [
            {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: "Use the pg16 client for staging." }],
            },
          ];
    return { usage: new Usage(), output };
  }
  // biome-ignore lint/correctness/useYield: the example does not stream
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("the example does not stream");
  }
}

const memory = await openMemory({ path: ":memory:", namespace: "openai-agents-example" });
await memory.remember("The staging database is Postgres 16");

const strata = strataAgents(memory, { session: "staging-1" });
const agent = strata.attach(
  new Agent({
    name: "ops",
    instructions: strata.instructions("You help with the staging environment."), // context
    tools: strata.tools(), // recall, remember, record, outcome
    model: new StubModel(),
  }),
);
const result = await new Runner().run(agent, "How do I connect to the staging database?"); // recall → act
console.log(result.finalOutput);
await strata.settled(); // record
console.log(`consolidated: ${(await memory.consolidate()).items.length} change(s)`); // consolidate
await memory.close();
