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

  it.each([
    ["What is the request timeout of the sandbox catalog indexer?", true],
    // A query that asks nothing, and a question about another time: no current state to prefer
    // (`liftsAsked`); before it, `newerFirst` lifted the newer value for both.
    ["request timeout of the sandbox catalog indexer", false],
    ["What was the request timeout of the sandbox catalog indexer?", false],
  ])("%s: the newer value lifted above the older: %s", async (query, expected) => {
    const { mem } = await testMemory();
    opened.push(mem);
    // Two facts side by side, as before a sleep closes one (bench/current-state.ts writes them so).
    const texts = [
      "The request timeout of the sandbox catalog indexer is 30 seconds",
      "The sandbox catalog indexer request timeout is 70 seconds per the platform team",
    ];
    const vectors = await mem.embedder.embed(texts);
    const now = mem.writes.now();
    await mem.store.transaction(async (tx) => {
      for (const [i, text] of texts.entries())
        await mem.writes.insertBelief(tx, {
          namespace: mem.namespace,
          kind: "fact",
          text,
          validFrom: `2027-01-0${i + 1}T00:00:00.000Z`,
          sources: [],
          source: "test",
          now,
          vector: vectors[i]!,
        });
    });
    const hits = await mem.recall(query, { k: 5 });
    expect(hits.map((h) => h.text)).toHaveLength(2);
    expect(lifted(hits[0]!.why.summary)).toBe(expected);
    expect(/70 seconds/.test(hits[0]!.text)).toBe(expected);
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
