/**
 * A PostgreSQL password in a command-line URL (`--db postgres://ana:secret@db/strata`, `transfer
 * --from`, `curate pgvector --url`) is in the process list (`ps`, /proc/PID/cmdline) for every user
 * of the machine while strata runs (attacks49's lead). psql takes no password on its command line;
 * mysql and `docker login -p` warn once per run. Strata warns once per run on stderr, naming the
 * option and never the password, and says where the password may go instead: `~/.pgpass` or
 * PGPASSWORD (and STRATA_DB for the store: a process's environment is its owner's alone). A
 * `?password=` in the URL, which pg reads too, is a password as well: `install` said such a URL
 * "gives no password" and wrote it into the client's file without a word (attacks50).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { runMain } from "../../src/cli/main.js";
import { storeLocations } from "../support/backends.js";
import { captureOutput } from "../support/captured-output.js";

afterEach(() => vi.restoreAllMocks());

/** A server no one answers on: the command is refused after the warning, nothing is reached. */
const NOWHERE = "postgres://ana:s3cret-pw@127.0.0.1:1/strata";
const WARNED = /in the process list/g;

describe("a password in a command-line URL: warned once, never shown (attacks50)", () => {
  it.each([
    ["--db URL", ["--db", NOWHERE, "stats"], "--db"],
    ["--db=URL", [`--db=${NOWHERE}`, "stats"], "--db"],
    ["?password= in --db", ["--db", "postgres://ana@127.0.0.1:1/strata?password=s3cret-pw", "stats"], "--db"],
    [
      "transfer --from and --to: both named, one warning",
      ["transfer", "--from", NOWHERE, "--to", `${NOWHERE}?schema=copy`],
      "--from and --to",
    ],
  ])("%s", async (_, argv, named) => {
    const said = captureOutput();
    await runMain(argv);
    const text = said.join("");
    expect(text.match(WARNED), text).toHaveLength(1);
    expect(text).toContain(`warning: ${named}`);
    expect(text).toContain("~/.pgpass");
    expect(text).not.toContain("s3cret");
  });

  it.each([
    ["a URL without a password", ["--db", "postgres://ana@127.0.0.1:1/strata", "stats"]],
    ["a SQLite file", ["--db", "/tmp/strata-attacks50-none/missing.db", "stats"]],
    [
      "a URL said as a statement, not an option's value",
      ["--db", "/tmp/strata-attacks50-none/m.db", "get", NOWHERE],
    ],
  ])("no warning: %s", async (_, argv) => {
    const said = captureOutput();
    await runMain(argv);
    expect(said.join("")).not.toMatch(WARNED);
  });

  it("hook: not warned (install warned of the entry that runs it; its stderr is one line for its own problem)", async () => {
    const said = captureOutput();
    await runMain(["--db", NOWHERE, "hook", "session-start"]);
    expect(said.join("")).not.toMatch(WARNED);
  });

  it("STRATA_DB holding the password: no warning (the environment is not in the process list)", async () => {
    vi.stubEnv("STRATA_DB", NOWHERE);
    try {
      const said = captureOutput();
      await runMain(["stats"]);
      expect(said.join("")).not.toMatch(WARNED);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("install: a ?password= URL is said to hold its password, as user:password@ is (it said none was given)", async () => {
    const said = captureOutput();
    const code = await runMain([
      "--db",
      "postgres://ana@127.0.0.1:1/strata?password=s3cret-pw",
      "--json",
      "install",
      "cursor",
      "--print",
    ]);
    const text = said.join("");
    expect(code, text).toBe(0);
    const answer = JSON.parse(text.slice(text.indexOf("{"))) as { warnings: string[] };
    expect(answer.warnings).toHaveLength(1);
    expect(answer.warnings[0]).toMatch(/holds its password, so it is written in plain text/);
    // install's own warning says the process list: no second one for the same password.
    expect(text.match(WARNED)).toHaveLength(1);
  });
});

for (const backend of storeLocations("pwargs"))
  describe.skipIf(backend.skip || !backend.db().startsWith("postgres") || !new URL(backend.db()).password)(
    `${backend.name}: a command that works still warns, its answer untouched`,
    () => {
      it("remember --json: the answer on stdout, the warning on stderr once", async () => {
        const said = captureOutput();
        const db = backend.db();
        const password = decodeURIComponent(new URL(db).password);
        const code = await runMain(["--db", db, "--json", "remember", "The pool opens at 7"]);
        const text = said.join("");
        expect(code, text).toBe(0);
        expect(text.match(WARNED)).toHaveLength(1);
        expect(text).not.toContain(`:${password}@`);
      });
    },
  );
