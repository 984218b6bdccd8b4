/**
 * An AI SDK agent with Strata: the middleware puts the context in every call and records each
 * exchange; the tools let the model recall and remember on its own. Offline: the model is the
 * SDK's mock; swap in yours (`openai("gpt-4.1")`, `anthropic(...)`).
 *
 *   npx tsx --tsconfig examples/tsconfig.json examples/ai-sdk-agent.ts
 */
import { generateText, stepCountIs, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { openMemory } from "strata-memory";
import { strataMiddleware, strataTools } from "strata-memory/ai";

const memory = await openMemory({ path: ":memory:", namespace: "ai-sdk-example" });
await memory.remember("Deploys to production need two approvals", { source: "runbook" });

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
let turn = 0;
const stubModel = new MockLanguageModelV3({
  doGenerate: async () =>
    ++turn === 1
      ? {
          content: [
            {
              type: "tool-call",
              toolCallId: "1",
              toolName: "recall",
              input: JSON.stringify({ query: "deploy approvals" }),
            },
          ],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        }
      : {
          content: [{ type: "text", text: "Asked for the two approvals; deploying after they land." }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        },
});

const middleware = strataMiddleware(memory, { session: "deploy-1" });
const model = wrapLanguageModel({ model: stubModel, middleware });
const result = await generateText({
  model,
  tools: strataTools(memory),
  stopWhen: stepCountIs(3),
  prompt: "Deploy the API to production.",
}); // recall (tool + context) → act
console.log(result.text);
await middleware.settled(); // record (the exchange, written in the background)
console.log(`consolidated: ${(await memory.consolidate()).items.length} change(s)`); // consolidate
await memory.close();
