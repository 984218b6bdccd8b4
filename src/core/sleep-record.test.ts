import { describe, expect, it } from "vitest";
import { MetadataSchema, RememberOptionsSchema } from "./model.js";
import {
  reservedMetadataProblem,
  reservedSourceProblem,
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
 * A caller's `source` at the boundary: the values only the engine writes are refused with what to
 * use instead; anything else, however close, is the caller's free text (readers compare exactly).
 */
describe("the engine's provenance at the boundary", () => {
  it.each([
    ["distilled", /source "distilled" is reserved.*\(user, doc:…, tool:…\).*consolidate distil them/],
    ["abstraction", /source "abstraction" is reserved.*\(user, doc:…, tool:…\).*capture the rules/],
  ])("%s: refused, saying what to use instead", (source, says) => {
    expect(reservedSourceProblem(source)).toMatch(says);
    const parsed = RememberOptionsSchema.safeParse({ source });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(says);
  });

  it.each(["user", "Distilled", "distilled by hand", "doc:distilled", " distilled", "abstractions", "mixed"])(
    "%j: the caller's own, stored as given",
    (source) => {
      expect(reservedSourceProblem(source)).toBeNull();
      expect(RememberOptionsSchema.parse({ source }).source).toBe(source);
    },
  );
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
