import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
