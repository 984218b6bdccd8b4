/**
 * The password Strata reads from a PostgreSQL password file (`~/.pgpass`, `PGPASSFILE`) goes only
 * to the server its line names, as libpq's does: the line is matched against the host, port, user
 * and database pg will connect to, and pg takes `?host=`, `?port=` and `?user=` of a URL over its
 * authority. A URL naming one host in its authority and another in its query (a settings file, an
 * MCP client's entry) must not carry the first host's password to the second. A password given by
 * the file, right or wrong, is never printed: not in a refusal, not in the URL Strata shows.
 * Real files (mode 0600) and, with DATABASE_URL, a real server.
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/postgres-passfile-target.test.ts
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { isStrataError } from "../../src/core/errors.js";
import { withPassfilePassword } from "../../src/store/postgres/postgres-passfile.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { redactUrl } from "../../src/store/postgres/postgres-url.js";
import { bin, ensureBuilt } from "../support/built-cli.js";

const DATABASE_URL = process.env.DATABASE_URL;
const SECRET = "db-internal-s3cret";
const dir = mkdtempSync(join(tmpdir(), "strata-pgpass-target-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A password file of `lines`, readable by its owner only (libpq's rule, which Strata keeps). */
function passfile(name: string, lines: string): string {
  const file = join(dir, name);
  writeFileSync(file, lines);
  chmodSync(file, 0o600);
  return file;
}

/** Where pg connects with a connection string, and the password it sends there. */
const connects = (url: string) => {
  const c = new pg.Client({ connectionString: url });
  return { host: c.host, port: String(c.port), user: c.user, password: c.password ?? null };
};

describe.skipIf(process.platform === "win32")(
  "the password file's password goes only where its line says",
  () => {
    const file = passfile("pgpass", `db.internal:5432:strata:strata:${SECRET}\n`);
    const env = { PGPASSFILE: file };

    it("the line's own server gets it (the rows below are not vacuous)", () => {
      expect(connects(withPassfilePassword("postgres://strata@db.internal/strata", { env }))).toEqual({
        host: "db.internal",
        port: "5432",
        user: "strata",
        password: SECRET,
      });
    });

    it.each([
      ["another host named by ?host=", "postgres://strata@db.internal/strata?host=collector.example"],
      ["another port named by ?port=", "postgres://strata@db.internal/strata?port=6543"],
      ["another user named by ?user=", "postgres://strata@db.internal/strata?user=reporting"],
    ])("%s: no password from the file", (_name, url) => {
      const seen = connects(withPassfilePassword(url, { env }));
      expect(seen.password ?? "").not.toBe(SECRET);
    });

    it("a line for the query's host is the one matched, as libpq matches where it connects", () => {
      const both = passfile(
        "pgpass-both",
        `db.internal:5432:strata:strata:${SECRET}\nreplica:6543:strata:reporting:replica-pw\n`,
      );
      const url = withPassfilePassword(
        "postgres://strata@db.internal/strata?host=replica&port=6543&user=reporting",
        {
          env: { PGPASSFILE: both },
        },
      );
      expect(connects(url)).toEqual({
        host: "replica",
        port: "6543",
        user: "reporting",
        password: "replica-pw",
      });
    });

    it("a password the query gives is pg's, and the file is not read into the URL", () => {
      const url = "postgres://strata@db.internal/strata?password=from-query";
      expect(connects(withPassfilePassword(url, { env })).password).toBe("from-query");
    });

    it("a password in the query is redacted where Strata shows the URL", () => {
      const shown = redactUrl("postgres://strata@db.internal/strata?password=from-query&schema=a");
      expect(shown).not.toContain("from-query");
      expect(new URL(shown).searchParams.get("schema")).toBe("a");
    });
  },
);

describe.skipIf(!DATABASE_URL || process.platform === "win32")(
  "a real server refusing the file's password",
  () => {
    it("the refusal names where the password came from, never the password", async () => {
      const real = new URL(DATABASE_URL!);
      const wrong = `wr0ng-${process.pid}-pw`;
      const file = passfile(
        "pgpass-wrong",
        `${real.hostname}:${real.port || "5432"}:${real.pathname.slice(1)}:${decodeURIComponent(real.username)}:${wrong}\n`,
      );
      real.password = "";
      const saved = { PGPASSFILE: process.env.PGPASSFILE, PGPASSWORD: process.env.PGPASSWORD };
      process.env.PGPASSFILE = file;
      delete process.env.PGPASSWORD;
      try {
        const error = await PostgresStore.open({
          url: real.toString(),
          schema: `pgpass_${process.pid}`,
          maxConnections: 1,
          connectTimeoutMs: 10_000,
        }).then(
          async (s) => {
            await s.close();
            return expect.fail("a wrong password from the file was accepted");
          },
          (e: unknown) => e,
        );
        if (!isStrataError(error)) expect.fail(String(error));
        expect(error.code).toBe("STORE_UNAVAILABLE");
        expect(error.message).toMatch(/28P01/);
        expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(wrong);
      } finally {
        for (const [k, v] of Object.entries(saved))
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
      }
    }, 30_000);
  },
);

describe.skipIf(!DATABASE_URL || process.platform === "win32")(
  "the built CLI never prints a refused password",
  () => {
    it("a wrong ?password= and a wrong ~/.pgpass line: exit 69, the password in no output, --json or not", () => {
      ensureBuilt();
      const real = new URL(DATABASE_URL!);
      const user = decodeURIComponent(real.username);
      const db = real.pathname.slice(1);
      const fromQuery = `qu3ry-${process.pid}-pw`;
      const fromFile = `f1le-${process.pid}-pw`;
      const file = passfile(
        "pgpass-cli",
        `${real.hostname}:${real.port || "5432"}:${db}:${user}:${fromFile}\n`,
      );
      real.password = "";
      const inQuery = new URL(real);
      inQuery.searchParams.set("password", fromQuery);
      inQuery.searchParams.set("schema", `pgpass_cli_${process.pid}`);
      const env = { ...process.env, PGPASSFILE: file, PGPASSWORD: "" };
      for (const url of [inQuery.toString(), real.toString()])
        for (const args of [["--json", "doctor"], ["stats"], ["--json", "recall", "anything"]]) {
          const run = spawnSync(process.execPath, [bin, "--db", url, ...args], { env, encoding: "utf8" });
          const out = `${run.stdout}${run.stderr}`;
          expect({ args, status: run.status, refused: /28P01/.test(out) }).toEqual({
            args,
            status: 69,
            refused: true,
          });
          expect(out).not.toContain(fromQuery);
          expect(out).not.toContain(fromFile);
        }
    }, 120_000);
  },
);

describe.skipIf(!DATABASE_URL)(
  "a database not created yet: the commands to paste create that one and run nothing else",
  () => {
    it("a name with a space, a ';', a quote and capitals is quoted for the shell and for SQL", async () => {
      const name = `Strata none;touch pwned-${process.pid} 'x'`;
      const url = new URL(DATABASE_URL!);
      url.pathname = `/${encodeURIComponent(name)}`;
      const error = await PostgresStore.open({ url: url.toString(), connectTimeoutMs: 10_000 }).then(
        async (s) => {
          await s.close();
          return expect.fail("opened a database that does not exist");
        },
        (e: unknown) => e,
      );
      if (!isStrataError(error)) expect.fail(String(error));
      expect(error.details).toMatchObject({ code: "3D000" });
      const shellQuoted = `'Strata none;touch pwned-${process.pid} '\\''x'\\'''`;
      expect(error.message).toContain(`-U strata ${shellQuoted}, or CREATE DATABASE "${name}" as a role`);
    }, 30_000);
  },
);
