import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../../judge/tagger.js";
import type { StoreReader } from "../../ports.js";
import { changedByName, NAMED_RARE } from "./pair-checks.js";

/** A store whose full-text count says each name is in `count` active facts. */
const storeCounting = (count: number) =>
  ({ countBeliefText: async () => Math.min(count, NAMED_RARE + 1) }) as unknown as StoreReader;
const filter = { namespaces: ["default"], statuses: ["active" as const], kinds: ["fact" as const] };

describe("changedByName: the name link of an open pair, read of a given pair", () => {
  beforeAll(async () => {
    await loadTagger();
  });

  it.each([
    [
      "Our cleaner Agnieszka comes every other week.",
      "Agnieszka retired, so her cousin Beata comes now, same days.",
      "agnieszka",
    ],
    [
      "We pay for Netflix, mostly for the kids' shows.",
      "We cancelled Netflix and signed up for Disney+ instead since that's all the kids watch.",
      "netflix",
    ],
    [
      "I am member of APT, the Portuguese translators association",
      "I left APT and joined the ATA, the American one",
      "apt",
    ],
  ])("%j / %j → %j", async (older, newer, name) => {
    expect(await changedByName(storeCounting(1), filter, older, newer)).toBe(name);
  });

  it.each([
    // No change that ends anything (`announcesReplacement`).
    [
      "We pay for Netflix, mostly for the kids' shows.",
      "Netflix put the price up again, the kids don't care.",
    ],
    // A change, but no name of its own beside the older's.
    ["Our cleaner Agnieszka comes every other week.", "Agnieszka comes on Fridays now."],
    // The older's name is not said.
    ["Our cleaner Agnieszka comes every other week.", "Beata does the whole house on Fridays now."],
  ])("%j / %j → null", async (older, newer) => {
    expect(await changedByName(storeCounting(1), filter, older, newer)).toBeNull();
  });

  it("a name said in more active facts than NAMED_RARE links nothing", async () => {
    const older = "Our cleaner Agnieszka comes every other week.";
    const newer = "Agnieszka retired, so her cousin Beata comes now, same days.";
    expect(await changedByName(storeCounting(NAMED_RARE), filter, older, newer)).toBe("agnieszka");
    expect(await changedByName(storeCounting(NAMED_RARE + 1), filter, older, newer)).toBeNull();
  });
});
