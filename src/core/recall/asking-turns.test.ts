import { beforeAll, describe, expect, it } from "vitest";
import { openMemory } from "../../open-memory.js";
import { loadTagger } from "../judge/tagger.js";
import { answersOfItsAsker, asksBesideAValue } from "./asking-turns.js";

beforeAll(async () => {
  await loadTagger();
});

describe("asksBesideAValue: a turn that asks for help and says a value in passing", () => {
  it.each([
    "I ported my number to Giffgaff because it was half the price for the same data. How do I set up Wi-Fi calling on an iPhone?",
    "Can you suggest a reading list for the train? I've been getting the 8:12 since the timetable change, so I have about thirty-five minutes each way.",
    "The migration to Snowflake is done, so I'm rewriting our cost alerts. How do resource monitors work?",
    "We're at £125 a week for food now. Can you suggest cheap batch-cooking recipes?",
    // A request to the listener is not a question about them.
    "My wrists feel better on the split Moonlander. Do you know stretches that help people who type all day?",
  ])("lends: %s", (text) => {
    expect(asksBesideAValue(text)).toBe(true);
  });

  it.each([
    // Only asks: the value is in the question, the other sentence names nothing.
    "Would three-week sprints suit a team that keeps missing its goals? I'm only asking before I suggest anything to the others.",
    // A question alone.
    "Is Giffgaff any good for Wi-Fi calling?",
    // A statement alone: nothing asked, so no reply answers it.
    "I ported my number to Giffgaff last month.",
    // Asks, and says something, but no value.
    "The router keeps dropping out. How do I change the Wi-Fi password?",
    // The only name is the listener's, said in address: nothing of the speaker's own.
    "Wow, Maria, how cute! What's her name? Do she and your other dog get along?",
    // Asks only of the listener's own life: two people catching up.
    "I adopted a puppy called Max last week. How about you?",
    "We finally went to Lisbon in May! Have you been anywhere nice?",
  ])("leaves alone: %s", (text) => {
    expect(asksBesideAValue(text)).toBe(false);
  });
});

describe("answersOfItsAsker: a reply that tells the asker of their thing, not of its speaker's own", () => {
  it.each([
    "Go to Settings, Phone, Wi-Fi Calling and switch it on; you may be asked to confirm an emergency address.",
    "A resource monitor tracks credits used by warehouses over a period and can notify or suspend them.",
    "Medium-fine, about like table salt; if it tastes sour go finer.",
  ])("lends back: %s", (text) => {
    expect(answersOfItsAsker(text)).toBe(true);
  });

  it.each([
    // Two people catching up: each answer is the replier's own news.
    "Yeah, I painted a sunset over the lake last week!",
    "We went camping with the kids, it was great.",
    "That sounds fun, my sister does that too.",
    "I'd go with the blue one.",
  ])("lends nothing back: %s", (text) => {
    expect(answersOfItsAsker(text)).toBe(false);
  });
});

describe("recall on a real store finds the turn a reply answers", () => {
  const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };
  const question = "Which mobile network am I with?";
  const asking =
    "I ported my number to Giffgaff because it was half the price for the same data. How do I set up Wi-Fi calling on an iPhone?";
  const reply =
    "Go to Settings, Phone, Wi-Fi Calling and switch it on. It only appears if the network supports it on your plan.";
  const filler: [string, string][] = [
    [
      "The plumber comes on Thursday to look at the boiler. Any tips for bleeding radiators?",
      "Turn the heating off, open the valve a quarter turn with a key and close it when water appears.",
    ],
    [
      "I started reading a novel about lighthouse keepers.",
      "That sounds atmospheric; lighthouse stories often pair well with a winter evening.",
    ],
    [
      "The garden fence needs painting before the summer. Which paint lasts longest?",
      "An oil-based wood stain lasts longest on a fence; give it two coats on a dry day.",
    ],
    [
      "We booked the car in for its MOT on Friday.",
      "Check the lights, tyres and wipers before you go in; those are the commonest fails.",
    ],
  ];
  async function chat(namespaceOfAsking = "default") {
    const mem = await openMemory({ path: ":memory:", clock });
    let day = 10;
    for (const [user, assistant] of filler) {
      const session = `2026-02-${day}`;
      await mem.record(user, { type: "observation", actor: "user", at: `${session}T09:00:00.000Z`, session });
      await mem.record(assistant, {
        type: "observation",
        actor: "assistant",
        at: `${session}T09:01:00.000Z`,
        session,
      });
      day++;
    }
    const session = "2026-03-01";
    await mem.record(asking, {
      type: "observation",
      actor: "user",
      at: `${session}T09:00:00.000Z`,
      session,
      namespace: namespaceOfAsking,
    });
    await mem.record(reply, {
      type: "observation",
      actor: "assistant",
      at: `${session}T09:01:00.000Z`,
      session,
    });
    return mem;
  }

  it("a current-state question: the asking turn is listed through its reply, and says why", async () => {
    const mem = await chat();
    const hits = await mem.recall(question, { k: 5 });
    const at = hits.findIndex((h) => h.text.includes("Giffgaff"));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(hits[at]!.why.summary).toContain("to what it asks");
    await mem.close?.();
  });

  it("after sleep, the belief distilled from the asking turn ranks by the turn's borrowed match", async () => {
    const mem = await chat();
    await mem.consolidate();
    const hits = await mem.recall(question, { k: 5 });
    const at = hits.findIndex((h) => h.text.includes("Giffgaff"));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(hits[at]!.why.summary).toContain("to what it asks");
    await mem.close?.();
  });

  it("a question about a past event lends nothing back", async () => {
    const mem = await chat();
    const hits = await mem.recall("What did the network do last week?", { k: 5 });
    expect(hits.some((h) => h.why.summary.includes("to what it asks"))).toBe(false);
    await mem.close?.();
  });

  it("a turn that only asks is not lent its reply's match", async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    const session = "2026-03-01";
    await mem.record(
      "Would a cheaper contract suit someone who travels a lot? I'm only asking for a friend.",
      {
        type: "observation",
        actor: "user",
        at: `${session}T09:00:00.000Z`,
        session,
      },
    );
    await mem.record(reply, {
      type: "observation",
      actor: "assistant",
      at: `${session}T09:01:00.000Z`,
      session,
    });
    const hits = await mem.recall(question, { k: 5 });
    expect(hits.some((h) => h.why.summary.includes("to what it asks"))).toBe(false);
    await mem.close?.();
  });

  it("a reply that tells of its speaker's own life lends the turn before it nothing", async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    const session = "2026-03-01";
    await mem.record("I ported my number to Giffgaff last month. How about you?", {
      type: "observation",
      actor: "user",
      at: `${session}T09:00:00.000Z`,
      session,
    });
    await mem.record("I'm still on my old network plan, it's fine.", {
      type: "observation",
      actor: "friend",
      at: `${session}T09:01:00.000Z`,
      session,
    });
    const hits = await mem.recall(question, { k: 5 });
    expect(hits.some((h) => h.why.summary.includes("to what it asks"))).toBe(false);
    await mem.close?.();
  });

  it("searches only the request's namespaces: another namespace's turn is never lent or found", async () => {
    const mem = await chat("other");
    const hits = await mem.recall(question, { k: 5 });
    expect(hits.some((h) => h.text.includes("Giffgaff"))).toBe(false);
    await mem.close?.();
  });
});
