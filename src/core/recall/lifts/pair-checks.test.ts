import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testMemory } from "../../../../test/support/memory.js";
import type { Memory } from "../../engine.js";
import { loadTagger } from "../../judge/tagger.js";
import type { JudgedPair, StoreReader } from "../../ports.js";
import { changedByName, NAMED_RARE, settledApart, settledApartEach } from "./pair-checks.js";

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

describe("settledApartEach: which pairs a stored verdict settled apart, read in one store call", () => {
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });
  const verdict = (a: string, b: string, relation: JudgedPair["relation"], judge: string): JudgedPair => ({
    a,
    b,
    aHash: "h",
    bHash: "h",
    relation,
    judge,
    reason: "test",
    at: "2026-03-01T00:00:00.000Z",
  });
  /** A real store holding these verdicts, and a reader of it that counts its `judgedPairs` calls. */
  async function verdicts(stored: readonly JudgedPair[]) {
    mem = (await testMemory()).mem;
    const store = mem.store;
    // b1 … b9, rows of "default": a verdict is read only for a pair of the namespace's own rows.
    await mem.rememberMany(
      Array.from({ length: 9 }, (_, i) => `Fact number ${i + 1} about item ${i + 1}`),
      { gate: "off" },
    );
    await store.transaction(async (tx) => {
      for (const v of stored) await tx.putJudgedPair(v);
    });
    const calls = { n: 0 };
    const reader = new Proxy(store, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver);
        if (key !== "judgedPairs" || typeof v !== "function")
          return typeof v === "function" ? v.bind(target) : v;
        return (...args: unknown[]) => {
          calls.n++;
          return v.apply(target, args);
        };
      },
    }) as StoreReader;
    return { reader, calls };
  }

  it.each([
    ["an agent read them as two things", verdict("b1", "b4", "distinct", "agent"), true],
    ["a model read the newer as a refinement", verdict("b1", "b4", "refines", "sampling"), true],
    ["the lexical judge's distinct settles nothing", verdict("b1", "b4", "distinct", "lexical"), false],
    ["an agent's supersedes is no settling apart", verdict("b1", "b4", "supersedes", "agent"), false],
    [
      "a verdict on the pair the other way round is another pair's",
      verdict("b4", "b1", "distinct", "agent"),
      false,
    ],
  ])("%s → %s, as settledApart reads the pair alone", async (_why, stored, apart) => {
    const { reader } = await verdicts([stored]);
    const pairs = [
      { a: "b1", b: "b4" },
      { a: "b2", b: "b4" },
    ];
    expect(await settledApartEach(reader, pairs, "default")).toEqual([apart, false]);
    expect(await settledApart(reader, "b1", "b4", "default")).toBe(apart);
  });

  it("reads every pair in one call, answers in the pairs' order, and reads nothing for none", async () => {
    const { reader, calls } = await verdicts([
      verdict("b3", "b9", "distinct", "agent"),
      verdict("b1", "b9", "refines", "agent"),
    ]);
    const pairs = [
      { a: "b1", b: "b9" },
      { a: "b2", b: "b9" },
      { a: "b3", b: "b9" },
    ];
    expect(await settledApartEach(reader, pairs, "default")).toEqual([true, false, true]);
    expect(calls.n).toBe(1);
    expect(await settledApartEach(reader, [], "default")).toEqual([]);
    expect(calls.n).toBe(1);
  });
});
