/**
 * Event times from callers. An event cannot have happened after now: a write dated in the
 * future (`9999-12-31`) would otherwise sort after every real event and replace the current
 * belief for as long as the store lives. Clocks drift, so a small skew is allowed; beyond it the
 * policy decides: refuse (the default) or clamp to now.
 *
 *   eventTime("2026-03-01T12:00:00Z", now, policy) // → the time itself, or now, or INVALID_INPUT
 */
import { StrataError } from "./errors.js";
import type { Policy } from "./policy.js";

const MINUTE_MS = 60_000;

/** The event time to store for `at` (already normalised to ISO UTC), given the store's `now`. */
export function eventTime(
  at: string | undefined,
  now: string,
  policy: Pick<Policy, "futureSkewMinutes" | "futureAt">,
): string {
  if (at === undefined) return now;
  const ahead = Date.parse(at) - Date.parse(now);
  if (ahead <= policy.futureSkewMinutes * MINUTE_MS) return at;
  if (policy.futureAt === "clamp") return now;
  const minutes = Math.round(ahead / MINUTE_MS);
  const span = minutes < 2 * 60 * 24 ? `${minutes} minutes` : `${Math.round(minutes / (60 * 24))} days`;
  throw new StrataError(
    "INVALID_INPUT",
    `at ${at} is ${span} in the future (more than ${policy.futureSkewMinutes} minutes ahead of the store's clock, ${now}): an event is recorded when it has happened. Pass the time it happened, or leave at out for now; a plan or deadline belongs in the text ("deploy planned for 2026-03-05"). Nothing was stored.`,
    { field: "at", at, now, futureSkewMinutes: policy.futureSkewMinutes },
  );
}
