/**
 * Several processes write to one namespace of one store at once, and sweep (one consolidates)
 * while the others write: nothing is lost, restating counts every restatement, sweeps of the
 * namespace never overlap (a refused one is BUSY), supersession stays a clean line (each belief
 * closed once, by one successor, one current value per service), and the audit chain stays one
 * verifiable line. PostgreSQL needs DATABASE_URL (skipped otherwise); a SQLite file always runs.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { Belief } from "../../src/core/model.js";
import type { Store } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";

const run = promisify(execFile);
const FIXTURE = join(import.meta.dirname, "fixtures", "concurrent-writer.ts");
const WORKERS = 4;
const COUNT = 8;
const DATABASE_URL = process.env.DATABASE_URL;
const wanted = (process.env.STRATA_STORES ?? "").split(",").filter(Boolean);
const off = (name: string) =>
  wanted.length > 0 && !wanted.some((w) => name === w || name.startsWith(`${w}-`))
    ? `not in STRATA_STORES=${process.env.STRATA_STORES}`
    : null;

interface Target {
  name: string;
  skip: string | null;
  /** Fixture arguments and a way to open the same store here. */
  setup(): { args: string[]; open(): Promise<Store>; cleanup(): Promise<void> };
}

const TARGETS: Target[] = [
  {
    name: "postgres",
    skip:
      off("postgres") ?? (DATABASE_URL ? null : "DATABASE_URL is not set (postgres://user:password@host/db)"),
    setup() {
      const schema = `concurrency_${process.pid}`;
      return {
        args: ["postgres", DATABASE_URL!, schema],
        open: () => PostgresStore.open({ url: DATABASE_URL!, schema }),
        async cleanup() {
          const store = await PostgresStore.open({ url: DATABASE_URL!, schema });
          await store.unsafeQuery("DROP SCHEMA {s} CASCADE");
          await store.close();
        },
      };
    },
  },
  {
    name: "sqlite-file",
    skip: off("sqlite-file"),
    setup() {
      const dir = mkdtempSync(join(tmpdir(), "strata-concurrency-"));
      const file = join(dir, "shared.db");
      return {
        args: ["sqlite", file, "-"],
        open: async () => SqliteStore.open({ path: file }),
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
];

for (const t of TARGETS) {
  const title = t.skip ? `${t.name} (skipped: ${t.skip})` : t.name;
  if (t.skip) console.log(`concurrent writers: ${title}`);

  describe.skipIf(t.skip !== null)(`concurrent writers: ${title}`, () => {
    it(`${WORKERS} processes write and sweep one namespace; nothing is lost, nothing closed twice, the audit chain verifies`, async () => {
      const s = t.setup();
      // Create the schema first so the workers race on writes, not on the first migration.
      await (await s.open()).close();
      try {
        const outputs = await Promise.all(
          Array.from({ length: WORKERS }, (_, w) =>
            run("npx", ["tsx", FIXTURE, ...s.args, String(w), String(COUNT)], {
              timeout: 200_000,
              maxBuffer: 1 << 20,
            }),
          ),
        );
        const runs = outputs.map(
          (o) =>
            JSON.parse(o.stdout.trim().split("\n").at(-1)!) as {
              results: { op: string; id: string; stored: boolean; verdict: string }[];
              sleeps: { ran: number; busy: number };
            },
        );
        const results = runs.flatMap((r) => r.results);
        expect(results).toHaveLength(WORKERS * (COUNT * 3 + 1));
        // Two sweeps per worker and one consolidation; a refused one was BUSY, never an error.
        const ran = runs.reduce((n, r) => n + r.sleeps.ran, 0);
        const busy = runs.reduce((n, r) => n + r.sleeps.busy, 0);
        expect(ran + busy).toBe(WORKERS * 2 + 1);
        expect(ran).toBeGreaterThanOrEqual(1);
        console.log(`concurrent writers (${t.name}): ${ran} sleeps ran, ${busy} refused with BUSY`);

        const mem = await openMemory({ store: await s.open(), namespace: "shared" });
        try {
          // Every row a worker was told it stored is there, in the shared namespace.
          const stored = results.filter((r) => r.stored);
          for (const r of stored) expect(await mem.get(r.id)).toMatchObject({ namespace: "shared" });
          expect(new Set(stored.map((r) => r.id)).size).toBe(stored.length);
          const stats = await mem.stats();
          expect(stats.episodes.total).toBe(stored.filter((r) => r.id.startsWith("e")).length);

          // The same fact stated by every worker: one belief, and no restatement lost.
          const shared = results.filter((r) => r.op === "shared");
          expect(shared.filter((r) => r.stored)).toHaveLength(1);
          expect(new Set(shared.map((r) => r.id)).size).toBe(1);
          expect(await mem.get(shared[0]!.id)).toMatchObject({ support: WORKERS });

          // Supersession is one clean line: each belief closed (superseded, merged or resolved) at
          // most once (the audit log), by the one successor it records; nothing closed is still
          // active. A belief may also be born closed: a value stated with an earlier time than one
          // already stored (the workers' clocks race) slots into history.
          const CLOSING = new Set(["belief.superseded", "belief.merged", "belief.resolved"]);
          const log = await mem.audit({ limit: 10_000 });
          const closings = new Map<string, number>();
          for (const e of log)
            if (CLOSING.has(e.event)) closings.set(e.subjectId!, (closings.get(e.subjectId!) ?? 0) + 1);
          for (const [id, n] of closings) expect(n, `${id} closed ${n} times`).toBe(1);
          const beliefs = (await mem.list({ status: "any", limit: 10_000 })) as Belief[];
          const byId = new Map(beliefs.map((b) => [b.id, b]));
          for (const id of closings.keys()) expect(byId.get(id)?.supersededBy, id).toBeTruthy();
          for (const b of beliefs) {
            if (b.supersededBy === null) continue;
            expect(b.status, `${b.id} superseded by ${b.supersededBy}`).not.toBe("active");
            expect(byId.has(b.supersededBy), `${b.id}'s successor ${b.supersededBy}`).toBe(true);
            if (!closings.has(b.id))
              expect(b.retiredAt, `${b.id} closed without an audit entry`).toBe(b.recordedAt);
          }
          // The deploy region changed many times in many processes: one current value per service.
          const current = beliefs.filter(
            (b) => b.status === "active" && b.text.startsWith("The deploy region"),
          );
          for (const service of ["checkout", "billing"])
            expect(
              current.filter((b) => b.text.includes(` ${service} `)).map((b) => b.text),
              service,
            ).toHaveLength(1);

          const audit = await mem.verifyAudit();
          expect(audit).toMatchObject({ ok: true, namespaces: 1, problems: [] });
          expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
          expect(new Set(log.map((e) => e.actor))).toEqual(
            new Set(Array.from({ length: WORKERS }, (_, w) => `worker-${w}`)),
          );
        } finally {
          await mem.close();
        }
      } finally {
        await s.cleanup();
      }
    }, 240_000);
  });
}
