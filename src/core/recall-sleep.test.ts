/**
 * Sleep is invisible to ranking: a belief sleep distilled from turns stands for them, so the turns
 * rank as they did before it was written — same places, same scores. Each store here is
 * hand-built: the distilled beliefs are written as sleep writes them (`source: "distilled"`, their
 * turns as `sources`), so each case isolates one step of recall. (The belief copies its turns'
 * words: a distilled sentence closer to the query than every turn raises the vector lists' shared
 * maximum, and as its list's best by words it raises the session prior's best match, rescaling the
 * turns; both measured and left, see docs/evaluation.md "gap16".)
 */
import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";
import type { PolicyInput } from "./policy.js";
import { DISTILLED_SOURCE } from "./vocabulary.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

/** Writes a belief as sleep distils one: a fact from these turns, at the first turn's time. */
async function distil(text: string, sources: readonly string[]): Promise<string> {
  const [vector] = await mem.embedder.embed([text]);
  const turns = await mem.store.getEpisodes(sources);
  return mem.store.transaction((tx) =>
    mem.writes.insertBelief(tx, {
      namespace: "default",
      kind: "fact",
      text,
      validFrom: turns[0]!.at,
      sources: [...sources],
      source: DISTILLED_SOURCE,
      now: mem.writes.now(),
      vector: vector!,
    }),
  );
}

/** Each hit as the turns it stands for (a belief: its sources) and its score. */
async function ranking(query: string, k = 10): Promise<string[]> {
  return (await mem.recall(query, { k, diversity: 0 })).map(
    (h) => `${h.layer === "episode" ? h.id : h.sources.join("+")} ${h.score.toFixed(6)}`,
  );
}

async function chat(
  policy: PolicyInput,
  turns: readonly [actor: string, session: string | null, text: string][],
): Promise<string[]> {
  ({ mem } = await testMemory({ policy }));
  const ids: string[] = [];
  for (const [actor, session, text] of turns)
    ids.push((await mem.record(text, { actor, ...(session ? { session } : {}) })).id);
  return ids;
}

describe("recall: a store after sleep ranks its turns as before", () => {
  // A belief that merged two turns ranks by the better; each turn's neighbours get what that turn
  // lent before sleep, not the merged belief's score.
  it("a merged belief lends each turn's neighbours that turn's own share", async () => {
    const ids = await chat({ sessionWeight: 0, replyWeight: 0 }, [
      ["Ana", "s1", "Our garden tomatoes were the best we ever grew this summer."],
      ["Ben", "s1", "Lucky you, mine got blight in July."],
      ["Ana", "s2", "We had a quiet weekend at home."],
      ["Ben", "s2", "Tomatoes again at the market, cheap this week."],
      ["Ana", "s2", "Maybe I will cook a sauce tonight."],
    ]);
    const query = "How were Ana's garden tomatoes this summer?";
    const before = await ranking(query);
    await distil("Our garden tomatoes were the best we ever grew this summer.", [ids[0]!, ids[3]!]);
    const after = await ranking(query);
    // The merged belief is one hit where two turns were: compare the turns it does not hold.
    const others = (r: string[]) => r.filter((h) => !h.startsWith(ids[0]!) && !h.startsWith(ids[3]!));
    expect(others(after).filter((h) => !h.includes("+"))).toEqual(others(before));
  });

  // A turn split into parts and listed through the part with the asked words: its neighbour's share
  // goes to that part (the turn listed once, as before sleep), not to another part of the turn,
  // which listed it twice ("What is Caroline's relationship status?" on LoCoMo, parity18).
  it("a neighbour split by sleep and listed through one part is lent to that part, listed once", async () => {
    const ids = await chat({ sessionWeight: 0, replyWeight: 0 }, [
      ["Gina", "s1", "Congrats on the fashion internship, Jon! Where is it?"],
      ["Jon", "s1", "Long time no talk. I got accepted for a fashion internship in Milan!"],
      ["Gina", "s1", "That is huge, enjoy every minute."],
    ]);
    const query = "Where is Jon's fashion internship?";
    const turnsOf = async () =>
      (await mem.recall(query, { k: 5, diversity: 0 })).map((h) =>
        h.layer === "episode" ? h.id : h.sources.join("+"),
      );
    const before = await turnsOf();
    expect(before).toContain(ids[1]!);
    await distil("Long time no talk.", [ids[1]!]);
    await distil("I got accepted for a fashion internship in Milan!", [ids[1]!]);
    const after = await turnsOf();
    expect(after.filter((t) => t === ids[1]!)).toHaveLength(1);
    expect(after.indexOf(ids[1]!)).toBe(before.indexOf(ids[1]!));
  });
});
