/**
 * What to do about a PostgreSQL server's refusal, in words a newcomer can act on: the refusals a
 * first set-up of shared memory meets (a database not created yet, a wrong password, a server that
 * lets this user in only over SSL or not at all, a certificate this machine does not trust, a role
 * without a privilege Strata needs). The driver wraps each in `STORE_UNAVAILABLE`; the password is
 * never in the text (`target` is the redacted URL).
 *
 *   refusalAdvice({ code: "28000", message: '… rejects connection …, no encryption' }, "postgres://app@db:5432/team")
 *   // 'refused a connection without SSL (28000: …): connect with SSL: postgres://app@db:5432/team?sslmode=verify-full …'
 */

/** A word a shell reads back as it is: bare when safe, else in single quotes. */
const shellWord = (s: string) => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** A name as SQL reads it back exactly: bare when PostgreSQL keeps it as written, else quoted. */
const sqlName = (s: string) => (/^[a-z_][a-z0-9_$]*$/.test(s) ? s : `"${s.replace(/"/g, '""')}"`);

/** Node's codes for a server certificate TLS would not accept. */
const UNTRUSTED_CERTIFICATE = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_GET_ISSUER_CERT",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** The URL's parameters that name a file pg reads when it connects. */
const FILE_PARAMETERS = ["sslrootcert", "sslcert", "sslkey"] as const;

/** `target` with `sslmode` set to `mode`: the URL to paste (already without its password). */
function withSslMode(url: URL, mode: string): string {
  const u = new URL(url.toString());
  u.searchParams.set("sslmode", mode);
  return u.toString();
}

/** The advice for a privilege the role lacks (42501), by the object PostgreSQL names. */
function privilegeAdvice(url: URL, message: string, user: string, database: string, schema: string): string {
  const owner = new URL(url.toString());
  owner.username = "OWNER";
  if (schema !== "strata") owner.searchParams.set("schema", schema);
  const initUrl = owner.toString();
  const s = sqlName(schema);
  const u = sqlName(user);
  const tables = `GRANT USAGE ON SCHEMA ${s} TO ${u}; GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${u}; GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${s} TO ${u};`;
  if (/^must be owner of /i.test(message))
    return `upgrading the Strata schema "${schema}" needs its owner: run any strata command once as the role that owns it (its migrations run then), then this user's again.`;
  if (/permission denied for database /i.test(message))
    return `Strata creates its schema "${schema}" and its tables on the first write, and this user may not create a schema in database "${database}". Either have the database's owner grant it (GRANT CREATE ON DATABASE ${sqlName(database)} TO ${u};), or have a role that may create it make the store once (strata --db ${shellWord(initUrl)} init, OWNER that role) and then, as that role, ${tables}`;
  if (/permission denied for (schema|table|sequence|relation) /i.test(message))
    return `this user may not use the Strata schema "${schema}" another role made. As the schema's owner, grant it: ${tables} (SELECT alone lets it recall but not write).`;
  return `this user lacks a privilege Strata needs on the schema "${schema}": as its owner, ${tables}`;
}

/**
 * What the refusal means and what to do, to follow "PostgreSQL at <target> ", or null when the
 * error is none of the refusals named here (the driver then says what it says of any other).
 * `schema` is the Strata schema being opened, for the grants to paste.
 */
export function refusalAdvice(error: unknown, target: string, schema = "strata"): string | null {
  const e = error as { code?: string; message?: string; path?: string };
  const code = e?.code;
  const message = e?.message ?? "";
  let url: URL | null = null;
  try {
    url = new URL(target);
  } catch {
    url = null;
  }
  if (!url) return null;
  const user = decodeURIComponent(url.username) || "(the default user)";
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || user;
  if (code === "3D000") {
    // The commands are for pasting: each name quoted as the shell and SQL need it, so a name with
    // a space, a ";" or capitals creates that database and runs nothing else.
    return `has no database ${JSON.stringify(database)} (3D000): create it first (createdb -h ${shellWord(url.hostname)} -U ${shellWord(user)} ${shellWord(database)}, or CREATE DATABASE ${sqlName(database)} as a role allowed to), or fix the database in the URL. Strata creates its own schema and tables, not the database.`;
  }
  if (code === "28P01")
    return `refused the password for user "${user}" (28P01): check the password the URL gives, else PGPASSWORD, else the matching ~/.pgpass line (PGPASSFILE), in that order.`;
  if (code === "28000" && /no encryption/i.test(message))
    return `refused a connection without SSL (28000: ${message}). If the server asks for SSL, connect with it: ${withSslMode(url, "verify-full")} (add sslrootcert=/path/to/root.crt when its certificate is signed by your own CA; sslmode=no-verify encrypts without checking the certificate). Otherwise its pg_hba.conf has no line for user "${user}" and database "${database}" from this host: ask its administrator to add one.`;
  if (code === "28000")
    return `lets no connection in for user "${user}" and database "${database}" from this host (28000: ${message}): the server's pg_hba.conf has no line for it, so ask its administrator to add one, or check the URL's user and database.`;
  if (code && UNTRUSTED_CERTIFICATE.has(code)) {
    const which =
      code === "ERR_TLS_CERT_ALTNAME_INVALID"
        ? `connect by a host name its certificate names, `
        : `give the certificate of the CA that signed it (${withSslMode(url, "verify-full")}&sslrootcert=/path/to/root.crt), `;
    return `sent an SSL certificate this machine does not trust (${code}: ${message}): ${which}or connect with sslmode=no-verify to encrypt without checking it (${withSslMode(url, "no-verify")}; the server is then not authenticated).`;
  }
  if (/does not support SSL/i.test(message))
    return `does not accept SSL connections, and the URL asks for one (${message}): on a network you trust, connect without it (${withSslMode(url, "disable")}), or turn ssl on in the server's postgresql.conf.`;
  if ((code === "ENOENT" || code === "EACCES" || code === "EISDIR") && e.path) {
    const named = FILE_PARAMETERS.find((p) => url.searchParams.get(p) === e.path);
    if (named)
      return `cannot be reached: the file the URL's ${named} names cannot be read (${message.startsWith(code) ? message : `${code}: ${message}`}). Give the path of a PEM file this user can read, or leave ${named} out.`;
  }
  if (code === "42501")
    return `refused user "${user}" (42501: ${message}): ${privilegeAdvice(url, message, user, database, schema)}`;
  return null;
}
