/**
 * A token bucket per caller (an API key, or the anonymous loopback caller): each write takes a
 * token; tokens come back at `perSecond` up to `burst`. Deterministic under the injected clock,
 * so a test can exhaust a bucket and refill it by moving the clock.
 *
 *   const limiter = createRateLimiter({ perSecond: 10, burst: 60 }, clock);
 *   limiter.take("key:ci-bot"); // throws RATE_LIMITED with retryAfterSeconds when empty
 */
import { StrataError } from "../core/errors.js";
import type { Clock } from "../core/ports.js";

export interface RateLimit {
  /** Tokens (writes) regained per second. Default 20. */
  perSecond: number;
  /** Largest number of writes in a burst. Default 200. */
  burst: number;
}

export const DEFAULT_WRITE_RATE: Readonly<RateLimit> = Object.freeze({ perSecond: 20, burst: 200 });

export interface RateLimiter {
  /** Takes one token for `caller`, or throws RATE_LIMITED saying when to retry. */
  take(caller: string): void;
}

export function createRateLimiter(limit: RateLimit, clock: Clock): RateLimiter {
  if (!(limit.perSecond > 0) || !(limit.burst >= 1))
    throw new StrataError(
      "INVALID_INPUT",
      "A write rate needs perSecond > 0 and burst >= 1, e.g. { perSecond: 20, burst: 200 }.",
      { ...limit },
    );
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(caller) {
      const now = clock.now().getTime();
      const b = buckets.get(caller) ?? { tokens: limit.burst, at: now };
      b.tokens = Math.min(limit.burst, b.tokens + (Math.max(0, now - b.at) / 1000) * limit.perSecond);
      b.at = now;
      buckets.set(caller, b);
      if (b.tokens < 1) {
        const retryAfterSeconds = Math.ceil((1 - b.tokens) / limit.perSecond);
        throw new StrataError(
          "RATE_LIMITED",
          `Too many writes from ${caller}: at most ${limit.perSecond}/s (bursts of ${limit.burst}). Retry after ${retryAfterSeconds} s, or batch them (POST …/episodes/batch, …/beliefs/batch).`,
          { retryAfterSeconds, perSecond: limit.perSecond, burst: limit.burst },
        );
      }
      b.tokens -= 1;
    },
  };
}
