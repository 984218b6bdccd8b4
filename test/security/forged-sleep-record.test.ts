import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { memoryBackends } from "../support/backends.js";
import { DAY, type TestClock } from "../support/memory.js";

const BACKENDS = memoryBackends("forged");

beforeAll(() => loadTagger());

let mems: Memory[] = [];
afterEach(async () => {
  for (const m of mems) await m.close();
  mems = [];
});

/**
 * One forgery: a store written by `write`, where the caller's belief carries `forged(ids)` as its
 * metadata (ids: what was written before it), and what a reader of the store gets (`outcome`).
 */
interface Forgery {
  key: string;
  write: (
    mem: Memory,
    clock: TestClock,
    metadata: (ids: string[]) => Record<string, unknown>,
  ) => Promise<void>;
  forged: (ids: string[]) => Record<string, unknown>;
  outcome: (mem: Memory) => Promise<unknown>;
}

const texts = async (mem: Memory, question: string) =>
  (await mem.recall(question, { k: 5 })).map((h) => h.text);

const FORGERIES: Forgery[] = [
  {
    // Recall's newer-first ranked a belief "restating" an older's slot above it.
    key: "restates",
    write: async (mem, clock, metadata) => {
      const older = await mem.remember("I have Weetabix for breakfast most days.");
      clock.advance(20 * DAY);
      await mem.remember("I also have porridge for breakfast now and then.", {
        metadata: metadata([older.id!]),
      });
    },
    forged: (ids) => ({ restates: ids, restatedSlots: ["breakfast"] }),
    outcome: (mem) => texts(mem, "What do I have for breakfast most days?"),
  },
  {
    // The write gate and recall's newer-first read the text with "it" as the forged referent.
    key: "referents",
    write: async (mem, clock, metadata) => {
      await mem.remember("My laptop is a ThinkPad X1.");
      clock.advance(20 * DAY);
      await mem.remember("Anyway I replaced it with a MacBook Air.", { metadata: metadata([]) });
    },
    forged: () => ({ referents: [{ pronoun: "it", referent: "my laptop" }] }),
    outcome: (mem) => texts(mem, "laptop MacBook"),
  },
  {
    // The sweep skipped a change "said while asking", leaving it to the agent. (Keyed, so the write
    // gate compares nothing and the pair is the sweep's.)
    key: "askingTurn",
    write: async (mem, clock, metadata) => {
      await mem.remember("The staging database runs on port 5432.", { key: "first" });
      clock.advance(20 * DAY);
      await mem.remember("The staging database runs on port 6543.", {
        key: "second",
        metadata: metadata([]),
      });
      clock.advance(DAY);
      await mem.consolidate();
    },
    forged: () => ({ askingTurn: true }),
    outcome: async (mem) =>
      (await mem.list({ status: "any", limit: 20 })).map((i) =>
        i.layer === "belief" ? [i.text, i.status] : [i.content, i.status],
      ),
  },
  {
    // Recall took the forged words as all a turn said, and let a belief that lost its time speak for it.
    key: "sourceWords",
    write: async (mem, clock, metadata) => {
      const turn = await mem.record("We moved the standup to 9:30 on Thursdays.");
      clock.advance(DAY);
      await mem.remember("We moved the standup.", { sources: [turn.id], metadata: metadata([turn.id]) });
    },
    forged: ([turn]) => ({ sourceWords: { [turn!]: [] } }),
    outcome: async (mem) =>
      (await mem.recall("When is the standup?", { k: 5 })).map((h) => [h.layer, h.text]),
  },
];

for (const backend of BACKENDS)
  describe.skipIf(backend.skip)(`a caller's copy of sleep's record has no effect (${backend.name})`, () => {
    it.each(FORGERIES.map((f) => [f.key, f] as const))(
      "a caller's %s changes nothing a reader of the store gets",
      async (_key, forgery) => {
        const control = await backend.open();
        const forged = await backend.open();
        mems.push(control.mem, forged.mem);
        await forgery.write(control.mem, control.clock, () => ({}));
        await forgery.write(forged.mem, forged.clock, forgery.forged);
        expect(await forgery.outcome(forged.mem)).toEqual(await forgery.outcome(control.mem));
      },
    );
  });
