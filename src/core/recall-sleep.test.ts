/**
 * Sleep is invisible to ranking: a belief sleep distilled from turns stands for them, so the turns
 * rank as they did before it was written — same places, same scores. Each store here is
 * hand-built: the distilled beliefs are written as sleep writes them (`source: "distilled"`, their
 * turns as `sources`), so each case isolates one step of recall. A distilled sentence closer to the
 * query than every turn is left out of the vector lists' shared maximum, and as its list's best by
 * words out of the session prior's best match: it would rescale the turns (gap16 measured both and
 * left them; parity18 keeps them, see docs/evaluation.md).
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
  // A distilled sentence is short and close to the query; as the vector lists' shared maximum it
  // scaled every turn's vector match down and reordered the turns among themselves.
  it("the vector maximum leaves out distilled beliefs (turns keep their scores)", async () => {
    const ids = await chat({ sessionWeight: 0, neighbourWeight: 0, replyWeight: 0 }, [
      ["Ana", null, "The lighthouse keeper painted the old rowing boat a deep blue last spring."],
      ["Ben", null, "We walked the harbour at dusk and counted the fishing boats coming in."],
      ["Ana", null, "My sister restored a wooden boat in her garage and painted the hull green."],
      ["Ben", null, "Paint prices went up again, so the shed will wait until autumn."],
    ]);
    const query = "What colour did they paint the boat?";
    const before = await ranking(query);
    await distil("They painted the boat green.", [ids[2]!]);
    const after = await ranking(query);
    expect(after).toEqual(before);
  });

  // The session prior scales every lift by the best candidate's match; a distilled belief's own
  // match (its words as a short document, its list's best by words) is not a candidate of its own,
  // its turn is.
  it("the session prior's best match is a turn's, not a distilled belief's own", async () => {
    const ids = await chat({ neighbourWeight: 0, replyWeight: 0 }, [
      ["Ana", "s1", "I started pottery classes on Tuesdays at the community centre."],
      ["Ben", "s1", "Pottery sounds relaxing. Is the centre far from you?"],
      ["Ana", "s1", "The pottery teacher says my bowls are getting better."],
      ["Ben", "s2", "I joined a climbing gym near the station."],
      ["Ana", "s2", "Climbing and pottery both need patient hands, I guess."],
      ["Ben", "s3", "The pottery shop downtown closed last month."],
      ["Ben", "s3", "When does Ana go to pottery? Ana does go when she can, she says, most weeks."],
      ["Ana", "s4", "Pottery classes!"],
    ]);
    const query = "When does Ana go to pottery classes?";
    const before = await ranking(query);
    await distil("Pottery classes!", [ids[7]!]);
    const after = await ranking(query);
    expect(after).toEqual(before);
  });

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
