import { afterEach, describe, expect, it, vi } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

/** Two people talking: the one asked about never says her name, the other addresses her by it. */
async function chatStore(policy: { speakerNames: "field" | "words" }): Promise<{
  evidence: string;
  addressed: string;
}> {
  ({ mem } = await testMemory({ policy: { ...policy, neighbourWeight: 0 } }));
  const opts = (actor: string) => ({ actor, session: "s1" });
  const addressed = await mem.record("Thanks, Melanie! You look great.", opts("Caroline"));
  await mem.record("I painted a sunset over the lake last week.", opts("Caroline"));
  const evidence = await mem.record(
    "Running farther has been great for my mental health, it clears my head.",
    opts("Melanie"),
  );
  await mem.record("We went camping at the lake with the kids.", opts("Melanie"));
  return { evidence: evidence.id, addressed: addressed.id };
}

describe("recall: a speaker's name matches the actor, not the words (policy.speakerNames)", () => {
  const query = "What does Melanie say running has been great for?";

  it("ranks what the named speaker said above a turn that only addresses her by name", async () => {
    const { evidence, addressed } = await chatStore({ speakerNames: "field" });
    const ids = (await mem.recall(query, { k: 5 })).map((h) => h.id);
    expect(ids[0]).toBe(evidence);
    expect(ids.indexOf(addressed)).toBeGreaterThan(0);
  });

  it("searches the vectors once: the second search changes only the full-text terms", async () => {
    await chatStore({ speakerNames: "field" });
    const texts = vi.spyOn(mem.store, "searchEpisodeText");
    const vectors = vi.spyOn(mem.store, "searchEpisodeVectors");
    await mem.recall(query, { k: 5 });
    expect(texts.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(vectors).toHaveBeenCalledTimes(1);
  });

  it("searches the related words once: the second search changes only the question's own terms", async () => {
    ({ mem } = await testMemory({ policy: { speakerNames: "field", neighbourWeight: 0 } }));
    await mem.record("Melanie, who is your dentist these days?", { actor: "Caroline", session: "s1" });
    await mem.record("Dr. Okafor at the dental clinic on Hill Street.", { actor: "Melanie", session: "s1" });
    const texts = vi.spyOn(mem.store, "searchEpisodeText");
    await mem.recall("Who is Melanie's dentist?", { k: 5 });
    const searched = texts.mock.calls.map(([terms]) => [...terms].join(" "));
    // The question's terms with the name, without it, and the related words (once).
    expect(searched.length).toBe(3);
    expect(new Set(searched).size).toBe(searched.length);
  });

  it("as words, the name lifts the turn that says it above what she said", async () => {
    const { evidence, addressed } = await chatStore({ speakerNames: "words" });
    const ids = (await mem.recall(query, { k: 5 })).map((h) => h.id);
    expect(ids.indexOf(addressed)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(addressed)).toBeLessThan(ids.indexOf(evidence));
  });

  it("leaves a name written in lower case a word (an actor named like a common noun)", async () => {
    const rank = async (speakerNames: "field" | "words") => {
      ({ mem } = await testMemory({ policy: { speakerNames, neighbourWeight: 0 } }));
      await mem.record("The user works from Lisbon now.", { actor: "agent" });
      await mem.record("My timezone is Europe/Lisbon.", { actor: "user" });
      await mem.record("Set the user timezone on the dashboard.", { actor: "agent" });
      const texts = (await mem.recall("what timezone is the user in?", { k: 5 })).map((h) => h.text);
      await mem.close();
      return texts;
    };
    expect(await rank("field")).toEqual(await rank("words"));
  });
});
