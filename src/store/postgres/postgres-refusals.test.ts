import { describe, expect, it } from "vitest";
import { StrataError } from "../../core/errors.js";
import { mapDriverError } from "./postgres-driver.js";
import { PostgresStore } from "./postgres-store.js";

const DATABASE_URL = process.env.DATABASE_URL;
const noServer = "DATABASE_URL is not set (postgres://user:password@host:5432/db)";

const TARGET = "postgres://app@db.example:5432/team";

/** An error shaped as pg (or node's TLS, or fs) throws it. */
const driverError = (code: string | undefined, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), code ? { code } : {}, extra);

interface Row {
  name: string;
  error: Error;
  target?: string;
  schema?: string;
  /** Every fragment the mapped message must hold. */
  says: string[];
}

// Each row is a refusal a first set-up of shared memory meets, and what the message must tell to do.
const REFUSALS: Row[] = [
  {
    name: "a server whose pg_hba.conf lets this user in only over SSL says to add sslmode, with the URL to paste",
    error: driverError(
      "28000",
      'pg_hba.conf rejects connection for host "10.0.0.5", user "app", database "team", no encryption',
    ),
    says: [
      "refused a connection without SSL (28000",
      "postgres://app@db.example:5432/team?sslmode=verify-full",
      "sslrootcert=",
      "sslmode=no-verify",
      "pg_hba.conf has no line",
    ],
  },
  {
    name: "an explicit sslmode=disable is replaced, not doubled, in the URL to paste",
    error: driverError(
      "28000",
      'no pg_hba.conf entry for host "10.0.0.5", user "app", database "team", no encryption',
    ),
    target: `${TARGET}?sslmode=disable`,
    says: ["postgres://app@db.example:5432/team?sslmode=verify-full (", "without SSL"],
  },
  {
    name: "a host pg_hba.conf has no line for, even over SSL, says to ask its administrator",
    error: driverError(
      "28000",
      'no pg_hba.conf entry for host "10.0.0.5", user "app", database "team", SSL encryption',
    ),
    says: ['lets no connection in for user "app" and database "team"', "ask its administrator to add one"],
  },
  {
    name: "a self-signed certificate says to give its CA (sslrootcert) or connect with sslmode=no-verify",
    error: driverError("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"),
    says: [
      "SSL certificate this machine does not trust (DEPTH_ZERO_SELF_SIGNED_CERT",
      "sslrootcert=/path/to/root.crt",
      "postgres://app@db.example:5432/team?sslmode=no-verify",
    ],
  },
  {
    name: "a certificate for another host name says to connect by a name it names",
    error: driverError("ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames"),
    says: ["connect by a host name its certificate names", "sslmode=no-verify"],
  },
  {
    name: "a server without SSL asked for SSL says to connect without it or turn ssl on",
    error: driverError(undefined, "The server does not support SSL connections"),
    target: `${TARGET}?sslmode=require`,
    says: [
      "does not accept SSL connections",
      "postgres://app@db.example:5432/team?sslmode=disable",
      "postgresql.conf",
    ],
  },
  {
    name: "a missing file the URL's sslrootcert names says which parameter, once",
    error: driverError("ENOENT", "ENOENT: no such file or directory, open '/etc/ssl/db-root.crt'", {
      path: "/etc/ssl/db-root.crt",
    }),
    target: `${TARGET}?sslmode=verify-full&sslrootcert=/etc/ssl/db-root.crt`,
    says: [
      "the file the URL's sslrootcert names cannot be read (ENOENT: no such file",
      "leave sslrootcert out",
    ],
  },
  {
    name: "a role that may not create the schema says to grant CREATE or have a role that may make the store",
    error: driverError("42501", "permission denied for database team"),
    schema: "team_a",
    says: [
      'Strata creates its schema "team_a"',
      "GRANT CREATE ON DATABASE team TO app;",
      "strata --db 'postgres://OWNER@db.example:5432/team?schema=team_a' init",
      "GRANT USAGE ON SCHEMA team_a TO app;",
    ],
  },
  {
    name: "a role with no use of another role's schema gets the grants to paste, for the default schema",
    error: driverError("42501", "permission denied for schema strata"),
    says: [
      'refused user "app" (42501: permission denied for schema strata)',
      "GRANT USAGE ON SCHEMA strata TO app;",
      "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA strata TO app;",
      "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA strata TO app;",
    ],
  },
  {
    name: "a role that may read but not write the tables gets the same grants",
    error: driverError("42501", "permission denied for table beliefs"),
    says: ["(42501: permission denied for table beliefs)", "SELECT alone lets it recall but not write"],
  },
  {
    name: "a migration a non-owner may not run says to run strata once as the owner",
    error: driverError("42501", "must be owner of table beliefs"),
    says: ['upgrading the Strata schema "strata" needs its owner'],
  },
];

// What is not a refusal of set-up stays as the driver threw it (a bug or a constraint shows as itself).
const LEFT_AS_THEY_ARE: { name: string; error: Error; target?: string }[] = [
  {
    name: "a unique violation",
    error: driverError("23505", 'duplicate key value violates unique constraint "x"'),
  },
  { name: "a syntax error", error: driverError("42601", 'syntax error at or near "SELEC"') },
  {
    name: "a missing file the URL does not name",
    error: driverError("ENOENT", "ENOENT: no such file or directory, open '/tmp/other'", {
      path: "/tmp/other",
    }),
    target: `${TARGET}?sslrootcert=/etc/ssl/db-root.crt`,
  },
  {
    name: "a privilege refused inside PGlite, which has no URL to name",
    error: driverError("42501", "permission denied for table beliefs"),
    target: "pglite (in process)",
  },
];

describe("mapDriverError: a refusal of a first shared-memory set-up says what to do", () => {
  it.each(REFUSALS)("$name", ({ error, target, schema, says }) => {
    const mapped = mapDriverError(error, target ?? TARGET, schema);
    expect(mapped).toBeInstanceOf(StrataError);
    const strata = mapped as StrataError;
    expect(strata.code).toBe("STORE_UNAVAILABLE");
    for (const fragment of says) expect(strata.message).toContain(fragment);
    expect(strata.message.startsWith(`PostgreSQL at ${target ?? TARGET} `)).toBe(true);
    expect(strata.details).toMatchObject({ code: (error as { code?: string }).code ?? null });
  });

  it.each(LEFT_AS_THEY_ARE)("$name is left as the driver threw it", ({ error, target }) => {
    expect(mapDriverError(error, target ?? TARGET)).toBe(error);
  });
});

describe("PostgresStore.open on a real server", () => {
  it.skipIf(!DATABASE_URL)(
    `asking a server without SSL for SSL says to connect without it${DATABASE_URL ? "" : ` (skipped: ${noServer})`}`,
    async () => {
      const url = new URL(DATABASE_URL!);
      url.searchParams.set("sslmode", "no-verify");
      // create: false, so nothing is made: a server with SSL on answers "No Strata schema" instead.
      const error = await PostgresStore.open({
        url: url.toString(),
        schema: `no_ssl_${process.pid}`,
        create: false,
      }).catch((e: unknown) => e as Error);
      if (!(error instanceof Error) || error.message.includes("No Strata schema")) return;
      expect(error).toMatchObject({ code: "STORE_UNAVAILABLE" });
      expect(error.message).toContain("does not accept SSL connections, and the URL asks for one");
      expect(error.message).toContain("sslmode=disable");
      expect(error.message).not.toContain(`:${new URL(DATABASE_URL!).password}@`);
    },
  );
});
