/**
 * `strata doctor` and `strata namespaces` through the built binary: a healthy store passes, a
 * client wired to another store is a warning with the fix, vectors from another embedder fail
 * (exit 1) and name `strata reindex`; namespaces lists each with its counts.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHashedEmbedder } from "../../src/embed/hashed-embedder.js";
import { openMemory } from "../../src/open-memory.js";
import { bin, ensureBuilt } from "../support/built-cli.js";

let home: string;

const strata = (db: string, args: string[]) =>
  spawnSync(process.execPath, [bin, "--db", db, ...args], {
    encoding: "utf8",
    env: { ...process.env, HOME: home, NO_COLOR: "1" },
  });

const check = (stdout: string, name: string) =>
  (JSON.parse(stdout) as { checks: { name: string; status: string; fix?: string }[] }).checks.find(
    (c) => c.name === name,
  );

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-doctor-"));
}, 90_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

describe("strata doctor (built)", () => {
  it("passes on a healthy store, and says which clients are wired to which store", () => {
    const db = join(home, "memory.db");
    expect(strata(db, ["remember", "The staging database is Postgres 16"]).status).toBe(0);
    let r = strata(db, ["doctor", "--json"]);
    expect(r.status).toBe(0);
    expect(check(r.stdout, "audit")?.status).toBe("ok");
    expect(check(r.stdout, "index")?.status).toBe("ok");
    expect(check(r.stdout, "clients")).toMatchObject({
      status: "warn",
      fix: expect.stringContaining("install"),
    });

    expect(strata(db, ["install", "cursor"]).status).toBe(0);
    expect(check(strata(db, ["doctor", "--json"]).stdout, "client cursor")?.status).toBe("ok");
    const other = join(home, "other.db");
    r = strata(other, ["doctor", "--json"]);
    expect(check(r.stdout, "client cursor")).toMatchObject({
      status: "warn",
      fix: expect.stringContaining(`--db ${other} install cursor`),
    });
  });

  it("on a store that does not exist, reports it missing with the command that creates it, and creates nothing", () => {
    const folder = join(home, "no-such-folder");
    const db = join(folder, "typo.db");
    const r = strata(db, ["doctor", "--json"]);
    expect(r.status).toBe(0);
    expect(check(r.stdout, "store")).toMatchObject({
      status: "warn",
      detail: expect.stringContaining(`no store at ${db}`),
      fix: expect.stringContaining(`strata --db ${db} init`),
    });
    // The checks of the store's contents are skipped; the machine's are still made.
    expect(check(r.stdout, "audit")).toBeUndefined();
    expect(check(r.stdout, "node")?.status).toBe("ok");
    const text = strata(db, ["doctor"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(`no store at ${db}`);
    expect(text.stdout).toContain("No failures; see the warnings above.");
    expect(existsSync(folder)).toBe(false);
    // Beside an existing folder: still no file, no WAL, no lock.
    const beside = join(home, "typo-beside.db");
    expect(strata(beside, ["doctor"]).status).toBe(0);
    expect(readdirSync(home).filter((f) => f.startsWith("typo-beside"))).toEqual([]);
  });

  it("fails (exit 1) when the store's vectors come from another embedder, naming reindex", async () => {
    const db = join(home, "small-vectors.db");
    const mem = await openMemory({ path: db, embedder: createHashedEmbedder({ dimension: 64 }) });
    await mem.remember("Deploys go out blue-green on Fridays");
    await mem.close();
    const r = strata(db, ["doctor", "--json"]);
    expect(r.status).toBe(1);
    expect(check(r.stdout, "embedder")).toMatchObject({
      status: "fail",
      fix: expect.stringContaining("strata reindex"),
    });
    expect(strata(db, ["doctor"]).stdout).toContain("Problems found");
  });
});

describe("strata namespaces (built)", () => {
  it("lists every namespace with its counts", () => {
    const db = join(home, "namespaces.db");
    expect(strata(db, ["-n", "billing", "remember", "Invoices go out on the 1st"]).status).toBe(0);
    expect(strata(db, ["-n", "support", "record", "A customer asked about refunds"]).status).toBe(0);
    const r = strata(db, ["namespaces", "--json"]);
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.stdout) as {
      namespace: string;
      beliefs: { total: number };
      episodes: { total: number };
    }[];
    expect(rows.map((x) => [x.namespace, x.beliefs.total, x.episodes.total])).toEqual([
      ["billing", 1, 0],
      ["support", 0, 1],
    ]);
    expect(strata(db, ["namespaces"]).stdout).toMatch(/NAMESPACE\s+EPISODES/);
  });
});
