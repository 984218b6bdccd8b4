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
import { distilledBelief, testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";
import type { PolicyInput } from "./policy.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

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
    await distilledBelief(mem, "Our garden tomatoes were the best we ever grew this summer.", [
      ids[0]!,
      ids[3]!,
    ]);
    const after = await ranking(query);
    // The merged belief is one hit where two turns were: compare the turns it does not hold.
    const others = (r: string[]) => r.filter((h) => !h.startsWith(ids[0]!) && !h.startsWith(ids[3]!));
    expect(others(after).filter((h) => !h.includes("+"))).toEqual(others(before));
  });

  // A turn split by sleep: a part that matched by its own words (a short document: "going" in "Where
  // is the time going?") is lifted to the turn's place next to a matched turn (the session
  // neighbours' share). It then ranks by the turn's place, so diversity reads the turn's vector, as
  // it read the turn before sleep, not the part's own vector (which, far from every hit picked,
  // moved such a part over the reply ranked above its turn on LoCoMo: "Where is Jon's fashion
  // internship?", parity18).
  it("a part lifted to its turn's place beside a matched turn is diversified by the turn's vector", async () => {
    const ids = await chat({}, [
      ["Gina", "s1", "I opened my online clothing store last spring and it is doing well."],
      [
        "Gina",
        "s2",
        "Hey Jon! Where is the time going? Long time no talk, lots has happened since we last spoke, with the store and the family and everything else. I just got accepted for a fashion internship!",
      ],
      ["Jon", "s2", "Congrats, Gina! That's awesome news about the fashion internship. Where is it?"],
      [
        "Gina",
        "s2",
        "Thanks! I'm excited and a bit nervous. It's part-time, at a big label downtown, and it's a big change.",
      ],
      ["Jon", "s2", "Way to go! What are your plans for the store while you do it?"],
    ]);
    const part = await distilledBelief(
      mem,
      "Hey Jon! Where is the time going? Long time no talk, lots has happened since we last spoke, with the store and the family and everything else.",
      [ids[1]!],
    );
    await distilledBelief(mem, "I just got accepted for a fashion internship!", [ids[1]!]);
    // The vectors diversity reads are the last ones recall asks for.
    const read: string[][] = [];
    const getVectors = mem.store.getVectors.bind(mem.store);
    mem.store.getVectors = (wanted, namespace) => {
      read.push([...wanted]);
      return getVectors(wanted, namespace);
    };
    const hits = await mem.recall("How is the fashion internship going?", { k: 5 });
    const lifted = hits.find((h) => h.id === part);
    expect(lifted?.why.summary).toMatch(/^matched by text/);
    expect(lifted?.score).toBeCloseTo(hits.find((h) => h.id === ids[2])!.score * 0.8, 6);
    expect(read.at(-1)).toContain(ids[1]);
    expect(read.at(-1)).not.toContain(part);
  });
});
