import { afterEach, describe, expect, it } from "vitest";
import { DAY, testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";

/**
 * `policy.currentStatePath`: the switch the current-state bench (bench/current-state.ts) reads
 * recall's cost by. On (the default) a current-state question's newer statement is lifted above the
 * older it changes; off, recall ranks by matches alone and nothing says "newer than".
 */
const opened: Memory[] = [];
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close();
});

const lifted = (summary: string) => /newer than \[/.test(summary);

describe("policy.currentStatePath", () => {
  it.each([
    [true, true],
    [false, false],
  ])("currentStatePath %s: the newer statement lifted above the older: %s", async (on, expected) => {
    const { mem, clock, path } = await testMemory({ file: true });
    opened.push(mem);
    await mem.record("Our mortgage is fixed at 2.1% until next year.", { at: "2027-01-01T00:00:00.000Z" });
    clock.advance(20 * DAY);
    await mem.record("We remortgaged last week and the new rate is 4.3%, ouch.", {
      at: "2027-01-21T00:00:00.000Z",
    });
    await mem.consolidate();
    const { mem: reader } = await testMemory({ path, clock, policy: { currentStatePath: on } });
    opened.push(reader);
    const hits = await reader.recall("What interest rate are we paying on the mortgage?", { k: 5 });
    const newer = hits.find((h) => /4\.3%/.test(h.text));
    expect(newer).toBeDefined();
    expect(lifted(newer!.why.summary)).toBe(expected);
    // Off, the older matches the question's words better and stays first.
    expect(hits[0] === newer).toBe(expected);
  });

  it("a plain question ranks the same either way when no lift applies", async () => {
    const { mem, path, clock } = await testMemory({ file: true });
    opened.push(mem);
    await mem.remember("The staging billing gateway request timeout is 30 seconds");
    await mem.remember("The production search indexer owner is Alice Chen");
    const { mem: off } = await testMemory({ path, clock, policy: { currentStatePath: false } });
    opened.push(off);
    const ids = async (m: Memory) =>
      (await m.recall("request timeout of the gateway", { k: 5 })).map((h) => h.id);
    expect(await ids(off)).toEqual(await ids(mem));
  });
});
