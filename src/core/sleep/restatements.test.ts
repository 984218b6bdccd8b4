import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DAY, sleptChat, testMemory } from "../../../test/support/memory.js";
import type { Memory, MemoryItem } from "../engine.js";
import { loadTagger } from "../judge/tagger.js";
import type { Belief } from "../model.js";
import { sleepRecordOf } from "../sleep-record.js";
import { RESTATED_SLOTS, RESTATES } from "../vocabulary.js";
import { restatesSlot, staysEpisode } from "./restatements.js";

beforeAll(() => loadTagger());

/** The beliefs of a listing (`list` gives beliefs and episodes). */
function beliefsOf(items: MemoryItem[]): Belief[] {
  return items.flatMap((i) => (i.layer === "belief" ? [i] : []));
}

/**
 * Unmarked restatements of a slot (restatements.ts): each rule with rows both ways. A positive row
 * pairs the sentence with the older statement on the slot named; a negative row pairs nothing.
 */
describe("restatesSlot: another value of a slot the speaker stated, with no cue of change", () => {
  it.each([
    // SAME_SLOT + PREDICATES: the slot's noun is the subject of "be", its complement another value.
    [
      "I have Weetabix for breakfast most days.",
      "Breakfast is porridge these days, cereal got boring.",
      "breakfast",
    ],
    ["My phone is a Pixel 6.", "The phone is an iPhone 15 these days.", "phone"],
    // "it's" after the slot's noun in the same sentence.
    [
      "My home server runs Ubuntu 20.04.",
      "Finally did the big upgrade on the home server last night, it's on 24.04 now, took three reboots.",
      "server",
    ],
  ])("%j, then %j: the %s", (older, sentence, attribute) => {
    expect(restatesSlot(older, sentence)?.attribute).toBe(attribute);
  });

  it.each([
    // PRESENT_STATE: an addition, a question, a supposition, a past, a negation.
    ["I have Weetabix for breakfast most days.", "I also have porridge for breakfast."],
    ["I have Weetabix for breakfast most days.", "Breakfast is porridge as well, on weekdays."],
    ["I have Weetabix for breakfast most days.", "Should breakfast be porridge?"],
    ["I have Weetabix for breakfast most days.", "If breakfast were porridge I'd be happier."],
    ["I have Weetabix for breakfast most days.", "Maybe breakfast is porridge from next week."],
    ["I have Weetabix for breakfast most days.", "Breakfast was porridge at the hotel."],
    ["I have Weetabix for breakfast most days.", "Breakfast isn't porridge, whatever you heard."],
    // SPEAKERS_OWN: another person's slot.
    ["I have Weetabix for breakfast most days.", "She has porridge for breakfast."],
    ["I have Weetabix for breakfast most days.", "Dave says breakfast is porridge."],
    ["My phone is a Pixel 6.", "My sister's phone is an iPhone 15."],
    // OTHER_VALUE: the same value again.
    ["I have Weetabix for breakfast most days.", "Breakfast is still Weetabix."],
    // PREDICATES: something said of the thing, not its value — a participle, a time, "that's".
    ["I browse with Chrome on every machine I own.", "The washing machine is leaking again."],
    ["I walk the dog at 7am before work.", "Work is finally calming down after the audit."],
    [
      "I'm training for a half marathon now, so it's 10k runs most mornings.",
      "The half marathon is in six weeks.",
    ],
    [
      "Priya left so my manager is now Tomasz.",
      "My manager wants the slides by Friday, so that's my week gone.",
    ],
    [
      "Our team sits on the 4th floor, next to the big kitchen.",
      "The renovation is finished, the kitchen looks great.",
    ],
    // SAME_SLOT: a time is when, not what; no shared slot at all.
    ["I go to the gym three times a week.", "The week has been chaos."],
    ["I have Weetabix for breakfast most days.", "The garden is a jungle these days."],
  ])("%j, then %j: no pair", (older, sentence) => {
    expect(restatesSlot(older, sentence)).toBeNull();
  });
});

/**
 * Only a turn that would otherwise stay an episode is read for a restatement (restate20): a turn
 * distilled whole keeps the sentence inside its own belief.
 */
describe("staysEpisode: a turn that gives no belief of its own", () => {
  it.each([
    "Slept through my alarm twice this week. Breakfast is porridge these days, cereal got boring. Any good toppings?",
    "Did the big upgrade on the home server last night, it's on 24.04 now. Anything I should check?",
    "Breakfast is porridge these days. Thoughts?",
  ])("%j stays an episode", (turn) => {
    expect(staysEpisode(turn, { statements: [] })).toBe(true);
  });

  it.each([
    // The whole turn stands alone: it is distilled as one belief, the sentence inside it.
    ["Slept through my alarm twice this week. Breakfast is porridge these days, cereal got boring.", []],
    ["Finally did the big upgrade on the home server last night, it's on 24.04 now, took three reboots.", []],
    // A statement of state was taken out by a cue of change: the turn has a belief of its own.
    ["I switched to porridge for breakfast. Any good toppings?", ["I switched to porridge for breakfast."]],
  ])("%j does not", (turn, statements) => {
    expect(staysEpisode(turn, { statements })).toBe(false);
  });
});

describe("distillation pairs an unmarked restatement inside a longer turn with the older belief", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it("a turn ending in a question: its restatement is a belief, paired, and ranked first for the slot", async () => {
    mem = await sleptChat([
      { text: "I have Weetabix for breakfast most days.", day: 0 },
      {
        text: "Slept through my alarm twice this week. Breakfast is porridge these days, cereal got boring. Any good toppings?",
        day: 20,
      },
    ]);
    const beliefs = beliefsOf(await mem.list({ limit: 20 }));
    const older = beliefs.find((b) => b.text === "I have Weetabix for breakfast most days.");
    const newer = beliefs.find((b) => b.text === "Breakfast is porridge these days, cereal got boring.");
    expect(older?.status).toBe("active");
    expect(newer?.status).toBe("active");
    expect(sleepRecordOf(newer?.metadata)[RESTATES]).toEqual([older!.id]);
    expect(sleepRecordOf(newer?.metadata)[RESTATED_SLOTS]).toEqual(["breakfast"]);
    const hits = await mem.recall("What do I eat for breakfast?", { k: 5 });
    expect(hits[0]?.id).toBe(newer!.id);
    expect(hits[0]?.why.summary).toMatch(/restates its slot/);
  });

  it.each([
    "Slept badly this week. I also have porridge for breakfast now and then. Any good toppings?",
    "Slept badly this week. My flatmate says breakfast is porridge in her house. Any good toppings?",
    "Slept badly this week. Should breakfast be porridge? Any good toppings?",
  ])("%j pairs nothing and the older stays first", async (turn) => {
    mem = await sleptChat([
      { text: "I have Weetabix for breakfast most days.", day: 0 },
      { text: turn, day: 20 },
    ]);
    const beliefs = beliefsOf(await mem.list({ limit: 20 }));
    expect(beliefs.filter((b) => sleepRecordOf(b.metadata)[RESTATES] !== undefined)).toEqual([]);
    const hits = await mem.recall("What do I eat for breakfast?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Weetabix/);
  });

  it("a turn that stands alone is distilled whole: the restatement stays inside its belief, unpaired", async () => {
    const turn =
      "Slept through my alarm twice this week. Breakfast is porridge these days, cereal got boring.";
    mem = await sleptChat([
      { text: "I have Weetabix for breakfast most days.", day: 0 },
      { text: turn, day: 20 },
    ]);
    const beliefs = beliefsOf(await mem.list({ limit: 20 }));
    expect(beliefs.filter((b) => sleepRecordOf(b.metadata)[RESTATES] !== undefined)).toEqual([]);
    expect(beliefs.some((b) => b.text === "Breakfast is porridge these days, cereal got boring.")).toBe(
      false,
    );
    expect(beliefs.some((b) => b.text.includes("Breakfast is porridge these days"))).toBe(true);
  });

  it.each([
    ["Jon", 1, "a belief of an earlier sleep"],
    ["Gina", 0, "a belief of an earlier sleep"],
    ["Jon", 1, "a turn of the same sleep"],
    ["Gina", 0, "a turn of the same sleep"],
  ])(
    "the older said by Jon, the turn by %s: %i pairs, the older %s (SAME_SPEAKER)",
    async (actor, pairs, older) => {
      const made = await testMemory();
      mem = made.mem;
      await mem.record("I have Weetabix for breakfast most days.", {
        actor: "Jon",
        at: "2027-01-01T00:00:00.000Z",
      });
      if (older === "a belief of an earlier sleep") await mem.consolidate();
      made.clock.advance(20 * DAY);
      await mem.record(
        "Slept through my alarm twice this week. Breakfast is porridge these days, cereal got boring. Any good toppings?",
        { actor, at: "2027-01-21T00:00:00.000Z" },
      );
      await mem.consolidate();
      const beliefs = beliefsOf(await mem.list({ limit: 20 }));
      expect(beliefs.filter((b) => sleepRecordOf(b.metadata)[RESTATES] !== undefined)).toHaveLength(pairs);
    },
  );

  it("pairs nothing across namespaces: another namespace's breakfast is not the speaker's older value", async () => {
    const made = await testMemory();
    mem = made.mem;
    await mem.record("I have Weetabix for breakfast most days.", {
      namespace: "alice",
      at: "2027-01-01T00:00:00.000Z",
    });
    made.clock.advance(20 * DAY);
    await mem.record(
      "Slept through my alarm twice this week. Breakfast is porridge these days, cereal got boring. Any good toppings?",
      { namespace: "bob", at: "2027-01-21T00:00:00.000Z" },
    );
    await mem.consolidate({ namespace: "alice" });
    await mem.consolidate({ namespace: "bob" });
    const bobs = beliefsOf(await mem.list({ namespace: "bob", limit: 20 }));
    expect(bobs.filter((b) => sleepRecordOf(b.metadata)[RESTATES] !== undefined)).toEqual([]);
  });
});
