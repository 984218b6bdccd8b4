import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { schemasDroppedAfterAll } from "../../test/support/pg-schemas.js";
import { openStore } from "./open-store.js";

const dir = mkdtempSync(join(tmpdir(), "strata-open-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openStore", () => {
  it("with create: false refuses a missing SQLite file and creates nothing (neither file nor folder)", async () => {
    const path = join(dir, "typo", "agent.db");
    await expect(openStore(`sqlite:${path}`, { create: false })).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      details: { path, reason: "missing" },
    });
    expect(existsSync(join(dir, "typo"))).toBe(false);
  });

  it("creates a missing file by default, and with create: false opens one that exists", async () => {
    const path = join(dir, "agent.db");
    await (await openStore(path)).close();
    expect(existsSync(path)).toBe(true);
    await (await openStore(`sqlite:${path}`, { create: false })).close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)("openStore on PostgreSQL (needs DATABASE_URL)", () => {
  const dropLater = schemasDroppedAfterAll();
  it("with create: false refuses a schema without Strata's tables and creates nothing; by default creates it", async () => {
    const pgUrl = process.env.DATABASE_URL!;
    const schema = dropLater(`open_store_${process.pid}`);
    const url = `${pgUrl}${pgUrl.includes("?") ? "&" : "?"}schema=${schema}`;
    await expect(openStore(url, { create: false })).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      details: { schema, reason: "missing" },
    });
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const exists = async () =>
      (await client.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema]))
        .rowCount;
    try {
      expect(await exists()).toBe(0);
      await (await openStore(url)).close();
      expect(await exists()).toBe(1);
      await (await openStore(url, { create: false })).close();
    } finally {
      await client.end();
    }
  });
});
