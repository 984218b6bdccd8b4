import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { passfilePassword, withPassfilePassword } from "./postgres-passfile.js";

/** The password pg itself reads from a connection string. */
const parse = (url: string) => ({ password: new pg.Client({ connectionString: url }).password });

const target = { host: "db", port: "5432", database: "strata", user: "strata" };

describe("passfilePassword (libpq's ~/.pgpass format)", () => {
  const rows: [string, string, string | null][] = [
    ["exact line", "db:5432:strata:strata:s3cret", "s3cret"],
    ["wildcards", "*:*:*:strata:s3cret", "s3cret"],
    ["the first matching line wins", "db:*:*:strata:first\n*:*:*:*:second", "first"],
    ["comments and blank lines skipped", "# db:5432:strata:strata:no\n\ndb:5432:strata:strata:yes", "yes"],
    ["an escaped colon in the password", "db:5432:strata:strata:a\\:b", "a:b"],
    ["an escaped backslash", "db:5432:strata:strata:a\\\\b", "a\\b"],
    ["CRLF line ends", "db:5432:strata:strata:s3cret\r\n", "s3cret"],
    ["another host", "other:5432:strata:strata:no", null],
    ["another port", "db:5433:strata:strata:no", null],
    ["another database", "db:5432:other:strata:no", null],
    ["another user", "db:5432:strata:postgres:no", null],
    ["an escaped star is a literal star, not a wildcard", "\\*:5432:strata:strata:no", null],
    ["a line of four fields", "db:5432:strata:strata", null],
    ["a commented-out match", "#db:5432:strata:strata:no", null],
  ];
  for (const [name, text, want] of rows) it(name, () => expect(passfilePassword(text, target)).toBe(want));
});

describe("withPassfilePassword", () => {
  const read = (text: string | null) => () => text;
  it("fills the password of a URL that gives none, encoded so pg reads it back exactly", () => {
    const url = withPassfilePassword("postgres://strata@db:5432/strata?schema=team_a", {
      env: {},
      home: "/home/me",
      read: read("db:5432:strata:strata:p@ss:w%rd/#?"),
    });
    // An unescaped ":" ends the password, as libpq reads the file.
    expect(parse(url).password).toBe("p@ss");
    const escaped = withPassfilePassword("postgres://strata@db/strata", {
      env: {},
      read: read("db:5432:strata:strata:p@ss\\:w%rd/#?"),
    });
    expect(parse(escaped).password).toBe("p@ss:w%rd/#?");
    expect(new URL(escaped).searchParams.get("schema")).toBeNull();
    expect(new URL(url).searchParams.get("schema")).toBe("team_a");
  });
  it("leaves the URL alone when it or PGPASSWORD gives a password, or no line matches", () => {
    const text = read("*:*:*:*:fromfile");
    expect(withPassfilePassword("postgres://strata:inurl@db/strata", { env: {}, read: text })).toBe(
      "postgres://strata:inurl@db/strata",
    );
    expect(
      withPassfilePassword("postgres://strata@db/strata", { env: { PGPASSWORD: "x" }, read: text }),
    ).toBe("postgres://strata@db/strata");
    expect(
      withPassfilePassword("postgres://strata@db/strata", { env: {}, read: read("other:*:*:*:no") }),
    ).toBe("postgres://strata@db/strata");
    expect(withPassfilePassword("postgres://strata@db/strata", { env: {}, read: read(null) })).toBe(
      "postgres://strata@db/strata",
    );
  });
  it("reads PGPASSFILE, else ~/.pgpass, else %APPDATA%\\postgresql\\pgpass.conf on Windows; defaults as libpq", () => {
    const seen: string[] = [];
    const spy = (path: string) => {
      seen.push(path);
      return "db:5432:alice:alice:pw";
    };
    withPassfilePassword("postgres://alice@db", { env: { PGPASSFILE: "/etc/pass" }, read: spy });
    withPassfilePassword("postgres://alice@db", { env: {}, home: "/home/me", platform: "linux", read: spy });
    withPassfilePassword("postgres://alice@db", { env: { APPDATA: "C:\\A" }, platform: "win32", read: spy });
    expect(seen[0]).toBe("/etc/pass");
    expect(seen[1]).toBe(join("/home/me", ".pgpass"));
    expect(seen[2]).toMatch(/postgresql.pgpass\.conf$/);
    // database defaults to the user, port to 5432; PGUSER names the user when the URL has none
    expect(parse(withPassfilePassword("postgres://alice@db", { env: {}, read: spy })).password).toBe("pw");
    expect(
      parse(withPassfilePassword("postgres://db/alice", { env: { PGUSER: "alice" }, read: spy })).password,
    ).toBe("pw");
  });

  it("refuses the matching line when its bytes are not UTF-8, naming the file and line, never the byte; other lines' bytes are no matter", () => {
    const bytes = Buffer.concat([
      Buffer.from("other:*:*:*:caf", "latin1"),
      Buffer.from([0xe9]),
      Buffer.from("\ndb:5432:strata:strata:s3cr", "latin1"),
      Buffer.from([0xe9]),
      Buffer.from("t\n"),
    ]);
    const url = () =>
      withPassfilePassword("postgres://strata@db/strata", { env: {}, read: () => bytes, home: "/h" });
    expect(url).toThrow(/^line 2 of .*\.pgpass, the one that matches this server, is not UTF-8/);
    try {
      url();
    } catch (error) {
      expect(JSON.stringify(error)).not.toMatch(/s3cr|0xE9|\uFFFD/);
      expect((error as Error).message).not.toMatch(/s3cr|0xE9|\uFFFD/);
    }
    // A line that does not match may hold any bytes: the match is read as before.
    const other = Buffer.concat([bytes.subarray(0, 16), Buffer.from("\ndb:5432:strata:strata:s3cret\n")]);
    expect(
      parse(withPassfilePassword("postgres://strata@db/strata", { env: {}, read: () => other })).password,
    ).toBe("s3cret");
  });

  const dir = mkdtempSync(join(tmpdir(), "strata-pgpass-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it.skipIf(process.platform === "win32")(
    "ignores a file the group or others may read, as libpq does",
    () => {
      const file = join(dir, "pgpass");
      writeFileSync(file, "db:5432:strata:strata:s3cret\n");
      chmodSync(file, 0o644);
      expect(withPassfilePassword("postgres://strata@db/strata", { env: { PGPASSFILE: file } })).toBe(
        "postgres://strata@db/strata",
      );
      chmodSync(file, 0o600);
      expect(
        parse(withPassfilePassword("postgres://strata@db/strata", { env: { PGPASSFILE: file } })).password,
      ).toBe("s3cret");
    },
  );
});
