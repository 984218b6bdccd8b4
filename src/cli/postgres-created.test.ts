/**
 * A write that makes a PostgreSQL schema's Strata tables says so on stderr, as a write that makes
 * a SQLite file does: until newcomer51 only the file said "strata: created a new store at …" (the
 * CLI saw a file appear; on a server only the store knows, PostgresStore.open's `onCreated`).
 * Needs DATABASE_URL (skipped otherwise).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { schemasDroppedAfterAll } from "../../test/support/pg-schemas.js";
import { runMain } from "./main.js";

const DATABASE_URL = process.env.DATABASE_URL;
const skip = DATABASE_URL ? null : "DATABASE_URL is not set (postgres://user:password@host:5432/db)";
const dropLater = schemasDroppedAfterAll();

/** The test server's URL at a schema of this run's own, its password in PGPASSWORD, not in the URL. */
function at(name: string): string {
  const url = new URL(DATABASE_URL!);
  if (url.password) vi.stubEnv("PGPASSWORD", decodeURIComponent(url.password));
  url.password = "";
  url.searchParams.set("schema", dropLater(`${name}_${process.pid}`));
  return url.toString();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe.skipIf(skip !== null)(
  `a new PostgreSQL store is said as a new file is${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    it("the first write says where it created the store, on stderr, once", async () => {
      const db = at("nc51_first");
      let said = captureOutput();
      expect(await runMain(["--db", db, "remember", "The retry limit is 5"])).toBe(0);
      const label = `strata: created a new store at ${db}`;
      expect(said.join("")).toContain(label);
      vi.restoreAllMocks();
      said = captureOutput();
      expect(await runMain(["--db", db, "remember", "Deploys happen on Tuesdays"])).toBe(0);
      expect(said.join("")).not.toMatch(/created a new store/);
    }, 60_000);

    it("not with --json: stdout holds the answer alone", async () => {
      const db = at("nc51_json");
      const said = captureOutput();
      expect(await runMain(["--db", db, "remember", "The retry limit is 5", "--json"])).toBe(0);
      expect(said.join("")).not.toMatch(/created a new store/);
      expect(JSON.parse(said.join(""))).toMatchObject({ verdict: "novel" });
    }, 60_000);

    it("init says whether it created the schema's tables, as it does for a file", async () => {
      const db = at("nc51_init");
      const said = captureOutput();
      expect(await runMain(["--db", db, "init", "--json"])).toBe(0);
      expect(JSON.parse(said.join(""))).toMatchObject({ created: true });
      said.length = 0;
      expect(await runMain(["--db", db, "init", "--json"])).toBe(0);
      expect(JSON.parse(said.join(""))).toMatchObject({ created: false });
      said.length = 0;
      expect(await runMain(["--db", db, "init"])).toBe(0);
      expect(said.join("")).toMatch(/Store already exists at postgres:/);
    }, 60_000);
  },
);
