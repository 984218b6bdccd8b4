/**
 * `text_sizes` (migration 7): each namespace's FTS5 rows and total length, per layer, kept by the
 * full-text triggers so a cold search over several namespaces reads BM25's N and average length
 * in one seek. Checked against a recount from FTS5's own row sizes after every kind of write
 * (insert, forget, a text or namespace change, a deleted row), and an older file (schema 6)
 * opened by this version: backfilled once, and scoring as before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import { CLOCK, fillA, fillB, snapshot } from "../../../test/support/tenants.js";
import { openMemory } from "../../open-memory.js";
import { MIGRATIONS } from "./sqlite-schema.js";
import { SqliteStore } from "./sqlite-store.js";

/** A row's length from its FTS5 `docsize` record (one varint), read in JavaScript. */
function size(sz: Buffer): number {
  let v = 0;
  for (const b of sz) {
    v = v * 128 + (b & 0x7f);
    if (b < 0x80) break;
  }
  return v;
}

/** `text_sizes` as kept, and as recounted from the tables and FTS5's row sizes. */
function sizes(path: string): { kept: string; recount: string } {
  const db = new Database(path, { readonly: true });
  try {
    const kept = db
      .prepare("SELECT layer, namespace, rows, tokens FROM text_sizes WHERE rows > 0 ORDER BY 1, 2")
      .all();
    const recount: { layer: string; namespace: string; rows: number; tokens: number }[] = [];
    for (const [layer, table, fts] of [
      ["b", "beliefs", "belief_fts"],
      ["e", "episodes", "episode_fts"],
    ] as const) {
      const byNs = new Map<string, { rows: number; tokens: number }>();
      for (const r of db
        .prepare(
          `SELECT x.namespace AS ns, d.sz AS sz FROM ${table} x JOIN ${fts}_docsize d ON d.id = x.rowid`,
        )
        .all() as { ns: string; sz: Buffer }[]) {
        const s = byNs.get(r.ns) ?? { rows: 0, tokens: 0 };
        s.rows++;
        s.tokens += size(r.sz);
        byNs.set(r.ns, s);
      }
      for (const [namespace, s] of [...byNs].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
        recount.push({ layer, namespace, ...s });
    }
    return { kept: JSON.stringify(kept), recount: JSON.stringify(recount) };
  } finally {
    db.close();
  }
}

/** What tenant A's searches score on a fresh connection (cold: FTS5 and `text_sizes` answer). */
async function cold(path: string): Promise<string> {
  const store = SqliteStore.open({ path });
  try {
    return await snapshot(store);
  } finally {
    await store.close();
  }
}

describe("per-namespace text sizes (SQLite)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-text-sizes-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const twoTenants = async (path: string) => {
    const a = await openMemory({ path, namespace: "tenant-a", clock: testClock(CLOCK) });
    await fillA(a);
    await a.close();
    const b = await openMemory({ path, namespace: "tenant-b", clock: testClock(CLOCK) });
    await fillB(b);
    await b.close();
  };

  it("stay exact through forget, text and namespace changes and deleted rows (forget is gone everywhere)", async () => {
    const path = join(dir, "writes.db");
    await twoTenants(path);
    let s = sizes(path);
    expect(s.kept).toBe(s.recount);
    expect(JSON.parse(s.kept)).toHaveLength(4);

    // Forget a belief and an episode of A's: their text leaves FTS5, and their length the sizes.
    const a = await openMemory({ path, namespace: "tenant-a", clock: testClock(CLOCK) });
    const belief = (await a.recall("retry limit billing gateway", { k: 1 }))[0]!;
    const episode = (await a.recall("lock timeout deploy", { k: 1, kinds: ["episode"] }))[0]!;
    expect([belief.id[0], episode.id[0]]).toEqual(["b", "e"]);
    await a.forget(belief.id);
    await a.forget(episode.id);
    await a.close();
    s = sizes(path);
    expect(s.kept).toBe(s.recount);
    // The cold scores (text_sizes) are the warm index's (its own per-namespace counts).
    const warm = SqliteStore.open({ path, coldStart: false });
    try {
      expect(await cold(path)).toBe(await snapshot(warm));
    } finally {
      await warm.close();
    }

    // Writes from outside the store: a text change, a namespace change, deleted rows.
    const db = new Database(path);
    db.prepare(
      "UPDATE beliefs SET text = text || ' and the queue owner' WHERE namespace = 'tenant-b' AND rowid % 3 = 0",
    ).run();
    db.prepare(
      "UPDATE episodes SET namespace = 'tenant-c' WHERE namespace = 'tenant-b' AND rowid % 4 = 0",
    ).run();
    db.prepare(
      "UPDATE beliefs SET namespace = 'tenant-c', text = 'moved' WHERE namespace = 'tenant-b' AND rowid % 5 = 0",
    ).run();
    db.prepare("DELETE FROM beliefs WHERE namespace = 'tenant-b' AND rowid % 7 = 0").run();
    db.prepare("DELETE FROM episodes WHERE namespace = 'tenant-b' AND rowid % 6 = 0").run();
    db.close();
    s = sizes(path);
    expect(s.kept).toBe(s.recount);
    expect(JSON.parse(s.kept)).toHaveLength(6);
  }, 60_000);

  it("an older file (schema 6) is backfilled once on open and scores as before", async () => {
    const path = join(dir, "old.db");
    await twoTenants(path);
    const before = await cold(path);
    // Back to schema 6: no sizes table, the first migration's full-text triggers.
    const db = new Database(path);
    const triggers = MIGRATIONS[0]!.match(/CREATE TRIGGER \w+_fts_\w+ [\s\S]*?END;/g)!;
    expect(triggers).toHaveLength(6);
    db.exec("DROP TABLE text_sizes");
    for (const t of triggers) db.exec(`DROP TRIGGER ${t.split(/\s+/)[2]}; ${t}`);
    db.prepare("UPDATE meta SET value = '6' WHERE key = 'schema_version'").run();
    db.close();

    const after = await cold(path);
    const s = sizes(path);
    expect(s.kept).toBe(s.recount);
    expect(JSON.parse(s.kept)).toHaveLength(4);
    expect(after).toBe(before);
    // The new triggers keep it from then on.
    const b = await openMemory({ path, namespace: "tenant-b", clock: testClock(CLOCK) });
    await b.remember("The billing gateway retry limit is 9 in tenant b");
    await b.close();
    const t = sizes(path);
    expect(t.kept).toBe(t.recount);
    expect(t.kept).not.toBe(s.kept);
    expect(await cold(path)).toBe(before);
  }, 60_000);
});
