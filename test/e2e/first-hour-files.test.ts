/**
 * A newcomer's first hour, newcomer26's pass, through the built CLI in real processes: every
 * command that writes a file the user names refuses an existing one unless --force (as `backup`
 * does); a failure recorded in two words is a lesson after sleep, not chit-chat; and
 * `worker --once` with stdout and stderr in one log names each namespace's outcome once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../support/built-cli.js";
import { strataIn } from "../support/newcomer-cli.js";

let home: string;
let db: string;

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-hour26-"));
  db = join(home, "agent.db");
}, 120_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

const strata = (args: string[], options: { db?: string } = {}) => strataIn(home, options.db ?? db, args);

describe("a file the user names is never replaced without --force", () => {
  beforeAll(() => {
    expect(strata(["remember", "The deploy key rotates every Monday"]).code).toBe(0);
  });

  it.each([
    ["export --out", (file: string) => ["export", "--out", file]],
    ["export --format markdown --out", (file: string) => ["export", "--format", "markdown", "--out", file]],
    ["continuity --out", (file: string) => ["continuity", "--out", file]],
  ])("%s an existing file: exit 2 naming --force, the file untouched; --force replaces it", (_, argv) => {
    const file = join(home, `kept-${Math.random().toString(36).slice(2)}.txt`);
    writeFileSync(file, "yesterday's copy\n");
    const refused = strata(argv(file));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `${file} already exists: pick a new path, or add --force to replace it.`,
    );
    expect(readFileSync(file, "utf8")).toBe("yesterday's copy\n");
    const forced = strata([...argv(file), "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("deploy key");
  });

  it("audit --jsonl into a folder that holds the chain's files: nothing written without --force", () => {
    const dir = join(home, "audit");
    expect(strata(["audit", "--jsonl", dir]).code).toBe(0);
    const [first] = readdirSync(dir);
    writeFileSync(join(dir, first!), "kept\n");
    const refused = strata(["audit", "--jsonl", dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("already exists: pick a new path, or add --force to replace it.");
    expect(readFileSync(join(dir, first!), "utf8")).toBe("kept\n");
    expect(strata(["audit", "--jsonl", dir, "--force"]).code).toBe(0);
    expect(readFileSync(join(dir, first!), "utf8")).toContain('"strata-audit"');
  });

  it.each([
    [["export", "--force"], "--force goes with --out FILE"],
    [["continuity", "--force"], "--force goes with --out FILE"],
    [["audit", "--force"], "--force goes with --jsonl DIR"],
    [["audit", "--lines-per-file", "3"], "--lines-per-file goes with --jsonl DIR"],
  ])("%j without the option it goes with: exit 2 saying which", (argv, said) => {
    const r = strata(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(said);
    expect(r.stdout).toBe("");
  });

  it("--force never replaces the store itself", () => {
    const r = strata(["export", "--out", db, "--force"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("one of the store's own files");
    expect(strata(["recall", "deploy key"]).stdout).toContain("rotates every Monday");
  });
});

describe("the README's failed deploy, through sleep", () => {
  it('record "Deploy failed" --type outcome --outcome failure, then consolidate: a failure belief, not chit-chat', () => {
    const store = join(home, "deploys.db");
    expect(
      strata(["record", "Deploy failed", "--type", "outcome", "--outcome", "failure"], { db: store }).code,
    ).toBe(0);
    const sleep = strata(["consolidate", "--json"], { db: store });
    expect(sleep.code, sleep.stderr).toBe(0);
    const items = JSON.parse(sleep.stdout).items as { action: string; reason: string }[];
    expect(items.map((i) => i.reason)).not.toContain("skipped: chit-chat");
    const beliefs = JSON.parse(strata(["list", "--json"], { db: store }).stdout) as {
      kind: string;
      text: string;
    }[];
    expect(beliefs).toEqual([expect.objectContaining({ kind: "failure", text: "Deploy failed" })]);
  });
});

describe("worker --once into a log", () => {
  it("names each namespace's outcome once, and each pass of its progress by name", () => {
    const store = join(home, "worker.db");
    for (const text of ["The retry limit is 5", "The retry limit is 7"])
      expect(strata(["remember", text], { db: store }).code).toBe(0);
    expect(
      strata(["record", "We shipped build 12 of the billing service to staging"], { db: store }).code,
    ).toBe(0);
    // The daily backstop at 00:00 UTC is due whenever this runs (none ran since); the default 03:00
    // is not between midnight and 03:00, when nothing else would make this tick consolidate.
    const r = strata(["worker", "--once", "--daily", "00:00"], { db: store });
    expect(r.code, r.stderr).toBe(0);
    const log = `${r.stderr}${r.stdout}`;
    expect(log.match(/consolidated \(/g) ?? []).toHaveLength(1);
    expect(r.stdout).toMatch(/default\s+applied\s+consolidated/);
    expect(r.stderr).toMatch(/^consolidate default: distil \d+\/\d+$/m);
    expect(r.stderr).not.toMatch(/^consolidate default \d+\/\d+$/m);
  });
});
