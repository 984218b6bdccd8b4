import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import type { Memory } from "../../engine.js";
import { loadTagger } from "../../judge/tagger.js";
import type { Belief, Episode } from "../../model.js";
import type { NamespaceScope, StoreReader } from "../../ports.js";
import { askedSlot } from "../../state-slots.js";
import { askedInAnotherSense, askedSlotOnce } from "./moves.js";
import { actorsOf } from "./pair-checks.js";

/** The store, with every `getEpisodes` call's ids written down. */
const counting = (store: StoreReader) => {
  const reads: string[][] = [];
  const reader = new Proxy(store, {
    get(target, key, receiver) {
      if (key === "getEpisodes")
        return (ids: readonly string[], namespace: NamespaceScope) => {
          reads.push([...ids]);
          return target.getEpisodes(ids, namespace);
        };
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { reader, reads };
};

describe("actorsOf: who said each record, the sources read in one batch", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  /** Each turn said by its speaker, then one sleep. */
  const slept = async (turns: readonly [string, string][]) => {
    const { mem: m } = await testMemory();
    for (const [actor, text] of turns) await m.record(text, { actor });
    await m.consolidate();
    return m;
  };
  const beliefsOf = async (m: Memory) =>
    (
      await m.store.listBeliefs({ namespaces: ["default"], statuses: null }, { limit: 100, offset: 0 })
    ).filter((b) => b.sources.length > 0);

  it("reads the sources of many beliefs in one call, and none already held", async () => {
    mem = await slept([
      ["alice", "Our analytics warehouse is Redshift."],
      ["bob", "The office thermostat is set to 19 degrees."],
      ["alice", "My commute is forty minutes by train."],
    ]);
    const beliefs = await beliefsOf(mem);
    expect(beliefs.length).toBeGreaterThanOrEqual(3);
    const { reader, reads } = counting(mem.store);
    const records = new Map<string, Belief | Episode>();
    const actors = await actorsOf(reader, records, [...beliefs, undefined, ...beliefs]);
    expect(reads).toHaveLength(1);
    expect(new Set(reads[0])).toEqual(new Set(beliefs.map((b) => b.sources[0])));
    expect(reads[0]).toHaveLength(new Set(reads[0]).size);
    const said = new Map((await mem.store.getEpisodes(reads[0]!, "default")).map((e) => [e.id, e.actor]));
    const speakers = beliefs.map((b) => said.get(b.sources[0]!));
    expect(new Set(speakers)).toEqual(new Set(["alice", "bob"]));
    expect(actors).toEqual([...speakers, null, ...speakers]);
    // The sources read are kept: asked again, nothing is read.
    expect(await actorsOf(reader, records, beliefs)).toEqual(speakers);
    expect(reads).toHaveLength(1);
  });

  it("an episode is its own speaker; a belief without a source, or whose source is gone, has none", async () => {
    mem = await slept([["alice", "Our analytics warehouse is Redshift."]]);
    const [belief] = await beliefsOf(mem);
    const [episode] = await mem.store.getEpisodes([belief!.sources[0]!], "default");
    const { reader, reads } = counting(mem.store);
    const orphan: Belief = { ...belief!, sources: [] };
    const gone: Belief = { ...belief!, sources: ["e_gone"] };
    expect(await actorsOf(reader, new Map(), [episode, orphan, gone])).toEqual(["alice", null, null]);
    expect(reads).toEqual([["e_gone"]]);
  });
});

describe("askedInAnotherSense: a statement that meets the asked thing only by its word in another part of speech", () => {
  it.each([
    [
      "I train at Ironworks on Pine Street, usually before work, three mornings a week.",
      "Which train do I catch in the morning?",
      "the asked noun said as a verb",
    ],
    ["I paint on Sunday mornings.", "Which paint do I use for the fence?", "the asked noun said as a verb"],
  ])("%j for %j → true (%s)", async (statement, question) => {
    await loadTagger();
    expect(askedInAnotherSense(statement, askedSlot(question)!, sharedWordNet())).toBe(true);
  });

  it.each([
    [
      "I catch the 7:42 into town most days, it's usually packed.",
      "Which train do I catch in the morning?",
      "the asked verb in its own sense",
    ],
    [
      "I catch the 7:42 train into town.",
      "Which train do I catch in the morning?",
      "the asked noun as a noun",
    ],
    [
      "I train on the train home three evenings a week.",
      "Which train do I catch in the morning?",
      "the asked noun said as a noun too",
    ],
    ["My bike is a Trek.", "Which bike do I ride?", "the asked noun as a noun"],
    ["I read the Guardian on my phone.", "Which train do I catch in the morning?", "no asked word at all"],
    [
      "I bank with Chase, mostly for the app.",
      "Which bank do I use?",
      "a verb WordNet derives no noun of its own from: the noun's use",
    ],
    [
      "I bike to work now that the weather's better.",
      "Which bike do I ride?",
      "the same: no noun of its own",
    ],
  ])("%j for %j → false (%s)", async (statement, question) => {
    await loadTagger();
    expect(askedInAnotherSense(statement, askedSlot(question)!, sharedWordNet())).toBe(false);
  });

  it("reads nothing as another sense without a lexicon", async () => {
    await loadTagger();
    const asked = askedSlot("Which train do I catch in the morning?")!;
    expect(askedInAnotherSense("I train at Ironworks three mornings a week.", asked, undefined)).toBe(false);
  });
});

describe("slot32: askedSlotOnce reads a question with no person word for a thing's state only", () => {
  it.each([
    ["Which day is the library shut?", true],
    ["which inhaler am I on", true],
    // "the" does not open the way.
    ["When is the quarterly review?", false],
  ])("%s → read: %s", async (query, read) => {
    const asked = await askedSlotOnce(query, sharedWordNet()).read();
    expect(asked !== null).toBe(read);
  });
});

describe("notfound51: askedSlotOnce reads a named person's state asked with no possessive (NAMED_ASKED)", () => {
  it.each([
    ["which nursery is Leo at", "leo"],
    ["where does Shanice work", "shanice"],
    ["what time does Ruben start in the morning", "ruben"],
    ["which hospital has Aoife now", "aoife"],
  ])("%s → %s's", async (query, subject) => {
    const once = askedSlotOnce(query, sharedWordNet());
    expect(once.possible).toBe(true);
    expect((await once.read())?.subject).toBe(subject);
  });

  it.each([
    // Past: no state that holds now.
    "When did Ruben start at the ranch?",
    // A name that is a thing's: read, but no person's state ("Python" fills no slot of its own).
    "what is Python",
    "ruben start time",
  ])("not read: %s", async (query) => {
    const once = askedSlotOnce(query, sharedWordNet());
    expect(await once.read()).toBeNull();
  });

  // `PLURAL_ASKED`: "what"/"which" before a plural noun asks for every value, a list, not one that holds now.
  it.each([
    "What shelters does Maria volunteer at?",
    "What books does Melanie read?",
    "which classes does Jon teach",
    "Which bands does Caroline like?",
  ])("not read (a list asked: PLURAL_ASKED): %s", async (query) => {
    expect(await askedSlotOnce(query, sharedWordNet()).read()).toBeNull();
  });

  it.each([
    // A singular noun, a count, a plural after another wh-word: one value that holds now.
    ["What shelter does Maria volunteer at?", "maria"],
    ["How many children does Melanie have?", "melanie"],
    ["where does Shanice work", "shanice"],
    // The verb after the wh-word ("does": "doe" is a noun) is no plural noun.
    ["what does Zack do after school on Fridays", "zack"],
  ])("still read: %s → %s's", async (query, subject) => {
    expect((await askedSlotOnce(query, sharedWordNet()).read())?.subject).toBe(subject);
  });

  it("a named person's list question is not possible before the tagger loads, as before NAMED_ASKED; without a lexicon no plural is known", () => {
    expect(askedSlotOnce("What shelters does Maria volunteer at?", sharedWordNet()).possible).toBe(false);
    expect(askedSlotOnce("What shelter does Maria volunteer at?", sharedWordNet()).possible).toBe(true);
    // "class" is listed as written: a singular.
    expect(askedSlotOnce("which class does Jon teach", sharedWordNet()).possible).toBe(true);
    expect(askedSlotOnce("What shelters does Maria volunteer at?").possible).toBe(true);
  });

  it("the first person's plural question is read as before (PLURAL_ASKED reads only NAMED_ASKED's questions)", async () => {
    expect((await askedSlotOnce("What shows do I watch on Sundays?", sharedWordNet()).read())?.subject).toBe(
      "speaker",
    );
  });

  it("a query that names no one after a present verb is not possible before the tagger loads", () => {
    expect(askedSlotOnce("what is a good plan", sharedWordNet()).possible).toBe(false);
    expect(askedSlotOnce("When did Ruben start?", sharedWordNet()).possible).toBe(false);
  });
});
