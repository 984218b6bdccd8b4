/**
 * Test support for the race tests (test/security/import-race.test.ts, transfer-race.test.ts):
 * `interleave` makes another writer's commit land between a check and the write transaction that
 * follows it, as a concurrent writer would, without timing.
 *
 *   interleave(target, () => other.remember("…"));  // runs to its end first
 *   await mem.import(document);                      // …then the import's own transaction
 */

import { unguarded } from "../../src/core/embedder-guard.js";
import type { Store } from "../../src/core/ports.js";

/**
 * The next write transaction of `store` first runs `before` to its end (another writer's commit).
 * Patched on the store under the engine's guard, whose `transaction` calls the store's own.
 */
export function interleave(guarded: Store, before: () => Promise<unknown>): void {
  const store = unguarded(guarded);
  const original = store.transaction.bind(store);
  let pending: (() => Promise<unknown>) | null = before;
  store.transaction = (async (fn: Parameters<Store["transaction"]>[0]) => {
    const run = pending;
    pending = null;
    if (run) await run();
    return original(fn);
  }) as Store["transaction"];
}
