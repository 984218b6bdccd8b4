/**
 * Durations and times of day as people write them, for the worker's options and its CLI flags.
 * No zod here: the CLI parses its flags with these before any schema loads.
 */
import { StrataError } from "../errors.js";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Milliseconds of a duration written `500ms`, `30s`, `5m`, `1h`, `2d` or `1h30m`; `what` names
 * the option in the error.
 *
 *   parseDuration("5m", "interval"); // 300000
 */
export function parseDuration(text: string, what: string): number {
  const s = text.trim().toLowerCase();
  const parts = [...s.matchAll(/(\d+)(ms|s|m|h|d)/g)];
  if (s === "" || parts.map((p) => p[0]).join("") !== s)
    throw new StrataError(
      "INVALID_INPUT",
      `${what} must be a duration such as 30s, 5m, 1h or 1h30m (units ms, s, m, h, d), got "${text}".`,
      { field: what },
    );
  return parts.reduce((ms, p) => ms + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
}

/** Minutes after midnight UTC of `HH:MM` (24-hour clock). */
export function parseDailyTime(text: string, what = "daily"): number {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!m)
    throw new StrataError(
      "INVALID_INPUT",
      `${what} must be a time of day in UTC written HH:MM (24-hour), such as 03:00 or 23:30, got "${text}".`,
      { field: what },
    );
  return Number(m[1]) * 60 + Number(m[2]);
}
