import { beforeAll, describe, expect, it } from "vitest";
import { type ChatTurn, rankOf, sleptTurns } from "../../../../test/support/memory.js";
import { loadTagger } from "../../judge/tagger.js";
import type { Belief } from "../../model.js";
import type { StoreReader } from "../../ports.js";
import { successorInTurn } from "./turn-parts.js";

const OLDER = "Our window cleaner is Marek, every four weeks, cash left under the mat.";
const QUESTION = "Who cleans our windows?";
const OWN = new Set(["marek"]);

let n = 0;
/** A fact of one turn (`sources`), active unless said, valid from the given day of January 2026. */
const fact = (text: string, over: Partial<Belief> = {}): Belief =>
  ({
    id: `b${++n}`,
    text,
    kind: "fact",
    status: "active",
    sources: ["e1"],
    validFrom: "2026-01-10T09:00:00.000Z",
    ...over,
  }) as Belief;

/** A store whose one turn, "e1", has these facts. */
const storeOf = (parts: Belief[]): StoreReader =>
  ({
    beliefsFromEpisode: async (id: string) => (id === "e1" ? parts : []),
  }) as unknown as StoreReader;

const ENDING = fact("Marek the window man has hung up his ladder, good for him.");
const SUCCESSOR = "His son Tomasz has taken over the round now, same day, but no more cash under the mat.";

describe("successorInTurn: the part of a turn that names the successor of the older's value", () => {
  beforeAll(loadTagger);

  it("reads the one other part that names a name of its own, in a change, about the older's thing", async () => {
    const part = fact(SUCCESSOR);
    expect(await successorInTurn(storeOf([ENDING, part]), ENDING, OWN, OLDER, QUESTION)).toBe(part);
  });

  it.each<[string, Belief[], Belief]>([
    ["no change said", [ENDING, fact("Tomasz seems nice, very tidy with the cash under the mat.")], ENDING],
    [
      "no name of its own",
      [ENDING, fact("The round has been taken over now, cash under the mat no more.")],
      ENDING,
    ],
    [
      "a change of another thing in the same turn",
      [ENDING, fact("We're with Octopus for the electric now.")],
      ENDING,
    ],
    [
      "two parts that may succeed it",
      [
        ENDING,
        fact(SUCCESSOR),
        fact("His cousin Pawel has taken over the Friday round now, cash under the mat."),
      ],
      ENDING,
    ],
    ["a part archived by sleep", [ENDING, fact(SUCCESSOR, { status: "archived" })], ENDING],
    ["a part said before it", [ENDING, fact(SUCCESSOR, { validFrom: "2026-01-09T09:00:00.000Z" })], ENDING],
    ["a part of two turns", [ENDING, fact(SUCCESSOR, { sources: ["e1", "e2"] })], ENDING],
    [
      "an ending of two turns",
      [fact(SUCCESSOR)],
      fact("Marek the window man has hung up his ladder.", { sources: ["e1", "e2"] }),
    ],
  ])("reads none: %s", async (_, parts, ending) => {
    expect(await successorInTurn(storeOf(parts), ending, OWN, OLDER, QUESTION)).toBeNull();
  });

  it("does not count the question's words as the older's thing", async () => {
    const part = fact("His son Tomasz has taken over the windows now.");
    expect(await successorInTurn(storeOf([ENDING, part]), ENDING, OWN, OLDER, QUESTION)).toBeNull();
    expect(await successorInTurn(storeOf([ENDING, part]), ENDING, OWN, OLDER, "Who comes to us?")).toBe(part);
  });
});

const FILLER = [
  "The office plants need watering again.",
  "I had a lovely walk by the river at lunch.",
  "The bins go out on Tuesday night.",
  "My sister is coming for Sunday lunch.",
];

describe("missedSuccessors: the rare-name link reads the other part of the turn that names the older's value", () => {
  const NEWER = `Marek the window man has hung up his ladder, good for him. ${SUCCESSOR}`;

  it("ranks the part that names the successor just above the older, and says why", async () => {
    const mem = await sleptTurns([{ text: OLDER }, ...FILLER.map((text) => ({ text })), { text: NEWER }]);
    const hits = await mem.recall(QUESTION, { k: 10 });
    const newer = rankOf(hits, "Tomasz");
    const older = hits.findIndex((h) => h.text === OLDER);
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain("in the turn of");
    await mem.close?.();
  });

  it.each<[string, ChatTurn]>([
    [
      "a turn whose other part changes another thing",
      {
        text: "Marek the window man did a lovely job today. We're with Octopus Energy for the electric now.",
      },
    ],
    ["an assistant's turn", { text: NEWER, actor: "assistant" }],
    ["a turn of another namespace", { text: NEWER, namespace: "other" }],
  ])("lifts nothing in a turn: %s", async (_, turn) => {
    const mem = await sleptTurns([{ text: OLDER }, ...FILLER.map((text) => ({ text })), turn]);
    const hits = await mem.recall(QUESTION, { k: 10 });
    expect(hits.some((h) => h.why.summary.includes("in the turn of"))).toBe(false);
    await mem.close?.();
  });
});
