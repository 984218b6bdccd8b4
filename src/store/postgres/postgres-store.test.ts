import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withoutPassword } from "../../../test/support/no-password.js";
import { openMemory } from "../../open-memory.js";
import { PostgresStore } from "./postgres-store.js";

const DATABASE_URL = process.env.DATABASE_URL;
const noServer = "DATABASE_URL is not set (postgres://user:password@host:5432/db)";

describe("PostgresStore.open", () => {
  it("an unreachable server is STORE_UNAVAILABLE, saying what to check, without the password", async () => {
    const error = await PostgresStore.open({
      url: "postgres://strata:s3cret@127.0.0.1:1/strata",
      connectTimeoutMs: 2_000,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "STORE_UNAVAILABLE" });
    expect((error as Error).message).toMatch(/Check the server is running/);
    expect((error as Error).message).not.toContain("s3cret");
  });

  it.skipIf(!DATABASE_URL)(
    `a server asking for a password the URL and PGPASSWORD do not give is STORE_UNAVAILABLE saying where to put it${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
    async () => {
      const error = await withoutPassword(DATABASE_URL!, (url) =>
        PostgresStore.open({ url, connectTimeoutMs: 5_000 }),
      );
      if (error === null) return; // a server that trusts this user asks for no password
      expect(error).toMatchObject({ code: "STORE_UNAVAILABLE", details: { code: "no-password" } });
      expect((error as Error).message).toMatch(
        /asks for a password and none was given: .*set PGPASSWORD.*~\/\.pgpass/,
      );
    },
  );

  it.skipIf(!DATABASE_URL)(
    `a URL without a password opens with the line of PGPASSFILE (~/.pgpass) that matches it, PGPASSWORD unset${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
    async () => {
      const u = new URL(DATABASE_URL!);
      if (!u.password) return; // a server that trusts this user asks for none
      const dir = mkdtempSync(join(tmpdir(), "strata-pgpass-"));
      const file = join(dir, "pgpass");
      const esc = (s: string) => s.replace(/\\/g, "\\\\").replace(/:/g, "\\:");
      const fields = [u.hostname, u.port || "5432", u.pathname.slice(1), decodeURIComponent(u.username)].map(
        esc,
      );
      writeFileSync(file, `${fields.join(":")}:${esc(decodeURIComponent(u.password))}\n`);
      chmodSync(file, 0o600);
      try {
        const error = await withoutPassword(DATABASE_URL!, async (url) => {
          process.env.PGPASSFILE = file;
          const store = await PostgresStore.open({
            url,
            schema: `pgpass_${process.pid}`,
            connectTimeoutMs: 5_000,
          });
          try {
            await store.unsafeQuery("DROP SCHEMA {s} CASCADE");
          } finally {
            await store.close();
          }
        });
        expect(error).toBeUndefined();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!DATABASE_URL)(
    `a database not created yet, and a wrong password, are STORE_UNAVAILABLE saying what to do${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
    async () => {
      const missing = new URL(DATABASE_URL!);
      missing.pathname = `/strata_none_${process.pid}`;
      const noDb = await PostgresStore.open({ url: missing.toString(), connectTimeoutMs: 5_000 }).catch(
        (e: unknown) => e,
      );
      expect(noDb).toMatchObject({ code: "STORE_UNAVAILABLE", details: { code: "3D000" } });
      expect((noDb as Error).message).toContain(
        `has no database "strata_none_${process.pid}" (3D000): create it first (createdb -h `,
      );
      const wrong = new URL(DATABASE_URL!);
      if (!wrong.password) return; // a server that trusts this user checks no password
      wrong.password = "definitely-not-it";
      const bad = await PostgresStore.open({ url: wrong.toString(), connectTimeoutMs: 5_000 }).catch(
        (e: unknown) => e,
      );
      expect(bad).toMatchObject({ code: "STORE_UNAVAILABLE", details: { code: "28P01" } });
      expect((bad as Error).message).toMatch(
        /refused the password for user ".*" \(28P01\): check the password the URL gives, else PGPASSWORD, else the matching ~\/\.pgpass line/,
      );
      expect((bad as Error).message).not.toContain("definitely-not-it");
    },
  );

  it("needs a url, a pool or a PGlite instance", async () => {
    await expect(PostgresStore.open({})).rejects.toMatchObject({ code: "INVALID_INPUT" });
    for (const url of ["postgres://", "postgres://a:s3cret@localhost:notaport/db", "mysql://a@h/db"]) {
      const error = await PostgresStore.open({ url }).catch((e: unknown) => e);
      expect(error, url).toMatchObject({ code: "INVALID_INPUT", details: { field: "url" } });
      expect((error as Error).message).not.toContain("s3cret");
    }
    await expect(
      PostgresStore.open({ url: DATABASE_URL ?? "postgres://x", schema: "bad-name" }),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it.skipIf(!DATABASE_URL)(
    `refuses a schema newer than it knows with SCHEMA_TOO_NEW${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
    async () => {
      const schema = `too_new_${process.pid}`;
      const store = await PostgresStore.open({ url: DATABASE_URL!, schema });
      try {
        await store.unsafeQuery("INSERT INTO {s}.strata_migrations(version) VALUES (999)");
        await expect(PostgresStore.open({ url: DATABASE_URL!, schema })).rejects.toMatchObject({
          code: "SCHEMA_TOO_NEW",
        });
      } finally {
        await store.unsafeQuery("DROP SCHEMA {s} CASCADE");
        await store.close();
      }
    },
  );

  it.skipIf(!DATABASE_URL)(
    `openMemory({ url }) opens the Postgres store${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
    async () => {
      // Its own schema, named in the URL as a user would: the database's default `strata` schema
      // is shared with every other run against this server and may be at a newer version.
      const url = new URL(DATABASE_URL!);
      url.searchParams.set("schema", `open_memory_${process.pid}`);
      const mem = await openMemory({ url: url.toString() });
      try {
        expect(mem.store.name).toBe("postgres");
        const r = await mem.remember("The deploy window is Tuesday");
        expect(r.stored).toBe(true);
        expect((await mem.recall("deploy window")).map((h) => h.id)).toContain(r.id);
      } finally {
        await (mem.store as PostgresStore).unsafeQuery("DROP SCHEMA {s} CASCADE");
        await mem.close();
      }
    },
  );

  it.skipIf(!DATABASE_URL)(
    `onCreated hears that opening made the schema's tables, once: not on the next open${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
    async () => {
      const url = new URL(DATABASE_URL!);
      url.searchParams.set("schema", `on_created_${process.pid}`);
      const heard: string[] = [];
      const first = await openMemory({ url: url.toString(), onCreated: () => heard.push("first") });
      try {
        const again = await openMemory({ url: url.toString(), onCreated: () => heard.push("again") });
        await again.close();
        expect(heard).toEqual(["first"]);
      } finally {
        await (first.store as PostgresStore).unsafeQuery("DROP SCHEMA {s} CASCADE");
        await first.close();
      }
    },
  );

  it("openMemory refuses a url it cannot open", async () => {
    await expect(openMemory({ url: "mysql://localhost/db" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });
});
