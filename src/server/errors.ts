/**
 * The REST surface's one error mapping: a StrataError's stable code decides the HTTP status,
 * and the body is the CLI's `{ error: { code, message, details } }`. Anything that is not a
 * StrataError is a 500 that names no internals (the server logs nothing of it either: the
 * request log carries no memory content).
 *
 *   app.onError((err, c) => errorResponse(c, err));
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, isStrataError } from "../core/errors.js";
import { restWording } from "./wording.js";

/** HTTP status for each stable code; a code not listed is a 500. */
export const STATUS_BY_CODE: Readonly<Partial<Record<ErrorCode, ContentfulStatusCode>>> = {
  INVALID_INPUT: 400,
  CITATION_INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  WRAP_NOT_PREPARED: 409,
  TARGET_NOT_EMPTY: 409,
  BUSY: 409,
  FORGOTTEN: 410,
  RATE_LIMITED: 429,
  UNSUPPORTED: 501,
  STORE_UNAVAILABLE: 503,
  STORE_CLOSED: 503,
};

/** Seconds a BUSY caller should wait before retrying (a sweep usually ends within this). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export interface ErrorBody {
  error: { code: string; message: string; details: Record<string, unknown> };
}

/** The response for any error thrown while answering a request. */
export function errorResponse(c: Context, error: unknown): Response {
  if (!isStrataError(error))
    return c.json<ErrorBody>(
      {
        error: {
          code: "INTERNAL",
          message:
            "The server failed to answer this request; it was not your input. Try again, or report it.",
          details: {},
        },
      },
      500,
    );
  const status = STATUS_BY_CODE[error.code] ?? 500;
  const headers: Record<string, string> = {};
  if (error.code === "BUSY") headers["Retry-After"] = String(BUSY_RETRY_AFTER_SECONDS);
  if (error.code === "RATE_LIMITED")
    headers["Retry-After"] = String(Math.max(1, Number(error.details.retryAfterSeconds ?? 1)));
  if (error.code === "UNAUTHORIZED") headers["WWW-Authenticate"] = 'Bearer realm="strata"';
  return c.json<ErrorBody>(
    { error: { code: error.code, message: restWording(error.message), details: { ...error.details } } },
    status,
    headers,
  );
}
