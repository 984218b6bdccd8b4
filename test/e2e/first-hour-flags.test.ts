/**
 * A newcomer's first hour, newcomer27's pass, through the built CLI in real processes: a flag
 * borrowed from another command (`recall --limit`, `list --k`) names the flag that command takes,
 * on stderr and in --json's error, exit 2, nothing written; `audit --jsonl DIR --force` over an
 * earlier, longer export leaves DIR holding the new export alone; a folder given as the store
 * says so; and a read of a namespace nothing was ever written to says so instead of "Nothing
 * recalled." alone (`recall x -n 5`, as `head -n 5`).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditJsonl } from "../../src/core/audit.js";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { strataIn } from "../support/newcomer-cli.js";

let home: string;
let db: string;

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-hour27-"));
  db = join(home, "agent.db");
  expect(strata(["remember", "The API rate limit is 100 requests per minute"]).code).toBe(0);
  expect(strata(["remember", "Deploys need two approvals"]).code).toBe(0);
}, 120_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

const strata = (args: string[], options: { db?: string } = {}) => strataIn(home, options.db ?? db, args);

describe("a flag another command takes names the one this command takes", () => {
  it("recall --limit 5: exit 2 naming -k/--k, on stderr and in --json's error", () => {
    const before = statSync(db).mtimeMs;
    const r = strata(["recall", "rate limit", "--limit", "5"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("unknown option '--limit'");
    expect(r.stderr).toContain("(Did you mean -k/--k <n>: how many items (default 3)?");
    const j = strata(["recall", "rate limit", "--limit", "5", "--json"]);
    expect(j.code).toBe(2);
    const body = JSON.parse(j.stdout) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("USAGE");
    expect(body.error.message).toContain("-k/--k");
    expect(statSync(db).mtimeMs).toBe(before);
  });

  it.each([
    [["list", "--k", "5"], "--limit <n>"],
    [["context", "deploy", "--tokens", "300"], "-b/--budget <tokens>"],
    [["forget", "b1", "--force"], "-y/--yes"],
    [["export", "--output", "x.json"], "-o/--out <file>"],
  ])("%j names %s", (argv, flag) => {
    const r = strata(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`(Did you mean ${flag}`);
  });

  it("the belief the mistaken forget named is still there", () => {
    expect(strata(["get", "b1"]).code).toBe(0);
  });
});

describe("audit --jsonl DIR --force over an earlier, longer export", () => {
  it("leaves DIR holding the new export alone, which verifies", () => {
    const dir = join(home, "audit");
    expect(strata(["audit", "--jsonl", dir, "--lines-per-file", "1"]).code).toBe(0);
    expect(readdirSync(dir)).toHaveLength(2);
    const r = strata(["audit", "--jsonl", dir, "--force", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { files: string[]; removed: string[] };
    expect(result.files).toEqual([join(dir, "audit-default-0001.jsonl")]);
    expect(result.removed).toEqual([join(dir, "audit-default-0002.jsonl")]);
    expect(readdirSync(dir)).toEqual(["audit-default-0001.jsonl"]);
    const texts = readdirSync(dir).map((f) => readFileSync(join(dir, f), "utf8"));
    expect(verifyAuditJsonl(texts)).toMatchObject({ ok: true, entries: 2 });
  });
});

describe("a folder given as the store", () => {
  it("says it is a folder and names a file in it, exit 69, nothing created", () => {
    const folder = join(home, "data");
    mkdirSync(folder);
    for (const argv of [
      ["recall", "x"],
      ["remember", "The retry limit is 5"],
    ]) {
      const r = strata(argv, { db: folder });
      expect(r.code).toBe(69);
      expect(r.stderr).toContain(
        `${folder} is a folder, not a store file: name a file in it (for example ${join(folder, "memory.db")})`,
      );
    }
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe("a read of a namespace nothing was written to", () => {
  it("recall x -n 5 says namespace 5 holds nothing, and that -k sets how many", () => {
    const r = strata(["recall", "rate limit", "-n", "5"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Nothing recalled.");
    expect(r.stderr).toContain(
      'namespace "5" holds nothing: -n/--namespace names the namespace to read (strata namespaces lists those in the store); -k 5 sets how many items.',
    );
  });

  it("list -n typo says so; --json keeps stdout the answer alone and says nothing on stderr", () => {
    expect(strata(["-n", "typo", "list"]).stderr).toContain('namespace "typo" holds nothing');
    const j = strata(["-n", "typo", "list", "--json"]);
    expect(JSON.parse(j.stdout)).toEqual([]);
    expect(j.stderr).toBe("");
  });

  it("a namespace that holds something, with nothing matching, gets no note", () => {
    const r = strata(["recall", "zebra crossing"]);
    expect(r.stderr).not.toContain("holds nothing");
  });

  it("an id not found in a namespace never written says the namespace holds nothing (newcomer48)", () => {
    for (const argv of [
      ["-n", "defualt", "get", "b1"],
      ["-n", "defualt", "history", "b1"],
    ]) {
      const r = strata(argv);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('No belief with id "b1"');
      expect(r.stderr).toContain(
        'namespace "defualt" holds nothing: -n/--namespace names the namespace to read',
      );
    }
    // The id is there in the namespace written: found, no note; an id that is nowhere: no note.
    expect(strata(["get", "b1"]).code).toBe(0);
    const nowhere = strata(["get", "b99"]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).not.toContain("holds nothing");
    // --json keeps stderr quiet, as list's note does.
    const j = strata(["-n", "defualt", "get", "b1", "--json"]);
    expect((JSON.parse(j.stdout) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    expect(j.stderr).not.toContain("holds nothing");
  });
});

describe("serve --http with an origin no browser sends is a usage error (surfaces28)", () => {
  it.each([
    ["null", "sandboxed iframes and file:// pages"],
    ["*", "wildcard"],
    ["https://app.example/app", "more than an origin"],
    ["app.example", "not an origin"],
  ])("--allowed-origins %s: exit 2 saying what an origin looks like, nothing served", (origin, why) => {
    const r = strata(["serve", "--http", "--port", "0", "--allowed-origins", `https://ok.example,${origin}`]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`usage: --allowed-origins: allowed origin "${origin}"`);
    expect(r.stderr).toContain(why);
    expect(r.stderr).toContain("such as https://app.example or http://localhost:3000");
    expect(r.stderr).not.toContain("listening");
    const j = strata(["serve", "--http", "--port", "0", "--allowed-origins", origin, "--json"]);
    expect(j.code).toBe(2);
    expect((JSON.parse(j.stdout) as { error: { code: string } }).error.code).toBe("USAGE");
  });
});

it("serve --http names the origins it accepts, as a browser sends them, in its start message", async () => {
  const child = spawn(
    process.execPath,
    [bin, "--db", db, "serve", "--http", "--port", "0", "--allowed-origins", "https://App.example:443/"],
    { cwd: home, env: { ...process.env, HOME: home, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  try {
    const said = await new Promise<string>((resolve, reject) => {
      let err = "";
      child.stderr.on("data", (chunk: Buffer) => {
        err += chunk.toString();
        if (err.includes("MCP over HTTP")) resolve(err);
      });
      child.once("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
    });
    expect(said).toContain("browser pages of https://app.example accepted besides the server's own");
  } finally {
    // Waited for, so its compile cache is written before afterAll removes HOME.
    const exited = child.exitCode === null && new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }
});
