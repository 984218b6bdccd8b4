import { afterEach, describe, expect, it, vi } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";
import { DEFAULT_POLICY } from "./policy.js";
import { type Fused, passesFloor } from "./recall.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

/**
 * Two people talking: Caroline asks in the words of the later question, Melanie's reply holds the
 * answer in none of them. Neighbours off, so only the reply share can lift the reply.
 */
async function chatStore(
  replyWeight: number,
  replier = "Melanie",
): Promise<{ question: string; reply: string; other: string }> {
  ({ mem } = await testMemory({ policy: { replyWeight, neighbourWeight: 0 } }));
  const opts = (actor: string, session = "s1") => ({ actor, session });
  await mem.record("Hey Melanie, long time no see!", opts("Caroline"));
  const question = await mem.record("What did you paint last week, Melanie?", opts("Caroline"));
  const reply = await mem.record("A sunset over the lake, with orange skies.", opts(replier));
  await mem.record("My kids loved the zoo on Sunday.", opts("Melanie"));
  const other = await mem.record("Last week I fixed the fence in the garden.", opts("Melanie", "s2"));
  await mem.record("The garden looks tidy now.", opts("Caroline", "s2"));
  return { question: question.id, reply: reply.id, other: other.id };
}

describe("recall: a question's reply shares its match (policy.replyWeight)", () => {
  const query = "What did Melanie paint last week?";

  it("lists the other speaker's reply to a matching question, which shares none of its words", async () => {
    const { reply, other } = await chatStore(0.5);
    const hits = await mem.recall(query, { k: 5 });
    const ids = hits.map((h) => h.id);
    expect(ids).toContain(reply);
    expect(ids.indexOf(reply)).toBeLessThan(ids.indexOf(other));
    expect(hits.find((h) => h.id === reply)!.why.summary).toMatch(/the reply to the question \[e\d+\]/);
  });

  it("at 0 the reply ranks by its own words (none: not listed)", async () => {
    const { reply } = await chatStore(0);
    const ids = (await mem.recall(query, { k: 5 })).map((h) => h.id);
    expect(ids).not.toContain(reply);
  });

  it("lends nothing to the next turn when the one who asked says it", async () => {
    const { reply } = await chatStore(0.5, "Caroline");
    const ids = (await mem.recall(query, { k: 5 })).map((h) => h.id);
    expect(ids).not.toContain(reply);
  });

  it("reads the questions' sessions in one store read", async () => {
    await chatStore(0.5);
    const list = vi.spyOn(mem.store, "listEpisodes");
    await mem.recall(query, { k: 5 });
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("after sleep, lifts the belief distilled from the reply", async () => {
    const { reply } = await chatStore(0.5);
    await mem.consolidate();
    const hits = await mem.recall(query, { k: 5 });
    const hit = hits.find((h) => h.id === reply || h.sources.includes(reply));
    expect(hit).toBeDefined();
    expect(hit!.layer).toBe("belief");
    expect(hit!.why.summary).toMatch(/through its source \[e\d+\] by the reply to the question/);
  });
});

describe("passesFloor: a reply is relevant through its question, by a field of the candidate", () => {
  const unmatched: Fused = { id: "e7", fused: 0.3, textRank: null, vectorRank: null, similarity: 0 };
  it.each<[string, Fused, boolean]>([
    ["no term, no close vector: below the floor", unmatched, false],
    ["a reply lifted by its question", { ...unmatched, viaQuestion: true }, true],
    [
      "a copy of a reply (the state travels with the object)",
      { ...{ ...unmatched, viaQuestion: true } },
      true,
    ],
    ["a term match", { ...unmatched, textRank: 3 }, true],
    ["a close vector", { ...unmatched, similarity: DEFAULT_POLICY.recallFloor }, true],
  ])("%s", (_name, f, passes) => {
    expect(passesFloor(f, DEFAULT_POLICY)).toBe(passes);
  });
});
