import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../core/engine.js";
import { openMemory } from "../open-memory.js";

const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close?.();
  mem = undefined;
});

/**
 * Two people talking. Caroline's turn that answers "What kinds of art does Caroline make?" names
 * only a kind of art ("painting"); the turns that say "art" are about other things. Neighbours
 * and replies off, so only the kinds can find it.
 */
async function chat(kindWeight: number, lexicon?: null): Promise<{ painting: string; melanie: string }> {
  mem = await openMemory({
    path: ":memory:",
    clock,
    policy: { kindWeight, neighbourWeight: 0, replyWeight: 0 },
    ...(lexicon === null ? { lexicon } : {}),
  });
  const say = (content: string, actor: string, session: string, at: string) =>
    mem!.record(content, { actor, session, at });
  await say("The art museum downtown reopened, Caroline!", "Melanie", "s1", "2026-01-02T10:00:00Z");
  await say("Thanks Melanie, I love that museum.", "Caroline", "s1", "2026-01-02T10:01:00Z");
  await say("Art class for the kids starts on Monday.", "Melanie", "s1", "2026-01-02T10:02:00Z");
  const painting = await say(
    "I finished a new painting last night, all blues and greens.",
    "Caroline",
    "s2",
    "2026-02-10T18:00:00Z",
  );
  await say("That sounds lovely, send me a picture.", "Melanie", "s2", "2026-02-10T18:01:00Z");
  const melanie = await say(
    "I did a little painting on the weekend too.",
    "Melanie",
    "s3",
    "2026-03-01T09:00:00Z",
  );
  await say("We went camping by the lake with the kids.", "Melanie", "s3", "2026-03-01T09:01:00Z");
  return { painting: painting.id, melanie: melanie.id };
}

describe("recall with WordNet: a question asking a category's instances finds its kinds (policy.kindWeight)", () => {
  const query = "What kinds of art does Caroline make?";

  it("lists the asked speaker's statement naming a kind of the category, and says why", async () => {
    const { painting, melanie } = await chat(0.3);
    const hits = await mem!.recall(query, { k: 5 });
    const ids = hits.map((h) => h.id);
    expect(ids).toContain(painting);
    expect(hits.find((h) => h.id === painting)!.why.summary).toContain("a kind of art: painting");
    // The question names Caroline: Melanie's painting is not what she made.
    expect(ids).not.toContain(melanie);
  });

  it("does not with kindWeight 0, nor without a lexicon", async () => {
    const off = await chat(0);
    expect((await mem!.recall(query, { k: 5 })).map((h) => h.id)).not.toContain(off.painting);
    await mem!.close?.();
    const none = await chat(0.3, null);
    expect((await mem!.recall(query, { k: 5 })).map((h) => h.id)).not.toContain(none.painting);
  });

  it("leaves a question that asks no category as it was", async () => {
    const { painting } = await chat(0.3);
    const hits = await mem!.recall("What did Caroline say about the museum?", { k: 5 });
    expect(hits.every((h) => !h.why.summary.includes("a kind of"))).toBe(true);
    expect(hits.map((h) => h.id)).not.toContain(painting);
  });
});
