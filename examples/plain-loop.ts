/**
 * The five calls that matter, with no framework: recall → act → record → consolidate, and context
 * for the prompt. The model is a stub so this runs offline; put yours in `callModel`.
 *
 *   npx tsx --tsconfig examples/tsconfig.json examples/plain-loop.ts
 */
import { openMemory } from "strata-memory";

/** Stand-in for your model: answers from the prompt it is given. */
async function callModel(prompt: string): Promise<string> {
  return prompt.includes("Postgres 16") ? "Staging runs Postgres 16: use the pg16 client." : "I don't know.";
}

const memory = await openMemory({ path: ":memory:", namespace: "plain-loop" });
await memory.remember("The staging database is Postgres 16", { source: "user" });

for (const task of ["Connect to the staging database", "Run the staging migration"]) {
  const hits = await memory.recall(task, { k: 3 }); // 1. recall
  const { text: context } = await memory.context(task, { tokenBudget: 400 });
  const answer = await callModel(`${context}\n\nTask: ${task}`); // 2. act
  await memory.record(`${task}: ${answer}`, { type: "outcome", outcome: "success", session: "demo" }); // 3. record
  for (const hit of hits.filter((h) => h.layer === "belief"))
    await memory.outcome(hit.id, true, { session: "demo" });
  console.log(`${task} → ${answer}`);
}

const report = await memory.consolidate(); // 4. consolidate (sleep)
console.log(`consolidated: ${report.items.length} change(s)`);
await memory.close();
