/**
 * Forget on a real PostgreSQL server leaves the erased text in no file of the database: after
 * forget (and a CHECKPOINT, so the server's shared buffers are on disk) not one file under the
 * database's directory (`<data_directory>/base/<database oid>`: every table's heap, TOAST and
 * index, of every schema) holds the canary. The store rewrites the tables forget changed
 * (`purgeErased`: VACUUM (FULL)); with `rewriteOnForget: false` the dead row versions keep it,
 * which is what this test finds on a store that does not purge.
 *
 * Reading the files needs the server on this machine, run as root (CI: .ci/run, Debian's
 * PostgreSQL): CHECKPOINT and the data directory are asked of the `postgres` superuser through
 * `runuser … psql`. Skipped, with the reason, anywhere else. The WAL is not read: it keeps the
 * text until its segments are recycled (SECURITY.md).
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/forget-postgres-files.test.ts
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { testClock } from "../support/memory.js";
import { superuser } from "../support/pg-superuser.js";

const DATABASE_URL = process.env.DATABASE_URL;

function why(): string | null {
  if (!DATABASE_URL) return "DATABASE_URL is not set";
  if (process.getuid?.() !== 0) return "reading the server's files needs root";
  const host = new URL(DATABASE_URL).hostname;
  if (!["localhost", "127.0.0.1", "::1", ""].includes(host))
    return `the server (${host}) is not on this machine`;
  const dir = superuser("SHOW data_directory");
  if (!dir || !existsSync(dir))
    return "the postgres superuser's data directory cannot be read here (runuser, psql)";
  return null;
}
const skip = why();

const database = () => decodeURIComponent(new URL(DATABASE_URL!).pathname.slice(1));

/** Every file under the database's directory that holds `needle`, after a CHECKPOINT. */
function filesHolding(needle: string): string[] {
  const db = database();
  expect(superuser("CHECKPOINT", db)).not.toBeNull();
  const dir = join(
    superuser("SHOW data_directory")!,
    "base",
    superuser(`SELECT oid FROM pg_database WHERE datname = '${db}'`)!,
  );
  const bytes = Buffer.from(needle);
  // The server may drop a file between the listing and the read (pg_internal.init after a
  // checkpoint): a file that is gone holds nothing.
  return readdirSync(dir).filter((f) => {
    try {
      return readFileSync(join(dir, f)).includes(bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  });
}

const schemas: string[] = [];
afterAll(async () => {
  if (skip || schemas.length === 0) return;
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await client.end();
});

describe.skipIf(skip !== null)(
  `forget on PostgreSQL, in the server's files${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    async function forgetCanary(rewriteOnForget: boolean) {
      const schema = `forget_files_${process.pid}_${schemas.length}`;
      schemas.push(schema);
      // A canary no other test writes; long enough (a TOASTed metadata value) to reach TOAST too.
      const canary = `zq${randomBytes(6).toString("hex")}canary`;
      const store = await PostgresStore.open({
        url: DATABASE_URL!,
        schema,
        rewriteOnForget,
        maxConnections: 4,
      });
      const mem = await openMemory({ store, clock: testClock(), policy: { auditContent: true } });
      try {
        for (let i = 0; i < 50; i++) await mem.record(`An ordinary note number ${i} about the build`);
        const episode = await mem.record(`The vault phrase is ${canary}, keep it safe`, {
          session: `s-${canary}`,
          metadata: { blob: `${canary} `.repeat(400) },
        });
        const belief = await mem.remember(`The vault phrase is ${canary}`, { source: `told ${canary}` });
        expect(filesHolding(canary).length).toBeGreaterThan(0); // the check can see it
        await mem.forget(episode.id);
        await mem.forget(belief.id);
        expect(JSON.stringify(await mem.list({ status: "any" }))).not.toContain(canary);
        return filesHolding(canary);
      } finally {
        await mem.close();
      }
    }

    it("leaves the canary in no file of the database: heap, TOAST and indexes rewritten", async () => {
      expect(await forgetCanary(true)).toEqual([]);
    }, 120_000);

    it("without the rewrite (rewriteOnForget: false), the dead row versions still hold it", async () => {
      expect((await forgetCanary(false)).length).toBeGreaterThan(0);
    }, 120_000);
  },
);
