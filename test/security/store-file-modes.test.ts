/**
 * A store holds the user's memory, the store's secret (`contentKey`) and its API keys' hashes:
 * the files Strata makes for it are its owner's alone, whatever the umask. Before attacks25 a new
 * store, its folder, its WAL, a backup and an export were made 0644/0755 under the usual umask
 * 022, so every other user of the machine could read every memory in them.
 */
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runMain } from "../../src/cli/main.js";
import { openMemory } from "../../src/open-memory.js";

const CLOCK = { now: () => new Date("2026-03-10T12:00:00.000Z") };
const modeOf = (path: string) => statSync(path).mode & 0o777;
let dir: string;
let umask: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-modes-"));
  umask = process.umask(0o022); // the usual one, under which files were world-readable
});
afterEach(() => {
  process.umask(umask);
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === "win32")("the files made for a store are its owner's alone", () => {
  it("a new store, the folders made for it, its WAL and shared memory: 0700 / 0600", async () => {
    const db = join(dir, "made", "deeper", "agent.db");
    const mem = await openMemory({ path: db, clock: CLOCK });
    try {
      await mem.remember("The deploy key rotates every Monday");
      expect(modeOf(join(dir, "made"))).toBe(0o700);
      expect(modeOf(join(dir, "made", "deeper"))).toBe(0o700);
      expect(modeOf(db)).toBe(0o600);
      expect(modeOf(`${db}-wal`)).toBe(0o600);
      expect(modeOf(`${db}-shm`)).toBe(0o600);
    } finally {
      await mem.close();
    }
  });

  it("an existing file keeps the mode its owner gave it", async () => {
    const db = join(dir, "shared.db");
    closeSync(openSync(db, "w"));
    chmodSync(db, 0o640);
    const mem = await openMemory({ path: db, clock: CLOCK });
    await mem.remember("The deploy key rotates every Monday");
    await mem.close();
    expect(modeOf(db)).toBe(0o640);
  });

  it("a backup, a replaced backup and an export written with --out: 0600", async () => {
    const db = join(dir, "agent.db");
    const mem = await openMemory({ path: db, clock: CLOCK });
    await mem.remember("The deploy key rotates every Monday");
    await mem.backup(join(dir, "b.db"));
    expect(modeOf(join(dir, "b.db"))).toBe(0o600);
    chmodSync(join(dir, "b.db"), 0o644);
    await mem.backup(join(dir, "b.db"), { overwrite: true });
    expect(modeOf(join(dir, "b.db"))).toBe(0o600);
    await mem.close();

    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(await runMain(["--db", db, "export", "--out", join(dir, "out", "memory.json")])).toBe(0);
    expect(modeOf(join(dir, "out", "memory.json"))).toBe(0o600);
    expect(await runMain(["--db", db, "continuity", "--out", join(dir, "digest.md")])).toBe(0);
    expect(modeOf(join(dir, "digest.md"))).toBe(0o600);
  });
});
