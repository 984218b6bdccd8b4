/**
 * A PostgreSQL location that can name no store — not a URL, or a `?schema=` that is no schema
 * name — is the caller's typo, as a malformed namespace is: a usage error (exit 2) naming where it
 * came from, before the engine or a driver loads. Until newcomer50 the store refused it as it
 * opened, INVALID_INPUT, exit 1.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { openStore } from "../store/open-store.js";
import { postgresLocationProblem } from "../store/postgres/postgres-url.js";
import { runMain } from "./main.js";

const SERVER = "postgres://strata:strata@localhost:5432/strata_test";
let said: string[];

beforeEach(() => {
  said = captureOutput();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const SCHEMA_RULE = "use letters, digits and _ (at most 63), starting with a letter.";

describe("a PostgreSQL location that names no store is a usage error", () => {
  it.each([
    [
      ["--db", `${SERVER}?schema=nc50-bad`, "remember", "x"],
      `--db: Invalid Postgres schema name "nc50-bad": ${SCHEMA_RULE}`,
    ],
    [
      ["--db", `${SERVER}?schema=1team`, "recall", "x"],
      `--db: Invalid Postgres schema name "1team": ${SCHEMA_RULE}`,
    ],
    [
      ["--db", "postgres://", "stats"],
      '--db: Not a PostgreSQL URL: "postgres://". Use postgres://user:password@host:5432/db (optionally ?schema=name).',
    ],
  ])("strata %j", async (argv, message) => {
    expect(await runMain(argv)).toBe(2);
    expect(said.join("")).toBe(`usage: ${message}\n`);
    said.length = 0;
    expect(await runMain(["--json", ...argv])).toBe(2);
    const json = JSON.parse(said.filter((s) => s.startsWith("{")).join(""));
    expect(json.error).toMatchObject({ code: "USAGE", message });
  });

  it("named by STRATA_DB, the message says so", async () => {
    vi.stubEnv("STRATA_DB", `${SERVER}?schema=team-a`);
    expect(await runMain(["remember", "x"])).toBe(2);
    expect(said.join("")).toBe(`usage: STRATA_DB: Invalid Postgres schema name "team-a": ${SCHEMA_RULE}\n`);
  });
});

/**
 * A PostgreSQL URL written otherwise — its scheme in capitals (`POSTGRES://`, which libpq and psql
 * do not read either), a space before it, one slash — was read as a SQLite file's path (attacks51):
 * `remember` made the folders `POSTGRES:/strata:PASSWORD@localhost:5432/` under the working folder
 * and wrote the statement there, not to the server, and every message and `--json` printed the
 * path, password and all. Now refused as the typo it is, before anything loads, never echoed.
 */
describe("a PostgreSQL URL written otherwise is refused, its password never printed", () => {
  it.each([
    ["POSTGRES://strata:s3cretX@localhost:5432/strata_test"],
    ["Postgresql://strata:s3cretX@localhost:5432/strata_test"],
    [" postgres://strata:s3cretX@localhost:5432/strata_test"],
    ["postgres:/strata:s3cretX@localhost/strata_test"],
    ["postgresql:strata:s3cretX@localhost/strata_test"],
  ])("--db %j", async (db) => {
    const argv = ["--db", db, "remember", "The pool opens at 7"];
    expect(await runMain(argv)).toBe(2);
    const text = said.join("");
    expect(text).toMatch(/^usage: --db: Not a PostgreSQL URL: a PostgreSQL URL is written postgres:\/\//);
    expect(text).not.toContain("s3cretX");
    said.length = 0;
    expect(await runMain(["--json", ...argv])).toBe(2);
    expect(said.join("")).not.toContain("s3cretX");
    expect(JSON.parse(said.filter((s) => s.startsWith("{")).join("")).error.code).toBe("USAGE");
    // Nothing made in the working folder: no file, no folder named after the URL.
    expect(existsSync(resolve(process.cwd(), db.trim().split("/")[0]!))).toBe(false);
  });

  it("named by STRATA_DB, the message says so", async () => {
    vi.stubEnv("STRATA_DB", "POSTGRES://strata:s3cretX@localhost:5432/strata_test");
    expect(await runMain(["stats"])).toBe(2);
    expect(said.join("")).toMatch(/^usage: STRATA_DB: Not a PostgreSQL URL/);
    expect(said.join("")).not.toContain("s3cretX");
  });

  it("openStore refuses it too (transfer --from/--to, a server's store), making nothing", async () => {
    const error = await openStore("POSTGRES://strata:s3cretX@localhost:5432/strata_test").catch((e) => e);
    expect(error).toMatchObject({ code: "INVALID_INPUT" });
    expect((error as Error).message).not.toContain("s3cretX");
    expect(existsSync(resolve(process.cwd(), "POSTGRES:"))).toBe(false);
  });

  it.each([
    ["postgres.db"],
    ["./postgres:/x.db"],
    ["data/postgres://x.db"],
    ["sqlite:postgres.db"],
    [":memory:"],
  ])("%j is a SQLite location, not refused", (location) => {
    expect(postgresLocationProblem(location)).toBeNull();
  });
});

/**
 * A URL of another scheme — `mysql://`, `pg://`, `postgresql+psycopg://` (SQLAlchemy's),
 * `jdbc:postgresql://`, `sqlite://`, `file://` — was read as a SQLite file's path (attacks51's
 * leftover): `remember` made the folders `mysql:/root:PASSWORD@localhost/` under the working folder
 * and stored the statement there, exit 0. No store of Strata's is named so: refused before
 * anything loads or is made, never echoed (it may hold a password).
 */
describe("a URL of a scheme Strata does not open is refused, never read as a path", () => {
  it.each([
    ["postgresql+psycopg://strata:s3cretX@localhost:5432/strata_test"],
    ["pg://strata:s3cretX@localhost/strata_test"],
    ["mysql://root:s3cretX@localhost/db"],
    ["MySQL://root:s3cretX@localhost/db"],
    ["jdbc:postgresql://localhost/strata_test?password=s3cretX"],
    ["sqlite://s3cretX.db"],
    ["file:///tmp/s3cretX.db"],
    [" redis://:s3cretX@localhost:6379"],
  ])("--db %j", async (db) => {
    const argv = ["--db", db, "remember", "The pool opens at 7"];
    expect(await runMain(argv)).toBe(2);
    const text = said.join("");
    expect(text).toMatch(/^usage: --db: Not a store location: /);
    expect(text).not.toContain("s3cretX");
    said.length = 0;
    expect(await runMain(["--json", ...argv])).toBe(2);
    expect(said.join("")).not.toContain("s3cretX");
    expect(JSON.parse(said.filter((s) => s.startsWith("{")).join("")).error.code).toBe("USAGE");
    expect(existsSync(resolve(process.cwd(), db.trim().split("/")[0]!))).toBe(false);
  });

  it("named by STRATA_DB or given to openStore, refused the same way", async () => {
    vi.stubEnv("STRATA_DB", "mysql://root:s3cretX@localhost/db");
    expect(await runMain(["stats"])).toBe(2);
    expect(said.join("")).toMatch(/^usage: STRATA_DB: Not a store location: /);
    const error = await openStore("mysql://root:s3cretX@localhost/db").catch((e) => e);
    expect(error).toMatchObject({ code: "INVALID_INPUT" });
    expect((error as Error).message).not.toContain("s3cretX");
    expect(existsSync(resolve(process.cwd(), "mysql:"))).toBe(false);
  });

  it.each([
    ["C:\\Users\\ana\\memory.db"],
    ["C:/Users/ana/memory.db"],
    ["./mysql://x.db"],
    ["data/file://x.db"],
    ["notes:2026//x.db"],
    ["sqlite:./agent.db"],
  ])("%j is a SQLite location, not refused", (location) => {
    expect(postgresLocationProblem(location)).toBeNull();
  });
});

/**
 * A settings file's `db` is read as `--db` is (attacks52): a relative location there is resolved
 * against the file's folder, and that made `"db": "POSTGRES://strata:PASSWORD@…"` or `"mysql://…"`
 * a path (`/project/POSTGRES:/strata:PASSWORD@localhost:5432/…`) before attacks51's check could see
 * the URL — the statement stored in those folders, the password printed in "created a new store
 * at". And `sqlite:PATH`, which `transfer` and `openStore` read as PATH, was a file named
 * `sqlite:PATH` given to `--db` or the settings file: `transfer --to sqlite:copy.db`, then
 * `--db sqlite:copy.db`, opened a new empty store beside the copy.
 */
describe("a store location is read one way, wherever it is named", () => {
  const folder = mkdtempSync(join(tmpdir(), "strata-location-"));

  it.each([
    ["POSTGRES://strata:s3cretX@localhost:5432/strata_test", "Not a PostgreSQL URL"],
    ["mysql://root:s3cretX@localhost/db", "Not a store location"],
  ])("a settings file's %j is refused as --db's is, nothing made beside it", async (db, words) => {
    const settings = join(folder, "strata.config.json");
    writeFileSync(settings, JSON.stringify({ db }));
    vi.stubEnv("STRATA_CONFIG", settings);
    expect(await runMain(["remember", "The pool opens at 7"])).toBe(2);
    expect(said.join("")).toMatch(new RegExp(`^usage: "db" in ${settings}: ${words}`));
    expect(said.join("")).not.toContain("s3cretX");
    expect(existsSync(join(folder, db.split("/")[0]!))).toBe(false);
  });

  it("--db sqlite:PATH is the file PATH, as transfer reads it", async () => {
    const file = join(folder, "typed.db");
    expect(await runMain(["--db", `sqlite:${file}`, "remember", "The pool opens at 7"])).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(resolve(process.cwd(), "sqlite:"))).toBe(false);
  });

  // surfaces53: white space pasted at a location's ends named another file, in a folder of its
  // own: " sqlite:./typed.db" made the folder " sqlite:." and "sqlite: ./typed.db" the folder " .".
  it.each([
    ["a space before sqlite:", (f: string) => ` sqlite:${f}`],
    ["a space after sqlite:", (f: string) => `sqlite: ${f}`],
    ["a tab and a newline at the ends", (f: string) => `\t${f}\n`],
    ["a space after the path", (f: string) => `${f} `],
  ])("--db with %s is the same file", async (_, written) => {
    const file = join(folder, "typed.db");
    expect(await runMain(["--db", written(file), "remember", "The pool opens at 7"])).toBe(0);
    expect(readdirSync(folder).filter((n) => n !== "strata.config.json")).toEqual(["typed.db"]);
    expect(await runMain(["--db", file, "recall", "pool"])).toBe(0);
  });

  it("a settings file's sqlite:PATH is PATH beside the file", async () => {
    const settings = join(folder, "strata.config.json");
    writeFileSync(settings, JSON.stringify({ db: "sqlite:beside.db" }));
    vi.stubEnv("STRATA_CONFIG", settings);
    expect(await runMain(["remember", "The pool opens at 7"])).toBe(0);
    expect(existsSync(join(folder, "beside.db"))).toBe(true);
    expect(existsSync(join(folder, "sqlite:beside.db"))).toBe(false);
  });
});
