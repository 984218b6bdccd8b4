/**
 * Max-score pruning (`search` with `top`) against the exhaustive search of the same index: on a
 * random corpus (namespaces, statuses, words from common to rare, many rows of equal length so
 * scores tie) and random OR queries, the first `top` hits are the same rows with the same scores
 * to the last bit, in the same order; asking for more goes on exactly as the exhaustive ranking
 * does; and this holds after removals and rewrites leave the lists' bounds loose. A query with a
 * rare word must actually skip the long lists of the common ones.
 */
import { describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import { TextIndex, type TextRow, type TextScope } from "./text-index.js";

const rand = createRandom(20261201);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

const STEMS = (
  "retry limit gateway billing staging production sandbox owner region timeout database primary deploy " +
  "cache queue worker schedule budget latency error connect restart migrate rollback release feature"
).split(" ");
const ENDINGS = ["", "", "s", "ed", "ing", "er", "ation"];
const WORDS = STEMS.flatMap((s) => ENDINGS.map((e) => s + e));
/** Word rank ~ Zipf: a few words are in most rows, most in few. */
const zipf = () =>
  WORDS[Math.min(WORDS.length - 1, Math.floor(Math.exp(rand() * Math.log(WORDS.length + 1)) - 1))]!;
const NAMESPACES = ["alpha", "beta"];
const STATUSES = ["active", "active", "active", "archived", "retired", "forgotten"];

function randomRow(): TextRow {
  const status = pick(STATUSES);
  // Half the rows are 6 words long: equal lengths give equal scores, so ties by rowid are exercised.
  const length = rand() < 0.5 ? 6 : 1 + Math.floor(rand() * 20);
  const words = Array.from({ length }, zipf);
  return { namespace: pick(NAMESPACES), status, current: status === "active", text: words.join(" ") };
}

const randomQuery = () =>
  Array.from({ length: 1 + Math.floor(rand() * 8) }, () => (rand() < 0.3 ? pick(WORDS) : zipf()));

const SCOPES: TextScope[] = [
  { currentOnly: true, statuses: ["active"] },
  { currentOnly: false, statuses: null },
  { currentOnly: false, statuses: ["archived", "retired"] },
];

function comparePruned(index: TextIndex, queries: string[][]): { pruned: number; full: number } {
  let pruned = 0;
  let full = 0;
  for (const terms of queries) {
    const phrases = index.phrases(terms)!;
    for (const scope of SCOPES)
      for (const namespaces of [["alpha"], NAMESPACES]) {
        const exhaustive = index.search("b", phrases, namespaces, scope);
        const all = exhaustive.take(exhaustive.size);
        for (const top of [1, 10, 60]) {
          const ranking = index.search("b", phrases, namespaces, scope, top);
          pruned += ranking.size;
          full += all.length;
          // Bit for bit: toEqual compares the scores as doubles.
          expect(ranking.take(top)).toEqual(all.slice(0, top));
          if (top !== 10) continue;
          // Past `top`: the whole search, going on from where the first batch stopped.
          expect(ranking.take(3)).toEqual(all.slice(top, top + 3));
          expect(ranking.take(all.length)).toEqual(all.slice(top + 3));
        }
      }
  }
  return { pruned, full };
}

describe("TextIndex max-score pruning", () => {
  const index = new TextIndex();
  const rows = new Map<number, TextRow>();
  for (let rowid = 1; rowid <= 2000; rowid++) {
    const row = randomRow();
    rows.set(rowid, row);
    index.put("b", rowid, row);
  }
  const queries = Array.from({ length: 24 }, randomQuery);

  it("gives the exhaustive search's first `top` hits, bit for bit, and the rest on asking", () => {
    const { pruned, full } = comparePruned(index, queries);
    // It scored fewer rows in full than matched (else nothing was pruned).
    expect(pruned).toBeLessThan(full * 0.8);
  });

  it("stays exact after removals and rewrites leave the lists' bounds loose", () => {
    const ids = [...rows.keys()];
    for (let i = 0; i < 800; i++) {
      const rowid = pick(ids);
      if (rand() < 0.5) {
        rows.delete(rowid);
        index.remove("b", rowid);
      } else {
        const row = randomRow();
        rows.set(rowid, row);
        index.put("b", rowid, row);
      }
    }
    comparePruned(index, queries);
  });

  it("stays exact on a bulk-loaded index and on a lazily built non-current partition", () => {
    const loaded = new TextIndex();
    loaded.load("b", [...rows]);
    comparePruned(loaded, queries.slice(0, 10));
  });

  it("skips the long lists of common words when a rare word decides the top", () => {
    const small = new TextIndex();
    for (let rowid = 1; rowid <= 2000; rowid++)
      small.put("b", rowid, {
        namespace: "alpha",
        status: "active",
        current: true,
        text: rowid % 400 === 0 ? "gateway owner zanzibar" : "gateway owner staging",
      });
    const phrases = small.phrases(["gateway", "owner", "zanzibar"])!;
    const scope = { currentOnly: true, statuses: ["active"] };
    const exhaustive = small.search("b", phrases, ["alpha"], scope);
    const pruned = small.search("b", phrases, ["alpha"], scope, 5);
    expect(exhaustive.size).toBe(2000);
    // The five "zanzibar" rows outscore anything the common lists alone can give: only they are kept.
    expect(pruned.size).toBe(5);
    expect(pruned.take(5)).toEqual(exhaustive.take(5));
  });

  it("bounds a candidate by its own length: long rows of the rare word are not looked up elsewhere", () => {
    const small = new TextIndex();
    let rowid = 0;
    const put = (text: string, times: number) => {
      for (let i = 0; i < times; i++)
        small.put("b", ++rowid, { namespace: "alpha", status: "active", current: true, text });
    };
    const padding = Array.from({ length: 20 }, (_, i) => `pad${i}`).join(" ");
    put("zanzibar owner", 5);
    put(`zanzibar ${padding}`, 200);
    put("gateway owner", 300);
    put("filler", 1500);
    // zanzibar (the rarest) is the essential list; gateway and owner are not. A long zanzibar row
    // scores far below the short "zanzibar owner" rows, even with gateway and owner at its length;
    // bounded at the lists' shortest rows instead, each would be looked up in gateway's list.
    const phrases = small.phrases(["owner", "gateway", "zanzibar"])!;
    const scope = { currentOnly: true, statuses: ["active"] };
    const exhaustive = small.search("b", phrases, ["alpha"], scope);
    const all = exhaustive.take(exhaustive.size);
    const pruned = small.search("b", phrases, ["alpha"], scope, 5);
    expect(small.work.lookedUp).toBeLessThan(20);
    expect(pruned.take(5)).toEqual(all.slice(0, 5));
    expect(pruned.take(10)).toEqual(all.slice(5, 15));
  });

  it("leaps over the essential list's rows that lack a list every top row must hold", () => {
    const small = new TextIndex();
    let rowid = 0;
    const put = (text: string) =>
      small.put("b", ++rowid, { namespace: "alpha", status: "active", current: true, text });
    // zanzibar (the rarest) is the one essential list once θ has grown; no row without gateway can
    // reach θ (the "zanzibar gateway" rows' score), so gateway is required: the walk of zanzibar's
    // list leaps from one gateway row to the next instead of reading its 2,000 other rows.
    for (let i = 0; i < 2100; i++) {
      put(i % 21 === 0 ? "zanzibar gateway" : "zanzibar filler");
      put("gateway filler");
      put("filler");
      put("filler other");
      put("filler other words");
    }
    const phrases = small.phrases(["gateway", "zanzibar"])!;
    const scope = { currentOnly: true, statuses: ["active"] };
    const exhaustive = small.search("b", phrases, ["alpha"], scope);
    const all = exhaustive.take(exhaustive.size);
    const pruned = small.search("b", phrases, ["alpha"], scope, 5);
    // 100 "zanzibar gateway" rows, walked; without the leaps every zanzibar row is (2,100).
    expect(small.work.walked).toBeLessThan(300);
    expect(pruned.take(5)).toEqual(all.slice(0, 5));
    expect(pruned.take(10)).toEqual(all.slice(5, 15));
  });

  it("walks two words every row holds both or neither of as one list", () => {
    const small = new TextIndex();
    let rowid = 0;
    const put = (text: string) =>
      small.put("b", ++rowid, { namespace: "alpha", status: "active", current: true, text });
    // "deploy" and "day" always occur together (the same posting slots). Apart, the rarer one is
    // walked and each of its rows looked up in the other's list; as one list, no row is looked up.
    for (let i = 0; i < 1050; i++) {
      put(`deploy day ${"filler ".repeat(i % 7)}`);
      put("gateway filler");
      put("filler");
      put("filler other");
    }
    const phrases = small.phrases(["deploy", "day"])!;
    const scope = { currentOnly: true, statuses: ["active"] };
    const exhaustive = small.search("b", phrases, ["alpha"], scope);
    const all = exhaustive.take(exhaustive.size);
    const pruned = small.search("b", phrases, ["alpha"], scope, 5);
    expect(small.work.lookedUp).toBeLessThan(100);
    expect(pruned.take(5)).toEqual(all.slice(0, 5));
    expect(pruned.take(10)).toEqual(all.slice(5, 15));
    // With a third word, and a word asked twice (its own twin): the exhaustive search's hits.
    for (const words of [
      ["gateway", "deploy", "day"],
      ["day", "gateway", "day"],
    ]) {
      const asked = small.phrases(words)!;
      const every = small.search("b", asked, ["alpha"], scope).take(30);
      const best = small.search("b", asked, ["alpha"], scope, 7);
      expect(best.take(7)).toEqual(every.slice(0, 7));
      expect(best.take(20)).toEqual(every.slice(7, 27));
    }
  });

  it("requires a list once the rows lacking it lack the lists within it too", () => {
    const small = new TextIndex();
    let rowid = 0;
    const put = (text: string) =>
      small.put("b", ++rowid, { namespace: "alpha", status: "active", current: true, text });
    // "cron" only comes as "cron job" (its list within job's), "job" also as "batch job". No row
    // holds all four words; the best hold analytics, cron and job. A row without job lacks cron
    // too, so it reaches at most analytics and staging: job is required, and the walk of the
    // analytics and cron lists leaps over the 1,200 analytics rows without job.
    for (let i = 0; i < 60; i++) put("analytics cron job");
    for (let i = 0; i < 1200; i++) {
      put(`cron job ${"filler ".repeat(i % 5)}`);
      if (i % 12 === 0) put("batch job filler");
      put("analytics filler");
      put("filler other");
    }
    for (let i = 0; i < 1260; i++) put("staging filler");
    const phrases = small.phrases(["analytics", "cron", "job", "staging"])!;
    const scope = { currentOnly: true, statuses: ["active"] };
    const exhaustive = small.search("b", phrases, ["alpha"], scope);
    const all = exhaustive.take(exhaustive.size);
    const pruned = small.search("b", phrases, ["alpha"], scope, 5);
    // 1,270 here; 2,530 (both lists, every row) without the rule.
    expect(small.work.walked).toBeLessThan(1800);
    expect(pruned.take(5)).toEqual(all.slice(0, 5));
    expect(pruned.take(100)).toEqual(all.slice(5, 105));
    for (const top of [1, 20, 70]) {
      const again = small.search("b", phrases, ["alpha"], scope, top);
      expect(again.take(top)).toEqual(all.slice(0, top));
    }
  });
});
