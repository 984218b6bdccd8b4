/**
 * `TextIndex.toTransferable` / `fromTransferable`, the pair a worker thread hands a built index
 * back with (the SQLite store's background build): the index made again from the transferred
 * state answers every search as the original did, hit for hit and score for score, and keeps
 * doing so as the same rows are put, rewritten and removed in both afterwards (postings that grow
 * out of the packed array, partitions compacted, new terms, a row moved between partitions).
 */
import { describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import { TextIndex, type TextLayer, type TextRow, type TextScope } from "./text-index.js";

const WORDS = (
  "retry limit gateway billing staging production sandbox owner region timeout database primary " +
  "deploy failure cache queue worker schedule budget latency error release feature metric alert"
).split(" ");
const NAMESPACES = ["alpha", "beta", "gamma"];
const STATUSES = ["active", "active", "archived", "retired", "forgotten"];
const SCOPES: TextScope[] = [
  { currentOnly: true, statuses: ["active"] },
  { currentOnly: false, statuses: null },
  { currentOnly: false, statuses: ["archived", "retired"] },
];

function rows(seed: number) {
  const rand = createRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const row = (): TextRow => {
    const status = pick(STATUSES);
    const n = 1 + Math.floor(rand() * 12);
    const words = Array.from({ length: n }, () =>
      rand() < 0.05 ? `new${Math.floor(rand() * 50)}` : pick(WORDS),
    );
    const text = status === "forgotten" ? "" : words.join(" ");
    return { namespace: pick(NAMESPACES), status, current: status === "active", text };
  };
  const query = () => Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(WORDS));
  return { rand, row, query };
}

/** Rowids to score by name: the first 300, held or not. */
const NAMED_ROWS = Array.from({ length: 300 }, (_, i) => i + 1);

/**
 * Every query over every namespace set and scope, exhaustive and with max-score pruning, and the
 * named rows' scores in each namespace set (`scoreRows` reads each partition's namespace).
 */
function answers(index: TextIndex, layer: TextLayer, queries: string[][]) {
  const out: unknown[] = [];
  for (const q of queries) {
    const phrases = index.phrases(q)!;
    for (const namespaces of [["alpha"], ["beta", "gamma"], NAMESPACES]) {
      for (const scope of SCOPES) {
        out.push(index.search(layer, phrases, namespaces, scope).take(50));
        out.push(index.search(layer, phrases, namespaces, scope, 5).take(5));
      }
      out.push(index.scoreRows(layer, phrases, NAMED_ROWS, namespaces));
    }
  }
  return out;
}

/** The index moved through a structured clone with its buffers transferred, as postMessage does. */
function moved(index: TextIndex): TextIndex {
  const { state, transfer } = index.toTransferable();
  return TextIndex.fromTransferable(structuredClone(state, { transfer }));
}

describe("TextIndex.toTransferable / fromTransferable", () => {
  it("answers every search as the index it came from, before and after the same writes to both", () => {
    const { rand, row, query } = rows(20261202);
    const built = new TextIndex();
    const twin = new TextIndex();
    const initial = Array.from({ length: 1500 }, (_, i) => [i + 1, row()] as const);
    for (const layer of ["b", "e"] as const) {
      built.load(layer, initial);
      twin.load(layer, initial);
    }
    // A non-current partition's postings are built on its first search: one layer's before the move, one after.
    built.search("e", ["retri"], NAMESPACES, { currentOnly: false, statuses: null });
    twin.search("e", ["retri"], NAMESPACES, { currentOnly: false, statuses: null });
    const queries = Array.from({ length: 40 }, query);
    const installed = moved(built);
    for (const layer of ["b", "e"] as const)
      expect(answers(installed, layer, queries)).toEqual(answers(twin, layer, queries));
    expect(installed.stats("b")).toEqual(twin.stats("b"));
    expect(installed.bytes("e")).toBeGreaterThan(0);

    // The same writes to both: new rows (new terms, new rowids), rewrites, removals (enough to compact).
    for (let i = 0; i < 900; i++) {
      const layer = rand() < 0.5 ? "b" : "e";
      const r = rand();
      const rowid = r < 0.3 ? 1500 + i + 1 : 1 + Math.floor(rand() * 1500);
      if (r < 0.75) {
        const next = row();
        installed.put(layer, rowid, next);
        twin.put(layer, rowid, next);
      } else {
        installed.remove(layer, rowid);
        twin.remove(layer, rowid);
      }
    }
    const later = [
      ...queries,
      ...Array.from({ length: 20 }, () => [...query(), `new${Math.floor(rand() * 50)}`]),
    ];
    for (const layer of ["b", "e"] as const) {
      expect(answers(installed, layer, later)).toEqual(answers(twin, layer, later));
      expect(installed.stats(layer)).toEqual(twin.stats(layer));
    }
  });

  it("an empty index, and one with a row of no terms, move too", () => {
    const empty = moved(new TextIndex());
    expect(empty.stats("b")).toEqual({ rows: 0, tokens: 0 });
    const one = new TextIndex();
    one.put("b", 3, { namespace: "alpha", status: "active", current: true, text: "" });
    one.put("b", 4, { namespace: "alpha", status: "active", current: true, text: "retry limit" });
    const back = moved(one);
    expect(back.stats("b")).toEqual({ rows: 2, tokens: 2 });
    expect(back.search("b", ["retri"], ["alpha"], SCOPES[0]!).take(5)).toHaveLength(1);
  });
});
