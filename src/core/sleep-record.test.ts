import { describe, expect, it } from "vitest";
import { MetadataSchema } from "./model.js";
import {
  reservedMetadataProblem,
  SLEEP_RECORD_KEY,
  sleepRecordOf,
  upgradedSleepRecord,
  withSleepRecord,
} from "./sleep-record.js";

const REFERENT = { pronoun: "it", referent: "my old laptop" };

describe("sleepRecordOf / withSleepRecord: sleep's fields under one key, the caller's beside them", () => {
  it.each([
    ["no record", { ticket: "OPS-1" }, {}],
    ["a record", { ticket: "OPS-1", [SLEEP_RECORD_KEY]: { askingTurn: true } }, { askingTurn: true }],
    // A caller's top-level field of a record field's name is not the record.
    ["a caller's askingTurn", { askingTurn: true }, {}],
    ["a record that is no object", { [SLEEP_RECORD_KEY]: ["askingTurn"] }, {}],
  ])("%s", (_, metadata, record) => {
    expect(sleepRecordOf(metadata)).toEqual(record);
  });

  it("writes a field, keeps the others and the caller's; an emptied record goes whole", () => {
    const one = withSleepRecord({ ticket: "OPS-1", restates: "caller's" }, { restates: ["b4"] });
    expect(one).toEqual({ ticket: "OPS-1", restates: "caller's", [SLEEP_RECORD_KEY]: { restates: ["b4"] } });
    const two = withSleepRecord(one, { askingTurn: true });
    expect(sleepRecordOf(two)).toEqual({ restates: ["b4"], askingTurn: true });
    expect(withSleepRecord(withSleepRecord(two, { askingTurn: undefined }), { restates: undefined })).toEqual(
      {
        ticket: "OPS-1",
        restates: "caller's",
      },
    );
  });
});

describe("the record's key at the boundary", () => {
  it.each([
    [{ [SLEEP_RECORD_KEY]: {} }, true],
    [{ [SLEEP_RECORD_KEY]: { askingTurn: true }, ticket: "OPS-1" }, true],
    [{ "strata:sleepy": 1 }, false],
    [{ restates: ["b1"], referents: [REFERENT], sourceWords: {}, askingTurn: true }, false],
    [{ nested: { [SLEEP_RECORD_KEY]: 1 } }, false],
  ])("%j refused: %s", (metadata, refused) => {
    expect(reservedMetadataProblem(metadata) !== null).toBe(refused);
    const parsed = MetadataSchema.safeParse(metadata);
    expect(parsed.success).toBe(!refused);
    if (!parsed.success)
      expect(parsed.error.issues[0]?.message).toMatch(/"strata:sleep" is reserved.*rename your field/);
  });
});

/**
 * What a store slept before the record's key becomes (the migrations, an older export's import):
 * positive rows move sleep's fields in; negative rows are a caller's fields, left where they are.
 */
describe("upgradedSleepRecord: the fields sleep kept at the top, moved in", () => {
  it.each([
    ["restates with its slots", { restates: ["b1"], restatedSlots: ["breakfast"] }, "distilled"],
    ["referents", { referents: [REFERENT] }, "distilled"],
    ["a topic referent", { referents: [{ topic: "coffee" }] }, "distilled"],
    ["askingTurn", { askingTurn: true }, "distilled"],
    ["sourceWords on a distilled belief", { sourceWords: { e1: ["90", "week"] } }, "distilled"],
    // The write gate and a restatement record a turn's words on a belief of any source.
    ["sourceWords on a caller's belief", { sourceWords: { e1: ["9:30"] } }, "user"],
  ])("moved: %s", (_, fields, source) => {
    const moved = upgradedSleepRecord({ ticket: "OPS-1", ...fields }, source);
    expect(moved).toEqual({ ticket: "OPS-1", [SLEEP_RECORD_KEY]: fields });
  });

  it.each([
    ["askingTurn on a caller's belief", { askingTurn: true }, "user"],
    ["restates on a caller's belief", { restates: ["b1"] }, null],
    ["referents on a caller's belief", { referents: [REFERENT] }, "doc:notes"],
    ["askingTurn not true", { askingTurn: "yes" }, "distilled"],
    ["restates of no ids", { restates: [] }, "distilled"],
    ["restates not a list of strings", { restates: [1, 2] }, "distilled"],
    ["restatedSlots without restates", { restatedSlots: ["breakfast"] }, "distilled"],
    ["referents of another shape", { referents: ["my laptop"] }, "distilled"],
    ["sourceWords of another shape", { sourceWords: ["90"] }, "user"],
    ["sourceWords with a value that is no word list", { sourceWords: { e1: "90" } }, "distilled"],
  ])("left as the caller's: %s", (_, fields, source) => {
    const metadata = { ticket: "OPS-1", ...fields };
    expect(upgradedSleepRecord(metadata, source)).toBe(metadata);
  });
});
