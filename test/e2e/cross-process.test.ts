/**
 * Several Node processes share one SQLite file: concurrent gated writes lose nothing, the
 * audit chain stays valid, and fresh processes rank recall identically (the hashed embedder
 * and the scoring are deterministic across processes).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMemory } from "../../src/open-memory.js";

const ROOT = resolve(import.meta.dirname, "../..");
const WORKER = join(ROOT, "test/fixtures/cross-process-worker.ts");
const WORKERS = 3;
const ITEMS = 100;
const CLOCK = { now: () => new Date("2026-03-01T12:00:00.000Z") };

interface Written {
  worker: number;
  pid: number;
  items: { i: number; id: string; layer: string; verdict: string; stored: boolean; text: string }[];
}
interface Ranked {
  pid: number;
  results: { query: string; hits: { id: string; score: number }[] }[];
}

/** Runs the fixture in its own `node --import tsx` process and parses its one line of JSON. */
function runWorker<T>(args: string[]): Promise<T> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", WORKER, ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", fail);
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`worker ${args.join(" ")} exited ${code}: ${err}`));
      else ok(JSON.parse(out.trim().split("\n").at(-1)!) as T);
    });
  });
}

describe("several processes share one SQLite store", () => {
  let dir: string;
  let db: string;
  let written: Written[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strata-xproc-"));
    db = join(dir, "shared.db");
    const barrier = join(dir, "barrier");
    mkdirSync(barrier);
    written = await Promise.all(
      Array.from({ length: WORKERS }, (_, w) =>
        runWorker<Written>(["write", db, String(w + 1), String(ITEMS), barrier, String(WORKERS)]),
      ),
    );
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("ran the writers as separate processes", () => {
    expect(new Set(written.map((w) => w.pid)).size).toBe(WORKERS);
    expect(written.map((w) => w.pid)).not.toContain(process.pid);
  });

  it("stores every distinct item: no lost writes, counts add up", async () => {
    for (const w of written) {
      expect(w.items).toHaveLength(ITEMS);
      expect(w.items.filter((x) => !x.stored || x.verdict === "redundant")).toEqual([]);
    }
    const all = written.flatMap((w) => w.items);
    expect(new Set(all.map((x) => x.id)).size).toBe(WORKERS * ITEMS);

    const mem = await openMemory({ path: db, clock: CLOCK, namespace: "shared" });
    try {
      const stats = await mem.stats();
      const beliefs = all.filter((x) => x.layer === "belief");
      const episodes = all.filter((x) => x.layer === "episode");
      expect(stats.beliefs.total).toBe(beliefs.length);
      expect(stats.episodes.total).toBe(episodes.length);
      expect(beliefs.length + episodes.length).toBe(WORKERS * ITEMS);
      for (const x of all) {
        const item = await mem.get(x.id);
        expect(item.layer === "belief" ? item.text : item.content).toBe(x.text);
      }
    } finally {
      await mem.close();
    }
  });

  it("keeps one valid audit chain across the writers", async () => {
    const mem = await openMemory({ path: db, clock: CLOCK, namespace: "shared" });
    try {
      const audit = await mem.verifyAudit();
      expect(audit.problems).toEqual([]);
      expect(audit.ok).toBe(true);
      expect(audit.entries).toBeGreaterThanOrEqual(WORKERS * ITEMS);
      const log = await mem.audit({ limit: 10_000 });
      const actors = new Set(log.map((e) => e.actor));
      for (let w = 1; w <= WORKERS; w++) expect(actors).toContain(`worker-${w}`);
      // The writers really overlapped: their entries interleave rather than forming one block each.
      const switches = log.filter((e, i) => i > 0 && e.actor !== log[i - 1]!.actor).length;
      expect(switches).toBeGreaterThan(WORKERS);
    } finally {
      await mem.close();
    }
  });

  it("ranks recall identically in two fresh processes (deterministic embedder)", async () => {
    const queries = [
      "amber basalt",
      "logbook entry beside the glacier",
      "worker 2 lantern meadow",
      "what sits beside the harbor?",
      "quartz raven saffron",
      "nebula orchid prairie",
    ];
    const [a, b] = await Promise.all([
      runWorker<Ranked>(["recall", db, JSON.stringify(queries)]),
      runWorker<Ranked>(["recall", db, JSON.stringify(queries)]),
    ]);
    expect(a.pid).not.toBe(b.pid);
    expect(a.results.every((r) => r.hits.length > 0)).toBe(true);
    expect(b.results).toEqual(a.results);

    // And the same as this (third) process computes.
    const mem = await openMemory({ path: db, clock: CLOCK, namespace: "shared" });
    try {
      for (const r of a.results) {
        const hits = await mem.recall(r.query, { k: 8 });
        expect(hits.map((h) => ({ id: h.id, score: h.score }))).toEqual(r.hits);
      }
    } finally {
      await mem.close();
    }
  }, 30_000);
});
