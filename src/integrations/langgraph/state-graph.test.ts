/**
 * A real LangGraph StateGraph whose nodes read and write long-term memory through `getStore()`,
 * with StrataStore compiled in: what one thread learns, the next thread of the same user
 * recalls, and a changed preference supersedes the old one in Strata.
 */
import { Annotation, END, getStore, START, StateGraph } from "@langchain/langgraph";
import { afterAll, describe, expect, it } from "vitest";
import { openMemory } from "../../open-memory.js";
import { StrataStore } from "./strata-store.js";

const State = Annotation.Root({
  userId: Annotation<string>,
  message: Annotation<string>,
  reply: Annotation<string>,
});

/** Remembers "my favourite colour is X" per user; answers "what is my favourite colour?" from the store. */
const builder = new StateGraph(State)
  .addNode("remember", async (state) => {
    const store = getStore()!;
    const said = /my favourite colou?r is (\w+)/i.exec(state.message);
    if (said)
      await store.put(["users", state.userId, "prefs"], "colour", { colour: said[1], text: state.message });
    return {};
  })
  .addNode("answer", async (state) => {
    const store = getStore()!;
    const [hit] = await store.search(["users", state.userId], { query: state.message, limit: 1 });
    const colour = (hit?.value as { colour?: string } | undefined)?.colour;
    return { reply: colour ? `Your favourite colour is ${colour}.` : "I don't know yet." };
  })
  .addEdge(START, "remember")
  .addEdge("remember", "answer")
  .addEdge("answer", END);

const memory = await openMemory({ path: ":memory:", namespace: "agent" });
afterAll(() => memory.close());

describe("StateGraph with StrataStore", () => {
  it("nodes write and read through getStore(); a new thread recalls; a change supersedes", async () => {
    const graph = builder.compile({ store: new StrataStore({ memory }) });
    const first = await graph.invoke({ userId: "42", message: "My favourite colour is green" });
    expect(first.reply).toBe("Your favourite colour is green.");
    const other = await graph.invoke({ userId: "7", message: "What is my favourite colour?" });
    expect(other.reply).toBe("I don't know yet.");
    await graph.invoke({ userId: "42", message: "Actually my favourite colour is blue" });
    const later = await graph.invoke({ userId: "42", message: "What is my favourite colour?" });
    expect(later.reply).toBe("Your favourite colour is blue.");

    const namespace = "agent/users/42/prefs";
    const versions = await memory.list({ namespace, status: "any" });
    expect(versions.map((b) => [b.status, (b.metadata.value as { colour: string }).colour])).toEqual([
      ["archived", "green"],
      ["active", "blue"],
    ]);
  });
});
