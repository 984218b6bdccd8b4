/**
 * A store opened at a path must never be one of another store's own files. Before attacks26,
 * `strata transfer --from agent.db --to sqlite:agent.db-wal` (and `strata --db agent.db-wal …`)
 * wrote a whole database into the live WAL of agent.db, which is empty until its first write:
 * the transfer said "transferred … audit chain intact", and the copy was gone at agent.db's next
 * checkpoint. A `--to` that is the store itself through a hard link would open it under another
 * WAL name. Each is now refused before anything is opened or created.
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runMain } from "../../src/cli/main.js";
import type { Memory } from "../../src/core/engine.js";
import { openMemory } from "../../src/open-memory.js";
import { openStore, sameStoreFiles } from "../../src/store/open-store.js";

const CLOCK = { now: () => new Date("2026-03-10T12:00:00.000Z") };
let dir: string;
let db: string;
/** The store held open, as a running server or agent holds it: its WAL exists and is empty. */
let holder: Memory;
let errors: string[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-transfer-paths-"));
  mkdirSync(join(dir, "real"));
  symlinkSync(join(dir, "real"), join(dir, "via"));
  db = join(dir, "real", "agent.db");
  const first = await openMemory({ path: db, clock: CLOCK });
  await first.remember("The deploy key rotates every Monday");
  await first.close();
  holder = await openMemory({ path: db, clock: CLOCK });
  await holder.list();
  errors = [];
  vi.spyOn(process.stderr, "write").mockImplementation((s) => {
    errors.push(String(s));
    return true;
  });
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await holder.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

/** Size and first bytes of the store's own files, so "nothing written there" is checked exactly. */
const filesOf = () =>
  ["", "-wal", "-shm"].map((s) =>
    existsSync(`${db}${s}`)
      ? [statSync(`${db}${s}`).size, readFileSync(`${db}${s}`).subarray(0, 32).toString("hex")]
      : null,
  );

describe("transfer never copies into the source's own files", () => {
  it.each([
    ["--to its live WAL", () => `sqlite:${db}-wal`],
    ["--to its WAL through a symlinked folder", () => `${join(dir, "via", "agent.db")}-wal`],
    ["--to its shared memory", () => `${db}-shm`],
    ["--to its rollback journal", () => `sqlite:${db}-journal`],
    ["--to a lock file's name beside it", () => `${db}.sleep-default.lock`],
    [
      "--to the store through a hard link",
      () => {
        linkSync(db, join(dir, "hard.db"));
        return join(dir, "hard.db");
      },
    ],
    [
      "--to the store through a symlink",
      () => {
        symlinkSync(db, join(dir, "link.db"));
        return `sqlite:${join(dir, "link.db")}`;
      },
    ],
    ["--to the store through a symlinked folder", () => join(dir, "via", "agent.db")],
  ])("%s: refused before anything is opened; the store and its log unchanged", async (_, to) => {
    const target = to();
    const before = filesOf();
    const code = await runMain(["transfer", "--from", db, "--to", target]);
    expect(code).not.toBe(0);
    expect(errors.join("")).toMatch(/reach the same store's files/);
    expect(filesOf()).toEqual(before);
    expect(existsSync(`${db}-journal`)).toBe(false);
    expect(existsSync(`${db}.sleep-default.lock`)).toBe(false);
    await holder.remember("A second note, written after the refused transfer");
    expect(await holder.list()).toHaveLength(2);
  });

  it("--from its WAL (empty while the store is open) is refused too, and nothing is written into it", async () => {
    const before = filesOf();
    const code = await runMain(["transfer", "--from", `${db}-wal`, "--to", join(dir, "copy.db")]);
    expect(code).not.toBe(0);
    expect(filesOf()).toEqual(before);
    expect(existsSync(join(dir, "copy.db"))).toBe(false);
  });

  it("--from an empty file is no store: nothing is written into it", async () => {
    const empty = join(dir, "notes.txt");
    writeFileSync(empty, "");
    const code = await runMain(["transfer", "--from", empty, "--to", join(dir, "copy.db")]);
    expect(code).not.toBe(0);
    expect(errors.join("")).toMatch(/the file is empty/);
    expect(statSync(empty).size).toBe(0);
    expect(existsSync(join(dir, "copy.db"))).toBe(false);
  });

  it("a new file beside the store is still a target (control)", async () => {
    const copy = join(dir, "real", "agent.copy.db");
    expect(await runMain(["transfer", "--from", db, "--to", copy])).toBe(0);
    const again = await openMemory({ path: copy, clock: CLOCK });
    try {
      expect(await again.list()).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});

describe("no store is opened inside another store's WAL, shared memory or journal", () => {
  it.each([
    ["the WAL", "-wal"],
    ["the shared memory", "-shm"],
    ["the journal", "-journal"],
  ])("--db at %s: CONFLICT naming the database, nothing written", async (_, suffix) => {
    const before = filesOf();
    const code = await runMain(["--db", `${db}${suffix}`, "remember", "A note meant for the store"]);
    expect(code).not.toBe(0);
    expect(errors.join("")).toMatch(/a file SQLite keeps beside the database/);
    expect(filesOf()).toEqual(before);
    await expect(openStore(`${db}${suffix}`)).rejects.toMatchObject({
      code: "CONFLICT",
      details: { database: db },
    });
  });

  it("a store whose name only ends like a side file, with no database beside it, opens (control)", async () => {
    const store = await openStore(join(dir, "notes-wal"));
    await store.close();
    expect(existsSync(join(dir, "notes-wal"))).toBe(true);
  });
});

describe("sameStoreFiles", () => {
  it.each([
    ["the same path spelled two ways", (d: string) => [d, `sqlite:${d.replace("/real/", "/real/./")}`], true],
    ["its WAL, either way round", (d: string) => [`${d}-wal`, d], true],
    ["another file", (d: string) => [d, `${d}.copy`], false],
    ["a PostgreSQL URL", (d: string) => [d, "postgres://u@localhost/strata"], false],
    ["memory", (d: string) => [d, ":memory:"], false],
  ])("%s → %s", async (_, pair, expected) => {
    const [a, b] = pair(db) as [string, string];
    expect(await sameStoreFiles(a, b)).toBe(expected);
  });
});
