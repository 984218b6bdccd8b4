/**
 * Turning argv strings into the values the engine's schemas expect: numbers, lists, JSON.
 * Conversion only: whether a number is in range or a kind exists is the engine's call.
 */
import { UsageError } from "./usage-error.js";

/** "12" → 12; "abc" → a usage error naming the option. */
export function toInteger(value: string, what: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${what} must be a whole number, got "${value}".`);
  return Number(value);
}

/** "fact,rule" → ["fact", "rule"]. */
export const toList = (value: string): string[] =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** '{"ticket":"OPS-1"}' → { ticket: "OPS-1" }. */
export function toJson(value: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new UsageError(`${what} must be a JSON object such as '{"ticket":"OPS-1"}', got ${value}.`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new UsageError(`${what} must be a JSON object such as '{"ticket":"OPS-1"}', got ${value}.`);
  return parsed as Record<string, unknown>;
}

/** Drops undefined fields so the engine's strict schemas see only what the user passed. */
export function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * "7d" → the ISO time 7 days before `now` (also 30m, 12h, 2w); anything else is passed on as a
 * time for the engine to check (2026-03-01, 2026-03-01T12:00:00Z).
 */
export function toSince(value: string, now: Date): string {
  const m = /^(\d+)\s*([mhdw])$/.exec(value.trim());
  if (!m) return value;
  return new Date(now.getTime() - Number(m[1]) * UNITS[m[2]!]!).toISOString();
}
