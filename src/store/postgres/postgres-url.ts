/**
 * PostgreSQL locations: recognising, parsing and redacting `postgres://` URLs. Shared by the
 * store opener and the PostgreSQL store, and importing neither, so they do not import each other.
 *
 *   parsePostgresUrl("postgres://strata:secret@db:5432/strata?schema=team_a").hostname; // "db"
 *   redactUrl("postgres://strata:secret@db/strata"); // "postgres://strata@db/strata"
 */
import { StrataError } from "../../core/errors.js";

export const isPostgresUrl = (location: string) => /^postgres(?:ql)?:\/\//.test(location);

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
