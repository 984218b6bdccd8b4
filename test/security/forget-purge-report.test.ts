/**
 * Forget's result says what the store could not scrub (`purge.skipped`), on both stores:
 *
 * - PostgreSQL (`DATABASE_URL`): a table another session keeps locked past the 2 s lock wait, or
 *   past the statement timeout, is left with its dead row versions; a role that owns neither the
 *   tables nor the database gets only a WARNING from `VACUUM (FULL)` and nothing is rewritten;
 *   `rewriteOnForget: false` rewrites nothing. Each is reported, table by table, with the reason
 *   and the statement to run. The role case creates a role through the `postgres` superuser
 *   (`runuser … psql`, root on this machine, as forget-postgres-files.test.ts) and drops it.
 * - SQLite: a connection reading an older snapshot keeps the write-ahead log's old pages; the
 *   checkpoint waits 2 s for it (not the 10 s busy timeout) and the report names `wal`.
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/forget-purge-report.test.ts
 */
import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import Database from "better-sqlite3";
import type { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { renderForget } from "../../src/cli/commands/lifecycle.js";
import { plain } from "../../src/cli/style.js";
import type { ForgetResult } from "../../src/core/model.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { openMemory } from "../../src/open-memory.js";
import { createServerApp } from "../../src/server/app.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { tempDbPath, testClock } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";
import { superuser } from "../support/pg-superuser.js";

const DATABASE_URL = process.env.DATABASE_URL;
const TABLES = ["episodes", "beliefs", "meta", "audit", "judged_pairs", "vectors"];

const roles: string[] = [];
afterAll(() => {
  if (!DATABASE_URL || roles.length === 0) return;
  const db = decodeURIComponent(new URL(DATABASE_URL).pathname.slice(1));
  for (const r of roles) superuser(`DROP OWNED BY ${r}; DROP ROLE IF EXISTS ${r}`, db);
});
// After hooks run last-registered first: the schemas go before the roles, as they always have.
const dropLater = schemasDroppedAfterAll();
let made = 0;
const newSchema = () => dropLater(`forget_purge_${process.pid}_${made++}`);

/** Records a note and forgets it through a memory over `store`; returns forget's result. */
/**
 * Another session that can hold a table: `lock` opens a transaction and takes ACCESS SHARE, which
 * lets forget write the rows and keeps VACUUM (FULL)'s ACCESS EXCLUSIVE waiting until COMMIT.
 */
async function lockHolder() {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  return Object.assign(client, {
    async lock(schema: string, table: string): Promise<void> {
      await client.query("BEGIN");
      await client.query(`LOCK TABLE "${schema}".${table} IN ACCESS SHARE MODE`);
    },
  });
}

async function recordAndForget(mem: Awaited<ReturnType<typeof openMemory>>): Promise<ForgetResult> {
  const canary = `zq${randomBytes(6).toString("hex")}canary`;
  const e = await mem.record(`The vault phrase is ${canary}`);
  return mem.forget(e.id);
}

describe.skipIf(!DATABASE_URL)("forget on PostgreSQL reports what purge left", () => {
  const open = (schema: string, options: Partial<Parameters<typeof PostgresStore.open>[0]> = {}) =>
    PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 4, ...options });

  it("rewrites every table it touched when nothing is in the way", async () => {
    const mem = await openMemory({ store: await open(newSchema()), clock: testClock() });
    try {
      const r = await recordAndForget(mem);
      expect(r.purge).toEqual({ rewritten: TABLES, skipped: [] });
    } finally {
      await mem.close();
    }
  }, 60_000);

  it("a table another session keeps locked is skipped, with the reason and the statement to run", async () => {
    const schema = newSchema();
    const mem = await openMemory({ store: await open(schema), clock: testClock() });
    const holder = await lockHolder();
    try {
      await mem.record("An ordinary note");
      await holder.lock(schema, "episodes");
      const started = Date.now();
      const r = await recordAndForget(mem);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(r.forgotten).toHaveLength(1);
      expect(r.purge?.skipped).toEqual([
        {
          part: "episodes",
          reason: "another session held a lock on it for more than 2 s",
          remedy: `VACUUM (FULL) "${schema}".episodes`,
        },
      ]);
      expect(r.purge?.rewritten).toEqual(TABLES.filter((t) => t !== "episodes"));
      await holder.query("COMMIT");
      // Once the lock is gone, the next forget rewrites it.
      expect((await recordAndForget(mem)).purge).toEqual({ rewritten: TABLES, skipped: [] });
    } finally {
      await holder.end();
      await mem.close();
    }
  }, 60_000);

  it("a rewrite stopped by the statement timeout is skipped, not thrown after forget committed", async () => {
    const schema = newSchema();
    // A statement timeout shorter than the 2 s lock wait: the wait ends in 57014, not 55P03.
    const store = await open(schema, { statementTimeoutMs: 1_000 });
    const mem = await openMemory({ store, clock: testClock() });
    const holder = await lockHolder();
    try {
      await mem.record("An ordinary note");
      await holder.lock(schema, "audit");
      const r = await recordAndForget(mem);
      expect(r.forgotten).toHaveLength(1);
      expect(r.purge?.skipped).toEqual([
        {
          part: "audit",
          reason: "its rewrite ran past the statement timeout",
          remedy: `VACUUM (FULL) "${schema}".audit`,
        },
      ]);
      expect((await mem.get(r.forgotten[0]!.id))?.status).toBe("forgotten");
    } finally {
      await holder.query("COMMIT").catch(() => undefined);
      await holder.end();
      await mem.close();
    }
  }, 60_000);

  it("the same, with a snapshot older than the forget open elsewhere (the swap's lock wait): the statement timeout", async () => {
    const schema = newSchema();
    const store = await open(schema, { statementTimeoutMs: 1_000 });
    const mem = await openMemory({ store, clock: testClock() });
    const holder = await lockHolder();
    const older = await lockHolder();
    try {
      await mem.record("An ordinary note");
      await holder.lock(schema, "audit");
      // Another connection's snapshot from before the forget: every table goes to the swap
      // (pgsnap22), whose lock tries end at the statement timeout as VACUUM (FULL)'s wait does.
      await older.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
      await older.query("SELECT 1");
      const r = await recordAndForget(mem);
      expect(r.forgotten).toHaveLength(1);
      expect(r.purge).toEqual({
        rewritten: TABLES.filter((t) => t !== "audit"),
        skipped: [
          {
            part: "audit",
            reason: "its rewrite ran past the statement timeout",
            remedy: `VACUUM (FULL) "${schema}".audit`,
          },
        ],
      });
    } finally {
      await older.query("ROLLBACK").catch(() => undefined);
      await older.end();
      await holder.query("COMMIT").catch(() => undefined);
      await holder.end();
      await mem.close();
    }
  }, 60_000);

  it("rewriteOnForget: false reports every table left, with its statement", async () => {
    const schema = newSchema();
    const mem = await openMemory({
      store: await open(schema, { rewriteOnForget: false }),
      clock: testClock(),
    });
    try {
      const r = await recordAndForget(mem);
      expect(r.purge?.rewritten).toEqual([]);
      expect(r.purge?.skipped.map((s) => s.part)).toEqual(TABLES);
      expect(r.purge?.skipped[0]).toEqual({
        part: "episodes",
        reason: "the store was opened with rewriteOnForget: false",
        remedy: `VACUUM (FULL) "${schema}".episodes`,
      });
    } finally {
      await mem.close();
    }
  }, 60_000);

  it("every surface says what was left: CLI (human and JSON), REST, MCP", async () => {
    const schema = newSchema();
    const store = await open(schema, { rewriteOnForget: false });
    const mem = await openMemory({ store, clock: testClock(), namespace: "team-a" });
    try {
      const warning = `the forgotten text may remain in episodes's files (the store was opened with rewriteOnForget: false); run: VACUUM (FULL) "${schema}".episodes`;
      // CLI: the human output warns, table by table; --json is the result as it is.
      const first = await mem.record("The first note");
      const r = await mem.forget(first.id);
      const human = renderForget(r, plain);
      expect(human).toContain(`warning: ${warning}`);
      expect(human.split("\n").filter((l) => l.startsWith("warning:"))).toHaveLength(TABLES.length);
      // REST: DELETE /v1/namespaces/{ns}/items/{id} answers with `purge`.
      const app = createServerApp({ memory: mem, loopbackClient: () => true }) as unknown as Hono;
      const second = await mem.record("The second note");
      const res = await app.request(`/v1/namespaces/team-a/items/${second.id}`, {
        method: "DELETE",
        headers: { host: "localhost" },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as ForgetResult;
      expect(body.purge?.skipped.map((x) => x.part)).toEqual(TABLES);
      // MCP: the forget tool's reason carries the warning (its schema is unchanged).
      const server = createMcpServer(mem);
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "test", version: "1" });
      await client.connect(clientSide);
      const third = await mem.record("The third note");
      const tool = (await client.callTool({ name: "forget", arguments: { id: third.id } })) as unknown as {
        structuredContent: { reason: string };
      };
      expect(tool.structuredContent.reason).toContain(`Warning: ${warning}.`);
      await client.close();
    } finally {
      await mem.close();
    }
  }, 60_000);

  const noRole = (() => {
    if (process.getuid?.() !== 0) return "creating a role needs the postgres superuser (root here)";
    const host = new URL(DATABASE_URL ?? "postgres://x/y").hostname;
    if (!["localhost", "127.0.0.1", "::1", ""].includes(host)) return "the server is not on this machine";
    return superuser("SELECT 1") === "1" ? null : "runuser … psql as postgres is not available";
  })();

  it.skipIf(noRole !== null)(
    `a role that owns neither the tables nor the database, with no CREATE privilege: it opens the store; nothing rewritten, every table reported${noRole ? ` (skipped: ${noRole})` : ""}`,
    async () => {
      const schema = newSchema();
      // The owner creates the schema and its tables.
      await (await open(schema)).close();
      const role = `strata_purge_${process.pid}`;
      roles.push(role);
      const url = new URL(DATABASE_URL!);
      const db = decodeURIComponent(url.pathname.slice(1));
      const made = superuser(
        [
          `CREATE ROLE ${role} LOGIN PASSWORD 'purge'`,
          // No CREATE anywhere: opening a store its owner made runs no DDL.
          `GRANT CONNECT ON DATABASE "${db}" TO ${role}`,
          `GRANT USAGE ON SCHEMA "${schema}" TO ${role}`,
          `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO ${role}`,
          `REVOKE INSERT, UPDATE, DELETE ON "${schema}".strata_secrets FROM ${role}`,
          `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "${schema}" TO ${role}`,
        ].join("; "),
        db,
      );
      expect(made).not.toBeNull();
      url.username = role;
      url.password = "purge";
      const store = await PostgresStore.open({ url: url.toString(), schema, maxConnections: 4 });
      const mem = await openMemory({ store, clock: testClock() });
      try {
        const r = await recordAndForget(mem);
        expect(r.forgotten).toHaveLength(1);
        expect(r.purge?.rewritten).toEqual([]);
        expect(r.purge?.skipped.map((s) => s.part)).toEqual(TABLES);
        for (const s of r.purge!.skipped) {
          expect(s.reason).toMatch(/^PostgreSQL did not rewrite it: .*(owner|permission denied)/);
          expect(s.remedy).toBe(`VACUUM (FULL) "${schema}".${s.part}`);
        }
      } finally {
        await mem.close();
      }
    },
    60_000,
  );
});

describe("forget on SQLite reports what purge left", () => {
  it("merges both full-text indexes and truncates the log when nothing reads an older snapshot", async () => {
    const mem = await openMemory({ path: tempDbPath(), clock: testClock() });
    try {
      const r = await recordAndForget(mem);
      expect(r.purge).toEqual({ rewritten: ["belief_fts", "episode_fts", "wal"], skipped: [] });
    } finally {
      await mem.close();
    }
  });

  it("a reader on an older snapshot: the log is reported left, after a 2 s wait, not the busy timeout", async () => {
    const path = tempDbPath();
    const mem = await openMemory({ path, clock: testClock() });
    const reader = new Database(path, { readonly: true });
    try {
      await mem.record("An ordinary note");
      // The same forget with nothing in the way, timed first: what a loaded machine adds to the
      // forget itself is then taken off, and the bound tells the 2 s wait from the busy timeout.
      let started = Date.now();
      await recordAndForget(mem);
      const unhindered = Date.now() - started;
      reader.exec("BEGIN");
      reader.prepare("SELECT count(*) FROM episodes").get(); // holds this snapshot
      started = Date.now();
      const r = await recordAndForget(mem);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(1_900);
      // The store's busy timeout is 10 s: the wait it would add is more than 6 s.
      expect(took - unhindered, `${took} ms against ${unhindered} ms unhindered`).toBeLessThan(6_000);
      expect(r.purge?.rewritten).toEqual(["belief_fts", "episode_fts"]);
      expect(r.purge?.skipped).toHaveLength(1);
      expect(r.purge?.skipped[0]).toMatchObject({
        part: "wal",
        reason: expect.stringMatching(/^another connection read an older snapshot/),
        remedy: expect.stringContaining(`sqlite3 ${path} "PRAGMA wal_checkpoint(TRUNCATE)"`),
      });
      reader.exec("COMMIT");
      expect((await recordAndForget(mem)).purge?.skipped).toEqual([]);
    } finally {
      reader.close();
      await mem.close();
    }
  }, 30_000);

  it("the in-memory store reports nothing to scrub; a forget of nothing reports null", async () => {
    const mem = await openMemory({ path: ":memory:", clock: testClock() });
    try {
      const r = await recordAndForget(mem);
      expect(r.purge).toEqual({ rewritten: ["belief_fts", "episode_fts"], skipped: [] });
      expect((await mem.forget(r.forgotten[0]!.id)).purge).toBeNull();
    } finally {
      await mem.close();
    }
  });
});
