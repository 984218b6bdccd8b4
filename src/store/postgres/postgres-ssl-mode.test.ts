import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StrataError } from "../../core/errors.js";
import { pgUrlClient } from "./postgres-driver.js";
import { withLibpqSslMode } from "./postgres-url.js";

// What a URL's sslmode asks for, as PostgreSQL's docs (libpq, psql) define it; pg 8 reads
// prefer, require and verify-ca as verify-full unless the URL says uselibpqcompat=true.
interface Row {
  name: string;
  url: string;
  /** The URL pg is handed. */
  handed: string;
}

const ROWS: Row[] = [
  {
    name: "require is read as libpq reads it (encrypt, certificate unchecked)",
    url: "postgres://app@db:5432/team?sslmode=require",
    handed: "postgres://app@db:5432/team?sslmode=require&uselibpqcompat=true",
  },
  {
    name: "prefer likewise",
    url: "postgres://app@db/team?sslmode=prefer&schema=a",
    handed: "postgres://app@db/team?sslmode=prefer&schema=a&uselibpqcompat=true",
  },
  {
    name: "verify-ca with the CA's file",
    url: "postgres://app@db/team?sslmode=verify-ca&sslrootcert=/etc/ssl/root.crt",
    handed: "postgres://app@db/team?sslmode=verify-ca&sslrootcert=/etc/ssl/root.crt&uselibpqcompat=true",
  },
  {
    name: "a password's escapes reach pg as typed",
    url: "postgres://app:p%40ss%2Fw@db/team?sslmode=require",
    handed: "postgres://app:p%40ss%2Fw@db/team?sslmode=require&uselibpqcompat=true",
  },
  // Negative rows: modes pg already reads as libpq does, no mode, and a URL that chose itself.
  { name: "verify-full is left as it is", url: "postgres://app@db/team?sslmode=verify-full", handed: "" },
  { name: "no-verify is left as it is", url: "postgres://app@db/team?sslmode=no-verify", handed: "" },
  { name: "disable is left as it is", url: "postgres://app@db/team?sslmode=disable", handed: "" },
  { name: "no sslmode is left as it is", url: "postgres://app@db/team", handed: "" },
  {
    name: "a URL that names uselibpqcompat itself is left as it is",
    url: "postgres://app@db/team?sslmode=require&uselibpqcompat=false",
    handed: "",
  },
];

describe("withLibpqSslMode: a URL's sslmode means what libpq says", () => {
  for (const row of ROWS)
    it(row.name, () => {
      expect(withLibpqSslMode(row.url)).toBe(row.handed || row.url);
    });

  it("refuses verify-ca without sslrootcert, saying what to add (pg would only throw)", () => {
    let thrown: unknown;
    try {
      withLibpqSslMode("postgres://app:secret@db/team?sslmode=verify-ca");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StrataError);
    expect((thrown as StrataError).code).toBe("INVALID_INPUT");
    expect((thrown as StrataError).message).toContain("add sslrootcert=/path/to/root.crt");
    expect((thrown as StrataError).message).not.toContain("secret");
  });
});

/** The TLS options pg's client takes from a URL (parsed in its constructor; nothing connects). */
const sslOf = (url: string) =>
  (new pg.Client({ connectionString: url }) as unknown as { connectionParameters: { ssl: unknown } })
    .connectionParameters.ssl as { rejectUnauthorized?: boolean; checkServerIdentity?: unknown; ca?: string };

describe("pg reads the handed URL as libpq would", () => {
  afterEach(() => vi.restoreAllMocks());

  it("require: encrypted, the certificate not checked, and no SECURITY WARNING", () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    const ssl = sslOf(withLibpqSslMode("postgres://app@db/team?sslmode=require"));
    expect(ssl).toMatchObject({ rejectUnauthorized: false });
    expect(warn).not.toHaveBeenCalled();
  });

  it("require with sslrootcert: the chain is checked, the host name is not (libpq's verify-ca)", () => {
    const ssl = sslOf(
      withLibpqSslMode(`postgres://app@db/team?sslmode=require&sslrootcert=${import.meta.filename}`),
    );
    expect(ssl.rejectUnauthorized).toBeUndefined(); // node's default: checked
    expect(typeof ssl.checkServerIdentity).toBe("function");
    expect(ssl.ca).toContain("withLibpqSslMode");
  });
});

describe("a store's pool on an sslmode=require URL", () => {
  it("prints no SECURITY WARNING when it connects (nothing listens: the refusal is the connection's)", async () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    const client = pgUrlClient({
      url: "postgres://app:pw@127.0.0.1:1/team?sslmode=require",
      statementTimeoutMs: 1000,
      connectTimeoutMs: 1000,
      maxConnections: 1,
    });
    await expect(client.query("select 1")).rejects.toThrow();
    await client.close();
    const securityWarnings = warn.mock.calls.filter(([w]) => String(w).includes("SECURITY WARNING"));
    expect(securityWarnings).toEqual([]);
    warn.mockRestore();
  });
});
