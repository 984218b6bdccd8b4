/**
 * Several processes write to one namespace of one store at once: nothing is lost, restating
 * counts every restatement, and the audit chain stays one verifiable line.
 * PostgreSQL needs DATABASE_URL (skipped otherwise); a SQLite file always runs.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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
    it(`${WORKERS} processes write to one namespace; nothing is lost and the audit chain verifies`, async () => {
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
        const results = outputs.flatMap(
          (o) =>
            JSON.parse(o.stdout.trim().split("\n").at(-1)!) as {
              op: string;
              id: string;
              stored: boolean;
              verdict: string;
            }[],
        );
        expect(results).toHaveLength(WORKERS * (COUNT * 2 + 1));

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

          const audit = await mem.verifyAudit();
          expect(audit).toMatchObject({ ok: true, namespaces: 1, problems: [] });
          const log = await mem.audit({ limit: 10_000 });
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
