import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultConfigPath } from "./clients.js";
import { runDoctor } from "./doctor.js";

const home = mkdtempSync(join(tmpdir(), "strata-doctor-clients-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function wire(db: string) {
  const path = defaultConfigPath("cursor", home);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    JSON.stringify({ mcpServers: { strata: { command: "node", args: ["main.js", "--db", db, "serve"] } } }),
  );
}
const cursor = async (label: string) =>
  (await runDoctor(null, { label, file: null, home, nodeVersion: "v20.19.0" })).checks.find(
    (c) => c.name === "client cursor",
  );

describe("doctor's client checks on a PostgreSQL store", () => {
  it("a client wired with the password in its URL is the same store, and the password is never shown", async () => {
    wire("postgres://strata:s3cret@db:5432/strata?schema=team_a");
    expect(await cursor("postgres://strata@db:5432/strata?schema=team_a")).toMatchObject({ status: "ok" });
    const other = await cursor("postgres://strata@db:5432/strata?schema=team_b");
    expect(other).toMatchObject({
      status: "warn",
      detail: "wired to postgres://strata@db:5432/strata?schema=team_a, not this one",
    });
    expect(JSON.stringify(other)).not.toContain("s3cret");
  });
  it("the fix quotes a URL with '?' (a glob in zsh) and a path with a space, so it can be pasted", async () => {
    wire("/elsewhere/memory.db");
    expect((await cursor("postgres://strata@db:5432/strata?schema=team_b"))?.fix).toBe(
      "strata --db 'postgres://strata@db:5432/strata?schema=team_b' install cursor, if this is the store it should use",
    );
    expect((await cursor("/home/me/My Stores/m.db"))?.fix).toMatch(
      /^strata --db '\/home\/me\/My Stores\/m\.db' install/,
    );
    expect((await cursor("/home/me/m.db"))?.fix).toMatch(/^strata --db \/home\/me\/m\.db install/);
  });
});

/**
 * A client's file doctor cannot read as UTF-8 JSON (TOML for codex) is reported as what it found,
 * naming the file and, for bytes that are not UTF-8, the byte — where before attacks48 it read the
 * file with replacement (a Latin-1 `--db caf\xe9.db` compared as "caf\uFFFD.db") and dropped a file
 * it could not parse without a word ("no agent client is wired"). Doctor writes nothing.
 */
describe("doctor's client checks on a client file it cannot read", () => {
  const write = (client: "cursor" | "codex", bytes: Buffer | string) => {
    const path = defaultConfigPath(client, home);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    return path;
  };
  const check = async (client: string) =>
    (await runDoctor(null, { label: "/tmp/m.db", file: null, home, nodeVersion: "v20.19.0" })).checks.find(
      (c) => c.name === `client ${client}`,
    );

  it("a file that is not UTF-8: said with its path and the byte, the file left as it was", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"mcpServers":{"strata":{"command":"node","args":["--db","/tmp/caf'),
      Buffer.from([0xe9]),
      Buffer.from('.db","serve"]}}}'),
    ]);
    const path = write("cursor", bytes);
    const found = await check("cursor");
    expect(found).toMatchObject({ status: "warn" });
    expect(found?.detail).toContain(path);
    expect(found?.detail).toMatch(/not UTF-8: byte 66 \(0xE9\)/);
    expect(found?.detail).not.toContain("\uFFFD");
    expect(found?.fix).toMatch(/iconv -f latin1 -t utf-8/);
    expect(readFileSync(path)).toEqual(bytes);
  });
  it("a file that is not JSON, or not TOML: said with its path, not left out", async () => {
    const cursorPath = write("cursor", '{"mcpServers": {"strata": ');
    const codexPath = write("codex", "[mcp_servers.strata\nargs = [");
    const cursorCheck = await check("cursor");
    expect(cursorCheck).toMatchObject({ status: "warn" });
    expect(cursorCheck?.detail).toContain(`${cursorPath} is not JSON`);
    expect((await check("codex"))?.detail).toContain(`${codexPath} is not TOML`);
    rmSync(codexPath);
  });
  it("a path that is not a regular file (a folder, a FIFO) is said, never read", async () => {
    const path = defaultConfigPath("cursor", home);
    rmSync(path, { force: true });
    mkdirSync(path, { recursive: true });
    expect((await check("cursor"))?.detail).toContain(`${path} is not a regular file`);
    rmSync(path, { recursive: true });
    // A FIFO no one writes to: reading it would wait for ever.
    execFileSync("mkfifo", [path]);
    expect((await check("cursor"))?.detail).toContain(`${path} is not a regular file`);
    rmSync(path);
    // A link to /dev/zero: read, it would never end.
    symlinkSync("/dev/zero", path);
    expect((await check("cursor"))?.detail).toContain(`${path} is not a regular file`);
    rmSync(path);
  });
  it("a file larger than any client's (600 MB, sparse) is said, never read (read, it ended doctor)", async () => {
    const path = defaultConfigPath("claude-code", home);
    writeFileSync(path, "");
    truncateSync(path, 600 * 1024 * 1024);
    const found = await check("claude-code");
    expect(found).toMatchObject({ status: "warn" });
    expect(found?.detail).toBe(
      `${path} is 600 MB, more than a client's file can be (256 MB); doctor did not read it`,
    );
    rmSync(path);
  });
});
