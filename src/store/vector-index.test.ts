import { describe, expect, it } from "vitest";
import { createRandom } from "../../test/support/random.js";
import { embedText } from "../embed/hashed-embedder.js";
import { type StatusScope, scanVectors, VectorIndex, type VectorLayer } from "./vector-index.js";

function vector(rand: () => number, dim: number, density: number): Float32Array {
  const v = new Float32Array(dim);
  for (let d = 0; d < dim; d++) if (rand() < density) v[d] = rand() * 2 - 1;
  return v;
}

interface Row {
  layer: VectorLayer;
  rowid: number;
  namespace: string;
  vector: Float32Array;
  status: string;
}

/** The reference: cosine over every row, score descending then rowid ascending. */
function bruteForce(
  rows: Row[],
  layer: VectorLayer,
  q: Float32Array,
  namespaces: string[],
  scope: StatusScope,
  limit: number,
) {
  const norm = (v: Float32Array) => Math.sqrt(v.reduce((a, x) => a + x * x, 0));
  return rows
    .filter(
      (r) =>
        r.layer === layer &&
        namespaces.includes(r.namespace) &&
        r.vector.length === q.length &&
        (scope === "active" ? r.status === "active" : r.status !== "forgotten"),
    )
    .map((r) => {
      let dot = 0;
      for (let d = 0; d < q.length; d++) dot += r.vector[d]! * q[d]!;
      const n = norm(r.vector) * norm(q);
      return { rowid: r.rowid, score: n > 0 ? dot / n : 0 };
    })
    .sort((a, b) => b.score - a.score || a.rowid - b.rowid)
    .slice(0, limit);
}

function expectSame(got: { rowid: number; score: number }[], want: { rowid: number; score: number }[]) {
  expect(got.map((h) => h.rowid)).toEqual(want.map((h) => h.rowid));
  for (const [i, h] of got.entries()) expect(h.score).toBeCloseTo(want[i]!.score, 6);
}

type Precision = "float32" | "int8";

/**
 * An index of the given precision. An int8 index re-scores from the stored vectors: here, every
 * vector it was given, by its `vectors` rowid (`vrow`), as a store's `vectors` table would answer
 * (a replaced vector has a new vrow, so asking by a stale one would score the old vector); `reads`
 * counts the rows it asked for.
 */
function makeIndex(precision: Precision) {
  const stored = new Map<string, Float32Array>();
  const reads = { rows: 0, calls: 0 };
  const index = new VectorIndex(
    precision === "int8"
      ? {
          precision,
          readExact: (layer, rowids, vrows) => {
            reads.calls++;
            reads.rows += rowids.length;
            const out = new Map<number, Float32Array>();
            for (const [i, r] of rowids.entries()) {
              const v = stored.get(`${layer}${vrows[i]}`);
              if (v) out.set(r, v);
            }
            return out;
          },
        }
      : {},
  );
  const put = index.put.bind(index);
  index.put = (layer, rowid, vrow, namespace, vector) => {
    stored.set(`${layer}${vrow}`, vector);
    put(layer, rowid, vrow, namespace, vector);
  };
  return Object.assign(index, { reads });
}

describe.each(["float32", "int8"] as const)("VectorIndex (%s)", (precision) => {
  for (const [name, density] of [
    ["sparse vectors (hashed n-grams)", 0.1],
    ["dense vectors (a model)", 1],
  ] as const)
    it(`returns exactly what a full cosine scan returns: ${name}`, () => {
      const rand = createRandom(7);
      const index = makeIndex(precision);
      const rows: Row[] = [];
      const statuses = ["active", "active", "active", "archived", "forgotten", "superseded"];
      for (let i = 1; i <= 600; i++) {
        const row: Row = {
          layer: i % 3 === 0 ? "e" : "b",
          rowid: i,
          namespace: i % 5 === 0 ? "other" : "default",
          vector: vector(rand, 48, density),
          status: statuses[Math.floor(rand() * statuses.length)]!,
        };
        rows.push(row);
        index.put(row.layer, row.rowid, i, row.namespace, row.vector);
        index.setStatus(row.layer, row.rowid, row.status);
      }
      // Replace some vectors, delete others (enough to compact a partition), change statuses.
      for (const r of rows.filter((_, i) => i % 7 === 0)) {
        r.vector = vector(rand, 48, density);
        index.put(r.layer, r.rowid, 1000 + r.rowid, r.namespace, r.vector);
      }
      const deleted = new Set(rows.filter((_, i) => i % 3 === 1).map((r) => `${r.layer}${r.rowid}`));
      for (const r of rows) if (deleted.has(`${r.layer}${r.rowid}`)) index.remove(r.layer, r.rowid);
      const kept = rows.filter((r) => !deleted.has(`${r.layer}${r.rowid}`));
      for (const r of kept.filter((_, i) => i % 11 === 0)) {
        r.status = r.status === "active" ? "archived" : "active";
        index.setStatus(r.layer, r.rowid, r.status);
      }
      for (let q = 0; q < 40; q++) {
        const query = vector(rand, 48, density);
        for (const layer of ["b", "e"] as const)
          for (const scope of ["active", "live"] as const)
            for (const namespaces of [["default"], ["default", "other"]])
              for (const limit of [1, 10, 500])
                expectSame(
                  index.search(layer, query, namespaces, scope, limit),
                  bruteForce(kept, layer, query, namespaces, scope, limit),
                );
      }
    });

  // Mostly active (the view shares the partition), a fifth archived (a copy), and a share that
  // drifts from 2% to about half archived (the view switches from shared to a copy on the way).
  it.each([
    { archived: 0.02, toggles: 0.005 },
    { archived: 0.2, toggles: 0.08 },
    { archived: 0.02, toggles: 0.08 },
  ])(
    "keeps its active view exact while rows are added, archived, restored, replaced, deleted and reloaded between searches ($archived archived at first, $toggles toggled per round)",
    ({ archived, toggles }) => {
      const rand = createRandom(23);
      const index = makeIndex(precision);
      const rows = new Map<number, Row>();
      const check = () => {
        const kept = [...rows.values()];
        for (let q = 0; q < 4; q++) {
          const query = vector(rand, 32, 0.2);
          for (const scope of ["active", "live"] as const)
            for (const limit of [1, 7, 400])
              expectSame(
                index.search("b", query, ["default"], scope, limit),
                bruteForce(kept, "b", query, ["default"], scope, limit),
              );
        }
      };
      let next = 1;
      for (let round = 0; round < 30; round++) {
        // New rows (their status set first, as the stores do), some archived at once.
        for (let i = 0; i < 20; i++) {
          const row: Row = {
            layer: "b",
            rowid: next++,
            namespace: "default",
            vector: vector(rand, 32, 0.2),
            status: rand() < archived ? "archived" : "active",
          };
          rows.set(row.rowid, row);
          index.setStatus("b", row.rowid, row.status);
          index.put("b", row.rowid, row.rowid, row.namespace, row.vector);
        }
        const all = [...rows.values()];
        for (const r of all) {
          const roll = rand();
          if (roll < toggles) {
            r.status = r.status === "active" ? "archived" : "active"; // archive, or restore
            index.setStatus("b", r.rowid, r.status);
          } else if (roll < 0.11) {
            r.vector = vector(rand, 32, 0.2);
            index.put("b", r.rowid, 10_000 + r.rowid, r.namespace, r.vector);
          } else if (roll < 0.16) {
            rows.delete(r.rowid);
            index.remove("b", r.rowid);
          }
        }
        if (round % 7 === 6) {
          // A reload of every status (what a store does after another process committed).
          index.clearStatuses("b");
          for (const r of rows.values()) index.setStatus("b", r.rowid, r.status);
        }
        check();
      }
    },
  );

  // A search walks the partition one block of 65,536 slots at a time: rows in the second and third
  // block, lists that skip a block, and ties across block edges must rank as one scan ranks them.
  // An import may bring e1000000000 (and the store's sequence goes on from there): the per-row
  // columns are kept by entry, so such rowids search as small ones do and cost what they do.
  it("searches rows far past the rows held (e1000000000 and on, 2^52) as a full scan, in what small rowids cost", () => {
    const build = (base: number) => {
      const rand = createRandom(11);
      const index = makeIndex(precision);
      const rows: Row[] = [];
      const statuses = ["active", "active", "archived", "forgotten"];
      for (let i = 1; i <= 2_000; i++) {
        // Small rowids, then a run from `base`, then a lone one at 2^52.
        const rowid = i <= 500 || base === 0 ? i : i === 2_000 ? 2 ** 52 : base + i;
        const row: Row = {
          layer: "b",
          rowid,
          namespace: i % 4 === 0 ? "other" : "default",
          vector: vector(rand, 32, 0.2),
          status: statuses[Math.floor(rand() * statuses.length)]!,
        };
        rows.push(row);
        // Some statuses are known before the row's vector (a store reads them first).
        if (i % 2 === 0) index.setStatus("b", rowid, row.status);
        index.put("b", rowid, i, row.namespace, row.vector);
        if (i % 2 === 1) index.setStatus("b", rowid, row.status);
      }
      const kept = rows.filter((_, i) => i % 9 !== 0);
      for (const [i, r] of rows.entries()) if (i % 9 === 0) index.remove("b", r.rowid);
      return { index, kept, rand };
    };
    const dense = build(0);
    for (const base of [1_000_000_000, 2 ** 40]) {
      const far = build(base);
      for (let q = 0; q < 8; q++) {
        const query = vector(far.rand, 32, 0.3);
        for (const scope of ["active", "live"] as const)
          for (const namespaces of [["default"], ["default", "other"]])
            for (const limit of [1, 10, 300])
              expectSame(
                far.index.search("b", query, namespaces, scope, limit),
                bruteForce(far.kept, "b", query, namespaces, scope, limit),
              );
      }
      // A few pages of 64 rowids beyond what the same rows at small rowids hold.
      expect(far.index.bytes() - dense.index.bytes()).toBeLessThan(64 * 1024);
    }
  });

  it("returns what a full scan returns over more than two blocks of slots, with ties, removals and status changes", () => {
    const rand = createRandom(31);
    const index = makeIndex(precision);
    const rows: Row[] = [];
    // Components from a small set (many exact ties); dimension 5 only in the first and third
    // block, so its list skips the second.
    const pick = () => [-1, -0.5, 0.5, 1][Math.floor(rand() * 4)]!;
    for (let r = 1; r <= 140_000; r++) {
      const v = new Float32Array(12);
      for (let d = 0; d < 12; d++) if (d !== 5 && rand() < 0.25) v[d] = pick();
      if ((r < 60_000 || r > 135_000) && rand() < 0.3) v[5] = pick();
      const row: Row = { layer: "b", rowid: r, namespace: "ns", vector: v, status: "active" };
      rows.push(row);
      index.put("b", r, r, "ns", v);
    }
    for (const r of rows) {
      if (r.rowid % 97 === 0) {
        r.status = "archived";
        index.setStatus("b", r.rowid, "archived");
      } else if (r.rowid % 89 === 0) {
        r.status = "forgotten";
        index.setStatus("b", r.rowid, "forgotten");
      }
    }
    const kept = rows.filter((r) => r.rowid % 83 !== 0);
    for (const r of rows) if (r.rowid % 83 === 0) index.remove("b", r.rowid);
    for (let q = 0; q < 4; q++) {
      const query = new Float32Array(12);
      for (let d = 0; d < 12; d++) if (d === 5 || rand() < 0.4) query[d] = pick();
      for (const scope of ["active", "live"] as const) {
        const want = bruteForce(kept, "b", query, ["ns"], scope, 200);
        for (const limit of [3, 200])
          expectSame(index.search("b", query, ["ns"], scope, limit), want.slice(0, limit));
      }
    }
  });

  // `load` stages postings and lays each list out once: it must hold the same lists as `put`.
  it("loads in bulk to the same searches as puts one by one, bit for bit, before and after later writes, in less memory", () => {
    const rand = createRandom(57);
    const one = makeIndex(precision);
    const bulk = makeIndex(precision);
    const rows: Row[] = [];
    const pick = () => [-1, -0.5, 0.5, 1, rand()][Math.floor(rand() * 5)]!;
    const statuses = ["active", "active", "active", "archived", "forgotten"];
    for (let r = 1; r <= 70_000; r++) {
      const dim = r % 50 === 0 ? 8 : 16;
      const v = new Float32Array(dim);
      for (let d = 0; d < dim; d++) if (rand() < 0.3) v[d] = pick();
      const layer: VectorLayer = r % 9 === 0 ? "e" : "b";
      rows.push({
        layer,
        rowid: r,
        namespace: r % 7 === 0 ? "other" : "ns",
        vector: v,
        status: pick2(statuses),
      });
    }
    function pick2<T>(xs: readonly T[]): T {
      return xs[Math.floor(rand() * xs.length)]!;
    }
    for (const r of rows) one.put(r.layer, r.rowid, r.rowid, r.namespace, r.vector);
    bulk.load(rows.map((r) => [r.layer, r.rowid, r.rowid, r.namespace, r.vector] as const));
    for (const r of rows) {
      one.setStatus(r.layer, r.rowid, r.status);
      bulk.setStatus(r.layer, r.rowid, r.status);
    }
    expect(bulk.size).toBe(one.size);
    // Each list at its length plus a sixteenth: the room left is a fraction of what doubling leaves.
    const postings = rows.reduce((n, r) => n + r.vector.filter((x) => x !== 0).length, 0);
    const perPosting = precision === "int8" ? 3 : 6;
    expect(one.bytes() - bulk.bytes()).toBeGreaterThan(0.08 * postings * perPosting);
    const compare = () => {
      for (let q = 0; q < 4; q++) {
        const dim = q % 2 === 0 ? 8 : 16;
        const query = new Float32Array(dim);
        for (let d = 0; d < dim; d++) if (rand() < 0.5) query[d] = pick();
        for (const layer of ["b", "e"] as const)
          for (const namespaces of [["ns"], ["ns", "other"], ["other"]])
            for (const scope of ["active", "live"] as const)
              for (const limit of [1, 40]) {
                const hits = bulk.search(layer, query, namespaces, scope, limit);
                expect(hits).toEqual(one.search(layer, query, namespaces, scope, limit));
                // Never across a namespace: "other" holds the loaded rows whose rowid is a multiple of 7.
                const inOther = (rowid: number) => rowid <= 70_000 && rowid % 7 === 0;
                if (namespaces.length === 1)
                  for (const h of hits) expect(inOther(h.rowid)).toBe(namespaces[0] === "other");
              }
      }
    };
    compare();
    // Later writes: new rows (past the lists' room), replaced and removed rows (a compaction), status changes.
    for (let r = 70_001; r <= 80_000; r++) {
      const v = new Float32Array(16);
      for (let d = 0; d < 16; d++) if (rand() < 0.3) v[d] = pick();
      one.put("b", r, r, "ns", v);
      bulk.put("b", r, r, "ns", v);
    }
    for (let r = 2; r <= 70_000; r += 3) {
      one.remove(rows[r - 1]!.layer, r);
      bulk.remove(rows[r - 1]!.layer, r);
    }
    for (let r = 1; r <= 70_000; r += 11) {
      one.setStatus(rows[r - 1]!.layer, r, "archived");
      bulk.setStatus(rows[r - 1]!.layer, r, "archived");
    }
    compare();
  });

  it("ranks rows the query does not touch (score 0) above negative ones, ties by rowid", () => {
    const index = makeIndex(precision);
    const v = (...xs: number[]) => Float32Array.from(xs);
    index.put("b", 3, 1, "ns", v(0, 1, 0));
    index.put("b", 1, 2, "ns", v(0, 0, 1));
    index.put("b", 2, 3, "ns", v(-1, 0, 0));
    index.put("b", 4, 4, "ns", v(1, 0, 0));
    const hits = index.search("b", v(1, 0, 0), ["ns"], "active", 10);
    expect(hits.map((h) => h.rowid)).toEqual([4, 1, 3, 2]);
    expect(hits.map((h) => h.score)).toEqual([1, 0, 0, -1]);
  });

  it("keeps the lowest rowids among rows tied at the last place kept, in any insertion order", () => {
    // Rows tied with the k-th score still compete on rowid: a tie at the floor is offered, not skipped.
    const index = makeIndex(precision);
    const v = (...xs: number[]) => Float32Array.from(xs);
    const rowids = Array.from({ length: 40 }, (_, i) => ((i * 17) % 40) + 1); // 1..40, shuffled
    for (const r of rowids) index.put("b", r, r, "ns", r % 2 === 0 ? v(1, 1, 0) : v(1, 0, 0));
    for (const scope of ["active", "live"] as const) {
      const hits = index.search("b", v(1, 0, 0), ["ns"], scope, 25);
      // The 20 odd rowids score 1, then the even ones tie at 1/√2: the 5 lowest of them.
      expect(hits.map((h) => h.rowid)).toEqual([
        ...Array.from({ length: 20 }, (_, i) => 2 * i + 1),
        ...[2, 4, 6, 8, 10],
      ]);
    }
  });

  it("copies no rows for active searches when nearly all are active, and only the active ones when most are archived", () => {
    const rand = createRandom(5);
    const filled = (archived: (rowid: number) => boolean) => {
      const index = makeIndex(precision);
      for (let r = 1; r <= 2000; r++) {
        index.setStatus("b", r, archived(r) ? "archived" : "active");
        index.put("b", r, r, "ns", vector(rand, 48, 0.2));
      }
      index.trim();
      return index;
    };
    const grown = (index: VectorIndex) => {
      const before = index.bytes();
      index.search("b", vector(rand, 48, 0.2), ["ns"], "active", 5);
      return index.bytes() / before;
    };
    // One row in 100 archived: the active view is the partition itself.
    expect(grown(filled((r) => r % 100 === 0))).toBeLessThan(1.01);
    // Nine in ten archived: a copy of the tenth that is active, and no more.
    const copy = grown(filled((r) => r % 10 !== 0));
    expect(copy).toBeGreaterThan(1.05);
    expect(copy).toBeLessThan(1.3);
  });

  it("searches only the query's dimension and namespaces, and treats unknown statuses as active", () => {
    const index = makeIndex(precision);
    index.put("b", 1, 1, "a", Float32Array.from([1, 0]));
    index.put("b", 2, 2, "a", Float32Array.from([1, 0, 0]));
    index.put("b", 3, 3, "b", Float32Array.from([1, 0]));
    expect(index.search("b", Float32Array.from([1, 0]), ["a"], "active", 5).map((h) => h.rowid)).toEqual([1]);
    index.setStatus("b", 1, "forgotten");
    expect(index.search("b", Float32Array.from([1, 0]), ["a", "b"], "live", 5).map((h) => h.rowid)).toEqual([
      3,
    ]);
  });
});

describe("VectorIndex int8: the float32 index's hits and scores, in a quarter of the memory", () => {
  const words =
    "billing gateway owner staging deploy region retry limit cache ttl queue worker node version postgres alice bob carol plan tier".split(
      " ",
    );
  const sentence = (rand: () => number) =>
    Array.from({ length: 3 + Math.floor(rand() * 6) }, () => words[Math.floor(rand() * words.length)]!).join(
      " ",
    );

  for (const [name, make] of [
    ["hashed n-gram vectors of random sentences", (rand: () => number) => embedText(sentence(rand), 384)],
    ["dense random vectors", (rand: () => number) => vector(rand, 64, 1)],
    ["sparse random vectors", (rand: () => number) => vector(rand, 96, 0.08)],
  ] as const)
    it(`equals the exact index bit for bit on a random set: ${name}`, () => {
      const rand = createRandom(101);
      const exact = makeIndex("float32");
      const compact = makeIndex("int8");
      const rows: { rowid: number; vector: Float32Array; status: string }[] = [];
      for (let rowid = 1; rowid <= 2000; rowid++) {
        const row = { rowid, vector: make(rand), status: rand() < 0.3 ? "archived" : "active" };
        rows.push(row);
        for (const index of [exact, compact]) {
          index.setStatus("b", rowid, row.status);
          index.put("b", rowid, rowid, "ns", row.vector);
        }
      }
      let searches = 0;
      for (let q = 0; q < 25; q++) {
        const query = make(rand);
        for (const scope of ["active", "live"] as const)
          for (const limit of [1, 5, 20, 200]) {
            const want = exact.search("b", query, ["ns"], scope, limit);
            expect(compact.search("b", query, ["ns"], scope, limit)).toEqual(want);
            searches++;
            if (scope === "active")
              expect(
                scanVectors(
                  query,
                  rows.filter((r) => r.status === "active"),
                  limit,
                ),
              ).toEqual(want);
          }
      }
      // It re-reads only the rows its bound cannot rule out: about the limit itself (57 on average
      // over these limits), not the 2,000.
      expect(compact.reads.calls).toBeGreaterThan(0);
      expect(compact.reads.rows / searches).toBeLessThan(120);
      expect(exact.reads.calls).toBe(0);
    });

  it("re-reads the rows best upper bound first, and stops once no row left can enter: the same hits from fewer rows", () => {
    const rand = createRandom(202);
    const exact = makeIndex("float32");
    const compact = makeIndex("int8");
    // Short sentences over twenty words: many rows near any query, so many upper bounds reach
    // the first floor, while the exact scores spread out.
    for (let rowid = 1; rowid <= 3000; rowid++) {
      const v = embedText(sentence(rand), 384);
      for (const index of [exact, compact]) index.put("b", rowid, rowid, "ns", v);
    }
    for (let q = 0; q < 30; q++) {
      const query = embedText(sentence(rand), 384);
      for (const limit of [1, 10, 50])
        expect(compact.search("b", query, ["ns"], "active", limit)).toEqual(
          exact.search("b", query, ["ns"], "active", limit),
        );
    }
    expect(compact.work.reread).toBe(compact.reads.rows);
    // Reading every row whose upper bound reached the first floor (as before) would read them all
    // (here 2,140; this reads 2,036: at 1M beliefs 0.77 of them).
    expect(compact.work.reread).toBeLessThan(compact.work.candidates);
  });

  it("bounds each row by its own largest rounding error: rows its codes hold exactly are hardly read again", () => {
    const exact = makeIndex("float32");
    const compact = makeIndex("int8");
    // Every component a whole number of steps (127, and 0…126 beside it): each code is exact, so a
    // row's bound is a 510th of a step, not half a step. Near its top the cosine with (1, 1) is
    // flat, so the best rows' scores lie within half a step's bound of each other.
    for (let rowid = 1; rowid <= 400; rowid++) {
      const v = new Float32Array(16);
      v[0] = 127;
      v[1] = rowid % 127;
      for (const index of [exact, compact]) index.put("b", rowid, rowid, "ns", v);
    }
    const query = new Float32Array(16);
    query[0] = 1;
    query[1] = 1;
    for (const limit of [1, 5, 20])
      expect(compact.search("b", query, ["ns"], "active", limit)).toEqual(
        exact.search("b", query, ["ns"], "active", limit),
      );
    // The rows whose upper bound reaches the floor over the three searches: 33, the 26 hits and
    // ties (264 with half a step for every row).
    expect(compact.work.candidates).toBeLessThan(40);
    expect(compact.work.reread).toBeLessThanOrEqual(compact.work.candidates);
  });

  it("re-reads nothing for rows sharing no dimension with the query (their score is exactly 0)", () => {
    const index = makeIndex("int8");
    const v = (...xs: number[]) => Float32Array.from(xs);
    for (let r = 1; r <= 10; r++) index.put("b", r, r, "ns", v(0, 0, 1, r / 10));
    expect(index.search("b", v(1, 1, 0, 0), ["ns"], "active", 3)).toEqual([
      { rowid: 1, score: 0 },
      { rowid: 2, score: 0 },
      { rowid: 3, score: 0 },
    ]);
    expect(index.reads.rows).toBe(0);
  });

  it("refuses int8 without a way to read the stored vectors", () => {
    expect(() => new VectorIndex({ precision: "int8" })).toThrow(/readExact/);
  });
});
