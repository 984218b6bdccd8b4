/**
 * What a SQLite file that opened but could not be set up as a store says, by SQLite's code. Before
 * newcomer35 a store this user may not write — an older Strata's, which must be upgraded, found it
 * first — was told to "Pass --db (or path) a Strata store or a new file name": it is one.
 */
import { describe, expect, it } from "vitest";
import { openRefusal } from "./sqlite-store.js";

describe("openRefusal", () => {
  it.each([
    // [code, what the answer says]
    [
      "SQLITE_READONLY_DIRECTORY",
      /Cannot write to the store at \/srv\/m\.db .*may not write in its folder \/srv\./,
    ],
    ["SQLITE_READONLY", /Cannot write to the store at \/srv\/m\.db .*read-only to this user/],
    ["SQLITE_READONLY_CANTINIT", /give this user write access to the file and its folder/],
  ])("%s: a store it may not write, with the permission to give", (code, said) => {
    const message = openRefusal("/srv/m.db", code, "attempt to write a readonly database");
    expect(message).toMatch(said);
    expect(message).not.toContain("Pass --db");
  });

  it.each([
    ["SQLITE_NOTADB", /is not a SQLite database \(another program's file\?\): pick another --db path/],
    ["SQLITE_IOERR", /Cannot open \/srv\/m\.db as a SQLite store: disk I\/O error\. Pass --db/],
    [undefined, /Cannot open \/srv\/m\.db as a SQLite store: disk I\/O error\. Pass --db/],
  ])("%s: not a question of permissions", (code, said) => {
    const message = openRefusal("/srv/m.db", code, "disk I/O error");
    expect(message).toMatch(said);
    expect(message).not.toContain("write access");
  });
});
