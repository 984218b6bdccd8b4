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

/**
 * A count with its noun, singular for one, as refusals, reports and the CLI word it (one helper:
 * the CLI's style.ts re-exports it): `counted(1, "item")` → "1 item", `counted(3, "pair")` →
 * "3 pairs", `counted(2, "success", "successes")` → "2 successes", `counted(2n, "item")` → "2 items".
 * Here because every surface already loads this module first (a module of its own would be one
 * more file on a fresh command's start, test/e2e/cold-start.test.ts).
 */
export const counted = (n: number | bigint, one: string, many = `${one}s`): string =>
  `${n} ${Number(n) === 1 ? one : many}`;

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

// Bytes read as UTF-8, or refused with INVALID_INPUT. Here, beside the error they throw, because
// every surface that reads bytes (REST bodies, MCP over HTTP and stdio, the CLI's files and stdin,
// the dashboard's forms) decodes through them and the CLI reaches them from the chunk `strata
// --help` loads: a module of their own was a chunk of its own, one more file for every fresh
// `strata recall` (test/e2e/cold-start.test.ts), and validate.ts carries zod.

/**
 * The offset of the first byte of `bytes` that starts no well-formed UTF-8 character (a Latin-1
 * `é` is the single byte 0xE9; UTF-16 has NULs and lone high bytes; an overlong form or an
 * encoded surrogate is not UTF-8 either), or -1 when every byte is UTF-8.
 *
 *   firstNonUtf8(Buffer.from("café", "utf8"));   // -1
 *   firstNonUtf8(Buffer.from("café", "latin1")); // 3
 */
export function firstNonUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    // The continuation bytes a lead byte takes, and the range of the first one (Unicode table 3-7).
    let more: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) more = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      more = 2;
      if (lead === 0xe0) low = 0xa0;
      else if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      more = 3;
      if (lead === 0xf0) low = 0x90;
      else if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= more; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += more + 1;
  }
  return -1;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What every surface says of a text that holds a lone surrogate (after the field's name). */
export const LONE_SURROGATE_PROBLEM =
  "holds a lone UTF-16 surrogate (half of a pair such as \\ud800), which has no UTF-8 form: pass well-formed text";

/**
 * Whether `s` holds a lone UTF-16 surrogate: half of a pair, as a JSON escape `"\ud800"` can
 * send. Such a text has no UTF-8 form, so whatever reads or stores it as UTF-8 puts U+FFFD in
 * its place, a character the caller never sent. One decision for every surface (attacks46):
 * refused, in stored text, queries, metadata, notes and hook payloads alike, before anything is
 * read or written. Here, with no schema library, so the hook can ask it on its start path.
 *
 *   hasLoneSurrogate("caf\u00e9 \ud83c\udf89"); // false (a whole pair)
 *   hasLoneSurrogate("bad \ud800 half");          // true
 */
export const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);

/**
 * The byte at `at` as every refusal of text that is not UTF-8 names it.
 *
 *   byteNotUtf8(Buffer.from("café", "latin1"), 3); // "byte 3 (0xE9) starts no UTF-8 character"
 */
export const byteNotUtf8 = (bytes: Uint8Array, at: number): string =>
  `byte ${at} (0x${bytes[at]!.toString(16).toUpperCase().padStart(2, "0")}) starts no UTF-8 character`;

/**
 * `bytes` read as UTF-8 text (a leading byte-order mark dropped), or INVALID_INPUT naming `what`
 * and the first byte that is not UTF-8. A decoder that replaced such a byte with U+FFFD stored a
 * text the caller never wrote ("caf\uFFFD" for a Latin-1 "café"), in silence; JSON, JSON-RPC and
 * every file Strata reads are UTF-8, so other bytes are refused, before anything is written.
 *
 *   utf8Text(Buffer.from('{"content":"café"}'), "the request body"); // '{"content":"café"}'
 *   utf8Text(Buffer.from("café", "latin1"), "the request body");     // throws INVALID_INPUT
 */
export function utf8Text(bytes: Uint8Array, what: string): string {
  const at = firstNonUtf8(bytes);
  if (at >= 0)
    throw new StrataError(
      "INVALID_INPUT",
      `${what} is not UTF-8: ${byteNotUtf8(bytes, at)} (Latin-1 or UTF-16 text, say). Send UTF-8 (convert a file first: iconv -f latin1 -t utf-8 FILE). Nothing was changed.`,
      { byteOffset: at },
    );
  return new TextDecoder("utf-8").decode(bytes);
}
