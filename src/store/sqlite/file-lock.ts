/**
 * The SQLite store's named locks (`Store.withLock`). An in-memory database lives in one process:
 * the in-process registry is enough. A database file is shared by every process that opens it,
 * so the holder also creates a lock file beside it, `<db>.<name>.lock`, with `O_EXCL` (only one
 * creator can win), holding `{pid, host, at, name, what, token}`, and removes it on release.
 *
 * A holder that died without removing its file (killed, power cut) leaves it behind: a file whose
 * pid is dead on this same host is stale and taken over. To take over safely when several
 * processes notice at once, the taker first creates `<lock>.break` (again `O_EXCL`), re-reads the
 * lock file, and deletes it only if it is still the stale one it judged. A file written from
 * another host (a database on a network share) cannot be judged: it is reported, path included.
 *
 * SQLite's own busy wait is synchronous; this lock never uses it: waiting is polling with
 * `setTimeout`, so a process waiting for a sweep keeps serving reads.
 */
import { createHash, randomUUID } from "node:crypto";
import { closeSync, openSync, readFileSync, realpathSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { type LockHolder, lockBusy, StrataError } from "../../core/errors.js";
import type { LockOptions } from "../../core/ports.js";
import { localHolder, remaining, tryLocal, waitFor } from "../lock.js";

interface LockFileBody {
  pid: number;
  host: string;
  at: string;
  name: string;
  what?: string | undefined;
  /** Tells this holder's file from a later one at release. */
  token: string;
}

/** An empty or unreadable lock file older than this is a crash between create and write. */
const UNWRITTEN_STALE_MS = 10_000;

/**
 * The lock file for `name` beside the database: `agent.db.sleep-default-1a2b3c4d5e6f7a8b.lock`.
 * Characters other than letters, digits, `.`, `_` and `-` become `-`, and then 64 bits of a hash
 * of the exact name keep `a:b` and `a/b` apart. A lock's name holds a namespace a caller may
 * choose: with 32 bits, `sleep:tenant-a@/@@//@@@@/::` and `sleep:tenant-a/@/@:@@//:@::` (found
 * among half a million names) were one file, so one namespace's sleep waited on the other's and its BUSY named
 * the other's work (attacks37).
 */
export function lockFilePath(dbPath: string, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, "-").slice(0, 80);
  const tag = safe === name ? "" : `-${createHash("sha256").update(name).digest("hex").slice(0, 16)}`;
  return `${dbPath}.${safe}${tag}.lock`;
}

/**
 * Runs `fn` holding the lock `name` of the database at `dbPath` (null: in memory, `scope` alone
 * identifies it).
 *
 *   await withFileLock("/data/agent.db", store, "sleep:default", { waitMs: 30_000 }, () => sweep());
 */
export async function withFileLock<T>(
  dbPath: string | null,
  scope: object,
  name: string,
  options: LockOptions,
  fn: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  // The real path: two handles opened through different paths (a symlink) share one lock.
  const file = dbPath === null ? null : realpathSync(dbPath);
  const key = file ?? scope;
  const release = await waitFor(options.waitMs, () => tryLocal(key, name, { what: options.what }));
  if (!release) throw lockBusy(name, options, localHolder(key, name));
  try {
    if (file === null) return await fn();
    const path = lockFilePath(file, name);
    const mine: LockFileBody = {
      pid: process.pid,
      host: hostname(),
      at: new Date().toISOString(),
      name,
      what: options.what,
      token: randomUUID(),
    };
    const got = await waitFor(remaining(options.waitMs, started), () =>
      tryLockFile(path, mine) ? true : null,
    );
    if (!got) throw lockBusy(name, options, fileHolder(path));
    try {
      return await fn();
    } finally {
      removeIfMine(path, mine.token);
    }
  } finally {
    release();
  }
}

/** Creates the lock file (taking over a stale one): true when this holder has it. */
function tryLockFile(path: string, mine: LockFileBody): boolean {
  if (create(path, JSON.stringify(mine))) return true;
  const seen = readRaw(path);
  if (seen === null) return create(path, JSON.stringify(mine)); // released in between
  if (!isStale(path, seen)) return false;
  breakStale(path, seen);
  return create(path, JSON.stringify(mine));
}

/** `O_EXCL` create: false when the file exists. */
function create(path: string, body: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw cannotLock(path, error);
  }
  try {
    writeSync(fd, body);
  } catch (error) {
    closeSync(fd);
    unlinkQuiet(path);
    throw cannotLock(path, error);
  }
  closeSync(fd);
  return true;
}

function cannotLock(path: string, error: unknown): StrataError {
  const code = (error as NodeJS.ErrnoException).code ?? "failed";
  return new StrataError(
    "STORE_UNAVAILABLE",
    `Cannot write the lock file ${path} (${code}): the folder holding the database must be writable by every process that sweeps it.`,
    { path, code },
  );
}

function readRaw(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function parse(raw: string): LockFileBody | null {
  try {
    const body = JSON.parse(raw) as Partial<LockFileBody>;
    return typeof body.pid === "number" && typeof body.host === "string" ? (body as LockFileBody) : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Left by a process that is gone: its pid is dead on this host, or it crashed before writing. */
function isStale(path: string, raw: string): boolean {
  const body = parse(raw);
  if (!body) return ageMs(path) > UNWRITTEN_STALE_MS;
  return body.host === hostname() && !alive(body.pid);
}

/** Deletes the stale lock file `seen`, unless another process replaced it meanwhile. */
function breakStale(path: string, seen: string): void {
  const breaker = `${path}.break`;
  if (!create(breaker, JSON.stringify({ pid: process.pid, host: hostname() }))) {
    // Another process is breaking it now; a breaker left by a crash in that instant goes too.
    if (ageMs(breaker) > UNWRITTEN_STALE_MS) unlinkQuiet(breaker);
    return;
  }
  try {
    if (readRaw(path) === seen) unlinkQuiet(path);
  } finally {
    unlinkQuiet(breaker);
  }
}

function removeIfMine(path: string, token: string): void {
  const raw = readRaw(path);
  if (raw !== null && parse(raw)?.token === token) unlinkQuiet(path);
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/** The holder as its lock file tells it, for the BUSY message. */
function fileHolder(path: string): LockHolder {
  const raw = readRaw(path);
  const body = raw === null ? null : parse(raw);
  if (!body) return { path };
  const here = body.host === hostname();
  return {
    what: body.what,
    where: `pid ${body.pid} on ${here ? "this host" : `host ${body.host}`}`,
    since: body.at,
    // Only a holder on another host cannot be checked (and taken over) automatically.
    path: here ? undefined : path,
  };
}
