/**
 * `HYPHEN_JOINED` (core/text.ts `queryTerms`) on SQLite: a question that writes a word with hyphens
 * ("mid-day", "e-mail", "H-E-B") finds a statement and a turn that wrote it together, cold (FTS5)
 * and warm (the in-process index) alike, with no change to the index: the joined word is one more
 * term of the query. The other way (a question's "midday" for a text's "mid-day", which FTS5 holds as
 * "mid" "day") is not read: the index would have to hold the joined form (docs/evaluation.md, notfound53).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import { foundColdAndWarm } from "../../../test/support/text-found.js";
import { openMemory } from "../../open-memory.js";

let dir: string;
let path: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-hyphen-"));
  path = join(dir, "m.db");
  const mem = await openMemory({ path, clock: testClock("2026-03-05T00:00:00Z") });
  await mem.rememberMany(
    [
      "The matatu fare at midday is 80 bob",
      "Send the invoices by email to Rosa",
      "I pick up my prescriptions at HEB now",
      "The mid-day shuttle leaves from the stage",
      "The choir practises in the parish hall on Thursdays",
    ].map((statement) => ({ statement })),
  );
  await mem.recordMany(["Booked my checkup with Dr. Kim for Jan 8th"]);
  await mem.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("HYPHEN_JOINED (SQLite)", () => {
  it.each([
    [
      "what about mid-day",
      ["The matatu fare at midday is 80 bob", "The mid-day shuttle leaves from the stage"],
    ],
    ["my e-mail", ["Send the invoices by email to Rosa"]],
    ["H-E-B", ["I pick up my prescriptions at HEB now"]],
    ["when is my check-up", ["Booked my checkup with Dr. Kim for Jan 8th"]],
  ])("%j finds the text that wrote the word together, cold and warm", async (question, texts) => {
    const { cold, warm } = await foundColdAndWarm(path, question);
    expect(cold).toEqual(texts);
    expect(warm).toEqual(cold);
  });

  it("a question's run-together word does not find a text that wrote it with a hyphen (not built)", async () => {
    const { cold, warm } = await foundColdAndWarm(path, "midday");
    expect(cold).toEqual(["The matatu fare at midday is 80 bob"]);
    expect(warm).toEqual(cold);
  });
});
