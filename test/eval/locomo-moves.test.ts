import { describe, expect, it } from "vitest";
import {
  type ConfigReport,
  type LocomoReport,
  parseLocomoArgs,
  rankMoves,
  renderLocomoMarkdown,
} from "../../eval/locomo/index.js";

const hit = (id: string, turns: string[]) => ({
  id,
  layer: "episode",
  score: 1,
  why: `why ${id}`,
  turns,
  text: id,
});

/** Two phases of one config, one traced question each. */
function phases(before: ConfigReport["questions"], after: ConfigReport["questions"]): ConfigReport[] {
  return [
    { config: "default", phase: "before", questions: before } as ConfigReport,
    { config: "default", phase: "after", questions: after } as ConfigReport,
  ];
}

describe("locomo --moves: evidence ranks question by question", () => {
  it("parses two phases and turns tracing on", () => {
    const o = parseLocomoArgs(["--moves", "before,after", "--conversations", "0-2"], {});
    expect(o.moves).toEqual(["before", "after"]);
    expect(o.trace).toBe(true);
    expect(() => parseLocomoArgs(["--moves", "before"], {})).toThrow(/two phases/);
  });

  it("reads --conversations as ranges or lists, and refuses what it cannot read", () => {
    const conv = (v: string) => parseLocomoArgs(["--conversations", v], {}).conversations;
    expect(conv("0-2")).toEqual([0, 1, 2]);
    expect(conv("0,1,2")).toEqual([0, 1, 2]);
    expect(conv("0-1,5,1")).toEqual([0, 1, 5]);
    expect(conv("7")).toEqual([7]);
    for (const bad of ["2-0", "a", "0,,1", "1-", "-1", "0.5"])
      expect(() => conv(bad), bad).toThrow(/--conversations takes/);
  });

  it("lists a turn that ranks lower after, with what passed it; worse moves first", () => {
    const q = { conversation: 0, category: 1, recall: [], question: "Where?" };
    const before = [
      {
        ...q,
        evidence: { "D1:1": 0, "D1:5": 2 },
        hits: [hit("e1", ["D1:1"]), hit("e2", ["D1:2"]), hit("e5", ["D1:5"])],
      },
    ];
    const after = [
      {
        ...q,
        evidence: { "D1:1": 1, "D1:5": 0 },
        hits: [hit("b5", ["D1:5"]), hit("b1", ["D1:1"]), hit("e2", ["D1:2"])],
      },
    ];
    const moves = rankMoves(phases(before, after), ["before", "after"]);
    expect(moves.map((m) => [m.turn, m.from, m.to])).toEqual([
      ["D1:1", 0, 1],
      ["D1:5", 2, 0],
    ]);
    expect(moves[0]!.passedBy.map((p) => [p.rank, p.id])).toEqual([[0, "b5"]]);
  });
});

describe("locomo's tables", () => {
  it("print a split that asked no question as –, not as a recall of 0.0", () => {
    const summary = (questions: number) => ({
      questions,
      recall: questions === 0 ? { "R@5": 0, "R@10": 0 } : { "R@5": 68.7, "R@10": 78.7 },
    });
    const config = {
      config: "default",
      label: "Strata hybrid",
      phase: "after",
      overall: summary(495),
      tune: summary(495),
      heldOut: summary(0),
      byCategory: {},
      ingest: { turns: 0, stored: 0, merged: 0, superseded: 0, ms: 0 },
      queryMs: { mean: 0, p95: 0 },
      sleep: {
        consolidations: 0,
        beliefs: 0,
        ms: 0,
        coverage: { episodes: 0, represented: 0, recallable: 0, uncovered: 0 },
      },
    } as unknown as ConfigReport;
    const md = renderLocomoMarkdown({
      conversations: [0, 1, 2],
      anchors: {},
      configs: [config],
      dataset: { path: "locomo10.json", loader: {} },
    } as unknown as LocomoReport);
    expect(md).toContain("| Strata hybrid: tune | – | 68.7 | 78.7 |");
    expect(md).toMatch(/\| Strata hybrid: held-out \| – \| – \| – \| – \| – \| 0 \|/);
  });
});
