/**
 * Another process holding the store's SQLite write lock (a long `--jsonl` batch, a server, a
 * `sqlite3` shell with a transaction open): a read still opens and answers, since WAL readers do
 * not wait for a writer, and a write that outwaits `busyTimeoutMs` is refused as `BUSY` (try again
 * later), not as a broken or read-only file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testClock } from "../../../test/support/memory.js";
import { isStrataError } from "../../core/errors.js";
import { openMemory } from "../../open-memory.js";
import { SqliteStore } from "./sqlite-store.js";

describe("a SQLite store another process is writing to", () => {
  let dir: string;
  let holder: Database.Database | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-write-lock-"));
  });
  afterEach(() => {
    if (holder?.inTransaction) holder.exec("ROLLBACK");
    holder?.close();
    holder = null;
    rmSync(dir, { recursive: true, force: true });
  });

  /** A second connection that takes the write lock and keeps it. */
  const holdWriteLock = (path: string) => {
    holder = new Database(path);
    holder.exec("BEGIN IMMEDIATE");
  };

  it("opens for reading and answers while the lock is held", async () => {
    const path = join(dir, "memory.db");
    const first = await openMemory({ path, clock: testClock("2026-03-05T00:00:00Z") });
    const { id } = await first.remember("The staging database is Postgres 16");
    await first.close();

    holdWriteLock(path);
    const store = SqliteStore.open({ path, busyTimeoutMs: 20 });
    const mem = await openMemory({ store, clock: testClock("2026-03-05T01:00:00Z") });
    expect(await mem.get(id)).toMatchObject({ text: "The staging database is Postgres 16" });
    expect(await mem.verifyAudit()).toMatchObject({ ok: true });
    await mem.close();
  });

  it("refuses a write that outwaits the lock as BUSY, saying what to do, and changes nothing", async () => {
    const path = join(dir, "memory.db");
    const store = SqliteStore.open({ path, busyTimeoutMs: 20 });
    const mem = await openMemory({ store, clock: testClock("2026-03-05T00:00:00Z") });
    await mem.remember("The staging database is Postgres 16");

    holdWriteLock(path);
    const refused = await mem.remember("The retry limit is 5").catch((e: unknown) => e);
    expect(isStrataError(refused) && refused.code).toBe("BUSY");
    expect((refused as Error).message).toMatch(/another process held its write lock .* try again/);
    expect((refused as { details: unknown }).details).toMatchObject({
      path,
      lock: "sqlite-write",
      waitMs: 20,
    });

    holder?.exec("ROLLBACK");
    expect((await mem.list()).map((b) => ("text" in b ? b.text : null))).toEqual([
      "The staging database is Postgres 16",
    ]);
    await mem.remember("The retry limit is 5"); // once the lock is let go, the same write goes through
    await mem.close();
  });

  it("refuses to create a store in a file whose lock is held as BUSY, not as an unwritable file", async () => {
    const path = join(dir, "new.db");
    holdWriteLock(path);
    let refused: unknown = null;
    try {
      SqliteStore.open({ path, busyTimeoutMs: 20 });
    } catch (error) {
      refused = error;
    }
    expect(isStrataError(refused) && refused.code).toBe("BUSY");
    expect((refused as Error).message).not.toMatch(/writable/);
  });
});
