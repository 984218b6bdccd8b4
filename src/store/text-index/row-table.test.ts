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
});
