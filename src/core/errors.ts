/**
 * The one error family of Strata's engine. Every surface maps it in exactly one place
 * (CLI exit code, MCP `isError` result, HTTP status), so the `code` is a stable contract.
 */
export const ERROR_CODES = [
  "INVALID_INPUT",
  "NOT_FOUND",
  "CONFLICT",
  "FORGOTTEN",
  "STORE_CLOSED",
  "STORE_UNAVAILABLE",
  "SCHEMA_TOO_NEW",
  "AUDIT_BROKEN",
  "CITATION_INVALID",
  "WRAP_NOT_PREPARED",
  /** The store's vectors were made by another embedder: reindex before comparing. */
  "EMBEDDER_MISMATCH",
  /** The embedder could not embed (server unreachable, model missing, bad answer). */
  "EMBEDDER_FAILED",
  /** A transfer's target already holds data. */
  "TARGET_NOT_EMPTY",
  /** The store cannot do this (e.g. a hot backup of a server database): its capabilities say so. */
  "UNSUPPORTED",
  /**
   * Another sweep or consolidation of the namespace holds its lock (in this process or another,
   * on this machine or, with PostgreSQL, another) and did not finish within `lockWaitMs`. It
   * finishes on its own: try again later. Nothing was changed. Also a SQLite file whose write
   * lock another process held for the store's whole busy wait (`details.lock: "sqlite-write"`).
   */
  "BUSY",
  /** No credentials, or credentials that match no live API key. */
  "UNAUTHORIZED",
  /** A valid key that may not do this: another namespace, or a scope below the one needed. */
  "FORBIDDEN",
  /** A key sent more writes than its rate allows; the answer says when to retry. */
  "RATE_LIMITED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class StrataError extends Error {
  override readonly name = "StrataError";
  readonly code: ErrorCode;
  /** Structured details a caller can act on (the offending field, the id, the limit). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = Object.freeze({ ...details });
  }

  toJSON(): { code: ErrorCode; message: string; details: Readonly<Record<string, unknown>> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export const isStrataError = (value: unknown): value is StrataError => value instanceof StrataError;

export function notFound(what: string, id: string): StrataError {
  return new StrataError("NOT_FOUND", `No ${what} with id "${id}". List ids with list().`, {
    id,
  });
}

/**
 * A store's `load` given a row whose key the store already holds (a row twice, or one a writer took
 * since the caller's check): refused, the caller's transaction rolled back, never a row dropped
 * while the load reports it loaded (attacks38). Names the section only, never the row's owner.
 *
 *   throw loadKeyTaken("links");
 */
export function loadKeyTaken(section: string): StrataError {
  return new StrataError(
    "TARGET_NOT_EMPTY",
    `Cannot load ${section} here: the store already holds a row with the key of one of them. A load keeps every row it is given or none (nothing of it is kept); load into a new, empty store.`,
    { section },
  );
}

/** Who holds a lock, as far as the store can tell; every field is optional. */
export interface LockHolder {
  /** What the holder is doing, in words: `a sweep of namespace "x"`. */
  what?: string | undefined;
  /** Where it runs: `pid 4242 on host build-7`, `PostgreSQL backend 8812 from 10.0.0.5`. */
  where?: string | undefined;
  /** When it took the lock (ISO 8601), if known. */
  since?: string | undefined;
  /** Where the lock lives, when a person may have to remove it by hand (a lock file). */
  path?: string | undefined;
}

/**
 * The refusal of a lock not freed within `waitMs`. Stores throw it from `withLock`, naming
 * the holder when they know it; `what` describes the refused caller's own work.
 *
 *   throw lockBusy("sleep:default", { waitMs: 30000, what: 'a sweep of namespace "default"' }, holder);
 */
export function lockBusy(
  name: string,
  options: { waitMs: number; what?: string | undefined },
  holder: LockHolder | null,
): StrataError {
  const running = holder?.what ?? options.what ?? `the work holding the lock "${name}"`;
  const about = [holder?.where, holder?.since ? `since ${holder.since}` : undefined].filter(Boolean);
  const stale = holder?.path ? ` If that process is gone and the lock stays, delete ${holder.path}.` : "";
  return new StrataError(
    "BUSY",
    `${running.charAt(0).toUpperCase()}${running.slice(1)} is already running${about.length ? ` (${about.join(", ")})` : ""}; it will finish on its own — try again after it does, or wait longer with the lockWaitMs option (now ${options.waitMs} ms; STRATA_LOCK_WAIT_MS for the CLI and MCP server).${stale}`,
    { lock: name, waitMs: options.waitMs, holder: holder ? { ...holder } : null },
  );
}
