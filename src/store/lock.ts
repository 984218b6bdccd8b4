/**
 * What every store's `withLock` shares: the in-process registry of held locks and the polling
 * wait. A lock is first taken here, so two holders in one process (two handles on one database,
 * or two stores over one PGlite session, where PostgreSQL's session locks are re-entrant) exclude
 * each other; then the store takes its cross-process lock (a lock file, an advisory lock).
 *
 *   const release = await waitFor(options.waitMs, () => tryLocal(scope, name, { what }));
 *   if (!release) throw lockBusy(name, options, localHolder(scope, name));
 */
import type { LockHolder } from "../core/errors.js";

/** Held locks by scope (a database file's path, a PGlite instance, a pool), then by name. */
const held = new Map<unknown, Map<string, LockHolder>>();

/** Takes `name` in `scope` for this process if free: the release function, or null when held. */
export function tryLocal(scope: unknown, name: string, holder: LockHolder): (() => void) | null {
  let names = held.get(scope);
  if (!names) {
    names = new Map();
    held.set(scope, names);
  }
  if (names.has(name)) return null;
  const entry: LockHolder = {
    where: `in this process, pid ${process.pid}`,
    since: new Date().toISOString(),
    ...holder,
  };
  names.set(name, entry);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = held.get(scope);
    if (current?.get(name) !== entry) return;
    current.delete(name);
    if (current.size === 0) held.delete(scope);
  };
}

/** Who holds `name` in `scope` in this process, if anyone. */
export function localHolder(scope: unknown, name: string): LockHolder | null {
  return held.get(scope)?.get(name) ?? null;
}

const FIRST_DELAY_MS = 25;
const MAX_DELAY_MS = 250;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `attempt` until it returns something other than null, or `waitMs` passes (then null).
 * Waits between attempts with `setTimeout` (25 ms doubling to 250 ms), never blocking the event
 * loop; the last attempt is made at the deadline, so `waitMs` 0 tries exactly once.
 */
export async function waitFor<R>(
  waitMs: number,
  attempt: () => R | null | Promise<R | null>,
): Promise<R | null> {
  const deadline = performance.now() + waitMs;
  let delay = FIRST_DELAY_MS;
  for (;;) {
    const got = await attempt();
    if (got !== null) return got;
    const left = deadline - performance.now();
    if (left <= 0) return null;
    await sleep(Math.min(delay, left));
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}

/** Milliseconds still left of a wait that started at `started` (performance.now()). */
export const remaining = (waitMs: number, started: number) =>
  Math.max(0, waitMs - (performance.now() - started));
