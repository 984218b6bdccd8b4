/**
 * PostgreSQL locations: recognising, parsing and redacting `postgres://` URLs. Shared by the
 * store opener and the PostgreSQL store, and importing neither, so they do not import each other.
 *
 *   parsePostgresUrl("postgres://strata:secret@db:5432/strata?schema=team_a").hostname; // "db"
 *   redactUrl("postgres://strata:secret@db/strata"); // "postgres://strata@db/strata"
 */
import { StrataError } from "../../core/errors.js";

export const isPostgresUrl = (location: string) => /^postgres(?:ql)?:\/\//.test(location);

/**
 * INVALID_INPUT when `location` is a PostgreSQL URL written otherwise — the scheme in capitals
 * (`POSTGRES://`, which libpq and psql do not read either), white space before it, one slash or none
 * after it (`postgres:/db`) — which was read as a SQLite file's path: a write made the folders
 * `POSTGRES:/user:PASSWORD@host/` and stored the statement there, not on the server, and every
 * message printed the path, password and all (attacks51). Else null. The location is not echoed:
 * no redaction can be trusted on what does not parse as the URL it was meant to be.
 *
 *   mistypedPostgresUrl("POSTGRES://ana:pw@db/strata"); // StrataError: Not a PostgreSQL URL: …
 *   mistypedPostgresUrl("postgres:/ana:pw@db/strata");  // StrataError
 *   mistypedPostgresUrl("./postgres:/x.db");            // null: a path
 *   mistypedPostgresUrl("postgres.db");                 // null
 */
function mistypedPostgresUrl(location: string): StrataError | null {
  if (isPostgresUrl(location) || !/^\s*postgres(?:ql)?:/i.test(location)) return null;
  return new StrataError(
    "INVALID_INPUT",
    'Not a PostgreSQL URL: a PostgreSQL URL is written postgres://user@host:5432/db (or postgresql://), the scheme in lower case with "//" after it and nothing before it, and this one is not, so nothing was opened or made. (A SQLite file whose name starts with "postgres:" is named ./postgres:….)',
    { field: "url" },
  );
}

/**
 * A URL's scheme (or schemes, `jdbc:postgresql:`) with "//" after it, of two letters or more so a
 * drive letter (`C://…`) stays a path: `mysql://`, `pg://`, `postgresql+psycopg://`, `sqlite://`,
 * `file://`, `redis://`.
 */
const URL_OF_A_SCHEME = /^\s*[A-Za-z][A-Za-z0-9+.-]+:(?:[A-Za-z][A-Za-z0-9+.-]*:)*\/\//;

/**
 * INVALID_INPUT when `location` is a URL of a scheme Strata opens no store by — it was read as a
 * SQLite file's path: `--db mysql://root:PASSWORD@localhost/db` made the folders
 * `mysql:/root:PASSWORD@localhost/` in the working folder and stored the statement there, exit 0
 * (attacks52). Strata's stores are a SQLite file named by its path (`sqlite:PATH` where a command
 * names two stores) and PostgreSQL's `postgres://`; a SQLite file whose name holds "://" is named
 * with a folder before it (`./a://b.db`). Not echoed, as `mistypedPostgresUrl`'s. Else null.
 *
 *   urlOfAnotherScheme("mysql://root:pw@localhost/db");  // StrataError: Not a store location: …
 *   urlOfAnotherScheme("sqlite:///data/agent.db");       // StrataError
 *   urlOfAnotherScheme("C:/Users/ana/memory.db");        // null: a path
 *   urlOfAnotherScheme("sqlite:./agent.db");             // null
 */
function urlOfAnotherScheme(location: string): StrataError | null {
  if (isPostgresUrl(location) || !URL_OF_A_SCHEME.test(location)) return null;
  return new StrataError(
    "INVALID_INPUT",
    'Not a store location: Strata opens a SQLite file by its path (./memory.db, /data/memory.db) or PostgreSQL by postgres://user@host:5432/db, and this is a URL of another scheme (such as mysql://, sqlite:// or file://), so nothing was opened or made. For a SQLite file, write its path without the scheme; a file whose name holds "://" is named ./….',
    { field: "url" },
  );
}

/** A PostgreSQL URL, parsed; INVALID_INPUT (the password left out) when it is not one. */
export function parsePostgresUrl(location: string): URL {
  let url: URL | null = null;
  try {
    url = new URL(location);
  } catch {
    url = null;
  }
  if (!url || !/^postgres(?:ql)?:$/.test(url.protocol) || !url.hostname)
    throw new StrataError(
      "INVALID_INPUT",
      `Not a PostgreSQL URL: "${redactUrl(location)}". Use postgres://user:password@host:5432/db (optionally ?schema=name).`,
      { field: "url" },
    );
  return url;
}

/** A schema name as Strata takes one: PostgreSQL's unquoted identifier, at most 63 bytes. */
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * INVALID_INPUT (`details.field: "schema"`) when `schema` is no name Strata takes, else null.
 * Checked by the store as it opens and by the CLI on the URL it is given, before anything loads.
 *
 *   invalidSchema("team_a");   // null
 *   invalidSchema("team-a");   // StrataError: Invalid Postgres schema name "team-a": …
 */
export function invalidSchema(schema: string): StrataError | null {
  if (SCHEMA_NAME.test(schema)) return null;
  return new StrataError(
    "INVALID_INPUT",
    `Invalid Postgres schema name "${schema}": use letters, digits and _ (at most 63), starting with a letter.`,
    { field: "schema" },
  );
}

/**
 * Why a location cannot name a PostgreSQL store, before any connection: a PostgreSQL URL written
 * otherwise (`mistypedPostgresUrl`), a URL of another scheme (`urlOfAnotherScheme`), not a URL
 * (`parsePostgresUrl`), or a `?schema=` that is no schema name (`invalidSchema`); null when it
 * can, and for a SQLite location. An empty `?schema=`
 * is the default schema, as the store opener reads it.
 *
 *   postgresLocationProblem("postgres://db/strata?schema=nc-bad"); // StrataError: Invalid Postgres schema name …
 *   postgresLocationProblem("./agent.db");                         // null
 */
export function postgresLocationProblem(location: string): StrataError | null {
  if (!isPostgresUrl(location)) return mistypedPostgresUrl(location) ?? urlOfAnotherScheme(location);
  try {
    const schema = parsePostgresUrl(location).searchParams.get("schema");
    return schema ? invalidSchema(schema) : null;
  } catch (error) {
    if (error instanceof StrataError) return error;
    throw error;
  }
}

/**
 * `postgres://user:secret@host/db` → `postgres://user@host/db`; a password given as `?password=`
 * (which pg reads too) is left out the same way.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = "";
    if (u.searchParams.has("password")) u.searchParams.delete("password");
    return u.toString();
  } catch {
    return "postgres://(unparseable url)";
  }
}

/**
 * Whether a PostgreSQL URL carries a password: after the user (`postgres://ana:secret@db/strata`)
 * or as `?password=`, which pg reads too. False for anything that does not parse.
 *
 *   holdsPassword("postgres://ana:secret@db/strata");          // true
 *   holdsPassword("postgres://ana@db/strata?password=secret"); // true
 *   holdsPassword("postgres://ana@db/strata");                 // false
 */
export function holdsPassword(url: string): boolean {
  try {
    const u = new URL(url);
    return u.password !== "" || Boolean(u.searchParams.get("password"));
  } catch {
    return false;
  }
}

/**
 * STORE_UNAVAILABLE when `error` is the driver's answer to a server that asks for a password the
 * URL and PGPASSWORD do not give (`pg` says only "SASL: SCRAM-SERVER-FIRST-MESSAGE: client password
 * must be a string"); null for any other error. `target` is the redacted URL.
 */
export function missingPassword(error: unknown, target: string): StrataError | null {
  if (!/client password must be a string/i.test((error as { message?: string })?.message ?? "")) return null;
  return new StrataError(
    "STORE_UNAVAILABLE",
    `PostgreSQL at ${target} asks for a password and none was given: put it in the URL (postgres://user:PASSWORD@host:5432/db), set PGPASSWORD in the environment, or add the line host:port:database:user:password to ~/.pgpass (PGPASSFILE names another file; chmod 600, else it is ignored), which is read whatever the environment (an MCP client's server, a hook).`,
    { target, code: "no-password" },
  );
}

/** The SSL modes pg 8 reads as `verify-full` unless told to read them as libpq (and PostgreSQL's docs) do. */
const LIBPQ_ONLY_SSL_MODES = new Set(["prefer", "require", "verify-ca"]);

/**
 * `url` as handed to pg, with `sslmode` meaning what PostgreSQL's docs and psql say it means.
 * pg 8 reads `prefer`, `require` and `verify-ca` as `verify-full` and prints a nine-line
 * `SECURITY WARNING` on stderr saying so; it reads them as libpq does when the URL also says
 * `uselibpqcompat=true`, which this adds (a URL that names `uselibpqcompat` itself is left as it
 * is): `require` encrypts without checking the certificate (with `sslrootcert`, it checks the
 * chain, as libpq does), `verify-ca` checks the chain against `sslrootcert` but not the host name,
 * `prefer` encrypts without checking (pg cannot fall back to a plain connection as libpq does).
 * `verify-ca` without `sslrootcert` is refused here with what to write, as pg would only throw.
 * Any other URL comes back unchanged.
 *
 *   withLibpqSslMode("postgres://app@db/team?sslmode=require"); // "postgres://app@db/team?sslmode=require&uselibpqcompat=true"
 *   withLibpqSslMode("postgres://app@db/team?sslmode=verify-full"); // unchanged
 */
export function withLibpqSslMode(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url; // not ours to judge here: pg's own parse refuses it
  }
  const mode = parsed.searchParams.get("sslmode");
  if (mode === null || !LIBPQ_ONLY_SSL_MODES.has(mode) || parsed.searchParams.has("uselibpqcompat"))
    return url;
  if (mode === "verify-ca" && !parsed.searchParams.get("sslrootcert"))
    throw new StrataError(
      "INVALID_INPUT",
      `sslmode=verify-ca checks the server's certificate against the CA that sslrootcert names, and ${redactUrl(url)} names none: add sslrootcert=/path/to/root.crt, or use sslmode=verify-full to check the certificate and host name against this machine's trusted CAs.`,
      { field: "url", sslmode: mode },
    );
  // Appended, not re-serialised: the rest of the URL (a password's escapes) reaches pg as typed.
  const end = url.includes("#") ? url.indexOf("#") : url.length;
  return `${url.slice(0, end)}${parsed.search ? "&" : "?"}uselibpqcompat=true${url.slice(end)}`;
}
