/**
 * The shipped `strata worker` as a service manager runs it: SIGTERM in the middle of a
 * consolidation ends the process with exit code 0, the pass rolled back whole (every episode
 * still waiting, the audit chain intact), the namespace's sleep lock free, and an `abandoned`
 * report kept. Plain progress lines on a stderr that is not a terminal.
 */
import { spawn } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { workerReports } from "../../src/core/worker/records.js";
import { openMemory } from "../../src/open-memory.js";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { tempDbPath } from "../support/memory.js";

const EPISODES = 300;

beforeAll(() => ensureBuilt(), 300_000);

describe("strata worker (built CLI)", () => {
  it("SIGTERM mid-consolidation: exit 0, the pass rolled back whole, the lock released", async () => {
    const db = tempDbPath();
    const seed = await openMemory({ path: db });
    const items = Array.from(
      { length: EPISODES },
      (_, i) => `Service s${i} deploys from branch release-${i % 97} on host h${i % 13} with ${i} replicas`,
    );
    for (let i = 0; i < items.length; i += 100) await seed.recordMany(items.slice(i, i + 100));
    await seed.close();

    const child = spawn(
      process.execPath,
      [bin, "--db", db, "worker", "--idle", "0s", "--no-daily", "--interval", "1h"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    // Once: a second SIGTERM is the service manager insisting, and ends the process at once.
    let signalled = false;
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
        // The first progress line: the pass is under way, inside its transaction.
        if (child.signalCode === null && !signalled && /consolidate default \d+\/\d+/.test(stderr)) {
          signalled = true;
          child.kill("SIGTERM");
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`worker exited before consolidating: ${stderr}`)));
    });
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/worker: tending namespace\(s\) default every 3600s/);
    expect(stderr).toMatch(/SIGTERM: stopping once the current namespace finishes or rolls back/);
    expect(stderr).toMatch(/default: abandoned/);
    expect(stdout).toMatch(/worker stopped by SIGTERM after 1 tick\(s\); no lock held/);

    const mem = await openMemory({ path: db });
    try {
      expect(await mem.store.withLock("sleep:default", { waitMs: 0 }, async () => "free")).toBe("free");
      expect(await mem.pending({ limit: 1000 })).toHaveLength(EPISODES);
      expect(await mem.list({ limit: 10 })).toEqual([]);
      expect((await mem.verifyAudit()).ok).toBe(true);
      expect((await workerReports(mem)).map((r) => r.status)).toEqual(["abandoned"]);
    } finally {
      await mem.close();
    }
  }, 300_000);
});
