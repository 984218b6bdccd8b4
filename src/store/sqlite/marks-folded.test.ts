/**
 * `MARKS_FOLDED_IN_FULL_TEXT` on SQLite: a question typed without marks finds a statement typed
 * with them, and the other way round, for letters with one mark ("café", "São") and with two
 * (Vietnamese "Nẵng", "Nguyễn"); cold (FTS5) and warm (the in-process index) alike. A store written
 * before schema 11 (FTS5's default `remove_diacritics 1`) is upgraded at open: its full-text tables
 * are rebuilt from their rows, so rows written before the change are found.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import { foundColdAndWarm } from "../../../test/support/text-found.js";
import { openMemory } from "../../open-memory.js";
import { SCHEMA_VERSION } from "./sqlite-schema.js";

const STATEMENTS = [
  "We moved the salon to Đà Nẵng last spring",
  "My accountant is Nguyễn Thị Hồng now",
  "Our usual café is on Rua Augusta in São Paulo",
  "The choir practises in the parish hall on Thursdays",
  "Nguyen Van Minh fixes the salon's chairs",
];

let dir: string;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function written(name: string): Promise<string> {
  const path = join(dir, name);
  const mem = await openMemory({ path, clock: testClock("2026-03-05T00:00:00Z") });
  await mem.rememberMany(STATEMENTS.map((statement) => ({ statement })));
  await mem.recordMany(["Lunch with Nguyễn at the café in Hà Nội"]);
  await mem.close();
  return path;
}

/** The store as schema 10 left it: FTS5's default tokenizer, built from the same rows. */
function asSchema10(path: string): void {
  const db = new Database(path);
  db.exec(`
    DROP TABLE belief_fts;
    CREATE VIRTUAL TABLE belief_fts USING fts5(text, content='beliefs', content_rowid='rowid', tokenize='porter unicode61');
    INSERT INTO belief_fts(belief_fts) VALUES ('rebuild');
    DROP TABLE episode_fts;
    CREATE VIRTUAL TABLE episode_fts USING fts5(content, content='episodes', content_rowid='rowid', tokenize='porter unicode61');
    INSERT INTO episode_fts(episode_fts) VALUES ('rebuild');
  `);
  db.prepare("UPDATE meta SET value = '10' WHERE key = 'schema_version'").run();
  db.close();
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-marks-"));
});

describe("MARKS_FOLDED_IN_FULL_TEXT (SQLite)", () => {
  it("finds a statement typed with two marks on a letter by a question typed with none, and back", async () => {
    const path = await written("new.db");
    const nang = await foundColdAndWarm(path, "where is the salon in Da Nang");
    expect(nang.cold).toEqual(nang.warm);
    expect(nang.cold).toContain("We moved the salon to Đà Nẵng last spring");
    const nguyen = await foundColdAndWarm(path, "who is Nguyen");
    expect(nguyen.cold).toEqual(nguyen.warm);
    expect(nguyen.cold).toEqual(
      [
        "My accountant is Nguyễn Thị Hồng now",
        "Nguyen Van Minh fixes the salon's chairs",
        "Lunch with Nguyễn at the café in Hà Nội",
      ].sort(),
    );
    const marked = await foundColdAndWarm(path, "who is Nguyễn");
    expect(marked.cold).toEqual(nguyen.cold);
    const cafe = await foundColdAndWarm(path, "which cafe in Sao Paulo");
    expect(cafe.cold).toEqual(cafe.warm);
    expect(cafe.cold).toContain("Our usual café is on Rua Augusta in São Paulo");
  });

  it("does not fold a letter that has no mark to take off ('đ' is not 'd')", async () => {
    const path = join(dir, "new.db");
    const da = await foundColdAndWarm(path, "Da");
    expect(da.cold).toEqual([]);
    expect(da.warm).toEqual([]);
  });

  it("upgrades a store written before schema 11: its rows are found without their marks", async () => {
    const path = await written("old.db");
    asSchema10(path);
    const before = new Database(path, { readonly: true });
    const terms = (fts: string) =>
      before.prepare(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH 'nguyen'`).pluck().get() as number;
    // Schema 10's tables hold "nguyễn": only the row typed without marks matches.
    expect([terms("belief_fts"), terms("episode_fts")]).toEqual([1, 0]);
    before.close();

    const nguyen = await foundColdAndWarm(path, "who is Nguyen");
    expect(nguyen.cold).toEqual(nguyen.warm);
    expect(nguyen.cold).toHaveLength(3);
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
      String(SCHEMA_VERSION),
    );
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'belief_fts'").pluck().get()).toContain(
      "remove_diacritics 2",
    );
    // The triggers still feed the rebuilt tables, and the sizes BM25 reads still agree with FTS5.
    db.close();
    const mem = await openMemory({ path, clock: testClock("2026-03-06T00:00:00Z") });
    await mem.remember("Our dentist is Dr Trần in Huế");
    await mem.close();
    const tran = await foundColdAndWarm(path, "dentist Tran Hue");
    expect(tran.cold).toEqual(tran.warm);
    expect(tran.cold).toContain("Our dentist is Dr Trần in Huế");
    const sizes = new Database(path, { readonly: true });
    const rows = sizes
      .prepare("SELECT rows FROM text_sizes WHERE layer = 'b' AND namespace = 'default'")
      .pluck()
      .get();
    expect(rows).toBe(
      sizes.prepare("SELECT count(*) FROM beliefs WHERE namespace = 'default'").pluck().get(),
    );
    sizes.close();
  });
});
