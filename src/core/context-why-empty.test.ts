/**
 * `whyEmpty`: the engine decides once why a context block is empty, so the CLI, the MCP tool, REST
 * and the dashboard phrase one reason instead of each guessing (newcomer40's notes decided it in
 * two adapters, from whether a goal was typed). On a real SQLite store with a hand-moved clock.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DAY, testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

describe("context's whyEmpty", () => {
  it("a namespace that holds nothing is empty-namespace, with a goal or without", async () => {
    ({ mem } = await testMemory());
    expect((await mem.context("")).whyEmpty).toBe("empty-namespace");
    expect((await mem.context("deploy the API")).whyEmpty).toBe("empty-namespace");
  });

  it("another namespace's items do not make this one hold anything", async () => {
    ({ mem } = await testMemory());
    await mem.remember("The retry limit is 5", { namespace: "other" });
    expect((await mem.context("retry limit")).whyEmpty).toBe("empty-namespace");
    expect((await mem.context("retry limit", { namespace: "other" })).whyEmpty).toBeNull();
  });

  it("a goal nothing stored bears on is nothing-relevant, not an empty namespace", async () => {
    ({ mem } = await testMemory());
    await mem.remember("The retry limit is 5");
    const r = await mem.context("paint the fence");
    expect(r).toMatchObject({ text: "", items: [], skipped: [], whyEmpty: "nothing-relevant" });
  });

  it("events alone, with recent events turned off, are nothing-relevant: the namespace holds them", async () => {
    ({ mem } = await testMemory());
    await mem.record("Started the API deploy", { type: "context" });
    expect((await mem.context("", { recentEvents: 0 })).whyEmpty).toBe("nothing-relevant");
    expect((await mem.context("")).whyEmpty).toBeNull();
  });

  it("what was chosen but did not fit the budget is over-budget, with the skipped ids", async () => {
    ({ mem } = await testMemory());
    await mem.remember(`The retry limit is 5 ${"and the backoff doubles each time ".repeat(4)}`);
    const r = await mem.context("retry limit", { tokenBudget: 32 });
    expect(r).toMatchObject({ items: [], whyEmpty: "over-budget" });
    expect(r.skipped.map((s) => s.id)).toEqual(["b1"]);
  });

  it("a time before anything was stored is empty-namespace then; after, the block holds it", async () => {
    const made = await testMemory();
    mem = made.mem;
    const clock = made.clock;
    clock.advance(10 * DAY);
    await mem.remember("The retry limit is 5");
    expect((await mem.context("", { at: "2027-01-02T00:00:00.000Z" })).whyEmpty).toBe("empty-namespace");
    expect((await mem.context("", { at: "2027-01-20T00:00:00.000Z" })).whyEmpty).toBeNull();
  });

  it("a block that holds anything has whyEmpty null", async () => {
    ({ mem } = await testMemory());
    await mem.remember("The retry limit is 5");
    const r = await mem.context("retry limit");
    expect(r.items.map((i) => i.id)).toEqual(["b1"]);
    expect(r.whyEmpty).toBeNull();
  });
});
