/**
 * A PostgreSQL location that can name no store — not a URL, or a `?schema=` that is no schema
 * name — is the caller's typo, as a malformed namespace is: a usage error (exit 2) naming where it
 * came from, before the engine or a driver loads. Until newcomer50 the store refused it as it
 * opened, INVALID_INPUT, exit 1.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
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
