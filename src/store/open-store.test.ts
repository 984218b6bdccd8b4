import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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
