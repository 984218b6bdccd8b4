import { afterEach, describe, expect, it } from "vitest";
import { testClock, testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

/** One day's turns, in order, each a minute after the one before. */
async function day(session: string, turns: readonly [actor: string, text: string][]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, [actor, text]] of turns.entries()) {
    const at = `${session}T09:${String(10 + i).padStart(2, "0")}:00.000Z`;
    ids.push((await mem.record(text, { actor, session, at })).id);
  }
  return ids;
}

describe("recall: a session neighbour borrows a match only from its own exchange (`continuesTurn`)", () => {
  it("lends nothing to a note on another topic said next to the match", async () => {
    ({ mem } = await testMemory({ clock: testClock("2027-02-01T00:00:00.000Z") }));
    const [, note] = await day("2027-01-04", [
      ["user", "Our unit tests use Jest and the run takes eleven minutes."],
      ["user", "I'm down to one coffee a day, before 10, and sleeping like a log."],
      ["user", "Can you remind me when the bins go out?"],
    ]);
    await day("2027-01-05", [["user", "The integration tests run on a nightly job."]]);
    const hits = await mem.recall("What do our unit tests run on?", { k: 10 });
    expect(hits.map((h) => h.text)).toContain("Our unit tests use Jest and the run takes eleven minutes.");
    expect(hits.map((h) => h.id)).not.toContain(note);
  });

  it("still lends to the turn that carries the topic on, and to the answer of a question", async () => {
    ({ mem } = await testMemory({ clock: testClock("2027-02-01T00:00:00.000Z") }));
    const [, carried] = await day("2027-01-04", [
      ["user", "Our unit tests use Jest and the run takes eleven minutes."],
      ["user", "Eleven minutes is too long, so I'm moving us to Vitest next sprint."],
    ]);
    const [, answer] = await day("2027-01-05", [
      ["Caroline", "What did you paint last weekend?"],
      ["Melanie", "A sunset over the lake, in oils."],
    ]);
    const tests = await mem.recall("What do our unit tests run on?", { k: 10 });
    const lent = tests.find((h) => h.id === carried);
    expect(lent?.why.summary).toContain("next to");
    const painted = await mem.recall("What was painted last weekend?", { k: 10 });
    expect(painted.map((h) => h.id)).toContain(answer);
  });
});
