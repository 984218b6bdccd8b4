/**
 * A newcomer's first commands on a machine with no store yet, and the words they guess for a
 * command: the built CLI with HOME, the working folder and nothing else set (no --db, no
 * STRATA_DB, no settings file), as someone who just installed it meets it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let home: string;
let cwd: string;

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-first-"));
  cwd = join(home, "project");
  mkdirSync(cwd);
}, 120_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

function strata(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: "1" };
  for (const name of ["STRATA_DB", "STRATA_CONFIG", "STRATA_EMBEDDER", "XDG_CACHE_HOME", "npm_command"])
    delete env[name];
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", env, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const store = () => join(home, ".strata", "memory.db");

describe("the first read, with no store anywhere", () => {
  it.each([[["recall", "retry limit"]], [["list"]], [["health"]], [["stats"]], [["context", "deploy"]]])(
    "strata %j says nothing is stored yet and how to begin; creates nothing",
    (args) => {
      const r = strata(args);
      expect(r.code).toBe(69);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        `error: Nothing is stored yet: no store at ${store()} (the default; no --db, STRATA_DB or settings file names another), and ${args[0]} only reads, so none was created. The first write creates it: strata remember "The retry limit is 5" (strata demo plays a whole session on a temporary store).\n`,
      );
      expect(existsSync(join(home, ".strata"))).toBe(false);
    },
  );

  it("--json carries the same code and details, and the message", () => {
    const r = strata(["recall", "retry limit", "--json"]);
    expect(r.code).toBe(69);
    const { error } = JSON.parse(r.stdout);
    expect(error).toMatchObject({ code: "STORE_UNAVAILABLE", details: { path: store(), reason: "missing" } });
    expect(error.message).toMatch(/^Nothing is stored yet: .*strata remember/);
  });

  it("a store named by --db that does not exist is a typo to check, not a first run", () => {
    const typo = join(cwd, "agnet.db");
    const r = strata(["--db", typo, "recall", "retry limit"]);
    expect(r.code).toBe(69);
    expect(r.stderr).toMatch(new RegExp(`^error: No store at ${typo}: .*Check --db`));
    expect(existsSync(typo)).toBe(false);
  });

  it("strata doctor says how to make one, exit 0", () => {
    const r = strata(["doctor"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/warn {2}store .*no store at .*\n {6}fix: strata --db .* init creates it empty/);
  });
});

describe("strata worker with no store (rest21): it tends a store that exists, and creates none", () => {
  it.each([[["worker", "--once"]], [["worker", "--interval", "1h", "--no-daily"]]])(
    "strata %j exits 69 at once, says nothing is stored yet and how to begin; creates nothing",
    (args) => {
      const r = strata(args);
      expect(r.code).toBe(69);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        `error: Nothing is stored yet: no store at ${store()} (the default; no --db, STRATA_DB or settings file names another), and worker only tends a store that exists, so none was created. The first write creates it: strata remember "The retry limit is 5" (strata demo plays a whole session on a temporary store). A worker started before the first write needs the store made first: strata init creates it empty.\n`,
      );
      expect(existsSync(join(home, ".strata"))).toBe(false);
    },
  );

  it("--json: the documented error, exit 69; a --db typo reads as a typo; after init the worker runs", () => {
    const json = strata(["worker", "--once", "--json"]);
    expect(json.code).toBe(69);
    expect(JSON.parse(json.stdout).error).toMatchObject({
      code: "STORE_UNAVAILABLE",
      details: { path: store(), reason: "missing" },
    });
    const typo = join(cwd, "agnet.db");
    const named = strata(["--db", typo, "worker", "--once"]);
    expect(named.code).toBe(69);
    expect(named.stderr).toMatch(
      new RegExp(
        `^error: No store at ${typo}: the file does not exist, and worker only tends a store that exists, so none was created\\. Check --db`,
      ),
    );
    expect(existsSync(typo)).toBe(false);
    // Asking the worker for a pass is refused the same way: nothing to tend, nothing created.
    const asked = strata(["request-consolidation"]);
    expect(asked.code).toBe(69);
    expect(asked.stderr).toMatch(
      /^error: Nothing is stored yet: .*and request-consolidation asks the worker to tend a store that exists, so none was created\. The first write creates it/,
    );
    expect(existsSync(join(home, ".strata"))).toBe(false);
    const db = join(cwd, "tended.db");
    expect(strata(["--db", db, "init"]).code).toBe(0);
    const once = strata(["--db", db, "worker", "--once", "--no-daily"]);
    expect(once.code).toBe(0);
  });
});

describe("a store just created, still empty", () => {
  it("strata init says what to type next, and health gives no usable share of nothing", () => {
    const db = join(cwd, "empty.db");
    const init = strata(["--db", db, "init"]);
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(
      /^Created a store at .*\n[\s\S]*\nnext: strata remember "The retry limit is 5" stores a fact; /,
    );
    const again = strata(["--db", db, "init", "--json"]);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: false, beliefs: 0, episodes: 0 }); // --json unchanged
    const health = strata(["--db", db, "health"]);
    expect(health.code).toBe(0);
    expect(health.stdout).toMatch(/^0 active beliefs in default: no usable share to give \(strata remember/);
  });
});

describe("the README's CLI lines on a store made today", () => {
  it("recall --at a date before the store says why nothing held then", () => {
    const db = join(cwd, "readme.db");
    expect(strata(["--db", db, "remember", "The API rate limit is 100 requests per minute"]).code).toBe(0);
    const r = strata(["--db", db, "recall", "rate limit", "--at", "2026-03-01", "--kinds", "fact"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Nothing recalled at 2026-03-01: nothing that matches held then \(--at reads when a statement held in the world; one remembered without --at holds from the moment it was stored/,
    );
    expect(strata(["--db", db, "recall", "rate limit"]).stdout).toMatch(/^1\. b1 /);
  });
});

describe("a command word Strata does not have", () => {
  it.each([
    ["status", /strata stats counts what the store holds, strata health .* strata doctor checks the set-up/],
    ["search", /strata recall "QUERY" ranks what is believed/],
    ["add", /strata remember "STATEMENT" stores a fact/],
    ["dashboard", /strata serve --http serves MCP at \/mcp, the REST API at \/v1 and the dashboard at \/ui/],
    ["sleep", /strata consolidate runs sleep/],
  ])("strata %s points at the command that does it (exit 2, one line, nothing created)", (word, instead) => {
    const r = strata([word]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(
      new RegExp(`^usage: unknown command '${word}': Strata has no ${word} command; `),
    );
    expect(r.stderr).toMatch(instead);
    expect(existsSync(join(home, ".strata"))).toBe(false);
  });

  it("with global options before it and --json, one USAGE object naming the word", () => {
    const r = strata(["--db", join(cwd, "x.db"), "status", "--json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      error: {
        code: "USAGE",
        message: expect.stringMatching(/strata stats/),
        details: { command: "status" },
      },
    });
  });

  it("a misspelling keeps commander's suggestion", () => {
    const r = strata(["recal", "x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'recal' \(Did you mean recall\?\)\n$/);
    // One line with --json too: the message carries no line break.
    const json = strata(["recal", "x", "--json"]);
    expect(JSON.parse(json.stdout).error.message).toBe("unknown command 'recal' (Did you mean recall?)");
  });

  it("strata help WORD says the word is unknown instead of printing the whole help", () => {
    const guessed = strata(["help", "status"]);
    expect(guessed.code).toBe(2);
    expect(guessed.stdout).toBe("");
    expect(guessed.stderr).toMatch(/^usage: unknown command 'status': .*strata stats/);
    const other = strata(["help", "frobnicate"]);
    expect(other).toMatchObject({
      code: 2,
      stdout: "",
      stderr: "usage: unknown command 'frobnicate': strata --help lists the commands.\n",
    });
    // A real command's help is unchanged.
    const recall = strata(["help", "recall"]);
    expect(recall.code).toBe(0);
    expect(recall.stdout).toMatch(/^Usage: strata recall/);
  });
});

describe("the first write", () => {
  it("says on stderr where it created the store, once; --json, --quiet and init say nothing there", () => {
    const first = strata(["remember", "The retry limit is 5"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^novel +stored belief b1\n/);
    expect(first.stderr).toBe(
      `strata: created a new store at ${store()} (the default; --db, STRATA_DB or a settings file names another)\n`,
    );
    const again = strata(["remember", "The retry limit is 6"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");

    const named = join(cwd, "named.db");
    const record = strata(["--db", named, "record", "Deploy failed: migration lock timeout"]);
    expect(record.code).toBe(0);
    expect(record.stderr).toBe(`strata: created a new store at ${named}\n`);

    const json = strata(["--db", join(cwd, "quiet.db"), "--json", "remember", "The retry limit is 5"]);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe("");
    expect(JSON.parse(json.stdout)).toMatchObject({ verdict: "novel", id: "b1" });
    expect(strata(["--db", join(cwd, "q.db"), "--quiet", "remember", "x y z"]).stderr).toBe("");
    const init = strata(["--db", join(cwd, "init.db"), "init"]);
    expect(init.stderr).toBe("");
    expect(init.stdout).toMatch(/^Created a store at /);
  });
});
