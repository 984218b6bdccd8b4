import { afterEach, describe, expect, it } from "vitest";
import { memoryBackends } from "../../../test/support/backends.js";
import { DAY } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { compareLexically, loadTagger } from "../judge/lexical-judge.js";
import type { Judge, JudgeItem } from "../ports.js";
import type { SleepReport } from "./report.js";

let mems: Memory[] = [];
afterEach(async () => {
  for (const m of mems) await m.close();
  mems = [];
});

/** The lexical judge's verdicts, each pair of texts it is asked written down; text-only or not, as told. */
function askingJudge(textOnly: boolean): Judge & { asked: string[] } {
  const judge = {
    name: "lexical",
    asked: [] as string[],
    async compare(a: JudgeItem, b: JudgeItem) {
      judge.asked.push(`${a.text} ⟶ ${b.text}`);
      await loadTagger();
      return compareLexically(a, b);
    },
    ...(textOnly ? { textOnly: true } : {}),
  };
  return judge;
}

/** A chat whose later turns change what earlier ones said, a day apart. */
const CHAT = [
  "I live in Denver with my partner Sam.",
  "The retry limit is 5.",
  "My dentist is Dr Patel on Elm Street.",
  "We got a dog called Biscuit.",
  "I moved to Portland last month.",
  "The retry limit is now 7.",
  "My dentist is now Dr Okafor.",
  "Sam started a new job at the library.",
  "Biscuit the dog is two years old now.",
];

/** `CHAT` recorded, then slept on; `judge.asked` holds only what the sleep asked. */
async function sleepOn(mem: Memory, judge: { asked: string[] }, namespace?: string): Promise<SleepReport> {
  const m = namespace ? mem.withNamespace(namespace) : mem;
  for (const [i, text] of CHAT.entries())
    await m.record(text, { at: new Date(Date.parse("2026-01-05T09:00:00.000Z") + i * DAY).toISOString() });
  judge.asked.length = 0;
  return m.consolidate();
}

const repeated = (asked: readonly string[]) => asked.filter((p, i) => asked.indexOf(p) !== i);

/** What a sleep did, without its ids' order or its timings. */
const doneBy = (report: SleepReport) =>
  report.items.map((i) => JSON.stringify(i)).sort((x, y) => x.localeCompare(y));

for (const backend of memoryBackends("sleep_verdicts"))
  describe.skipIf(backend.skip)(`one sleep's verdict memo (${backend.name})`, () => {
    it("judges each pair of texts once in a sleep: the sweep does not ask again what distil's write gate asked", async () => {
      const judge = askingJudge(true);
      const { mem } = await backend.open({ judge });
      mems.push(mem);
      await sleepOn(mem, judge);
      expect(judge.asked.length).toBeGreaterThan(0);
      expect(repeated(judge.asked)).toEqual([]);
    });

    it("changes no verdict: the same sleep by a judge that is not text-only (never remembered) does the same", async () => {
      const remembered = askingJudge(true);
      const asked = askingJudge(false);
      const a = await backend.open({ judge: remembered });
      const b = await backend.open({ judge: asked });
      mems.push(a.mem, b.mem);
      const [ra, rb] = [await sleepOn(a.mem, remembered), await sleepOn(b.mem, asked)];
      expect(doneBy(ra)).toEqual(doneBy(rb));
      expect(ra.counts).toEqual(rb.counts);
      const texts = async (m: Memory) =>
        (await m.list({ limit: 100 })).map((x) => (x.layer === "belief" ? x.text : x.content)).sort();
      expect(await texts(a.mem)).toEqual(await texts(b.mem));
      // Every pair the unremembered judge asked, the remembered one asked at least once.
      expect(new Set(remembered.asked)).toEqual(new Set(asked.asked));
    });

    it("is dropped when the sleep ends: another namespace's sleep of the same chat asks every pair again", async () => {
      const judge = askingJudge(true);
      const { mem } = await backend.open({ judge });
      mems.push(mem);
      await sleepOn(mem, judge, "first");
      const first = [...judge.asked];
      await sleepOn(mem, judge, "second");
      expect(judge.asked).toEqual(first);
    });
  });
