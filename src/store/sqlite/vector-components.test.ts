/**
 * The compact components a cold vector search reads (./vector-components.ts): kept current by the
 * schema's triggers whoever writes, exact (a cold search's hits and scores are the built index's),
 * used (a cold search answers from them, not the vectors table), filled for older stores by
 * migration 6, and never a way across a namespace. A dense embedder's vectors get no components
 * and its cold searches read the vectors table, still exact.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import type { Embedder } from "../../core/ports.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { openMemory } from "../../open-memory.js";
import { SqliteStore } from "./sqlite-store.js";
import {
  type ComponentPages,
  recordSize,
  scanComponents,
  vectorComponents,
  vectorComponentsMany,
} from "./vector-components.js";

/** The records of a concatenation of `vectorComponents` blobs, as views on it (copied once if unaligned). */
function* readComponents(
  blob: Uint8Array,
): Generator<{ rowid: number; values: Float32Array; dims: Uint16Array }> {
  let buffer = blob.buffer;
  let at = blob.byteOffset;
  if (at % 4 !== 0) {
    const copy = new Uint8Array(blob.byteLength);
    copy.set(blob);
    buffer = copy.buffer;
    at = 0;
  }
  const end = at + blob.byteLength;
  const head = new DataView(buffer);
  while (at < end) {
    const n = head.getUint16(at + 6, true);
    yield {
      rowid: head.getUint32(at, true) + head.getUint16(at + 4, true) * 2 ** 32,
      values: new Float32Array(buffer, at + 8, n),
      dims: new Uint16Array(buffer, at + 8 + n * 4, n),
    };
    at += recordSize(n);
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-components-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A seeded generator (mulberry32): the same store on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMESPACES = ["default", "team/a", "team/b"];
const SUBJECTS = ["billing gateway", "search worker", "staging database", "payments queue", "auth proxy"];
const ATTRIBUTES = ["retry limit", "owner", "timeout", "region", "replica count"];
const QUERIES = ["retry limit billing", "owner of the payments queue", "staging timeout region"];

/** Every active cold search (both layers, each namespace and all of them, several limits) equals the warm one. */
async function expectColdEqualsWarm(path: string, dimension = 384): Promise<number> {
  let compared = 0;
  const warm = SqliteStore.open({ path, coldStart: false });
  try {
    for (const q of QUERIES)
      for (const limit of [1, 60])
        for (const namespaces of [...NAMESPACES.map((n) => [n]), NAMESPACES]) {
          const v = embedText(q, dimension);
          // A fresh connection's first search of each layer is its cold one.
          const cold = SqliteStore.open({ path });
          try {
            for (const layer of ["b", "e"] as const) {
              const f = { namespaces, statuses: ["active" as const] };
              const search = (s: SqliteStore) =>
                layer === "b" ? s.searchBeliefVectors(v, f, limit) : s.searchEpisodeVectors(v, f, limit);
              const w = await search(warm);
              expect(await search(cold)).toEqual(w);
              compared += w.length;
            }
          } finally {
            await cold.close();
          }
        }
  } finally {
    await warm.close();
  }
  return compared;
}

/** A store of beliefs and episodes in three namespaces, then statuses changed behind the engine's back. */
async function randomStore(name: string, seed: number, embedder?: Embedder): Promise<string> {
  const path = join(dir, name);
  const next = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const mem = await openMemory({
    path,
    clock: testClock("2026-03-05T00:00:00Z"),
    ...(embedder ? { embedder } : {}),
  });
  const items = [];
  for (let i = 0; i < 90; i++)
    items.push({
      statement: `The ${pick(ATTRIBUTES)} of the ${pick(SUBJECTS)} is ${Math.floor(next() * 40)}`,
      namespace: pick(NAMESPACES),
      at: `2026-03-0${1 + Math.floor(next() * 4)}`,
    });
  await mem.rememberMany(items); // restatements archive earlier values
  await mem.recordMany(
    Array.from({ length: 30 }, () => ({
      content: `Changed the ${pick(ATTRIBUTES)} of the ${pick(SUBJECTS)} to ${Math.floor(next() * 40)}`,
      type: "decision" as const,
      namespace: pick(NAMESPACES),
    })),
  );
  const forgotten = (await mem.recall("retry limit billing gateway", { k: 2 })).map((h) => h.id);
  for (const id of forgotten) await mem.forget(id);
  await mem.close();
  // Another writer: statuses and supersession changed by hand, as any process's writes are.
  const raw = new Database(path);
  const beliefs = raw.prepare("SELECT rowid FROM beliefs").pluck().all() as number[];
  const episodes = raw.prepare("SELECT rowid FROM episodes").pluck().all() as number[];
  for (const rowid of beliefs)
    if (next() < 0.3)
      raw
        .prepare("UPDATE beliefs SET status = ? WHERE rowid = ?")
        .run(pick(["active", "archived", "active"]), rowid);
  for (const rowid of episodes) {
    const r = next();
    if (r < 0.2)
      raw.prepare("UPDATE episodes SET superseded_by = ? WHERE rowid = ?").run(`e${episodes[0]}`, rowid);
    else if (r < 0.3) raw.prepare("UPDATE episodes SET superseded_by = '' WHERE rowid = ?").run(rowid);
    else if (r < 0.4) raw.prepare("UPDATE episodes SET status = 'archived' WHERE rowid = ?").run(rowid);
  }
  raw.close();
  return path;
}

/** The components table as the rows it should hold: one per vector, its key from its row. */
function expectedComponents(path: string) {
  const raw = new Database(path, { readonly: true });
  try {
    const truth = raw
      .prepare(
        `SELECT substr(v.id, 1, 1) AS layer, v.namespace, CAST(substr(v.id, 2) AS INTEGER) AS rid,
           CASE WHEN substr(v.id, 1, 1) = 'b'
             THEN EXISTS (SELECT 1 FROM beliefs r WHERE r.rowid = CAST(substr(v.id, 2) AS INTEGER) AND r.namespace = v.namespace AND r.status = 'active')
             ELSE EXISTS (SELECT 1 FROM episodes r WHERE r.rowid = CAST(substr(v.id, 2) AS INTEGER) AND r.namespace = v.namespace AND r.status = 'active' AND coalesce(r.superseded_by, '') = '')
           END AS active, v.vector
         FROM vectors v ORDER BY 1, 2, 4, 3`,
      )
      .all() as { layer: string; namespace: string; rid: number; active: number; vector: Buffer }[];
    const held = raw
      .prepare(
        "SELECT layer, namespace, rid, active, components FROM vector_components ORDER BY layer, namespace, active, rid",
      )
      .all() as {
      layer: string;
      namespace: string;
      rid: number;
      active: number;
      components: Buffer | null;
    }[];
    return { truth, held };
  } finally {
    raw.close();
  }
}

describe("vector components", () => {
  it("round-trip a vector's nonzero components, and are not kept when they would not be smaller", () => {
    const v = embedText("The retry limit of the billing gateway is 7", 384);
    const blob = vectorComponents(v, 2 ** 40 + 5)!;
    const nonzero = [...v.keys()].filter((d) => v[d] !== 0);
    expect(blob.byteLength).toBeLessThan(v.byteLength / 3);
    const [record, ...rest] = [...readComponents(blob)];
    expect(rest).toEqual([]);
    expect(record!.rowid).toBe(2 ** 40 + 5);
    expect([...record!.dims]).toEqual(nonzero);
    expect([...record!.values]).toEqual(nonzero.map((d) => v[d]));
    expect(
      vectorComponents(
        Float32Array.from({ length: 16 }, (_, i) => i + 1),
        1,
      ),
    ).toBeNull();
  });

  it("in bulk (vectorComponentsMany): the same bytes as one at a time, nulls in their places", () => {
    const vectors = [
      ...Array.from({ length: 40 }, (_, i) => embedText(`The owner of service ${i} is team ${i % 7}`, 384)),
      new Float32Array(384), // nothing set: a header alone
      Float32Array.from({ length: 384 }, (_, d) => (d % 3 === 0 ? 0 : d / 7)), // dense: none
      Float32Array.from({ length: 384 }, (_, d) => (d === 5 || d === 300 || d === 383 ? -d : 0)), // odd count
      Float32Array.from({ length: 16 }, (_, i) => i + 1), // dense: none
      embedText("a rid too large", 384),
      embedText("a rid past 32 bits", 384),
      embedText("a negative rid", 384),
    ];
    const rids = [...vectors.keys()].map((i) => i * 977 + 1);
    rids[vectors.length - 3] = 2 ** 48;
    rids[vectors.length - 2] = 2 ** 40 + 17;
    rids[vectors.length - 1] = -1;
    const many = vectorComponentsMany(vectors, rids);
    expect(many).toHaveLength(vectors.length);
    expect(many.filter((b) => b === null)).toHaveLength(4);
    vectors.forEach((v, i) => {
      const one = vectorComponents(v, rids[i]!);
      if (one === null) expect(many[i]).toBeNull();
      else expect(Buffer.compare(many[i]!, one)).toBe(0);
    });
  });

  it("pages kept between cold searches are copied into blocks of their own mapping, scored as read", () => {
    // A range of three pages, handed over as SQLite would (`readRange`: full pages of 4096 rows, then a short one).
    const vectors = Array.from({ length: 30 }, (_, i) => embedText(`kept page record ${i}`, 384));
    const records = vectorComponentsMany(
      vectors,
      vectors.map((_, i) => i + 1),
    ) as Buffer[];
    const pages = [0, 10, 20].map((from) => Buffer.concat(records.slice(from, from + 10)));
    const fake = (served: Buffer[]) => {
      let statements = 0;
      const stmt = () => ({
        raw: () => ({
          get: (_layer: string, _ns: string, after: number) => {
            statements++;
            const i = after < 0 ? 0 : after / 10;
            return [
              served[i]!,
              (i + 1) * 10,
              i < served.length - 1 ? 4096 : 10,
              i < served.length - 1 ? 4096 : 10,
            ];
          },
        }),
      });
      return { stmt: stmt as never, statements: () => statements };
    };
    const query = embedText("kept page record 7", 384);
    const plain = scanComponents(fake(pages).stmt, "b", query, ["default"], 5);
    const kept: ComponentPages = new Map();
    const first = fake(pages);
    expect(scanComponents(first.stmt, "b", query, ["default"], 5, kept)).toEqual(plain);
    expect(first.statements()).toBe(3);
    // One block holding the three pages end to end, in an allocation over glibc's largest mmap
    // threshold (32 MB): freed, it goes back to the system instead of staying in the heap.
    const [blocks] = [...kept.values()];
    expect(blocks).toHaveLength(1);
    expect(Buffer.compare(blocks![0]!, Buffer.concat(pages))).toBe(0);
    expect(blocks![0]!.buffer.byteLength).toBeGreaterThan(32 * 2 ** 20);
    // Scored again from the block, nothing read.
    const again = fake(pages);
    expect(scanComponents(again.stmt, "b", query, ["default"], 5, kept)).toEqual(plain);
    expect(again.statements()).toBe(0);
    // A range of one page is kept as read (no block for a small store).
    const one: ComponentPages = new Map();
    scanComponents(fake([pages[2]!]).stmt, "b", query, ["default"], 5, one);
    expect([...one.values()][0]![0]).toBe(pages[2]);
  });

  it("are kept current by the triggers: one row per vector, keyed by its row's namespace and state", async () => {
    const path = await randomStore("kept.db", 7);
    const { truth, held } = expectedComponents(path);
    expect(truth.length).toBeGreaterThan(100);
    expect(truth.filter((t) => t.active === 1).length).toBeGreaterThan(20);
    expect(truth.filter((t) => t.active === 0).length).toBeGreaterThan(20);
    expect(held.map(({ layer, namespace, rid, active }) => ({ layer, namespace, rid, active }))).toEqual(
      truth.map(({ layer, namespace, rid, active }) => ({ layer, namespace, rid, active })),
    );
    for (const [i, t] of truth.entries())
      expect(held[i]!.components).toEqual(
        vectorComponents(new Float32Array(Uint8Array.from(t.vector).buffer), t.rid),
      );
  }, 60_000);

  it("a cold search equals the built index over a random store (archived, forgotten, superseded, namespaces, both layers)", async () => {
    for (const seed of [1, 2]) {
      const path = await randomStore(`random-${seed}.db`, seed);
      expect(await expectColdEqualsWarm(path)).toBeGreaterThan(100);
    }
  }, 120_000);

  it("a cold search reads the components, not the vectors table", async () => {
    const path = await randomStore("used.db", 3);
    const v = embedText("retry limit billing", 384);
    const f = { namespaces: ["default"], statuses: ["active" as const] };
    const before = SqliteStore.open({ path });
    const hits = await before.searchBeliefVectors(v, f, 5);
    await before.close();
    expect(hits).toHaveLength(5);
    // The vectors' bytes gone (their triggers off, so the components stay): the same answer.
    const raw = new Database(path);
    raw.exec("DROP TRIGGER vectors_components_update; UPDATE vectors SET vector = zeroblob(length(vector))");
    raw.close();
    const after = SqliteStore.open({ path });
    try {
      expect(await after.searchBeliefVectors(v, f, 5)).toEqual(hits);
    } finally {
      await after.close();
    }
  }, 60_000);

  it("a row without components sends the cold search to the vectors table, with the same answer", async () => {
    const path = await randomStore("unfilled.db", 4);
    const raw = new Database(path);
    raw.exec("UPDATE vector_components SET components = NULL WHERE rid % 5 = 0");
    raw.close();
    expect(await expectColdEqualsWarm(path)).toBeGreaterThan(100);
  }, 60_000);

  it("a dense embedder's vectors have no components, and its cold searches are still exact", async () => {
    const dense: Embedder = {
      id: "dense-test/32",
      dimension: 32,
      // Every dimension set: a sparse copy would be larger than the vector.
      embed: async (texts) =>
        texts.map((t) => {
          const v = embedText(t, 32);
          return Float32Array.from(v, (x, i) => x + 0.01 * ((i % 7) + 1));
        }),
    };
    const path = await randomStore("dense.db", 5, dense);
    const raw = new Database(path, { readonly: true });
    const filled = raw
      .prepare("SELECT count(*) AS n, count(components) AS c FROM vector_components")
      .get() as {
      n: number;
      c: number;
    };
    raw.close();
    expect(filled.n).toBeGreaterThan(100);
    expect(filled.c).toBe(0);
    const v = await dense.embed(["retry limit billing"]);
    const f = { namespaces: ["default"], statuses: ["active" as const] };
    const cold = SqliteStore.open({ path });
    const warm = SqliteStore.open({ path, coldStart: false });
    try {
      const w = await warm.searchBeliefVectors(v[0]!, f, 10);
      expect(w).toHaveLength(10);
      expect(await cold.searchBeliefVectors(v[0]!, f, 10)).toEqual(w);
    } finally {
      await cold.close();
      await warm.close();
    }
  }, 60_000);

  it("a cold search never returns another namespace's row, though the texts are the same", async () => {
    const path = join(dir, "namespaces.db");
    const mem = await openMemory({ path, clock: testClock("2026-03-05T00:00:00Z") });
    const texts = SUBJECTS.map((s) => `The owner of the ${s} is team ${s.split(" ")[0]}`);
    const ids: Record<string, Set<string>> = {};
    for (const namespace of ["tenant-a", "tenant-b", "tenant-a/sub"]) {
      const r = await mem.rememberMany(texts.map((statement) => ({ statement, namespace })));
      ids[namespace] = new Set(r.results.map((i) => i.id));
    }
    await mem.close();
    const v = embedText("owner of the billing gateway", 384);
    for (const namespace of Object.keys(ids)) {
      const store = SqliteStore.open({ path });
      try {
        const hits = await store.searchBeliefVectors(
          v,
          { namespaces: [namespace], statuses: ["active"] },
          100,
        );
        expect(hits.map((h) => h.id).sort()).toEqual([...ids[namespace]!].sort());
      } finally {
        await store.close();
      }
    }
  }, 60_000);

  it("migration 6 fills them for a store written before it, as the triggers would have", async () => {
    const path = await randomStore("migrated.db", 6);
    const written = expectedComponents(path).held;
    // The store as schema 5 left it: no table, no triggers (and no later migration's table: 7's
    // `text_sizes`, whose migration replaces the full-text triggers it finds).
    const raw = new Database(path);
    for (const name of raw
      .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%components%'")
      .pluck()
      .all() as string[])
      raw.exec(`DROP TRIGGER ${name}`);
    raw.exec(
      "DROP TABLE vector_components; DROP TABLE text_sizes; UPDATE meta SET value = '5' WHERE key = 'schema_version'",
    );
    raw.close();
    const heard: { version: number; done: number; total: number }[] = [];
    const store = SqliteStore.open({ path, onMigrationProgress: (p) => heard.push(p) });
    await store.close();
    expect(expectedComponents(path).held).toEqual(written);
    // Its progress: from none to every stored vector, never backwards; nothing on a second open.
    const counted = new Database(path, { readonly: true });
    const vectors = counted.prepare("SELECT count(*) FROM vectors").pluck().get() as number;
    counted.close();
    expect(heard[0]).toEqual({ version: 6, done: 0, total: vectors });
    expect(heard.at(-1)).toEqual({ version: 6, done: vectors, total: vectors });
    expect(heard.every((p, i) => i === 0 || p.done >= heard[i - 1]!.done)).toBe(true);
    const again: unknown[] = [];
    await SqliteStore.open({ path, onMigrationProgress: (p) => again.push(p) }).close();
    expect(again).toEqual([]);
    expect(await expectColdEqualsWarm(path)).toBeGreaterThan(100);
  }, 60_000);
});
