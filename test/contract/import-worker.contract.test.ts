/**
 * A known-clean import prepared in a worker thread (src/bulk/worker-preparer.ts) leaves the store
 * exactly as the same import prepared in the writing thread: the same results, every dumped row
 * (beliefs, vectors, audit chain…), the vector rowids, the change log and FTS5's matches. The
 * items cross chunk boundaries with keyed, sourced, cited and echoed statements, a second
 * namespace, and a clock that moves on every reading, so a difference in what is computed or in
 * the order the clock is read would show.
 *
 *   npx vitest run test/contract/import-worker.contract.test.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createWorkerPreparer, type WorkerPreparer } from "../../src/bulk/worker-preparer.js";
import type { Memory } from "../../src/core/engine.js";
import type { RememberItem } from "../../src/core/gated-writes.js";
import { IMPORT_CHUNK } from "../../src/core/import-prep.js";
import { DUMP_SECTIONS, type Store } from "../../src/core/ports.js";
import { createHashedEmbedder } from "../../src/embed/hashed-embedder.js";
import { openMemory } from "../../src/open-memory.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { createRandom } from "../support/random.js";

const FIXED_RANDOM = (bytes: number) => new Uint8Array(bytes).fill(7);
const dir = mkdtempSync(join(tmpdir(), "strata-import-worker-"));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A clock that moves 1 ms on every reading: the same readings in the same order give the same rows. */
function tickingClock() {
  let t = Date.parse("2026-03-05T00:00:00.000Z");
  return { now: () => new Date(t++) };
}

async function openWith(importPreparer: "worker" | "thread" | URL): Promise<{ mem: Memory; path: string }> {
  const path = join(dir, `s${++files}.db`);
  const mem = await openMemory({
    store: SqliteStore.open({ path, random: FIXED_RANDOM }),
    clock: tickingClock(),
    importWorker: importPreparer !== "thread",
  });
  if (importPreparer instanceof URL) {
    // The same memory, its preparer pointed at a worker module that cannot load.
    const broken = createWorkerPreparer(mem.embedder, { entry: importPreparer });
    Object.defineProperty(mem, "importPreparer", { value: broken });
  }
  return { mem, path };
}

/** `n` statements from a seeded stream, with every option an import may carry. */
function importItems(n: number, source: string): RememberItem[] {
  const rand = createRandom(17);
  const subjects = ["billing gateway", "search indexer", "ledger cache", "media proxy", "checkout worker"];
  const items: RememberItem[] = [];
  let keyed = 0;
  for (let i = 0; i < n; i++) {
    const subject = subjects[Math.floor(rand() * subjects.length)]!;
    const value = 1 + Math.floor(rand() * 90);
    const text = `The request timeout of the ${subject} is ${value} seconds`;
    // Keyed statements on both sides of the first chunk boundary and inside the last chunk.
    if (i === IMPORT_CHUNK - 1 || i === IMPORT_CHUNK || i === 2 * IMPORT_CHUNK + 7)
      items.push({ statement: `The retry limit is ${i % 10}`, key: "retry", at: `2026-03-0${++keyed}` });
    else if (i % 97 === 0) items.push({ statement: `As I noted before: ${text}` });
    else if (i % 89 === 0) items.push(`${text} [b${1 + (i % 50)}]`);
    else if (i % 53 === 0) items.push({ statement: text, namespace: "other" });
    else if (i % 31 === 0)
      items.push({ statement: `Raising the ${subject} limit caused outages`, kind: "failure" });
    else if (i % 29 === 0)
      items.push({ statement: "Rotate the keys", kind: "procedure", steps: ["create", "revoke"] });
    else if (i % 7 === 0) items.push({ statement: text, metadata: { team: i % 17 }, sources: [source] });
    else items.push(text);
  }
  return items;
}

/**
 * Every dumped row of each section, serialised (vectors as their bytes): comparing these strings
 * is what comparing the rows field by field would say, in a fraction of the time.
 */
async function everyRow(store: Store): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const bytes = (_: string, v: unknown) =>
    v instanceof Float32Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") : v;
  for (const section of DUMP_SECTIONS) {
    const rows: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { rows: unknown[]; cursor: string | null } = await store.dump(section, {
        cursor,
        limit: 500,
      });
      for (const row of page.rows) rows.push(JSON.stringify(row, bytes));
      cursor = page.cursor;
    } while (cursor !== null);
    out[section] = rows;
  }
  return out;
}

/** SQLite's own tables beyond the dump: vector rowids, the change log, FTS5's matches. */
function sqliteTables(path: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return [
      "SELECT rowid, id FROM vectors ORDER BY rowid",
      "SELECT seq, layer, rid FROM text_changes ORDER BY seq",
      "SELECT layer, namespace, active, rid, dim, hex(components) FROM vector_components ORDER BY 1, 2, 3, 4",
      "SELECT rowid FROM belief_fts WHERE belief_fts MATCH 'timeout OR outages OR rotate OR retry' ORDER BY rowid",
    ].map((sql) => db.prepare(sql).all());
  } finally {
    db.close();
  }
}

/** The import in two batches on a fresh store: the results and the memory (closed by the caller). */
async function runImport(how: "worker" | "thread" | URL, n: number) {
  const { mem, path } = await openWith(how);
  const source = (await mem.record("The deploy of the billing gateway failed at noon")).id;
  const items = importItems(n, source);
  const first = await mem.rememberMany(items.slice(0, n - 700), { gate: "off" });
  const second = await mem.rememberMany(items.slice(n - 700), { gate: "off" });
  return { mem, path, results: [...first.results, ...second.results] };
}

describe("a known-clean import prepared in a worker thread", () => {
  it("leaves every row as the same import prepared in the writing thread", async () => {
    const n = 2 * IMPORT_CHUNK + 800;
    const thread = await runImport("thread", n);
    const worker = await runImport("worker", n);
    try {
      // The worker prepared every chunk but each batch's first (batches of three chunks and one).
      expect((worker.mem.importPreparer as WorkerPreparer).chunksInWorker).toBe(2);
      expect((thread.mem.importPreparer as WorkerPreparer).chunksInWorker).toBe(0);
      expect(worker.results).toEqual(thread.results);
      expect(worker.results.map((r) => r.verdict)).toContain("contradiction");
      const [a, b] = [await everyRow(thread.mem.store), await everyRow(worker.mem.store)];
      expect(b.beliefs!.length).toBeGreaterThan(n - 3);
      for (const section of DUMP_SECTIONS) expect(b[section], section).toEqual(a[section]);
      // Cited and echoed statements are stored without the citation or the echo.
      const texts = b.beliefs!.map((x) => (JSON.parse(x) as { text: string }).text);
      expect(texts.some((t) => t.includes("[b") || t.startsWith("As I noted"))).toBe(false);
      expect(await worker.mem.verifyAudit()).toMatchObject({ ok: true, namespaces: 2 });
      await Promise.all([thread.mem.close(), worker.mem.close()]);
      expect(sqliteTables(worker.path)).toEqual(sqliteTables(thread.path));
    } finally {
      await Promise.all([thread.mem.close(), worker.mem.close()]);
    }
  }, 60_000);

  it("falls back to the writing thread, with the same rows, when the worker cannot start", async () => {
    const n = IMPORT_CHUNK + 300;
    const thread = await runImport("thread", n);
    const broken = await runImport(new URL("./no-such-worker.js", import.meta.url), n);
    try {
      expect((broken.mem.importPreparer as WorkerPreparer).chunksInWorker).toBe(0);
      expect(broken.results).toEqual(thread.results);
      const [a, b] = [await everyRow(thread.mem.store), await everyRow(broken.mem.store)];
      for (const section of DUMP_SECTIONS) expect(b[section], section).toEqual(a[section]);
    } finally {
      await Promise.all([thread.mem.close(), broken.mem.close()]);
    }
  }, 60_000);

  it("prepares in the writing thread for an embedder a worker cannot rebuild", () => {
    const other = { ...createHashedEmbedder(), id: "my-model/384" };
    expect(createWorkerPreparer(other).chunksInWorker).toBe(0);
    const prepared = createWorkerPreparer(other).prepare(["a", "b", "c"], "k", 2);
    expect(prepared).toHaveLength(2);
  });
});
