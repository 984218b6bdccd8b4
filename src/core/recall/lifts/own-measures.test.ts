import { beforeAll, describe, expect, it } from "vitest";
import { rankOf, sleptTurns } from "../../../../test/support/memory.js";
import { loadTagger } from "../../judge/tagger.js";
import { mayBeOwnMeasures, ownUnitsLinking, speakersOwnUnits } from "./own-measures.js";

beforeAll(async () => {
  await loadTagger();
});

describe("speakersOwnUnits: the units a text gives a number in, said of the speaker", () => {
  it.each([
    ["I weigh 81 kg after Christmas.", ["kg"]],
    ["after all the cycling I'm at 77 kg this morning", ["kg"]],
    ["I weigh about 81 kg.", ["kg"]],
    ["We pay 900 pounds a month for the flat.", ["pound"]],
    ["I swim 40 lengths on Sundays.", ["length"]],
  ])("%s → %j", (text, units) => {
    expect(speakersOwnUnits(text)).toEqual(units);
  });

  it.each([
    ["another holder, a name", "Biscuit weighs 12 kg at the vet."],
    ["another holder, a thing", "My suitcase was 23 kg at check-in."],
    ["the speaker as the object, not the subject", "The doctor has me on 40 mg now."],
    ["no number", "I weigh myself every Monday."],
  ])("%s: %s → none", (_why, text) => {
    expect(speakersOwnUnits(text)).toEqual([]);
  });
});

describe("ownUnitsLinking: a unit both statements give of the speaker, for a question about the speaker", () => {
  it("links the speaker's two weights", () => {
    expect([...ownUnitsLinking("How much do I weigh?", "I weigh 81 kg.", "I'm at 77 kg now.")]).toEqual([
      "kg",
    ]);
  });

  it.each([
    ["a question about another", "How much does Biscuit weigh?", "I weigh 81 kg.", "I'm at 77 kg now."],
    ["the newer is another's", "How much do I weigh?", "I weigh 81 kg.", "Biscuit weighs 12 kg now."],
    ["the older is another's", "How much do I weigh?", "Biscuit weighs 12 kg.", "I'm at 77 kg now."],
    ["two units", "How much do I weigh?", "I weigh 81 kg.", "I'm at 170 pounds now."],
  ])("%s → none", (_why, question, older, newer) => {
    expect([...ownUnitsLinking(question, older, newer)]).toEqual([]);
  });

  it("is not tried without a first-person word in each (read without the tagger)", () => {
    expect(mayBeOwnMeasures("How much does Biscuit weigh?", "I weigh 81 kg.", "I'm at 77 kg now.")).toBe(
      false,
    );
    expect(mayBeOwnMeasures("How much do I weigh?", "I weigh 81 kg.", "I'm at 77 kg now.")).toBe(true);
  });
});

// "kg" in six facts: too many for the unit alone to link (`RARE_UNIT` asks for at most four).
const KG = [
  "Biscuit weighs 12 kg, the vet wants him lighter.",
  "The big suitcase came to 23 kg at the airport.",
  "The flour sack in the pantry is 16 kg.",
  "Our washing machine takes 9 kg loads.",
];
const FILLER = ["The kitchen tap drips again.", "Lorna brought round a lemon cake on Sunday."];

describe("newerMeasureFound with the speaker's own unit: recall after sleep", () => {
  it("ranks the speaker's newer weight above the older, though kg is in many facts", async () => {
    const mem = await sleptTurns([
      { text: "I weigh 81 kg, more than I'd like." },
      ...[...KG, ...FILLER].map((text) => ({ text })),
      { text: "with all the cycling I'm at 77 kg this morning, my belts are loose" },
    ]);
    const hits = await mem.recall("How much do I weigh?", { k: 10 });
    const newer = rankOf(hits, "77 kg");
    const older = rankOf(hits, "81 kg");
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(hits[newer]!.why.summary).toContain("found by the unit it counts");
    await mem.close?.();
  });

  it("lifts no weight of another's", async () => {
    const mem = await sleptTurns([
      { text: "I weigh 81 kg, more than I'd like." },
      ...[...KG, ...FILLER].map((text) => ({ text })),
      { text: "with all the cycling my sister is at 62 kg this morning, her belts are loose" },
    ]);
    const hits = await mem.recall("How much do I weigh?", { k: 10 });
    const newer = rankOf(hits, "62 kg");
    if (newer >= 0) expect(hits[newer]!.why.summary).not.toContain("found by the unit it counts");
    await mem.close?.();
  });
});
