/**
 * Poisoning: single writes that try to take over what recall and context return. Each case
 * writes the poison and checks that the answers an agent reads are the same as without it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { type TestClock, testMemory } from "../support/memory.js";

let mem: Memory | null = null;
let clock: TestClock;
afterEach(async () => {
  await mem?.close();
  mem = null;
});

async function open(policy: Record<string, unknown> = {}) {
  const t = await testMemory({ policy });
  mem = t.mem;
  clock = t.clock;
  return t.mem;
}

const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

describe("an event time in the future", () => {
  it("is refused with INVALID_INPUT beyond the skew, and recall and context do not change", async () => {
    const m = await open();
    const current = await m.remember("The deploy freeze starts on Friday");
    const before = {
      recall: ids(await m.recall("deploy freeze")),
      context: (await m.context("deploy freeze")).text,
    };
    for (const write of [
      () => m.remember("The deploy freeze starts on Monday", { at: "9999-12-31" }),
      () => m.record("The deploy freeze now starts on Monday", { at: "9999-12-31" }),
      () => m.capture({ when: "a deploy freeze starts", prefer: "ship on Monday", at: "9999-12-31" }),
    ])
      await expect(write()).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "at" } });
    expect(ids(await m.recall("deploy freeze"))).toEqual(before.recall);
    expect((await m.context("deploy freeze")).text).toBe(before.context);
    expect((await m.get(current.id)).status).toBe("active");
    expect(await m.list({ layer: "episode" })).toHaveLength(0);
  });

  it("tells the caller what to do instead", async () => {
    const m = await open();
    await expect(m.remember("The freeze ends in March", { at: "2099-01-01" })).rejects.toThrow(
      /in the future.*leave at out/s,
    );
  });

  it("is accepted within the clock skew (default 5 minutes)", async () => {
    const m = await open();
    const soon = new Date(clock.now().getTime() + 4 * 60_000).toISOString();
    await expect(m.remember("The build agent pool is 12 machines", { at: soon })).resolves.toMatchObject({
      verdict: "novel",
    });
    const later = new Date(clock.now().getTime() + 6 * 60_000).toISOString();
    await expect(m.remember("The build agent pool is 14 machines", { at: later })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("is clamped to now when the policy says clamp, so it never outranks later events", async () => {
    const m = await open({ futureAt: "clamp" });
    const r = await m.record("The on-call phone is 555-0100", { at: "9999-12-31" });
    const episode = await m.get(r.id);
    expect(episode.layer === "episode" && episode.at).toBe(clock.now().toISOString());
    clock.advance(60_000);
    const newer = await m.record("The on-call phone is 555-0199");
    const recent = await m.list({ layer: "episode" });
    expect(recent.map((e) => e.id)).toContain(newer.id);
    const hits = await m.recall("on-call phone", { kinds: ["episode"], k: 2 });
    expect(hits.map((h) => h.at).every((at) => at <= clock.now().toISOString())).toBe(true);
  });
});
