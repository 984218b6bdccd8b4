import { describe, expect, it } from "vitest";
import { NOT_TUNING, TUNING_SETS, tuningSets } from "../../bench/tuning-sets.js";

describe("tuningSets: the knowledge-update sets a bench may read", () => {
  it.each(["chat-dev", "cases", "fresh24", "fresh26", "fresh27"])(
    "takes %s (a tuning set's dev half)",
    (set) => {
      expect(tuningSets([set])).toEqual([set]);
    },
  );

  it.each(["fresh2", "fresh28", "fresh29", "locomo", ""])(
    "refuses %j (held-out, unseen or no set)",
    (set) => {
      expect(() => tuningSets([set])).toThrow(/is no tuning set/);
    },
  );

  it("lists every set but the held-out and unseen ones", () => {
    expect(TUNING_SETS).toContain("fresh27");
    expect(TUNING_SETS.filter((s) => NOT_TUNING.has(s))).toEqual([]);
  });
});
