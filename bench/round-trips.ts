/**
 * Counts the PostgreSQL statements a stretch of work sends, and how many of them were round trips
 * it waited on one after another: a statement sent while none other was in flight starts a trip;
 * statements sent together (a `Promise.all` over the pool) share it. For the bench only — it wraps
 * `pg.Pool.prototype.query` in this process, so every pool the stores open is counted.
 *
 *   const trips = countRoundTrips(pg.Pool.prototype);
 *   trips.take();                       // reset
 *   await mem.recall("…");
 *   trips.take();                       // { statements: 31, trips: 19 }
 */

/** What `take` returns: statements sent and sequential round trips since the last `take`. */
export interface RoundTrips {
  statements: number;
  trips: number;
}

export interface RoundTripCounter {
  /** The counts since the last call, then zeroed. */
  take(): RoundTrips;
  /** Puts the pool's own `query` back. */
  restore(): void;
}

interface Queryable {
  query(...args: unknown[]): unknown;
}

export function countRoundTrips(proto: Queryable): RoundTripCounter {
  const original = proto.query;
  let inFlight = 0;
  let counts: RoundTrips = { statements: 0, trips: 0 };
  proto.query = function (this: unknown, ...args: unknown[]) {
    counts.statements++;
    if (inFlight === 0) counts.trips++;
    inFlight++;
    const out = original.apply(this, args);
    // pg's Pool.query returns a promise when no callback is given (the stores never pass one).
    if (out instanceof Promise)
      return out.finally(() => {
        inFlight--;
      });
    inFlight--;
    return out;
  };
  return {
    take() {
      const taken = counts;
      counts = { statements: 0, trips: 0 };
      return taken;
    },
    restore() {
      proto.query = original;
    },
  };
}
