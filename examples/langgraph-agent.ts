/**
 * A LangGraph agent whose long-term memory is Strata: nodes read and write through `getStore()`,
 * a changed preference supersedes the old one (history kept). The "model" is a stub so this runs
 * offline.
 *
 *   npx tsx --tsconfig examples/tsconfig.json examples/langgraph-agent.ts
 */
import { Annotation, END, getStore, START, StateGraph } from "@langchain/langgraph";
import { openMemory } from "strata-memory";
import { StrataStore } from "strata-memory/langgraph";

const State = Annotation.Root({
  userId: Annotation<string>,
  message: Annotation<string>,
  reply: Annotation<string>,
});

/** Stand-in for your model: replies from what the store recalled. */
const stubModel = (message: string, recalled: string | undefined) =>
  recalled ? `Noted (${recalled}).` : `Noted: "${message}".`;

const graph = new StateGraph(State)
  .addNode("agent", async (state) => {
    const store = getStore()!;
    const [hit] = await store.search(["users", state.userId], { query: state.message, limit: 1 }); // recall
    const reply = stubModel(state.message, (hit?.value as { text?: string } | undefined)?.text); // act
    const colour = /favourite colou?r is (\w+)/i.exec(state.message)?.[1];
    if (colour) await store.put(["users", state.userId, "prefs"], "colour", { text: state.message, colour }); // record
    return { reply };
  })
  .addEdge(START, "agent")
  .addEdge("agent", END);

const memory = await openMemory({ path: ":memory:", namespace: "langgraph-example" });
const agent = graph.compile({ store: new StrataStore({ memory }) });
for (const message of [
  "My favourite colour is green",
  "Now my favourite colour is blue",
  "What colour do I like?",
])
  console.log((await agent.invoke({ userId: "42", message })).reply);

const versions = await memory.list({ namespace: "langgraph-example/users/42/prefs", status: "any" });
console.log(
  versions.map((b) => `${b.id} ${b.status}: ${(b.metadata.value as { colour: string }).colour}`).join("\n"),
);
console.log(`consolidated: ${(await memory.consolidate()).items.length} change(s)`); // consolidate
await memory.close();
