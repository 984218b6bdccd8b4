import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStrataError } from "../../core/errors.js";
import { lockFilePath, withFileLock } from "./file-lock.js";

let dir: string;
let db: string;
const scope = {};
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-file-lock-"));
  db = join(dir, "agent.db");
  writeFileSync(db, "");
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  rmSync(dir, { recursive: true, force: true });
});

const NAME = "sleep:default";
const body = (pid: number, host = hostname()) =>
  JSON.stringify({ pid, host, at: "2026-03-01T00:00:00.000Z", name: NAME, what: "a sweep", token: "t" });
/** A pid that belonged to a process which has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;
const liveChild = () => {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child;
};
const run = (waitMs = 0) =>
  withFileLock(db, scope, NAME, { waitMs, what: "a test sweep" }, async () => "ran");

describe("SQLite lock file", () => {
  it("is <db>.<name>-<hash>.lock, holds who and what while fn runs, and is removed after", async () => {
    const path = lockFilePath(db, NAME);
    expect(path).toMatch(/agent\.db\.sleep-default-[0-9a-f]{16}\.lock$/);
    expect(lockFilePath(db, "sleep:a/b")).not.toBe(lockFilePath(db, "sleep:a:b"));
    const seen = await withFileLock(db, scope, NAME, { waitMs: 0, what: "a test sweep" }, async () =>
      JSON.parse(readFileSync(path, "utf8")),
    );
    expect(seen).toMatchObject({ pid: process.pid, host: hostname(), name: NAME, what: "a test sweep" });
    expect(existsSync(path)).toBe(false);
  });

  it("keeps apart two names whose 32-bit hashes are equal (two namespaces, two locks)", async () => {
    // Both are `sleep-tenant-a-------------` once a file name can hold them, and SHA-256 of each
    // begins 4992ab1e: one lock file while the tag was 8 hex digits.
    const [one, two] = ["sleep:tenant-a@/@@//@@@@/::", "sleep:tenant-a/@/@:@@//:@::"];
    const digest = (name: string) => createHash("sha256").update(name).digest("hex");
    expect(digest(one).slice(0, 8)).toBe(digest(two).slice(0, 8));
    expect(lockFilePath(db, one)).not.toBe(lockFilePath(db, two));
    const inner = await withFileLock(db, scope, one, { waitMs: 0, what: "the first" }, () =>
      withFileLock(db, {}, two, { waitMs: 0, what: "the second" }, async () => "both held"),
    );
    expect(inner).toBe("both held");
  });

  it("is removed when fn throws", async () => {
    const failing = withFileLock(db, scope, NAME, { waitMs: 0 }, async () => {
      throw new Error("boom");
    });
    await expect(failing).rejects.toThrow("boom");
    expect(existsSync(lockFilePath(db, NAME))).toBe(false);
  });

  it("held by a live process on this host: BUSY naming it; taken once that process is gone", async () => {
    const child = liveChild();
    writeFileSync(lockFilePath(db, NAME), body(child.pid!));
    const refused = await run(100).catch((e: unknown) => e);
    expect(isStrataError(refused) && refused.code).toBe("BUSY");
    expect((refused as Error).message).toContain(`A sweep is already running (pid ${child.pid} on this host`);
    child.kill();
    await new Promise((resolve) => child.once("exit", resolve));
    expect(await run()).toBe("ran");
    expect(existsSync(lockFilePath(db, NAME))).toBe(false);
  });

  it("left by a dead process on this host: stale, taken over at once", async () => {
    writeFileSync(lockFilePath(db, NAME), body(deadPid()));
    expect(await run()).toBe("ran");
    expect(existsSync(lockFilePath(db, NAME))).toBe(false);
  });

  it("written from another host: cannot be judged, so BUSY with the file to delete; left alone", async () => {
    const path = lockFilePath(db, NAME);
    const foreign = body(deadPid(), "some-other-host");
    writeFileSync(path, foreign);
    const refused = await run(50).catch((e: unknown) => e);
    expect(isStrataError(refused) && refused.code).toBe("BUSY");
    expect((refused as Error).message).toContain("on host some-other-host");
    expect((refused as Error).message).toContain(`delete ${path}`);
    expect(readFileSync(path, "utf8")).toBe(foreign);
  });

  it("empty (a crash between create and write): held while fresh, stale after 10 s", async () => {
    const path = lockFilePath(db, NAME);
    writeFileSync(path, "");
    expect(isStrataError(await run().catch((e: unknown) => e))).toBe(true);
    const old = new Date(Date.now() - 60_000);
    utimesSync(path, old, old);
    expect(await run()).toBe("ran");
  });

  it("waits (without blocking the event loop) for a holder in this process", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = withFileLock(db, scope, NAME, { waitMs: 0 }, () => gate);
    const waiting = run(5_000);
    let settled = false;
    void waiting.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Six ticks of a 5 ms timer, however long a loaded machine takes to run them: a waiter that
    // blocked the event loop would hold them back until it gave up (5 s), settled by then.
    await new Promise<void>((resolve) => {
      let ticks = 0;
      const timer = setInterval(() => {
        if (++ticks < 6) return;
        clearInterval(timer);
        resolve();
      }, 5);
    });
    expect(settled).toBe(false);
    release();
    await holding;
    expect(await waiting).toBe("ran");
  });

  it("an in-memory database needs no file: the scope alone excludes", async () => {
    const memory = {};
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = withFileLock(null, memory, NAME, { waitMs: 0 }, () => gate);
    const refused = await withFileLock(null, memory, NAME, { waitMs: 30 }, async () => "no").catch(
      (e: unknown) => e,
    );
    expect(isStrataError(refused) && refused.code).toBe("BUSY");
    expect(await withFileLock(null, {}, NAME, { waitMs: 0 }, async () => "other db")).toBe("other db");
    release();
    await holding;
  });
});
