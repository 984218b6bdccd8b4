/**
 * A write refused on a first run leaves no store behind. Before lead35, `strata record x --type
 * rumour` on a new machine made an empty store (and the folders above it), said "created a new
 * store" and then refused the type.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { runMain } from "./main.js";

let dir: string;
let said: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-refused-"));
  said = captureOutput();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a refused first write", () => {
  it.each([
    ["a type no episode has", ["record", "x", "--type", "rumour"], 2],
    ["an empty statement", ["remember", ""], 2],
    ["a confidence out of range", ["remember", "The retry limit is 5", "--confidence", "7"], 2],
  ])("%s: refused, and neither the store nor its folders are left", async (_, argv, code) => {
    const db = join(dir, "made", "for", "it", "memory.db");
    expect(await runMain(["--db", db, ...argv])).toBe(code);
    expect(said.join("")).not.toMatch(/created a new store/);
    expect(existsSync(db)).toBe(false);
    expect(existsSync(join(dir, "made"))).toBe(false);
    expect(existsSync(dir)).toBe(true);
  });

  it("a folder that was there before is kept", async () => {
    const db = join(dir, "memory.db");
    expect(await runMain(["--db", db, "record", "x", "--type", "rumour"])).toBe(2);
    expect(existsSync(db)).toBe(false);
    expect(existsSync(dir)).toBe(true);
  });

  it("the same write accepted makes the store and says so", async () => {
    const db = join(dir, "made", "memory.db");
    expect(await runMain(["--db", db, "record", "x", "--type", "decision"])).toBe(0);
    expect(existsSync(db)).toBe(true);
    expect(said.join("")).toMatch(/created a new store at/);
  });

  it("a refused write on a store that exists leaves it byte for byte", async () => {
    const db = join(dir, "memory.db");
    expect(await runMain(["--db", db, "remember", "The retry limit is 5"])).toBe(0);
    const before = readFileSync(db);
    expect(await runMain(["--db", db, "record", "x", "--type", "rumour"])).toBe(2);
    expect(existsSync(db)).toBe(true);
    expect(readFileSync(db).equals(before)).toBe(true);
  });
});

describe("a file of no bytes is no store yet", () => {
  it("init makes the store in it and says it created one, not that one exists", async () => {
    const db = join(dir, "touched.db");
    writeFileSync(db, "");
    expect(await runMain(["--db", db, "init", "--json"])).toBe(0);
    expect(JSON.parse(said.join(""))).toMatchObject({ created: true });
    expect(await runMain(["--db", db, "init", "--json"])).toBe(0);
    expect(JSON.parse(said.slice(-1).join(""))).toMatchObject({ created: false });
  });

  it("a refused first write into it leaves the file there", async () => {
    const db = join(dir, "touched.db");
    writeFileSync(db, "");
    expect(await runMain(["--db", db, "record", "x", "--type", "rumour"])).toBe(2);
    expect(existsSync(db)).toBe(true);
  });
});
