import { describe, expect, it } from "vitest";
import {
  type Closure,
  classify,
  closuresOf,
  evaluateClosures,
  HELD_OUT,
  ownersByText,
  parseClosuresArgs,
  reasonsOf,
  renderClosuresMarkdown,
} from "../../eval/closures/index.js";
import {
  type Case,
  type CaseFile,
  parseKnowledgeUpdateArgs,
  replayChat,
} from "../../eval/knowledge-update/index.js";
import type { Memory } from "../../src/core/engine.js";
import type { SleepReport } from "../../src/core/sleep/report.js";

const update: Case = {
  id: "phone",
  first: "My phone is a Pixel 6.",
  update: "I upgraded my phone to an iPhone 15.",
  question: "What phone do I have?",
  old: "Pixel 6",
  new: "iPhone 15",
};
// Not an update: the first mention stays true, the later turn is another person's change.
const other: Case = {
  id: "shoes",
  first: "My running shoes are Brooks Ghosts.",
  update: "My brother swapped his running shoes for Hokas.",
  question: "What running shoes do I wear?",
  old: "Hokas",
  new: "Brooks Ghosts",
};
const sister: Case = {
  id: "sister-city-x",
  first: "My sister lives in Leeds and works as a nurse.",
  update: "My sister moved to Glasgow last month for a new hospital job.",
  question: "Where does my sister live?",
  old: "Leeds",
  new: "Glasgow",
};
const cases = new Map([update, other].map((c) => [c.id, c]));
const at = (id: string, field: "first" | "middle" | "update" | "reply" | "firstReply") => ({
  case: id,
  field,
  split: "dev" as const,
});
const filler = { case: null, field: "filler" as const, split: "dev" as const };

describe("closures eval: classes", () => {
  it.each([
    ["an update case's first closed by its update", [at("phone", "first")], [at("phone", "update")], "right"],
    [
      "an update closed by its own first (backwards)",
      [at("phone", "update")],
      [at("phone", "first")],
      "wrong-within-case",
    ],
    [
      "a non-update case's first closed by its later turn",
      [at("shoes", "first")],
      [at("shoes", "update")],
      "wrong-within-case",
    ],
    [
      "one case's first closed by another case's update",
      [at("phone", "first")],
      [at("shoes", "update")],
      "cross-case",
    ],
    ["a first closed by filler", [at("phone", "first")], [filler], "cross-case"],
    ["a statement traced to no turn", [], [at("phone", "update")], "cross-case"],
  ] as const)("%s: %s", (_name, older, newer, expected) => {
    expect(classify(cases, older, newer)).toBe(expected);
  });

  it("traces each turn text to its case and field, filler to no case, split by the file's hash", () => {
    // By hash "phone" is held-out, "sister-city-x" dev; a file-wide split overrides it (chat-dev, fresh2).
    const owners = ownersByText({ cases: [update, sister], filler: ["ok"] });
    expect(owners.get(update.first)).toEqual([{ case: "phone", field: "first", split: "held-out" }]);
    expect(owners.get(sister.update)).toEqual([{ case: "sister-city-x", field: "update", split: "dev" }]);
    expect(owners.get("ok")).toEqual([{ case: null, field: "filler", split: "dev" }]);
    const heldOut = ownersByText({ cases: [sister], filler: ["ok"], split: "held-out" });
    expect(heldOut.get("ok")?.[0]?.split).toBe("held-out");
    expect(heldOut.get(sister.first)?.[0]?.split).toBe("held-out");
  });

  it("parses its arguments and refuses unknown ones", () => {
    expect(parseClosuresArgs([])).toMatchObject({ phases: ["after", "daily"], list: false });
    expect(parseClosuresArgs(["--set", "chat-dev", "--phases", "after", "--list"])).toEqual({
      sets: ["chat-dev"],
      phases: ["after"],
      list: true,
    });
    expect(() => parseClosuresArgs(["--phases", "nightly"])).toThrow(/E_BAD_ARGS/);
    expect(() => parseClosuresArgs(["--verbose"])).toThrow(/E_BAD_ARGS/);
    expect(parseClosuresArgs(["--set", "fresh4"]).sets).toEqual(["fresh4"]);
    expect(parseClosuresArgs(["--set", "fresh5"]).sets).toEqual(["fresh5"]);
    expect(parseClosuresArgs(["--set", "fresh6"]).sets).toEqual(["fresh6"]);
    expect(parseClosuresArgs(["--set", "fresh7"]).sets).toEqual(["fresh7"]);
    expect(parseClosuresArgs(["--set", "fresh8"]).sets).toEqual(["fresh8"]);
    expect(parseClosuresArgs(["--set", "fresh9"]).sets).toEqual(["fresh9"]);
    expect(parseClosuresArgs(["--set", "fresh10"]).sets).toEqual(["fresh10"]);
    expect(parseClosuresArgs(["--set", "fresh11"]).sets).toEqual(["fresh11"]);
    expect(parseClosuresArgs(["--set", "fresh12"]).sets).toEqual(["fresh12"]);
    expect(parseClosuresArgs(["--set", "fresh13"]).sets).toEqual(["fresh13"]);
    expect(parseClosuresArgs(["--set", "fresh14"]).sets).toEqual(["fresh14"]);
    expect(parseClosuresArgs(["--set", "fresh15"]).sets).toEqual(["fresh15"]);
    expect(parseClosuresArgs(["--set", "fresh16"]).sets).toEqual(["fresh16"]);
    expect(parseClosuresArgs(["--set", "fresh17"]).sets).toEqual(["fresh17"]);
    expect(parseClosuresArgs(["--set", "fresh18"]).sets).toEqual(["fresh18"]);
    expect(parseClosuresArgs(["--set", "fresh19"]).sets).toEqual(["fresh19"]);
    expect(parseClosuresArgs(["--set", "fresh20"]).sets).toEqual(["fresh20"]);
    expect(parseClosuresArgs(["--set", "fresh21"]).sets).toEqual(["fresh21"]);
    expect(parseClosuresArgs(["--set", "fresh22"]).sets).toEqual(["fresh22"]);
    expect(parseClosuresArgs(["--set", "fresh23"]).sets).toEqual(["fresh23"]);
    expect(parseClosuresArgs(["--set", "fresh24"]).sets).toEqual(["fresh24"]);
    expect(parseClosuresArgs(["--set", "fresh25"]).sets).toEqual(["fresh25"]);
    expect(parseClosuresArgs(["--set", "fresh26"]).sets).toEqual(["fresh26"]);
    expect(parseClosuresArgs(["--set", "fresh27"]).sets).toEqual(["fresh27"]);
    expect(parseClosuresArgs(["--set", "fresh28"]).sets).toEqual(["fresh28"]);
    expect(parseClosuresArgs(["--set", "fresh29"]).sets).toEqual(["fresh29"]);
    expect(() => parseClosuresArgs(["--set", "fresh30"])).toThrow(/unknown set "fresh30".*fresh29, all/);
  });

  it.each([["after,daily"], ["daily,before"], ["after"]])(
    "reads --phases %s as the knowledge-update eval does (one parser, phasesNamed)",
    (value) => {
      expect(parseClosuresArgs(["--phases", value]).phases).toEqual(value.split(","));
      expect(parseClosuresArgs(["--phases", value]).phases).toEqual(
        parseKnowledgeUpdateArgs(["--phases", value]).phases,
      );
    },
  );

  it("refuses an unknown phase in the knowledge-update eval's words", () => {
    const said = (parse: () => unknown) => {
      try {
        parse();
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };
    expect(said(() => parseClosuresArgs(["--phases", "after,nightly"]))).toBe(
      'E_BAD_ARGS: unknown phase "nightly" (known: before, after, daily)',
    );
    expect(said(() => parseClosuresArgs(["--phases", "after,nightly"]))).toBe(
      said(() => parseKnowledgeUpdateArgs(["--phases", "after,nightly"])),
    );
  });

  it("lists dev closures with their text and never a held-out one", () => {
    const dev: Closure = {
      layer: "belief",
      class: "cross-case",
      split: "dev",
      older: { id: "b1", from: ["a.first"], text: "dev older" },
      newer: { id: "b2", from: ["b.update"], text: "dev newer" },
      reason: "change-cue",
    };
    const tally = { closures: 1, right: 0, crossCase: 1, wrongWithinCase: 0 };
    const md = renderClosuresMarkdown({
      list: false,
      sets: [{ set: "fresh", phases: [{ phase: "after", dev: tally, heldOut: tally, devClosures: [dev] }] }],
    });
    expect(md).toContain('"dev older" ⇒ "dev newer"');
    expect(md).toContain("| fresh | after | 1 | 0 | 1 | 0 | 1 | 0 | 1 | 0 |");
  });
});

describe("closures eval: what a listing shows", () => {
  // A store stub holding one closure: the dev case's first closed by the held-out case's update.
  const item = (
    id: string,
    layer: "episode" | "belief",
    text: string,
    supersededBy: string | null,
    sources: string[] = [],
  ) =>
    layer === "episode"
      ? { layer, id, content: text, supersededBy }
      : { layer, id, text, supersededBy, sources };
  const stub = (items: ReturnType<typeof item>[]) =>
    ({
      list: async (o: { layer: string }) => items.filter((x) => x.layer === o.layer),
    }) as unknown as Memory;
  const file: CaseFile = { cases: [update, sister], filler: ["ok"] };

  it("counts a dev statement closed by a held-out one as dev, and masks the held-out successor", async () => {
    const mem = stub([
      item("e1", "episode", sister.first, null),
      item("e2", "episode", update.update, null),
      item("b1", "belief", sister.first, "b2", ["e1"]),
      item("b2", "belief", update.update, null, ["e2"]),
    ]);
    const { dev, heldOut, devClosures } = await closuresOf(
      file,
      mem,
      new Map([[">b2", "change-cue: iphone"]]),
    );
    expect(dev).toEqual({ closures: 1, right: 0, crossCase: 1, wrongWithinCase: 0 });
    expect(heldOut.closures).toBe(0);
    expect(devClosures[0]).toMatchObject({
      older: { from: ["sister-city-x.first"], text: sister.first },
      newer: { from: [HELD_OUT], text: HELD_OUT },
      reason: HELD_OUT,
    });
    expect(JSON.stringify(devClosures)).not.toMatch(/iPhone|phone\.update/);
  });

  it("counts a held-out statement's closure and lists nothing of it", async () => {
    const mem = stub([
      item("e1", "episode", update.first, null),
      item("e2", "episode", sister.update, null),
      item("b1", "belief", update.first, "b2", ["e1"]),
      item("b2", "belief", sister.update, null, ["e2"]),
    ]);
    const { dev, heldOut, devClosures } = await closuresOf(file, mem);
    expect(heldOut).toEqual({ closures: 1, right: 0, crossCase: 1, wrongWithinCase: 0 });
    expect(dev.closures).toBe(0);
    expect(devClosures).toEqual([]);
  });
});

describe("closures eval: a replayed chat", () => {
  it("counts the closures of a small chat by class and split, with the sleep's reason", async () => {
    const file: CaseFile = { cases: [update, sister], filler: ["Ha, fair enough."] };
    const reports: SleepReport[] = [];
    const mem = await replayChat(file, "after", (r) => reports.push(r));
    try {
      const { dev, heldOut, devClosures } = await closuresOf(file, mem, reasonsOf(reports));
      // phone is held-out by hash: counted, never listed; sister-city-x is dev: listed with its reason.
      expect(heldOut).toEqual({ closures: 1, right: 1, crossCase: 0, wrongWithinCase: 0 });
      expect(dev).toEqual({ closures: 1, right: 1, crossCase: 0, wrongWithinCase: 0 });
      expect(devClosures).toHaveLength(1);
      expect(devClosures[0]).toMatchObject({
        class: "right",
        older: { from: ["sister-city-x.first"], text: sister.first },
        newer: { from: ["sister-city-x.update"], text: sister.update },
      });
      expect(devClosures[0]!.reason).toMatch(/change-cue/);
      expect(JSON.stringify(devClosures)).not.toContain("Pixel");
    } finally {
      await mem.close?.();
    }
  }, 60_000);

  // chat-dev and cases are gated in knowledge-update.test.ts, on the replays its tests already make.
  it("after sleep, fresh's and fresh3's dev statements are closed by another case's no more than today", async () => {
    const report = await evaluateClosures({ sets: ["fresh", "fresh3"], phases: ["after"], list: false });
    const [fresh, fresh3] = report.sets.map((s) => s.phases[0]!.dev);
    // The level reached (closures26, 4 December 2026). fresh: 5 closures of dev statements, 4 right,
    // 1 cross-case — "we migrated every repo from Bitbucket to GitLab over the weekend." closed by a
    // held-out statement, left alone: fixing it would mean reading held-out text. fresh3: 4, 4 right
    // (judge25 had opened one, "After the promotion I bumped the standing order to £450 a month."
    // closed by another case's statement through "after"; lead25's `isTimePreposition` closed it
    // again: without it this test fails).
    expect(fresh).toMatchObject({ wrongWithinCase: 0 });
    expect(fresh!.crossCase).toBeLessThanOrEqual(1);
    expect(fresh!.right).toBeGreaterThanOrEqual(4);
    expect(fresh3).toMatchObject({ crossCase: 0, wrongWithinCase: 0 });
    expect(fresh3!.right).toBeGreaterThanOrEqual(4);
  }, 180_000);
});
