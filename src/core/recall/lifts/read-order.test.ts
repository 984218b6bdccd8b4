/**
 * The current-state lifts start independent store reads together (`Promise.all`, and the
 * corrections read beside the first lift): on PostgreSQL they share round trips. What recall
 * answers must not depend on which read ends first.
 */
import { describe, expect, it } from "vitest";
import { DAY, sleptTurns } from "../../../../test/support/memory.js";
import { openMemory } from "../../../open-memory.js";
import type { RecallHit } from "../../model.js";
import type { Store } from "../../ports.js";

/**
 * A store whose reads end in the reverse of the order they were started in, among those started
 * together: each read waits until the event loop is idle, and the waiting ones are then answered
 * last first.
 */
function reversedReads(store: Store): Store {
  let waiting: (() => void)[] = [];
  const flush = () => {
    const now = waiting.reverse();
    waiting = [];
    for (const answer of now) answer();
  };
  return new Proxy(store, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof v !== "function") return v;
      return (...args: unknown[]) => {
        const out = v.apply(target, args);
        if (!(out instanceof Promise) || key === "transaction") return out;
        return new Promise((resolve, reject) => {
          if (waiting.length === 0) setTimeout(flush, 0);
          waiting.push(() => out.then(resolve, reject));
        });
      };
    },
  });
}

const TURNS = [
  "barber: Tomasz at Fade Street, a cut every month",
  "for the visa form my passport number country is listed as Ireland",
  "Our barber shop card from Fade Street is on the fridge.",
  "The kitchen tap drips again.",
  "I had a lovely walk by the canal.",
  "Lorna brought round a lemon cake on Sunday.",
  "The telly remote needs new batteries.",
  "I changed barber, it's Keanu at Sharp Lines now, much closer to the flat.",
  "sorry i told you wrong the other day, the visa form says Portugal, i mixed up the two",
].map((text) => ({ text }));

const seen = (hits: RecallHit[]) => hits.map((h) => ({ id: h.id, score: h.score, why: h.why.summary }));

describe("the current-state lifts: recall's answer does not depend on the order concurrent reads end in", () => {
  it.each([
    ["Who gives me a cut?", 'the speaker changed its "barber"'],
    ["Which country issued my passport?", "corrects it by"],
  ])("%s (a lift that says %j)", async (question, lifted) => {
    const plain = await sleptTurns(TURNS);
    const slept = await sleptTurns(TURNS);
    const reversed = await openMemory({
      store: reversedReads(slept.store),
      clock: { now: () => new Date(Date.parse("2026-01-05T09:00:00.000Z") + 90 * DAY) },
      actor: "test",
    });
    const expected = await plain.recall(question, { k: 10 });
    expect(expected.some((h) => h.why.summary.includes(lifted))).toBe(true);
    expect(seen(await reversed.recall(question, { k: 10 }))).toEqual(seen(expected));
    await plain.close?.();
    await reversed.close?.();
  });
});
