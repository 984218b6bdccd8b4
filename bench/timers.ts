/**
 * Simple timers for `npm run bench -- --profile`: wraps a port (store, embedder, judge,
 * tokenizer) so every method call adds its synchronous time to a named bucket. The SQLite
 * store, the hashed embedder and the lexical judge do all their work synchronously, so the
 * time until a call returns (its promise, if any) is the work itself, not time spent queued.
 *
 *   const timers = createTimers();
 *   const store = timed(SqliteStore.open({ path }), "store", timers);
 */
import { performance } from "node:perf_hooks";

export interface Timers {
  add(name: string, ms: number): void;
  reset(): void;
  /** Buckets sorted by time, with the rest of `totalMs` as `engine (unwrapped)`. */
  snapshot(totalMs: number): {
    totalMs: number;
    parts: [string, { ms: number; share: number; calls: number }][];
  };
}

export function createTimers(): Timers {
  let buckets = new Map<string, { ms: number; calls: number }>();
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    add(name, ms) {
      const b = buckets.get(name) ?? { ms: 0, calls: 0 };
      b.ms += ms;
      b.calls++;
      buckets.set(name, b);
    },
    reset() {
      buckets = new Map();
    },
    snapshot(totalMs) {
      // Nested calls (a store method calling another through the proxy) are counted once, at the top.
      const measured = [...buckets.values()].reduce((a, b) => a + b.ms, 0);
      const parts = [...buckets.entries()].map(
        ([name, b]) =>
          [name, { ms: round(b.ms), share: round((100 * b.ms) / totalMs), calls: b.calls }] as [
            string,
            { ms: number; share: number; calls: number },
          ],
      );
      parts.push([
        "engine (unwrapped: gate, sha256, audit, zod…)",
        { ms: round(totalMs - measured), share: round((100 * (totalMs - measured)) / totalMs), calls: 0 },
      ]);
      parts.sort((a, b) => b[1].ms - a[1].ms);
      return { totalMs: round(totalMs), parts };
    },
  };
}

const SKIP = new Set(["transaction", "close", "constructor"]);

/** A proxy of `target` whose methods time themselves into `timers` as `label.method`. */
export function timed<T extends object>(target: T, label: string, timers: Timers): T {
  let depth = 0;
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (typeof value !== "function" || typeof key !== "string" || SKIP.has(key))
        return typeof value === "function" ? value.bind(receiver) : value;
      return (...args: unknown[]) => {
        if (depth > 0) return value.apply(receiver, args);
        depth++;
        const t = performance.now();
        try {
          return value.apply(receiver, args);
        } finally {
          depth--;
          timers.add(`${label}.${key}`, performance.now() - t);
        }
      };
    },
  });
}
