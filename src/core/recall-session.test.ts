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

  // Leave-one-out: a turn gains from its session's OTHER matching turns only. A question asked once,
  // alone in its session, ranks by its own words, as with the prior off (`strata demo`: the prior
  // that counted a turn's own match lifted it over the current fact).
  it("leaves a lone turn where its own words put it, below the belief that answers it", async () => {
    const hits = async (sessionWeight: number) => {
      ({ mem } = await testMemory({ policy: { sessionWeight, neighbourWeight: 0 } }));
      await mem.remember("The API rate limit is now 250 requests per minute");
      await mem.record("Is the API rate limit 500 requests per minute on the enterprise plan?", {
        session: "support-4",
      });
      await mem.record("Deployed the billing service to staging", { session: "ops" });
      await mem.record("The staging deploy passed its smoke tests", { session: "ops" });
      const out = (await mem.recall("API rate limit", { k: 3 })).map((h) => [h.kind, h.text, h.score]);
      await mem.close();
      return out;
    };
    const off = await hits(0);
    const on = await hits(0.2);
    expect(on[0]!.slice(0, 2)).toEqual(["fact", "The API rate limit is now 250 requests per minute"]);
    expect(on).toEqual(off);
  });
  // A belief written directly has no session to vouch for it. The prior lifts every turn of a session
  // whose other turns match; it must not carry those turns past the fact they only mention.
  it("keeps a fact remembered directly above the turns of a dense session that mention its words", async () => {
    const ranks = async (sessionWeight: number) => {
      ({ mem } = await testMemory({ policy: { sessionWeight, neighbourWeight: 0 } }));
      const fact = await mem.remember("The staging database runs PostgreSQL 15 on a dedicated host");
      for (const turn of [
        "The staging database was slow again this morning.",
        "I restarted the staging database twice before lunch.",
        "Who owns the staging database these days?",
        "The staging database backups finished late.",
        "Let's move the staging database maintenance to Friday.",
        "The staging database disk is almost full.",
      ])
        await mem.record(turn, { session: "ops-1", actor: "dev" });
      await mem.record("Lunch was great today.", { session: "ops-2", actor: "dev" });
      await mem.record("The staging database alerts woke me up.", { session: "ops-2", actor: "dev" });
      const out: number[] = [];
      for (const q of [
        "Which database does staging run?",
        "staging database",
        "What version of PostgreSQL does the staging database run?",
      ])
        out.push((await mem.recall(q, { k: 5 })).findIndex((h) => h.id === fact.id));
      await mem.close();
      return out;
    };
    const off = await ranks(0);
    expect(off).toEqual([0, 2, 0]);
    // Where the fact ranks with the prior off, it ranks with it on.
    expect(await ranks(0.2)).toEqual(off);
  });
});
