/**
 * The in-process BM25 index against FTS5 itself, each namespace's rows in an FTS5 table of their
 * own (statistics are per namespace): on a random corpus (several namespaces and statuses, forgotten rows blanked, words common enough to floor their IDF) and random OR
 * queries of up to 24 terms, every row FTS5 matches comes back with `-rank` as its score, in
 * FTS5's order (ties by rowid), before and after rows are removed, rewritten and moved between
 * statuses.
 */
import { describe, expect, it } from "vitest";
import { Fts5Reference } from "../../../test/support/fts5-reference.js";
import { createRandom } from "../../../test/support/random.js";
import { Fts5Tokenizer } from "./fts5-tokenizer.js";
import { type TextHit, TextIndex, type TextRow } from "./text-index.js";

const rand = createRandom(20261129);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

const STEMS = (
  "retry limit gateway billing staging production sandbox owner region timeout database primary deploy " +
  "failure success observe decide question tension cache queue worker schedule budget latency error " +
  "connect restart migrate rollback release feature flag metric alert page incident review"
).split(" ");
const ENDINGS = ["", "", "", "s", "ed", "ing", "er", "ation", "ness", "al"];
/** Each word drawn with probability ~ 1/rank: a few are in most rows, most in few. */
const WORDS = STEMS.flatMap((s) => ENDINGS.map((e) => s + e));
const zipf = () =>
  WORDS[Math.min(WORDS.length - 1, Math.floor(Math.exp(rand() * Math.log(WORDS.length + 1)) - 1))]!;
const NAMESPACES = ["alpha", "beta", "gamma"];
const STATUSES = ["active", "active", "archived", "archived", "archived", "retired", "forgotten"];

function randomRow(): TextRow {
  const status = pick(STATUSES);
  const words = Array.from({ length: 1 + Math.floor(rand() * 30) }, zipf);
  if (rand() < 0.1)
    words.push(`${pick(WORDS).toUpperCase()}!`, `v${Math.floor(rand() * 20)}.${Math.floor(rand() * 3)}`);
  const text = status === "forgotten" || rand() < 0.01 ? "" : words.join(rand() < 0.5 ? " " : ", ");
  return { namespace: pick(NAMESPACES), status, current: status === "active", text };
}

function randomQuery(): string[] {
  const terms = Array.from({ length: 1 + Math.floor(rand() * 24) }, () =>
    rand() < 0.08 ? `unseen${Math.floor(rand() * 5)}` : rand() < 0.5 ? zipf() : pick(WORDS),
  );
  if (rand() < 0.2) terms.push(terms[0]!); // a repeated phrase counts twice in FTS5
  return terms;
}

/** Scores compared, and how many differed from FTS5's in any bit. */
const compared = { scores: 0, inexact: 0 };

/** The rows in the same order, and each score within 1e-9 of FTS5's, relatively. */
function expectSameRanking(mine: TextHit[], fts5: TextHit[]): void {
  expect(mine.map((h) => h.rowid)).toEqual(fts5.map((h) => h.rowid));
  const worst = Math.max(0, ...mine.map((h, i) => Math.abs(h.score - fts5[i]!.score) / fts5[i]!.score));
  expect(worst).toBeLessThanOrEqual(1e-9);
  compared.scores += mine.length;
  compared.inexact += mine.filter((h, i) => h.score !== fts5[i]!.score).length;
}

describe("TextIndex against FTS5's bm25", () => {
  const index = new TextIndex();
  const reference = new Fts5Reference();
  const rows = new Map<number, TextRow>();
  const put = (rowid: number, row: TextRow) => {
    rows.set(rowid, row);
    index.put("b", rowid, row);
    reference.put(rowid, row);
  };
  for (let rowid = 1; rowid <= 4000; rowid++) put(rowid, randomRow());
  const queries = Array.from({ length: 150 }, randomQuery);

  const compareAll = () => {
    const everyStatus = { currentOnly: false, statuses: [...new Set(STATUSES)] };
    let matched = 0;
    for (const terms of queries) {
      const phrases = index.phrases(terms);
      expect(phrases).not.toBeNull();
      const ranking = index.search("b", phrases!, NAMESPACES, everyStatus);
      const mine = ranking.take(ranking.size);
      expectSameRanking(mine, reference.search(terms));
      matched += mine.length;
      // The active rows of one namespace: only the current partition is scored.
      const active = index.search("b", phrases!, ["beta"], { currentOnly: true, statuses: ["active"] });
      expectSameRanking(
        active.take(active.size),
        reference.search(terms, { namespaces: ["beta"], statuses: ["active"] }),
      );
      // Archived rows, through the other partition's status check; taken in pieces.
      const archived = index.search("b", phrases!, ["gamma"], { currentOnly: false, statuses: ["archived"] });
      const pieces = [...archived.take(3), ...archived.take(10), ...archived.take(archived.size)];
      expectSameRanking(pieces, reference.search(terms, { namespaces: ["gamma"], statuses: ["archived"] }));
    }
    // The corpus makes the queries match: thousands of rows, so ties and floors are exercised.
    expect(matched).toBeGreaterThan(50_000);
  };

  /** N (every row, empty ones too) and Σ lengths, as FTS5 counts them. */
  const fts5Stats = () => ({
    rows: (reference.db.prepare("SELECT count(*) AS n FROM t").get() as { n: number }).n,
    tokens: (reference.db.prepare("SELECT sum(cnt) AS n FROM v").get() as { n: number }).n,
  });
  reference.db.exec("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')");

  it("keeps FTS5's statistics: every row counts, forgotten and empty ones too", () => {
    expect(index.stats("b")).toEqual(fts5Stats());
    expect(index.stats("b").rows).toBe(4000);
  });

  it("scores and orders every match as FTS5 does", () => {
    compareAll();
  });

  it("still does after rows are removed, rewritten (compacting partitions) and change status", () => {
    const ids = [...rows.keys()];
    for (let i = 0; i < 1500; i++) {
      const rowid = pick(ids);
      const r = rand();
      if (r < 0.3 && rows.has(rowid)) {
        rows.delete(rowid);
        index.remove("b", rowid);
        reference.remove(rowid);
      } else if (r < 0.6) put(rowid, randomRow());
      else {
        const row = rows.get(rowid);
        if (!row) continue;
        const status = pick(STATUSES);
        put(rowid, {
          ...row,
          status,
          current: status === "active",
          text: status === "forgotten" ? "" : row.text,
        });
      }
    }
    for (let rowid = 4001; rowid <= 4500; rowid++) put(rowid, randomRow());
    expect(index.stats("b")).toEqual(fts5Stats());
    expect(index.stats("b").rows).toBe(rows.size);
    compareAll();
  });

  it("builds a non-current partition's postings on its first search, with the rows added before it", () => {
    const lazy = new TextIndex();
    lazy.load(
      "b",
      [...rows].filter(([rowid]) => rowid % 2 === 0),
    );
    const terms = ["report", "deploy", "gateway", "billing", "retry", "owner"];
    const phrases = lazy.phrases(terms)!;
    lazy.search("b", phrases, NAMESPACES, { currentOnly: true, statuses: ["active"] });
    const current = lazy.bytes("b");
    // Rows added (and one rewritten) while the archived postings are not built yet.
    for (const [rowid, row] of rows) if (rowid % 2 === 1) lazy.put("b", rowid, row);
    const archived = lazy.search("b", phrases, ["gamma"], { currentOnly: false, statuses: ["archived"] });
    expect(lazy.bytes("b")).toBeGreaterThan(current * 1.2);
    expectSameRanking(
      archived.take(archived.size),
      reference.search(terms, { namespaces: ["gamma"], statuses: ["archived"] }),
    );
    expect(archived.size).toBeGreaterThan(10);
  });

  // Same arithmetic in the same order, and C's log() for the IDF: the same doubles. (A compiler
  // that fuses multiply-adds, as on arm64, could move FTS5's last bit; x64 builds do not.)
  it.skipIf(process.arch !== "x64")("gives bit-identical scores on x64", () => {
    expect(compared.scores).toBeGreaterThan(100_000);
    expect(compared.inexact).toBe(0);
  });

  it("keeps a word said 255 times or more exact (the packed layout's escapes), searched, pruned and compacted", () => {
    const small = new TextIndex();
    const ref = new Fts5Reference();
    const said = [1, 2, 254, 255, 256, 300, 1000];
    const corpus = new Map<number, TextRow>();
    for (let rowid = 1; rowid <= 400; rowid++) {
      const times = said[rowid % said.length]!;
      const filler = Array.from({ length: 1 + (rowid % 5) }, () => pick(WORDS)).join(" ");
      const text = `${Array.from({ length: times }, () => (rowid % 3 === 0 ? "gateway" : "billing")).join(" ")} ${filler}`;
      const status = rowid % 4 === 0 ? "archived" : "active";
      corpus.set(rowid, { namespace: "alpha", status, current: status === "active", text });
    }
    // Half loaded in bulk (postings built at once), half put one by one (postings grown).
    small.load(
      "b",
      [...corpus].filter(([rowid]) => rowid <= 200),
    );
    for (const [rowid, row] of corpus) if (rowid > 200) small.put("b", rowid, row);
    for (const [rowid, row] of corpus) ref.put(rowid, row);
    const check = () => {
      for (const terms of [["gateway"], ["billing", "gateway"], ["gateway", pick(WORDS)]]) {
        const phrases = small.phrases(terms)!;
        for (const scope of [
          { currentOnly: true, statuses: ["active"] },
          { currentOnly: false, statuses: ["archived"] },
        ]) {
          const expected = ref.search(terms, { namespaces: ["alpha"], statuses: [scope.statuses[0]!] });
          const all = small.search("b", phrases, ["alpha"], scope);
          expectSameRanking(all.take(all.size), expected);
          // Pruned: the exhaustive search's first five, bit for bit.
          const pruned = small.search("b", phrases, ["alpha"], scope, 5);
          expect(pruned.take(5)).toEqual(small.search("b", phrases, ["alpha"], scope).take(5));
        }
      }
    };
    check();
    // 150 removals: more than a quarter of the current partition is dead, so it compacts.
    for (let rowid = 1; rowid <= 400; rowid += 2) {
      if (rowid % 4 === 0 || rowid > 300) continue;
      small.remove("b", rowid);
      ref.remove(rowid);
    }
    check();
  });

  it("holds a row's pair in 4 bytes and a posting in 5, after a bulk load", () => {
    const active = [...rows].map(
      ([rowid, row]) => [rowid, { ...row, status: "active", current: true }] as const,
    );
    const loaded = new TextIndex();
    loaded.load("b", active);
    const tokenizer = new Fts5Tokenizer();
    let pairs = 0;
    const terms = new Set<string>();
    for (const [, row] of active) {
      const distinct = new Set(tokenizer.tokenize(row.text));
      pairs += distinct.size;
      for (const t of distinct) terms.add(`${row.namespace} ${t}`);
    }
    // Per row: rowid 8, length 4, status 1, alive 1, pool offset 4 and pair count 4 (22 bytes,
    // arrays grown by doubling: at most 2×); per list a count word and a spare tf byte; per
    // partition the pool's 256 spare words.
    const rowBytes = 2 * 22 * active.length;
    const budget = rowBytes + (4 + 5) * pairs + 5 * terms.size + NAMESPACES.length * 1024;
    expect(pairs).toBeGreaterThan(20_000);
    expect(loaded.bytes("b")).toBeLessThanOrEqual(budget);
    // The earlier layout (8 bytes a pair, 8 a posting) would not fit.
    expect(rowBytes / 2 + (8 + 8) * pairs).toBeGreaterThan(budget);
  });

  it("hands a multi-token term back to FTS5 (a phrase) and ignores terms no row holds", () => {
    expect(index.phrases(["retry", "us-east"])).toBeNull();
    expect(index.phrases(["'"])).toBeNull();
    expect(index.phrases(["Retrying", "GATEWAYS"])).toEqual(["retri", "gatewai"]);
    const none = index.search("b", ["neverseen"], NAMESPACES, { currentOnly: false, statuses: null });
    expect(none.size).toBe(0);
  });
});
