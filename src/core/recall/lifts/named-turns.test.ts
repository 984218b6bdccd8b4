import { describe, expect, it } from "vitest";
import { type ChatTurn, rankOf, sleptTurns } from "../../../../test/support/memory.js";

// A turn that asks keeps its new value inside it after sleep: no belief says it, and the question's
// words are not in it. It names the older's value, and that is the link.
const OLDER = "Our biggest client is Norrland Freight and they want a quarterly report.";
const NEWER =
  "Such a week: the boiler broke again, the car failed its MOT, and the weekly updates for Castell Bakeries, who took over as our big account after we lost Norrland Freight, ate my whole Friday. Can you draft an agenda for their kickoff?";
const QUESTION = "Who is our main client?";
const FILLER = [
  "The office plants need watering again.",
  "I had a lovely walk by the river at lunch.",
  "Our client calls are on Zoom and the recordings fill my disk.",
  "The client portal has a new login page.",
];

describe("namedTurnSuccessors: the newer value in a turn no belief speaks for, by a rare name of the older", () => {
  it("ranks the turn that ends the older's value by name just above the older, and says why", async () => {
    const mem = await sleptTurns([{ text: OLDER }, ...FILLER.map((text) => ({ text })), { text: NEWER }]);
    const hits = await mem.recall(QUESTION, { k: 10 });
    const newer = rankOf(hits, "Castell");
    const older = hits.findIndex((h) => h.text === OLDER);
    expect(older).toBeGreaterThanOrEqual(0);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.layer).toBe("episode");
    expect(hits[newer]!.why.summary).toContain("in a turn no belief speaks for");
    await mem.close?.();
  });

  it.each<[string, ChatTurn]>([
    [
      "an assistant's reply that names the value: no change of the user's",
      {
        text: "Busy week: the weekly updates for Castell Bakeries, who took over as the big account after we lost Norrland Freight, are on my list too. Shall I draft an agenda for their kickoff?",
        actor: "assistant",
      },
    ],
    [
      "a turn that names the value and says no change",
      { text: "Norrland Freight sent their logo over. Can you place it in the report header?" },
    ],
    [
      "a turn that only asks about a change",
      { text: "Should we drop Norrland Freight for Castell Bakeries now? What would you weigh?" },
    ],
    ["a turn of another namespace", { text: NEWER, namespace: "other" }],
  ])("leaves the older first: %s", async (_, turn) => {
    const mem = await sleptTurns([{ text: OLDER }, ...FILLER.map((text) => ({ text })), turn]);
    const hits = await mem.recall(QUESTION, { k: 10 });
    expect(hits.some((h) => h.why.summary.includes("in a turn no belief speaks for"))).toBe(false);
    if (turn.namespace) expect(rankOf(hits, "Castell")).toBe(-1);
    await mem.close?.();
  });
});
