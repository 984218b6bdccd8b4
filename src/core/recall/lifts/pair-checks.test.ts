import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testMemory } from "../../../../test/support/memory.js";
import type { Memory } from "../../engine.js";
import { loadTagger } from "../../judge/tagger.js";
import type { StoreReader } from "../../ports.js";
import { changedByName, NAMED_RARE } from "./pair-checks.js";

const filter = { namespaces: ["default"], statuses: ["active" as const], kinds: ["fact" as const] };
let mem: Memory | undefined;

/** A real store holding `texts` as active facts, stored as given (the gate off). */
async function storeOf(texts: readonly string[]): Promise<StoreReader> {
  mem = (await testMemory()).mem;
  await mem.rememberMany([...texts], { gate: "off" });
  return mem.store;
}

describe("changedByName: the name link of an open pair, read of a given pair", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
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
    expect(await changedByName(await storeOf([older]), filter, older, newer)).toBe(name);
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
    expect(await changedByName(await storeOf([older]), filter, older, newer)).toBeNull();
  });

  it("a name said in more active facts than NAMED_RARE links nothing", async () => {
    const older = "Our cleaner Agnieszka comes every other week.";
    const newer = "Agnieszka retired, so her cousin Beata comes now, same days.";
    // Facts that name her besides the older: NAMED_RARE in all links, one more does not.
    const others = Array.from(
      { length: NAMED_RARE },
      (_, i) => `Agnieszka left note number ${i + 1} by the door.`,
    );
    expect(await changedByName(await storeOf([older, ...others.slice(1)]), filter, older, newer)).toBe(
      "agnieszka",
    );
    await mem?.close();
    expect(await changedByName(await storeOf([older, ...others]), filter, older, newer)).toBeNull();
  });
});
