/**
 * Filesystem problems are coded errors that name the path and the fix, never a crash or a hang:
 * a parent that is a file, a folder that cannot be made (/proc), a file that is not a SQLite
 * database (left untouched), and permission denied.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemory } from "../../open-memory.js";
import { SqliteStore } from "./sqlite-store.js";
import { createStoreFolder, isEmptyFile, removeUnwrittenStore } from "./store-folder.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-folder-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as { code: string; message: string; details: Record<string, unknown> };
  }
  throw new Error("expected a refusal");
};

describe("isEmptyFile: a file of no bytes, which SQLite would open as a new database", () => {
  it.each([
    ["a touched file: empty", () => writeFileSync(join(dir, "m.db"), ""), true],
    [
      "a touched file with an empty -wal",
      () => {
        writeFileSync(join(dir, "m.db"), "");
        writeFileSync(join(dir, "m.db-wal"), "");
      },
      true,
    ],
    [
      "a file of no bytes whose -wal holds pages",
      () => {
        writeFileSync(join(dir, "m.db"), "");
        writeFileSync(join(dir, "m.db-wal"), "x".repeat(32));
      },
      false,
    ],
    ["a missing file: not empty", () => undefined, false],
    ["a folder: not empty", () => mkdirSync(join(dir, "m.db")), false],
    ["a file with bytes: not empty", () => writeFileSync(join(dir, "m.db"), "SQLite format 3"), false],
  ] as [string, () => void, boolean][])("%s", (_, make, empty) => {
    make();
    expect(isEmptyFile(join(dir, "m.db"))).toBe(empty);
  });

  it("openMemory({ create: false }) refuses it as missing and leaves it empty; create: true makes the store", async () => {
    const path = join(dir, "m.db");
    writeFileSync(path, "");
    const error = await openMemory({ path, create: false, lexicon: null }).then(
      () => null,
      (e: unknown) => e as { code: string; message: string; details: Record<string, unknown> },
    );
    expect(error).toMatchObject({ code: "STORE_UNAVAILABLE", details: { reason: "missing", empty: true } });
    expect(error?.message).toContain("the file is empty (0 bytes)");
    expect(readFileSync(path).length).toBe(0);
    const mem = await openMemory({ path, lexicon: null });
    await mem.close();
    expect(readFileSync(path).length).toBeGreaterThan(0);
  });
});

describe("createStoreFolder", () => {
  it("creates every missing level", () => {
    createStoreFolder(join(dir, "a", "b", "c", "memory.db"));
    expect(() => createStoreFolder(join(dir, "a", "b", "c", "memory.db"))).not.toThrow();
    writeFileSync(join(dir, "a", "b", "c", "memory.db"), "");
  });

  it("a parent that is a file: STORE_UNAVAILABLE naming it", () => {
    writeFileSync(join(dir, "notes"), "mine");
    const e = refusal(() => createStoreFolder(join(dir, "notes", "deeper", "memory.db")));
    expect(e.code).toBe("STORE_UNAVAILABLE");
    expect(e.message).toContain(`${join(dir, "notes")} is a file, not a folder`);
    expect(readFileSync(join(dir, "notes"), "utf8")).toBe("mine");
  });

  it.skipIf(process.platform !== "linux")("a folder /proc will not hold: refused at once, no spin", () => {
    const e = refusal(() => createStoreFolder("/proc/strata-nope/memory.db"));
    expect(e.code).toBe("STORE_UNAVAILABLE");
    expect(e.message).toContain("/proc/strata-nope");
  });

  it.skipIf(process.getuid?.() === 0)(
    "permission denied says so (skipped as root, who may write anywhere)",
    () => {
      mkdirSync(join(dir, "locked"));
      chmodSync(join(dir, "locked"), 0o500);
      const e = refusal(() => createStoreFolder(join(dir, "locked", "sub", "memory.db")));
      expect(e.code).toBe("STORE_UNAVAILABLE");
      expect(e.message).toContain("permission denied");
    },
  );
});

describe("opening a file that is not a SQLite database", () => {
  it("is STORE_UNAVAILABLE naming the file, and leaves its bytes alone", async () => {
    const file = join(dir, "notes.db");
    writeFileSync(file, "plain text, not a database\n".repeat(20));
    const e = refusal(() => SqliteStore.open({ path: file }));
    expect(e.code).toBe("STORE_UNAVAILABLE");
    expect(e.message).toContain(`${file} is not a SQLite database`);
    await expect(openMemory({ path: file })).rejects.toMatchObject({ code: "STORE_UNAVAILABLE" });
    expect(readFileSync(file, "utf8")).toBe("plain text, not a database\n".repeat(20));
  });
});

describe("opening a folder as the store (--db ./data)", () => {
  it("is STORE_UNAVAILABLE saying it is a folder and naming a file in it; nothing is created", async () => {
    const folder = join(dir, "data");
    mkdirSync(folder);
    const e = refusal(() => SqliteStore.open({ path: folder }));
    expect(e.code).toBe("STORE_UNAVAILABLE");
    expect(e.message).toBe(
      `${folder} is a folder, not a store file: name a file in it (for example ${join(folder, "memory.db")}); nothing was opened.`,
    );
    expect(e.details).toEqual({ path: folder, reason: "folder" });
    await expect(openMemory({ path: folder })).rejects.toMatchObject({ code: "STORE_UNAVAILABLE" });
    await expect(openMemory({ path: folder, create: false })).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
    });
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe("openMemory({ create: false })", () => {
  it("refuses a file that does not exist with STORE_UNAVAILABLE, creating neither it nor its folder", async () => {
    const file = join(dir, "typo", "memory.db");
    await expect(openMemory({ path: file, create: false })).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      details: { path: file, reason: "missing" },
    });
    expect(existsSync(join(dir, "typo"))).toBe(false);
  });

  it("opens a store that exists, as the default (create: true) made it", async () => {
    const file = join(dir, "memory.db");
    const first = await openMemory({ path: file });
    await first.remember("The staging database is Postgres 16");
    await first.close();
    const again = await openMemory({ path: file, create: false });
    expect((await again.recall("staging database")).map((h) => h.id)).toEqual(["b1"]);
    await again.close();
  });
});

describe("removeUnwrittenStore: a store a refused first write made, removed only when no one has it open", () => {
  it("removes a closed store and the folders made for it, deepest first", async () => {
    const folder = join(dir, "made", "for-it");
    const file = join(folder, "memory.db");
    await (await openMemory({ path: file })).close();
    expect(removeUnwrittenStore(file, [folder, join(dir, "made")])).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(dir, "made"))).toBe(false);
    expect(existsSync(dir)).toBe(true);
  });

  it("keeps a store another connection has open (its -wal and -shm are there), and then removes it once closed", async () => {
    const file = join(dir, "memory.db");
    const other = await openMemory({ path: file });
    try {
      expect(removeUnwrittenStore(file, [])).toBe(false);
      expect(existsSync(file)).toBe(true);
      await other.remember("The retry limit is 5");
    } finally {
      await other.close();
    }
    const reopened = await openMemory({ path: file, create: false });
    expect((await reopened.stats()).beliefs.total).toBe(1);
    await reopened.close();
  });

  it("keeps a folder that holds anything else", async () => {
    const folder = join(dir, "shared");
    const file = join(folder, "memory.db");
    await (await openMemory({ path: file })).close();
    writeFileSync(join(folder, "notes.txt"), "mine");
    expect(removeUnwrittenStore(file, [folder])).toBe(true);
    expect(readdirSync(folder)).toEqual(["notes.txt"]);
  });
});
