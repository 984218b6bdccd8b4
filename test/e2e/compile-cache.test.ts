/**
 * The built `strata` command's code cache (src/cli/compile-cache.ts), observed through
 * STRATA_DEBUG_COMPILE_CACHE=1 (one stderr line per file: hit, miss or rejected; one per entry
 * written) and the files in the cache folder. Behaviour only, never timing.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let dir: string;
let n = 0;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-e2e-codecache-"));
}, 600_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder under the test's own. */
const fresh = (name: string) => {
  const path = join(dir, `${name}-${++n}`);
  mkdirSync(path);
  return path;
};

interface Run {
  stdout: string;
  /** file path → hit | miss | rejected */
  status: Map<string, string>;
  wrote: string[];
}

function strata(args: string[], env: Record<string, string>): Run {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", STRATA_DEBUG_COMPILE_CACHE: "1", ...env },
  });
  expect(r.status, r.stderr).toBe(0);
  const status = new Map<string, string>();
  const wrote: string[] = [];
  for (const line of r.stderr.split("\n")) {
    const m = /^compile cache: (hit|miss|rejected) (.+)$/.exec(line);
    if (m) status.set(m[2]!, m[1]!);
    const w = /^compile cache: wrote (.+)$/.exec(line);
    if (w) wrote.push(w[1]!);
  }
  return { stdout: r.stdout, status, wrote };
}

/** The cache entries under a cache root (one folder per Node version and V8 tag). */
function entries(root: string): string[] {
  let out: string[] = [];
  try {
    for (const version of readdirSync(root))
      out = out.concat(readdirSync(join(root, version)).map((f) => join(root, version, f)));
  } catch {
    // no cache root
  }
  return out.sort();
}

const statuses = (run: Run) => [...new Set(run.status.values())];
/** The command itself (dist/cli/strata.js), which every command compiles. */
const command = join(dirname(bin), "strata.js");

describe("the strata command's code cache", () => {
  it("is written on the first run, one entry per file the command compiled, and used on the second", () => {
    const xdg = fresh("xdg");
    const first = strata(["--help"], { XDG_CACHE_HOME: xdg });
    expect(first.status.get(command)).toBe("miss");
    expect(statuses(first)).toEqual(["miss"]);
    expect(first.wrote.length).toBe(first.status.size);
    const written = entries(join(xdg, "strata"));
    expect(written).toEqual([...first.wrote].sort());

    const second = strata(["--help"], { XDG_CACHE_HOME: xdg });
    expect(statuses(second)).toEqual(["hit"]);
    expect([...second.status.keys()]).toEqual([...first.status.keys()]);
    expect(second.wrote).toEqual([]);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout).toContain("Usage: strata");
  });

  it("a command that compiles files no run cached yet adds their entries and keeps the others", () => {
    const xdg = fresh("xdg");
    const db = join(dir, `m-${n}.db`);
    strata(["--help"], { XDG_CACHE_HOME: xdg });
    const remember = strata(["--db", db, "remember", "The billing gateway owner is Marco Rossi"], {
      XDG_CACHE_HOME: xdg,
    });
    expect(remember.status.get(command)).toBe("hit");
    expect(statuses(remember).sort()).toEqual(["hit", "miss"]);
    const recall = strata(["--db", db, "recall", "billing gateway owner"], { XDG_CACHE_HOME: xdg });
    expect(recall.stdout).toContain("Marco Rossi");
    const again = strata(["--db", db, "recall", "billing gateway owner"], { XDG_CACHE_HOME: xdg });
    expect(statuses(again)).toEqual(["hit"]);
    expect(again.stdout).toBe(recall.stdout);
  });

  it("a corrupted or foreign entry is rejected by V8, ignored, and replaced", () => {
    const xdg = fresh("xdg");
    const first = strata(["--help"], { XDG_CACHE_HOME: xdg });
    const written = entries(join(xdg, "strata"));
    expect(written.length).toBeGreaterThan(1);
    // The first entry gets bytes that are no code cache at all; every other one gets the data of
    // another file (valid V8 data, for another source).
    const [garbled, ...others] = written;
    writeFileSync(garbled!, "not a code cache");
    const donor = readFileSync(others[0]!);
    for (const file of others) writeFileSync(file, donor);
    writeFileSync(others[0]!, Buffer.alloc(donor.length, 7)); // the donor itself: right length, wrong bytes

    const damaged = strata(["--help"], { XDG_CACHE_HOME: xdg });
    expect(statuses(damaged)).toEqual(["rejected"]);
    expect(damaged.stdout).toBe(first.stdout);
    expect([...damaged.wrote].sort()).toEqual(written);

    const mended = strata(["--help"], { XDG_CACHE_HOME: xdg });
    expect(statuses(mended)).toEqual(["hit"]);
    expect(mended.stdout).toBe(first.stdout);
  });

  it("falls back to a folder of its own in the temporary folder when the cache folder cannot be made", () => {
    const notADir = join(fresh("xdg"), "file");
    writeFileSync(notADir, "a file where the cache folder would go");
    const tmp = fresh("tmp");
    const first = strata(["--help"], { XDG_CACHE_HOME: notADir, TMPDIR: tmp });
    expect(statuses(first)).toEqual(["miss"]);
    const [own] = readdirSync(tmp);
    expect(own).toMatch(/^strata-/);
    expect(entries(join(tmp, own!)).length).toBe(first.status.size);
    const second = strata(["--help"], { XDG_CACHE_HOME: notADir, TMPDIR: tmp });
    expect(statuses(second)).toEqual(["hit"]);
  });

  it("still runs, compiling from source, when no folder can be written", () => {
    const notADir = join(fresh("xdg"), "file");
    writeFileSync(notADir, "x");
    const run = () => strata(["--help"], { XDG_CACHE_HOME: notADir, TMPDIR: notADir });
    const first = run();
    expect(statuses(first)).toEqual(["miss"]);
    expect(first.wrote).toEqual([]);
    expect(first.stdout).toContain("Usage: strata");
    expect(statuses(run())).toEqual(["miss"]);
  });

  it("never reads or writes a folder others can write (the cache holds code the command runs)", () => {
    const xdg = fresh("xdg");
    const open = join(xdg, "strata");
    mkdirSync(open);
    chmodSync(open, 0o777);
    const first = strata(["--help"], { XDG_CACHE_HOME: xdg, TMPDIR: fresh("tmp") });
    expect(statuses(first)).toEqual(["miss"]);
    expect(entries(open)).toEqual([]);
    // It used its own folder in the temporary folder instead.
    expect(first.wrote.length).toBe(first.status.size);
    for (const file of first.wrote) expect(file.startsWith(open)).toBe(false);
  });

  it("STRATA_NO_COMPILE_CACHE=1 turns it off: nothing read, nothing written", () => {
    const xdg = fresh("xdg");
    const tmp = fresh("tmp");
    const off = strata(["--help"], { XDG_CACHE_HOME: xdg, TMPDIR: tmp, STRATA_NO_COMPILE_CACHE: "1" });
    expect(off.status.size).toBe(0);
    expect(off.stdout).toContain("Usage: strata");
    expect(readdirSync(xdg)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
