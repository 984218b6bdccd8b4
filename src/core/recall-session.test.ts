import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

/** A hike told over one session, and a short unrelated turn in another that shares the rare word asked. */
async function hikeStore(policy: {
  sessionWeight: number;
}): Promise<{ evidence: string; distractor: string }> {
  ({ mem } = await testMemory({ policy: { ...policy, neighbourWeight: 0 } }));
  await mem.record("We hiked the ridge trail on Saturday morning.", { session: "hike" });
  await mem.record("The ridge trail was muddy after all that rain.", { session: "hike" });
  await mem.record("Lunch was sandwiches by the lake.", { session: "hike" });
  const evidence = await mem.record("At the summit we spotted a hawk circling.", { session: "hike" });
  const distractor = await mem.record("Summit next week in Berlin.", { session: "work" });
  return { evidence: evidence.id, distractor: distractor.id };
}

describe("recall: the session prior (policy.sessionWeight)", () => {
  const query = "What did we see at the summit of the ridge trail?";

  it("ranks a turn of the session that talks about what is asked above an equal match elsewhere", async () => {
    const { evidence, distractor } = await hikeStore({ sessionWeight: 0.2 });
    const ids = (await mem.recall(query, { k: 5 })).map((h) => h.id);
    expect(ids).toContain(evidence);
    expect(ids.indexOf(evidence)).toBeLessThan(ids.indexOf(distractor));
  });

  it("at 0 each turn ranks by its own words (the shorter turn first)", async () => {
    const { evidence, distractor } = await hikeStore({ sessionWeight: 0 });
    const ids = (await mem.recall(query, { k: 5 })).map((h) => h.id);
    expect(ids.indexOf(distractor)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(distractor)).toBeLessThan(ids.indexOf(evidence));
  });
});
