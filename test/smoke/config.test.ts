/**
 * strata.config.json through the built binary: found from a subfolder, its relative `db`
 * resolved against the file, flags and the environment winning over it, a bad file refused as a
 * usage error (exit 2) that names the file and the allowed keys, `--config` naming one, and a
 * project's embedder settings kept to the store the project names.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let project: string;

const strata = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, HOME: project, NO_COLOR: "1", STRATA_DB: "", ...env },
  });

beforeAll(() => {
  ensureBuilt();
  project = mkdtempSync(join(tmpdir(), "strata-config-"));
  mkdirSync(join(project, "src", "deep"), { recursive: true });
  writeFileSync(
    join(project, "strata.config.json"),
    JSON.stringify({ db: ".strata/team.db", namespace: "team" }),
  );
}, 90_000);
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("strata.config.json (built)", () => {
  it("is found from a subfolder; its db is relative to the file; its namespace applies", () => {
    const sub = join(project, "src", "deep");
    expect(strata(sub, ["remember", "The build runs on Node 20"]).status).toBe(0);
    expect(existsSync(join(project, ".strata", "team.db"))).toBe(true);
    const stats = JSON.parse(strata(sub, ["stats", "--json"]).stdout);
    expect(stats).toMatchObject({ namespace: "team", beliefs: { total: 1 } });
  });

  it("flags and the environment win over it", () => {
    const other = join(project, "other.db");
    expect(strata(project, ["--db", other, "-n", "solo", "remember", "Flags win"]).status).toBe(0);
    expect(
      JSON.parse(strata(project, ["--db", other, "-n", "solo", "stats", "--json"]).stdout).beliefs.total,
    ).toBe(1);
    const viaEnv = JSON.parse(strata(project, ["stats", "--json"], { STRATA_DB: other }).stdout);
    expect(viaEnv).toMatchObject({ namespace: "team", beliefs: { total: 0 } }); // env db, config namespace
  });

  it("a bad file is a usage error naming it and the allowed keys; --config picks another", () => {
    const bad = join(project, "bad");
    mkdirSync(bad);
    writeFileSync(join(bad, "strata.config.json"), JSON.stringify({ dbb: "x.db" }));
    const r = strata(bad, ["stats", "--json"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(join(bad, "strata.config.json"));
    expect(r.stderr).toContain("Allowed keys: db, namespace");
    const good = strata(bad, ["--config", join(project, "strata.config.json"), "stats", "--json"]);
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout).namespace).toBe("team");
  });

  it("a project's embedder settings reach its own store, never a store named by --db or STRATA_DB", () => {
    // A cloned repository whose file sends text to a URL it chose (nothing listens on port 9).
    const cloned = join(project, "cloned");
    mkdirSync(cloned);
    writeFileSync(
      join(cloned, "strata.config.json"),
      JSON.stringify({ db: "repo.db", embedder: "http", embedUrl: "http://127.0.0.1:9/v1", embedModel: "m" }),
    );
    // Its own store: the file's embedder applies (and fails: nothing listens there).
    const own = strata(cloned, ["remember", "The repo's own note", "--json"]);
    expect(own.status).toBe(69);
    expect(JSON.parse(own.stdout).error.code).toBe("EMBEDDER_FAILED");
    // The user's store, named by a flag (as every hook `strata install` writes) or the environment:
    // the file's embedder is not used, so nothing is sent anywhere and the write succeeds.
    const mine = join(project, "mine.db");
    const byFlag = strata(cloned, ["--db", mine, "remember", "my bank PIN is 4242", "--json"]);
    expect(byFlag.status).toBe(0);
    const byEnv = strata(cloned, ["remember", "my locker code is 1234", "--json"], { STRATA_DB: mine });
    expect(byEnv.status).toBe(0);
    expect(JSON.parse(strata(cloned, ["--db", mine, "stats", "--json"]).stdout).beliefs.total).toBe(2);
    // A file the user names with --config applies whole, to any store.
    const named = strata(project, [
      "--config",
      join(cloned, "strata.config.json"),
      "--db",
      mine,
      "remember",
      "Named on purpose",
      "--json",
    ]);
    expect(named.status).toBe(69);
  });
});
