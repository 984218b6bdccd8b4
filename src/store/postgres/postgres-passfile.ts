/**
 * PostgreSQL's password file (`~/.pgpass`, or `PGPASSFILE`), read by Strata itself for a URL that
 * gives no password while PGPASSWORD is unset: a server an MCP client starts (Claude Desktop's
 * environment holds no shell variables) or a hook then connects, and pg's own look-up, deprecated
 * and warning on stderr, never runs. Kept out of postgres-url.ts, which the SQLite recall path
 * loads.
 *
 *   withPassfilePassword("postgres://strata@db/strata"); // "postgres://strata:s3cret@db/strata" given "db:*:*:strata:s3cret"
 */
import { readFileSync, statSync } from "node:fs";
import { homedir, userInfo } from "node:os";
import { join } from "node:path";
import { firstNonUtf8, StrataError } from "../../core/errors.js";
/** Where and how a password file is looked up; every field defaults to this process's. */
export interface PassfileOptions {
  env?: Record<string, string | undefined>;
  home?: string;
  platform?: string;
  /** The file's bytes (or text), or null when it is missing, not a regular file, or others may read it. */
  read?: (path: string, platform: string) => Uint8Array | string | null;
}

/** What a password file line is matched against (libpq's order: host, port, database, user). */
export interface PassfileTarget {
  host: string;
  port: string;
  database: string;
  user: string;
}

/**
 * The password of the first line of a PostgreSQL password file (`~/.pgpass`, libpq's format:
 * `host:port:database:user:password`, `*` matching anything, `\:` and `\\` escaped, `#`
 * comments) that matches `target`; null when none does.
 *
 *   passfilePassword("db:5432:*:strata:s3cret", { host: "db", port: "5432", database: "x", user: "strata" }); // "s3cret"
 */
export function passfilePassword(text: string, target: PassfileTarget): string | null {
  return passfileMatch(text, target)?.password ?? null;
}

/** The first line that matches `target`: its password and its index (from 0). */
function passfileMatch(text: string, target: PassfileTarget): { password: string; line: number } | null {
  const want = [target.host, target.port, target.database, target.user];
  for (const [line, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() === "" || raw.startsWith("#")) continue;
    const fields: string[] = [];
    const wildcard: boolean[] = [];
    let field = "";
    let escaped = false;
    const end = () => {
      wildcard.push(field === "*" && !escaped); // an escaped star is a literal one
      fields.push(field);
      field = "";
      escaped = false;
    };
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i]!;
      if (c === "\\" && i + 1 < raw.length) {
        field += raw[++i];
        escaped = true;
      } else if (c === ":")
        end(); // the password ends at an unescaped ":" too, as libpq reads it
      else field += c;
    }
    end();
    if (fields.length < 5) continue;
    if (want.every((w, i) => wildcard[i] || fields[i] === w)) return { password: fields[4]!, line };
  }
  return null;
}

function readPassfile(path: string, platform: string): Uint8Array | null {
  try {
    const stat = statSync(path);
    // libpq ignores a file that is not a regular file, or that the group or others may read.
    if (!stat.isFile() || (platform !== "win32" && (stat.mode & 0o077) !== 0)) return null;
    return readFileSync(path);
  } catch {
    return null;
  }
}

/**
 * `location` with the password of its PostgreSQL password file filled in, when the URL gives
 * none and PGPASSWORD is unset or empty; `location` unchanged otherwise (or when no line matches).
 * The file is `PGPASSFILE`, else `~/.pgpass` (`%APPDATA%\postgresql\pgpass.conf` on Windows), as
 * libpq reads it. Strata reads it itself, so a server started by an MCP client (whose environment
 * may hold no PGPASSWORD) connects, and pg's own deprecated look-up (a warning on stderr) never runs.
 *
 *   withPassfilePassword("postgres://strata@db/strata"); // "postgres://strata:s3cret@db/strata" with a matching ~/.pgpass line
 */
export function withPassfilePassword(location: string, o: PassfileOptions = {}): string {
  const env = o.env ?? process.env;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return location;
  }
  // pg takes `?password=`, `?host=`, `?port=` and `?user=` over the URL's own (pg-connection-string):
  // the line is matched against where pg connects, as libpq matches it, so a URL naming one server
  // in its authority and another in its query never carries the first one's password to the second.
  const query = url.searchParams;
  if (url.password || query.get("password") || env.PGPASSWORD) return location;
  const platform = o.platform ?? process.platform;
  const file =
    env.PGPASSFILE ||
    (platform === "win32"
      ? join(env.APPDATA ?? "", "postgresql", "pgpass.conf")
      : join(o.home ?? homedir(), ".pgpass"));
  const read = (o.read ?? readPassfile)(file, platform);
  if (read === null) return location;
  // Read with U+FFFD for matching only: a line whose bytes are not UTF-8 is refused below if it matches.
  const text = typeof read === "string" ? read : Buffer.from(read).toString("utf8");
  const user = query.get("user") || decodeURIComponent(url.username) || env.PGUSER || safeUserName();
  const host = query.get("host") || decoded(url.hostname.replace(/^\[(.*)\]$/, "$1"));
  const match = passfileMatch(text, {
    // libpq matches a Unix socket's directory as "localhost".
    host: host.startsWith("/") ? "localhost" : host,
    port: query.get("port") || url.port || env.PGPORT || "5432",
    database: decodeURIComponent(url.pathname.replace(/^\//, "")) || env.PGDATABASE || user,
    user,
  });
  if (match === null || match.password === "") return location;
  if (typeof read !== "string") notUtf8Line(read, match.line, file);
  url.password = encodeURIComponent(match.password);
  return url.toString();
}

/**
 * Refuses the matching line of a password file when its bytes are not UTF-8 (a password written
 * in Latin-1, say): read with U+FFFD it was sent as another password, and the server's "password
 * authentication failed" pointed nowhere near the file (attacks48's lead). pg sends a password as
 * UTF-8, so those bytes cannot be sent as written. The error names the file and the line, never
 * the byte: the byte is the password's.
 *
 *   notUtf8Line(Buffer.from("db:*:*:ana:caf\xe9", "latin1"), 0, "/home/ana/.pgpass"); // throws INVALID_INPUT
 */
function notUtf8Line(bytes: Uint8Array, index: number, file: string): void {
  let start = 0;
  for (let i = 0; i < index; i++) start = bytes.indexOf(0x0a, start) + 1;
  const end = bytes.indexOf(0x0a, start);
  if (firstNonUtf8(bytes.subarray(start, end === -1 ? bytes.length : end)) < 0) return;
  throw new StrataError(
    "INVALID_INPUT",
    `line ${index + 1} of ${file}, the one that matches this server, is not UTF-8 (its password written in Latin-1, say): PostgreSQL is sent a password as UTF-8, so it cannot be sent as written. Write the line in UTF-8 (iconv -f latin1 -t utf-8), or give the password in PGPASSWORD. Nothing was changed.`,
    { path: file, line: index + 1 },
  );
}

/** A URL part percent-decoded as pg decodes it; as written when it is no valid encoding. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return "";
  }
}
