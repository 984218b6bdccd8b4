/**
 * The rowid → entry table against a `Map` on a seeded mix of dense small rowids and sparse large
 * ones (set, replace, delete), including rowids that move from the map into the array as it grows.
 */
import { describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import { RowTable } from "./row-table.js";

describe("RowTable", () => {
  it("answers as a Map does, for dense and sparse rowids", () => {
    const rand = createRandom(20261202);
    const table = new RowTable();
    const reference = new Map<number, number>();
    const rowid = () =>
      rand() < 0.8 ? Math.floor(rand() * 20_000) : 1_000_000_000 + Math.floor(rand() * 1_000_000_000_000);
    const seen: number[] = [];
    for (let i = 0; i < 30_000; i++) {
      const r = rand() < 0.3 && seen.length > 0 ? seen[Math.floor(rand() * seen.length)]! : rowid();
      seen.push(r);
      if (rand() < 0.2) {
        table.delete(r);
        reference.delete(r);
      } else {
        const e = Math.floor(rand() * (2 ** 31 - 2));
        table.set(r, e);
        reference.set(r, e);
      }
      expect(table.size).toBe(reference.size);
    }
    for (const r of seen) expect(table.get(r)).toBe(reference.get(r));
    expect(table.get(123_456_789)).toBeUndefined();
    // A rowid first put far past the rows held, then covered as the array grows.
    const late = new RowTable();
    late.set(5_000, 1);
    for (let r = 0; r < 4_000; r++) late.set(r, r + 10);
    expect(late.get(5_000)).toBe(1);
    expect(late.get(3_999)).toBe(4_009);
    expect(late.size).toBe(4_001);
  });

  it("holds far rowids in pages: memory follows the rows, not the largest rowid, and survives a hand-over", () => {
    const table = new RowTable();
    for (let r = 1; r <= 100; r++) table.set(r, r);
    // An imported e1000000000, the store's sequence after it, and a lone 2^52.
    for (let r = 1_000_000_000; r < 1_000_010_000; r++) table.set(r, r - 999_999_000);
    table.set(2 ** 52, 7);
    expect(table.size).toBe(10_101);
    expect(table.get(1_000_000_000)).toBe(1_000);
    expect(table.get(1_000_009_999)).toBe(10_999);
    expect(table.get(1_000_010_000)).toBeUndefined();
    expect(table.get(2 ** 52)).toBe(7);
    expect(table.get(2 ** 52 + 1)).toBeUndefined();
    // 10,000 far rows: 157 pages of 64 (~40 KB) beside the 4 KB array, not gigabytes.
    expect(table.bytes()).toBeLessThan(64 * 1024);
    const copy = RowTable.adopt(structuredClone(table.exported()));
    for (const r of [5, 1_000_000_000, 1_000_005_555, 2 ** 52]) expect(copy.get(r)).toBe(table.get(r));
    expect(copy.size).toBe(table.size);
    for (let r = 1_000_000_000; r < 1_000_010_000; r++) table.delete(r);
    expect(table.size).toBe(101);
    expect(table.bytes()).toBeLessThan(8 * 1024);
  });
});
