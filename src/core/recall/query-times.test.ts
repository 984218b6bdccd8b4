import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { namedTimes } from "./query-times.js";

describe("namedTimes: the calendar times a query names", () => {
  it.each([
    // [query, the words read, a time within, a time outside]
    [
      "What did Melanie show on October 13, 2023?",
      "October 13, 2023",
      "2023-10-13T14:00:00Z",
      "2023-10-14T14:00:00Z",
    ],
    [
      "What did Gina find on 1 February, 2023?",
      "1 February, 2023",
      "2023-02-01T09:00:00Z",
      "2024-02-01T09:00:00Z",
    ],
    [
      "What happened on the 3rd of June 2023?",
      "3rd of June 2023",
      "2023-06-03T23:59:00Z",
      "2023-06-04T00:00:00Z",
    ],
    ["What did we deploy on 2026-03-01?", "2026-03-01", "2026-03-01T08:00:00Z", "2026-03-02T08:00:00Z"],
    ["What did John host in May 2023?", "May 2023", "2023-05-31T20:00:00Z", "2023-06-01T00:00:00Z"],
    ["What changed in Sept. 2024?", "Sept. 2024", "2024-09-10T00:00:00Z", "2023-09-10T00:00:00Z"],
    ["When did Melanie go camping in June?", "June", "2021-06-27T10:00:00Z", "2023-07-01T10:00:00Z"],
    ["Who called on May 23?", "May 23", "2019-05-23T10:00:00Z", "2019-05-24T10:00:00Z"],
  ])("%j names %j", (query, text, inside, outside) => {
    const [time, ...more] = namedTimes(query);
    expect(more).toEqual([]);
    expect(time?.text).toBe(text);
    expect(time?.contains(inside)).toBe(true);
    expect(time?.contains(outside)).toBe(false);
  });

  it.each([
    // A modal, a verb, and times that need the moment of asking.
    "What may Caroline paint next?",
    "Will the band march in the parade?",
    "What did I do yesterday?",
    "What did we decide last week?",
    // A bound, not the month itself.
    "What have I read since June?",
    "Will the roof be fixed by August?",
    "Can it wait until March?",
    // Numbers that are no date.
    "How many of the 12 tickets are left?",
    "Which port, 8080 or 2023?",
  ])("%j names no time", (query) => {
    expect(namedTimes(query)).toEqual([]);
  });
});

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

describe("recall: what was said within the time the query names ranks first", () => {
  async function twoPaintings(policy = {}) {
    ({ mem } = await testMemory({ policy }));
    // Two paintings a week apart; the older says the asked words a little better.
    const october6 = await mem.record("My painting of the sunset over the lake is done.", {
      at: "2023-10-06T15:00:00Z",
    });
    const october13 = await mem.record(
      "Finished a new painting last night: the harbour at sunset, all orange.",
      {
        at: "2023-10-13T15:00:00Z",
      },
    );
    return { october6: october6.id, october13: october13.id };
  }
  const ASKED = "Which painting of a sunset did Melanie show on October 13, 2023?";

  it("a question naming a day lists that day's turn first", async () => {
    const { october6, october13 } = await twoPaintings();
    const hits = await mem!.recall(ASKED, { k: 2 });
    expect(hits.map((h) => h.id)).toEqual([october13, october6]);
    expect(hits[0]!.why.summary).toMatch(/said within "October 13, 2023"/);
    expect(hits[1]!.why.summary).not.toMatch(/said within/);
  });

  it("timeWeight 0 turns it off: the better match first", async () => {
    const { october6, october13 } = await twoPaintings({ timeWeight: 0 });
    expect((await mem!.recall(ASKED, { k: 2 })).map((h) => h.id)).toEqual([october6, october13]);
  });
});
