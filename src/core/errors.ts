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
  return new StrataError(
    "NOT_FOUND",
    `No ${what} with id "${id}". List ids with \`strata list\` or mem.list().`,
    {
      id,
    },
  );
}
