/**
 * A LangChain v1 agent with Strata: the middleware puts the context in the system message and
 * records the exchange when the agent finishes; the retriever serves chains. Offline: the model
 * is LangChain's fake chat model; pass yours to `createAgent`.
 *
 *   npx tsx --tsconfig examples/tsconfig.json examples/langchain-agent.ts
 */
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { createAgent } from "langchain";
import { openMemory } from "strata-memory";
import { StrataRetriever, strataMiddleware } from "strata-memory/langchain";

const memory = await openMemory({ path: ":memory:", namespace: "langchain-example" });
await memory.remember("The on-call rotation changes every Monday", { source: "handbook" });

const docs = await new StrataRetriever({ memory, k: 2 }).invoke("on-call rotation"); // recall
console.log(docs.map((d) => `${d.metadata.id}: ${d.pageContent} (${d.metadata.why.summary})`).join("\n"));

const middleware = strataMiddleware(memory, { session: "oncall-1" });
const agent = createAgent({
  model: new FakeListChatModel({ responses: ["The rotation changes on Monday; I'll hand over then."] }),
  systemPrompt: "You coordinate on-call.",
  middleware: [middleware],
});
const result = await agent.invoke({ messages: [{ role: "user", content: "When does on-call change?" }] }); // act
console.log(result.messages.at(-1)?.text);
await middleware.settled(); // record
console.log(`consolidated: ${(await memory.consolidate()).items.length} change(s)`); // consolidate
await memory.close();
